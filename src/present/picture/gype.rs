//! Gype: the 10 × 10 board as the seat sees it (its own side at the bottom), each die in its
//! owner's colours with its face's icon, or a question mark while its face is secret to the seat.

use super::{BoardPicture, CHANGED, document, label};
use crate::present::gype::board::{FACE_SYMBOLS, icon};
use crate::rules::Seat;
use crate::rules::gype::{CellView, DieView, Gype, Side, Square, View};

const CELL: f32 = 28.0;
/// Room on the left and at the bottom for the rows' and columns' names.
const EDGE: f32 = 20.0;
const SIZE: f32 = CELL * 10.0 + EDGE;

/// A side's die face, its ink and its border, as the page draws them.
fn colours(side: Side) -> (&'static str, &'static str, &'static str) {
    match side {
        Side::South => ("#fffdf6", "#3b3225", "#8c7a57"),
        Side::North => ("#4a3426", "#fbf1dc", "#24170f"),
        Side::West => ("#b5452f", "#ffffff", "#6e2214"),
        Side::East => ("#2f5d8a", "#ffffff", "#173450"),
    }
}

/// The colour of a start or goal row of `side`.
fn row_colour(side: Side) -> &'static str {
    match side {
        Side::South => "#fbf3da",
        Side::North => "#e4d2bd",
        Side::West => "#f3d6cd",
        Side::East => "#d3e0ee",
    }
}

impl BoardPicture for Gype {
    fn picture(now: &View, before: Option<&View>, _me: Option<Seat>) -> String {
        let side_of = |seat: Seat| now.seats.iter().find(|s| s.seat == seat).map(|s| s.side);
        let mut body = format!("<defs>{FACE_SYMBOLS}</defs>");
        body.push_str(&edge_names(&now.board));
        for (r, row) in now.board.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let x = EDGE + CELL * c as f32;
                let y = CELL * r as f32;
                let was = before.and_then(|b| b.board.get(r)?.get(c)?.as_ref());
                let changed = before.is_some()
                    && was.and_then(|w| w.die.as_ref())
                        != cell.as_ref().and_then(|c| c.die.as_ref());
                body.push_str(&square(cell.as_ref(), x, y, changed, &side_of));
            }
        }
        document(SIZE, SIZE, &body)
    }
}

/// The name of each row down the left and of each column along the bottom, as moves name the
/// squares ("b3"): a letter for a column of the board and a number for a row, whichever way the
/// seat's side turns the board.
fn edge_names(board: &[Vec<Option<CellView>>]) -> String {
    let squares = |cells: Vec<Option<&CellView>>| -> Vec<Square> {
        cells
            .into_iter()
            .flatten()
            .map(|cell| cell.square)
            .collect()
    };
    let mut out = String::new();
    for (r, row) in board.iter().enumerate() {
        let line = squares(row.iter().map(Option::as_ref).collect());
        if let Some(name) = line_name(&line) {
            let y = CELL * (r as f32 + 0.5);
            out.push_str(&label(EDGE / 2.0, y, 9.0, &name, "#7a6a4c"));
        }
    }
    for c in 0..board.first().map_or(0, Vec::len) {
        let line = squares(
            board
                .iter()
                .map(|row| row.get(c).and_then(Option::as_ref))
                .collect(),
        );
        if let Some(name) = line_name(&line) {
            let x = EDGE + CELL * (c as f32 + 0.5);
            out.push_str(&label(x, CELL * 10.0 + EDGE / 2.0, 9.0, &name, "#7a6a4c"));
        }
    }
    out
}

/// What the squares of a line share: their column's letter or their row's number.
fn line_name(line: &[Square]) -> Option<String> {
    let (first, second) = (line.first()?, line.get(1)?);
    let name = first.to_string();
    let (letter, digits) = name.split_at(1);
    if first.c == second.c {
        Some(letter.to_string())
    } else {
        Some(digits.to_string())
    }
}

fn square(
    cell: Option<&CellView>,
    x: f32,
    y: f32,
    changed: bool,
    side_of: &dyn Fn(Seat) -> Option<Side>,
) -> String {
    let Some(cell) = cell else {
        return format!(
            r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#ddd5c3"/>"##
        );
    };
    let row = cell.start_of.or(cell.goal_of).and_then(side_of);
    let ground = row.map(row_colour).unwrap_or("#f1e6cc");
    let mut out = format!(
        r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{ground}" stroke="#c9b48a" stroke-width="0.8"/>"##
    );
    if let Some(die) = &cell.die {
        out.push_str(&die_at(
            die,
            x,
            y,
            side_of(die.owner).unwrap_or(Side::South),
        ));
    }
    if changed {
        out.push_str(&format!(
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{CHANGED}" stroke-width="2.5"/>"#,
            x + 1.5,
            y + 1.5,
            CELL - 3.0,
            CELL - 3.0
        ));
    }
    out
}

/// A die, grouped with its owner's seat, so that a test can tell whose faces a picture shows.
fn die_at(die: &DieView, x: f32, y: f32, side: Side) -> String {
    let (face, ink, border) = colours(side);
    let width = if die.frozen { 3.0 } else { 1.5 };
    let mut out = format!(
        r#"<g data-owner="{}" color="{ink}"><rect x="{}" y="{}" width="{}" height="{}" rx="4" fill="{face}" stroke="{border}" stroke-width="{width}"/>"#,
        die.owner,
        x + 3.0,
        y + 3.0,
        CELL - 6.0,
        CELL - 6.0
    );
    match die.face {
        Some(f) => out.push_str(&format!(
            r##"<use href="#{}" x="{}" y="{}" width="18" height="18"/>"##,
            icon(f),
            x + (CELL - 18.0) / 2.0,
            y + (CELL - 18.0) / 2.0
        )),
        // A question mark, drawn: the face is secret.
        None => out.push_str(&format!(
            r#"<path transform="translate({} {})" d="M-4 -3Q-4 -7 0 -7Q4 -7 4 -3.5Q4 -1 0 0.5V3M0 6.5V7" fill="none" stroke="{ink}" stroke-width="2" stroke-linecap="round"/>"#,
            x + CELL / 2.0,
            y + CELL / 2.0
        )),
    }
    out.push_str("</g>");
    out
}
