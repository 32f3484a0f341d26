//! The grid of digits: givens and entries, and the conflicts between them.

use std::fmt;

use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::CellSet;

/// Two equal digits in one house.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Conflict {
    pub digit: Digit,
    pub house: House,
    pub first: Cell,
    pub second: Cell,
}

/// "two 5s in row 3: r3c2 and r3c8"
impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "two {}s in {}: {} and {}",
            self.digit, self.house, self.first, self.second
        )
    }
}

/// The 81 cells with their digits; each filled cell is either a given (part of the puzzle) or an
/// entry (placed while solving).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "crate::wire::GridLines", into = "crate::wire::GridLines")
)]
pub struct Grid {
    digits: [Option<Digit>; Cell::COUNT],
    givens: CellSet,
}

impl Default for Grid {
    fn default() -> Self {
        Grid::empty()
    }
}

impl Grid {
    pub const fn empty() -> Grid {
        Grid {
            digits: [None; Cell::COUNT],
            givens: CellSet::EMPTY,
        }
    }

    /// A puzzle whose filled cells are all givens.
    pub fn from_givens(digits: [Option<Digit>; Cell::COUNT]) -> Grid {
        let givens = Cell::all()
            .filter(|c| digits[c.index()].is_some())
            .collect();
        Grid { digits, givens }
    }

    /// The same digits, all of them givens: the grid as a new puzzle.
    pub fn as_puzzle(&self) -> Grid {
        Grid::from_givens(self.digits)
    }

    /// Only the givens: the puzzle as it started.
    pub fn givens_only(&self) -> Grid {
        let mut digits = [None; Cell::COUNT];
        self.givens
            .iter()
            .for_each(|c| digits[c.index()] = self.digits[c.index()]);
        Grid {
            digits,
            givens: self.givens,
        }
    }

    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.digits[cell.index()]
    }

    pub fn digits(&self) -> &[Option<Digit>; Cell::COUNT] {
        &self.digits
    }

    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens.contains(cell)
    }

    pub fn givens(&self) -> CellSet {
        self.givens
    }

    /// Sets or clears an entry. Givens never change: returns false and leaves the grid as it was.
    pub fn set_entry(&mut self, cell: Cell, digit: Option<Digit>) -> bool {
        if self.is_given(cell) {
            return false;
        }
        self.digits[cell.index()] = digit;
        true
    }

    pub fn filled(&self) -> CellSet {
        Cell::all().filter(|c| self.get(*c).is_some()).collect()
    }

    pub fn filled_count(&self) -> usize {
        self.digits.iter().flatten().count()
    }

    /// Every pair of equal digits sharing a house, each pair once per house, in house order.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut conflicts = Vec::new();
        for house in House::all() {
            for (digit, first, second) in house.cell_set().repeats(&self.digits) {
                conflicts.push(Conflict {
                    digit,
                    house,
                    first,
                    second,
                });
            }
        }
        conflicts
    }

    /// True when every cell is filled and no house repeats a digit.
    pub fn is_solved(&self) -> bool {
        self.filled_count() == Cell::COUNT && self.conflicts().is_empty()
    }

    /// Whether `digit` may go in `cell`: no equal digit among its peers (givens and entries).
    pub fn is_legal(&self, cell: Cell, digit: Digit) -> bool {
        cell.peers()
            .iter()
            .all(|peer| self.get(peer) != Some(digit))
    }
}
