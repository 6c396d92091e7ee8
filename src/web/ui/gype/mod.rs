//! Uncle Chestnut's Table Gype on a page: the table options, the board with a control for every
//! legal action (arranging the start row, choosing a die, its destination and, for a Hat, its
//! route), and the position as plain text for emails.
//!
//! Everything here is drawn from the redacted `View` and the viewer's own legal commands, so a
//! hidden arrangement never reaches another player's page.

mod board;
#[cfg(test)]
mod tests;
mod text;

use askama::Template;

use super::{Board, GameUi};
use crate::rules::Message;
use crate::rules::gype::{Face, Gype, Options, SeatView, Side, Square, StartRule, View};
use crate::web::form::Form;

#[derive(Template)]
#[template(path = "gype/options.html")]
struct OptionsFields;

/// How a seat's dice are told apart: the letter on every die (its side's initial) and a colour.
pub(super) struct Owner {
    pub letter: char,
    /// The CSS class suffix (`own-s`).
    pub class: &'static str,
    pub colour: &'static str,
}

pub(super) fn owner(side: Side) -> Owner {
    match side {
        Side::South => Owner {
            letter: 'S',
            class: "own-s",
            colour: "light",
        },
        Side::North => Owner {
            letter: 'N',
            class: "own-n",
            colour: "dark",
        },
        Side::West => Owner {
            letter: 'W',
            class: "own-w",
            colour: "red",
        },
        Side::East => Owner {
            letter: 'E',
            class: "own-e",
            colour: "blue",
        },
    }
}

/// A face's one-letter abbreviation for the text board.
pub(super) fn face_letter(face: Face) -> char {
    match face {
        Face::Flame => 'F',
        Face::Swords => 'S',
        Face::Book => 'B',
        Face::Tree => 'T',
        Face::Hat => 'H',
        Face::Ear => 'E',
    }
}

/// How a face moves, in a few words.
pub(super) fn face_moves(face: Face) -> &'static str {
    match face {
        Face::Flame => "one square in any direction",
        Face::Book => "one square straight: forward, back or sideways",
        Face::Swords => "one square diagonally",
        Face::Tree => "one square forward (straight or diagonally), or one straight back",
        Face::Hat => {
            "a leap two squares straight and one to the side, over anything; every die on the route it takes is rolled"
        }
        Face::Ear => "cannot move; roll it to change its face",
    }
}

/// The side at the bottom of the picture: the viewer's own, South for everyone else.
pub(super) fn bottom_side(view: &View, me: Option<usize>) -> Side {
    me.and_then(|seat| seat_view(view, seat))
        .map_or(Side::South, |s| s.side)
}

pub(super) fn seat_view(view: &View, seat: usize) -> Option<&SeatView> {
    view.seats.iter().find(|s| s.seat == seat)
}

/// The label of the line of squares drawn in display column `col` (a file letter, or a row
/// number when the board is turned sideways), and likewise for display row `row`.
pub(super) fn column_label(bottom: Side, col: usize) -> String {
    line_label(bottom.display_square(1, col), bottom.display_square(2, col))
}

pub(super) fn row_label(bottom: Side, row: usize) -> String {
    line_label(bottom.display_square(row, 1), bottom.display_square(row, 2))
}

fn line_label(a: Square, b: Square) -> String {
    if a.c == b.c {
        ((b'a' + a.c as u8) as char).to_string()
    } else {
        (a.r + 1).to_string()
    }
}

/// Who plays from `side` (if anyone).
pub(super) fn seat_on(view: &View, side: Side) -> Option<usize> {
    view.seats.iter().find(|s| s.side == side).map(|s| s.seat)
}

/// A seat's name for running text: "you" for the viewer.
pub(super) fn plain_name(board: &Board<'_, Gype>, seat: usize) -> String {
    if board.me == Some(seat) {
        "you".into()
    } else {
        board
            .names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("Seat {}", seat + 1))
    }
}

/// A seat's possessive for running text: "your", "Bo’s".
pub(super) fn possessive(board: &Board<'_, Gype>, seat: usize) -> String {
    if board.me == Some(seat) {
        "your".into()
    } else {
        format!("{}’s", plain_name(board, seat))
    }
}

/// A home row in words: whose start and whose goal it is.
pub(super) fn home_row_words(board: &Board<'_, Gype>, side: Side) -> String {
    let view = board.view;
    let start = seat_on(view, side);
    let goal = seat_on(view, side.opposite());
    let row = format!("{} home row", side.name());
    let starts = |seat| {
        if board.me == Some(seat) {
            "you start here".to_string()
        } else {
            format!("{} starts here", plain_name(board, seat))
        }
    };
    match (start, goal) {
        (Some(start), Some(goal)) => {
            format!("{row}: {}; {} goal", starts(start), possessive(board, goal))
        }
        (Some(start), None) => format!("{row}: {}", starts(start)),
        (None, Some(goal)) => format!("{row}: {} goal", possessive(board, goal)),
        (None, None) => format!("{row}: not used in this game"),
    }
}

impl GameUi for Gype {
    fn options_fields() -> Result<String, askama::Error> {
        OptionsFields.render()
    }

    fn options_from_form(form: &Form) -> Result<Options, Message> {
        let start = match form.get("start").unwrap_or("classic").trim() {
            "classic" => StartRule::Classic,
            "random" => StartRule::Random,
            _ => return Err(Message::new("gype-form-start")),
        };
        Ok(Options {
            start,
            chaos: form.checked("chaos"),
        })
    }

    fn describe_options(options: &Options) -> Vec<Message> {
        vec![
            Message::new(match options.start {
                StartRule::Classic => "gype-option-classic",
                StartRule::Random => "gype-option-random",
            }),
            Message::new(if options.chaos {
                "gype-option-chaos"
            } else {
                "gype-option-no-chaos"
            }),
            Message::new("gype-option-arrange"),
        ]
    }

    fn board(board: &Board<'_, Gype>) -> Result<String, askama::Error> {
        board::render(board)
    }

    fn text_board(board: &Board<'_, Gype>) -> String {
        text::render(board)
    }
}
