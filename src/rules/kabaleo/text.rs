//! The sentences people read: refusals, history lines and button labels. Piles are numbered from
//! 1 here, as on the page.

use super::colour::Colour;
use super::state::{Refusal, State};
use super::{Command, Event, Hand};
use crate::rules::Message;

pub(super) fn refusal(refusal: Refusal) -> Message {
    match refusal {
        Refusal::NotStarted => Message::new("rule-not-started"),
        Refusal::GameOver => Message::new("kabaleo-game-over"),
        Refusal::Resigned => Message::new("rule-resigned"),
        Refusal::NotYourTurn => Message::new("rule-not-your-turn"),
        Refusal::NoSuchPile { pile, piles } => Message::new("kabaleo-no-such-pile")
            .with("pile", pile + 1)
            .with("piles", piles)
            .with("last-index", piles - 1),
        Refusal::ColourNotInPlay { colour } => {
            Message::new("kabaleo-colour-not-in-play").with("colour", colour.message())
        }
        Refusal::NoPieceLeft { colour } => {
            Message::new("kabaleo-no-piece-left").with("colour", colour.message())
        }
        Refusal::PreviousLocation { pile } => {
            Message::new("kabaleo-previous-location").with("pile", pile + 1)
        }
        Refusal::MatchingBareBase { pile, colour } => Message::new("kabaleo-bare-base")
            .with("pile", pile + 1)
            .with("colour", colour.message())
            .text("code", colour.name()),
    }
}

pub(super) fn command_label(state: &State, command: &Command) -> Message {
    let Command::Place { pile, colour } = *command;
    let cancels = state.piles.get(pile).and_then(|p| p.top_piece()) == Some(colour);
    Message::new(if cancels {
        "kabaleo-place-cancels-label"
    } else {
        "kabaleo-place-label"
    })
    .with("colour", colour.message())
    .with("pile", pile + 1)
}

pub(super) fn describe(event: &Event) -> Message {
    match event {
        Event::BoardLaidOut { bases } => {
            let colours: Vec<Colour> = Colour::ALL
                .into_iter()
                .filter(|c| bases.contains(c))
                .collect();
            Message::new("kabaleo-laid-out")
                .with("bases", bases.len())
                .with("colours", colour_list(&colours))
        }
        Event::PiecesDealt { hands } => Message::new("kabaleo-dealt").clauses(
            "hands",
            hands.iter().enumerate().map(|(seat, hand)| {
                Message::new("kabaleo-player-hand")
                    .seat("player", seat)
                    .with("hand", hand_list(hand))
            }),
        ),
        Event::SecretColoursDealt { secrets, .. } => {
            let known: Vec<Message> = secrets
                .iter()
                .enumerate()
                .filter_map(|(seat, colours)| {
                    let colours = colours.as_ref()?;
                    Some(
                        Message::new("kabaleo-player-hand")
                            .seat("player", seat)
                            .with("hand", colour_list(colours)),
                    )
                })
                .collect();
            if known.is_empty() {
                Message::new("kabaleo-secrets-dealt")
            } else {
                Message::new("kabaleo-secrets-dealt-known").clauses("secrets", known)
            }
        }
        Event::FirstPlayerDrawn { seat } => {
            Message::new("kabaleo-first-player").seat("player", *seat)
        }
        Event::PiecePlaced {
            seat,
            pile,
            colour,
            cancelled,
        } => Message::new(if *cancelled {
            "kabaleo-placed-cancelled"
        } else {
            "kabaleo-placed"
        })
        .seat("player", *seat)
        .with("colour", colour.message())
        .text("code", colour.name())
        .with("pile", pile + 1),
        Event::SeatResigned { seat, withdrawn } => {
            let count: usize = withdrawn.values().map(|&n| usize::from(n)).sum();
            Message::new("kabaleo-left")
                .seat("player", *seat)
                .with("count", count)
                .with("hand", hand_list(withdrawn))
        }
    }
}

/// "3 green and 2 orange", "nothing".
fn hand_list(hand: &Hand) -> Message {
    let parts: Vec<Message> = hand
        .iter()
        .filter(|&(_, &n)| n > 0)
        .map(|(colour, &n)| {
            Message::new("kabaleo-count-of")
                .with("count", n)
                .with("colour", colour.message())
        })
        .collect();
    if parts.is_empty() {
        Message::new("kabaleo-nothing")
    } else {
        Message::new("kabaleo-colour-list").list("colours", parts)
    }
}

/// "blue, green and pink".
fn colour_list(colours: &[Colour]) -> Message {
    Message::new("kabaleo-colour-list").list("colours", colours.iter().map(|c| c.message()))
}
