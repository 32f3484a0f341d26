//! A clone: cells whose digits the cells of its copy repeat, cell for cell in order (often two
//! shaded areas of the same shape). f-puzzles lists them in `clone`, each entry with its `cells`
//! and its `cloneCells`, paired by their place in the lists.

use super::drawing::Drawing;
use super::lowered::Check;
use super::pair::same_digit_reason;
use super::{Constrain, Dead, Narrow};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{
    Document, Entry, Fields, FormatError, cell_list, cell_names, entries, field,
};
use crate::variant::{CellName, RulesError, Violation};

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cloned {
    pub cells: Vec<Cell>,
    /// The copy: the digit of each is that of the cell in the same place of `cells`.
    pub clones: Vec<Cell>,
}

impl Cloned {
    fn first(&self) -> Cell {
        self.cells.first().copied().unwrap_or(Cell::ALL[0])
    }

    /// Each cell with its clone.
    fn pairs(&self) -> impl Iterator<Item = (Cell, Cell)> {
        self.cells.iter().copied().zip(self.clones.iter().copied())
    }
}

impl Constrain for Cloned {
    /// As many clones as cells, one at least, no cell twice in either list.
    fn validate(&self) -> Result<(), RulesError> {
        let distinct = |cells: &[Cell]| {
            cells.iter().copied().collect::<CellSet>().len() as usize == cells.len()
        };
        if self.cells.is_empty()
            || self.cells.len() != self.clones.len()
            || !distinct(&self.cells)
            || !distinct(&self.clones)
        {
            return Err(RulesError::Clone {
                at: CellName(self.first()),
            });
        }
        Ok(())
    }

    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let differ = self.pairs().any(|(cell, clone)| {
            let (a, b) = (values[cell.index()], values[clone.index()]);
            a != 0 && b != 0 && a != b
        });
        differ.then_some(Violation::Broken {
            rule: self.broken_rule(),
            at: self.first(),
        })
    }

    fn cells(&self) -> CellSet {
        self.cells.iter().chain(&self.clones).copied().collect()
    }

    /// A cell and its clone keep the digits both can take.
    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        let mut changed = false;
        for (cell, clone) in self.pairs() {
            let both = marks.digits(cell) & marks.digits(clone);
            changed |= marks.keep(cell, both)?;
            changed |= marks.keep(clone, both)?;
        }
        Ok(changed)
    }

    /// Each cell and its clone hold one digit.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        checks.extend(self.pairs().map(|(a, b)| Check::same([a, b])));
        true
    }

    fn noun(&self) -> &'static str {
        "clone"
    }

    fn describe(&self) -> String {
        let clone = self.clones.first().copied().unwrap_or(Cell::ALL[0]);
        format!("the clone of {} at {clone}", self.first())
    }

    /// Each pair that lost digits: "r3c3 and r4c4 hold one digit: r4c4 ≠ 1 (not in r3c3)".
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let said = same_digit_reason(self.pairs(), before, after);
        format!("{}: {said}", self.describe())
    }

    fn rule() -> &'static str {
        "cloned cells hold the same digits, cell for cell"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Clone",
            "Two shaded areas of the same shape are clones: each cell holds the same digit as \
             the cell in the same place of the other. A cell and its clone share their \
             candidates, so a digit ruled out of one is ruled out of the other, and a digit \
             placed in one is placed in both.",
        ))
    }

    /// Both areas shaded, as one group.
    fn draw(&self, drawing: &mut Drawing) {
        drawing.shade_cells("fp-clone", self.cells.iter().chain(&self.clones).copied());
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["clone"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Cloned>, FormatError> {
        let list = |entry: &Fields, name: &str| match field(entry, name) {
            Some(cells) => cell_list(cells, "clone"),
            None => Ok(Vec::new()),
        };
        entries(document, "clone")?
            .into_iter()
            .map(|entry| {
                Ok(Cloned {
                    cells: list(entry, "cells")?,
                    clones: list(entry, "cloneCells")?,
                })
            })
            .collect()
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.push(
            "clone",
            Entry {
                cells: cell_names(&self.cells),
                clone_cells: cell_names(&self.clones),
                ..Entry::default()
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;
    use crate::variant::rules::Marks;

    fn cloned(cells: &[(u8, u8)], clones: &[(u8, u8)]) -> Cloned {
        let list = |cells: &[(u8, u8)]| cells.iter().map(|&(r, c)| Cell::at(r, c)).collect();
        Cloned {
            cells: list(cells),
            clones: list(clones),
        }
    }

    #[test]
    fn a_cell_and_its_clone_share_their_candidates() {
        let clone = cloned(&[(0, 0), (0, 1)], &[(4, 4), (4, 5)]);
        let mut marks = Marks::open();
        assert_eq!(clone.narrow(&mut marks), Ok(false));
        marks.set(Cell::at(0, 0), &[1, 2, 3]);
        marks.set(Cell::at(4, 4), &[2, 3, 4]);
        marks.set(Cell::at(4, 5), &[7]);
        assert_eq!(clone.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 0)), [2, 3]);
        assert_eq!(marks.list(Cell::at(4, 4)), [2, 3]);
        assert_eq!(marks.list(Cell::at(0, 1)), [7]);
        marks.set(Cell::at(0, 0), &[1]);
        assert_eq!(clone.narrow(&mut marks), Err(Dead));
    }

    #[test]
    fn different_digits_in_a_cell_and_its_clone_break_it() {
        let rules = Rules::classic()
            .with([cloned(&[(0, 0), (0, 1)], &[(8, 7), (8, 8)])])
            .unwrap();
        let mut values = [0; Cell::COUNT];
        values[Cell::at(0, 0).index()] = 4;
        values[Cell::at(8, 7).index()] = 4;
        values[Cell::at(8, 8).index()] = 6;
        assert_eq!(rules.check(&values), Ok(()));
        values[Cell::at(0, 1).index()] = 5;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r1c1: cloned cells hold the same digits, cell for cell"
        );
    }

    #[test]
    fn lists_of_different_lengths_are_no_clone() {
        let short = cloned(&[(0, 0), (0, 1)], &[(4, 4)]);
        assert_eq!(
            Rules::classic().with([short]).unwrap_err().to_string(),
            "the clone at R1C1 needs as many cloned cells as cells, one at least, none twice"
        );
        assert!(Rules::classic().with([cloned(&[], &[])]).is_err());
        let twice = cloned(&[(0, 0), (0, 0)], &[(4, 4), (4, 5)]);
        assert!(Rules::classic().with([twice]).is_err());
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn clones_are_read_from_f_puzzles_in_order_and_drawn() {
        use crate::variant::fpuzzles::{read, to_json};
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let json = format!(
            r#"{{"size":9,"grid":{grid},"clone":[{{"cells":["R1C2","R1C1"],"cloneCells":["R9C9","R9C8"]}}]}}"#
        );
        let puzzle = read(&json).unwrap();
        let expected = cloned(&[(0, 1), (0, 0)], &[(8, 8), (8, 7)]);
        assert_eq!(puzzle.rules.constraints(), [expected.into()]);
        assert_eq!(read(&to_json(&puzzle)), Ok(puzzle.clone()));
        let svg = puzzle.rules.drawing();
        assert_eq!(svg.matches("fp-clone").count(), 1);
        assert_eq!(svg.matches("<rect").count(), 4);
        let unpaired =
            format!(r#"{{"size":9,"grid":{grid},"clone":[{{"cells":["R1C1"],"cloneCells":[]}}]}}"#);
        assert!(read(&unpaired).is_err());
    }
}
