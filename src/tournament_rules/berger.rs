//! Round-robin sections by the circle method of Berger's tables: every entrant meets every other
//! once (or twice, seats swapped), and first seats are shared out as evenly as the count allows.
//!
//! With `n` entrants (one more, who is nobody, when `n` is odd) entrant `n − 1` stays put and the
//! others turn round the circle: in round `r` (from 0) entrant `r` meets the one who stays, and for
//! each `i` from 1, `(r + i) mod (n − 1)` meets `(r − i) mod (n − 1)` and sits first. The one who
//! stays sits first in odd rounds, their opponent in even ones. Each entrant then sits first in
//! half their games, rounded up or down; with an odd count, where the one who stays is nobody,
//! in exactly half.

use super::Entrant;

/// One game of a section: `first` sits in the first seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pairing {
    pub round: usize,
    pub first: Entrant,
    pub second: Entrant,
}

/// Every game of a round robin of `entrants`, round by round; `double` plays each pair twice,
/// the second cycle with seats swapped. A correspondence section starts every game at once, so
/// rounds only order the list.
pub fn round_robin(entrants: usize, double: bool) -> Vec<Pairing> {
    let n = entrants + entrants % 2;
    let turning = n.saturating_sub(1);
    let mut games = Vec::new();
    for round in 0..turning {
        let stays = n - 1;
        let (first, second) = match round % 2 {
            1 => (stays, round),
            _ => (round, stays),
        };
        games.push(Pairing {
            round,
            first,
            second,
        });
        for i in 1..n / 2 {
            games.push(Pairing {
                round,
                first: (round + i) % turning,
                second: (round + turning - i) % turning,
            });
        }
    }
    games.retain(|g| g.first < entrants && g.second < entrants);
    if double {
        let again: Vec<Pairing> = (games.iter())
            .map(|g| Pairing {
                round: g.round + turning,
                first: g.second,
                second: g.first,
            })
            .collect();
        games.extend(again);
    }
    games
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn firsts(games: &[Pairing], entrant: Entrant) -> usize {
        games.iter().filter(|g| g.first == entrant).count()
    }

    #[test]
    fn every_pair_meets_once_and_first_seats_are_shared_evenly() {
        for n in 3..=12 {
            let games = round_robin(n, false);
            assert_eq!(games.len(), n * (n - 1) / 2, "{n}");
            let pairs: BTreeSet<(Entrant, Entrant)> = (games.iter())
                .map(|g| (g.first.min(g.second), g.first.max(g.second)))
                .collect();
            assert_eq!(pairs.len(), games.len(), "{n}: a pair met twice");
            assert!(games.iter().all(|g| g.first != g.second && g.second < n));
            for entrant in 0..n {
                let played = n - 1;
                let first = firsts(&games, entrant);
                assert!(
                    first == played / 2 || first == played.div_ceil(2),
                    "{n} entrants: {entrant} first {first} times of {played}"
                );
            }
            // Nobody plays twice in a round.
            for round in 0..n {
                let seated: Vec<Entrant> = (games.iter())
                    .filter(|g| g.round == round)
                    .flat_map(|g| [g.first, g.second])
                    .collect();
                let distinct: BTreeSet<&Entrant> = seated.iter().collect();
                assert_eq!(distinct.len(), seated.len(), "{n} round {round}");
            }
        }
    }

    #[test]
    fn a_double_round_robin_swaps_seats_and_so_balances_them_exactly() {
        for n in 3..=12 {
            let games = round_robin(n, true);
            assert_eq!(games.len(), n * (n - 1), "{n}");
            for entrant in 0..n {
                assert_eq!(firsts(&games, entrant), n - 1, "{n}: {entrant}");
            }
            let half = games.len() / 2;
            for (one, two) in games[..half].iter().zip(&games[half..]) {
                assert_eq!((one.first, one.second), (two.second, two.first));
            }
        }
    }

    #[test]
    fn four_entrants_make_the_circle_documented() {
        let games: Vec<(usize, Entrant, Entrant)> = (round_robin(4, false).iter())
            .map(|g| (g.round, g.first, g.second))
            .collect();
        assert_eq!(
            games,
            vec![
                (0, 0, 3),
                (0, 1, 2),
                (1, 3, 1),
                (1, 2, 0),
                (2, 2, 3),
                (2, 0, 1),
            ]
        );
    }
}
