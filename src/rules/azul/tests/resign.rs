//! Resigning from a game of three or more players: what becomes of the seat's tiles, the start
//! player token and the turn in every phase, and random games in which seats resign at random
//! moments and the others play on to the end.

use Colour::*;
use rand::RngExt;
use serde_json::json;

use super::super::super::playout::round_trips;
use super::super::super::{Rules, Status, Viewer, fold};
use super::super::model::board::BoardSide;
use super::super::model::state::{Pending, Phase, State};
use super::super::{Awaiting, Azul, Colour, Command, Event, Options, Source, Tiles, tile_count};
use super::playouts::{MAX_COMMANDS, candidates, invariant};
use super::support::*;

/// Folds events onto a state.
fn apply(state: &State, events: &[Event]) -> State {
    events.iter().fold(state.clone(), Azul::evolve)
}

/// Resigns `seat` and applies the events.
fn resign(state: &State, seat: usize) -> (Vec<Event>, State) {
    let events = Azul::resign(state, seat);
    let after = apply(state, &events);
    (events, after)
}

fn take(source: Source, colour: Colour) -> Command {
    Command::Take { source, colour }
}

fn to_act(state: &State) -> Vec<usize> {
    Azul::status(state).to_act().to_vec()
}

/// Puts tiles on the corner spaces of a seat, from the bag.
fn set_corner(state: &mut State, seat: usize, tiles: Tiles) {
    state.players[seat].corner = tiles;
    state.bag.remove_all(&tiles);
}

/// Phase 1 of round 2 (green wild) for 4 players: factory 1 red and blue, factory 2 yellow,
/// factory 3 orange and one green; seat 1 holds the 3 red it took.
fn four_taking() -> State {
    let mut state = acquiring(4, 2);
    state.factories[0] = tiles(&[(Red, 2), (Blue, 2)]);
    state.factories[1] = tiles(&[(Yellow, 4)]);
    state.factories[2] = tiles(&[(Orange, 3), (Green, 1)]);
    state.bag.remove_all(&tiles(&[
        (Red, 2),
        (Blue, 2),
        (Yellow, 4),
        (Orange, 3),
        (Green, 1),
    ]));
    set_hand(&mut state, 1, tiles(&[(Red, 3)]));
    state
}

// ---- Phase 1 ----------------------------------------------------------------------------------

#[test]
fn resigning_on_ones_own_turn_in_phase_1_sends_the_hand_to_the_tower_and_passes_the_turn() {
    // Given seat 1 to take, holding 3 red
    let mut state = four_taking();
    state.current = 1;
    // When it resigns
    let (events, after) = resign(&state, 1);
    // Then its tiles go to the tower and seat 2 takes next
    assert_eq!(
        events,
        vec![Event::SeatResigned {
            seat: 1,
            hand: tiles(&[(Red, 3)]),
            corner: Tiles::EMPTY,
            bonus_forfeited: 0,
            token_passed_to: None,
            start_player_passed_to: None,
        }]
    );
    assert!(after.players[1].resigned && after.players[1].hand.is_empty());
    assert_eq!(after.tower, tiles(&[(Red, 3)]));
    assert_eq!(after.players[1].score, 5, "no points lost");
    assert_eq!(tile_count(&after), 132);
    assert_eq!(after.factories, state.factories, "the offer is unchanged");
    assert_eq!(to_act(&after), vec![2]);
    assert!(Azul::legal_commands(&after, 1).is_empty());
    assert_eq!(
        try_run(&after, 1, &take(Source::Factory(2), Yellow))
            .unwrap_err()
            .to_string(),
        "It is not your turn."
    );
    // And later turns go round without it: 2, 3, 0, then 2 again
    let (_, after) = run(&after, 2, &take(Source::Factory(2), Yellow));
    assert_eq!(after.current, 3);
    let (_, after) = run(&after, 3, &take(Source::Factory(3), Orange));
    assert_eq!(after.current, 0);
    let (_, after) = run(&after, 0, &take(Source::Factory(1), Red));
    assert_eq!(to_act(&after), vec![2]);
    assert_eq!(tile_count(&after), 132);
}

