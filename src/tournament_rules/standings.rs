//! Standings: points (1 a win, ½ a draw), then the tie-breaks decided in advance, in this order:
//! Buchholz (Swiss only), Sonneborn-Berger, direct encounter, number of wins, and last a lot drawn
//! from the event's committed seed, so that no two entrants ever share a place.
//!
//! - **Buchholz**: the sum of the points of every opponent met.
//! - **Sonneborn-Berger**: the points of every opponent beaten, and half the points of every
//!   opponent drawn with.
//! - **Direct encounter**: among the entrants still level after that, the points each scored in
//!   the games between them.
//!
//! A forfeit counts as the win or loss it gives; results struck from an event are left out by
//! the caller before the standings are made.

use std::fmt;

use super::Entrant;

/// Points in half points, so that sums stay exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub u32);

impl Points {
    pub const WIN: Points = Points(2);
    pub const DRAW: Points = Points(1);
    pub const LOSS: Points = Points(0);

    /// Whole points as a number, for JSON.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => write!(f, "½"),
            (whole, 1) => write!(f, "{whole}½"),
            (whole, _) => write!(f, "{whole}"),
        }
    }
}

/// How a game of the event ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    FirstWon,
    SecondWon,
    Drawn,
}

/// A finished game of the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    pub first: Entrant,
    pub second: Entrant,
    pub finish: Finish,
}

impl Game {
    /// What `entrant` scored in this game, if they played it.
    pub fn scored(&self, entrant: Entrant) -> Option<Points> {
        let sat_first = match entrant {
            e if e == self.first => true,
            e if e == self.second => false,
            _ => return None,
        };
        Some(match (self.finish, sat_first) {
            (Finish::Drawn, _) => Points::DRAW,
            (Finish::FirstWon, true) | (Finish::SecondWon, false) => Points::WIN,
            _ => Points::LOSS,
        })
    }

    /// The other entrant of this game.
    pub fn opponent(&self, entrant: Entrant) -> Entrant {
        if entrant == self.first {
            self.second
        } else {
            self.first
        }
    }
}

/// Which tie-breaks an event uses: Buchholz comes first in a Swiss, where entrants meet
/// different opponents; a round robin has everyone meet everyone, so it would tie everyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreaks {
    RoundRobin,
    Swiss,
}

/// One line of the standings, with every tie-break as it was counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// 1 for the first.
    pub place: usize,
    pub entrant: Entrant,
    pub points: Points,
    /// The points of every opponent met.
    pub buchholz: Points,
    /// In quarter points: Σ points scored against an opponent (halves) × their points (halves).
    pub sonneborn_berger: u32,
    /// Points scored against those level on points and Sonneborn-Berger.
    pub direct: Points,
    pub wins: u32,
    pub games: u32,
    pub lot: u64,
}

impl Standing {
    /// Sonneborn-Berger in points, for pages and JSON.
    pub fn sonneborn_berger_points(&self) -> f64 {
        f64::from(self.sonneborn_berger) / 4.0
    }

    /// What must be level before direct encounter counts.
    fn before_direct(&self, tie_breaks: TieBreaks) -> (Points, Points, u32) {
        match tie_breaks {
            TieBreaks::Swiss => (self.points, self.buchholz, self.sonneborn_berger),
            TieBreaks::RoundRobin => (self.points, Points(0), self.sonneborn_berger),
        }
    }
}

/// The standings of `entrants` after `games`, best first. `lots` holds each entrant's lot (the
/// lower draws the better place), used only when everything else is level.
pub fn standings(
    entrants: usize,
    games: &[Game],
    lots: &[u64],
    tie_breaks: TieBreaks,
) -> Vec<Standing> {
    standings_with_byes(entrants, games, &[], lots, tie_breaks)
}

