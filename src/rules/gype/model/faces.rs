//! The six faces of a die and how each one moves (spec §2, §5, §7), relative to the mover's side.

use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::board::{Side, Square};
use crate::rules::Message;
use crate::rules::Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Face {
    Flame,
    Swords,
    Book,
    Tree,
    Hat,
    Ear,
}

impl Face {
    pub const ALL: [Face; 6] = [
        Face::Flame,
        Face::Swords,
        Face::Book,
        Face::Tree,
        Face::Hat,
        Face::Ear,
    ];

    /// The face a fair roll shows (every face 1/6).
    pub fn roll(rng: Rng<'_>) -> Face {
        Face::ALL[rng.random_range(0..6)]
    }

    /// A Random-start face: a roll where an Ear is rolled again, so uniform over the other five.
    pub fn roll_without_ear(rng: Rng<'_>) -> Face {
        Face::ALL[rng.random_range(0..5)]
    }

    pub fn name(self) -> &'static str {
        face_name(self)
    }

    /// The face's name in the reader's language.
    pub fn message(self) -> Message {
        Message::new(match self {
            Face::Flame => "gype-flame",
            Face::Swords => "gype-swords",
            Face::Book => "gype-book",
            Face::Tree => "gype-tree",
            Face::Hat => "gype-hat",
            Face::Ear => "gype-ear",
        })
    }
}

/// The face's name in words, for pages and messages.
pub fn face_name(face: Face) -> &'static str {
    match face {
        Face::Flame => "Flame",
        Face::Swords => "Swords",
        Face::Book => "Book",
        Face::Tree => "Tree",
        Face::Hat => "Hat",
        Face::Ear => "Ear",
    }
}

/// The unit directions a face steps or jumps in, for a player on `side` (empty for Hat and Ear).
pub fn step_directions(face: Face, side: Side) -> Vec<(i8, i8)> {
    let (fx, fy) = side.forward();
    let (lx, ly) = side.left();
    let f = (fx, fy);
    let b = (-fx, -fy);
    let l = (lx, ly);
    let r = (-lx, -ly);
    let fl = (fx + lx, fy + ly);
    let fr = (fx - lx, fy - ly);
    let bl = (-fx + lx, -fy + ly);
    let br = (-fx - lx, -fy - ly);
    match face {
        Face::Flame => vec![f, b, l, r, fl, fr, bl, br],
        Face::Book => vec![f, b, l, r],
        Face::Swords => vec![fl, fr, bl, br],
        Face::Tree => vec![f, fl, fr, b],
        Face::Hat | Face::Ear => Vec::new(),
    }
}

/// The 8 knight offsets of a Hat (the same for every side).
pub const KNIGHT_OFFSETS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Which of the two L-shaped routes a Hat takes to its destination (spec §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HatPath {
    /// Two squares straight, then one to the side.
    LongFirst,
    /// One square to the side, then two straight.
    ShortFirst,
}

impl HatPath {
    pub const BOTH: [HatPath; 2] = [HatPath::LongFirst, HatPath::ShortFirst];

    /// The path in the reader's language.
    pub fn message(self) -> Message {
        Message::new(match self {
            HatPath::LongFirst => "gype-path-long-first",
            HatPath::ShortFirst => "gype-path-short-first",
        })
    }
}

/// The two squares a Hat passes over going from `from` to `to` along `path`, or `None` when `to`
/// is not a knight's move away. Origin and destination are not part of the path.
pub fn hat_path_squares(from: Square, to: Square, path: HatPath) -> Option<[Square; 2]> {
    let (dx, dy) = from.delta_to(to);
    let (long, short) = match (dx.abs(), dy.abs()) {
        (1, 2) => ((0, dy.signum()), (dx.signum(), 0)),
        (2, 1) => ((dx.signum(), 0), (0, dy.signum())),
        _ => return None,
    };
    Some(match path {
        HatPath::LongFirst => [from.offset(long), from.offset(long).offset(long)],
        HatPath::ShortFirst => [from.offset(short), from.offset(short).offset(long)],
    })
}
