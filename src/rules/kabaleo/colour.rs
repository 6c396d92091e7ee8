//! The six colours of Kabaleo's cones.

use crate::rules::Message;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A cone colour. Four players use all six; with fewer players some are left in the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Blue,
    Green,
    Yellow,
    Orange,
    Pink,
    Purple,
}

/// How many colours the box holds.
pub const COLOURS: usize = 6;

impl Colour {
    /// Every colour, in the order pages list them.
    pub const ALL: [Colour; COLOURS] = [
        Colour::Blue,
        Colour::Green,
        Colour::Yellow,
        Colour::Orange,
        Colour::Pink,
        Colour::Purple,
    ];

    /// The colour's English name, as pages and messages write it ("blue").
    /// The colour's word in the reader's language.
    pub fn message(self) -> Message {
        Message::new(match self {
            Colour::Blue => "kabaleo-blue",
            Colour::Green => "kabaleo-green",
            Colour::Yellow => "kabaleo-yellow",
            Colour::Orange => "kabaleo-orange",
            Colour::Pink => "kabaleo-pink",
            Colour::Purple => "kabaleo-purple",
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Orange => "orange",
            Colour::Pink => "pink",
            Colour::Purple => "purple",
        }
    }

    /// Position in [`Colour::ALL`], for per-colour counters.
    pub(super) fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A count per colour, indexed by [`Colour::index`].
pub(super) type Counts = [u8; COLOURS];
