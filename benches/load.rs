//! Load benchmark: a real `turnpost serve` (this build) on a database of its own, driven over
//! HTTP by clients that do what players do, and every figure beside a peer measured in the same
//! run on the same machine.
//!
//! Run with `cargo bench --bench load`. It needs the local PostgreSQL the tests use and pgbench.
//! `LOAD_CLIENTS` (default 32), `LOAD_SECONDS` (default 10) and `LOAD_ROUNDS` (default 3: moves
//! and pgbench take turns, and the median ratio is reported) change the load; any
//! `TURNPOST__…` setting (say `TURNPOST__DATABASE__POOL_SIZE=16`) is passed to the server.
//! `LOAD_ADMIN_URL` (default `postgres://postgres@localhost`) is where the databases are made.
//! `LOAD_SERVER` runs another `turnpost` binary (an older build, say) under the same load.
//! `LOAD_SOCKET_DIR` (say `/var/run/postgresql`) has the server reach PostgreSQL over its Unix
//! socket instead of TCP on localhost. `LOAD_OTHER_PLAYERS` (default 20,000) is how many players
//! who are not in the load the databases hold, so that PostgreSQL plans for tables of the size a
//! server in use has.
//!
//! What it reports:
//! - moves/s with many players at once, each fetching the game's JSON view and posting the form
//!   a move button posts, against pgbench running `benches/minimal-move.sql` (the least a durable
//!   move must do) with as many clients for as long, its statements prepared and a local
//!   database reached without TLS, as the server does; and against pgbench running
//!   `benches/server-move.sql`, the statements the server itself sends for a move, on a database
//!   made by the server's migrations — how near the server comes to what its own statements
//!   cost PostgreSQL;
//! - the same moves in the players' shape: each pair at one game, and each move's 303 followed
//!   to the board page, as a person's browser does, against the same pgbench of the server's
//!   statements (the goal of at least 0.8× is this shape's);
//! - the same moves with every pair playing 16 games at once (512 for 32 pairs), a move in each
//!   in turn, against the same pgbench; and for both shapes the server's CPU a move against its
//!   CPU for one request of `/static/style.css`, measured in the same round;
//! - the CPU a move costs the server, PostgreSQL and the load client, and PostgreSQL's CPU a
//!   transaction in each pgbench peer (PostgreSQL's CPU is that of the cluster at
//!   `LOAD_ADMIN_URL` only, not of the replica or failover clusters the tests keep running);
//! - POST latency for one player alone (p50) and for eight at once (p99);
//! - board pages/s (Kalah, mid-game, the player to move) against `/static/style.css`;
//! - a Gype board page and a move, one request at a time, at about 10 and about 400 rows of log;
//! - the server's peak memory;
//! - the two goals of the moves, as medians of the rounds: moves/s over pgbench running the
//!   server's own statements (at least 0.8×), and PostgreSQL's CPU a move over its CPU a minimal
//!   move (at most 2.0×).
//!
//! `cargo bench --bench load -- flat` measures instead whether requests and background rounds
//! cost the same on a database filled like a site after years of use as on a small one: see
//! `benches/load/flat.rs` and docs/benchmarks.md. `cargo bench --bench load -- computers`
//! measures the computer players under load instead: see `benches/load/computers.rs`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reqwest::redirect::Policy;
use serde::Deserialize;
use serde_json::Value;

#[path = "load/computers.rs"]
mod computers;
#[path = "load/cpu.rs"]
mod cpu;
#[path = "load/flat.rs"]
mod flat;
#[path = "support/serve.rs"]
mod serve;

struct Load {
    clients: usize,
    seconds: u64,
    rounds: usize,
    admin: String,
    others: u64,
}

impl Load {
    fn from_env() -> Load {
        let number = |name: &str, default: u64| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        Load {
            clients: usize::try_from(number("LOAD_CLIENTS", 32))
                .unwrap_or(32)
                .max(1),
            seconds: number("LOAD_SECONDS", 10).max(1),
            rounds: usize::try_from(number("LOAD_ROUNDS", 3))
                .unwrap_or(3)
                .max(1),
            admin: std::env::var("LOAD_ADMIN_URL")
                .unwrap_or_else(|_| "postgres://postgres@localhost".into()),
            others: number("LOAD_OTHER_PLAYERS", 20_000),
        }
    }

    fn window(&self) -> Duration {
        Duration::from_secs(self.seconds)
    }
}

/// psql on `database`, quiet and stopping at the first error.
fn psql_on(admin: &str, database: &str) -> Command {
    let mut command = Command::new("psql");
    command
        .args([
            "-q",
            "-v",
            "ON_ERROR_STOP=1",
            "-d",
            &format!("{admin}/{database}"),
        ])
        .stdout(Stdio::null());
    command
}

