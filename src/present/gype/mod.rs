//! Uncle Chestnut's Table Gype on a page: the table options, the board with a control for every
//! legal action (arranging the start row, choosing a die, its destination and, for a Hat, its
//! route), and the position as plain text for emails.
//!
//! Everything here is drawn from the redacted `View` and the viewer's own legal commands, so a
//! hidden arrangement never reaches another player's page.

pub(in crate::present) mod board;
mod codes;
mod guide;
#[cfg(test)]
mod tests;
mod text;

use askama::Template;

use super::guide::Guide;
use super::{Board, GameUi};
use crate::i18n::Lang;
use crate::present::form::FormFields;
use crate::rules::Message;
use crate::rules::gype::{
    Command, Face, Gype, Options, SeatView, Side, Square, StartRule, State, View, hat_path_squares,
};
use crate::rules::{Rules, Seat};

#[derive(Template)]
#[template(path = "gype/options.html")]
struct OptionsFields {
    lang: Lang,
}

/// How a seat's dice are told apart: the letter on every die (its side's initial) and a colour.
pub(super) struct Owner {
    pub letter: char,
    /// The CSS class suffix (`own-s`).
    pub class: &'static str,
    /// The message key of the dice's colour.
    pub colour: &'static str,
}

pub(super) fn owner(side: Side) -> Owner {
    match side {
        Side::South => Owner {
            letter: 'S',
            class: "own-s",
            colour: "gype-dice-light",
        },
        Side::North => Owner {
            letter: 'N',
            class: "own-n",
            colour: "gype-dice-dark",
        },
        Side::West => Owner {
            letter: 'W',
            class: "own-w",
            colour: "gype-dice-red",
        },
        Side::East => Owner {
            letter: 'E',
            class: "own-e",
            colour: "gype-dice-blue",
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
pub(super) fn face_moves(face: Face) -> Message {
    Message::new(match face {
        Face::Flame => "gype-moves-flame",
        Face::Book => "gype-moves-book",
        Face::Swords => "gype-moves-swords",
        Face::Tree => "gype-moves-tree",
        Face::Hat => "gype-moves-hat",
        Face::Ear => "gype-moves-ear",
    })
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

/// A message about a seat's player, addressed to the viewer when it is theirs: `$player` is the
/// name and `$you` says whether the viewer is that player ("you start here" / "Bo starts here").
pub(super) fn about(message: Message, board: &Board<'_, Gype>, seat: usize) -> Message {
    message
        .text("player", board.lang.seat_name(board.names, seat))
        .with("you", board.me == Some(seat))
}

/// A home row in words: whose start and whose goal it is.
pub(super) fn home_row_words(board: &Board<'_, Gype>, side: Side) -> String {
    let view = board.view;
    let start =
        seat_on(view, side).map(|seat| about(Message::new("gype-board-starts-here"), board, seat));
    let goal = seat_on(view, side.opposite())
        .map(|seat| about(Message::new("gype-board-goal-of"), board, seat));
    let parts: Vec<Message> = start.into_iter().chain(goal).collect();
    let row = if parts.is_empty() {
        Message::new("gype-board-row-unused").with("side", side.message())
    } else {
        Message::new("gype-board-home-row")
            .with("side", side.message())
            .clauses("parts", parts)
    };
    board.say(&row)
}

impl GameUi for Gype {
    fn guide() -> &'static Guide {
        &guide::GUIDE
    }

    /// A swap once, its squares in board order, and none between two dice showing the same
    /// face (that swap changes nothing); a Hat's move once when neither of its two routes has
    /// a die on it to roll, since the route then changes nothing.
    fn distinct_commands(state: &State, seat: Seat) -> Vec<Command> {
        let rolls_nothing = |from, to, path| {
            hat_path_squares(from, to, path)
                .is_some_and(|squares| squares.iter().all(|&sq| state.board.get(sq).is_none()))
        };
        let mut offered: Vec<Command> = Vec::new();
        for command in Gype::legal_commands(state, seat) {
            let keep = match command {
                Command::Swap { a, b } => a < b && state.board.get(a) != state.board.get(b),
                Command::Hat { from, to, path } => !offered.iter().any(|other| {
                    matches!(*other, Command::Hat { from: f, to: t, path: p }
                        if (f, t) == (from, to) && rolls_nothing(f, t, p) && rolls_nothing(from, to, path))
                }),
                _ => true,
            };
            if keep {
                offered.push(command);
            }
        }
        offered
    }

    fn options_fields(lang: Lang) -> Result<String, askama::Error> {
        OptionsFields { lang }.render()
    }

    fn options_from_form(form: &FormFields) -> Result<Options, Message> {
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

    fn in_words(board: &Board<'_, Gype>) -> Vec<String> {
        text::in_words(board)
    }
}
