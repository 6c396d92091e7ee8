//! Reply addresses of emails that are about no single game's moves: a tournament's news, a list
//! of open tables or tournaments, a request to confirm a command. Each email gets its own token;
//! a reply to it must come from the address the email went to, before the token expires. Only
//! hashes are kept.

use diesel::dsl::sql;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Nullable, Timestamptz};
use serde_json::Value;

use super::tokens;
use crate::store::schema::reply_topics;

/// What an email with such a reply address was about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    /// A tournament's news: a reply may withdraw (subject: `{"event": id}`).
    Event,
    /// A numbered list of tables with open seats (subject: `{"games": [id, …]}`).
    OpenTables,
    /// A numbered list of tournaments open for sign-up (subject: `{"events": [id, …]}`).
    OpenEvents,
    /// A command that came without its sender vouched for, to be confirmed by a reply
    /// (subject: `{"command": line}`). Spent by its first use.
    Confirm,
    /// A moderator's action told to the person: a reply is their appeal, read on the desk
    /// (subject: `{"action": seq}`, the moderation log's row).
    Appeal,
}

impl Topic {
    pub fn as_str(self) -> &'static str {
        match self {
            Topic::Event => "event",
            Topic::OpenTables => "open_tables",
            Topic::OpenEvents => "open_events",
            Topic::Confirm => "confirm",
            Topic::Appeal => "appeal",
        }
    }

    fn parse(text: &str) -> Option<Topic> {
        [
            Topic::Event,
            Topic::OpenTables,
            Topic::OpenEvents,
            Topic::Confirm,
            Topic::Appeal,
        ]
        .into_iter()
        .find(|t| t.as_str() == text)
    }
}

/// A live token, as found.
#[derive(Debug)]
pub struct Found {
    pub address: String,
    pub player_id: Option<i64>,
    pub topic: Topic,
    pub subject: Value,
    pub expired: bool,
    pub used: bool,
}

/// A new token for an email to `address` (of `player`, if they have an account) about `topic`,
/// valid for `days`.
pub fn issue(
    conn: &mut PgConnection,
    address: &str,
    player: Option<i64>,
    topic: Topic,
    subject: Value,
    days: i64,
) -> QueryResult<String> {
    let token = tokens::random_id(24);
    diesel::insert_into(reply_topics::table)
        .values((
            reply_topics::token_hash.eq(tokens::hash(&token)),
            reply_topics::address.eq(address),
            reply_topics::player_id.eq(player),
            reply_topics::topic.eq(topic.as_str()),
            reply_topics::subject.eq(subject),
            reply_topics::expires_at.eq(sql::<Timestamptz>(&format!(
                "now() + make_interval(days => {})",
                days.max(1)
            ))),
        ))
        .execute(conn)?;
    Ok(token)
}

pub fn find(conn: &mut PgConnection, token: &str) -> QueryResult<Option<Found>> {
    type Row = (String, Option<i64>, String, Value, bool, bool);
    let row: Option<Row> = reply_topics::table
        .find(tokens::hash(token))
        .select((
            reply_topics::address,
            reply_topics::player_id,
            reply_topics::topic,
            reply_topics::subject,
            sql::<Bool>("expires_at <= now()"),
            reply_topics::used_at.is_not_null(),
        ))
        .first(conn)
        .optional()?;
    Ok(
        row.and_then(|(address, player_id, topic, subject, expired, used)| {
            Some(Found {
                address,
                player_id,
                topic: Topic::parse(&topic)?,
                subject,
                expired,
                used,
            })
        }),
    )
}

/// Marks the token used; false when it already was (a reply sent twice).
pub fn spend(conn: &mut PgConnection, token: &str) -> QueryResult<bool> {
    let spent = diesel::update(
        reply_topics::table
            .find(tokens::hash(token))
            .filter(reply_topics::used_at.is_null()),
    )
    .set(reply_topics::used_at.eq(sql::<Nullable<Timestamptz>>("now()")))
    .execute(conn)?;
    Ok(spent == 1)
}

/// Ends every token of `player`'s emails now; returns how many.
pub fn revoke_all(conn: &mut PgConnection, player: i64) -> QueryResult<usize> {
    diesel::update(
        reply_topics::table
            .filter(reply_topics::player_id.eq(player))
            .filter(sql::<Bool>("expires_at > now()")),
    )
    .set(reply_topics::expires_at.eq(sql::<Timestamptz>("now()")))
    .execute(conn)
}