/// The one value `sql` selects on `database`, as psql prints it.
fn psql_value(admin: &str, database: &str, sql: &str) -> String {
    let out = psql_on(admin, database)
        .args(["-At", "-c", sql])
        .stdout(Stdio::piped())
        .output()
        .expect("psql runs");
    assert!(out.status.success(), "psql failed: {sql}");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn psql(admin: &str, database: &str, sql: &str) {
    let status = psql_on(admin, database)
        .args(["-c", sql])
        .status()
        .expect("psql runs");
    assert!(status.success(), "psql failed: {sql}");
}

/// Runs the SQL file `file` (a path in this repository) on `database`, with psql's variables
/// `vars`.
fn psql_file(admin: &str, database: &str, file: &str, vars: &[(&str, String)]) {
    let mut command = psql_on(admin, database);
    for (name, value) in vars {
        command.arg("-v").arg(format!("{name}={value}"));
    }
    let status = command
        .arg("-f")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .status()
        .expect("psql runs");
    assert!(status.success(), "psql failed on {file}");
}

/// Adds the players who are not in the load (`benches/other-players.sql`) to `database`.
fn add_other_players(load: &Load, database: &str) {
    let others = [("others", load.others.to_string())];
    psql_file(&load.admin, database, "benches/other-players.sql", &others);
}

/// Where the server reaches its database, as its own role.
fn server_url(database: &str) -> String {
    match std::env::var("LOAD_SOCKET_DIR") {
        Ok(dir) => format!("postgres:///{database}?host={dir}&user=turnpost_server"),
        Err(_) => format!("postgres://turnpost_server@localhost/{database}"),
    }
}

/// `turnpost serve` on a fresh database, writing its emails into a folder.
struct Server {
    child: Child,
    base: String,
    mail_dir: PathBuf,
    database: String,
    admin: String,
    /// The database was there before and stays after (`LOAD_SITE_DATABASE`).
    kept: bool,
}

/// A second server on the load's database, with no mail worker and no scheduler, logging every
/// statement it sends PostgreSQL (without its text) into `log`.
struct Counting {
    child: Child,
    base: String,
    log: PathBuf,
}

impl Server {
    fn start(admin: &str) -> Server {
        Server::start_as(admin, "moves", |_| {})
    }

    /// A server on a database of its own, `name` telling it from others of this run, set up
    /// further by `adjust`.
    fn start_as(admin: &str, name: &str, adjust: impl FnOnce(&mut Command)) -> Server {
        Server::start_on(
            admin,
            &format!("turnpost_load_{}_{name}", std::process::id()),
            false,
            adjust,
        )
    }

    /// A server on `database`, dropped with the server unless `kept`.
    fn start_on(
        admin: &str,
        database: &str,
        kept: bool,
        adjust: impl FnOnce(&mut Command),
    ) -> Server {
        let database = database.to_string();
        let mail_dir = std::env::temp_dir().join(&database);
        std::fs::create_dir_all(&mail_dir).unwrap();
        let lots = "1000000";
        let (child, base) = spawn(&database, |command| {
            command
                .env(
                    "TURNPOST__DATABASE__ADMIN_URL",
                    format!("{admin}/{database}"),
                )
                .env("TURNPOST__MAIL__TRANSPORT", "file")
                .env("TURNPOST__MAIL__FILE_DIR", &mail_dir)
                .env("TURNPOST__LIMITS__SIGN_IN_PER_CLIENT", lots)
                .env("TURNPOST__LIMITS__GAMES_PER_PLAYER_PER_HOUR", lots)
                .env("RUST_LOG", "warn")
                .stdout(Stdio::null());
            adjust(command);
        });
        Server {
            child,
            base,
            mail_dir,
            database,
            admin: admin.to_string(),
            kept,
        }
    }

    fn counting(&self) -> Counting {
        let log = self.mail_dir.with_extension("statements.log");
        let file = std::fs::File::create(&log).unwrap();
        let (child, base) = spawn(&self.database, |command| {
            command
                .env("TURNPOST__DATABASE__ADMIN_URL", "")
                .env("TURNPOST__MAIL__WORKER", "false")
                .env("TURNPOST__CLOCK__SCHEDULER", "false")
                .env("RUST_LOG", "warn,turnpost::statements=trace")
                .env("NO_COLOR", "1")
                .stdout(file);
        });
        Counting { child, base, log }
    }

    /// The most memory the server has held, in MB.
    fn peak_memory_mb(&self) -> f64 {
        self.memory_mb("VmHWM:")
    }

    /// The server's `/proc/PID/status`.
    fn status(&self) -> String {
        std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default()
    }

    /// A figure of the server's memory from `/proc/PID/status` (`VmRSS:`, `VmHWM:`), in MB.
    fn memory_mb(&self, figure: &str) -> f64 {
        let kb: f64 = (self.status().lines())
            .find_map(|line| line.strip_prefix(figure))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0.0);
        kb / 1024.0
    }

    /// Prints the server's memory now and at its peak, after `stage`: its resident memory,
    /// split into what the program's files map (its code) and the rest (its heap and the
    /// threads' stacks), and its threads.
    fn say_memory(&self, stage: &str) {
        let status = self.status();
        let threads = (status.lines())
            .find_map(|line| line.strip_prefix("Threads:"))
            .map_or("?", str::trim);
        println!(
            "  server memory after {stage}: {:.0} MB (peak {:.0} MB; {:.0} MB heap and stacks, {:.0} MB files; {threads} threads)",
            self.memory_mb("VmRSS:"),
            self.peak_memory_mb(),
            self.memory_mb("RssAnon:"),
            self.memory_mb("RssFile:"),
        );
    }
}

