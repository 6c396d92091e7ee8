//! The site-wide audit: every game's and every tournament's log in the database checked as an
//! exported one is (hash chain, the rules, the seed once revealed, the ratings' arithmetic), and
//! the read models checked against the folds: each game's phase, head row and seats, who is to
//! act, and the stored ratings.
//!
//! Games are read a batch at a time by id and shared out to worker threads, each with its own
//! connection, so memory stays bounded by the batch and one game's log whatever the site's size.
//! A replica serves as well as the primary: nothing is written.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Integer, Nullable, Text};

use super::verify::verify;
use crate::games::read_model::GameRow;
use crate::games::service;
use crate::i18n::Lang;
use crate::rules::{Rules, Viewer, with_rules};
use crate::store::schema::games;

/// Games read from the database at once, and handed out among the workers.
const BATCH: i64 = 500;

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
pub fn audit_site(
    url: &str,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> anyhow::Result<SiteReport> {
    // Each game is folded once here: keeping it folded would only hold memory.
    crate::games::cache::configure(0);
    let mut lister = PgConnection::establish(url)?;
    let games_total = count(&mut lister, "SELECT count(*) AS n FROM games")? as usize;
    let mut report = SiteReport::default();
    let done = AtomicUsize::new(0);
    let (results, gathered) = mpsc::channel::<GameChecked>();
    let next_batch = Mutex::new((lister, String::new(), Vec::<String>::new()));
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..threads.max(1) {
            let results = results.clone();
            let (next_batch, done) = (&next_batch, &done);
            let mut conn = PgConnection::establish(url)?;
            scope.spawn(move || {
                while let Some(game_id) = take_next(next_batch) {
                    let checked = check_game(&mut conn, &game_id);
                    let games_done = done.fetch_add(1, Ordering::Relaxed) + 1;
                    progress(Progress {
                        games_done,
                        games_total,
                    });
                    if results.send(checked).is_err() {
                        return;
                    }
                }
            });
        }
        drop(results);
        for checked in gathered {
            report.games += 1;
            report.rows += checked.rows;
            report.finished += usize::from(checked.finished);
            report.problems.extend(checked.problems);
        }
        Ok(())
    })?;
    let mut conn = PgConnection::establish(url)?;
    audit_tournaments(&mut conn, &mut report)?;
    audit_ratings(&mut conn, &mut report);
    report
        .problems
        .sort_by(|a, b| (&a.log, a.seq).cmp(&(&b.log, b.seq)));
    Ok(report)
}

/// The next game to check: from the batch in hand, or the next batch read by id.
fn take_next(state: &Mutex<(PgConnection, String, Vec<String>)>) -> Option<String> {
    let mut guard = state.lock().unwrap_or_else(|e| e.into_inner());
    let (conn, after, batch) = &mut *guard;
    if batch.is_empty() {
        let mut ids: Vec<String> = games::table
            .select(games::id)
            .filter(games::id.gt(after.as_str()))
            .order(games::id)
            .limit(BATCH)
            .load(conn)
            .unwrap_or_default();
        if let Some(largest) = ids.last() {
            *after = largest.clone();
        }
        // Reversed, so that `pop` hands them out in order.
        ids.reverse();
        *batch = ids;
    }
    batch.pop()
}

/// One game's audit.
struct GameChecked {
    rows: u64,
    finished: bool,
    problems: Vec<Problem>,
}

fn check_game(conn: &mut PgConnection, game_id: &str) -> GameChecked {
    let log = format!("game {game_id}");
    let checked = service::kind_of(conn, game_id)
        .map_err(anyhow::Error::from)
        .and_then(|kind| with_rules!(kind, |R| check_game_as::<R>(conn, game_id, &log)));
    checked.unwrap_or_else(|e| GameChecked {
        rows: 0,
        finished: false,
        problems: vec![Problem {
            log,
            seq: 0,
            what: e.to_string(),
        }],
    })
}

/// One game folded once: its log checked as an export is, and its read models against the fold.
fn check_game_as<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    log: &str,
) -> anyhow::Result<GameChecked> {
    let (game, rows) = service::load::<R>(conn, game_id)?;
    let export = super::export(&game, &rows, Viewer::Everyone)?;
    let mut problems = Vec::new();
    if let Err(discrepancy) = verify(&export) {
        problems.push(Problem {
            log: log.to_owned(),
            seq: discrepancy.seq,
            what: Lang::En.say(&discrepancy.problem, &[]),
        });
    }
    let folded = GameRow::of(&game);
    let disagreements = read_models_differ(conn, game_id, &folded)?;
    problems.extend(disagreements.into_iter().map(|what| Problem {
        log: log.to_owned(),
        seq: 0,
        what,
    }));
    Ok(GameChecked {
        rows: export.rows.len() as u64,
        finished: folded.phase == "finished",
        problems,
    })
}

#[derive(QueryableByName)]
struct StoredGame {
    #[diesel(sql_type = Text)]
    phase: String,
    #[diesel(sql_type = BigInt)]
    last_seq: i64,
}

#[derive(QueryableByName)]
struct StoredSeat {
    #[diesel(sql_type = BigInt)]
    player_id: i64,
    #[diesel(sql_type = Nullable<Integer>)]
    seat: Option<i32>,
    #[diesel(sql_type = Bool)]
    to_act: bool,
}

/// Where the stored read models of `game_id` differ from its fold.
fn read_models_differ(
    conn: &mut PgConnection,
    game_id: &str,
    folded: &GameRow,
) -> QueryResult<Vec<String>> {
    let stored: StoredGame = diesel::sql_query("SELECT phase, last_seq FROM games WHERE id = $1")
        .bind::<Text, _>(game_id)
        .get_result(conn)?;
    let seats: Vec<StoredSeat> =
        diesel::sql_query("SELECT player_id, seat, to_act FROM game_players WHERE game_id = $1")
            .bind::<Text, _>(game_id)
            .load(conn)?;
    let mut differ = Vec::new();
    if stored.phase != folded.phase {
        differ.push(format!(
            "the games table says {}, the log {}",
            stored.phase, folded.phase
        ));
    }
    if stored.last_seq != folded.last_seq {
        differ.push(format!(
            "the games table says the log ends at row {}, the log ends at row {}",
            stored.last_seq, folded.last_seq
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
    for player in found.keys().filter(|p| !expected.contains_key(p)) {
        let left = found[player].0.is_none();
        if !left {
            differ.push(format!(
                "player {player} has a seat row but is not at the table"
            ));
        }
    }
    Ok(differ)
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

/// Every rating recomputed from the logs and compared with the stored ones.
fn audit_ratings(conn: &mut PgConnection, report: &mut SiteReport) {
    let problem = |what: String| Problem {
        log: "ratings".into(),
        seq: 0,
        what,
    };
    match crate::games::rating_rebuild::verify(conn) {
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
