//! The shape of a game's log: the commands people submit and the facts recorded for them.
//! Lifecycle facts (created, joined, started, ended) share the stream with the rules' own events.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Kind;
use crate::rules::{Outcome, Rules, Seat, Viewer};

/// A player as the log remembers them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    pub id: i64,
    pub name: String,
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
    },
    Join,
    Play {
        command: C,
    },
    Resign,
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
            Entry::Sealed { .. } if viewer != Viewer::Everyone => Entry::Sealed { salt: None },
            other => other.clone(),
        }
    }
}