#[test]
fn resigning_on_another_players_turn_in_phase_1_leaves_the_turn_and_is_skipped_later() {
    // Given seat 0 to take
    let state = four_taking();
    // When seat 2 resigns
    let (events, after) = resign(&state, 2);
    // Then seat 0 still takes, and after seat 1 comes seat 3
    assert_eq!(events.len(), 1);
    assert_eq!(to_act(&after), vec![0]);
    let (_, after) = run(&after, 0, &take(Source::Factory(2), Yellow));
    assert_eq!(after.current, 1);
    let (_, after) = run(&after, 1, &take(Source::Factory(1), Red));
    assert_eq!(to_act(&after), vec![3]);
}

#[test]
fn the_token_holder_resigning_in_phase_1_passes_the_token_on_at_no_cost() {
    // Given seat 1 took the start player token this round (and paid for it) and is to take the
    // last 4 red
    let mut state = acquiring(4, 2);
    state.factories[0] = tiles(&[(Red, 4)]);
    state.bag.remove(Red, 4);
    set_hand(&mut state, 1, tiles(&[(Blue, 2)]));
    state.token = Some(1);
    state.current = 1;
    // When it resigns
    let (events, after) = resign(&state, 1);
    // Then the token goes to seat 2, who loses nothing, and goes first in phase 2
    assert!(matches!(
        events[0],
        Event::SeatResigned {
            token_passed_to: Some(2),
            start_player_passed_to: None,
            ..
        }
    ));
    assert_eq!(after.token, Some(2));
    assert_eq!(after.players[2].score, 5);
    let (events, after) = run(&after, 2, &take(Source::Factory(1), Red));
    assert!(events.contains(&Event::PlacingStarted { start_player: 2 }));
    assert_eq!(after.phase, Phase::Place);
    assert_eq!(to_act(&after), vec![2]);
    let view = Azul::view(&after, Viewer::Spectator);
    assert!(view.players[2].has_start_player_token && view.players[1].resigned);
}

#[test]
fn the_start_player_resigning_while_the_token_is_in_the_centre_hands_on_the_start() {
    // Given seat 1 started the round, nobody has taken the token, seat 0 is to take the last tiles
    let mut state = acquiring(4, 2);
    state.start_player = 1;
    state.factories[0] = tiles(&[(Red, 4)]);
    state.bag.remove(Red, 4);
    set_hand(&mut state, 2, tiles(&[(Blue, 1)]));
    // When seat 1 resigns
    let (events, after) = resign(&state, 1);
    // Then seat 2 becomes the start player and places first once phase 1 ends
    assert!(matches!(
        events[0],
        Event::SeatResigned {
            token_passed_to: None,
            start_player_passed_to: Some(2),
            ..
        }
    ));
    assert_eq!(to_act(&after), vec![0]);
    let (events, after) = run(&after, 0, &take(Source::Factory(1), Red));
    assert!(events.contains(&Event::PlacingStarted { start_player: 2 }));
    assert_eq!(to_act(&after), vec![2]);
}

// ---- Phase 2 ----------------------------------------------------------------------------------

