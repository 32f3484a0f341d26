//! Cage Combinations: a Killer cage's digits differ and add up to its sum, so only some sets of
//! digits fit it; each cell keeps the digits that some fitting set can give it.

use std::ops::ControlFlow;

use super::sums::{distinct_sum, options, sets_text};
use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::Cell;
use crate::sets::CellSet;
use crate::step::Step;

pub struct CageCombinations;

impl Technique for CageCombinations {
    fn name(&self) -> &'static str {
        "Cage Combinations"
    }

    fn about(&self) -> &'static str {
        "A cage's digits all differ and add up to its sum, and only some sets of digits do: two \
         cells adding up to 3 hold 1 and 2, three adding up to 24 hold 7, 8 and 9. Keep the sets \
         that the cage's candidates still allow, each digit in a cell that can take it; every \
         other candidate of the cage goes."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for cage in marks.cages() {
            let Some(sum) = cage.sum else {
                continue;
            };
            let cells: Vec<Cell> = cage.cells.iter().collect();
            let (support, sets) = distinct_sum(&options(marks, &cells), sum);
            // No set fits only in a broken position: nothing to explain.
            if sets.is_empty() {
                continue;
            }
            let mut step =
                (Step::new(self.name()).cage(marks, cage)).pattern_cells(marks, cage.cells);
            for (&cell, &kept) in cells.iter().zip(&support) {
                step = step.eliminate(CellSet::single(cell), marks.get(cell) - kept);
            }
            if step.eliminations.is_empty() {
                continue;
            }
            let first = cage.first();
            found(step.explain(|s| {
                format!(
                    "Cage Combinations: the cage at {first} ({} cells, {sum}) holds {} {}",
                    cells.len(),
                    sets_text(&sets),
                    s.outcome_text()
                )
            }))?;
        }
        ControlFlow::Continue(())
    }
}
