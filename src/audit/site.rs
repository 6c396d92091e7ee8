//! The site-wide audit: every game's and every tournament's log in the database checked as an
//! exported one is (hash chain, the rules, every outcome re-derived from the seed the database
//! keeps, a running game's too, the ratings' arithmetic), and
//! the read models checked against the folds: each game's phase, head row and seats, who is to
//! act, and the stored ratings.
//!
//! Games are read a batch at a time by id and shared out to worker threads, each with its own
//! connection, all in one snapshot, so memory stays bounded by the batch and one game's log
//! (and a few facts a rated game) whatever the site's size. The ratings are checked from what the
//! games' pass gathered of each rated game's rating, with no second reading of the logs. A
//! replica serves as well as the primary: nothing is written.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};

use diesel::dsl::sql;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

use super::stored::{RawRow, parse_log, read_logs, verify_stored};
use crate::game_log::fold::replay::{Game, replay};
use crate::game_log::record::read_model::GameRow;
use crate::i18n::Lang;
use crate::ratings::rate::RATINGS_LOCK;
use crate::ratings::rebuild::RatingFacts;
use crate::rules::{Kind, Rules, with_rules};
use crate::store::schema::{game_players, game_seeds, games};

/// Games listed at once and handed to one worker, which reads their logs, seats and seeds in
/// one statement each.
const BATCH: i64 = 200;

/// Something found wrong: in which log, at which row (0: the log as a whole), and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// "game k3x…", "tournament …", or "ratings".
    pub log: String,
    pub seq: i64,
    pub what: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.seq {
            0 => write!(f, "{}: {}", self.log, self.what),
            seq => write!(f, "{}, row {seq}: {}", self.log, self.what),
        }
    }
}

/// What the audit read and found.
#[derive(Debug, Default)]
pub struct SiteReport {
    pub games: usize,
    pub rows: u64,
    pub finished: usize,
    pub tournaments: usize,
    pub rated_games: usize,
    pub problems: Vec<Problem>,
}

/// How far the audit has gone, for a progress line.
pub struct Progress {
    pub games_done: usize,
    pub games_total: usize,
}

/// Audits every log in the database at `url` with `threads` workers; `progress` is told as
/// games are done.
///
/// Everything is read in one snapshot, taken while no game is being rated and shared by every
/// worker's connection (exported by the connection that lists the games), so that the games,
/// their read models and the ratings agree as of one moment whatever is played meanwhile.
pub fn audit_site(
    url: &str,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> anyhow::Result<SiteReport> {
    let mut lister = PgConnection::establish(url)?;
    let games_total = count(&mut lister, "SELECT count(*) AS n FROM games")? as usize;
    // A session lock, so released with the connection too, whatever fails.
    diesel::sql_query("SELECT pg_advisory_lock($1)")
        .bind::<BigInt, _>(RATINGS_LOCK)
        .execute(&mut lister)?;
    let mut report = (lister.build_transaction().repeatable_read().read_only()).run(
        |lister| -> anyhow::Result<SiteReport> {
            let snapshot: String =
                diesel::select(sql::<Text>("pg_export_snapshot()")).get_result(lister)?;
            diesel::sql_query("SELECT pg_advisory_unlock($1)")
                .bind::<BigInt, _>(RATINGS_LOCK)
                .execute(lister)?;
            let shared = Shared {
                url,
                snapshot: &snapshot,
                games_total,
                progress,
            };
            let (mut report, rated, failures) = audit_games(lister, &shared, threads)?;
            audit_tournaments(lister, &mut report)?;
            let ratings = crate::ratings::rebuild::verify_facts(lister, rated, failures);
            add_ratings(ratings, &mut report);
            Ok(report)
        },
    )?;
    report
        .problems
        .sort_by(|a, b| (&a.log, a.seq).cmp(&(&b.log, b.seq)));
    Ok(report)
}

/// What every worker of the games' pass shares.
struct Shared<'a> {
    url: &'a str,
    /// The snapshot each worker's transaction reads in.
    snapshot: &'a str,
    games_total: usize,
    progress: &'a (dyn Fn(Progress) + Sync),
}

