//! Minimum and maximum cells: a minimum holds less than each cell it shares an edge with, a
//! maximum more. f-puzzles lists them in `minimum` and `maximum`, each entry with its `cell`.
//!
//! Two minima side by side, or two maxima, are not compared with each other: each is less (more)
//! than the cells beside it of no such mark, as f-puzzles, SudokuPad and Rangsk's solver read
//! them, and as setters use them (a fortress of grey cells, each above the white cells around it).

use std::fmt::Write;

use super::drawing::{Drawing, centre};
use super::lowered::Check;
use super::pair::Marked;
use super::{Constrain, Dead, Narrow};
use crate::cell::Cell;
use crate::sets::CellSet;
use crate::variant::Violation;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{Document, Fields, FormatError, cell_entry, cell_marks};

/// Which way a cell stands out from the cells beside it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Extreme {
    Minimum,
    Maximum,
}

/// A minimum or a maximum cell. The cells of the same mark in its rules are bound to it when the
/// rules take it; one outside any rules is compared with every cell beside it.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Extremum {
    pub extreme: Extreme,
    pub cell: Cell,
    /// The cells of the same mark in its rules: the wire leaves them out, the rules bind them
    /// again.
    #[cfg_attr(feature = "serde", serde(skip))]
    alike: CellSet,
}

impl PartialEq for Extremum {
    fn eq(&self, other: &Extremum) -> bool {
        (self.extreme, self.cell) == (other.extreme, other.cell)
    }
}

impl Eq for Extremum {}

/// The digits above `digit`, bit `d - 1` for digit `d` (none above 9 or more).
fn above(digit: u32) -> u16 {
    (0x1ff_u32 << digit.min(9) & 0x1ff) as u16
}

/// The digits below `digit` (none below 1 or less).
fn below(digit: u32) -> u16 {
    match digit {
        0 => 0,
        _ => ((1_u32 << (digit.min(10) - 1)) - 1) as u16,
    }
}

/// The smallest digit of `digits`, 1–9 (10 for none).
fn smallest(digits: u16) -> u32 {
    (digits | 0x200).trailing_zeros() + 1
}

/// The largest digit of `digits`, 1–9 (0 for none).
fn largest(digits: u16) -> u32 {
    16 - digits.leading_zeros()
}

impl Extremum {
    pub fn minimum(cell: Cell) -> Extremum {
        Extremum {
            extreme: Extreme::Minimum,
            cell,
            alike: CellSet::EMPTY,
        }
    }

    pub fn maximum(cell: Cell) -> Extremum {
        Extremum {
            extreme: Extreme::Maximum,
            cell,
            alike: CellSet::EMPTY,
        }
    }

    pub fn cell(self) -> Cell {
        self.cell
    }

    fn is_minimum(self) -> bool {
        self.extreme == Extreme::Minimum
    }

    /// The cells sharing an edge with it, and for each the way to it as (rows, columns).
    fn beside(self) -> impl Iterator<Item = (Cell, (i8, i8))> {
        let cell = self.cell;
        let (row, col) = (cell.row() as i8, cell.col() as i8);
        [(-1, 0), (0, 1), (1, 0), (0, -1)]
            .into_iter()
            .filter_map(move |(dr, dc): (i8, i8)| {
                let (r, c) = (row + dr, col + dc);
                let inside = (0..9).contains(&r) && (0..9).contains(&c);
                inside.then(|| (Cell::at(r as u8, c as u8), (dr, dc)))
            })
    }

    /// The cells beside it that it is compared with, those not of its own mark, with the way to
    /// each.
    fn compared(self) -> impl Iterator<Item = (Cell, (i8, i8))> {
        self.beside()
            .filter(move |&(neighbour, _)| !self.alike.contains(neighbour))
    }

    /// The cells it is compared with.
    fn neighbours(self) -> impl Iterator<Item = Cell> {
        self.compared().map(|(neighbour, _)| neighbour)
    }
}

