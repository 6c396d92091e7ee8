//! Kabaleo (Jean-Luc Renaud, Gigamic) as played on Board Game Arena: players take turns placing
//! one piece from their public hand on a pile; a piece landing on a piece of its own colour
//! cancels both; when every piece is placed, whoever's secret colour tops the most piles wins.
//! Rules and decisions: `shared/rules/kabaleo.md`.
//!
//! Secrets: each seat's colours travel only in [`Event::SecretColoursDealt`], which [`redact`]
//! blanks for every other viewer, and appear in a [`KabaleoView`] only for their owner, for
//! [`Viewer::Everyone`], or once the game is over.
//!
//! Resignation (games of three or four players; the application ends a two-player game
//! itself): the rules say nothing about a player leaving, so the resigned seat's hand leaves the
//! game with it, recorded in [`Event::SeatResigned`]. Hands belong to their players, and dealing
//! those pieces to the others would change what each must place; withdrawing them keeps the rest
//! of the game exactly as the rules run it. The seat is skipped in turn order from then on (if it
//! was to move, the next seat round the table still playing moves; the golden rule still bars the
//! pile of the last placement, since resigning is not a move). "All pieces are placed" then means
//! every piece still in the game: play ends when the hands of the seats still playing are empty,
//! each of them having placed its whole hand. Conservation becomes: in hands + on the board +
//! cancelled + withdrawn = 6 per colour in play. The resigned seat's secret colour stays on the
//! board as a colour owned by nobody ("colours owned by nobody are ignored (they cannot win)",
//! kabaleo.md §5): its score is still reported, but it is never among the winners, and the score
//! and tie-breakers decide among the seats still playing. Its secret colour stays hidden like
//! every other until the game ends (the event carries no secret).
//!
//! [`redact`]: Rules::redact

mod colour;
mod deal;
mod state;
mod text;
mod view;

#[cfg(test)]
pub(crate) mod tests;

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use super::{Message, Rng, RuleError, Rules, Seat, Status, Viewer, players_between};

pub use colour::Colour;
pub use state::{Standing, State};
pub use view::{ColourCount, ColourTally, KabaleoView, PileView, SeatView};

/// Bases of each colour in play.
const BASES_PER_COLOUR: usize = 4;
/// Pieces of each colour in play.
const PIECES_PER_COLOUR: usize = 6;

/// The Kabaleo rules engine.
pub struct Kabaleo;

/// How the pieces are shared out at the start.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Dealing {
    /// All pieces shuffled and dealt out equally.
    #[default]
    Random,
    /// Every player gets the same number of each colour (2 or 3 players only).
    Uniform,
}

/// Table options, chosen when the game is created.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct KabaleoOptions {
    pub dealing: Dealing,
}

/// What a player asks to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    /// Place a piece of `colour` from one's hand on pile `pile` (0-based; pages show `pile + 1`).
    Place { pile: usize, colour: Colour },
}

/// Pieces held, by colour; colours with none are left out.
pub type Hand = BTreeMap<Colour, u8>;

/// The facts of a game, in order. Setup emits the first four, once each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The bases, one per location in layout order; their colours are the colours in play.
    BoardLaidOut { bases: Vec<Colour> },
    /// Each seat's (public) hand.
    PiecesDealt { hands: Vec<Hand> },
    /// Each seat's secret colours, by seat; `None` where redacted for the viewer. (The row that
    /// records them is sealed by the application, so its public hash cannot be used to test
    /// guesses of them.)
    SecretColoursDealt { secrets: Vec<Option<Vec<Colour>>> },
    /// The seat that places first.
    FirstPlayerDrawn { seat: Seat },
    /// `seat` placed a `colour` piece on `pile` (0-based). `cancelled`: the pile's top piece had
    /// the same colour, so both pieces left the game.
    PiecePlaced {
        seat: Seat,
        pile: usize,
        colour: Colour,
        cancelled: bool,
    },
    /// `seat` resigned (only in games of three or more players). `withdrawn`: the pieces still in
    /// its hand, by colour (colours it had none of left out), which left the game unplayed.
    /// The seat never moves again and never wins; if it was to move, the next seat round the
    /// table that is still playing moves, under the golden rule of the last placement. Its secret
    /// colour is not in this event and stays hidden until the game ends.
    SeatResigned { seat: Seat, withdrawn: Hand },
}

/// Colours in play: two more than there are players.
fn colours_in_play(players: usize) -> usize {
    (players + 2).min(Colour::ALL.len())
}

/// Secret colours per player: two each in a two-player game, one otherwise.
fn secret_colours_each(players: usize) -> usize {
    if players == 2 { 2 } else { 1 }
}

impl Rules for Kabaleo {
    const KIND: &'static str = "kabaleo";
    const NAME: &'static str = "kabaleo-name";

    type Options = KabaleoOptions;
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = KabaleoView;

