//! The board: two rows of six pits and two stores, and the 13-position sowing cycle.
//!
//! Every method is total: positions that do not exist are ignored rather than indexed, because
//! `evolve` feeds numbers taken straight from stored events into this module.

use serde::{Deserialize, Serialize};

/// Pits in one row.
pub(super) const PITS: usize = 6;

/// Positions a sowing visits in one lap: the mover's six pits, the mover's store, then the
/// opponent's six pits (the opponent's store is skipped). Position `q` of the cycle is own pit
/// `q` for `q < 6`, the own store for `q == 6` and opponent pit `q - 7` for `q > 6`.
const CYCLE: u32 = 13;

/// A side of the board. Each seat owns one; the pie-rule swap exchanges them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    South,
    North,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// 0 for South, 1 for North: the index used by every per-side array.
    pub fn index(self) -> usize {
        match self {
            Side::South => 0,
            Side::North => 1,
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
}

/// Where the last seed of a sowing fell, seen from the mover's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Landing {
    OwnPit(usize),
    OwnStore,
    OpponentPit(usize),
}

/// Seed counts, indexed by side; each row in that side's sowing order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Board {
    pub pits: [[u32; PITS]; 2],
    pub stores: [u32; 2],
}

impl Board {
    pub fn new(seeds_per_pit: u32) -> Self {
        Board {
            pits: [[seeds_per_pit; PITS]; 2],
            stores: [0; 2],
        }
    }

    pub fn pit(&self, side: Side, pit: usize) -> Option<u32> {
        self.pits[side.index()].get(pit).copied()
    }

    pub fn row_total(&self, side: Side) -> u32 {
        self.pits[side.index()]
            .iter()
            .fold(0, |sum, &seeds| sum.saturating_add(seeds))
    }

    pub fn row_is_empty(&self, side: Side) -> bool {
        self.pits[side.index()].iter().all(|&seeds| seeds == 0)
    }

    pub fn store(&self, side: Side) -> u32 {
        self.stores[side.index()]
    }

    /// Every seed on the board: pits and stores.
    pub fn total(&self) -> u32 {
        Side::BOTH.iter().fold(0u32, |sum, &side| {
            sum.saturating_add(self.row_total(side))
                .saturating_add(self.store(side))
        })
    }

    /// Empties `pit` of `side` and sows `seeds` seeds counter-clockwise from the next position,
    /// skipping the opponent's store. Returns where the last seed fell, or `None` (and leaves the
    /// board alone) if the pit does not exist or no seed is sown.
    pub fn sow(&mut self, side: Side, pit: usize, seeds: u32) -> Option<Landing> {
        if pit >= PITS || seeds == 0 {
            return None;
        }
        self.pits[side.index()][pit] = 0;
        let start = pit as u32;
        let (laps, rest) = (seeds / CYCLE, seeds % CYCLE);
        for step in 1..=CYCLE {
            let dropped = laps + u32::from(step <= rest);
            let cell = self.cell_mut(side, (start + step) % CYCLE);
            *cell = cell.saturating_add(dropped);
        }
        Some(Self::landing((start + seeds % CYCLE) % CYCLE))
    }

    /// Moves the seeds of own pit `pit` and of the opponent pit opposite it into the store of
    /// `side`; returns how many moved.
    pub fn capture(&mut self, side: Side, pit: usize) -> u32 {
        if pit >= PITS {
            return 0;
        }
        let own = std::mem::take(&mut self.pits[side.index()][pit]);
        let opposite = std::mem::take(&mut self.pits[side.other().index()][PITS - 1 - pit]);
        let captured = own.saturating_add(opposite);
        let store = &mut self.stores[side.index()];
        *store = store.saturating_add(captured);
        captured
    }

    /// Moves every seed left in the pits of `side` into that side's store; returns how many.
    pub fn sweep(&mut self, side: Side) -> u32 {
        let swept = self.row_total(side);
        self.pits[side.index()] = [0; PITS];
        let store = &mut self.stores[side.index()];
        *store = store.saturating_add(swept);
        swept
    }

    fn landing(position: u32) -> Landing {
        let position = position as usize;
        match position {
            0..PITS => Landing::OwnPit(position),
            PITS => Landing::OwnStore,
            _ => Landing::OpponentPit(position - PITS - 1),
        }
    }

    fn cell_mut(&mut self, side: Side, position: u32) -> &mut u32 {
        match Self::landing(position % CYCLE) {
            Landing::OwnPit(pit) => &mut self.pits[side.index()][pit],
            Landing::OwnStore => &mut self.stores[side.index()],
            Landing::OpponentPit(pit) => &mut self.pits[side.other().index()][pit],
        }
    }
}
