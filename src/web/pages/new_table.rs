//! A new table as its creator asks for it, from the form or from a JSON body.

use crate::games::clock::TimeControl;
use crate::rules::Rules;

/// What a creator asks for, read and checked.
pub(super) struct Request {
    pub(super) options: serde_json::Value,
    pub(super) invitees: Vec<String>,
    pub(super) open_seats: usize,
    pub(super) computers: Vec<crate::bots::Level>,
    pub(super) time_control: Option<TimeControl>,
    /// Rated unless the creator asks for a casual game (a table with a computer is casual).
    pub(super) rated: bool,
    /// The ratings that may take the open seats.
    pub(super) rating_range: Option<crate::games::stream::RatingRange>,
}

/// The fewest and most players the game can seat.
pub(super) fn player_range<R: Rules>() -> (usize, usize) {
    let counts = R::player_counts(&R::Options::default());
    (*counts.start(), *counts.end())
}
