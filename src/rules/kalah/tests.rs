//! Given/when/then tests: the worked cases of kalah.md §7, end rules, pie rule, errors, texts.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::rules::fold;

const SOUTH: Seat = 0;
const NORTH: Seat = 1;

fn options(end_rule: EndRule) -> Options {
    Options {
        end_rule,
        ..Options::default()
    }
}

fn both_end_rules() -> [EndRule; 2] {
    [EndRule::NoMove, EndRule::EitherSideEmpty]
}

/// A position with seat 0 on South and seat 1 on North, no pie rule pending. North's store holds
/// whatever makes the total 12 × seeds per pit, so every position conserves seeds.
fn given(
    options: Options,
    south: [u32; 6],
    north: [u32; 6],
    south_store: u32,
    to_move: Seat,
) -> State {
    let total = 12 * u32::from(options.seeds_per_pit);
    let on_board: u32 = south.iter().chain(&north).sum::<u32>() + south_store;
    assert!(
        on_board <= total,
        "the position holds more than {total} seeds"
    );
    let mut state = Kalah::initial_state(&options, 2);
    state.board = Board {
        pits: [south, north],
        stores: [south_store, total - on_board],
    };
    state.to_move = Some(to_move);
    state.first_player = Some(SOUTH);
    state
}

/// A fresh game where `first` was drawn to move first.
fn start(options: Options, first: Seat) -> State {
    let side = if first == 0 { Side::South } else { Side::North };
    fold::<Kalah>(
        &options,
        2,
        &[Event::FirstPlayerDrawn { seat: first, side }],
    )
}

fn attempt(state: &State, seat: Seat, command: Command) -> Result<Vec<Event>, RuleError> {
    Kalah::decide(state, seat, &command, &mut ChaCha8Rng::seed_from_u64(7))
}

/// Issues a command that must be accepted; returns its events and the state after them.
fn play(state: &State, seat: Seat, command: Command) -> (Vec<Event>, State) {
    let events = attempt(state, seat, command.clone())
        .unwrap_or_else(|e| panic!("{command:?} by seat {seat} was refused: {e}"));
    let after = events.iter().fold(state.clone(), Kalah::evolve);
    (events, after)
}

fn refusal(state: &State, seat: Seat, command: Command) -> String {
    match attempt(state, seat, command.clone()) {
        Ok(events) => panic!("{command:?} by seat {seat} was accepted: {events:?}"),
        Err(e) => e.to_string(),
    }
}

fn sow(pit: u8) -> Command {
    Command::Sow { pit }
}

fn sowed(seat: Seat, side: Side, pit: u8, seeds: u32, captured: u32, extra_turn: bool) -> Event {
    Event::Sowed {
        seat,
        side,
        pit,
        seeds,
        captured,
        extra_turn,
    }
}

fn end_of(state: &State) -> (EndReason, [u32; 2]) {
    let end = state.end.clone().expect("the game should be over");
    (end.reason, end.swept)
}

fn total(state: &State) -> u32 {
    state.board.total()
}

// ---- §2/§3: sowing, captures, extra turns -------------------------------------------------

#[test]
fn thirteen_seeds_lap_the_board_and_capture_from_the_emptied_origin_pit() {
    for end_rule in both_end_rules() {
        // Given South's pit 5 holds 13 seeds and the opposite North pit (North's pit 2) holds 2.
        let state = given(
            options(end_rule),
            [1, 1, 1, 1, 13, 1],
            [1, 2, 1, 1, 1, 1],
            10,
            SOUTH,
        );
        // When South sows pit 5.
        let (events, after) = play(&state, SOUTH, sow(4));
        // Then the lap drops the 13th seed into the emptied origin pit, which captures the
        // opposite pit (2 + 1 from the lap) plus that seed: 4, as in BGA's own example.
        assert_eq!(events, vec![sowed(SOUTH, Side::South, 4, 13, 4, false)]);
        assert_eq!(after.board.pits[0], [2, 2, 2, 2, 0, 2]);
        assert_eq!(after.board.pits[1], [2, 0, 2, 2, 2, 2]);
        assert_eq!(after.board.stores[0], 10 + 1 + 4);
        assert_eq!(after.board.stores[1], state.board.stores[1]);
        assert_eq!(after.to_move, Some(NORTH));
        assert_eq!(total(&after), 48);
    }
}

#[test]
fn fourteen_seeds_end_in_a_pit_already_sown_this_turn_and_do_not_capture() {
    // Given South's pit 5 holds 14 seeds: the 13th falls back into the origin, the 14th into
    // pit 6, which already received a seed on the first lap.
    let state = given(
        options(EndRule::NoMove),
        [1, 1, 1, 1, 14, 0],
        [1, 2, 1, 1, 1, 1],
        10,
        SOUTH,
    );
    let (events, after) = play(&state, SOUTH, sow(4));
    assert_eq!(events, vec![sowed(SOUTH, Side::South, 4, 14, 0, false)]);
    assert_eq!(after.board.pits[0], [2, 2, 2, 2, 1, 2]);
    assert_eq!(after.board.pits[1], [2, 3, 2, 2, 2, 2]);
    assert_eq!(after.to_move, Some(NORTH));
}

