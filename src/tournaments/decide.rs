//! What an event's log must say next, as pure functions of the event so far and its seed: the
//! service appends what these return, and the verifier runs them again on an export.
//!
//! - **Entrant numbers** follow the order of sign-up.
//! - **Round robin**: every game starts at once. Berger's table numbers the places 1…n; the
//!   entrants take them in the order their lots draw them, so the seed decides who sits first
//!   how often without anyone being able to choose.
//! - **Swiss**: [`crate::tournament_rules::pair_by_matching`] pairs the entrants still in, ranked by
//!   the standings so far (points, Buchholz, then lot); events created before it keep
//!   [`crate::tournament_rules::pair_by_search`].
//! - **Tables**: [`crate::tournament_rules::seat_tables`] seats the entrants still in, ranked by the
//!   standings so far (points, tables won, then lot).

use super::log::facts::{Format, SwissPairing};
use super::log::fold::{Event, Result};
use crate::tournament_rules::{
    self, Finish, Pairing, Points, Ranked, Standing, TableResult, TieBreaks, ToSeat,
};

/// The tables of a round (entrant numbers in seat order) and who rests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairings {
    pub tables: Vec<Vec<usize>>,
    pub bye: Option<usize>,
}

/// The lots of the event's entrants.
pub fn lots(event: &Event, seed: &[u8]) -> Vec<u64> {
    tournament_rules::lots(seed, event.entrants.len())
}

fn two_player(result: &Result) -> Option<tournament_rules::Game> {
    let (&[first, second], &[a, b]) = (result.seats.as_slice(), result.places.as_slice()) else {
        return None;
    };
    let finish = match a.cmp(&b) {
        std::cmp::Ordering::Less => Finish::FirstWon,
        std::cmp::Ordering::Greater => Finish::SecondWon,
        std::cmp::Ordering::Equal => Finish::Drawn,
    };
    Some(tournament_rules::Game {
        first,
        second,
        finish,
    })
}

/// Every game of the event as Berger's table scheduled it (two-player events).
fn scheduled(event: &Event) -> Vec<Pairing> {
    (event.rounds.iter())
        .flat_map(|r| r.tables.iter().map(move |t| (r.number, t)))
        .filter_map(|(round, t)| match *t.seats.as_slice() {
            [first, second] => Some(Pairing {
                round: round as usize,
                first,
                second,
            }),
            _ => None,
        })
        .collect()
}

/// The standings as they stand, best first.
pub fn standings(event: &Event, seed: &[u8]) -> Vec<Standing> {
    let n = event.entrants.len();
    let lots = lots(event, seed);
    match event.setup.format {
        Format::RoundRobin { .. } => {
            // A result recorded after one of its players withdrew is a game their leaving cut
            // short: by FIDE's rule it is not "finished" but forfeited or struck.
            let by_play: Vec<tournament_rules::Game> = (event.results.iter().enumerate())
                .filter(|(i, r)| {
                    (event.withdrawn.iter())
                        .all(|w| !r.seats.contains(&w.entrant) || *i < w.after_results)
                })
                .filter_map(|(_, r)| two_player(r))
                .collect();
            let withdrawn: Vec<usize> = event.withdrawn.iter().map(|w| w.entrant).collect();
            let counted = tournament_rules::counted(&scheduled(event), &by_play, &withdrawn);
            tournament_rules::standings(n, &counted, &lots, TieBreaks::RoundRobin)
        }
        Format::Swiss { .. } => {
            let games: Vec<_> = event.results.iter().filter_map(two_player).collect();
            let byes: Vec<usize> = event.rounds.iter().filter_map(|r| r.bye).collect();
            tournament_rules::standings_with_byes(n, &games, &byes, &lots, TieBreaks::Swiss)
        }
        Format::Tables { .. } => {
            let tables: Vec<TableResult> = (event.results.iter())
                .map(|r| TableResult {
                    seats: r.seats.clone(),
                    places: r.places.clone(),
                })
                .collect();
            tournament_rules::table_standings(n, &tables, &lots)
        }
    }
}

/// The next round's pairings, or `None` when no more can be made (every pairing would repeat a
/// game, or too few entrants are left).
pub fn next_round(event: &Event, seed: &[u8]) -> Option<Pairings> {
    let round = event.rounds.len() + 1;
    match event.setup.format {
        Format::RoundRobin { double } => {
            if round > 1 {
                return None;
            }
            let order = tournament_rules::drawn_order(&lots(event, seed));
            let tables = (tournament_rules::round_robin(event.entrants.len(), double).iter())
                .map(|p| vec![order[p.first], order[p.second]])
                .collect();
            Some(Pairings { tables, bye: None })
        }
        Format::Swiss { .. } => {
            let ranked: Vec<Ranked> = (standings(event, seed).into_iter())
                .filter(|s| !event.is_withdrawn(s.entrant))
                .map(|s| swiss_record(event, s.entrant, s.points))
                .collect();
            if ranked.len() < 2 {
                return None;
            }
            let paired = match event.setup.swiss_pairing {
                SwissPairing::Search => tournament_rules::pair_by_search(round, &ranked)?,
                SwissPairing::Matching => tournament_rules::pair_by_matching(round, &ranked)?,
            };
            Some(Pairings {
                tables: (paired.games.iter())
                    .map(|p| vec![p.first, p.second])
                    .collect(),
                bye: paired.bye,
            })
        }
        Format::Tables { seats, .. } => {
            let ranked: Vec<ToSeat> = ranking(event, seed)
                .into_iter()
                .map(|entrant| ToSeat {
                    entrant,
                    firsts: firsts(event, entrant),
                })
                .collect();
            let tables = tournament_rules::seat_tables(&ranked, seats as usize)?;
            Some(Pairings { tables, bye: None })
        }
    }
}

/// The entrants still in, best first.
fn ranking(event: &Event, seed: &[u8]) -> Vec<usize> {
    (standings(event, seed).into_iter())
        .map(|s| s.entrant)
        .filter(|e| !event.is_withdrawn(*e))
        .collect()
}

fn firsts(event: &Event, entrant: usize) -> u32 {
    (event.rounds.iter())
        .flat_map(|r| &r.tables)
        .filter(|t| t.seats.first() == Some(&entrant))
        .count() as u32
}

/// What Swiss pairing needs of an entrant: their points, whom they met, their byes and their
/// seats.
fn swiss_record(event: &Event, entrant: usize, points: Points) -> Ranked {
    let mut record = Ranked::new(entrant);
    record.points = points;
    record.had_bye = event.rounds.iter().any(|r| r.bye == Some(entrant));
    for table in event.rounds.iter().flat_map(|r| &r.tables) {
        match *table.seats.as_slice() {
            [first, second] if first == entrant => record.sat(second, true),
            [first, second] if second == entrant => record.sat(first, false),
            _ => {}
        }
    }
    record
}

/// Whether the event is over: a round robin once every game has ended; a Swiss or an event of
/// tables once its last round is complete, or when no further round can be paired.
pub fn is_over(event: &Event, seed: &[u8]) -> bool {
    let between_rounds = event.rounds.is_empty() || event.round_complete();
    if !event.started || event.seed.is_some() || !between_rounds {
        return false;
    }
    let played_out = match event.setup.format.rounds() {
        None => !event.rounds.is_empty(),
        Some(rounds) => event.rounds.len() as u32 >= rounds,
    };
    played_out || next_round(event, seed).is_none()
}
