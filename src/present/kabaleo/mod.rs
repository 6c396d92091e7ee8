//! Kabaleo on a page: every pile drawn as its full stack with every cone named, the pile played
//! last marked, every hand, the count by colour, and the viewer's own secret colours (only ever
//! from the redacted view, so another player's never reach the page). A move takes two steps:
//! a link chooses the colour (`?colour=blue`), then a button on a pile places it.
//!
//! Secret colours travel only in `SeatView::secret_colours` and `standing`, which the engine fills
//! for their owner (and for everyone once the game is over). Nothing else drawn here depends on
//! them, so another viewer's page is the same whatever a player's secret is.

mod codes;
mod guide;

use askama::Template;

use super::guide::Guide;
use super::{Board, GameUi};
use crate::i18n::Lang;
use crate::present::form::FormFields;
use crate::rules::Message;
use crate::rules::Seat;
use crate::rules::kabaleo::{
    Colour, Command, Dealing, Kabaleo, KabaleoOptions, PileView, SeatView, Standing,
};

#[derive(Template)]
#[template(path = "kabaleo/options.html")]
struct OptionsFields {
    lang: Lang,
}

/// The query key of the first step.
const COLOUR_KEY: &str = "colour";

/// A colour as drawn: its CSS class suffix and its word in the board's language.
#[derive(Clone)]
struct ColourHtml {
    class: &'static str,
    word: String,
}

struct Cone {
    colour: ColourHtml,
    base: bool,
    top: bool,
}

struct PileHtml {
    number: usize,
    colour: ColourHtml,
    height: usize,
    bare: bool,
    last: bool,
    /// Base first.
    cones: Vec<Cone>,
    /// The "Place blue on pile 7" form, once a colour is chosen.
    place: Option<String>,
    /// Why the chosen colour may not go here.
    closed: Option<String>,
}

struct HandCount {
    colour: ColourHtml,
    count: usize,
}

struct HandRow {
    name: String,
    to_move: bool,
    winner: bool,
    counts: Vec<HandCount>,
    left: usize,
}

struct ColourRow {
    colour: ColourHtml,
    standing: Standing,
    in_hands: usize,
    removed: usize,
}

/// A colour the viewer may play now: the first step of a move.
struct Pick {
    colour: ColourHtml,
    count: usize,
    link: String,
}

/// A seat's secret colours and how they stand, where the view shows them.
struct SecretRow {
    name: String,
    colours: Vec<ColourHtml>,
    standing: Standing,
    /// The standing in words.
    standing_words: String,
    winner: bool,
}

#[derive(Template)]
#[template(path = "kabaleo/board.html")]
struct BoardHtml {
    lang: Lang,
    instruction: String,
    your_move: bool,
    picks: Vec<Pick>,
    /// The colour chosen in the first step.
    chosen: Option<ColourHtml>,
    /// Back to the first step.
    clear: Option<String>,
    piles: Vec<PileHtml>,
    /// The pile played last, counted from 1; 0 before the first move.
    last_pile: usize,
    colours: Vec<ColourHtml>,
    hands: Vec<HandRow>,
    tallies: Vec<ColourRow>,
    /// The viewer's own secret while the game runs.
    mine: Option<SecretRow>,
    each: usize,
    /// Every secret, once the game is over.
    revealed: Vec<SecretRow>,
    finished: bool,
    placed: usize,
    total: usize,
    removed: usize,
}

fn colour_html(board: &Board<'_, Kabaleo>, colour: Colour) -> ColourHtml {
    ColourHtml {
        class: colour.name(),
        word: board.say(&colour.message()),
    }
}

/// "blue", "blue and purple".
fn colours_message(colours: &[Colour]) -> Message {
    Message::new("kabaleo-colour-list").list("colours", colours.iter().map(|c| c.message()))
}

/// "4 piles (3 topped by a piece; tallest 3 high)".
fn standing_message(standing: &Standing) -> Message {
    Message::new("kabaleo-board-standing")
        .with("piles", standing.piles)
        .with("topped", standing.topped_piles)
        .with("tallest", standing.tallest_pile)
}

