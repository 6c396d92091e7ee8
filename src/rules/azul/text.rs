//! What happened and what a button does, as messages for the history page, emails and buttons.

use super::legal::source_message;
use super::model::board::{self, BoardSide, Space, Structure, StructureKind};
use super::model::commands::{Command, Source};
use super::model::events::Event;
use super::model::state::{Pending, State};
use super::model::tiles::{Colour, Tiles};
use crate::rules::Message;

/// "3 red and 1 blue", "nothing".
pub fn tiles_message(tiles: &Tiles) -> Message {
    let parts: Vec<Message> = tiles
        .colours()
        .map(|c| {
            Message::new("azul-count-of")
                .with("count", tiles.count(c))
                .with("colour", c.message())
        })
        .collect();
    if parts.is_empty() {
        Message::new("azul-nothing")
    } else {
        Message::new("azul-list").list("items", parts)
    }
}

fn list(tiles: &[Colour]) -> Message {
    tiles_message(&Tiles::from(tiles.to_vec()))
}

fn points(n: i64) -> Message {
    Message::new("azul-points").with("points", n)
}

fn wild_of(round: u8) -> Message {
    wild_message(Colour::wild_of_round(round))
}

/// The wild colour in words, or "none" outside a round.
pub fn wild_message(wild: Option<Colour>) -> Message {
    wild.map_or_else(|| Message::new("azul-no-wild"), Colour::message)
}

/// The board side is not in the event; the sentence names stars so that it reads on both sides.
fn star_label(star: u8) -> Message {
    match star {
        0 => Message::new("azul-centre-star"),
        n => Message::new("azul-numbered-star").with("star", n),
    }
}

impl Structure {
    /// "the pillar of the red star", in the reader's language.
    pub fn message(self, side: BoardSide) -> Message {
        let own = board::star_message(side, self.star);
        match self.kind {
            StructureKind::Pillar => Message::new("azul-pillar").with("star", own),
            StructureKind::Window => Message::new("azul-window").with("star", own),
            StructureKind::Statue => Message::new("azul-statue")
                .with("star", own)
                .with("next", board::star_message(side, self.star % 6 + 1)),
        }
    }
}

