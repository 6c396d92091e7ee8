//! What one viewer may see: the whole public board and hands, and secret colours only where the
//! viewer may know them.

use serde::{Deserialize, Serialize};

use super::colour::Colour;
use super::state::{Pile, Standing, State};
use super::{Dealing, PIECES_PER_COLOUR, Seat, Viewer, secret_colours_each};

/// Everything a page needs to draw a Kabaleo position for one viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KabaleoView {
    /// The seat looking, if a seated player is.
    pub you: Option<Seat>,
    pub dealing: Dealing,
    /// Secret colours each player holds (2 in a two-player game, else 1).
    pub secret_colours_each: usize,
    /// Per colour in play: how the board counts it (public), and pieces left in hands.
    pub colours: Vec<ColourTally>,
    /// Every location, in layout order.
    pub piles: Vec<PileView>,
    /// Index of the pile the previous move was made on (the golden rule forbids it next).
    pub last_pile: Option<usize>,
    /// Who places next; `None` before the start and after the end.
    pub to_move: Option<Seat>,
    pub seats: Vec<SeatView>,
    pub pieces_placed: usize,
    /// Pieces in the game at the start (24, 30 or 36); play ends when all are placed, but for
    /// those that left the game with a resigned player.
    pub pieces_total: usize,
    /// Pieces taken out of the game by cancellation.
    pub pieces_removed: usize,
    /// Pieces that left the game unplayed in resigned players' hands.
    pub pieces_withdrawn: usize,
    pub finished: bool,
    /// The winning seats once the game is over (several share a win); empty before.
    pub winners: Vec<Seat>,
}

/// One location, drawn bottom to top.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PileView {
    /// 0-based index, as commands name the pile.
    pub index: usize,
    /// The number people use: `index + 1`.
    pub number: usize,
    pub base: Colour,
    /// Pieces on the base, bottom first.
    pub pieces: Vec<Colour>,
    /// The pile's colour: its top piece, or the base when bare.
    pub colour: Colour,
    /// Cones including the base.
    pub height: usize,
    pub bare: bool,
    /// The previous move was made here.
    pub last_played: bool,
}

/// One player's public hand, and what the viewer may know of their secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    /// Pieces in hand for every colour in play (zero counts included).
    pub hand: Vec<ColourCount>,
    pub pieces_left: usize,
    pub to_move: bool,
    /// The seat resigned: its hand left the game, it no longer moves and cannot win.
    pub resigned: bool,
    /// The seat's secret colours: shown to their owner, and to everyone once the game is over
    /// (`None` wherever they are not shown or not known).
    pub secret_colours: Option<Vec<Colour>>,
    /// Score and tie-breakers on the current board, wherever `secret_colours` is shown.
    pub standing: Option<Standing>,
    pub winner: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColourCount {
    pub colour: Colour,
    pub count: usize,
}

/// How one colour stands on the board; all public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColourTally {
    pub colour: Colour,
    /// Piles showing this colour, piece-topped ones and the tallest, as a seat holding only this
    /// colour would score them.
    pub standing: Standing,
    /// Pieces of this colour still in players' hands.
    pub in_hands: usize,
    /// Pieces of this colour cancelled out of the game.
    pub removed: usize,
    /// Pieces of this colour that left the game in resigned players' hands.
    pub withdrawn: usize,
}

pub(super) fn view(state: &State, viewer: Viewer) -> KabaleoView {
    let colours = state.colours();
    let finished = state.is_over();
    let winners = if finished {
        state.winners()
    } else {
        Vec::new()
    };
    let to_move = state.to_move.filter(|_| !finished);
    let seats = (0..state.players)
        .map(|seat| {
            let secret = state
                .secrets
                .get(seat)
                .filter(|s| !s.is_empty() && (finished || viewer.may_see_secrets_of(seat)));
            SeatView {
                seat,
                hand: colours
                    .iter()
                    .map(|&colour| ColourCount {
                        colour,
                        count: usize::from(state.hands[seat][colour.index()]),
                    })
                    .collect(),
                pieces_left: state.pieces_left(seat),
                to_move: to_move == Some(seat),
                resigned: state.has_resigned(seat),
                secret_colours: secret.cloned(),
                standing: secret.map(|s| state.standing_of(s)),
                winner: winners.contains(&seat),
            }
        })
        .collect();
    KabaleoView {
        you: viewer.seat().filter(|&seat| seat < state.players),
        dealing: state.options.dealing,
        secret_colours_each: secret_colours_each(state.players),
        colours: colours.iter().map(|&c| tally(state, c)).collect(),
        piles: state
            .piles
            .iter()
            .enumerate()
            .map(|(index, pile)| pile_view(index, pile, state.last_pile == Some(index)))
            .collect(),
        last_pile: state.last_pile,
        to_move,
        seats,
        pieces_placed: state.placements,
        pieces_total: colours.len() * PIECES_PER_COLOUR,
        pieces_removed: state.removed.iter().map(|&n| usize::from(n)).sum(),
        pieces_withdrawn: state.withdrawn.iter().map(|&n| usize::from(n)).sum(),
        finished,
        winners,
    }
}

fn pile_view(index: usize, pile: &Pile, last_played: bool) -> PileView {
    PileView {
        index,
        number: index + 1,
        base: pile.base,
        pieces: pile.pieces.clone(),
        colour: pile.colour(),
        height: pile.height(),
        bare: pile.is_bare(),
        last_played,
    }
}

fn tally(state: &State, colour: Colour) -> ColourTally {
    ColourTally {
        colour,
        standing: state.standing_of(&[colour]),
        in_hands: state
            .hands
            .iter()
            .map(|h| usize::from(h[colour.index()]))
            .sum(),
        removed: usize::from(state.removed[colour.index()]),
        withdrawn: usize::from(state.withdrawn[colour.index()]),
    }
}
