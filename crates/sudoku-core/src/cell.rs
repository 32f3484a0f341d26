//! Cells and digits, and a digit in a cell (a candidate): the values every other module speaks of.

use std::fmt;

/// A const table of `$len` entries, entry `i` being `$entry`, a const expression of `i`
/// (`$filler` only fills the array before the entries are written).
macro_rules! const_table {
    ($len:expr, $filler:expr, |$i:ident| $entry:expr) => {{
        let mut table = [$filler; $len];
        let mut $i = 0;
        while $i < $len {
            table[$i] = $entry;
            $i += 1;
        }
        table
    }};
}
pub(crate) use const_table;

/// One of the 81 cells, by index 0..81 in row-major order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Cell(u8);

impl Cell {
    /// How many cells a grid has.
    pub const COUNT: usize = 81;
    pub const fn new(index: u8) -> Option<Cell> {
        // Compared as a `u8`, which lets the compiler drop the bounds checks of table reads.
        if index < Cell::COUNT as u8 {
            Some(Cell(index))
        } else {
            None
        }
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
    pub const ALL: [Cell; Cell::COUNT] = const_table!(Cell::COUNT, Cell(0), |i| Cell(i as u8));
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Digit(u8);

impl Digit {
    /// How many digits there are.
    pub const COUNT: usize = 9;
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
    pub const ALL: [Digit; Digit::COUNT] =
        const_table!(Digit::COUNT, Digit(1), |i| Digit(i as u8 + 1));
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Candidate {
    pub cell: Cell,
    pub digit: Digit,
}

impl Candidate {
    /// How many candidates a grid has: every digit in every cell.
    pub const COUNT: usize = Cell::COUNT * Digit::COUNT;

    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }

    /// 0..`COUNT` in the candidates' order (by cell, then digit), for tables by candidate.
    pub const fn index(self) -> usize {
        self.cell.index() * Digit::COUNT + self.digit.index()
    }

    /// A number in the candidates' order, to sort by.
    pub fn key(self) -> u64 {
        self.index() as u64
    }
}
