//! Tile colours and multisets of tiles.

use serde::{Deserialize, Serialize};

use crate::rules::Message;

/// The six tile colours, in the order of the round track (purple is wild in round 1, red in 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Purple,
    Green,
    Orange,
    Yellow,
    Blue,
    Red,
}

impl Colour {
    pub const ALL: [Colour; 6] = [
        Colour::Purple,
        Colour::Green,
        Colour::Orange,
        Colour::Yellow,
        Colour::Blue,
        Colour::Red,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour's word in the reader's language.
    pub fn message(self) -> Message {
        Message::new(match self {
            Colour::Purple => "azul-purple",
            Colour::Green => "azul-green",
            Colour::Orange => "azul-orange",
            Colour::Yellow => "azul-yellow",
            Colour::Blue => "azul-blue",
            Colour::Red => "azul-red",
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Purple => "purple",
            Colour::Green => "green",
            Colour::Orange => "orange",
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
            Colour::Red => "red",
        }
    }

    /// The wild colour of a round (1..=6); rounds outside that range have none.
    pub fn wild_of_round(round: u8) -> Option<Colour> {
        Colour::ALL.get(usize::from(round).checked_sub(1)?).copied()
    }
}

/// A multiset of tiles: how many of each colour. Serialized as the list of its tiles in colour
/// order (`["red","red","blue"]` reads back in any order), so two equal multisets are always
/// the same value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Vec<Colour>", into = "Vec<Colour>")]
pub struct Tiles([u8; 6]);

impl Tiles {
    pub const EMPTY: Tiles = Tiles([0; 6]);

    pub fn of(colour: Colour, count: u8) -> Tiles {
        let mut tiles = Tiles::EMPTY;
        tiles.0[colour.index()] = count;
        tiles
    }

    pub fn from_counts(counts: [u8; 6]) -> Tiles {
        Tiles(counts)
    }

    pub fn counts(&self) -> [u8; 6] {
        self.0
    }

    pub fn count(&self, colour: Colour) -> u8 {
        self.0[colour.index()]
    }

    pub fn total(&self) -> usize {
        self.0.iter().map(|&n| usize::from(n)).sum()
    }

    /// Whether there are tiles and all of them are of `colour`.
    pub fn only(&self, colour: Colour) -> bool {
        self.total() > 0 && usize::from(self.count(colour)) == self.total()
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    pub fn add(&mut self, colour: Colour, count: u8) {
        let slot = &mut self.0[colour.index()];
        *slot = slot.saturating_add(count);
    }

    /// Removes up to `count` tiles of a colour (never below zero).
    pub fn remove(&mut self, colour: Colour, count: u8) {
        let slot = &mut self.0[colour.index()];
        *slot = slot.saturating_sub(count);
    }

    pub fn add_all(&mut self, other: &Tiles) {
        for colour in Colour::ALL {
            self.add(colour, other.count(colour));
        }
    }

    pub fn remove_all(&mut self, other: &Tiles) {
        for colour in Colour::ALL {
            self.remove(colour, other.count(colour));
        }
    }

    /// Whether every tile of `other` is also here.
    pub fn contains(&self, other: &Tiles) -> bool {
        Colour::ALL.iter().all(|&c| self.count(c) >= other.count(c))
    }

    /// The colours present, in colour order.
    pub fn colours(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL.into_iter().filter(|&c| self.count(c) > 0)
    }

    /// Every tile, one entry per tile, in colour order.
    pub fn to_list(&self) -> Vec<Colour> {
        Colour::ALL
            .iter()
            .flat_map(|&c| std::iter::repeat_n(c, usize::from(self.count(c))))
            .collect()
    }

    /// Every multiset of exactly `size` tiles taken from these tiles, in a fixed order.
    pub fn sub_multisets(&self, size: usize) -> Vec<Tiles> {
        let mut out = Vec::new();
        collect_subsets(self, 0, size, Tiles::EMPTY, &mut out);
        out
    }
}

fn collect_subsets(from: &Tiles, colour: usize, left: usize, acc: Tiles, out: &mut Vec<Tiles>) {
    if left == 0 {
        out.push(acc);
        return;
    }
    if colour == 6 {
        return;
    }
    let most = usize::from(from.0[colour]).min(left);
    for n in (0..=most).rev() {
        let mut next = acc;
        next.0[colour] = n as u8;
        collect_subsets(from, colour + 1, left - n, next, out);
    }
}

impl From<Vec<Colour>> for Tiles {
    fn from(list: Vec<Colour>) -> Tiles {
        let mut tiles = Tiles::EMPTY;
        for colour in list {
            tiles.add(colour, 1);
        }
        tiles
    }
}

impl From<Tiles> for Vec<Colour> {
    fn from(tiles: Tiles) -> Vec<Colour> {
        tiles.to_list()
    }
}

/// Tile counts per colour, for the page (bag and tower contents).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    pub purple: u8,
    pub green: u8,
    pub orange: u8,
    pub yellow: u8,
    pub blue: u8,
    pub red: u8,
    pub total: usize,
}

impl From<Tiles> for Counts {
    fn from(tiles: Tiles) -> Counts {
        let [purple, green, orange, yellow, blue, red] = tiles.counts();
        Counts {
            purple,
            green,
            orange,
            yellow,
            blue,
            red,
            total: tiles.total(),
        }
    }
}
