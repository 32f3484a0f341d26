//! A between line: the digits of the cells along it lie strictly between the digits of its two
//! ends, drawn as circles, in either order (the lower end may be either). f-puzzles lists them
//! in `betweenline`, each entry with `lines` (each line its cells in order, its ends first and
//! last); each line is a between line here, written back as an entry of its own.

use super::drawing::Drawing;
use super::line::{digits_from_to, first, validate_path};
use super::{Constrain, Dead, Narrow};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{Document, Fields, FormatError, line_entry, read_lines};
use crate::variant::{RulesError, Violation};
use crate::words::mask_text;

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BetweenLine {
    /// From one end to the other.
    pub cells: Vec<Cell>,
}

impl BetweenLine {
    /// Its two ends.
    fn ends(&self) -> (Cell, Cell) {
        let last = self.cells.last().copied().unwrap_or(Cell::ALL[0]);
        (first(&self.cells), last)
    }

    /// The cells between its ends.
    fn middle(&self) -> &[Cell] {
        match self.cells.len() {
            0..=2 => &[],
            length => &self.cells[1..length - 1],
        }
    }
}

/// The digits strictly between two.
fn strictly_between(x: i32, y: i32) -> u16 {
    digits_from_to(x.min(y) + 1, x.max(y) - 1)
}

impl Constrain for BetweenLine {
    /// Two cells or more, none twice, each next to the one before.
    fn validate(&self) -> Result<(), RulesError> {
        validate_path(&self.cells, "betweenline")
    }

