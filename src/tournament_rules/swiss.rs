//! Swiss pairing for two-player rounds by depth-first search: deterministic, given the standings
//! before the round. Events created before Swiss pairing became a matching
//! ([`super::swiss_matching`]) keep this rule, so that their logs still verify.
//!
//! The rules, in order:
//! 1. Entrants still in the event are ranked by points, then Buchholz (the sum of their
//!    opponents' points), then their lot from the event's committed seed.
//! 2. With an odd number, the bye (one point, no game) goes to the lowest-ranked entrant who has
//!    not had one and without whom the rest can be paired.
//! 3. The highest-ranked entrant not yet paired meets the highest-ranked one below them whom they
//!    have not met, so that those in the same score group meet first; if that would leave the
//!    rest impossible to pair without a repeat, the next candidate is tried (backtracking).
//!    When no pairing without repeats exists at all, the round cannot be paired and the event
//!    says so rather than pair anyone twice.
//! 4. First seat goes to whichever of the two has sat first less often; if equal, to the one
//!    who sat second in their latest game; if still equal, to the higher-ranked.

use std::collections::BTreeSet;

use super::berger::Pairing;
use super::{Entrant, Points};

/// What pairing needs to know of an entrant still in the event, in ranking order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranked {
    pub entrant: Entrant,
    pub points: Points,
    /// Everyone they have met.
    pub met: BTreeSet<Entrant>,
    pub had_bye: bool,
    /// Games in which they sat first, and in which second.
    pub firsts: u32,
    pub seconds: u32,
    /// Whether they sat first in their latest game, if they have played one.
    pub last_first: Option<bool>,
    /// How many games in a row, up to their latest, they sat in that game's seat.
    pub seat_run: u32,
}

impl Ranked {
    /// An entrant with no points, no game and no bye yet.
    pub fn new(entrant: Entrant) -> Ranked {
        Ranked {
            entrant,
            points: Points(0),
            met: BTreeSet::new(),
            had_bye: false,
            firsts: 0,
            seconds: 0,
            last_first: None,
            seat_run: 0,
        }
    }

    /// Records their next game: against `other`, in the first seat or the second.
    pub fn sat(&mut self, other: Entrant, first: bool) {
        self.met.insert(other);
        match first {
            true => self.firsts += 1,
            false => self.seconds += 1,
        }
        self.seat_run = match self.last_first == Some(first) {
            true => self.seat_run + 1,
            false => 1,
        };
        self.last_first = Some(first);
    }
}

/// One round's pairings, and who has the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub games: Vec<Pairing>,
    pub bye: Option<Entrant>,
}

/// Pairs `round` for `ranked` (best first). `None` when every pairing would repeat a game.
pub fn pair(round: usize, ranked: &[Ranked]) -> Option<Round> {
    let all: Vec<&Ranked> = ranked.iter().collect();
    if all.len().is_multiple_of(2) {
        return pair_all(round, &all, None);
    }
    // The lowest-ranked without a bye rests, unless the others then cannot all be paired.
    (0..all.len())
        .rev()
        .filter(|&i| !all[i].had_bye)
        .find_map(|i| {
            let mut playing = all.clone();
            let resting = playing.remove(i).entrant;
            pair_all(round, &playing, Some(resting))
        })
}

fn pair_all(round: usize, playing: &[&Ranked], bye: Option<Entrant>) -> Option<Round> {
    let mut pairs = Vec::new();
    let mut taken = vec![false; playing.len()];
    if !pair_from(playing, &mut taken, &mut pairs) {
        return None;
    }
    let games = (pairs.into_iter())
        .map(|(high, low)| seats(round, playing[high], playing[low]))
        .collect();
    Some(Round { games, bye })
}

/// Pairs every entrant not yet `taken`, top down, backtracking when a choice strands the rest.
fn pair_from(playing: &[&Ranked], taken: &mut [bool], pairs: &mut Vec<(usize, usize)>) -> bool {
    let Some(top) = taken.iter().position(|t| !t) else {
        return true;
    };
    taken[top] = true;
    for other in top + 1..playing.len() {
        if taken[other] || playing[top].met.contains(&playing[other].entrant) {
            continue;
        }
        taken[other] = true;
        pairs.push((top, other));
        if pair_from(playing, taken, pairs) {
            return true;
        }
        pairs.pop();
        taken[other] = false;
    }
    taken[top] = false;
    false
}

