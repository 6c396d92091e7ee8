//! A row of the log stored with everything it changes — the game's read-model rows and the
//! notifications it causes — in one statement: one round trip to PostgreSQL, prepared once per
//! connection.
//!
//! The statement locks the game's row and writes only if the row follows the head the game's
//! row records, and chains from that head's hash. A command that holds the lock already always
//! passes that check; a move decided outside any transaction on the game as a process holds it
//! folded (see `web::pages::play::game_move`) is refused by it, with nothing written, when the game
//! moved on in the meantime or was folded from another history.

use diesel::dsl::select;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Bytea, Integer, Jsonb, Nullable, Text, Timestamptz};
use diesel_async::AsyncPgConnection;
use serde_json::Value;

use super::read_model::{self, GameRow};
use crate::game_log::error::ServiceError;
use crate::game_log::fold::replay::Game;
use crate::rules::Rules;
use crate::store::events::{AppendError, EventRow};
use crate::store::log_json::LogJson;
use crate::store::notifications::Kind;

diesel::define_sql_function! {
    /// Locks the game's row; if `seq` follows the head it records and `prev_hash` is that head's
    /// hash, appends the row, writes the game's row and the seats whose seat or turn changed,
    /// and queues a notification of the row for each player in `tell` (of the kind beside it in
    /// `tell_kinds`). Returns the row's sequence number, or NULL when the game had moved on (or
    /// the head is another) and nothing was written.
    #[allow(clippy::too_many_arguments, reason = "the SQL function's parameters")]
    fn record_move(
        game_id: Text,
        seq: BigInt,
        actor: Nullable<BigInt>,
        command: Jsonb,
        events: Jsonb,
        recorded_at: Timestamptz,
        prev_hash: Bytea,
        hash: Bytea,
        phase: Text,
        last_seq: BigInt,
        result: Nullable<Text>,
        result_message: Nullable<Jsonb>,
        updated_at: Timestamptz,
        players: Array<BigInt>,
        seats: Array<Nullable<Integer>>,
        to_act: Array<Bool>,
        tell: Array<BigInt>,
        tell_kinds: Array<Text>,
    ) -> Nullable<BigInt>;
}

/// Who a row is told to, as the statement takes them.
pub struct Told {
    players: Vec<i64>,
    kinds: Vec<&'static str>,
}

impl Told {
    pub fn of(tell: &[(i64, Kind)]) -> Told {
        Told {
            players: tell.iter().map(|(player, _)| *player).collect(),
            kinds: tell.iter().map(|(_, kind)| kind.as_str()).collect(),
        }
    }
}

/// The statement that stores `row` with the game's rows as `game` says and the notifications
/// `told` lists.
#[diesel::dsl::auto_type(no_type_alias)]
fn recording<'a>(row: &'a EventRow, game: &'a GameRow, told: &'a Told) -> _ {
    let game_id: &'a str = &row.game_id;
    let seq: i64 = row.seq;
    let actor: Option<i64> = row.actor;
    let command: &'a LogJson = &row.command;
    let events: &'a LogJson = &row.events;
    let recorded_at: chrono::DateTime<chrono::Utc> = row.recorded_at;
    let prev_hash: &'a [u8] = &row.prev_hash;
    let hash: &'a [u8] = &row.hash;
    let phase: &'a str = game.phase;
    let last_seq: i64 = game.last_seq;
    let result: Option<&'a str> = game.result.as_deref();
    let result_message: Option<&'a Value> = game.result_message.as_ref();
    let updated_at: chrono::DateTime<chrono::Utc> = game.updated_at;
    let players: &'a [i64] = &game.players;
    let seats: &'a [Option<i32>] = &game.seats;
    let to_act: &'a [bool] = &game.to_act;
    let tell: &'a [i64] = &told.players;
    let tell_kinds: &'a [&'static str] = &told.kinds;
    select(record_move(
        game_id,
        seq,
        actor,
        command,
        events,
        recorded_at,
        prev_hash,
        hash,
        phase,
        last_seq,
        result,
        result_message,
        updated_at,
        players,
        seats,
        to_act,
        tell,
        tell_kinds,
    ))
}

/// Stores `row` with the game's rows as `game` says and the notifications `tell` lists. A row
/// that does not follow the game's head is an [`AppendError::Conflict`], and then nothing is
/// written.
pub fn record(
    conn: &mut PgConnection,
    row: &EventRow,
    game: &GameRow,
    tell: &[(i64, Kind)],
) -> Result<(), AppendError> {
    let told = Told::of(tell);
    let written: Option<i64> = recording(row, game, &told)
        .get_result(conn)
        .map_err(AppendError::from_insert)?;
    written.map(|_| ()).ok_or(AppendError::Conflict)
}

/// [`record`] over a connection that concurrent requests share, where each statement is a
/// transaction of its own: `None` when the game had moved on, and nothing was written.
pub async fn record_pipelined(
    conn: &AsyncPgConnection,
    row: &EventRow,
    game: &GameRow,
    tell: &[(i64, Kind)],
) -> QueryResult<Option<i64>> {
    let told = Told::of(tell);
    diesel_async::RunQueryDsl::get_result(recording(row, game, &told), &mut &*conn).await
}

/// Stores a sealed row with the read-model rows of `game` (folded through it) and the
/// notifications `tell` lists.
pub fn store_row<R: Rules>(
    conn: &mut PgConnection,
    row: &EventRow,
    game: &Game<R>,
    tell: &[(i64, Kind)],
) -> Result<(), ServiceError> {
    record(conn, row, &GameRow::of(game), tell)?;
    Ok(read_model::sync_clocks(conn, game)?)
}
