//! The shape of a game's log: the commands people submit and the facts recorded for them.
//! Lifecycle facts (created, joined, started, ended) share the stream with the rules' own events.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::plan::Followed;
use super::time_control::TimeControl;
use super::words::{RemovalReason, RemovedBy, Talk};
use crate::auth::Player;
use crate::glicko2::Rating;
use crate::rules::Kind;
use crate::rules::{Outcome, Rules, Seat, Viewer};

/// A player as the log remembers them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    pub id: i64,
    pub name: String,
}

impl Participant {
    /// Computer players are the accounts with ids below zero.
    pub fn is_computer(&self) -> bool {
        self.id < 0
    }
}

/// What a person asked for, stored as submitted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Submitted<C> {
    CreateGame {
        kind: Kind,
        options: Value,
        players: usize,
        private: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_control: Option<TimeControl>,
        /// Whether the game counts for the players' ratings (absent: casual).
        #[serde(default)]
        rated: bool,
    },
    Join,
    Play {
        command: C,
    },
    Resign,
    /// The actor leaves the game and a computer plays their seat on (games of three or four).
    HandOver,
    /// The seat's time ran out: sent by the server (no actor) or, when the table lets them, by
    /// another player.
    TimeOut {
        seat: Seat,
    },
    /// The creator calls off a table that has not started; with no actor, the server does once
    /// every invitation has expired.
    Cancel,
    /// Table talk: the words committed to, as [`Entry::Said`] records them.
    Say {
        text: Talk,
    },
    /// The words of the talk in rows `seqs` are removed: by their author (the actor), or by the
    /// server on a moderator's decision (no actor; `action` is the moderation log's row).
    RemoveTalk {
        seqs: Vec<i64>,
        reason: RemovalReason,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action: Option<i64>,
    },
    /// The actor goes on vacation until then (RFC 3339): their clock in this game stops.
    Away {
        until: String,
    },
    /// The actor is back from vacation early.
    Back,
    /// The server rates a finished rated game (no actor).
    Rate,
    /// The actor commits to a plan of answers to the opponent's next moves, kept secret; it
    /// replaces any plan they made before.
    Plan {
        commitment: String,
    },
}

/// One recorded fact.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Entry<E> {
    GameCreated {
        kind: Kind,
        options: Value,
        players: usize,
        private: bool,
        seed_commitment: String,
        creator: Participant,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_control: Option<TimeControl>,
        #[serde(default)]
        rated: bool,
        /// The ratings that may take an open seat, when the creator asked for a range.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rating_range: Option<RatingRange>,
        /// The tournament this game belongs to, when it is one of an event's games.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        event: Option<EventTable>,
    },
    PlayerJoined {
        player: Participant,
    },
    /// Seats are assigned in this order (seat 0 first), drawn at random.
    GameStarted {
        seating: Vec<Participant>,
    },
    Game {
        event: E,
    },
    /// A player gave up their seat. With one player left the game ends and they win; otherwise
    /// the rules' own facts for the departure follow.
    Resigned {
        seat: Seat,
        player: Participant,
    },
    /// The seat's time ran out and it was withdrawn, as on resignation.
    TimedOut {
        seat: Seat,
        player: Participant,
        /// When its time ran out, by the clocks folded from the rows before.
        due_at: String,
    },
    /// From this row on, `computer` plays the seat that `left` held: the person has left the
    /// game, and the seat plays on to its result. `due_at` is when the person's time ran out,
    /// or absent when they chose to leave.
    SeatTakenOver {
        seat: Seat,
        left: Participant,
        computer: Participant,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        due_at: Option<String>,
    },
    /// The table was called off before it started.
    Cancelled {
        reason: CancelReason,
    },
    /// A player wrote something at the table.
    Said {
        player: Participant,
        text: Talk,
    },
    /// The words of the talk in rows `seqs` were deleted, their commitments kept.
    TalkRemoved {
        seqs: Vec<i64>,
        by: RemovedBy,
        reason: RemovalReason,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action: Option<i64>,
    },
    /// A player is on vacation until `until` (RFC 3339): their clock waits for them.
    Away {
        player: Participant,
        until: String,
    },
    /// A player came back from vacation before it was due to end.
    Back {
        player: Participant,
    },
    /// The game is over; the seed is revealed so that anyone can check every random outcome.
    GameEnded {
        outcome: Outcome,
        seed: String,
    },
    /// The finished game counted for its players' ratings, the `order`th rated game on this
    /// server: each person's rating in this kind of game before it (time away counted) and
    /// after it, from their places. Anyone can check the arithmetic from these numbers alone.
    Rated {
        order: i64,
        players: Vec<RatingChange>,
    },
    /// The player at `seat` committed to a plan (see [`super::plan`]).
    Planned {
        seat: Seat,
        commitment: String,
    },
    /// This row's move is the answer the player at `seat` planned: what of the plan it
    /// reveals, to be checked against the commitment.
    PlanFollowed {
        seat: Seat,
        plan: Followed,
    },
    /// Added to a row that holds something some viewer may not see yet: a random value hashed
    /// with the row, withheld from everyone until the game ends, so that the row's public hash
    /// cannot be used to test guesses of the secret.
    Sealed {
        salt: Option<String>,
    },
}

