//! A TCP proxy in front of the real PostgreSQL, so that a test can take "the database" away from
//! one server — refusing connections as a stopped PostgreSQL does, or accepting and never
//! answering as a partitioned network does — and bring it back, without touching the database
//! other tests use.

use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const UP: u8 = 0;
const REFUSING: u8 = 1;
const HANGING: u8 = 2;

#[derive(Default)]
struct Shared {
    mode: AtomicU8,
    /// Both ends of every connection passed through, to cut when the database goes away.
    live: Mutex<Vec<TcpStream>>,
    /// Connections accepted while hanging: held open, never answered.
    held: Mutex<Vec<TcpStream>>,
}

pub struct DbProxy {
    pub addr: SocketAddr,
    shared: Arc<Shared>,
    running: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl DbProxy {
    /// Forwards to `upstream` (host:port of PostgreSQL).
    pub fn start(upstream: SocketAddr) -> DbProxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let addr = listener.local_addr().unwrap();
        let shared = Arc::<Shared>::default();
        let running = Arc::new(AtomicBool::new(true));
        let (state, run) = (shared.clone(), running.clone());
        let thread = std::thread::spawn(move || {
            while run.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok((client, _)) => {
                        client.set_nonblocking(false).unwrap();
                        accept(client, upstream, &state);
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(2)),
                }
            }
        });
        DbProxy {
            addr,
            shared,
            running,
            thread: Some(thread),
        }
    }

    /// `url` (a PostgreSQL URL) rewritten to go through this proxy.
    pub fn url_for(&self, url: &str) -> String {
        let mut url = url::Url::parse(url).unwrap();
        url.set_host(Some("127.0.0.1")).unwrap();
        url.set_port(Some(self.addr.port())).unwrap();
        url.to_string()
    }

    /// PostgreSQL stops: open connections are cut and new ones refused.
    pub fn refuse(&self) {
        self.shared.mode.store(REFUSING, Ordering::SeqCst);
        self.cut();
    }

    /// The network hangs: open connections are cut and new ones are never answered.
    pub fn hang(&self) {
        self.shared.mode.store(HANGING, Ordering::SeqCst);
        self.cut();
    }

    /// PostgreSQL is back.
    pub fn restore(&self) {
        self.shared.mode.store(UP, Ordering::SeqCst);
        for stream in self.shared.held.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    fn cut(&self) {
        for stream in self.shared.live.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
}

impl Drop for DbProxy {
    fn drop(&mut self) {
        self.running.store(false, Ordering::Relaxed);
        self.cut();
        self.restore();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn accept(client: TcpStream, upstream: SocketAddr, shared: &Arc<Shared>) {
    match shared.mode.load(Ordering::SeqCst) {
        REFUSING => drop(client),
        HANGING => shared.held.lock().unwrap().push(client),
        _ => {
            let Ok(server) = TcpStream::connect(upstream) else {
                return;
            };
            {
                let mut live = shared.live.lock().unwrap();
                live.push(client.try_clone().unwrap());
                live.push(server.try_clone().unwrap());
            }
            pipe(client.try_clone().unwrap(), server.try_clone().unwrap());
            pipe(server, client);
        }
    }
}

/// Copies `from` into `to` on a thread of its own until either side closes.
fn pipe(mut from: TcpStream, mut to: TcpStream) {
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut from, &mut to);
        let _ = to.shutdown(Shutdown::Both);
        let _ = from.shutdown(Shutdown::Both);
    });
}
