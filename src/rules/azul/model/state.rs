//! The state folded from the events: the table, each player's board and whose action is due.

use serde::{Deserialize, Serialize};

use super::super::Options;
use super::board::{SPACES_PER_STAR, STARS, Space};
use super::events::Event;
use super::tiles::{Colour, Tiles};

pub const TILES_PER_COLOUR: u8 = 22;
pub const TOTAL_TILES: usize = 132;
pub const SUPPLY_SPACES: usize = 10;
pub const TILES_PER_FACTORY: usize = 4;
pub const STARTING_SCORE: i64 = 5;
pub const LAST_ROUND: u8 = 6;
/// How many tiles a passing player may keep on the corner spaces.
pub const CORNER_SPACES: usize = 4;

pub fn factories_for(players: usize) -> usize {
    match players {
        0..=2 => 5,
        3 => 7,
        _ => 9,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the opening events.
    Setup,
    /// Phase 1: taking tiles from the factories and the centre.
    Acquire,
    /// Phase 2: placing tiles or passing.
    Place,
    Ended,
}

/// A follow-up the player to act owes before play moves on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Choose this many bonus tiles from the supply.
    Bonus(u8),
    /// Choose which tiles (at most 4) to keep after passing.
    Keep,
    /// Phase 2 is over because the last seat still placing resigned, and the next round waits
    /// for its start player to prepare it (with `Pass`): filling the factories is a bag draw, and
    /// only a move gets the game's committed randomness. Never happens without a resignation.
    NextRound,
}

/// The tiles placed on one board: `None` is an empty space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Board([[Option<Colour>; 6]; 7]);

impl Board {
    pub fn get(&self, space: Space) -> Option<Colour> {
        let pos = usize::from(space.pos).checked_sub(1)?;
        *self.0.get(usize::from(space.star))?.get(pos)?
    }

    pub fn is_filled(&self, space: Space) -> bool {
        self.get(space).is_some()
    }

    /// Puts a tile on a space; does nothing for a space that does not exist.
    pub fn set(&mut self, space: Space, colour: Colour) {
        let Some(pos) = usize::from(space.pos).checked_sub(1) else {
            return;
        };
        if let Some(slot) = self
            .0
            .get_mut(usize::from(space.star))
            .and_then(|star| star.get_mut(pos))
        {
            *slot = Some(colour);
        }
    }

    /// The tiles of one star, by position 1..=6.
    pub fn star(&self, star: u8) -> [Option<Colour>; 6] {
        self.0.get(usize::from(star)).copied().unwrap_or_default()
    }

    pub fn tile_count(&self) -> usize {
        self.0.iter().flatten().filter(|t| t.is_some()).count()
    }

    pub fn is_star_full(&self, star: u8) -> bool {
        star < STARS && self.star(star).iter().all(Option::is_some)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerState {
    pub board: Board,
    /// Tiles next to the board, usable this round.
    pub hand: Tiles,
    /// Tiles kept on the corner spaces until the next round.
    pub corner: Tiles,
    pub score: i64,
    pub passed: bool,
    /// Left the game (three or more players): never acts again, counts as passed in every
    /// phase 2, holds no tiles and is never among the winners. Its board stays as it was.
    pub resigned: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub options: Options,
    pub round: u8,
    pub phase: Phase,
    /// The seat whose action is due (meaningful in the Acquire and Place phases).
    pub current: usize,
    /// Who started this round's phase 1.
    pub start_player: usize,
    /// Who holds the start player token; `None` while it lies in the centre.
    pub token: Option<usize>,
    pub pending: Option<Pending>,
    pub bag: Tiles,
    pub tower: Tiles,
    pub supply: Tiles,
    pub factories: Vec<Tiles>,
    pub centre: Tiles,
    pub players: Vec<PlayerState>,
    /// The last thing a player did (taking, placing, bonus, passing), for the page.
    pub last_move: Option<Event>,
}

impl State {
    pub fn new(options: &Options, players: usize) -> State {
        State {
            options: options.clone(),
            round: 0,
            phase: Phase::Setup,
            current: 0,
            start_player: 0,
            token: None,
            pending: None,
            bag: Tiles::from_counts([TILES_PER_COLOUR; 6]),
            tower: Tiles::EMPTY,
            supply: Tiles::EMPTY,
            factories: vec![Tiles::EMPTY; factories_for(players)],
            centre: Tiles::EMPTY,
            players: (0..players)
                .map(|_| PlayerState {
                    score: STARTING_SCORE,
                    ..PlayerState::default()
                })
                .collect(),
            last_move: None,
        }
    }

    pub fn wild(&self) -> Option<Colour> {
        Colour::wild_of_round(self.round)
    }

    pub fn player(&self, seat: usize) -> Option<&PlayerState> {
        self.players.get(seat)
    }

    /// Whether any tile is left on a factory or in the centre.
    pub fn tiles_on_offer(&self) -> bool {
        !self.centre.is_empty() || self.factories.iter().any(|f| !f.is_empty())
    }

    /// How many seats are still playing (have not resigned).
    pub fn seated(&self) -> usize {
        self.players.iter().filter(|p| !p.resigned).count()
    }

    /// The next seat clockwise after `seat` still playing (possibly `seat` itself); `seat`
    /// when nobody else is.
    pub fn next_seated(&self, seat: usize) -> usize {
        let n = self.players.len().max(1);
        (1..=n)
            .map(|i| (seat + i) % n)
            .find(|&s| self.players.get(s).is_some_and(|p| !p.resigned))
            .unwrap_or(seat)
    }

    /// Who starts the next round (and phase 2 of this one): the holder of the start player
    /// token, or this round's start player while the token lies in the centre.
    pub fn next_start_player(&self) -> usize {
        self.token.unwrap_or(self.start_player)
    }

    /// The next seat clockwise after `seat` that has not passed (possibly `seat` itself);
    /// `seat` when everybody has passed.
    pub fn next_active(&self, seat: usize) -> usize {
        let n = self.players.len().max(1);
        (1..=n)
            .map(|i| (seat + i) % n)
            .find(|&s| self.players.get(s).is_some_and(|p| !p.passed))
            .unwrap_or(seat)
    }
}

/// Every tile of the game, wherever it is: bag, tower, factories, centre, supply, hands, corners
/// and boards. Always 132 in a consistent state.
pub fn tile_count(state: &State) -> usize {
    state.bag.total()
        + state.tower.total()
        + state.supply.total()
        + state.centre.total()
        + state.factories.iter().map(Tiles::total).sum::<usize>()
        + state
            .players
            .iter()
            .map(|p| p.hand.total() + p.corner.total() + p.board.tile_count())
            .sum::<usize>()
}

/// The spaces of one star in position order, for iteration.
pub fn star_spaces(star: u8) -> impl Iterator<Item = Space> {
    (1..=SPACES_PER_STAR).map(move |pos| Space::new(star, pos))
}

/// The seats still playing with the highest score: several share the win. A resigned seat is
/// never among them, whatever its score.
pub fn winners(scores: &[i64], players: &[PlayerState]) -> Vec<usize> {
    let playing = |s: usize| players.get(s).is_none_or(|p| !p.resigned);
    let best = (0..scores.len())
        .filter(|&s| playing(s))
        .map(|s| scores[s])
        .max()
        .unwrap_or(0);
    (0..scores.len())
        .filter(|&s| playing(s) && scores[s] == best)
        .collect()
}
