//! Events of three or four seats a table (Kabaleo, Azul, Gype): who sits at which table, in which
//! seat, and the points each place earns.
//!
//! - **Points by place**: at a table of `k`, place `p` earns `k − p` points (3, 2, 1, 0 at four;
//!   2, 1, 0 at three). Those who share places share those places' points equally, which is
//!   always a whole or a half point.
//! - **Tables**: entrants are taken in ranking order (the lot in the first round, the standings
//!   after it), so that those with the same score meet, and cut into tables of the event's size;
//!   when the count does not divide, the last tables have one seat fewer.
//! - **Seats**: at each table the first seat goes to whoever has sat first least often (the
//!   higher-ranked if equal); the others follow in ranking order. Over the rounds everyone sits
//!   first as often as the count allows.

use super::Entrant;
use super::standings::{Points, Standing, number_places};

/// The points of each seat of a finished table, given each seat's place (1 the best; equals share
/// a place, and the next place skips, as 1, 1, 3, 4).
pub fn place_points(places: &[u32]) -> Vec<Points> {
    let k = places.len() as u32;
    places
        .iter()
        .map(|&place| {
            let sharing = places.iter().filter(|&&p| p == place).count() as u32;
            // The places covered run from `place` to `place + sharing − 1`; each earns k − p.
            let halves: u32 = (place..place + sharing).map(|p| 2 * (k - p)).sum();
            Points(halves / sharing)
        })
        .collect()
}

/// A finished table: its entrants in seat order, and each seat's place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableResult {
    pub seats: Vec<Entrant>,
    pub places: Vec<u32>,
}

/// The standings of an event of tables, best first: points by place, then the number of tables
/// won (first place, shared or not), then the lot. The two-player tie-breaks stay at zero.
pub fn table_standings(entrants: usize, tables: &[TableResult], lots: &[u64]) -> Vec<Standing> {
    let mut lines: Vec<Standing> = (0..entrants)
        .map(|entrant| Standing {
            place: 0,
            entrant,
            points: Points::default(),
            buchholz: Points::default(),
            sonneborn_berger: 0,
            direct: Points::default(),
            wins: 0,
            games: 0,
            lot: lots.get(entrant).copied().unwrap_or(u64::MAX),
        })
        .collect();
    for table in tables {
        for ((&entrant, points), &place) in (table.seats.iter())
            .zip(place_points(&table.places))
            .zip(&table.places)
        {
            let line = &mut lines[entrant];
            line.points.0 += points.0;
            line.games += 1;
            line.wins += u32::from(place == 1);
        }
    }
    lines.sort_by(|a, b| {
        (b.points, b.wins)
            .cmp(&(a.points, a.wins))
            .then(a.lot.cmp(&b.lot))
            .then(a.entrant.cmp(&b.entrant))
    });
    number_places(&mut lines);
    lines
}

/// An entrant to seat, in ranking order, with how often they have sat first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToSeat {
    pub entrant: Entrant,
    pub firsts: u32,
}

/// The tables of a round: `ranked` cut into tables of `size` (the last ones one fewer when the
/// count does not divide), each in seat order. `None` when the count cannot make such tables.
pub fn seat_tables(ranked: &[ToSeat], size: usize) -> Option<Vec<Vec<Entrant>>> {
    let count = ranked.len();
    if size < 2 || count < size - 1 {
        return None;
    }
    let tables = count.div_ceil(size);
    let short = tables * size - count;
    if short > tables {
        return None;
    }
    let mut seated = Vec::with_capacity(tables);
    let mut rest = ranked;
    for table in 0..tables {
        let here = if table >= tables - short {
            size - 1
        } else {
            size
        };
        let (at, after) = rest.split_at(here);
        seated.push(seat_order(at));
        rest = after;
    }
    Some(seated)
}