/// The `turnpost` binary under load: this build's, or `LOAD_SERVER`.
fn server_binary() -> String {
    std::env::var("LOAD_SERVER").unwrap_or_else(|_| env!("CARGO_BIN_EXE_turnpost").to_string())
}

/// Starts `turnpost serve` on `database` and a free port, set up further by `adjust`; returns
/// it once it listens, and its address.
fn spawn(database: &str, adjust: impl FnOnce(&mut Command)) -> (Child, String) {
    serve::serve(&server_binary(), &server_url(database), adjust)
}

impl Counting {
    fn statements(&self) -> usize {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        log.lines()
            .filter(|line| line.contains("turnpost::statements"))
            .count()
    }

    /// How many statements `request` makes the server send.
    async fn count<T>(&self, request: impl std::future::Future<Output = T>) -> (usize, T) {
        let before = self.statements();
        let answer = request.await;
        (self.statements() - before, answer)
    }
}

impl Drop for Counting {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.mail_dir);
        if self.kept {
            return;
        }
        psql(
            &self.admin,
            "postgres",
            &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.database),
        );
    }
}

/// A signed-in player: a client with its own cookies, and its form token.
#[derive(Clone)]
struct Player {
    http: reqwest::Client,
    base: String,
    csrf: String,
}

fn hidden_csrf(page: &str) -> String {
    let marker = "name=\"csrf\" value=\"";
    let start = page.find(marker).expect("a form with a token") + marker.len();
    page[start..].split('"').next().unwrap().to_string()
}

