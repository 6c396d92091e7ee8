//! Ratings recomputed from the logs alone, to check the stored ones (`turnpost ratings
//! verify`) or to write them again (`turnpost ratings rebuild`).
//!
//! Every rated game is read in the order its log says it was rated; its places come from its
//! result, each person's rating before it from their previous rated game's (with the time
//! between counted), and the rating after it from Glicko-2. What the logs record and what the
//! projection tables hold are both compared with that. The work runs on one consistent
//! snapshot, holding the ratings lock so that no game is rated meanwhile.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::BigInt;

use crate::game_log::error::Result;
use crate::game_log::fold::replay::{Game, replay};
use crate::game_log::stream::{Participant, RatingChange};
use crate::glicko2::Rating;
use crate::ratings::rate::{self, Current, RATINGS_LOCK, StoredRating};
use crate::rules::{Kind, Rules, with_rules};
use crate::store::events::EventRow;
use crate::store::schema::{games, player_ratings, players, rating_changes};

/// How many games' logs are read in one query.
const BATCH: usize = 500;

/// One rated game as the logs say it should be rated.
struct RatedGame {
    game_id: String,
    kind: Kind,
    order: i64,
    at: DateTime<Utc>,
    changes: Vec<RatingChange>,
    /// Each person's rating before, as the projection held it then.
    current: HashMap<i64, Current>,
}

/// What a check or a rebuild found.
#[derive(Debug, Default)]
pub struct Report {
    /// Rated games read from the logs.
    pub games: usize,
    /// People with a rating.
    pub players: usize,
    /// Rating changes recomputed.
    pub changes: usize,
    /// Where a log's recorded rating differs from the arithmetic, or the stored projection from
    /// the logs; empty when everything agrees.
    pub differences: Vec<String>,
}

/// Recomputes every rating from the logs and compares the stored ones; writes nothing.
pub fn verify(conn: &mut PgConnection) -> Result<Report> {
    under_lock(conn, Access::Read, |conn| {
        let (games, mut report) = recompute(conn)?;
        compare_stored(conn, &games, &mut report)?;
        Ok(report)
    })
}

/// Recomputes every rating from the logs and writes the projection again from them. The
/// report's differences are the logs' (a recorded rating the arithmetic does not give); the
/// stored projection is replaced whatever it held.
pub fn rebuild(conn: &mut PgConnection) -> Result<Report> {
    under_lock(conn, Access::Write, |conn| {
        let (games, report) = recompute(conn)?;
        diesel::delete(rating_changes::table).execute(conn)?;
        diesel::delete(player_ratings::table).execute(conn)?;
        write_all(conn, &games)?;
        Ok(report)
    })
}