/// The games' pass: every game checked by `threads` workers, each in a transaction of its own
/// on the shared snapshot, listed by `lister`. Returns the report so far, the facts of every
/// rated game for the ratings' check, and the rated games whose facts could not be had.
fn audit_games(
    lister: &mut PgConnection,
    shared: &Shared<'_>,
    threads: usize,
) -> anyhow::Result<(SiteReport, Vec<RatingFacts>, Vec<String>)> {
    let mut report = SiteReport::default();
    let (mut rated, mut failures) = (Vec::new(), Vec::new());
    let done = AtomicUsize::new(0);
    let (results, gathered) = mpsc::channel::<Vec<GameChecked>>();
    let listing = Mutex::new(Listing {
        conn: lister,
        after: String::new(),
        failed: None,
    });
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..threads.max(1) {
            let results = results.clone();
            let (listing, done) = (&listing, &done);
            let mut conn = PgConnection::establish(shared.url)?;
            scope.spawn(move || {
                let checking = (conn.build_transaction().repeatable_read().read_only()).run(
                    |conn| -> QueryResult<()> {
                        diesel::sql_query(format!(
                            "SET TRANSACTION SNAPSHOT '{}'",
                            shared.snapshot
                        ))
                        .execute(conn)?;
                        while let Some(batch) = next_batch(listing) {
                            let checked = check_batch(conn, &batch);
                            let games_done =
                                done.fetch_add(checked.len(), Ordering::Relaxed) + checked.len();
                            (shared.progress)(Progress {
                                games_done,
                                games_total: shared.games_total,
                            });
                            if results.send(checked).is_err() {
                                break;
                            }
                        }
                        Ok(())
                    },
                );
                if let Err(e) = checking {
                    let mut listing = listing.lock().unwrap_or_else(|e| e.into_inner());
                    listing.failed.get_or_insert(e);
                }
            });
        }
        drop(results);
        for checked in gathered.into_iter().flatten() {
            report.games += 1;
            report.rows += checked.rows;
            report.finished += usize::from(checked.finished);
            report.problems.extend(checked.problems);
            match checked.rating {
                Some(Ok(facts)) => rated.push(facts),
                Some(Err(problem)) => failures.push(problem),
                None => {}
            }
        }
        Ok(())
    })?;
    let listing = listing.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = listing.failed {
        anyhow::bail!("reading the games failed after {}: {e}", listing.after);
    }
    Ok((report, rated, failures))
}

/// Where the listing of the games has got to, by id.
struct Listing<'a> {
    conn: &'a mut PgConnection,
    after: String,
    failed: Option<diesel::result::Error>,
}

/// A game as the games table lists it.
#[derive(Queryable)]
struct Listed {
    id: String,
    kind: String,
}

/// A game's row in the games table, read with its log.
#[derive(Queryable)]
struct GameListed {
    id: String,
    phase: String,
    last_seq: i64,
    rating_order: Option<i64>,
}

/// The next games to check, in order of id; None when all have been handed out.
fn next_batch(listing: &Mutex<Listing<'_>>) -> Option<Vec<Listed>> {
    let mut listing = listing.lock().unwrap_or_else(|e| e.into_inner());
    if listing.failed.is_some() {
        return None;
    }
    let after = listing.after.clone();
    let batch = games::table
        .select((games::id, games::kind))
        .filter(games::id.gt(after))
        .order(games::id)
        .limit(BATCH)
        .load::<Listed>(listing.conn);
    match batch {
        Ok(batch) => {
            listing.after = batch.last()?.id.clone();
            Some(batch)
        }
        Err(e) => {
            listing.failed = Some(e);
            None
        }
    }
}

/// One game's audit.
struct GameChecked {
    rows: u64,
    finished: bool,
    problems: Vec<Problem>,
    /// For a game the games table lists as rated, what its log says of its rating, or why that
    /// could not be had.
    rating: Option<Result<RatingFacts, String>>,
}

impl GameChecked {
    fn failed(game_id: &str, what: String) -> GameChecked {
        GameChecked {
            rows: 0,
            finished: false,
            problems: vec![Problem {
                log: format!("game {game_id}"),
                seq: 0,
                what,
            }],
            rating: None,
        }
    }
}

