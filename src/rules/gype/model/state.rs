//! The game state and `evolve`, which applies facts without judging them.

use serde::{Deserialize, Serialize};

use super::board::{Side, Square, seat_sides};
use super::faces::Face;
use super::types::{DieRoll, Event, Options};
use crate::rules::Seat;

/// One die on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    pub owner: Seat,
    pub face: Face,
}

/// The 96 squares, stored in a 10x10 array whose corners stay empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: Vec<Option<Die>>,
}

impl Default for Board {
    fn default() -> Self {
        Board {
            cells: vec![None; 100],
        }
    }
}

impl Board {
    pub fn get(&self, square: Square) -> Option<Die> {
        square
            .index()
            .and_then(|i| self.cells.get(i).copied().flatten())
    }

    pub fn is_occupied(&self, square: Square) -> bool {
        self.get(square).is_some()
    }

    /// Puts `die` on `square` (or clears it); squares off the board are ignored.
    pub fn set(&mut self, square: Square, die: Option<Die>) {
        if let Some(cell) = square.index().and_then(|i| self.cells.get_mut(i)) {
            *cell = die;
        }
    }

    pub fn set_face(&mut self, square: Square, face: Face) {
        if let Some(die) = self.get(square) {
            self.set(square, Some(Die { face, ..die }));
        }
    }

    /// Moves the die on `from` to `to`, if there is one and `to` is an empty square of the board.
    pub fn shift(&mut self, from: Square, to: Square) {
        let die = self.get(from);
        if die.is_some() && to.exists() && !self.is_occupied(to) {
            self.set(from, None);
            self.set(to, die);
        }
    }

    /// Every die with its square.
    pub fn dice(&self) -> impl Iterator<Item = (Square, Die)> + '_ {
        Square::all().filter_map(|s| self.get(s).map(|d| (s, d)))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before the opening event.
    Setup,
    /// Players arrange their start rows in secret.
    Arranging,
    Playing,
    Finished {
        winner: Seat,
    },
}

/// A chain of jumps in progress: where the die has been, and which dice it jumped (each rolled
/// once, the first time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    pub trail: Vec<Square>,
    pub jumped: Vec<Square>,
}

impl Chain {
    /// Where the jumping die stands now.
    pub fn at(&self) -> Option<Square> {
        self.trail.last().copied()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    Step,
    Jump,
    Hat,
    Roll,
}

/// The latest action (or the one in progress): the squares the die went through, from start to
/// end (just the die's square for a Roll), and every die rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastMove {
    pub seat: Seat,
    pub kind: MoveKind,
    pub trail: Vec<Square>,
    pub rolls: Vec<DieRoll>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub options: Options,
    pub players: usize,
    /// The side of each seat.
    pub sides: Vec<Side>,
    pub board: Board,
    pub phase: Phase,
    pub first_player: Option<Seat>,
    /// Which seats have finished arranging.
    pub confirmed: Vec<bool>,
    /// Which seats have resigned (their dice have left the board; they never act again).
    pub resigned: Vec<bool>,
    /// Whose turn it is while playing.
    pub turn: Seat,
    /// The Chaos rule's verdict for the current turn.
    pub chaos_limit: bool,
    pub chain: Option<Chain>,
    pub last_move: Option<LastMove>,
}

impl State {
    pub fn new(options: &Options, players: usize) -> State {
        State {
            options: options.clone(),
            players,
            sides: seat_sides(players),
            board: Board::default(),
            phase: Phase::Setup,
            first_player: None,
            confirmed: vec![false; players],
            resigned: vec![false; players],
            turn: 0,
            chaos_limit: false,
            chain: None,
            last_move: None,
        }
    }

    pub fn side(&self, seat: Seat) -> Option<Side> {
        self.sides.get(seat).copied()
    }

    /// Whether `seat` has resigned (seats that are not at the table count as resigned).
    pub fn is_resigned(&self, seat: Seat) -> bool {
        self.resigned.get(seat).copied().unwrap_or(true)
    }

    /// The first seat still playing from `seat` on (`seat` itself included), going to the left
    /// in turn order; `None` if every seat has resigned.
    pub fn player_from(&self, seat: Seat) -> Option<Seat> {
        let n = self.players.max(1);
        (0..n)
            .map(|k| (seat + k) % n)
            .find(|&s| !self.is_resigned(s))
    }

    /// The seat still playing that comes after `seat` in turn order.
    pub fn player_after(&self, seat: Seat) -> Option<Seat> {
        self.player_from(seat + 1)
    }

    /// The seat whose start row is on `side`, if any.
    pub fn seat_on(&self, side: Side) -> Option<Seat> {
        self.sides.iter().position(|&s| s == side)
    }

    /// Whether the die on `square` has ended a move in its goal row and may never move again.
    /// The die that is jumping right now is not frozen even while it passes through its goal row.
    pub fn is_frozen(&self, square: Square) -> bool {
        let in_goal = self.board.get(square).is_some_and(|die| {
            self.side(die.owner)
                .is_some_and(|side| side.opposite().holds(square))
        });
        let jumping = self.chain.as_ref().and_then(Chain::at) == Some(square);
        in_goal && !jumping
    }

