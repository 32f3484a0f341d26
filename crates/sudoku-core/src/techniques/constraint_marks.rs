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
        for (index, constraint) in layout.constraints().iter().enumerate() {
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
            let mut step = Step::new(self.name()).rule(index);
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
pub(super) fn digit_marks(marks: &Candidates) -> Marks {
    Marks(Cell::ALL.map(|cell| match marks.grid().get(cell) {
        Some(digit) => Marks::bits(DigitSet::single(digit)),
        None => Marks::bits(marks.get(cell)),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{
        Arrow, BetweenLine, Colour, Direction, Dot, Extremum, Letter, LittleKiller, Nonconsecutive,
        Outside, Palindrome, Parity, Puzzle, Quadruple, RegionSumLine, Renban, Rules, Sandwich,
        Thermometer, Whispers, Xv,
    };

    fn cells(cells: &[(u8, u8)]) -> Vec<Cell> {
        cells.iter().map(|&(row, col)| Cell::at(row, col)).collect()
    }

    /// The text of the first step of the only constraint of `rules`, past the technique's name.
    fn reason(rules: Rules, givens: &[(u8, u8, u8)]) -> String {
        let kind = rules.constraints()[0].kind();
        let text = first_step(kind, rules, givens).text;
        text.split_once(": ").expect("a name").1.to_string()
    }

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
            "Nonconsecutive: no two cells side by side hold consecutive digits: r5c5 is 5, so \
             r4c5 ≠ 4/6, r5c4 ≠ 4/6, r6c5 ≠ 4/6 => r4c5<>4, r4c5<>6, r5c4<>4, r5c4<>6, r6c5<>4, \
             r6c5<>6"
        );
        let pattern: CellSet = step.pattern.iter().map(|c| c.cell).collect();
        assert_eq!(pattern, CellSet::single(Cell::at(4, 4)));
    }

    #[test]
    fn pair_steps_say_what_the_mark_joins_and_what_each_cell_keeps() {
        let white = Dot::new(Colour::White, [Cell::at(0, 0), Cell::at(0, 1)]);
        assert_eq!(
            reason(Rules::classic().with([white]).unwrap(), &[(0, 0, 2)]),
            "the white dot between r1c1 and r1c2 joins consecutive digits: r1c1 is 2, so r1c2 \
             is 1/3 => r1c2<>4, r1c2<>5, r1c2<>6, r1c2<>7, r1c2<>8, r1c2<>9"
        );
        let black = Dot::new(Colour::Black, [Cell::at(0, 0), Cell::at(0, 1)]);
        assert_eq!(
            reason(Rules::classic().with([black]).unwrap(), &[]),
            "the black dot between r1c1 and r1c2 joins a digit and its double: no digit goes \
             with 5/7/9, so r1c1 and r1c2 ≠ 5/7/9 => r1c1<>5, r1c1<>7, r1c1<>9, r1c2<>5, \
             r1c2<>7, r1c2<>9"
        );
        // A 9 elsewhere in row 1: a 1 beside the X has no partner left.
        let x = Xv {
            cells: [Cell::at(0, 0), Cell::at(0, 1)],
            letter: Letter::X,
        };
        assert_eq!(
            reason(Rules::classic().with([x]).unwrap(), &[(0, 8, 9)]),
            "the X between r1c1 and r1c2 adds up to 10: no digit goes with 5, so r1c1 and r1c2 \
             ≠ 5; r1c1 ≠ 1 (1 needs 9 beside it: r1c2 has none); r1c2 ≠ 1 (1 needs 9 beside \
             it: r1c1 has none) => r1c1<>1, r1c1<>5, r1c2<>1, r1c2<>5"
        );
    }

    #[test]
    fn sum_steps_give_each_cell_the_bounds_the_rest_leaves_it() {
        let arrow = Arrow::new(cells(&[(0, 0)]), cells(&[(1, 1), (2, 2)]));
        assert_eq!(
            reason(Rules::classic().with([arrow]).unwrap(), &[(1, 1, 4)]),
            "the arrow from r1c1: the line adds up to 5 to 7 or 9, so the circle r1c1 is 5 to 7 \
             or 9: r3c3 ≤ 5 (the rest is 4 at least) => r1c1<>1, r1c1<>2, r1c1<>3, r1c1<>8, \
             r3c3<>6, r3c3<>7, r3c3<>8, r3c3<>9"
        );
        let clue = Outside { row: -1, col: 5 };
        let killer = LittleKiller::new(clue, Direction::DownRight, 8);
        assert_eq!(
            reason(Rules::classic().with([killer]).unwrap(), &[]),
            "the little killer 8 down right from r1c7: r1c7 ≤ 5 (the rest is 3 at least), r2c8 \
             ≤ 5 (the rest is 3 at least), r3c9 ≤ 5 (the rest is 3 at least) => r1c7<>6, \
             r1c7<>7, r1c7<>8, r1c7<>9, r2c8<>6, r2c8<>7, r2c8<>8, r2c8<>9, r3c9<>6, r3c9<>7, \
             r3c9<>8, r3c9<>9"
        );
    }

    #[test]
    fn line_and_cell_steps_say_what_the_line_or_the_cell_allows() {
        let renban = Renban {
            cells: cells(&[(0, 0), (0, 1), (0, 2)]),
        };
        assert_eq!(
            reason(Rules::classic().with([renban]).unwrap(), &[(0, 1, 5)]),
            "the renban line from r1c1 holds 3 to 5, 4 to 6 or 5 to 7: r1c1 ≠ 1/2/8/9, r1c3 ≠ \
             1/2/8/9 => r1c1<>1, r1c1<>2, r1c1<>8, r1c1<>9, r1c3<>1, r1c3<>2, r1c3<>8, r1c3<>9"
        );
        let between = BetweenLine {
            cells: cells(&[(0, 0), (1, 0), (2, 0)]),
        };
        assert_eq!(
            reason(Rules::classic().with([between]).unwrap(), &[(0, 0, 8)]),
            "the between line from r1c1: each cell between the ends needs a digit strictly \
             between theirs, so r3c1 is 1/2/3/4/5/6; r1c1 and r3c1 leave 2/3/4/5/6/7 between \
             them, so r2c1 ≠ 1/9 => r2c1<>1, r2c1<>9, r3c1<>7, r3c1<>9"
        );
        let minimum = Extremum::minimum(Cell::at(0, 0));
        assert_eq!(
            reason(Rules::classic().with([minimum]).unwrap(), &[(0, 1, 4)]),
            "the minimum at r1c1 is below each neighbour: r1c1 ≤ 3 (r1c2 is 4 at most), r2c1 ≥ \
             2 (r1c1 is 1 at least) => r1c1<>5, r1c1<>6, r1c1<>7, r1c1<>8, r1c1<>9, r2c1<>1"
        );
        let palindrome = Palindrome {
            cells: cells(&[(2, 2), (3, 2), (3, 3)]),
        };
        assert_eq!(
            reason(Rules::classic().with([palindrome]).unwrap(), &[(2, 8, 1)]),
            "the palindrome from r3c3: r3c3 and r4c4 hold one digit: r4c4 ≠ 1 (not in r3c3) => \
             r4c4<>1"
        );
    }

    #[test]
    fn sandwich_quadruple_parity_and_region_sum_steps_say_where_the_digits_fit() {
        let reason = |rules, givens: &[(u8, u8, u8)]| {
            let text = reason(rules, givens);
            text.split(" => ").next().expect("a reason").to_owned()
        };
        let sandwich = Sandwich {
            clue: Outside { row: 0, col: -1 },
            sum: 35,
        };
        assert_eq!(
            reason(Rules::classic().with([sandwich]).unwrap(), &[]),
            "the sandwich 35 on row 1: the digits between the 1 and the 9 add up to 35, so they \
             can only be at r1c1 and r1c9 either way round (7 cells between)"
        );
        let quadruple = Quadruple {
            cells: cells(&[(0, 0), (0, 1), (1, 0), (1, 1)])
                .into_iter()
                .collect(),
            digits: vec![1, 2],
        };
        assert_eq!(
            reason(
                Rules::classic().with([quadruple]).unwrap(),
                &[(0, 4, 1), (4, 0, 1)]
            ),
            "the quadruple 1, 2 at r1c1: each digit listed goes in one of its four cells, 1 only \
             in r2c2, 2 in r1c1, r1c2, r2c1 or r2c2"
        );
        let even = Parity::Even(Cell::at(0, 0));
        assert_eq!(
            reason(Rules::classic().with([even]).unwrap(), &[]),
            "the even cell r1c1 holds 2, 4, 6 or 8"
        );
        let line = RegionSumLine::new(cells(&[(0, 1), (0, 2), (0, 3)]));
        assert_eq!(
            reason(Rules::classic().with([line]).unwrap(), &[(0, 3, 3)]),
            "the region sum line from r1c2: its 2 segments can only all add up to 3"
        );
    }
}
