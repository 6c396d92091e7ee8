//! Pure rules engines, one module per game, all behind the [`Rules`] trait.
//!
//! Nothing in here performs I/O, reads a clock, touches the database or constructs a random
//! number generator: the application layer hands `decide` and `setup` a seeded stream, and every
//! random outcome is written into the events they return, so that `evolve` never needs one.

pub mod azul;
pub mod gype;
pub mod kabaleo;
pub mod kalah;
pub mod kind;
pub mod message;
pub mod playout;
pub mod quarto;

use std::fmt::Debug;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize, de::DeserializeOwned};

pub use kind::{Kind, with_rules};
pub use message::Message;

/// A seat at the table, counted from 0 in seating order.
pub type Seat = usize;

/// The random stream a decision may draw from. Only `setup` and `decide` receive one.
pub type Rng<'a> = &'a mut dyn rand::Rng;

/// Who is looking at a game. The application layer chooses: a seated player or a spectator while
/// the game runs; once it has ended, when every secret is revealed, a seated player at their
/// own side of the table (`SeatAtEnd`) and anyone else as `Everyone`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    Seat(Seat),
    SeatAtEnd(Seat),
    Spectator,
    Everyone,
}

impl Viewer {
    /// Whether this viewer may see what `owner` keeps secret.
    pub fn may_see_secrets_of(self, owner: Seat) -> bool {
        match self {
            Viewer::Seat(seat) => seat == owner,
            Viewer::Spectator => false,
            Viewer::SeatAtEnd(_) | Viewer::Everyone => true,
        }
    }

    /// Whether every secret is revealed to this viewer.
    pub fn sees_everything(self) -> bool {
        matches!(self, Viewer::SeatAtEnd(_) | Viewer::Everyone)
    }

    /// The seat whose side of the table a view is drawn from, when the viewer plays.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(seat) | Viewer::SeatAtEnd(seat) => Some(seat),
            Viewer::Spectator | Viewer::Everyone => None,
        }
    }
}

/// A command the rules refused, with a reason a player understands ("pit 3 is empty"), as a
/// message for the reader's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleError(pub Message);

impl RuleError {
    pub fn new(reason: Message) -> Self {
        RuleError(reason)
    }
}

impl From<Message> for RuleError {
    fn from(reason: Message) -> Self {
        RuleError(reason)
    }
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for RuleError {}

/// The end of a game: who won (several seats share a win; every seat winning is a draw) and each
/// seat's final score, indexed by seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: Vec<Seat>,
    pub scores: Vec<i64>,
}

impl Outcome {
    pub fn is_draw(&self) -> bool {
        self.winners.len() == self.scores.len() && self.scores.len() > 1
    }
}

/// Whether a game goes on, and if so who must act: usually one seat, several when the rules let
/// players act simultaneously.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Status {
    ToAct { seats: Vec<Seat> },
    Finished { outcome: Outcome },
}

impl Status {
    pub fn to_act(&self) -> &[Seat] {
        match self {
            Status::ToAct { seats } => seats,
            Status::Finished { .. } => &[],
        }
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Status::ToAct { .. } => None,
            Status::Finished { outcome } => Some(outcome),
        }
    }
}