#[test]
fn resigning_while_placing_passes_the_turn_and_the_next_round_has_fewer_factories() {
    // Given round 2 for 4 players: seat 0 (token holder) to place, seats 1 and 2 still placing,
    // seat 3 passed with 2 yellow kept
    let mut state = placing(BoardSide::Standard, 4, 2);
    state.players[1].passed = false;
    state.players[2].passed = false;
    set_hand(&mut state, 0, tiles(&[(Red, 3)]));
    set_hand(&mut state, 1, tiles(&[(Blue, 2)]));
    set_hand(&mut state, 2, tiles(&[(Orange, 1)]));
    set_corner(&mut state, 3, tiles(&[(Yellow, 2)]));
    // When seat 0 resigns
    let (events, after) = resign(&state, 0);
    // Then its tiles go to the tower, the token to seat 1, who places next
    assert_eq!(
        events,
        vec![Event::SeatResigned {
            seat: 0,
            hand: tiles(&[(Red, 3)]),
            corner: Tiles::EMPTY,
            bonus_forfeited: 0,
            token_passed_to: Some(1),
            start_player_passed_to: Some(1),
        }]
    );
    assert!(after.players[0].passed);
    assert_eq!(to_act(&after), vec![1]);
    assert_eq!(tile_count(&after), 132);
    // And when the others pass, round 3 starts with seat 1 and 7 factories for 3 players
    let (_, after) = run(&after, 1, &Command::Pass);
    let (events, after) = run(&after, 2, &Command::Pass);
    assert!(events.contains(&Event::RoundStarted {
        round: 3,
        start_player: 1
    }));
    assert_eq!(after.factories.len(), 7);
    assert!(after.factories.iter().all(|f| f.total() == 4));
    assert_eq!(after.players[3].hand, tiles(&[(Yellow, 2)]));
    assert!(after.players[0].passed && after.players[0].hand.is_empty());
    assert_eq!(to_act(&after), vec![1]);
    assert_eq!(tile_count(&after), 132);
    assert_eq!(Azul::view(&after, Viewer::Spectator).factories.len(), 7);
}

#[test]
fn resigning_while_choosing_bonus_tiles_forfeits_them() {
    // Given seat 0 completed a window and owes itself 3 supply tiles, seat 1 still placing
    let mut state = placing(BoardSide::Standard, 3, 2);
    state.players[1].passed = false;
    set_hand(&mut state, 1, tiles(&[(Red, 1)]));
    fill(&mut state, 0, &[(4, 5)]);
    set_hand(&mut state, 0, tiles(&[(Blue, 7)]));
    let (_, state) = run(&state, 0, &place(4, 6, Blue, 0));
    assert_eq!(state.pending, Some(Pending::Bonus(3)));
    // When it resigns
    let (events, after) = resign(&state, 0);
    // Then the bonus stays in the supply, its last blue goes to the tower, seat 1 places
    assert_eq!(
        events,
        vec![Event::SeatResigned {
            seat: 0,
            hand: tiles(&[(Blue, 1)]),
            corner: Tiles::EMPTY,
            bonus_forfeited: 3,
            token_passed_to: Some(1),
            start_player_passed_to: Some(1),
        }]
    );
    assert_eq!(after.supply, state.supply);
    assert_eq!(after.pending, None);
    assert_eq!(to_act(&after), vec![1]);
    assert_eq!(
        Azul::view(&after, Viewer::Spectator).awaiting,
        Awaiting::PlaceOrPass
    );
    assert_eq!(
        after.players[0].board, state.players[0].board,
        "the board stays"
    );
    assert_eq!(tile_count(&after), 132);
}

#[test]
fn resigning_while_choosing_tiles_to_keep_costs_no_points() {
    // Given seat 0 passed with 6 tiles and must choose what to keep, seat 1 still placing
    let mut state = placing(BoardSide::Standard, 3, 2);
    state.players[1].passed = false;
    set_hand(&mut state, 1, tiles(&[(Red, 1)]));
    set_hand(&mut state, 0, tiles(&[(Blue, 6)]));
    let (_, state) = run(&state, 0, &Command::Pass);
    assert_eq!(state.pending, Some(Pending::Keep));
    // When it resigns
    let (events, after) = resign(&state, 0);
    // Then all 6 go to the tower with no penalty and seat 1 places
    assert!(matches!(
        &events[..],
        [Event::SeatResigned { hand, .. }] if *hand == tiles(&[(Blue, 6)])
    ));
    assert_eq!(after.players[0].score, 5);
    assert_eq!(after.pending, None);
    assert_eq!(to_act(&after), vec![1]);
}