impl Constrain for Extremum {
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let value = values[self.cell.index()];
        let broken = value != 0
            && self.neighbours().any(|neighbour| {
                let other = values[neighbour.index()];
                match self.extreme {
                    Extreme::Minimum => other != 0 && other <= value,
                    Extreme::Maximum => other != 0 && other >= value,
                }
            });
        broken.then_some(Violation::Broken {
            rule: self.broken_rule(),
            at: self.cell,
        })
    }

    fn mark(&self, marked: &mut Marked) {
        match self.extreme {
            Extreme::Minimum => marked.minima.insert(self.cell),
            Extreme::Maximum => marked.maxima.insert(self.cell),
        }
    }

    fn bind(&mut self, marked: &Marked) {
        self.alike = match self.extreme {
            Extreme::Minimum => marked.minima,
            Extreme::Maximum => marked.maxima,
        };
    }

    fn cells(&self) -> CellSet {
        self.neighbours().chain([self.cell]).collect()
    }

    /// A minimum is below the largest digit each neighbour can take, and each neighbour above
    /// the smallest digit the minimum can take; the other way round for a maximum.
    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        let cell = self.cell;
        let mut changed = false;
        for neighbour in self.neighbours() {
            let theirs = marks.digits(neighbour);
            changed |= match self.extreme {
                Extreme::Minimum => marks.keep(cell, below(largest(theirs)))?,
                Extreme::Maximum => marks.keep(cell, above(smallest(theirs)))?,
            };
        }
        let mine = marks.digits(cell);
        for neighbour in self.neighbours() {
            changed |= match self.extreme {
                Extreme::Minimum => marks.keep(neighbour, above(smallest(mine)))?,
                Extreme::Maximum => marks.keep(neighbour, below(largest(mine)))?,
            };
        }
        Ok(changed)
    }

    /// The cell is less (or more) than each neighbour.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        for neighbour in self.neighbours() {
            let allowed = std::array::from_fn(|d| match self.extreme {
                Extreme::Minimum => above(d as u32 + 1),
                Extreme::Maximum => below(d as u32 + 1),
            });
            checks.push(Check::Pair {
                cells: [self.cell, neighbour],
                allowed,
            });
        }
        true
    }

    fn noun(&self) -> &'static str {
        match self.extreme {
            Extreme::Minimum => "minimum",
            Extreme::Maximum => "maximum",
        }
    }

    fn describe(&self) -> String {
        format!("the {} at {}", self.noun(), self.cell)
    }

    /// "minimum": less than each neighbour; "maximum": more.
    fn describe_cells(&self, said: &mut dyn FnMut(Cell, String)) {
        said(self.cell, self.noun().into());
    }

    /// Each bound that took digits and the cell it comes from: "the minimum at r1c1 is below
    /// each neighbour: r1c1 ≤ 3 (r1c2 is 4 at most), r2c1 ≥ 2 (r1c1 is 1 at least)".
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let cell = self.cell;
        let minimum = self.is_minimum();
        let lost = |cell: Cell| before.digits(cell) & !after.digits(cell) != 0;
        // A cell's largest digit ("r1c1 ≤ 3", "r1c2 is 4 at most") or its smallest.
        let bound = |of: Cell, upper: bool| {
            let digits = after.digits(of);
            match upper {
                true => (
                    format!("{of} ≤ {}", largest(digits)),
                    largest(digits),
                    "at most",
                ),
                false => (
                    format!("{of} ≥ {}", smallest(digits)),
                    smallest(digits),
                    "at least",
                ),
            }
        };
        let mut said = Vec::new();
        // The cell, by the neighbour that bounds it most; each neighbour, by the cell.
        let tightest = self.neighbours().min_by_key(|&n| {
            let digits = after.digits(n);
            if minimum {
                largest(digits)
            } else {
                10 - smallest(digits)
            }
        });
        if let Some(neighbour) = tightest.filter(|_| lost(cell)) {
            let ((mine, ..), (_, theirs, how)) = (bound(cell, minimum), bound(neighbour, minimum));
            said.push(format!("{mine} ({neighbour} is {theirs} {how})"));
        }
        for neighbour in self.neighbours().filter(|&neighbour| lost(neighbour)) {
            let ((theirs, ..), (_, mine, how)) =
                (bound(neighbour, !minimum), bound(cell, !minimum));
            said.push(format!("{theirs} ({cell} is {mine} {how})"));
        }
        let side = if minimum { "below" } else { "above" };
        format!(
            "{} is {side} each neighbour: {}",
            self.describe(),
            said.join(", ")
        )
    }

    fn rule() -> &'static str {
        "a minimum is less than each cell beside it that is no minimum, a maximum more than each \
         that is no maximum"
    }

    fn broken_rule(&self) -> &'static str {
        match self.extreme {
            Extreme::Minimum => "a minimum is less than each cell beside it that is no minimum",
            Extreme::Maximum => "a maximum is more than each cell beside it that is no maximum",
        }
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Minimum/Maximum",
            "A minimum cell is less than every cell it shares an edge with, a maximum cell more \
             (two minima side by side are not compared, nor two maxima). So a minimum is less \
             than the largest candidate of each neighbour, and each neighbour more than the \
             smallest candidate of the minimum; the other way round for a maximum. A minimum is \
             never 9, and a cell beside it that is no minimum never 1.",
        ))
    }

    /// The cell shaded grey, as f-puzzles draws it (setters' rules speak of "grey cells"), with a
    /// chevron inside each side it is compared across, pointing downhill: into a minimum, out of
    /// a maximum. One group for the cell.
    fn draw(&self, drawing: &mut Drawing) {
        let (x, y) = centre(self.cell);
        let (tip, wings) = match self.extreme {
            Extreme::Minimum => (30, 42),
            Extreme::Maximum => (42, 30),
        };
        let mut d = String::new();
        for (_, (dr, dc)) in self.compared() {
            let (dx, dy) = (i32::from(dc), i32::from(dr));
            let point =
                |out: i32, across: i32| (x + dx * out + dy * across, y + dy * out + dx * across);
            let (left, point_at, right) = (point(wings, -12), point(tip, 0), point(wings, 12));
            let _ = write!(
                d,
                "M{} {}L{} {}L{} {}",
                left.0, left.1, point_at.0, point_at.1, right.0, right.1
            );
        }
        let _ = write!(
            drawing.lines_layer(),
            r#"<g class="fp-{}"><rect x="{}" y="{}" width="100" height="100"/><path d="{d}"/></g>"#,
            self.noun(),
            x - 50,
            y - 50
        );
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_field(&self) -> &'static str {
        match self.extreme {
            Extreme::Minimum => "minimum",
            Extreme::Maximum => "maximum",
        }
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["minimum", "maximum"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Extremum>, FormatError> {
        cell_marks(
            document,
            [
                ("minimum", Extremum::minimum),
                ("maximum", Extremum::maximum),
            ],
        )
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.push(self.fpuzzles_field(), cell_entry(self.cell));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::rules::Marks;
    use crate::variant::{Constraint, Rules};

    #[test]
    fn bounds_of_digits() {
        assert_eq!(above(0), 0x1ff);
        assert_eq!(above(3), 0b111_111_000);
        assert_eq!(above(9), 0);
        assert_eq!(below(10), 0x1ff);
        assert_eq!(below(4), 0b111);
        assert_eq!(below(1), 0);
        assert_eq!(below(0), 0);
        assert_eq!((smallest(0b100), largest(0b100)), (3, 3));
        assert_eq!((smallest(0), largest(0)), (10, 0));
    }

    #[test]
    fn a_minimum_is_below_its_neighbours_and_they_above_it() {
        let corner = Cell::at(0, 0);
        let (right, under) = (Cell::at(0, 1), Cell::at(1, 0));
        let mut marks = Marks::open();
        assert_eq!(Extremum::minimum(corner).narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(corner), [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(marks.list(right), [2, 3, 4, 5, 6, 7, 8, 9]);
        marks.set(right, &[3, 6]);
        marks.set(corner, &[2, 5, 7]);
        Extremum::minimum(corner).narrow(&mut marks).unwrap();
        assert_eq!(marks.list(corner), [2, 5]);
        assert_eq!(marks.list(under), [3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(marks.list(right), [3, 6]);
        marks.set(right, &[2]);
        assert_eq!(Extremum::minimum(corner).narrow(&mut marks), Err(Dead));
    }

    #[test]
    fn a_maximum_is_above_its_neighbours() {
        let middle = Cell::at(4, 4);
        let mut marks = Marks::open();
        marks.set(Cell::at(3, 4), &[4, 6]);
        assert_eq!(Extremum::maximum(middle).narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(middle), [5, 6, 7, 8, 9]);
        assert_eq!(marks.list(Cell::at(4, 5)), [1, 2, 3, 4, 5, 6, 7, 8]);
        marks.set(middle, &[6]);
        marks.set(Cell::at(4, 3), &[6]);
        assert_eq!(Extremum::maximum(middle).narrow(&mut marks), Err(Dead));
    }

    #[test]
    fn a_neighbour_on_the_wrong_side_breaks_it() {
        let rules = Rules::classic()
            .with([
                Extremum::minimum(Cell::at(2, 2)),
                Extremum::maximum(Cell::at(6, 6)),
            ])
            .unwrap();
        let mut values = [0; Cell::COUNT];
        values[Cell::at(2, 2).index()] = 4;
        values[Cell::at(2, 3).index()] = 5;
        values[Cell::at(6, 6).index()] = 8;
        values[Cell::at(5, 6).index()] = 7;
        assert_eq!(rules.check(&values), Ok(()));
        values[Cell::at(1, 2).index()] = 3;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r3c3: a minimum is less than each cell beside it that is no minimum"
        );
        values[Cell::at(1, 2).index()] = 0;
        values[Cell::at(6, 7).index()] = 9;
        assert!(rules.check(&values).is_err());
    }

    #[test]
    fn maxima_side_by_side_are_not_compared_with_each_other() {
        // A wall of two maxima, each above the cells beside it that are no maximum.
        let (left, right) = (Cell::at(4, 4), Cell::at(4, 5));
        let rules = Rules::classic()
            .with([Extremum::maximum(left), Extremum::maximum(right)])
            .unwrap();
        let mut values = [0; Cell::COUNT];
        values[left.index()] = 7;
        values[right.index()] = 9;
        assert_eq!(rules.check(&values), Ok(()));
        values[Cell::at(3, 4).index()] = 8;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r5c5: a maximum is more than each cell beside it that is no maximum"
        );
        // Bound by its rules, neither bounds the other; alone, each is above every neighbour.
        let [Constraint::Extremum(bound), _] = rules.constraints() else {
            panic!("two maxima");
        };
        let mut marks = Marks::open();
        marks.set(right, &[9]);
        bound.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(left), [2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(Extremum::maximum(left).narrow(&mut marks), Err(Dead));
        let mut checks = Vec::new();
        bound.lower(&mut checks);
        assert_eq!(
            checks.len(),
            3,
            "compared with three cells, not with {right}"
        );
        // No chevron between the two: each has three.
        let svg = rules.drawing();
        assert_eq!(svg.matches("M").count(), 6, "{svg}");
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn minima_and_maxima_are_read_from_f_puzzles_and_drawn() {
        use crate::variant::fpuzzles::{read, to_json};
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let json = format!(
            r#"{{"size":9,"grid":{grid},"minimum":[{{"cell":"R1C1"}}],"maximum":[{{"cell":"R5C5"}},{{"cell":"R9C2"}}]}}"#
        );
        let puzzle = read(&json).unwrap();
        assert_eq!(
            puzzle.rules.constraints(),
            [
                Extremum::minimum(Cell::at(0, 0)).into(),
                Extremum::maximum(Cell::at(4, 4)).into(),
                Extremum::maximum(Cell::at(8, 1)).into(),
            ]
        );
        assert_eq!(read(&to_json(&puzzle)), Ok(puzzle.clone()));
        let svg = puzzle.rules.drawing();
        assert_eq!(svg.matches("fp-minimum").count(), 1);
        assert_eq!(svg.matches("fp-maximum").count(), 2);
        // The corner's chevrons: into the cell from its right side and from below.
        assert!(
            svg.contains(
                r#"<g class="fp-minimum"><rect x="0" y="0" width="100" height="100"/><path d="M92 38L80 50L92 62M38 92L50 80L62 92"/></g>"#
            ),
            "{svg}"
        );
    }
}