/// A game of a tournament: which event, round and table, the seat order its pairing gave (the
/// game starts in that order rather than a drawn one) and, in an event with round deadlines,
/// when the round ends: no seat's clock runs past it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventTable {
    pub event: String,
    pub round: u32,
    pub table: u32,
    pub seating: Vec<Participant>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<String>,
}

/// The ratings (as shown, whole numbers) that may take a table's open seats; either end may be
/// open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingRange {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i32>,
}

impl RatingRange {
    pub fn admits(&self, rating: i64) -> bool {
        self.min.is_none_or(|min| rating >= i64::from(min))
            && self.max.is_none_or(|max| rating <= i64::from(max))
    }

    /// "Ratings 1400 to 1700", "Ratings from 1400", "Ratings up to 1700".
    pub fn message(&self) -> crate::rules::Message {
        use crate::rules::Message;
        match (self.min, self.max) {
            (Some(min), Some(max)) => Message::new("rating-range-between")
                .with("min", i64::from(min))
                .with("max", i64::from(max)),
            (Some(min), None) => Message::new("rating-range-from").with("min", i64::from(min)),
            (None, Some(max)) => Message::new("rating-range-up-to").with("max", i64::from(max)),
            (None, None) => Message::new("rating-range-any"),
        }
    }
}

/// One person's rating change in a rated game. `place` is 1 for the best; players who share a
/// place drew with each other.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    pub player: Participant,
    pub place: u32,
    pub before: Rating,
    pub after: Rating,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CancelReason {
    ByCreator,
    InvitationsExpired,
    /// A player who had joined closed their account before the table started.
    PlayerLeft,
    /// A person the table waited for, invited and not yet answered, closed their account, and
    /// nobody else could fill the seat (the server's act: the log names nobody).
    InviteeLeft,
}

impl<C> Submitted<C> {
    /// Whether this row is a move on the board (rather than talk, or the table's business).
    pub fn is_move(&self) -> bool {
        matches!(self, Submitted::Play { .. })
    }

    /// Whether this row changes nothing on the board, so a move form made before it still holds.
    pub fn leaves_board(&self) -> bool {
        matches!(
            self,
            Submitted::Say { .. }
                | Submitted::RemoveTalk { .. }
                | Submitted::Away { .. }
                | Submitted::Back
                | Submitted::Rate
                | Submitted::Plan { .. }
        )
    }
}

/// [`Submitted::is_move`] and [`Submitted::leaves_board`] of a stored command, from its `type`
/// alone: replaying a log reads every row, and parsing each command whole would cost more than
/// the rest of the fold. A test keeps the two in step.
pub mod stored {
    pub fn is_move(tag: &str) -> bool {
        tag == "play"
    }

    pub fn leaves_board(tag: &str) -> bool {
        matches!(
            tag,
            "say" | "remove_talk" | "away" | "back" | "rate" | "plan"
        )
    }
}

impl<E> Entry<E> {
    /// The entry as `viewer` may see it.
    pub fn redacted<R: Rules<Event = E>>(&self, viewer: Viewer) -> Entry<E>
    where
        E: Clone,
    {
        match self {
            Entry::Game { event } => Entry::Game {
                event: R::redact(event, viewer),
            },
            Entry::Sealed { .. } if !viewer.sees_everything() => Entry::Sealed { salt: None },
            other => other.clone(),
        }
    }
}

/// The participant a signed-in player is in a log.
pub fn participant(player: &Player) -> Participant {
    Participant {
        id: player.id,
        name: player.display_name.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_commands_type_tells_what_the_command_itself_does() {
        let every: Vec<Submitted<Value>> = vec![
            Submitted::CreateGame {
                kind: Kind::Kalah,
                options: Value::Null,
                players: 2,
                private: false,
                time_control: None,
                rated: true,
            },
            Submitted::Join,
            Submitted::Play {
                command: Value::Null,
            },
            Submitted::Resign,
            Submitted::HandOver,
            Submitted::TimeOut { seat: 0 },
            Submitted::Cancel,
            Submitted::Say {
                text: super::Talk::commit("hi".into()),
            },
            Submitted::RemoveTalk {
                seqs: vec![3],
                reason: RemovalReason::AuthorsChoice,
                action: None,
            },
            Submitted::Away {
                until: "2026-12-01T00:00:00Z".into(),
            },
            Submitted::Back,
            Submitted::Rate,
            Submitted::Plan {
                commitment: "00".into(),
            },
        ];
        for submitted in every {
            let stored = serde_json::to_value(&submitted).unwrap();
            let tag = stored["type"].as_str().unwrap();
            assert_eq!(stored::is_move(tag), submitted.is_move(), "{tag}");
            assert_eq!(stored::leaves_board(tag), submitted.leaves_board(), "{tag}");
        }
    }
}
