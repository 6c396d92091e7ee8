//! What happened and what a button does, as messages for the history page, emails and buttons.

use super::model::board::Square;
use super::model::faces::hat_path_squares;
use super::model::state::State;
use super::model::types::{Command, Event};
use crate::rules::Message;

fn at(square: Square) -> String {
    square.to_string()
}

pub fn describe(event: &Event) -> Message {
    match event {
        Event::Started { first_player, .. } => {
            Message::new("gype-started").seat("player", *first_player)
        }
        Event::Swapped {
            seat,
            squares: Some([a, b]),
        } => Message::new("gype-swapped")
            .seat("player", *seat)
            .text("a", at(*a))
            .text("b", at(*b)),
        Event::Swapped {
            seat,
            squares: None,
        } => Message::new("gype-rearranged").seat("player", *seat),
        Event::Confirmed { seat } => Message::new("gype-confirmed").seat("player", *seat),
        Event::Revealed { rows } => Message::new("gype-revealed").clauses(
            "rows",
            rows.iter()
                .enumerate()
                .filter(|(_, faces)| !faces.is_empty())
                .map(|(seat, faces)| {
                    Message::new("gype-row-of")
                        .seat("player", seat)
                        .list("faces", faces.iter().map(|f| f.message()))
                }),
        ),
        Event::TurnBegan { seat, chaos_limit } => Message::new(if *chaos_limit {
            "gype-turn-chaos"
        } else {
            "gype-turn"
        })
        .seat("player", *seat),
        Event::Stepped {
            seat,
            face,
            from,
            to,
        } => Message::new("gype-stepped")
            .seat("player", *seat)
            .with("face", face.message())
            .text("from", at(*from))
            .text("to", at(*to)),
        Event::Jumped {
            seat,
            face,
            from,
            over,
            to,
            rolled,
        } => Message::new("gype-jumped")
            .seat("player", *seat)
            .with("face", face.message())
            .text("from", at(*from))
            .text("over", at(*over))
            .text("to", at(*to))
            .with(
                "roll",
                match rolled {
                    Some(f) => Message::new("gype-jumped-die-rolled").with("face", f.message()),
                    None => Message::new("gype-jumped-die-rolled-already"),
                },
            ),
        Event::HatMoved {
            seat,
            from,
            to,
            path,
            rolls,
        } => {
            let rolled = if rolls.is_empty() {
                Message::new("gype-hat-nothing-in-way")
            } else {
                Message::new("gype-list").list(
                    "items",
                    rolls.iter().map(|r| {
                        Message::new("gype-die-rolled")
                            .text("square", at(r.at))
                            .with("face", r.face.message())
                    }),
                )
            };
            Message::new("gype-hat-moved")
                .seat("player", *seat)
                .text("from", at(*from))
                .text("to", at(*to))
                .with("path", path.message())
                .with("rolled", rolled)
        }
        Event::Rolled {
            seat,
            at: square,
            face,
        } => Message::new("gype-rolled")
            .seat("player", *seat)
            .text("square", at(*square))
            .with("face", face.message()),
        Event::MoveEnded { seat, at: square } => Message::new("gype-move-ended")
            .seat("player", *seat)
            .text("square", at(*square)),
        Event::Resigned {
            seat,
            before_reveal,
            dice,
        } => Message::new(if *before_reveal {
            "gype-dice-leave-before-reveal"
        } else {
            "gype-dice-leave"
        })
        .seat("player", *seat)
        .with("count", dice.as_ref().map_or(-1, |d| d.len() as i64)),
        Event::Won { seat } => Message::new("gype-won").seat("player", *seat),
    }
}

pub fn command_label(state: &State, command: &Command) -> Message {
    let face_on = |square| {
        state
            .board
            .get(square)
            .map_or_else(|| Message::new("gype-die"), |d| d.face.message())
    };
    let squares = |key: &'static str, from: Square, to: Square| {
        Message::new(key)
            .with("face", face_on(from))
            .text("from", at(from))
            .text("to", at(to))
    };
    match *command {
        Command::Swap { a, b } => Message::new("gype-swap-label")
            .with("face", face_on(a))
            .text("a", at(a))
            .with("other", face_on(b))
            .text("b", at(b)),
        Command::Confirm => Message::new("gype-confirm-label"),
        Command::Step { from, to } => squares("gype-move-label", from, to),
        Command::Jump { from, to } => squares("gype-jump-label", from, to),
        Command::Hat { from, to, path } => match hat_path_squares(from, to, path) {
            Some([p, q]) => Message::new("gype-hat-via-label")
                .text("from", at(from))
                .text("to", at(to))
                .text("p", at(p))
                .text("q", at(q)),
            None => Message::new("gype-hat-label")
                .text("from", at(from))
                .text("to", at(to)),
        },
        Command::EndMove => Message::new("gype-end-move-label"),
        Command::Roll { at: square } => Message::new("gype-roll-label")
            .with("face", face_on(square))
            .text("square", at(square)),
    }
}
