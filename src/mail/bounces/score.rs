//! What a report does to the address it is about: a failure adds to the address's bounce score
//! (once per email, fading after days without one) and past the threshold stops the mail its
//! owner did not ask for; a complaint stops it at once.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Integer, Nullable, Text};

use crate::config::BounceSettings;
use crate::mail::bounces::report::Failure;

/// What became of a report tied to an email.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scored {
    /// The email is not in the outbox (its account was closed since, say).
    UnknownEmail,
    /// The email was reported before; it counts once.
    Repeat,
    /// Counted against `address`; `suppressed` when this report took it past the threshold.
    Counted {
        player_id: i64,
        score: i32,
        suppressed: bool,
    },
    /// A refusal by policy, recorded for the metrics only.
    NotCounted { player_id: i64 },
    /// A complaint: the person's unrequested mail stopped.
    Complained { player_id: i64 },
}

#[derive(QueryableByName)]
struct Mailed {
    #[diesel(sql_type = BigInt)]
    player_id: i64,
    #[diesel(sql_type = Text)]
    address: String,
}

#[derive(QueryableByName)]
struct Standing {
    #[diesel(sql_type = Integer)]
    bounce_score: i32,
    #[diesel(sql_type = Bool)]
    suppressed: bool,
}

/// The email `email_id` and the address it went to, lower-cased.
fn mailed(conn: &mut PgConnection, email_id: i64) -> QueryResult<Option<Mailed>> {
    diesel::sql_query("SELECT player_id, lower(recipient) AS address FROM emails WHERE id = $1")
        .bind::<BigInt, _>(email_id)
        .get_result(conn)
        .optional()
}

/// Records a report of kind `kind` (a failure's or `complaint`) about email `email_id`; `false`
/// when one of its class was recorded before.
fn note(
    conn: &mut PgConnection,
    email_id: i64,
    mailed: &Mailed,
    kind: &str,
    status: &str,
    points: i32,
) -> QueryResult<bool> {
    let inserted = diesel::sql_query(
        "INSERT INTO mail_reports (email_id, player_id, address, kind, status, points)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
    )
    .bind::<BigInt, _>(email_id)
    .bind::<BigInt, _>(mailed.player_id)
    .bind::<Text, _>(&mailed.address)
    .bind::<Text, _>(kind)
    .bind::<Text, _>(status)
    .bind::<Integer, _>(points)
    .execute(conn)?;
    Ok(inserted == 1)
}

/// Counts a failure of email `email_id` against the address it was sent to.
pub fn failure(
    conn: &mut PgConnection,
    settings: &BounceSettings,
    email_id: i64,
    failure: Failure,
    status: &str,
) -> QueryResult<Scored> {
    let Some(mailed) = mailed(conn, email_id)? else {
        return Ok(Scored::UnknownEmail);
    };
    let points = match failure {
        Failure::Permanent => settings.permanent_points,
        Failure::Temporary => settings.temporary_points,
        Failure::Policy => 0,
    };
    if !note(conn, email_id, &mailed, failure.as_str(), status, points)? {
        return Ok(Scored::Repeat);
    }
    if failure == Failure::Policy {
        return Ok(Scored::NotCounted {
            player_id: mailed.player_id,
        });
    }
    let standing: Standing = diesel::sql_query(
        "INSERT INTO mail_addresses (address, bounce_score, last_bounce_at)
         VALUES ($1, $2, now())
         ON CONFLICT (address) DO UPDATE SET
             bounce_score = CASE
                 WHEN mail_addresses.last_bounce_at IS NULL
                   OR mail_addresses.last_bounce_at < now() - make_interval(days => $3)
                 THEN 0 ELSE mail_addresses.bounce_score END + $2,
             last_bounce_at = now()
         RETURNING bounce_score, suppressed_at IS NOT NULL AS suppressed",
    )
    .bind::<Text, _>(&mailed.address)
    .bind::<Integer, _>(points)
    .bind::<Integer, _>(settings.fade_days)
    .get_result(conn)?;
    let suppress = !standing.suppressed && standing.bounce_score >= settings.threshold;
    if suppress {
        diesel::sql_query("UPDATE mail_addresses SET suppressed_at = now() WHERE address = $1")
            .bind::<Text, _>(&mailed.address)
            .execute(conn)?;
        diesel::sql_query(
            "UPDATE players SET email_rejected_at = now(), email_rejection = $2
             WHERE lower(email) = $1 AND email_rejected_at IS NULL AND closed_at IS NULL",
        )
        .bind::<Text, _>(&mailed.address)
        .bind::<Text, _>(format!("bounced (last {status})"))
        .execute(conn)?;
        hold_unrequested(conn, &mailed.address, "its address bounced too often")?;
    }
    Ok(Scored::Counted {
        player_id: mailed.player_id,
        score: standing.bounce_score,
        suppressed: suppress,
    })
}

