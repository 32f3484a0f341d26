//! Cells and digits, and a digit in a cell (a candidate): the values every other module speaks of.

use std::fmt;

/// Every value of a `u8` newtype from `first` on, `$count` of them, as a const table.
macro_rules! all_values {
    ($newtype:ident, $count:expr, $first:expr) => {{
        let mut all = [$newtype($first); $count];
        let mut i = 0;
        while i < $count {
            all[i] = $newtype($first + i as u8);
            i += 1;
        }
        all
    }};
}
pub(crate) use all_values;

/// One of the 81 cells, by index 0..81 in row-major order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(u8);

impl Cell {
    pub const fn new(index: u8) -> Option<Cell> {
        if index < 81 { Some(Cell(index)) } else { None }
    }
    /// The cell at a 0-based row and column; both must be below 9.
    pub const fn at(row: u8, col: u8) -> Cell {
        assert!(row < 9 && col < 9);
        Cell(row * 9 + col)
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// 0-based row.
    pub const fn row(self) -> u8 {
        self.0 / 9
    }
    /// 0-based column.
    pub const fn col(self) -> u8 {
        self.0 % 9
    }
    /// 0-based box, numbered left to right, top to bottom.
    pub const fn box_index(self) -> u8 {
        self.row() / 3 * 3 + self.col() / 3
    }
    /// Every cell, by index.
    pub const ALL: [Cell; 81] = all_values!(Cell, 81, 0);
    pub fn all() -> impl Iterator<Item = Cell> {
        Cell::ALL.into_iter()
    }
}

/// Standard notation, 1-based: `r3c5` is row 3, column 5.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A digit 1–9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Digit(u8);

impl Digit {
    pub const fn new(value: u8) -> Option<Digit> {
        if value >= 1 && value <= 9 {
            Some(Digit(value))
        } else {
            None
        }
    }
    pub const fn get(self) -> u8 {
        self.0
    }
    /// 0-based, for indexing per-digit tables.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }
    /// The nine digits, by index.
    pub const ALL: [Digit; 9] = all_values!(Digit, 9, 1);
    pub fn all() -> impl Iterator<Item = Digit> {
        Digit::ALL.into_iter()
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A digit in a cell: a pencil mark, a placement or an elimination.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Candidate {
    pub cell: Cell,
    pub digit: Digit,
}

impl Candidate {
    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }

    /// A number in the candidates' order (by cell, then digit), to sort by.
    pub fn key(self) -> u64 {
        (self.cell.index() * 9 + self.digit.index()) as u64
    }
}
