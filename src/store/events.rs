//! The append-only, hash-chained event log (`game_events`).

use std::collections::HashMap;

use chrono::{DateTime, SecondsFormat, SubsecRound, Utc};
use diesel::dsl::AsSelect;
use diesel::pg::{Pg, PgConnection};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::AsyncPgConnection;
use serde_json::Value;

use super::log_json::LogJson;
use super::schema::{game_events, players};
use crate::chain::{self, ChainBreak, ChainedRow, Hash, RowContent};

/// One stored row: an accepted command and the events it produced.
#[derive(Clone, Debug, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = game_events)]
pub struct EventRow {
    pub game_id: String,
    pub seq: i64,
    pub actor: Option<i64>,
    pub command: LogJson,
    pub events: LogJson,
    pub recorded_at: DateTime<Utc>,
    pub prev_hash: Vec<u8>,
    pub hash: Vec<u8>,
}

impl EventRow {
    /// The time as it is hashed: RFC 3339, UTC, microseconds.
    pub fn recorded_at_text(&self) -> String {
        format_time(self.recorded_at)
    }

    pub fn hash_hex(&self) -> String {
        hex::encode(&self.hash)
    }

    /// Deletes the words of the row's talk, as the database does when they are removed: the
    /// row's hash is unchanged.
    pub fn forget_words(&mut self) {
        self.command = LogJson::new(&crate::chain::words_removed(&self.command.value()));
        self.events = LogJson::new(&crate::chain::words_removed(&self.events.value()));
    }
}

pub fn format_time(time: DateTime<Utc>) -> String {
    time.to_rfc3339_opts(SecondsFormat::Micros, true)
}

#[derive(Debug, thiserror::Error)]
pub enum AppendError {
    /// Another row already holds this sequence number: the game moved on.
    #[error("the game has moved on since")]
    Conflict,
    #[error(transparent)]
    Database(#[from] DieselError),
}

/// The row that follows `previous`, stamped with `now` (the database's time) and chained, not
/// yet stored.
pub fn seal(
    now: DateTime<Utc>,
    game_id: &str,
    previous: Option<&EventRow>,
    actor: Option<i64>,
    command: Value,
    events: Value,
) -> EventRow {
    // PostgreSQL keeps microseconds; hash exactly what is stored.
    let recorded_at = now.trunc_subsecs(6);
    let seq = previous.map_or(1, |row| row.seq + 1);
    let prev_hash: Hash = match previous {
        Some(row) => row.hash.as_slice().try_into().unwrap_or(chain::GENESIS),
        None => chain::GENESIS,
    };
    let time = format_time(recorded_at);
    let hash = RowContent {
        game_id,
        seq,
        actor,
        command: &command,
        events: &events,
        recorded_at: &time,
    }
    .hash(&prev_hash);
    EventRow {
        game_id: game_id.to_string(),
        seq,
        actor,
        command: LogJson::new(&command),
        events: LogJson::new(&events),
        recorded_at,
        prev_hash: prev_hash.to_vec(),
        hash: hash.to_vec(),
    }
}

impl AppendError {
    /// What a failed insert of a row means: another row holds its sequence number, or the
    /// database failed.
    pub fn from_insert(error: DieselError) -> AppendError {
        match error {
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
                AppendError::Conflict
            }
            other => AppendError::Database(other),
        }
    }
}

/// Every row of a game in order.
pub fn load(conn: &mut PgConnection, game_id: &str) -> QueryResult<Vec<EventRow>> {
    game_events::table
        .filter(game_events::game_id.eq(game_id))
        .order(game_events::seq.asc())
        .select(EventRow::as_select())
        .load(conn)
}

/// Every row of several games, by game, each game's in order: one statement for them all.
pub fn load_many(
    conn: &mut PgConnection,
    game_ids: &[&str],
) -> QueryResult<HashMap<String, Vec<EventRow>>> {
    let rows: Vec<EventRow> = game_events::table
        .filter(game_events::game_id.eq_any(game_ids))
        .order((game_events::game_id.asc(), game_events::seq.asc()))
        .select(EventRow::as_select())
        .load(conn)?;
    let mut logs: HashMap<String, Vec<EventRow>> = HashMap::new();
    for row in rows {
        logs.entry(row.game_id.clone()).or_default().push(row);
    }
    Ok(logs)
}

