//! Kalah: the two rows of pits with the stores at the ends, the seat's own side nearest them.

use super::{BoardPicture, CHANGED, document, number};
use crate::rules::Seat;
use crate::rules::kalah::{Kalah, SideView, View};

const PIT: f32 = 38.0;
const LEFT: f32 = 45.0;
const WIDTH: f32 = LEFT * 2.0 + PIT * 6.0;
const HEIGHT: f32 = 132.0;

impl BoardPicture for Kalah {
    fn picture(now: &View, before: Option<&View>, me: Option<Seat>) -> String {
        // The seat's own side at the bottom, sown left to right towards its store on the right.
        let bottom = now
            .sides
            .iter()
            .position(|side| Some(side.seat) == me)
            .unwrap_or(0);
        let top = 1 - bottom;
        let was = |side: usize| before.map(|view| &view.sides[side]);
        let mut body = format!(
            r##"<rect x="2" y="2" width="{w}" height="{h}" rx="22" fill="#b9854f" stroke="#6b4420" stroke-width="3"/>"##,
            w = WIDTH - 4.0,
            h = HEIGHT - 4.0
        );
        body.push_str(&row(&now.sides[bottom], was(bottom), 88.0, false));
        body.push_str(&row(&now.sides[top], was(top), 44.0, true));
        body.push_str(&store(&now.sides[bottom], was(bottom), WIDTH - LEFT / 2.0));
        body.push_str(&store(&now.sides[top], was(top), LEFT / 2.0));
        document(WIDTH, HEIGHT, &body)
    }
}

/// One side's pits at height `y`, drawn right to left when `reversed` (the far side).
fn row(side: &SideView, before: Option<&SideView>, y: f32, reversed: bool) -> String {
    let mut out = String::new();
    for (i, seeds) in side.pits.iter().enumerate() {
        let column = if reversed { 5 - i } else { i };
        let x = LEFT + PIT * (column as f32 + 0.5);
        let changed = before.is_some_and(|b| b.pits[i] != *seeds);
        out.push_str(&hollow(x, y, 16.0, 16.0, changed));
        out.push_str(&number(x, y, 13.0, *seeds, "#fffaf0"));
        // The pit's number, as moves name it, on the board's edge beside it.
        let edge = if reversed { y - 28.0 } else { y + 28.0 };
        out.push_str(&number(x, edge, 8.0, i as u32 + 1, "#f6e7cc"));
    }
    out
}

fn store(side: &SideView, before: Option<&SideView>, x: f32) -> String {
    let changed = before.is_some_and(|b| b.store != side.store);
    let mut out = hollow(x, HEIGHT / 2.0, 16.0, 40.0, changed);
    out.push_str(&number(x, HEIGHT / 2.0, 15.0, side.store, "#fffaf0"));
    out
}

/// A pit or store: an ellipse cut into the board, ringed when its seeds changed.
fn hollow(x: f32, y: f32, rx: f32, ry: f32, changed: bool) -> String {
    let ring = if changed {
        format!(r#" stroke="{CHANGED}" stroke-width="3.5""#)
    } else {
        r##" stroke="#4a2c12" stroke-width="1.5""##.to_string()
    };
    format!(r##"<ellipse cx="{x}" cy="{y}" rx="{rx}" ry="{ry}" fill="#5e3a1a"{ring}/>"##)
}
