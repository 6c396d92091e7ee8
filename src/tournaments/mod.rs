//! Tournaments: round robins, Swiss and events of tables of three or four, each event-sourced
//! like a game, with its own hash-chained log and committed seed. (A tournament is an "event" in
//! its URLs, tables and exports; its pairing and standings arithmetic is `tournament_rules`.)
//!
//! The log records sign-ups, the start, each round's pairings with its games, each game's
//! result (tied to the game's own log by the hash of the row that ended it), withdrawals and the
//! end, which reveals the seed. [`decide`] computes every pairing and standing from the log and
//! the seed, so an export can be checked offline (`turnpost verify`).

pub mod decide;
pub mod kept;
pub mod log;
pub mod read;
pub mod round_games;
pub mod service;
