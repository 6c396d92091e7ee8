//! Forgetting what need not be kept. A sent email's words and pictures are dropped as it is sent
//! (`store::emails::mark_sent`); one given up on keeps them for `retention.mail_days`, so that an
//! operator can see what failed, and then loses them here. Replies received that long ago go
//! whole; sessions that ended (signed out, or unused for `auth.session_days`) go, and sign-in
//! links once expired (a used one is kept until then, so that following it again is told it was
//! used). An email keeps its recipient, subject and dates, a person's record of what was sent.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer};

/// Most rows of each kind one pass deletes, so that a pass is short whatever has piled up.
const BATCH: i64 = 1000;

/// What one pass forgot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Forgotten {
    pub failed_email_words: usize,
    pub replies: usize,
    pub sessions: usize,
    pub sign_in_links: usize,
    pub reply_topics: usize,
}

impl Forgotten {
    pub fn total(&self) -> usize {
        self.failed_email_words
            + self.replies
            + self.sessions
            + self.sign_in_links
            + self.reply_topics
    }
}

/// Forgets what is past keeping: failed emails' words and replies older than `mail_days` days, sessions idle for
/// `session_days` days or ended, expired sign-in links and reply addresses of emails about no single game.
pub fn forget_old(
    conn: &mut PgConnection,
    mail_days: i32,
    session_days: i32,
) -> QueryResult<Forgotten> {
    let failed_email_words = diesel::sql_query(
        "WITH old AS (
             SELECT id FROM emails
             WHERE body_text <> '' AND failed_at IS NOT NULL
               AND failed_at < now() - make_interval(days => $1)
             LIMIT $2 FOR UPDATE SKIP LOCKED),
         pictures AS (DELETE FROM email_pictures WHERE email_id IN (SELECT id FROM old))
         UPDATE emails SET body_text = '', body_html = '' WHERE id IN (SELECT id FROM old)",
    )
    .bind::<Integer, _>(mail_days)
    .bind::<BigInt, _>(BATCH)
    .execute(conn)?;
    let replies = diesel::sql_query(
        "DELETE FROM inbound_mail WHERE id IN (
             SELECT id FROM inbound_mail
             WHERE received_at < now() - make_interval(days => $1) AND outcome <> 'pending'
             LIMIT $2 FOR UPDATE SKIP LOCKED)",
    )
    .bind::<Integer, _>(mail_days)
    .bind::<BigInt, _>(BATCH)
    .execute(conn)?;
    let sessions = diesel::sql_query(
        "DELETE FROM sessions WHERE id_hash IN (
             SELECT id_hash FROM sessions
             WHERE revoked_at IS NOT NULL OR last_seen_at < now() - make_interval(days => $1)
             LIMIT $2 FOR UPDATE SKIP LOCKED)",
    )
    .bind::<Integer, _>(session_days)
    .bind::<BigInt, _>(BATCH)
    .execute(conn)?;
    let sign_in_links = diesel::sql_query(
        "DELETE FROM sign_in_tokens WHERE token_hash IN (
             SELECT token_hash FROM sign_in_tokens
             WHERE expires_at < now()
             LIMIT $1 FOR UPDATE SKIP LOCKED)",
    )
    .bind::<BigInt, _>(BATCH)
    .execute(conn)?;
    let reply_topics = diesel::sql_query(
        "DELETE FROM reply_topics WHERE token_hash IN (
             SELECT token_hash FROM reply_topics WHERE expires_at < now() - interval '1 day'
             LIMIT $1 FOR UPDATE SKIP LOCKED)",
    )
    .bind::<BigInt, _>(BATCH)
    .execute(conn)?;
    Ok(Forgotten {
        failed_email_words,
        replies,
        sessions,
        sign_in_links,
        reply_topics,
    })
}