#[test]
fn last_seed_in_an_empty_own_pit_facing_an_empty_pit_stays_without_empty_capture() {
    // Given South's pit 1 holds 2 seeds, South's pit 3 is empty and so is the North pit
    // opposite it (North's pit 4).
    let state = given(
        options(EndRule::NoMove),
        [2, 0, 0, 3, 3, 3],
        [3, 3, 3, 0, 3, 3],
        10,
        SOUTH,
    );
    // When South sows pit 1, the last seed lands in the empty pit 3.
    let (events, after) = play(&state, SOUTH, sow(0));
    // Then nothing is captured: the seed stays, and the turn passes.
    assert_eq!(events, vec![sowed(SOUTH, Side::South, 0, 2, 0, false)]);
    assert_eq!(after.board.pits[0], [0, 1, 1, 3, 3, 3]);
    assert_eq!(after.board.stores, state.board.stores);
    assert_eq!(after.to_move, Some(NORTH));
}

#[test]
fn last_seed_in_an_empty_own_pit_facing_an_empty_pit_is_banked_with_empty_capture() {
    let options = Options {
        empty_capture: true,
        ..Options::default()
    };
    let state = given(options, [2, 0, 0, 3, 3, 3], [3, 3, 3, 0, 3, 3], 10, SOUTH);
    let (events, after) = play(&state, SOUTH, sow(0));
    // Then only the capturing seed goes to the store, the pit is emptied, the turn passes.
    assert_eq!(events, vec![sowed(SOUTH, Side::South, 0, 2, 1, false)]);
    assert_eq!(after.board.pits[0], [0, 1, 0, 3, 3, 3]);
    assert_eq!(after.board.pits[1], state.board.pits[1]);
    assert_eq!(after.board.stores[0], 11);
    assert_eq!(after.to_move, Some(NORTH));
}

#[test]
fn last_seed_in_an_empty_own_pit_captures_the_opposite_pit_with_either_capture_option() {
    for empty_capture in [false, true] {
        let options = Options {
            empty_capture,
            ..Options::default()
        };
        // South's pit 3 is empty, the North pit opposite it (North's pit 4) holds 5.
        let state = given(options, [2, 0, 0, 3, 3, 3], [3, 3, 3, 5, 3, 3], 5, SOUTH);
        let (events, after) = play(&state, SOUTH, sow(0));
        assert_eq!(events, vec![sowed(SOUTH, Side::South, 0, 2, 6, false)]);
        assert_eq!(after.board.pits[0], [0, 1, 0, 3, 3, 3]);
        assert_eq!(after.board.pits[1], [3, 3, 3, 0, 3, 3]);
        assert_eq!(after.board.stores[0], 11);
        assert_eq!(after.to_move, Some(NORTH));
    }
}

#[test]
fn last_seed_in_an_opponent_pit_or_an_occupied_own_pit_passes_the_turn() {
    let state = given(
        options(EndRule::NoMove),
        [4, 3, 3, 3, 3, 3],
        [3, 3, 3, 3, 3, 3],
        5,
        SOUTH,
    );
    let (events, after) = play(&state, SOUTH, sow(0));
    assert_eq!(events, vec![sowed(SOUTH, Side::South, 0, 4, 0, false)]);
    assert_eq!(after.board.pits[0], [0, 4, 4, 4, 4, 3]);
    assert_eq!(after.to_move, Some(NORTH));

    let (events, after) = play(&state, SOUTH, sow(4));
    assert_eq!(events, vec![sowed(SOUTH, Side::South, 4, 3, 0, false)]);
    assert_eq!(after.board.pits[1], [4, 3, 3, 3, 3, 3]);
    assert_eq!(after.to_move, Some(NORTH));
}

#[test]
fn a_last_seed_in_an_opponent_pit_never_captures() {
    // South's pit 1 holds a single seed, and the last seed lands in North's pit 1.
    let state = given(
        options(EndRule::NoMove),
        [1, 3, 3, 3, 3, 2],
        [0, 3, 3, 3, 3, 3],
        5,
        SOUTH,
    );
    let (events, after) = play(&state, SOUTH, sow(5));
    assert_eq!(events, vec![sowed(SOUTH, Side::South, 5, 2, 0, false)]);
    assert_eq!(after.board.pits[0], [1, 3, 3, 3, 3, 0]);
    assert_eq!(after.board.pits[1], [1, 3, 3, 3, 3, 3]);
    assert_eq!(after.board.stores[0], 6);
}

#[test]
fn sowing_from_the_last_pit_feeds_the_own_store_then_opponent_pits_skipping_their_store() {
    for k in 2..=8u32 {
        // Given South's pit 6 holds k seeds and South's pit 1 is occupied (no capture there).
        let state = given(
            options(EndRule::NoMove),
            [2, 3, 3, 3, 3, k],
            [3, 3, 3, 3, 3, 3],
            5,
            SOUTH,
        );
        let (events, after) = play(&state, SOUTH, sow(5));
        // Then one seed goes to South's store, the next min(k - 1, 6) to North's pits, and
        // North's store receives none: the 8th seed goes on to South's pit 1.
        assert_eq!(events, vec![sowed(SOUTH, Side::South, 5, k, 0, false)]);
        assert_eq!(after.board.stores[0], 6, "k = {k}");
        assert_eq!(after.board.stores[1], state.board.stores[1], "k = {k}");
        let fed = (k - 1).min(6) as usize;
        for pit in 0..6 {
            let expected = 3 + u32::from(pit < fed);
            assert_eq!(
                after.board.pits[1][pit], expected,
                "k = {k}, North pit {pit}"
            );
        }
        assert_eq!(after.board.pits[0][0], 2 + u32::from(k == 8), "k = {k}");
        assert_eq!(after.to_move, Some(NORTH));
    }
}

