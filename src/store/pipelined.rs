//! Two connections per HTTP worker thread, driven by that thread's own event loop: one for the
//! reads the busiest pages make, one for the single-statement write of a move. A request's
//! statements are sent together, and the statements of every request the thread is serving
//! share the connection, pipelined. No transaction is ever opened on them: each statement is a
//! transaction of its own. Writes have a connection of their own because a commit waits for
//! its record to reach the disk, and every statement queued behind it on the same connection
//! would wait as long.
//!
//! Everything else goes through the blocking [`Pool`](super::Pool), which hands each request to
//! another thread and waits there for each answer in turn. For a board page that hand-off and
//! those waits cost more than building the page. Nothing here decides an answer that the pool
//! would give differently: a caller that gets `None` (no connection, or any error) serves the
//! request through the pool, which tests its connections and says honestly when the database
//! is away. A lost connection is dropped and opened again on a later request, and one its server
//! closed while it sat idle (a restart of PostgreSQL) is found before anything is sent on it: a
//! statement that never reached a server is sent on a fresh connection instead, and only one
//! that may have reached it can leave a move's fate unknown.
//!
//! Only for a database reached without TLS (this machine's, by default) and with prepared
//! statements kept: the connection is plain, and it prepares every statement by name, which a
//! pooler in transaction mode does not allow.

use std::cell::RefCell;
use std::rc::Rc;
use std::thread::LocalKey;
use std::time::{Duration, Instant};

use diesel::QueryResult;
use diesel::connection::{Instrumentation, InstrumentationEvent};
use diesel_async::pooled_connection::PoolableConnection;
use diesel_async::{AsyncConnection, AsyncPgConnection};

use crate::config::DatabaseSettings;

/// How long a thread waits before it tries to connect again after failing to.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

/// How long a write may go unanswered before it is reported as perhaps made. The pool's
/// connections wait as long as it takes; a connection every request of a thread shares is given
/// up sooner, but a write may wait its turn for a game's lock, so this is longer than a read's.
const WRITE_PATIENCE: Duration = Duration::from_secs(30);

/// The `application_name` the worker threads' connections show in `pg_stat_activity`, unless
/// the URL names one.
pub const APPLICATION_NAME: &str = "turnpost-pages";

/// Where the worker threads' connections go, if they are used at all.
#[derive(Clone, Debug)]
pub struct Pipelined {
    url: Option<String>,
    /// How long a read may take before the connection is given up as hung.
    patience: Duration,
}

#[derive(Default)]
struct Held {
    /// Where `conn` goes: a thread that served another database would not use it.
    url: String,
    conn: Option<Rc<AsyncPgConnection>>,
    connecting: bool,
    not_before: Option<Instant>,
}

type Slot = LocalKey<RefCell<Held>>;

thread_local! {
    static READS: RefCell<Held> = RefCell::new(Held::default());
    static WRITES: RefCell<Held> = RefCell::new(Held::default());
}

impl Pipelined {
    /// Pipelined reads to the database of `settings`, when it is reached without TLS and keeps
    /// prepared statements, and they are not turned off.
    pub fn new(settings: &DatabaseSettings) -> Pipelined {
        let mut url = super::with_connect_timeout(&settings.url, settings.connect_timeout_seconds);
        let plain = url.contains("sslmode=disable");
        let on = settings.pipelined_reads && settings.prepared_statements && plain;
        if !url.contains("application_name=") {
            let separator = if url.contains('?') { '&' } else { '?' };
            url = format!("{url}{separator}application_name={APPLICATION_NAME}");
        }
        Pipelined {
            url: on.then_some(url),
            patience: Duration::from_millis(settings.checkout_timeout_ms.max(1)),
        }
    }

    /// How many connections each worker thread keeps: one for reads and one for writes, or
    /// none when turned off.
    pub fn connections_per_thread(&self) -> u64 {
        if self.url.is_some() { 2 } else { 0 }
    }

    /// `reads` on this thread's connection, given up after the pool's checkout timeout: `None`
    /// if turned off, there is no connection, or the reads failed (a lost or hung connection is
    /// let go, to be opened anew).
    pub async fn read<T, F>(&self, reads: impl FnOnce(Rc<AsyncPgConnection>) -> F) -> Option<T>
    where
        F: Future<Output = QueryResult<T>>,
    {
        let conn = self.connection(&READS).await?;
        match tokio::time::timeout(self.patience, reads(conn.clone())).await {
            Ok(Ok(read)) => Some(read),
            Ok(Err(error)) if super::is_connection_lost(&error) => {
                tracing::warn!("pipelined reads: connection lost: {error}");
                forget(&READS, &conn);
                None
            }
            Ok(Err(error)) => {
                tracing::warn!("pipelined read failed; answered through the pool: {error}");
                None
            }
            Err(_) => {
                tracing::warn!("pipelined reads: no answer in {:?}", self.patience);
                forget(&READS, &conn);
                None
            }
        }
    }

    /// `write` on this thread's connection: `None` if turned off or there is no connection, and
    /// nothing was sent.
    pub async fn write<T, F>(
        &self,
        write: impl FnOnce(Rc<AsyncPgConnection>) -> F,
    ) -> Option<Written<T>>
    where
        F: Future<Output = QueryResult<T>>,
    {
        let conn = self.connection(&WRITES).await?;
        let written = match tokio::time::timeout(WRITE_PATIENCE, write(conn.clone())).await {
            Ok(Ok(done)) => Written::Done(done),
            Ok(Err(error)) if refused(&error) => Written::Refused(error),
            Ok(Err(error)) => {
                forget(&WRITES, &conn);
                Written::Unknown(error.to_string())
            }
            Err(_) => {
                forget(&WRITES, &conn);
                Written::Unknown(format!("no answer in {WRITE_PATIENCE:?}"))
            }
        };
        Some(written)
    }