/// The legal placements offered to the viewer, read back from the choices' JSON.
fn placements(board: &Board<'_, Kabaleo>) -> Vec<(usize, Colour)> {
    board
        .actions
        .map(|actions| {
            actions
                .choices
                .iter()
                .filter_map(|choice| serde_json::from_value::<Command>(choice.command.clone()).ok())
                .map(|Command::Place { pile, colour }| (pile, colour))
                .collect()
        })
        .unwrap_or_default()
}

/// The colour chosen in the query, if the viewer may play it now. A stale or unknown choice is
/// no choice; with only one playable colour it is chosen already.
fn chosen_colour(board: &Board<'_, Kabaleo>, playable: &[Colour]) -> Option<Colour> {
    if let [only] = playable {
        return Some(*only);
    }
    let asked = board.query.get(COLOUR_KEY)?;
    playable.iter().copied().find(|c| c.name() == asked)
}

fn pile_html(
    board: &Board<'_, Kabaleo>,
    pile: &PileView,
    chosen: Option<Colour>,
    legal: &[(usize, Colour)],
) -> PileHtml {
    let mut cones = vec![Cone {
        colour: colour_html(board, pile.base),
        base: true,
        top: pile.bare,
    }];
    let count = pile.pieces.len();
    cones.extend(pile.pieces.iter().enumerate().map(|(i, &colour)| Cone {
        colour: colour_html(board, colour),
        base: false,
        top: i + 1 == count,
    }));
    let (place, closed) = match (chosen, board.actions) {
        (Some(colour), Some(actions)) if legal.contains(&(pile.index, colour)) => {
            let command = Command::Place {
                pile: pile.index,
                colour,
            };
            (actions.find(&command).map(|c| actions.form(c)), None)
        }
        // The pile played last says so already.
        (Some(_), Some(_)) if pile.last_played => (None, None),
        (Some(colour), Some(_)) => {
            let key = if pile.bare && pile.base == colour {
                "kabaleo-board-closed-bare"
            } else {
                "kabaleo-board-closed"
            };
            let reason = Message::new(key).with("colour", colour.message());
            (None, Some(board.say(&reason)))
        }
        _ => (None, None),
    };
    PileHtml {
        number: pile.number,
        colour: colour_html(board, pile.colour),
        height: pile.height,
        bare: pile.bare,
        last: pile.last_played,
        cones,
        place,
        closed,
    }
}

fn secret_row(board: &Board<'_, Kabaleo>, seat: &SeatView) -> Option<SecretRow> {
    let colours = seat.secret_colours.as_ref()?;
    let standing = seat.standing.unwrap_or_default();
    Some(SecretRow {
        name: board.name(seat.seat),
        colours: colours.iter().map(|&c| colour_html(board, c)).collect(),
        standing_words: board.say(&standing_message(&standing)),
        standing,
        winner: seat.winner,
    })
}

fn instruction(board: &Board<'_, Kabaleo>, chosen: Option<Colour>) -> String {
    let view = board.view;
    if view.finished {
        let winners = view
            .winners
            .iter()
            .map(|&seat| Message::new("seat-name").seat("player", seat));
        return board.say(
            &Message::new("kabaleo-board-over")
                .with("count", view.winners.len())
                .list("winners", winners),
        );
    }
    let Some(seat) = view.to_move else {
        return board.t("kabaleo-board-not-started");
    };
    if board.actions.is_none() || board.me != Some(seat) {
        return board.say(&Message::new("kabaleo-board-next").text("player", board.name(seat)));
    }
    board.say(&match chosen {
        Some(colour) => Message::new("kabaleo-board-you-place").with("colour", colour.message()),
        None => Message::new("kabaleo-board-you-choose"),
    })
}

