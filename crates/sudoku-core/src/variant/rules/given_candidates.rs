//! Pencil marks the setter gives: a cell holds one of the digits pencilled in it. f-puzzles puts
//! them on a cell of the grid, `givenPencilMarks` (a list of digits), and draws them as the
//! player's own centre marks; they are written back there.

use std::fmt::Write;

use super::drawing::{Drawing, centre};
use super::lowered::Check;
use super::{Constrain, Dead, Narrow};
use crate::cell::Cell;
use crate::sets::{CellSet, DigitSet};
use crate::variant::Violation;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{
    Document, Fields, FormatError, digit_list, grid_cells_with,
};

/// The field of a grid's cell that holds them, and the class of their drawing after `fp-`.
const CELL_KEY: &str = "givenPencilMarks";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GivenCandidates {
    pub cell: Cell,
    /// The digits pencilled in, bit `d - 1` for digit `d`.
    pub digits: u16,
}

impl GivenCandidates {
    fn digit_set(&self) -> DigitSet {
        DigitSet::from_bits(self.digits << 1)
    }

    /// "1, 2 or 5".
    fn digits_said(&self) -> String {
        let digits: Vec<String> = self.digit_set().iter().map(|d| d.to_string()).collect();
        crate::words::list(&digits, "or")
    }
}

impl Constrain for GivenCandidates {
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let value = values[self.cell.index()];
        let broken = value != 0 && self.digits >> (value - 1) & 1 == 0;
        broken.then_some(Violation::Broken {
            rule: self.broken_rule(),
            at: self.cell,
        })
    }

    fn cells(&self) -> CellSet {
        CellSet::single(self.cell)
    }

    /// The cell keeps the digits pencilled in.
    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        marks.keep(self.cell, self.digits)
    }

    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        checks.push(Check::Digits {
            cell: self.cell,
            digits: self.digits,
        });
        true
    }

    fn noun(&self) -> &'static str {
        "given pencil marks"
    }

    fn describe(&self) -> String {
        format!("the pencil marks given in {}", self.cell)
    }

    /// "the pencil marks given in r1c2 allow 1, 2 or 5".
    fn reason(&self, _before: &dyn Narrow, _after: &dyn Narrow) -> String {
        format!("{} allow {}", self.describe(), self.digits_said())
    }

    fn describe_cells(&self, said: &mut dyn FnMut(Cell, String)) {
        said(
            self.cell,
            format!("given pencil marks {}", self.digits_said()),
        );
    }

    fn rule() -> &'static str {
        "a cell with pencil marks given holds one of them"
    }

    fn broken_rule(&self) -> &'static str {
        "a cell holds one of the pencil marks given in it"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Given Pencil Marks",
            "The setter pencilled some digits into a cell: it holds one of them, and the other \
             digits leave its candidates at once.",
        ))
    }

    /// The digits small, each where a centre mark of it would be, in the text's colour; the
    /// group carries the cell's index (`data-cell`), by which the page hides them under what
    /// the cell draws itself.
    fn draw(&self, drawing: &mut Drawing) {
        let (x, y) = centre(self.cell);
        let layer = drawing.top_layer();
        let _ = write!(
            layer,
            r#"<g class="fp-{CELL_KEY}" data-cell="{}" font-size="22" fill="currentColor" opacity="0.7" text-anchor="middle" dominant-baseline="central">"#,
            self.cell.index()
        );
        for digit in self.digit_set().iter() {
            let index = i32::from(digit.get()) - 1;
            let (dx, dy) = ((index % 3 - 1) * 30, (index / 3 - 1) * 30);
            let _ = write!(
                layer,
                r#"<text x="{}" y="{}">{digit}</text>"#,
                x + dx,
                y + dy
            );
        }
        layer.push_str("</g>");
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &[]
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_cell_keys() -> &'static [&'static str] {
        &[CELL_KEY]
    }

    /// The cells of the grid with their `givenPencilMarks`.
    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<GivenCandidates>, FormatError> {
        let mut given = Vec::new();
        for (cell, value) in grid_cells_with(document, CELL_KEY) {
            let digits = (digit_list(value, CELL_KEY, cell)?.into_iter())
                .fold(0u16, |digits, digit| digits | 1 << (digit - 1));
            if digits != 0 {
                given.push(GivenCandidates { cell, digits });
            }
        }
        Ok(given)
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        let digits = self.digit_set().iter().map(|digit| digit.get()).collect();
        document.cell_digits(self.cell, CELL_KEY, digits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;
    use crate::variant::rules::Marks;

    fn given(row: u8, col: u8, digits: &[u8]) -> GivenCandidates {
        let digits = digits.iter().fold(0, |bits, d| bits | 1 << (d - 1));
        GivenCandidates {
            cell: Cell::at(row, col),
            digits,
        }
    }

    #[test]
    fn a_cell_keeps_its_given_pencil_marks_and_breaks_the_rule_with_another_digit() {
        let mut marks = Marks::open();
        let marked = given(0, 1, &[1, 2, 5]);
        assert_eq!(marked.narrow(&mut marks), Ok(true));
        assert_eq!(marks.0[1], 0b1_0011);
        let rules = Rules::classic().with([marked]).unwrap();
        let mut values = [0; Cell::COUNT];
        values[1] = 5;
        assert_eq!(rules.check(&values), Ok(()));
        values[1] = 4;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r1c2: a cell holds one of the pencil marks given in it"
        );
        assert_eq!(rules.cell_words()[1], "given pencil marks 1, 2 or 5");
        let svg = rules.drawing();
        assert!(svg.contains(r#"<g class="fp-givenPencilMarks""#), "{svg}");
        assert!(svg.contains(r#"<text x="120" y="20">1</text>"#), "{svg}");
        assert!(svg.contains(r#"<text x="150" y="50">5</text>"#), "{svg}");
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn given_pencil_marks_are_read_from_the_grid_and_written_back_there() {
        use crate::variant::fpuzzles::{read, to_json};
        let grid = |first: &str| {
            let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
            let top = format!(
                r#"[{first},{{}},{{}},{{}},{{}},{{}},{{}},{{}},{{"givenPencilMarks":[]}}]"#
            );
            format!("[{top},{}]", [row; 8].join(","))
        };
        let json = format!(
            r#"{{"size":9,"grid":{}}}"#,
            grid(r#"{"givenPencilMarks":[5,1,"2"]}"#)
        );
        let puzzle = read(&json).unwrap();
        assert_eq!(puzzle.rules.constraints(), [given(0, 0, &[1, 2, 5]).into()]);
        let written = to_json(&puzzle);
        assert!(
            written.contains(r#"{"givenPencilMarks":[1,2,5]}"#),
            "{written}"
        );
        assert_eq!(read(&written), Ok(puzzle));
        let json = format!(
            r#"{{"size":9,"grid":{}}}"#,
            grid(r#"{"givenPencilMarks":[0]}"#)
        );
        assert_eq!(
            read(&json).unwrap_err().to_string(),
            "0 at R1C1 is not a digit"
        );
    }
}