#[test]
fn a_seat_that_already_passed_resigns_with_its_corner_tiles() {
    // Given seat 2 passed keeping 2 green, seat 0 to place
    let mut state = placing(BoardSide::Standard, 3, 2);
    set_hand(&mut state, 0, tiles(&[(Red, 2)]));
    set_corner(&mut state, 2, tiles(&[(Green, 2)]));
    // When seat 2 resigns
    let (events, after) = resign(&state, 2);
    // Then the corner tiles go to the tower and seat 0 is still to place
    assert_eq!(
        events,
        vec![Event::SeatResigned {
            seat: 2,
            hand: Tiles::EMPTY,
            corner: tiles(&[(Green, 2)]),
            bonus_forfeited: 0,
            token_passed_to: None,
            start_player_passed_to: None,
        }]
    );
    assert_eq!(after.tower, tiles(&[(Green, 2)]));
    assert_eq!(to_act(&after), vec![0]);
    assert_eq!(
        Azul::legal_commands(&after, 0),
        Azul::legal_commands(&state, 0)
    );
}

/// Round 2 for 4 players: seat 0 is the last one placing (3 red), seat 2 holds the token and
/// started the round, seat 1 kept 2 blue.
fn last_one_placing() -> State {
    let mut state = placing(BoardSide::Standard, 4, 2);
    state.token = Some(2);
    state.start_player = 2;
    set_hand(&mut state, 0, tiles(&[(Red, 3)]));
    set_corner(&mut state, 1, tiles(&[(Blue, 2)]));
    state
}

#[test]
fn the_last_one_placing_resigning_ends_phase_2_and_the_next_start_player_prepares_the_round() {
    // Given seat 0 is the last one placing in round 2
    let state = last_one_placing();
    // When it resigns
    let (events, after) = resign(&state, 0);
    // Then phase 2 is over and seat 2, who starts round 3, must prepare it with a pass
    assert_eq!(
        events[1..],
        [Event::RoundOver {
            round: 2,
            next_start_player: 2
        }]
    );
    assert_eq!(after.pending, Some(Pending::NextRound));
    assert_eq!(to_act(&after), vec![2]);
    assert_eq!(Azul::legal_commands(&after, 2), vec![Command::Pass]);
    assert!(Azul::legal_commands(&after, 1).is_empty());
    assert_eq!(
        crate::i18n::Lang::En.say(&Azul::command_label(&after, &Command::Pass), &[]),
        "Start round 3"
    );
    assert_eq!(
        try_run(&after, 2, &place(1, 1, Purple, 0))
            .unwrap_err()
            .to_string(),
        "This round is over: pass to start the next one."
    );
    let view = Azul::view(&after, Viewer::Seat(2));
    assert_eq!(
        (view.to_act, view.awaiting),
        (Some(2), Awaiting::PlaceOrPass)
    );
    // When seat 2 passes
    let (events, next) = run(&after, 2, &Command::Pass);
    // Then round 3 begins with 7 factories filled from the bag
    assert_eq!(
        events[0],
        Event::RoundStarted {
            round: 3,
            start_player: 2
        }
    );
    assert!(matches!(events[1], Event::FactoriesFilled { ref tiles } if tiles.len() == 7));
    assert_eq!(next.phase, Phase::Acquire);
    assert_eq!(next.factories.len(), 7);
    assert!(next.factories.iter().all(|f| f.total() == 4));
    assert_eq!(next.players[1].hand, tiles(&[(Blue, 2)]));
    assert_eq!(to_act(&next), vec![2]);
    assert_eq!(tile_count(&next), 132);
}

#[test]
fn the_last_one_placing_holding_the_token_hands_the_next_round_to_its_left() {
    // Given seat 0 is the last one placing and holds the token
    let mut state = last_one_placing();
    state.token = Some(0);
    // When it resigns
    let (events, after) = resign(&state, 0);
    // Then seat 1 takes the token and prepares round 3
    assert!(matches!(
        events[0],
        Event::SeatResigned {
            token_passed_to: Some(1),
            start_player_passed_to: None,
            ..
        }
    ));
    assert_eq!(
        events[1],
        Event::RoundOver {
            round: 2,
            next_start_player: 1
        }
    );
    assert_eq!(to_act(&after), vec![1]);
}

