//! The position: piles, hands, secret colours, whose turn; how a placement is judged and applied,
//! and how a finished board is scored.

use serde::{Deserialize, Serialize};

use super::colour::{COLOURS, Colour, Counts};
use super::{Hand, KabaleoOptions, Seat};
use crate::rules::{Message, Outcome};

/// One location: a base that never moves, with the pieces stacked on it (bottom to top).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Pile {
    pub(super) base: Colour,
    pub(super) pieces: Vec<Colour>,
}

impl Pile {
    pub(super) fn new(base: Colour) -> Self {
        Pile {
            base,
            pieces: Vec::new(),
        }
    }

    /// The pile's colour: its top piece, or its base when bare.
    pub(super) fn colour(&self) -> Colour {
        self.pieces.last().copied().unwrap_or(self.base)
    }

    pub(super) fn top_piece(&self) -> Option<Colour> {
        self.pieces.last().copied()
    }

    pub(super) fn is_bare(&self) -> bool {
        self.pieces.is_empty()
    }

    /// Cones in the pile, the base included (a base with two pieces is 3 high).
    pub(super) fn height(&self) -> usize {
        1 + self.pieces.len()
    }
}

/// A Kabaleo game in progress (or over). Built only by folding events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(super) options: KabaleoOptions,
    pub(super) players: usize,
    /// Locations in layout order; empty until the board is laid out.
    pub(super) piles: Vec<Pile>,
    /// Pieces each seat still holds, per colour.
    pub(super) hands: Vec<Counts>,
    /// Each seat's secret colours; empty when unknown (e.g. folded from redacted events).
    pub(super) secrets: Vec<Vec<Colour>>,
    /// Who places next; `None` until the first player is drawn.
    pub(super) to_move: Option<Seat>,
    /// The location of the immediately preceding move (the golden rule forbids it).
    pub(super) last_pile: Option<usize>,
    /// Pieces taken out of the game by cancellation, per colour.
    pub(super) removed: Counts,
    /// Which seats have resigned: they are skipped in turn order and never win.
    pub(super) resigned: Vec<bool>,
    /// Pieces that left the game in resigned players' hands, per colour (never placed).
    pub(super) withdrawn: Counts,
    /// Pieces placed so far.
    pub(super) placements: usize,
}

/// Why a placement is refused. Turned into a sentence by `text::refusal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    NotStarted,
    GameOver,
    Resigned,
    NotYourTurn,
    NoSuchPile { pile: usize, piles: usize },
    ColourNotInPlay { colour: Colour },
    NoPieceLeft { colour: Colour },
    PreviousLocation { pile: usize },
    MatchingBareBase { pile: usize, colour: Colour },
}

/// How a set of colours stands on the board: a seat's score and both tie-breakers, taken over
/// all its secret colours together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Piles showing one of the seat's colours (the score).
    pub piles: u32,
    /// Of those, piles topped by a piece rather than a bare base (first tie-breaker).
    pub topped_piles: u32,
    /// Height of the tallest such pile, base included; 0 when there is none (second tie-breaker).
    pub tallest_pile: u32,
}

impl Standing {
    /// Higher is better: score, then the first tie-breaker, then the second.
    pub(super) fn rank(self) -> (u32, u32, u32) {
        (self.piles, self.topped_piles, self.tallest_pile)
    }
}

impl State {
    pub(super) fn new(options: &KabaleoOptions, players: usize) -> Self {
        State {
            options: options.clone(),
            players,
            piles: Vec::new(),
            hands: vec![[0; COLOURS]; players],
            secrets: vec![Vec::new(); players],
            to_move: None,
            last_pile: None,
            removed: [0; COLOURS],
            resigned: vec![false; players],
            withdrawn: [0; COLOURS],
            placements: 0,
        }
    }

    /// Colours in play: those of the bases on the board, in [`Colour::ALL`] order.
    pub(super) fn colours(&self) -> Vec<Colour> {
        Colour::ALL
            .into_iter()
            .filter(|c| self.piles.iter().any(|p| p.base == *c))
            .collect()
    }

