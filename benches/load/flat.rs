//! Flat as the site grows: the same requests and background rounds timed on two servers of this
//! build side by side, one on a database holding only what the requests show, the other on a
//! database filled like a site after years of use (`benches/site.sql`), one request at a time,
//! taking turns; the figure is each request's median on the full database over its median on the
//! small one.

use std::time::{Duration, Instant};

use diesel::{Connection, PgConnection};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{
    Load, Player, Server, Table, percentile, psql_file, psql_value, server_url, sign_in_pairs,
};

/// How much `benches/site.sql` puts in a database.
struct Fill {
    players: u64,
    finished: u64,
    rows: u64,
    running: u64,
    open: u64,
    emails: u64,
    host_games: u64,
}

impl Fill {
    /// A site after years of use, scaled by `LOAD_SITE_SCALE` (default 1).
    fn site() -> Fill {
        let scale: f64 = std::env::var("LOAD_SITE_SCALE")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1.0);
        let scaled = |n: f64| ((n * scale) as u64).max(1);
        Fill {
            players: scaled(50_000.0),
            finished: scaled(100_000.0),
            rows: 100,
            running: scaled(2_000.0),
            open: scaled(5_000.0),
            emails: scaled(1_000_000.0),
            host_games: 1_000,
        }
    }

    /// Only what the measured pages list: one page of the host's ended games and one page of
    /// open tables.
    fn pages() -> Fill {
        Fill {
            players: 1,
            finished: 0,
            rows: 100,
            running: 0,
            open: 100,
            emails: 0,
            host_games: 20,
        }
    }

    fn games(&self) -> u64 {
        self.finished + self.running + self.open + self.host_games
    }
}

/// One of the two servers, its players and the games the measurements use.
struct Site {
    name: &'static str,
    server: Server,
    host: Player,
    guest: Player,
    /// A Kalah game being played, one move a round.
    playing: Table,
    /// The player to move in `playing`.
    mover: usize,
    /// A Gype game with a long log, for its history page.
    long: Table,
    /// A finished game, for its export.
    ended: String,
    settings: turnpost::config::Settings,
    conn: PgConnection,
    rng: ChaCha8Rng,
}

/// The mail worker's settings for rounds run by the bench: emails written to the server's mail
/// folder, news sent at once.
fn round_settings(server: &Server) -> turnpost::config::Settings {
    let mut settings = turnpost::config::Settings::load(None).expect("the default settings");
    settings.database.url = server_url(&server.database);
    settings.mail.transport = turnpost::config::MailTransportKind::File;
    settings.mail.file_dir = server.mail_dir.clone();
    settings.mail.coalesce_seconds = 0;
    settings.server.base_url = server.base.clone();
    settings
}

