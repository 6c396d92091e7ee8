//! The invitations of a table that has not started: who was invited, who accepted, and — for
//! the table's creator — sending one again or to a corrected address. Each invitation is a row
//! keyed by the SHA-256 of its token; sending again replaces the token, so the old link stops
//! working.

use chrono::{DateTime, Utc};
use diesel::dsl::sql;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Timestamptz};

use crate::auth::{Player, accounts, tokens};
use crate::game_log::error::{Result, ServiceError};
use crate::rules::message::Message;
use crate::store::notifications;
use crate::store::schema::{game_players, games, invitations, players};

/// One invitation as its table's creator sees it.
pub struct Line {
    /// Names the invitation in forms: the hex of its token's hash, which opens nothing.
    pub id: String,
    pub email: String,
    pub accepted_by: Option<String>,
    pub expired: bool,
    pub declined: bool,
    pub expires_at: DateTime<Utc>,
}

pub fn list(conn: &mut PgConnection, game_id: &str) -> QueryResult<Vec<Line>> {
    type Row = (Vec<u8>, String, Option<i64>, bool, bool, DateTime<Utc>);
    let rows: Vec<Row> = invitations::table
        .filter(invitations::game_id.eq(game_id))
        .order(invitations::created_at.asc())
        .select((
            invitations::token_hash,
            invitations::email,
            invitations::accepted_by,
            sql::<Bool>("invitations.expires_at <= now()"),
            invitations::declined_at.is_not_null(),
            invitations::expires_at,
        ))
        .load(conn)?;
    let mut lines = Vec::with_capacity(rows.len());
    for (hash, email, accepted_by, expired, declined, expires_at) in rows {
        let accepted_by = match accepted_by {
            Some(id) => accounts::find(conn, id)?.map(|p| p.display_name),
            None => None,
        };
        lines.push(Line {
            id: hex::encode(hash),
            email,
            accepted_by,
            expired,
            declined,
            expires_at,
        });
    }
    Ok(lines)
}

/// The address an invitation of this game was sent to.
pub fn email_of(conn: &mut PgConnection, game_id: &str, id: &str) -> QueryResult<Option<String>> {
    let Ok(hash) = hex::decode(id) else {
        return Ok(None);
    };
    invitations::table
        .find((game_id, hash))
        .select(invitations::email)
        .first(conn)
        .optional()
}

fn expiry(days: i64) -> diesel::expression::SqlLiteral<Timestamptz> {
    sql::<Timestamptz>(&format!("now() + make_interval(days => {})", days.max(1)))
}

/// Invites `email` to the table, valid for `days`, and queues the email (told as of row `seq`).
pub fn issue(
    conn: &mut PgConnection,
    game_id: &str,
    inviter: &Player,
    email: &str,
    days: i64,
    seq: i64,
) -> QueryResult<()> {
    let invitee = accounts::find_or_create(conn, email, inviter.lang())?;
    let (token, hash) = tokens::generate();
    diesel::insert_into(invitations::table)
        .values((
            invitations::token_hash.eq(hash),
            invitations::game_id.eq(game_id),
            invitations::email.eq(email),
            invitations::invited_by.eq(inviter.id),
            invitations::expires_at.eq(expiry(days)),
        ))
        .execute(conn)?;
    // Someone who blocks the inviter's games is not sent it: the invitation waits, unanswered,
    // until it expires, and the inviter is not told why.
    if crate::auth::blocks::of(conn, invitee.id, inviter.id)?.games {
        return Ok(());
    }
    notifications::enqueue(
        conn,
        invitee.id,
        notifications::Kind::Invitation,
        Some((game_id, seq)),
        serde_json::json!({ "token": token }),
    )
}