#[test]
fn the_start_player_resigning_before_preparing_the_round_hands_it_on() {
    // Given seat 2 must prepare round 3 after seat 0 resigned
    let (_, state) = resign(&last_one_placing(), 0);
    // When seat 2 resigns too
    let (events, after) = resign(&state, 2);
    // Then seat 3 takes the token and prepares the round, which has 5 factories for 2 players
    assert!(matches!(
        &events[..],
        [Event::SeatResigned {
            token_passed_to: Some(3),
            start_player_passed_to: Some(3),
            ..
        }]
    ));
    assert_eq!(to_act(&after), vec![3]);
    assert_eq!(Azul::legal_commands(&after, 3), vec![Command::Pass]);
    let (events, next) = run(&after, 3, &Command::Pass);
    assert!(events.contains(&Event::RoundStarted {
        round: 3,
        start_player: 3
    }));
    assert_eq!(next.factories.len(), 5);
    assert_eq!(to_act(&next), vec![3]);
}

#[test]
fn others_with_empty_hands_pass_by_themselves_after_a_resignation() {
    // Given seat 0 to place, seat 1 not yet passed but without tiles, seat 2 passed
    let mut state = placing(BoardSide::Standard, 3, 2);
    state.players[1].passed = false;
    set_hand(&mut state, 0, tiles(&[(Red, 2)]));
    // When seat 0 resigns
    let (events, after) = resign(&state, 0);
    // Then seat 1 passes by itself and the round waits for seat 1 (the token passed to it)
    assert_eq!(
        events[1..],
        [
            Event::Passed { seat: 1 },
            Event::TilesKept {
                seat: 1,
                kept: Tiles::EMPTY,
                discarded: Tiles::EMPTY,
                points_lost: 0
            },
            Event::RoundOver {
                round: 2,
                next_start_player: 1
            }
        ]
    );
    assert_eq!(to_act(&after), vec![1]);
}

#[test]
fn the_last_one_placing_in_round_6_resigning_ends_the_game_and_never_wins() {
    // Given round 6, seat 0 (top score) is the last one placing
    let mut state = placing(BoardSide::Standard, 3, 6);
    state.players[0].score = 30;
    state.players[1].score = 10;
    state.players[2].score = 12;
    set_hand(&mut state, 0, tiles(&[(Red, 2)]));
    // When it resigns
    let (events, after) = resign(&state, 0);
    // Then the others are scored and seat 2 wins; seat 0's score is still reported
    let scored: Vec<usize> = events
        .iter()
        .filter_map(|e| match e {
            Event::FinalScored { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(scored, vec![1, 2]);
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded {
            winners: vec![2],
            scores: vec![30, 10, 12]
        })
    );
    let Status::Finished { outcome } = Azul::status(&after) else {
        panic!("the game is over")
    };
    assert_eq!(outcome.winners, vec![2]);
    assert_eq!(outcome.scores, vec![30, 10, 12]);
    assert_eq!(after.tower, tiles(&[(Red, 2)]));
    assert_eq!(tile_count(&after), 132);
}

#[test]
fn a_resigned_seat_is_never_among_the_winners_even_on_top() {
    // Given seat 1 resigned with the best score, and the game ends normally
    let mut state = placing(BoardSide::Standard, 3, 6);
    set_hand(&mut state, 0, tiles(&[(Red, 1)]));
    state.players[1].score = 50;
    state.players[2].score = 9;
    let (_, state) = resign(&state, 1);
    // When the last player passes
    let (events, after) = run(&state, 0, &Command::Pass);
    // Then seat 2 wins with 9, seat 1's 50 is reported but does not count
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded {
            winners: vec![2],
            scores: vec![4, 50, 9]
        })
    );
    assert_eq!(Azul::status(&after).to_act(), &[] as &[usize]);
}

// ---- Odd calls, texts and shapes ----------------------------------------------------------------

