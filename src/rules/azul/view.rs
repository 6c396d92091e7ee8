//! What a page shows. Azul has no secrets: every viewer sees the same table (the bag only as
//! counts, never an order).

use serde::{Deserialize, Serialize};

use super::super::Viewer;
use super::model::board::{self, BoardSide, STARS, Structure, StructureKind};
use super::model::events::Event;
use super::model::state::{Pending, Phase, PlayerState, State, star_spaces};
use super::model::tiles::{Colour, Counts, Tiles};

/// The action the player to act owes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Awaiting {
    /// Phase 1: take tiles from a factory or the centre.
    Take,
    /// Phase 2: place a tile or pass.
    PlaceOrPass,
    /// Choose `count` tiles from the supply.
    ChooseBonus { count: u8 },
    /// Choose at most `max` tiles to keep after passing.
    Keep { max: u8 },
    /// Nobody: the game has not started or is over.
    Nothing,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpaceView {
    pub space: u8,
    /// The printed value: what the space costs.
    pub value: u8,
    pub tile: Option<Colour>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StarView {
    /// 0 = centre, 1..=6 outer stars clockwise from the west.
    pub star: u8,
    pub name: String,
    /// The colour the star demands on the coloured side; `None` for the centre and the grey side.
    pub colour: Option<Colour>,
    pub spaces: Vec<SpaceView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StructureView {
    pub kind: StructureKind,
    /// The outer star it is named after (§8.4).
    pub star: u8,
    pub name: String,
    /// Supply tiles earned when it is completed.
    pub reward: u8,
    /// `[star, space]` pairs.
    pub spaces: Vec<[u8; 2]>,
    pub complete: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: usize,
    pub score: i64,
    /// Tiles next to the board, usable this round.
    pub hand: Tiles,
    /// Tiles kept on the corner spaces for the next round.
    pub corner: Tiles,
    pub passed: bool,
    /// Left the game: never acts again and is never among the winners.
    pub resigned: bool,
    pub has_start_player_token: bool,
    pub stars: Vec<StarView>,
    pub structures: Vec<StructureView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Option<usize>,
    pub board_side: BoardSide,
    pub round: u8,
    pub wild: Option<Colour>,
    pub phase: Phase,
    /// The seat to act, and what it must do.
    pub to_act: Option<usize>,
    pub awaiting: Awaiting,
    /// Factory i + 1 at index i.
    pub factories: Vec<Tiles>,
    pub centre: Tiles,
    pub start_player_token_in_centre: bool,
    /// Who started this round.
    pub start_player: usize,
    pub supply: Tiles,
    pub bag: Counts,
    pub tower: Counts,
    pub players: Vec<PlayerView>,
    pub last_move: Option<Event>,
}

pub fn view(state: &State, viewer: Viewer) -> View {
    let running = matches!(state.phase, Phase::Acquire | Phase::Place);
    let awaiting = match (state.phase, state.pending) {
        (Phase::Acquire, _) => Awaiting::Take,
        (Phase::Place, None) => Awaiting::PlaceOrPass,
        (Phase::Place, Some(Pending::Bonus(count))) => Awaiting::ChooseBonus { count },
        (Phase::Place, Some(Pending::Keep)) => Awaiting::Keep { max: 4 },
        // After a resignation ended phase 2: the start player passes to begin the next round.
        (Phase::Place, Some(Pending::NextRound)) => Awaiting::PlaceOrPass,
        _ => Awaiting::Nothing,
    };
    View {
        viewer: viewer.seat(),
        board_side: state.options.board,
        round: state.round,
        wild: state.wild(),
        phase: state.phase,
        to_act: running.then_some(state.current),
        awaiting,
        factories: state.factories.clone(),
        centre: state.centre,
        start_player_token_in_centre: state.token.is_none(),
        start_player: state.start_player,
        supply: state.supply,
        bag: state.bag.into(),
        tower: state.tower.into(),
        players: state
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| player_view(state, seat, p))
            .collect(),
        last_move: state.last_move.clone(),
    }
}

fn player_view(state: &State, seat: usize, player: &PlayerState) -> PlayerView {
    let side = state.options.board;
    PlayerView {
        seat,
        score: player.score,
        hand: player.hand,
        corner: player.corner,
        passed: player.passed,
        resigned: player.resigned,
        has_start_player_token: state.token == Some(seat),
        stars: (0..STARS)
            .map(|star| StarView {
                star,
                name: board::star_name(side, star),
                colour: board::star_colour(side, star),
                spaces: star_spaces(star)
                    .map(|space| SpaceView {
                        space: space.pos,
                        value: board::value(side, space).unwrap_or(0),
                        tile: player.board.get(space),
                    })
                    .collect(),
            })
            .collect(),
        structures: Structure::all()
            .map(|s| StructureView {
                kind: s.kind,
                star: s.star,
                name: s.name(side),
                reward: s.reward(),
                spaces: s.spaces().iter().map(|sp| [sp.star, sp.pos]).collect(),
                complete: s.spaces().iter().all(|&sp| player.board.is_filled(sp)),
            })
            .collect(),
    }
}
