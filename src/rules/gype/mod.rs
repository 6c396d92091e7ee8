//! Uncle Chestnut's Table Gype (spec: shared/rules/gype.md) for 2 to 4 players.
//!
//! Each player races 8 dice from their start row to the opposite row; a die's top face says how it
//! moves, and jumped dice are rolled. Before play every player arranges their start row in secret;
//! the arrangements are revealed together once all have confirmed.
//!
//! **Resignation** (games of three or more players; the spec is silent on players leaving): the
//! resigned seat's 8 dice leave the board at once, freeing their squares, and the seat never acts
//! again and cannot win (its score, dice in its goal row, becomes 0). Dice left behind would
//! block the goal row of the player opposite for ever (nobody may land on an occupied square, and
//! nobody else may move or roll them). Dice it rolled by jumps stay as rolled. On its own turn,
//! even halfway through a chain, its move is over and the turn passes to the next seat still
//! playing. If it leaves halfway through another player's chain and no jump is left for the
//! jumping die, that chain ends by itself (as after any jump), and that player may win by it.
//! During the secret arrangement its row leaves unseen: the event carries the arrangement only
//! for the seat itself until the game ends, the reveal shows an empty row for it, and if everyone
//! still playing has already confirmed, the resignation brings the reveal and the first turn (of
//! the first player, or the next seat still playing after them). Its start and goal rows stay
//! home rows, closed to everyone whose goal they are not. So §12 of the spec becomes: (1) every
//! seat still playing has its 8 dice on the board, a resigned seat none, and nothing else ever
//! removes a die; (8) the game ends with exactly one winner, a seat still playing: the one who
//! just acted, or whose chain a resignation ended. The others hold as they are, for the dice on
//! the board. In addition a chain in progress always has a jump left, and every die it has
//! jumped is still on the board.
//!
//! Modules: `board` (squares, sides and orientation), `faces` (faces and their moves), `types`
//! (options, commands, events), `state` (state and `evolve`), `legality` (what is allowed and why
//! not), `decide` (setup and decisions), `view` (views and redaction), `describe` (sentences).

mod decide;
mod describe;
mod legality;
mod model;
mod view;

#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;

pub use decide::deal as deal_start_row;
pub use model::board::{Side, Square, seat_sides, sq};
pub use model::faces::{Face, HatPath, face_name, hat_path_squares};
pub use model::state::{Chain, Die, LastMove, MoveKind, State};
pub use model::types::{Command, DieAt, DieRoll, Event, Options, StartRule};
pub use view::{CellView, ChainView, DieView, PhaseView, SeatView, View};

use super::{Message, Outcome, Rng, RuleError, Rules, Seat, Status, Viewer};
use model::state::Phase;

pub struct Gype;

impl Rules for Gype {
    const KIND: &'static str = "gype";
    const NAME: &'static str = "gype-name";

    type Options = Options;
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = View;

    fn player_counts(_options: &Options) -> RangeInclusive<usize> {
        2..=4
    }

    fn validate_options(options: &Options, players: usize) -> Result<(), RuleError> {
        if Self::player_counts(options).contains(&players) {
            Ok(())
        } else {
            Err(super::players_between(Self::NAME, 2, 4, players))
        }
    }

    fn initial_state(options: &Options, players: usize) -> State {
        State::new(options, players)
    }

    fn setup(options: &Options, players: usize, rng: Rng<'_>) -> Vec<Event> {
        decide::setup(options, players, rng)
    }

    fn decide(
        state: &State,
        seat: Seat,
        command: &Command,
        rng: Rng<'_>,
    ) -> Result<Vec<Event>, RuleError> {
        decide::decide(state, seat, command, rng)
    }

    fn evolve(state: State, event: &Event) -> State {
        model::state::evolve(state, event)
    }

    fn legal_commands(state: &State, seat: Seat) -> Vec<Command> {
        legality::legal_commands(state, seat)
    }

    fn status(state: &State) -> Status {
        status(state)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn redact(event: &Event, viewer: Viewer) -> Event {
        view::redact(event, viewer)
    }

    fn describe(event: &Event) -> Message {
        describe::describe(event)
    }

    fn command_label(state: &State, command: &Command) -> Message {
        describe::command_label(state, command)
    }

    /// The seat's dice leave the board (see [`Event::Resigned`]).
    fn resign(state: &State, seat: Seat) -> Vec<Event> {
        decide::resign(state, seat)
    }

    /// A swap names the squares of a hidden arrangement: only its author sees it until the end.
    fn command_visible(command: &Command, actor: Seat, viewer: Viewer) -> bool {
        !matches!(command, Command::Swap { .. }) || viewer.may_see_secrets_of(actor)
    }
}

/// Who acts: every seat still arranging, then the player whose turn it is (never a resigned
/// seat); or the winner, with each seat's score being its number of dice in its goal row (0 for
/// a resigned seat, whose dice have left).
fn status(state: &State) -> Status {
    match state.phase {
        Phase::Setup => Status::ToAct { seats: Vec::new() },
        Phase::Arranging => Status::ToAct {
            seats: (0..state.players)
                .filter(|&s| !state.is_resigned(s))
                .filter(|&s| !state.confirmed.get(s).copied().unwrap_or(true))
                .collect(),
        },
        Phase::Playing => Status::ToAct {
            seats: Some(state.turn)
                .filter(|&s| !state.is_resigned(s))
                .into_iter()
                .collect(),
        },
        Phase::Finished { winner } => Status::Finished {
            outcome: Outcome {
                winners: vec![winner],
                scores: (0..state.players)
                    .map(|s| state.dice_in_goal(s) as i64)
                    .collect(),
            },
        },
    }
}