    /// This thread's connection in `slot`, opened if need be; `None` when turned off, while
    /// another request on this thread is opening it, or when opening it failed a moment ago.
    async fn connection(&self, slot: &'static Slot) -> Option<Rc<AsyncPgConnection>> {
        let url = self.url.as_deref()?;
        let now = Instant::now();
        let may_open = slot.with_borrow_mut(|held| {
            if held.url != url {
                *held = Held {
                    url: url.to_string(),
                    ..Held::default()
                };
            }
            let_go_if_closed(held);
            if held.conn.is_some() || held.connecting {
                return false;
            }
            if held.not_before.is_some_and(|at| now < at) {
                return false;
            }
            held.connecting = true;
            true
        });
        if !may_open {
            return slot.with_borrow(|held| held.conn.clone());
        }
        // Until this request is done opening it, or gives up (its future may be dropped).
        let _connecting = Connecting(slot);
        // libpq's connect_timeout in the URL bounds only the TCP connection here; a server that
        // accepts and never answers is bounded by this.
        let opened = tokio::time::timeout(self.patience, AsyncPgConnection::establish(url)).await;
        slot.with_borrow_mut(|held| {
            match opened {
                Ok(Ok(mut conn)) => {
                    conn.set_instrumentation(Logged);
                    held.conn = Some(Rc::new(conn));
                    held.not_before = None;
                }
                Ok(Err(error)) => {
                    tracing::warn!("pipelined connection: cannot connect: {error}");
                    held.not_before = Some(Instant::now() + RECONNECT_AFTER);
                }
                Err(_) => {
                    tracing::warn!("pipelined connection: no answer in {:?}", self.patience);
                    held.not_before = Some(Instant::now() + RECONNECT_AFTER);
                }
            }
            held.conn.clone()
        })
    }
}

/// What became of a write sent over a thread's connection.
#[derive(Debug)]
pub enum Written<T> {
    /// The database answered.
    Done(T),
    /// The database refused the statement, so it wrote nothing.
    Refused(diesel::result::Error),
    /// The connection broke or stopped answering: the statement may or may not have been
    /// carried out.
    Unknown(String),
}

/// Whether `error` is the database's refusal of a statement, which rolled it back, rather than
/// a failure of the connection that leaves its fate unknown.
fn refused(error: &diesel::result::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    let answered = matches!(
        error,
        Error::DatabaseError(kind, _)
            if !matches!(kind, DatabaseErrorKind::UnableToSendCommand | DatabaseErrorKind::ClosedConnection)
    );
    answered && !super::is_connection_lost(error)
}

/// Marks this thread's connection in a slot as being opened, until dropped.
struct Connecting(&'static Slot);

impl Drop for Connecting {
    fn drop(&mut self) {
        // At the thread's exit the slot may be gone already, and there is nothing to mark.
        let _ = self.0.try_with(|held| held.borrow_mut().connecting = false);
    }
}

/// Lets the held connection go if its server has closed it. Only a connection no request is
/// using can be looked at; one in use shows its end in that request's answer.
fn let_go_if_closed(held: &mut Held) {
    if let Some(conn) = held.conn.as_mut().and_then(Rc::get_mut)
        && conn.is_broken()
    {
        tracing::info!("pipelined connection: closed by the server; another is opened");
        held.conn = None;
    }
}

/// Lets `conn` go if it is still this thread's connection in `slot`.
fn forget(slot: &'static Slot, conn: &Rc<AsyncPgConnection>) {
    slot.with_borrow_mut(|held| {
        if held
            .conn
            .as_ref()
            .is_some_and(|held| Rc::ptr_eq(held, conn))
        {
            held.conn = None;
        }
    });
}

/// Logs each statement (at trace level, without its text), as the pool's connections do, for
/// the load benchmark to count.
struct Logged;

impl Instrumentation for Logged {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        if let InstrumentationEvent::FinishQuery { error, .. } = event {
            super::manager::log_statement(error);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::refused;
    use diesel::result::{DatabaseErrorKind, Error};

    fn error(kind: DatabaseErrorKind, message: &str) -> Error {
        Error::DatabaseError(kind, Box::new(message.to_string()))
    }

    #[test]
    fn a_statement_the_database_refused_wrote_nothing_and_a_broken_connection_may_have() {
        assert!(refused(&error(
            DatabaseErrorKind::UniqueViolation,
            "duplicate key value violates unique constraint"
        )));
        assert!(refused(&error(
            DatabaseErrorKind::Unknown,
            "canceling statement due to statement timeout"
        )));
        assert!(!refused(&error(
            DatabaseErrorKind::Unknown,
            "terminating connection due to administrator command"
        )));
        assert!(!refused(&error(
            DatabaseErrorKind::UnableToSendCommand,
            "connection closed"
        )));
        assert!(!refused(&error(
            DatabaseErrorKind::ClosedConnection,
            "server closed the connection unexpectedly"
        )));
        assert!(!refused(&Error::NotFound));
    }
}
