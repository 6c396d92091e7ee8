//! Kabaleo tests: given/when/then scenarios, the rule page's worked example, hidden information
//! and seeded random playouts.

mod moves;
mod playouts;
mod resign;
mod scoring;
mod secrets;
mod setup;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::colour::Colour::{self, *};
use super::{Command, Event, Hand, Kabaleo, KabaleoOptions, State};
use crate::rules::{RuleError, Rules, Seat, fold};

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

fn names(players: usize) -> Vec<String> {
    ["Ann", "Bob", "Cy", "Di"][..players]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn hand(pieces: &[(Colour, u8)]) -> Hand {
    pieces.iter().copied().collect()
}

/// The opening facts of a table laid out by hand.
fn opening(bases: &[Colour], hands: &[Hand], secrets: &[&[Colour]], first: Seat) -> Vec<Event> {
    vec![
        Event::BoardLaidOut {
            bases: bases.to_vec(),
        },
        Event::PiecesDealt {
            hands: hands.to_vec(),
        },
        Event::SecretColoursDealt {
            secrets: secrets.iter().map(|s| Some(s.to_vec())).collect(),
        },
        Event::FirstPlayerDrawn { seat: first },
    ]
}

/// A two-player table: piles 1–16 have bases blue, green, orange, purple, blue, green, … ;
/// each player holds 3 pieces of each of those colours; Ann (seat 0) secretly holds blue and
/// purple, Bob green and orange; Ann plays first.
fn two_player_events() -> Vec<Event> {
    let bases: Vec<Colour> = [Blue, Green, Orange, Purple].repeat(4);
    let uniform = hand(&[(Blue, 3), (Green, 3), (Orange, 3), (Purple, 3)]);
    opening(
        &bases,
        &[uniform.clone(), uniform],
        &[&[Blue, Purple], &[Green, Orange]],
        0,
    )
}

fn two_player_table() -> State {
    fold::<Kabaleo>(&KabaleoOptions::default(), 2, &two_player_events())
}

fn place(pile: usize, colour: Colour) -> Command {
    Command::Place { pile, colour }
}

/// Decides and applies one command, returning its events and the new state.
fn play(state: &State, seat: Seat, command: Command) -> Result<(Vec<Event>, State), RuleError> {
    let events = Kabaleo::decide(state, seat, &command, &mut rng(0))?;
    let next = events.iter().fold(state.clone(), Kabaleo::evolve);
    Ok((events, next))
}

/// Plays a sequence of (seat, pile index, colour) placements that must all be legal.
fn play_all(state: &State, moves: &[(Seat, usize, Colour)]) -> State {
    moves
        .iter()
        .fold(state.clone(), |state, &(seat, pile, colour)| {
            play(&state, seat, place(pile, colour))
                .unwrap_or_else(|e| panic!("{colour} on pile {}: {e}", pile + 1))
                .1
        })
}

/// A finished board built from facts: piles as (base, pieces bottom to top), the given secrets,
/// and no piece left in any hand.
fn finished_board(piles: &[(Colour, &[Colour])], secrets: &[&[Colour]]) -> State {
    let bases: Vec<Colour> = piles.iter().map(|(base, _)| *base).collect();
    let mut events = opening(&bases, &vec![Hand::new(); secrets.len()], secrets, 0);
    for (index, (_, pieces)) in piles.iter().enumerate() {
        for &colour in *pieces {
            events.push(Event::PiecePlaced {
                seat: 0,
                pile: index,
                colour,
                cancelled: false,
            });
        }
    }
    fold::<Kabaleo>(&KabaleoOptions::default(), secrets.len(), &events)
}

/// The same events with `seat`'s secret colours replaced.
pub(crate) fn with_secret(events: &[Event], seat: Seat, colours: &[Colour]) -> Vec<Event> {
    events
        .iter()
        .map(|event| match event {
            Event::SecretColoursDealt { secrets } => {
                let mut secrets = secrets.clone();
                secrets[seat] = Some(colours.to_vec());
                Event::SecretColoursDealt { secrets }
            }
            other => other.clone(),
        })
        .collect()
}
