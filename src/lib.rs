//! Turnpost: an asynchronous, play-by-email board-game server.
//!
//! Layers, each depending only on those below it (`docs/architecture.md` lists them, and
//! `tests/layers` holds the code to them): `rules` (pure game engines); `chain`, `config` and
//! `stop`; `i18n` (the words of every language); `present` (how each game looks); `store`
//! (PostgreSQL); `auth`; `games` (the application layer); `audit`; `web` and `mail`, side by
//! side; `scheduler`; `server`.

pub mod audit;
pub mod auth;
pub mod bots;
pub mod chain;
pub mod computers;
pub mod config;
pub mod events;
pub mod games;
pub mod i18n;
pub mod mail;
pub mod metrics;
pub mod present;
pub mod ratings;
pub mod rules;
pub mod scheduler;
pub mod server;
pub mod stop;
pub mod store;
pub mod tournament;
pub mod web;
