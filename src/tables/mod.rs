//! Tables before and beside the game: a new table as its creator asks for it ([`request`]),
//! creating it and taking seats ([`seating`]), its invitations ([`invitations`]), and its own
//! business besides the moves — calling it off, leaving, a rematch ([`table`]) — and its talk,
//! written and removed ([`talk`]).

pub mod invitations;
pub mod plans;
pub mod request;
pub mod seating;
pub mod table;
pub mod talk;
