//! The 28 test vectors of spec §11, as given/when/then tests.

use Colour::*;

use super::super::super::Rules;
use super::super::model::board::{BoardSide, Space};
use super::super::model::state::{Pending, Phase, State};
use super::super::{
    Azul, Colour, Command, Event, Source, Structure, StructureKind, Tiles, tile_count,
};
use super::support::*;

// ---- §5.3 scoring a placement (vectors 1–6) -------------------------------------------------

/// Places `colour` on `pos` of `star` (round 2: green is wild) with the star's other tiles
/// `filled`, and returns the points of the placement and the score it adds.
fn points_for(star: u8, colour: Colour, filled: &[u8], pos: u8) -> i64 {
    let mut state = placing(BoardSide::Standard, 2, 2);
    let spaces: Vec<(u8, u8)> = filled.iter().map(|&p| (star, p)).collect();
    fill(&mut state, 0, &spaces);
    set_hand(&mut state, 0, Tiles::of(colour, 7));
    let before = state.players[0].score;
    let (events, after) = run(&state, 0, &place(star, pos, colour, 0));
    let Event::TilePlaced { points, .. } = placed(&events) else {
        unreachable!()
    };
    assert_eq!(
        after.players[0].score,
        before + points,
        "the points are added to the score"
    );
    assert_eq!(
        after.players[0].board.get(Space::new(star, pos)),
        Some(colour)
    );
    *points
}

#[test]
fn v01_a_tile_in_an_empty_star_scores_1() {
    assert_eq!(points_for(1, Purple, &[], 4), 1);
}

#[test]
fn v02_blue_star_4_and_5_filled_placing_6_scores_3() {
    assert_eq!(points_for(4, Blue, &[4, 5], 6), 3);
}

#[test]
fn v03_filling_the_gap_of_a_run_scores_the_whole_run() {
    assert_eq!(points_for(5, Yellow, &[1, 2, 4, 5], 3), 5);
}

#[test]
fn v04_tiles_across_an_empty_space_are_not_connected() {
    assert_eq!(points_for(3, Red, &[1, 3], 5), 1);
}

#[test]
fn v05_runs_wrap_around_the_ring() {
    assert_eq!(points_for(6, Green, &[6, 1, 2], 3), 4);
}

#[test]
fn v06_completing_a_star_scores_6() {
    assert_eq!(points_for(2, Orange, &[1, 2, 3, 4, 5], 6), 6);
}

// ---- §5.2 payment (vectors 7–10), round 1: purple is wild --------------------------------

fn wild_counts_offered(state: &State, star: u8, space: u8, colour: Colour) -> Vec<u8> {
    Azul::legal_commands(state, 0)
        .into_iter()
        .filter_map(|c| match c {
            Command::Place {
                star: s,
                space: p,
                colour: c,
                wild_count,
            } if s == star && p == space && c == colour => Some(wild_count),
            _ => None,
        })
        .collect()
}

#[test]
fn v07_one_orange_and_three_wild_pay_for_orange_4() {
    let mut state = placing(BoardSide::Standard, 2, 1);
    set_hand(&mut state, 0, tiles(&[(Orange, 1), (Purple, 3)]));
    assert_eq!(wild_counts_offered(&state, 2, 4, Orange), vec![3]);
    assert!(
        try_run(&state, 0, &place(2, 4, Orange, 2)).is_err(),
        "2 wild are not enough"
    );
    let tower_before = state.tower;
    let (_, after) = run(&state, 0, &place(2, 4, Orange, 3));
    assert_eq!(after.players[0].board.get(Space::new(2, 4)), Some(Orange));
    let mut expected_tower = tower_before;
    expected_tower.add(Purple, 3);
    assert_eq!(
        after.tower, expected_tower,
        "the 3 purple tiles went to the tower"
    );
}

#[test]
fn v08_purple_as_itself_and_red_with_wild_substitutes() {
    let mut state = placing(BoardSide::Standard, 2, 1);
    set_hand(&mut state, 0, tiles(&[(Purple, 2), (Red, 2), (Green, 4)]));
    assert_eq!(
        wild_counts_offered(&state, 1, 2, Purple),
        vec![0],
        "purple 2: two purple, no substitute"
    );
    assert_eq!(
        wild_counts_offered(&state, 3, 4, Red),
        vec![2],
        "red 4: 2 red + 2 purple"
    );
    assert!(
        wild_counts_offered(&state, 3, 5, Red).is_empty(),
        "red 5: 2 + 2 < 5"
    );
    for k in 0..=5 {
        assert!(try_run(&state, 0, &place(3, 5, Red, k)).is_err());
    }
    let (_, after) = run(&state, 0, &place(1, 2, Purple, 0));
    assert_eq!(after.players[0].hand, tiles(&[(Red, 2), (Green, 4)]));
    let (_, after) = run(&state, 0, &place(3, 4, Red, 2));
    assert_eq!(after.players[0].hand, tiles(&[(Green, 4)]));
}

