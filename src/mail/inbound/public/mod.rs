//! Mail that is about no single game's moves: commands to the public address, the lists they
//! ask for, a new table asked for in words, and replies to emails about a topic.

pub mod commands;
pub mod lists;
pub mod new_table;
pub mod topics;
