//! Naked Single: a cell with one candidate left takes it.

use std::ops::ControlFlow;

use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::step::Step;

pub struct NakedSingle;

impl Technique for NakedSingle {
    fn name(&self) -> &'static str {
        "Naked Single"
    }

    fn about(&self) -> &'static str {
        "When the row, column and box of a cell together already hold eight different digits, \
         only the ninth can go in the cell."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for cell in marks.empty_cells().iter() {
            let Some(digit) = marks.get(cell).single_digit() else {
                continue;
            };
            found(
                Step::new(self.name())
                    .place(cell, digit)
                    .explain(|_| format!("Naked Single: {cell}={digit} (the only candidate left)")),
            )?;
        }
        ControlFlow::Continue(())
    }
}