#[test]
fn last_seed_in_the_own_store_gives_another_turn() {
    let state = given(
        options(EndRule::NoMove),
        [3, 3, 3, 3, 3, 1],
        [3, 3, 3, 3, 3, 3],
        5,
        SOUTH,
    );
    let (events, after) = play(&state, SOUTH, sow(5));
    assert_eq!(events, vec![sowed(SOUTH, Side::South, 5, 1, 0, true)]);
    assert_eq!(after.board.stores[0], 6);
    assert_eq!(after.to_move, Some(SOUTH));
    assert_eq!(Kalah::status(&after).to_act(), &[SOUTH]);
    assert!(Kalah::legal_commands(&after, NORTH).is_empty());
}

// ---- §4: end of game under each end rule ----------------------------------------------------

#[test]
fn emptying_the_own_row_without_an_extra_turn_ends_only_the_textbook_game() {
    // Given South has 2 seeds left, both in pit 6.
    let south = [0, 0, 0, 0, 0, 2];
    let north = [3, 3, 3, 3, 3, 3];

    // E0: the game is over at once; North keeps (banks) its own seeds.
    let state = given(options(EndRule::EitherSideEmpty), south, north, 20, SOUTH);
    let (events, after) = play(&state, SOUTH, sow(5));
    assert_eq!(events[0], sowed(SOUTH, Side::South, 5, 2, 0, false));
    assert_eq!(end_of(&after), (EndReason::SideEmpty, [0, 19]));
    assert_eq!(after.board.stores, [21, 27]);
    assert_eq!(after.board.pits, [[0; 6]; 2]);
    assert!(Kalah::legal_commands(&after, NORTH).is_empty());

    // E1: North still has seeds and moves.
    let state = given(options(EndRule::NoMove), south, north, 20, SOUTH);
    let (events, after) = play(&state, SOUTH, sow(5));
    assert_eq!(events, vec![sowed(SOUTH, Side::South, 5, 2, 0, false)]);
    assert_eq!(after.end, None);
    assert_eq!(after.board.pits[1], [4, 3, 3, 3, 3, 3]);
    assert_eq!(Kalah::status(&after).to_act(), &[NORTH]);
    assert_eq!(Kalah::legal_commands(&after, NORTH).len(), 6);
}

#[test]
fn under_no_move_the_opponent_may_sow_seeds_back_into_the_empty_row() {
    let state = given(
        options(EndRule::NoMove),
        [0, 0, 0, 0, 0, 0],
        [4, 3, 3, 3, 3, 3],
        21,
        NORTH,
    );
    // North's pit 5 holds 3: North's pit 6, North's store, South's pit 1.
    let (events, after) = play(&state, NORTH, sow(4));
    assert_eq!(events, vec![sowed(NORTH, Side::North, 4, 3, 0, false)]);
    assert_eq!(after.board.pits[0], [1, 0, 0, 0, 0, 0]);
    assert_eq!(Kalah::legal_commands(&after, SOUTH), vec![sow(0)]);
}

#[test]
fn under_no_move_the_game_ends_when_the_turn_reaches_a_player_with_an_empty_row() {
    let state = given(
        options(EndRule::NoMove),
        [0, 0, 0, 0, 0, 0],
        [4, 3, 3, 3, 3, 3],
        21,
        NORTH,
    );
    // North's pit 1 holds 4: pits 2 to 5, nothing reaches South, and South has nothing to sow.
    let (events, after) = play(&state, NORTH, sow(0));
    assert_eq!(events.len(), 2);
    assert_eq!(events[0], sowed(NORTH, Side::North, 0, 4, 0, false));
    assert_eq!(
        events[1],
        Event::GameEnded {
            reason: EndReason::NoMove,
            to_move: SOUTH,
            owners: [SOUTH, NORTH],
            swept: [0, 19],
            stores: [21, 27],
        }
    );
    assert_eq!(end_of(&after), (EndReason::NoMove, [0, 19]));
    assert_eq!(after.board.stores, [21, 27]);
}

#[test]
fn emptying_the_own_row_with_the_last_seed_in_the_store_ends_under_both_rules() {
    for (end_rule, reason) in [
        (EndRule::NoMove, EndReason::NoMove),
        (EndRule::EitherSideEmpty, EndReason::SideEmpty),
    ] {
        // Given South's only seed is in pit 6.
        let state = given(
            options(end_rule),
            [0, 0, 0, 0, 0, 1],
            [2, 3, 3, 3, 3, 3],
            20,
            SOUTH,
        );
        let (events, after) = play(&state, SOUTH, sow(5));
        // Then South earns an extra turn but has nothing to sow; North keeps its own 17 seeds.
        assert_eq!(events[0], sowed(SOUTH, Side::South, 5, 1, 0, true));
        assert_eq!(
            events[1],
            Event::GameEnded {
                reason,
                to_move: SOUTH,
                owners: [SOUTH, NORTH],
                swept: [0, 17],
                stores: [21, 27],
            }
        );
        assert_eq!(events.len(), 2);
        assert_eq!(after.board.stores, [21, 27]);
        assert_eq!(
            Kalah::status(&after),
            Status::Finished {
                outcome: Outcome {
                    winners: vec![NORTH],
                    scores: vec![21, 27],
                },
            }
        );
    }
}

