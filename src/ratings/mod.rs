//! Ratings, a projection of the logs: rating each finished game in a defined order and writing
//! the change into its log and the rating tables ([`rate`]), what players read of them
//! ([`read`]), and recomputing them from the logs alone ([`rebuild`]). The arithmetic is the pure
//! `glicko2`.

pub mod rate;
pub mod read;
pub mod rebuild;
