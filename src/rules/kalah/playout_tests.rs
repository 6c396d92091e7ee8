//! Seeded random playouts across every option combination.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::rules::playout::{checked_playout, random_playout, round_trips};

/// Checked games (every legality, fold and serde check after every command) per combination.
const CHECKED_GAMES: u64 = 200;
/// Further games per combination, checked through their event sequence only.
const FAST_GAMES: u64 = 3_000;
/// Kalah always ends; random games take well under 200 commands.
const MAX_COMMANDS: usize = 1_000;

/// 4 seed counts × pie rule × empty capture × 2 end rules.
fn every_option_combination() -> Vec<Options> {
    let mut all = Vec::new();
    for seeds_per_pit in 3..=6 {
        for pie_rule in [false, true] {
            for empty_capture in [false, true] {
                for end_rule in [EndRule::NoMove, EndRule::EitherSideEmpty] {
                    all.push(Options {
                        seeds_per_pit,
                        pie_rule,
                        empty_capture,
                        end_rule,
                    });
                }
            }
        }
    }
    all
}

/// Every pit number a form could send (two of them beyond the board), and the swap.
fn candidates(_state: &State, _seat: Seat) -> Vec<Command> {
    (0..=7)
        .map(|pit| Command::Sow { pit })
        .chain([Command::Swap])
        .collect()
}

/// What must hold in every position reached after a whole command, view included.
fn invariant(state: &State) -> Result<(), String> {
    let view = Kalah::view(state, Viewer::Spectator);
    let expected = 12 * u32::from(state.options.seeds_per_pit);
    if view.total_seeds() != expected {
        return Err(format!("the view shows {} seeds", view.total_seeds()));
    }
    round_trips(&view)?;
    position_rules(state)
}

/// The rules every position reached after a whole command obeys: seeds are conserved, the game
/// ends exactly when the end rule says so, the swap is offered only to the second player.
fn position_rules(state: &State) -> Result<(), String> {
    let expected = 12 * u32::from(state.options.seeds_per_pit);
    if state.board.total() != expected {
        return Err(format!(
            "{} seeds on the board, not {expected}: {state:?}",
            state.board.total()
        ));
    }
    if state.owners != [0, 1] && state.owners != [1, 0] {
        return Err(format!("sides owned by {:?}", state.owners));
    }
    if state.swap_offered() {
        if !state.options.pie_rule {
            return Err("swap offered without the pie rule".into());
        }
        if state.to_move == state.first_player {
            return Err("swap offered to the first player".into());
        }
    }
    match (&state.end, state.to_move) {
        (Some(_), Some(_)) => Err("a finished game has a player to move".into()),
        (Some(_), None) => finished(state, expected),
        (None, None) => Err("a running game has nobody to move".into()),
        (None, Some(seat)) => running(state, seat, expected),
    }
}

fn finished(state: &State, expected: u32) -> Result<(), String> {
    if state.board.pits != [[0; 6]; 2] {
        return Err(format!("seeds left in pits after the end: {state:?}"));
    }
    let Status::Finished { outcome } = Kalah::status(state) else {
        return Err("a finished game is not finished".into());
    };
    if outcome.scores.iter().sum::<i64>() != i64::from(expected) {
        return Err(format!("scores {:?} do not add up", outcome.scores));
    }
    let best = *outcome.scores.iter().max().unwrap();
    let expected_winners: Vec<Seat> = (0..2).filter(|&s| outcome.scores[s] == best).collect();
    if outcome.winners != expected_winners {
        return Err(format!(
            "winners {:?} for scores {:?}",
            outcome.winners, outcome.scores
        ));
    }
    Ok(())
}

fn running(state: &State, seat: Seat, expected: u32) -> Result<(), String> {
    if Kalah::status(state).to_act() != [seat] {
        return Err("status disagrees with the player to move".into());
    }
    match state.options.end_rule {
        EndRule::NoMove => {
            if state.board.row_is_empty(state.side_of(seat)) {
                return Err("the player to move has no seeds but the game goes on".into());
            }
            if state.board.stores.iter().any(|&store| store > expected / 2) {
                return Err("a store holds more than half the seeds but the game goes on".into());
            }
        }
        EndRule::EitherSideEmpty => {
            if Side::BOTH
                .iter()
                .any(|&side| state.board.row_is_empty(side))
            {
                return Err("a row is empty but the game goes on".into());
            }
        }
    }
    Ok(())
}

/// What must hold of a whole game's events: one draw first, one end last, the swap (if any)
/// right after the first player's whole first turn.
fn event_sequence(options: &Options, events: &[Event]) -> Result<(), String> {
    let Some(Event::FirstPlayerDrawn { seat: first, .. }) = events.first() else {
        return Err("the game does not start with the draw".into());
    };
    if !matches!(events.last(), Some(Event::GameEnded { .. })) {
        return Err("the game does not end with game_ended".into());
    }
    let ends = events
        .iter()
        .filter(|e| matches!(e, Event::GameEnded { .. }))
        .count();
    if ends != 1 {
        return Err(format!("{ends} game_ended events"));
    }
    let swaps: Vec<usize> = (0..events.len())
        .filter(|&i| matches!(events[i], Event::Swapped { .. }))
        .collect();
    match swaps.as_slice() {
        [] => Ok(()),
        [at] if options.pie_rule => {
            let opening = &events[1..*at];
            let by_first = opening
                .iter()
                .all(|e| matches!(e, Event::Sowed { seat, .. } if seat == first));
            let turn_over = opening.iter().enumerate().all(|(i, e)| {
                matches!(e, Event::Sowed { extra_turn, .. } if *extra_turn == (i + 1 < opening.len()))
            });
            let swapper_ok = matches!(events[*at], Event::Swapped { seat, .. } if seat != *first);
            if by_first && turn_over && swapper_ok && !opening.is_empty() {
                Ok(())
            } else {
                Err(format!("swap at the wrong moment: {:?}", &events[..=*at]))
            }
        }
        _ => Err(format!(
            "swaps at {swaps:?} with pie rule {}",
            options.pie_rule
        )),
    }
}