/// [`standings`] in a Swiss with byes: each bye (an entrant appears once for each) earns a win's
/// point, and is no game: it adds nothing to anyone's Buchholz, Sonneborn-Berger or wins.
pub fn standings_with_byes(
    entrants: usize,
    games: &[Game],
    byes: &[Entrant],
    lots: &[u64],
    tie_breaks: TieBreaks,
) -> Vec<Standing> {
    let points: Vec<Points> = (0..entrants)
        .map(|e| {
            let played: u32 = games.iter().filter_map(|g| g.scored(e)).map(|p| p.0).sum();
            let rested = byes.iter().filter(|b| **b == e).count() as u32;
            Points(played + rested * Points::WIN.0)
        })
        .collect();
    let mut lines: Vec<Standing> = (0..entrants)
        .map(|entrant| {
            let played: Vec<&Game> = (games.iter())
                .filter(|g| g.scored(entrant).is_some())
                .collect();
            let sonneborn_berger = (played.iter())
                .map(|g| g.scored(entrant).unwrap().0 * points[g.opponent(entrant)].0)
                .sum();
            Standing {
                place: 0,
                entrant,
                points: points[entrant],
                buchholz: Points((played.iter()).map(|g| points[g.opponent(entrant)].0).sum()),
                sonneborn_berger,
                direct: Points::default(),
                wins: (played.iter())
                    .filter(|g| g.scored(entrant) == Some(Points::WIN))
                    .count() as u32,
                games: played.len() as u32,
                lot: lots.get(entrant).copied().unwrap_or(u64::MAX),
            }
        })
        .collect();
    let level: Vec<_> = (lines.iter())
        .map(|l| l.before_direct(tie_breaks))
        .collect();
    for line in &mut lines {
        let me = line.entrant;
        line.direct = Points(
            (games.iter())
                .filter(|g| g.scored(me).is_some())
                .filter(|g| level[g.opponent(me)] == level[me])
                .map(|g| g.scored(me).unwrap().0)
                .sum(),
        );
    }
    lines.sort_by(|a, b| {
        let key = |s: &Standing| (s.before_direct(tie_breaks), s.direct, s.wins);
        key(b)
            .cmp(&key(a))
            .then(a.lot.cmp(&b.lot))
            .then(a.entrant.cmp(&b.entrant))
    });
    number_places(&mut lines);
    lines
}

