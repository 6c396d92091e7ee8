//! Withdrawals from a round-robin section, by FIDE's rule: an entrant who leaves having finished
//! fewer than half of their games has every result struck, as if they had never entered; one who
//! leaves later keeps the results they earned, and each game they had not finished is lost by
//! forfeit. (The games still running when they leave are resigned, and count among those not
//! finished.)

use std::collections::BTreeSet;

use super::Entrant;
use super::berger::Pairing;
use super::standings::{Finish, Game};

/// What became of a withdrawn entrant's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Withdrawal {
    /// Fewer than half were finished: every result of theirs is struck.
    Struck,
    /// Half or more were finished: those stand, and the rest are lost by forfeit.
    Forfeits,
}

/// Which rule applies to someone who finished `finished` of their `scheduled` games.
pub fn withdrawal(scheduled: usize, finished: usize) -> Withdrawal {
    match 2 * finished < scheduled {
        true => Withdrawal::Struck,
        false => Withdrawal::Forfeits,
    }
}

/// The results that count in a section of `pairings`, given the games `finished` by play (seated
/// as their pairings) and the entrants who withdrew.
pub fn counted(pairings: &[Pairing], finished: &[Game], withdrawn: &[Entrant]) -> Vec<Game> {
    let rules: Vec<(Entrant, Withdrawal)> = (withdrawn.iter())
        .map(|&entrant| {
            let scheduled = (pairings.iter())
                .filter(|p| p.first == entrant || p.second == entrant)
                .count();
            let played = (finished.iter())
                .filter(|g| g.first == entrant || g.second == entrant)
                .count();
            (entrant, withdrawal(scheduled, played))
        })
        .collect();
    let struck: BTreeSet<Entrant> = (rules.iter())
        .filter(|(_, w)| *w == Withdrawal::Struck)
        .map(|(e, _)| *e)
        .collect();
    let forfeiting: BTreeSet<Entrant> = (rules.iter())
        .filter(|(_, w)| *w == Withdrawal::Forfeits)
        .map(|(e, _)| *e)
        .collect();
    let involves = |set: &BTreeSet<Entrant>, first: Entrant, second: Entrant| {
        set.contains(&first) || set.contains(&second)
    };
    let mut results: Vec<Game> = (finished.iter())
        .filter(|g| !involves(&struck, g.first, g.second))
        .copied()
        .collect();
    // Each unfinished game of a forfeiting entrant goes to their opponent, once per game: in a
    // double round robin a pair has two games, told apart by their seats.
    let mut unfinished: Vec<&Pairing> = (pairings.iter())
        .filter(|p| !involves(&struck, p.first, p.second))
        .filter(|p| involves(&forfeiting, p.first, p.second))
        .collect();
    for game in finished {
        if let Some(at) =
            (unfinished.iter()).position(|p| (p.first, p.second) == (game.first, game.second))
        {
            unfinished.remove(at);
        }
    }
    for p in unfinished {
        let finish = match (
            forfeiting.contains(&p.first),
            forfeiting.contains(&p.second),
        ) {
            (true, false) => Finish::SecondWon,
            (false, true) => Finish::FirstWon,
            // Both left: nobody earns the game.
            _ => continue,
        };
        results.push(Game {
            first: p.first,
            second: p.second,
            finish,
        });
    }
    results
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament_rules::{Points, TieBreaks, round_robin, standings};

    fn won(first: Entrant, second: Entrant) -> Game {
        Game {
            first,
            second,
            finish: Finish::FirstWon,
        }
    }

    #[test]
    fn under_half_finished_strikes_every_result_at_half_or_more_the_rest_are_forfeits() {
        assert_eq!(withdrawal(4, 1), Withdrawal::Struck);
        assert_eq!(withdrawal(4, 2), Withdrawal::Forfeits);
        assert_eq!(withdrawal(3, 1), Withdrawal::Struck);
        assert_eq!(withdrawal(3, 2), Withdrawal::Forfeits);
    }

    #[test]
    fn a_section_of_five_with_one_leaving_before_half_and_one_at_half() {
        let pairings = round_robin(5, false);
        let result = |winner: Entrant, loser: Entrant| {
            let p = (pairings.iter())
                .find(|p| {
                    [p.first, p.second] == [winner, loser] || [p.second, p.first] == [winner, loser]
                })
                .unwrap();
            Game {
                first: p.first,
                second: p.second,
                finish: match p.first == winner {
                    true => Finish::FirstWon,
                    false => Finish::SecondWon,
                },
            }
        };
        // 4 finished one of four games (beating 0) and left: struck. 3 finished two of four
        // (beat 0, lost to 2) and left: those stand, the game with 1 is 1's by forfeit, and the
        // game with 4 went with 4's results.
        let finished = [result(4, 0), result(3, 0), result(2, 3), result(1, 2)];
        let counted = counted(&pairings, &finished, &[4, 3]);
        assert_eq!(counted.len(), 4, "{counted:?}");
        assert!(counted.contains(&result(1, 3)), "{counted:?}");
        assert!(!counted.contains(&result(4, 0)));
        let table = standings(5, &counted, &[0; 5], TieBreaks::RoundRobin);
        let line = |e: Entrant| table.iter().find(|s| s.entrant == e).unwrap().clone();
        let points: Vec<Points> = (0..5).map(|e| line(e).points).collect();
        assert_eq!(
            points,
            [Points(0), Points(4), Points(2), Points(2), Points(0)]
        );
        assert_eq!(line(4).games, 0);
    }

    #[test]
    fn the_games_a_late_leaver_had_not_finished_go_to_their_opponents() {
        let pairings = round_robin(4, true);
        // 0 finished 3 of their 6 games (half) and left: the other 3 are forfeits.
        let finished: Vec<Game> = (pairings.iter())
            .filter(|p| p.first == 0)
            .map(|p| won(p.first, p.second))
            .collect();
        assert_eq!(finished.len(), 3);
        let counted = counted(&pairings, &finished, &[0]);
        assert_eq!(counted.len(), 6);
        let table = standings(4, &counted, &[0; 4], TieBreaks::RoundRobin);
        for s in &table {
            let want = if s.entrant == 0 { 6 } else { 2 };
            assert_eq!(s.points, Points(want), "{s:?}");
        }
    }
}
