//! The soak's site: a PostgreSQL cluster of its own (so that it may be restarted), the relay of
//! the test's, and every kind of Turnpost process — two web servers, the computers, the mail
//! worker and the inbound listener — each on a fixed port, so that a process killed and started
//! again is found where it was.

use std::process::{Child, Command};
use std::time::{Duration, Instant};

use crate::cluster::Cluster;
use crate::support::{TestApp, TestDb, free_port};

/// The kinds of process a site runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    Web(usize),
    Computers,
    MailWorker,
    MailInbound,
}

impl Role {
    pub const ALL: [Role; 5] = [
        Role::Web(0),
        Role::Web(1),
        Role::Computers,
        Role::MailWorker,
        Role::MailInbound,
    ];

    pub fn name(self) -> String {
        match self {
            Role::Web(n) => format!("turnpost serve #{}", n + 1),
            Role::Computers => "turnpost computers".into(),
            Role::MailWorker => "turnpost mail-worker".into(),
            Role::MailInbound => "turnpost mail-inbound".into(),
        }
    }

    fn file_name(self) -> String {
        match self {
            Role::Web(n) => format!("serve-{}.log", n + 1),
            _ => format!("{}.log", self.subcommand()),
        }
    }

    fn subcommand(self) -> &'static str {
        match self {
            Role::Web(_) => "serve",
            Role::Computers => "computers",
            Role::MailWorker => "mail-worker",
            Role::MailInbound => "mail-inbound",
        }
    }
}

/// One process of the site, with the ports it keeps across restarts.
pub struct Process {
    pub role: Role,
    /// The web server's or the inbound listener's port; none for the others.
    pub port: Option<u16>,
    pub metrics_port: u16,
    child: std::sync::Mutex<Option<Child>>,
}

/// Settings every process of the site shares, on top of the tests' own (`config/test.toml`).
const SHARED: &[(&str, &str)] = &[
    // The site's mail worker, computers and schedulers are the processes of their own kind.
    ("TURNPOST__MAIL__WORKER", "false"),
    ("TURNPOST__COMPUTERS__WORKER", "false"),
    ("TURNPOST__CLOCK__SCHEDULER", "true"),
    ("TURNPOST__COMPUTERS__THREADS", "2"),
    ("TURNPOST__COMPUTERS__CLAIM_SECONDS", "3"),
    // Relay faults last seconds: the retries outlast them (15 attempts, up to 2 s apart).
    ("TURNPOST__MAIL__RETRY_MAX_MS", "2000"),
    // Random players play far faster than people: no limit should stop them.
    ("TURNPOST__INBOUND__REPLIES_PER_PLAYER_PER_HOUR", "1000000"),
    ("TURNPOST__LIMITS__GAMES_PER_PLAYER_PER_HOUR", "100000"),
    ("TURNPOST__LIMITS__INVITATIONS_PER_PLAYER_PER_DAY", "100000"),
    (
        "TURNPOST__LIMITS__INVITATIONS_PER_ADDRESS_PER_DAY",
        "100000",
    ),
    ("TURNPOST__LIMITS__CHAT_PER_PLAYER_PER_HOUR", "100000"),
    ("TURNPOST__LIMITS__SIGN_IN_PER_ADDRESS", "100000"),
    (
        "TURNPOST__LIMITS__ACCOUNT_CLOSURES_PER_PLAYER_PER_DAY",
        "100000",
    ),
];

pub struct Site {
    pub processes: Vec<Process>,
    /// The test's fixtures: the database, the relay and a server used only to seat people
    /// before the soak (it carries no traffic during it, and runs no worker).
    pub app: TestApp,
    pub cluster: Cluster,
    /// Where each process writes its log (warnings and errors), kept after the run.
    pub logs: std::path::PathBuf,
}

impl Site {
    pub async fn start(logs: std::path::PathBuf) -> Site {
        std::fs::create_dir_all(&logs).unwrap();
        let cluster = Cluster::start_with("-c max_connections=200");
        let db = TestDb::new_on(&format!(
            "postgres://postgres@127.0.0.1:{}/postgres",
            cluster.port
        ));
        // It seats people within its default limits; the site's processes carry the rest.
        let app = TestApp::start_on(db, |settings| settings.computers.worker = false).await;
        let processes = Role::ALL
            .iter()
            .map(|&role| Process {
                role,
                port: matches!(role, Role::Web(_) | Role::MailInbound).then(free_port),
                metrics_port: free_port(),
                child: std::sync::Mutex::new(None),
            })
            .collect();
        let site = Site {
            processes,
            app,
            cluster,
            logs,
        };
        for role in Role::ALL {
            site.spawn(role);
        }
        for role in Role::ALL {
            assert!(
                site.wait_until_up(role, Duration::from_secs(60)).await,
                "{} did not start",
                role.name()
            );
        }
        site
    }

