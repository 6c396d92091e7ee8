//! Azul: Summer Pavilion (Kiesling, 2019) for 2–4 players, as played on Board Game Arena.
//! Specification: shared/rules/azul-summer-pavilion.md.
//!
//! Each round players take tiles from the factories and the centre (phase 1), then in turn place
//! one tile at a time on their boards, paying the printed value in tiles of that colour and the
//! round's wild colour, or pass, keeping up to 4 tiles (phase 2). Six rounds, then end bonuses.
//!
//! Resignation (three or more players; the rules and BGA say nothing of a player leaving the
//! table, BGA keeps a "zombie" that drafts at random and passes). Here the seat leaves
//! (`Event::SeatResigned`): the tiles in its hand and on its corner spaces go into the tower, the
//! discard pile that refills the bag, so the 132 tiles stay in play and are counted as before;
//! its board stays as it is but is never scored again, and its score stays where it was (shown,
//! never a winner). From then on it counts as passed in every phase 2 and is skipped in phase 1.
//! If it was to act (taking, placing, choosing bonus tiles, which stay in the supply, or choosing
//! tiles to keep), the turn passes as after a move: to the next seat clockwise in phase 1, to the
//! next seat that has not passed in phase 2. If it held the start player token, or started the
//! round while the token is still in the centre, that role passes to the next seat clockwise
//! still playing, at no cost. From the next round on, the factories are as many as the rules lay
//! out for the players left (7 for three, 5 for two). A resignation that leaves nobody placing
//! ends phase 2: in round 6 the final scoring follows at once; before that the next round's
//! factories need a bag draw, which `resign` cannot make (it has no randomness and the draw must
//! come from the game's committed seed), so `Event::RoundOver` hands the next start player a
//! single `pass` that prepares the round, as the rulebook has the start player do in phase 3.
//!
//! Submodules: `model` (what a game is made of: `tiles`, colours and multisets; `board`, geometry:
//! stars, values, structures; `commands`, `events` and `state`), `scoring`, `legal` (legal
//! commands and the checks of `decide`), `decide` (commands to events, plus everything that
//! follows by itself), `evolve`, `view`, `text`.

mod decide;
mod evolve;
mod legal;
mod model;
mod scoring;
mod text;
mod view;

#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use super::{Message, Rng, RuleError, Rules, Seat, Status, Viewer};

pub use model::board::{BoardSide, Space, Structure, StructureKind, star_colour};
pub use model::commands::{Command, Source};
pub use model::events::{Event, NumberBonus, StarBonus};
pub use model::state::{Board, Pending, Phase, PlayerState, State, TOTAL_TILES, tile_count};
pub use model::tiles::{Colour, Counts, Tiles};
pub use text::wild_message;
pub use view::{Awaiting, PlayerView, SpaceView, StarView, StructureView, View};

/// Table options. `{"board":"standard"}` (coloured side, default) or `{"board":"variant"}` (grey side).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct Options {
    pub board: BoardSide,
}

pub struct Azul;

impl Rules for Azul {
    const KIND: &'static str = "azul";
    const NAME: &'static str = "azul-name";

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
        decide::setup(State::new(options, players), rng)
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
        evolve::evolve(state, event)
    }

    fn legal_commands(state: &State, seat: Seat) -> Vec<Command> {
        legal::legal_commands(state, seat)
    }

    fn foreseeable(state: &State) -> bool {
        state.phase == Phase::Acquire
    }

    fn status(state: &State) -> Status {
        match state.phase {
            Phase::Acquire | Phase::Place => Status::ToAct {
                seats: [state.current]
                    .into_iter()
                    .filter(|&seat| legal::is_to_act(state, seat))
                    .collect(),
            },
            Phase::Setup => Status::ToAct { seats: Vec::new() },
            Phase::Ended => {
                let scores: Vec<i64> = state.players.iter().map(|p| p.score).collect();
                Status::Finished {
                    outcome: super::Outcome {
                        winners: model::state::winners(&scores, &state.players),
                        scores,
                    },
                }
            }
        }
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn redact(event: &Event, _viewer: Viewer) -> Event {
        event.clone()
    }

    fn describe(event: &Event) -> Message {
        text::describe(event)
    }

    fn command_label(state: &State, command: &Command) -> Message {
        text::command_label(state, command)
    }

    fn resign(state: &State, seat: Seat) -> Vec<Event> {
        decide::resign(state, seat)
    }
}
