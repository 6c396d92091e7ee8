//! The outbox: rendered emails waiting for delivery, claimed one at a time by mail workers.

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use super::schema::emails;

/// A rendered email to store.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = emails)]
pub struct NewEmail {
    pub message_id: String,
    pub player_id: i64,
    pub recipient: String,
    pub kind: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: String,
    pub unsubscribe_url: String,
}

pub fn insert(conn: &mut PgConnection, email: &NewEmail) -> QueryResult<i64> {
    diesel::insert_into(emails::table)
        .values(email)
        .returning(emails::id)
        .get_result(conn)
}

/// An email a worker has claimed for delivery.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = emails)]
pub struct Outgoing {
    pub id: i64,
    pub message_id: String,
    pub player_id: i64,
    pub recipient: String,
    pub kind: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: String,
    pub unsubscribe_url: String,
    pub attempts: i32,
}

/// Locks the next email that is due, skipping those other workers hold. Call inside a
/// transaction; the lock lasts until it ends.
pub fn claim_next(conn: &mut PgConnection, now: DateTime<Utc>) -> QueryResult<Option<Outgoing>> {
    emails::table
        .filter(emails::sent_at.is_null())
        .filter(emails::failed_at.is_null())
        .filter(emails::next_attempt_at.le(now))
        .order(emails::id.asc())
        .select(Outgoing::as_select())
        .for_update()
        .skip_locked()
        .first(conn)
        .optional()
}

/// Delivered: keep the headers, drop the bodies (they may hold sign-in links).
pub fn mark_sent(conn: &mut PgConnection, id: i64, now: DateTime<Utc>) -> QueryResult<()> {
    diesel::update(emails::table.find(id))
        .set((
            emails::sent_at.eq(now),
            emails::attempts.eq(emails::attempts + 1),
            emails::body_text.eq(""),
            emails::body_html.eq(""),
            emails::last_error.eq(None::<String>),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn mark_retry(
    conn: &mut PgConnection,
    id: i64,
    next_attempt: DateTime<Utc>,
    error: &str,
) -> QueryResult<()> {
    diesel::update(emails::table.find(id))
        .set((
            emails::attempts.eq(emails::attempts + 1),
            emails::next_attempt_at.eq(next_attempt),
            emails::last_error.eq(error),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn mark_failed(
    conn: &mut PgConnection,
    id: i64,
    now: DateTime<Utc>,
    error: &str,
) -> QueryResult<()> {
    diesel::update(emails::table.find(id))
        .set((
            emails::attempts.eq(emails::attempts + 1),
            emails::failed_at.eq(now),
            emails::last_error.eq(error),
        ))
        .execute(conn)
        .map(|_| ())
}
