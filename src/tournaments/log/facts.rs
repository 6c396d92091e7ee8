//! The shape of an event's log: what was asked, and the facts recorded for it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::game_log::stream::Participant;
use crate::game_log::stream::time_control::TimeControl;
use crate::rules::Kind;

/// How the event is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "format", rename_all = "snake_case")]
pub enum Format {
    /// A section where everyone meets everyone (twice, seats swapped, when `double`), every game
    /// at once.
    RoundRobin { double: bool },
    /// Two-player rounds paired by score.
    Swiss { rounds: u32 },
    /// Tables of `seats` (three or four), seated by score after the first round.
    Tables { seats: u32, rounds: u32 },
}

impl Format {
    pub fn seats(&self) -> usize {
        match self {
            Format::Tables { seats, .. } => *seats as usize,
            _ => 2,
        }
    }

    /// The rounds, for formats played round by round.
    pub fn rounds(&self) -> Option<u32> {
        match self {
            Format::RoundRobin { .. } => None,
            Format::Swiss { rounds } | Format::Tables { rounds, .. } => Some(*rounds),
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Format::RoundRobin { double: false } => "round_robin",
            Format::RoundRobin { double: true } => "double_round_robin",
            Format::Swiss { .. } => "swiss",
            Format::Tables { .. } => "tables",
        }
    }
}

/// Everything chosen when the event was created.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub title: String,
    pub kind: Kind,
    /// The game's own options, as for a table.
    pub options: Value,
    #[serde(flatten)]
    pub format: Format,
    pub rated: bool,
    pub time_control: TimeControl,
    /// When sign-up closes and the event starts (RFC 3339).
    pub sign_up_closes: String,
    pub min_entrants: u32,
    pub max_entrants: u32,
    /// How long each round may run (seconds) before its unfinished games are decided by the
    /// clock: the seats to act lose. Rounds of a round robin have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_seconds: Option<i64>,
    /// An entrant whose time runs out in this many games is withdrawn.
    pub timeouts_to_withdraw: u32,
    /// How Swiss rounds are paired. Events created before pairing by matching have none in
    /// their log and keep the search that paired them, so that their logs still verify.
    #[serde(default)]
    pub swiss_pairing: SwissPairing,
}

/// The rule that pairs a Swiss event's rounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SwissPairing {
    /// Depth-first search, top down, with backtracking ([`crate::tournament_rules::pair_by_search`]).
    #[default]
    Search,
    /// A maximum-weight perfect matching ([`crate::tournament_rules::pair_by_matching`]).
    Matching,
}

/// What someone (or, with no actor, the server) asked for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Asked {
    Create {
        setup: Setup,
    },
    SignUp,
    /// Leave before the start, or withdraw once it runs.
    Withdraw,
    /// The server closes sign-up: the event starts, or is called off.
    Start,
    /// The organiser starts the event before sign-up closes.
    StartNow,
    /// The organiser calls the event off before it starts.
    CallOff,
    /// The server records how one of the event's games ended.
    Record {
        game: String,
    },
    /// The server pairs the next round.
    Pair {
        round: u32,
    },
    /// The server ends the event.
    Finish,
}

/// One table of a round: the event's game and who sits where, by entrant number, seat 0 first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub game: String,
    pub seats: Vec<usize>,
}

/// Why an entrant left a running event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Leaving {
    Asked,
    TimedOut,
}

/// One recorded fact.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Fact {
    Created {
        setup: Setup,
        creator: Participant,
        /// SHA-256 of the event's seed, which the last row reveals.
        seed_commitment: String,
    },
    SignedUp {
        player: Participant,
    },
    /// Left before the start.
    Left {
        player: Participant,
    },
    /// The event began with these entrants, numbered from 0 in this order (the order they
    /// signed up).
    Started {
        entrants: Vec<Participant>,
    },
    /// The event is called off before it starts: for want of entrants when sign-up closed, or
    /// by its organiser.
    CalledOff {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        by_organiser: bool,
    },
    /// A round's games started together (a round robin has one round holding every game).
    RoundStarted {
        round: u32,
        tables: Vec<Table>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bye: Option<usize>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deadline: Option<String>,
    },
    /// A game of the event ended: each seat's place (1 the best) and the hash of the game log's
    /// last row when it ended, which ties this result to that log.
    Finished {
        game: String,
        places: Vec<u32>,
        /// The seats whose time ran out (or whose round ended) before they moved.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        timed_out: Vec<usize>,
        head: String,
    },
    Withdrawn {
        entrant: usize,
        why: Leaving,
    },
    /// The event is over; its seed is revealed so that anyone can redraw every lot.
    Ended {
        seed: String,
    },
}