/// Writes the projection of `games` into emptied tables, many rows a statement: every change,
/// then each player's last rating in each kind.
fn write_all(conn: &mut PgConnection, games: &[RatedGame]) -> QueryResult<()> {
    use rating_changes as c;
    let mut last: BTreeMap<(i64, &'static str), (Rating, i32, DateTime<Utc>)> = BTreeMap::new();
    let mut rows = Vec::new();
    for game in games {
        for change in &game.changes {
            let (b, a, id) = (change.before, change.after, change.player.id);
            rows.push((
                c::game_id.eq(game.game_id.as_str()),
                c::player_id.eq(id),
                c::kind.eq(game.kind.as_str()),
                c::rating_order.eq(game.order),
                c::place.eq(change.place as i32),
                c::rated_players.eq(game.changes.len() as i32),
                (
                    c::rating_before.eq(b.rating),
                    c::deviation_before.eq(b.deviation),
                    c::volatility_before.eq(b.volatility),
                    c::rating_after.eq(a.rating),
                    c::deviation_after.eq(a.deviation),
                    c::volatility_after.eq(a.volatility),
                ),
                c::rated_at.eq(game.at),
            ));
            let games = game.current.get(&id).map_or(0, |c| c.games) + 1;
            last.insert((id, game.kind.as_str()), (a, games, game.at));
        }
    }
    // PostgreSQL takes at most 65,535 parameters a statement: 13 a change.
    for chunk in rows.chunks(4000) {
        diesel::insert_into(c::table).values(chunk).execute(conn)?;
    }
    let current: Vec<_> = (last.into_iter())
        .map(|((id, kind), (r, games, at))| {
            (
                player_ratings::player_id.eq(id),
                player_ratings::kind.eq(kind),
                player_ratings::rating.eq(r.rating),
                player_ratings::deviation.eq(r.deviation),
                player_ratings::volatility.eq(r.volatility),
                player_ratings::games.eq(games),
                player_ratings::last_rated_at.eq(at),
            )
        })
        .collect();
    for chunk in current.chunks(8000) {
        diesel::insert_into(player_ratings::table)
            .values(chunk)
            .execute(conn)?;
    }
    Ok(())
}

/// Runs `work` in one repeatable-read transaction (one snapshot of the whole database) while
/// holding the ratings lock, so that no game is rated in the meantime.
/// Whether work under the ratings lock writes; a verification reads only, so that it runs on a
/// replica too.
enum Access {
    Read,
    Write,
}

fn under_lock<T>(
    conn: &mut PgConnection,
    access: Access,
    work: impl FnOnce(&mut PgConnection) -> Result<T>,
) -> Result<T> {
    diesel::sql_query("SELECT pg_advisory_lock($1)")
        .bind::<BigInt, _>(RATINGS_LOCK)
        .execute(conn)?;
    let transaction = conn.build_transaction().repeatable_read();
    let done = match access {
        Access::Read => transaction.read_only().run(work),
        Access::Write => transaction.read_write().run(work),
    };
    diesel::sql_query("SELECT pg_advisory_unlock($1)")
        .bind::<BigInt, _>(RATINGS_LOCK)
        .execute(conn)?;
    done
}

/// Every rated game, in order, rated again from the logs.
fn recompute(conn: &mut PgConnection) -> Result<(Vec<RatedGame>, Report)> {
    let listed: Vec<(String, String, Option<i64>)> = games::table
        .filter(games::rating_order.gt(0))
        .order(games::rating_order.asc())
        .select((games::id, games::kind, games::rating_order))
        .load(conn)?;
    let mut report = Report::default();
    let mut facts = Vec::with_capacity(listed.len());
    for batch in listed.chunks(BATCH) {
        let ids: Vec<&str> = batch.iter().map(|(id, _, _)| id.as_str()).collect();
        let mut logs = crate::store::events::load_many(conn, &ids)?;
        for (game_id, kind, order) in batch {
            let rows = logs.remove(game_id).unwrap_or_default();
            let found = match Kind::parse(kind) {
                Some(kind) => with_rules!(kind, |R| replay::<R>(&rows, None)
                    .map_err(|e| e.to_string())
                    .and_then(|game| RatingFacts::of(game_id, order.unwrap_or(0), &rows, &game))),
                None => Err(format!("unknown kind {kind}")),
            };
            match found {
                Ok(found) => facts.push(found),
                Err(problem) => report
                    .differences
                    .push(format!("game {game_id}: {problem}")),
            }
        }
    }
    let rated = rate_in_order(facts, &mut report);
    Ok((rated, report))
}

/// Recomputes every rating from `facts`, gathered from the logs of every game the games table
/// lists as rated (with `failures`, the games whose facts could not be had), and compares the
/// stored ones; writes nothing. The caller holds the snapshot the facts were read in, taken
/// while no game was being rated, and the stored ratings are read in it.
pub fn verify_facts(
    conn: &mut PgConnection,
    facts: Vec<RatingFacts>,
    failures: Vec<String>,
) -> QueryResult<Report> {
    let mut report = Report {
        differences: failures,
        ..Report::default()
    };
    let rated = rate_in_order(facts, &mut report);
    compare_stored(conn, &rated, &mut report)?;
    Ok(report)
}

/// What a rated game's log says of its rating, taken from the game's fold: all it takes to rate
/// the game again in its turn, once every game rated before it has been.
pub struct RatingFacts {
    game_id: String,
    kind: Kind,
    /// Its place in rating order, as the games table lists it.
    order: i64,
    /// Its place in rating order, as its log records it.
    recorded_order: i64,
    at: DateTime<Utc>,
    places: Vec<(Participant, u32)>,
    recorded: Vec<RatingChange>,
}

impl RatingFacts {
    /// The facts of `game_id`, which the games table lists `order`th in rating order, from its
    /// log `rows` and their fold `game`; or what is wrong with them.
    pub fn of<R: Rules>(
        game_id: &str,
        order: i64,
        rows: &[EventRow],
        game: &Game<R>,
    ) -> std::result::Result<RatingFacts, String> {
        let Some(recorded) = &game.rating else {
            return Err("listed as rated, but its log has no rating row".into());
        };
        let at = (recorded.seq.checked_sub(1))
            .and_then(|index| rows.get(usize::try_from(index).ok()?))
            .ok_or("its rating row is not in its log")?
            .recorded_at;
        Ok(RatingFacts {
            game_id: game_id.to_string(),
            kind: game.kind,
            order,
            recorded_order: recorded.order,
            at,
            places: game.rated_places(),
            recorded: recorded.players.clone(),
        })
    }
}

/// Every game of `facts` rated again, in rating order, from its result and everyone's ratings
/// before it; where a log's recorded rating differs from the arithmetic, `report` says so.
fn rate_in_order(mut facts: Vec<RatingFacts>, report: &mut Report) -> Vec<RatedGame> {
    facts.sort_by_key(|f| f.order);
    let mut standing: HashMap<(i64, Kind), Current> = HashMap::new();
    let rated: Vec<RatedGame> = (facts.into_iter())
        .map(|facts| rate_again(facts, &mut standing, report))
        .collect();
    report.games = rated.len();
    report.changes = rated.iter().map(|g| g.changes.len()).sum();
    report.players = standing.len();
    rated
}

/// One game rated again from its facts and everyone's ratings so far, which it brings up to
/// date.
fn rate_again(
    facts: RatingFacts,
    standing: &mut HashMap<(i64, Kind), Current>,
    report: &mut Report,
) -> RatedGame {
    let RatingFacts {
        game_id,
        kind,
        order,
        recorded_order,
        at,
        places,
        recorded,
    } = facts;
    let mut differ = |problem: String| {
        report
            .differences
            .push(format!("game {game_id}: {problem}"))
    };
    if recorded_order != order {
        differ(format!(
            "its log says it was rated {recorded_order}th, the game list {order}th"
        ));
    }
    let current: HashMap<i64, Current> = (places.iter())
        .filter_map(|(p, _)| standing.get(&(p.id, kind)).map(|c| (p.id, *c)))
        .collect();
    let before: Vec<Rating> = (places.iter())
        .map(|(p, _)| rate::before(current.get(&p.id), at))
        .collect();
    let changes = rate::changes(&places, &before);
    if changes != recorded {
        differ(
            "the ratings its log records differ from those its result and the earlier games give"
                .into(),
        );
    }
    for change in &changes {
        let games = current.get(&change.player.id).map_or(0, |c| c.games) + 1;
        standing.insert(
            (change.player.id, kind),
            Current {
                rating: change.after,
                games,
                last_rated_at: at,
            },
        );
    }
    RatedGame {
        game_id,
        kind,
        order,
        at,
        changes,
        current,
    }
}

/// Compares the stored projection with the recomputed games, noting every difference.
fn compare_stored(
    conn: &mut PgConnection,
    games: &[RatedGame],
    report: &mut Report,
) -> QueryResult<()> {
    type Stored = (String, i64, i32, f64, f64, f64, f64, f64, f64);
    let stored: Vec<Stored> = rating_changes::table
        .select((
            rating_changes::game_id,
            rating_changes::player_id,
            rating_changes::place,
            rating_changes::rating_before,
            rating_changes::deviation_before,
            rating_changes::volatility_before,
            rating_changes::rating_after,
            rating_changes::deviation_after,
            rating_changes::volatility_after,
        ))
        .load(conn)?;
    let mut stored: BTreeMap<(String, i64), Stored> = stored
        .into_iter()
        .map(|s| ((s.0.clone(), s.1), s))
        .collect();
    for game in games {
        for change in &game.changes {
            let key = (game.game_id.clone(), change.player.id);
            let (b, a) = (change.before, change.after);
            let expected = (
                game.game_id.clone(),
                change.player.id,
                change.place as i32,
                b.rating,
                b.deviation,
                b.volatility,
                a.rating,
                a.deviation,
                a.volatility,
            );
            match stored.remove(&key) {
                Some(found) if found == expected => {}
                Some(_) => report.differences.push(format!(
                    "game {}: the stored change of {} differs from the log",
                    game.game_id,
                    named(conn, change.player.id)?
                )),
                None => report.differences.push(format!(
                    "game {}: no stored change for {}",
                    game.game_id,
                    named(conn, change.player.id)?
                )),
            }
        }
    }
    for (game_id, player) in stored.keys() {
        report.differences.push(format!(
            "game {game_id}: a stored change for {} that no log records",
            named(conn, *player)?
        ));
    }
    compare_current(conn, games, report)
}

/// A current rating as stored: rating, deviation, volatility, games, when last rated.
type StoredCurrent = (f64, f64, f64, i32, DateTime<Utc>);

/// Compares each stored current rating with the last change the logs give for it.
fn compare_current(
    conn: &mut PgConnection,
    games: &[RatedGame],
    report: &mut Report,
) -> QueryResult<()> {
    let mut expected: BTreeMap<(i64, String), StoredCurrent> = BTreeMap::new();
    for game in games {
        for change in &game.changes {
            let games = game.current.get(&change.player.id).map_or(0, |c| c.games) + 1;
            let a = change.after;
            expected.insert(
                (change.player.id, game.kind.as_str().to_string()),
                (a.rating, a.deviation, a.volatility, games, game.at),
            );
        }
    }
    let stored: Vec<StoredRating> = player_ratings::table
        .select(StoredRating::as_select())
        .load(conn)?;
    for row in stored {
        let (player, kind) = (row.player_id, row.kind.clone());
        let found = (
            row.rating,
            row.deviation,
            row.volatility,
            row.games,
            row.last_rated_at,
        );
        match expected.remove(&(player, kind.clone())) {
            Some(want) if want == found => {}
            Some(_) => report.differences.push(format!(
                "{}: the stored {kind} rating differs from the logs",
                named(conn, player)?
            )),
            None => report.differences.push(format!(
                "{}: a stored {kind} rating that no log gives",
                named(conn, player)?
            )),
        }
    }
    for (player, kind) in expected.keys() {
        (report.differences).push(format!(
            "{}: no stored {kind} rating",
            named(conn, *player)?
        ));
    }
    Ok(())
}

/// "Ann (player 3)", or "player 3" for an account no longer there: a player as a report names
/// them, by their name now and their number.
fn named(conn: &mut PgConnection, player: i64) -> QueryResult<String> {
    let name: Option<String> = (players::table.find(player))
        .select(players::display_name)
        .first(conn)
        .optional()?;
    Ok(match name {
        Some(name) => format!("{name} (player {player})"),
        None => format!("player {player}"),
    })
}
