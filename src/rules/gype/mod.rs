//! Uncle Chestnut's Table Gype (spec: shared/rules/gype.md) for 2 to 4 players.
//!
//! Each player races 8 dice from their start row to the opposite row; a die's top face says how it
//! moves, and jumped dice are rolled. Before play every player arranges their start row in secret;
//! the arrangements are revealed together once all have confirmed.
//!
//! Modules: `board` (squares, sides and orientation), `faces` (faces and their moves), `types`
//! (options, commands, events), `state` (state and `evolve`), `legality` (what is allowed and why
//! not), `decide` (setup and decisions), `view` (views and redaction), `describe` (sentences).

mod board;
mod decide;
mod describe;
mod faces;
mod legality;
mod state;
mod types;
mod view;

#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;

pub use board::{Side, Square, seat_sides, sq};
pub use faces::{Face, HatPath, face_name};
pub use state::{Die, LastMove, MoveKind, State};
pub use types::{Command, DieRoll, Event, Options, StartRule};
pub use view::{CellView, ChainView, DieView, PhaseView, SeatView, View};

use super::{Outcome, Rng, RuleError, Rules, Seat, Status, Viewer};
use state::Phase;

pub struct Gype;

impl Rules for Gype {
    const KIND: &'static str = "gype";
    const NAME: &'static str = "Uncle Chestnut's Table Gype";

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
            Err(RuleError::new(format!(
                "Table Gype is for 2 to 4 players, not {players}"
            )))
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
        state::evolve(state, event)
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

    fn describe(event: &Event, names: &[String]) -> String {
        describe::describe(event, names)
    }

    fn command_label(state: &State, command: &Command) -> String {
        describe::command_label(state, command)
    }

    /// A swap names the squares of a hidden arrangement: only its author sees it until the end.
    fn command_visible(command: &Command, actor: Seat, viewer: Viewer) -> bool {
        !matches!(command, Command::Swap { .. }) || viewer.may_see_secrets_of(actor)
    }
}

/// Who acts: every seat still arranging, then the player whose turn it is; or the winner, with
/// each seat's score being its number of dice in its goal row.
fn status(state: &State) -> Status {
    match state.phase {
        Phase::Setup => Status::ToAct { seats: Vec::new() },
        Phase::Arranging => Status::ToAct {
            seats: (0..state.players)
                .filter(|&s| !state.confirmed.get(s).copied().unwrap_or(true))
                .collect(),
        },
        Phase::Playing => Status::ToAct {
            seats: vec![state.turn],
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
