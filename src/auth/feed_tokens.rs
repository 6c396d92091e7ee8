//! Secret addresses of a player's feeds: their deadlines as an iCalendar feed and their turns and
//! results as an Atom feed, for calendar apps and feed readers that cannot sign in. A token is
//! shown once, in the addresses, when it is made; only its SHA-256 is kept, and a revoked token
//! is refused from its next use on.

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bytea, Nullable, Timestamptz};

use super::tokens;

/// The most live feed addresses one player may hold at once.
pub const MOST_PER_PLAYER: i64 = 10;

/// What a feed token begins with: it is told apart from an API token or a session.
const PREFIX: &str = "tf_";

#[derive(Clone, Debug, QueryableByName)]
pub struct FeedToken {
    #[diesel(sql_type = BigInt)]
    pub id: i64,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub last_used_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub revoked_at: Option<DateTime<Utc>>,
}

/// Makes a feed token for `player`; returns it, to be shown once, or None when they hold as
/// many as they may.
pub fn create(conn: &mut PgConnection, player: i64) -> QueryResult<Option<String>> {
    let live = list(conn, player)?
        .iter()
        .filter(|t| t.revoked_at.is_none())
        .count();
    if live as i64 >= MOST_PER_PLAYER {
        return Ok(None);
    }
    let (secret, _) = tokens::generate();
    let token = format!("{PREFIX}{secret}");
    diesel::sql_query("INSERT INTO feed_tokens (player_id, token_hash) VALUES ($1, $2)")
        .bind::<BigInt, _>(player)
        .bind::<Bytea, _>(tokens::hash(&token))
        .execute(conn)?;
    Ok(Some(token))
}

/// A player's feed tokens, newest first, revoked ones included.
pub fn list(conn: &mut PgConnection, player: i64) -> QueryResult<Vec<FeedToken>> {
    diesel::sql_query(
        "SELECT id, created_at, last_used_at, revoked_at FROM feed_tokens
         WHERE player_id = $1 ORDER BY id DESC",
    )
    .bind::<BigInt, _>(player)
    .load(conn)
}

/// Revokes `player`'s feed token `id`; whether there was such a live token.
pub fn revoke(conn: &mut PgConnection, player: i64, id: i64) -> QueryResult<bool> {
    let revoked = diesel::sql_query(
        "UPDATE feed_tokens SET revoked_at = now()
         WHERE id = $1 AND player_id = $2 AND revoked_at IS NULL",
    )
    .bind::<BigInt, _>(id)
    .bind::<BigInt, _>(player)
    .execute(conn)?;
    Ok(revoked == 1)
}

/// The live token `token`: its id and its player's; None for an unknown or revoked token.
pub fn holder(conn: &mut PgConnection, token: &str) -> QueryResult<Option<(i64, i64)>> {
    #[derive(QueryableByName)]
    struct Held {
        #[diesel(sql_type = BigInt)]
        id: i64,
        #[diesel(sql_type = BigInt)]
        player_id: i64,
    }
    if !token.starts_with(PREFIX) {
        return Ok(None);
    }
    let held: Option<Held> = diesel::sql_query(
        "SELECT id, player_id FROM feed_tokens WHERE token_hash = $1 AND revoked_at IS NULL",
    )
    .bind::<Bytea, _>(tokens::hash(token))
    .get_result(conn)
    .optional()?;
    Ok(held.map(|h| (h.id, h.player_id)))
}

/// Notes that token `id` was served a fresh feed, for the player's list of their tokens.
pub fn note_use(conn: &mut PgConnection, id: i64) -> QueryResult<()> {
    diesel::sql_query("UPDATE feed_tokens SET last_used_at = now() WHERE id = $1")
        .bind::<BigInt, _>(id)
        .execute(conn)
        .map(|_| ())
}
