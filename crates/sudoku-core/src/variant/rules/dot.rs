//! A Kropki dot between two cells side by side: a white dot joins digits that differ by its value
//! (1 unless it says otherwise), a black dot digits one of which is its value times the other (2
//! unless it says otherwise). f-puzzles lists white dots in `difference` and black dots in
//! `ratio`, each entry with its two `cells` and, when not the usual one, its `value` (a string or
//! a number); written back so, the usual value left out.
//!
//! A pair carrying a dot of either colour is exempt from nonconsecutive and from the negative
//! rule of black dots ([`Marked::dots`]).

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
pub enum Colour {
    /// A difference: f-puzzles' `difference`.
    White,
    /// A ratio: f-puzzles' `ratio`.
    Black,
}

impl Colour {
    /// The value of a dot that says none: 1 for a white dot, 2 for a black one.
    pub const fn usual(self) -> u8 {
        match self {
            Colour::White => 1,
            Colour::Black => 2,
        }
    }

    /// Its f-puzzles key.
    pub const fn key(self) -> &'static str {
        match self {
            Colour::White => "difference",
            Colour::Black => "ratio",
        }
    }

    /// Whether two digits meet a dot of this colour and `value`.
    pub fn holds(self, value: u8, a: u8, b: u8) -> bool {
        match self {
            Colour::White => a.abs_diff(b) == value,
            // Wide enough for any value read (a ratio of 200 times 9).
            Colour::Black => {
                let (a, b, value) = (u16::from(a), u16::from(b), u16::from(value));
                a * value == b || b * value == a
            }
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dot {
    /// Side by side, in the order the puzzle named them.
    pub cells: [Cell; 2],
    pub colour: Colour,
    /// The difference (white) or the ratio (black): [`Colour::usual`] unless the dot says
    /// otherwise.
    pub value: u8,
}

impl Dot {
    /// A dot of the usual value: consecutive digits (white), a digit and its double (black).
    pub fn new(colour: Colour, cells: [Cell; 2]) -> Dot {
        Dot {
            cells,
            colour,
            value: colour.usual(),
        }
    }

    /// Two digits side by side differ: a ratio of 1 or a difference of 0 has no partners.
    fn partners(&self) -> Partners {
        partners(|a, b| a != b && self.colour.holds(self.value, a, b))
    }
}

impl Constrain for Dot {
    /// Two cells side by side, and a value two digits meet (a difference of 1 to 8, a ratio of 2
    /// to 9).
    fn validate(&self) -> Result<(), RulesError> {
        let kind = self.colour.key();
        let at = CellName(self.cells[0]);
        if !side_by_side(self.cells[0], self.cells[1]) {
            return Err(RulesError::Pair { kind, at });
        }
        if self.partners() == [0; 9] {
            let value = self.value;
            return Err(RulesError::MarkValue { kind, value, at });
        }
        Ok(())
    }

    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        (!pair_allows(values, self.cells, &self.partners())).then_some(Violation::Broken {
            rule: self.broken_rule(),
            at: self.cells[0],
        })
    }

    fn mark(&self, marked: &mut Marked) {
        marked.dots.insert(self.cells);
        if self.colour == Colour::Black {
            marked.ratios |= 1 << self.value;
        }
    }

    fn cells(&self) -> CellSet {
        self.cells.into_iter().collect()
    }

    /// Each cell keeps the digits with a partner in the other.
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
        match self.colour {
            Colour::White => "white dot",
            Colour::Black => "black dot",
        }
    }

    fn describe(&self) -> String {
        let [a, b] = self.cells;
        let colour = match self.colour {
            Colour::White => "white",
            Colour::Black => "black",
        };
        match self.value == self.colour.usual() {
            true => format!("the {colour} dot between {a} and {b}"),
            false => format!("the {colour} dot {} between {a} and {b}", self.value),
        }
    }

    /// "white dot right", "black dot 3 below" (a value not the usual one said).
    fn describe_cells(&self, said: &mut dyn FnMut(Cell, String)) {
        let colour = match self.colour {
            Colour::White => "white dot",
            Colour::Black => "black dot",
        };
        let mark = if self.value == self.colour.usual() {
            colour.to_string()
        } else {
            format!("{colour} {}", self.value)
        };
        describe_pair(self.cells, &mark, said);
    }

    /// What the dot joins, then what each cell keeps: "the white dot between r4c4 and r4c5
    /// joins consecutive digits: r4c4 is 1/2/7, so r4c5 is 1/2/3/6/8".
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let value = self.value;
        let joins = match (self.colour, value) {
            (Colour::White, 1) => "consecutive digits".to_string(),
            (Colour::White, _) => format!("digits {value} apart"),
            (Colour::Black, 2) => "a digit and its double".to_string(),
            (Colour::Black, _) => format!("a digit and {value} times it"),
        };
        let joins = format!("{} joins {joins}", self.describe());
        pair_reason(self.cells, &self.partners(), &joins, before, after)
    }

    fn rule() -> &'static str {
        "a white dot joins consecutive digits, a black dot a digit and its double (or as the \
         dot's number says)"
    }

    fn broken_rule(&self) -> &'static str {
        match (self.colour, self.value == self.colour.usual()) {
            (Colour::White, true) => "a white dot joins consecutive digits",
            (Colour::White, false) => "a white dot joins digits that differ by its number",
            (Colour::Black, true) => "a black dot joins a digit and its double",
            (Colour::Black, false) => "a black dot joins digits in the ratio of its number",
        }
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Kropki Pair",
            "A white dot joins two digits that differ by 1, a black dot two digits one of \
             which is double the other (a number on the dot changes the difference or the \
             ratio). Each of the two cells keeps only the digits that some digit of the other \
             cell goes with: 5 has no half and no double, so it never sits on a black dot, and \
             beside a 4 a white dot leaves only 3 and 5.",
        ))
    }

    /// A circle between the cells, white or black, with its value when not the usual one.
    fn draw(&self, drawing: &mut Drawing) {
        let class = match self.colour {
            Colour::White => "fp-difference",
            Colour::Black => "fp-ratio",
        };
        let value = (self.value != self.colour.usual()).then(|| self.value.to_string());
        drawing.mark(class, self.cells, 13, value.as_deref());
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_field(&self) -> &'static str {
        self.colour.key()
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["difference", "ratio"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Dot>, FormatError> {
        let mut dots = Vec::new();
        for colour in [Colour::White, Colour::Black] {
            let kind = colour.key();
            for entry in entries(document, kind)? {
                let cells = entry_pair(entry, kind)?;
                let value = match entry_value(entry) {
                    None => colour.usual(),
                    Some(text) => match text.parse::<u8>() {
                        Ok(value) if !text.starts_with('+') => value,
                        _ => {
                            let at = CellName(cells[0]);
                            return Err(FormatError::MarkValue {
                                kind,
                                value: text,
                                at,
                            });
                        }
                    },
                };
                dots.push(Dot {
                    cells,
                    colour,
                    value,
                });
            }
        }
        Ok(dots)
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        let value = (self.value != self.colour.usual()).then(|| self.value.to_string());
        document.push(
            self.colour.key(),
            Entry {
                cells: cell_names(&self.cells),
                value,
                ..Entry::default()
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::rules::Marks;
    use crate::variant::{Constraint, Rules};

    #[test]
    fn a_broken_dot_is_said_by_its_colour() {
        let (a, b) = (Cell::at(0, 0), Cell::at(0, 1));
        let rules = Rules::classic()
            .with([Dot::new(Colour::White, [a, b])])
            .and_then(|rules| rules.with([Dot::new(Colour::Black, [b, Cell::at(0, 2)])]))
            .unwrap();
        let said: Vec<String> = (rules.lowered().0.into_iter())
            .map(|(_, said)| said)
            .collect();
        assert!(
            said.contains(&": a white dot joins consecutive digits".to_string()),
            "{said:?}"
        );
        assert!(
            said.contains(&": a black dot joins a digit and its double".to_string()),
            "{said:?}"
        );
        let three = Dot {
            value: 3,
            ..Dot::new(Colour::Black, [a, b])
        };
        assert_eq!(
            Constraint::from(three).broken_rule(),
            "a black dot joins digits in the ratio of its number"
        );
    }

    #[test]
    fn each_cell_keeps_the_digits_with_a_partner() {
        let (a, b) = (Cell::at(2, 2), Cell::at(3, 2));
        let black = Dot::new(Colour::Black, [a, b]);
        let mut marks = Marks::open();
        assert_eq!(black.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(a), [1, 2, 3, 4, 6, 8]);
        marks.set(b, &[3]);
        black.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(a), [6]);
        let white = Dot {
            value: 4,
            ..Dot::new(Colour::White, [a, b])
        };
        let mut marks = Marks::open();
        marks.set(a, &[5]);
        white.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(b), [1, 9]);
        assert_eq!(white.describe(), "the white dot 4 between r3c3 and r4c3");
    }

    #[test]
    fn a_dot_is_between_cells_side_by_side_with_a_value_digits_meet() {
        let (a, b) = (Cell::at(0, 0), Cell::at(0, 1));
        assert!(
            Rules::classic()
                .with([Dot::new(Colour::White, [b, a])])
                .is_ok()
        );
        let apart = Dot::new(Colour::White, [a, Cell::at(1, 1)]);
        assert_eq!(
            Rules::classic().with([apart]).unwrap_err().to_string(),
            "the difference at R1C1 is not between two cells side by side"
        );
        let one = Dot {
            value: 1,
            ..Dot::new(Colour::Black, [a, b])
        };
        assert_eq!(
            Rules::classic().with([one]).unwrap_err().to_string(),
            "the ratio at R1C1 has the value 1, which no two digits meet"
        );
        // Any value a puzzle may hold is read without overflowing.
        let large = Dot {
            value: 200,
            ..Dot::new(Colour::Black, [a, b])
        };
        assert_eq!(
            Rules::classic().with([large]).unwrap_err().to_string(),
            "the ratio at R1C1 has the value 200, which no two digits meet"
        );
    }

    #[test]
    fn a_grid_breaks_it_when_its_digits_do_not_meet_it() {
        let (a, b) = (Cell::at(0, 0), Cell::at(0, 1));
        let rules = Rules::classic()
            .with([Dot::new(Colour::Black, [a, b])])
            .unwrap();
        let mut values = [0; Cell::COUNT];
        values[a.index()] = 3;
        values[b.index()] = 6;
        assert_eq!(rules.check(&values), Ok(()));
        values[b.index()] = 7;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r1c1: a black dot joins a digit and its double"
        );
        values[b.index()] = 0;
        values[a.index()] = 5;
        assert!(rules.check(&values).is_err(), "5 has no partner");
    }
}
