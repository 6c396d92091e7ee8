//! `cargo bench --bench tournaments`: pairing every round of Swiss events of many entrants, and
//! a large event in the database.
//!
//! For each size (`TOURNAMENT_SIZES`, default 64,256,1000) it plays an event of
//! `TOURNAMENT_ROUNDS` (default 11 and 20) rounds of random results (a win, a draw or a loss,
//! equally likely), pairing each round by matching as the server does, and reports the slowest
//! round's time, the mean, and the games paired outside their score group.
//!
//! Then, on a database of its own (`TOURNAMENT_ADMIN_URL`, default
//! `postgres://postgres@localhost`), it makes a Swiss of 1,000 entrants and one of 10 (and of 100
//! and 200), starts each (the first round's 500 and 5 games made in one transaction, as the scheduler does), and
//! reads each event as its page does (the event folded and ranked, the state of the games on the
//! page): once from its whole log, then the same number of times each, interleaved, as kept
//! folded. Last it starts `turnpost serve` on that database (as `TOURNAMENT_SERVER_URL`'s role,
//! default `postgres://turnpost_server@localhost`) and loads each event's first page over HTTP,
//! interleaved with `/static/style.css` from the same server and with the first pages of events
//! of 100, 200 and 10 entrants. It reports the time a game to start a round and the time a read,
//! each for 1,000 beside 10, and the page's median for 1,000 beside each: the fair comparison is
//! at equal lines, which a page of 100 entrants holds as one of 1,000 does (100 standings and 50
//! games; goal: at most 1.25×).

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost::tournament_rules::{Ranked, Round, pair_by_matching};

#[path = "support/serve.rs"]
mod serve;

fn sizes(name: &str, default: &str) -> Vec<usize> {
    (std::env::var(name)
        .unwrap_or_else(|_| default.into())
        .split(','))
    .filter_map(|n| n.trim().parse().ok())
    .collect()
}