/// The link in the newest email to `email` that starts with `prefix`.
async fn emailed_link(dir: &Path, email: &str, prefix: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let raw = std::fs::read(entry.path()).unwrap_or_default();
            let Some(message) = mail_parser::MessageParser::default().parse(&raw) else {
                continue;
            };
            let to = message
                .to()
                .and_then(|a| a.first())
                .and_then(|a| a.address());
            if to != Some(email) {
                continue;
            }
            let text = message.body_text(0).unwrap_or_default();
            if let Some(link) = text.split_whitespace().find(|w| w.starts_with(prefix)) {
                return link.to_string();
            }
        }
        assert!(Instant::now() < deadline, "no email to {email}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

impl Player {
    async fn sign_in(server: &Server, email: &str) -> Player {
        Player::sign_in_at(&server.base, &server.mail_dir, email).await
    }

    /// Signs `email` in at the server at `base` whose emails are written into `mail_dir`.
    async fn sign_in_at(base: &str, mail_dir: &Path, email: &str) -> Player {
        // The server closes a connection idle for 5 s; one kept longer may be reused just as
        // it closes.
        let http = reqwest::Client::builder()
            .cookie_store(true)
            .redirect(Policy::none())
            .pool_idle_timeout(Duration::from_secs(2))
            .build()
            .unwrap();
        let mut player = Player {
            http,
            base: base.to_string(),
            csrf: String::new(),
        };
        player.csrf = hidden_csrf(&player.text("/sign-in").await);
        player
            .post("/sign-in", &[("email", email), ("next", "/")])
            .await;
        let link = emailed_link(mail_dir, email, &format!("{base}/sign-in/")).await;
        let path = link.trim_start_matches(base).to_string();
        player.csrf = hidden_csrf(&player.text(&path).await);
        let signed_in = player.post(&path, &[]).await;
        assert_eq!(signed_in, 303, "signing in {email}");
        player.csrf = hidden_csrf(&player.text("/settings").await);
        player
    }

    async fn text(&self, path: &str) -> String {
        let response = self.http.get(format!("{}{path}", self.base)).send().await;
        response.unwrap().text().await.unwrap()
    }

    async fn json(&self, path: &str) -> View {
        VIEWS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let url = format!("{}{path}?format=json", self.base);
        self.http
            .get(url)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    /// Posts a form with this player's token; returns the status.
    async fn post(&self, path: &str, fields: &[(&str, &str)]) -> u16 {
        self.post_located(path, fields).await.0
    }

    async fn post_located(&self, path: &str, fields: &[(&str, &str)]) -> (u16, String) {
        let mut form = vec![("csrf", self.csrf.as_str())];
        form.extend_from_slice(fields);
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .form(&form)
            .send()
            .await
            .unwrap();
        let location = response
            .headers()
            .get("Location")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        (response.status().as_u16(), location)
    }
}

/// What the load reads of a game's JSON view; the rest of it is not parsed, so that the client
/// spends as little of the machine as it can.
#[derive(Deserialize)]
struct View {
    phase: String,
    seq: i64,
    legal_commands: Vec<Legal>,
    your_seat: Option<usize>,
    view: Option<Board>,
}

/// Of a Kalah board, what tells whether a sowing earns another turn.
#[derive(Deserialize)]
struct Board {
    #[serde(default)]
    sides: Vec<KalahSide>,
}

#[derive(Deserialize)]
struct KalahSide {
    seat: usize,
    pits: [u32; 6],
}

impl View {
    /// Whether `command`, a Kalah sowing from this view's seat, ends in the sower's own store
    /// (the seventh of the thirteen places a sowing passes), which earns another turn.
    fn earns_another_turn(&self, command: &Value) -> bool {
        let (Some(seat), Some(board)) = (self.your_seat, &self.view) else {
            return false;
        };
        let pit = command["pit"].as_u64().map(|pit| pit as usize);
        let side = board.sides.iter().find(|side| side.seat == seat);
        match (command["type"].as_str(), pit, side) {
            (Some("sow"), Some(pit), Some(side)) if pit < 6 => {
                (pit as u32 + side.pits[pit]) % 13 == 6
            }
            _ => false,
        }
    }
}

/// JSON views fetched by the load's players, so that the bench can say how many a move took.
static VIEWS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

#[derive(Deserialize)]
struct Legal {
    command: Value,
}

/// Two players at a fresh table of `kind`: the host created it with one open seat, the guest
/// took it.
#[derive(Clone)]
struct Table {
    players: [Player; 2],
    path: String,
}

impl Table {
    async fn open(kind: &str, host: &Player, guest: &Player) -> Table {
        let (status, path) = host
            .post_located(&format!("/games/new/{kind}"), &[("open_seats", "1")])
            .await;
        assert_eq!(status, 303, "creating a {kind} game");
        let sat = guest.post(&format!("{path}/sit"), &[]).await;
        assert_eq!(sat, 303, "taking the open seat");
        Table {
            players: [host.clone(), guest.clone()],
            path,
        }
    }

    /// The game as the player to act sees it, and that player; None once it is over.
    async fn to_act(&self, guess: usize) -> Option<(usize, View)> {
        for player in [guess, 1 - guess] {
            let view = self.players[player].json(&self.path).await;
            if view.phase != "active" {
                return None;
            }
            if !view.legal_commands.is_empty() {
                return Some((player, view));
            }
        }
        None
    }

    /// Posts a random legal move from `view` as `player`, the way a move button does; returns
    /// how long the POST took.
    async fn play(&self, player: usize, view: &View, rng: &mut ChaCha8Rng) -> Duration {
        self.play_command(player, view, &choose(view, rng)).await
    }

    /// Posts `command` as `player` on `view`'s board; returns how long the POST took.
    async fn play_command(&self, player: usize, view: &View, command: &Value) -> Duration {
        self.play_command_then(player, view, command, Redirect::Left)
            .await
    }

    /// Posts `command` as `player` on `view`'s board, and then follows the 303 to the board
    /// page or not; returns how long the POST took.
    async fn play_command_then(
        &self,
        player: usize,
        view: &View,
        command: &Value,
        redirect: Redirect,
    ) -> Duration {
        let command = command.to_string();
        let seq = view.seq.to_string();
        let started = Instant::now();
        let (status, location) = self.players[player]
            .post_located(
                &format!("{}/play", self.path),
                &[("seq", &seq), ("command", &command)],
            )
            .await;
        let took = started.elapsed();
        assert_eq!(status, 303, "a legal move is accepted");
        if redirect == Redirect::Followed {
            let page = self.players[player].text(&location).await;
            assert!(page.contains("</html>"), "the board page after a move");
        }
        took
    }
}

/// What a player does with a move's 303: leaves it, as a program that reads the JSON view next
/// does, or follows it to the board page, as a browser does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Redirect {
    Left,
    Followed,
}

/// A random legal move of `view`.
fn choose(view: &View, rng: &mut ChaCha8Rng) -> Value {
    let legal = &view.legal_commands;
    legal[rng.random_range(0..legal.len())].command.clone()
}

fn percentile(times: &mut [Duration], fraction: f64) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    times.sort_unstable();
    let rank = ((times.len() as f64 * fraction).ceil() as usize).clamp(1, times.len());
    times[rank - 1]
}

fn median(ratios: &mut [f64]) -> f64 {
    ratios.sort_by(f64::total_cmp);
    ratios[ratios.len() / 2]
}

fn ms(time: Duration) -> String {
    format!("{:.2} ms", time.as_secs_f64() * 1e3)
}

/// Pairs of players, signed in concurrently.
async fn sign_in_pairs(server: &Server, pairs: usize) -> Vec<(Player, Player)> {
    let signing = (0..pairs * 2).map(|n| {
        let email = format!("player{n}@load.example");
        async move { Player::sign_in(server, &email).await }
    });
    let mut players = futures_util::future::join_all(signing).await.into_iter();
    (0..pairs)
        .map(|_| (players.next().unwrap(), players.next().unwrap()))
        .collect()
}

/// Every pair plays Kalah for `window`, a game after another; returns the moves made and every
/// POST's latency.
async fn play_moves(pairs: &[(Player, Player)], window: Duration) -> (usize, Vec<Duration>) {
    play_spread_moves(pairs, open_tables(pairs, 1).await, window, Redirect::Left).await
}

/// The players' shape: every pair plays one game of Kalah at a time for `window`, each move the
/// JSON view of the player told it is their turn, the move's form, and its 303 followed to the
/// board page, as a person's browser does. Returns the moves made and the server's CPU a move.
async fn play_as_people(
    server: &Server,
    pairs: &[(Player, Player)],
    window: Duration,
) -> (usize, f64) {
    let tables = open_tables(pairs, 1).await;
    let reading = cpu::Reading::now(Some(server.child.id()));
    let (moves, _) = play_spread_moves(pairs, tables, window, Redirect::Followed).await;
    let server_ms = reading.spent().server * 1000.0 / moves.max(1) as f64;
    (moves, server_ms)
}

