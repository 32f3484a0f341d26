//! A place just outside the grid, where a clue about the cells beyond it is written: a sandwich's
//! sum, a little killer's. f-puzzles names it as a cell of row or column 0 or 10 (`R0C3` above
//! column 3).

use std::fmt;

use crate::cell::Cell;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{FormatError, position_named};

/// Rows and columns are 0-based, as a cell's: -1 before the first, 9 after the last.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outside {
    pub row: i8,
    pub col: i8,
}

impl Outside {
    /// Whether it lies in the ring of places around the grid.
    pub fn is_outside(self) -> bool {
        let ring = |n: i8| n == -1 || n == 9;
        let near = |n: i8| (-1..=9).contains(&n);
        near(self.row) && near(self.col) && (ring(self.row) || ring(self.col))
    }

    /// The cell `steps` steps from it by (`rows`, `cols`) each, if inside the grid.
    pub(crate) fn step(self, (rows, cols): (i8, i8), steps: i8) -> Option<Cell> {
        let row = self.row + rows * steps;
        let col = self.col + cols * steps;
        let inside = (0..9).contains(&row) && (0..9).contains(&col);
        inside.then(|| Cell::at(row as u8, col as u8))
    }

    /// Its centre, in the board's units (a cell is 100 a side).
    pub(crate) fn centre(self) -> (i32, i32) {
        (
            i32::from(self.col) * 100 + 50,
            i32::from(self.row) * 100 + 50,
        )
    }

    /// The place f-puzzles names so (`R0C3`).
    #[cfg(feature = "fpuzzles")]
    pub(crate) fn named(name: &str) -> Result<Outside, FormatError> {
        let (row, col) = position_named(name)?;
        Ok(Outside {
            row: row as i8 - 1,
            col: col as i8 - 1,
        })
    }
}

/// As f-puzzles names it: `R0C3`.
impl fmt::Display for Outside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R{}C{}", self.row + 1, self.col + 1)
    }
}
