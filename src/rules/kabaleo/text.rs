//! The sentences people read: refusals, history lines and button labels. Piles are numbered from
//! 1 here, as on the page.

use super::colour::Colour;
use super::state::{Refusal, State};
use super::{Command, Event, Hand, Seat};

pub(super) fn refusal(refusal: Refusal) -> String {
    match refusal {
        Refusal::NotStarted => "the game has not started yet".into(),
        Refusal::GameOver => "the game is over: every piece has been placed".into(),
        Refusal::Resigned => "you have resigned from this game".into(),
        Refusal::NotYourTurn => "it is not your turn".into(),
        Refusal::NoSuchPile { pile, piles } => {
            format!(
                "there is no pile {}: the piles are numbered 1 to {piles} (in a command's \
                 \"pile\", which counts from 0: 0 to {})",
                pile + 1,
                piles - 1
            )
        }
        Refusal::ColourNotInPlay { colour } => format!("{colour} is not in play in this game"),
        Refusal::NoPieceLeft { colour } => format!("you have no {colour} piece left"),
        Refusal::PreviousLocation { pile } => format!(
            "pile {} was played on by the previous move, so nobody may play there now",
            pile + 1
        ),
        Refusal::MatchingBareBase { pile, colour } => format!(
            "pile {} is a bare {colour} base: {} {colour} piece may not go on it",
            pile + 1,
            article(colour)
        ),
    }
}

pub(super) fn command_label(state: &State, command: &Command) -> String {
    let Command::Place { pile, colour } = *command;
    let cancels = state.piles.get(pile).and_then(|p| p.top_piece()) == Some(colour);
    if cancels {
        format!(
            "Place {colour} on pile {} (cancels its {colour} top)",
            pile + 1
        )
    } else {
        format!("Place {colour} on pile {}", pile + 1)
    }
}

pub(super) fn describe(event: &Event, names: &[String]) -> String {
    match event {
        Event::BoardLaidOut { bases } => {
            let colours: Vec<Colour> = Colour::ALL
                .into_iter()
                .filter(|c| bases.contains(c))
                .collect();
            format!(
                "The board was laid out at random: {} bases in {}.",
                bases.len(),
                colour_list(&colours)
            )
        }
        Event::PiecesDealt { hands } => {
            let each: Vec<String> = hands
                .iter()
                .enumerate()
                .map(|(seat, hand)| format!("{} {}", name(names, seat), hand_list(hand)))
                .collect();
            format!("The pieces were dealt: {}.", each.join("; "))
        }
        Event::SecretColoursDealt { secrets, .. } => {
            let known: Vec<String> = secrets
                .iter()
                .enumerate()
                .filter_map(|(seat, colours)| {
                    let colours = colours.as_ref()?;
                    Some(format!("{} {}", name(names, seat), colour_list(colours)))
                })
                .collect();
            if known.is_empty() {
                "Each player was dealt secret colours.".into()
            } else {
                format!(
                    "Each player was dealt secret colours ({}).",
                    known.join("; ")
                )
            }
        }
        Event::FirstPlayerDrawn { seat } => {
            format!("{} was drawn to play first.", name(names, *seat))
        }
        Event::PiecePlaced {
            seat,
            pile,
            colour,
            cancelled,
        } => {
            let placed = format!(
                "{} placed {} {colour} piece on pile {}",
                name(names, *seat),
                article(*colour),
                pile + 1
            );
            if *cancelled {
                format!("{placed}; it met the {colour} piece on top and both left the game.")
            } else {
                format!("{placed}.")
            }
        }
        Event::SeatResigned { seat, withdrawn } => {
            let count: usize = withdrawn.values().map(|&n| usize::from(n)).sum();
            match count {
                0 => format!(
                    "{} leaves the game with no piece left in hand.",
                    name(names, *seat)
                ),
                1 => format!(
                    "{} leaves the game; the one piece left in their hand ({}) leaves with them.",
                    name(names, *seat),
                    colour_list(
                        &withdrawn
                            .iter()
                            .filter(|&(_, &n)| n > 0)
                            .map(|(&c, _)| c)
                            .collect::<Vec<_>>()
                    )
                ),
                _ => format!(
                    "{} leaves the game; the {count} pieces left in their hand ({}) leave with them.",
                    name(names, *seat),
                    hand_list(withdrawn)
                ),
            }
        }
    }
}

/// "an orange", "a blue".
fn article(colour: Colour) -> &'static str {
    if colour.name().starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Player {}", seat + 1))
}

fn hand_list(hand: &Hand) -> String {
    let parts: Vec<String> = hand
        .iter()
        .filter(|&(_, &n)| n > 0)
        .map(|(colour, n)| format!("{n} {colour}"))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        join(&parts)
    }
}

fn colour_list(colours: &[Colour]) -> String {
    let names: Vec<String> = colours.iter().map(|c| c.name().to_string()).collect();
    join(&names)
}

/// "a", "a and b", "a, b and c".
fn join(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [only] => only.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
