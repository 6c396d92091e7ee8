//! Quarto for two players (Board Game Arena rules), see `rules/quarto.md`.
//!
//! A turn is two commands, each recorded as its own event: the giver picks a piece from the pool
//! for the other player (`give`), who then places it on an empty cell (`place`) and becomes the
//! next giver. After each placement the engine checks the winning groups (the 10 lines, plus the
//! 9 contiguous 2×2 blocks with the `advanced` option): if one is full of pieces sharing a trait
//! the placer wins; a full board without a winning group is a draw. The first giver is drawn at
//! random at setup. Everything is public, so views and events are the same for every viewer.

mod board;
mod piece;
mod view;

#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;

use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::{Message, Outcome, Rng, RuleError, Rules, Seat, Status, Viewer, players_exactly};

pub use board::{
    Board, CELLS, Cell, GROUPS, Group, WinningGroup, describe_cell, group_message, group_name,
    winning_groups, winning_groups_for,
};
pub use piece::{Attribute, Piece, Trait, describe_piece, share_a_trait, shared_traits};
pub use view::{Action, CellView, GroupView, PieceToPlace, PieceView, PlacementView, QuartoView};

pub const PLAYERS: usize = 2;

pub struct Quarto;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct QuartoOptions {
    /// The 9 contiguous 2×2 blocks win too, besides the 10 lines.
    pub advanced: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum QuartoCommand {
    /// Hand a piece from the pool to the other player, who must place it.
    Give { piece: Piece },
    /// Put the piece you were given on an empty cell.
    Place { cell: Cell },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum QuartoEvent {
    /// Setup: this seat gives the first piece.
    FirstGiverChosen { seat: Seat },
    /// `seat` gave `piece` to the other player, who must now place it.
    PieceGiven { seat: Seat, piece: Piece },
    /// `seat` placed `piece` on `cell`; unless the game ended, `seat` gives next.
    PiecePlaced {
        seat: Seat,
        piece: Piece,
        cell: Cell,
    },
    /// The last placement completed these groups; `seat` (the placer) won.
    GameWon {
        seat: Seat,
        groups: Vec<WinningGroup>,
    },
    /// The last placement filled the board without completing a group.
    GameDrawn,
}

/// A piece put on the board, and by whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub seat: Seat,
    pub piece: Piece,
    pub cell: Cell,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    Won {
        seat: Seat,
        groups: Vec<WinningGroup>,
    },
    Drawn,
}

/// The pieces still off the board and not in anyone's hand, as one bit per piece number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pool(u16);

impl Pool {
    const FULL: Pool = Pool(u16::MAX);

    fn contains(self, piece: Piece) -> bool {
        self.0 & (1 << piece.index()) != 0
    }

    fn remove(&mut self, piece: Piece) {
        self.0 &= !(1 << piece.index());
    }

