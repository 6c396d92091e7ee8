//! PostgreSQL through diesel: the connection pool, database creation, migrations and the event
//! store.

pub mod emails;
pub mod events;
pub mod notifications;
pub mod pool;
pub mod schema;

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

pub use pool::{Conn, Pool};

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
        .map_err(|e| SetupError::Migrate(e.to_string()));
    diesel::sql_query(format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})")).execute(conn)?;
    result
}

/// Creates the database if needed, migrates it and opens a pool.
pub fn connect(url: &str, pool_size: u32) -> Result<Pool, SetupError> {
    ensure_database(url)?;
    let mut conn = PgConnection::establish(url).map_err(|source| SetupError::Connect {
        url: redact_password(url),
        source,
    })?;
    migrate(&mut conn)?;
    Ok(Pool::open(url, pool_size)?)
}