/// A complaint about email `email_id`: whoever reads mail at its address now gets only the
/// mail they ask for by name (sign-in links, answers to their own replies).
pub fn complaint(
    conn: &mut PgConnection,
    email_id: i64,
    feedback_type: &str,
) -> QueryResult<Scored> {
    let Some(mailed) = mailed(conn, email_id)? else {
        return Ok(Scored::UnknownEmail);
    };
    if !note(conn, email_id, &mailed, "complaint", feedback_type, 0)? {
        return Ok(Scored::Repeat);
    }
    diesel::sql_query(
        "INSERT INTO mail_addresses (address, complained_at) VALUES ($1, now())
         ON CONFLICT (address) DO UPDATE SET complained_at = now()",
    )
    .bind::<Text, _>(&mailed.address)
    .execute(conn)?;
    diesel::sql_query(
        "UPDATE players SET complained_at = now(), notify = 'none'
         WHERE lower(email) = $1 AND closed_at IS NULL",
    )
    .bind::<Text, _>(&mailed.address)
    .execute(conn)?;
    hold_unrequested(conn, &mailed.address, "its recipient complained")?;
    Ok(Scored::Complained {
        player_id: mailed.player_id,
    })
}

/// Emails their recipient asked for by name: a sign-in or confirmation link, an answer to
/// their own reply, what a moderator decided about them.
pub const ASKED_FOR: [&str; 5] = [
    "sign_in",
    "close_account",
    "mail_answer",
    "moderation",
    "confirm_address",
];

/// Unsent emails to `address` that its owner did not ask for are not sent.
fn hold_unrequested(conn: &mut PgConnection, address: &str, why: &str) -> QueryResult<usize> {
    diesel::sql_query(
        "UPDATE emails SET failed_at = now(), last_error = $2
         WHERE lower(recipient) = $1 AND sent_at IS NULL AND failed_at IS NULL
           AND kind <> ALL($3)",
    )
    .bind::<Text, _>(address)
    .bind::<Text, _>(format!("not sent: {why}"))
    .bind::<diesel::sql_types::Array<Text>, _>(ASKED_FOR.to_vec())
    .execute(conn)
}

/// A suppressed address as the operator's list shows it.
#[derive(QueryableByName, Debug)]
pub struct Suppressed {
    #[diesel(sql_type = Text)]
    pub address: String,
    #[diesel(sql_type = Integer)]
    pub bounce_score: i32,
    #[diesel(sql_type = Nullable<Text>)]
    pub since: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub complained: Option<String>,
}

/// Every address that gets no unrequested mail, bounced or complained, newest first.
pub fn suppressed(conn: &mut PgConnection) -> QueryResult<Vec<Suppressed>> {
    diesel::sql_query(
        "SELECT address, bounce_score,
                to_char(suppressed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS since,
                to_char(complained_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS complained
         FROM mail_addresses
         WHERE suppressed_at IS NOT NULL OR complained_at IS NOT NULL
         ORDER BY greatest(suppressed_at, complained_at) DESC",
    )
    .load(conn)
}
