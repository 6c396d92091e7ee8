//! Azul: Summer Pavilion: the round and its wild colour, the factories, the centre and the
//! supply, then every player's seven stars (the seat's own board first and larger) with the
//! tiles in hand.

use super::{BoardPicture, CHANGED, document, number};
use crate::rules::Seat;
use crate::rules::azul::{Azul, Colour, PlayerView, StarView, Tiles, View};

const WIDTH: f32 = 300.0;
const TILE: f32 = 9.0;

fn fill(colour: Colour) -> &'static str {
    match colour {
        Colour::Purple => "#7d3c98",
        Colour::Green => "#2e8540",
        Colour::Orange => "#e67e22",
        Colour::Yellow => "#f2c12e",
        Colour::Blue => "#2e6fbd",
        Colour::Red => "#c0392b",
    }
}

fn tint(colour: Option<Colour>) -> &'static str {
    match colour {
        Some(Colour::Purple) => "#eadcf1",
        Some(Colour::Green) => "#d8ecda",
        Some(Colour::Orange) => "#f9e1c9",
        Some(Colour::Yellow) => "#fbf0c6",
        Some(Colour::Blue) => "#d7e4f5",
        Some(Colour::Red) => "#f4d5d1",
        None => "#efe9dc",
    }
}

impl BoardPicture for Azul {
    fn picture(now: &View, before: Option<&View>, me: Option<Seat>) -> String {
        let mut body = String::new();
        // The factories in a row, 32 units apart, small enough for nine.
        for (i, factory) in now.factories.iter().enumerate() {
            let x = 16.0 + 32.0 * (i % 9) as f32;
            let cy = 16.0 + 32.0 * (i / 9) as f32;
            body.push_str(&format!(
                r##"<circle cx="{x}" cy="{cy}" r="15" fill="#f3efe6" stroke="#9c927f" stroke-width="1.2"/>"##
            ));
            for (j, colour) in factory.to_list().into_iter().enumerate() {
                let tx = x - 9.5 + 10.0 * (j % 2) as f32;
                let ty = cy - 9.5 + 10.0 * (j / 2) as f32;
                body.push_str(&tile(tx, ty, colour));
            }
        }
        let mut y = 32.0 * now.factories.len().div_ceil(9) as f32 + 4.0;
        // The round and its wild colour, then the centre; the supply below.
        body.push_str(&number(10.0, y + 9.0, 12.0, u32::from(now.round), "#333"));
        if let Some(wild) = now.wild {
            body.push_str(&diamond(10.0, y + 27.0, 7.0, fill(wild), "#222", 1.2));
        }
        y = tray(
            &mut body,
            y,
            &now.centre,
            now.start_player_token_in_centre,
            "#efe9dc",
        );
        y = tray(&mut body, y, &now.supply, false, "#e3e3e3");
        let mut players: Vec<&PlayerView> = now.players.iter().collect();
        players.sort_by_key(|p| Some(p.seat) != me);
        let was = |seat: usize| before.and_then(|b| b.players.iter().find(|p| p.seat == seat));
        if let Some((first, others)) = players.split_first() {
            body.push_str(&player_board(first, was(first.seat), 0.0, y, 1.0));
            y += BOARD_HEIGHT + 4.0;
            // The others at a third of the size, three to a row.
            for (i, player) in others.iter().enumerate() {
                let x = 100.0 * (i % 3) as f32;
                let top = y + (BOARD_HEIGHT / 3.0 + 3.0) * (i / 3) as f32;
                body.push_str(&player_board(player, was(player.seat), x, top, 1.0 / 3.0));
            }
            y += (BOARD_HEIGHT / 3.0 + 3.0) * others.len().div_ceil(3) as f32;
        }
        document(WIDTH, y + 2.0, &body)
    }
}

/// The centre or the supply: a row of tiles on a tray, with the start player's token.
fn tray(body: &mut String, y: f32, tiles: &Tiles, token: bool, ground: &str) -> f32 {
    let list = tiles.to_list();
    let per_row = 22;
    let rows = (list.len() + usize::from(token)).div_ceil(per_row).max(1);
    let height = rows as f32 * (TILE + 3.0) + 6.0;
    body.push_str(&format!(
        r##"<rect x="22" y="{y}" width="{}" height="{height}" rx="5" fill="{ground}" stroke="#9c927f"/>"##,
        WIDTH - 24.0
    ));
    let mut at = 0;
    if token {
        body.push_str(&format!(
            r##"<rect x="28" y="{}" width="{TILE}" height="{TILE}" fill="#fff" stroke="#222"/>"##,
            y + 3.0
        ));
        body.push_str(&number(
            28.0 + TILE / 2.0,
            y + 3.0 + TILE / 2.0,
            7.0,
            1,
            "#222",
        ));
        at = 1;
    }
    for colour in list {
        let x = 28.0 + (TILE + 3.0) * (at % per_row) as f32;
        let ty = y + 3.0 + (TILE + 3.0) * (at / per_row) as f32;
        body.push_str(&tile(x, ty, colour));
        at += 1;
    }
    y + height + 3.0
}