/// `games` new Kalah tables for each pair, each with the player its first move is guessed of.
async fn open_tables(pairs: &[(Player, Player)], games: usize) -> Vec<Vec<(Table, usize)>> {
    let opening = pairs.iter().map(|(host, guest)| async move {
        let mut tables = Vec::with_capacity(games);
        for _ in 0..games {
            tables.push((Table::open("kalah", host, guest).await, 0));
        }
        tables
    });
    futures_util::future::join_all(opening).await
}

/// Every pair plays its `tables` of Kalah at once for `window`, a move in each in turn (a game
/// that ends is replaced by a new one): for each move the JSON view of the player told it is
/// their turn, then the move's form, its 303 followed to the board page or not as `redirect`
/// says. Returns the moves made and every POST's latency.
async fn play_spread_moves(
    pairs: &[(Player, Player)],
    tables: Vec<Vec<(Table, usize)>>,
    window: Duration,
    redirect: Redirect,
) -> (usize, Vec<Duration>) {
    let deadline = Instant::now() + window;
    let playing =
        (pairs.iter().zip(tables).enumerate()).map(|(n, ((host, guest), mut tables))| async move {
            let games = tables.len();
            let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
            let mut times = Vec::new();
            for turn in 0.. {
                if Instant::now() >= deadline {
                    break;
                }
                let (table, guess) = &mut tables[turn % games];
                match table.to_act(*guess).await {
                    Some((player, view)) => {
                        // The player told it is their turn looks at the game: the one who
                        // moved again after a sowing into their store, else the other.
                        let command = choose(&view, &mut rng);
                        let took = table.play_command_then(player, &view, &command, redirect);
                        times.push(took.await);
                        *guess = match view.earns_another_turn(&command) {
                            true => player,
                            false => 1 - player,
                        };
                    }
                    None => *table = Table::open("kalah", host, guest).await,
                }
            }
            times
        });
    let times: Vec<Duration> = futures_util::future::join_all(playing)
        .await
        .into_iter()
        .flatten()
        .collect();
    (times.len(), times)
}

/// Games each pair plays at once in the second shape of moves: 512 for the default 32 pairs.
const SPREAD_GAMES: usize = 16;

/// Moves a second, and the server's CPU a move.
struct Spread {
    per_second: f64,
    server_ms: f64,
}

/// Every pair plays [`SPREAD_GAMES`] games at once for the load's window.
async fn spread_moves(load: &Load, server: &Server, pairs: &[(Player, Player)]) -> Spread {
    let tables = open_tables(pairs, SPREAD_GAMES).await;
    let reading = cpu::Reading::now(Some(server.child.id()));
    let (moves, _) = play_spread_moves(pairs, tables, load.window(), Redirect::Left).await;
    let spent = reading.spent();
    Spread {
        per_second: moves as f64 / load.seconds as f64,
        server_ms: spent.server * 1000.0 / moves.max(1) as f64,
    }
}

/// The server's CPU, in ms, for one request of `/static/style.css` from as many connections as
/// the load has clients, over a few seconds.
async fn static_cpu_ms(load: &Load, server: &Server, player: &Player) -> f64 {
    let reading = cpu::Reading::now(Some(server.child.id()));
    let window = load.window().min(Duration::from_secs(3));
    let done = requests(player, "/static/style.css", load.clients, window).await;
    reading.spent().server * 1000.0 / done.max(1) as f64
}

/// Runs the minimal move in pgbench with `clients` for `window`.
fn pgbench_moves(load: &Load, clients: usize, window: Duration) -> Peer {
    let database = PeerDatabase::create(load, "pgbench");
    psql(
        &load.admin,
        &database.name,
        "CREATE TABLE bench_games (id int PRIMARY KEY, head bigint NOT NULL);
         CREATE TABLE bench_events (game_id int, seq bigint, events jsonb NOT NULL,
             recorded_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (game_id, seq));
         CREATE TABLE bench_notifications (id bigserial PRIMARY KEY, player_id int NOT NULL,
             game_id int NOT NULL, seq bigint NOT NULL);
         INSERT INTO bench_games SELECT g, 0 FROM generate_series(1, 1000) g;",
    );
    database.pgbench(load, "benches/minimal-move.sql", clients, window)
}

/// Runs the statements the server sends for one move (`benches/server-move.sql`) in pgbench,
/// on a database made by the server's own migrations, with `clients` for `window`.
fn pgbench_server_moves(load: &Load, clients: usize, window: Duration) -> Peer {
    let database = PeerDatabase::create(load, "statements");
    let migrated = Command::new(server_binary())
        .arg("migrate")
        .env("TURNPOST__DATABASE__URL", server_url(&database.name))
        .env(
            "TURNPOST__DATABASE__ADMIN_URL",
            format!("{}/{}", load.admin, database.name),
        )
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .status()
        .expect("turnpost migrate runs");
    assert!(migrated.success(), "turnpost migrate failed");
    let games = [("games", "1000".to_string())];
    psql_file(
        &load.admin,
        &database.name,
        "benches/server-move-setup.sql",
        &games,
    );
    add_other_players(load, &database.name);
    database.pgbench(load, "benches/server-move.sql", clients, window)
}