    fn pieces(self) -> impl Iterator<Item = Piece> {
        Piece::all().filter(move |piece| self.contains(*piece))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuartoState {
    options: QuartoOptions,
    players: usize,
    board: Board,
    pool: Pool,
    /// Who must act; `None` before setup and once the game has ended.
    to_act: Option<Seat>,
    /// The piece given and not yet placed; `to_act` must place it.
    in_hand: Option<Piece>,
    last_placement: Option<Placement>,
    result: Option<GameResult>,
}

impl QuartoState {
    pub fn options(&self) -> &QuartoOptions {
        &self.options
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces that may still be given, in number order.
    pub fn available(&self) -> Vec<Piece> {
        self.pool.pieces().collect()
    }

    pub fn piece_to_place(&self) -> Option<Piece> {
        self.in_hand
    }

    pub fn to_act(&self) -> Option<Seat> {
        self.to_act
    }

    /// What `to_act` must do: place the piece in hand, or give one.
    pub fn action(&self) -> Option<Action> {
        self.to_act.map(|_| match self.in_hand {
            Some(_) => Action::Place,
            None => Action::Give,
        })
    }

    pub fn last_placement(&self) -> Option<Placement> {
        self.last_placement
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    pub fn placements(&self) -> usize {
        self.board.iter().flatten().count()
    }
}

/// The other player of the two (any seat that is not 0 counts as seat 1).
fn other(seat: Seat) -> Seat {
    if seat == 0 { 1 } else { 0 }
}

/// "row 2 (all dark)".
fn winning_group_message(group: &WinningGroup) -> Message {
    shared_traits_message(&group.cells, &group.shared)
}

/// A group of four cells and the traits its pieces share: "row 2 (all dark)".
pub fn shared_traits_message(cells: &[Cell; 4], shared: &[Trait]) -> Message {
    Message::new("quarto-winning-group")
        .with("group", group_message(cells))
        .list("traits", shared.iter().map(|t| Message::new(t.key())))
}

impl Quarto {
    fn decide_give(
        state: &QuartoState,
        seat: Seat,
        piece: Piece,
    ) -> Result<Vec<QuartoEvent>, RuleError> {
        if let Some(in_hand) = state.in_hand {
            return Err(RuleError::new(
                Message::new("quarto-place-first").with("piece", in_hand.message()),
            ));
        }
        if !state.pool.contains(piece) {
            let refusal = Cell::all()
                .find(|cell| state.board.get(cell.index()).copied().flatten() == Some(piece))
                .map_or_else(
                    || Message::new("quarto-piece-played"),
                    |cell| Message::new("quarto-piece-on").text("cell", cell.name()),
                );
            return Err(RuleError::new(refusal.with("piece", piece.message())));
        }
        Ok(vec![QuartoEvent::PieceGiven { seat, piece }])
    }

    fn decide_place(
        state: &QuartoState,
        seat: Seat,
        cell: Cell,
    ) -> Result<Vec<QuartoEvent>, RuleError> {
        let Some(piece) = state.in_hand else {
            return Err(RuleError::new(Message::new("quarto-nothing-to-place")));
        };
        let mut board = state.board;
        let slot = &mut board[cell.index()];
        if let Some(there) = *slot {
            return Err(RuleError::new(
                Message::new("quarto-cell-taken")
                    .text("cell", cell.name())
                    .with("piece", there.message()),
            ));
        }
        *slot = Some(piece);
        let mut events = vec![QuartoEvent::PiecePlaced { seat, piece, cell }];
        let groups = winning_groups(&board, state.options.advanced);
        if !groups.is_empty() {
            events.push(QuartoEvent::GameWon { seat, groups });
        } else if board.iter().all(Option::is_some) {
            events.push(QuartoEvent::GameDrawn);
        }
        Ok(events)
    }
}

impl Rules for Quarto {
    const KIND: &'static str = "quarto";
    const NAME: &'static str = "quarto-name";
    const SCORED: bool = false;

    type Options = QuartoOptions;
    type State = QuartoState;
    type Command = QuartoCommand;
    type Event = QuartoEvent;
    type View = QuartoView;

    fn player_counts(_options: &QuartoOptions) -> RangeInclusive<usize> {
        PLAYERS..=PLAYERS
    }

    fn validate_options(_options: &QuartoOptions, players: usize) -> Result<(), RuleError> {
        if players == PLAYERS {
            Ok(())
        } else {
            Err(players_exactly(Self::NAME, PLAYERS, players))
        }
    }

    fn initial_state(options: &QuartoOptions, players: usize) -> QuartoState {
        QuartoState {
            options: options.clone(),
            players,
            board: [None; CELLS],
            pool: Pool::FULL,
            to_act: None,
            in_hand: None,
            last_placement: None,
            result: None,
        }
    }

    fn setup(_options: &QuartoOptions, _players: usize, rng: Rng<'_>) -> Vec<QuartoEvent> {
        vec![QuartoEvent::FirstGiverChosen {
            seat: rng.random_range(0..PLAYERS),
        }]
    }

    fn decide(
        state: &QuartoState,
        seat: Seat,
        command: &QuartoCommand,
        _rng: Rng<'_>,
    ) -> Result<Vec<QuartoEvent>, RuleError> {
        if state.result.is_some() {
            return Err(RuleError::new(Message::new("rule-game-over")));
        }
        let Some(to_act) = state.to_act else {
            return Err(RuleError::new(Message::new("rule-not-started")));
        };
        if seat != to_act {
            return Err(RuleError::new(Message::new(match state.in_hand {
                Some(_) => "quarto-wait-for-placing",
                None => "quarto-wait-for-giving",
            })));
        }
        match *command {
            QuartoCommand::Give { piece } => Self::decide_give(state, seat, piece),
            QuartoCommand::Place { cell } => Self::decide_place(state, seat, cell),
        }
    }

    fn evolve(mut state: QuartoState, event: &QuartoEvent) -> QuartoState {
        match event {
            QuartoEvent::FirstGiverChosen { seat } => state.to_act = Some(*seat),
            QuartoEvent::PieceGiven { seat, piece } => {
                state.pool.remove(*piece);
                state.in_hand = Some(*piece);
                state.to_act = Some(other(*seat));
            }
            QuartoEvent::PiecePlaced { seat, piece, cell } => {
                if let Some(slot) = state.board.get_mut(cell.index()) {
                    *slot = Some(*piece);
                }
                state.pool.remove(*piece);
                state.in_hand = None;
                state.to_act = Some(*seat);
                state.last_placement = Some(Placement {
                    seat: *seat,
                    piece: *piece,
                    cell: *cell,
                });
            }
            QuartoEvent::GameWon { seat, groups } => {
                state.to_act = None;
                state.result = Some(GameResult::Won {
                    seat: *seat,
                    groups: groups.clone(),
                });
            }
            QuartoEvent::GameDrawn => {
                state.to_act = None;
                state.result = Some(GameResult::Drawn);
            }
        }
        state
    }

    fn legal_commands(state: &QuartoState, seat: Seat) -> Vec<QuartoCommand> {
        if state.result.is_some() || state.to_act != Some(seat) {
            return Vec::new();
        }
        match state.in_hand {
            Some(_) => Cell::all()
                .filter(|cell| state.board[cell.index()].is_none())
                .map(|cell| QuartoCommand::Place { cell })
                .collect(),
            None => state
                .pool
                .pieces()
                .map(|piece| QuartoCommand::Give { piece })
                .collect(),
        }
    }

    fn foreseeable(_state: &QuartoState) -> bool {
        true
    }

    fn status(state: &QuartoState) -> Status {
        let players = state.players;
        match &state.result {
            Some(GameResult::Won { seat, .. }) => {
                let mut scores = vec![0; players];
                if let Some(score) = scores.get_mut(*seat) {
                    *score = 1;
                }
                Status::Finished {
                    outcome: Outcome {
                        winners: vec![*seat],
                        scores,
                    },
                }
            }
            Some(GameResult::Drawn) => Status::Finished {
                outcome: Outcome {
                    winners: (0..players).collect(),
                    scores: vec![0; players],
                },
            },
            None => Status::ToAct {
                seats: state.to_act.into_iter().collect(),
            },
        }
    }

    fn view(state: &QuartoState, _viewer: Viewer) -> QuartoView {
        QuartoView::of(state)
    }

    fn redact(event: &QuartoEvent, _viewer: Viewer) -> QuartoEvent {
        event.clone()
    }

    fn describe(event: &QuartoEvent) -> Message {
        match event {
            QuartoEvent::FirstGiverChosen { seat } => {
                Message::new("quarto-first-giver").seat("player", *seat)
            }
            QuartoEvent::PieceGiven { seat, piece } => Message::new("quarto-gave")
                .seat("player", *seat)
                .seat("other", other(*seat))
                .with("piece", piece.message()),
            QuartoEvent::PiecePlaced { seat, piece, cell } => Message::new("quarto-placed")
                .seat("player", *seat)
                .with("piece", piece.message())
                .text("cell", cell.name()),
            QuartoEvent::GameWon { seat, groups } => Message::new("quarto-won")
                .seat("player", *seat)
                .list("groups", groups.iter().map(winning_group_message)),
            QuartoEvent::GameDrawn => Message::new("quarto-drawn"),
        }
    }

    fn command_label(_state: &QuartoState, command: &QuartoCommand) -> Message {
        match command {
            QuartoCommand::Give { piece } => {
                Message::new("quarto-give-label").with("piece", piece.message())
            }
            QuartoCommand::Place { cell } => {
                Message::new("quarto-place-label").text("cell", cell.name())
            }
        }
    }
}
