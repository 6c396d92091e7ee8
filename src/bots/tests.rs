//! The computer players: fair (they decide from what their seat may see), reproducible, always
//! legal, never stalled by the clock, and perfect where the game can be searched to its end.

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::solve::value_of;
use super::{BotGame, Knowledge, Level, choose_within};
use crate::rules::azul::Azul;
use crate::rules::gype::{self, Gype};
use crate::rules::kabaleo::{self, Kabaleo};
use crate::rules::kalah::Kalah;
use crate::rules::quarto::Quarto;
use crate::rules::{Rules, Seat, Status, Viewer, fold};

/// A game's events after up to `commands` random commands, and its state.
fn random_game<R: Rules>(
    players: usize,
    commands: usize,
    rng: &mut ChaCha8Rng,
) -> (Vec<R::Event>, R::State) {
    let options = R::Options::default();
    let mut events = R::setup(&options, players, rng);
    let mut state = fold::<R>(&options, players, &events);
    for _ in 0..commands {
        let Status::ToAct { seats } = R::status(&state) else {
            break;
        };
        let seat = seats[rng.random_range(0..seats.len())];
        let legal = R::legal_commands(&state, seat);
        let command = &legal[rng.random_range(0..legal.len())];
        for event in R::decide(&state, seat, command, rng).unwrap() {
            state = R::evolve(state, &event);
            events.push(event);
        }
    }
    (events, state)
}

fn knowledge<R: Rules>(players: usize, seat: Seat, events: &[R::Event]) -> Knowledge<R> {
    Knowledge::new(R::Options::default(), players, seat, events)
}

/// A far deadline, for tests of what is chosen rather than how fast.
fn unhurried() -> Instant {
    Instant::now() + Duration::from_secs(600)
}

#[test]
fn a_kabaleo_seat_chooses_the_same_whatever_the_others_hold_secret() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for game in 0..6 {
        let (events, state) = random_game::<Kabaleo>(3, game * 2, &mut rng);
        let Status::ToAct { seats } = Kabaleo::status(&state) else {
            continue;
        };
        let me = seats[0];
        let [a, b] = [(me + 1) % 3, (me + 2) % 3];
        // The two other seats' secret colours swapped: another game, the same for `me`.
        let swapped: Vec<kabaleo::Event> = (events.iter())
            .map(|event| match event {
                kabaleo::Event::SecretColoursDealt { secrets } => {
                    let mut secrets = secrets.clone();
                    secrets.swap(a, b);
                    kabaleo::Event::SecretColoursDealt { secrets }
                }
                other => other.clone(),
            })
            .collect();
        assert_ne!(events, swapped);
        let one = knowledge::<Kabaleo>(3, me, &events);
        let other = knowledge::<Kabaleo>(3, me, &swapped);
        for level in Level::ALL {
            let seed = game as u64;
            assert_eq!(
                choose_within(&one, level, seed, unhurried()),
                choose_within(&other, level, seed, unhurried()),
                "{level:?}"
            );
        }
    }
}

#[test]
fn a_gype_seat_chooses_the_same_whatever_the_others_arranged_in_secret() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for game in 0..6 {
        let (events, _) = random_game::<Gype>(2, game, &mut rng);
        // The other seat's start row dealt again and its swaps moved: the same for seat 0.
        let other_rows: Vec<gype::Event> = (events.iter())
            .map(|event| match event {
                gype::Event::Started { first_player, rows } => {
                    let mut rows = rows.clone();
                    rows[1] = Some(gype::deal_start_row(Default::default(), &mut rng));
                    gype::Event::Started {
                        first_player: *first_player,
                        rows,
                    }
                }
                gype::Event::Swapped { seat: 1, .. } => gype::Event::Swapped {
                    seat: 1,
                    squares: None,
                },
                other => other.clone(),
            })
            .collect();
        let one = knowledge::<Gype>(2, 0, &events);
        let other = knowledge::<Gype>(2, 0, &other_rows);
        if one.legal_commands().is_empty() {
            continue;
        }
        for level in [Level::Easy, Level::Medium] {
            assert_eq!(
                choose_within(&one, level, 3, unhurried()),
                choose_within(&other, level, 3, unhurried()),
                "{level:?}"
            );
        }
    }
}

