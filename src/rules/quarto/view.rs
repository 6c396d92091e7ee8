//! What a page needs to draw a Quarto position without any script. Quarto has no secrets, so
//! every viewer gets the same view.

use serde::{Deserialize, Serialize};

use super::board::{Cell, WinningGroup, group_name};
use super::piece::{Piece, Trait};
use super::{GameResult, Placement, QuartoState, Seat};

/// The kind of command the seat to act must submit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Give,
    Place,
}

/// A piece with everything needed to draw or read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceView {
    pub piece: Piece,
    /// "tall dark round hollow".
    pub label: String,
    /// Height, colour, shape, top: usable as CSS classes.
    pub traits: [Trait; 4],
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellView {
    pub cell: Cell,
    /// "c2".
    pub name: String,
    /// "row 2, column 3".
    pub label: String,
    pub piece: Option<PieceView>,
    /// The piece here was the last one placed.
    pub last_placed: bool,
    /// This cell belongs to a winning group.
    pub winning: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceToPlace {
    pub piece: PieceView,
    /// The seat that must place it.
    pub placer: Seat,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacementView {
    pub seat: Seat,
    pub piece: PieceView,
    pub cell: Cell,
    /// "c2".
    pub cell_name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupView {
    /// "row 2", "column c", "the diagonal a1-d4", "the block b2-c3".
    pub name: String,
    pub cells: [Cell; 4],
    /// What all four pieces have in common.
    pub shared: Vec<Trait>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuartoView {
    /// The 2×2 blocks win too.
    pub advanced: bool,
    /// The 16 cells row by row from the top left (a1, b1, c1, d1, a2, …).
    pub cells: Vec<CellView>,
    /// Pieces still off the board and not in hand: what may be given, in number order.
    pub available: Vec<PieceView>,
    /// Who must act now; `None` once the game has ended.
    pub to_act: Option<Seat>,
    /// What `to_act` must do.
    pub action: Option<Action>,
    /// The piece given and waiting to be placed, and who must place it.
    pub piece_to_place: Option<PieceToPlace>,
    pub last_placement: Option<PlacementView>,
    /// Pieces on the board (0 to 16).
    pub placements: usize,
    pub finished: bool,
    pub winner: Option<Seat>,
    pub draw: bool,
    /// At the end of a won game: every group the last placement completed.
    pub winning_groups: Vec<GroupView>,
}

impl PieceView {
    pub fn of(piece: Piece) -> PieceView {
        PieceView {
            piece,
            label: piece.describe(),
            traits: piece.traits(),
        }
    }
}

impl GroupView {
    pub fn of(group: &WinningGroup) -> GroupView {
        GroupView {
            name: group_name(&group.cells),
            cells: group.cells,
            shared: group.shared.clone(),
        }
    }
}

impl PlacementView {
    pub fn of(placement: Placement) -> PlacementView {
        PlacementView {
            seat: placement.seat,
            piece: PieceView::of(placement.piece),
            cell: placement.cell,
            cell_name: placement.cell.name(),
        }
    }
}

impl QuartoView {
    pub fn of(state: &QuartoState) -> QuartoView {
        let winning_groups: Vec<GroupView> = match &state.result {
            Some(GameResult::Won { groups, .. }) => groups.iter().map(GroupView::of).collect(),
            _ => Vec::new(),
        };
        let last_cell = state.last_placement.map(|placement| placement.cell);
        let cells = Cell::all()
            .map(|cell| CellView {
                cell,
                name: cell.name(),
                label: cell.label(),
                piece: state.board[cell.index()].map(PieceView::of),
                last_placed: last_cell == Some(cell),
                winning: winning_groups
                    .iter()
                    .any(|group| group.cells.contains(&cell)),
            })
            .collect();
        QuartoView {
            advanced: state.options.advanced,
            cells,
            available: state.pool.pieces().map(PieceView::of).collect(),
            to_act: state.to_act,
            action: state.action(),
            piece_to_place: state
                .in_hand
                .zip(state.to_act)
                .map(|(piece, placer)| PieceToPlace {
                    piece: PieceView::of(piece),
                    placer,
                }),
            last_placement: state.last_placement.map(PlacementView::of),
            placements: state.placements(),
            finished: state.result.is_some(),
            winner: match state.result {
                Some(GameResult::Won { seat, .. }) => Some(seat),
                _ => None,
            },
            draw: state.result == Some(GameResult::Drawn),
            winning_groups,
        }
    }
}
