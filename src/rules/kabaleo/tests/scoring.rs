//! Scoring a finished board: piles of one's colour(s), then piece-topped piles, then the tallest
//! pile; a tie after both is a shared win. Boards are written as (base, pieces bottom to top).

use super::*;
use crate::rules::kabaleo::Standing;
use crate::rules::{Outcome, Viewer};

fn outcome(state: &State) -> Outcome {
    Kabaleo::status(state)
        .outcome()
        .cloned()
        .expect("the game should be over")
}

fn standing(piles: u32, topped_piles: u32, tallest_pile: u32) -> Standing {
    Standing {
        piles,
        topped_piles,
        tallest_pile,
    }
}

fn standings(state: &State) -> Vec<Standing> {
    Kabaleo::view(state, Viewer::Everyone)
        .seats
        .iter()
        .map(|s| s.standing.unwrap())
        .collect()
}

/// The board of the rule page's example: 16 piles, 4 bases each of blue, green, orange and
/// purple, finishing with 6 purple piles, 4 orange, 3 green and 3 blue.
const EXAMPLE: [(Colour, &[Colour]); 16] = [
    (Blue, &[]),
    (Blue, &[Purple]),
    (Blue, &[Orange]),
    (Blue, &[Green, Purple]),
    (Green, &[]),
    (Green, &[Purple]),
    (Green, &[Blue]),
    (Green, &[Orange, Blue, Orange]),
    (Orange, &[]),
    (Orange, &[Purple]),
    (Orange, &[Green]),
    (Orange, &[Blue]),
    (Purple, &[]),
    (Purple, &[Orange]),
    (Purple, &[Green]),
    (Purple, &[Orange, Purple]),
];

#[test]
fn worked_example_purple_six_piles_beats_orange_four() {
    // Two players hold two colours each: purple with green, orange with blue.
    let state = finished_board(&EXAMPLE, &[&[Green, Purple], &[Blue, Orange]]);
    let view = Kabaleo::view(&state, Viewer::Everyone);
    let piles_of = |colour| {
        view.colours
            .iter()
            .find(|t| t.colour == colour)
            .map(|t| t.standing.piles)
    };
    assert_eq!(piles_of(Purple), Some(6));
    assert_eq!(piles_of(Orange), Some(4));
    assert_eq!(piles_of(Green), Some(3));
    assert_eq!(piles_of(Blue), Some(3));
    assert_eq!(
        outcome(&state),
        Outcome {
            winners: vec![0],
            scores: vec![9, 7]
        }
    );
    assert!(view.seats[0].winner && !view.seats[1].winner);
}

#[test]
fn worked_example_with_one_colour_each_the_purple_player_wins() {
    // Three players (one colour each) on the example board plus four bare yellow bases.
    let mut board = EXAMPLE.to_vec();
    board.extend([(Yellow, &[] as &[Colour]); 4]);
    let state = finished_board(&board, &[&[Orange], &[Purple], &[Green]]);
    assert_eq!(
        outcome(&state),
        Outcome {
            winners: vec![1],
            scores: vec![4, 6, 3]
        }
    );
}

#[test]
fn colours_nobody_holds_count_for_nobody() {
    // Orange tops most piles but belongs to nobody.
    let board: [(Colour, &[Colour]); 7] = [
        (Blue, &[Orange]),
        (Blue, &[Orange]),
        (Green, &[Orange]),
        (Green, &[Blue]),
        (Pink, &[Blue]),
        (Pink, &[Green]),
        (Orange, &[]),
    ];
    let state = finished_board(&board, &[&[Blue], &[Green], &[Pink]]);
    assert_eq!(
        outcome(&state),
        Outcome {
            winners: vec![0],
            scores: vec![2, 1, 0]
        }
    );
    assert_eq!(standings(&state)[2], standing(0, 0, 0));
}

