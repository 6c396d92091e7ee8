//! What a Gype game is made of: the board's squares, the dice's faces, the commands and events,
//! and the state they fold into.

pub mod board;
pub mod faces;
pub mod state;
pub mod types;
