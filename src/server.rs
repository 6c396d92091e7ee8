//! Starting the whole service from settings.

use std::net::{SocketAddr, TcpListener};

use anyhow::Context;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::config::Settings;
use crate::mail::worker;
use crate::store;
use crate::web::{self, AppState};

/// A running service: the web server (await it) and, unless `mail.worker` is off, the mail
/// worker, which stops when this is dropped.
pub struct Running {
    pub server: actix_web::dev::Server,
    pub worker: Option<WorkerHandle>,
}

/// Stops its mail worker when dropped.
pub struct WorkerHandle {
    stop: Arc<AtomicBool>,
}

impl Drop for WorkerHandle {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Binds `settings.server.bind`, then starts as [`start_on`] does.
pub fn start(settings: Settings) -> anyhow::Result<(Running, SocketAddr)> {
    let listener = TcpListener::bind(&settings.server.bind)
        .with_context(|| format!("cannot listen on {}", settings.server.bind))?;
    let addr = listener.local_addr()?;
    Ok((start_on(settings, listener)?, addr))
}

/// Connects to (and if needed creates and migrates) the database, starts the mail worker unless
/// `mail.worker` is off, and serves on `listener`.
pub fn start_on(settings: Settings, listener: TcpListener) -> anyhow::Result<Running> {
    let pool = store::connect(&settings.database.url, settings.database.pool_size)?;
    // Fail at start-up, not at the first email, when the mail settings are unusable.
    crate::mail::Transport::new(&settings.mail).map_err(anyhow::Error::msg)?;
    let key = web::session_key(&pool)?;
    let worker = settings.mail.worker.then(|| {
        let stop = Arc::new(AtomicBool::new(false));
        worker::spawn(pool.clone(), settings.clone(), stop.clone());
        WorkerHandle { stop }
    });
    let state = AppState { pool, settings };
    let server = web::server(state, key, listener)?;
    Ok(Running { server, worker })
}
