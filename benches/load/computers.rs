//! `cargo bench --bench load -- computers`: the computer players on a busy evening. One person
//! plays their side of N games of Azul against the Hard computer at once (N from
//! `LOAD_COMPUTER_GAMES`, default 10,20,50,200), answering each of the computer's moves as soon
//! as the game list shows it is their turn, while a watcher (another player, on a thread and
//! client of its own) loads one of the boards again and again. The bench's web server has its
//! computer worker off; the computers think in five shapes in turn: in a second web server with
//! its own worker on, which then serves the person's and the watcher's pages (as one server
//! would); in that server with a `turnpost computers` process beside it; and in `turnpost
//! computers` processes alone — one of one thread, one of two, two of two. Each shape gets fresh
//! games and `LOAD_COMPUTER_SECONDS` (default 30) of play; the person then resigns what is left,
//! so no turn carries over.
//!
//! For each shape it reports the computers' reply time (from the person's move to the
//! computer's next, as the game log records them; p50 and p95 of the replies both begun and
//! ended in the window), computer moves a second, the workers' CPU a computer move, the turns
//! still waiting when the window closed, and the board page's p50/p99 beside the same page's
//! measured just before on the bench's server with no computer at work.

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

/// How long the board page is loaded with no computer at work, before each size of the load.
const QUIET: Duration = Duration::from_secs(10);

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
    cpu_ms: f64,
    board: Vec<Duration>,
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
    let watcher = Watcher::start(&server);
    println!(
        "computers under load: one person, N Azul games against Hard, {} s a shape, {} core(s)",
        window.as_secs(),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    for &games in &sizes {
        let mut rates = Vec::new();
        for shape in SHAPES {
            let urls = new_games(&person, games).await;
            let watching = watcher.watch(&server.base, &urls[0], Instant::now() + QUIET);
            let mut quiet = watching.recv().expect("the watcher answers");
            let measured = play(&server, &person, (&watcher, &urls), shape, window).await;
            report(games, shape, &measured, &mut quiet);
            rates.push(measured.moves_per_second);
            resign_all(&person, &urls).await;
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

/// One shape of workers for `window`, the person playing and the watcher watching.
async fn play(
    server: &Server,
    person: &Player,
    (watcher, urls): (&Watcher, &[String]),
    shape: Shape,
    window: Duration,
) -> Measured {
    let now = || psql_value(&server.admin, &server.database, "SELECT now()");
    let began = now();
    let thinking_server = shape.in_server.then(|| start_thinking_server(server));
    let person = match &thinking_server {
        Some((_, base)) => &Player {
            base: base.clone(),
            ..person.clone()
        },
        None => person,
    };
    let workers: Vec<Child> = (0..shape.processes)
        .map(|_| start_worker(server, shape.threads))
        .collect();
    let until = Instant::now() + window;
    let watching = watcher.watch(&person.base, &urls[0], until);
    drive(person, until).await;
    let board = watching.recv().expect("the watcher answers");
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
    for worker in workers
        .into_iter()
        .chain(thinking_server.map(|(child, _)| child))
    {
        stop(worker);
    }
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
    Measured {
        replies: (replies.split(','))
            .filter_map(|s| s.parse::<f64>().ok())
            .map(Duration::from_secs_f64)
            .collect(),
        moves_per_second: moves / window.as_secs_f64(),
        cpu_ms: cpu * 1e3 / moves.max(1.0),
        board,
        waiting,
    }
}

fn report(games: usize, shape: Shape, measured: &Measured, quiet: &mut [Duration]) {
    let mut replies = measured.replies.clone();
    let mut board = measured.board.clone();
    let seconds = |d: Duration| format!("{:.2} s", d.as_secs_f64());
    let (quiet_p99, busy_p99) = (percentile(quiet, 0.99), percentile(&mut board, 0.99));
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
    println!(
        "    board page p50 {}  p99 {}   with no computer at work p50 {}  p99 {}   p99 ratio {:.2}",
        ms(percentile(&mut board, 0.5)),
        ms(busy_p99),
        ms(percentile(quiet, 0.5)),
        ms(quiet_p99),
        busy_p99.as_secs_f64() / quiet_p99.as_secs_f64().max(f64::MIN_POSITIVE),
    );
}

/// A `turnpost computers` process on the server's database, thinking on `threads` threads.
fn start_worker(server: &Server, threads: usize) -> Child {
    Command::new(server_binary())
        .arg("computers")
        .env(
            "TURNPOST__DATABASE__URL",
            super::server_url(&server.database),
        )
        .env("TURNPOST__COMPUTERS__THREADS", threads.to_string())
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .spawn()
        .expect("turnpost computers starts")
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

/// The person: looks at the game list and makes a random legal move in every game waiting for
/// them, until `until`.
async fn drive(person: &Player, until: Instant) {
    let mut round = 0u64;
    while Instant::now() < until {
        let listing = (person.http.get(format!("{}/?format=json", person.base)))
            .send()
            .await;
        let home: Home = listing.unwrap().json().await.unwrap();
        let turns = (home.games.iter().filter(|g| g.your_turn)).map(|game| {
            round += 1;
            let seed = round;
            async move {
                let view = person.json(&game.url).await;
                if view.phase != "active" || view.legal_commands.is_empty() {
                    return;
                }
                let command = choose(&view, &mut ChaCha8Rng::seed_from_u64(seed)).to_string();
                let seq = view.seq.to_string();
                let path = format!("{}/play", game.url);
                person
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
