//! The event log in PostgreSQL: rows sealed and chained exactly as a game's are (the hashed
//! `game_id` holds the event's id), and the read models kept beside them.

use diesel::pg::PgConnection;
use diesel::prelude::*;

use super::facts::{Asked, Fact};
use super::fold::{Event, FoldError};
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::stream::seed::Seed;
use crate::store::events::{AppendError, EventRow, seal, verify_chain};
use crate::store::schema::{event_log, event_seeds, events};

/// The columns of the log that make an [`EventRow`].
pub const ROW: (
    event_log::event_id,
    event_log::seq,
    event_log::actor,
    event_log::command,
    event_log::events,
    event_log::recorded_at,
    event_log::prev_hash,
    event_log::hash,
) = (
    event_log::event_id,
    event_log::seq,
    event_log::actor,
    event_log::command,
    event_log::events,
    event_log::recorded_at,
    event_log::prev_hash,
    event_log::hash,
);

/// Every row of an event, in order, its chain checked.
pub fn load_rows(conn: &mut PgConnection, event_id: &str) -> Result<Vec<EventRow>> {
    let rows: Vec<EventRow> = event_log::table
        .filter(event_log::event_id.eq(event_id))
        .order(event_log::seq.asc())
        .select(ROW)
        .load(conn)?;
    if rows.is_empty() {
        return Err(ServiceError::NotFound);
    }
    verify_chain(&rows).map_err(ServiceError::Damaged)?;
    Ok(rows)
}

/// The facts of one row.
pub fn facts(row: &EventRow) -> std::result::Result<Vec<Fact>, FoldError> {
    row.events.decode().map_err(|e| FoldError {
        seq: row.seq,
        problem: format!("facts that cannot be read: {e}"),
    })
}

/// Folds stored rows into the event.
pub fn fold(rows: &[EventRow]) -> std::result::Result<Event, FoldError> {
    let Some(first) = rows.first() else {
        return Err(FoldError {
            seq: 1,
            problem: "the log is empty".into(),
        });
    };
    let mut event = Event::created(&first.game_id, &facts(first)?)?;
    for row in &rows[1..] {
        event.apply_row(row.seq, &facts(row)?);
    }
    Ok(event)
}

/// A log that does not fold, as the service reports it.
pub fn corrupt(e: FoldError) -> ServiceError {
    ServiceError::Corrupt(crate::game_log::error::ReplayError {
        seq: e.seq,
        problem: e.problem,
    })
}

/// The event and its rows.
pub fn load(conn: &mut PgConnection, event_id: &str) -> Result<(Event, Vec<EventRow>)> {
    let rows = load_rows(conn, event_id)?;
    let event = fold(&rows).map_err(corrupt)?;
    Ok((event, rows))
}

/// Locks the event's row until the transaction ends; `NotFound` if there is none.
pub fn lock(conn: &mut PgConnection, event_id: &str) -> Result<()> {
    events::table
        .find(event_id)
        .select(events::id)
        .for_update()
        .first::<String>(conn)
        .optional()?
        .ok_or(ServiceError::NotFound)
        .map(|_| ())
}

/// Seals and stores the row after `previous`, folds it into `event`, and brings the event's row
/// in `events` up to date.
pub fn append(
    conn: &mut PgConnection,
    event: &mut Event,
    previous: Option<&EventRow>,
    actor: Option<i64>,
    asked: &Asked,
    facts: &[Fact],
) -> Result<EventRow> {
    let now = crate::store::database_now(conn)?;
    let command = serde_json::to_value(asked).expect("commands serialize");
    let recorded = serde_json::to_value(facts).expect("facts serialize");
    let row = seal(now, &event.id, previous, actor, command, recorded);
    diesel::insert_into(event_log::table)
        .values((
            event_log::event_id.eq(&row.game_id),
            event_log::seq.eq(row.seq),
            event_log::actor.eq(row.actor),
            event_log::command.eq(&row.command),
            event_log::events.eq(&row.events),
            event_log::recorded_at.eq(row.recorded_at),
            event_log::prev_hash.eq(&row.prev_hash),
            event_log::hash.eq(&row.hash),
        ))
        .execute(conn)
        .map_err(|e| ServiceError::from(AppendError::from_insert(e)))?;
    event.apply_row(row.seq, facts);
    let deadline = (event.current_round())
        .and_then(|r| r.deadline.as_deref())
        .and_then(|d| chrono::DateTime::parse_from_rfc3339(d).ok())
        .map(|d| d.with_timezone(&chrono::Utc));
    diesel::update(events::table.find(&event.id))
        .set((
            events::phase.eq(event.phase().as_str()),
            events::round.eq(event.rounds.len() as i32),
            events::round_deadline.eq(deadline),
            events::entrants.eq(event.entrants.len() as i32),
            events::last_seq.eq(row.seq),
            events::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(row)
}

/// The event's secret seed (revealed only by the row that ends it).
pub fn load_seed(conn: &mut PgConnection, event_id: &str) -> Result<Seed> {
    let bytes: Vec<u8> = event_seeds::table
        .find(event_id)
        .select(event_seeds::seed)
        .first(conn)?;
    bytes.try_into().map_err(|_| {
        corrupt(FoldError {
            seq: 0,
            problem: "the event's seed is not 32 bytes".into(),
        })
    })
}