fn tile(x: f32, y: f32, colour: Colour) -> String {
    format!(
        r##"<rect x="{x}" y="{y}" width="{TILE}" height="{TILE}" rx="1.5" fill="{}" stroke="#222" stroke-width="0.6"/>"##,
        fill(colour)
    )
}

fn diamond(cx: f32, cy: f32, r: f32, fill: &str, stroke: &str, width: f32) -> String {
    format!(
        r#"<path d="M{cx} {}L{} {cy}L{cx} {}L{} {cy}Z" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>"#,
        cy - r,
        cx + r,
        cy + r,
        cx - r
    )
}

/// How tall a player's board is drawn at full size, 300 units wide.
const BOARD_HEIGHT: f32 = 176.0;

/// A player's board (300 × [`BOARD_HEIGHT`] units), scaled by `scale`, its top left at (`x`,
/// `y`): the seven stars, the score and the start player's token at the top left, the tiles in
/// hand down the left and those kept on the corners down the right. Small boards leave out the
/// empty spaces' values.
fn player_board(
    player: &PlayerView,
    before: Option<&PlayerView>,
    x: f32,
    y: f32,
    scale: f32,
) -> String {
    let mut out = format!(
        r##"<g transform="translate({x} {y}) scale({scale})"><rect x="1" y="0" width="298" height="{BOARD_HEIGHT}" rx="8" fill="#fbf8f1" stroke="#9c927f" stroke-width="{}"/>"##,
        1.0 / scale
    );
    let detailed = scale >= 1.0;
    for star in &player.stars {
        let (cx, cy) = star_centre(star.star);
        let was = before.and_then(|b| b.stars.iter().find(|s| s.star == star.star));
        out.push_str(&star_drawing(star, was, cx, cy, detailed));
    }
    out.push_str(&number(
        22.0,
        18.0,
        16.0,
        player.score.max(0) as u32,
        "#222",
    ));
    if player.has_start_player_token {
        out.push_str(r##"<rect x="50" y="10" width="14" height="14" fill="#fff" stroke="#222"/>"##);
        out.push_str(&number(57.0, 17.0, 9.0, 1, "#222"));
    }
    for (i, colour) in player.hand.to_list().into_iter().enumerate() {
        let (column, row) = (i % 4, i / 4);
        out.push_str(&tile(
            8.0 + 12.0 * column as f32,
            40.0 + 12.0 * row as f32,
            colour,
        ));
    }
    for (i, colour) in player.corner.to_list().into_iter().enumerate() {
        out.push_str(&tile(
            270.0 + 12.0 * (i % 2) as f32,
            8.0 + 12.0 * (i / 2) as f32,
            colour,
        ));
    }
    out.push_str("</g>");
    out
}

/// The centre star in the middle, the six others around it clockwise from the west.
fn star_centre(star: u8) -> (f32, f32) {
    let (cx, cy) = (150.0, BOARD_HEIGHT / 2.0);
    if star == 0 {
        return (cx, cy);
    }
    let angle = (180.0 + 60.0 * f32::from(star - 1)).to_radians();
    (cx + 62.0 * angle.cos(), cy + 62.0 * angle.sin())
}

fn star_drawing(
    star: &StarView,
    before: Option<&StarView>,
    cx: f32,
    cy: f32,
    detailed: bool,
) -> String {
    let mut out = format!(
        r##"<circle cx="{cx}" cy="{cy}" r="29" fill="{}" stroke="{}"/>"##,
        tint(star.colour),
        if detailed { "#c8bfae" } else { "none" }
    );
    // A grey star is named by its number.
    if detailed && star.star > 0 && star.colour.is_none() {
        out.push_str(&number(cx, cy, 7.0, u32::from(star.star), "#6f6656"));
    }
    for (i, space) in star.spaces.iter().enumerate() {
        let angle = (-90.0 + 60.0 * i as f32).to_radians();
        let sx = cx + 17.0 * angle.cos();
        let sy = cy + 17.0 * angle.sin();
        let new = before
            .and_then(|b| b.spaces.get(i))
            .is_some_and(|was| was.tile.is_none() && space.tile.is_some());
        match space.tile {
            Some(colour) => {
                let (stroke, width) = match (new, detailed) {
                    (true, _) => (CHANGED, 2.5),
                    (false, true) => ("#222", 0.8),
                    (false, false) => ("none", 0.0),
                };
                out.push_str(&diamond(sx, sy, 9.5, fill(colour), stroke, width));
            }
            // A small board leaves its empty spaces to the star's colour.
            None if detailed => {
                out.push_str(&diamond(sx, sy, 9.5, "#ffffff", "#b3a992", 0.8));
                out.push_str(&number(sx, sy, 7.0, u32::from(space.value), "#8a7f69"));
            }
            None => {}
        }
    }
    out
}
