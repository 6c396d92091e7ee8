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
    /// The metrics endpoint, when `metrics.bind` is set.
    metrics: Option<actix_web::dev::Server>,
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
        let Running {
            server,
            metrics,
            background,
        } = self;
        let metrics = metrics.map(|metrics| {
            let handle = metrics.handle();
            (actix_web::rt::spawn(metrics), handle)
        });
        let served = server.await;
        if let Some((task, handle)) = metrics {
            handle.stop(false).await;
            let _ = task.await;
        }
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
    crate::game_log::fold::cache::configure(settings.server.game_cache_rows);
    crate::tournaments::kept::configure(settings.server.event_cache_rows);
    // Fail at start-up, not at the first email, when the mail settings are unusable.
    crate::mail::Transport::new(&settings.mail).map_err(anyhow::Error::msg)?;
    crate::mail::dkim::key(&settings.mail.dkim).map_err(anyhow::Error::msg)?;
    let key = web::session_key(&pool)?;
    let reads = store::reads(&settings.database, &pool);
    // Before anything runs beside the server, so that a taken port stops nothing but the start.
    let metrics = (metrics_listener(&settings)?)
        .map(|listener| web::metrics::server(listener, Some(pool.clone()), reads.replica_pool()))
        .transpose()?;
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
    if settings.computers.worker {
        let home = crate::computers::Home::WebServer;
        for thread in crate::computers::spawn(pool.clone(), settings.clone(), home, stop.clone())? {
            threads.push(("computer players", thread));
        }
    }
    let background = Background {
        pool: pool.clone(),
        replica: reads.replica_pool(),
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
        Ok(server) => Ok(Running {
            server,
            metrics,
            background,
        }),
        Err(e) => {
            background.stop();
            Err(e.into())
        }
    }
}

/// The listener for the metrics endpoint, bound now so that a taken port fails the start.
pub fn metrics_listener(settings: &Settings) -> std::io::Result<Option<TcpListener>> {
    match settings.metrics.bind.as_str() {
        "" => Ok(None),
        bind => {
            let listener = TcpListener::bind(bind)?;
            tracing::info!("metrics at http://{}/metrics", listener.local_addr()?);
            Ok(Some(listener))
        }
    }
}

/// The metrics endpoint of a process that has no web server (`turnpost mail-worker`,
/// `turnpost mail-inbound`), on a thread of its own.
pub struct MetricsThread {
    handle: actix_web::dev::ServerHandle,
    thread: JoinHandle<std::io::Result<()>>,
}

impl MetricsThread {
    /// Serves this process's figures, and the queues read through `pool`, if `metrics.bind`
    /// is set.
    pub fn start(settings: &Settings, pool: &Pool) -> anyhow::Result<Option<MetricsThread>> {
        let Some(listener) = metrics_listener(settings)? else {
            return Ok(None);
        };
        let pool = pool.clone();
        let (sender, handle) = std::sync::mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("metrics".into())
            .spawn(move || {
                actix_web::rt::System::new().block_on(async move {
                    let server = web::metrics::server(listener, Some(pool), None)?;
                    let _ = sender.send(server.handle());
                    server.await
                })
            })?;
        let handle = handle
            .recv()
            .map_err(|_| anyhow::anyhow!("the metrics endpoint did not start"))?;
        Ok(Some(MetricsThread { handle, thread }))
    }

    /// Stops the endpoint and waits for its thread, which lets go of the pool.
    pub async fn stop(self) {
        self.handle.stop(false).await;
        let joined = actix_web::rt::task::spawn_blocking(move || self.thread.join()).await;
        if !matches!(joined, Ok(Ok(Ok(())))) {
            tracing::warn!("the metrics endpoint did not stop cleanly");
        }
    }
}
