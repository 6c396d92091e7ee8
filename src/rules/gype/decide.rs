//! `setup` and `decide`: turning accepted commands into events, drawing every roll here.

use rand::RngExt;
use rand::seq::SliceRandom;

use super::faces::Face;
use super::legality::{Plan, check, legal_commands};
use super::state::{State, evolve};
use super::types::{Command, DieRoll, Event, Options, StartRule};
use crate::rules::{Rng, RuleError, Seat};

/// The opening event: every seat's dealt start row (in a random order, which is the default
/// arrangement) and the first player.
pub fn setup(options: &Options, players: usize, rng: Rng<'_>) -> Vec<Event> {
    let rows = (0..players)
        .map(|_| Some(deal(options.start, rng)))
        .collect();
    let first_player = rng.random_range(0..players.max(1));
    vec![Event::Started { first_player, rows }]
}

fn deal(start: StartRule, rng: Rng<'_>) -> Vec<Face> {
    match start {
        StartRule::Classic => {
            use Face::*;
            let mut faces = vec![Flame, Flame, Swords, Swords, Book, Book, Tree, Tree];
            faces.shuffle(rng);
            faces
        }
        StartRule::Random => (0..8).map(|_| Face::roll_without_ear(rng)).collect(),
    }
}

pub fn decide(
    state: &State,
    seat: Seat,
    command: &Command,
    rng: Rng<'_>,
) -> Result<Vec<Event>, RuleError> {
    let mut events = Vec::new();
    match check(state, seat, command)? {
        Plan::Swap { a, b } => events.push(Event::Swapped {
            seat,
            squares: Some([a, b]),
        }),
        Plan::Confirm => {
            events.push(Event::Confirmed { seat });
            let others_done = (0..state.players)
                .all(|s| s == seat || state.confirmed.get(s).copied().unwrap_or(false));
            if others_done {
                let rows = (0..state.players)
                    .map(|s| state.start_row_faces(s))
                    .collect();
                events.push(Event::Revealed { rows });
                let first = state.first_player.unwrap_or(0);
                events.push(turn_began(state, first));
            }
        }
        Plan::Step { from, to, face } => {
            events.push(Event::Stepped {
                seat,
                face,
                from,
                to,
            });
            end_turn(state, seat, &mut events);
        }
        Plan::Jump {
            from,
            over,
            to,
            face,
            first_time,
        } => {
            let rolled = first_time.then(|| Face::roll(rng));
            events.push(Event::Jumped {
                seat,
                face,
                from,
                over,
                to,
                rolled,
            });
            let after = evolve(state.clone(), &events[0]);
            let can_jump_on = legal_commands(&after, seat)
                .iter()
                .any(|c| matches!(c, Command::Jump { .. }));
            if !can_jump_on {
                events.push(Event::MoveEnded { seat, at: to });
                end_turn(state, seat, &mut events);
            }
        }
        Plan::Hat {
            from,
            to,
            path,
            rolled,
        } => {
            let rolls = rolled
                .into_iter()
                .map(|at| DieRoll {
                    at,
                    face: Face::roll(rng),
                })
                .collect();
            events.push(Event::HatMoved {
                seat,
                from,
                to,
                path,
                rolls,
            });
            end_turn(state, seat, &mut events);
        }
        Plan::EndMove { at } => {
            events.push(Event::MoveEnded { seat, at });
            end_turn(state, seat, &mut events);
        }
        Plan::Roll { at } => {
            let face = Face::roll(rng);
            events.push(Event::Rolled { seat, at, face });
            end_turn(state, seat, &mut events);
        }
    }
    Ok(events)
}

/// After `seat`'s action (already in `events`): the win, or the next player's turn.
fn end_turn(state: &State, seat: Seat, events: &mut Vec<Event>) {
    let after = events.iter().fold(state.clone(), evolve);
    if after.dice_in_goal(seat) == 8 {
        events.push(Event::Won { seat });
    } else {
        let next = (seat + 1) % state.players.max(1);
        events.push(turn_began(&after, next));
    }
}

/// The start of `seat`'s turn, with the Chaos rule's verdict for it (spec §11.3).
fn turn_began(state: &State, seat: Seat) -> Event {
    Event::TurnBegan {
        seat,
        chaos_limit: state.options.chaos && state.has_die_in_start_row(seat),
    }
}
