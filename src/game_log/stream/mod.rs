//! What a game's log holds: the commands people submit and the facts recorded for them, how
//! each seat's time is counted from those rows, and the seed every decision draws from.

mod entry;
pub mod plan;
pub mod seed;
pub mod time_control;
mod words;

pub use entry::{
    CancelReason, Entry, EventTable, Participant, RatingChange, RatingRange, Submitted,
    participant, stored,
};
pub use words::{RemovalReason, RemovedBy, Talk, Words};
