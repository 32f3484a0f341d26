//! Hidden Single: a digit with one place left in a house goes there.

use std::ops::ControlFlow;

use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::Digit;
use crate::step::Step;

pub struct HiddenSingle;

impl Technique for HiddenSingle {
    fn name(&self) -> &'static str {
        "Hidden Single"
    }

    fn about(&self) -> &'static str {
        "When a digit can go in only one cell of a row, column or box, because every other cell \
         is filled or sees that digit, it goes there. Boxes are the easiest place to spot one."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        // Boxes first (rows and columns after): the order a person scans in.
        let houses = marks.houses().iter().copied();
        let (others, lines) = (
            houses.clone().filter(|h| !h.is_line()),
            houses.filter(|h| h.is_line()),
        );
        for house in others.chain(lines) {
            for digit in Digit::all() {
                let Some(cell) = marks.places_in(digit, house).single_cell() else {
                    continue;
                };
                // A cell alone in its house is a Full House, found before this.
                if (marks.empty_cells() & marks.cells_of(house)).len() == 1 {
                    continue;
                }
                // Built like Full House's step; sharing the four builder calls would hide more
                // than it saves.
                found(
                    Step::new(self.name())
                        .place(cell, digit)
                        .house(house)
                        .explain(|_| {
                            format!(
                                "Hidden Single: {cell}={digit} (only place for {digit} in {house})"
                            )
                        }),
                )?;
            }
        }
        ControlFlow::Continue(())
    }
}