/// A sowing's store gain, counted independently of the board code: one seed each time the
/// sowing passes the own store (position 6 of the 13-position cycle), plus what it captured.
fn sowing_banks_what_it_says(before: &State, event: &Event, after: &State) -> Result<(), String> {
    let Event::Sowed {
        side,
        pit,
        seeds,
        captured,
        ..
    } = event
    else {
        return Ok(());
    };
    let to_store = 6 - u32::from(*pit);
    let passes = if *seeds >= to_store {
        (seeds - to_store) / 13 + 1
    } else {
        0
    };
    let gained = after.board.store(*side) - before.board.store(*side);
    if gained == passes + captured
        && after.board.store(side.other()) == before.board.store(side.other())
    {
        Ok(())
    } else {
        Err(format!(
            "{event:?} moved the stores from {:?} to {:?}",
            before.board.stores, after.board.stores
        ))
    }
}

#[derive(Default)]
struct Tally {
    games: usize,
    swaps: usize,
    draws: usize,
    reasons: Vec<EndReason>,
}

impl Tally {
    fn add(&mut self, state: &State, events: &[Event]) {
        self.games += 1;
        self.swaps += events
            .iter()
            .filter(|e| matches!(e, Event::Swapped { .. }))
            .count();
        self.draws += usize::from(Kalah::status(state).outcome().is_some_and(Outcome::is_draw));
        if let Some(end) = &state.end
            && !self.reasons.contains(&end.reason)
        {
            self.reasons.push(end.reason);
        }
    }
}

#[test]
fn checked_random_games_keep_every_promise_under_every_option_combination() {
    let mut tally = Tally::default();
    for (index, options) in every_option_combination().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(1_000 + index as u64);
        for game in 0..CHECKED_GAMES {
            let playout = checked_playout::<Kalah>(
                &options,
                2,
                &mut rng,
                MAX_COMMANDS,
                candidates,
                invariant,
            )
            .unwrap_or_else(|e| panic!("{options:?}, game {game}: {e}"));
            event_sequence(&options, &playout.events)
                .unwrap_or_else(|e| panic!("{options:?}, game {game}: {e}"));
            tally.add(&playout.state, &playout.events);
        }
    }
    assert_eq!(tally.games, 32 * CHECKED_GAMES as usize);
    assert!(tally.swaps > 0, "no random game took the swap");
}

#[test]
fn many_more_random_games_conserve_seeds_end_and_refold_under_every_option_combination() {
    let mut draws = 0;
    for (index, options) in every_option_combination().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(2_000 + index as u64);
        let mut tally = Tally::default();
        for game in 0..FAST_GAMES {
            let playout = random_playout::<Kalah>(&options, 2, &mut rng, MAX_COMMANDS)
                .unwrap_or_else(|e| panic!("{options:?}, game {game}: {e}"));
            event_sequence(&options, &playout.events)
                .unwrap_or_else(|e| panic!("{options:?}, game {game}: {e}"));
            // Refold the events one by one, checking every position a whole command reached.
            let mut state = Kalah::initial_state(&options, 2);
            for (i, event) in playout.events.iter().enumerate() {
                let before = state.clone();
                state = Kalah::evolve(state, event);
                sowing_banks_what_it_says(&before, event, &state)
                    .unwrap_or_else(|e| panic!("{options:?}, game {game}: {e}"));
                let command_done =
                    !matches!(playout.events.get(i + 1), Some(Event::GameEnded { .. }));
                if command_done {
                    position_rules(&state)
                        .unwrap_or_else(|e| panic!("{options:?}, game {game}: {e}"));
                }
            }
            assert_eq!(state, playout.state, "{options:?}, game {game}");
            tally.add(&state, &playout.events);
        }
        // Every way to end the game under this rule shows up in random play.
        let mut reasons = tally.reasons.clone();
        reasons.sort_by_key(|r| *r as u8);
        let expected = match options.end_rule {
            EndRule::NoMove => vec![EndReason::NoMove, EndReason::Majority],
            EndRule::EitherSideEmpty => vec![EndReason::SideEmpty],
        };
        assert_eq!(reasons, expected, "{options:?}");
        if options.pie_rule {
            assert!(
                tally.swaps > 0,
                "{options:?}: no swap in {FAST_GAMES} games"
            );
        } else {
            assert_eq!(tally.swaps, 0, "{options:?}");
        }
        assert!(tally.draws < tally.games, "{options:?}: every game a draw");
        draws += tally.draws;
    }
    assert!(draws > 0, "no random game was drawn");
}
