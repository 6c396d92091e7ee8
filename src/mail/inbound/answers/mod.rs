//! The emails that answer incoming mail: to a reply to a game's address ([`game`]), and to a
//! command or a reply about no single game's moves ([`told`]).

pub mod game;
pub mod told;