#[test]
fn a_capture_emptying_the_opponent_row_ends_under_both_rules_and_the_mover_keeps_its_seeds() {
    for (end_rule, reason) in [
        (EndRule::NoMove, EndReason::NoMove),
        (EndRule::EitherSideEmpty, EndReason::SideEmpty),
    ] {
        // Given North's only seeds are the 3 in its pit 2, opposite South's empty pit 5.
        let state = given(
            options(end_rule),
            [0, 0, 0, 1, 0, 5],
            [0, 3, 0, 0, 0, 0],
            18,
            SOUTH,
        );
        // When South sows pit 4: its single seed lands in pit 5 and captures 3 + 1.
        let (events, after) = play(&state, SOUTH, sow(3));
        assert_eq!(events[0], sowed(SOUTH, Side::South, 3, 1, 4, false));
        // Then the game is over and South banks the 5 seeds left in its pit 6.
        assert_eq!(
            events[1],
            Event::GameEnded {
                reason,
                to_move: NORTH,
                owners: [SOUTH, NORTH],
                swept: [5, 0],
                stores: [27, 21],
            }
        );
        assert_eq!(after.board.stores, [27, 21]);
        assert_eq!(after.board.pits, [[0; 6]; 2]);
        assert_eq!(
            Kalah::status(&after).outcome().unwrap().winners,
            vec![SOUTH]
        );
    }
}

#[test]
fn under_no_move_the_mover_plays_on_after_reaching_the_store_while_the_opponent_row_is_empty() {
    let south = [0, 0, 0, 3, 1, 4];
    let north = [0; 6];
    // E1: South has an extra turn and seeds to sow, so the game goes on.
    let state = given(options(EndRule::NoMove), south, north, 20, SOUTH);
    let (events, after) = play(&state, SOUTH, sow(3));
    assert_eq!(events, vec![sowed(SOUTH, Side::South, 3, 3, 0, true)]);
    assert_eq!(after.end, None);
    assert_eq!(after.to_move, Some(SOUTH));
    // E0: North's row is empty after the sowing, so the game is over.
    let state = given(options(EndRule::EitherSideEmpty), south, north, 20, SOUTH);
    let (_, after) = play(&state, SOUTH, sow(3));
    assert_eq!(end_of(&after), (EndReason::SideEmpty, [7, 0]));
    assert_eq!(after.board.stores, [28, 20]);
}

#[test]
fn under_no_move_a_store_holding_more_than_half_of_all_seeds_ends_the_game() {
    // Given South's store holds 22 of 48 seeds; sowing pit 1 captures 2 + 1 from North's pit 5.
    let south = [1, 0, 2, 2, 2, 2];
    let north = [2, 2, 2, 2, 2, 2];
    let state = given(options(EndRule::NoMove), south, north, 22, SOUTH);
    let (events, after) = play(&state, SOUTH, sow(0));
    // Then South holds 25 > 24 and the game stops; the pits go to their owners' stores.
    assert_eq!(events[0], sowed(SOUTH, Side::South, 0, 1, 3, false));
    assert_eq!(
        events[1],
        Event::GameEnded {
            reason: EndReason::Majority,
            to_move: NORTH,
            owners: [SOUTH, NORTH],
            swept: [8, 10],
            stores: [33, 15],
        }
    );
    assert_eq!(after.board.stores, [33, 15]);
    assert_eq!(
        Kalah::status(&after).outcome().unwrap().scores,
        vec![33, 15]
    );

    // The textbook rule has no majority stop: both rows still hold seeds, North moves.
    let state = given(options(EndRule::EitherSideEmpty), south, north, 22, SOUTH);
    let (events, after) = play(&state, SOUTH, sow(0));
    assert_eq!(events.len(), 1);
    assert_eq!(after.board.stores[0], 25);
    assert_eq!(after.to_move, Some(NORTH));
}

#[test]
fn under_no_move_exactly_half_of_all_seeds_does_not_end_the_game() {
    let state = given(
        options(EndRule::NoMove),
        [1, 0, 2, 2, 2, 2],
        [2, 2, 2, 2, 2, 2],
        21,
        SOUTH,
    );
    let (events, after) = play(&state, SOUTH, sow(0));
    assert_eq!(events.len(), 1);
    assert_eq!(after.board.stores[0], 24);
    assert_eq!(after.end, None);
    assert_eq!(after.to_move, Some(NORTH));
}

#[test]
fn the_majority_stop_uses_the_table_seed_count() {
    // 6 seeds per pit: 72 seeds, the stop is at 37. 36 is not enough.
    let options = Options {
        seeds_per_pit: 6,
        ..Options::default()
    };
    let south = [1, 0, 2, 2, 2, 2];
    let north = [2, 2, 2, 2, 2, 2];
    let (_, after) = play(
        &given(options.clone(), south, north, 33, SOUTH),
        SOUTH,
        sow(0),
    );
    assert_eq!(after.board.stores[0], 36);
    assert_eq!(after.end, None);
    let (_, after) = play(&given(options, south, north, 34, SOUTH), SOUTH, sow(0));
    assert_eq!(end_of(&after).0, EndReason::Majority);
}

