//! The player board (spec §8, §9): 7 stars of 6 spaces, the printed values of both sides, the
//! colours of the coloured side and the 18 bonus structures (6 pillars, 6 statues, 6 windows).
//!
//! A space is `(star, pos)`: star 0 is the centre, 1..=6 the outer stars clockwise from the west
//! (purple, orange, red, blue, yellow, green on the coloured side); pos 1..=6 runs clockwise.

use serde::{Deserialize, Serialize};

use super::tiles::Colour;
use crate::rules::Message;

/// Which side of the player boards the table uses.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum BoardSide {
    /// The coloured side (the normal game).
    #[default]
    Standard,
    /// The grey side (the variant, §9): players choose every star's colours.
    Variant,
}

pub const STARS: u8 = 7;
pub const SPACES_PER_STAR: u8 = 6;

/// One diamond space of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Space {
    pub star: u8,
    pub pos: u8,
}

impl Space {
    pub const fn new(star: u8, pos: u8) -> Space {
        Space { star, pos }
    }

    pub fn is_valid(self) -> bool {
        self.star < STARS && (1..=SPACES_PER_STAR).contains(&self.pos)
    }

    /// Every space of a board, star by star.
    pub fn all() -> impl Iterator<Item = Space> {
        (0..STARS).flat_map(|star| (1..=SPACES_PER_STAR).map(move |pos| Space::new(star, pos)))
    }
}

/// The value printed on a space: the number of tiles it costs. `None` for a space that does
/// not exist.
pub fn value(side: BoardSide, space: Space) -> Option<u8> {
    if !space.is_valid() {
        return None;
    }
    Some(match (side, space.star) {
        (BoardSide::Standard, _) => space.pos,
        (BoardSide::Variant, 0) => 3,
        (BoardSide::Variant, _) => [3, 2, 1, 4, 5, 6][usize::from(space.pos - 1)],
    })
}

/// The colour a star demands on the coloured side; `None` for the centre star and for every
/// star of the grey side, where players choose.
pub fn star_colour(side: BoardSide, star: u8) -> Option<Colour> {
    match side {
        BoardSide::Standard => match star {
            1 => Some(Colour::Purple),
            2 => Some(Colour::Orange),
            3 => Some(Colour::Red),
            4 => Some(Colour::Blue),
            5 => Some(Colour::Yellow),
            6 => Some(Colour::Green),
            _ => None,
        },
        BoardSide::Variant => None,
    }
}

/// "the centre star", "the orange star", "star 2".
/// "the red star", "the centre star", in the reader's language.
pub fn star_message(side: BoardSide, star: u8) -> Message {
    match (star, star_colour(side, star)) {
        (0, _) => Message::new("azul-centre-star"),
        (_, Some(colour)) => Message::new("azul-colour-star").with("colour", colour.message()),
        (_, None) => Message::new("azul-numbered-star").with("star", star),
    }
}

pub fn star_name(side: BoardSide, star: u8) -> String {
    match (star, star_colour(side, star)) {
        (0, _) => "the centre star".to_string(),
        (_, Some(colour)) => format!("the {} star", colour.name()),
        (_, None) => format!("star {star}"),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StructureKind {
    Pillar,
    Statue,
    Window,
}

/// A bonus structure, named after its outer star k (1..=6) as in §8.4: pillar P_k between star
/// k and the centre, statue S_k between star k and the next star clockwise, window W_k of star k.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Structure {
    pub kind: StructureKind,
    pub star: u8,
}

impl Structure {
    /// All 18 structures: pillars, then statues, then windows, each by star.
    pub fn all() -> impl Iterator<Item = Structure> {
        [
            StructureKind::Pillar,
            StructureKind::Statue,
            StructureKind::Window,
        ]
        .into_iter()
        .flat_map(|kind| (1..=6).map(move |star| Structure { kind, star }))
    }

    /// How many supply tiles completing it earns.
    pub fn reward(self) -> u8 {
        match self.kind {
            StructureKind::Pillar => 1,
            StructureKind::Statue => 2,
            StructureKind::Window => 3,
        }
    }

    /// The spaces that must all be filled (§8.4 formulas).
    pub fn spaces(self) -> Vec<Space> {
        let k = self.star;
        let next = k % 6 + 1;
        match self.kind {
            StructureKind::Pillar => vec![
                Space::new(k, 2),
                Space::new(k, 3),
                Space::new(0, (k + 3) % 6 + 1),
                Space::new(0, (k + 4) % 6 + 1),
            ],
            StructureKind::Statue => vec![
                Space::new(k, 1),
                Space::new(k, 2),
                Space::new(next, 3),
                Space::new(next, 4),
            ],
            StructureKind::Window => vec![Space::new(k, 5), Space::new(k, 6)],
        }
    }

    pub fn contains(self, space: Space) -> bool {
        self.spaces().contains(&space)
    }

    /// "the pillar of the orange star", "the statue between star 2 and star 3".
    pub fn name(self, side: BoardSide) -> String {
        let own = star_name(side, self.star);
        match self.kind {
            StructureKind::Pillar => format!("the pillar of {own}"),
            StructureKind::Window => format!("the window of {own}"),
            StructureKind::Statue => {
                let next = star_name(side, self.star % 6 + 1);
                let next = next.strip_prefix("the ").unwrap_or(&next).to_string();
                let own = own.strip_prefix("the ").unwrap_or(&own).to_string();
                format!("the statue between {own} and {next}")
            }
        }
    }
}

/// The structures a space belongs to.
pub fn structures_at(space: Space) -> impl Iterator<Item = Structure> {
    Structure::all().filter(move |s| s.contains(space))
}

/// End-game points for a complete star: single-coloured scores its colour, multicoloured 12.
pub fn full_star_points(single_colour: Option<Colour>) -> i64 {
    match single_colour {
        None => 12,
        Some(Colour::Purple) => 20,
        Some(Colour::Green) => 18,
        Some(Colour::Orange) => 17,
        Some(Colour::Yellow) => 16,
        Some(Colour::Blue) => 15,
        Some(Colour::Red) => 14,
    }
}

/// End-game points for covering every space of a value: 1s 4, 2s 8, 3s 12, 4s 16; others none.
pub fn number_points(value: u8) -> i64 {
    match value {
        1..=4 => 4 * i64::from(value),
        _ => 0,
    }
}
