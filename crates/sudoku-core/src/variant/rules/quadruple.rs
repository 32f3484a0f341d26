//! A quadruple: digits in a circle on a corner where four cells meet, each of which appears in
//! those four cells (a digit listed twice, twice). f-puzzles lists them in `quadruple`, each
//! entry with its four `cells` and its `values`.

use std::ops::ControlFlow;

use super::drawing::Drawing;
use super::{Constrain, Dead, Narrow};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{
    Document, Entry, Fields, FormatError, entries, entry_cells, entry_digits, names,
};
use crate::variant::{CellName, RulesError, Violation};
use crate::words::alternatives;

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Quadruple {
    /// The four cells around the corner.
    pub cells: CellSet,
    /// One to four digits, 1–9, as the circle lists them.
    pub digits: Vec<u8>,
}

impl Quadruple {
    /// The top left cell of the four.
    fn top_left(&self) -> Cell {
        self.cells.first().unwrap_or(Cell::ALL[0])
    }

    /// The four cells in reading order.
    fn four(&self) -> [Cell; 4] {
        let mut four = [self.top_left(); 4];
        for (slot, cell) in four.iter_mut().zip(self.cells.iter()) {
            *slot = cell;
        }
        four
    }

    /// Its digits in the order listed, joined by `separator`.
    fn text(&self, separator: &str) -> String {
        let digits: Vec<String> = self.digits.iter().map(u8::to_string).collect();
        digits.join(separator)
    }

    /// Calls `fit` with each way every listed digit can go in a cell of its own among `four`
    /// (the cell of each digit of `digits`, in order), a cell taking a digit among its
    /// `candidates` (bits) and two cells with the same digit in no row or column together.
    /// `digits` sorted. Stops when `fit` breaks.
    fn each_fit(
        digits: &[u8],
        four: &[Cell; 4],
        candidates: &[u16; 4],
        fit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) {
        /// Places the digits from the `placed`th on, `holders` the cells of those before.
        fn place(
            digits: &[u8],
            four: &[Cell; 4],
            candidates: &[u16; 4],
            holders: &mut [usize; 4],
            placed: usize,
            fit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            let Some(&digit) = digits.get(placed) else {
                return fit(&holders[..placed]);
            };
            let bit = 1 << (digit - 1);
            for cell in 0..4 {
                let apart = holders[..placed].iter().enumerate().all(|(j, &holder)| {
                    holder != cell
                        && (digits[j] != digit
                            || four[holder].row() != four[cell].row()
                                && four[holder].col() != four[cell].col())
                });
                if candidates[cell] & bit != 0 && apart {
                    holders[placed] = cell;
                    place(digits, four, candidates, holders, placed + 1, fit)?;
                }
            }
            ControlFlow::Continue(())
        }
        let _ = place(digits, four, candidates, &mut [0; 4], 0, fit);
    }

    /// Its digits in order, without allocating (the search asks at every node): the digits and
    /// how many.
    fn sorted_digits(&self) -> ([u8; 4], usize) {
        let mut sorted = [0; 4];
        let count = self.digits.len().min(4);
        sorted[..count].copy_from_slice(&self.digits[..count]);
        // Four at most: an insertion sort.
        for i in 1..count {
            let mut j = i;
            while j > 0 && sorted[j - 1] > sorted[j] {
                sorted.swap(j - 1, j);
                j -= 1;
            }
        }
        (sorted, count)
    }
}

impl Constrain for Quadruple {
    /// Four cells around a corner, one to four digits.
    fn validate(&self) -> Result<(), RulesError> {
        let corner = self.top_left();
        let square = corner.row() < 8
            && corner.col() < 8
            && self.cells
                == [(0, 0), (0, 1), (1, 0), (1, 1)]
                    .into_iter()
                    .map(|(r, c)| Cell::at(corner.row() + r, corner.col() + c))
                    .collect();
        let digits =
            (1..=4).contains(&self.digits.len()) && self.digits.iter().all(|d| (1..=9).contains(d));
        match square && digits {
            true => Ok(()),
            false => Err(RulesError::Quadruple {
                at: CellName(corner),
            }),
        }
    }

