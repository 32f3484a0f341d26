//! German whispers: neighbours along the line differ by 5 at least, or by the line's own
//! difference. f-puzzles (as Rangsk's solver and its f-puzzles additions write it) lists them in
//! `whispers`, each entry with `lines` (each line its cells in order) and perhaps a `value`, the
//! difference, 5 when absent; each line is a whispers line here, written back as an entry of its
//! own, with its value when it is not 5.

use super::drawing::Drawing;
use super::line::{bounds, digits_from_to, first, validate_path};
use super::lowered::Check;
use super::{Constrain, Dead, Narrow};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{
    Document, Entry, Fields, FormatError, cell_names, entries, entry_lines, entry_number,
};
use crate::variant::{RulesError, Violation};
use crate::words::mask_text;

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Whispers {
    /// From one end to the other.
    pub cells: Vec<Cell>,
    /// How much neighbours differ by at least.
    pub difference: u8,
}

impl Whispers {
    /// German whispers' difference, a line's when it names none.
    pub const GERMAN: u8 = 5;

    /// The digits at `difference` or more from some digit of `digits`: up to the largest less
    /// the difference, and from the smallest plus the difference.
    fn partners(&self, digits: u16) -> u16 {
        if digits == 0 {
            return 0;
        }
        let (low, high) = bounds(digits);
        let difference = i32::from(self.difference);
        digits_from_to(1, high - difference) | digits_from_to(low + difference, 9)
    }
}

impl Constrain for Whispers {
    /// Two cells or more, none twice, each next to the one before.
    fn validate(&self) -> Result<(), RulesError> {
        validate_path(&self.cells, "whispers")
    }

