//! Correspondence tournaments, the arithmetic: who plays whom with which seat first, and how the
//! standings and their tie-breaks follow from the results.
//!
//! Pure: the application layer feeds it the results it reads from the games' logs and records
//! what it returns in the event's own log, so that anyone can recompute every pairing and every
//! standing from an export. Entrants are numbered from 0 in the order the event lists them.

mod berger;
mod lots;
mod matching;
mod standings;
mod swiss;
mod swiss_matching;
mod tables;
mod withdrawal;

pub use berger::{Pairing, round_robin};
pub use lots::{drawn_order, lots};
pub use standings::{Finish, Game, Points, Standing, TieBreaks, standings, standings_with_byes};
pub use swiss::{Ranked, Round, pair as pair_by_search};
pub use swiss_matching::pair as pair_by_matching;
pub use tables::{TableResult, ToSeat, place_points, seat_tables, table_standings};
pub use withdrawal::{Withdrawal, counted, withdrawal};

/// An entrant of an event, by their place in its list of entrants.
pub type Entrant = usize;
