//! Odd and even cells: a cell marked odd (a circle) holds an odd digit, a cell marked even (a
//! square) an even one. f-puzzles lists them in `odd` and `even`, each entry with its `cell`;
//! early f-puzzles puzzles give a cell of the grid its `parity` instead.

use super::drawing::Drawing;
use super::lowered::Check;
use super::{Constrain, Dead, Narrow};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::CellName;
use crate::variant::Violation;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{
    Document, Fields, FormatError, cell_entry, cell_marks, grid_cells_with,
};

/// The field of a grid's cell that early f-puzzles puzzles mark an odd or even cell with.
#[cfg(feature = "fpuzzles")]
const CELL_KEY: &str = "parity";

/// The odd digits 1, 3, 5, 7, 9, bit `d - 1` for digit `d`.
const ODD_DIGITS: u16 = 0b1_0101_0101;
/// The even digits 2, 4, 6, 8.
const EVEN_DIGITS: u16 = 0b0_1010_1010;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Parity {
    Odd(Cell),
    Even(Cell),
}

impl Parity {
    pub fn cell(self) -> Cell {
        match self {
            Parity::Odd(cell) | Parity::Even(cell) => cell,
        }
    }

    /// The digits it allows, bit `d - 1` for digit `d`.
    fn digits(self) -> u16 {
        match self {
            Parity::Odd(_) => ODD_DIGITS,
            Parity::Even(_) => EVEN_DIGITS,
        }
    }
}