#[test]
fn equal_final_stores_are_a_draw() {
    for end_rule in both_end_rules() {
        // South's last seed goes to its store (24); North banks its 5 remaining seeds (19 + 5).
        let state = given(
            options(end_rule),
            [0, 0, 0, 0, 0, 1],
            [1, 1, 1, 1, 1, 0],
            23,
            SOUTH,
        );
        let (events, after) = play(&state, SOUTH, sow(5));
        assert_eq!(events.len(), 2);
        assert_eq!(after.board.stores, [24, 24]);
        let status = Kalah::status(&after);
        let outcome = status.outcome().expect("the game is over");
        assert_eq!(outcome.winners, vec![SOUTH, NORTH]);
        assert_eq!(outcome.scores, vec![24, 24]);
        assert!(outcome.is_draw());
        assert_eq!(
            crate::i18n::Lang::En.say(&Kalah::describe(&events[1]), &names()),
            "The game ended because ".to_string()
                + match end_rule {
                    EndRule::NoMove => "Alice had no seeds left to sow",
                    EndRule::EitherSideEmpty => "a row of pits was empty",
                }
                + "; Bob's remaining 5 seeds went to Bob's store. It is a draw, 24 to 24."
        );
    }
}

#[test]
fn scores_are_each_seats_store_even_after_the_sides_were_swapped() {
    let mut state = given(
        options(EndRule::NoMove),
        [0, 0, 0, 0, 0, 1],
        [1, 1, 1, 1, 1, 0],
        20,
        NORTH,
    );
    state.owners = [NORTH, SOUTH];
    // Seat 1 now plays South.
    let (events, after) = play(&state, NORTH, sow(5));
    assert_eq!(events[0], sowed(NORTH, Side::South, 5, 1, 0, true));
    assert_eq!(
        Kalah::status(&after).outcome().unwrap(),
        &Outcome {
            winners: vec![SOUTH],
            scores: vec![27, 21],
        }
    );
}

// ---- §6: pie rule ------------------------------------------------------------------------------

fn pie() -> Options {
    Options {
        pie_rule: true,
        ..Options::default()
    }
}

#[test]
fn the_swap_is_offered_only_after_the_first_players_whole_first_turn() {
    let state = start(pie(), SOUTH);
    assert!(!Kalah::view(&state, Viewer::Spectator).swap_offered);
    // South sows pit 3 (4 seeds: pits 4, 5, 6 and the store) and moves again.
    let (events, state) = play(&state, SOUTH, sow(2));
    assert_eq!(events, vec![sowed(SOUTH, Side::South, 2, 4, 0, true)]);
    assert!(!Kalah::view(&state, Viewer::Seat(NORTH)).swap_offered);
    assert!(Kalah::legal_commands(&state, NORTH).is_empty());
    assert!(!Kalah::legal_commands(&state, SOUTH).contains(&Command::Swap));
    assert_eq!(
        refusal(&state, NORTH, Command::Swap),
        "It is not your turn."
    );
    assert_eq!(
        refusal(&state, SOUTH, Command::Swap),
        "The pie-rule swap is only offered once, as your first action."
    );
    // South's pit 6 now holds 5: the store and North's pits 1 to 4. The turn passes.
    let (events, state) = play(&state, SOUTH, sow(5));
    assert_eq!(events, vec![sowed(SOUTH, Side::South, 5, 5, 0, false)]);
    let view = Kalah::view(&state, Viewer::Seat(NORTH));
    assert!(view.swap_offered);
    assert_eq!(view.to_move, Some(NORTH));
    assert_eq!(
        Kalah::legal_commands(&state, NORTH),
        vec![
            sow(0),
            sow(1),
            sow(2),
            sow(3),
            sow(4),
            sow(5),
            Command::Swap
        ]
    );
}

#[test]
fn taking_the_swap_is_the_whole_action_and_the_first_player_then_moves_from_the_other_side() {
    let state = start(pie(), SOUTH);
    let (_, state) = play(&state, SOUTH, sow(0));
    let before = state.board.clone();
    // When North takes the swap.
    let (events, state) = play(&state, NORTH, Command::Swap);
    assert_eq!(
        events,
        vec![Event::Swapped {
            seat: NORTH,
            side: Side::South
        }]
    );
    // Then no seed moved, seat 1 owns South (the side that opened), and seat 0 moves next from
    // North.
    assert_eq!(state.board, before);
    let view = Kalah::view(&state, Viewer::Spectator);
    assert_eq!(view.sides[0].seat, NORTH);
    assert_eq!(view.sides[1].seat, SOUTH);
    assert_eq!(view.to_move, Some(SOUTH));
    assert!(!view.swap_offered);
    assert!(Kalah::legal_commands(&state, NORTH).is_empty());
    assert_eq!(Kalah::legal_commands(&state, SOUTH).len(), 6);
    // Seat 0's pit 1 is now North's pit 1.
    let (events, state) = play(&state, SOUTH, sow(0));
    assert_eq!(events, vec![sowed(SOUTH, Side::North, 0, 4, 0, false)]);
    assert_eq!(state.board.pits[1][0], 0);
    assert_eq!(state.board.pits[0], before.pits[0]);
    assert_eq!(state.to_move, Some(NORTH));
}

