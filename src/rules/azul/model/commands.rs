//! What players submit.

use serde::{Deserialize, Serialize};

use super::tiles::{Colour, Tiles};

/// Where tiles are taken from in phase 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// A factory display, numbered from 1.
    Factory(u8),
    /// The centre of the table.
    Centre,
}

/// A player's command. JSON examples:
/// `{"type":"take","source":{"factory":3},"colour":"red"}`,
/// `{"type":"take","source":"centre","colour":"blue"}`,
/// `{"type":"place","star":2,"space":4,"colour":"orange","wild_count":1}`,
/// `{"type":"choose_bonus","tiles":["red","blue"]}`, `{"type":"pass"}`,
/// `{"type":"keep","tiles":["green","green","red"]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    /// Phase 1: take every tile of `colour` from a source, plus one wild tile if there is any
    /// (or a single wild tile when the source holds nothing else; `colour` is then the wild colour).
    Take { source: Source, colour: Colour },
    /// Phase 2: put one `colour` tile on `space` (1..=6) of `star` (0 = centre, 1..=6 outer),
    /// paying the printed value in tiles, `wild_count` of them wild.
    Place {
        star: u8,
        space: u8,
        colour: Colour,
        wild_count: u8,
    },
    /// After completing pillars, statues or windows: the supply tiles to take.
    ChooseBonus { tiles: Tiles },
    /// Phase 2: stop placing for this round.
    Pass,
    /// After passing with more than 4 tiles (rounds 1–5): the tiles (at most 4) to keep.
    Keep { tiles: Tiles },
}