#[test]
fn v09_no_tile_of_the_colour_means_no_placement_even_with_wilds() {
    let mut state = placing(BoardSide::Standard, 2, 1);
    set_hand(&mut state, 0, tiles(&[(Purple, 3)]));
    assert!(wild_counts_offered(&state, 6, 1, Green).is_empty());
    assert!(try_run(&state, 0, &place(6, 1, Green, 1)).is_err());
    assert_eq!(wild_counts_offered(&state, 1, 3, Purple), vec![0]);
    assert_eq!(
        wild_counts_offered(&state, 0, 3, Purple),
        vec![0],
        "centre 3 in purple"
    );
    fill(&mut state, 0, &[(0, 1)]); // the centre's first free colour is purple
    assert_eq!(state.players[0].board.get(Space::new(0, 1)), Some(Purple));
    assert!(
        wild_counts_offered(&state, 0, 3, Purple).is_empty(),
        "not once the centre holds purple"
    );
}

#[test]
fn v10_the_centre_star_takes_each_colour_once() {
    let mut state = placing(BoardSide::Standard, 2, 1);
    put(&mut state, 0, Space::new(0, 2), Red);
    set_hand(&mut state, 0, tiles(&[(Red, 6), (Blue, 6)]));
    for pos in [1, 3, 4, 5, 6] {
        assert!(wild_counts_offered(&state, 0, pos, Red).is_empty());
        let refused = try_run(&state, 0, &place(0, pos, Red, 0)).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "There is already a red tile on the centre star."
        );
        assert_eq!(
            wild_counts_offered(&state, 0, pos, Blue),
            vec![0],
            "other colours still fit"
        );
    }
}

// ---- §5.4 bonuses (vectors 11–15) ------------------------------------------------------------

/// Fills `filled`, places on `last` through `decide` (round 2) and returns what it completed and
/// the bonus owed.
fn bonus_for(filled: &[(u8, u8)], last: (u8, u8)) -> (Vec<Structure>, u8, State) {
    let mut state = placing(BoardSide::Standard, 2, 2);
    fill(&mut state, 0, filled);
    let space = Space::new(last.0, last.1);
    let colour = natural_colour(&state, 0, space);
    set_hand(&mut state, 0, Tiles::of(colour, 7));
    let (events, after) = run(&state, 0, &place(last.0, last.1, colour, 0));
    let Event::TilePlaced {
        completed,
        bonus_tiles,
        ..
    } = placed(&events).clone()
    else {
        unreachable!()
    };
    let owed = match after.pending {
        Some(Pending::Bonus(n)) => n,
        _ => 0,
    };
    assert_eq!(owed, bonus_tiles, "the bonus owed is the one recorded");
    (completed, bonus_tiles, after)
}

fn pillar(star: u8) -> Structure {
    Structure {
        kind: StructureKind::Pillar,
        star,
    }
}
fn statue(star: u8) -> Structure {
    Structure {
        kind: StructureKind::Statue,
        star,
    }
}
fn window(star: u8) -> Structure {
    Structure {
        kind: StructureKind::Window,
        star,
    }
}

#[test]
fn v11_the_second_window_space_earns_3_tiles() {
    let (completed, bonus, after) = bonus_for(&[(1, 5)], (1, 6));
    assert_eq!(completed, vec![window(1)]);
    assert_eq!(bonus, 3);
    let choices = Azul::legal_commands(&after, 0);
    assert!(!choices.is_empty());
    assert!(
        choices
            .iter()
            .all(|c| matches!(c, Command::ChooseBonus { tiles } if tiles.total() == 3))
    );
}

#[test]
fn v12_a_statue_alone_earns_2_and_with_a_pillar_3() {
    let (completed, bonus, _) = bonus_for(&[(1, 1), (2, 3), (2, 4)], (1, 2));
    assert_eq!((completed, bonus), (vec![statue(1)], 2));
    let (completed, bonus, _) =
        bonus_for(&[(1, 1), (2, 3), (2, 4), (1, 3), (0, 5), (0, 6)], (1, 2));
    assert_eq!(completed.len(), 2);
    assert!(completed.contains(&statue(1)) && completed.contains(&pillar(1)));
    assert_eq!(bonus, 3);
}