#[test]
fn the_swap_is_offered_only_once() {
    // Taken: never again.
    let state = start(pie(), SOUTH);
    let (_, state) = play(&state, SOUTH, sow(0));
    let (_, state) = play(&state, NORTH, Command::Swap);
    assert_eq!(
        refusal(&state, SOUTH, Command::Swap),
        "The pie-rule swap is only offered once, as your first action."
    );
    let (_, state) = play(&state, SOUTH, sow(1));
    assert_eq!(state.to_move, Some(NORTH));
    assert!(!Kalah::legal_commands(&state, NORTH).contains(&Command::Swap));
    assert_eq!(
        refusal(&state, NORTH, Command::Swap),
        "The pie-rule swap is only offered once, as your first action."
    );

    // Declined by sowing: gone for good.
    let state = start(pie(), SOUTH);
    let (_, state) = play(&state, SOUTH, sow(0));
    let (_, state) = play(&state, NORTH, sow(0));
    let (_, state) = play(&state, SOUTH, sow(2));
    assert_eq!(state.to_move, Some(NORTH));
    assert!(!Kalah::view(&state, Viewer::Spectator).swap_offered);
    assert!(!Kalah::legal_commands(&state, NORTH).contains(&Command::Swap));
}

#[test]
fn declining_the_swap_with_a_sowing_that_earns_an_extra_turn_closes_the_offer() {
    let state = start(pie(), SOUTH);
    let (_, state) = play(&state, SOUTH, sow(0));
    // North's pit 3 holds 4 seeds: the last lands in North's store.
    let (events, state) = play(&state, NORTH, sow(2));
    assert_eq!(events, vec![sowed(NORTH, Side::North, 2, 4, 0, true)]);
    assert_eq!(state.to_move, Some(NORTH));
    assert!(!Kalah::legal_commands(&state, NORTH).contains(&Command::Swap));
}

#[test]
fn the_swap_goes_to_seat_0_when_seat_1_moved_first() {
    let state = start(pie(), NORTH);
    assert_eq!(state.to_move, Some(NORTH));
    let (events, state) = play(&state, NORTH, sow(1));
    assert_eq!(events, vec![sowed(NORTH, Side::North, 1, 4, 0, false)]);
    assert!(Kalah::legal_commands(&state, SOUTH).contains(&Command::Swap));
    let (events, state) = play(&state, SOUTH, Command::Swap);
    assert_eq!(
        events,
        vec![Event::Swapped {
            seat: SOUTH,
            side: Side::North
        }]
    );
    assert_eq!(state.owners, [NORTH, SOUTH]);
    assert_eq!(state.to_move, Some(NORTH));
    let (events, _) = play(&state, NORTH, sow(0));
    assert_eq!(events, vec![sowed(NORTH, Side::South, 0, 4, 0, false)]);
}

#[test]
fn without_the_pie_rule_the_swap_is_never_offered() {
    let state = start(Options::default(), SOUTH);
    let (_, state) = play(&state, SOUTH, sow(0));
    assert!(!Kalah::legal_commands(&state, NORTH).contains(&Command::Swap));
    assert!(!Kalah::view(&state, Viewer::Seat(NORTH)).swap_offered);
    assert_eq!(
        refusal(&state, NORTH, Command::Swap),
        "The pie rule is not in play in this game."
    );
}

// ---- setup, options, refusals -----------------------------------------------------------------

#[test]
fn setup_draws_the_first_player_at_random_and_records_it() {
    let mut drawn = [0; 2];
    for seed in 0..64 {
        let events = Kalah::setup(&Options::default(), 2, &mut ChaCha8Rng::seed_from_u64(seed));
        let [Event::FirstPlayerDrawn { seat, side }] = events.as_slice() else {
            panic!("unexpected setup {events:?}");
        };
        assert_eq!(*side, if *seat == 0 { Side::South } else { Side::North });
        drawn[*seat] += 1;
        let state = fold::<Kalah>(&Options::default(), 2, &events);
        assert_eq!(state.to_move, Some(*seat));
        assert_eq!(state.owners, [0, 1]);
        assert_eq!(state.board.pits, [[4; 6]; 2]);
    }
    assert!(drawn[0] > 10 && drawn[1] > 10, "{drawn:?}");
}

