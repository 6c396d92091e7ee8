//! Kabaleo: every pile as a stack of coloured cones, numbered as moves name them; then each
//! hand, and the secret colours the seat may see (its own while the game is on).

use super::{BoardPicture, CHANGED, document, number};
use crate::rules::Seat;
use crate::rules::kabaleo::{Colour, Kabaleo, KabaleoView, PileView, SeatView};

const WIDTH: f32 = 300.0;
const COLUMNS: usize = 8;
const CELL: f32 = WIDTH / COLUMNS as f32;
const BAND: f32 = 9.0;

pub(super) fn fill(colour: Colour) -> &'static str {
    match colour {
        Colour::Blue => "#2f6db5",
        Colour::Green => "#2f8a45",
        Colour::Yellow => "#f3cd3c",
        Colour::Orange => "#ee8433",
        Colour::Pink => "#f29cc0",
        Colour::Purple => "#7a4aa6",
    }
}

impl BoardPicture for Kabaleo {
    fn picture(now: &KabaleoView, before: Option<&KabaleoView>, me: Option<Seat>) -> String {
        let mut body = String::new();
        let mut y = 0.0;
        // Each row of piles as tall as its tallest pile needs.
        for (row, piles) in now.piles.chunks(COLUMNS).enumerate() {
            let tallest = piles.iter().map(|p| p.height).max().unwrap_or(1).max(3);
            let height = BAND * tallest as f32 + 22.0;
            for (column, pile) in piles.iter().enumerate() {
                let i = row * COLUMNS + column;
                let changed = before
                    .and_then(|b| b.piles.get(i))
                    .is_some_and(|was| was.pieces != pile.pieces);
                body.push_str(&pile_at(pile, CELL * column as f32, y, height, changed));
            }
            y += height;
        }
        y += 8.0;
        // The seat's own hand first.
        let mut seats: Vec<&SeatView> = now.seats.iter().collect();
        seats.sort_by_key(|seat| Some(seat.seat) != me);
        for seat in seats {
            body.push_str(&hand(seat, y, Some(seat.seat) == me));
            y += 34.0;
        }
        document(WIDTH, y, &body)
    }
}

fn pile_at(pile: &PileView, x: f32, y: f32, height: f32, changed: bool) -> String {
    let bottom = y + height - 17.0;
    let centre = x + CELL / 2.0;
    let mut out = String::new();
    if changed {
        out.push_str(&format!(
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="6" fill="none" stroke="{CHANGED}" stroke-width="2.5"/>"#,
            x + 2.0,
            y + 2.0,
            CELL - 4.0,
            height - 4.0
        ));
    }
    // The base, then each cone a little narrower than the one below.
    let colours = std::iter::once(pile.base).chain(pile.pieces.iter().copied());
    for (level, colour) in colours.enumerate() {
        let half = if level == 0 {
            17.0
        } else {
            14.0 - level as f32 * 0.7
        };
        let top = bottom - BAND * (level + 1) as f32;
        out.push_str(&format!(
            r##"<rect x="{}" y="{top}" width="{}" height="{BAND}" rx="3" fill="{}" stroke="#333" stroke-width="{}"/>"##,
            centre - half,
            half * 2.0,
            fill(colour),
            if level == 0 { 1.6 } else { 0.8 },
        ));
    }
    out.push_str(&number(
        centre,
        bottom + 8.5,
        8.0,
        pile.number as u32,
        "#444",
    ));
    out
}

/// A seat's hand (a swatch and count per colour) and, when shown, its secret colours, marked
/// with a dashed ring and kept in a group of their own.
fn hand(seat: &SeatView, y: f32, mine: bool) -> String {
    let mut out = format!(
        r##"<rect x="1" y="{y}" width="{}" height="30" rx="6" fill="{}" stroke="#999"/>"##,
        WIDTH - 2.0,
        if mine { "#fdf6e3" } else { "#f2f2f2" }
    );
    out.push_str(&number(12.0, y + 15.0, 11.0, seat.seat as u32 + 1, "#222"));
    for (i, held) in seat.hand.iter().enumerate() {
        let x = 30.0 + 30.0 * i as f32;
        out.push_str(&format!(
            r##"<rect x="{x}" y="{}" width="12" height="18" rx="2" fill="{}" stroke="#333"/>"##,
            y + 6.0,
            fill(held.colour)
        ));
        out.push_str(&number(x + 20.0, y + 15.0, 9.0, held.count as u32, "#222"));
    }
    if let Some(secret) = &seat.secret_colours {
        out.push_str(&format!(r#"<g id="secret-{}">"#, seat.seat));
        for (i, colour) in secret.iter().enumerate() {
            let cx = WIDTH - 18.0 - 24.0 * i as f32;
            out.push_str(&format!(
                r##"<circle data-colour="{}" cx="{cx}" cy="{}" r="9" fill="{}" stroke="#222" stroke-width="2" stroke-dasharray="3 2"/>"##,
                colour.name(),
                y + 15.0,
                fill(*colour)
            ));
        }
        out.push_str("</g>");
    }
    out
}
