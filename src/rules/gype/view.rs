//! What a viewer may see: the board drawn from their side, and events with the secrets of the
//! arrangement phase removed.

use serde::{Deserialize, Serialize};

use super::model::board::{Side, Square};
use super::model::faces::Face;
use super::model::state::{LastMove, Phase, State};
use super::model::types::{Event, Options};
use crate::rules::{Seat, Viewer};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseView {
    NotStarted,
    /// Players arrange their start rows in secret.
    Arranging,
    Playing,
    Finished,
}

/// Everything a page needs to draw the game for one viewer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub phase: PhaseView,
    pub options: Options,
    /// The seat looking, if a player.
    pub viewer: Option<Seat>,
    /// The side drawn at the bottom of `board`: the viewer's own, South for everyone else.
    pub bottom: Side,
    /// 10 rows from top to bottom, 10 cells each from left to right; `None` for the corners.
    pub board: Vec<Vec<Option<CellView>>>,
    pub seats: Vec<SeatView>,
    /// Seats that must act now (every seat still arranging, or the player whose turn it is).
    pub to_act: Vec<Seat>,
    /// Whose turn it is, once play has begun.
    pub turn: Option<Seat>,
    pub first_player: Option<Seat>,
    /// Chaos rule: no die of the player whose turn it is may land beyond the centre this turn.
    pub chaos_limit: bool,
    /// The chain of jumps in progress, if any.
    pub chain: Option<ChainView>,
    /// The latest action (the one in progress while a chain goes on).
    pub last_move: Option<LastMove>,
    pub winner: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    /// Where the seat's start row is.
    pub side: Side,
    /// Where its goal row is (the opposite side).
    pub goal: Side,
    /// Whether the seat has confirmed its arrangement.
    pub arranged: bool,
    /// Whether the seat has resigned (its dice have left the board).
    pub resigned: bool,
    pub dice_in_goal: usize,
    pub dice_in_start_row: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellView {
    pub square: Square,
    /// The seat whose start row this square is in.
    pub start_of: Option<Seat>,
    /// The seat whose goal row this square is in.
    pub goal_of: Option<Seat>,
    pub die: Option<DieView>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DieView {
    pub owner: Seat,
    /// `None` while the owner's arrangement is secret to this viewer.
    pub face: Option<Face>,
    /// Home in its goal row: it can neither move nor be rolled by its owner.
    pub frozen: bool,
    /// The die that is jumping now.
    pub jumping: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChainView {
    /// Where the jumping die stands now.
    pub at: Square,
    /// Where its move began.
    pub started_at: Square,
    /// Every square it has landed on, from the start.
    pub trail: Vec<Square>,
    /// The dice it has jumped this turn (each was rolled once and will not be rolled again).
    pub jumped: Vec<Square>,
}

pub fn view(state: &State, viewer: Viewer) -> View {
    let viewer_seat = viewer.seat().filter(|&seat| seat < state.players);
    let bottom = viewer_seat
        .and_then(|s| state.side(s))
        .unwrap_or(Side::South);
    let board = (0..10)
        .map(|row| {
            (0..10)
                .map(|col| cell_view(state, viewer, bottom.display_square(row, col)))
                .collect()
        })
        .collect();
    let seats = (0..state.players)
        .filter_map(|seat| {
            let side = state.side(seat)?;
            Some(SeatView {
                seat,
                side,
                goal: side.opposite(),
                arranged: state.confirmed.get(seat).copied().unwrap_or(false),
                resigned: state.is_resigned(seat),
                dice_in_goal: state.dice_in_goal(seat),
                dice_in_start_row: state.dice_of(seat).filter(|(s, _)| side.holds(*s)).count(),
            })
        })
        .collect();
    let playing = state.phase == Phase::Playing;
    View {
        phase: match state.phase {
            Phase::Setup => PhaseView::NotStarted,
            Phase::Arranging => PhaseView::Arranging,
            Phase::Playing => PhaseView::Playing,
            Phase::Finished { .. } => PhaseView::Finished,
        },
        options: state.options.clone(),
        viewer: viewer_seat,
        bottom,
        board,
        seats,
        to_act: super::status(state).to_act().to_vec(),
        turn: playing.then_some(state.turn),
        first_player: state.first_player,
        chaos_limit: playing && state.chaos_limit,
        chain: state.chain.as_ref().and_then(|chain| {
            Some(ChainView {
                at: chain.at()?,
                started_at: *chain.trail.first()?,
                trail: chain.trail.clone(),
                jumped: chain.jumped.clone(),
            })
        }),
        last_move: state.last_move.clone(),
        winner: match state.phase {
            Phase::Finished { winner } => Some(winner),
            _ => None,
        },
    }
}

fn cell_view(state: &State, viewer: Viewer, square: Square) -> Option<CellView> {
    if !square.exists() {
        return None;
    }
    let row = square.home_row();
    let die = state.board.get(square).map(|die| {
        let secret = state.phase == Phase::Arranging
            && !viewer.may_see_secrets_of(die.owner)
            && state.side(die.owner).is_some_and(|side| side.holds(square));
        DieView {
            owner: die.owner,
            face: (!secret).then_some(die.face),
            frozen: state.is_frozen(square),
            jumping: state.chain.as_ref().and_then(|c| c.at()) == Some(square),
        }
    });
    Some(CellView {
        square,
        start_of: row.and_then(|side| state.seat_on(side)),
        goal_of: row.and_then(|side| state.seat_on(side.opposite())),
        die,
    })
}

/// The event as `viewer` may see it: other seats' deals and swaps are hidden, and so is the
/// arrangement of a seat that resigned before the reveal.
pub fn redact(event: &Event, viewer: Viewer) -> Event {
    match event {
        Event::Started { first_player, rows } => Event::Started {
            first_player: *first_player,
            rows: rows
                .iter()
                .enumerate()
                .map(|(seat, row)| row.clone().filter(|_| viewer.may_see_secrets_of(seat)))
                .collect(),
        },
        Event::Swapped { seat, squares } => Event::Swapped {
            seat: *seat,
            squares: squares.filter(|_| viewer.may_see_secrets_of(*seat)),
        },
        Event::Resigned {
            seat,
            before_reveal,
            dice,
        } => Event::Resigned {
            seat: *seat,
            before_reveal: *before_reveal,
            dice: dice
                .clone()
                .filter(|_| !before_reveal || viewer.may_see_secrets_of(*seat)),
        },
        other => other.clone(),
    }
}