#[test]
fn resigning_twice_out_of_range_or_after_the_end_does_nothing() {
    let state = four_taking();
    let (_, after) = resign(&state, 1);
    assert!(Azul::resign(&after, 1).is_empty());
    assert!(Azul::resign(&after, 9).is_empty());
    let mut ended = after.clone();
    ended.phase = Phase::Ended;
    assert!(Azul::resign(&ended, 2).is_empty());
    let fresh = State::new(&Options::default(), 3);
    assert!(Azul::resign(&fresh, 0).is_empty(), "before the setup");
    // Events that do not fit are ignored
    let odd = [
        Event::SeatResigned {
            seat: 9,
            hand: tiles(&[(Red, 40)]),
            corner: Tiles::EMPTY,
            bonus_forfeited: 2,
            token_passed_to: Some(12),
            start_player_passed_to: None,
        },
        Event::RoundOver {
            round: 9,
            next_start_player: 7,
        },
    ];
    let after = odd.iter().fold(after, Azul::evolve);
    assert_eq!(tile_count(&after), 132);
    assert!(Azul::status(&after).to_act().is_empty());
    let _ = Azul::view(&after, Viewer::Everyone);
}

#[test]
fn the_new_events_read_as_sentences_and_have_readable_json() {
    let names: Vec<String> = ["Ann", "Bo", "Cy"].map(String::from).to_vec();
    let full = Event::SeatResigned {
        seat: 1,
        hand: tiles(&[(Red, 2), (Blue, 1)]),
        corner: tiles(&[(Green, 1)]),
        bonus_forfeited: 2,
        token_passed_to: Some(2),
        start_player_passed_to: Some(2),
    };
    assert_eq!(
        crate::i18n::Lang::En.say(&Azul::describe(&full), &names),
        "Bo left the game: 1 green, 1 blue and 2 red went to the tower, the 2 tiles \
         owed as a bonus stayed in the supply and Cy took over the start player token."
    );
    let bare = Event::SeatResigned {
        seat: 0,
        hand: Tiles::EMPTY,
        corner: Tiles::EMPTY,
        bonus_forfeited: 0,
        token_passed_to: None,
        start_player_passed_to: Some(1),
    };
    assert_eq!(
        crate::i18n::Lang::En.say(&Azul::describe(&bare), &names),
        "Ann left the game: Bo took over as start player."
    );
    let over = Event::RoundOver {
        round: 2,
        next_start_player: 2,
    };
    assert_eq!(
        crate::i18n::Lang::En.say(&Azul::describe(&over), &names),
        "Nobody still playing has tiles to place: round 2 is over, and Cy starts round 3."
    );
    assert_eq!(
        serde_json::to_value(&full).unwrap(),
        json!({"type": "seat_resigned", "seat": 1, "hand": ["blue", "red", "red"],
               "corner": ["green"], "bonus_forfeited": 2, "token_passed_to": 2,
               "start_player_passed_to": 2})
    );
    assert_eq!(
        serde_json::to_value(&over).unwrap(),
        json!({"type": "round_over", "round": 2, "next_start_player": 2})
    );
    for event in [full, bare, over] {
        round_trips(&event).unwrap();
        for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
            assert_eq!(Azul::redact(&event, viewer), event, "Azul has no secrets");
        }
        assert!(!event.is_player_move());
    }
}

// ---- Random games with resignations --------------------------------------------------------------

/// What a random game with resignations went through.
#[derive(Default)]
struct Seen {
    resignations: usize,
    round_over: usize,
    bonus_forfeited: usize,
    token_passed: usize,
    on_own_turn: usize,
    in_phase: [usize; 2],
}

/// The checks of `playout::checked_playout` for one state: only the seats to act have legal
/// commands, `decide` accepts each of them and refuses every other candidate.
fn check_legality(state: &State, players: usize, rng: &mut impl rand::Rng) -> Result<(), String> {
    let seats = to_act(state);
    for seat in 0..players {
        let legal = Azul::legal_commands(state, seat);
        if !seats.contains(&seat) && !legal.is_empty() {
            return Err(format!("seat {seat} is not to act but has legal commands"));
        }
        for command in &legal {
            Azul::decide(state, seat, command, rng)
                .map_err(|e| format!("seat {seat}: decide refused legal {command:?}: {e}"))?;
        }
        for command in candidates(state, seat) {
            if !legal.contains(&command) && Azul::decide(state, seat, &command, rng).is_ok() {
                return Err(format!("seat {seat}: decide accepted illegal {command:?}"));
            }
        }
    }
    Ok(())
}