    pub(super) fn pieces_left(&self, seat: Seat) -> usize {
        self.hands
            .get(seat)
            .map_or(0, |hand| hand.iter().map(|&n| usize::from(n)).sum())
    }

    pub(super) fn has_resigned(&self, seat: Seat) -> bool {
        self.resigned.get(seat).copied().unwrap_or(false)
    }

    /// Play is over once the first player is known and every hand still in the game is empty
    /// (a resigned player's pieces have left it).
    pub(super) fn is_over(&self) -> bool {
        self.to_move.is_some()
            && (0..self.players)
                .filter(|&seat| !self.has_resigned(seat))
                .all(|seat| self.pieces_left(seat) == 0)
    }

    /// The first seat after `seat` round the table that has not resigned (`seat` itself if
    /// every other seat has).
    pub(super) fn next_seat(&self, seat: Seat) -> Seat {
        let players = self.players.max(1);
        (1..=players)
            .map(|step| (seat + step) % players)
            .find(|&next| !self.has_resigned(next))
            .unwrap_or(seat)
    }

    /// Why `seat` may not place a `colour` piece on `pile` now, or `None` if it may.
    pub(super) fn refusal(&self, seat: Seat, pile: usize, colour: Colour) -> Option<Refusal> {
        let Some(to_move) = self.to_move else {
            return Some(Refusal::NotStarted);
        };
        if self.is_over() {
            return Some(Refusal::GameOver);
        }
        if self.has_resigned(seat) {
            return Some(Refusal::Resigned);
        }
        if seat != to_move {
            return Some(Refusal::NotYourTurn);
        }
        let Some(target) = self.piles.get(pile) else {
            return Some(Refusal::NoSuchPile {
                pile,
                piles: self.piles.len(),
            });
        };
        if !self.piles.iter().any(|p| p.base == colour) {
            return Some(Refusal::ColourNotInPlay { colour });
        }
        if self.hands.get(seat).is_none_or(|h| h[colour.index()] == 0) {
            return Some(Refusal::NoPieceLeft { colour });
        }
        if self.last_pile == Some(pile) {
            return Some(Refusal::PreviousLocation { pile });
        }
        if target.is_bare() && target.base == colour {
            return Some(Refusal::MatchingBareBase { pile, colour });
        }
        None
    }

    /// Applies a placement as recorded; ignores one that names a seat or pile that does not exist.
    pub(super) fn apply_placement(
        &mut self,
        seat: Seat,
        pile: usize,
        colour: Colour,
        cancelled: bool,
    ) {
        let (Some(hand), Some(target)) = (self.hands.get_mut(seat), self.piles.get_mut(pile))
        else {
            return;
        };
        let held = &mut hand[colour.index()];
        *held = held.saturating_sub(1);
        match target.pieces.pop() {
            Some(top) if cancelled => {
                for gone in [colour, top] {
                    let count = &mut self.removed[gone.index()];
                    *count = count.saturating_add(1);
                }
            }
            Some(top) => target.pieces.extend([top, colour]),
            None => target.pieces.push(colour),
        }
        self.placements += 1;
        self.last_pile = Some(pile);
        self.to_move = Some(self.next_seat(seat));
    }

    /// Takes `seat` out of the game as recorded: the `withdrawn` pieces leave its hand and the
    /// game, and if it was to move the turn passes to the next seat still playing. The golden
    /// rule still bars the location of the last placement. Ignores a seat that does not exist
    /// or has already resigned.
    pub(super) fn apply_resignation(&mut self, seat: Seat, withdrawn: &Hand) {
        let (Some(resigned @ false), Some(hand)) =
            (self.resigned.get_mut(seat), self.hands.get_mut(seat))
        else {
            return;
        };
        *resigned = true;
        for (colour, &count) in withdrawn {
            let held = &mut hand[colour.index()];
            let gone = count.min(*held);
            *held -= gone;
            let out = &mut self.withdrawn[colour.index()];
            *out = out.saturating_add(gone);
        }
        if self.to_move == Some(seat) {
            self.to_move = Some(self.next_seat(seat));
        }
    }

