//! The connection pool, and closing it so that no thread is still inside libpq when the process
//! exits.
//!
//! r2d2 opens connections on threads of its own, and nothing ever joins them. A thread that is
//! still connecting while the process runs its exit handlers calls into OpenSSL (libpq does even
//! with `sslmode=disable`) just as OpenSSL is torn down, and the process dies with SIGSEGV. So the
//! pool runs on a thread pool that it owns, and [`Pool::close`] waits until every other holder of
//! the pool has let go, drops the connections itself, and only then lets the pool's threads finish.

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use diesel::r2d2::{Pool as R2d2Pool, PoolError, PooledConnection};
use scheduled_thread_pool::{OnPoolDropBehavior, ScheduledThreadPool};

use super::manager::Manager;

/// A connection checked out of the pool.
pub type Conn = PooledConnection<Manager>;

/// How many threads open connections in the background.
const CONNECTING_THREADS: usize = 3;

/// A pool of PostgreSQL connections. Clones share it.
#[derive(Clone)]
pub struct Pool {
    connections: R2d2Pool<Manager>,
    threads: Arc<ScheduledThreadPool>,
    /// One count per clone: closing waits for it to fall to one, its own.
    holders: Arc<()>,
    /// "primary" or "replica", as the metrics name it.
    role: &'static str,
    figures: crate::metrics::PoolFigures,
}

/// How many connections a pool holds now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolState {
    pub in_use: u32,
    pub idle: u32,
}

/// What [`Pool::close`] could not do in the time it was given.
#[derive(Debug, thiserror::Error)]
pub enum CloseError {
    #[error("{0} other holders of the connection pool did not let go in time")]
    StillHeld(usize),
    #[error("the pool's connecting threads did not come to rest in time")]
    Busy,
}

impl Pool {
    /// A pool of at most `size` connections to `url`. Opens them before it returns. Asking for
    /// a connection fails after `checkout_timeout` (the database is down or every connection is
    /// busy); each connection is tested as it is checked out, so a restarted database is used
    /// again as soon as it answers.
    ///
    /// Without `prepared_statements`, statements are sent unnamed with their parameters, as a
    /// connection pooler in transaction mode needs.
    pub fn open(
        url: &str,
        size: u32,
        checkout_timeout: Duration,
        prepared_statements: bool,
    ) -> Result<Pool, PoolError> {
        let (builder, threads) = Self::builder(size, checkout_timeout);
        let connections = builder.build(Manager::new(url, prepared_statements))?;
        Ok(Pool {
            connections,
            threads,
            holders: Arc::new(()),
            role: "primary",
            figures: crate::metrics::pool_figures("primary"),
        })
    }

    /// A pool like [`Pool::open`]'s that opens no connection until one is asked for, so that a
    /// server starts while the database it names (a replica) is down. Its metrics name it the
    /// replica's.
    pub fn open_lazy(
        url: &str,
        size: u32,
        checkout_timeout: Duration,
        prepared_statements: bool,
    ) -> Pool {
        let (builder, threads) = Self::builder(size, checkout_timeout);
        let connections =
            (builder.min_idle(Some(0))).build_unchecked(Manager::new(url, prepared_statements));
        Pool {
            connections,
            threads,
            holders: Arc::new(()),
            role: "replica",
            figures: crate::metrics::pool_figures("replica"),
        }
    }

    fn builder(
        size: u32,
        checkout_timeout: Duration,
    ) -> (diesel::r2d2::Builder<Manager>, Arc<ScheduledThreadPool>) {
        let threads = Arc::new(
            ScheduledThreadPool::builder()
                .num_threads(CONNECTING_THREADS)
                .thread_name_pattern("db-connect-{}")
                .on_drop_behavior(OnPoolDropBehavior::DiscardPendingScheduled)
                .build(),
        );
        let builder = R2d2Pool::builder()
            .max_size(size)
            .connection_timeout(checkout_timeout)
            .test_on_check_out(true)
            .thread_pool(threads.clone());
        (builder, threads)
    }

    /// A connection, waiting for one to be free.
    pub fn get(&self) -> Result<Conn, PoolError> {
        let wait = self.figures.waiting();
        let got = self.connections.get();
        wait.ended(got.is_ok());
        got
    }

    /// "primary" or "replica".
    pub fn role(&self) -> &'static str {
        self.role
    }

    pub fn state(&self) -> PoolState {
        let state = self.connections.state();
        PoolState {
            in_use: state.connections - state.idle_connections,
            idle: state.idle_connections,
        }
    }

    /// Closes the pool: waits up to `patience` for every other clone to be dropped, closes the
    /// connections on this thread, and waits until no background thread is opening one.
    ///
    /// If other clones are still alive when `patience` runs out, the pool's threads are left
    /// parked for good rather than free to open connections while the process exits.
    pub fn close(self, patience: Duration) -> Result<(), CloseError> {
        let deadline = Instant::now() + patience;
        while Arc::strong_count(&self.holders) > 1 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        let others = Arc::strong_count(&self.holders) - 1;
        let parked = Park::all(&self.threads, deadline);
        let Pool {
            connections,
            threads,
            holders,
            ..
        } = self;
        drop(connections);
        drop(holders);
        match (others, parked) {
            (0, Some(park)) => {
                park.release();
                drop(threads);
                Ok(())
            }
            (0, None) => Err(CloseError::Busy),
            // Another holder can still ask for a connection: the threads stay parked (a `Park`
            // that is dropped without `release` never lets them go), so none opens one.
            (others, _) => Err(CloseError::StillHeld(others)),
        }
    }
}

/// Every thread of a thread pool held inside a job of ours, so that none runs anything else.
struct Park {
    state: Arc<(Mutex<ParkState>, Condvar)>,
}

#[derive(Default)]
struct ParkState {
    parked: usize,
    released: bool,
}

impl Park {
    /// Occupies all the pool's threads; `None` if they are not all free by `deadline` (one is
    /// still opening a connection).
    fn all(threads: &ScheduledThreadPool, deadline: Instant) -> Option<Park> {
        let state = Arc::new((Mutex::new(ParkState::default()), Condvar::new()));
        for _ in 0..CONNECTING_THREADS {
            let state = state.clone();
            threads.execute(move || {
                let (lock, signal) = &*state;
                let mut park = lock.lock().unwrap_or_else(|e| e.into_inner());
                park.parked += 1;
                signal.notify_all();
                while !park.released {
                    park = signal.wait(park).unwrap_or_else(|e| e.into_inner());
                }
            });
        }
        let park = Park { state };
        let (lock, signal) = &*park.state;
        let mut state = lock.lock().unwrap_or_else(|e| e.into_inner());
        while state.parked < CONNECTING_THREADS {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                drop(state);
                park.release();
                return None;
            }
            state = signal
                .wait_timeout(state, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        drop(state);
        Some(park)
    }

    fn release(&self) {
        let (lock, signal) = &*self.state;
        lock.lock().unwrap_or_else(|e| e.into_inner()).released = true;
        signal.notify_all();
    }
}
