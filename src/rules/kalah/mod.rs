//! Kalah, as played on Board Game Arena (spec: shared/rules/kalah.md).
//!
//! Two seats, two sides. Seat 0 starts on South and seat 1 on North; who moves first is drawn at
//! setup. The pie rule may later exchange the sides, so the state keeps which seat owns which side.

mod board;
mod text;

#[cfg(test)]
mod playout_tests;
#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;

use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::{Message, Outcome, Rng, RuleError, Rules, Seat, Status, Viewer, players_exactly};
pub use board::Side;
use board::{Board, Landing, PITS};

/// The Kalah rules engine.
pub struct Kalah;

/// When the game ends (spec §4, binding decisions).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, Default,
)]
#[serde(rename_all = "snake_case")]
pub enum EndRule {
    /// BGA: the game ends when the player to move has no seed in their pits, or as soon as one
    /// store holds more than half of all seeds.
    #[default]
    NoMove,
    /// Textbook: the game ends as soon as either row is empty after a sowing.
    EitherSideEmpty,
}

/// Table options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct Options {
    /// Seeds in every pit at the start: 3 to 6.
    #[schemars(range(min = 3, max = 6))]
    pub seeds_per_pit: u8,
    /// The second player may take over the first player's opening turn by swapping sides.
    pub pie_rule: bool,
    /// A last seed in an empty own pit is banked even when the opposite pit is empty.
    pub empty_capture: bool,
    pub end_rule: EndRule,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            seeds_per_pit: 4,
            pie_rule: false,
            empty_capture: false,
            end_rule: EndRule::NoMove,
        }
    }
}

/// What a player can do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    /// Sow one of the mover's own pits, 0..=5 in sowing order (the mover's left to right).
    Sow { pit: u8 },
    /// Take the pie-rule swap.
    Swap,
}

/// What happened. Per-side arrays are indexed like [`View::sides`]: 0 = South, 1 = North.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Setup: `seat` was drawn to move first; it plays `side` (seat 0 starts on South).
    FirstPlayerDrawn { seat: Seat, side: Side },
    /// `seat` lifted the `seeds` seeds of its pit `pit` (0-based, sowing order) on `side` and sowed
    /// them. `captured` seeds (the opposite pit and the capturing seed) went to its store;
    /// `extra_turn` when the last seed fell in its own store.
    Sowed {
        seat: Seat,
        side: Side,
        pit: u8,
        seeds: u32,
        captured: u32,
        extra_turn: bool,
    },
    /// `seat` took the pie-rule swap and now plays `side`; the other seat moves next.
    Swapped { seat: Seat, side: Side },
    /// The game ended. `to_move` is the seat whose turn it would have been; `owners[side]` the seat
    /// owning each side; `swept[side]` the seeds moved from that side's pits to its store;
    /// `stores[side]` the final stores, which are the scores.
    GameEnded {
        reason: EndReason,
        to_move: Seat,
        owners: [Seat; 2],
        swept: [u32; 2],
        stores: [u32; 2],
    },
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The player to move had no seed in their pits (end rule `no_move`).
    NoMove,
    /// A row was empty after a sowing (end rule `either_side_empty`).
    SideEmpty,
    /// One store held more than half of all seeds (end rule `no_move`).
    Majority,
}

/// One sowing, as shown on the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sowing {
    pub seat: Seat,
    pub side: Side,
    pub pit: u8,
    pub seeds: u32,
    /// Seeds banked by capture including the capturing seed; 0 if none.
    pub captured: u32,
    pub extra_turn: bool,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct End {
    pub reason: EndReason,
    /// Seeds moved from each side's pits to its store at the end, indexed like `View::sides`.
    pub swept: [u32; 2],
}

/// One side of the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideView {
    pub side: Side,
    /// The seat owning this side now.
    pub seat: Seat,
    /// Seeds per pit, in this side's sowing order.
    pub pits: [u32; 6],
    pub store: u32,
}

