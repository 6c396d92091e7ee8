//! Board geometry (spec §1): the 10x10 board minus its four corners, the four home rows, and each
//! side's orientation (forward, left, progress, and how the board looks from that side).
//!
//! Squares are written like chess squares: column letters `a`–`j` run west to east (`c` = 0–9) and
//! row numbers `1`–`10` run south to north (`r` = 0–9). The spec's `(4,4)` is `e5`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One square, by column `c` (west to east) and row `r` (south to north), both 0–9 on the board.
/// Arithmetic may produce squares off the board; [`Square::exists`] tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub c: i8,
    pub r: i8,
}

/// Shorthand for `Square { c, r }`.
pub const fn sq(c: i8, r: i8) -> Square {
    Square { c, r }
}

impl Square {
    /// The square `(dc, dr)` away; it may be off the board.
    pub fn offset(self, (dc, dr): (i8, i8)) -> Square {
        sq(self.c.saturating_add(dc), self.r.saturating_add(dr))
    }

    /// The vector from `self` to `to`.
    pub fn delta_to(self, to: Square) -> (i8, i8) {
        (to.c.saturating_sub(self.c), to.r.saturating_sub(self.r))
    }

    fn in_range(self) -> bool {
        (0..10).contains(&self.c) && (0..10).contains(&self.r)
    }

    /// Whether the square is one of the 96 squares of the board (the corners do not exist).
    pub fn exists(self) -> bool {
        let edge = |v: i8| v == 0 || v == 9;
        self.in_range() && !(edge(self.c) && edge(self.r))
    }

    /// Index into a 100-cell array, for squares of the board only.
    pub fn index(self) -> Option<usize> {
        self.exists()
            .then(|| self.r as usize * 10 + self.c as usize)
    }

    /// The 96 squares of the board, row by row from the south.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..10)
            .flat_map(|r| (0..10).map(move |c| sq(c, r)))
            .filter(|s| s.exists())
    }

    /// The home row this square belongs to, if it is not in the central grid.
    pub fn home_row(self) -> Option<Side> {
        if !self.exists() {
            return None;
        }
        match (self.c, self.r) {
            (_, 0) => Some(Side::South),
            (_, 9) => Some(Side::North),
            (0, _) => Some(Side::West),
            (9, _) => Some(Side::East),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.in_range() {
            write!(f, "{}{}", (b'a' + self.c as u8) as char, self.r + 1)
        } else {
            f.write_str("a square off the board")
        }
    }
}

impl FromStr for Square {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || format!("{text:?} is not a square (squares are a1 to j10)");
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        let row: i8 = chars.as_str().parse().map_err(|_| bad())?;
        if !('a'..='j').contains(&letter) || !(1..=10).contains(&row) {
            return Err(bad());
        }
        Ok(sq(letter as i8 - b'a' as i8, row - 1))
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A side of the board: where a player's start row is. The goal row is the opposite side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    South,
    West,
    North,
    East,
}

impl Side {
    /// The player's forward unit vector (towards the goal row).
    pub fn forward(self) -> (i8, i8) {
        match self {
            Side::South => (0, 1),
            Side::North => (0, -1),
            Side::West => (1, 0),
            Side::East => (-1, 0),
        }
    }

    /// The player's left unit vector, facing forward.
    pub fn left(self) -> (i8, i8) {
        let (x, y) = self.forward();
        (-y, x)
    }

    pub fn opposite(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
            Side::West => Side::East,
            Side::East => Side::West,
        }
    }

    /// Distance of `square` from this side's start line: 0 in the start row, 9 in the goal row.
    pub fn progress(self, square: Square) -> i8 {
        match self {
            Side::South => square.r,
            Side::North => 9 - square.r,
            Side::West => square.c,
            Side::East => 9 - square.c,
        }
    }

    /// Whether `square` is in this side's home row.
    pub fn holds(self, square: Square) -> bool {
        square.home_row() == Some(self)
    }

    /// The square drawn at `row` (0 = top) and `col` (0 = left) when this side sits at the bottom
    /// of the picture: its start row is the bottom row, its goal row the top row.
    pub fn display_square(self, row: usize, col: usize) -> Square {
        let p = 9 - row.min(9) as i8;
        let j = col.min(9) as i8;
        match self {
            Side::South => sq(j, p),
            Side::North => sq(9 - j, 9 - p),
            Side::West => sq(p, 9 - j),
            Side::East => sq(9 - p, j),
        }
    }

    /// The 8 squares of this side's home row, from its owner's left to right.
    pub fn home_squares(self) -> [Square; 8] {
        std::array::from_fn(|i| self.display_square(9, i + 1))
    }

    /// The side's name in the reader's language.
    pub fn message(self) -> crate::rules::Message {
        crate::rules::Message::new(match self {
            Side::South => "gype-side-south",
            Side::West => "gype-side-west",
            Side::North => "gype-side-north",
            Side::East => "gype-side-east",
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::West => "West",
            Side::North => "North",
            Side::East => "East",
        }
    }
}

/// The side of each seat: 2 players sit South and North, 3 South, West and North, 4 all around.
/// Seat order is the turn order (to the left: S, W, N, E).
pub fn seat_sides(players: usize) -> Vec<Side> {
    use Side::*;
    match players {
        2 => vec![South, North],
        3 => vec![South, West, North],
        n => [South, West, North, East].into_iter().take(n).collect(),
    }
}
