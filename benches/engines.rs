//! Speed of the rules engines and of rebuilding a game from its stored log.
//!
//! Run with `cargo bench --bench engines`. Prints, for Kalah: random playouts per second, and
//! the time to fold a complete game's events and build a view, both from in-memory events and
//! from the JSON rows as the event store returns them.

use std::hint::black_box;
use std::time::{Duration, Instant};

use chrono::Utc;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use turnpost::games::Kind;
use turnpost::games::replay::replay;
use turnpost::games::stream::{Entry, Participant};
use turnpost::rules::kalah::{Kalah, Options};
use turnpost::rules::playout::random_playout;
use turnpost::rules::{Rules, Viewer, fold};
use turnpost::store::events::EventRow;

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
        command: json!({"type": "play"}),
        events: entries,
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
    rows
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
}

fn main() {
    playouts_per_second();
    fold_and_view();
}
