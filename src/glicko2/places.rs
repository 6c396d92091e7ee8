//! A game of any size as pairwise results: every player against every other, by final place.
//!
//! Each pair is one result, a tie of places a draw. In a game of `n` players each result weighs
//! 1/(n − 1), so that every player's results add up to one game's worth: a four-player game moves
//! a rating about as far as a two-player game, not three times as far, however many opponents it
//! beat. (Lichess and Board Game Arena weigh a game of two the same way: one game, one weight.)

use super::Rating;
use super::period::{Opponent, rate};

/// Places from each player's standing, lower standing better: 1 for the best, equal standings
/// share a place and the next place skips (1, 1, 3).
pub fn places<K: Ord>(standings: &[K]) -> Vec<u32> {
    (standings.iter())
        .map(|mine| 1 + standings.iter().filter(|other| *other < mine).count() as u32)
        .collect()
}

/// Every player's rating after a game, from their ratings before it (time away counted) and
/// their places.
pub fn rate_game(before: &[Rating], places: &[u32]) -> Vec<Rating> {
    assert_eq!(before.len(), places.len(), "one place for each player");
    let weight = 1.0 / (before.len().max(2) - 1) as f64;
    (0..before.len())
        .map(|me| {
            let results: Vec<Opponent> = (0..before.len())
                .filter(|&them| them != me)
                .map(|them| Opponent {
                    rating: before[them],
                    score: match places[me].cmp(&places[them]) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    },
                    weight,
                })
                .collect();
            rate(before[me], &results)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_standings_share_a_place_and_the_next_place_is_skipped() {
        assert_eq!(places(&[3, 1, 2]), vec![3, 1, 2]);
        assert_eq!(places(&[(0, 5), (0, 5), (1, 0), (0, 2)]), vec![2, 2, 4, 1]);
        assert_eq!(places(&[7, 7]), vec![1, 1]);
    }

    #[test]
    fn a_two_player_game_is_one_whole_result_each() {
        let before = [Rating::NEW, Rating::NEW];
        let after = rate_game(&before, &[1, 2]);
        let direct = rate(
            Rating::NEW,
            &[Opponent {
                rating: Rating::NEW,
                score: 1.0,
                weight: 1.0,
            }],
        );
        assert_eq!(after[0], direct);
        assert!(after[1].rating < 1500.0);
        assert!((after[0].rating - 1500.0 + (after[1].rating - 1500.0)).abs() < 1e-6);
    }

    #[test]
    fn winning_a_four_player_game_moves_a_rating_about_as_far_as_winning_a_two_player_one() {
        let two = rate_game(&[Rating::NEW; 2], &[1, 2]);
        let four = rate_game(&[Rating::NEW; 4], &[1, 2, 3, 4]);
        let gain = |r: &Rating| r.rating - 1500.0;
        assert!(
            (gain(&four[0]) - gain(&two[0])).abs() < 1.0,
            "{four:?} {two:?}"
        );
        assert!(gain(&four[1]) > 0.0 && gain(&four[2]) < 0.0);
        assert!(four[3].rating < four[2].rating);
        // The places are symmetric, and so are the changes.
        assert!((gain(&four[1]) + gain(&four[2])).abs() < 1e-6);
    }

    #[test]
    fn a_shared_place_is_a_draw_between_those_who_share_it() {
        let after = rate_game(&[Rating::NEW; 3], &[1, 1, 3]);
        assert_eq!(after[0], after[1]);
        assert!(after[0].rating > 1500.0 && after[2].rating < 1500.0);
    }
}
