//! Nonconsecutive: two cells side by side never hold consecutive digits, unless a dot (white or
//! black) sits between them, as f-puzzles and SudokuPad's solvers read it: with white dots given,
//! it is the negative rule of white dots. f-puzzles marks it by the flag `nonconsecutive`.
//!
//! Which pairs carry a dot is the rules' to tell ([`Constrain::bind`]).

use super::drawing::Drawing;
use super::lowered::Check;
use super::pair::{
    Marked, Pairs, Partners, check_unmarked, lower_unmarked, narrow_unmarked,
    narrow_unmarked_planes, partners, unmarked_cells, unmarked_reason, unmarked_reasons,
};
use super::{Constrain, Dead, Narrow};
use crate::cell::{Cell, Digit};
use crate::sets::CellSet;
use crate::variant::Violation;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{Document, Fields, FormatError, boolean, field};

/// The rule, with the pairs its rules mark with a dot bound to it when the rules take it or a
/// dot; outside any rules, no pair is marked.
#[derive(Clone, Copy, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Nonconsecutive {
    /// The pairs with a dot: the wire leaves them out, the rules bind them again.
    #[cfg_attr(feature = "serde", serde(skip))]
    dots: Pairs,
}

impl Nonconsecutive {
    pub fn new() -> Nonconsecutive {
        Nonconsecutive::default()
    }
}

fn consecutive() -> Partners {
    partners(|a, b| a.abs_diff(b) == 1)
}

/// One rule: what is bound to it follows from the rules it is in.
impl PartialEq for Nonconsecutive {
    fn eq(&self, _other: &Nonconsecutive) -> bool {
        true
    }
}

impl Eq for Nonconsecutive {}

impl std::fmt::Debug for Nonconsecutive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Nonconsecutive")
    }
}

impl Constrain for Nonconsecutive {
    fn bind(&mut self, marked: &Marked) {
        self.dots = marked.dots;
    }

    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        check_unmarked(values, &self.dots, &consecutive(), self.broken_rule())
    }

    /// The cells of the pairs with no dot: the whole grid but for cells whose every neighbour
    /// is across a dot.
    fn cells(&self) -> CellSet {
        unmarked_cells(&self.dots)
    }

    fn pattern(&self, narrowed: CellSet, marks: &dyn Narrow) -> CellSet {
        unmarked_reasons(&self.dots, &consecutive(), narrowed, marks)
    }

    /// Beside a known digit, the digits next to it go; a digit goes too when every digit its
    /// neighbour can take is next to it (3 beside a cell of 2 and 4).
    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        narrow_unmarked(marks, &self.dots, &consecutive())
    }

    fn narrow_planes(&self, places: &mut [CellSet; Digit::COUNT]) -> Option<Result<bool, Dead>> {
        Some(narrow_unmarked_planes(places, &self.dots, &consecutive()))
    }

    /// Each pair with no dot holds digits that are not consecutive.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        lower_unmarked(&self.dots, &consecutive(), checks);
        true
    }

    fn noun(&self) -> &'static str {
        "nonconsecutive rule"
    }

    fn describe(&self) -> String {
        "no two cells side by side hold consecutive digits".to_string()
    }

    /// A rule of the whole grid marks no cell.
    fn describe_cells(&self, _said: &mut dyn FnMut(Cell, String)) {}

    /// The neighbours that took the digits: "…: r5c5 is 5, so r4c5 ≠ 4/6, r5c4 ≠ 4/6".
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let said = unmarked_reason(&self.dots, &consecutive(), before, after);
        format!("{}: {said}", self.describe())
    }

    fn rule() -> &'static str {
        "two cells side by side without a dot never hold consecutive digits"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Nonconsecutive",
            "Two cells side by side (without a dot between them) never hold consecutive \
             digits. Beside a 5, 4 and 6 go; and a digit goes beside a cell whose every digit \
             is next to it: beside a cell of 2 and 4, 3 goes.",
        ))
    }

    /// A rule of the whole grid, said in the puzzle's rules rather than drawn.
    fn draw(&self, _drawing: &mut Drawing) {}

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["nonconsecutive"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Nonconsecutive>, FormatError> {
        let key = "nonconsecutive";
        let on = field(document, key).map_or(Ok(false), |on| boolean(on, key))?;
        Ok(on.then(Nonconsecutive::new).into_iter().collect())
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.set("nonconsecutive");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;
    use crate::variant::rules::Marks;
    use crate::variant::rules::{Colour, Dot};

    #[test]
    fn the_digits_next_to_a_known_one_go_but_across_a_dot() {
        let (a, b, c) = (Cell::at(0, 0), Cell::at(0, 1), Cell::at(1, 0));
        let rules = Rules::classic()
            .with([Nonconsecutive::new()])
            .unwrap()
            .with([Dot::new(Colour::Black, [c, a])])
            .unwrap();
        let rule = rules.constraints()[1].rule();
        let mut marks = Marks::open();
        marks.set(a, &[5]);
        assert_eq!(rule.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(b), [1, 2, 3, 5, 7, 8, 9]);
        assert_eq!(marks.list(c).len(), 9, "a black dot exempts its pair");
        let before = {
            let mut marks = Marks::open();
            marks.set(a, &[5]);
            marks
        };
        assert_eq!(
            rule.pattern(CellSet::single(b), &before),
            CellSet::single(a),
            "the known digit beside, not the open cells"
        );
        let mut values = [0; Cell::COUNT];
        values[a.index()] = 4;
        values[c.index()] = 8;
        assert_eq!(rules.check(&values), Ok(()));
        values[b.index()] = 3;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            format!("r1c1: {}", Nonconsecutive::rule())
        );
    }

    #[test]
    fn alone_it_marks_no_pair() {
        let mut marks = Marks::open();
        marks.set(Cell::at(8, 8), &[1]);
        Nonconsecutive::new().narrow(&mut marks).unwrap();
        assert_eq!(marks.list(Cell::at(7, 8)), [1, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(Nonconsecutive::new().cells(), CellSet::ALL);
    }
}