    fn player_counts(options: &KabaleoOptions) -> RangeInclusive<usize> {
        match options.dealing {
            Dealing::Random => 2..=4,
            Dealing::Uniform => 2..=3,
        }
    }

    fn validate_options(options: &KabaleoOptions, players: usize) -> Result<(), RuleError> {
        if !(2..=4).contains(&players) {
            return Err(players_between(Self::NAME, 2, 4, players));
        }
        if options.dealing == Dealing::Uniform && !Self::player_counts(options).contains(&players) {
            return Err(RuleError::new(
                Message::new("kabaleo-uniform-dealing").with("players", players),
            ));
        }
        Ok(())
    }

    fn initial_state(options: &KabaleoOptions, players: usize) -> State {
        State::new(options, players)
    }

    fn setup(options: &KabaleoOptions, players: usize, rng: Rng<'_>) -> Vec<Event> {
        deal::setup(options, players, rng)
    }

    fn decide(
        state: &State,
        seat: Seat,
        command: &Command,
        _rng: Rng<'_>,
    ) -> Result<Vec<Event>, RuleError> {
        let Command::Place { pile, colour } = *command;
        if let Some(refusal) = state.refusal(seat, pile, colour) {
            return Err(RuleError::new(text::refusal(refusal)));
        }
        let cancelled = state.piles[pile].top_piece() == Some(colour);
        Ok(vec![Event::PiecePlaced {
            seat,
            pile,
            colour,
            cancelled,
        }])
    }

    fn evolve(mut state: State, event: &Event) -> State {
        match event {
            Event::BoardLaidOut { bases } => {
                state.piles = bases.iter().copied().map(state::Pile::new).collect();
            }
            Event::PiecesDealt { hands } => {
                for (held, dealt) in state.hands.iter_mut().zip(hands) {
                    *held = [0; colour::COLOURS];
                    for (colour, &count) in dealt {
                        held[colour.index()] = count;
                    }
                }
            }
            Event::SecretColoursDealt { secrets, .. } => {
                for (known, dealt) in state.secrets.iter_mut().zip(secrets) {
                    if let Some(colours) = dealt {
                        known.clone_from(colours);
                    }
                }
            }
            Event::FirstPlayerDrawn { seat } => {
                if *seat < state.players {
                    let first = if state.has_resigned(*seat) {
                        state.next_seat(*seat)
                    } else {
                        *seat
                    };
                    state.to_move = Some(first);
                }
            }
            Event::PiecePlaced {
                seat,
                pile,
                colour,
                cancelled,
            } => state.apply_placement(*seat, *pile, *colour, *cancelled),
            Event::SeatResigned { seat, withdrawn } => state.apply_resignation(*seat, withdrawn),
        }
        state
    }

    fn legal_commands(state: &State, seat: Seat) -> Vec<Command> {
        if state.to_move != Some(seat) || state.is_over() {
            return Vec::new();
        }
        let colours = state.colours();
        (0..state.piles.len())
            .flat_map(|pile| colours.iter().map(move |&colour| (pile, colour)))
            .filter(|&(pile, colour)| state.refusal(seat, pile, colour).is_none())
            .map(|(pile, colour)| Command::Place { pile, colour })
            .collect()
    }

    fn foreseeable(_state: &State) -> bool {
        true
    }

    fn status(state: &State) -> Status {
        match state.to_move {
            _ if state.is_over() => Status::Finished {
                outcome: state.outcome(),
            },
            Some(seat) => Status::ToAct { seats: vec![seat] },
            None => Status::ToAct { seats: Vec::new() },
        }
    }

    fn view(state: &State, viewer: Viewer) -> KabaleoView {
        view::view(state, viewer)
    }

    fn redact(event: &Event, viewer: Viewer) -> Event {
        match event {
            Event::SecretColoursDealt { secrets } => Event::SecretColoursDealt {
                secrets: secrets
                    .iter()
                    .enumerate()
                    .map(|(owner, colours)| {
                        colours.clone().filter(|_| viewer.may_see_secrets_of(owner))
                    })
                    .collect(),
            },
            other => other.clone(),
        }
    }

    fn decided_by(state: &State) -> Option<Message> {
        state.decided_by()
    }

    fn describe(event: &Event) -> Message {
        text::describe(event)
    }

    fn command_label(state: &State, command: &Command) -> Message {
        text::command_label(state, command)
    }

    /// The seat's remaining hand leaves the game with it (see the module documentation). Nothing
    /// happens for a seat that does not exist or has already resigned, or once the game is over.
    fn resign(state: &State, seat: Seat) -> Vec<Event> {
        if seat >= state.players || state.has_resigned(seat) || state.is_over() {
            return Vec::new();
        }
        vec![Event::SeatResigned {
            seat,
            withdrawn: state.hand_of(seat),
        }]
    }
}
