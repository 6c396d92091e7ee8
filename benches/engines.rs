//! Speed of the rules engines and of rebuilding a game from its stored log.
//!
//! Run with `cargo bench --bench engines`. Prints, for Kalah and for Azul: Summer Pavilion:
//! random playouts per second, and the time to fold a complete game's events and build a view,
//! both from in-memory events and from the JSON rows as the event store returns them; and what
//! checking those rows' hash chain (done on every load) adds to a load. Then, for every kind, the
//! time to fold a long random game and build a view, and to fold its first half: the cost per
//! event of both shows whether it grows with the game's length.

use std::hint::black_box;
use std::time::{Duration, Instant};

use chrono::Utc;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use turnpost::chain::{GENESIS, RowContent};
use turnpost::game_log::fold::replay::replay;
use turnpost::game_log::stream::{Entry, Participant};
use turnpost::rules::Kind;
use turnpost::rules::azul::Azul;
use turnpost::rules::kalah::{Kalah, Options};
use turnpost::rules::playout::random_playout;
use turnpost::rules::{Rules, Status, Viewer, fold};
use turnpost::store::events::{EventRow, verify_chain};

/// Runs `work` repeatedly for about `budget` and returns the mean time per run.
fn measure(budget: Duration, mut work: impl FnMut()) -> (Duration, u32) {
    let start = Instant::now();
    let mut runs = 0;
    while start.elapsed() < budget || runs < 10 {
        work();
        runs += 1;
    }
    (start.elapsed() / runs, runs)
}

fn playouts_per_second() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let options = Options::default();
    let (mean, runs) = measure(Duration::from_secs(3), || {
        let playout = random_playout::<Kalah>(&options, 2, &mut rng, 10_000).unwrap();
        black_box(playout.events.len());
    });
    println!(
        "kalah random playout: {:>10.0} games/s ({runs} games, {:.1} µs each)",
        1.0 / mean.as_secs_f64(),
        mean.as_secs_f64() * 1e6
    );
}

