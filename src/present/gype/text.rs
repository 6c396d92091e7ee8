//! The position as fixed-width text, for emails.

use std::collections::HashMap;
use std::fmt::Write;

use super::{bottom_side, column_label, face_letter, owner, row_label, seat_view};
use crate::present::Board;
use crate::rules::Message;
use crate::rules::gype::{CellView, Face, Gype, PhaseView, Square};

pub fn render(board: &Board<'_, Gype>) -> String {
    let view = board.view;
    let bottom = bottom_side(view, board.me);
    let cells: HashMap<Square, &CellView> = view
        .board
        .iter()
        .flatten()
        .flatten()
        .map(|c| (c.square, c))
        .collect();
    let owner_of = |seat: usize| seat_view(view, seat).map(|s| owner(s.side));
    let mut out = String::new();
    // Three columns a square and two for the row number: 36 in all, for a phone's mail reader.
    let files: String = (0..10)
        .map(|col| format!(" {} ", column_label(bottom, col)))
        .collect();
    let _ = writeln!(out, "   {}", files.trim_end());
    for row in 0..10 {
        let label = row_label(bottom, row);
        let mut line = format!("{label:>2} ");
        for col in 0..10 {
            let square = bottom.display_square(row, col);
            let text = match cells.get(&square) {
                None => "   ".to_string(),
                Some(cell) => match &cell.die {
                    None => " . ".to_string(),
                    Some(die) => {
                        let face = die.face.map_or('?', face_letter);
                        let who =
                            owner_of(die.owner).map_or('?', |o| o.letter.to_ascii_lowercase());
                        let mark = if die.frozen { '*' } else { ' ' };
                        format!("{face}{who}{mark}")
                    }
                },
            };
            line.push_str(&text);
        }
        let _ = writeln!(out, "{line} {label}");
    }
    let _ = writeln!(out, "   {}", files.trim_end());
    out.push('\n');
    let faces = Message::new("gype-text-faces").with("hidden", view.phase == PhaseView::Arranging);
    let _ = writeln!(out, "{}", board.say(&faces));
    for seat in &view.seats {
        let o = owner(seat.side);
        let line = Message::new("gype-text-seat")
            .text("letter", o.letter.to_ascii_lowercase().to_string())
            .text("player", board.name(seat.seat))
            .with("side", seat.side.message())
            .with("colour", Message::new(o.colour))
            .with("home", seat.dice_in_goal);
        let _ = writeln!(out, "{}", board.say(&line));
    }
    out
}

/// Every seat's dice in words, in the order the board is read (top row first, as the viewer
/// sees it), and how many are home.
pub fn in_words(board: &Board<'_, Gype>) -> Vec<String> {
    let view = board.view;
    let cells: Vec<&CellView> = view.board.iter().flatten().flatten().collect();
    view.seats
        .iter()
        .map(|seat| {
            let dice = (cells.iter()).filter_map(|cell| {
                let die = cell.die.as_ref().filter(|die| die.owner == seat.seat)?;
                let face = die
                    .face
                    .map_or_else(|| Message::new("gype-words-hidden"), Face::message);
                Some(
                    Message::new("gype-words-die")
                        .with("face", face)
                        .text("square", cell.square.to_string())
                        .with("home", die.frozen),
                )
            });
            let line = Message::new("gype-words-seat")
                .text("player", board.name(seat.seat))
                .with("side", seat.side.message())
                .with("colour", Message::new(owner(seat.side).colour))
                .with("moving", view.turn == Some(seat.seat))
                .commas("dice", dice)
                .with("home", seat.dice_in_goal);
            board.say(&line)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::present::GameUi;
    use crate::rules::gype::Options;
    use crate::rules::{Rules, Viewer, fold};

    #[test]
    fn the_text_board_shows_own_faces_hides_others_and_names_everyone() {
        let options = Options::default();
        let events = Gype::setup(&options, 2, &mut ChaCha8Rng::seed_from_u64(3));
        let state = fold::<Gype>(&options, 2, &events);
        let view = Gype::view(&state, Viewer::Seat(1));
        let names = ["Ann".to_string(), "Bo".to_string()];
        let query = BTreeMap::new();
        let text = Gype::text_board(&Board {
            view: &view,
            path: "/games/x",
            query: &query,
            names: &names,
            me: Some(1),
            actions: None,
            lang: crate::i18n::Lang::En,
        });
        let lines: Vec<&str> = text.lines().collect();
        // Bo plays North, so North is at the bottom (line 10 of the grid) and South on top.
        assert!(lines[1].starts_with(" 1 "), "{text}");
        // Lines drawn in columns fit a phone's mail reader; prose wraps.
        let drawn = lines.iter().filter(|l| l.trim_start().contains("  "));
        assert!(
            drawn.clone().count() > 0 && drawn.clone().all(|l| l.chars().count() <= 40),
            "{text}"
        );
        assert_eq!(lines[1].matches("?s").count(), 8, "{text}");
        assert!(lines[10].starts_with("10 "), "{text}");
        assert_eq!(lines[10].matches('n').count(), 8, "{text}");
        assert!(!lines[10].contains('?'), "{text}");
        let own: Vec<char> = state
            .start_row_faces(1)
            .into_iter()
            .map(face_letter)
            .collect();
        let shown: Vec<char> = lines[10]
            .split_whitespace()
            .skip(1)
            .filter_map(|cell| cell.chars().next())
            .filter(|c| c.is_ascii_uppercase())
            .collect();
        assert_eq!(shown, own, "Bo's row from Bo's left to right:\n{text}");
        assert!(text.contains("s = Ann (South"), "{text}");
        assert!(text.contains("n = Bo (you) (North"), "{text}");
        assert!(text.contains("? hidden"), "{text}");
    }
}
