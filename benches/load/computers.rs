//! `cargo bench --bench load -- computers`: the computer players on a busy evening. One person
//! plays their side of N games of Azul against the Hard computer at once (N from
//! `LOAD_COMPUTER_GAMES`, default 10,20,50,200), answering each of the computer's moves as soon
//! as the game list shows it is their turn, while a watcher (another player, on a thread and
//! client of its own) loads one board again and again: a game of Azul between two other people
//! that nobody moves in, the same page all through the run. The bench's web
//! server has its computer worker off; the computers think in five shapes in turn: in a second
//! web server with its own worker on, which then serves the person's and the watcher's pages
//! (as one server would); in that server with a `turnpost computers` process beside it; and in
//! `turnpost computers` processes alone — one of one thread, one of two, two of two. Each shape gets fresh
//! games and `LOAD_COMPUTER_SECONDS` (default 30) of play; the person then resigns what is left,
//! so no turn carries over. Around each window, with the same workers running, the board is
//! loaded as long again twice more: before, with nobody moving (quiet); after, while the person
//! plays N games against another person who moves at the pace the computers kept (the same
//! moves, nobody thinking).
//!
//! For each shape it reports the computers' reply time (from the person's move to the
//! computer's next, as the game log records them; p50 and p95 of the replies both begun and
//! ended in the window), computer moves a second, the workers' CPU a computer move, the turns
//! still waiting when the window closed, and the board page's p50/p99 beside the same page's
//! quiet and with people's moves at that pace, and both ratios.
//!
//! The `turnpost computers` processes start in sessions of their own, as a service manager
//! starts them; `LOAD_COMPUTERS_CGROUP` names a CPU control group (with `cpu.idle` set) to move
//! them into, as systemd's `CPUWeight=idle` would.

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;

use super::{Load, Player, Server, choose, cpu, ms, percentile, psql_value, server_binary};

/// Where the computers think: in a web server of their own beside the bench's (its worker on, at
/// its default threads, one fewer than the cores, serving the person's and the watcher's pages
/// too), and in `turnpost computers` processes of `threads` threads each.
#[derive(Clone, Copy)]
struct Shape {
    in_server: bool,
    processes: usize,
    threads: usize,
}

const SHAPES: [Shape; 5] = [
    Shape {
        in_server: true,
        processes: 0,
        threads: 0,
    },
    Shape {
        in_server: true,
        processes: 1,
        threads: 0,
    },
    Shape {
        in_server: false,
        processes: 1,
        threads: 1,
    },
    Shape {
        in_server: false,
        processes: 1,
        threads: 2,
    },
    Shape {
        in_server: false,
        processes: 2,
        threads: 2,
    },
];

impl Shape {
    fn describe(&self) -> String {
        let processes = match (self.processes, self.threads) {
            (0, _) => String::new(),
            (n, 0) => format!("{n} process(es) × all cores"),
            (n, threads) => format!("{n} process(es) × {threads} thread(s)"),
        };
        match (self.in_server, processes.is_empty()) {
            (true, true) => "in the web server".into(),
            (true, false) => format!("in the web server + {processes}"),
            (false, _) => processes,
        }
    }
}

/// Pause between two looks at the game list, and between two loads of the watched board.
const LIST_EVERY: Duration = Duration::from_millis(50);
const WATCH_EVERY: Duration = Duration::from_millis(20);

#[derive(Deserialize)]
struct Home {
    games: Vec<Listed>,
}

#[derive(Deserialize)]
struct Listed {
    url: String,
    your_turn: bool,
}

/// What one shape did with one size of load.
struct Measured {
    replies: Vec<Duration>,
    moves_per_second: f64,
    people_moves_per_second: f64,
    cpu_ms: f64,
    /// The watched board's load times while the computers played, before with nobody moving,
    /// and after with the other person moving at the computers' pace.
    board: Vec<Duration>,
    quiet: Vec<Duration>,
    people: Vec<Duration>,
    waiting: String,
}

