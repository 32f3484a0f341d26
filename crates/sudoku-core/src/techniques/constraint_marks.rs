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
            let before = digit_marks(marks);
            let mut narrowed = Marks(before.0);
            // A broken position has nothing to explain: other techniques show why.
            if rule.narrow(&mut narrowed) == Err(Dead) {
                continue;
            }
            let lost: Vec<(Cell, DigitSet)> = Cell::all()
                .map(|cell| (cell, marks.get(cell) - narrowed.digit_set(cell)))
                .filter(|(_, lost)| !lost.is_empty())
                .collect();
            if lost.is_empty() {
                continue;
            }
            // The pattern: the marks the rule read, a known digit as itself.
            let narrowed_cells = lost.iter().map(|&(cell, _)| cell).collect();
            let mut step = Step::new(self.name());
            for cell in rule.pattern(narrowed_cells, &before).iter() {
                step = step.pattern(CellSet::single(cell), before.digit_set(cell));
            }
            for (cell, digits) in lost {
                step = step.eliminate(CellSet::single(cell), digits);
            }
            let name = self.name();
            let reason = rule.reason(&before, &narrowed);
            found(step.explain(|s| format!("{name}: {reason} {}", s.outcome_text())))?;
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
    use crate::variant::{Colour, Dot, Nonconsecutive, Puzzle, Rules, Thermometer, Whispers};

    fn first_step(kind: Kind, rules: Rules, givens: &[(u8, u8, u8)]) -> Step {
        let mut values = [0; Cell::COUNT];
        for &(row, col, digit) in givens {
            values[Cell::at(row, col).index()] = digit;
        }
        let marks = Puzzle::new(values, rules).marks();
        ConstraintMarks(kind).first(&marks).expect("a step")
    }

    #[test]
    fn a_thermometer_step_takes_what_the_line_leaves_no_room_for() {
        let thermometer = Thermometer {
            cells: vec![Cell::at(0, 0), Cell::at(0, 1), Cell::at(0, 2)],
        };
        let rules = Rules::classic().with([thermometer]).unwrap();
        let step = first_step(Kind::Thermometer, rules, &[]);
        assert_eq!(
            step.text,
            "Thermometer: the thermometer from r1c1 rises, so r1c1 ≤ 7 (two cells above it), \
             r1c2 ≥ 2 (one cell below it), r1c2 ≤ 8 (one cell above it), r1c3 ≥ 3 (two cells \
             below it) => r1c1<>8, r1c1<>9, r1c2<>1, r1c2<>9, r1c3<>1, r1c3<>2"
        );
        // A bound from a neighbour's digits names it.
        let thermometer = Thermometer {
            cells: vec![Cell::at(0, 0), Cell::at(0, 1), Cell::at(0, 2)],
        };
        let rules = Rules::classic().with([thermometer]).unwrap();
        let step = first_step(Kind::Thermometer, rules, &[(0, 0, 4)]);
        assert_eq!(
            step.text,
            "Thermometer: the thermometer from r1c1 rises, so r1c2 ≥ 5 (r1c1 below it is 4 at \
             least), r1c2 ≤ 8 (one cell above it), r1c3 ≥ 6 (r1c2 below it is 5 at least) => \
             r1c2<>1, r1c2<>2, r1c2<>3, r1c2<>9, r1c3<>1, r1c3<>2, r1c3<>3, r1c3<>5"
        );
    }

    #[test]
    fn a_whispers_step_says_which_digits_have_no_partner_and_which_neighbour_lacks_them() {
        let line = Whispers {
            cells: vec![Cell::at(0, 0), Cell::at(0, 1), Cell::at(0, 2)],
            difference: Whispers::GERMAN,
        };
        let rules = Rules::classic().with([line]).unwrap();
        // With a 9 elsewhere in row 1, no cell of the line has one: a 4 has no partner either.
        let step = first_step(Kind::Whispers, rules, &[(0, 8, 9)]);
        assert_eq!(
            step.text,
            "German Whispers: the whispers line from r1c1: no digit is 5 or more away from 5, so \
             r1c1, r1c2, r1c3 ≠ 5; r1c1 ≠ 4 (4 needs 9 beside it: r1c2 has none); r1c2 ≠ 4 (4 \
             needs 9 beside it: r1c1 has none); r1c3 ≠ 4 (4 needs 9 beside it: r1c2 has none) \
             => r1c1<>4, r1c1<>5, r1c2<>4, r1c2<>5, r1c3<>4, r1c3<>5"
        );
    }

    #[test]
    fn a_rule_of_the_whole_grid_shows_the_cells_beside_those_it_narrows() {
        let dot = Dot::new(Colour::White, [Cell::at(4, 4), Cell::at(4, 5)]);
        let rules = Rules::classic()
            .with([Nonconsecutive::new()])
            .unwrap()
            .with([dot])
            .unwrap();
        let step = first_step(Kind::Nonconsecutive, rules, &[(4, 4, 5)]);
        assert_eq!(
            step.text,
            "Nonconsecutive: no two cells side by side hold consecutive digits => r4c5<>4, \
             r4c5<>6, r5c4<>4, r5c4<>6, r6c5<>4, r6c5<>6"
        );
        let pattern: CellSet = step.pattern.iter().map(|c| c.cell).collect();
        assert_eq!(pattern, CellSet::single(Cell::at(4, 4)));
    }
}