fn main() {
    println!(
        "Swiss pairing by matching, {} core(s)",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    for entrants in sizes("TOURNAMENT_SIZES", "64,256,1000") {
        for rounds in sizes("TOURNAMENT_ROUNDS", "11,20") {
            event(entrants, rounds);
        }
    }
    stored::run();
}

/// A large event in the database beside a small one.
mod stored {
    use std::time::{Duration, Instant};

    use diesel::pg::PgConnection;
    use turnpost::auth::{Player, accounts};
    use turnpost::game_log::stream::time_control::{OnTimeout, TimeControl};
    use turnpost::i18n::Lang;
    use turnpost::rules::kalah::Kalah;
    use turnpost::rules::{Kind, Rules};
    use turnpost::tournaments::log::facts::{Format, Setup, SwissPairing};
    use turnpost::tournaments::log::fold::Event;
    use turnpost::tournaments::{read, service};

    const READS: u32 = 20;

    pub fn run() {
        let admin = std::env::var("TOURNAMENT_ADMIN_URL")
            .unwrap_or_else(|_| "postgres://postgres@localhost".into());
        let database = format!("turnpost_bench_tournaments_{}", std::process::id());
        let url = format!("{admin}/{database}");
        turnpost::store::set_up(&url).expect("the database is made and migrated");
        let mut conn = diesel::Connection::establish(&url).unwrap();
        let players: Vec<Player> = (0..1000)
            .map(|n| {
                let email = format!("entrant{n}@bench.example");
                accounts::find_or_create(&mut conn, &email, Lang::En).unwrap()
            })
            .collect();
        let (large, large_start) = started(&mut conn, &players);
        let (small, small_start) = started(&mut conn, &players[..10]);
        // The first page shows at most 100 standings and 50 games a round: 100 entrants fill
        // both, as 1,000 do.
        let (hundred, _) = started(&mut conn, &players[..100]);
        let (two_hundred, _) = started(&mut conn, &players[..200]);
        // Statistics, as a site in use has: without them PostgreSQL may plan the state of the
        // games on a page by reading whole tables.
        diesel::RunQueryDsl::execute(diesel::sql_query("ANALYZE"), &mut conn).unwrap();
        let per_game = |d: Duration, games: u32| d.as_secs_f64() * 1e3 / f64::from(games);
        println!(
            "starting round 1: 1,000 entrants {:.0} ms ({:.2} ms a game of 500), 10 entrants {:.1} ms ({:.2} ms a game of 5): {:.2}× a game",
            large_start.as_secs_f64() * 1e3,
            per_game(large_start, 500),
            small_start.as_secs_f64() * 1e3,
            per_game(small_start, 5),
            per_game(large_start, 500) / per_game(small_start, 5),
        );
        let (large_first, small_first) =
            (timed_read(&mut conn, &large), timed_read(&mut conn, &small));
        println!(
            "reading the event as its page does, first time (its whole log folded and ranked): 1,000 entrants {:.1} ms, 10 entrants {:.2} ms",
            large_first.as_secs_f64() * 1e3,
            small_first.as_secs_f64() * 1e3,
        );
        let (mut large_reads, mut small_reads) = (Duration::ZERO, Duration::ZERO);
        for _ in 0..READS {
            large_reads += timed_read(&mut conn, &large);
            small_reads += timed_read(&mut conn, &small);
        }
        println!(
            "reading it again, kept folded ({READS} times each, interleaved): 1,000 entrants {:.2} ms, 10 entrants {:.2} ms: {:.2}×",
            large_reads.as_secs_f64() * 1e3 / f64::from(READS),
            small_reads.as_secs_f64() * 1e3 / f64::from(READS),
            large_reads.as_secs_f64() / small_reads.as_secs_f64(),
        );
        let peers = [(100, hundred), (200, two_hundred), (10, small)];
        super::pages::compare(&database, &large, &peers);
        drop(conn);
        let _ = std::process::Command::new("psql")
            .args(["-q", "-d", &format!("{admin}/postgres"), "-c"])
            .arg(format!("DROP DATABASE {database} WITH (FORCE)"))
            .status();
    }

    /// A Swiss of `players`, signed up and started by its organiser; how long the start took.
    fn started(conn: &mut PgConnection, players: &[Player]) -> (String, Duration) {
        let setup = Setup {
            title: format!("Swiss of {}", players.len()),
            kind: Kind::Kalah,
            options: serde_json::to_value(<Kalah as Rules>::Options::default()).unwrap(),
            format: Format::Swiss { rounds: 9 },
            rated: false,
            time_control: TimeControl::from_days(7, false, OnTimeout::Withdraw, 86_400),
            sign_up_closes: (chrono::Utc::now() + chrono::Duration::days(1)).to_rfc3339(),
            min_entrants: 2,
            max_entrants: players.len() as u32,
            round_seconds: Some(7 * 86_400),
            timeouts_to_withdraw: 3,
            swiss_pairing: SwissPairing::Matching,
        };
        let id = service::create(conn, &players[0], setup).unwrap();
        for player in players {
            service::sign_up(conn, &id, player).unwrap();
        }
        let started = Instant::now();
        service::start_now(conn, &id, &players[0]).unwrap();
        (id, started.elapsed())
    }

    /// The games on an event's first page.
    fn first_page(event: &Event) -> Vec<&str> {
        (event.rounds.iter())
            .flat_map(|r| r.tables.iter().take(100))
            .map(|t| t.game.as_str())
            .collect()
    }

    /// Reads the event and the state of the games on its first page, as the page does.
    fn timed_read(conn: &mut PgConnection, id: &str) -> Duration {
        let started = Instant::now();
        let seen = read::view(conn, id, first_page).unwrap();
        assert!(!seen.kept.standings.is_empty());
        started.elapsed()
    }
}

/// The events' pages over HTTP from `turnpost serve`, beside a static file from the same server.
mod pages {
    use std::process::{Child, Stdio};
    use std::time::{Duration, Instant};

    const LOADS: usize = 300;

    /// The 1,000-entrant event's first page beside each of `peers` (entrants, event), loads
    /// interleaved; the goal is the page at most 1.25× that of 100 entrants, which shows as many
    /// standings.
    pub fn compare(database: &str, large: &str, peers: &[(usize, String)]) {
        let (mut server, base) = serve(database);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let http = reqwest::Client::new();
            let large = format!("{base}/events/{large}?page=1");
            let peer_urls: Vec<String> = (peers.iter())
                .map(|(_, id)| format!("{base}/events/{id}"))
                .collect();
            let style = format!("{base}/static/style.css");
            let lines = |page: &str| page.matches("<tr").count();
            let (large_lines, peer_lines) = (
                lines(&text(&http, &large).await),
                futures_util::future::join_all(peer_urls.iter().map(|url| text(&http, url)))
                    .await
                    .iter()
                    .map(|page| lines(page))
                    .collect::<Vec<_>>(),
            );
            let (mut large_times, mut style_times) = (vec![], vec![]);
            let mut peer_times = vec![Vec::new(); peers.len()];
            for _ in 0..LOADS {
                large_times.push(load(&http, &large).await);
                for (url, times) in peer_urls.iter().zip(&mut peer_times) {
                    times.push(load(&http, url).await);
                }
                style_times.push(load(&http, &style).await);
            }
            let (l, c) = (median(&mut large_times), median(&mut style_times));
            println!(
                "the event's page over HTTP ({LOADS} loads each, interleaved, medians): 1,000 entrants (page 1 of 10, {large_lines} table rows) {:.2} ms; /static/style.css {:.2} ms",
                l * 1e3,
                c * 1e3,
            );
            for (((entrants, _), times), rows) in peers.iter().zip(&mut peer_times).zip(peer_lines)
            {
                let p = median(times);
                let goal = match entrants {
                    100 => format!(" (goal ≤ 1.25×: {})", if l / p <= 1.25 { "met" } else { "not met" }),
                    _ => String::new(),
                };
                println!(
                    "  {entrants} entrants ({rows} table rows) {:.2} ms: 1,000 entrants ÷ {entrants} = {:.2}×{goal}",
                    p * 1e3,
                    l / p,
                );
            }
        });
        let _ = server.kill();
        let _ = server.wait();
    }

    async fn text(http: &reqwest::Client, url: &str) -> String {
        let answer = http.get(url).send().await.unwrap();
        assert!(answer.status().is_success(), "{url}: {}", answer.status());
        answer.text().await.unwrap()
    }

    async fn load(http: &reqwest::Client, url: &str) -> Duration {
        let started = Instant::now();
        let answer = http.get(url).send().await.unwrap();
        assert!(answer.status().is_success(), "{url}: {}", answer.status());
        answer.bytes().await.unwrap();
        started.elapsed()
    }

    fn median(times: &mut [Duration]) -> f64 {
        times.sort_unstable();
        times[times.len() / 2].as_secs_f64()
    }

    /// `turnpost serve` on the bench's database, with no workers; its process and address.
    fn serve(database: &str) -> (Child, String) {
        let url = std::env::var("TOURNAMENT_SERVER_URL")
            .unwrap_or_else(|_| "postgres://turnpost_server@localhost".into());
        let binary = env!("CARGO_BIN_EXE_turnpost");
        crate::serve::serve(binary, &format!("{url}/{database}"), |command| {
            command
                .env("TURNPOST__DATABASE__ADMIN_URL", "")
                .env("TURNPOST__MAIL__WORKER", "false")
                .env("TURNPOST__CLOCK__SCHEDULER", "false")
                .env("TURNPOST__COMPUTERS__WORKER", "false")
                .env("RUST_LOG", "warn")
                .stdout(Stdio::null());
        })
    }
}