pub async fn run(load: &Load) {
    let sizes: Vec<usize> = std::env::var("LOAD_COMPUTER_GAMES")
        .unwrap_or_else(|_| "10,20,50,200".into())
        .split(',')
        .filter_map(|n| n.trim().parse().ok())
        .collect();
    let window = Duration::from_secs(
        (std::env::var("LOAD_COMPUTER_SECONDS").ok())
            .and_then(|s| s.parse().ok())
            .unwrap_or(30),
    );
    let server = Server::start_as(&load.admin, "computers", |command| {
        command.env("TURNPOST__COMPUTERS__WORKER", "false");
    });
    let person = Player::sign_in(&server, "person@load.example").await;
    let other = Player::sign_in(&server, "other@load.example").await;
    let watched = new_people_games(
        &Player::sign_in(&server, "seated@load.example").await,
        &Player::sign_in(&server, "seated-too@load.example").await,
        1,
    )
    .await
    .remove(0);
    let watcher = Watcher::start(&server);
    println!(
        "computers under load: one person, N Azul games against Hard, {} s a shape and phase, {} core(s)",
        window.as_secs(),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    for &games in &sizes {
        let mut rates = Vec::new();
        for shape in SHAPES {
            let run = Run {
                server: &server,
                people: (&person, &other),
                watching: (&watcher, &watched),
                games,
                window,
            };
            let measured = play(&run, shape).await;
            report(games, shape, &measured);
            rates.push(measured.moves_per_second);
        }
        let factor = |a: usize, b: usize| rates[b] / rates[a].max(f64::MIN_POSITIVE);
        println!(
            "  N = {games}: computer moves/s from one thread to two {:.2}×, from one process to two {:.2}×, from the web server alone to a process beside it {:.2}×",
            factor(2, 3),
            factor(3, 4),
            factor(0, 1),
        );
    }
}

/// What every shape of one size of load shares: the bench's server, the person and the other
/// person, the watcher and the board it loads, how many games and for how long.
struct Run<'a> {
    server: &'a Server,
    people: (&'a Player, &'a Player),
    watching: (&'a Watcher, &'a str),
    games: usize,
    window: Duration,
}

impl Run<'_> {
    /// The board's load times from the server at `base` over one window, while `during` runs.
    async fn watch_while(&self, base: &str, during: impl std::future::Future) -> Vec<Duration> {
        let (watcher, path) = self.watching;
        let until = Instant::now() + self.window;
        let times = watcher.watch(base, path, until);
        during.await;
        let left = until.saturating_duration_since(Instant::now());
        tokio::time::sleep(left).await;
        times.recv().expect("the watcher answers")
    }
}

/// `games` new games of Azul, the person against the Hard computer; their paths.
async fn new_games(person: &Player, games: usize) -> Vec<String> {
    let mut urls = Vec::new();
    for _ in 0..games {
        let (status, path) = person
            .post_located("/games/new/azul", &[("computer_1", "hard")])
            .await;
        assert_eq!(status, 303, "creating a game against the computer");
        urls.push(path);
    }
    urls
}

/// `games` new games of Azul between two people; their paths.
async fn new_people_games(person: &Player, other: &Player, games: usize) -> Vec<String> {
    let mut urls = Vec::new();
    for _ in 0..games {
        urls.push(super::Table::open("azul", person, other).await.path);
    }
    urls
}

