//! Starting the whole service from settings.

use std::net::{SocketAddr, TcpListener};

use anyhow::Context;

use crate::config::Settings;
use crate::mail::Mailer;
use crate::store;
use crate::web::{self, AppState};

/// Binds `settings.server.bind`, then starts as [`start_on`] does.
pub fn start(settings: Settings) -> anyhow::Result<(actix_web::dev::Server, SocketAddr)> {
    let listener = TcpListener::bind(&settings.server.bind)
        .with_context(|| format!("cannot listen on {}", settings.server.bind))?;
    let addr = listener.local_addr()?;
    Ok((start_on(settings, listener)?, addr))
}

/// Connects to (and if needed creates and migrates) the database, then serves on `listener`.
/// Returns the server, ready to await.
pub fn start_on(
    settings: Settings,
    listener: TcpListener,
) -> anyhow::Result<actix_web::dev::Server> {
    let pool = store::connect(&settings.database.url, settings.database.pool_size)?;
    let mailer = Mailer::new(&settings.mail)?;
    let key = web::session_key(&pool)?;
    let state = AppState {
        pool,
        mailer,
        settings,
    };
    Ok(web::server(state, key, listener)?)
}
