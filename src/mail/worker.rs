//! The delivery worker: makes emails from due notifications, then sends every due email, one
//! per transaction. Several workers may run at once: each locks what it works on and skips what
//! others hold, so every email is sent by one of them. An email is marked sent only after the
//! server accepted it; a worker that dies mid-send leaves it to be sent again (with the same
//! Message-ID).

use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use super::compose;
use super::transport::{SendError, Transport, build_message};
use crate::auth::accounts;
use crate::config::Settings;
use crate::stop::StopSignal;
use crate::store::emails;
use crate::store::notifications;
use crate::store::{Conn, Pool};

/// What one round of work did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub composed: usize,
    pub sent: usize,
    pub deferred: usize,
    pub failed: usize,
}

/// Makes the emails that are due at `now`.
pub fn compose_due(
    conn: &mut PgConnection,
    settings: &Settings,
    now: DateTime<Utc>,
) -> anyhow::Result<usize> {
    let mut made = 0;
    for player in notifications::players_with_pending(conn)? {
        made += compose::compose_for(conn, settings, player, now)?;
    }
    Ok(made)
}

/// How long to wait before the attempt after `attempts` failed ones.
pub fn backoff(settings: &Settings, attempts: i32) -> Duration {
    let base = settings.mail.retry_base_ms.max(1);
    let factor = 1i64 << attempts.clamp(0, 30);
    Duration::milliseconds(base.saturating_mul(factor).min(settings.mail.retry_max_ms))
}

enum Outcome {
    Sent,
    Deferred,
    Failed,
}

/// Sends one due email, if there is one nobody else holds.
fn send_one(
    conn: &mut PgConnection,
    transport: &Transport,
    settings: &Settings,
    now: DateTime<Utc>,
) -> anyhow::Result<Option<Outcome>> {
    conn.transaction(|conn| {
        let Some(email) = emails::claim_next(conn, now)? else {
            return Ok(None);
        };
        let sent =
            build_message(&settings.mail.from, &email).and_then(|message| transport.send(&message));
        let outcome = match sent {
            Ok(()) => {
                emails::mark_sent(conn, email.id, Utc::now())?;
                Outcome::Sent
            }
            Err(SendError::Permanent(reason)) => {
                tracing::warn!(
                    "mail {} to {} refused for good: {reason}",
                    email.message_id,
                    email.recipient
                );
                emails::mark_failed(conn, email.id, Utc::now(), &reason)?;
                accounts::mark_rejected(conn, email.player_id, &reason)?;
                Outcome::Failed
            }
            Err(SendError::Transient(reason))
                if email.attempts + 1 >= settings.mail.max_attempts =>
            {
                tracing::warn!(
                    "mail {} to {} given up after {} attempts: {reason}",
                    email.message_id,
                    email.recipient,
                    email.attempts + 1
                );
                emails::mark_failed(conn, email.id, Utc::now(), &reason)?;
                Outcome::Failed
            }
            Err(SendError::Transient(reason)) => {
                let next = Utc::now() + backoff(settings, email.attempts);
                emails::mark_retry(conn, email.id, next, &reason)?;
                Outcome::Deferred
            }
        };
        Ok(Some(outcome))
    })
}

/// Sends every email due at `now`.
pub fn send_due(
    conn: &mut PgConnection,
    transport: &Transport,
    settings: &Settings,
    now: DateTime<Utc>,
) -> anyhow::Result<Round> {
    let mut round = Round::default();
    while let Some(outcome) = send_one(conn, transport, settings, now)? {
        match outcome {
            Outcome::Sent => round.sent += 1,
            Outcome::Deferred => round.deferred += 1,
            Outcome::Failed => round.failed += 1,
        }
    }
    Ok(round)
}

/// One round: compose what is due, then send what is due.
pub fn run_once(
    conn: &mut PgConnection,
    transport: &Transport,
    settings: &Settings,
) -> anyhow::Result<Round> {
    let composed = compose_due(conn, settings, Utc::now())?;
    let round = send_due(conn, transport, settings, Utc::now())?;
    Ok(Round { composed, ..round })
}

/// Works until `stop` is given, a round every `mail.poll_ms`. An email being sent when it is
/// given is finished first.
pub fn run(pool: &Pool, settings: &Settings, stop: &StopSignal) -> anyhow::Result<()> {
    let transport = Transport::new(&settings.mail).map_err(anyhow::Error::msg)?;
    let pause = StdDuration::from_millis(settings.mail.poll_ms.max(10));
    while !stop.is_stopped() {
        let result = pool
            .get()
            .map_err(anyhow::Error::from)
            .and_then(|mut conn: Conn| run_once(&mut conn, &transport, settings));
        match result {
            Ok(round) if round != Round::default() => tracing::info!(
                "mail: {} composed, {} sent, {} deferred, {} failed",
                round.composed,
                round.sent,
                round.deferred,
                round.failed
            ),
            Ok(_) => {}
            Err(e) => tracing::error!("mail worker: {e:#}"),
        }
        stop.wait(pause);
    }
    transport.shutdown();
    Ok(())
}

/// Starts a worker on its own thread; it stops when `stop` is given.
pub fn spawn(
    pool: Pool,
    settings: Settings,
    stop: StopSignal,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("mail-worker".into())
        .spawn(move || {
            if let Err(e) = run(&pool, &settings, &stop) {
                tracing::error!("the mail worker stopped: {e:#}");
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_exponentially_up_to_a_ceiling() {
        let mut settings = Settings::load(None).unwrap();
        settings.mail.retry_base_ms = 1000;
        settings.mail.retry_max_ms = 60_000;
        assert_eq!(backoff(&settings, 0), Duration::seconds(1));
        assert_eq!(backoff(&settings, 1), Duration::seconds(2));
        assert_eq!(backoff(&settings, 4), Duration::seconds(16));
        assert_eq!(backoff(&settings, 10), Duration::seconds(60));
        assert_eq!(backoff(&settings, 500), Duration::seconds(60));
    }
}
