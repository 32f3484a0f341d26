//! A palindrome: its line reads the same both ways, the first cell's digit the last's, the
//! second's the one before last's, and so on. f-puzzles lists palindromes in `palindrome`, each
//! entry with `lines` (each line its cells in order); each line is a palindrome here, written
//! back as an entry of its own.

use super::drawing::Drawing;
use super::line::{first, validate_path};
use super::lowered::Check;
use super::pair::same_digit_reason;
use super::{Constrain, Dead, Narrow};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{Document, Fields, FormatError, line_entry, read_lines};
use crate::variant::{RulesError, Violation};

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Palindrome {
    /// From one end to the other.
    pub cells: Vec<Cell>,
}

impl Palindrome {
    /// Each cell of the line's first half with its mirror in the second.
    fn pairs(&self) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        self.cells
            .iter()
            .copied()
            .zip(self.cells.iter().rev().copied())
            .take(self.cells.len() / 2)
    }
}

impl Constrain for Palindrome {
    /// Two cells or more, none twice, each next to the one before.
    fn validate(&self) -> Result<(), RulesError> {
        validate_path(&self.cells, "palindrome")
    }

    /// Mirrored cells hold the same digit.
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let differ = self.pairs().any(|(a, b)| {
            let (a, b) = (values[a.index()], values[b.index()]);
            a != 0 && b != 0 && a != b
        });
        differ.then(|| Violation::Broken {
            rule: self.broken_rule(),
            at: first(&self.cells),
        })
    }

    fn cells(&self) -> CellSet {
        self.cells.iter().copied().collect()
    }

    /// Mirrored cells keep the digits they share.
    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        let mut changed = false;
        for (a, b) in self.pairs() {
            let shared = marks.digits(a) & marks.digits(b);
            changed |= marks.keep(a, shared)?;
            changed |= marks.keep(b, shared)?;
        }
        Ok(changed)
    }

    /// Mirrored cells hold one digit.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        checks.extend(self.pairs().map(|(a, b)| Check::same([a, b])));
        true
    }

    fn noun(&self) -> &'static str {
        "palindrome"
    }

    fn describe(&self) -> String {
        format!("the palindrome from {}", first(&self.cells))
    }

    /// Each pair that lost digits: "r3c3 and r4c4 hold one digit: r4c4 ≠ 1 (not in r3c3)".
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let said = same_digit_reason(self.pairs(), before, after);
        format!("{}: {said}", self.describe())
    }

    fn rule() -> &'static str {
        "a palindrome reads the same from either end"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Palindrome",
            "A palindrome reads the same from either end: its first cell holds the same digit \
             as its last, its second the same as the one before last, and so on inwards. So \
             two mirrored cells can only keep the candidates they share: a digit one of them \
             has lost goes from the other too.",
        ))
    }

    /// A line through its cells.
    fn draw(&self, drawing: &mut Drawing) {
        drawing.figure("fp-palindrome", &[], &self.cells, false);
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["palindrome"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Palindrome>, FormatError> {
        read_lines(document, "palindrome", |cells| Palindrome { cells })
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.push("palindrome", line_entry(&self.cells));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;
    use crate::variant::rules::Marks;

    fn palindrome(cells: &[(u8, u8)]) -> Palindrome {
        Palindrome {
            cells: cells.iter().map(|&(r, c)| Cell::at(r, c)).collect(),
        }
    }

    #[test]
    fn mirrored_cells_keep_what_they_share() {
        let line = palindrome(&[(0, 0), (1, 1), (2, 2), (1, 3), (0, 4)]);
        let mut marks = Marks::open();
        marks.set(Cell::at(0, 0), &[1, 2, 3]);
        marks.set(Cell::at(0, 4), &[2, 3, 4]);
        marks.set(Cell::at(1, 1), &[7]);
        assert_eq!(line.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 0)), [2, 3]);
        assert_eq!(marks.list(Cell::at(0, 4)), [2, 3]);
        assert_eq!(marks.list(Cell::at(1, 3)), [7]);
        // The middle cell mirrors itself.
        assert_eq!(marks.list(Cell::at(2, 2)).len(), 9);
        assert_eq!(line.narrow(&mut marks), Ok(false));
        marks.set(Cell::at(1, 3), &[6]);
        assert_eq!(line.narrow(&mut marks), Err(Dead));
    }

    #[test]
    fn a_grid_breaks_it_when_mirrored_digits_differ() {
        let rules = Rules::classic()
            .with([palindrome(&[(4, 2), (4, 3), (3, 4)])])
            .unwrap();
        let mut values = [0; Cell::COUNT];
        values[Cell::at(4, 2).index()] = 6;
        values[Cell::at(4, 3).index()] = 2;
        assert_eq!(rules.check(&values), Ok(()));
        values[Cell::at(3, 4).index()] = 6;
        assert_eq!(rules.check(&values), Ok(()));
        values[Cell::at(3, 4).index()] = 5;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r5c3: a palindrome reads the same from either end"
        );
    }

    #[test]
    fn a_palindrome_may_be_longer_than_nine_cells_but_not_broken() {
        let long: Vec<(u8, u8)> = (0..9).map(|c| (0, c)).chain([(1, 8)]).collect();
        assert!(Rules::classic().with([palindrome(&long)]).is_ok());
        let apart = palindrome(&[(0, 0), (2, 2)]);
        assert_eq!(
            Rules::classic().with([apart]).unwrap_err().to_string(),
            "the palindrome at R1C1 is not a line of 2 or more touching cells, each cell once"
        );
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn f_puzzles_lines_are_palindromes_each() {
        use crate::variant::fpuzzles;
        let json = super::super::line::fpuzzles_json(
            r##""palindrome":[{"lines":[["R1C1","R2C2","R3C1"],["R5C5","R5C6","R6C7"]],
            "outlineC":"#C0C0C0","width":0.3}]"##,
        );
        let puzzle = fpuzzles::read(&json).unwrap();
        assert_eq!(
            puzzle.rules.constraints(),
            [
                palindrome(&[(0, 0), (1, 1), (2, 0)]).into(),
                palindrome(&[(4, 4), (4, 5), (5, 6)]).into()
            ]
        );
        let written = fpuzzles::to_json(&puzzle);
        assert!(
            written.contains(r#""palindrome":[{"lines":[["R1C1","R2C2","R3C1"]]},"#),
            "{written}"
        );
        assert_eq!(fpuzzles::read(&written), Ok(puzzle));
    }
}