/// Plays one event through and prints its pairing times.
fn event(entrants: usize, rounds: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(entrants as u64 * 100 + rounds as u64);
    let mut ranked: Vec<Ranked> = (0..entrants).map(Ranked::new).collect();
    let (mut times, mut floats) = (Vec::new(), 0);
    for round in 1..=rounds {
        let started = Instant::now();
        let Some(paired) = pair_by_matching(round, &ranked) else {
            println!("  {entrants} entrants: round {round} could not be paired");
            break;
        };
        times.push(started.elapsed());
        let points = |e: usize| ranked.iter().find(|r| r.entrant == e).unwrap().points;
        floats += (paired.games.iter())
            .filter(|g| points(g.first) != points(g.second))
            .count();
        record(&mut ranked, &paired, &mut rng);
    }
    let slowest = times.iter().max().copied().unwrap_or_default();
    let mean = times.iter().sum::<Duration>() / times.len().max(1) as u32;
    println!(
        "{entrants:>5} entrants, {rounds:>2} rounds: slowest round {:.1} ms, mean {:.1} ms; {floats} games across score groups in {} rounds",
        slowest.as_secs_f64() * 1e3,
        mean.as_secs_f64() * 1e3,
        times.len(),
    );
}

/// Random results of `round`'s games, and the new ranking by points (then entrant number).
fn record(ranked: &mut [Ranked], round: &Round, rng: &mut ChaCha8Rng) {
    let mut at: Vec<usize> = vec![0; ranked.len()];
    for (i, r) in ranked.iter().enumerate() {
        at[r.entrant] = i;
    }
    for game in &round.games {
        let points = rng.random_range(0..3u32);
        for (entrant, other, first, scored) in [
            (game.first, game.second, true, points),
            (game.second, game.first, false, 2 - points),
        ] {
            let r = &mut ranked[at[entrant]];
            r.met.insert(other);
            r.points.0 += scored;
            r.seat_run = if r.last_first == Some(first) {
                r.seat_run + 1
            } else {
                1
            };
            r.last_first = Some(first);
            *(if first { &mut r.firsts } else { &mut r.seconds }) += 1;
        }
    }
    if let Some(bye) = round.bye {
        ranked[at[bye]].had_bye = true;
        ranked[at[bye]].points.0 += 2;
    }
    ranked.sort_by_key(|r| (std::cmp::Reverse(r.points), r.entrant));
}
