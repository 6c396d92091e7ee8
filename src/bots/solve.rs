//! An exact search (alpha-beta) for two-player games with nothing hidden and nothing left to
//! chance, for the endings of Kalah and Quarto. It gives up rather than guess: past its node
//! limit or its deadline it returns nothing, and the caller searches by sampling instead.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::rules::{Outcome, Rules, Seat, Status};

/// When an exact search gives up.
pub struct Limit {
    pub nodes: u64,
    pub deadline: Instant,
}

/// The best of the seat's moves and what it is worth with best play on both sides: 1 a win, 0 a
/// draw, -1 a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Best {
    pub index: usize,
    pub value: i8,
}

/// The value of a finished game to `me`.
pub fn value_of(outcome: &Outcome, me: Seat) -> i8 {
    match (outcome.winners.contains(&me), outcome.winners.len()) {
        (true, 1) => 1,
        (true, _) => 0,
        (false, _) => -1,
    }
}

/// The first of `legal` (the moves of `me`, to move in `state`) with the best value, if the
/// search ends within `limit`.
pub fn best_move<R: Rules>(
    state: &R::State,
    me: Seat,
    legal: &[R::Command],
    limit: &Limit,
) -> Option<Best> {
    let mut search = Search::<R> {
        me,
        nodes: 0,
        limit,
        rng: ChaCha8Rng::seed_from_u64(0),
        rules: std::marker::PhantomData,
    };
    let mut best: Option<Best> = None;
    for (index, command) in legal.iter().enumerate() {
        let alpha = best.map_or(-1, |b| b.value);
        if alpha == 1 {
            break;
        }
        let child = search.apply(state, me, command)?;
        let value = search.value(&child, alpha, 1)?;
        if best.is_none_or(|b| value > b.value) {
            best = Some(Best { index, value });
        }
    }
    best
}

struct Search<'a, R: Rules> {
    me: Seat,
    nodes: u64,
    limit: &'a Limit,
    /// Handed to `decide`, which needs none in these games.
    rng: ChaCha8Rng,
    rules: std::marker::PhantomData<R>,
}

impl<R: Rules> Search<'_, R> {
    fn apply(&mut self, state: &R::State, seat: Seat, command: &R::Command) -> Option<R::State> {
        self.nodes += 1;
        let out_of_time = self.nodes.is_multiple_of(1024) && Instant::now() >= self.limit.deadline;
        if self.nodes > self.limit.nodes || out_of_time {
            return None;
        }
        let events = R::decide(state, seat, command, &mut self.rng).ok()?;
        Some(
            events
                .iter()
                .fold(state.clone(), |state, event| R::evolve(state, event)),
        )
    }

    /// The value of `state` to `me` within the window (alpha, beta); None on giving up.
    fn value(&mut self, state: &R::State, mut alpha: i8, mut beta: i8) -> Option<i8> {
        let mover = match R::status(state) {
            Status::Finished { outcome } => return Some(value_of(&outcome, self.me)),
            Status::ToAct { seats } => *seats.first()?,
        };
        let mine = mover == self.me;
        let legal = R::legal_commands(state, mover);
        if legal.is_empty() {
            return None;
        }
        let mut best = if mine { -1 } else { 1 };
        for command in legal {
            let child = self.apply(state, mover, &command)?;
            let value = self.value(&child, alpha, beta)?;
            if mine {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }
}