#[test]
fn v13_centre_2_and_3_with_blue_2_and_3_complete_the_blue_pillar() {
    let (completed, bonus, _) = bonus_for(&[(4, 2), (4, 3), (0, 3)], (0, 2));
    assert_eq!((completed, bonus), (vec![pillar(4)], 1));
}

#[test]
fn v14_shifted_centre_pair_completes_no_pillar() {
    let (completed, bonus, after) = bonus_for(&[(2, 2), (2, 3), (0, 6)], (0, 5));
    assert_eq!((completed, bonus), (vec![], 0));
    assert_eq!(after.pending, None);
}

#[test]
fn v15_centre_1_completes_two_pillars_at_once() {
    let (completed, bonus, _) =
        bonus_for(&[(0, 6), (0, 2), (2, 2), (2, 3), (3, 2), (3, 3)], (0, 1));
    assert_eq!((completed, bonus), (vec![pillar(2), pillar(3)], 2));
}

// ---- §4 start player token (vectors 16–18) ---------------------------------------------------

/// Round 1 (purple wild): the centre holds 3 yellow, 1 purple and 1 red; seat 0 with `score`
/// takes yellow from it first.
fn take_first_from_centre(score: i64, yellow: u8) -> (Event, State) {
    let mut state = acquiring(2, 1);
    state.centre = tiles(&[(Yellow, yellow), (Purple, 1), (Red, 1)]);
    state.bag.remove_all(&state.centre);
    state.players[0].score = score;
    let (events, after) = run(
        &state,
        0,
        &Command::Take {
            source: Source::Centre,
            colour: Yellow,
        },
    );
    (events[0].clone(), after)
}

#[test]
fn v16_first_from_the_centre_loses_a_point_per_tile_taken() {
    let (event, after) = take_first_from_centre(5, 3);
    let Event::TilesTaken {
        taken,
        start_player_token,
        points_lost,
        ..
    } = event
    else {
        panic!("{event:?}")
    };
    assert_eq!(taken, tiles(&[(Yellow, 3), (Purple, 1)]));
    assert!(start_player_token);
    assert_eq!(points_lost, 4);
    assert_eq!(after.players[0].score, 1);
    assert_eq!(after.token, Some(0));
    assert_eq!(after.centre, tiles(&[(Red, 1)]));
}

#[test]
fn v17_the_token_penalty_stops_at_1() {
    let (_, after) = take_first_from_centre(3, 3);
    assert_eq!(after.players[0].score, 1);
}

#[test]
fn v18_a_player_on_1_may_take_the_token_and_stays_on_1() {
    let (event, after) = take_first_from_centre(1, 1);
    assert!(matches!(
        event,
        Event::TilesTaken {
            start_player_token: true,
            points_lost: 0,
            ..
        }
    ));
    assert_eq!(after.players[0].score, 1);
}

#[test]
fn only_the_first_taker_from_the_centre_pays_for_the_token() {
    let (_, mut after) = take_first_from_centre(5, 3);
    after.factories[0] = tiles(&[(Blue, 4)]);
    after.bag.remove(Blue, 4);
    let (events, after) = run(
        &after,
        1,
        &Command::Take {
            source: Source::Centre,
            colour: Red,
        },
    );
    assert!(matches!(
        events[0],
        Event::TilesTaken {
            start_player_token: false,
            points_lost: 0,
            ..
        }
    ));
    assert_eq!(after.players[1].score, 5);
    assert_eq!(after.token, Some(0));
}

// ---- §5.6 passing (vectors 19–21) ------------------------------------------------------------

/// Seat 0 passes with `hand` in `round`; seat 1 is still playing.
fn pass_with(round: u8, hand: Tiles) -> (Vec<Event>, State) {
    let mut state = placing(BoardSide::Standard, 2, round);
    state.players[1].passed = false;
    set_hand(&mut state, 1, tiles(&[(Red, 1)]));
    set_hand(&mut state, 0, hand);
    run(&state, 0, &Command::Pass)
}

