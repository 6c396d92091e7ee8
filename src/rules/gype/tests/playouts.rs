//! Seeded random games for 2, 3 and 4 players under every option: uniformly random play ends on
//! its own (a few thousand commands), so no bias is needed. Checked after every command: the §12
//! invariants, `decide` accepting exactly the legal commands among candidates that include
//! illegal ones for every seat, and the shared checker's fold and serde round-trips.

use rand::RngExt;

use super::invariants::{Transitions, opening, state as state_invariants};
use super::model::faces::KNIGHT_OFFSETS;
use super::*;
use crate::rules::playout::{checked_playout, random_playout, round_trips};
use crate::rules::{Status, Viewer, fold};

/// No random game came near this; a game still running here is a bug (a loop or a stuck player).
pub(super) const MAX_COMMANDS: usize = 40_000;

fn configurations() -> impl Iterator<Item = (Options, usize)> {
    all_options()
        .into_iter()
        .flat_map(|o| (2..=4).map(move |players| (o.clone(), players)))
}

/// Commands around `squares`: every target within two squares as a step and as a jump, every
/// knight destination by both paths, a Hat move that is no knight's move, and a roll.
fn around(squares: impl IntoIterator<Item = Square>) -> Vec<Command> {
    let mut commands = Vec::new();
    for from in squares {
        commands.push(Command::Roll { at: from });
        for dc in -2..=2 {
            for dr in -2..=2 {
                let to = from.offset((dc, dr));
                commands.push(Command::Step { from, to });
                commands.push(Command::Jump { from, to });
            }
        }
        for offset in KNIGHT_OFFSETS {
            for path in HatPath::BOTH {
                let to = from.offset(offset);
                commands.push(Command::Hat { from, to, path });
            }
        }
        let to = from.offset((2, 2));
        commands.push(Command::Hat {
            from,
            to,
            path: HatPath::LongFirst,
        });
    }
    commands
}

/// Commands that need no die: confirming, ending a move, swaps in every home row (own or not,
/// distinct squares or not), and orders for a corner or an empty square.
fn fixed_candidates() -> Vec<Command> {
    let mut commands = vec![
        Command::Confirm,
        Command::EndMove,
        Command::Roll { at: sq(0, 0) },
        Command::Step {
            from: sq(9, 9),
            to: sq(8, 8),
        },
    ];
    for side in [Side::South, Side::West, Side::North, Side::East] {
        let row = side.home_squares();
        for (a, b) in [(0, 1), (1, 0), (2, 7), (4, 4)] {
            commands.push(Command::Swap {
                a: row[a],
                b: row[b],
            });
        }
    }
    commands
}

/// Candidates for `seat`: everything around its own dice and the square in the middle of the
/// board, and a roll and step for every other die.
fn near(state: &State, seat: Seat) -> Vec<Command> {
    let mut commands = fixed_candidates();
    let own: Vec<Square> = state.dice_of(seat).map(|(s, _)| s).collect();
    commands.extend(around(own.iter().copied().chain([sq(4, 4)])));
    for (square, die) in state.board.dice() {
        if die.owner != seat {
            commands.push(Command::Roll { at: square });
            commands.push(Command::Step {
                from: square,
                to: square.offset((0, 1)),
            });
        }
    }
    commands
}

/// Candidates around every die on the board, for every seat.
pub(super) fn everything(state: &State) -> Vec<Command> {
    let mut commands = fixed_candidates();
    commands.extend(around(state.board.dice().map(|(s, _)| s)));
    commands
}

/// `decide` accepts every legal command of `seat` and refuses every other candidate.
pub(super) fn decides_exactly_the_legal(
    state: &State,
    seat: Seat,
    candidates: &[Command],
    rng: &mut ChaCha8Rng,
) -> Result<(), String> {
    let legal = Gype::legal_commands(state, seat);
    let to_act = Gype::status(state).to_act().contains(&seat);
    if !to_act && !legal.is_empty() {
        return Err(format!("seat {seat} is not to act but has {legal:?}"));
    }
    for command in &legal {
        Gype::decide(state, seat, command, rng)
            .map_err(|e| format!("seat {seat}: {command:?} refused: {e}"))?;
    }
    for command in candidates {
        if !legal.contains(command)
            && let Ok(events) = Gype::decide(state, seat, command, rng)
        {
            return Err(format!(
                "seat {seat}: illegal {command:?} accepted: {events:?}"
            ));
        }
    }
    Ok(())
}

