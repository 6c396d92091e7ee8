//! Tokens with which tools and bots play through the JSON API, sent as
//! `Authorization: Bearer <token>`. A token is shown once, when it is made; only its SHA-256 is
//! kept, and a revoked token is refused from its next use on.

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use super::accounts::{self, Player, RenameError};
use super::tokens;
use crate::store::schema::{api_tokens, players};

/// The most tokens one player may hold at once, revoked ones aside.
pub const MOST_PER_PLAYER: i64 = 10;

/// The longest name a token may be given.
pub const LONGEST_NAME: usize = 60;

/// What the words `tp_` begin: a token is told apart from a session cookie or a reply address.
const PREFIX: &str = "tp_";

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = api_tokens)]
pub struct ApiToken {
    pub id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
}

/// Why a token was not made.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    NoName,
    TooMany,
}

/// Makes a token named `name` for `player`; returns it, to be shown once.
pub fn create(
    conn: &mut PgConnection,
    player: i64,
    name: &str,
) -> QueryResult<Result<String, Refused>> {
    let name: String = name.trim().chars().take(LONGEST_NAME).collect();
    if name.is_empty() {
        return Ok(Err(Refused::NoName));
    }
    let held: i64 = api_tokens::table
        .filter(api_tokens::player_id.eq(player))
        .filter(api_tokens::revoked_at.is_null())
        .count()
        .get_result(conn)?;
    if held >= MOST_PER_PLAYER {
        return Ok(Err(Refused::TooMany));
    }
    let (secret, _) = tokens::generate();
    let token = format!("{PREFIX}{secret}");
    diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::player_id.eq(player),
            api_tokens::name.eq(&name),
            api_tokens::token_hash.eq(tokens::hash(&token)),
        ))
        .execute(conn)?;
    Ok(Ok(token))
}

/// A player's tokens, newest first, revoked ones included.
pub fn list(conn: &mut PgConnection, player: i64) -> QueryResult<Vec<ApiToken>> {
    api_tokens::table
        .filter(api_tokens::player_id.eq(player))
        .order(api_tokens::id.desc())
        .select(ApiToken::as_select())
        .load(conn)
}

/// Revokes `player`'s token `id`; whether there was such a live token.
pub fn revoke(conn: &mut PgConnection, player: i64, id: i64) -> QueryResult<bool> {
    let revoked = diesel::update(
        api_tokens::table
            .filter(api_tokens::id.eq(id))
            .filter(api_tokens::player_id.eq(player))
            .filter(api_tokens::revoked_at.is_null()),
    )
    .set(api_tokens::revoked_at.eq(diesel::dsl::now))
    .execute(conn)?;
    Ok(revoked == 1)
}

/// The player a live token belongs to, noting its use; None for an unknown or revoked token.
pub fn player(conn: &mut PgConnection, token: &str) -> QueryResult<Option<Player>> {
    if !token.starts_with(PREFIX) {
        return Ok(None);
    }
    let found: Option<i64> = diesel::update(
        api_tokens::table
            .filter(api_tokens::token_hash.eq(tokens::hash(token)))
            .filter(api_tokens::revoked_at.is_null()),
    )
    .set(api_tokens::last_used_at.eq(diesel::dsl::now))
    .returning(api_tokens::player_id)
    .get_result(conn)
    .optional()?;
    match found {
        Some(id) => players::table
            .find(id)
            .select(Player::as_select())
            .first(conn)
            .optional(),
        None => Ok(None),
    }
}

/// Marks `player` as a bot account (or not): their name then ends in "(bot)" wherever it is
/// shown, and keeps that ending through renames.
pub fn set_bot(conn: &mut PgConnection, player: i64, bot: bool) -> Result<(), RenameError> {
    conn.transaction(|conn| {
        let name: String = players::table
            .find(player)
            .select(players::display_name)
            .first(conn)?;
        diesel::update(players::table.find(player))
            .set(players::bot.eq(bot))
            .execute(conn)?;
        accounts::rename(conn, player, &accounts::shown_name(&name, bot))
    })
}

/// Whether `player` is marked as a bot account.
pub fn is_bot(conn: &mut PgConnection, player: i64) -> QueryResult<bool> {
    players::table.find(player).select(players::bot).first(conn)
}
