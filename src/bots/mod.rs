//! Computer players for every game, built on the rules engines alone.
//!
//! A computer decides from a [`Knowledge`]: what one seat may know of its game, made only from
//! events redacted for that seat. It never sees the state, another seat's secret or the seed.
//! Where the seat cannot see everything, the search samples what it cannot see
//! ([`BotGame::sample_hidden`]) many times over, consistently with what it saw, and searches
//! each sample (information-set Monte Carlo tree search with determinization, [`search`]). Games
//! with nothing hidden and nothing left to chance (Kalah, Quarto) are also searched exactly
//! once few enough moves are left ([`solve`]), so the strongest level never throws away a won
//! or drawn ending.
//!
//! Every level is deterministic given its seed: the same knowledge, level and seed choose the same
//! command, unless the time bound cuts the search short (which [`Choice::cut_short`] says).

mod games;
mod knowledge;
pub mod search;
pub mod solve;

#[cfg(test)]
mod tests;

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::{Rng, Rules, Seat};

pub use knowledge::Knowledge;

/// How hard the computer thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The name used in settings, forms and logs: "easy", "medium", "hard".
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.as_str() == text)
    }

    /// Searches per move: each samples what the seat cannot see and plays one game out.
    pub fn iterations(self) -> u32 {
        match self {
            Level::Easy => 40,
            Level::Medium => 400,
            Level::Hard => 4_000,
        }
    }

    /// Positions an exact search may visit before it gives up (games searched exactly only).
    pub fn exact_nodes(self) -> u64 {
        match self {
            Level::Easy => 0,
            Level::Medium => 20_000,
            Level::Hard => 400_000,
        }
    }
}

/// The most time a computer spends on one move, whatever its level. The search runs on one
/// thread, so this also bounds the processor time a move costs.
pub const THINKING_TIME: Duration = Duration::from_millis(900);

/// The games a computer can play: the rules, and how to sample what a seat cannot see.
pub trait BotGame: Rules + Sized {
    /// Nothing is hidden from any seat and nothing is left to chance once play has begun, so a
    /// position can be searched exactly.
    const EXACT: bool = false;

    /// Sampled games searched per move at `level`: the level's own count unless a game's
    /// playouts cost so much more that the hardest level would not fit in [`THINKING_TIME`].
    fn iterations(level: Level) -> u32 {
        level.iterations()
    }

    /// Commands a random playout takes before the game is judged by [`BotGame::estimate`].
    const PLAYOUT_COMMANDS: usize = 1_000;

    /// Each seat's share of the win in an unfinished game, judged from the board (summing to 1).
    /// By default nobody is ahead.
    fn estimate(_state: &Self::State, players: usize) -> Vec<f64> {
        vec![1.0 / players as f64; players]
    }

    /// Of `legal`, a move to make without searching, in the game and in every playout: where the
    /// search cannot tell the moves apart and one of them is plainly what to do.
    fn forced(_state: &Self::State, _legal: &[Self::Command]) -> Option<usize> {
        None
    }

    /// Of `legal`, the command a playout makes for `seat` where no move is
    /// [`BotGame::forced`]: uniformly random by default. A game may lean towards what a plain
    /// player sees is good at once, so that playouts look more like the games they stand for.
    fn playout_command(
        _state: &Self::State,
        _seat: Seat,
        legal: &[Self::Command],
        rng: &mut ChaCha8Rng,
    ) -> usize {
        rng.random_range(0..legal.len())
    }

    /// The events the seat was shown, with every part hidden from it drawn at random,
    /// consistently with what it saw: one of the games the seat may be in.
    fn sample_hidden(knowledge: &Knowledge<Self>, _rng: Rng<'_>) -> Vec<Self::Event> {
        knowledge.seen().to_vec()
    }
}

/// A computer's move and how it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<C> {
    pub command: C,
    /// Sampled games searched.
    pub iterations: u32,
    /// The move was proven best by an exact search.
    pub solved: bool,
    /// The time bound ended the search early; the move is the best found by then.
    pub cut_short: bool,
}

/// The command the computer at `knowledge`'s seat plays at `level`, drawing its randomness from
/// `seed`; None when the seat has nothing to do.
pub fn choose<R: BotGame>(
    knowledge: &Knowledge<R>,
    level: Level,
    seed: u64,
) -> Option<Choice<R::Command>> {
    choose_within(knowledge, level, seed, Instant::now() + THINKING_TIME)
}

/// As [`choose`], thinking until `deadline` at the latest.
pub fn choose_within<R: BotGame>(
    knowledge: &Knowledge<R>,
    level: Level,
    seed: u64,
    deadline: Instant,
) -> Option<Choice<R::Command>> {
    let legal = knowledge.legal_commands();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    match legal.as_slice() {
        [] => return None,
        [only] => {
            return Some(Choice {
                command: only.clone(),
                iterations: 0,
                solved: false,
                cut_short: false,
            });
        }
        _ => {}
    }
    if let Some(index) = R::forced(&knowledge.seen_state(), &legal) {
        return Some(Choice {
            command: legal[index].clone(),
            iterations: 0,
            solved: false,
            cut_short: false,
        });
    }
    if R::EXACT && knowledge.players() == 2 && level.exact_nodes() > 0 {
        let state = knowledge.seen_state();
        let limit = solve::Limit {
            nodes: level.exact_nodes(),
            deadline,
        };
        if let Some(best) = solve::best_move::<R>(&state, knowledge.seat(), &legal, &limit)
            && best.value >= 0
        {
            return Some(Choice {
                command: legal[best.index].clone(),
                iterations: 0,
                solved: true,
                cut_short: false,
            });
        }
    }
    let budget = search::Budget {
        iterations: R::iterations(level),
        deadline,
    };
    let found = search::search(knowledge, &legal, &budget, &mut rng);
    let index = match found.best {
        Some(index) => index,
        // Not one sample was searched in time: any legal move rather than none.
        None => rng.random_range(0..legal.len()),
    };
    Some(Choice {
        command: legal[index].clone(),
        iterations: found.iterations,
        solved: false,
        cut_short: found.cut_short,
    })
}