    /// What `seat` holds, as a [`Hand`] (colours with none left out).
    pub(super) fn hand_of(&self, seat: Seat) -> Hand {
        let Some(counts) = self.hands.get(seat) else {
            return Hand::new();
        };
        Colour::ALL
            .into_iter()
            .filter(|c| counts[c.index()] > 0)
            .map(|c| (c, counts[c.index()]))
            .collect()
    }

    /// What placing a `colour` piece on `pile` would do for `seat` at once: piles it would gain
    /// (or lose) showing its secret colours, less what the others would gain on average. Zero
    /// where the seat's or the others' colours are not known. For players that look one
    /// placement ahead.
    pub fn placement_gain(&self, seat: Seat, pile: usize, colour: Colour) -> f64 {
        let Some(target) = self.piles.get(pile) else {
            return 0.0;
        };
        let before = target.colour();
        let after = match (target.top_piece(), target.pieces.len()) {
            (Some(top), n) if top == colour => match n {
                1 => target.base,
                _ => target.pieces[n - 2],
            },
            _ => colour,
        };
        let change = |secret: &Vec<Colour>| {
            f64::from(u8::from(secret.contains(&after)))
                - f64::from(u8::from(secret.contains(&before)))
        };
        let others = self.secrets.len().saturating_sub(1).max(1) as f64;
        (self.secrets.iter().enumerate())
            .map(|(s, secret)| match s == seat {
                true => change(secret),
                false => -change(secret) / others,
            })
            .sum()
    }

    /// The standing of a seat holding `colours`, on the board as it is now.
    pub(super) fn standing_of(&self, colours: &[Colour]) -> Standing {
        let mine = self.piles.iter().filter(|p| colours.contains(&p.colour()));
        mine.fold(Standing::default(), |acc, pile| Standing {
            piles: acc.piles + 1,
            topped_piles: acc.topped_piles + u32::from(!pile.is_bare()),
            tallest_pile: acc.tallest_pile.max(pile.height() as u32),
        })
    }

    pub(super) fn standings(&self) -> Vec<Standing> {
        self.secrets.iter().map(|s| self.standing_of(s)).collect()
    }

    /// Seats still playing with the best score and tie-breakers; several when still tied (a
    /// shared win). A resigned seat is never among them, and its standing does not count.
    pub(super) fn winners(&self) -> Vec<Seat> {
        let standings = self.standings();
        let playing = || (0..standings.len()).filter(|&seat| !self.has_resigned(seat));
        let best = playing().map(|seat| standings[seat].rank()).max();
        playing()
            .filter(|&seat| Some(standings[seat].rank()) == best)
            .collect()
    }

    /// How the tie-breakers decided between the winner and the best of those still playing with
    /// the same score; None when the score alone decided, or the seats are still tied.
    pub(super) fn decided_by(&self) -> Option<Message> {
        let standings = self.standings();
        let [winner] = self.winners()[..] else {
            return None;
        };
        let mine = standings[winner];
        let runner_up = (0..standings.len())
            .filter(|&seat| seat != winner && !self.has_resigned(seat))
            .map(|seat| standings[seat])
            .filter(|other| other.piles == mine.piles)
            .max_by_key(|other| other.rank())?;
        let (key, ours, theirs) = match mine.topped_piles != runner_up.topped_piles {
            true => (
                "kabaleo-decided-topped",
                mine.topped_piles,
                runner_up.topped_piles,
            ),
            false => (
                "kabaleo-decided-tallest",
                mine.tallest_pile,
                runner_up.tallest_pile,
            ),
        };
        Some(Message::new(key).with("winner", ours).with("other", theirs))
    }

    pub(super) fn outcome(&self) -> Outcome {
        Outcome {
            winners: self.winners(),
            scores: self
                .standings()
                .iter()
                .map(|r| i64::from(r.piles))
                .collect(),
        }
    }
}
