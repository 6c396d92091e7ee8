//! How strong each level of the computer is, and how long it thinks.
//!
//! Run with `cargo bench --bench bots` (all five games, 2 players) or, for fewer or more games
//! per pairing or one kind, `cargo bench --bench bots -- 40 kalah`; `greedy` plays only the levels against the greedy player. For each game it plays every
//! level against uniformly random play, against a simple greedy player ([`greedy`]) and the
//! levels against each other, with seats rotated
//! (each side moves first in half the games), and prints the first side's share of the wins
//! (a draw counts half) with its 95% Wilson interval, how many games did not end within the
//! cap, and the first side's thinking time per move (median and 95th percentile).

#[path = "bots/greedy.rs"]
mod greedy;

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use greedy::Greedy;
use turnpost::bots::{Knowledge, Level, choose};
use turnpost::rules::azul::Azul;
use turnpost::rules::gype::Gype;
use turnpost::rules::kabaleo::Kabaleo;
use turnpost::rules::kalah::Kalah;
use turnpost::rules::quarto::Quarto;
use turnpost::rules::{Status, fold};

/// Commands after which a game is given up as unfinished (a draw). Gype games between computers
/// run to a thousand commands and more.
const LONGEST_GAME: usize = 3_000;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Side {
    Random,
    Greedy,
    Bot(Level),
}

impl Side {
    fn name(self) -> &'static str {
        match self {
            Side::Random => "random",
            Side::Greedy => "greedy",
            Side::Bot(level) => level.as_str(),
        }
    }
}

/// One game: `sides[seat]` plays each seat. Returns each seat's share of the win, whether the
/// game ended, and each seat's thinking times.
fn play<R: Greedy>(sides: [Side; 2], seed: u64) -> ([f64; 2], bool, [Vec<Duration>; 2]) {
    let options = R::Options::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut events = R::setup(&options, 2, &mut rng);
    let mut state = fold::<R>(&options, 2, &events);
    let mut thinking = [Vec::new(), Vec::new()];
    for turn in 0..LONGEST_GAME {
        let seats = match R::status(&state) {
            Status::Finished { outcome } => {
                let each = 1.0 / outcome.winners.len().max(1) as f64;
                let share = |seat| f64::from(u8::from(outcome.winners.contains(&seat))) * each;
                return ([share(0), share(1)], true, thinking);
            }
            Status::ToAct { seats } => seats,
        };
        let seat = seats[0];
        let command = match sides[seat] {
            Side::Random => {
                let legal = R::legal_commands(&state, seat);
                legal[rng.random_range(0..legal.len())].clone()
            }
            Side::Greedy => {
                let seen = Knowledge::<R>::new(options.clone(), 2, seat, &events);
                greedy::choose(&seen, seed ^ turn as u64)
            }
            Side::Bot(level) => {
                let seen = Knowledge::<R>::new(options.clone(), 2, seat, &events);
                let start = Instant::now();
                let choice = choose(&seen, level, seed ^ turn as u64).expect("a move");
                thinking[seat].push(start.elapsed());
                choice.command
            }
        };
        for event in R::decide(&state, seat, &command, &mut rng).expect("legal") {
            state = R::evolve(state, &event);
            events.push(event);
        }
    }
    ([0.5, 0.5], false, thinking)
}

/// The 95% Wilson score interval of a share `p` of `n` games.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z = 1.96_f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// One game of a pairing: the first side's share of the win, whether the game ended, and the
/// first side's thinking times. Seats rotate: the first side sits first in even games.
fn one_game<R: Greedy>(first: Side, second: Side, game: usize) -> (f64, bool, Vec<Duration>) {
    let (sides, mine) = match game % 2 {
        0 => ([first, second], 0),
        _ => ([second, first], 1),
    };
    let (shares, ended, mut thinking) = play::<R>(sides, game as u64);
    (shares[mine], ended, std::mem::take(&mut thinking[mine]))
}

fn pairing<R: Greedy>(first: Side, second: Side, games: usize, threads: usize) {
    // Each game is seeded by its number, so the results do not depend on the threads.
    let results: Vec<(f64, bool, Vec<Duration>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..games)
                        .step_by(threads)
                        .map(|game| one_game::<R>(first, second, game))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        (workers.into_iter())
            .flat_map(|w| w.join().expect("a game panicked"))
            .collect()
    });
    let won: f64 = results.iter().map(|r| r.0).sum();
    let unfinished = results.iter().filter(|r| !r.1).count();
    let mut times: Vec<Duration> = results.into_iter().flat_map(|r| r.2).collect();
    times.sort();
    let p = won / games as f64;
    let (low, high) = wilson(p, games as f64);
    println!(
        "{:<8} {:>6} vs {:<6} {:>5.1}%  [{:>5.1}, {:>5.1}]  unfinished {:>2}  think median {:>7.1} ms  p95 {:>7.1} ms",
        R::KIND,
        first.name(),
        second.name(),
        p * 100.0,
        low * 100.0,
        high * 100.0,
        unfinished,
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.95).as_secs_f64() * 1e3,
    );
}

fn kind<R: Greedy>(games: usize, threads: usize, greedy_only: bool) {
    use Level::*;
    if greedy_only {
        for level in [Easy, Medium, Hard] {
            pairing::<R>(Side::Bot(level), Side::Greedy, games, threads);
        }
        return;
    }
    for level in [Easy, Medium, Hard] {
        pairing::<R>(Side::Bot(level), Side::Random, games, threads);
    }
    for level in [Easy, Medium, Hard] {
        pairing::<R>(Side::Bot(level), Side::Greedy, games, threads);
    }
    pairing::<R>(Side::Bot(Medium), Side::Bot(Easy), games, threads);
    pairing::<R>(Side::Bot(Hard), Side::Bot(Easy), games, threads);
    pairing::<R>(Side::Bot(Hard), Side::Bot(Medium), games, threads);
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let games = args.iter().find_map(|a| a.parse().ok()).unwrap_or(20);
    let greedy_only = args.iter().any(|a| a == "greedy");
    let only = (args.iter()).find(|a| a.parse::<usize>().is_err() && *a != "greedy");
    let wanted = |kind: &str| only.is_none_or(|o| o == kind);
    // Games are played side by side, one a core: on a quiet machine each thinks as it would alone.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "{games} games per pairing ({threads} at a time), 2 players, seats rotated; first side's share of the wins"
    );
    if wanted("kalah") {
        kind::<Kalah>(games, threads, greedy_only);
    }
    if wanted("quarto") {
        kind::<Quarto>(games, threads, greedy_only);
    }
    if wanted("kabaleo") {
        kind::<Kabaleo>(games, threads, greedy_only);
    }
    if wanted("azul") {
        kind::<Azul>(games, threads, greedy_only);
    }
    if wanted("gype") {
        kind::<Gype>(games, threads, greedy_only);
    }
}
