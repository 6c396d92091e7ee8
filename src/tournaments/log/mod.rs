//! A tournament's own log: what it records ([`facts`]), the event folded from it ([`fold`]), and its
//! rows sealed, chained and stored in PostgreSQL with the read models beside them ([`store`]).

pub mod facts;
pub mod fold;
pub mod store;
