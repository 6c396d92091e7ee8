//! Ratings and audit benchmark: `turnpost ratings verify`, `turnpost ratings rebuild` and
//! `turnpost audit` over a database of many finished rated games, each beside a peer measured in
//! the same minute: psql copying out every row it must read (the games' logs for the ratings;
//! the logs, read models and seeds for the audit).
//!
//! Run with `cargo bench --bench ratings`. It needs the local PostgreSQL the tests use.
//! `RATINGS_GAMES` (default 100,000) rated two-player Kalah games (each a creation, a join, a
//! resignation and the rating row, made by the same code the server uses) among
//! `RATINGS_PLAYERS` (default 2,000) players, one every five minutes;
//! `RATINGS_ADMIN_URL` (default `postgres://postgres@localhost`) is where the database is made.

use std::collections::HashMap;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, Utc};
use diesel::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost::game_log::decide;
use turnpost::game_log::decide::play::NewRow;
use turnpost::game_log::decide::seal::close;
use turnpost::game_log::fold::replay::{Game, replay};
use turnpost::game_log::record::read_model::GameRow;
use turnpost::game_log::stream::seed::Seed;
use turnpost::game_log::stream::{Entry, Participant, Submitted};
use turnpost::ratings::rate::{self, Current};
use turnpost::rules::kalah::Kalah;
use turnpost::rules::{Kind, Rules};
use turnpost::store::events::{self, EventRow};
use turnpost::store::schema::{game_events, game_players, game_seeds, games};

type Row = EventRow;

/// Every game's seed: the games are resigned before any dice, so any seed will do.
const SEED: Seed = [7; 32];

fn number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One finished rated game's log: created by `a`, joined by `b`, resigned by a seat, rated.
fn game_log(
    id: &str,
    people: [&Participant; 2],
    at: DateTime<Utc>,
    order: i64,
    standing: &mut HashMap<i64, Current>,
    rng: &mut ChaCha8Rng,
) -> (Vec<Row>, Game<Kalah>) {
    let seed: Seed = SEED;
    let options = serde_json::to_value(<Kalah as Rules>::Options::default()).unwrap();
    let created: Vec<Entry<<Kalah as Rules>::Event>> = vec![
        Entry::GameCreated {
            kind: Kind::Kalah,
            options: options.clone(),
            players: 2,
            private: false,
            seed_commitment: turnpost::game_log::stream::seed::commitment(&seed),
            creator: people[0].clone(),
            time_control: None,
            rated: true,
            rating_range: None,
            event: None,
        },
        Entry::PlayerJoined {
            player: people[0].clone(),
        },
    ];
    let submitted = Submitted::<<Kalah as Rules>::Command>::CreateGame {
        kind: Kind::Kalah,
        options,
        players: 2,
        private: false,
        time_control: None,
        rated: true,
    };
    let first = events::seal(
        at,
        id,
        None,
        Some(people[0].id),
        serde_json::to_value(&submitted).unwrap(),
        serde_json::to_value(&created).unwrap(),
    );
    let mut rows = vec![first];
    let mut game = replay::<Kalah>(&rows, None).unwrap();
    let next = |game: Game<Kalah>, rows: &mut Vec<Row>, actor, submitted, entries, seconds| {
        let new_row = NewRow {
            previous: rows.last(),
            actor,
            submitted,
            entries,
        };
        let closed = close(game, new_row, &seed, at + TimeDelta::seconds(seconds));
        rows.push(closed.row);
        closed.game
    };
    let mut joined = decide::join_entries(&game, people[1].clone(), &seed, 2);
    decide::salt_secrets(&game, None, None, &mut joined, &seed, 2);
    game = next(
        game,
        &mut rows,
        Some(people[1].id),
        Submitted::Join,
        joined,
        1,
    );
    let seat = rng.random_range(0..2usize);
    let leaver = game.seating[seat].clone();
    let mut resigned = decide::resign_entries(&game, seat, leaver.clone());
    decide::salt_secrets(&game, None, None, &mut resigned, &seed, 3);
    game = next(
        game,
        &mut rows,
        Some(leaver.id),
        Submitted::Resign,
        resigned,
        2,
    );
    let rated_at = at + TimeDelta::seconds(3);
    let places = game.rated_places();
    let before: Vec<_> = (places.iter())
        .map(|(p, _)| rate::before(standing.get(&p.id), rated_at))
        .collect();
    let changes = rate::changes(&places, &before);
    for change in &changes {
        let games = standing.get(&change.player.id).map_or(0, |c| c.games) + 1;
        standing.insert(
            change.player.id,
            Current {
                rating: change.after,
                games,
                last_rated_at: rated_at,
            },
        );
    }
    let rate = vec![Entry::Rated {
        order,
        players: changes,
    }];
    game = next(game, &mut rows, None, Submitted::Rate, rate, 3);
    (rows, game)
}

