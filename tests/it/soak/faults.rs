//! The faults: a schedule drawn from the seed (every kind at least once, in an order and at
//! times of the seed's choosing), each fault injected, ended, and timed until the site does
//! the work the fault stopped.

use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::db;
use super::site::{Role, Site};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fault {
    /// SIGKILL, then started again after the fault's pause.
    Kill(Role),
    /// `pg_ctl restart -m fast`: connections ended, a clean shutdown.
    DatabaseFast,
    /// `pg_ctl restart -m immediate`: as a crash; the server replays its WAL.
    DatabaseImmediate,
    /// The relay answers every message 451 for the pause.
    RelayTemporary,
    /// The relay answers every message 554 (not about a recipient) for the pause.
    RelayPermanent,
    /// The relay reads every message and never answers, for the pause.
    RelayHang,
}

impl Fault {
    pub const KINDS: [Fault; 10] = [
        Fault::Kill(Role::Web(0)),
        Fault::Kill(Role::Web(1)),
        Fault::Kill(Role::Computers),
        Fault::Kill(Role::MailWorker),
        Fault::Kill(Role::MailInbound),
        Fault::DatabaseFast,
        Fault::DatabaseImmediate,
        Fault::RelayTemporary,
        Fault::RelayPermanent,
        Fault::RelayHang,
    ];

    pub fn name(self) -> String {
        match self {
            Fault::Kill(role) => format!("SIGKILL {}", role.name()),
            Fault::DatabaseFast => "PostgreSQL restarted (fast)".into(),
            Fault::DatabaseImmediate => "PostgreSQL restarted (immediate)".into(),
            Fault::RelayTemporary => "relay answers 451 4.3.2".into(),
            Fault::RelayPermanent => "relay answers 554 5.3.0".into(),
            Fault::RelayHang => "relay hangs".into(),
        }
    }

    /// What "recovered" means for this fault.
    pub fn recovered_when(self) -> &'static str {
        match self {
            Fault::Kill(Role::Web(_)) => "the server answers /readyz (a query of the database)",
            Fault::Kill(Role::MailInbound) => "the listener greets",
            Fault::Kill(Role::Computers) => "a computer moves, or none is to move",
            Fault::Kill(Role::MailWorker)
            | Fault::RelayTemporary
            | Fault::RelayPermanent
            | Fault::RelayHang => "an email is sent, or none is due",
            Fault::DatabaseFast | Fault::DatabaseImmediate => "both servers answer /readyz",
        }
    }
}

/// One fault of the schedule: `calm` after the previous one recovered, it lasts `pause`.
#[derive(Clone, Debug)]
pub struct Planned {
    pub calm: Duration,
    pub fault: Fault,
    pub pause: Duration,
}

/// The seed's schedule: every kind once in the seed's order, then kinds at random, without
/// end; the run takes faults from it while its fault window lasts.
pub fn schedule(seed: u64) -> impl Iterator<Item = Planned> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_fa17);
    let mut kinds = Fault::KINDS.to_vec();
    kinds.shuffle(&mut rng);
    (0..).map(move |index| {
        let fault = match kinds.get(index) {
            Some(&fault) => fault,
            None => Fault::KINDS[rng.random_range(0..Fault::KINDS.len())],
        };
        let calm = Duration::from_millis(rng.random_range(1_000..4_000));
        let pause = Duration::from_millis(rng.random_range(300..3_000));
        Planned { calm, fault, pause }
    })
}

/// A fault as it happened.
#[derive(Clone, Debug)]
pub struct Injected {
    pub fault: Fault,
    /// From the start of the fault window.
    pub at: Duration,
    /// How long the fault itself lasted (the pause, or the restart).
    pub lasted: Duration,
    /// From the fault's end until the site did its work again; `None`: not within a minute.
    pub recovery: Option<Duration>,
}

/// Injects `planned` into `site`, ends it, and times the recovery.
pub async fn inject(site: &Site, planned: &Planned, started: Instant) -> Injected {
    let at = started.elapsed();
    let begun = Instant::now();
    match planned.fault {
        Fault::Kill(role) => {
            site.kill(role);
            tokio::time::sleep(planned.pause).await;
            site.spawn(role);
        }
        Fault::DatabaseFast | Fault::DatabaseImmediate => {
            let mode = match planned.fault {
                Fault::DatabaseFast => "fast",
                _ => "immediate",
            };
            // The cluster's handle is not shared with a blocking thread: the restart is short.
            tokio::task::block_in_place(|| site.cluster.restart_in(mode));
        }
        Fault::RelayTemporary | Fault::RelayPermanent | Fault::RelayHang => {
            let relay = &site.app.smtp;
            match planned.fault {
                Fault::RelayTemporary => relay.answer("MAIL", "451 4.3.2 Try again later"),
                Fault::RelayPermanent => relay.answer("MAIL", "554 5.3.0 Relay out of order"),
                _ => relay.hold(true),
            }
            tokio::time::sleep(planned.pause).await;
            relay.answer_normally();
            relay.hold(false);
        }
    }
    let lasted = begun.elapsed();
    let ended = Instant::now();
    let recovery = recovered(site, planned.fault, ended)
        .await
        .then(|| ended.elapsed());
    Injected {
        fault: planned.fault,
        at,
        lasted,
        recovery,
    }
}

/// Waits (up to a minute) until the site does again what `fault` stopped.
async fn recovered(site: &Site, fault: Fault, since: Instant) -> bool {
    let patience = Duration::from_secs(60);
    let deadline = Instant::now() + patience;
    let url = site.app.db.url.clone();
    let since_sql = format!(
        "now() - interval '{} milliseconds'",
        since.elapsed().as_millis()
    );
    loop {
        let done = match fault {
            Fault::Kill(role @ (Role::Web(_) | Role::MailInbound)) => site.is_up(role).await,
            Fault::DatabaseFast | Fault::DatabaseImmediate => {
                site.is_up(Role::Web(0)).await && site.is_up(Role::Web(1)).await
            }
            Fault::Kill(Role::Computers) => {
                let sql = format!(
                    "SELECT (SELECT count(*) FROM game_events WHERE actor < 0 \
                       AND recorded_at > {since_sql}) \
                     + (SELECT CASE WHEN EXISTS ({}) THEN 0 ELSE 1 END) AS n",
                    computer_to_move()
                );
                db::number_async(&url, &sql).await > 0
            }
            Fault::Kill(Role::MailWorker)
            | Fault::RelayTemporary
            | Fault::RelayPermanent
            | Fault::RelayHang => {
                let sql = format!(
                    "SELECT (SELECT count(*) FROM emails WHERE sent_at > {since_sql}) \
                     + (SELECT CASE WHEN EXISTS (SELECT 1 FROM emails WHERE sent_at IS NULL \
                        AND failed_at IS NULL AND next_attempt_at <= now()) THEN 0 ELSE 1 END) AS n"
                );
                db::number_async(&url, &sql).await > 0
            }
        };
        if done {
            return true;
        }
        if Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A query for the running games where a computer is to act.
pub fn computer_to_move() -> &'static str {
    "SELECT gp.game_id FROM game_players gp JOIN games g ON g.id = gp.game_id \
     WHERE gp.to_act AND gp.player_id < 0 AND g.phase = 'active'"
}