/// Everything the page draws. Kalah has no secrets: every viewer gets the same view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub options: Options,
    /// Index 0 = South, 1 = North.
    pub sides: [SideView; 2],
    /// None once finished.
    pub to_move: Option<Seat>,
    /// The player to move may take the pie-rule swap now.
    pub swap_offered: bool,
    /// The most recent sowing, for highlighting.
    pub last_sowing: Option<Sowing>,
    /// Set once the game is over.
    pub end: Option<End>,
    /// The seat drawn to move first.
    pub first_player: Option<Seat>,
    /// The seat that took the pie-rule swap, if one did.
    #[serde(default)]
    pub swapped_by: Option<Seat>,
}

impl View {
    /// Every seed on the board, in pits and stores: always 12 × seeds per pit.
    pub fn total_seeds(&self) -> u32 {
        self.sides
            .iter()
            .flat_map(|side| side.pits.iter().chain([&side.store]))
            .fold(0, |sum, &seeds| sum.saturating_add(seeds))
    }
}

/// Where the pie rule stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pie {
    /// The first player's opening turn is not over yet.
    Pending,
    /// The second player may swap now.
    Offered,
    /// Taken, declined, or not in play.
    Closed,
}

/// The game as folded from its events.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    options: Options,
    board: Board,
    /// The seat owning each side, indexed by side.
    owners: [Seat; 2],
    to_move: Option<Seat>,
    first_player: Option<Seat>,
    pie: Pie,
    last_sowing: Option<Sowing>,
    end: Option<End>,
    swapped_by: Option<Seat>,
}

impl State {
    fn side_of(&self, seat: Seat) -> Side {
        if self.owners[0] == seat {
            Side::South
        } else {
            Side::North
        }
    }

    fn owner(&self, side: Side) -> Seat {
        self.owners[side.index()]
    }

    fn swap_offered(&self) -> bool {
        self.pie == Pie::Offered && self.end.is_none()
    }

    fn is_sowable(&self, side: Side, pit: usize) -> bool {
        self.board.pit(side, pit).is_some_and(|seeds| seeds > 0)
    }

    /// Why the game is over in this position, reached right after a sowing, if it is.
    fn ending(&self) -> Option<EndReason> {
        let to_move = self.to_move?;
        match self.options.end_rule {
            EndRule::NoMove => {
                let half = self.board.total() / 2;
                if self.board.row_is_empty(self.side_of(to_move)) {
                    Some(EndReason::NoMove)
                } else if Side::BOTH.iter().any(|&side| self.board.store(side) > half) {
                    Some(EndReason::Majority)
                } else {
                    None
                }
            }
            EndRule::EitherSideEmpty => Side::BOTH
                .iter()
                .any(|&side| self.board.row_is_empty(side))
                .then_some(EndReason::SideEmpty),
        }
    }

    fn scores(&self) -> Vec<i64> {
        (0..2)
            .map(|seat| i64::from(self.board.store(self.side_of(seat))))
            .collect()
    }
}

/// The other seat of a two-seat table.
fn opponent(seat: Seat) -> Seat {
    if seat == 0 { 1 } else { 0 }
}

/// The event for sowing `pit` of `side` in `state`: seeds, capture and extra turn worked out.
fn plan_sowing(state: &State, seat: Seat, side: Side, pit: usize) -> Event {
    let seeds = state.board.pit(side, pit).unwrap_or(0);
    let mut board = state.board.clone();
    let landing = board.sow(side, pit, seeds);
    let captured = match landing {
        Some(Landing::OwnPit(last)) if board.pit(side, last) == Some(1) => {
            let opposite = board.pit(side.other(), PITS - 1 - last).unwrap_or(0);
            if opposite > 0 || state.options.empty_capture {
                opposite + 1
            } else {
                0
            }
        }
        _ => 0,
    };
    Event::Sowed {
        seat,
        side,
        pit: pit as u8,
        seeds,
        captured,
        extra_turn: landing == Some(Landing::OwnStore),
    }
}