/// One game's rules as a Decider: `setup` and `decide` turn intentions into facts (events),
/// `evolve` folds facts into state. Each associated type round-trips through serde because the
/// event store keeps options, commands and events as JSON.
pub trait Rules: 'static {
    /// Stable identifier stored with every game ("kalah").
    const KIND: &'static str;
    /// The message key of the game's name ("kalah-name": "Kalah", "カラハ").
    const NAME: &'static str;
    /// Whether the final scores mean something to players; when not (Quarto has only a winner),
    /// results are told without them.
    const SCORED: bool = true;

    /// Table options; the schema is published to tools with the new-game form.
    type Options: Clone
        + Debug
        + Default
        + PartialEq
        + Serialize
        + DeserializeOwned
        + schemars::JsonSchema
        + Send
        + Sync;
    type State: Clone + Debug + PartialEq + Send + Sync;
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    type View: Clone + Debug + Serialize + DeserializeOwned;

    /// How many players these options seat.
    fn player_counts(options: &Self::Options) -> RangeInclusive<usize>;

    /// Checks table options when a game is created; the message names what is wrong.
    fn validate_options(options: &Self::Options, players: usize) -> Result<(), RuleError>;

    /// The state before any event: the empty table.
    fn initial_state(options: &Self::Options, players: usize) -> Self::State;

    /// The opening facts once every seat is filled (first player, deals, board layout).
    fn setup(options: &Self::Options, players: usize, rng: Rng<'_>) -> Vec<Self::Event>;

    /// The only place the rules are checked. Accepts exactly the commands `legal_commands` lists.
    fn decide(
        state: &Self::State,
        seat: Seat,
        command: &Self::Command,
        rng: Rng<'_>,
    ) -> Result<Vec<Self::Event>, RuleError>;

    /// Applies one fact. Total: never validates, never panics, never draws randomness.
    fn evolve(state: Self::State, event: &Self::Event) -> Self::State;

    /// Every command `seat` may submit now; empty when it is not that seat's turn.
    fn legal_commands(state: &Self::State, seat: Seat) -> Vec<Self::Command>;

    fn status(state: &Self::State) -> Status;

    /// What `viewer` may see of the state.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// What `viewer` may see of one event. Games without secrets return it unchanged.
    fn redact(event: &Self::Event, viewer: Viewer) -> Self::Event;

    /// One sentence describing an event for the history page and emails ("Ann sowed 4 seeds
    /// from pit 3."); seats are arguments, shown as the players' names.
    fn describe(event: &Self::Event) -> Message;

    /// A short label for a command, for buttons and logs ("Sow pit 3 (4 seeds)").
    fn command_label(state: &Self::State, command: &Self::Command) -> Message;

    /// `seat` resigns from a game of three or more players: the facts that take the seat out
    /// while play goes on among the others. From then on `status` never asks the seat to act and
    /// never counts it among the winners; what becomes of its pieces or tiles is for each game
    /// to decide (and document). When only one player would remain, or in two-player games, the
    /// application ends the game itself and does not call this.
    fn resign(_state: &Self::State, _seat: Seat) -> Vec<Self::Event> {
        Vec::new()
    }

    /// How a finished game was decided between seats of equal score, when its tie-breakers did
    /// it ("on the first tie-breaker, piles topped by a piece: 5 to 4"); None when the scores
    /// alone decided it, or the game has no tie-breakers.
    fn decided_by(_state: &Self::State) -> Option<Message> {
        None
    }

    /// Whether the next command made from this position can be foreseen by every player: what
    /// the one to act may do, and what each of those commands does, follow from what everyone
    /// sees — no secret of theirs decides it and no draw follows. Where it holds, a player may
    /// plan their answers to the opponent's move in advance. Default: never.
    fn foreseeable(_state: &Self::State) -> bool {
        false
    }

    /// Whether `viewer` may read a command that the player at `actor` submitted. Games whose
    /// commands can carry a secret (a hidden arrangement) say no to everyone but the actor.
    fn command_visible(_command: &Self::Command, _actor: Seat, _viewer: Viewer) -> bool {
        true
    }
}

/// A refusal of table options: the game is for exactly `count` players.
pub fn players_exactly(game: &'static str, count: usize, players: usize) -> RuleError {
    RuleError::new(
        Message::new("rule-players-exactly")
            .with("game", Message::new(game))
            .with("count", count)
            .with("players", players),
    )
}

/// A refusal of table options: the game is for `min` to `max` players.
pub fn players_between(game: &'static str, min: usize, max: usize, players: usize) -> RuleError {
    RuleError::new(
        Message::new("rule-players-between")
            .with("game", Message::new(game))
            .with("min", min)
            .with("max", max)
            .with("players", players),
    )
}

/// Folds a sequence of events into state, starting from the empty table.
pub fn fold<'a, R: Rules>(
    options: &R::Options,
    players: usize,
    events: impl IntoIterator<Item = &'a R::Event>,
) -> R::State
where
    R::Event: 'a,
{
    events
        .into_iter()
        .fold(R::initial_state(options, players), R::evolve)
}
