//! Integration tests: the real server on a random port, against a real PostgreSQL database of
//! its own (cloned from a migrated template), driven over HTTP.

mod support;

mod cli;
mod concurrency;
mod event_store;
mod gype_game;
mod hostile_input;
mod invitations;
mod kalah_game;
mod pages;
mod sign_in;