impl Constrain for Parity {
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let value = values[self.cell().index()];
        let broken = value != 0 && self.digits() >> (value - 1) & 1 == 0;
        broken.then_some(Violation::Broken {
            rule: self.broken_rule(),
            at: self.cell(),
        })
    }

    fn cells(&self) -> CellSet {
        CellSet::single(self.cell())
    }

    /// The cell keeps its odd or its even digits.
    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        marks.keep(self.cell(), self.digits())
    }

    /// The cell holds a digit of its parity.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        checks.push(Check::Digits {
            cell: self.cell(),
            digits: self.digits(),
        });
        true
    }

    fn noun(&self) -> &'static str {
        match self {
            Parity::Odd(_) => "odd cell",
            Parity::Even(_) => "even cell",
        }
    }

    fn describe(&self) -> String {
        match self {
            Parity::Odd(cell) => format!("the odd cell {cell}"),
            Parity::Even(cell) => format!("the even cell {cell}"),
        }
    }

    /// What the cell may hold: "the odd cell r1c2 holds 1, 3, 5, 7 or 9".
    fn reason(&self, _before: &dyn Narrow, _after: &dyn Narrow) -> String {
        let digits = match self {
            Parity::Odd(_) => "1, 3, 5, 7 or 9",
            Parity::Even(_) => "2, 4, 6 or 8",
        };
        format!("{} holds {digits}", self.describe())
    }

    fn describe_cells(&self, said: &mut dyn FnMut(Cell, String)) {
        match *self {
            Parity::Odd(cell) => said(cell, "odd".into()),
            Parity::Even(cell) => said(cell, "even".into()),
        }
    }

    fn rule() -> &'static str {
        "a cell with a circle is odd, a cell with a square even"
    }

    fn broken_rule(&self) -> &'static str {
        match self {
            Parity::Odd(_) => "a cell with a circle is odd",
            Parity::Even(_) => "a cell with a square is even",
        }
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Odd/Even",
            "A cell marked with a grey circle holds an odd digit (1, 3, 5, 7 or 9), a cell \
             marked with a grey square an even one (2, 4, 6 or 8): the other digits leave its \
             candidates at once.",
        ))
    }

    /// A circle for odd, a square for even, inside the cell.
    fn draw(&self, drawing: &mut Drawing) {
        match self {
            Parity::Odd(cell) => drawing.circle("fp-odd", *cell, 38),
            Parity::Even(cell) => drawing.square("fp-even", *cell, 76),
        }
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_field(&self) -> &'static str {
        match self {
            Parity::Odd(_) => "odd",
            Parity::Even(_) => "even",
        }
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["odd", "even"]
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_cell_keys() -> &'static [&'static str] {
        &[CELL_KEY]
    }

    /// The lists `odd` and `even`, and a cell of the grid with its `parity` ("Odd" or "Even"),
    /// as early f-puzzles puzzles mark them.
    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Parity>, FormatError> {
        let mut marks = cell_marks(document, [("odd", Parity::Odd), ("even", Parity::Even)])?;
        for (cell, value) in grid_cells_with(document, CELL_KEY) {
            let mark = match value.as_str().map(str::to_ascii_lowercase).as_deref() {
                Some("odd") => Parity::Odd(cell),
                Some("even") => Parity::Even(cell),
                _ => {
                    return Err(FormatError::MarkValue {
                        kind: CELL_KEY,
                        value: value
                            .as_str()
                            .map_or_else(|| value.to_string(), str::to_string),
                        at: CellName(cell),
                    });
                }
            };
            if !marks.contains(&mark) {
                marks.push(mark);
            }
        }
        // The odd cells first, as the lists they are written back in read.
        marks.sort_by_key(|mark| matches!(mark, Parity::Even(_)));
        Ok(marks)
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.push(self.fpuzzles_field(), cell_entry(self.cell()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;
    use crate::variant::rules::Marks;

    #[test]
    fn a_cell_keeps_the_digits_of_its_parity() {
        let mut marks = Marks::open();
        let odd = Parity::Odd(Cell::at(0, 0));
        assert_eq!(odd.narrow(&mut marks), Ok(true));
        assert_eq!(marks.0[0], ODD_DIGITS);
        assert_eq!(odd.narrow(&mut marks), Ok(false));
        marks.0[1] = 0b1_0000_0000;
        assert_eq!(Parity::Even(Cell::at(0, 1)).narrow(&mut marks), Err(Dead));
    }

    #[test]
    fn a_digit_of_the_wrong_parity_breaks_it() {
        let rules = Rules::classic()
            .with([Parity::Odd(Cell::at(1, 2)), Parity::Even(Cell::at(4, 4))])
            .unwrap();
        let mut values = [0; Cell::COUNT];
        values[Cell::at(1, 2).index()] = 7;
        values[Cell::at(4, 4).index()] = 8;
        assert_eq!(rules.check(&values), Ok(()));
        values[Cell::at(4, 4).index()] = 3;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r5c5: a cell with a square is even"
        );
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn odd_and_even_cells_are_read_from_f_puzzles() {
        use crate::variant::fpuzzles::read;
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let json = format!(
            r#"{{"size":9,"grid":{grid},"odd":[{{"cell":"R1C1"}},{{"cell":"R9C9"}}],"even":[{{"cell":"r5c4"}}]}}"#
        );
        let puzzle = read(&json).unwrap();
        assert_eq!(
            puzzle.rules.constraints(),
            [
                Parity::Odd(Cell::at(0, 0)).into(),
                Parity::Odd(Cell::at(8, 8)).into(),
                Parity::Even(Cell::at(4, 3)).into(),
            ]
        );
        assert_eq!(
            read(&crate::variant::fpuzzles::to_json(&puzzle)),
            Ok(puzzle)
        );
        let svg = Rules::classic()
            .with([Parity::Odd(Cell::at(0, 0)), Parity::Even(Cell::at(0, 1))])
            .unwrap()
            .drawing();
        assert!(svg.contains(r#"<circle class="fp-odd" cx="50" cy="50" r="38"/>"#));
        assert!(svg.contains(r#"class="fp-even" x="112" y="12" width="76" height="76""#));
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn a_cell_of_the_grid_with_its_parity_is_an_odd_or_even_cell() {
        use crate::variant::fpuzzles::{read, to_json};
        let grid = |first: &str, last: &str| {
            let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
            let top =
                format!(r#"[{first},{{"parity":"Even"}},{{}},{{}},{{}},{{}},{{}},{{}},{last}]"#);
            format!("[{top},{}]", [row; 8].join(","))
        };
        // An early f-puzzles puzzle's marks; one also in the list `odd` is read once.
        let json = format!(
            r#"{{"size":9,"grid":{},"odd":[{{"cell":"R1C1"}}]}}"#,
            grid(r#"{"parity":"Odd","value":3,"given":true}"#, "{}")
        );
        let puzzle = read(&json).unwrap();
        assert_eq!(
            puzzle.rules.constraints(),
            [
                Parity::Odd(Cell::at(0, 0)).into(),
                Parity::Even(Cell::at(0, 1)).into(),
            ]
        );
        assert_eq!(puzzle.givens[0], 3);
        // Written back as today's lists.
        let written = to_json(&puzzle);
        assert!(!written.contains("parity"), "{written}");
        assert_eq!(read(&written), Ok(puzzle));
        // An odd cell after an even one in the grid is read among the odd ones, as written back.
        let json = format!(
            r#"{{"size":9,"grid":{}}}"#,
            grid("{}", r#"{"parity":"odd"}"#)
        );
        let puzzle = read(&json).unwrap();
        assert_eq!(
            puzzle.rules.constraints(),
            [
                Parity::Odd(Cell::at(0, 8)).into(),
                Parity::Even(Cell::at(0, 1)).into(),
            ]
        );
        assert_eq!(read(&to_json(&puzzle)), Ok(puzzle));
        let json = format!(
            r#"{{"size":9,"grid":{}}}"#,
            grid(r#"{"parity":"Blue"}"#, "{}")
        );
        assert_eq!(
            read(&json).unwrap_err().to_string(),
            "the parity mark at R1C1 has the value \"Blue\""
        );
    }
}