/// A table in seat order: the one who has sat first least often first, then the rest by rank.
fn seat_order(table: &[ToSeat]) -> Vec<Entrant> {
    let first = (0..table.len())
        .min_by_key(|&i| (table[i].firsts, i))
        .unwrap_or(0);
    std::iter::once(first)
        .chain((0..table.len()).filter(|&i| i != first))
        .map(|i| table[i].entrant)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_rank_by_points_then_tables_won_then_lot() {
        // 0 and 1 each win once and come second once: level on points and wins, the lot decides.
        let tables = [
            TableResult {
                seats: vec![0, 1, 2],
                places: vec![1, 2, 3],
            },
            TableResult {
                seats: vec![1, 0, 3],
                places: vec![1, 2, 3],
            },
            TableResult {
                seats: vec![2, 3, 4],
                places: vec![1, 1, 3],
            },
        ];
        let table = table_standings(5, &tables, &[9, 1, 5, 5, 5]);
        let order: Vec<(Entrant, u32, u32)> = (table.iter())
            .map(|s| (s.entrant, s.points.0, s.wins))
            .collect();
        assert_eq!(
            order,
            [(1, 6, 1), (0, 6, 1), (2, 3, 1), (3, 3, 1), (4, 0, 0)],
            "points in halves: 2+1 each for 0 and 1, 1½ shared first for 2 and 3"
        );
        assert_eq!(table[0].place, 1);
        assert_eq!(table[4].games, 1);
    }

    fn shown(points: &[Points]) -> Vec<String> {
        points.iter().map(Points::to_string).collect()
    }

    #[test]
    fn places_earn_their_points_and_shared_places_share_them() {
        assert_eq!(shown(&place_points(&[2, 1, 4, 3])), ["2", "3", "0", "1"]);
        assert_eq!(shown(&place_points(&[1, 2, 3])), ["2", "1", "0"]);
        assert_eq!(shown(&place_points(&[1, 1, 3, 4])), ["2½", "2½", "1", "0"]);
        assert_eq!(shown(&place_points(&[1, 2, 2, 2])), ["3", "1", "1", "1"]);
        assert_eq!(
            shown(&place_points(&[1, 1, 1, 1])),
            ["1½", "1½", "1½", "1½"]
        );
        assert_eq!(shown(&place_points(&[1, 1, 3])), ["1½", "1½", "0"]);
        // Whatever the ties, a table hands out the same points in all.
        for places in [[1, 1, 3, 4], [1, 2, 2, 4], [1, 1, 1, 4], [1, 2, 3, 3]] {
            let total: u32 = place_points(&places).iter().map(|p| p.0).sum();
            assert_eq!(total, 2 * (3 + 2 + 1), "{places:?}");
        }
    }

    fn ranked(firsts: &[u32]) -> Vec<ToSeat> {
        (firsts.iter().enumerate())
            .map(|(entrant, &firsts)| ToSeat { entrant, firsts })
            .collect()
    }

    #[test]
    fn tables_follow_the_ranking_and_the_last_are_one_short_when_needed() {
        let eight = seat_tables(&ranked(&[0; 8]), 4).unwrap();
        assert_eq!(eight, [vec![0, 1, 2, 3], vec![4, 5, 6, 7]]);
        let seven = seat_tables(&ranked(&[0; 7]), 4).unwrap();
        assert_eq!(seven, [vec![0, 1, 2, 3], vec![4, 5, 6]]);
        let ten = seat_tables(&ranked(&[0; 10]), 4).unwrap();
        assert_eq!(ten, [vec![0, 1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]);
        assert_eq!(seat_tables(&ranked(&[0; 5]), 4), None, "4 + 1 or 3 + 2");
        assert_eq!(seat_tables(&ranked(&[0; 2]), 4), None);
    }

    #[test]
    fn the_first_seat_goes_to_who_has_had_it_least() {
        let tables = seat_tables(&ranked(&[1, 0, 1, 0]), 4).unwrap();
        assert_eq!(tables, [vec![1, 0, 2, 3]]);
        // Over four rounds at one table of four, each sits first once.
        let mut firsts = [0u32; 4];
        for _ in 0..4 {
            let table = seat_tables(&ranked(&firsts), 4).unwrap();
            firsts[table[0][0]] += 1;
        }
        assert_eq!(firsts, [1, 1, 1, 1]);
    }
}
