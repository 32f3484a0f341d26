//! The deductions of one kind of constraint (a thermometer's order, an arrow's sum…), as its
//! file in `variant/rules` works them out: each cell of a constraint keeps the digits that some
//! way of meeting it still gives the cell. One technique per kind, named by the kind; the rule's
//! file says what it deduces, this file turns it into steps.

use std::ops::ControlFlow;

use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::Cell;
use crate::sets::{CellSet, DigitSet};
use crate::step::Step;
use crate::variant::Kind;
use crate::variant::rules::{Dead, Marks};

/// The technique of the constraints of one kind.
pub struct ConstraintMarks(pub Kind);

impl Technique for ConstraintMarks {
    fn name(&self) -> &'static str {
        self.0.technique().map_or("", |(name, _)| name)
    }

    fn about(&self) -> &'static str {
        self.0.technique().map_or("", |(_, about)| about)
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let Some(layout) = marks.layout() else {
            return ControlFlow::Continue(());
        };
        for constraint in layout.constraints() {
            if constraint.kind() != self.0 {
                continue;
            }
            let rule = constraint.rule();
            let mut narrowed = digit_marks(marks);
            // A broken position has nothing to explain: other techniques show why.
            if rule.narrow(&mut narrowed) == Err(Dead) {
                continue;
            }
            let cells = rule.cells();
            let mut step = Step::new(self.name()).pattern_cells(marks, cells);
            for cell in Cell::all() {
                let kept = narrowed.digit_set(cell);
                step = step.eliminate(CellSet::single(cell), marks.get(cell) - kept);
            }
            if step.eliminations.is_empty() {
                continue;
            }
            let name = self.name();
            let described = rule.describe();
            found(step.explain(|s| format!("{name}: {described} {}", s.outcome_text())))?;
        }
        ControlFlow::Continue(())
    }
}

/// The marks as a constraint narrows them: a placed cell as its digit alone.
fn digit_marks(marks: &Candidates) -> Marks {
    Marks(Cell::ALL.map(|cell| match marks.grid().get(cell) {
        Some(digit) => Marks::bits(DigitSet::single(digit)),
        None => Marks::bits(marks.get(cell)),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Puzzle, Rules, Thermometer};

    #[test]
    fn a_step_takes_out_the_digits_the_constraint_rules_out_and_no_other() {
        let thermometer = Thermometer {
            cells: vec![Cell::at(0, 0), Cell::at(0, 1)],
        };
        let puzzle = Puzzle::new(
            [0; Cell::COUNT],
            Rules::classic().with([thermometer]).unwrap(),
        );
        let step = ConstraintMarks(Kind::Thermometer)
            .first(&puzzle.marks())
            .expect("a bulb below its tip");
        let gone: Vec<String> = step
            .eliminations
            .iter()
            .map(|candidate| format!("{}<>{}", candidate.cell, candidate.digit.get()))
            .collect();
        assert_eq!(gone, ["r1c1<>9", "r1c2<>1"]);
    }
}