pub(super) fn number_places(lines: &mut [Standing]) {
    for (i, line) in lines.iter_mut().enumerate() {
        line.place = i + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(first: Entrant, second: Entrant, finish: Finish) -> Game {
        Game {
            first,
            second,
            finish,
        }
    }

    #[test]
    fn points_are_shown_with_halves() {
        let shown: Vec<String> = (0..5).map(|h| Points(h).to_string()).collect();
        assert_eq!(shown, ["0", "½", "1", "1½", "2"]);
        assert_eq!(Points(5).value(), 2.5);
    }

    #[test]
    fn points_then_sonneborn_berger_order_the_section() {
        // 0 beats 1, 1 beats 2, 2 beats 0: all on 1 point; 3 loses to all but draws with 0.
        let games = [
            game(0, 1, Finish::FirstWon),
            game(1, 2, Finish::FirstWon),
            game(2, 0, Finish::FirstWon),
            game(3, 0, Finish::Drawn),
            game(1, 3, Finish::FirstWon),
            game(3, 2, Finish::SecondWon),
        ];
        let table = standings(4, &games, &[0, 0, 0, 0], TieBreaks::RoundRobin);
        let points: Vec<(Entrant, String)> = (table.iter())
            .map(|s| (s.entrant, s.points.to_string()))
            .collect();
        // 1 and 2 have 2 points; 0 has 1½, 3 has ½.
        assert_eq!(points[2], (0, "1½".to_string()));
        assert_eq!(points[3], (3, "½".to_string()));
        // 1 beat 2 (2 points) and 3 (½): SB 2½; 2 beat 0 (1½) and 3 (½): SB 2.
        assert_eq!(table[0].entrant, 1);
        assert_eq!(table[0].sonneborn_berger_points(), 2.5);
        assert_eq!(table[1].sonneborn_berger_points(), 2.0);
        // 0 beat 1 (2) and drew with 3 (½ of ½): SB 2¼.
        assert_eq!(table[2].sonneborn_berger_points(), 2.25);
        assert_eq!(
            table.iter().map(|s| s.place).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
    }

    #[test]
    fn direct_encounter_then_wins_then_the_lot_break_what_is_still_level() {
        // 0 and 1 each beat 2 and drew with each other: level on points and SB; direct encounter
        // is level too (½ each), and so are wins: the lot decides.
        let games = [
            game(0, 1, Finish::Drawn),
            game(0, 2, Finish::FirstWon),
            game(2, 1, Finish::SecondWon),
        ];
        let by_lot = |lots: [u64; 3]| -> Vec<Entrant> {
            (standings(3, &games, &lots, TieBreaks::RoundRobin).iter())
                .map(|s| s.entrant)
                .collect()
        };
        assert_eq!(by_lot([9, 3, 0]), [1, 0, 2]);
        assert_eq!(by_lot([3, 9, 0]), [0, 1, 2]);

        // A cycle among three who all beat the fourth: level on everything but the lot.
        let cycle = [
            game(0, 1, Finish::FirstWon),
            game(1, 2, Finish::FirstWon),
            game(2, 0, Finish::FirstWon),
            game(0, 3, Finish::FirstWon),
            game(1, 3, Finish::FirstWon),
            game(2, 3, Finish::FirstWon),
        ];
        let table = standings(4, &cycle, &[5, 4, 3, 0], TieBreaks::RoundRobin);
        // All three have 2 points and SB 2 + 0; direct encounter 1 each; wins 2 each: lots.
        assert!(
            table[..3]
                .iter()
                .all(|s| s.direct == Points(2) && s.wins == 2)
        );
        assert_eq!(
            table.iter().map(|s| s.entrant).collect::<Vec<_>>(),
            [2, 1, 0, 3]
        );
    }

    #[test]
    fn direct_encounter_counts_only_games_among_those_level() {
        // 0 and 1 are level on points (1½) and SB (2), and on wins (1); 0 beat 1, so 0 is ahead
        // whatever the lots say.
        let games = [
            game(0, 1, Finish::FirstWon),
            game(0, 2, Finish::SecondWon),
            game(0, 3, Finish::Drawn),
            game(1, 2, Finish::Drawn),
            game(1, 3, Finish::FirstWon),
            game(2, 3, Finish::Drawn),
        ];
        let table = standings(4, &games, &[9, 0, 0, 0], TieBreaks::RoundRobin);
        let zero = table.iter().position(|s| s.entrant == 0).unwrap();
        let one = table.iter().position(|s| s.entrant == 1).unwrap();
        assert_eq!(
            (table[zero].points, table[zero].sonneborn_berger),
            (table[one].points, table[one].sonneborn_berger)
        );
        assert_eq!(
            (table[zero].direct, table[one].direct),
            (Points(2), Points(0))
        );
        assert_eq!(table[zero].wins, table[one].wins);
        assert!(zero < one);
    }

    #[test]
    fn in_a_swiss_buchholz_comes_before_sonneborn_berger() {
        // 0 and 1 each have 2 points; 0's opponents scored more (Buchholz 4 to 3), 1 beat the
        // stronger ones (Sonneborn-Berger 3 to 1).
        let games = [
            game(3, 0, Finish::FirstWon),
            game(4, 0, Finish::SecondWon),
            game(1, 3, Finish::FirstWon),
            game(1, 0, Finish::FirstWon),
            game(2, 4, Finish::SecondWon),
            game(0, 2, Finish::FirstWon),
        ];
        let rank = |tie_breaks| -> Vec<Entrant> {
            (standings(5, &games, &[0; 5], tie_breaks).iter())
                .map(|s| s.entrant)
                .filter(|e| *e < 2)
                .collect()
        };
        let table = standings(5, &games, &[0; 5], TieBreaks::Swiss);
        let of = |e: Entrant| table.iter().find(|s| s.entrant == e).unwrap().clone();
        assert_eq!(of(0).points, of(1).points);
        assert_eq!((of(0).buchholz, of(1).buchholz), (Points(8), Points(6)));
        assert_eq!(
            (
                of(0).sonneborn_berger_points(),
                of(1).sonneborn_berger_points()
            ),
            (1.0, 3.0)
        );
        assert_eq!(rank(TieBreaks::Swiss), [0, 1]);
        assert_eq!(rank(TieBreaks::RoundRobin), [1, 0]);
    }
}