/// What pgbench measured: transactions a second, and PostgreSQL's CPU per transaction.
struct Peer {
    tps: f64,
    postgres_ms: f64,
}

/// A database of pgbench's own for one run, dropped afterwards.
struct PeerDatabase {
    name: String,
    admin: String,
}

impl PeerDatabase {
    fn create(load: &Load, purpose: &str) -> PeerDatabase {
        let name = format!("turnpost_load_{purpose}_{}", std::process::id());
        psql(
            &load.admin,
            "postgres",
            &format!("DROP DATABASE IF EXISTS {name}"),
        );
        psql(&load.admin, "postgres", &format!("CREATE DATABASE {name}"));
        PeerDatabase {
            name,
            admin: load.admin.clone(),
        }
    }

    /// Runs `script` (a path in this repository) with `clients` for `window`, on 1,000 games.
    fn pgbench(&self, load: &Load, script: &str, clients: usize, window: Duration) -> Peer {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(script);
        // The peer does no more than the work needs, as the server does it: statements
        // prepared once per connection, and a database on this machine reached without TLS.
        let url =
            turnpost::store::with_connect_timeout(&format!("{}/{}", load.admin, self.name), 0);
        let reading = cpu::Reading::now(None);
        let output = Command::new("pgbench")
            .args(["-n", "-M", "prepared", "-D", "games=1000", "-f"])
            .arg(&script)
            .args(["-c", &clients.to_string(), "-j", "2"])
            .args(["-T", &window.as_secs().to_string()])
            .arg(url)
            .output()
            .expect("pgbench runs");
        let spent = reading.spent();
        let report = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "pgbench failed: {report}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let number = |prefix: &str| -> f64 {
            report
                .lines()
                .find_map(|line| line.strip_prefix(prefix))
                .and_then(|rest| rest.split([' ', '/']).next()?.parse().ok())
                .unwrap_or_else(|| panic!("pgbench reports {prefix}: {report}"))
        };
        let transactions = number("number of transactions actually processed: ");
        Peer {
            tps: number("tps = "),
            postgres_ms: spent.postgres * 1000.0 / transactions.max(1.0),
        }
    }
}

impl Drop for PeerDatabase {
    fn drop(&mut self) {
        psql(
            &self.admin,
            "postgres",
            &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name),
        );
    }
}

/// GETs `path` as `player` from `clients` connections at once for `window`; returns requests/s.
async fn requests_per_second(player: &Player, path: &str, clients: usize, window: Duration) -> f64 {
    let started = Instant::now();
    let done = requests(player, path, clients, window).await;
    done as f64 / started.elapsed().as_secs_f64()
}

/// GETs `path` as `player` from `clients` connections at once for `window`; returns how many.
async fn requests(player: &Player, path: &str, clients: usize, window: Duration) -> u64 {
    let deadline = Instant::now() + window;
    let fetching = (0..clients).map(|_| async move {
        let mut done = 0u64;
        while Instant::now() < deadline {
            let response = player.http.get(format!("{}{path}", player.base)).send();
            let response = response.await.unwrap();
            assert_eq!(response.status(), 200, "GET {path}");
            response.bytes().await.unwrap();
            done += 1;
        }
        done
    });
    futures_util::future::join_all(fetching).await.iter().sum()
}

/// A Kalah game a few moves in, and the player to move.
async fn mid_game_kalah(host: &Player, guest: &Player) -> (Table, usize) {
    let table = Table::open("kalah", host, guest).await;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut guess = 0;
    for _ in 0..8 {
        let (player, view) = table.to_act(guess).await.expect("the game goes on");
        table.play(player, &view, &mut rng).await;
        guess = 1 - player;
    }
    let (player, _) = table.to_act(guess).await.expect("the game goes on");
    (table, player)
}

/// One request at a time on a Gype game once its log reaches `rows`: the board page's p50 (as
/// the player to act, 60 times) and a move's POST p50 (the next 30 moves). Plays on to `rows`
/// first.
struct Sequential {
    rows: i64,
    board: Duration,
    post: Duration,
}

async fn gype_at(table: &Table, rows: i64, rng: &mut ChaCha8Rng) -> Option<Sequential> {
    let mut guess = 0;
    loop {
        let (player, view) = table.to_act(guess).await?;
        if view.seq >= rows {
            break;
        }
        table.play(player, &view, rng).await;
        guess = 1 - player;
    }
    let (player, view) = table.to_act(guess).await?;
    let reached = view.seq;
    let mut boards = Vec::new();
    for _ in 0..60 {
        let started = Instant::now();
        let page = table.players[player].text(&table.path).await;
        boards.push(started.elapsed());
        assert!(
            page.contains("<form"),
            "the player to act gets the move buttons"
        );
    }
    let mut posts = Vec::new();
    let mut guess = player;
    for _ in 0..30 {
        let Some((player, view)) = table.to_act(guess).await else {
            break;
        };
        posts.push(table.play(player, &view, rng).await);
        guess = 1 - player;
    }
    Some(Sequential {
        rows: reached,
        board: percentile(&mut boards, 0.5),
        post: percentile(&mut posts, 0.5),
    })
}

