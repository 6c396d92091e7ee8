//! Azul: Summer Pavilion on a page: the round track, the factories, the centre and the supply,
//! every player's board of seven stars with its bonus structures, and the choices of the player
//! to act as links that build up in the query string and end in a move form.
//!
//! `page` turns the view into what the templates draw, `steps` works out the controls from the
//! legal commands, `text` writes the plain-text board for emails.

mod codes;
mod guide;
mod page;
mod steps;
mod text;

use askama::Template;

use super::guide::Guide;
use super::{Board, GameUi, capitalise};
use crate::i18n::Lang;
use crate::present::form::FormFields;
use crate::rules::Message;
use crate::rules::azul::{
    Azul, BoardSide, Colour, Options, Source, Structure, StructureKind, Tiles, star_colour,
};

#[derive(Template)]
#[template(path = "azul/options.html")]
struct OptionsFields {
    lang: Lang,
}

impl GameUi for Azul {
    fn guide() -> &'static Guide {
        &guide::GUIDE
    }

    fn options_fields(lang: Lang) -> Result<String, askama::Error> {
        OptionsFields { lang }.render()
    }

    fn options_from_form(form: &FormFields) -> Result<Options, Message> {
        let board = match form.get("board").map(str::trim).unwrap_or("standard") {
            "standard" | "" => BoardSide::Standard,
            "variant" => BoardSide::Variant,
            _ => return Err(Message::new("azul-form-board")),
        };
        Ok(Options { board })
    }

    fn describe_options(options: &Options) -> Vec<Message> {
        vec![Message::new(match options.board {
            BoardSide::Standard => "azul-option-standard",
            BoardSide::Variant => "azul-option-variant",
        })]
    }

    fn board(board: &Board<'_, Azul>) -> Result<String, askama::Error> {
        page::render(board)
    }

    fn text_board(board: &Board<'_, Azul>) -> String {
        text::render(board)
    }

    fn in_words(board: &Board<'_, Azul>) -> Vec<String> {
        text::in_words(board)
    }
}

/// The letter drawn on a tile of this colour (the six initials differ).
fn letter(colour: Colour) -> &'static str {
    match colour {
        Colour::Purple => "P",
        Colour::Green => "G",
        Colour::Orange => "O",
        Colour::Yellow => "Y",
        Colour::Blue => "B",
        Colour::Red => "R",
    }
}

fn parse_colour(name: &str) -> Option<Colour> {
    Colour::ALL.into_iter().find(|c| c.name() == name)
}

/// "2 red, 1 blue and 1 purple (wild)"; the message `empty` when there are none.
fn tile_words(tiles: &Tiles, wild: Option<Colour>, empty: &'static str) -> Message {
    let parts: Vec<Message> = tiles
        .colours()
        .map(|c| {
            let key = if Some(c) == wild {
                "azul-count-of-wild"
            } else {
                "azul-count-of"
            };
            Message::new(key)
                .with("count", tiles.count(c))
                .with("colour", c.message())
        })
        .collect();
    if parts.is_empty() {
        Message::new(empty)
    } else {
        Message::new("azul-list").list("items", parts)
    }
}

/// "Red star", "Centre star", "Star 2": a star's name as a heading.
fn star_title(board: &Board<'_, Azul>, star: u8) -> String {
    let message = match (star, star_colour(board.view.board_side, star)) {
        (0, _) => Message::new("azul-board-star-centre"),
        (_, Some(colour)) => {
            Message::new("azul-board-star-colour").with("colour", colour.message())
        }
        (_, None) => Message::new("azul-board-star-numbered").with("star", star),
    };
    capitalise(&board.say(&message))
}

/// A structure in words: "the pillar of the red star".
fn structure_message(board: &Board<'_, Azul>, kind: StructureKind, star: u8) -> Message {
    Structure { kind, star }.message(board.view.board_side)
}

/// A selection of tiles in the query string: colour names in colour order, comma-separated.
/// "Factory 3", "Centre".
fn source_message(source: Source) -> Message {
    match source {
        Source::Centre => Message::new("azul-board-centre"),
        Source::Factory(n) => Message::new("azul-board-factory").with("factory", n),
    }
}

fn tiles_param(tiles: &Tiles) -> String {
    tiles
        .to_list()
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads a selection; `None` for anything that is not a list of colour names.
fn parse_tiles(text: &str) -> Option<Tiles> {
    let mut tiles = Tiles::EMPTY;
    for name in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        tiles.add(parse_colour(name)?, 1);
    }
    Some(tiles)
}

/// Points lost when `n` is deducted from `score`: the score never goes below 1.
fn loss(score: i64, n: usize) -> i64 {
    score - (score - n as i64).max(1).min(score)
}

#[cfg(test)]
mod tests;