#[test]
fn v19_passing_with_6_tiles_keeps_4_and_loses_2() {
    let (events, state) = pass_with(2, tiles(&[(Red, 2), (Blue, 2), (Yellow, 2)]));
    assert_eq!(events, vec![Event::Passed { seat: 0 }]);
    assert_eq!(state.pending, Some(Pending::Keep));
    let choices = Azul::legal_commands(&state, 0);
    assert!(
        choices
            .iter()
            .all(|c| matches!(c, Command::Keep { tiles } if tiles.total() <= 4))
    );
    assert!(choices.contains(&Command::Keep {
        tiles: Tiles::EMPTY
    }));
    let keep = tiles(&[(Red, 2), (Blue, 2)]);
    assert!(choices.contains(&Command::Keep { tiles: keep }));
    assert!(!choices.contains(&Command::Keep {
        tiles: tiles(&[(Red, 2), (Blue, 2), (Yellow, 1)])
    }));
    let tower = state.tower;
    let (events, after) = run(&state, 0, &Command::Keep { tiles: keep });
    assert_eq!(
        events[0],
        Event::TilesKept {
            seat: 0,
            kept: keep,
            discarded: tiles(&[(Yellow, 2)]),
            points_lost: 2
        }
    );
    assert_eq!(after.players[0].score, 3);
    assert_eq!(after.players[0].corner, keep);
    assert_eq!(after.tower.count(Yellow), tower.count(Yellow) + 2);
    assert_eq!(after.current, 1);
}

#[test]
fn v20_passing_with_3_tiles_keeps_them_all() {
    let hand = tiles(&[(Red, 2), (Blue, 1)]);
    let (events, state) = pass_with(2, hand);
    assert_eq!(
        events,
        vec![
            Event::Passed { seat: 0 },
            Event::TilesKept {
                seat: 0,
                kept: hand,
                discarded: Tiles::EMPTY,
                points_lost: 0
            }
        ]
    );
    assert_eq!(state.players[0].score, 5);
    assert_eq!(state.players[0].corner, hand);
}

#[test]
fn v21_passing_in_round_6_discards_everything_at_1_point_each() {
    let hand = tiles(&[(Red, 2), (Blue, 1)]);
    let (events, state) = pass_with(6, hand);
    assert_eq!(
        events[1],
        Event::TilesKept {
            seat: 0,
            kept: Tiles::EMPTY,
            discarded: hand,
            points_lost: 3
        }
    );
    assert_eq!(state.players[0].score, 2);
    assert!(state.players[0].corner.is_empty());
}

// ---- §7 end of game (vectors 22–24) ----------------------------------------------------------

/// Round 6, seat 1 has passed; seat 0 (score 10, board `filled`, 1 tile in hand) passes.
/// Returns the final-scoring events of seat 0 and the final state.
fn end_game_with(side: BoardSide, setup: impl Fn(&mut State)) -> (Event, State) {
    let mut state = placing(side, 2, 6);
    state.players[0].score = 10;
    setup(&mut state);
    set_hand(&mut state, 0, tiles(&[(Red, 1)]));
    let (events, after) = run(&state, 0, &Command::Pass);
    assert_eq!(after.phase, Phase::Ended);
    assert!(matches!(events.last(), Some(Event::GameEnded { .. })));
    let scored = events
        .iter()
        .find(|e| matches!(e, Event::FinalScored { seat: 0, .. }))
        .expect("seat 0 was scored")
        .clone();
    (scored, after)
}

#[test]
fn v22_all_seven_1s_score_4() {
    let ones: Vec<(u8, u8)> = (0..7).map(|star| (star, 1)).collect();
    let (scored, after) = end_game_with(BoardSide::Standard, |s| fill(s, 0, &ones));
    let Event::FinalScored {
        stars,
        numbers,
        points,
        ..
    } = scored
    else {
        unreachable!()
    };
    assert!(stars.is_empty());
    assert_eq!(numbers.len(), 1);
    assert_eq!((numbers[0].value, numbers[0].points, points), (1, 4, 4));
    assert_eq!(
        after.players[0].score,
        10 - 1 + 4,
        "leftover tile first, then the bonus"
    );
}

#[test]
fn v23_a_full_purple_star_scores_20() {
    let star: Vec<(u8, u8)> = (1..=6).map(|pos| (1, pos)).collect();
    let (scored, _) = end_game_with(BoardSide::Standard, |s| fill(s, 0, &star));
    let Event::FinalScored { stars, points, .. } = scored else {
        unreachable!()
    };
    assert_eq!(stars.len(), 1);
    assert_eq!(
        (stars[0].star, stars[0].colour, stars[0].points),
        (1, Some(Purple), 20)
    );
    assert_eq!(points, 20);
}

