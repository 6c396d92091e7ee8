//! Starting the whole service from settings, and stopping it cleanly.

use std::net::{SocketAddr, TcpListener};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::Context;

use crate::config::Settings;
use crate::mail::worker;
use crate::stop::StopSignal;
use crate::store::{self, Pool};
use crate::web::{self, AppState};

/// How long closing the pool waits for the server's last requests to let go of it.
const POOL_CLOSE_PATIENCE: Duration = Duration::from_secs(10);

/// A running service: the web server and, unless `mail.worker` is off, the mail worker.
pub struct Running {
    server: actix_web::dev::Server,
    background: Background,
}

/// What runs beside the web server and must be stopped after it.
pub struct Background {
    pool: Pool,
    mail_worker: Option<MailWorker>,
}

struct MailWorker {
    stop: StopSignal,
    thread: JoinHandle<()>,
}

impl Running {
    /// Stops the server (gracefully or not) from anywhere; [`Running::serve`] then returns.
    pub fn handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    /// Serves until the server is stopped — by SIGTERM or SIGINT, which let the requests in
    /// flight finish, or through [`Running::handle`] — then stops the mail worker (after the
    /// email it is sending, if any) and closes the database pool.
    pub async fn serve(self) -> anyhow::Result<()> {
        let Running { server, background } = self;
        let served = server.await;
        background.stop();
        Ok(served?)
    }
}

impl Background {
    /// Stops the mail worker, waits for its thread, and closes the pool.
    pub fn stop(self) {
        if let Some(worker) = self.mail_worker {
            worker.stop.stop();
            if worker.thread.join().is_err() {
                tracing::error!("the mail worker panicked");
            }
        }
        if let Err(e) = self.pool.close(POOL_CLOSE_PATIENCE) {
            tracing::warn!("closing the database pool: {e}");
        }
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
/// `mail.worker` is off, and serves on `listener`. Call it inside an actix system.
pub fn start_on(settings: Settings, listener: TcpListener) -> anyhow::Result<Running> {
    let pool = store::connect(&settings.database)?;
    // Fail at start-up, not at the first email, when the mail settings are unusable.
    crate::mail::Transport::new(&settings.mail).map_err(anyhow::Error::msg)?;
    let key = web::session_key(&pool)?;
    let mail_worker = if settings.mail.worker {
        let stop = StopSignal::new();
        let thread = worker::spawn(pool.clone(), settings.clone(), stop.clone())?;
        Some(MailWorker { stop, thread })
    } else {
        None
    };
    let background = Background {
        pool: pool.clone(),
        mail_worker,
    };
    let state = AppState { pool, settings };
    match web::server(state, key, listener) {
        Ok(server) => Ok(Running { server, background }),
        Err(e) => {
            background.stop();
            Err(e.into())
        }
    }
}