/// What a seat may do never turns on what is hidden from it, so the moves a computer chooses
/// among are exactly the seat's legal moves.
fn legal_moves_are_known<R: Rules>(players: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for length in [0, 1, 3, 6, 10, 20, 40] {
        let (events, state) = random_game::<R>(players, length, &mut rng);
        for seat in 0..players {
            assert_eq!(
                knowledge::<R>(players, seat, &events).legal_commands(),
                R::legal_commands(&state, seat),
                "{} seat {seat} after {length} commands",
                R::KIND
            );
        }
    }
}

#[test]
fn a_seat_knows_its_legal_moves_from_what_it_was_shown() {
    legal_moves_are_known::<Kabaleo>(3, 1);
    legal_moves_are_known::<Kabaleo>(2, 2);
    legal_moves_are_known::<Gype>(2, 3);
    legal_moves_are_known::<Gype>(4, 4);
    legal_moves_are_known::<Azul>(3, 5);
}

/// The same knowledge, level and seed choose the same command, at positions along a game.
fn reproducible<R: BotGame>(players: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for length in [0, 5, 15] {
        let (events, state) = random_game::<R>(players, length, &mut rng);
        let Status::ToAct { seats } = R::status(&state) else {
            continue;
        };
        let seen = knowledge::<R>(players, seats[0], &events);
        let first = choose_within(&seen, Level::Easy, 11, unhurried());
        assert!(first.is_some(), "{}: a seat to act has a move", R::KIND);
        assert_eq!(
            first,
            choose_within(&seen, Level::Easy, 11, unhurried()),
            "{}",
            R::KIND
        );
    }
}

#[test]
fn the_same_seed_chooses_the_same_move_in_every_game() {
    reproducible::<Kalah>(2, 1);
    reproducible::<Quarto>(2, 2);
    reproducible::<Azul>(2, 3);
    reproducible::<Kabaleo>(3, 4);
    reproducible::<Gype>(2, 5);
}

/// The easy computer plays every seat of a game; `decide` accepts each of its moves. The game
/// ends within `most` commands, or (`must_end` false) is still legal after them: a Gype game
/// between weak players can wander for thousands of moves.
fn plays_a_game<R: BotGame>(players: usize, seed: u64, most: u64, must_end: bool) {
    let options = R::Options::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut events = R::setup(&options, players, &mut rng);
    let mut state = fold::<R>(&options, players, &events);
    for turn in 0..most {
        let seats = match R::status(&state) {
            Status::Finished { .. } => return,
            Status::ToAct { seats } => seats,
        };
        let seat = seats[0];
        let seen = knowledge::<R>(players, seat, &events);
        let choice = choose_within(&seen, Level::Easy, turn, unhurried()).expect("a move");
        let new = R::decide(&state, seat, &choice.command, &mut rng)
            .unwrap_or_else(|e| panic!("{}: {:?} refused: {e}", R::KIND, choice.command));
        for event in new {
            state = R::evolve(state, &event);
            events.push(event);
        }
    }
    assert!(!must_end, "{}: the game did not end", R::KIND);
}

#[test]
fn the_computer_plays_every_kind_with_legal_moves() {
    plays_a_game::<Kalah>(2, 1, 500, true);
    plays_a_game::<Quarto>(2, 2, 100, true);
    plays_a_game::<Kabaleo>(3, 3, 100, true);
    plays_a_game::<Azul>(2, 5, 1_000, true);
    plays_a_game::<Gype>(2, 4, 300, false);
}

#[test]
fn a_computer_out_of_time_still_plays_a_legal_move() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (events, state) = random_game::<Azul>(2, 4, &mut rng);
    let seat = Azul::status(&state).to_act()[0];
    let seen = knowledge::<Azul>(2, seat, &events);
    let choice = choose_within(&seen, Level::Hard, 1, Instant::now()).expect("a move");
    assert!(choice.cut_short, "{choice:?}");
    assert!(Azul::legal_commands(&state, seat).contains(&choice.command));
}

/// Every move's value to `me` by plain minimax, without pruning; None past `limit` positions.
fn exact_values<R: Rules>(state: &R::State, me: Seat, limit: &mut u64) -> Option<Vec<i8>> {
    let mover = R::status(state).to_act()[0];
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut values = Vec::new();
    for command in R::legal_commands(state, mover) {
        *limit = limit.checked_sub(1)?;
        let mut child = state.clone();
        for event in R::decide(state, mover, &command, &mut rng).unwrap() {
            child = R::evolve(child, &event);
        }
        values.push(match R::status(&child) {
            Status::Finished { outcome } => value_of(&outcome, me),
            Status::ToAct { .. } => {
                let below = exact_values::<R>(&child, me, limit)?;
                let mine = R::status(&child).to_act()[0] == me;
                let best = if mine {
                    below.iter().max()
                } else {
                    below.iter().min()
                };
                *best.expect("a running game has a move")
            }
        });
    }
    Some(values)
}

