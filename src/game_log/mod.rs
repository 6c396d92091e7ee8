//! The game log: every game's append-only, hash-chained log of commands and the facts they
//! recorded, and the one way a command takes through it — load the game folded to its head,
//! decide the row the command adds through the rules, seal it (stamped, chained, and the game
//! folded through it), and record it with the read models and the notifications it causes, all
//! in one transaction or one guarded statement.
//!
//! Its folders, from the bottom: `stream` (what a log holds: the entries, the time controls folded
//! from them, the seed), `fold` (rebuilding a game from its rows, the folded-game cache, loading),
//! `decide` (what each command records, sealing a row) and `record` (writing a row with the read
//! models); `commands` takes a person's command along that way.

pub mod commands;
pub mod decide;
pub mod error;
pub mod fold;
pub mod record;
pub mod stream;
