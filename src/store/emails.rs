//! The outbox: rendered emails waiting for delivery. A worker claims one for a while (a lease),
//! sends it outside any transaction, and records the outcome; should it die, the lease runs out
//! and another worker sends the email again, with the same Message-ID. Every time is the
//! database's.

use diesel::dsl::sql;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Timestamptz};

use super::schema::{email_pictures, emails};

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
    /// Lower goes first: see [`priority_of`].
    pub priority: i16,
    /// Where replies go: a reply address that can make a move.
    pub reply_to: Option<String>,
    /// The Message-ID this email answers.
    pub in_reply_to: Option<String>,
}

/// Sign-in links go before invitations, and both before game news, so that a flood of one kind
/// never holds up someone waiting at a sign-in page.
pub fn priority_of(kind: &str) -> i16 {
    match kind {
        "sign_in" => 0,
        "mail_answer" => 0,
        "invitation" => 1,
        _ => 2,
    }
}

/// A picture an email's HTML shows inline, named by its Content-ID (`cid:` in the HTML).
#[derive(Clone, Debug, PartialEq, Eq, Queryable)]
pub struct InlinePicture {
    pub content_id: String,
    pub png: Vec<u8>,
}

/// Keeps `pictures` with the email `email_id` until it is delivered.
pub fn insert_pictures(
    conn: &mut PgConnection,
    email_id: i64,
    pictures: &[InlinePicture],
) -> QueryResult<()> {
    let rows: Vec<_> = pictures
        .iter()
        .map(|p| {
            (
                email_pictures::email_id.eq(email_id),
                email_pictures::content_id.eq(&p.content_id),
                email_pictures::png.eq(&p.png),
            )
        })
        .collect();
    diesel::insert_into(email_pictures::table)
        .values(rows)
        .execute(conn)
        .map(|_| ())
}

/// The pictures an email carries, by Content-ID.
pub fn pictures_of(conn: &mut PgConnection, email_id: i64) -> QueryResult<Vec<InlinePicture>> {
    email_pictures::table
        .filter(email_pictures::email_id.eq(email_id))
        .order(email_pictures::content_id)
        .select((email_pictures::content_id, email_pictures::png))
        .load(conn)
}

fn drop_pictures(conn: &mut PgConnection, email_id: i64) -> QueryResult<()> {
    diesel::delete(email_pictures::table.filter(email_pictures::email_id.eq(email_id)))
        .execute(conn)
        .map(|_| ())
}

pub fn insert(conn: &mut PgConnection, email: &NewEmail) -> QueryResult<i64> {
    diesel::insert_into(emails::table)
        .values(email)
        .returning(emails::id)
        .get_result(conn)
}

/// An email a worker has claimed for delivery.
#[derive(Clone, Debug, Queryable, QueryableByName, Selectable)]
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
    pub reply_to: Option<String>,
    pub in_reply_to: Option<String>,
}

/// Claims up to `limit` due emails, most urgent first, for `lease_seconds`; emails other workers
/// hold (locked this instant, or claimed and not yet expired) are skipped.
pub fn claim_due(
    conn: &mut PgConnection,
    limit: i64,
    lease_seconds: i64,
) -> QueryResult<Vec<Outgoing>> {
    diesel::sql_query(
        "UPDATE emails SET claimed_until = now() + make_interval(secs => $2) \
         WHERE id IN ( \
             SELECT id FROM emails \
             WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now() \
               AND (claimed_until IS NULL OR claimed_until < now()) \
             ORDER BY priority, next_attempt_at, id \
             LIMIT $1 \
             FOR NO KEY UPDATE SKIP LOCKED) \
         RETURNING id, message_id, player_id, recipient, kind, subject, body_text, body_html, \
                   unsubscribe_url, attempts, reply_to, in_reply_to",
    )
    .bind::<BigInt, _>(limit)
    .bind::<BigInt, _>(lease_seconds.max(1))
    .load(conn)
}

fn now_or_null() -> diesel::expression::SqlLiteral<Nullable<Timestamptz>> {
    sql::<Nullable<Timestamptz>>("now()")
}

/// Delivered: keep the headers, drop the bodies (they may hold sign-in links) and pictures.
pub fn mark_sent(conn: &mut PgConnection, id: i64) -> QueryResult<()> {
    conn.transaction(|conn| {
        drop_pictures(conn, id)?;
        diesel::update(emails::table.find(id))
            .set((
                emails::sent_at.eq(now_or_null()),
                emails::last_attempt_at.eq(now_or_null()),
                emails::claimed_until.eq(None::<chrono::DateTime<chrono::Utc>>),
                emails::attempts.eq(emails::attempts + 1),
                emails::body_text.eq(""),
                emails::body_html.eq(""),
                emails::last_error.eq(None::<String>),
            ))
            .execute(conn)
            .map(|_| ())
    })
}

/// Not delivered this time: try again `after_ms` from now.
pub fn mark_retry(conn: &mut PgConnection, id: i64, after_ms: i64, error: &str) -> QueryResult<()> {
    diesel::update(emails::table.find(id))
        .set((
            emails::attempts.eq(emails::attempts + 1),
            emails::last_attempt_at.eq(now_or_null()),
            emails::next_attempt_at.eq(sql::<Timestamptz>("now() + make_interval(secs => ")
                .bind::<diesel::sql_types::Double, _>(after_ms.max(0) as f64 / 1000.0)
                .sql(")")),
            emails::claimed_until.eq(None::<chrono::DateTime<chrono::Utc>>),
            emails::last_error.eq(error),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Given up for good.
pub fn mark_failed(conn: &mut PgConnection, id: i64, error: &str) -> QueryResult<()> {
    diesel::update(emails::table.find(id))
        .set((
            emails::attempts.eq(emails::attempts + 1),
            emails::last_attempt_at.eq(now_or_null()),
            emails::failed_at.eq(now_or_null()),
            emails::claimed_until.eq(None::<chrono::DateTime<chrono::Utc>>),
            emails::last_error.eq(error),
        ))
        .execute(conn)
        .map(|_| ())
}
