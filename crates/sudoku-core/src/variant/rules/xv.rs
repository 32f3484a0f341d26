//! An X or a V between two cells side by side: their digits add up to 10 (X) or 5 (V).
//! f-puzzles lists them in `xv`, each entry with its two `cells` and its letter as `value`
//! (`"X"` or `"V"`, either case).
//!
//! A pair carrying an X or a V is exempt from the negative rule of X and V ([`Marked::xv`]).

use super::drawing::Drawing;
use super::lowered::Check;
use super::pair::{
    Marked, Partners, describe_pair, narrow_pair, pair_allows, pair_reason, partners, side_by_side,
};
use super::{Constrain, Dead, Narrow};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{
    Document, Entry, Fields, FormatError, cell_names, entries, entry_pair, entry_value,
};
use crate::variant::{CellName, RulesError, Violation};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Letter {
    /// A sum of 10.
    X,
    /// A sum of 5.
    V,
}

impl Letter {
    pub const fn sum(self) -> u8 {
        match self {
            Letter::X => 10,
            Letter::V => 5,
        }
    }

    const fn text(self) -> &'static str {
        match self {
            Letter::X => "X",
            Letter::V => "V",
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Xv {
    /// Side by side, in the order the puzzle named them.
    pub cells: [Cell; 2],
    pub letter: Letter,
}

impl Xv {
    /// Two digits side by side differ, so no 5 beside an X.
    fn partners(&self) -> Partners {
        partners(|a, b| a + b == self.letter.sum() && a != b)
    }
}

impl Constrain for Xv {
    fn validate(&self) -> Result<(), RulesError> {
        match side_by_side(self.cells[0], self.cells[1]) {
            true => Ok(()),
            false => Err(RulesError::Pair {
                kind: "xv",
                at: CellName(self.cells[0]),
            }),
        }
    }

    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        (!pair_allows(values, self.cells, &self.partners())).then_some(Violation::Broken {
            rule: self.broken_rule(),
            at: self.cells[0],
        })
    }

    fn mark(&self, marked: &mut Marked) {
        marked.xv.insert(self.cells);
    }

    fn cells(&self) -> CellSet {
        self.cells.into_iter().collect()
    }

    /// Each cell keeps the digits whose complement the other can take.
    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        narrow_pair(marks, self.cells, &self.partners())
    }

    /// Its two digits go together.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        checks.push(Check::Pair {
            cells: self.cells,
            allowed: self.partners(),
        });
        true
    }

    fn noun(&self) -> &'static str {
        match self.letter {
            Letter::X => "X",
            Letter::V => "V",
        }
    }

    fn describe(&self) -> String {
        let [a, b] = self.cells;
        format!("the {} between {a} and {b}", self.letter.text())
    }

    /// "X right", "V above".
    fn describe_cells(&self, said: &mut dyn FnMut(Cell, String)) {
        describe_pair(self.cells, self.letter.text(), said);
    }

    /// What the letter's digits add up to, then what each cell keeps: "the X between r1c4 and
    /// r2c4 adds up to 10: no digit goes with 5, so r1c4 and r2c4 ≠ 5".
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let joins = format!("{} adds up to {}", self.describe(), self.letter.sum());
        pair_reason(self.cells, &self.partners(), &joins, before, after)
    }

    fn rule() -> &'static str {
        "the digits on either side of an X add up to 10, of a V to 5"
    }

    fn broken_rule(&self) -> &'static str {
        match self.letter {
            Letter::X => "the digits on either side of an X add up to 10",
            Letter::V => "the digits on either side of a V add up to 5",
        }
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "XV Pair",
            "The two digits on either side of an X add up to 10, of a V to 5. Each cell keeps \
             only the digits whose complement the other cell can still take: no 5 beside an X \
             (the other would be 5 too), nothing above 4 beside a V, and beside a 3 an X leaves \
             only 7.",
        ))
    }

    /// Its letter between the cells.
    fn draw(&self, drawing: &mut Drawing) {
        drawing.mark("fp-xv", self.cells, 0, Some(self.letter.text()));
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["xv"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Xv>, FormatError> {
        entries(document, "xv")?
            .into_iter()
            .map(|entry| {
                let cells = entry_pair(entry, "xv")?;
                let value = entry_value(entry).unwrap_or_default();
                let letter = match value.as_str() {
                    "X" | "x" => Letter::X,
                    "V" | "v" => Letter::V,
                    _ => {
                        let at = CellName(cells[0]);
                        let kind = "xv";
                        return Err(FormatError::MarkValue { kind, value, at });
                    }
                };
                Ok(Xv { cells, letter })
            })
            .collect()
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.push(
            "xv",
            Entry {
                cells: cell_names(&self.cells),
                value: Some(self.letter.text().to_string()),
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

    #[test]
    fn each_cell_keeps_the_digits_whose_complement_the_other_can_take() {
        let (a, b) = (Cell::at(8, 7), Cell::at(8, 8));
        let v = Xv {
            cells: [a, b],
            letter: Letter::V,
        };
        let mut marks = Marks::open();
        assert_eq!(v.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(a), [1, 2, 3, 4]);
        let x = Xv {
            cells: [a, b],
            letter: Letter::X,
        };
        let mut marks = Marks::open();
        x.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(a), [1, 2, 3, 4, 6, 7, 8, 9]);
        marks.set(a, &[3, 5]);
        marks.set(b, &[1, 5, 7, 8]);
        x.narrow(&mut marks).unwrap();
        assert_eq!((marks.list(a), marks.list(b)), (vec![3], vec![7]));
        assert_eq!(x.describe(), "the X between r9c8 and r9c9");
    }

    #[test]
    fn a_grid_breaks_it_when_its_digits_do_not_add_up() {
        let (a, b) = (Cell::at(0, 0), Cell::at(1, 0));
        let rules = Rules::classic()
            .with([Xv {
                cells: [a, b],
                letter: Letter::X,
            }])
            .unwrap();
        let mut values = [0; Cell::COUNT];
        values[a.index()] = 4;
        assert_eq!(rules.check(&values), Ok(()));
        values[b.index()] = 5;
        assert!(rules.check(&values).is_err());
        let apart = Xv {
            cells: [a, Cell::at(2, 0)],
            letter: Letter::V,
        };
        assert!(Rules::classic().with([apart]).is_err());
    }
}
