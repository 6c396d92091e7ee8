//! Tests: the spec's reference scenarios (§13) for every seat orientation, board geometry, the
//! secret arrangement, serde shapes, seeded random playouts checking the invariants of §12, and
//! resignation (with §12 as resignation amends it: see the engine's documentation).

mod arrangement;
mod geometry;
mod invariants;
mod playouts;
mod resign;
mod scenarios;
mod shapes;

use std::collections::BTreeSet;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::model::state::{Die, Phase};
use super::*;
use crate::rules::{Rules, Seat};

/// Every (player count, side) a scenario can be played from.
pub(super) const CONFIGS: [(usize, Side); 9] = [
    (2, Side::South),
    (2, Side::North),
    (3, Side::South),
    (3, Side::West),
    (3, Side::North),
    (4, Side::South),
    (4, Side::West),
    (4, Side::North),
    (4, Side::East),
];

pub(super) fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

pub(super) fn all_options() -> Vec<Options> {
    let mut all = Vec::new();
    for start in [StartRule::Classic, StartRule::Random] {
        for chaos in [false, true] {
            all.push(Options { start, chaos });
        }
    }
    all
}

/// A game in play, seen from one seat, with an empty board to fill. Squares are given as the
/// spec gives them for South and turned to the seat's side, so one scenario serves every side.
pub(super) struct Table {
    pub state: State,
    pub seat: Seat,
    pub side: Side,
    pub rng: ChaCha8Rng,
}

impl Table {
    pub fn new(players: usize, side: Side, options: Options) -> Table {
        let mut state = State::new(&options, players);
        state.phase = Phase::Playing;
        state.first_player = Some(0);
        state.confirmed = vec![true; players];
        let seat = state.seat_on(side).expect("side is seated");
        state.turn = seat;
        Table {
            state,
            seat,
            side,
            rng: rng(7),
        }
    }

    /// The spec's South-view square `(c, r)` as seen from this table's side.
    pub fn at(&self, c: i8, r: i8) -> Square {
        self.side.display_square((9 - r) as usize, c as usize)
    }

    /// The next seat in turn order: "an opponent".
    pub fn other(&self) -> Seat {
        (self.seat + 1) % self.state.players
    }

    pub fn put(&mut self, c: i8, r: i8, owner: Seat, face: Face) {
        let square = self.at(c, r);
        assert!(
            self.state.board.get(square).is_none(),
            "{square} already used"
        );
        self.state.board.set(square, Some(Die { owner, face }));
    }

    pub fn mine(&mut self, c: i8, r: i8, face: Face) {
        self.put(c, r, self.seat, face);
    }

    pub fn theirs(&mut self, c: i8, r: i8, face: Face) {
        self.put(c, r, self.other(), face);
    }

    /// One Ear for every other seat, far from the action, so they can pass turns by rolling.
    pub fn bystanders(&mut self) {
        let spots = [(8, 2), (8, 4), (8, 6)];
        let others: Vec<Seat> = (0..self.state.players)
            .filter(|&s| s != self.seat)
            .collect();
        for (seat, (c, r)) in others.into_iter().zip(spots) {
            self.put(c, r, seat, Face::Ear);
        }
    }

    pub fn step(&self, from: (i8, i8), to: (i8, i8)) -> Command {
        Command::Step {
            from: self.at(from.0, from.1),
            to: self.at(to.0, to.1),
        }
    }

    pub fn jump(&self, from: (i8, i8), to: (i8, i8)) -> Command {
        Command::Jump {
            from: self.at(from.0, from.1),
            to: self.at(to.0, to.1),
        }
    }

    pub fn hat(&self, from: (i8, i8), to: (i8, i8), path: HatPath) -> Command {
        Command::Hat {
            from: self.at(from.0, from.1),
            to: self.at(to.0, to.1),
            path,
        }
    }

    pub fn roll(&self, at: (i8, i8)) -> Command {
        Command::Roll {
            at: self.at(at.0, at.1),
        }
    }

    pub fn legal(&self) -> Vec<Command> {
        Gype::legal_commands(&self.state, self.state.turn)
    }

    pub fn is_legal(&self, command: &Command) -> bool {
        self.legal().contains(command)
    }

    /// Plays `command` for the seat whose turn it is; it must be legal.
    pub fn play(&mut self, command: Command) -> Vec<Event> {
        let seat = self.state.turn;
        assert!(self.is_legal(&command), "{command:?} should be legal");
        let events = Gype::decide(&self.state, seat, &command, &mut self.rng)
            .unwrap_or_else(|e| panic!("{command:?} refused: {e}"));
        self.state = events.iter().fold(self.state.clone(), Gype::evolve);
        events
    }

    /// The reason `command` is refused; it must be refused and not listed as legal.
    pub fn refused(&mut self, command: Command) -> String {
        assert!(!self.is_legal(&command), "{command:?} should not be legal");
        let seat = self.state.turn;
        match Gype::decide(&self.state, seat, &command, &mut self.rng) {
            Ok(events) => panic!("{command:?} accepted: {events:?}"),
            Err(e) => e.to_string(),
        }
    }

    /// Lets every other seat roll its bystander until it is this table's seat's turn again.
    pub fn pass_round(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        while self.state.turn != self.seat {
            let roll = self
                .legal()
                .into_iter()
                .find(|c| matches!(c, Command::Roll { .. }))
                .expect("a bystander to roll");
            events.extend(self.play(roll));
        }
        events
    }

    /// Hands the turn straight back to this seat (for scenarios without bystanders).
    pub fn hand_back_the_turn(&mut self) {
        let event = Event::TurnBegan {
            seat: self.seat,
            chaos_limit: false,
        };
        self.state = Gype::evolve(self.state.clone(), &event);
    }

    /// A copy of this table to try another line of play on.
    pub fn fork(&self) -> Table {
        Table {
            state: self.state.clone(),
            seat: self.seat,
            side: self.side,
            rng: self.rng.clone(),
        }
    }

    /// Where the die on `from` may go this turn (steps, jumps and Hat moves).
    pub fn targets(&self, from: (i8, i8)) -> BTreeSet<Square> {
        self.targets_from(self.at(from.0, from.1))
    }

    pub fn targets_from(&self, from: Square) -> BTreeSet<Square> {
        self.legal()
            .into_iter()
            .filter_map(|c| match c {
                Command::Step { from: f, to }
                | Command::Jump { from: f, to }
                | Command::Hat { from: f, to, .. }
                    if f == from =>
                {
                    Some(to)
                }
                _ => None,
            })
            .collect()
    }

    /// `squares` (South view) turned to this table's side.
    pub fn set(&self, squares: &[(i8, i8)]) -> BTreeSet<Square> {
        squares.iter().map(|&(c, r)| self.at(c, r)).collect()
    }
}