/// Writes `count` rated games among `players` into the database, a batch at a time.
fn fill(conn: &mut PgConnection, count: usize, players: &[Participant]) {
    let mut rng = ChaCha8Rng::seed_from_u64(39);
    let mut standing = HashMap::new();
    let start = Utc::now() - TimeDelta::minutes(5 * count as i64 + 60);
    let mut rows = Vec::new();
    let mut listed = Vec::new();
    let mut seated = Vec::new();
    let mut seeds = Vec::new();
    for n in 0..count {
        let a = rng.random_range(0..players.len());
        let b = (a + rng.random_range(1..players.len())) % players.len();
        let id = format!("bench{n:07}");
        let at = start + TimeDelta::minutes(5 * n as i64);
        let (log, game) = game_log(
            &id,
            [&players[a], &players[b]],
            at,
            n as i64 + 1,
            &mut standing,
            &mut rng,
        );
        let ended = log.last().unwrap().recorded_at;
        listed.push((
            games::id.eq(id.clone()),
            games::kind.eq("kalah"),
            games::options.eq(game.options_json.clone()),
            games::players.eq(2),
            games::private.eq(false),
            games::created_by.eq(players[a].id),
            games::phase.eq("finished"),
            games::last_seq.eq(game.seq),
            games::rated.eq(true),
            games::rating_order.eq(n as i64 + 1),
            (games::created_at.eq(at), games::updated_at.eq(ended)),
        ));
        let read_model = GameRow::of(&game);
        for ((player, seat), to_act) in (read_model.players.iter())
            .zip(&read_model.seats)
            .zip(&read_model.to_act)
        {
            seated.push((
                game_players::game_id.eq(id.clone()),
                game_players::player_id.eq(*player),
                game_players::seat.eq(*seat),
                game_players::to_act.eq(*to_act),
                game_players::joined_at.eq(at),
                game_players::ended_at.eq(Some(ended)),
            ));
        }
        seeds.push((
            game_seeds::game_id.eq(id.clone()),
            game_seeds::seed.eq(SEED.to_vec()),
        ));
        rows.extend(log);
        if listed.len() == 2_000 || n + 1 == count {
            for chunk in listed.chunks(4_000) {
                diesel::insert_into(games::table)
                    .values(chunk)
                    .execute(conn)
                    .unwrap();
            }
            for chunk in rows.chunks(8_000) {
                diesel::insert_into(game_events::table)
                    .values(chunk)
                    .execute(conn)
                    .unwrap();
            }
            for chunk in seated.chunks(8_000) {
                diesel::insert_into(game_players::table)
                    .values(chunk)
                    .execute(conn)
                    .unwrap();
            }
            diesel::insert_into(game_seeds::table)
                .values(&seeds)
                .execute(conn)
                .unwrap();
            listed.clear();
            rows.clear();
            seated.clear();
            seeds.clear();
        }
    }
}

fn ratings_command(url: &str, action: &str) -> (Duration, String) {
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_turnpost"))
        .args(["ratings", action])
        .env("TURNPOST__DATABASE__URL", url)
        .env("TURNPOST__DATABASE__ADMIN_URL", url)
        .env("RUST_LOG", "warn")
        .stderr(Stdio::inherit())
        .output()
        .expect("turnpost runs");
    let took = started.elapsed();
    let said = String::from_utf8_lossy(&output.stdout).trim().to_string();
    assert!(output.status.success(), "ratings {action}: {said}");
    (took, said)
}

/// psql copying out each of `sources` (a table, or a query in parentheses) to nowhere: how long.
fn psql_copy(url: &str, sources: &[&str]) -> Duration {
    let started = Instant::now();
    for source in sources {
        let status = Command::new("psql")
            .args(["-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-c"])
            .arg(format!("\\copy {source} TO '/dev/null'"))
            .status()
            .expect("psql runs");
        assert!(status.success());
    }
    started.elapsed()
}

