//! The stored shapes: table options, commands and events. They are kept forever as JSON.

use serde::{Deserialize, Serialize};

use super::board::Square;
use super::faces::{Face, HatPath};
use crate::rules::Seat;

/// How the dice start (spec §11).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum StartRule {
    /// Two each of Flame, Swords, Book and Tree.
    #[default]
    Classic,
    /// Every starting face random, but never an Ear.
    Random,
}

/// Table options: `{"start": "classic" | "random", "chaos": bool}`. BGA's "Random & Chaos" is
/// `start: random` with `chaos: true`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct Options {
    pub start: StartRule,
    /// While a player still has dice in the start row at the start of a turn, none may land
    /// beyond the centre of the board that turn.
    pub chaos: bool,
}

/// What a player asks for. Dice are named by the square they stand on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    /// Arrangement: swap two of your dice in your start row.
    Swap { a: Square, b: Square },
    /// Arrangement: you are done arranging.
    Confirm,
    /// Move one square (ends the move).
    Step { from: Square, to: Square },
    /// Jump over one die into the empty square beyond: the first jump of a move, or the next jump
    /// of the die that is jumping (`from` is then where it stands).
    Jump { from: Square, to: Square },
    /// A Hat's knight move along the chosen path (ends the move).
    Hat {
        from: Square,
        to: Square,
        path: HatPath,
    },
    /// Stop a chain of jumps here.
    EndMove,
    /// Roll one of your dice instead of moving.
    Roll { at: Square },
}

/// A die rolled to a face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    pub at: Square,
    pub face: Face,
}

/// A die standing on a square, with the face it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieAt {
    pub at: Square,
    pub face: Face,
}

/// What happened. Every random outcome is written here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The dice are dealt: each seat's start-row faces from its owner's left to right (secret to
    /// the other seats until the reveal, so `None` for them), and the first player.
    Started {
        first_player: Seat,
        rows: Vec<Option<Vec<Face>>>,
    },
    /// A seat swapped two dice of its start row (`None` for everyone else).
    Swapped {
        seat: Seat,
        squares: Option<[Square; 2]>,
    },
    /// A seat finished arranging.
    Confirmed { seat: Seat },
    /// Everyone has arranged: every start row, from its owner's left to right.
    Revealed { rows: Vec<Vec<Face>> },
    /// A turn begins; `chaos_limit` is the Chaos rule's verdict for the whole turn.
    TurnBegan { seat: Seat, chaos_limit: bool },
    Stepped {
        seat: Seat,
        face: Face,
        from: Square,
        to: Square,
    },
    /// One jump; `rolled` is the jumped die's new face, `None` if it was already rolled this turn.
    Jumped {
        seat: Seat,
        face: Face,
        from: Square,
        over: Square,
        to: Square,
        rolled: Option<Face>,
    },
    HatMoved {
        seat: Seat,
        from: Square,
        to: Square,
        path: HatPath,
        rolls: Vec<DieRoll>,
    },
    /// The Roll action.
    Rolled { seat: Seat, at: Square, face: Face },
    /// A chain of jumps ended (by choice, or because no jump was left).
    MoveEnded { seat: Seat, at: Square },
    /// All 8 of the seat's dice are in its goal row.
    Won { seat: Seat },
    /// A seat resigned from a game of three or more players, which goes on among the others.
    /// All its dice leave the board at once, freeing their squares (the spec is silent on
    /// players leaving; dice left behind would block the goal row of the player opposite for
    /// ever, and an absent player's dice cannot be moved or rolled by anyone). `dice` lists them
    /// with the squares they stood on and their faces; a die of the seat that was jumping ends
    /// its chain by leaving. The seat never acts again and cannot win; dice it had rolled stay
    /// as rolled. `before_reveal` says it resigned while the arrangements were still secret:
    /// `dice` (its secret arrangement) is then `None` for everyone but the seat itself until the
    /// game ends.
    Resigned {
        seat: Seat,
        before_reveal: bool,
        dice: Option<Vec<DieAt>>,
    },
}
