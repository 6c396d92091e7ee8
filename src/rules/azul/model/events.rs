//! The facts the rules record. `evolve` applies them without checking anything.

use serde::{Deserialize, Serialize};

use super::board::Structure;
use super::commands::Source;
use super::tiles::{Colour, Tiles};

/// A complete star's end-game bonus: `colour` is the colour of a single-coloured star, `None`
/// for a multicoloured one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StarBonus {
    pub star: u8,
    pub colour: Option<Colour>,
    pub points: i64,
}

/// The end-game bonus for covering every space of one printed value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NumberBonus {
    pub value: u8,
    pub points: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A round began: round counter set (and so the wild colour), the start player token back in
    /// the centre, corner tiles back next to their boards, nobody passed.
    RoundStarted { round: u8, start_player: usize },
    /// Tiles drawn from the bag onto the factories, in the order they landed: `tiles[i]` went onto
    /// factory i + 1 (added to what it already holds).
    FactoriesFilled { tiles: Vec<Vec<Colour>> },
    /// Tiles drawn from the bag onto the empty supply spaces, in the order they landed.
    SupplyRefilled { tiles: Vec<Colour> },
    /// The bag ran empty and the tower's tiles were poured into it.
    TowerEmptied { tiles: Tiles },
    /// A player took `taken` from a source; `to_centre` went from the factory to the centre.
    /// Taking the start player token cost `points_lost`.
    TilesTaken {
        seat: usize,
        source: Source,
        colour: Colour,
        taken: Tiles,
        to_centre: Tiles,
        start_player_token: bool,
        points_lost: i64,
    },
    /// No tile is left on offer: phase 2 begins with `start_player`.
    PlacingStarted { start_player: usize },
    /// A tile went onto a space; the other tiles paid went to the tower. `bonus_tiles` supply
    /// tiles are owed for the structures `completed`.
    TilePlaced {
        seat: usize,
        star: u8,
        space: u8,
        colour: Colour,
        wild_count: u8,
        points: i64,
        completed: Vec<Structure>,
        bonus_tiles: u8,
    },
    /// Bonus tiles moved from the supply to the player.
    BonusTaken { seat: usize, tiles: Tiles },
    /// A player stopped placing for this round.
    Passed { seat: usize },
    /// After passing: `kept` went to the corner spaces, `discarded` into the tower.
    TilesKept {
        seat: usize,
        kept: Tiles,
        discarded: Tiles,
        points_lost: i64,
    },
    /// End-game bonuses of one player.
    FinalScored {
        seat: usize,
        stars: Vec<StarBonus>,
        numbers: Vec<NumberBonus>,
        points: i64,
    },
    /// A player resigned from a game of three or more and left it; play goes on among the others.
    /// JSON: `{"type":"seat_resigned","seat":2,"hand":["red","red"],"corner":["blue"],
    /// "bonus_forfeited":0,"token_passed_to":3,"start_player_passed_to":null}`.
    ///
    /// * `hand` (tiles taken this round or not yet placed) and `corner` (tiles kept for the next
    ///   round) went into the tower, the discard pile that refills the bag, so all 132 tiles stay
    ///   in the game. No points are lost for them: the seat's score stays as it was.
    /// * The board stays as it is; it is never scored again (no end-game bonuses).
    /// * `bonus_forfeited`: bonus tiles the seat was owed and had not chosen yet; they stay in
    ///   the supply.
    /// * `token_passed_to`: the seat held the start player token, which passed (with no penalty)
    ///   to the next seat clockwise still playing, who then goes first in phase 2 and starts the
    ///   next round. `start_player_passed_to`: likewise when the seat was this round's start
    ///   player, which only matters while the token lies in the centre.
    /// * From now on the seat counts as passed in every phase 2 and is skipped in phase 1; if it
    ///   was to act, the turn passes as it would after its move: to the next seat clockwise in
    ///   phase 1, to the next seat that has not passed in phase 2.
    /// * From the next round on, the factories are as many as the rules lay out for the players
    ///   still playing (7 for three, 5 for two).
    SeatResigned {
        seat: usize,
        hand: Tiles,
        corner: Tiles,
        bonus_forfeited: u8,
        token_passed_to: Option<usize>,
        start_player_passed_to: Option<usize>,
    },
    /// Phase 2 of `round` (1–5) ended because a resignation left nobody placing. Filling the
    /// factories draws from the bag, and only a move gets the game's committed randomness, so
    /// `next_start_player` prepares the next round with a `pass` (the rulebook has the start
    /// player perform phase 3). Only ever follows a `seat_resigned`.
    RoundOver { round: u8, next_start_player: usize },
    /// The game is over.
    GameEnded {
        winners: Vec<usize>,
        scores: Vec<i64>,
    },
}

impl Event {
    /// Whether the event is something a player did (rather than a consequence of the rules).
    pub fn is_player_move(&self) -> bool {
        matches!(
            self,
            Event::TilesTaken { .. }
                | Event::TilePlaced { .. }
                | Event::BonusTaken { .. }
                | Event::Passed { .. }
                | Event::TilesKept { .. }
        )
    }
}