#[test]
fn v24_a_full_centre_star_scores_12() {
    let star: Vec<(u8, u8)> = (1..=6).map(|pos| (0, pos)).collect();
    let (scored, _) = end_game_with(BoardSide::Standard, |s| fill(s, 0, &star));
    let Event::FinalScored { stars, .. } = scored else {
        unreachable!()
    };
    assert_eq!(stars.len(), 1);
    assert_eq!(
        (stars[0].star, stars[0].colour, stars[0].points),
        (0, None, 12)
    );
}

// ---- §9 grey side (vectors 25–28) ------------------------------------------------------------

fn colours_offered(state: &State, star: u8) -> Vec<Colour> {
    let mut colours: Vec<Colour> = Azul::legal_commands(state, 0)
        .into_iter()
        .filter_map(|c| match c {
            Command::Place {
                star: s, colour, ..
            } if s == star => Some(colour),
            _ => None,
        })
        .collect();
    colours.sort();
    colours.dedup();
    colours
}

fn grey_with_star_3(first: Colour, second: Colour) -> State {
    let mut state = placing(BoardSide::Variant, 2, 2);
    put(&mut state, 0, Space::new(3, 1), first);
    put(&mut state, 0, Space::new(3, 2), second);
    set_hand(&mut state, 0, Tiles::from_counts([3; 6]));
    state
}

#[test]
fn v25_grey_star_with_two_blue_takes_only_blue() {
    let state = grey_with_star_3(Blue, Blue);
    assert_eq!(colours_offered(&state, 3), vec![Blue]);
    let refused = try_run(&state, 0, &place(3, 4, Red, 1)).unwrap_err();
    assert_eq!(refused.to_string(), "Only blue tiles go on star 3.");
    assert!(
        try_run(&state, 0, &place(3, 3, Blue, 0)).is_ok(),
        "space 3 costs 1 on the grey side"
    );
    assert_eq!(
        colours_offered(&state, 4).len(),
        6,
        "an empty grey star takes any colour"
    );
}

#[test]
fn v26_grey_star_with_blue_and_red_forbids_both() {
    let state = grey_with_star_3(Blue, Red);
    assert_eq!(
        colours_offered(&state, 3),
        vec![Purple, Green, Orange, Yellow]
    );
    assert!(try_run(&state, 0, &place(3, 3, Blue, 0)).is_err());
    assert!(try_run(&state, 0, &place(3, 3, Red, 0)).is_err());
}

#[test]
fn grey_star_with_one_tile_still_takes_any_colour() {
    let mut state = placing(BoardSide::Variant, 2, 2);
    put(&mut state, 0, Space::new(0, 4), Yellow);
    set_hand(&mut state, 0, Tiles::from_counts([3; 6]));
    assert_eq!(colours_offered(&state, 0).len(), 6);
}

#[test]
fn v27_grey_full_stars_score_their_colour_or_12() {
    let (scored, _) = end_game_with(BoardSide::Variant, |s| {
        for pos in 1..=6 {
            put(s, 0, Space::new(2, pos), Purple);
            put(s, 0, Space::new(5, pos), Colour::ALL[usize::from(pos - 1)]);
        }
    });
    let Event::FinalScored { stars, .. } = scored else {
        unreachable!()
    };
    let found: Vec<(u8, Option<Colour>, i64)> =
        stars.iter().map(|s| (s.star, s.colour, s.points)).collect();
    assert_eq!(found, vec![(2, Some(Purple), 20), (5, None, 12)]);
}

#[test]
fn v28_grey_all_1s_are_the_six_outer_third_spaces() {
    let threes: Vec<(u8, u8)> = (1..=6).map(|star| (star, 3)).collect();
    let (scored, _) = end_game_with(BoardSide::Variant, |s| fill(s, 0, &threes));
    let Event::FinalScored { numbers, .. } = scored else {
        unreachable!()
    };
    assert_eq!(numbers.len(), 1);
    assert_eq!((numbers[0].value, numbers[0].points), (1, 4));
    // On the coloured side the same spaces are all 3s, and the centre's 3 is missing.
    let (scored, _) = end_game_with(BoardSide::Standard, |s| fill(s, 0, &threes));
    let Event::FinalScored { numbers, .. } = scored else {
        unreachable!()
    };
    assert!(numbers.is_empty());
}

#[test]
fn positions_built_for_the_vectors_keep_all_132_tiles() {
    let mut state = placing(BoardSide::Standard, 3, 2);
    fill(&mut state, 0, &[(1, 1), (0, 1)]);
    set_hand(&mut state, 1, tiles(&[(Red, 3)]));
    assert_eq!(tile_count(&state), 132);
}
