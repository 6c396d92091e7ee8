//! The shape of a game's log: the commands people submit and the facts recorded for them.
//! Lifecycle facts (created, joined, started, ended) share the stream with the rules' own events.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::clock::TimeControl;
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
    /// Table talk.
    Say {
        text: String,
    },
    /// The actor goes on vacation until then (RFC 3339): their clock in this game stops.
    Away {
        until: String,
    },
    /// The actor is back from vacation early.
    Back,
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
        text: String,
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
    /// Added to a row that holds something some viewer may not see yet: a random value hashed
    /// with the row, withheld from everyone until the game ends, so that the row's public hash
    /// cannot be used to test guesses of the secret.
    Sealed {
        salt: Option<String>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CancelReason {
    ByCreator,
    InvitationsExpired,
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
            Submitted::Say { .. } | Submitted::Away { .. } | Submitted::Back
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
