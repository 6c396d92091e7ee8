//! `setup` and `decide`: turning accepted commands into events, drawing every roll here.

use rand::RngExt;
use rand::seq::SliceRandom;

use super::legality::{Plan, check, legal_commands};
use super::model::faces::Face;
use super::model::state::{Phase, State, evolve};
use super::model::types::{Command, DieAt, DieRoll, Event, Options, StartRule};
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

/// One seat's start row, dealt by the table's start rule.
pub fn deal(start: StartRule, rng: Rng<'_>) -> Vec<Face> {
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
            reveal_when_all_arranged(state, &mut events);
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

/// After a confirmation or a resignation (already in `events`) during the arrangement: once
/// every seat still playing has confirmed, every start row is revealed (a resigned seat's row is
/// empty: its dice have left, unseen) and the first player still playing begins.
fn reveal_when_all_arranged(state: &State, events: &mut Vec<Event>) {
    let after = events.iter().fold(state.clone(), evolve);
    let all_done = (0..after.players)
        .all(|s| after.is_resigned(s) || after.confirmed.get(s).copied().unwrap_or(false));
    let first = after.player_from(after.first_player.unwrap_or(0));
    if let (true, Some(first)) = (all_done, first) {
        let rows = (0..after.players)
            .map(|s| after.start_row_faces(s))
            .collect();
        events.push(Event::Revealed { rows });
        events.push(turn_began(&after, first));
    }
}

/// After `seat`'s action (already in `events`): the win, or the next player's turn.
fn end_turn(state: &State, seat: Seat, events: &mut Vec<Event>) {
    let after = events.iter().fold(state.clone(), evolve);
    if after.dice_in_goal(seat) == 8 {
        events.push(Event::Won { seat });
    } else if let Some(next) = after.player_after(seat) {
        events.push(turn_began(&after, next));
    }
}

/// `seat` resigns (see [`Event::Resigned`]): its dice leave the board; then, during the
/// arrangement, the reveal if everyone left has confirmed; during play, the next player's turn if
/// it was the seat's turn (its move, even halfway through a chain, is over), or the end of the
/// player's chain if the dice that left were the only ones it could still jump (the chain ends by
/// itself then, as it does after any jump, and that player may win by it). Nothing once the game
/// is over, or for a seat that has already resigned.
pub fn resign(state: &State, seat: Seat) -> Vec<Event> {
    let before_reveal = match state.phase {
        Phase::Finished { .. } => return Vec::new(),
        Phase::Setup | Phase::Arranging => state.phase == Phase::Arranging,
        Phase::Playing => false,
    };
    if state.is_resigned(seat) {
        return Vec::new();
    }
    let dice = state
        .dice_of(seat)
        .map(|(at, die)| DieAt { at, face: die.face })
        .collect();
    let mut events = vec![Event::Resigned {
        seat,
        before_reveal,
        dice: Some(dice),
    }];
    match state.phase {
        Phase::Arranging => reveal_when_all_arranged(state, &mut events),
        Phase::Playing if state.turn == seat => {
            let after = evolve(state.clone(), &events[0]);
            if let Some(next) = after.player_after(seat) {
                events.push(turn_began(&after, next));
            }
        }
        Phase::Playing => {
            let after = evolve(state.clone(), &events[0]);
            let player = after.turn;
            if let Some(at) = after.chain.as_ref().and_then(|c| c.at()) {
                let can_jump_on = legal_commands(&after, player)
                    .iter()
                    .any(|c| matches!(c, Command::Jump { .. }));
                if !can_jump_on {
                    events.push(Event::MoveEnded { seat: player, at });
                    end_turn(state, player, &mut events);
                }
            }
        }
        Phase::Setup | Phase::Finished { .. } => {}
    }
    events
}

/// The start of `seat`'s turn, with the Chaos rule's verdict for it (spec §11.3).
fn turn_began(state: &State, seat: Seat) -> Event {
    Event::TurnBegan {
        seat,
        chaos_limit: state.options.chaos && state.has_die_in_start_row(seat),
    }
}