#[test]
fn options_default_to_the_spec_and_are_validated() {
    let parsed: Options = serde_json::from_str("{}").unwrap();
    assert_eq!(parsed, Options::default());
    assert_eq!(
        serde_json::to_value(Options::default()).unwrap(),
        serde_json::json!({
            "seeds_per_pit": 4, "pie_rule": false, "empty_capture": false, "end_rule": "no_move"
        })
    );
    let textbook: Options =
        serde_json::from_str(r#"{"seeds_per_pit": 6, "end_rule": "either_side_empty"}"#).unwrap();
    assert_eq!(textbook.end_rule, EndRule::EitherSideEmpty);
    assert_eq!(textbook.seeds_per_pit, 6);

    assert_eq!(Kalah::player_counts(&Options::default()), 2..=2);
    for seeds_per_pit in 3..=6 {
        let options = Options {
            seeds_per_pit,
            ..Options::default()
        };
        assert_eq!(Kalah::validate_options(&options, 2), Ok(()));
    }
    for seeds_per_pit in [0, 2, 7, 255] {
        let options = Options {
            seeds_per_pit,
            ..Options::default()
        };
        assert_eq!(
            Kalah::validate_options(&options, 2)
                .unwrap_err()
                .to_string(),
            format!("Seeds per pit must be 3, 4, 5 or 6, not {seeds_per_pit}.")
        );
    }
    for players in [1, 3] {
        assert!(Kalah::validate_options(&Options::default(), players).is_err());
    }
}

#[test]
fn commands_and_events_have_stable_json_shapes() {
    assert_eq!(
        serde_json::to_value(sow(2)).unwrap(),
        serde_json::json!({"type": "sow", "pit": 2})
    );
    assert_eq!(
        serde_json::to_value(Command::Swap).unwrap(),
        serde_json::json!({"type": "swap"})
    );
    assert_eq!(
        serde_json::to_value(sowed(1, Side::North, 3, 5, 4, false)).unwrap(),
        serde_json::json!({
            "type": "sowed", "seat": 1, "side": "north", "pit": 3, "seeds": 5,
            "captured": 4, "extra_turn": false
        })
    );
    assert_eq!(
        serde_json::to_value(Event::FirstPlayerDrawn {
            seat: 0,
            side: Side::South
        })
        .unwrap(),
        serde_json::json!({"type": "first_player_drawn", "seat": 0, "side": "south"})
    );
    assert_eq!(
        serde_json::to_value(Event::GameEnded {
            reason: EndReason::Majority,
            to_move: 1,
            owners: [0, 1],
            swept: [8, 10],
            stores: [33, 15],
        })
        .unwrap(),
        serde_json::json!({
            "type": "game_ended", "reason": "majority", "to_move": 1, "owners": [0, 1],
            "swept": [8, 10], "stores": [33, 15]
        })
    );
}

#[test]
fn sowing_an_empty_or_missing_pit_is_refused_with_its_number() {
    let state = given(
        options(EndRule::NoMove),
        [3, 3, 0, 3, 3, 3],
        [3, 3, 3, 3, 3, 3],
        5,
        SOUTH,
    );
    assert_eq!(
        refusal(&state, SOUTH, sow(2)),
        "Pit 3 (\"pit\": 2 in a command) is empty."
    );
    assert_eq!(
        refusal(&state, SOUTH, sow(6)),
        "There is no pit 7: choose one of your pits 1 to 6 (in a command's \"pit\", which counts \
         from 0: 0 to 5)."
    );
    assert_eq!(
        refusal(&state, SOUTH, sow(255)),
        "There is no pit 256: choose one of your pits 1 to 6 (in a command's \"pit\", which \
         counts from 0: 0 to 5)."
    );
}

#[test]
fn only_the_player_to_move_may_act_and_nobody_after_the_end() {
    let state = start(Options::default(), SOUTH);
    assert_eq!(refusal(&state, NORTH, sow(0)), "It is not your turn.");
    assert_eq!(
        refusal(&state, 2, sow(0)),
        "You are not playing in this game."
    );
    let before_setup = Kalah::initial_state(&Options::default(), 2);
    assert_eq!(
        refusal(&before_setup, SOUTH, sow(0)),
        "It is not your turn."
    );
    assert_eq!(Kalah::status(&before_setup).to_act(), &[] as &[Seat]);

    let state = given(
        options(EndRule::NoMove),
        [0, 0, 0, 0, 0, 1],
        [1; 6],
        20,
        SOUTH,
    );
    let (_, over) = play(&state, SOUTH, sow(5));
    assert!(over.end.is_some());
    assert_eq!(refusal(&over, NORTH, sow(0)), "The game is over.");
    assert_eq!(refusal(&over, SOUTH, sow(0)), "The game is over.");
    assert!(Kalah::legal_commands(&over, SOUTH).is_empty());
    assert!(Kalah::legal_commands(&over, NORTH).is_empty());
}

// ---- views and texts ---------------------------------------------------------------------------

fn names() -> Vec<String> {
    vec!["Alice".to_string(), "Bob".to_string()]
}

#[test]
fn every_viewer_sees_the_same_board_and_events_are_not_redacted() {
    let state = start(pie(), SOUTH);
    let (events, state) = play(&state, SOUTH, sow(3));
    let view = Kalah::view(&state, Viewer::Seat(SOUTH));
    for viewer in [Viewer::Seat(NORTH), Viewer::Spectator, Viewer::Everyone] {
        assert_eq!(Kalah::view(&state, viewer), view);
        assert_eq!(Kalah::redact(&events[0], viewer), events[0]);
    }
    assert_eq!(view.sides[0].side, Side::South);
    assert_eq!(view.sides[0].seat, SOUTH);
    assert_eq!(view.sides[0].pits, [4, 4, 4, 0, 5, 5]);
    assert_eq!(view.sides[0].store, 1);
    assert_eq!(view.sides[1].pits, [5, 4, 4, 4, 4, 4]);
    assert_eq!(view.to_move, Some(NORTH));
    assert!(view.swap_offered);
    assert_eq!(view.first_player, Some(SOUTH));
    assert_eq!(
        view.last_sowing,
        Some(Sowing {
            seat: SOUTH,
            side: Side::South,
            pit: 3,
            seeds: 4,
            captured: 0,
            extra_turn: false,
        })
    );
    assert_eq!(view.total_seeds(), 48);
    assert_eq!(view.end, None);
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["sides"][1]["side"], "north");
    assert_eq!(serde_json::from_value::<View>(json).unwrap(), view);
}