/// Invariants of the seats that left: never to act, no tiles, passed in phase 2.
fn check_resigned(state: &State) -> Result<(), String> {
    for (seat, player) in state.players.iter().enumerate() {
        if !player.resigned {
            continue;
        }
        if to_act(state).contains(&seat) || !Azul::legal_commands(state, seat).is_empty() {
            return Err(format!("resigned seat {seat} is asked to act"));
        }
        if !player.hand.is_empty() || !player.corner.is_empty() {
            return Err(format!("resigned seat {seat} holds tiles"));
        }
        if state.phase == Phase::Place && !player.passed {
            return Err(format!("resigned seat {seat} has not passed"));
        }
    }
    if matches!(state.phase, Phase::Acquire | Phase::Place) && to_act(state).len() != 1 {
        return Err(format!("{:?} to act in a running game", to_act(state)));
    }
    Ok(())
}

/// One random game on `options` in which up to `resignations` random seats resign at random
/// moments (half the time the seat to act, more often while a bonus, a keep choice or the next
/// round is pending), checking everything after every step. `eager` players place whenever
/// they can 9 times in 10, so that boards fill and bonuses are owed.
fn resigning_playout(
    options: &Options,
    players: usize,
    resignations: usize,
    eager: bool,
    seed: u64,
    seen: &mut Seen,
) -> Result<(), String> {
    let mut rng = rng(seed);
    let mut events = Azul::setup(options, players, &mut rng);
    let mut state = fold::<Azul>(options, players, &events);
    let mut left = resignations;
    let mut steps = 0;
    while let Status::ToAct { seats } = Azul::status(&state) {
        steps += 1;
        if steps > MAX_COMMANDS {
            return Err("the game did not end".into());
        }
        check_legality(&state, players, &mut rng)?;
        let seated: Vec<usize> = (0..players)
            .filter(|&s| !state.players[s].resigned)
            .collect();
        let odds = if state.pending.is_some() { 4 } else { 40 };
        let new_events = if left > 0 && seated.len() > 2 && rng.random_range(0..odds) == 0 {
            left -= 1;
            let seat = if rng.random_bool(0.5) {
                seats[0]
            } else {
                seated[rng.random_range(0..seated.len())]
            };
            let new = Azul::resign(&state, seat);
            if new.is_empty() {
                return Err(format!("seat {seat} could not resign"));
            }
            seen.resignations += 1;
            seen.on_own_turn += usize::from(seat == seats[0]);
            seen.in_phase[usize::from(state.phase == Phase::Place)] += 1;
            new
        } else {
            let seat = seats[0];
            let mut legal = Azul::legal_commands(&state, seat);
            if eager && rng.random_range(0..10) > 0 {
                let places: Vec<Command> = legal
                    .iter()
                    .filter(|c| matches!(c, Command::Place { .. }))
                    .cloned()
                    .collect();
                if !places.is_empty() {
                    legal = places;
                }
            }
            let command = legal
                .get(rng.random_range(0..legal.len().max(1)))
                .ok_or_else(|| format!("seat {seat} must act but has no legal command"))?
                .clone();
            round_trips(&command)?;
            Azul::decide(&state, seat, &command, &mut rng)
                .map_err(|e| format!("decide refused legal {command:?}: {e}"))?
        };
        for event in &new_events {
            round_trips(event)?;
            match event {
                Event::RoundOver { .. } => seen.round_over += 1,
                Event::SeatResigned {
                    bonus_forfeited,
                    token_passed_to,
                    ..
                } => {
                    seen.bonus_forfeited += usize::from(*bonus_forfeited > 0);
                    seen.token_passed += usize::from(token_passed_to.is_some());
                }
                _ => {}
            }
            state = Azul::evolve(state, event);
            invariant(&state)?;
        }
        check_resigned(&state)?;
        events.extend(new_events);
    }
    if fold::<Azul>(options, players, &events) != state {
        return Err("folding all events gives a different state than playing them".into());
    }
    let rounds = events
        .iter()
        .filter(|e| matches!(e, Event::RoundStarted { .. }))
        .count();
    if rounds != 6 || state.phase != Phase::Ended {
        return Err(format!("{rounds} rounds were started"));
    }
    let Status::Finished { outcome } = Azul::status(&state) else {
        return Err("the game is not over".into());
    };
    let best = (0..players)
        .filter(|&s| !state.players[s].resigned)
        .map(|s| outcome.scores[s])
        .max();
    if outcome.winners.is_empty()
        || outcome
            .winners
            .iter()
            .any(|&w| state.players[w].resigned || Some(outcome.scores[w]) != best)
    {
        return Err(format!("wrong winners {:?}", outcome.winners));
    }
    let names: Vec<String> = (0..players).map(|s| format!("P{s}")).collect();
    for event in &events {
        let text = crate::i18n::Lang::En.say(&Azul::describe(event), &names);
        if !text.ends_with('.') || text.contains('{') {
            return Err(format!("odd sentence: {text}"));
        }
    }
    Ok(())
}