/// Players' names as they are now, by id.
pub type Names = HashMap<i64, String>;

/// The rows of a game from sequence `seq` on, in order, each once for every player of `named`
/// with that player's name as it is now.
#[diesel::dsl::auto_type(no_type_alias)]
fn rows_naming<'a>(game_id: &'a str, seq: i64, named: &'a [i64]) -> _ {
    let row: AsSelect<EventRow, Pg> = EventRow::as_select();
    game_events::table
        .left_join(players::table.on(players::id.eq_any(named)))
        .filter(game_events::game_id.eq(game_id))
        .filter(game_events::seq.ge(seq))
        .order((game_events::seq.asc(), players::id.asc()))
        .select((row, (players::id, players::display_name).nullable()))
}

type RowNaming = (EventRow, Option<(i64, String)>);

/// The rows of a game from sequence `seq` on, in order, and the names of `named` as they are
/// now, read in one statement.
pub fn load_from_naming(
    conn: &mut PgConnection,
    game_id: &str,
    seq: i64,
    named: &[i64],
) -> QueryResult<(Vec<EventRow>, Names)> {
    let found: Vec<RowNaming> = rows_naming(game_id, seq, named).load(conn)?;
    Ok(rows_and_names(found))
}

/// [`load_from_naming`] over a connection that concurrent requests share.
pub async fn load_from_naming_pipelined(
    conn: &AsyncPgConnection,
    game_id: &str,
    seq: i64,
    named: &[i64],
) -> QueryResult<(Vec<EventRow>, Names)> {
    let query = rows_naming(game_id, seq, named);
    let found: Vec<RowNaming> = diesel_async::RunQueryDsl::load(query, &mut &*conn).await?;
    Ok(rows_and_names(found))
}

fn rows_and_names(found: Vec<RowNaming>) -> (Vec<EventRow>, Names) {
    let mut rows: Vec<EventRow> = Vec::new();
    let mut names = Names::new();
    // Each row comes once per player named.
    for (row, player) in found {
        if let Some((id, name)) = player {
            names.insert(id, name);
        }
        if rows.last().map(|last| last.seq) != Some(row.seq) {
            rows.push(row);
        }
    }
    (rows, names)
}

/// Recomputes the hash chain of stored rows; returns the head hash.
pub fn verify_chain(rows: &[EventRow]) -> Result<Hash, ChainBreak> {
    verify_chain_after(None, rows)
}

/// Recomputes the hash chain of `rows`, which follow `previous` (None: they start the log);
/// returns the head hash.
pub fn verify_chain_after(
    previous: Option<&EventRow>,
    rows: &[EventRow],
) -> Result<Hash, ChainBreak> {
    let (seq, head) = match previous {
        None => (0, chain::GENESIS),
        Some(row) => (
            row.seq,
            row.hash.as_slice().try_into().map_err(|_| ChainBreak {
                seq: row.seq,
                problem: "hash is not 32 bytes".into(),
            })?,
        ),
    };
    let times: Vec<String> = rows.iter().map(EventRow::recorded_at_text).collect();
    let trees: Vec<(Value, Value)> = (rows.iter())
        .map(|row| (row.command.value(), row.events.value()))
        .collect();
    let mut chained = Vec::with_capacity(rows.len());
    for ((row, time), (command, events)) in rows.iter().zip(&times).zip(&trees) {
        let as_hash = |bytes: &[u8], what: &str| -> Result<Hash, ChainBreak> {
            bytes.try_into().map_err(|_| ChainBreak {
                seq: row.seq,
                problem: format!("{what} is not 32 bytes"),
            })
        };
        chained.push(ChainedRow {
            content: RowContent {
                game_id: &row.game_id,
                seq: row.seq,
                actor: row.actor,
                command,
                events,
                recorded_at: time,
            },
            prev_hash: as_hash(&row.prev_hash, "prev_hash")?,
            hash: as_hash(&row.hash, "hash")?,
        });
    }
    chain::verify_after(seq, head, chained)
}
