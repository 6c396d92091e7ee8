//! Sentences for the history page and emails, and short labels for command buttons.

use super::faces::{Face, face_name, hat_path_squares};
use super::state::State;
use super::types::{Command, Event};
use crate::rules::Seat;
use crate::rules::words::plural;

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Player {}", seat + 1))
}

fn face_list(faces: &[Face]) -> String {
    faces
        .iter()
        .map(|&f| face_name(f))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn describe(event: &Event, names: &[String]) -> String {
    let who = |seat: &Seat| name(names, *seat);
    match event {
        Event::Started { first_player, .. } => format!(
            "The dice are dealt and {} will play first; everyone now arranges their start row in secret.",
            who(first_player)
        ),
        Event::Swapped {
            seat,
            squares: Some([a, b]),
        } => format!("{} swapped the dice on {a} and {b}.", who(seat)),
        Event::Swapped {
            seat,
            squares: None,
        } => {
            format!("{} rearranged their start row.", who(seat))
        }
        Event::Confirmed { seat } => format!("{} has finished arranging.", who(seat)),
        Event::Revealed { rows } => {
            let rows: Vec<String> = rows
                .iter()
                .enumerate()
                .filter(|(_, faces)| !faces.is_empty())
                .map(|(seat, faces)| format!("{}: {}", who(&seat), face_list(faces)))
                .collect();
            format!(
                "Everyone has arranged, and the start rows are revealed (from each player's left): {}.",
                rows.join("; ")
            )
        }
        Event::TurnBegan { seat, chaos_limit } => {
            if *chaos_limit {
                format!(
                    "It is {}'s turn; with dice still in the start row, none may go beyond the centre this turn (Chaos rule).",
                    who(seat)
                )
            } else {
                format!("It is {}'s turn.", who(seat))
            }
        }
        Event::Stepped {
            seat,
            face,
            from,
            to,
        } => format!(
            "{} moved the {} from {from} to {to}.",
            who(seat),
            face_name(*face)
        ),
        Event::Jumped {
            seat,
            face,
            from,
            over,
            to,
            rolled,
        } => {
            let roll = match rolled {
                Some(f) => format!("the jumped die rolled {}", face_name(*f)),
                None => "the jumped die was already rolled this turn".to_string(),
            };
            format!(
                "{}'s {} jumped from {from} over {over} to {to}; {roll}.",
                who(seat),
                face_name(*face)
            )
        }
        Event::HatMoved {
            seat,
            from,
            to,
            path,
            rolls,
        } => {
            let rolled = if rolls.is_empty() {
                "no die was in its way".to_string()
            } else {
                let each: Vec<String> = rolls
                    .iter()
                    .map(|r| format!("the die on {} rolled {}", r.at, face_name(r.face)))
                    .collect();
                each.join(" and ")
            };
            format!(
                "{}'s Hat leapt from {from} to {to} ({}); {rolled}.",
                who(seat),
                path.words()
            )
        }
        Event::Rolled { seat, at, face } => {
            format!(
                "{} rolled the die on {at}: {}.",
                who(seat),
                face_name(*face)
            )
        }
        Event::MoveEnded { seat, at } => format!("{} ended the move on {at}.", who(seat)),
        Event::Resigned {
            seat,
            before_reveal,
            dice,
        } => {
            let count = match dice {
                Some(dice) => plural(dice.len(), "die", "dice"),
                None => "dice".to_string(),
            };
            let when = if *before_reveal {
                ", before the arrangements were revealed"
            } else {
                ""
            };
            format!("{}'s {count} leave the board{when}.", who(seat))
        }
        Event::Won { seat } => format!(
            "{} has all 8 dice in the goal row and wins the game.",
            who(seat)
        ),
    }
}

pub fn command_label(state: &State, command: &Command) -> String {
    let face_on = |square| state.board.get(square).map_or("die", |d| face_name(d.face));
    match *command {
        Command::Swap { a, b } => format!("Swap {} on {a} with {} on {b}", face_on(a), face_on(b)),
        Command::Confirm => "Confirm arrangement".to_string(),
        Command::Step { from, to } => format!("Move {} from {from} to {to}", face_on(from)),
        Command::Jump { from, to } => format!("Jump {} from {from} to {to}", face_on(from)),
        Command::Hat { from, to, path } => match hat_path_squares(from, to, path) {
            Some([p, q]) => format!("Hat from {from} to {to} via {p} and {q}"),
            None => format!("Hat from {from} to {to}"),
        },
        Command::EndMove => "End move".to_string(),
        Command::Roll { at } => format!("Roll {} on {at}", face_on(at)),
    }
}