/// Along random games, from the end backwards, at every position small enough to search to the
/// end without pruning, the hard computer's move is one of the best: never a loss when a win or
/// a draw was there.
fn perfect_in_the_ending<R: BotGame>(games: u64) -> usize {
    let options = R::Options::default();
    let mut checked = 0;
    for game in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(game);
        let (events, _) = random_game::<R>(2, 500, &mut rng);
        for at in (0..events.len()).rev() {
            let state = fold::<R>(&options, 2, &events[..=at]);
            let Status::ToAct { seats } = R::status(&state) else {
                continue;
            };
            let me = seats[0];
            let Some(values) = exact_values::<R>(&state, me, &mut 50_000) else {
                break;
            };
            if values.len() < 2 {
                continue;
            }
            let seen = knowledge::<R>(2, me, &events[..=at]);
            let choice = choose_within(&seen, Level::Hard, game, unhurried()).unwrap();
            let legal = R::legal_commands(&state, me);
            let chosen = legal.iter().position(|c| *c == choice.command).unwrap();
            let best = *values.iter().max().unwrap();
            assert_eq!(
                values[chosen],
                best,
                "{}: chose {:?} worth {} of {values:?}",
                R::KIND,
                choice.command,
                values[chosen]
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_hard_computer_never_loses_a_kalah_ending_it_could_win_or_draw() {
    assert!(perfect_in_the_ending::<Kalah>(12) > 20);
}

#[test]
fn the_hard_computer_never_loses_a_quarto_ending_it_could_win_or_draw() {
    assert!(perfect_in_the_ending::<Quarto>(12) > 20);
}

#[test]
fn a_computers_knowledge_holds_only_what_its_seat_was_shown() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (events, state) = random_game::<Kabaleo>(3, 3, &mut rng);
    for seat in 0..3 {
        let seen = knowledge::<Kabaleo>(3, seat, &events);
        let redacted: Vec<kabaleo::Event> = (events.iter())
            .map(|e| Kabaleo::redact(e, Viewer::Seat(seat)))
            .collect();
        assert_eq!(seen.seen(), redacted.as_slice());
        assert_ne!(
            seen.seen(),
            events.as_slice(),
            "others' secrets are dropped"
        );
        let view = serde_json::to_value(seen.view()).unwrap();
        let theirs = serde_json::to_value(Kabaleo::view(&state, Viewer::Seat(seat))).unwrap();
        assert_eq!(view, theirs, "the seat's view is the one the page shows");
    }
}

#[test]
fn levels_are_named_and_read_back() {
    for level in Level::ALL {
        assert_eq!(Level::parse(level.as_str()), Some(level));
    }
    assert_eq!(Level::parse("impossible"), None);
}

#[test]
fn a_gype_computer_keeps_the_start_row_it_was_dealt() {
    let options = <Gype as Rules>::Options::default();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let events = Gype::setup(&options, 2, &mut rng);
    let seen = knowledge::<Gype>(2, 0, &events);
    assert!(seen.legal_commands().len() > 1, "swaps are on offer");
    for level in Level::ALL {
        let choice = choose_within(&seen, level, 5, unhurried()).expect("a move");
        assert_eq!(choice.command, gype::Command::Confirm, "{level:?}");
    }
}

#[test]
fn a_gype_computer_ends_a_chain_of_jumps_that_comes_back_on_itself() {
    use crate::rules::gype::Chain;
    let options = <Gype as Rules>::Options::default();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let events = Gype::setup(&options, 2, &mut rng);
    let mut state = fold::<Gype>(&options, 2, &events);
    let a = gype::Square { c: 3, r: 4 };
    let b = gype::Square { c: 5, r: 4 };
    let legal = vec![
        gype::Command::Jump { from: a, to: b },
        gype::Command::EndMove,
    ];
    state.chain = Some(Chain {
        trail: vec![a, b],
        jumped: vec![],
    });
    assert_eq!(<Gype as BotGame>::forced(&state, &legal), None);
    state.chain = Some(Chain {
        trail: vec![a, b, a],
        jumped: vec![],
    });
    assert_eq!(<Gype as BotGame>::forced(&state, &legal), Some(1));
}