/// The longest of a few random games, as a stand-in for a long real one.
fn long_game() -> (Options, Vec<<Kalah as Rules>::Event>, usize) {
    let options = Options {
        seeds_per_pit: 6,
        ..Options::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    (0..200)
        .map(|_| random_playout::<Kalah>(&options, 2, &mut rng, 10_000).unwrap())
        .max_by_key(|p| p.commands)
        .map(|p| (options.clone(), p.events, p.commands))
        .unwrap()
}

/// The game as the event store holds it: one row per command, events as JSON.
fn stored_rows(options: &Options, events: &[<Kalah as Rules>::Event]) -> Vec<EventRow> {
    let ann = Participant {
        id: 1,
        name: "Ann".into(),
    };
    let bo = Participant {
        id: 2,
        name: "Bo".into(),
    };
    let opening: Vec<Entry<<Kalah as Rules>::Event>> = vec![
        Entry::GameCreated {
            kind: Kind::Kalah,
            options: serde_json::to_value(options).unwrap(),
            players: 2,
            private: false,
            seed_commitment: "00".repeat(32),
            creator: ann.clone(),
            time_control: None,
            rated: false,
            rating_range: None,
            event: None,
        },
        Entry::PlayerJoined {
            player: ann.clone(),
        },
        Entry::PlayerJoined { player: bo.clone() },
        Entry::GameStarted {
            seating: vec![ann, bo],
        },
    ];
    let row = |seq: i64, entries: serde_json::Value| EventRow {
        game_id: "bench".into(),
        seq,
        actor: Some(1),
        command: json!({"type": "play"}).into(),
        events: entries.into(),
        recorded_at: Utc::now(),
        prev_hash: vec![0; 32],
        hash: vec![0; 32],
    };
    let mut rows = vec![row(1, serde_json::to_value(&opening).unwrap())];
    for (i, event) in events.iter().enumerate() {
        let entry: Entry<_> = Entry::Game {
            event: event.clone(),
        };
        rows.push(row(
            i as i64 + 2,
            serde_json::to_value(vec![entry]).unwrap(),
        ));
    }
    chain(&mut rows);
    rows
}

/// Gives the rows the hashes the event store would have written.
fn chain(rows: &mut [EventRow]) {
    let mut prev = GENESIS;
    for row in rows {
        let time = row.recorded_at_text();
        let hash = RowContent {
            game_id: &row.game_id,
            seq: row.seq,
            actor: row.actor,
            command: &row.command.value(),
            events: &row.events.value(),
            recorded_at: &time,
        }
        .hash(&prev);
        row.prev_hash = prev.to_vec();
        row.hash = hash.to_vec();
        prev = hash;
    }
}

fn fold_and_view() {
    let (options, events, commands) = long_game();
    let (mean, runs) = measure(Duration::from_secs(2), || {
        let state = fold::<Kalah>(&options, 2, &events);
        black_box(Kalah::view(&state, Viewer::Seat(0)));
    });
    println!(
        "kalah fold + view, {} events ({commands} moves): {:.2} µs ({runs} runs)",
        events.len(),
        mean.as_secs_f64() * 1e6
    );
    let rows = stored_rows(&options, &events);
    let (mean, runs) = measure(Duration::from_secs(2), || {
        let game = replay::<Kalah>(&rows, None).unwrap();
        black_box(Kalah::view(game.state.as_ref().unwrap(), Viewer::Seat(0)));
    });
    println!(
        "kalah replay from {} stored JSON rows + view: {:.2} µs ({runs} runs)",
        rows.len(),
        mean.as_secs_f64() * 1e6
    );
    let replayed = mean;
    let (mean, runs) = measure(Duration::from_secs(2), || {
        black_box(verify_chain(&rows).unwrap());
    });
    println!(
        "kalah hash-chain check of the same {} rows: {:.2} µs ({runs} runs), {:.0}% of the replay",
        rows.len(),
        mean.as_secs_f64() * 1e6,
        100.0 * mean.as_secs_f64() / replayed.as_secs_f64()
    );
}

// ---- Azul: Summer Pavilion -------------------------------------------------------------------

type AzulEvent = <Azul as Rules>::Event;
type AzulOptions = <Azul as Rules>::Options;

fn azul_playouts_per_second(players: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let options = AzulOptions::default();
    let (mean, runs) = measure(Duration::from_secs(3), || {
        let playout = random_playout::<Azul>(&options, players, &mut rng, 10_000).unwrap();
        black_box(playout.events.len());
    });
    println!(
        "azul random playout, {players} players: {:>8.0} games/s ({runs} games, {:.0} µs each)",
        1.0 / mean.as_secs_f64(),
        mean.as_secs_f64() * 1e6
    );
}

/// A complete random game, its events grouped as the store keeps them: the opening facts, then
/// the events of each command.
fn azul_game(players: usize, seed: u64) -> (AzulOptions, Vec<Vec<AzulEvent>>) {
    let options = AzulOptions::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let opening = Azul::setup(&options, players, &mut rng);
    let mut state = fold::<Azul>(&options, players, &opening);
    let mut groups = vec![opening];
    while let Status::ToAct { seats } = Azul::status(&state) {
        let legal = Azul::legal_commands(&state, seats[0]);
        let command = &legal[rand::RngExt::random_range(&mut rng, 0..legal.len())];
        let events = Azul::decide(&state, seats[0], command, &mut rng).unwrap();
        for event in &events {
            state = Azul::evolve(state, event);
        }
        groups.push(events);
    }
    (options, groups)
}

/// The game as the event store holds it: the creation, one row per join (the last also starts
/// the game with the opening facts), one row per command, the last also ending the game.
fn azul_stored_rows(
    options: &AzulOptions,
    players: usize,
    groups: &[Vec<AzulEvent>],
) -> Vec<EventRow> {
    let people: Vec<Participant> = (0..players)
        .map(|i| Participant {
            id: i as i64 + 1,
            name: format!("Player {}", i + 1),
        })
        .collect();
    let row = |seq: i64, actor: i64, entries: Vec<Entry<AzulEvent>>| EventRow {
        game_id: "bench".into(),
        seq,
        actor: Some(actor),
        command: json!({"type": "play"}).into(),
        events: serde_json::to_value(entries).unwrap().into(),
        recorded_at: Utc::now(),
        prev_hash: vec![0; 32],
        hash: vec![0; 32],
    };
    let mut rows = vec![row(
        1,
        1,
        vec![
            Entry::GameCreated {
                kind: Kind::Azul,
                options: serde_json::to_value(options).unwrap(),
                players,
                private: false,
                seed_commitment: "00".repeat(32),
                creator: people[0].clone(),
                time_control: None,
                rated: false,
                rating_range: None,
                event: None,
            },
            Entry::PlayerJoined {
                player: people[0].clone(),
            },
        ],
    )];
    let game = |events: &[AzulEvent]| {
        events
            .iter()
            .map(|event| Entry::Game {
                event: event.clone(),
            })
            .collect::<Vec<_>>()
    };
    for (i, person) in people.iter().enumerate().skip(1) {
        let mut entries = vec![Entry::PlayerJoined {
            player: person.clone(),
        }];
        if i == players - 1 {
            entries.push(Entry::GameStarted {
                seating: people.clone(),
            });
            entries.extend(game(&groups[0]));
        }
        rows.push(row(rows.len() as i64 + 1, person.id, entries));
    }
    for events in &groups[1..] {
        rows.push(row(rows.len() as i64 + 1, 1, game(events)));
    }
    rows
}

fn azul_fold_and_view() {
    let players = 4;
    let (options, groups) = azul_game(players, 4);
    let events: Vec<AzulEvent> = groups.iter().flatten().cloned().collect();
    let (mean, runs) = measure(Duration::from_secs(2), || {
        let state = fold::<Azul>(&options, players, &events);
        black_box(Azul::view(&state, Viewer::Seat(0)));
    });
    println!(
        "azul fold + view, 4 players, {} events ({} moves): {:.1} µs ({runs} runs)",
        events.len(),
        groups.len() - 1,
        mean.as_secs_f64() * 1e6
    );
    let rows = azul_stored_rows(&options, players, &groups);
    let (mean, runs) = measure(Duration::from_secs(2), || {
        let game = replay::<Azul>(&rows, None).unwrap();
        black_box(Azul::view(game.state.as_ref().unwrap(), Viewer::Seat(0)));
    });
    println!(
        "azul replay from {} stored JSON rows + view, 4 players: {:.0} µs ({runs} runs)",
        rows.len(),
        mean.as_secs_f64() * 1e6
    );
}

/// Events of a random game of `R`: played until it ends or `limit` commands were made.
fn random_events<R: Rules>(options: &R::Options, players: usize, limit: usize) -> Vec<R::Event> {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut events = R::setup(options, players, &mut rng);
    let mut state = fold::<R>(options, players, &events);
    for _ in 0..limit {
        let Status::ToAct { seats } = R::status(&state) else {
            break;
        };
        let legal = R::legal_commands(&state, seats[0]);
        let command = &legal[rand::RngExt::random_range(&mut rng, 0..legal.len())];
        for event in R::decide(&state, seats[0], command, &mut rng).unwrap() {
            state = R::evolve(state, &event);
            events.push(event);
        }
    }
    events
}

/// Fold + view of a long game of `R` and of its first half, per game and per event.
fn fold_and_view_of<R: Rules>(name: &str, players: usize, limit: usize) {
    let options = R::Options::default();
    let events = random_events::<R>(&options, players, limit);
    let time = |events: &[R::Event]| {
        measure(Duration::from_secs(1), || {
            let state = fold::<R>(&options, players, events);
            black_box(R::view(&state, Viewer::Seat(0)));
        })
        .0
    };
    let half = &events[..events.len() / 2];
    let (whole_time, half_time) = (time(&events), time(half));
    let per_event = |t: Duration, n: usize| t.as_secs_f64() * 1e9 / n.max(1) as f64;
    println!(
        "{name:<8} fold + view: {:>4} events {:>8.1} µs ({:>5.0} ns/event); first {:>4}: {:>8.1} µs ({:>5.0} ns/event)",
        events.len(),
        whole_time.as_secs_f64() * 1e6,
        per_event(whole_time, events.len()),
        half.len(),
        half_time.as_secs_f64() * 1e6,
        per_event(half_time, half.len()),
    );
}

fn every_kind_fold_and_view() {
    use turnpost::rules::{gype::Gype, kabaleo::Kabaleo, quarto::Quarto};
    fold_and_view_of::<Kalah>("kalah", 2, 2_000);
    fold_and_view_of::<Quarto>("quarto", 2, 2_000);
    fold_and_view_of::<Kabaleo>("kabaleo", 4, 2_000);
    fold_and_view_of::<Azul>("azul", 4, 2_000);
    // Random Gype games wander for thousands of moves: 400 commands, as in a long real game.
    fold_and_view_of::<Gype>("gype", 2, 400);
}

fn main() {
    every_kind_fold_and_view();
    playouts_per_second();
    fold_and_view();
    azul_playouts_per_second(2);
    azul_playouts_per_second(4);
    azul_fold_and_view();
}
