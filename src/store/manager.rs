//! How the pool opens connections and decides whether one may be lent out again.
//!
//! Every connection is tested with a query as it is checked out, so that a request is never
//! handed a connection whose server went away while it sat in the pool: after PostgreSQL
//! restarts, pages say "nothing was changed" rather than fail half-way. Skipping the test for a
//! connection that answered a moment ago would save a round trip per request, but one cut during
//! an outage would then fail its first request half-way. A connection that loses its server while
//! lent out is dropped when it is given back.

use diesel::connection::{CacheSize, Connection, Instrumentation, InstrumentationEvent};
use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, Error, ManageConnection, R2D2Connection};

/// Opens connections to one database and checks them before they are lent out.
pub struct Manager {
    connections: ConnectionManager<PgConnection>,
    /// Name and keep prepared statements; off behind a pooler in transaction mode.
    named_statements: bool,
}

impl Manager {
    pub fn new(url: &str, named_statements: bool) -> Manager {
        Manager {
            connections: ConnectionManager::new(url),
            named_statements,
        }
    }
}

/// Whether a connection has lost its server; also logs each statement (at trace level, without
/// its text) for the load benchmark to count.
struct Health {
    lost: bool,
}

impl Instrumentation for Health {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        if let InstrumentationEvent::FinishQuery { error, .. } = event {
            log_statement(error);
            if error.is_some_and(super::is_connection_lost) {
                self.lost = true;
            }
        }
    }
}

/// Logs a statement sent (at trace level, without its text), for the load benchmark to count.
pub fn log_statement(error: Option<&diesel::result::Error>) {
    tracing::trace!(target: "turnpost::statements", failed = error.is_some(), "statement");
}

fn health(conn: &mut PgConnection) -> Option<&mut Health> {
    conn.instrumentation().downcast_mut::<Health>()
}

impl ManageConnection for Manager {
    type Connection = PgConnection;
    type Error = Error;

    fn connect(&self) -> Result<PgConnection, Error> {
        let mut conn = self.connections.connect()?;
        if !self.named_statements {
            conn.set_prepared_statement_cache_size(CacheSize::Disabled);
        }
        conn.set_instrumentation(Health { lost: false });
        Ok(conn)
    }

    fn is_valid(&self, conn: &mut PgConnection) -> Result<(), Error> {
        conn.ping().map_err(Error::QueryError)
    }

    fn has_broken(&self, conn: &mut PgConnection) -> bool {
        self.connections.has_broken(conn) || health(conn).is_some_and(|health| health.lost)
    }
}