/// The event ending the game in `state` (reached after a sowing) for `reason`.
fn game_ended(state: &State, reason: EndReason) -> Event {
    let mut board = state.board.clone();
    let swept = Side::BOTH.map(|side| board.sweep(side));
    Event::GameEnded {
        reason,
        to_move: state.to_move.unwrap_or(0),
        owners: state.owners,
        swept,
        stores: board.stores,
    }
}

fn sow(state: &State, seat: Seat, pit: u8) -> Result<Vec<Event>, RuleError> {
    let side = state.side_of(seat);
    let index = usize::from(pit);
    match state.board.pit(side, index) {
        None => Err(RuleError::new(
            Message::new("kalah-no-such-pit").with("pit", index + 1),
        )),
        Some(0) => Err(RuleError::new(
            Message::new("kalah-pit-empty")
                .with("pit", index + 1)
                .with("index", index),
        )),
        Some(_) => {
            let sowed = plan_sowing(state, seat, side, index);
            let after = Kalah::evolve(state.clone(), &sowed);
            let mut events = vec![sowed];
            if let Some(reason) = after.ending() {
                events.push(game_ended(&after, reason));
            }
            Ok(events)
        }
    }
}

fn swap(state: &State, seat: Seat) -> Result<Vec<Event>, RuleError> {
    if state.swap_offered() {
        Ok(vec![Event::Swapped {
            seat,
            side: state.side_of(seat).other(),
        }])
    } else if !state.options.pie_rule {
        Err(RuleError::new(Message::new("kalah-no-pie-rule")))
    } else {
        Err(RuleError::new(Message::new("kalah-swap-only-first")))
    }
}

impl Rules for Kalah {
    const KIND: &'static str = "kalah";
    const NAME: &'static str = "kalah-name";

    type Options = Options;
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = View;

    fn player_counts(_options: &Options) -> RangeInclusive<usize> {
        2..=2
    }

    fn validate_options(options: &Options, players: usize) -> Result<(), RuleError> {
        if !(3..=6).contains(&options.seeds_per_pit) {
            return Err(RuleError::new(
                Message::new("kalah-seeds-per-pit").with("seeds", options.seeds_per_pit),
            ));
        }
        if players != 2 {
            return Err(players_exactly(Self::NAME, 2, players));
        }
        Ok(())
    }

    fn initial_state(options: &Options, _players: usize) -> State {
        State {
            options: options.clone(),
            board: Board::new(u32::from(options.seeds_per_pit)),
            owners: [0, 1],
            to_move: None,
            first_player: None,
            pie: Pie::Closed,
            last_sowing: None,
            end: None,
            swapped_by: None,
        }
    }

    fn setup(_options: &Options, _players: usize, rng: Rng<'_>) -> Vec<Event> {
        let seat: Seat = rng.random_range(0..2);
        let side = if seat == 0 { Side::South } else { Side::North };
        vec![Event::FirstPlayerDrawn { seat, side }]
    }

    fn decide(
        state: &State,
        seat: Seat,
        command: &Command,
        _rng: Rng<'_>,
    ) -> Result<Vec<Event>, RuleError> {
        if seat > 1 {
            return Err(RuleError::new(Message::new("rule-not-seated")));
        }
        if state.end.is_some() {
            return Err(RuleError::new(Message::new("rule-game-over")));
        }
        if state.to_move != Some(seat) {
            return Err(RuleError::new(Message::new("rule-not-your-turn")));
        }
        match command {
            Command::Sow { pit } => sow(state, seat, *pit),
            Command::Swap => swap(state, seat),
        }
    }

