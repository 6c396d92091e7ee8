//! PostgreSQL through diesel: the connection pool, database creation, migrations and the event
//! store.

pub mod emails;
pub mod erasure;
pub mod events;
pub mod inbound;
pub mod limits;
pub mod log_json;
pub mod manager;
pub mod notifications;
pub mod pipelined;
pub mod pool;
pub mod replica;
pub mod retention;
pub mod schema;
pub mod secrets;
pub mod upgrade;

use diesel::migration::MigrationSource;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use std::time::Duration;

use crate::config::DatabaseSettings;

pub use pool::{Conn, Pool};

diesel::define_sql_function! {
    /// The database's `now()`: when the transaction began. A query that uses it rather than
    /// SQL text is prepared once per connection, not parsed and planned every time.
    fn transaction_timestamp() -> diesel::sql_types::Timestamptz;
}

/// The database's clock: every due time is reckoned by it, never by this machine's.
pub fn database_now(conn: &mut PgConnection) -> QueryResult<chrono::DateTime<chrono::Utc>> {
    diesel::select(transaction_timestamp()).get_result(conn)
}

pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// Serializes concurrent migration runs (several servers starting at once).
const MIGRATION_LOCK: i64 = 0x7475_726e_706f_7374;

#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("the database URL {0:?} is not valid: {1}")]
    BadUrl(String, String),
    #[error("cannot connect to PostgreSQL at {url}: {source}")]
    Connect {
        url: String,
        source: diesel::ConnectionError,
    },
    #[error("database error: {0}")]
    Query(#[from] diesel::result::Error),
    #[error("migrations failed: {0}")]
    Migrate(String),
    #[error("connection pool: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
}

