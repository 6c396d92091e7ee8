//! A row of the log stored with everything it changes — the game's read-model rows and the
//! notifications it causes — in one statement: one round trip to PostgreSQL, prepared once per
//! connection.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Bytea, Integer, Jsonb, Nullable, Text, Timestamptz};

use super::read_model::GameRow;
use crate::store::events::{AppendError, EventRow};
use crate::store::notifications::Kind;

diesel::define_sql_function! {
    /// Appends the row, writes the game's row and the seats whose seat or turn changed, and
    /// queues a notification of the row for each player in `tell` (of the kind beside it in
    /// `tell_kinds`); returns the row's sequence number.
    #[allow(clippy::too_many_arguments, reason = "the SQL function's parameters")]
    fn record_row(
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
    ) -> BigInt;
}

/// Stores `row` with the game's rows as `game` says and the notifications `tell` lists. A row
/// already at its sequence number is an [`AppendError::Conflict`], and then nothing is written.
pub fn record(
    conn: &mut PgConnection,
    row: &EventRow,
    game: GameRow,
    tell: &[(i64, Kind)],
) -> Result<(), AppendError> {
    let tell_players: Vec<i64> = tell.iter().map(|(player, _)| *player).collect();
    let tell_kinds: Vec<&str> = tell.iter().map(|(_, kind)| kind.as_str()).collect();
    diesel::select(record_row(
        &row.game_id,
        row.seq,
        row.actor,
        &row.command,
        &row.events,
        row.recorded_at,
        &row.prev_hash,
        &row.hash,
        game.phase,
        game.last_seq,
        game.result,
        game.result_message,
        game.updated_at,
        &game.players,
        &game.seats,
        &game.to_act,
        &tell_players,
        &tell_kinds,
    ))
    .execute(conn)
    .map_err(AppendError::from_insert)?;
    Ok(())
}
