//! Quarto: the 16 squares with their pieces, the piece waiting to be placed, and the pieces
//! still to give.

use super::{BoardPicture, CHANGED, document, label};
use crate::present::quarto::piece_svg;
use crate::rules::Seat;
use crate::rules::quarto::{PieceView, Quarto, QuartoView};

const CELL: f32 = 66.0;
const MARGIN: f32 = 18.0;
const BOARD: f32 = CELL * 4.0;
const WIDTH: f32 = BOARD + MARGIN * 2.0;
/// The pieces off the board, at half size, eight to a row.
const SMALL: f32 = WIDTH / 8.0;

impl BoardPicture for Quarto {
    fn picture(now: &QuartoView, before: Option<&QuartoView>, _me: Option<Seat>) -> String {
        let mut body = format!(
            r##"<rect x="{m}" y="{m}" width="{BOARD}" height="{BOARD}" rx="8" fill="#e9dcc0" stroke="#6b4f2a" stroke-width="2"/>"##,
            m = MARGIN
        );
        // Columns a to d, rows 1 to 4 from the top, as moves name the squares.
        for (i, name) in ["a", "b", "c", "d"].iter().enumerate() {
            let x = MARGIN + CELL * (i as f32 + 0.5);
            body.push_str(&label(x, MARGIN / 2.0, 9.0, name, "#6b4f2a"));
            let y = MARGIN + CELL * (i as f32 + 0.5);
            body.push_str(&label(
                MARGIN / 2.0,
                y,
                9.0,
                &(i + 1).to_string(),
                "#6b4f2a",
            ));
        }
        for (i, cell) in now.cells.iter().enumerate() {
            let x = MARGIN + CELL * (i % 4) as f32;
            let y = MARGIN + CELL * (i / 4) as f32;
            let placed_since =
                before.is_some_and(|b| b.cells[i].piece.is_none()) && cell.piece.is_some();
            let (fill, stroke, width) = if cell.winning {
                ("#cfe8c4", "#2f6f4f", 3.0)
            } else if placed_since {
                ("#f7e2c8", CHANGED, 3.5)
            } else {
                ("#f6eedb", "#a88a5c", 1.0)
            };
            body.push_str(&format!(
                r#"<rect x="{}" y="{}" width="{}" height="{}" rx="6" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>"#,
                x + 4.0,
                y + 4.0,
                CELL - 8.0,
                CELL - 8.0
            ));
            if let Some(piece) = &cell.piece {
                body.push_str(&piece_at(piece, x + 9.0, y + 3.0, 1.0));
            }
        }
        let mut y = BOARD + MARGIN * 2.0;
        if let Some(hand) = &now.piece_to_place {
            body.push_str(&format!(
                r##"<rect x="{}" y="{y}" width="{CELL}" height="{}" rx="8" fill="none" stroke="{CHANGED}" stroke-width="2.5" stroke-dasharray="6 4"/>"##,
                (WIDTH - CELL) / 2.0,
                CELL + 8.0
            ));
            body.push_str(&piece_at(&hand.piece, (WIDTH - 48.0) / 2.0, y + 4.0, 1.0));
            y += CELL + 16.0;
        }
        for (i, piece) in now.available.iter().enumerate() {
            let x = SMALL * (i % 8) as f32 + (SMALL - 24.0) / 2.0;
            body.push_str(&piece_at(piece, x, y + 34.0 * (i / 8) as f32, 0.5));
        }
        let rows = now.available.len().div_ceil(8) as f32;
        document(WIDTH, y + rows * 34.0 + 6.0, &body)
    }
}

/// The page's drawing of `piece` (48 × 64), its top left at (`x`, `y`), scaled by `scale`. The
/// drawing stays inside its box, so the renderer is spared clipping to it.
fn piece_at(piece: &PieceView, x: f32, y: f32, scale: f32) -> String {
    format!(
        r#"<g transform="translate({x} {y}) scale({scale})">{}</g>"#,
        piece_svg(piece, "").replacen("<svg ", r#"<svg overflow="visible" "#, 1)
    )
}