/// The seats of a game between `high` (ranked higher) and `low`.
pub(super) fn seats(round: usize, high: &Ranked, low: &Ranked) -> Pairing {
    let high_first = match (
        high.firsts.cmp(&low.firsts),
        high.last_first,
        low.last_first,
    ) {
        (std::cmp::Ordering::Less, _, _) => true,
        (std::cmp::Ordering::Greater, _, _) => false,
        (_, Some(true), Some(false)) => false,
        (_, Some(false), Some(true)) => true,
        _ => true,
    };
    let (first, second) = match high_first {
        true => (high.entrant, low.entrant),
        false => (low.entrant, high.entrant),
    };
    Pairing {
        round,
        first,
        second,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(round: &Round) -> Vec<(Entrant, Entrant)> {
        (round.games.iter())
            .map(|g| (g.first.min(g.second), g.first.max(g.second)))
            .collect()
    }

    #[test]
    fn the_top_meets_the_next_it_has_not_met_and_the_lowest_without_a_bye_rests() {
        let mut ranked: Vec<Ranked> = (0..5).map(Ranked::new).collect();
        let round = pair(0, &ranked).unwrap();
        assert_eq!(round.bye, Some(4));
        assert_eq!(pairs(&round), [(0, 1), (2, 3)]);
        // Next round, 4 has had the bye: 3 rests, and nobody meets again.
        ranked[4].had_bye = true;
        ranked[0].met.insert(1);
        ranked[1].met.insert(0);
        ranked[2].met.insert(3);
        ranked[3].met.insert(2);
        let round = pair(1, &ranked).unwrap();
        assert_eq!(round.bye, Some(3));
        assert_eq!(pairs(&round), [(0, 2), (1, 4)]);
    }

    #[test]
    fn a_choice_that_would_strand_the_rest_is_taken_back() {
        // 0 may meet 1 or 3; 2 has met 3, so 0–1 would leave 2–3 again: 0 meets 3, 1 meets 2.
        let mut ranked: Vec<Ranked> = (0..4).map(Ranked::new).collect();
        ranked[0].met.insert(2);
        ranked[2].met.extend([0, 3]);
        ranked[3].met.insert(2);
        let round = pair(2, &ranked).unwrap();
        assert_eq!(pairs(&round), [(0, 3), (1, 2)]);
        // Everyone has met everyone: no round rather than a repeat.
        for r in &mut ranked {
            r.met = (0..4).filter(|&e| e != r.entrant).collect();
        }
        assert_eq!(pair(3, &ranked), None);
    }

    #[test]
    fn first_seats_go_to_who_had_fewer_then_to_who_sat_second_last() {
        let mut ranked: Vec<Ranked> = (0..2).map(Ranked::new).collect();
        assert_eq!(pair(0, &ranked).unwrap().games[0].first, 0);
        ranked[0].firsts = 2;
        ranked[1].firsts = 1;
        assert_eq!(pair(0, &ranked).unwrap().games[0].first, 1);
        ranked[1].firsts = 2;
        ranked[0].last_first = Some(true);
        ranked[1].last_first = Some(false);
        assert_eq!(pair(0, &ranked).unwrap().games[0].first, 1);
    }

    #[test]
    fn nobody_has_a_second_bye_while_another_has_had_none() {
        let mut ranked: Vec<Ranked> = (0..3).map(Ranked::new).collect();
        ranked[2].had_bye = true;
        assert_eq!(pair(1, &ranked).unwrap().bye, Some(1));
        for r in &mut ranked {
            r.had_bye = true;
        }
        assert_eq!(pair(3, &ranked), None, "everyone has had a bye");
    }

    #[test]
    fn the_bye_moves_up_when_resting_the_lowest_would_force_a_repeat() {
        // 0 and 1 have met; resting 2 would leave them to meet again, so 1 rests.
        let mut ranked: Vec<Ranked> = (0..3).map(Ranked::new).collect();
        ranked[0].met.insert(1);
        ranked[1].met.insert(0);
        let round = pair(1, &ranked).unwrap();
        assert_eq!(round.bye, Some(1));
        assert_eq!(pairs(&round), [(0, 2)]);
    }
}
