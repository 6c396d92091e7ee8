//! The delivery worker: makes emails from due notifications, then sends every due email. Several
//! workers may run at once, in any number of processes: each claims the emails it sends for a
//! lease (`mail.lease_seconds`) and sends them outside any transaction, several at a time, so a
//! hanging relay holds no database lock and delays only the emails it hangs on. An email is
//! marked sent only after the server accepted it; a worker that dies mid-send leaves it to be
//! sent again once its lease runs out, with the same Message-ID. Delivery is therefore
//! at-least-once, and a duplicate carries the Message-ID of the first.

use std::sync::{OnceLock, mpsc};
use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use diesel::pg::PgConnection;

use crate::auth::accounts;
use crate::config::Settings;
use crate::mail::compose::notification;
use crate::mail::dkim::Signer;
use crate::mail::return_path;
use crate::mail::transport::{SendError, Transport, build_message};
use crate::stop::StopSignal;
use crate::store::emails::InlinePicture;
use crate::store::emails::{self, Outgoing};
use crate::store::notifications;
use crate::store::secrets;
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
    for player in notifications::players_due(conn, notification::due_before(settings, now))? {
        made += notification::compose_for(conn, settings, player, now)?;
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

/// Records what became of one email.
/// A relay's answer for the server's log, with any address in it left out: the log outlives
/// accounts, and a person who closes theirs leaves no address behind.
fn without_addresses(reason: &str) -> String {
    reason
        .split(' ')
        .map(|word| {
            if word.contains('@') {
                "<address>"
            } else {
                word
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn record(
    conn: &mut PgConnection,
    settings: &Settings,
    email: &Outgoing,
    sent: Result<(), SendError>,
) -> anyhow::Result<Outcome> {
    let attempt = email.attempts + 1;
    let last_chance = attempt >= settings.mail.max_attempts;
    let retry = |conn: &mut PgConnection, reason: &str| -> anyhow::Result<Outcome> {
        if last_chance {
            tracing::warn!(
                "mail {} to player {} given up after {attempt} attempts: {}",
                email.message_id,
                email.player_id,
                without_addresses(reason)
            );
            emails::mark_failed(conn, email.id, reason)?;
            return Ok(Outcome::Failed);
        }
        let wait = backoff(settings, email.attempts).num_milliseconds();
        emails::mark_retry(conn, email.id, wait, reason)?;
        Ok(Outcome::Deferred)
    };
    match sent {
        Ok(()) => {
            emails::mark_sent(conn, email.id)?;
            Ok(Outcome::Sent)
        }
        Err(SendError::Refused(reason)) => {
            tracing::warn!(
                "mail {} to player {} refused for good: {}",
                email.message_id,
                email.player_id,
                without_addresses(&reason)
            );
            emails::mark_failed(conn, email.id, &reason)?;
            accounts::mark_rejected(conn, email.player_id, &reason)?;
            Ok(Outcome::Failed)
        }
        Err(SendError::Rejected(reason)) => {
            tracing::error!(
                "the mail relay refused mail {} for a reason that is not about its recipient; \
                 check the mail settings (mail.from, mail.smtp.*). It will be tried again: {reason}",
                email.message_id
            );
            retry(conn, &reason)
        }
        Err(SendError::Transient(reason)) => retry(conn, &reason),
    }
}

/// What every message a worker sends shares: its sender, its return path's key, its signer.
pub struct Sender {
    pub transport: Transport,
    from: String,
    return_path: String,
    /// The return paths' key, read from the database at the first round that reaches it.
    return_path_key: OnceLock<Vec<u8>>,
    signer: Option<Signer>,
}

impl Sender {
    /// The settings' transport, return path and DKIM key; an unreadable key stops the worker
    /// at start rather than sending mail that receivers would refuse unsigned.
    pub fn new(settings: &Settings) -> anyhow::Result<Sender> {
        let transport = Transport::new(&settings.mail).map_err(anyhow::Error::msg)?;
        let signer = Signer::from_settings(&settings.mail.dkim).map_err(|e| {
            crate::metrics::mail_signing_failed();
            anyhow::Error::msg(e)
        })?;
        Ok(Sender {
            transport,
            from: settings.mail.from.clone(),
            return_path: settings.mail.return_path.trim().to_string(),
            return_path_key: OnceLock::new(),
            signer,
        })
    }

    /// Reads the return paths' key, once.
    fn read_key(&self, conn: &mut PgConnection) -> anyhow::Result<()> {
        if !self.return_path.is_empty() && self.return_path_key.get().is_none() {
            let key = secrets::get_or_make(conn, return_path::SECRET, 32)?;
            let _ = self.return_path_key.set(key);
        }
        Ok(())
    }

    /// Builds, signs and hands one email to the relay.
    fn send(&self, email: &Outgoing, pictures: &[InlinePicture]) -> Result<(), SendError> {
        let return_path = (self.return_path_key.get())
            .map(|key| return_path::format(&self.return_path, key, email.id));
        let mut message = build_message(&self.from, return_path.as_deref(), email, pictures)?;
        if let Some(signer) = &self.signer {
            signer.sign(&mut message).map_err(|e| {
                crate::metrics::mail_signing_failed();
                SendError::Transient(e)
            })?;
        }
        self.transport.send(&message)
    }
}

/// Sends every due email, up to `mail.concurrency` at a time: each is claimed when a sending
/// slot is free and recorded as soon as its send returns.
pub fn send_due(
    conn: &mut PgConnection,
    sender: &Sender,
    settings: &Settings,
) -> anyhow::Result<Round> {
    sender.read_key(conn)?;
    let slots = settings.mail.concurrency.max(1);
    let lease = settings.mail.lease_seconds;
    let mut round = Round::default();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let (done, finished) = mpsc::channel::<(Outgoing, Result<(), SendError>)>();
        let mut in_flight = 0;
        let mut drained = false;
        loop {
            while !drained && in_flight < slots {
                let Some(email) = emails::claim_due(conn, 1, lease)?.pop() else {
                    drained = true;
                    break;
                };
                let pictures = emails::pictures_of(conn, email.id)?;
                let done = done.clone();
                scope.spawn(move || {
                    let sent = sender.send(&email, &pictures);
                    let _ = done.send((email, sent));
                });
                in_flight += 1;
            }
            if in_flight == 0 {
                return Ok(());
            }
            let (email, sent) = finished.recv()?;
            in_flight -= 1;
            match record(conn, settings, &email, sent)? {
                Outcome::Sent => round.sent += 1,
                Outcome::Deferred => round.deferred += 1,
                Outcome::Failed => round.failed += 1,
            }
        }
    })?;
    Ok(round)
}

/// One round: compose what is due, then send what is due, by the database's clock.
pub fn run_once(
    conn: &mut PgConnection,
    sender: &Sender,
    settings: &Settings,
) -> anyhow::Result<Round> {
    let now = crate::store::database_now(conn)?;
    let composed = compose_due(conn, settings, now)?;
    let round = send_due(conn, sender, settings)?;
    Ok(Round { composed, ..round })
}

/// Works until `stop` is given, a round every `mail.poll_ms`. An email being sent when it is
/// given is finished first.
pub fn run(pool: &Pool, settings: &Settings, stop: &StopSignal) -> anyhow::Result<()> {
    let sender = Sender::new(settings)?;
    let pause = StdDuration::from_millis(settings.mail.poll_ms.max(10));
    while !stop.is_stopped() {
        let result = pool
            .get()
            .map_err(anyhow::Error::from)
            .and_then(|mut conn: Conn| run_once(&mut conn, &sender, settings));
        match &result {
            Ok(round) => {
                crate::metrics::mail_round(round.composed, round.sent, round.deferred, round.failed)
            }
            Err(_) => crate::metrics::worker_failed("mail"),
        }
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
    sender.transport.shutdown();
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
    fn a_relays_answer_is_logged_without_the_address_in_it() {
        assert_eq!(
            without_addresses("550 5.1.1 <ann@example.com>: no such user"),
            "550 5.1.1 <address> no such user"
        );
    }

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