    /// Some two digits for the ends, those placed if any, have every digit placed in the middle
    /// strictly between them.
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let middle = self.middle();
        if middle.is_empty() {
            return None;
        }
        let (a, b) = self.ends();
        let end = |cell: Cell| match values[cell.index()] {
            0 => 1..=9,
            value => value..=value,
        };
        let placed: u16 = middle
            .iter()
            .map(|cell| values[cell.index()])
            .filter(|&value| value != 0)
            .fold(0, |digits, value| digits | 1 << (value - 1));
        let possible = end(a).any(|x| {
            end(b).any(|y| {
                let between = strictly_between(i32::from(x), i32::from(y));
                between != 0 && placed & !between == 0
            })
        });
        (!possible).then_some(Violation::Broken {
            rule: self.broken_rule(),
            at: a,
        })
    }

    fn cells(&self) -> CellSet {
        self.cells.iter().copied().collect()
    }

    /// Each pair of digits the ends can take with room between them for every middle cell:
    /// the ends keep the digits of such pairs, the middle cells the digits between them.
    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        let middle = self.middle();
        if middle.is_empty() {
            return Ok(false);
        }
        let (a, b) = self.ends();
        let (digits_a, digits_b) = (marks.digits(a), marks.digits(b));
        let middles: Vec<u16> = middle.iter().map(|&cell| marks.digits(cell)).collect();
        let (mut kept_a, mut kept_b, mut kept_middle) = (0, 0, 0);
        for x in (1..=9).filter(|x| digits_a >> (x - 1) & 1 == 1) {
            for y in (1..=9).filter(|y| digits_b >> (y - 1) & 1 == 1) {
                let between = strictly_between(x, y);
                if between != 0 && middles.iter().all(|&digits| digits & between != 0) {
                    kept_a |= 1 << (x - 1);
                    kept_b |= 1 << (y - 1);
                    kept_middle |= between;
                }
            }
        }
        let mut changed = marks.keep(a, kept_a)?;
        changed |= marks.keep(b, kept_b)?;
        for &cell in middle {
            changed |= marks.keep(cell, kept_middle)?;
        }
        Ok(changed)
    }

    fn noun(&self) -> &'static str {
        "between line"
    }

    fn describe(&self) -> String {
        format!("the between line from {}", first(&self.cells))
    }

    /// The ends' digits with room between them for a digit of each middle cell, then what lies
    /// between them: "…, so r1c4 is 1/2/3/7/8/9; r1c1 and r1c4 leave 1/2/3/4/6/7/8/9 between
    /// them, so r1c2 ≠ 5".
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let (a, b) = self.ends();
        let middle = self.middle();
        let lost = |cell: &Cell| before.digits(*cell) & !after.digits(*cell);
        let mut said = Vec::new();
        let ends: Vec<String> = [a, b]
            .iter()
            .filter(|cell| lost(cell) != 0)
            .map(|&cell| format!("{cell} is {}", mask_text(after.digits(cell))))
            .collect();
        if !ends.is_empty() {
            let ends = ends.join(" and ");
            said.push(format!(
                "each cell between the ends needs a digit strictly between theirs, so {ends}"
            ));
        }
        let inner: Vec<String> = (middle.iter())
            .filter(|cell| lost(cell) != 0)
            .map(|&cell| format!("{cell} ≠ {}", mask_text(lost(&cell))))
            .collect();
        if !inner.is_empty() {
            let between = middle.iter().fold(0, |all, &cell| all | after.digits(cell));
            said.push(format!(
                "{a} and {b} leave {} between them, so {}",
                mask_text(between),
                inner.join(", ")
            ));
        }
        format!("{}: {}", self.describe(), said.join("; "))
    }

    fn rule() -> &'static str {
        "digits on a between line lie strictly between the digits of its ends"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Between Line",
            "The digits along a between line lie strictly between the digits in the circles at \
             its ends, whichever end is the lower. So the ends differ by two at least; a cell \
             on the line keeps only digits that fit strictly between some pair of digits the \
             ends can still take, and never 1 or 9; and an end keeps only digits that leave \
             room, above or below, for every cell of the line: if a cell on the line can only \
             be 8, one end is 9 and the other 7 or less.",
        ))
    }

    /// A circle at each end and a line between them.
    fn draw(&self, drawing: &mut Drawing) {
        let (a, b) = self.ends();
        drawing.figure("fp-betweenline", &[(a, 38), (b, 38)], &self.cells, true);
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["betweenline"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<BetweenLine>, FormatError> {
        read_lines(document, "betweenline", |cells| BetweenLine { cells })
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.push("betweenline", line_entry(&self.cells));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;
    use crate::variant::rules::Marks;

    fn between(cells: &[(u8, u8)]) -> BetweenLine {
        BetweenLine {
            cells: cells.iter().map(|&(r, c)| Cell::at(r, c)).collect(),
        }
    }

    #[test]
    fn the_ends_leave_room_for_the_middle_and_the_middle_fits_between_them() {
        let line = between(&[(0, 0), (0, 1), (0, 2), (0, 3)]);
        let mut marks = Marks::open();
        assert_eq!(line.narrow(&mut marks), Ok(true));
        // Nothing fits below 1 or above 9.
        assert_eq!(marks.list(Cell::at(0, 1)), [2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(marks.list(Cell::at(0, 0)).len(), 9);
        // A middle cell of 8: one end is 9, the other 7 or less.
        marks.set(Cell::at(0, 1), &[8]);
        marks.set(Cell::at(0, 3), &[3, 5, 8, 9]);
        assert_eq!(line.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 0)), [1, 2, 3, 4, 5, 6, 7, 9]);
        assert_eq!(marks.list(Cell::at(0, 3)), [3, 5, 9]);
        assert_eq!(marks.list(Cell::at(0, 2)), [2, 3, 4, 5, 6, 7, 8]);
        // The first end 9: the last is not, and the middle is above it.
        marks.set(Cell::at(0, 0), &[9]);
        assert_eq!(line.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 3)), [3, 5]);
        assert_eq!(marks.list(Cell::at(0, 2)), [4, 5, 6, 7, 8]);
        marks.set(Cell::at(0, 3), &[8]);
        assert_eq!(line.narrow(&mut marks), Err(Dead));
    }

    #[test]
    fn ends_next_to_each_other_in_value_leave_no_room() {
        let line = between(&[(0, 0), (1, 0), (2, 0)]);
        let mut marks = Marks::open();
        marks.set(Cell::at(0, 0), &[4]);
        marks.set(Cell::at(2, 0), &[3, 5]);
        assert_eq!(line.narrow(&mut marks), Err(Dead));
        // With no middle, nothing.
        let ends = between(&[(0, 0), (0, 1)]);
        let mut marks = Marks::open();
        marks.set(Cell::at(0, 0), &[4]);
        marks.set(Cell::at(0, 1), &[5]);
        assert_eq!(ends.narrow(&mut marks), Ok(false));
    }

    #[test]
    fn a_grid_breaks_it_when_no_ends_fit_its_middle() {
        let rules = Rules::classic()
            .with([between(&[(2, 2), (2, 3), (2, 4), (3, 5)])])
            .unwrap();
        let mut values = [0; Cell::COUNT];
        let at = |row, col| Cell::at(row, col).index();
        values[at(2, 3)] = 3;
        values[at(2, 4)] = 7;
        assert_eq!(rules.check(&values), Ok(()));
        values[at(2, 2)] = 8;
        assert_eq!(rules.check(&values), Ok(()));
        values[at(2, 2)] = 5;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r3c3: digits on a between line lie strictly between the digits of its ends"
        );
        values[at(2, 2)] = 0;
        values[at(2, 4)] = 9;
        assert!(rules.check(&values).is_err(), "nothing is above 9");
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn f_puzzles_lines_are_between_lines_each() {
        use crate::variant::fpuzzles;
        let json = super::super::line::fpuzzles_json(
            r#""betweenline":[{"lines":[["R1C1","R1C2","R1C3"]]},{"lines":[["R9C9","R8C8"]]}]"#,
        );
        let puzzle = fpuzzles::read(&json).unwrap();
        assert_eq!(
            puzzle.rules.constraints(),
            [
                between(&[(0, 0), (0, 1), (0, 2)]).into(),
                between(&[(8, 8), (7, 7)]).into()
            ]
        );
        let written = fpuzzles::to_json(&puzzle);
        assert!(written.contains(r#""betweenline":[{"lines":[["R1C1","R1C2","R1C3"]]},"#));
        let svg = puzzle.rules.drawing();
        assert_eq!(fpuzzles::read(&written), Ok(puzzle));
        assert_eq!(svg.matches(r#"<g class="fp-betweenline">"#).count(), 2);
        assert!(
            svg.contains(r#"<circle cx="250" cy="50" r="38"/>"#),
            "{svg}"
        );
    }
}
