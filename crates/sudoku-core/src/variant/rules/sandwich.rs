//! A sandwich: in the row or column beside a clue outside the grid, the digits between the 1 and
//! the 9 add up to the clue (0 when the 1 and the 9 are side by side).
//!
//! f-puzzles lists them in `sandwichsum`, each with its clue's `cell` outside the grid (`R0C3`
//! above column 3, `R3C0` left of row 3; rows and columns 10 stand below and right) and its
//! `value`. A clue with no value says nothing and is read past.

use super::drawing::Drawing;
use super::{Constrain, Dead, Narrow, Outside, sum};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{
    Document, Entry, Fields, FormatError, entries, entry_number, required, text,
};
use crate::variant::{RulesError, Violation};
use crate::words::alternatives;

/// The most the digits 2 to 8 add up to.
const MAX_FILLING: u8 = 35;
const ONE: u16 = 1;
const NINE: u16 = 1 << 8;

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sandwich {
    /// Where the clue is written: beside a row or above or below a column.
    pub clue: Outside,
    pub sum: u8,
}

impl Sandwich {
    /// The row's or column's cells, in order.
    pub fn line(&self) -> [Cell; 9] {
        let Outside { row, col } = self.clue;
        if (0..9).contains(&row) {
            std::array::from_fn(|i| Cell::at(row as u8, i as u8))
        } else {
            std::array::from_fn(|i| Cell::at(i as u8, col.clamp(0, 8) as u8))
        }
    }

    /// "row 3", "column 5".
    fn name(&self) -> String {
        let Outside { row, col } = self.clue;
        if (0..9).contains(&row) {
            format!("row {}", row + 1)
        } else {
            format!("column {}", col + 1)
        }
    }
}

/// A placing of the 1 and the 9 on a sandwich's line that the candidates allow: their places
/// on the line, and the digits it leaves each of the nine cells.
struct Placing {
    one: usize,
    nine: usize,
    digits: [u16; 9],
}

impl Sandwich {
    /// Every placing of the 1 and the 9 that the marks allow: the cells between can hold
    /// distinct digits from 2 to 8 adding up to the clue, and the cells beyond a digit other
    /// than 1 or 9.
    fn placings(&self, marks: &dyn Narrow) -> Vec<Placing> {
        let masks = self.line().map(|cell| marks.digits(cell));
        let mut placings = Vec::new();
        for one in (0..9).filter(|&i| masks[i] & ONE != 0) {
            for nine in (0..9).filter(|&i| i != one && masks[i] & NINE != 0) {
                let others = (0..9).filter(|&i| i != one && i != nine);
                if others.clone().any(|i| masks[i] & !(ONE | NINE) == 0) {
                    continue;
                }
                let (first, last) = (one.min(nine), one.max(nine));
                let filling: Vec<u16> = masks[first + 1..last]
                    .iter()
                    .map(|&mask| mask & !(ONE | NINE))
                    .collect();
                let (totals, filled) = sum::distinct(&filling, 1 << self.sum);
                if totals == 0 {
                    continue;
                }
                let mut digits = [0; 9];
                digits[one] = ONE;
                digits[nine] = NINE;
                for i in others {
                    digits[i] = match i {
                        _ if (first + 1..last).contains(&i) => filled[i - first - 1],
                        _ => masks[i] & !(ONE | NINE),
                    };
                }
                placings.push(Placing { one, nine, digits });
            }
        }
        placings
    }
}

impl Constrain for Sandwich {
    /// A clue beside a row or a column, not at a corner, and a sum the digits 2 to 8 can make.
    fn validate(&self) -> Result<(), RulesError> {
        let Outside { row, col } = self.clue;
        let beside = (0..9).contains(&row) || (0..9).contains(&col);
        if self.clue.is_outside() && beside && self.sum <= MAX_FILLING {
            return Ok(());
        }
        Err(RulesError::Clue {
            kind: "sandwichsum",
            at: self.clue,
        })
    }

