//! What an Azul game is made of: tiles and their colours, the boards, the commands and events, and
//! the state they fold into.

pub mod board;
pub mod commands;
pub mod events;
pub mod state;
pub mod tiles;
