//! The 4×4 board: cells, their names, and the winning groups.
//!
//! Cells are numbered 0 to 15 row by row from the top left. People see them as a column letter
//! (a to d, left to right) and a row number (1 to 4, top to bottom): cell 0 is "a1", cell 6 is
//! "c2" ("row 2, column 3"), cell 15 is "d4".

use crate::rules::Message;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::piece::{Piece, Trait, shared_traits};

pub const SIDE: usize = 4;
pub const CELLS: usize = SIDE * SIDE;

/// The pieces on the board by cell number; `None` is an empty cell.
pub type Board = [Option<Piece>; CELLS];

/// One of the 16 cells. Always a number from 0 to 15: deserializing anything else fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Cell(u8);

const COLUMN_LETTERS: [char; SIDE] = ['a', 'b', 'c', 'd'];

impl Cell {
    /// The cell with this number, if it is one (0 to 15).
    pub fn new(number: u8) -> Option<Cell> {
        (usize::from(number) < CELLS).then_some(Cell(number))
    }

    /// The cell at a 0-based row (top to bottom) and column (left to right).
    pub fn at(row: usize, column: usize) -> Option<Cell> {
        (row < SIDE && column < SIDE).then(|| Cell((row * SIDE + column) as u8))
    }

    /// All 16 cells, row by row.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// 0-based, top to bottom.
    pub fn row(self) -> usize {
        self.index() / SIDE
    }

    /// 0-based, left to right.
    pub fn column(self) -> usize {
        self.index() % SIDE
    }

    /// "c2": column letter and row number.
    pub fn name(self) -> String {
        format!("{}{}", COLUMN_LETTERS[self.column()], self.row() + 1)
    }

    /// "row 2, column 3".
    pub fn label(self) -> String {
        format!("row {}, column {}", self.row() + 1, self.column() + 1)
    }
}

/// The cell as people name it in messages: "c2" (column c = 3, row 2).
pub fn describe_cell(cell: Cell) -> String {
    cell.name()
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl TryFrom<u8> for Cell {
    type Error = String;

    fn try_from(number: u8) -> Result<Self, Self::Error> {
        Cell::new(number).ok_or_else(|| format!("there is no cell {number}: cells are 0 to 15"))
    }
}

impl From<Cell> for u8 {
    fn from(cell: Cell) -> u8 {
        cell.0
    }
}

/// Four cells that win when they hold four pieces sharing a trait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    pub name: &'static str,
    pub cells: [Cell; 4],
}

const fn group(name: &'static str, cells: [u8; 4]) -> Group {
    Group {
        name,
        cells: [
            Cell(cells[0]),
            Cell(cells[1]),
            Cell(cells[2]),
            Cell(cells[3]),
        ],
    }
}

/// The 10 lines, then the 9 contiguous 2×2 blocks that also count with the `advanced` option.
pub const GROUPS: [Group; 19] = [
    group("row 1", [0, 1, 2, 3]),
    group("row 2", [4, 5, 6, 7]),
    group("row 3", [8, 9, 10, 11]),
    group("row 4", [12, 13, 14, 15]),
    group("column a", [0, 4, 8, 12]),
    group("column b", [1, 5, 9, 13]),
    group("column c", [2, 6, 10, 14]),
    group("column d", [3, 7, 11, 15]),
    group("the diagonal a1-d4", [0, 5, 10, 15]),
    group("the diagonal d1-a4", [3, 6, 9, 12]),
    group("the block a1-b2", [0, 1, 4, 5]),
    group("the block b1-c2", [1, 2, 5, 6]),
    group("the block c1-d2", [2, 3, 6, 7]),
    group("the block a2-b3", [4, 5, 8, 9]),
    group("the block b2-c3", [5, 6, 9, 10]),
    group("the block c2-d3", [6, 7, 10, 11]),
    group("the block a3-b4", [8, 9, 12, 13]),
    group("the block b3-c4", [9, 10, 13, 14]),
    group("the block c3-d4", [10, 11, 14, 15]),
];

const LINE_COUNT: usize = 10;

/// The groups that win under these rules: the 10 lines, plus the 9 blocks when `advanced`.
pub fn winning_groups_for(advanced: bool) -> &'static [Group] {
    if advanced {
        &GROUPS
    } else {
        &GROUPS[..LINE_COUNT]
    }
}

/// The name of the group made of these cells ("row 2", "the block b2-c3"), or the cells listed.
pub fn group_name(cells: &[Cell; 4]) -> String {
    GROUPS
        .iter()
        .find(|group| group.cells == *cells)
        .map(|group| group.name.to_owned())
        .unwrap_or_else(|| {
            let names: Vec<String> = cells.iter().map(|cell| cell.name()).collect();
            format!("cells {}", names.join(", "))
        })
}

/// A group in the reader's language: "row 2", "column b", "the diagonal a1-d4", "the block
/// b2-c3".
pub fn group_message(cells: &[Cell; 4]) -> Message {
    let [first, second, third, last] = *cells;
    if first.row() == last.row() {
        Message::new("quarto-row").with("row", first.row() + 1)
    } else if first.column() == last.column() {
        Message::new("quarto-column").text("column", column_letter(first))
    } else if second.row() == first.row() && third.column() == first.column() {
        Message::new("quarto-block")
            .text("from", first.name())
            .text("to", last.name())
    } else {
        Message::new("quarto-diagonal")
            .text("from", first.name())
            .text("to", last.name())
    }
}

fn column_letter(cell: Cell) -> String {
    cell.name().chars().take(1).collect()
}

/// A full group whose pieces share at least one trait, with the traits they share.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinningGroup {
    pub cells: [Cell; 4],
    pub shared: Vec<Trait>,
}

/// Every full group on `board` whose four pieces share a trait, in the order of [`GROUPS`].
pub fn winning_groups(board: &Board, advanced: bool) -> Vec<WinningGroup> {
    winning_groups_for(advanced)
        .iter()
        .filter_map(|group| {
            let pieces = group
                .cells
                .iter()
                .map(|cell| board.get(cell.index()).copied().flatten())
                .collect::<Option<Vec<Piece>>>()?;
            let shared = shared_traits(&pieces);
            (!shared.is_empty()).then_some(WinningGroup {
                cells: group.cells,
                shared,
            })
        })
        .collect()
}
