//! The plans the server keeps secret (`move_plans`), one a player and game, beside the log that
//! holds only their commitments.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Jsonb, Nullable, Text};
use serde_json::Value;

use crate::game_log::stream::plan::{Kept, PlanLine};

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = BigInt)]
    player_id: i64,
    #[diesel(sql_type = BigInt)]
    planned_at: i64,
    #[diesel(sql_type = Jsonb)]
    lines: Value,
    #[diesel(sql_type = Jsonb)]
    digests: Value,
    #[diesel(sql_type = Integer)]
    followed: i32,
    #[diesel(sql_type = Nullable<BigInt>)]
    missed_at: Option<i64>,
}

impl Row {
    fn kept(self) -> Option<Kept> {
        Some(Kept {
            player: self.player_id,
            planned_at: self.planned_at,
            lines: serde_json::from_value::<Vec<PlanLine>>(self.lines).ok()?,
            digests: serde_json::from_value(self.digests).ok()?,
            followed: usize::try_from(self.followed).ok()?,
            missed_at: self.missed_at,
        })
    }
}

/// `player`'s plan in `game_id`, locked until the transaction ends when `lock`.
pub fn read(
    conn: &mut PgConnection,
    game_id: &str,
    player: i64,
    lock: bool,
) -> QueryResult<Option<Kept>> {
    let sql = format!(
        "SELECT player_id, planned_at, lines, digests, followed, missed_at FROM move_plans
         WHERE game_id = $1 AND player_id = $2{}",
        if lock { " FOR UPDATE" } else { "" }
    );
    let row: Option<Row> = diesel::sql_query(sql)
        .bind::<Text, _>(game_id)
        .bind::<BigInt, _>(player)
        .get_result(conn)
        .optional()?;
    Ok(row.and_then(Row::kept))
}

/// Writes `kept` as `game_id`'s plan of its player, replacing any.
pub fn write(conn: &mut PgConnection, game_id: &str, kept: &Kept) -> QueryResult<()> {
    let lines = serde_json::to_value(&kept.lines).expect("lines serialize");
    let digests = serde_json::to_value(&kept.digests).expect("digests serialize");
    diesel::sql_query(
        "INSERT INTO move_plans (game_id, player_id, planned_at, lines, digests, followed, missed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (game_id, player_id) DO UPDATE SET planned_at = EXCLUDED.planned_at,
             lines = EXCLUDED.lines, digests = EXCLUDED.digests, followed = EXCLUDED.followed,
             missed_at = EXCLUDED.missed_at, updated_at = now()",
    )
    .bind::<Text, _>(game_id)
    .bind::<BigInt, _>(kept.player)
    .bind::<BigInt, _>(kept.planned_at)
    .bind::<Jsonb, _>(lines)
    .bind::<Jsonb, _>(digests)
    .bind::<Integer, _>(i32::try_from(kept.followed).unwrap_or(i32::MAX))
    .bind::<Nullable<BigInt>, _>(kept.missed_at)
    .execute(conn)
    .map(|_| ())
}

/// Forgets `player`'s plan in `game_id`.
pub fn forget(conn: &mut PgConnection, game_id: &str, player: i64) -> QueryResult<()> {
    diesel::sql_query("DELETE FROM move_plans WHERE game_id = $1 AND player_id = $2")
        .bind::<Text, _>(game_id)
        .bind::<BigInt, _>(player)
        .execute(conn)
        .map(|_| ())
}

/// Forgets every plan in `game_id`, once it is over.
pub fn forget_game(conn: &mut PgConnection, game_id: &str) -> QueryResult<()> {
    diesel::sql_query("DELETE FROM move_plans WHERE game_id = $1")
        .bind::<Text, _>(game_id)
        .execute(conn)
        .map(|_| ())
}

/// Forgets every plan `player` made, as they close their account.
pub fn forget_player(conn: &mut PgConnection, player: i64) -> QueryResult<()> {
    diesel::sql_query("DELETE FROM move_plans WHERE player_id = $1")
        .bind::<BigInt, _>(player)
        .execute(conn)
        .map(|_| ())
}
