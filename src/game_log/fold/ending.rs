//! How a game came to its end, from its log: the rules' outcome and who left before it, or why
//! the table was called off.

use crate::game_log::fold::replay::Game;
use crate::game_log::stream::CancelReason;
use crate::present::result::{Departure, Ending, result_message};
use crate::rules::{Message, Rules, Seat};

impl<R: Rules> Game<R> {
    /// The seats withdrawn so far and how each left, in the order they left.
    pub fn departures(&self) -> Vec<(Seat, Departure)> {
        (self.resigned.iter())
            .map(|&seat| match self.timed_out.contains(&seat) {
                true => (seat, Departure::TimedOut),
                false => (seat, Departure::Resigned),
            })
            .collect()
    }

    /// The game's end as it is told, once it has ended.
    pub fn ending(&self) -> Option<Ending> {
        Some(Ending {
            outcome: self.ended.as_ref()?.outcome.clone(),
            departures: self.departures(),
            decided_by: self.state.as_ref().and_then(R::decided_by),
        })
    }

    /// How the game ended, or why its table was called off, in words whose seats are
    /// arguments; None while it waits or runs.
    pub fn end_message(&self) -> Option<Message> {
        match (self.cancelled, self.ending()) {
            (Some(CancelReason::ByCreator), _) => {
                Some(Message::new("result-called-off-by-creator"))
            }
            (Some(CancelReason::InvitationsExpired), _) => {
                Some(Message::new("result-called-off-expired"))
            }
            (Some(CancelReason::PlayerLeft), _) => {
                Some(Message::new("result-called-off-player-left"))
            }
            (Some(CancelReason::InviteeLeft), _) => {
                Some(Message::new("result-called-off-invitee-left"))
            }
            (None, Some(ending)) => Some(result_message::<R>(&ending)),
            (None, None) => None,
        }
    }
}
