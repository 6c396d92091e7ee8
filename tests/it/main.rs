//! Integration tests: the real server on a random port, against a real PostgreSQL database of
//! its own (cloned from a migrated template), driven over HTTP.

mod db_proxy;
mod smtp;
mod support;

mod api;
mod api_tokens;
mod audit;
mod azul_game;
mod by_email;
mod cli;
mod clocks;
mod computers;
mod computers_by_email;
mod concurrency;
mod delivery;
mod e2e;
mod endings;
mod event_store;
mod finished_views;
mod game_cache;
mod gype_game;
mod hostile_input;
mod invitations;
mod kabaleo_game;
mod kalah_game;
mod languages;
mod limits;
mod names;
mod notifications;
mod pages;
mod pipelined;
mod pooler;
mod quarto_game;
mod resign;
mod resilience;
mod restart;
mod revalidation;
mod sessions;
mod shutdown;
mod sign_in;
mod slow_clients;
mod table_life;
mod takeover;
mod two_servers;
mod vacation;
