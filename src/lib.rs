//! Turnpost: an asynchronous, play-by-email board-game server.
//!
//! Layers, each depending only on those before it: `rules` (pure game engines), `chain` (the
//! log's hash chain), `i18n` (the words of every language), `store` (PostgreSQL), `auth`, `games` (the application layer), `mail` and
//! `web`.

pub mod audit;
pub mod auth;
pub mod chain;
pub mod config;
pub mod games;
pub mod i18n;
pub mod mail;
pub mod present;
pub mod rules;
pub mod scheduler;
pub mod server;
pub mod stop;
pub mod store;
pub mod web;
