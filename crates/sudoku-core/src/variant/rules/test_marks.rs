//! Pencil marks for the rules' unit tests: a plain array that a constraint narrows.

use super::{Dead, Narrow};
use crate::cell::Cell;

/// Each cell's digits, bit `d - 1` for digit `d`.
pub(crate) struct Marks(pub [u16; Cell::COUNT]);

impl Marks {
    /// Every digit in every cell.
    pub fn full() -> Marks {
        Marks([0x1ff; Cell::COUNT])
    }

    /// Sets a cell's digits, listed.
    pub fn set(&mut self, cell: Cell, digits: &[u8]) {
        self.0[cell.index()] = digits.iter().map(|d| 1 << (d - 1)).sum();
    }

    /// A cell's digits, listed.
    pub fn get(&self, cell: Cell) -> Vec<u8> {
        (1..=9)
            .filter(|d| self.0[cell.index()] >> (d - 1) & 1 != 0)
            .collect()
    }
}

impl Narrow for Marks {
    fn digits(&self, cell: Cell) -> u16 {
        self.0[cell.index()]
    }

    fn keep(&mut self, cell: Cell, digits: u16) -> Result<bool, Dead> {
        let before = self.0[cell.index()];
        self.0[cell.index()] &= digits;
        match self.0[cell.index()] {
            0 => Err(Dead),
            after => Ok(after != before),
        }
    }
}