/// The creator sends an open invitation again — to the same address, or to `new_email` instead.
/// The old link stops working; the new one is valid for `days`. Returns the address written to.
pub fn send_again(
    conn: &mut PgConnection,
    game_id: &str,
    creator: &Player,
    id: &str,
    new_email: Option<&str>,
    days: i64,
) -> Result<String> {
    let hash = hex::decode(id).map_err(|_| ServiceError::NotFound)?;
    conn.transaction(|conn| {
        let (created_by, phase, seq) = lock_table(conn, game_id)?;
        if created_by != creator.id {
            return Err(ServiceError::Forbidden(Message::new(
                "invitations-only-creator",
            )));
        }
        if phase != "waiting" {
            return Err(ServiceError::Gone(Message::new("invitations-game-started")));
        }
        let found: Option<(String, Option<i64>)> = invitations::table
            .find((game_id, &hash))
            .select((invitations::email, invitations::accepted_by))
            .first(conn)
            .optional()?;
        let (email, accepted_by) = found.ok_or(ServiceError::NotFound)?;
        if accepted_by.is_some() {
            return Err(ServiceError::BadRequest(Message::new(
                "invitation-accepted-already",
            )));
        }
        let email = new_email.map_or(email, str::to_string);
        if email == creator.email {
            return Err(ServiceError::BadRequest(Message::new("invite-yourself")));
        }
        let taken = invitations::table
            .filter(invitations::game_id.eq(game_id))
            .filter(invitations::email.eq(&email))
            .filter(invitations::token_hash.ne(&hash))
            .count()
            .get_result::<i64>(conn)?;
        if taken > 0 {
            return Err(ServiceError::BadRequest(
                Message::new("invited-already").text("email", email.clone()),
            ));
        }
        let seated = game_players::table
            .inner_join(players::table)
            .filter(game_players::game_id.eq(game_id))
            .filter(players::email.eq(&email))
            .count()
            .get_result::<i64>(conn)?;
        if seated > 0 {
            return Err(ServiceError::BadRequest(
                Message::new("invite-seated-already").text("email", email.clone()),
            ));
        }
        diesel::delete(invitations::table.find((game_id, &hash))).execute(conn)?;
        issue(conn, game_id, creator, &email, days, seq)?;
        Ok(email)
    })
}

/// Locks the table's row against other changes to its invitations: its creator, phase and log
/// length.
fn lock_table(conn: &mut PgConnection, game_id: &str) -> Result<(i64, String, i64)> {
    let table: Option<(i64, String, i64)> = games::table
        .find(game_id)
        .select((games::created_by, games::phase, games::last_seq))
        .for_no_key_update()
        .first(conn)
        .optional()?;
    table.ok_or(ServiceError::NotFound)
}

/// The creator of a game, by id.
pub fn creator_of(conn: &mut PgConnection, game_id: &str) -> QueryResult<Option<i64>> {
    games::table
        .find(game_id)
        .select(games::created_by)
        .first(conn)
        .optional()
}

/// `player` declines their open invitation to `game_id`: its seat stays free for the creator to
/// invite someone else, and the creator is told by email.
pub fn decline(conn: &mut PgConnection, game_id: &str, player: &Player) -> Result<()> {
    conn.transaction(|conn| {
        let (creator, phase, seq) = lock_table(conn, game_id)?;
        if phase != "waiting" {
            return Err(ServiceError::Gone(Message::new("invitations-game-started")));
        }
        let declined = diesel::update(
            invitations::table
                .filter(invitations::game_id.eq(game_id))
                .filter(invitations::email.eq(&player.email))
                .filter(invitations::accepted_by.is_null())
                .filter(invitations::declined_at.is_null()),
        )
        .set(invitations::declined_at.eq(sql::<diesel::sql_types::Nullable<Timestamptz>>("now()")))
        .execute(conn)?;
        if declined == 0 {
            return Err(ServiceError::Gone(Message::new("invitation-none-open")));
        }
        notifications::enqueue(
            conn,
            creator,
            notifications::Kind::InvitationDeclined,
            Some((game_id, seq)),
            serde_json::json!({ "player": player.id }),
        )?;
        Ok(())
    })
}