    /// Placed neighbours differ by the difference at least, and a placed digit has some digit
    /// that far from it for its neighbours (with 5, no cell is 5).
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let value = |cell: Cell| values[cell.index()];
        let too_close = self.cells.windows(2).any(|pair| {
            let (a, b) = (value(pair[0]), value(pair[1]));
            a != 0 && b != 0 && a.abs_diff(b) < self.difference
        });
        let alone = self.cells.iter().any(|&cell| {
            let digit = value(cell);
            digit != 0 && self.partners(1 << (digit - 1)) == 0
        });
        (too_close || alone).then(|| Violation::Broken {
            rule: self.broken_rule(),
            at: first(&self.cells),
        })
    }

    fn cells(&self) -> CellSet {
        self.cells.iter().copied().collect()
    }

    /// Each cell keeps the digits far enough from some digit of each neighbour.
    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        let mut changed = false;
        for pair in self.cells.windows(2) {
            changed |= marks.keep(pair[1], self.partners(marks.digits(pair[0])))?;
        }
        for pair in self.cells.windows(2).rev() {
            changed |= marks.keep(pair[0], self.partners(marks.digits(pair[1])))?;
        }
        Ok(changed)
    }

    /// Neighbours on the line are far enough apart.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        for pair in self.cells.windows(2) {
            let allowed = std::array::from_fn(|d| self.partners(1 << d));
            checks.push(Check::Pair {
                cells: [pair[0], pair[1]],
                allowed,
            });
        }
        true
    }

    fn noun(&self) -> &'static str {
        "whispers line"
    }

    fn describe(&self) -> String {
        format!("the whispers line from {}", first(&self.cells))
    }

    /// The digits no digit is far enough from (5 on a German whisper), then each cell's digits
    /// too close to every digit a neighbour can take.
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let lonely = (0..9)
            .map(|i| 1u16 << i)
            .filter(|&bit| self.partners(bit) == 0)
            .fold(0, |lonely, bit| lonely | bit);
        let lost = |cell: Cell| before.digits(cell) & !after.digits(cell);
        let mut said = Vec::new();
        let alone: Vec<String> = (self.cells.iter())
            .filter(|&&cell| lost(cell) & lonely != 0)
            .map(Cell::to_string)
            .collect();
        if !alone.is_empty() {
            said.push(format!(
                "no digit is {} or more away from {}, so {} ≠ {}",
                self.difference,
                mask_text(lonely),
                alone.join(", "),
                mask_text(lonely)
            ));
        }
        for (i, &cell) in self.cells.iter().enumerate() {
            let close = lost(cell) & !lonely;
            if close == 0 {
                continue;
            }
            let beside = [i.checked_sub(1), Some(i + 1)]
                .into_iter()
                .flatten()
                .filter_map(|j| self.cells.get(j).copied());
            let neighbours: Vec<Cell> = beside.collect();
            // The neighbour that alone has none of the digits they need beside them, else both
            // together.
            let needed = (0..9)
                .map(|i| 1u16 << i)
                .filter(|&bit| close & bit != 0)
                .fold(0, |needed, bit| needed | self.partners(bit));
            let (need, them) = match close.count_ones() {
                1 => ("needs", "it"),
                _ => ("need", "them"),
            };
            let lacking: Vec<String> = match neighbours
                .iter()
                .find(|&&other| after.digits(other) & needed == 0)
            {
                Some(&other) => vec![other.to_string()],
                None => neighbours.iter().map(Cell::to_string).collect(),
            };
            let why = format!(
                "{} {need} {} beside {them}: {} has none",
                mask_text(close),
                mask_text(needed),
                lacking.join(" and ")
            );
            said.push(format!("{cell} ≠ {} ({why})", mask_text(close)));
        }
        format!("{}: {}", self.describe(), said.join("; "))
    }

    fn rule() -> &'static str {
        "neighbours on a whispers line differ by 5 or more, or by the line's number"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "German Whispers",
            "Neighbours along a German whispers line differ by 5 at least (or by the number \
             the line is given). No digit is 5 or more away from 5, so no cell of the line is \
             5; a 4 needs a 9 beside it and a 6 a 1. Each cell keeps only the digits far enough \
             from some digit its neighbours can still take: beside a cell of 6 to 9, a cell is \
             1 to 4, and a line alternates between low and high digits.",
        ))
    }

    /// A line through its cells.
    fn draw(&self, drawing: &mut Drawing) {
        drawing.figure("fp-whispers", &[], &self.cells, false);
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["whispers"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Whispers>, FormatError> {
        let mut whispers = Vec::new();
        for entry in entries(document, "whispers")? {
            let lines = entry_lines(entry, "whispers")?;
            let at = lines.first().map_or(Cell::ALL[0], |cells| first(cells));
            let difference = entry_number(
                entry,
                "whispers",
                &crate::variant::CellName(at).to_string(),
                (1, 8),
            )?
            .map(|difference| difference as u8);
            for cells in lines {
                whispers.push(Whispers {
                    cells,
                    difference: difference.unwrap_or(Whispers::GERMAN),
                });
            }
        }
        Ok(whispers)
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        let value = (self.difference != Whispers::GERMAN).then(|| self.difference.to_string());
        document.push(
            "whispers",
            Entry {
                lines: vec![cell_names(&self.cells)],
                value,
                ..Entry::default()
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;
    use crate::variant::rules::Marks;

    fn whispers(cells: &[(u8, u8)], difference: u8) -> Whispers {
        Whispers {
            cells: cells.iter().map(|&(r, c)| Cell::at(r, c)).collect(),
            difference,
        }
    }

    #[test]
    fn neighbours_keep_digits_far_enough_apart() {
        let line = whispers(&[(0, 0), (0, 1), (0, 2)], Whispers::GERMAN);
        let mut marks = Marks::open();
        assert_eq!(line.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 1)), [1, 2, 3, 4, 6, 7, 8, 9]);
        marks.set(Cell::at(0, 0), &[6, 7, 8, 9]);
        assert_eq!(line.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 1)), [1, 2, 3, 4]);
        // The far end beside 1 to 4 is 6 to 9.
        assert_eq!(marks.list(Cell::at(0, 2)), [6, 7, 8, 9]);
        marks.set(Cell::at(0, 1), &[4]);
        assert_eq!(line.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 0)), [9]);
        marks.set(Cell::at(0, 2), &[8]);
        assert_eq!(line.narrow(&mut marks), Err(Dead));
    }

    #[test]
    fn a_line_s_own_difference_counts() {
        let line = whispers(&[(0, 0), (0, 1)], 3);
        let mut marks = Marks::open();
        assert_eq!(line.narrow(&mut marks), Ok(false));
        marks.set(Cell::at(0, 0), &[5]);
        assert_eq!(line.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 1)), [1, 2, 8, 9]);
    }

    #[test]
    fn a_grid_breaks_it_with_neighbours_too_close_or_a_digit_with_none_far_enough() {
        let rules = Rules::classic()
            .with([whispers(&[(8, 0), (8, 1), (7, 2)], Whispers::GERMAN)])
            .unwrap();
        let mut values = [0; Cell::COUNT];
        values[Cell::at(8, 0).index()] = 3;
        values[Cell::at(8, 1).index()] = 8;
        assert_eq!(rules.check(&values), Ok(()));
        values[Cell::at(7, 2).index()] = 4;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r9c1: neighbours on a whispers line differ by 5 or more, or by the line's number"
        );
        values[Cell::at(7, 2).index()] = 0;
        values[Cell::at(8, 0).index()] = 5;
        assert!(rules.check(&values).is_err(), "nothing is 5 away from 5");
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn f_puzzles_whispers_have_a_difference_of_5_unless_told() {
        use crate::variant::fpuzzles;
        let json = super::super::line::fpuzzles_json(
            r#""whispers":[{"lines":[["R1C1","R1C2"],["R3C3","R4C4"]]},
            {"lines":[["R9C9","R8C8"]],"value":"4"},{"lines":[["R6C1","R6C2"]],"value":3}]"#,
        );
        let puzzle = fpuzzles::read(&json).unwrap();
        assert_eq!(
            puzzle.rules.constraints(),
            [
                whispers(&[(0, 0), (0, 1)], 5).into(),
                whispers(&[(2, 2), (3, 3)], 5).into(),
                whispers(&[(8, 8), (7, 7)], 4).into(),
                whispers(&[(5, 0), (5, 1)], 3).into(),
            ]
        );
        let written = fpuzzles::to_json(&puzzle);
        assert!(
            written.contains(r#"{"lines":[["R1C1","R1C2"]]},"#)
                && written.contains(r#"{"lines":[["R9C9","R8C8"]],"value":"4"}"#),
            "{written}"
        );
        assert_eq!(fpuzzles::read(&written), Ok(puzzle));
        let zero = super::super::line::fpuzzles_json(
            r#""whispers":[{"lines":[["R1C1","R1C2"]],"value":"0"}]"#,
        );
        assert_eq!(
            fpuzzles::read(&zero).unwrap_err().to_string(),
            "the whispers at R1C1 has the value \"0\", not a number from 1 to 8"
        );
    }
}