#[test]
fn equal_piles_are_split_by_piles_topped_with_a_piece_before_the_tallest_pile() {
    // Ann's blue piles: a bare base and a 4-high pile. Bob's green piles both carry a piece,
    // neither taller than 2: the topped piles decide before height is looked at.
    let board: [(Colour, &[Colour]); 4] = [
        (Blue, &[]),
        (Orange, &[Green, Pink, Blue]),
        (Blue, &[Green]),
        (Orange, &[Green]),
    ];
    let state = finished_board(&board, &[&[Blue], &[Green], &[Pink]]);
    assert_eq!(
        standings(&state),
        [standing(2, 1, 4), standing(2, 2, 2), standing(0, 0, 0)]
    );
    assert_eq!(outcome(&state).winners, vec![1]);
}

#[test]
fn equal_piles_and_topped_piles_are_split_by_the_tallest_pile_counting_its_base() {
    let board: [(Colour, &[Colour]); 4] = [
        (Green, &[Blue]),
        (Orange, &[Green, Blue]),
        (Blue, &[Green]),
        (Orange, &[Blue, Orange, Green]),
    ];
    let state = finished_board(&board, &[&[Blue], &[Green], &[Pink]]);
    assert_eq!(
        standings(&state),
        [standing(2, 2, 3), standing(2, 2, 4), standing(0, 0, 0)]
    );
    assert_eq!(outcome(&state).winners, vec![1]);
}

#[test]
fn a_base_with_two_pieces_is_three_high() {
    let state = finished_board(&[(Green, &[Orange, Blue])], &[&[Blue], &[Green], &[Orange]]);
    let view = Kabaleo::view(&state, Viewer::Everyone);
    assert_eq!(view.piles[0].height, 3);
    assert_eq!(view.seats[0].standing, Some(standing(1, 1, 3)));
}

#[test]
fn a_tie_after_both_tie_breakers_is_a_shared_win() {
    let board: [(Colour, &[Colour]); 4] = [
        (Green, &[Blue]),
        (Blue, &[Green]),
        (Orange, &[]),
        (Pink, &[]),
    ];
    let state = finished_board(&board, &[&[Blue], &[Green], &[Pink]]);
    assert_eq!(
        standings(&state),
        [standing(1, 1, 2), standing(1, 1, 2), standing(1, 0, 1)]
    );
    let outcome = outcome(&state);
    assert_eq!(
        outcome,
        Outcome {
            winners: vec![0, 1],
            scores: vec![1, 1, 1]
        }
    );
    assert!(!outcome.is_draw());
}

#[test]
fn two_players_tied_all_the_way_draw() {
    let board: [(Colour, &[Colour]); 4] = [
        (Green, &[Blue]),
        (Blue, &[Green]),
        (Orange, &[Purple, Orange]),
        (Purple, &[Orange, Purple]),
    ];
    let state = finished_board(&board, &[&[Blue, Purple], &[Green, Orange]]);
    assert_eq!(standings(&state), [standing(2, 2, 3), standing(2, 2, 3)]);
    assert!(outcome(&state).is_draw());
}

#[test]
fn with_two_colours_each_scores_and_topped_piles_are_summed_over_both() {
    // Ann (blue, purple): 3 blue + 2 purple, 3 topped. Bob (green, orange): 4 green + 1 orange,
    // 2 topped.
    let board: [(Colour, &[Colour]); 10] = [
        (Green, &[Blue]),
        (Orange, &[Blue]),
        (Blue, &[]),
        (Blue, &[Purple]),
        (Purple, &[]),
        (Green, &[]),
        (Green, &[]),
        (Blue, &[Green]),
        (Purple, &[Green]),
        (Orange, &[]),
    ];
    let state = finished_board(&board, &[&[Blue, Purple], &[Green, Orange]]);
    assert_eq!(standings(&state), [standing(5, 3, 2), standing(5, 2, 2)]);
    assert_eq!(
        outcome(&state),
        Outcome {
            winners: vec![0],
            scores: vec![5, 5]
        }
    );
}