/// The peer: psql copying out every row of the rated games' logs, to nowhere.
fn peer(url: &str) -> Duration {
    psql_copy(
        url,
        &[
            "(SELECT e.game_id, e.seq, e.command, e.events, e.recorded_at FROM game_events e \
           JOIN games g ON g.id = e.game_id WHERE g.rating_order > 0 \
           ORDER BY g.rating_order, e.seq)",
        ],
    )
}

/// `turnpost audit` on the whole database, with the release binary: how long, and its report.
fn audit_command(url: &str) -> (Duration, String) {
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_turnpost"))
        .arg("audit")
        .env("TURNPOST__DATABASE__URL", url)
        .env("RUST_LOG", "warn")
        .stderr(Stdio::inherit())
        .output()
        .expect("turnpost runs");
    let took = started.elapsed();
    let said = String::from_utf8_lossy(&output.stdout).trim().to_string();
    assert!(output.status.success(), "audit: {said}");
    (took, said)
}

/// The audit's peer: psql copying out every row the audit reads (every game's read-model row,
/// seats, seed and log), to nowhere.
fn audit_peer(url: &str) -> Duration {
    psql_copy(url, &["games", "game_players", "game_seeds", "game_events"])
}

fn seconds(d: Duration) -> String {
    format!("{:.1} s", d.as_secs_f64())
}

fn main() {
    let count = number("RATINGS_GAMES", 100_000).max(1);
    let people = number("RATINGS_PLAYERS", 2_000).max(2);
    let admin = std::env::var("RATINGS_ADMIN_URL")
        .unwrap_or_else(|_| "postgres://postgres@localhost".into());
    let database = format!("turnpost_bench_ratings_{}", std::process::id());
    let url = format!("{admin}/{database}");
    turnpost::store::set_up(&url).expect("the database is made and migrated");
    let mut conn = PgConnection::establish(&url).unwrap();
    diesel::sql_query(format!(
        "INSERT INTO players (email, display_name, unsubscribe_token, confirmed_at)
         SELECT 'rated' || n || '@bench.example', 'Rated ' || n, md5('rated' || n), now()
         FROM generate_series(1, {people}) AS n"
    ))
    .execute(&mut conn)
    .unwrap();
    let players: Vec<Participant> = turnpost::store::schema::players::table
        .filter(turnpost::store::schema::players::id.gt(0))
        .select((
            turnpost::store::schema::players::id,
            turnpost::store::schema::players::display_name,
        ))
        .load::<(i64, String)>(&mut conn)
        .unwrap()
        .into_iter()
        .map(|(id, name)| Participant { id, name })
        .collect();

    let started = Instant::now();
    fill(&mut conn, count, &players);
    diesel::sql_query("ANALYZE").execute(&mut conn).unwrap();
    println!(
        "made {count} rated games among {people} players in {}",
        seconds(started.elapsed())
    );

    let before = peer(&url);
    let (rebuilt, said) = ratings_command(&url, "rebuild");
    println!("rebuild: {} ({said})", seconds(rebuilt));
    let (verified, said) = ratings_command(&url, "verify");
    println!("verify: {} ({said})", seconds(verified));
    let after = peer(&url);
    let peer_time = (before + after) / 2;
    println!(
        "peer, psql copying the rated games' log rows out: {} (before {}, after {})",
        seconds(peer_time),
        seconds(before),
        seconds(after)
    );
    println!(
        "rebuild / peer: {:.1}×; verify / peer: {:.1}×",
        rebuilt.as_secs_f64() / peer_time.as_secs_f64(),
        verified.as_secs_f64() / peer_time.as_secs_f64()
    );

    let before = audit_peer(&url);
    let (audited, said) = audit_command(&url);
    let after = audit_peer(&url);
    let peer_time = (before + after) / 2;
    println!("audit: {} ({said})", seconds(audited));
    println!(
        "peer, psql copying every row the audit reads: {} (before {}, after {})",
        seconds(peer_time),
        seconds(before),
        seconds(after)
    );
    println!(
        "games audited a second: {:.0}; the peer reads {:.0} games' rows a second; audit / peer: {:.1}×",
        count as f64 / audited.as_secs_f64(),
        count as f64 / peer_time.as_secs_f64(),
        audited.as_secs_f64() / peer_time.as_secs_f64()
    );
    drop(conn);
    let _ = Command::new("psql")
        .args(["-q", "-d", &format!("{admin}/postgres"), "-c"])
        .arg(format!("DROP DATABASE {database} WITH (FORCE)"))
        .status();
}