pub fn describe(event: &Event) -> Message {
    match event {
        Event::RoundStarted {
            round,
            start_player,
        } => Message::new("azul-round-started")
            .with("round", *round)
            .with("wild", wild_of(*round))
            .seat("player", *start_player),
        Event::FactoriesFilled { tiles } => Message::new("azul-factories-filled").clauses(
            "factories",
            tiles
                .iter()
                .enumerate()
                .filter(|(_, t)| !t.is_empty())
                .map(|(i, t)| {
                    Message::new("azul-factory-holds")
                        .with("factory", i + 1)
                        .with("tiles", list(t))
                }),
        ),
        Event::SupplyRefilled { tiles } => {
            Message::new("azul-supply-refilled").with("tiles", list(tiles))
        }
        Event::TowerEmptied { tiles } => {
            Message::new("azul-tower-emptied").with("count", tiles.total())
        }
        Event::TilesTaken {
            seat,
            source,
            colour,
            taken,
            to_centre,
            start_player_token,
            points_lost,
        } => {
            let chosen = Tiles::of(*colour, taken.count(*colour));
            let mut wild = *taken;
            wild.remove_all(&chosen);
            let mut what = tiles_message(&chosen);
            if let Some(w) = wild.colours().next() {
                what = Message::new("azul-with-wild")
                    .with("tiles", what)
                    .with("wild", w.message());
            }
            let centre = if to_centre.is_empty() {
                Message::new("empty")
            } else {
                Message::new("azul-to-centre").with("tiles", tiles_message(to_centre))
            };
            let token = if *start_player_token {
                Message::new("azul-took-token").with("points", points(*points_lost))
            } else {
                Message::new("empty")
            };
            Message::new("azul-took")
                .seat("player", *seat)
                .with("tiles", what)
                .with("source", source_message(*source))
                .with("centre", centre)
                .with("token", token)
        }
        Event::PlacingStarted { start_player } => {
            Message::new("azul-placing-started").seat("player", *start_player)
        }
        Event::TilePlaced {
            seat,
            star,
            space,
            colour,
            wild_count,
            points: scored,
            completed,
            bonus_tiles,
        } => {
            let bonus = if completed.is_empty() {
                Message::new("empty")
            } else {
                Message::new("azul-completed")
                    .list(
                        "structures",
                        completed.iter().map(|s| s.message(BoardSide::Variant)),
                    )
                    .with("bonus", *bonus_tiles)
            };
            Message::new("azul-placed")
                .seat("player", *seat)
                .with("colour", colour.message())
                .with("space", *space)
                .with("star", star_label(*star))
                .with("wilds", *wild_count)
                .with("points", points(*scored))
                .with("completed", bonus)
        }
        Event::BonusTaken { seat, tiles } => Message::new("azul-bonus-taken")
            .seat("player", *seat)
            .with("tiles", tiles_message(tiles)),
        Event::Passed { seat } => Message::new("azul-passed").seat("player", *seat),
        Event::TilesKept {
            seat,
            kept,
            discarded,
            points_lost,
        } => match (kept.is_empty(), discarded.is_empty()) {
            (true, true) => Message::new("azul-nothing-left").seat("player", *seat),
            (false, true) => Message::new("azul-kept")
                .seat("player", *seat)
                .with("tiles", tiles_message(kept)),
            (true, false) => Message::new("azul-discarded")
                .seat("player", *seat)
                .with("discarded", tiles_message(discarded))
                .with("points", points(*points_lost)),
            (false, false) => Message::new("azul-kept-and-discarded")
                .seat("player", *seat)
                .with("kept", tiles_message(kept))
                .with("discarded", tiles_message(discarded))
                .with("points", points(*points_lost)),
        },
        Event::FinalScored {
            seat,
            stars,
            numbers,
            points: total,
        } => {
            let mut parts: Vec<Message> = stars
                .iter()
                .map(|s| {
                    Message::new("azul-star-full")
                        .with("star", star_label(s.star))
                        .with("points", points(s.points))
                })
                .collect();
            parts.extend(numbers.iter().map(|n| {
                Message::new("azul-number-covered")
                    .with("number", n.value)
                    .with("points", points(n.points))
            }));
            if parts.is_empty() {
                Message::new("azul-no-final-bonus").seat("player", *seat)
            } else {
                Message::new("azul-final-scored")
                    .seat("player", *seat)
                    .with("points", points(*total))
                    .list("parts", parts)
            }
        }
        Event::SeatResigned {
            seat,
            hand,
            corner,
            bonus_forfeited,
            token_passed_to,
            start_player_passed_to,
        } => {
            let mut parts = Vec::new();
            let mut returned = *hand;
            returned.add_all(corner);
            if !returned.is_empty() {
                parts.push(Message::new("azul-to-tower").with("tiles", tiles_message(&returned)));
            }
            if *bonus_forfeited > 0 {
                parts.push(Message::new("azul-bonus-forfeited").with("count", *bonus_forfeited));
            }
            if let Some(to) = token_passed_to {
                parts.push(Message::new("azul-token-passed").seat("player", *to));
            } else if let Some(to) = start_player_passed_to {
                parts.push(Message::new("azul-start-passed").seat("player", *to));
            }
            if parts.is_empty() {
                Message::new("azul-left").seat("player", *seat)
            } else {
                Message::new("azul-left-and")
                    .seat("player", *seat)
                    .list("what", parts)
            }
        }
        Event::RoundOver {
            round,
            next_start_player,
        } => Message::new("azul-round-over-event")
            .with("round", *round)
            .with("next", *round + 1)
            .seat("player", *next_start_player),
        Event::GameEnded { winners, scores } => {
            let best = winners.first().and_then(|&s| scores.get(s)).copied();
            let players = winners
                .iter()
                .map(|&s| Message::new("seat-name").seat("player", s));
            Message::new(if winners.len() == 1 {
                "azul-game-won"
            } else {
                "azul-game-shared"
            })
            .list("players", players)
            .with(
                "points",
                best.map_or_else(|| Message::new("azul-nothing"), points),
            )
            .with("scored", i64::from(best.is_some()))
        }
    }
}

pub fn command_label(state: &State, command: &Command) -> Message {
    let side = state.options.board;
    match command {
        Command::Take { source, colour } => {
            let from = match source {
                Source::Centre => Message::new("azul-the-centre"),
                Source::Factory(n) => Message::new("azul-factory").with("factory", *n),
            };
            Message::new(if Some(*colour) == state.wild() {
                "azul-take-wild-label"
            } else {
                "azul-take-label"
            })
            .with("colour", colour.message())
            .with("source", from)
        }
        Command::Place {
            star,
            space,
            colour,
            wild_count,
        } => {
            let cost = board::value(side, Space::new(*star, *space)).unwrap_or(0);
            Message::new("azul-place-label")
                .with("colour", colour.message())
                .with("star", board::star_message(side, *star))
                .with("space", *space)
                .with("cost", cost)
                .with("wilds", *wild_count)
        }
        Command::ChooseBonus { tiles } => {
            Message::new("azul-bonus-label").with("tiles", tiles_message(tiles))
        }
        Command::Pass if state.pending == Some(Pending::NextRound) => {
            Message::new("azul-start-round-label").with("round", state.round + 1)
        }
        Command::Pass => Message::new("azul-pass-label"),
        Command::Keep { tiles } if tiles.is_empty() => Message::new("azul-keep-nothing-label"),
        Command::Keep { tiles } => {
            Message::new("azul-keep-label").with("tiles", tiles_message(tiles))
        }
    }
}