#[derive(Queryable)]
struct StoredSeat {
    game_id: String,
    player_id: i64,
    seat: Option<i32>,
    to_act: bool,
}

/// What is stored of a batch of games.
struct Stored {
    rows: HashMap<String, GameListed>,
    logs: HashMap<String, Vec<RawRow>>,
    seats: HashMap<String, Vec<StoredSeat>>,
    seeds: HashMap<String, Vec<u8>>,
}

fn read_batch(conn: &mut PgConnection, ids: &[&str]) -> QueryResult<Stored> {
    let rows = games::table
        .filter(games::id.eq_any(ids))
        .select((
            games::id,
            games::phase,
            games::last_seq,
            games::rating_order,
        ))
        .load::<GameListed>(conn)?
        .into_iter()
        .map(|g| (g.id.clone(), g))
        .collect();
    let logs = read_logs(conn, ids)?;
    let mut seats: HashMap<String, Vec<StoredSeat>> = HashMap::new();
    let seat_rows: Vec<StoredSeat> = game_players::table
        .filter(game_players::game_id.eq_any(ids))
        .select((
            game_players::game_id,
            game_players::player_id,
            game_players::seat,
            game_players::to_act,
        ))
        .load(conn)?;
    for seat in seat_rows {
        seats.entry(seat.game_id.clone()).or_default().push(seat);
    }
    let seeds = game_seeds::table
        .filter(game_seeds::game_id.eq_any(ids))
        .select((game_seeds::game_id, game_seeds::seed))
        .load::<(String, Vec<u8>)>(conn)?
        .into_iter()
        .collect();
    Ok(Stored {
        rows,
        logs,
        seats,
        seeds,
    })
}

fn check_batch(conn: &mut PgConnection, batch: &[Listed]) -> Vec<GameChecked> {
    let ids: Vec<&str> = batch.iter().map(|g| g.id.as_str()).collect();
    let mut stored = match read_batch(conn, &ids) {
        Ok(stored) => stored,
        Err(e) => {
            let what = format!("could not be read: {e}");
            return ids
                .iter()
                .map(|id| GameChecked::failed(id, what.clone()))
                .collect();
        }
    };
    (batch.iter())
        .map(|listed| match Kind::parse(&listed.kind) {
            Some(kind) => with_rules!(kind, |R| check_game::<R>(listed, &mut stored)),
            None => GameChecked::failed(&listed.id, format!("unknown kind {}", listed.kind)),
        })
        .collect()
}

/// One game: its log checked as an export is (with the stored seed, a running game's outcomes
/// too), its read models and seed against the game the log leaves.
fn check_game<R: Rules>(listed: &Listed, stored: &mut Stored) -> GameChecked {
    let raw = stored.logs.remove(&listed.id).unwrap_or_default();
    let (rows, trees) = match parse_log(&listed.id, raw) {
        Ok(log) => log,
        Err(seq) => {
            let what = format!("row {seq}: its JSON does not parse");
            return GameChecked::failed(&listed.id, what);
        }
    };
    let seed = stored.seeds.remove(&listed.id);
    let problem = |seq: i64, what: String| Problem {
        log: format!("game {}", listed.id),
        seq,
        what,
    };
    let mut problems = Vec::new();
    let game = match verify_stored::<R>(&rows, trees, seed.as_deref()) {
        Ok(game) => game,
        Err(discrepancy) => {
            problems.push(problem(
                discrepancy.seq,
                Lang::En.say(&discrepancy.problem, &[]),
            ));
            // The read models are still checked against what the log, read as it is, says.
            match replay::<R>(&rows, None) {
                Ok(game) => game,
                Err(_) => {
                    return GameChecked {
                        rows: rows.len() as u64,
                        finished: false,
                        problems,
                        rating: None,
                    };
                }
            }
        }
    };
    let folded = GameRow::of(&game);
    let Some(row) = stored.rows.remove(&listed.id) else {
        return GameChecked::failed(&listed.id, "its row left the games table".into());
    };
    let seats = stored.seats.remove(&listed.id).unwrap_or_default();
    let differ = read_models_differ(&row, &folded, &seats)
        .into_iter()
        .chain(seed_differs(&game, seed.as_deref()));
    problems.extend(differ.map(|what| problem(0, what)));
    let rating = (row.rating_order.filter(|order| *order > 0)).map(|order| {
        RatingFacts::of(&listed.id, order, &rows, &game)
            .map_err(|what| format!("game {}: {what}", listed.id))
    });
    GameChecked {
        rows: rows.len() as u64,
        finished: folded.phase == "finished",
        problems,
        rating,
    }
}