    fn evolve(mut state: State, event: &Event) -> State {
        match event {
            Event::FirstPlayerDrawn { seat, side } => {
                state.owners[side.index()] = *seat;
                state.owners[side.other().index()] = opponent(*seat);
                state.to_move = Some(*seat);
                state.first_player = Some(*seat);
                state.pie = if state.options.pie_rule {
                    Pie::Pending
                } else {
                    Pie::Closed
                };
            }
            Event::Sowed {
                seat,
                side,
                pit,
                seeds,
                captured,
                extra_turn,
            } => {
                let landing = state.board.sow(*side, usize::from(*pit), *seeds);
                if *captured > 0
                    && let Some(Landing::OwnPit(last)) = landing
                {
                    state.board.capture(*side, last);
                }
                state.to_move = Some(if *extra_turn { *seat } else { opponent(*seat) });
                // Any sowing while the swap is offered declines it; the first turn that passes
                // the move on opens it.
                state.pie = match state.pie {
                    Pie::Offered => Pie::Closed,
                    Pie::Pending if !*extra_turn => Pie::Offered,
                    pie => pie,
                };
                state.last_sowing = Some(Sowing {
                    seat: *seat,
                    side: *side,
                    pit: *pit,
                    seeds: *seeds,
                    captured: *captured,
                    extra_turn: *extra_turn,
                });
            }
            Event::Swapped { seat, side } => {
                state.owners[side.index()] = *seat;
                state.owners[side.other().index()] = opponent(*seat);
                state.to_move = Some(opponent(*seat));
                state.pie = Pie::Closed;
                state.swapped_by = Some(*seat);
                // The swap is now the last thing that happened.
                state.last_sowing = None;
            }
            Event::GameEnded { reason, .. } => {
                let swept = Side::BOTH.map(|side| state.board.sweep(side));
                state.end = Some(End {
                    reason: *reason,
                    swept,
                });
                state.to_move = None;
                state.pie = Pie::Closed;
            }
        }
        state
    }

    fn legal_commands(state: &State, seat: Seat) -> Vec<Command> {
        if state.end.is_some() || state.to_move != Some(seat) {
            return Vec::new();
        }
        let side = state.side_of(seat);
        let mut commands: Vec<Command> = (0..PITS)
            .filter(|&pit| state.is_sowable(side, pit))
            .map(|pit| Command::Sow { pit: pit as u8 })
            .collect();
        if state.swap_offered() {
            commands.push(Command::Swap);
        }
        commands
    }

    fn foreseeable(_state: &State) -> bool {
        true
    }

    fn status(state: &State) -> Status {
        if state.end.is_some() {
            let scores = state.scores();
            let best = scores.iter().copied().max().unwrap_or(0);
            let winners = (0..scores.len()).filter(|&s| scores[s] == best).collect();
            return Status::Finished {
                outcome: Outcome { winners, scores },
            };
        }
        Status::ToAct {
            seats: state.to_move.into_iter().collect(),
        }
    }

    fn view(state: &State, _viewer: Viewer) -> View {
        View {
            options: state.options.clone(),
            sides: Side::BOTH.map(|side| SideView {
                side,
                seat: state.owner(side),
                pits: state.board.pits[side.index()],
                store: state.board.store(side),
            }),
            to_move: state.to_move,
            swap_offered: state.swap_offered(),
            last_sowing: state.last_sowing.clone(),
            end: state.end.clone(),
            first_player: state.first_player,
            swapped_by: state.swapped_by,
        }
    }

    fn redact(event: &Event, _viewer: Viewer) -> Event {
        event.clone()
    }

    fn describe(event: &Event) -> Message {
        text::describe(event)
    }

    fn command_label(state: &State, command: &Command) -> Message {
        let seeds = match command {
            Command::Sow { pit } => {
                let side = state
                    .to_move
                    .map_or(Side::South, |seat| state.side_of(seat));
                state.board.pit(side, usize::from(*pit)).unwrap_or(0)
            }
            Command::Swap => 0,
        };
        text::command_label(seeds, command)
    }
}
