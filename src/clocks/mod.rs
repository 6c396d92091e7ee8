//! What happens on a game's clocks: seats that run out of time ([`timeout`]) and the computers
//! that take a seat over from a person who leaves ([`hand_over`]), and vacations that stop a
//! player's clocks ([`vacation`]). How each seat's time is counted from the log is part of the
//! fold (`game_log::stream::time_control`); the scheduler runs the deadlines.

pub mod hand_over;
pub mod timeout;
pub mod vacation;