/// One shape of workers: the board loaded quiet, then for a window of the person's games
/// against the computers, then for a window of the person's games against the other person
/// moving at the pace the computers kept.
async fn play(run: &Run<'_>, shape: Shape) -> Measured {
    let server = run.server;
    let now = || psql_value(&server.admin, &server.database, "SELECT now()");
    let thinking_server = shape.in_server.then(|| start_thinking_server(server));
    let on = |player: &Player| match &thinking_server {
        Some((_, base)) => Player {
            base: base.clone(),
            ..player.clone()
        },
        None => player.clone(),
    };
    let (person, other) = (on(run.people.0), on(run.people.1));
    let workers: Vec<Child> = (0..shape.processes)
        .map(|_| start_worker(server, shape.threads))
        .collect();
    let quiet = run.watch_while(&person.base, async {}).await;
    let urls = new_games(&person, run.games).await;
    let began = now();
    let until = Instant::now() + run.window;
    let board = run
        .watch_while(&person.base, drive(&person, until, None))
        .await;
    let ended = now();
    let mut cpu: f64 = (workers.iter()).map(|w| cpu::process_seconds(w.id())).sum();
    if let Some((thinking, _)) = &thinking_server {
        cpu += cpu::threads_seconds(thinking.id(), "computers");
    }
    let waiting = psql_value(
        &server.admin,
        &server.database,
        "SELECT count(*) || ' turns, the oldest for ' || \
         coalesce(round(extract(epoch FROM max(now() - g.updated_at))::numeric, 1), 0) || ' s' \
         FROM game_players gp JOIN players p ON p.id = gp.player_id \
         JOIN games g ON g.id = gp.game_id \
         WHERE gp.to_act AND gp.ended_at IS NULL AND p.computer_level IS NOT NULL",
    );
    resign_all(&person, &urls).await;
    let in_window = format!("'{began}' AND '{ended}'");
    let replies = psql_value(
        &server.admin,
        &server.database,
        &format!(
            "WITH rows AS (SELECT e.recorded_at, p.computer_level IS NOT NULL AS computer, \
               lag(e.recorded_at) OVER w AS before_at, \
               lag(p.computer_level IS NOT NULL) OVER w AS before_computer \
             FROM game_events e JOIN players p ON p.id = e.actor \
             WINDOW w AS (PARTITION BY e.game_id ORDER BY e.seq)) \
             SELECT coalesce(string_agg(extract(epoch FROM recorded_at - before_at)::text, ','), '') \
             FROM rows WHERE computer AND NOT before_computer \
               AND before_at BETWEEN {in_window} AND recorded_at BETWEEN {in_window}"
        ),
    );
    let moves: f64 = psql_value(
        &server.admin,
        &server.database,
        &format!(
            "SELECT count(*) FROM game_events e JOIN players p ON p.id = e.actor \
             WHERE p.computer_level IS NOT NULL AND e.recorded_at BETWEEN {in_window}"
        ),
    )
    .parse()
    .unwrap_or(0.0);
    let moves_per_second = moves / run.window.as_secs_f64();
    // A thought begun before the resignations ends unrecorded within a think.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let people_urls = new_people_games(&person, &other, run.games).await;
    let until = Instant::now() + run.window;
    let both = futures_util::future::join(
        drive(&person, until, None),
        drive(&other, until, Some(moves_per_second)),
    );
    let people = run.watch_while(&person.base, both).await;
    let people_moves: f64 = psql_value(
        &server.admin,
        &server.database,
        &format!(
            "SELECT count(*) FROM game_events e JOIN players p ON p.id = e.actor \
             WHERE p.email = 'other@load.example' AND e.recorded_at > '{ended}'"
        ),
    )
    .parse()
    .unwrap_or(0.0);
    resign_all(&person, &people_urls).await;
    for worker in workers
        .into_iter()
        .chain(thinking_server.map(|(child, _)| child))
    {
        stop(worker);
    }
    Measured {
        replies: (replies.split(','))
            .filter_map(|s| s.parse::<f64>().ok())
            .map(Duration::from_secs_f64)
            .collect(),
        moves_per_second,
        people_moves_per_second: people_moves / run.window.as_secs_f64(),
        cpu_ms: cpu * 1e3 / moves.max(1.0),
        board,
        quiet,
        people,
        waiting,
    }
}

