//! For tests that check something of every position a game can reach: the positions of seeded
//! random games, and where a command leads from one.

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

use crate::rules::playout::random_playout;
use crate::rules::{Rules, Seat, Status};

/// Visits every position of `games` random games (seeded 0, 1, …) in which someone is to act,
/// once for each seat to act.
pub fn each_position<R: Rules>(
    options: &R::Options,
    players: usize,
    games: u64,
    mut visit: impl FnMut(&R::State, Seat),
) {
    for game in 0..games {
        let mut rng = ChaCha20Rng::seed_from_u64(game);
        let playout = random_playout::<R>(options, players, &mut rng, 5_000).unwrap();
        let mut state = R::initial_state(options, players);
        for event in &playout.events {
            state = R::evolve(state, event);
            if let Status::ToAct { seats } = R::status(&state) {
                for seat in seats {
                    visit(&state, seat);
                }
            }
        }
    }
}

/// The position `command` leads to, every random draw made from the same stream.
pub fn position_after<R: Rules>(state: &R::State, seat: Seat, command: &R::Command) -> R::State {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let events = R::decide(state, seat, command, &mut rng).expect("a legal command is accepted");
    events.iter().fold(state.clone(), |s, e| R::evolve(s, e))
}
