//! What one seat may know of its game.

use crate::rules::{Rules, Seat, Viewer, fold};

/// The options, the number of players, the seat, and every event of the game as that seat was
/// shown it. The only way to make one is [`Knowledge::new`], which redacts each event for the
/// seat on the way in: a computer deciding from it cannot read another seat's secret, the state
/// or the seed, whatever it is handed.
pub struct Knowledge<R: Rules> {
    options: R::Options,
    players: usize,
    seat: Seat,
    seen: Vec<R::Event>,
}

impl<R: Rules> Knowledge<R> {
    pub fn new<'a>(
        options: R::Options,
        players: usize,
        seat: Seat,
        events: impl IntoIterator<Item = &'a R::Event>,
    ) -> Self {
        let viewer = Viewer::Seat(seat);
        Knowledge {
            options,
            players,
            seat,
            seen: events.into_iter().map(|e| R::redact(e, viewer)).collect(),
        }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn players(&self) -> usize {
        self.players
    }

    pub fn options(&self) -> &R::Options {
        &self.options
    }

    /// Every event as the seat was shown it, in order.
    pub fn seen(&self) -> &[R::Event] {
        &self.seen
    }

    /// The game as the seat's events build it: exact where nothing is hidden from the seat, with
    /// the others' secrets missing where something is.
    pub fn seen_state(&self) -> R::State {
        fold::<R>(&self.options, self.players, &self.seen)
    }

    /// The seat's view of the game now.
    pub fn view(&self) -> R::View {
        R::view(&self.seen_state(), Viewer::Seat(self.seat))
    }

    /// What the seat may do now. Which moves are legal never turns on another seat's secret.
    pub fn legal_commands(&self) -> Vec<R::Command> {
        R::legal_commands(&self.seen_state(), self.seat)
    }
}
