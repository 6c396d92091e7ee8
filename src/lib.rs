//! Turnpost: an asynchronous, play-by-email board-game server.
//!
//! One room a capability, each depending only on the layers below its own
//! (`docs/architecture.md` maps them, and `tests/layers` holds the code to that map): the pure
//! rooms at the bottom (`rules`, the game engines; `bots`, how a computer chooses a move;
//! `glicko2` and `tournament_rules`, the arithmetic of ratings and tournaments); then `i18n`,
//! `present`, `store` and `auth`; `game_log` (load, decide, seal, record); `computers`, `clocks`,
//! `ratings`, `tables` and `tournaments` over it; `audit`; `web` and `mail`, side by side;
//! `scheduler`; `server`.

pub mod audit;
pub mod auth;
pub mod bots;
pub mod chain;
pub mod clocks;
pub mod computers;
pub mod config;
pub mod game_log;
pub mod glicko2;
pub mod i18n;
pub mod lookalike;
pub mod mail;
pub mod metrics;
pub mod moderation;
pub mod present;
pub mod ratings;
pub mod rules;
pub mod scheduler;
pub mod server;
pub mod stop;
pub mod store;
pub mod tables;
pub mod tournament_rules;
pub mod tournaments;
pub mod web;
