//! Tokens of reply addresses: a mail to one may act in one game for one player. Only hashes are
//! kept; a token works until it is revoked or its game ends.

use diesel::dsl::sql;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Nullable, Timestamptz};

use super::tokens;
use crate::store::schema::reply_tokens;

/// A new token for `player` in `game_id`.
pub fn issue(conn: &mut PgConnection, game_id: &str, player: i64) -> QueryResult<String> {
    let token = tokens::random_id(24);
    diesel::insert_into(reply_tokens::table)
        .values((
            reply_tokens::token_hash.eq(tokens::hash(&token)),
            reply_tokens::game_id.eq(game_id),
            reply_tokens::player_id.eq(player),
        ))
        .execute(conn)?;
    Ok(token)
}

/// The game and player of a token that has not been revoked.
pub fn find(conn: &mut PgConnection, token: &str) -> QueryResult<Option<(String, i64)>> {
    reply_tokens::table
        .filter(reply_tokens::token_hash.eq(tokens::hash(token)))
        .filter(reply_tokens::revoked_at.is_null())
        .select((reply_tokens::game_id, reply_tokens::player_id))
        .first(conn)
        .optional()
}

/// Revokes every token `player` holds; returns how many.
pub fn revoke_all(conn: &mut PgConnection, player: i64) -> QueryResult<usize> {
    diesel::update(
        reply_tokens::table
            .filter(reply_tokens::player_id.eq(player))
            .filter(reply_tokens::revoked_at.is_null()),
    )
    .set(reply_tokens::revoked_at.eq(sql::<Nullable<Timestamptz>>("now()")))
    .execute(conn)
}

/// How many tokens `player` holds for games still in play.
pub fn live_count(conn: &mut PgConnection, player: i64) -> QueryResult<i64> {
    use crate::store::schema::games;
    reply_tokens::table
        .inner_join(games::table)
        .filter(reply_tokens::player_id.eq(player))
        .filter(reply_tokens::revoked_at.is_null())
        .filter(games::phase.eq_any(["waiting", "active"]))
        .count()
        .get_result(conn)
}