    pub fn process(&self, role: Role) -> &Process {
        self.processes.iter().find(|p| p.role == role).unwrap()
    }

    /// The web servers' addresses, as a load balancer knows them.
    pub fn web_bases(&self) -> Vec<String> {
        [Role::Web(0), Role::Web(1)]
            .iter()
            .map(|&role| format!("http://127.0.0.1:{}", self.process(role).port.unwrap()))
            .collect()
    }

    pub fn inbound_addr(&self) -> std::net::SocketAddr {
        let port = self.process(Role::MailInbound).port.unwrap();
        std::net::SocketAddr::from(([127, 0, 0, 1], port))
    }

    fn command(&self, process: &Process) -> Command {
        let mut command = self.app.command(process.role.subcommand());
        command
            .envs(SHARED.iter().copied())
            .env(
                "TURNPOST__METRICS__BIND",
                format!("127.0.0.1:{}", process.metrics_port),
            )
            .env("TURNPOST__MAIL__SMTP__TIMEOUT_SECONDS", "3");
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.logs.join(process.role.file_name()))
            .unwrap();
        command.stdout(log.try_clone().unwrap()).stderr(log);
        if std::env::var("TURNPOST_TEST_LOG").is_err() {
            command.env("RUST_LOG", "warn");
        }
        match (process.role, process.port) {
            (Role::Web(_), Some(port)) => {
                command
                    .env("TURNPOST__SERVER__BIND", format!("127.0.0.1:{port}"))
                    .env(
                        "TURNPOST__SERVER__BASE_URL",
                        format!("http://127.0.0.1:{port}"),
                    );
            }
            (Role::MailInbound, Some(port)) => {
                command.env("TURNPOST__INBOUND__BIND", format!("127.0.0.1:{port}"));
            }
            _ => {}
        }
        command
    }

    /// Starts the process of `role` (again).
    pub fn spawn(&self, role: Role) {
        let command = self.command(self.process(role)).spawn();
        let child = command.unwrap_or_else(|e| panic!("{} does not start: {e}", role.name()));
        *self.process(role).child.lock().unwrap() = Some(child);
    }

    /// SIGKILL: the process ends at once, mid-whatever.
    pub fn kill(&self, role: Role) {
        if let Some(mut child) = self.process(role).child.lock().unwrap().take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Whether the process answers: a web server's `/readyz` (which asks the database), the
    /// listener's SMTP greeting, the others' metrics endpoint.
    pub async fn is_up(&self, role: Role) -> bool {
        let process = self.process(role);
        match (role, process.port) {
            (Role::Web(_), Some(port)) => answers(&format!("http://127.0.0.1:{port}/readyz")).await,
            (Role::MailInbound, _) => {
                let addr = self.inbound_addr();
                tokio::task::spawn_blocking(move || greets(addr))
                    .await
                    .unwrap_or(false)
            }
            _ => {
                answers(&format!(
                    "http://127.0.0.1:{}/metrics",
                    process.metrics_port
                ))
                .await
            }
        }
    }

    pub async fn wait_until_up(&self, role: Role, patience: Duration) -> bool {
        let deadline = Instant::now() + patience;
        while Instant::now() < deadline {
            if self.is_up(role).await {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        false
    }

    /// Whether a process the soak did not kill has died on its own.
    pub fn died(&self) -> Vec<String> {
        let mut died = Vec::new();
        for process in &self.processes {
            let mut child = process.child.lock().unwrap();
            if let Some(running) = child.as_mut()
                && let Ok(Some(status)) = running.try_wait()
            {
                died.push(format!(
                    "{} exited by itself: {status}",
                    process.role.name()
                ));
                *child = None;
            }
        }
        died
    }

    /// A `turnpost` command on the site's database (audit, verify), its output and success.
    pub fn run(&self, args: &[&str]) -> (bool, String) {
        let mut command = self.app.command(args[0]);
        command.args(&args[1..]);
        let output = command
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        (output.status.success(), text)
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        for role in Role::ALL {
            self.kill(role);
        }
    }
}

/// Whether `url` answers 200 within two seconds.
async fn answers(url: &str) -> bool {
    let answer = (reqwest::Client::new().get(url))
        .timeout(Duration::from_secs(2))
        .send()
        .await;
    answer.is_ok_and(|r| r.status() == 200)
}

/// Whether an SMTP listener at `addr` greets a new connection.
fn greets(addr: std::net::SocketAddr) -> bool {
    use std::io::Read;
    let Ok(mut stream) = std::net::TcpStream::connect_timeout(&addr, Duration::from_secs(1)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let mut greeting = [0u8; 3];
    stream.read_exact(&mut greeting).is_ok() && &greeting == b"220"
}