fn report(games: usize, shape: Shape, measured: &Measured) {
    let mut replies = measured.replies.clone();
    let [mut board, mut quiet, mut people] =
        [&measured.board, &measured.quiet, &measured.people].map(|times| times.clone());
    let seconds = |d: Duration| format!("{:.2} s", d.as_secs_f64());
    println!(
        "N = {games:>3}, {}: replies p50 {}  p95 {} ({} replies)   {:.1} computer moves/s   CPU a computer move {:.0} ms   still waiting: {}",
        shape.describe(),
        seconds(percentile(&mut replies, 0.5)),
        seconds(percentile(&mut replies, 0.95)),
        replies.len(),
        measured.moves_per_second,
        measured.cpu_ms,
        measured.waiting,
    );
    let busy_p99 = percentile(&mut board, 0.99);
    let ratio =
        |other: Duration| busy_p99.as_secs_f64() / other.as_secs_f64().max(f64::MIN_POSITIVE);
    let (quiet_p99, people_p99) = (percentile(&mut quiet, 0.99), percentile(&mut people, 0.99));
    println!(
        "    board page p50 {}  p99 {} ({} loads)   quiet p50 {}  p99 {}   people moving ({:.1} moves/s of theirs) p50 {}  p99 {}   p99 ratio to quiet {:.2}, to people moving {:.2}",
        ms(percentile(&mut board, 0.5)),
        ms(busy_p99),
        board.len(),
        ms(percentile(&mut quiet, 0.5)),
        ms(quiet_p99),
        measured.people_moves_per_second,
        ms(percentile(&mut people, 0.5)),
        ms(people_p99),
        ratio(quiet_p99),
        ratio(people_p99),
    );
}

/// A `turnpost computers` process on the server's database, thinking on `threads` threads, in a
/// session of its own as a service manager would start it (so that it may lower its session's
/// CPU weight below the web server's and PostgreSQL's).
fn start_worker(server: &Server, threads: usize) -> Child {
    let mut command = Command::new(server_binary());
    // SAFETY: setsid is async-signal-safe and touches nothing but the child's own session.
    unsafe {
        command.pre_exec(|| match libc::setsid() {
            -1 => Err(std::io::Error::last_os_error()),
            _ => Ok(()),
        });
    }
    let worker = command
        .arg("computers")
        .env(
            "TURNPOST__DATABASE__URL",
            super::server_url(&server.database),
        )
        .env("TURNPOST__COMPUTERS__THREADS", threads.to_string())
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .spawn()
        .expect("turnpost computers starts");
    // As a service with systemd's `CPUWeight=idle` runs: in a CPU control group that gets only
    // the CPU no other group wants (cgroup v1 or v2, `cpu.idle` set to 1 by whoever made it).
    if let Ok(group) = std::env::var("LOAD_COMPUTERS_CGROUP") {
        let procs = Path::new(&group).join("cgroup.procs");
        std::fs::write(&procs, worker.id().to_string())
            .unwrap_or_else(|e| panic!("moving the worker into {}: {e}", procs.display()));
    }
    worker
}

/// A second `turnpost serve` on the server's database with its computers' worker on (at its
/// default threads) and no mail worker or scheduler; its process and address.
fn start_thinking_server(server: &Server) -> (Child, String) {
    super::spawn(&server.database, |command| {
        command
            .env("TURNPOST__DATABASE__ADMIN_URL", "")
            .env("TURNPOST__MAIL__WORKER", "false")
            .env("TURNPOST__CLOCK__SCHEDULER", "false")
            .env("TURNPOST__COMPUTERS__WORKER", "true")
            .env("TURNPOST__LIMITS__GAMES_PER_PLAYER_PER_HOUR", "1000000")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null());
    })
}

