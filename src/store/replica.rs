//! Reads a streaming replica may answer: pages of what has already happened (game histories,
//! exports, player pages, leaderboards, the open tables). A replica is the primary as it was a
//! moment ago, whole and consistent. A page that must show at least a given row of a game's
//! log names it, and the replica answers it only once it has replayed that row, so nobody who
//! has just moved reads a page without their move. A replica that is down, unreachable or
//! behind is passed over for the primary without an error.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::r2d2::PoolError;

use super::pool::{Conn, Pool};
use super::schema::games;

/// How much of the primary's history a read must see.
#[derive(Clone, Copy, Debug)]
pub enum Need<'a> {
    /// Any consistent state, however far behind.
    Any,
    /// A game's log up to at least row `seq`.
    Game { id: &'a str, seq: i64 },
}

/// Which database answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Primary,
    Replica,
}

/// A replica that failed to answer is passed over for this long, so that one that is down
/// costs a failed attempt now and then rather than one per request.
const REST: Duration = Duration::from_secs(5);
/// How often a read waiting for the replica to catch up looks again.
const POLL: Duration = Duration::from_millis(10);

/// Connections for reads: the replica's where one is configured and can answer, the primary's
/// otherwise.
#[derive(Clone)]
pub struct Reads {
    primary: Pool,
    replica: Option<Replica>,
}

#[derive(Clone)]
struct Replica {
    pool: Pool,
    /// How long a read waits for the replica to replay what it needs before it goes to the
    /// primary.
    wait: Duration,
    epoch: Instant,
    /// Until when (milliseconds after `epoch`) the replica is passed over.
    resting_until: Arc<AtomicU64>,
}

impl Reads {
    /// Reads from `primary` alone.
    pub fn primary_only(primary: Pool) -> Reads {
        Reads {
            primary,
            replica: None,
        }
    }

    /// Reads from `replica` where they may, waiting at most `wait` for it to catch up.
    pub fn with_replica(primary: Pool, replica: Pool, wait: Duration) -> Reads {
        Reads {
            primary,
            replica: Some(Replica {
                pool: replica,
                wait,
                epoch: Instant::now(),
                resting_until: Arc::new(AtomicU64::new(0)),
            }),
        }
    }

    /// The replica's pool, if there is one: for its metrics, and to close when the server stops.
    pub fn replica_pool(&self) -> Option<Pool> {
        self.replica.as_ref().map(|replica| replica.pool.clone())
    }

    /// A connection that sees at least what `need` asks for, and where it comes from.
    pub fn get(&self, need: Need<'_>) -> Result<(Conn, Source), PoolError> {
        if let Some(replica) = &self.replica {
            let caught_up = replica.caught_up(need);
            crate::metrics::replica_read(caught_up.is_some());
            if let Some(conn) = caught_up {
                return Ok((conn, Source::Replica));
            }
        }
        Ok((self.primary.get()?, Source::Primary))
    }
}

impl Replica {
    fn now_ms(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    fn resting(&self) -> bool {
        self.now_ms() < self.resting_until.load(Ordering::Relaxed)
    }

    fn rest(&self, why: &dyn std::fmt::Display) {
        tracing::warn!("reading from the primary for a while: the replica failed: {why}");
        let until = self.now_ms() + REST.as_millis() as u64;
        self.resting_until.store(until, Ordering::Relaxed);
    }

    /// A replica connection that has replayed what `need` asks for, if one comes in time.
    fn caught_up(&self, need: Need<'_>) -> Option<Conn> {
        if self.resting() {
            return None;
        }
        let mut conn = match self.pool.get() {
            Ok(conn) => conn,
            Err(e) => {
                self.rest(&e);
                return None;
            }
        };
        let deadline = Instant::now() + self.wait;
        loop {
            match replayed(&mut conn, need) {
                Ok(true) => return Some(conn),
                Ok(false) if Instant::now() < deadline => std::thread::sleep(POLL),
                Ok(false) => return None,
                Err(e) => {
                    self.rest(&e);
                    return None;
                }
            }
        }
    }
}

/// Whether `conn` sees what `need` asks for.
fn replayed(conn: &mut PgConnection, need: Need<'_>) -> QueryResult<bool> {
    match need {
        Need::Any => Ok(true),
        Need::Game { id, seq } => {
            let last: Option<i64> = games::table
                .find(id)
                .select(games::last_seq)
                .first(conn)
                .optional()?;
            Ok(last.is_some_and(|last| last >= seq))
        }
    }
}
