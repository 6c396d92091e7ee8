//! Starting the whole service from settings, and stopping it cleanly.

use std::net::{SocketAddr, TcpListener};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::Context;

use crate::config::Settings;
use crate::mail::worker;
use crate::scheduler;
use crate::stop::StopSignal;
use crate::store::pipelined::Pipelined;
use crate::store::{self, Pool};
use crate::web::{self, AppState};

/// How long closing the pool waits for the server's last requests to let go of it.
const POOL_CLOSE_PATIENCE: Duration = Duration::from_secs(10);

/// A running service: the web server and, unless turned off, the mail worker and the scheduler.
pub struct Running {
    server: actix_web::dev::Server,
    background: Background,
}

/// What runs beside the web server and must be stopped after it.
pub struct Background {
    pool: Pool,
    replica: Option<Pool>,
    stop: StopSignal,
    threads: Vec<(&'static str, JoinHandle<()>)>,
}

impl Running {
    /// Stops the server (gracefully or not) from anywhere; [`Running::serve`] then returns.
    pub fn handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    /// Serves until the server is stopped — by SIGTERM or SIGINT, which let the requests in
    /// flight finish, or through [`Running::handle`] — then stops the mail worker (after the
    /// email it is sending, if any) and the scheduler, and closes the database pool.
    pub async fn serve(self) -> anyhow::Result<()> {
        let Running { server, background } = self;
        let served = server.await;
        background.stop();
        Ok(served?)
    }
}

impl Background {
    /// Stops the mail worker and the scheduler, waits for their threads, and closes the pool.
    pub fn stop(self) {
        self.stop.stop();
        for (name, thread) in self.threads {
            if thread.join().is_err() {
                tracing::error!("the {name} panicked");
            }
        }
        if let Some(Err(e)) = self.replica.map(|r| r.close(POOL_CLOSE_PATIENCE)) {
            tracing::warn!("closing the replica's connection pool: {e}");
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

/// Connects to (and if needed creates and migrates) the database, starts the mail worker and
/// the scheduler unless `mail.worker` or `clock.scheduler` is off, and serves on `listener`. Call it inside an actix system.
pub fn start_on(settings: Settings, listener: TcpListener) -> anyhow::Result<Running> {
    let pool = store::connect(&settings.database)?;
    crate::games::cache::configure(settings.server.game_cache_rows);
    // Fail at start-up, not at the first email, when the mail settings are unusable.
    crate::mail::Transport::new(&settings.mail).map_err(anyhow::Error::msg)?;
    let key = web::session_key(&pool)?;
    let stop = StopSignal::new();
    let mut threads = Vec::new();
    if settings.mail.worker {
        let thread = worker::spawn(pool.clone(), settings.clone(), stop.clone())?;
        threads.push(("mail worker", thread));
    }
    if settings.clock.scheduler {
        let thread = scheduler::spawn(pool.clone(), settings.clone(), stop.clone())?;
        threads.push(("scheduler", thread));
    }
    if settings.computers.run {
        let thread = crate::computers::spawn(pool.clone(), settings.clone(), stop.clone())?;
        threads.push(("computer players", thread));
    }
    let reads = store::reads(&settings.database, &pool);
    let background = Background {
        pool: pool.clone(),
        replica: reads.clone().into_replica(),
        stop,
        threads,
    };
    let state = AppState {
        reads,
        pool,
        pipelined: Pipelined::new(&settings.database),
        settings,
    };
    match web::server(state, key, listener) {
        Ok(server) => Ok(Running { server, background }),
        Err(e) => {
            background.stop();
            Err(e.into())
        }
    }
}
