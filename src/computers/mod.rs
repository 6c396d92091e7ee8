//! Computers at tables: who they are ([`seats`]), playing a computer's turn ([`turns`], over the
//! pure searches of `bots`, which choose the move) and the worker that finds and claims those
//! turns ([`worker`]).

pub mod seats;
pub mod turns;
pub mod worker;

pub use seats::{
    PER_LEVEL, is_computer, level_name, level_of, name, name_in, names, player_id, seat_players,
    tables_in,
};
pub use turns::{Played, Turn, bot_seed, claim, follow, play_turn, suggest, waiting_turns};
pub use worker::{Home, run, run_once, spawn, thinking_time, threads};