/// Asks a worker to stop as an operator would (SIGTERM) and waits for it.
fn stop(mut worker: Child) {
    let asked = Command::new("kill")
        .args(["-TERM", &worker.id().to_string()])
        .status();
    if !asked.is_ok_and(|s| s.success()) {
        let _ = worker.kill();
    }
    let _ = worker.wait();
}

/// Someone else looking at the games, from a thread and an HTTP client of its own, so that the
/// person's play in the bench's own thread never delays a measured request.
/// A board to load: the server's address, the board's path, until when, and where to answer.
type Job = (String, String, Instant, mpsc::Sender<Vec<Duration>>);

struct Watcher {
    jobs: mpsc::Sender<Job>,
}

impl Watcher {
    fn start(server: &Server) -> Watcher {
        let (jobs, asked) = mpsc::channel::<Job>();
        let (base, mail_dir) = (server.base.clone(), server.mail_dir.clone());
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                let watcher = Player::sign_in_at(&base, &mail_dir, "watcher@load.example").await;
                while let Ok((base, path, until, answer)) = asked.recv() {
                    let watcher = Player {
                        base,
                        ..watcher.clone()
                    };
                    let _ = answer.send(watch(&watcher, &path, until).await);
                }
            });
        });
        Watcher { jobs }
    }

    /// Starts loading the board at `path` from the server at `base` one request at a time
    /// until `until`; the answer is each load's time.
    fn watch(&self, base: &str, path: &str, until: Instant) -> mpsc::Receiver<Vec<Duration>> {
        let (answer, times) = mpsc::channel();
        self.jobs
            .send((base.to_string(), path.to_string(), until, answer))
            .expect("the watcher is there");
        times
    }
}

async fn watch(watcher: &Player, path: &str, until: Instant) -> Vec<Duration> {
    let mut times = Vec::new();
    while Instant::now() < until {
        let started = Instant::now();
        let response = watcher.http.get(format!("{}{path}", watcher.base)).send();
        let response = response.await.unwrap();
        assert_eq!(response.status(), 200, "the board page is served");
        response.bytes().await.unwrap();
        times.push(started.elapsed());
        tokio::time::sleep(WATCH_EVERY).await;
    }
    times
}

/// A player who looks at the game list and makes a random legal move in every game waiting for
/// them, until `until`: at once, or no more than `pace` moves a second over the whole time.
async fn drive(player: &Player, until: Instant, pace: Option<f64>) {
    let (started, mut round, mut moved) = (Instant::now(), 0u64, 0u64);
    while Instant::now() < until {
        let listing = (player.http.get(format!("{}/?format=json", player.base)))
            .send()
            .await;
        let home: Home = listing.unwrap().json().await.unwrap();
        let allowed = pace.map_or(u64::MAX, |pace| {
            ((started.elapsed().as_secs_f64() * pace) as u64 + 1).saturating_sub(moved)
        });
        let waiting = (home.games.iter().filter(|g| g.your_turn)).take(allowed as usize);
        let turns = waiting.map(|game| {
            round += 1;
            moved += 1;
            let seed = round;
            async move {
                let view = player.json(&game.url).await;
                if view.phase != "active" || view.legal_commands.is_empty() {
                    return;
                }
                let command = choose(&view, &mut ChaCha8Rng::seed_from_u64(seed)).to_string();
                let seq = view.seq.to_string();
                let path = format!("{}/play", game.url);
                player
                    .post(&path, &[("seq", &seq), ("command", &command)])
                    .await;
            }
        });
        futures_util::future::join_all(turns.collect::<Vec<_>>()).await;
        tokio::time::sleep(LIST_EVERY).await;
    }
}

/// The person resigns every game of `urls` still in play.
async fn resign_all(person: &Player, urls: &[String]) {
    for url in urls {
        let view = person.json(url).await;
        if view.phase == "active" {
            let seq = view.seq.to_string();
            person
                .post(&format!("{url}/resign"), &[("seq", &seq)])
                .await;
        }
    }
}
