//! Swiss pairing as a maximum-weight perfect matching, as bbpPairings and JaVaFo pair FIDE's
//! Dutch system: every entrant still in is a vertex, every pair who may meet an edge, and the
//! edge's weight says how good that game would be; the round is the perfect matching of
//! greatest total weight, found in polynomial time ([`super::matching`]).
//!
//! The weights encode, in this order, each criterion outweighing everything below it together:
//! 1. Nobody meets twice: two who have met have no edge. When no perfect matching is left, the
//!    round cannot be paired and the event says so rather than pair anyone twice.
//! 2. With an odd number, the bye (one point, no game) goes to someone who has not had one, for
//!    as long as anyone has not; among those, to the lowest-ranked who leaves the rest pairable.
//!    (A bye vertex is joined to exactly those entrants.)
//! 3. As few entrants as possible meet someone outside their score group,
//! 4. and by score differences as small as possible (the sum of their squares, in half points).
//! 5. As few games as possible between two who must both sit first, or both second — who must
//!    because they have sat the other seat two games more often, or the same seat in both their
//!    latest games.
//! 6. Then the ranking: the sum of the distances in rank between opponents as small as
//!    possible, so that with nothing else in the way the first meets the second, the third the
//!    fourth, as Turnpost's earlier Swiss pairing did.
//!
//! Seats then go to whoever must sit there; otherwise as [`super::swiss`] gives them.
//!
//! Deterministic: the same standings give the same edges in the same order, and the matching
//! breaks ties between equal totals the same way every time, so `turnpost verify` re-derives
//! every round.

use super::matching::max_weight_perfect_matching;
use super::swiss::{Ranked, Round, seats};

/// Pairs `round` for `ranked` (best first). `None` when every pairing would repeat a game.
pub fn pair(round: usize, ranked: &[Ranked]) -> Option<Round> {
    let n = ranked.len();
    let bye = (n % 2 == 1).then_some(n);
    let vertices = n + usize::from(bye.is_some());
    let edges = edges(ranked, bye);
    let mates = max_weight_perfect_matching(vertices, &edges)?;
    // Taken in ranking order, the games come out ordered by their higher-ranked player.
    let mut games = Vec::new();
    let mut resting = None;
    for (i, &j) in mates.iter().enumerate().take(n) {
        if Some(j) == bye {
            resting = Some(ranked[i].entrant);
        } else if i < j {
            games.push(seat(round, &ranked[i], &ranked[j]));
        }
    }
    Some(Round {
        games,
        bye: resting,
    })
}

/// How one possible game (or the bye) scores on each criterion below the first two; higher is
/// better.
#[derive(Clone, Copy)]
struct Scores {
    in_group: u64,
    difference: u64,
    seats: u64,
    ranking: u64,
}

/// Every edge of the graph: the pairs who may meet, and each entrant who may have the bye.
fn edges(ranked: &[Ranked], bye: Option<usize>) -> Vec<(usize, usize, i128)> {
    let n = ranked.len();
    let points = |r: &Ranked| u64::from(r.points.0);
    let widest = (ranked.iter().map(points).max().unwrap_or(0))
        - ranked.iter().map(points).min().unwrap_or(0);
    let scores = |i: usize, j: usize| {
        let (a, b) = (&ranked[i], &ranked[j]);
        let difference = points(a).abs_diff(points(b));
        let clash = matches!((seat_need(a), seat_need(b)), (Some(x), Some(y)) if x == y);
        Scores {
            in_group: u64::from(difference == 0),
            difference: widest * widest - difference * difference,
            seats: u64::from(!clash),
            ranking: (n - (j - i)) as u64,
        }
    };
    // Each level's unit exceeds the most that every game of a round together could score on
    // all the levels below it.
    let games = n.div_ceil(2) as i128;
    let ranking_unit: i128 = 1;
    let seats_unit = ranking_unit * (games * n as i128 + 1);
    let difference_unit = seats_unit * (games + 1) + ranking_unit * games * n as i128;
    let in_group_unit =
        difference_unit * (games * (widest * widest) as i128 + 1) + seats_unit * (games + 1);
    let bye_unit =
        in_group_unit * (games + 1) + difference_unit * games * (widest * widest) as i128;
    let weight = |s: Scores| {
        s.in_group as i128 * in_group_unit
            + s.difference as i128 * difference_unit
            + s.seats as i128 * seats_unit
            + s.ranking as i128 * ranking_unit
    };
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if !ranked[i].met.contains(&ranked[j].entrant) {
                edges.push((i, j, weight(scores(i, j))));
            }
        }
    }
    if let Some(bye) = bye {
        let anyone_without = ranked.iter().any(|r| !r.had_bye);
        let same = Scores {
            in_group: 1,
            difference: widest * widest,
            seats: 1,
            ranking: n as u64,
        };
        for (i, r) in ranked.iter().enumerate() {
            if !r.had_bye || !anyone_without {
                edges.push((i, bye, (i as i128 + 1) * bye_unit + weight(same)));
            }
        }
    }
    edges
}