#[test]
fn the_view_shows_how_the_game_ended() {
    let state = given(
        options(EndRule::NoMove),
        [0, 0, 0, 0, 0, 1],
        [2, 3, 3, 3, 3, 3],
        20,
        SOUTH,
    );
    let (_, after) = play(&state, SOUTH, sow(5));
    let view = Kalah::view(&after, Viewer::Everyone);
    assert_eq!(
        view.end,
        Some(End {
            reason: EndReason::NoMove,
            swept: [0, 17],
        })
    );
    assert_eq!(view.to_move, None);
    assert!(!view.swap_offered);
    assert_eq!(view.sides[0].store, 21);
    assert_eq!(view.sides[1].store, 27);
    assert_eq!(view.sides[1].pits, [0; 6]);
}

#[test]
fn events_read_as_sentences_with_one_based_pits() {
    let names = names();
    let say = |event: Event| crate::i18n::Lang::En.say(&Kalah::describe(&event), &names);
    assert_eq!(
        say(sowed(0, Side::South, 2, 5, 4, false)),
        "Alice sowed 5 seeds from pit 3 and captured 4."
    );
    assert_eq!(
        say(sowed(1, Side::North, 0, 1, 0, true)),
        "Bob sowed 1 seed from pit 1, ending in the store: another turn."
    );
    assert_eq!(
        say(sowed(1, Side::North, 5, 7, 0, false)),
        "Bob sowed 7 seeds from pit 6."
    );
    assert_eq!(
        say(Event::Swapped {
            seat: 1,
            side: Side::South
        }),
        "Bob took the pie-rule swap and now plays South."
    );
    assert_eq!(
        say(Event::FirstPlayerDrawn {
            seat: 1,
            side: Side::North
        }),
        "Bob was drawn to move first, playing North."
    );
    assert_eq!(
        say(Event::GameEnded {
            reason: EndReason::Majority,
            to_move: 1,
            owners: [1, 0],
            swept: [8, 1],
            stores: [33, 15],
        }),
        "The game ended because Bob held more than half of the seeds; Bob's remaining 8 seeds \
         went to Bob's store; Alice's remaining 1 seed went to Alice's store. Bob wins 33 to 15."
    );
    assert_eq!(
        say(Event::GameEnded {
            reason: EndReason::NoMove,
            to_move: 0,
            owners: [0, 1],
            swept: [0, 0],
            stores: [20, 28],
        }),
        "The game ended because Alice had no seeds left to sow. Bob wins 28 to 20."
    );
}

#[test]
fn command_labels_name_the_pit_and_its_seeds() {
    let state = given(
        options(EndRule::NoMove),
        [3, 3, 5, 1, 3, 3],
        [3, 3, 3, 3, 3, 3],
        5,
        SOUTH,
    );
    assert_eq!(
        crate::i18n::Lang::En.say(&Kalah::command_label(&state, &sow(2)), &[]),
        "Sow pit 3 (5 seeds)"
    );
    assert_eq!(
        crate::i18n::Lang::En.say(&Kalah::command_label(&state, &sow(3)), &[]),
        "Sow pit 4 (1 seed)"
    );
    assert_eq!(
        crate::i18n::Lang::En.say(&Kalah::command_label(&state, &Command::Swap), &[]),
        "Swap sides (pie rule)"
    );
    // Labels follow the side of the player to move.
    let mut north_to_move = state.clone();
    north_to_move.to_move = Some(NORTH);
    north_to_move.board.pits[1][2] = 7;
    assert_eq!(
        crate::i18n::Lang::En.say(&Kalah::command_label(&north_to_move, &sow(2)), &[]),
        "Sow pit 3 (7 seeds)"
    );
}

#[test]
fn evolve_ignores_events_that_do_not_fit() {
    let state = start(Options::default(), SOUTH);
    let odd = [
        sowed(9, Side::North, 200, 5, 3, false),
        sowed(0, Side::South, 6, u32::MAX, u32::MAX, true),
        sowed(0, Side::South, 0, u32::MAX, 1, false),
        Event::Swapped {
            seat: 42,
            side: Side::North,
        },
        Event::FirstPlayerDrawn {
            seat: usize::MAX,
            side: Side::South,
        },
        Event::GameEnded {
            reason: EndReason::Majority,
            to_move: 99,
            owners: [7, 7],
            swept: [u32::MAX; 2],
            stores: [0; 2],
        },
    ];
    let after = odd.iter().fold(state, Kalah::evolve);
    // Nothing panicked; the state still answers every question.
    let _ = Kalah::status(&after);
    let _ = Kalah::view(&after, Viewer::Everyone);
    for seat in 0..3 {
        let _ = Kalah::legal_commands(&after, seat);
    }
}