/// Creates the database named in `url` if it does not exist yet, connecting to the server's
/// `postgres` database to do so.
pub fn ensure_database(url: &str) -> Result<(), SetupError> {
    if PgConnection::establish(url).is_ok() {
        return Ok(());
    }
    let mut parsed =
        url::Url::parse(url).map_err(|e| SetupError::BadUrl(url.into(), e.to_string()))?;
    let name = parsed.path().trim_start_matches('/').to_string();
    if name.is_empty() {
        return Err(SetupError::BadUrl(
            url.into(),
            "it names no database".into(),
        ));
    }
    parsed.set_path("/postgres");
    let admin_url = parsed.to_string();
    let mut admin = PgConnection::establish(&admin_url).map_err(|source| SetupError::Connect {
        url: redact_password(&admin_url),
        source,
    })?;
    let create = format!("CREATE DATABASE {}", quote_identifier(&name));
    match diesel::sql_query(create).execute(&mut admin) {
        Ok(_) => Ok(()),
        // Another process created it in the meantime.
        Err(diesel::result::Error::DatabaseError(_, info))
            if info.message().contains("already exists") =>
        {
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

pub fn quote_identifier(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// The URL with any password replaced, for messages and logs.
pub fn redact_password(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        _ => url.to_string(),
    }
}

/// Applies every migration not yet applied.
pub fn migrate(conn: &mut PgConnection) -> Result<(), SetupError> {
    diesel::sql_query(format!("SELECT pg_advisory_lock({MIGRATION_LOCK})")).execute(conn)?;
    let result = conn
        .run_pending_migrations(MIGRATIONS)
        .map(|_| ())
        .map_err(|e| SetupError::Migrate(e.to_string()))
        .and_then(|()| Ok(upgrade::run(conn).map(|_| ())?))
        .and_then(|()| Ok(upgrade::fill_name_skeletons(conn).map(|_| ())?));
    diesel::sql_query(format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})")).execute(conn)?;
    result
}

fn establish(url: &str) -> Result<PgConnection, SetupError> {
    PgConnection::establish(url).map_err(|source| SetupError::Connect {
        url: redact_password(url),
        source,
    })
}

/// Creates the database if needed and applies pending migrations, as the schema's owner.
pub fn set_up(admin_url: &str) -> Result<(), SetupError> {
    ensure_database(admin_url)?;
    migrate(&mut establish(admin_url)?)
}

/// Refuses to serve a schema older than this build: without an owner's URL the server cannot
/// migrate, so `turnpost migrate` must have run.
fn check_migrated(conn: &mut PgConnection) -> Result<(), SetupError> {
    #[derive(QueryableByName)]
    struct Applied {
        #[diesel(sql_type = diesel::sql_types::Text)]
        version: String,
    }
    // Read directly: diesel's harness would first try to create its table, which this role may
    // not do.
    let applied: Vec<String> =
        diesel::sql_query("SELECT version::text AS version FROM __diesel_schema_migrations")
            .load::<Applied>(conn)
            .map_err(|e| {
                SetupError::Migrate(format!(
                    "the database has not been migrated ({e}); run `turnpost migrate` first"
                ))
            })?
            .into_iter()
            .map(|a| a.version)
            .collect();
    let pending = MigrationSource::<diesel::pg::Pg>::migrations(&MIGRATIONS)
        .map_err(|e| SetupError::Migrate(e.to_string()))?
        .iter()
        .filter(|m| !applied.contains(&m.name().version().to_string()))
        .count();
    if pending > 0 {
        return Err(SetupError::Migrate(format!(
            "{pending} migration(s) have not been applied; run `turnpost migrate` first"
        )));
    }
    Ok(())
}

/// `url` with libpq's connect_timeout set (unless it sets one, or `seconds` is 0), so that an
/// unreachable database is reported quickly instead of after the operating system's TCP timeout.
///
/// A database on this machine (`localhost`, a loopback address or a Unix socket) is reached
/// without TLS unless the URL asks for it: encryption there protects nothing and costs every
/// round trip. A remote database keeps libpq's default, or the URL's `sslmode`.
pub fn with_connect_timeout(url: &str, seconds: u64) -> String {
    let mut parameters = Vec::new();
    if !url.contains("connect_timeout=") && seconds > 0 {
        parameters.push(format!("connect_timeout={seconds}"));
    }
    if !url.contains("sslmode=") && is_local(url) {
        parameters.push("sslmode=disable".to_string());
    }
    if parameters.is_empty() {
        return url.to_string();
    }
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}{}", parameters.join("&"))
}

/// Whether a libpq URL names a server on this machine.
fn is_local(url: &str) -> bool {
    let Ok(parsed) = url::Url::parse(url) else {
        return false;
    };
    let hosts: Vec<String> = (parsed.query_pairs())
        .filter(|(key, _)| key == "host")
        .flat_map(|(_, value)| value.split(',').map(str::to_string).collect::<Vec<_>>())
        .collect();
    // A `host` parameter overrides the URL's host: every host it lists must be on this machine.
    if !hosts.is_empty() {
        return (hosts.iter()).all(|h| {
            h.starts_with('/') || matches!(h.as_str(), "localhost" | "127.0.0.1" | "::1")
        });
    }
    match parsed.host_str() {
        None | Some("") => true,
        Some(host) => matches!(host, "localhost" | "127.0.0.1" | "[::1]"),
    }
}

/// Sets the database up (when an owner's URL is configured, else checks that it is migrated)
/// and opens the pool the server and mail workers use.
pub fn connect(settings: &DatabaseSettings) -> Result<Pool, SetupError> {
    let url = with_connect_timeout(&settings.url, settings.connect_timeout_seconds);
    if settings.admin_url.is_empty() {
        check_migrated(&mut establish(&url)?)?;
    } else {
        set_up(&with_connect_timeout(
            &settings.admin_url,
            settings.connect_timeout_seconds,
        ))?;
    }
    Ok(Pool::open(
        &url,
        settings.pool_size,
        Duration::from_millis(settings.checkout_timeout_ms.max(1)),
        settings.prepared_statements,
    )?)
}

/// The reads a replica may answer: from `database.replica_url` when it is set (connected to
/// only when first asked, so that the server starts while the replica is down), else from
/// `primary`.
pub fn reads(settings: &DatabaseSettings, primary: &Pool) -> replica::Reads {
    if settings.replica_url.is_empty() {
        return replica::Reads::primary_only(primary.clone());
    }
    let wait = Duration::from_millis(settings.replica_wait_ms);
    let replica = Pool::open_lazy(
        &with_connect_timeout(&settings.replica_url, settings.connect_timeout_seconds),
        settings.pool_size,
        wait.max(Duration::from_millis(100)),
        settings.prepared_statements,
    );
    replica::Reads::with_replica(primary.clone(), replica, wait)
}

/// Whether a database error means the connection to PostgreSQL failed (rather than the query).
pub fn is_connection_lost(error: &diesel::result::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    match error {
        Error::DatabaseError(DatabaseErrorKind::ClosedConnection, _)
        | Error::DatabaseError(DatabaseErrorKind::UnableToSendCommand, _)
        | Error::BrokenTransactionManager => true,
        Error::DatabaseError(_, info) => {
            let message = info.message();
            message.contains("server closed the connection")
                || message.contains("terminating connection")
                || message.contains("no connection to the server")
                || message.contains("could not receive data from server")
        }
        _ => false,
    }
}

/// Whether PostgreSQL refused a transaction because another one wanted the same rows at that
/// moment (a serialization failure or a deadlock): it was rolled back, and trying again may work.
pub fn is_conflict(error: &diesel::result::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    match error {
        Error::DatabaseError(DatabaseErrorKind::SerializationFailure, _) => true,
        Error::DatabaseError(_, info) => info.message().contains("deadlock detected"),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{is_conflict, with_connect_timeout};
    use diesel::result::{DatabaseErrorKind, Error};

    #[test]
    fn deadlocks_and_serialization_failures_are_conflicts_and_other_errors_are_not() {
        let error = |kind, message: &str| Error::DatabaseError(kind, Box::new(message.to_string()));
        assert!(is_conflict(&error(
            DatabaseErrorKind::Unknown,
            "deadlock detected"
        )));
        assert!(is_conflict(&error(
            DatabaseErrorKind::SerializationFailure,
            "could not serialize access due to concurrent update"
        )));
        assert!(!is_conflict(&error(
            DatabaseErrorKind::UniqueViolation,
            "duplicate key value violates unique constraint"
        )));
        assert!(!is_conflict(&Error::NotFound));
    }

    #[test]
    fn a_local_database_is_reached_without_tls_and_a_remote_one_keeps_it() {
        assert_eq!(
            with_connect_timeout("postgres://app@localhost/db", 1),
            "postgres://app@localhost/db?connect_timeout=1&sslmode=disable"
        );
        assert_eq!(
            with_connect_timeout("postgres://app@127.0.0.1:5433/db?application_name=t", 0),
            "postgres://app@127.0.0.1:5433/db?application_name=t&sslmode=disable"
        );
        assert_eq!(
            with_connect_timeout("postgres:///db?host=/var/run/postgresql", 0),
            "postgres:///db?host=/var/run/postgresql&sslmode=disable"
        );
        assert_eq!(
            with_connect_timeout("postgres://app@db.example/db", 2),
            "postgres://app@db.example/db?connect_timeout=2"
        );
        assert_eq!(
            with_connect_timeout("postgres://app@localhost/db?sslmode=require", 0),
            "postgres://app@localhost/db?sslmode=require"
        );
        // Several hosts, as for failover: plain only when every one is on this machine.
        let both_local = "postgres://app@localhost/db?host=127.0.0.1,localhost&port=5451,5452";
        assert_eq!(
            with_connect_timeout(both_local, 0),
            format!("{both_local}&sslmode=disable")
        );
        let one_remote = "postgres://app@localhost/db?host=127.0.0.1,db.example&port=5451,5432";
        assert_eq!(with_connect_timeout(one_remote, 0), one_remote);
    }
}
