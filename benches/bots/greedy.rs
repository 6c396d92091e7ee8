//! A simple greedy player for every game, the baseline a computer level should beat easily: it
//! looks one command ahead, takes what scores best now (ties at random) and plays a random legal
//! command one time in ten. It decides from the seat's own knowledge, as the computers do.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use turnpost::bots::{BotGame, Knowledge};
use turnpost::rules::azul::Azul;
use turnpost::rules::gype::Gype;
use turnpost::rules::kabaleo::Kabaleo;
use turnpost::rules::kalah::Kalah;
use turnpost::rules::quarto::{Quarto, QuartoCommand};
use turnpost::rules::{Rules, Seat, Status, Viewer};

/// How often the greedy player plays a random legal command instead.
const NOISE: f64 = 0.1;

/// What a greedy player wants more of, judged on the position after its command.
pub trait Greedy: BotGame {
    fn value(state: &Self::State, seat: Seat) -> f64;
}

/// The greedy player's command for the seat `knowledge` is about.
pub fn choose<R: Greedy>(knowledge: &Knowledge<R>, seed: u64) -> R::Command {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let legal = knowledge.legal_commands();
    if rng.random_bool(NOISE) {
        return legal[rng.random_range(0..legal.len())].clone();
    }
    let state = knowledge.seen_state();
    let seat = knowledge.seat();
    let mut best: Vec<&R::Command> = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for command in &legal {
        let Ok(events) = R::decide(&state, seat, command, &mut rng) else {
            continue;
        };
        let after = events.iter().fold(state.clone(), R::evolve);
        let value = R::value(&after, seat);
        if value > best_value {
            best_value = value;
            best.clear();
        }
        if value >= best_value {
            best.push(command);
        }
    }
    match best.as_slice() {
        [] => legal[rng.random_range(0..legal.len())].clone(),
        some => some[rng.random_range(0..some.len())].clone(),
    }
}

fn won<R: Rules>(state: &R::State, seat: Seat) -> Option<bool> {
    match R::status(state) {
        Status::Finished { outcome } => Some(outcome.winners.contains(&seat)),
        Status::ToAct { .. } => None,
    }
}

/// The most seeds in its store now, against the other's.
impl Greedy for Kalah {
    fn value(state: &Self::State, seat: Seat) -> f64 {
        let view = Kalah::view(state, Viewer::Everyone);
        let store = |mine: bool| -> f64 {
            (view.sides.iter())
                .filter(|side| (side.seat == seat) == mine)
                .map(|side| f64::from(side.store))
                .sum()
        };
        store(true) - store(false)
    }
}

/// Wins when it can, and never hands over a piece the other can win with unless every piece
/// does.
impl Greedy for Quarto {
    fn value(state: &Self::State, seat: Seat) -> f64 {
        match won::<Quarto>(state, seat) {
            Some(true) => return 1.0,
            Some(false) => return -1.0,
            None => {}
        }
        let Status::ToAct { seats } = Quarto::status(state) else {
            return 0.0;
        };
        let Some(&other) = seats.first().filter(|&&s| s != seat) else {
            return 0.0;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let loses = (Quarto::legal_commands(state, other).iter())
            .filter(|c| matches!(c, QuartoCommand::Place { .. }))
            .any(|command| {
                let events = Quarto::decide(state, other, command, &mut rng).unwrap_or_default();
                let after = events.iter().fold(state.clone(), Quarto::evolve);
                won::<Quarto>(&after, other) == Some(true)
            });
        if loses { -1.0 } else { 0.0 }
    }
}

/// The most piles topped with its own colours, then the tie-breakers.
impl Greedy for Kabaleo {
    fn value(state: &Self::State, seat: Seat) -> f64 {
        let view = Kabaleo::view(state, Viewer::Seat(seat));
        (view.seats.iter().find(|s| s.seat == seat))
            .and_then(|s| s.standing)
            .map_or(0.0, |s| {
                f64::from(s.piles) * 1e6
                    + f64::from(s.topped_piles) * 1e3
                    + f64::from(s.tallest_pile)
            })
    }
}

/// The most points now.
impl Greedy for Azul {
    fn value(state: &Self::State, seat: Seat) -> f64 {
        let view = Azul::view(state, Viewer::Seat(seat));
        (view.players.iter().find(|p| p.seat == seat)).map_or(0.0, |p| p.score as f64)
    }
}

/// Its dice as far toward its goal row as they go: a die moved forward when one can be, else a
/// roll, a sideways move or a swap at random.
impl Greedy for Gype {
    fn value(state: &Self::State, seat: Seat) -> f64 {
        if let Some(won) = won::<Gype>(state, seat) {
            return if won { 1e6 } else { -1e6 };
        }
        let view = Gype::view(state, Viewer::Seat(seat));
        let Some(side) = view.seats.get(seat).map(|s| s.side) else {
            return 0.0;
        };
        (view.board.iter().flatten().flatten())
            .filter_map(|cell| cell.die.as_ref().map(|die| (cell.square, die.owner)))
            .filter(|&(_, owner)| owner == seat)
            .map(|(square, _)| f64::from(side.progress(square)))
            .sum()
    }
}