/// Whether the stored seed is the one the log's first row committed to.
fn seed_differs<R: Rules>(game: &Game<R>, seed: Option<&[u8]>) -> Option<String> {
    let Some(seed) = seed else {
        return Some("its seed is missing".into());
    };
    let matches = <[u8; 32]>::try_from(seed)
        .is_ok_and(|seed| crate::game_log::stream::seed::commitment(&seed) == game.seed_commitment);
    (!matches).then(|| "its stored seed is not the one its log committed to".into())
}

/// Where the stored read models of a game differ from its fold.
fn read_models_differ(listed: &GameListed, folded: &GameRow, seats: &[StoredSeat]) -> Vec<String> {
    let mut differ = Vec::new();
    if listed.phase != folded.phase {
        differ.push(format!(
            "the games table says {}, the log {}",
            listed.phase, folded.phase
        ));
    }
    if listed.last_seq != folded.last_seq {
        differ.push(format!(
            "the games table says the log ends at row {}, the log ends at row {}",
            listed.last_seq, folded.last_seq
        ));
    }
    let expected: BTreeMap<i64, (Option<i32>, bool)> = (folded.players.iter().copied())
        .zip(
            folded
                .seats
                .iter()
                .copied()
                .zip(folded.to_act.iter().copied()),
        )
        .collect();
    let found: BTreeMap<i64, (Option<i32>, bool)> = (seats.iter())
        .map(|s| (s.player_id, (s.seat, s.to_act)))
        .collect();
    for (player, want) in &expected {
        match found.get(player) {
            None => differ.push(format!("player {player} is at the table but has no seat row")),
            Some(got) if got != want => differ.push(format!(
                "player {player}'s seat row says seat {:?}, to act {}; the log seat {:?}, to act {}",
                got.0, got.1, want.0, want.1
            )),
            Some(_) => {}
        }
    }
    for (player, (seat, _)) in &found {
        if seat.is_some() && !expected.contains_key(player) {
            differ.push(format!(
                "player {player} has a seat row but is not at the table"
            ));
        }
    }
    differ
}

fn audit_tournaments(conn: &mut PgConnection, report: &mut SiteReport) -> anyhow::Result<()> {
    let ids: Vec<String> = crate::store::schema::events::table
        .select(crate::store::schema::events::id)
        .order(crate::store::schema::events::id)
        .load(conn)?;
    for id in ids {
        report.tournaments += 1;
        let log = format!("tournament {id}");
        match super::event_export(conn, &id) {
            Ok(export) => {
                if let Err(discrepancy) = super::verify_event(&export) {
                    report.problems.push(Problem {
                        log,
                        seq: discrepancy.seq,
                        what: Lang::En.say(&discrepancy.problem, &[]),
                    });
                }
            }
            Err(e) => report.problems.push(Problem {
                log,
                seq: 0,
                what: e.to_string(),
            }),
        }
    }
    Ok(())
}

/// What recomputing every rating from the logs found against the stored ones.
fn add_ratings(ratings: QueryResult<crate::ratings::rebuild::Report>, report: &mut SiteReport) {
    let problem = |what: String| Problem {
        log: "ratings".into(),
        seq: 0,
        what,
    };
    match ratings {
        Ok(ratings) => {
            report.rated_games = ratings.games;
            (report.problems).extend(ratings.differences.into_iter().map(problem));
        }
        Err(e) => report.problems.push(problem(format!("not checked: {e}"))),
    }
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn count(conn: &mut PgConnection, query: &str) -> QueryResult<i64> {
    Ok(diesel::sql_query(query).get_result::<Count>(conn)?.n)
}
