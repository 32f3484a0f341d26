//! BUG+1 (Bivalue Universal Grave plus one): every empty cell has two candidates except one
//! with three, and without one digit x of that cell every candidate would appear exactly twice
//! in each house. Such a "grave" of pairs never has exactly one solution, so a puzzle with one
//! solution needs x in that cell: its other candidates go.

use std::ops::ControlFlow;

use super::{Assumes, Found, Technique};
use crate::candidates::Candidates;
use crate::cell::Digit;
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::Step;

pub struct BugPlusOne;

impl Technique for BugPlusOne {
    fn assumes(&self) -> Assumes {
        Assumes::ClassicRules
    }

    fn name(&self) -> &'static str {
        "BUG+1"
    }

    fn about(&self) -> &'static str {
        "Every empty cell has two candidates except one cell with three, and one of that cell's \
         three digits appears three times in its row, column and box, every other candidate \
         exactly twice in every house. Without that digit the grid would be a pattern of pairs \
         that never has exactly one solution, so a proper puzzle puts that digit in the cell."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let mut plus = None;
        for cell in marks.empty_cells().iter() {
            match marks.get(cell).len() {
                2 => {}
                3 if plus.is_none() => plus = Some(cell),
                _ => return ControlFlow::Continue(()),
            }
        }
        let Some(cell) = plus else {
            return ControlFlow::Continue(());
        };
        let [row, _, _] = cell.houses();
        let Some(digit) = marks
            .get(cell)
            .iter()
            .find(|&d| marks.places_in(d, row).len() == 3)
        else {
            return ControlFlow::Continue(());
        };
        // Without `digit` in `cell`, every candidate must appear twice in every house.
        let grave = |d: Digit, house: House| {
            let mut places = marks.places_in(d, house);
            if d == digit {
                places.remove(cell);
            }
            places.len()
        };
        let is_grave = marks
            .houses()
            .iter()
            .all(|&h| Digit::all().all(|d| matches!(grave(d, h), 0 | 2)));
        if !is_grave {
            return ControlFlow::Continue(());
        }
        let others = marks.get(cell) - DigitSet::single(digit);
        let step = Step::new(self.name())
            .pattern(CellSet::single(cell), DigitSet::single(digit))
            .eliminate(CellSet::single(cell), others)
            .explain(|s| format!("BUG+1: {cell} must be {digit} {}", s.outcome_text()));
        found(step)
    }
}