#[test]
fn random_games_with_resignations_end_normally_among_the_others() {
    let mut seen = Seen::default();
    for board in [BoardSide::Standard, BoardSide::Variant] {
        let options = Options { board };
        for (players, resignations) in [(3, 1), (4, 1), (4, 2)] {
            for game in 0..20 {
                let seed = 700_000 + 10_000 * players as u64 + 1_000 * resignations as u64 + game;
                let seed = seed + board as u64 * 100_000;
                let eager = game % 2 == 1;
                resigning_playout(&options, players, resignations, eager, seed, &mut seen)
                    .unwrap_or_else(|e| {
                        panic!("{board:?}, {players} players, {resignations} resigning, game {game}: {e}")
                    });
            }
        }
    }
    assert!(
        seen.resignations >= 100,
        "{} resignations",
        seen.resignations
    );
    assert!(seen.on_own_turn > 0 && seen.in_phase.iter().all(|&n| n > 0));
    assert!(seen.token_passed > 0);
    assert!(seen.round_over > 0 && seen.bonus_forfeited > 0);
}

/// Resigns the last seat placing at every step of phase 2 of random games, so that `RoundOver`
/// (and in round 6 the final scoring) is reached from every kind of moment.
#[test]
fn resigning_as_the_last_one_placing_always_leads_on_to_the_next_round() {
    let mut round_over = 0;
    for seed in 0..30 {
        let options = Options::default();
        let mut rng = rng(800_000 + seed);
        let events = Azul::setup(&options, 3, &mut rng);
        let mut state = fold::<Azul>(&options, 3, &events);
        while let Status::ToAct { seats } = Azul::status(&state) {
            let seat = seats[0];
            let others_done = state
                .players
                .iter()
                .enumerate()
                .all(|(s, p)| s == seat || p.passed);
            if state.phase == Phase::Place && others_done && state.pending.is_none() {
                let (events, after) = resign(&state, seat);
                invariant(&after).unwrap();
                check_resigned(&after).unwrap();
                match events.last() {
                    Some(Event::RoundOver {
                        next_start_player, ..
                    }) => {
                        round_over += 1;
                        assert_eq!(to_act(&after), vec![*next_start_player]);
                        let (_, next) = run(&after, *next_start_player, &Command::Pass);
                        assert_eq!(next.phase, Phase::Acquire);
                        assert_eq!(next.factories.len(), 5);
                        assert!(next.factories.iter().all(|f| f.total() == 4));
                        invariant(&next).unwrap();
                    }
                    Some(Event::GameEnded { winners, .. }) => {
                        assert!(!winners.contains(&seat));
                    }
                    other => panic!("resigning last led to {other:?}"),
                }
            }
            let legal = Azul::legal_commands(&state, seat);
            let command = legal[rng.random_range(0..legal.len())].clone();
            let new = Azul::decide(&state, seat, &command, &mut rng).unwrap();
            state = apply(&state, &new);
        }
    }
    assert!(round_over > 50);
}