/// A pile in words: "Pile 3: red, 2 high", "Pile 5: bare blue base (played last)".
fn pile_message(pile: &PileView) -> Message {
    let what = match pile.bare {
        true => Message::new("kabaleo-board-bare-base").with("colour", pile.colour.message()),
        false => Message::new("kabaleo-board-pile-colour")
            .with("colour", pile.colour.message())
            .with("height", pile.height),
    };
    Message::new("kabaleo-words-pile")
        .with(
            "pile",
            Message::new("kabaleo-board-pile").with("pile", pile.number),
        )
        .with("what", what)
        .with("last", pile.last_played)
}

/// A seat's hand in words, and its secret colours where the viewer may know them.
fn seat_message(board: &Board<'_, Kabaleo>, seat: &SeatView) -> Message {
    let hand = (seat.hand.iter().filter(|c| c.count > 0)).map(|c| {
        Message::new("kabaleo-count-of")
            .with("count", c.count)
            .with("colour", c.colour.message())
    });
    let secret = seat.secret_colours.as_deref().unwrap_or_default();
    Message::new("kabaleo-words-seat")
        .text("player", board.name(seat.seat))
        .with("moving", seat.to_move)
        .with("left", seat.pieces_left)
        .list("hand", hand)
        .with("known", secret.len())
        .with("secret", colours_message(secret))
}

