//! Strangers at one table: reports of talk, players and games ([`reports`]), the moderators the
//! operator names ([`people`]), their desk ([`desk`]) and the hash-chained log of everything they
//! do ([`log`]). Blocks between two people are `crate::auth::blocks`; removing a message's words
//! from a game's log is `crate::tables::talk`.

pub mod desk;
pub mod log;
pub mod people;
pub mod reports;