/// One uniformly random game, checking every invariant after every command, and checking `decide`
/// against the candidates around every die for every seat every `full_check_every` commands.
fn invariant_game(
    options: &Options,
    players: usize,
    seed: u64,
    full_check_every: usize,
) -> Result<usize, String> {
    let mut rng = rng(seed);
    let mut events = Gype::setup(options, players, &mut rng);
    opening(options, players, &events)?;
    let mut state = fold::<Gype>(options, players, &events);
    state_invariants(&state)?;
    let mut transitions = Transitions::default();
    let mut commands = 0;
    while let Status::ToAct { seats } = Gype::status(&state) {
        if commands == MAX_COMMANDS {
            return Err(format!("no winner after {MAX_COMMANDS} commands"));
        }
        if commands % full_check_every == 0 {
            let candidates = everything(&state);
            for seat in 0..players {
                decides_exactly_the_legal(&state, seat, &candidates, &mut rng)?;
            }
        }
        let seat = seats[rng.random_range(0..seats.len())];
        let legal = Gype::legal_commands(&state, seat);
        let command = legal[rng.random_range(0..legal.len())].clone();
        let new_events =
            Gype::decide(&state, seat, &command, &mut rng).map_err(|e| e.to_string())?;
        let after = new_events.iter().fold(state.clone(), Gype::evolve);
        transitions
            .command(&state, seat, &new_events, &after)
            .map_err(|e| format!("after {command:?} by seat {seat}: {e}"))?;
        state_invariants(&after).map_err(|e| format!("after {command:?} by seat {seat}: {e}"))?;
        state = after;
        events.extend(new_events);
        commands += 1;
    }
    if fold::<Gype>(options, players, &events) != state {
        return Err("folding the events gives another state".into());
    }
    Ok(commands)
}

#[test]
fn random_games_keep_every_invariant_after_every_command() {
    for (options, players) in configurations() {
        for seed in 0..6 {
            let result = invariant_game(&options, players, 100 + seed, 97);
            assert!(
                result.is_ok(),
                "{options:?}, {players} players, seed {seed}: {result:?}"
            );
        }
    }
}

#[test]
fn random_games_pass_the_shared_checker() {
    for (options, players) in configurations() {
        let seed = 200 + players as u64;
        let candidates = |state: &State, seat: Seat| {
            if Gype::status(state).to_act().contains(&seat) {
                near(state, seat)
            } else {
                let mut commands = fixed_candidates();
                commands.extend(around(state.dice_of(seat).map(|(s, _)| s).take(2)));
                commands
            }
        };
        let result = checked_playout::<Gype>(
            &options,
            players,
            &mut rng(seed),
            MAX_COMMANDS,
            candidates,
            state_invariants,
        );
        match result {
            Ok(playout) => assert!(Gype::status(&playout.state).outcome().is_some()),
            Err(e) => panic!("{options:?}, {players} players: {e}"),
        }
    }
}

#[test]
fn many_random_games_end_with_one_winner_and_keep_the_invariants_on_replay() {
    for (options, players) in configurations() {
        for seed in 0..15 {
            let playout =
                random_playout::<Gype>(&options, players, &mut rng(300 + seed), MAX_COMMANDS)
                    .unwrap_or_else(|e| panic!("{options:?}, {players} players, seed {seed}: {e}"));
            opening(&options, players, &playout.events[..1]).unwrap();
            let mut state = fold::<Gype>(&options, players, &playout.events[..1]);
            for event in &playout.events[1..] {
                state = Gype::evolve(state, event);
                if matches!(event, Event::TurnBegan { .. } | Event::Won { .. }) {
                    state_invariants(&state)
                        .unwrap_or_else(|e| panic!("{options:?}, {players}, {seed}: {e}"));
                }
            }
            let outcome = Gype::status(&state).outcome().cloned().expect("finished");
            assert_eq!(outcome.winners.len(), 1);
            let last_actor = playout.events.iter().rev().find_map(|e| match e {
                Event::Stepped { seat, .. }
                | Event::HatMoved { seat, .. }
                | Event::MoveEnded { seat, .. }
                | Event::Rolled { seat, .. } => Some(*seat),
                _ => None,
            });
            assert_eq!(Some(outcome.winners[0]), last_actor);
        }
    }
}

#[test]
fn views_and_redacted_events_round_trip_and_hide_nothing_after_the_reveal() {
    let options = Options {
        start: StartRule::Random,
        chaos: true,
    };
    let playout = random_playout::<Gype>(&options, 4, &mut rng(9), MAX_COMMANDS).unwrap();
    let mut state = Gype::initial_state(&options, 4);
    for (i, event) in playout.events.iter().enumerate() {
        state = Gype::evolve(state, event);
        if i % 50 != 0 && i + 1 != playout.events.len() {
            continue;
        }
        for viewer in [
            Viewer::Seat(0),
            Viewer::Seat(3),
            Viewer::Spectator,
            Viewer::Everyone,
        ] {
            let view = Gype::view(&state, viewer);
            let json = serde_json::to_value(&view).unwrap();
            let back: View = serde_json::from_value(json).unwrap();
            assert_eq!(back, view);
            round_trips(&Gype::redact(event, viewer)).unwrap();
            if view.phase != PhaseView::Arranging {
                assert_eq!(Gype::redact(event, viewer), *event);
                let faces = view
                    .board
                    .iter()
                    .flatten()
                    .flatten()
                    .filter_map(|c| c.die.as_ref());
                assert!(faces.clone().all(|d| d.face.is_some()));
                assert_eq!(faces.count(), 32);
            }
        }
    }
    let view = Gype::view(&state, Viewer::Everyone);
    assert_eq!(view.phase, PhaseView::Finished);
    assert_eq!(
        view.winner,
        Gype::status(&state).outcome().map(|o| o.winners[0])
    );
}