    /// Once the 1 and the 9 are placed, the digits between them add up to the clue: at most
    /// with each blank at 2, at least with each at 8.
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let line = self.line().map(|cell| values[cell.index()]);
        let one = line.iter().position(|&v| v == 1)?;
        let nine = line.iter().position(|&v| v == 9)?;
        let between = &line[one.min(nine) + 1..one.max(nine)];
        let open = between.iter().filter(|&&v| v == 0).count() as u32;
        let total: u32 = between.iter().map(|&v| u32::from(v)).sum();
        let sum = u32::from(self.sum);
        let fits = total + 2 * open <= sum && total + 8 * open >= sum;
        (!fits).then_some(Violation::Broken {
            rule: self.broken_rule(),
            at: self.line()[0],
        })
    }

    fn cells(&self) -> CellSet {
        self.line().into_iter().collect()
    }

    /// Every placing of the 1 and the 9 the candidates allow is tried: the cells between must
    /// hold distinct digits from 2 to 8 adding up to the clue, the cells beyond neither 1 nor
    /// 9. Each cell keeps the digits some placing that works gives it.
    fn narrows_slowly(&self) -> bool {
        true
    }

    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        let line = self.line();
        let mut kept = [0u16; 9];
        for placing in self.placings(marks) {
            for (kept, digits) in kept.iter_mut().zip(placing.digits) {
                *kept |= digits;
            }
        }
        let mut changed = false;
        for (cell, kept) in line.into_iter().zip(kept) {
            changed |= marks.keep(cell, kept)?;
        }
        Ok(changed)
    }

    /// Where the 1 and the 9 can go, as a strong solver says it: "so they can only be 1 at r3c1
    /// and 9 at r3c3 (one cell between)", "at r1c1 and r1c9 either way round".
    fn reason(&self, before: &dyn Narrow, _after: &dyn Narrow) -> String {
        let line = self.line();
        let placings = self.placings(before);
        let mut places: Vec<String> = Vec::new();
        for (i, placing) in placings.iter().enumerate() {
            let (one, nine) = (placing.one, placing.nine);
            let swapped = |other: &Placing| other.one == nine && other.nine == one;
            if placings[..i].iter().any(swapped) {
                continue;
            }
            places.push(if placings[i + 1..].iter().any(swapped) {
                format!("at {} and {} either way round", line[one], line[nine])
            } else {
                format!("1 at {} and 9 at {}", line[one], line[nine])
            });
        }
        let between = |placing: &Placing| placing.one.abs_diff(placing.nine) - 1;
        let same_width = placings
            .windows(2)
            .all(|w| between(&w[0]) == between(&w[1]));
        let width = match placings.first() {
            Some(placing) if same_width => match between(placing) {
                0 => " (side by side)".to_owned(),
                1 => " (one cell between)".to_owned(),
                cells => format!(" ({cells} cells between)"),
            },
            _ => String::new(),
        };
        let fit = match places.len() {
            0..=3 => alternatives(&places),
            count => format!("in {count} places"),
        };
        format!(
            "{}: the digits between the 1 and the 9 add up to {}, so they can only be {fit}{width}",
            self.describe(),
            self.sum
        )
    }

    fn noun(&self) -> &'static str {
        "sandwich clue"
    }

    fn describe(&self) -> String {
        format!("the sandwich {} on {}", self.sum, self.name())
    }

    fn rule() -> &'static str {
        "digits between the 1 and the 9 add up to the sandwich clue"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Sandwich Sum",
            "The digits between the 1 and the 9 of a row or column add up to its clue outside \
             the grid. Try each place the candidates leave for the 1 and the 9: the cells between \
             must hold different digits from 2 to 8 adding up to the clue. A place that cannot \
             goes, and each cell keeps only what some place that works gives it. A clue of 0 puts \
             the 1 and the 9 side by side; a clue of 35 puts them at the two ends.",
        ))
    }

    /// The clue outside the grid.
    fn draw(&self, drawing: &mut Drawing) {
        drawing.clue(
            "fp-sandwichsum",
            self.clue.centre(),
            &self.sum.to_string(),
            None,
        );
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["sandwichsum"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Sandwich>, FormatError> {
        let mut sandwiches = Vec::new();
        for entry in entries(document, "sandwichsum")? {
            let name = text(required(entry, "cell")?, "sandwichsum")?;
            let clue = Outside::named(&name)?;
            let range = (0, u16::from(MAX_FILLING));
            if let Some(sum) = entry_number(entry, "sandwichsum", &name, range)? {
                sandwiches.push(Sandwich {
                    clue,
                    sum: sum as u8,
                });
            }
        }
        Ok(sandwiches)
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.push(
            "sandwichsum",
            Entry {
                cell: Some(self.clue.to_string()),
                value: Some(self.sum.to_string()),
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

    fn column(col: i8, sum: u8) -> Sandwich {
        Sandwich {
            clue: Outside { row: -1, col },
            sum,
        }
    }

    #[test]
    fn the_extreme_clues_place_the_crusts() {
        // 35 is 2 to 8 together: the 1 and the 9 at the ends.
        let sandwich = column(0, 35);
        let mut marks = Marks::open();
        assert_eq!(sandwich.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 0)), [1, 9]);
        assert_eq!(marks.list(Cell::at(8, 0)), [1, 9]);
        assert_eq!(marks.list(Cell::at(4, 0)), [2, 3, 4, 5, 6, 7, 8]);
        // 0: side by side, anywhere.
        let mut marks = Marks::open();
        assert_eq!(column(0, 0).narrow(&mut marks), Ok(false));
        // 2 cannot be made of distinct digits 2–8 but as a 2 alone: one cell apart.
        let mut marks = Marks::open();
        marks.set(Cell::at(0, 0), &[1]);
        column(0, 2).narrow(&mut marks).unwrap();
        assert_eq!(marks.list(Cell::at(2, 0)), [9]);
        assert_eq!(marks.list(Cell::at(1, 0)), [2]);
    }

    #[test]
    fn a_placing_is_dropped_when_its_filling_cannot_reach_the_clue() {
        let sandwich = Sandwich {
            clue: Outside { row: 2, col: 9 },
            sum: 5,
        };
        assert_eq!(sandwich.line()[0], Cell::at(2, 0));
        let mut marks = Marks::open();
        // 1 on the left end, 9 only in the 3rd or the 8th cell.
        marks.set(Cell::at(2, 0), &[1]);
        for col in 1..9 {
            if col != 2 && col != 7 {
                marks.set(Cell::at(2, col), &[2, 3, 4, 5, 6, 7, 8]);
            }
        }
        let before = Marks(marks.0);
        sandwich.narrow(&mut marks).unwrap();
        assert_eq!(
            sandwich.reason(&before, &marks),
            "the sandwich 5 on row 3: the digits between the 1 and the 9 add up to 5, so they can \
             only be 1 at r3c1 and 9 at r3c3 (one cell between)"
        );
        // Six cells between add 27 at least: the 9 is in the 3rd cell, a 5 between.
        assert_eq!(marks.list(Cell::at(2, 2)), [9]);
        assert_eq!(marks.list(Cell::at(2, 1)), [5]);
        assert_eq!(marks.list(Cell::at(2, 7)), [2, 3, 4, 5, 6, 7, 8]);
        let mut values = [0; Cell::COUNT];
        values[Cell::at(2, 0).index()] = 1;
        values[Cell::at(2, 1).index()] = 4;
        values[Cell::at(2, 2).index()] = 9;
        assert_eq!(
            Rules::classic()
                .with([sandwich])
                .unwrap()
                .check(&values)
                .unwrap_err()
                .to_string(),
            "r3c1: digits between the 1 and the 9 add up to the sandwich clue"
        );
    }

    #[test]
    fn a_clue_in_a_corner_or_too_large_is_refused() {
        let corner = Sandwich {
            clue: Outside { row: -1, col: -1 },
            sum: 5,
        };
        assert!(corner.validate().is_err());
        assert!(column(3, 36).validate().is_err());
        assert!(column(3, 35).validate().is_ok());
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn f_puzzles_clues_stand_beside_their_row_or_column() {
        use crate::variant::fpuzzles;
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let clues = r#"[{"cell":"R0C3","value":"10"},{"cell":"R3C0","value":0},{"cell":"R10C5","value":""}]"#;
        let json = format!(r#"{{"size":9,"grid":{grid},"sandwichsum":{clues}}}"#);
        let puzzle = fpuzzles::read(&json).unwrap();
        assert_eq!(
            puzzle.rules.constraints(),
            [
                column(2, 10).into(),
                Sandwich {
                    clue: Outside { row: 2, col: -1 },
                    sum: 0
                }
                .into()
            ]
        );
        let written = fpuzzles::to_json(&puzzle);
        assert!(
            written.contains(
                r#""sandwichsum":[{"cell":"R0C3","value":"10"},{"cell":"R3C0","value":"0"}]"#
            ),
            "{written}"
        );
        assert_eq!(fpuzzles::read(&written), Ok(puzzle));
        let too_much = json.replace(r#""value":"10""#, r#""value":"36""#);
        assert!(fpuzzles::read(&too_much).is_err());
    }
}
