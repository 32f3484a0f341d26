//! Full House: the last empty cell of a house takes the one digit the house lacks.

use std::ops::ControlFlow;

use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::step::Step;

pub struct FullHouse;

impl Technique for FullHouse {
    fn name(&self) -> &'static str {
        "Full House"
    }

    fn about(&self) -> &'static str {
        "When a row, column or box has only one empty cell left, that cell takes the one digit \
         the house is still missing."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let empty = marks.empty_cells();
        for &house in marks.houses() {
            let Some(cell) = (empty & marks.cells_of(house)).single_cell() else {
                continue;
            };
            let Some(digit) = marks.get(cell).single_digit() else {
                continue;
            };
            // Built like Hidden Single's step; sharing the four builder calls would hide more
            // than it saves.
            found(
                Step::new(self.name())
                    .place(cell, digit)
                    .house(house)
                    .explain(|_| {
                        format!("Full House: {cell}={digit} (last empty cell in {house})")
                    }),
            )?;
        }
        ControlFlow::Continue(())
    }
}
