//! The 16 Quarto pieces and their traits.
//!
//! Stable numbering: a piece is a number from 0 to 15 whose four bits are its attributes.
//!
//! | bit | value | attribute | set (1) | clear (0) |
//! |-----|-------|-----------|---------|-----------|
//! | 0   | 1     | height    | tall    | short     |
//! | 1   | 2     | colour    | dark    | light     |
//! | 2   | 4     | shape     | round   | square    |
//! | 3   | 8     | top       | hollow  | solid     |
//!
//! So piece 0 is "short light square solid" and piece 15 is "tall dark round hollow". The numbers
//! are stored in commands and events, so this table must never change.

use crate::rules::Message;
use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the 16 pieces. Always a number from 0 to 15: deserializing anything else fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Piece(u8);

/// The four attributes, in the order pieces are described ("tall dark round hollow").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attribute {
    Height,
    Colour,
    Shape,
    Top,
}

/// One value of one attribute: what a winning group's pieces have in common.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trait {
    Tall,
    Short,
    Dark,
    Light,
    Round,
    Square,
    Hollow,
    Solid,
}

impl Attribute {
    pub const ALL: [Attribute; 4] = [
        Attribute::Height,
        Attribute::Colour,
        Attribute::Shape,
        Attribute::Top,
    ];

    fn bit(self) -> u8 {
        match self {
            Attribute::Height => 1,
            Attribute::Colour => 2,
            Attribute::Shape => 4,
            Attribute::Top => 8,
        }
    }

    /// The trait of a piece whose bit for this attribute is set.
    fn set_trait(self) -> Trait {
        match self {
            Attribute::Height => Trait::Tall,
            Attribute::Colour => Trait::Dark,
            Attribute::Shape => Trait::Round,
            Attribute::Top => Trait::Hollow,
        }
    }

    /// The trait of a piece whose bit for this attribute is clear.
    fn clear_trait(self) -> Trait {
        match self {
            Attribute::Height => Trait::Short,
            Attribute::Colour => Trait::Light,
            Attribute::Shape => Trait::Square,
            Attribute::Top => Trait::Solid,
        }
    }
}

impl Trait {
    /// The letter that stands for the trait in text boards and move codes: T/S, D/L, R/Q, H/F.
    pub fn letter(self) -> char {
        match self {
            Trait::Tall => 'T',
            Trait::Short => 'S',
            Trait::Dark => 'D',
            Trait::Light => 'L',
            Trait::Round => 'R',
            Trait::Square => 'Q',
            Trait::Hollow => 'H',
            Trait::Solid => 'F',
        }
    }

    /// The message key of the trait's word.
    pub fn key(self) -> &'static str {
        match self {
            Trait::Tall => "quarto-tall",
            Trait::Short => "quarto-short",
            Trait::Dark => "quarto-dark",
            Trait::Light => "quarto-light",
            Trait::Round => "quarto-round",
            Trait::Square => "quarto-square",
            Trait::Hollow => "quarto-hollow",
            Trait::Solid => "quarto-solid",
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Trait::Tall => "tall",
            Trait::Short => "short",
            Trait::Dark => "dark",
            Trait::Light => "light",
            Trait::Round => "round",
            Trait::Square => "square",
            Trait::Hollow => "hollow",
            Trait::Solid => "solid",
        }
    }
}

impl fmt::Display for Trait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl Piece {
    pub const COUNT: usize = 16;

    /// The piece with this number, if it is one (0 to 15).
    pub fn new(number: u8) -> Option<Piece> {
        (usize::from(number) < Self::COUNT).then_some(Piece(number))
    }

    /// All 16 pieces in number order.
    pub fn all() -> impl Iterator<Item = Piece> {
        (0..Self::COUNT as u8).map(Piece)
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn trait_of(self, attribute: Attribute) -> Trait {
        if self.0 & attribute.bit() != 0 {
            attribute.set_trait()
        } else {
            attribute.clear_trait()
        }
    }

    /// Its four traits in the order height, colour, shape, top.
    pub fn traits(self) -> [Trait; 4] {
        Attribute::ALL.map(|attribute| self.trait_of(attribute))
    }

    /// "TDRH": the letters of its four traits.
    pub fn code(self) -> String {
        self.traits().map(Trait::letter).iter().collect()
    }

    /// "the tall dark round hollow piece", in the reader's language.
    pub fn message(self) -> Message {
        self.traits_in("quarto-the-piece")
    }

    /// The message `key` with the piece's four trait words as `$height`, `$colour`, `$shape`
    /// and `$top`.
    pub fn traits_in(self, key: &'static str) -> Message {
        let [height, colour, shape, top] = self.traits().map(|t| Message::new(t.key()));
        Message::new(key)
            .with("height", height)
            .with("colour", colour)
            .with("shape", shape)
            .with("top", top)
    }

    /// "tall dark round hollow".
    pub fn describe(self) -> String {
        self.traits().map(Trait::word).join(" ")
    }
}

/// The piece in words, height, colour, shape and top in that order: "tall dark round hollow".
pub fn describe_piece(piece: Piece) -> String {
    piece.describe()
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

impl TryFrom<u8> for Piece {
    type Error = String;

    fn try_from(number: u8) -> Result<Self, Self::Error> {
        Piece::new(number).ok_or_else(|| format!("there is no piece {number}: pieces are 0 to 15"))
    }
}

impl From<Piece> for u8 {
    fn from(piece: Piece) -> u8 {
        piece.0
    }
}

/// The traits every one of `pieces` has, in attribute order; empty when they share none (or when
/// there are no pieces). Four pieces with a shared trait are what wins a group.
pub fn shared_traits(pieces: &[Piece]) -> Vec<Trait> {
    if pieces.is_empty() {
        return Vec::new();
    }
    let all = pieces.iter().fold(0b1111, |acc, piece| acc & piece.0);
    let any = pieces.iter().fold(0, |acc, piece| acc | piece.0);
    Attribute::ALL
        .into_iter()
        .filter_map(|attribute| {
            if all & attribute.bit() != 0 {
                Some(attribute.set_trait())
            } else if any & attribute.bit() == 0 {
                Some(attribute.clear_trait())
            } else {
                None
            }
        })
        .collect()
}

/// Whether all of `pieces` have at least one trait in common.
pub fn share_a_trait(pieces: &[Piece]) -> bool {
    !shared_traits(pieces).is_empty()
}