fn main() {
    let load = Load::from_env();
    // One thread: the client shares the machine with the server and PostgreSQL, and a single
    // thread spends less of it on handing work between threads than a pool would.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    if std::env::args().any(|arg| arg == "flat") {
        runtime.block_on(flat::run(&load));
        return;
    }
    if std::env::args().any(|arg| arg == "computers") {
        runtime.block_on(computers::run(&load));
        return;
    }
    let checkpointer = psql_value(
        &load.admin,
        "postgres",
        "SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'",
    );
    if let Ok(pid) = checkpointer.parse() {
        cpu::watch_cluster(pid);
    }
    let server = Server::start(&load.admin);
    runtime.block_on(run(&load, &server));
    println!("server peak memory: {:.0} MB", server.peak_memory_mb());
}

async fn run(load: &Load, server: &Server) {
    server.say_memory("starting");
    let pairs = sign_in_pairs(server, load.clients).await;
    server.say_memory("signing the players in");
    add_other_players(load, &server.database);
    // Let the workers' next rounds see the other players.
    tokio::time::sleep(Duration::from_secs(3)).await;
    server.say_memory("adding the other players");
    println!(
        "turnpost load benchmark: {} clients, {} s per measurement",
        load.clients, load.seconds
    );

    // Moves and the two pgbench peers take turns, so that each ratio compares runs a few
    // seconds apart; the median of the rounds is the figure.
    let mut ratios = Vec::new();
    let mut own_ratios = Vec::new();
    let mut cpu_ratios = Vec::new();
    let mut spread_ratios = Vec::new();
    let mut people_ratios = Vec::new();
    let mut people_cpu_ratios = Vec::new();
    let mut server_cpu_ratios = Vec::new();
    let mut spread_cpu_ratios = Vec::new();
    let mut times = Vec::new();
    for round in 1..=load.rounds {
        let reading = cpu::Reading::now(Some(server.child.id()));
        let views_before = VIEWS.load(std::sync::atomic::Ordering::Relaxed);
        let (moves, round_times) = play_moves(&pairs, load.window()).await;
        let spent = reading.spent();
        server.say_memory("a game a pair");
        let views = VIEWS.load(std::sync::atomic::Ordering::Relaxed) - views_before;
        times.extend(round_times);
        let moves_per_second = moves as f64 / load.seconds as f64;
        let minimal = pgbench_moves(load, load.clients, load.window());
        let own = pgbench_server_moves(load, load.clients, load.window());
        let (ratio, own_ratio) = (moves_per_second / minimal.tps, moves_per_second / own.tps);
        ratios.push(ratio);
        own_ratios.push(own_ratio);
        println!(
            "moves at {} clients, round {round}: {moves_per_second:>6.0} moves/s   pgbench minimal move {:>6.0} tps   ratio {ratio:.2}   pgbench server's statements {:>6.0} tps   ratio {own_ratio:.2}",
            load.clients, minimal.tps, own.tps,
        );
        let per_move = |seconds: f64| seconds * 1000.0 / moves.max(1) as f64;
        cpu_ratios.push(per_move(spent.postgres) / minimal.postgres_ms);
        let spread = spread_moves(load, server, &pairs).await;
        server.say_memory(&format!("{SPREAD_GAMES} games a pair"));
        let (people_moves, people_ms) = play_as_people(server, &pairs, load.window()).await;
        server.say_memory("a game a pair, the redirect followed");
        let people = people_moves as f64 / load.seconds as f64;
        let static_ms = static_cpu_ms(load, server, &pairs[0].0).await;
        people_ratios.push(people / own.tps);
        people_cpu_ratios.push(people_ms / static_ms);
        println!(
            "  players' shape (a game a pair, the JSON view, the move, the 303 followed to the board page): {people:>6.0} moves/s (ratio {:.2} to the server's statements), server CPU a move {people_ms:.3} ms",
            people / own.tps,
        );
        spread_ratios.push(spread.per_second / own.tps);
        server_cpu_ratios.push(per_move(spent.server) / static_ms);
        spread_cpu_ratios.push(spread.server_ms / static_ms);
        println!(
            "  {} games at once: {:>6.0} moves/s (ratio {:.2} to the server's statements), server CPU a move {:.3} ms;   /static/style.css server CPU a request {static_ms:.4} ms;   server CPU a move ÷ a static request: {:.1}× here, {:.1}× one game a pair",
            SPREAD_GAMES * pairs.len(),
            spread.per_second,
            spread.per_second / own.tps,
            spread.server_ms,
            spread.server_ms / static_ms,
            per_move(spent.server) / static_ms,
        );
        println!(
            "  CPU a move: server {:.3} ms, PostgreSQL {:.3} ms, load client {:.3} ms;   PostgreSQL's CPU a transaction in pgbench: minimal move {:.3} ms, server's statements {:.3} ms;   JSON views a move {:.2}",
            per_move(spent.server),
            per_move(spent.postgres),
            per_move(spent.client),
            minimal.postgres_ms,
            own.postgres_ms,
            views as f64 / moves.max(1) as f64,
        );
    }
    println!(
        "moves vs pgbench, median of the rounds: ratio {:.2} to the minimal move, {:.2} to the server's statements   (POST p50 {}, p99 {})",
        median(&mut ratios),
        median(&mut own_ratios),
        ms(percentile(&mut times, 0.5)),
        ms(percentile(&mut times, 0.99)),
    );
    let own = median(&mut own_ratios);
    let cpu = median(&mut cpu_ratios);
    let met = |yes: bool| if yes { "met" } else { "not met" };
    println!(
        "goals, median of the rounds: moves/s ÷ pgbench of the server's statements {own:.2}× (goal ≥ 0.80×: {})   PostgreSQL's CPU a move ÷ a minimal move {cpu:.2}× (goal ≤ 2.00×: {})",
        met(own >= 0.8),
        met(cpu <= 2.0),
    );
    let (spread, server_cpu, spread_cpu) = (
        median(&mut spread_ratios),
        median(&mut server_cpu_ratios),
        median(&mut spread_cpu_ratios),
    );
    let (people, people_cpu) = (median(&mut people_ratios), median(&mut people_cpu_ratios));
    println!(
        "  in the players' shape, the redirect followed: moves/s ÷ pgbench of the server's statements {people:.2}× (goal ≥ 0.80×: {});   the server's CPU a move ÷ a static request's {people_cpu:.1}×",
        met(people >= 0.8),
    );
    println!(
        "  with {SPREAD_GAMES} games a pair: moves/s ÷ pgbench of the server's statements {spread:.2}× (goal ≥ 0.80×: {});   the server's CPU a move ÷ a static request's {server_cpu:.1}× one game a pair, {spread_cpu:.1}× {SPREAD_GAMES} games a pair (goal ≤ 3×: {})",
        met(spread >= 0.8),
        met(server_cpu.max(spread_cpu) <= 3.0),
    );

    let (_, mut alone) = play_moves(&pairs[..1], load.window().min(Duration::from_secs(5))).await;
    println!(
        "one client, sequential:   POST p50 {}   p99 {}",
        ms(percentile(&mut alone, 0.5)),
        ms(percentile(&mut alone, 0.99)),
    );
    let eight = pairs.len().min(8);
    let (_, mut some) = play_moves(&pairs[..eight], load.window()).await;
    println!(
        "{eight} clients:                POST p50 {}   p99 {}",
        ms(percentile(&mut some, 0.5)),
        ms(percentile(&mut some, 0.99)),
    );

    let (host, guest) = &pairs[0];
    let (table, mover) = mid_game_kalah(host, guest).await;
    let player = &table.players[mover];
    let boards = requests_per_second(player, &table.path, load.clients, load.window()).await;
    let styles =
        requests_per_second(player, "/static/style.css", load.clients, load.window()).await;
    server.say_memory("the board pages");
    println!(
        "board page, {} connections: {boards:>8.0} req/s   /static/style.css {styles:>8.0} req/s   ratio {:.2}",
        load.clients,
        boards / styles
    );

    // Statements per request, counted on a second server of the same database once it has
    // served the game (so that it holds it folded, as a busy server does).
    let counting = server.counting();
    let there = |player: &Player| Player {
        base: counting.base.clone(),
        ..player.clone()
    };
    let table_there = Table {
        players: [there(&table.players[0]), there(&table.players[1])],
        path: table.path.clone(),
    };
    let (mover, view) = table_there.to_act(mover).await.expect("the game goes on");
    let player_there = &table_there.players[mover];
    let (board_statements, _) = counting.count(player_there.text(&table.path)).await;
    let (view_statements, _) = counting.count(player_there.json(&table.path)).await;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    // The first move a server makes in a game also reads the game's seed; count the next one.
    table_there.play(mover, &view, &mut rng).await;
    let (mover, view) = table_there.to_act(mover).await.expect("the game goes on");
    let (move_statements, _) = counting
        .count(table_there.play(mover, &view, &mut rng))
        .await;
    println!(
        "statements sent to PostgreSQL: board page {board_statements}, JSON view {view_statements}, move {move_statements} (the minimal move in pgbench: 7)"
    );
    drop(counting);

    let table = Table::open("gype", host, guest).await;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let short = gype_at(&table, 10, &mut rng).await;
    let long = gype_at(&table, 400, &mut rng).await;
    match (short, long) {
        (Some(short), Some(long)) => {
            let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
            println!(
                "gype board page p50:      {} at {} rows   {} at {} rows   ratio {:.2}",
                ms(short.board),
                short.rows,
                ms(long.board),
                long.rows,
                ratio(long.board, short.board)
            );
            println!(
                "gype move POST p50:       {} at {} rows   {} at {} rows   ratio {:.2}",
                ms(short.post),
                short.rows,
                ms(long.post),
                long.rows,
                ratio(long.post, short.post)
            );
        }
        _ => println!("gype: the random game ended before 400 rows; nothing measured"),
    }
}