    pub fn dice_of(&self, seat: Seat) -> impl Iterator<Item = (Square, Die)> + '_ {
        self.board.dice().filter(move |(_, d)| d.owner == seat)
    }

    pub fn dice_in_goal(&self, seat: Seat) -> usize {
        let Some(goal) = self.side(seat).map(Side::opposite) else {
            return 0;
        };
        self.dice_of(seat).filter(|(s, _)| goal.holds(*s)).count()
    }

    pub fn has_die_in_start_row(&self, seat: Seat) -> bool {
        self.side(seat)
            .is_some_and(|side| self.dice_of(seat).any(|(s, _)| side.holds(s)))
    }

    /// A seat's start-row faces from its owner's left to right (complete before play).
    pub fn start_row_faces(&self, seat: Seat) -> Vec<Face> {
        self.side(seat)
            .map(|side| {
                side.home_squares()
                    .iter()
                    .filter_map(|&s| self.board.get(s).filter(|d| d.owner == seat))
                    .map(|d| d.face)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Fills a seat's start row; a resigned seat's row stays empty.
    fn place_start_row(&mut self, seat: Seat, faces: &[Face]) {
        if self.is_resigned(seat) {
            return;
        }
        if let Some(side) = self.side(seat) {
            for (&square, &face) in side.home_squares().iter().zip(faces) {
                self.board.set(square, Some(Die { owner: seat, face }));
            }
        }
    }

    fn record(&mut self, seat: Seat, kind: MoveKind, trail: Vec<Square>, rolls: Vec<DieRoll>) {
        self.last_move = Some(LastMove {
            seat,
            kind,
            trail,
            rolls,
        });
    }

    fn record_jump(
        &mut self,
        seat: Seat,
        from: Square,
        over: Square,
        to: Square,
        roll: Option<Face>,
    ) {
        let roll = roll.map(|face| DieRoll { at: over, face });
        match (&mut self.chain, &mut self.last_move) {
            (Some(chain), Some(last)) => {
                chain.trail.push(to);
                if !chain.jumped.contains(&over) {
                    chain.jumped.push(over);
                }
                last.trail.push(to);
                last.rolls.extend(roll);
            }
            _ => {
                self.chain = Some(Chain {
                    trail: vec![from, to],
                    jumped: vec![over],
                });
                self.record(
                    seat,
                    MoveKind::Jump,
                    vec![from, to],
                    roll.into_iter().collect(),
                );
            }
        }
    }
}

impl State {
    /// Takes `seat` out: all its dice leave the board (whatever the event lists, so a redacted
    /// event does the same), and a chain in progress forgets the dice that left. If the jumping
    /// die itself left, the chain is over.
    fn resign(&mut self, seat: Seat) {
        let Some(resigned) = self.resigned.get_mut(seat) else {
            return;
        };
        *resigned = true;
        let gone: Vec<Square> = self.dice_of(seat).map(|(s, _)| s).collect();
        for square in gone {
            self.board.set(square, None);
        }
        if let Some(chain) = &mut self.chain {
            let board = &self.board;
            chain.jumped.retain(|&s| board.is_occupied(s));
            if !chain.at().is_some_and(|s| board.is_occupied(s)) {
                self.chain = None;
            }
        }
    }
}

/// Applies one event. Squares and seats that do not fit are ignored; nothing here can panic.
pub fn evolve(mut state: State, event: &Event) -> State {
    match event {
        Event::Started { first_player, rows } => {
            for (seat, row) in rows.iter().enumerate() {
                if let Some(faces) = row {
                    state.place_start_row(seat, faces);
                }
            }
            state.first_player = Some(*first_player);
            state.phase = Phase::Arranging;
        }
        Event::Swapped { squares, .. } => {
            if let Some([a, b]) = *squares {
                let (da, db) = (state.board.get(a), state.board.get(b));
                if a.exists() && b.exists() {
                    state.board.set(a, db);
                    state.board.set(b, da);
                }
            }
        }
        Event::Confirmed { seat } => {
            if let Some(done) = state.confirmed.get_mut(*seat) {
                *done = true;
            }
        }
        Event::Revealed { rows } => {
            for (seat, faces) in rows.iter().enumerate() {
                state.place_start_row(seat, faces);
            }
            state.phase = Phase::Playing;
        }
        Event::TurnBegan { seat, chaos_limit } => {
            state.phase = Phase::Playing;
            state.turn = *seat;
            state.chaos_limit = *chaos_limit;
            state.chain = None;
        }
        Event::Stepped { seat, from, to, .. } => {
            state.board.shift(*from, *to);
            state.chain = None;
            state.record(*seat, MoveKind::Step, vec![*from, *to], Vec::new());
        }
        Event::Jumped {
            seat,
            from,
            over,
            to,
            rolled,
            ..
        } => {
            state.board.shift(*from, *to);
            if let Some(face) = rolled {
                state.board.set_face(*over, *face);
            }
            state.record_jump(*seat, *from, *over, *to, *rolled);
        }
        Event::HatMoved {
            seat,
            from,
            to,
            rolls,
            ..
        } => {
            state.board.shift(*from, *to);
            for roll in rolls {
                state.board.set_face(roll.at, roll.face);
            }
            state.chain = None;
            state.record(*seat, MoveKind::Hat, vec![*from, *to], rolls.clone());
        }
        Event::Rolled { seat, at, face } => {
            state.board.set_face(*at, *face);
            let roll = DieRoll {
                at: *at,
                face: *face,
            };
            state.record(*seat, MoveKind::Roll, vec![*at], vec![roll]);
        }
        Event::MoveEnded { .. } => state.chain = None,
        Event::Resigned { seat, .. } => state.resign(*seat),
        Event::Won { seat } => {
            state.chain = None;
            state.phase = Phase::Finished { winner: *seat };
        }
    }
    state
}
