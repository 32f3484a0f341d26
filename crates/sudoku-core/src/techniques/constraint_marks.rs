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
use crate::variant::rules::{Dead, Narrow};

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
            let mut narrowed = Pencil::of(marks);
            // A broken position has nothing to explain: other techniques show why.
            if rule.narrow(&mut narrowed) == Err(Dead) {
                continue;
            }
            let cells = rule.cells();
            let mut step = Step::new(self.name()).pattern_cells(marks, cells);
            for cell in Cell::all() {
                let kept = DigitSet::from_bits(narrowed.0[cell.index()] << 1);
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

/// The marks as a constraint narrows them: a placed cell as its digit alone, nothing placed.
/// Bit `d - 1` for digit `d`, as [`Narrow`] has them (a [`DigitSet`]'s bit `d`, shifted down).
struct Pencil([u16; Cell::COUNT]);

impl Pencil {
    fn of(marks: &Candidates) -> Pencil {
        Pencil(Cell::ALL.map(|cell| match marks.grid().get(cell) {
            Some(digit) => DigitSet::single(digit).bits() >> 1,
            None => marks.get(cell).bits() >> 1,
        }))
    }
}

impl Narrow for Pencil {
    fn digits(&self, cell: Cell) -> u16 {
        self.0[cell.index()]
    }

    fn keep(&mut self, cell: Cell, digits: u16) -> Result<bool, Dead> {
        let before = self.0[cell.index()];
        let after = before & digits;
        self.0[cell.index()] = after;
        match after {
            0 => Err(Dead),
            _ => Ok(after != before),
        }
    }
}
