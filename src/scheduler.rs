//! Time-driven work: reminders for turns running out, withdrawing seats out of time (or telling
//! the others), and calling off tables whose invitations all expired. Due work is found in read
//! models by the database's clock and claimed with `FOR NO KEY UPDATE SKIP LOCKED`, so any number of
//! processes may run the scheduler at once: nothing is done twice, and whatever fell due while
//! every process was down is done by the first round after.

use std::time::Duration as StdDuration;

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Integer, Text};

use crate::clocks::timeout::{self, Expiry};
use crate::config::Settings;
use crate::game_log::error::ServiceError;
use crate::stop::StopSignal;
use crate::store::schema::{games, turn_clocks};
use crate::store::{Pool, database_now, notifications};
use crate::tables::table;

/// What one round did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub reminders: usize,
    pub withdrawn: usize,
    pub taken_over: usize,
    pub told: usize,
    pub called_off: usize,
    pub rated: usize,
    /// Tournament steps: starts, recorded results, new rounds and ends.
    pub event_steps: usize,
    /// Rows past keeping deleted or emptied (see `store::retention`).
    pub forgotten: usize,
}

impl Round {
    /// Each kind of item with how many of it the round did, as the metrics name them.
    pub fn counts(&self) -> [(&'static str, usize); 8] {
        [
            ("reminder", self.reminders),
            ("withdrawn_for_time", self.withdrawn),
            ("taken_over", self.taken_over),
            ("table_told", self.told),
            ("called_off", self.called_off),
            ("rated", self.rated),
            ("tournament_step", self.event_steps),
            ("forgotten", self.forgotten),
        ]
    }
}

/// Most items of each kind one round takes on.
const BATCH: i64 = 100;

#[derive(QueryableByName)]
struct DueReminder {
    #[diesel(sql_type = Text)]
    game_id: String,
    #[diesel(sql_type = Integer)]
    seat: i32,
    #[diesel(sql_type = BigInt)]
    player_id: i64,
    #[diesel(sql_type = BigInt)]
    turn_seq: i64,
    /// A day or less is left (else half the turn's time is gone).
    #[diesel(sql_type = Bool)]
    short: bool,
}

/// Queues a reminder for every running turn that has passed half its time, or has a day left,
/// and has not been reminded of it. When both are due at once only the later one is sent.
pub fn send_reminders(conn: &mut PgConnection, day_seconds: i64) -> QueryResult<usize> {
    conn.transaction(|conn| {
        let due: Vec<DueReminder> = diesel::sql_query(
            // The clocks are found through two indexes, of deadlines and of half times, each
            // read only as far as what is due: not every running clock, however many run.
            "SELECT game_id, seat, player_id, turn_seq,
                    (due_at - make_interval(secs => $1) <= now()) AS short
             FROM turn_clocks
             WHERE (game_id, seat) IN (
                   SELECT game_id, seat FROM turn_clocks
                   WHERE NOT expiry_handled AND reminded < 2
                     AND due_at > now() AND due_at <= now() + make_interval(secs => $1)
                   UNION
                   SELECT game_id, seat FROM turn_clocks
                   WHERE NOT expiry_handled AND reminded < 1
                     AND clock_half(started_at, due_at) <= now())
               AND NOT expiry_handled AND due_at > now() AND (
                   (reminded < 2 AND due_at - make_interval(secs => $1) <= now()
                                 AND due_at - make_interval(secs => $1) > started_at)
                OR (reminded < 1 AND clock_half(started_at, due_at) <= now()))
             ORDER BY due_at
             LIMIT $2
             FOR NO KEY UPDATE SKIP LOCKED",
        )
        .bind::<diesel::sql_types::Double, _>(day_seconds as f64)
        .bind::<BigInt, _>(BATCH)
        .load(conn)?;
        for reminder in &due {
            let (kind, stage) = if reminder.short {
                (notifications::Kind::TimeShort, 2i16)
            } else {
                (notifications::Kind::TimeHalf, 1i16)
            };
            notifications::enqueue(
                conn,
                reminder.player_id,
                kind,
                Some((&reminder.game_id, reminder.turn_seq)),
                serde_json::Value::Null,
            )?;
            diesel::update(turn_clocks::table.find((&reminder.game_id, reminder.seat)))
                .set(turn_clocks::reminded.eq(stage))
                .execute(conn)?;
        }
        Ok(due.len())
    })
}

/// Locks a game's row unless another process (or a move) holds it; `None` then.
fn try_lock(conn: &mut PgConnection, game_id: &str) -> QueryResult<Option<String>> {
    games::table
        .find(game_id)
        .select(games::id)
        .for_no_key_update()
        .skip_locked()
        .first(conn)
        .optional()
}

/// Acts on every game with a seat out of time.
pub fn expire_late_seats(conn: &mut PgConnection, round: &mut Round) -> anyhow::Result<()> {
    for game_id in timeout::games_with_late_seats(conn, BATCH)? {
        let done = conn.transaction(|conn| -> Result<Vec<Expiry>, ServiceError> {
            if try_lock(conn, &game_id)?.is_none() {
                return Ok(Vec::new());
            }
            let now = database_now(conn)?;
            let mut done = Vec::new();
            loop {
                match timeout::expire_locked(conn, &game_id, now)? {
                    Expiry::Nothing => return Ok(done),
                    Expiry::Told => {
                        done.push(Expiry::Told);
                        return Ok(done);
                    }
                    expiry => done.push(expiry),
                }
            }
        });
        match done {
            Ok(done) => {
                round.withdrawn += done.iter().filter(|e| **e == Expiry::Withdrawn).count();
                round.told += done.iter().filter(|e| **e == Expiry::Told).count();
                round.taken_over += done.iter().filter(|e| **e == Expiry::TakenOver).count();
            }
            Err(e) => tracing::error!("scheduler: game {game_id}: {e}"),
        }
    }
    Ok(())
}

/// Calls off every waiting table that can no longer fill: its invitations have all expired, and
/// any open seats have been listed for `open_days`.
pub fn call_off_expired_tables(
    conn: &mut PgConnection,
    open_days: i64,
    round: &mut Round,
) -> anyhow::Result<()> {
    for game_id in table::tables_to_call_off(conn, BATCH, open_days)? {
        let done = conn.transaction(|conn| -> Result<bool, ServiceError> {
            if try_lock(conn, &game_id)?.is_none() {
                return Ok(false);
            }
            table::cancel_if_expired_locked(conn, &game_id, open_days)
        });
        match done {
            Ok(true) => round.called_off += 1,
            Ok(false) => {}
            Err(e) => tracing::error!("scheduler: game {game_id}: {e}"),
        }
    }
    Ok(())
}

/// Takes every event with something due one step on: the event's row is locked for the step,
/// and a step that finds nothing left to do (another server took it first) does nothing.
pub fn advance_events(conn: &mut PgConnection, round: &mut Round) -> anyhow::Result<()> {
    for event_id in crate::tournaments::service::due(conn, BATCH)? {
        match crate::tournaments::service::advance(conn, &event_id) {
            Ok(done) if done != Default::default() => round.event_steps += 1,
            Ok(_) => {}
            Err(e) => tracing::error!("scheduler: event {event_id}: {e}"),
        }
    }
    Ok(())
}

/// One round of everything that is due.
pub fn run_once(conn: &mut PgConnection, settings: &Settings) -> anyhow::Result<Round> {
    let mut round = Round {
        reminders: send_reminders(conn, settings.clock.day_seconds)?,
        ..Round::default()
    };
    expire_late_seats(conn, &mut round)?;
    call_off_expired_tables(conn, settings.auth.invitation_days, &mut round)?;
    round.rated = crate::ratings::rate::rate_finished(conn, BATCH as usize)?;
    advance_events(conn, &mut round)?;
    let session_days = i32::try_from(settings.auth.session_days).unwrap_or(i32::MAX);
    round.forgotten =
        crate::store::retention::forget_old(conn, settings.retention.mail_days, session_days)?
            .total();
    Ok(round)
}

/// Works until `stop` is given, a round every `clock.poll_ms`.
pub fn run(pool: &Pool, settings: &Settings, stop: &StopSignal) {
    let pause = StdDuration::from_millis(settings.clock.poll_ms.max(10));
    while !stop.is_stopped() {
        let began = std::time::Instant::now();
        let result = pool
            .get()
            .map_err(anyhow::Error::from)
            .and_then(|mut conn| run_once(&mut conn, settings));
        match &result {
            Ok(round) => crate::metrics::scheduler_round(began.elapsed(), &round.counts()),
            Err(_) => crate::metrics::worker_failed("scheduler"),
        }
        match result {
            Ok(round) if round != Round::default() => tracing::info!(
                "scheduler: {} reminders, {} withdrawn for time, {} taken over by a computer, {} tables told of a late player, {} tables called off, {} games rated, {} tournament steps, {} rows past keeping forgotten",
                round.reminders,
                round.withdrawn,
                round.taken_over,
                round.told,
                round.called_off,
                round.rated,
                round.event_steps,
                round.forgotten
            ),
            Ok(_) => {}
            Err(e) => tracing::error!("scheduler: {e:#}"),
        }
        stop.wait(pause);
    }
}

/// Starts the scheduler on its own thread; it stops when `stop` is given.
pub fn spawn(
    pool: Pool,
    settings: Settings,
    stop: StopSignal,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("scheduler".into())
        .spawn(move || run(&pool, &settings, &stop))
}
