//! Signed-in sessions, kept on the server. The cookie holds a random id; only its SHA-256 is
//! stored, with when the session began and was last used and the browser it began in. A revoked
//! or long-unused session signs nobody in, whatever cookie is presented.

use chrono::{DateTime, Utc};
use diesel::dsl::{AsExprOf, AsSelect, Eq, Find, IntervalDsl, Update, sql};
use diesel::pg::data_types::PgInterval;
use diesel::pg::{Pg, PgConnection};
use diesel::prelude::*;
use diesel::sql_types::{Interval, Nullable, Timestamptz};
use diesel_async::AsyncPgConnection;

use super::accounts::Player;
use super::tokens;
use crate::store::schema::{players, sessions};
use crate::store::transaction_timestamp;

type Now = transaction_timestamp;

/// A session is marked as used at most this often, to keep reads from writing.
const TOUCH_EVERY_SECONDS: i64 = 300;

const MAX_USER_AGENT_CHARS: usize = 200;

/// Starts a session for `player`; returns the id for the cookie.
pub fn start(conn: &mut PgConnection, player_id: i64, user_agent: &str) -> QueryResult<String> {
    let (id, hash) = tokens::generate();
    let agent: String = user_agent
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_USER_AGENT_CHARS)
        .collect();
    diesel::insert_into(sessions::table)
        .values((
            sessions::id_hash.eq(hash),
            sessions::player_id.eq(player_id),
            sessions::user_agent.eq(agent),
        ))
        .execute(conn)?;
    Ok(id)
}

/// Whether a session still signs its player in: not revoked, and used within `idle_days`.
#[diesel::dsl::auto_type]
fn live(idle_days: i64) -> _ {
    let idle: PgInterval = IntervalDsl::days(idle_days.max(0_i64));
    let used_since: AsExprOf<PgInterval, Interval> = idle.into_sql::<Interval>();
    sessions::revoked_at
        .is_null()
        .and((sessions::last_seen_at + used_since).gt(transaction_timestamp()))
}

/// The player a live session signs in, whether its last use is old enough to be marked anew,
/// and the database's time.
#[diesel::dsl::auto_type(no_type_alias)]
fn signed_in<'a>(hash: &'a [u8], idle_days: i64) -> _ {
    let player: AsSelect<Player, Pg> = Player::as_select();
    let alive: live = live(idle_days);
    let touch_every: AsExprOf<PgInterval, Interval> =
        TOUCH_EVERY_SECONDS.seconds().into_sql::<Interval>();
    sessions::table
        .inner_join(players::table)
        .filter(sessions::id_hash.eq(hash))
        .filter(alive)
        .select((
            player,
            (sessions::last_seen_at + touch_every).lt(transaction_timestamp()),
            transaction_timestamp(),
        ))
}

/// The player, whether the session is to be marked as used, and the database's time.
type SignedIn = (Player, bool, DateTime<Utc>);

type Touch<'a> = Update<Find<sessions::table, &'a [u8]>, Eq<sessions::last_seen_at, Now>>;

/// Marks a session as used now.
fn touch(hash: &[u8]) -> Touch<'_> {
    diesel::update(sessions::table.find(hash))
        .set(sessions::last_seen_at.eq(transaction_timestamp()))
}

/// The player a session id signs in, if the session is live; marks it as used.
pub fn player(conn: &mut PgConnection, id: &str, idle_days: i64) -> QueryResult<Option<Player>> {
    let hash = tokens::hash(id);
    let found: Option<SignedIn> = signed_in(&hash, idle_days).first(conn).optional()?;
    let Some((player, stale, _)) = found else {
        return Ok(None);
    };
    if player.suspended().is_some() {
        return Ok(None);
    }
    if stale {
        touch(&hash).execute(conn)?;
    }
    Ok(Some(player))
}

/// [`player`] over a connection that concurrent requests share, with the database's time as
/// the session was checked.
pub async fn player_pipelined(
    conn: &AsyncPgConnection,
    id: &str,
    idle_days: i64,
) -> QueryResult<Option<(Player, DateTime<Utc>)>> {
    use diesel_async::RunQueryDsl as Async;
    let hash = tokens::hash(id);
    let found: Option<SignedIn> = Async::first(signed_in(&hash, idle_days), &mut &*conn)
        .await
        .optional()?;
    let Some((player, stale, now)) = found else {
        return Ok(None);
    };
    if player.suspended_until.is_some_and(|until| until > now) {
        return Ok(None);
    }
    if stale {
        Async::execute(touch(&hash), &mut &*conn).await?;
    }
    Ok(Some((player, now)))
}

/// Ends one session.
pub fn revoke(conn: &mut PgConnection, id: &str) -> QueryResult<()> {
    diesel::update(sessions::table.find(tokens::hash(id)))
        .filter(sessions::revoked_at.is_null())
        .set(sessions::revoked_at.eq(sql::<Nullable<Timestamptz>>("now()")))
        .execute(conn)
        .map(|_| ())
}

/// Ends every session of a player; returns how many were live.
pub fn revoke_all(conn: &mut PgConnection, player_id: i64) -> QueryResult<usize> {
    diesel::update(sessions::table)
        .filter(sessions::player_id.eq(player_id))
        .filter(sessions::revoked_at.is_null())
        .set(sessions::revoked_at.eq(sql::<Nullable<Timestamptz>>("now()")))
        .execute(conn)
}

/// A live session, as Settings lists it.
#[derive(Clone, Debug, Queryable)]
pub struct SessionInfo {
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    pub user_agent: String,
    pub current: bool,
}

/// The live sessions of a player, newest first; `current` marks the one with id `current`.
pub fn list(
    conn: &mut PgConnection,
    player_id: i64,
    current: &str,
    idle_days: i64,
) -> QueryResult<Vec<SessionInfo>> {
    let current = tokens::hash(current);
    type Row = (Vec<u8>, DateTime<Utc>, DateTime<Utc>, String);
    let rows: Vec<Row> = sessions::table
        .filter(sessions::player_id.eq(player_id))
        .filter(live(idle_days))
        .order(sessions::last_seen_at.desc())
        .select((
            sessions::id_hash,
            sessions::created_at,
            sessions::last_seen_at,
            sessions::user_agent,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(hash, created_at, last_seen_at, user_agent)| SessionInfo {
            created_at,
            last_seen_at,
            user_agent,
            current: hash == current,
        })
        .collect())
}