/// The seat an entrant must take to keep their seats balanced: first (true) when they have sat
/// second two games more often than first, or second in both their latest games; and the
/// reverse.
fn seat_need(entrant: &Ranked) -> Option<bool> {
    let (firsts, seconds) = (entrant.firsts, entrant.seconds);
    if seconds >= firsts + 2 {
        return Some(true);
    }
    if firsts >= seconds + 2 {
        return Some(false);
    }
    match (entrant.last_first, entrant.seat_run >= 2) {
        (Some(last_first), true) => Some(!last_first),
        _ => None,
    }
}

/// The seats of a game between `high` (ranked higher) and `low`: whoever must sit where does,
/// unless both must take the same seat; otherwise as the search-paired Swiss seats them.
fn seat(round: usize, high: &Ranked, low: &Ranked) -> super::Pairing {
    let high_first = match (seat_need(high), seat_need(low)) {
        (Some(a), Some(b)) if a == b => None,
        (Some(a), _) => Some(a),
        (_, Some(b)) => Some(!b),
        _ => None,
    };
    match high_first {
        Some(true) => super::Pairing {
            round,
            first: high.entrant,
            second: low.entrant,
        },
        Some(false) => super::Pairing {
            round,
            first: low.entrant,
            second: high.entrant,
        },
        None => seats(round, high, low),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::tournament_rules::{Points, pair_by_search};

    /// Entrants 0..n as an event would hold them after `rounds` rounds of random results, paired
    /// by matching, ranked by points then entrant number.
    fn played(n: usize, rounds: usize, rng: &mut ChaCha8Rng) -> Option<Vec<Ranked>> {
        let mut ranked: Vec<Ranked> = (0..n).map(Ranked::new).collect();
        for round in 1..=rounds {
            let paired = pair(round, &ranked)?;
            check_round(&ranked, &paired);
            record(&mut ranked, &paired, rng);
        }
        Some(ranked)
    }

    fn record(ranked: &mut [Ranked], round: &Round, rng: &mut ChaCha8Rng) {
        let place = |ranked: &[Ranked], e| ranked.iter().position(|r| r.entrant == e).unwrap();
        for game in &round.games {
            let points = [0, 1, 2][rng.random_range(0..3)];
            for (entrant, other, first, scored) in [
                (game.first, game.second, true, points),
                (game.second, game.first, false, 2 - points),
            ] {
                let at = place(ranked, entrant);
                ranked[at].sat(other, first);
                ranked[at].points.0 += scored;
            }
        }
        if let Some(bye) = round.bye {
            let at = place(ranked, bye);
            let r = &mut ranked[at];
            r.had_bye = true;
            r.points.0 += 2;
        }
        ranked.sort_by_key(|r| (std::cmp::Reverse(r.points), r.entrant));
    }

    /// Everyone plays once or rests, nobody meets twice, the bye goes to someone without one
    /// while anyone is, and whoever had to sit a seat sits it unless their opponent had to as
    /// well.
    fn check_round(ranked: &[Ranked], round: &Round) {
        let of = |e: usize| ranked.iter().find(|r| r.entrant == e).unwrap();
        let mut seen = BTreeSet::new();
        for game in &round.games {
            assert!(
                seen.insert(game.first) && seen.insert(game.second),
                "{round:?}"
            );
            assert!(
                !of(game.first).met.contains(&game.second),
                "a repeat: {game:?}"
            );
            let (first, second) = (seat_need(of(game.first)), seat_need(of(game.second)));
            if first != second {
                assert!(
                    first != Some(false) && second != Some(true),
                    "seats: {game:?}"
                );
            }
        }
        if let Some(bye) = round.bye {
            assert!(seen.insert(bye));
            assert!(!of(bye).had_bye || ranked.iter().all(|r| r.had_bye));
        }
        assert_eq!(seen.len(), ranked.len());
    }

    /// The greatest total weight of a perfect matching of `edges` on `vertices`, by trying all.
    fn best_total(vertices: usize, edges: &[(usize, usize, i128)]) -> Option<i128> {
        fn best(free: &mut [bool], edges: &[(usize, usize, i128)]) -> Option<i128> {
            let Some(v) = free.iter().position(|&f| f) else {
                return Some(0);
            };
            free[v] = false;
            let mut found = None;
            for &(i, j, w) in edges.iter().filter(|e| e.0 == v || e.1 == v) {
                let other = if i == v { j } else { i };
                if free[other] {
                    free[other] = false;
                    if let Some(rest) = best(free, edges) {
                        found = found.max(Some(rest + w));
                    }
                    free[other] = true;
                }
            }
            free[v] = true;
            found
        }
        best(&mut vec![true; vertices], edges)
    }

    #[test]
    fn on_small_events_the_pairing_has_the_greatest_weight_and_exists_whenever_the_search_finds_one()
     {
        let mut rng = ChaCha8Rng::seed_from_u64(1000);
        let mut compared = 0;
        for _ in 0..400 {
            let n = rng.random_range(2..=12);
            let rounds = rng.random_range(0..n);
            let Some(ranked) = played(n, rounds, &mut rng) else {
                continue;
            };
            let bye = (n % 2 == 1).then_some(n);
            let edges = edges(&ranked, bye);
            let vertices = n + usize::from(bye.is_some());
            let optimum = best_total(vertices, &edges);
            let paired = pair(rounds + 1, &ranked);
            assert_eq!(paired.is_some(), optimum.is_some(), "{ranked:?}");
            if let Some(round) = &paired {
                check_round(&ranked, round);
                let index = |e| ranked.iter().position(|r| r.entrant == e).unwrap();
                let mut total: i128 = (round.games.iter())
                    .map(|g| {
                        (
                            index(g.first).min(index(g.second)),
                            index(g.first).max(index(g.second)),
                        )
                    })
                    .map(|(i, j)| edges.iter().find(|e| (e.0, e.1) == (i, j)).unwrap().2)
                    .sum();
                if let Some(rest) = round.bye {
                    let i = index(rest);
                    total += edges.iter().find(|e| (e.0, e.1) == (i, n)).unwrap().2;
                }
                assert_eq!(Some(total), optimum, "{ranked:?}");
                compared += 1;
            }
            if pair_by_search(rounds + 1, &ranked).is_some() {
                assert!(paired.is_some(), "the search paired {ranked:?}");
            }
        }
        assert!(compared > 300, "only {compared} rounds compared");
    }

    #[test]
    fn every_round_of_events_of_many_sizes_is_a_valid_pairing() {
        let mut rng = ChaCha8Rng::seed_from_u64(2000);
        for n in [2, 3, 5, 8, 13, 21, 34, 55, 64, 101] {
            let rounds = (n - 1).min(11);
            let ranked = played(n, rounds, &mut rng);
            assert!(
                ranked.is_some() || n <= 5,
                "{n} entrants ran out of pairings"
            );
        }
    }

    #[test]
    fn score_groups_meet_within_themselves_top_down_and_the_lowest_without_a_bye_rests() {
        let mut ranked: Vec<Ranked> = (0..7).map(Ranked::new).collect();
        for r in &mut ranked[..3] {
            r.points = Points(2);
        }
        ranked[6].had_bye = true;
        let round = pair(2, &ranked).unwrap();
        // 6 had the bye, so 5 rests; 0 meets 1; 2, alone in its group, meets the top of the
        // next; 4 meets 6.
        assert_eq!(round.bye, Some(5));
        let pairs: Vec<(usize, usize)> = (round.games.iter())
            .map(|g| (g.first.min(g.second), g.first.max(g.second)))
            .collect();
        assert_eq!(pairs, [(0, 1), (2, 3), (4, 6)]);
    }

    #[test]
    fn nobody_sits_first_three_times_in_a_row_when_the_opponent_can_take_it() {
        let mut ranked: Vec<Ranked> = (0..2).map(Ranked::new).collect();
        ranked[0].firsts = 2;
        ranked[0].last_first = Some(true);
        ranked[0].seat_run = 2;
        ranked[1].firsts = 1;
        ranked[1].seconds = 1;
        ranked[1].last_first = Some(false);
        ranked[1].seat_run = 1;
        let game = &pair(3, &ranked).unwrap().games[0];
        assert_eq!((game.first, game.second), (1, 0));
    }
}
