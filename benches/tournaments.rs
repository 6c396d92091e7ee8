//! `cargo bench --bench tournaments`: pairing every round of Swiss events of many entrants.
//!
//! For each size (`TOURNAMENT_SIZES`, default 64,256,1000) it plays an event of
//! `TOURNAMENT_ROUNDS` (default 11 and 20) rounds of random results (a win, a draw or a loss,
//! equally likely), pairing each round by matching as the server does, and reports the slowest
//! round's time, the mean, and the games paired outside their score group.

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost::tournament::{Ranked, Round, pair_by_matching};

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