impl GameUi for Kabaleo {
    fn guide() -> &'static Guide {
        &guide::GUIDE
    }

    fn options_fields(lang: Lang) -> Result<String, askama::Error> {
        OptionsFields { lang }.render()
    }

    fn options_from_form(form: &FormFields) -> Result<KabaleoOptions, Message> {
        let dealing = match form.get("dealing").map(str::trim) {
            None | Some("" | "random") => Dealing::Random,
            Some("uniform") => Dealing::Uniform,
            Some(_) => return Err(Message::new("kabaleo-form-dealing")),
        };
        // The new-game form's invitation fields say how many will play: uniform dealing cannot
        // seat four, and saying so here is clearer than a bare count of seats.
        let invited = (1..=3)
            .filter(|n| {
                form.get(&format!("invite_{n}"))
                    .is_some_and(|v| !v.trim().is_empty())
            })
            .count();
        if dealing == Dealing::Uniform && invited >= 3 {
            return Err(Message::new("kabaleo-form-uniform-four"));
        }
        Ok(KabaleoOptions { dealing })
    }

    fn describe_options(options: &KabaleoOptions) -> Vec<Message> {
        vec![
            Message::new(match options.dealing {
                Dealing::Random => "kabaleo-option-random",
                Dealing::Uniform => "kabaleo-option-uniform",
            }),
            Message::new("kabaleo-option-secrets"),
        ]
    }

    fn board(board: &Board<'_, Kabaleo>) -> Result<String, askama::Error> {
        let view = board.view;
        let legal = placements(board);
        let mut playable: Vec<Colour> = legal.iter().map(|&(_, c)| c).collect();
        playable.sort();
        playable.dedup();
        let chosen = chosen_colour(board, &playable);
        let mine_seat: Option<Seat> = board.me;
        let hand_of_mine = mine_seat.and_then(|me| view.seats.get(me));
        let picks = if board.actions.is_some() {
            hand_of_mine
                .map(|seat| {
                    seat.hand
                        .iter()
                        .filter(|h| playable.contains(&h.colour))
                        .map(|h| Pick {
                            colour: colour_html(board, h.colour),
                            count: h.count,
                            link: board.link_with(COLOUR_KEY, h.colour.name()),
                        })
                        .collect()
                })
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        let clear = (chosen.is_some() && playable.len() > 1).then(|| {
            let mut query = board.query.clone();
            query.remove(COLOUR_KEY);
            if query.is_empty() {
                board.path.to_string()
            } else {
                format!(
                    "{}?{}",
                    board.path,
                    serde_urlencoded::to_string(&query).unwrap_or_default()
                )
            }
        });
        let colours: Vec<ColourHtml> = view
            .colours
            .iter()
            .map(|t| colour_html(board, t.colour))
            .collect();
        let hands = view
            .seats
            .iter()
            .map(|seat| HandRow {
                name: board.name(seat.seat),
                to_move: seat.to_move,
                winner: seat.winner,
                counts: seat
                    .hand
                    .iter()
                    .map(|h| HandCount {
                        colour: colour_html(board, h.colour),
                        count: h.count,
                    })
                    .collect(),
                left: seat.pieces_left,
            })
            .collect();
        let tallies = view
            .colours
            .iter()
            .map(|t| ColourRow {
                colour: colour_html(board, t.colour),
                standing: t.standing,
                in_hands: t.in_hands,
                removed: t.removed,
            })
            .collect();
        let mine = if view.finished {
            None
        } else {
            hand_of_mine.and_then(|seat| secret_row(board, seat))
        };
        let revealed = if view.finished {
            view.seats
                .iter()
                .filter_map(|seat| secret_row(board, seat))
                .collect()
        } else {
            Vec::new()
        };
        BoardHtml {
            lang: board.lang,
            instruction: instruction(board, chosen),
            your_move: board.actions.is_some(),
            picks,
            chosen: chosen.map(|colour| colour_html(board, colour)),
            clear,
            piles: view
                .piles
                .iter()
                .map(|pile| pile_html(board, pile, chosen, &legal))
                .collect(),
            last_pile: view.last_pile.map_or(0, |i| i + 1),
            colours,
            hands,
            tallies,
            mine,
            each: view.secret_colours_each,
            revealed,
            finished: view.finished,
            placed: view.pieces_placed,
            total: view.pieces_total,
            removed: view.pieces_removed,
        }
        .render()
    }

    fn in_words(board: &Board<'_, Kabaleo>) -> Vec<String> {
        let view = board.view;
        let piles = view.piles.iter().map(pile_message);
        let mut lines =
            vec![board.say(&Message::new("kabaleo-words-piles").clauses("piles", piles))];
        lines.extend(
            view.seats
                .iter()
                .map(|seat| board.say(&seat_message(board, seat))),
        );
        lines.push(instruction(board, None));
        lines
    }

    fn text_board(board: &Board<'_, Kabaleo>) -> String {
        let view = board.view;
        let mut text = board.t("kabaleo-text-piles");
        text.push('\n');
        for pile in &view.piles {
            let mut cones =
                vec![Message::new("kabaleo-text-base").with("colour", pile.base.message())];
            cones.extend(pile.pieces.iter().map(|c| c.message()));
            let cones = board.say(&Message::new("kabaleo-colour-list").commas("colours", cones));
            text.push_str(&format!(
                "{}{:>2} {cones} -> {}\n",
                if pile.last_played { "*" } else { " " },
                pile.number,
                board.say(&pile.colour.message()),
            ));
        }
        text.push_str(&board.t("kabaleo-text-hands"));
        text.push('\n');
        for seat in &view.seats {
            let held: Vec<Message> = seat
                .hand
                .iter()
                .filter(|h| h.count > 0)
                .map(|h| {
                    Message::new("kabaleo-count-of")
                        .with("colour", h.colour.message())
                        .with("count", h.count)
                })
                .collect();
            let line = Message::new("kabaleo-text-hand")
                .text("player", board.name(seat.seat))
                .with("count", held.len())
                .commas("hand", held)
                .with("moving", seat.to_move);
            text.push_str(&format!("  {}\n", board.say(&line)));
        }
        for seat in &view.seats {
            if let Some(colours) = &seat.secret_colours {
                let key = if board.me == Some(seat.seat) && !view.finished {
                    "kabaleo-text-your-secret"
                } else {
                    "kabaleo-text-secret-of"
                };
                let line = Message::new(key)
                    .seat("player", seat.seat)
                    .with("colours", colours_message(colours))
                    .with(
                        "standing",
                        standing_message(&seat.standing.unwrap_or_default()),
                    );
                text.push_str(&board.say(&line));
                text.push('\n');
            }
        }
        text.push_str(
            &board.say(
                &Message::new("kabaleo-text-progress")
                    .with("placed", view.pieces_placed)
                    .with("total", view.pieces_total)
                    .with("removed", view.pieces_removed),
            ),
        );
        text.push('\n');
        text
    }
}

#[cfg(test)]
mod tests;