/// Delivers mail every 50 ms (the servers here run no worker of their own) until dropped.
struct Postman {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Postman {
    fn start(settings: turnpost::config::Settings) -> Postman {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut conn = PgConnection::establish(&settings.database.url).unwrap();
            let transport = turnpost::mail::worker::Sender::new(&settings).unwrap();
            while !stopped.load(std::sync::atomic::Ordering::Relaxed) {
                turnpost::mail::worker::run_once(&mut conn, &transport, &settings).unwrap();
                std::thread::sleep(Duration::from_millis(50));
            }
        });
        Postman {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for Postman {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn player_id(server: &Server, email: &str) -> String {
    psql_value(
        &server.admin,
        &server.database,
        &format!("SELECT id FROM players WHERE email = '{email}'"),
    )
}

impl Site {
    async fn open(load: &Load, name: &'static str, fill: &Fill) -> Site {
        let no_workers = |command: &mut std::process::Command| {
            command
                .env("TURNPOST__MAIL__WORKER", "false")
                .env("TURNPOST__CLOCK__SCHEDULER", "false");
        };
        // A full database may be kept between runs: it takes minutes to fill.
        let kept = std::env::var("LOAD_SITE_DATABASE")
            .ok()
            .filter(|_| fill.finished > 0);
        let server = match &kept {
            Some(database) => Server::start_on(&load.admin, database, true, no_workers),
            None => Server::start_as(&load.admin, name, no_workers),
        };
        wait_until_ready(&server).await;
        let settings = round_settings(&server);
        let postman = Postman::start(settings.clone());
        let (host, guest) = sign_in_pairs(&server, 1).await.remove(0);
        let started = Instant::now();
        let filled = kept.is_some()
            && psql_value(
                &load.admin,
                &server.database,
                "SELECT count(*) FROM games WHERE id LIKE 'sitef%'",
            ) != "0";
        let vars = [
            ("players", fill.players.to_string()),
            ("finished", fill.finished.to_string()),
            ("rows", fill.rows.to_string()),
            ("running", fill.running.to_string()),
            ("open", fill.open.to_string()),
            ("emails", fill.emails.to_string()),
            ("host", player_id(&server, "player0@load.example")),
            ("guest", player_id(&server, "player1@load.example")),
            ("host_games", fill.host_games.to_string()),
        ];
        if !filled {
            psql_file(&load.admin, &server.database, "benches/site.sql", &vars);
        }
        let how = match filled {
            true => "kept from an earlier run".to_string(),
            false => format!("filled in {:.0} s", started.elapsed().as_secs_f64()),
        };
        println!(
            "{name}: {how}: {} games, {} rows of log, {} players, {} emails; {}",
            psql_value(&load.admin, &server.database, "SELECT count(*) FROM games"),
            psql_value(
                &load.admin,
                &server.database,
                "SELECT count(*) FROM game_events"
            ),
            psql_value(
                &load.admin,
                &server.database,
                "SELECT count(*) FROM players"
            ),
            psql_value(&load.admin, &server.database, "SELECT count(*) FROM emails"),
            psql_value(
                &load.admin,
                &server.database,
                &format!(
                    "SELECT pg_size_pretty(pg_database_size(current_database())) || ', ' || \
                     pg_size_pretty(pg_database_size(current_database()) / {games}) || \
                     ' a game; the games'' tables ' || pg_size_pretty(( \
                       SELECT sum(pg_total_relation_size(t::regclass)) FROM unnest(ARRAY[ \
                         'games', 'game_events', 'game_players', 'game_seeds', \
                         'turn_clocks']) AS t)::bigint / {games}) || ' a game'",
                    games = fill.games().max(1)
                )
            ),
        );
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let long = Table::open("gype", &host, &guest).await;
        play_to(&long, 300, &mut rng).await;
        // Kalah draws nothing at random: the same moves make the same game on both databases.
        let ended = Table::open("kalah", &host, &guest).await;
        play_to(&ended, 20, &mut ChaCha8Rng::seed_from_u64(9)).await;
        resign(&ended).await;
        let playing = Table::open("kalah", &host, &guest).await;
        drop(postman);
        let conn = PgConnection::establish(&settings.database.url).unwrap();
        Site {
            name,
            server,
            host,
            guest,
            playing,
            mover: 0,
            long,
            ended: ended.path,
            settings,
            conn,
            rng,
        }
    }

    /// A Kalah game with a move to make, and who makes it: the one being played, or a new one
    /// once it has ended.
    async fn next_move(&mut self) -> (usize, super::View) {
        if let Some(found) = self.playing.to_act(self.mover).await {
            return found;
        }
        self.playing = Table::open("kalah", &self.host, &self.guest).await;
        self.playing.to_act(0).await.expect("a new game has a move")
    }
}

/// Waits until the server answers `/healthz` (it listens before its database is migrated).
async fn wait_until_ready(server: &Server) {
    let deadline = Instant::now() + Duration::from_secs(120);
    let http = reqwest::Client::new();
    loop {
        let answer = http.get(format!("{}/healthz", server.base)).send().await;
        if answer.is_ok_and(|r| r.status().is_success()) {
            return;
        }
        assert!(Instant::now() < deadline, "the server did not become ready");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Plays random moves until the game's log reaches `rows` rows or it ends.
async fn play_to(table: &Table, rows: i64, rng: &mut ChaCha8Rng) {
    let mut guess = 0;
    while let Some((player, view)) = table.to_act(guess).await {
        if view.seq >= rows {
            break;
        }
        table.play(player, &view, rng).await;
        guess = 1 - player;
    }
}

async fn resign(table: &Table) {
    let view = table.players[0].json(&table.path).await;
    let seq = view.seq.to_string();
    let status = table.players[0]
        .post(&format!("{}/resign", table.path), &[("seq", &seq)])
        .await;
    assert_eq!(status, 303, "resigning {}", table.path);
}

async fn timed_get(player: &Player, path: &str) -> Duration {
    let started = Instant::now();
    let response = player
        .http
        .get(format!("{}{path}", player.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "GET {path}");
    response.bytes().await.unwrap();
    started.elapsed()
}

fn timed<T>(work: impl FnOnce() -> T) -> (Duration, T) {
    let started = Instant::now();
    let answer = work();
    (started.elapsed(), answer)
}

const MEASURES: [&str; 9] = [
    "board page (Kalah, mid-game)",
    "move (Kalah, the POST)",
    "Your games (1,000 ended games)",
    "open tables",
    "history page (Gype, 300 rows)",
    "export of a finished game",
    "mail round (one your-turn email)",
    "scheduler round",
    "scheduler round rating a game",
];

/// One of each measurement on `site`, in the order of [`MEASURES`].
async fn measure_once(site: &mut Site, times: &mut [Vec<Duration>]) {
    let (mover, _) = site.next_move().await;
    let board = timed_get(&site.playing.players[mover], &site.playing.path).await;
    let (mover, view) = site.next_move().await;
    let post = site.playing.play(mover, &view, &mut site.rng).await;
    // A Kalah move may earn another: play on until the turn passes, so that the mail round
    // has the other player's your-turn email to send.
    loop {
        let (next, view) = site.next_move().await;
        site.mover = next;
        if next != mover {
            break;
        }
        site.playing.play(next, &view, &mut site.rng).await;
    }
    let transport = turnpost::mail::worker::Sender::new(&site.settings).unwrap();
    let (mail, round) = timed(|| {
        turnpost::mail::worker::run_once(&mut site.conn, &transport, &site.settings).unwrap()
    });
    assert!(round.sent >= 1, "{}: the move's email was sent", site.name);
    let (scheduler, _) =
        timed(|| turnpost::scheduler::run_once(&mut site.conn, &site.settings).unwrap());
    let resigned = Table::open("kalah", &site.host, &site.guest).await;
    resign(&resigned).await;
    let (rating, round) =
        timed(|| turnpost::scheduler::run_once(&mut site.conn, &site.settings).unwrap());
    assert_eq!(round.rated, 1, "{}: the resigned game was rated", site.name);
    // Its game-over emails go now, so that the next mail round sends one email, as measured.
    turnpost::mail::worker::run_once(&mut site.conn, &transport, &site.settings).unwrap();
    let host = &site.host;
    let measured = [
        board,
        post,
        timed_get(host, "/").await,
        timed_get(host, "/tables").await,
        timed_get(host, &format!("{}/history", site.long.path)).await,
        timed_get(host, &format!("{}/export", site.ended)).await,
        mail,
        scheduler,
        rating,
    ];
    for (all, time) in times.iter_mut().zip(measured) {
        all.push(time);
    }
}

pub async fn run(load: &Load) {
    let reps: usize = std::env::var("LOAD_FLAT_REPEATS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    println!("turnpost flatness benchmark: {reps} of each request on each database, taking turns");
    let mut small = Site::open(load, "pages", &Fill::pages()).await;
    let mut full = Site::open(load, "site", &Fill::site()).await;
    let mut small_times = vec![Vec::new(); MEASURES.len()];
    let mut full_times = vec![Vec::new(); MEASURES.len()];
    // Ten of each first, not counted, so that both servers, each of their pooled connections
    // and both databases are warm.
    for _ in 0..10 {
        measure_once(&mut small, &mut vec![Vec::new(); MEASURES.len()]).await;
        measure_once(&mut full, &mut vec![Vec::new(); MEASURES.len()]).await;
    }
    for _ in 0..reps {
        measure_once(&mut small, &mut small_times).await;
        measure_once(&mut full, &mut full_times).await;
    }
    println!(
        "{:<34} {:>12} {:>12} {:>7}",
        "p50, one request at a time", "small db", "full db", "ratio"
    );
    for ((name, small), full) in MEASURES.iter().zip(&mut small_times).zip(&mut full_times) {
        let (small, full) = (percentile(small, 0.5), percentile(full, 0.5));
        println!(
            "{name:<34} {:>12} {:>12} {:>6.2}×",
            super::ms(small),
            super::ms(full),
            full.as_secs_f64() / small.as_secs_f64()
        );
    }
    for site in [&small, &full] {
        println!(
            "{}: server peak memory {:.0} MB",
            site.name,
            site.server.peak_memory_mb()
        );
    }
}