    /// More digits missing than open cells to hold them.
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let placed: Vec<u8> = self.cells.iter().map(|cell| values[cell.index()]).collect();
        let open = placed.iter().filter(|&&value| value == 0).count();
        let mut missing = 0;
        for (i, digit) in self.digits.iter().enumerate() {
            // Each digit counted once, with how often it is listed.
            if self.digits[..i].contains(digit) {
                continue;
            }
            let listed = self.digits.iter().filter(|&d| d == digit).count();
            let present = placed.iter().filter(|&v| v == digit).count();
            missing += listed.saturating_sub(present);
        }
        (missing > open).then_some(Violation::Broken {
            rule: self.broken_rule(),
            at: self.top_left(),
        })
    }

    fn cells(&self) -> CellSet {
        self.cells
    }

    /// Each cell keeps the digits with which the listed digits still fit in the four cells: a
    /// listed digit only if the others fit beside it, any other only if all the listed fit in
    /// the other three. So a digit with as many places as it is listed times goes there, and
    /// four digits listed leave the cells nothing else.
    fn narrows_slowly(&self) -> bool {
        true
    }

    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        let four = self.four();
        let (digits, count) = self.sorted_digits();
        let digits = &digits[..count];
        let candidates = four.map(|cell| marks.digits(cell));
        // A cell keeps the digit it holds in some way of placing the listed digits, and all of
        // its digits in a way that leaves it out (a digit beyond them, or one more of theirs).
        let mut kept = [0u16; 4];
        Quadruple::each_fit(digits, &four, &candidates, &mut |holders| {
            let mut held = 0u8;
            for (&digit, &holder) in digits.iter().zip(holders) {
                kept[holder] |= 1 << (digit - 1);
                held |= 1 << holder;
            }
            for (cell, kept) in kept.iter_mut().enumerate() {
                if held >> cell & 1 == 0 {
                    *kept |= candidates[cell];
                }
            }
            // Once every cell keeps all its digits, no other way changes anything.
            match kept == candidates {
                true => ControlFlow::Break(()),
                false => ControlFlow::Continue(()),
            }
        });
        let mut changed = false;
        for (cell, kept) in four.into_iter().zip(kept) {
            changed |= marks.keep(cell, kept)?;
        }
        Ok(changed)
    }

    /// Where each digit listed can go among the four cells: "1 in r1c1 or r2c2, 2 only in
    /// r1c2".
    fn reason(&self, before: &dyn Narrow, _after: &dyn Narrow) -> String {
        let four = self.four();
        let mut digits = self.digits.clone();
        digits.sort_unstable();
        digits.dedup();
        let places: Vec<String> = digits
            .iter()
            .map(|&digit| {
                let cells: Vec<String> = (four.iter())
                    .filter(|cell| before.digits(**cell) & 1 << (digit - 1) != 0)
                    .map(Cell::to_string)
                    .collect();
                let twice = if self.digits.iter().filter(|&&d| d == digit).count() > 1 {
                    " twice"
                } else {
                    ""
                };
                let only = if cells.len() == 1 { "only " } else { "" };
                format!("{digit}{twice} {only}in {}", alternatives(&cells))
            })
            .collect();
        format!(
            "{}: each digit listed goes in one of its four cells, {}",
            self.describe(),
            places.join(", ")
        )
    }

    fn noun(&self) -> &'static str {
        "quadruple"
    }

    fn describe(&self) -> String {
        format!("the quadruple {} at {}", self.text(", "), self.top_left())
    }

    fn rule() -> &'static str {
        "the digits on a corner appear in the four cells around it"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Quadruple",
            "The digits in a circle where four cells meet each appear in those four cells, a \
             digit written twice in two of them. A cell can take a digit of the circle only if \
             the other digits still fit in the other three cells, and any other digit only if \
             all of them fit there: so a digit with as many places left as it is written times \
             goes in those places, and four digits in the circle leave the four cells nothing \
             else.",
        ))
    }

    /// A circle on the corner with the digits in it.
    fn draw(&self, drawing: &mut Drawing) {
        let corner = self.top_left();
        let across = Cell::at(corner.row() + 1, corner.col() + 1);
        // Three or four digits close up to fit the circle, as f-puzzles packs them.
        let separator = if self.digits.len() > 2 { "" } else { " " };
        drawing.mark(
            "fp-quadruple",
            [corner, across],
            32,
            Some(&self.text(separator)),
        );
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["quadruple"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Quadruple>, FormatError> {
        entries(document, "quadruple")?
            .into_iter()
            .map(|entry| {
                let cells = entry_cells(entry, "quadruple")?;
                let at = cells.first().unwrap_or(Cell::ALL[0]);
                let digits = entry_digits(entry, "quadruple", at)?;
                Ok(Quadruple { cells, digits })
            })
            .collect()
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.push(
            "quadruple",
            Entry {
                cells: names(self.cells),
                values: self.digits.clone(),
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

    fn quadruple(row: u8, col: u8, digits: &[u8]) -> Quadruple {
        Quadruple {
            cells: [(0, 0), (0, 1), (1, 0), (1, 1)]
                .into_iter()
                .map(|(r, c)| Cell::at(row + r, col + c))
                .collect(),
            digits: digits.to_vec(),
        }
    }

    #[test]
    fn a_digit_with_as_many_places_as_it_is_listed_goes_there() {
        let quad = quadruple(0, 0, &[3, 3]);
        let [a, b, c, d] = quad.four();
        let mut marks = Marks::open();
        assert_eq!(quad.narrow(&mut marks), Ok(false));
        // 3 only in r1c1 and r2c1, which share a column: no room for two 3s.
        for cell in [b, d] {
            marks.set(cell, &[1, 2]);
        }
        assert_eq!(quad.narrow(&mut marks), Err(Dead));
        // 3 in r1c1 and r2c2 alone: both are 3.
        let mut marks = Marks::open();
        for cell in [b, c] {
            marks.set(cell, &[1, 2]);
        }
        assert_eq!(quad.narrow(&mut marks), Ok(true));
        assert_eq!((marks.list(a), marks.list(d)), (vec![3], vec![3]));
    }

    #[test]
    fn four_digits_leave_the_cells_nothing_else() {
        let quad = quadruple(4, 4, &[1, 2, 5, 9]);
        let [a, b, c, d] = quad.four();
        let mut marks = Marks::open();
        assert_eq!(quad.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(a), [1, 2, 5, 9]);
        // 9 placed in r5c5 and 5 in r5c6: the other two cells share 1 and 2.
        marks.set(a, &[9]);
        marks.set(b, &[5]);
        quad.narrow(&mut marks).unwrap();
        assert_eq!((marks.list(c), marks.list(d)), (vec![1, 2], vec![1, 2]));
        marks.set(c, &[9]);
        assert_eq!(quad.narrow(&mut marks), Err(Dead));
    }

    #[test]
    fn a_cell_keeps_other_digits_only_if_the_listed_fit_elsewhere() {
        let quad = quadruple(2, 3, &[4, 7, 8]);
        let [a, b, c, d] = quad.four();
        let mut marks = Marks::open();
        marks.set(b, &[1, 2]);
        quad.narrow(&mut marks).unwrap();
        // r3c5 takes none of the three: the others hold them and nothing more.
        for cell in [a, c, d] {
            assert_eq!(marks.list(cell), [4, 7, 8]);
        }
        assert_eq!(marks.list(b), [1, 2]);
    }

    #[test]
    fn a_grid_breaks_it_when_a_listed_digit_has_no_room() {
        let quad = quadruple(0, 0, &[1, 2]);
        let rules = Rules::classic().with([quad]).unwrap();
        let mut values = [0; Cell::COUNT];
        values[0] = 1;
        values[1] = 5;
        values[9] = 6;
        assert_eq!(rules.check(&values), Ok(()));
        values[10] = 7;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r1c1: the digits on a corner appear in the four cells around it"
        );
        values[10] = 2;
        assert_eq!(rules.check(&values), Ok(()));
    }

    #[test]
    fn only_four_cells_around_a_corner_and_one_to_four_digits_are_a_quadruple() {
        assert!(quadruple(7, 7, &[1]).validate().is_ok());
        let mut apart = quadruple(0, 0, &[1]);
        apart.cells.remove(Cell::at(1, 1));
        apart.cells.insert(Cell::at(2, 2));
        assert_eq!(
            apart.validate().unwrap_err().to_string(),
            "the quadruple at R1C1 needs four cells around a corner and one to four digits from 1 to 9"
        );
        assert!(quadruple(0, 0, &[]).validate().is_err());
        assert!(quadruple(0, 0, &[1, 2, 3, 4, 5]).validate().is_err());
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn quadruples_are_read_from_f_puzzles_and_drawn() {
        use crate::variant::fpuzzles::{FormatError, read, to_json};
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let with = |quadruples: &str| {
            read(&format!(
                r#"{{"size":9,"grid":{grid},"quadruple":{quadruples}}}"#
            ))
        };
        let puzzle =
            with(r#"[{"cells":["R4C4","R4C5","R5C4","R5C5"],"values":[1,"3",3]}]"#).unwrap();
        assert_eq!(
            puzzle.rules.constraints(),
            [quadruple(3, 3, &[1, 3, 3]).into()]
        );
        assert_eq!(read(&to_json(&puzzle)), Ok(puzzle.clone()));
        assert!(
            puzzle.rules.drawing().contains(
                r#"<g class="fp-quadruple"><circle cx="400" cy="400" r="32"/><text x="400" y="400">133</text></g>"#
            )
        );
        assert_eq!(
            with(r#"[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[0]}]"#),
            Err(FormatError::NotADigit {
                value: 0,
                at: CellName(Cell::at(0, 0))
            })
        );
        assert!(with(r#"[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":["x"]}]"#).is_err());
    }
}
