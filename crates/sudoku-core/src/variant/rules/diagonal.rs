//! A main diagonal: its nine cells hold each digit once (Sudoku X has both). f-puzzles marks
//! each by a flag: `diagonal-` from top left, `diagonal+` from bottom left.

use super::Constrain;
use super::drawing::Drawing;
use super::lowered::Check;
use crate::cell::Cell;
use crate::sets::CellSet;
use crate::variant::Group;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{Document, Fields, FormatError, boolean, field};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Diagonal {
    /// Top left to bottom right.
    Falling,
    /// Bottom left to top right.
    Rising,
}

impl Diagonal {
    pub const BOTH: [Diagonal; 2] = [Diagonal::Falling, Diagonal::Rising];

    pub fn cells(self) -> CellSet {
        (0..9)
            .map(|i| match self {
                Diagonal::Falling => Cell::at(i, i),
                Diagonal::Rising => Cell::at(8 - i, i),
            })
            .collect()
    }
}

impl Constrain for Diagonal {
    fn groups(&self, groups: &mut Vec<(Group, CellSet)>) {
        let name = match self {
            Diagonal::Falling => Group::FallingDiagonal,
            Diagonal::Rising => Group::RisingDiagonal,
        };
        groups.push((name, self.cells()));
    }

    fn cells(&self) -> CellSet {
        Diagonal::cells(*self)
    }

    fn rule() -> &'static str {
        "a main diagonal holds each digit once"
    }

    /// Its groups say all of it.
    fn lower(&self, _checks: &mut Vec<Check>) -> bool {
        true
    }

    fn noun(&self) -> &'static str {
        "diagonal"
    }

    fn describe(&self) -> String {
        match self {
            Diagonal::Falling => Group::FallingDiagonal.to_string(),
            Diagonal::Rising => Group::RisingDiagonal.to_string(),
        }
    }

    fn draw(&self, drawing: &mut Drawing) {
        match self {
            Diagonal::Falling => drawing.line("diagonal", (0, 0), (900, 900)),
            Diagonal::Rising => drawing.line("diagonal", (0, 900), (900, 0)),
        }
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_field(&self) -> &'static str {
        match self {
            Diagonal::Falling => "diagonal-",
            Diagonal::Rising => "diagonal+",
        }
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["diagonal+", "diagonal-"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Diagonal>, FormatError> {
        let mut diagonals = Vec::new();
        for diagonal in Diagonal::BOTH {
            let key = diagonal.fpuzzles_field();
            if field(document, key).map_or(Ok(false), |on| boolean(on, key))? {
                diagonals.push(diagonal);
            }
        }
        Ok(diagonals)
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.set(self.fpuzzles_field());
    }
}