#[test]
fn with_two_colours_each_the_tallest_pile_is_taken_among_both() {
    // Equal piles and topped piles; Bob's tallest pile is orange (4 high), Ann's 3 high.
    let board: [(Colour, &[Colour]); 4] = [
        (Green, &[Blue]),
        (Orange, &[Green, Purple]),
        (Blue, &[Green]),
        (Blue, &[Purple, Green, Orange]),
    ];
    let state = finished_board(&board, &[&[Blue, Purple], &[Green, Orange]]);
    assert_eq!(standings(&state), [standing(2, 2, 3), standing(2, 2, 4)]);
    assert_eq!(outcome(&state).winners, vec![1]);
}

#[test]
fn at_the_end_every_view_shows_every_secret_colour_standing_and_winner() {
    let state = finished_board(&EXAMPLE, &[&[Green, Purple], &[Blue, Orange]]);
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        let view = Kabaleo::view(&state, viewer);
        assert!(view.finished);
        assert_eq!(view.winners, vec![0]);
        assert_eq!(view.seats[0].secret_colours, Some(vec![Green, Purple]));
        assert_eq!(view.seats[1].secret_colours, Some(vec![Blue, Orange]));
        assert_eq!(view.seats[0].standing, Some(standing(9, 7, 3)));
        assert_eq!(view.seats[1].standing, Some(standing(7, 5, 4)));
    }
}

#[test]
fn a_win_on_equal_scores_is_told_with_the_tie_breaker_that_decided_it() {
    use crate::rules::Message;
    use crate::rules::playout::random_playout;
    let (mut decided, mut by_score) = (0, 0);
    for seed in 0..300 {
        let players = 2 + (seed % 3) as usize;
        let options = KabaleoOptions::default();
        let state = random_playout::<Kabaleo>(&options, players, &mut rng(seed), 100)
            .unwrap()
            .state;
        let standings = state.standings();
        let winners = state.winners();
        let told = Kabaleo::decided_by(&state);
        let [winner] = winners[..] else {
            assert_eq!(told, None, "a shared win names no tie-breaker");
            continue;
        };
        let mine = standings[winner];
        let level = (0..players).filter(|&s| s != winner && standings[s].piles == mine.piles);
        let Some(best) = level.map(|s| standings[s]).max_by_key(|s| s.rank()) else {
            assert_eq!(told, None, "seed {seed}: the score alone decided");
            by_score += 1;
            continue;
        };
        let told = told.unwrap_or_else(|| panic!("seed {seed}: a tie broken untold"));
        let expected = match mine.topped_piles > best.topped_piles {
            true => Message::new("kabaleo-decided-topped")
                .with("winner", mine.topped_piles)
                .with("other", best.topped_piles),
            false => {
                assert_eq!(mine.topped_piles, best.topped_piles);
                assert!(mine.tallest_pile > best.tallest_pile);
                Message::new("kabaleo-decided-tallest")
                    .with("winner", mine.tallest_pile)
                    .with("other", best.tallest_pile)
            }
        };
        assert_eq!(told, expected, "seed {seed}");
        decided += 1;
    }
    assert!(
        decided > 0 && by_score > 0,
        "{decided} decided, {by_score} not"
    );
}

#[test]
fn a_placement_gain_counts_the_piles_won_and_lost_against_the_other_player() {
    // Ann holds blue and purple, Bob green and orange; pile 1 is a bare blue base, pile 2 green.
    let state = two_player_table();
    assert_eq!(
        state.placement_gain(0, 1, Purple),
        2.0,
        "Bob's green pile becomes Ann's"
    );
    assert_eq!(state.placement_gain(0, 0, Purple), 0.0, "still Ann's pile");
    assert_eq!(
        state.placement_gain(0, 0, Green),
        -2.0,
        "Ann gives her pile to Bob"
    );
    assert_eq!(state.placement_gain(1, 0, Green), 2.0);
    // A green piece on pile 1, then cancelled: the blue base shows again.
    let covered = play_all(&state, &[(0, 0, Green), (1, 2, Blue)]);
    assert_eq!(
        covered.placement_gain(0, 0, Green),
        2.0,
        "the cancel uncovers Ann's base"
    );
    assert_eq!(covered.placement_gain(0, 99, Green), 0.0, "no such pile");
}
