//! The application layer: load a game's events, fold them through its rules, decide, and append
//! the result together with the read models, all in one transaction.

pub mod cache;
pub mod clock;
pub mod computer;
pub mod decide;
pub mod ending;
pub mod error;
pub mod event_table;
pub mod invitations;
pub mod rating;
pub mod rating_read;
pub mod rating_rebuild;
pub mod read_model;
pub mod record;
pub mod replay;
pub mod seating;
pub mod seed;
pub mod service;
pub mod stream;
pub mod table;
pub mod table_request;
pub mod takeover;
pub mod timeout;
pub mod vacation;
