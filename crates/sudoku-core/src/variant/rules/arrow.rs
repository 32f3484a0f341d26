//! An arrow: the digits on its body add up to the number in its circle. The circle is one cell,
//! or two or three (a pill) whose digits read as a number in their order: a pill of R1C1 and
//! R1C2 holding 1 and 5 reads 15. Digits on the body may repeat where no house forbids it.
//!
//! f-puzzles lists arrows in `arrow`, each entry with its circle's `cells` and its `lines`, each
//! line from a cell of the circle along a body; every line is an arrow of that circle (as
//! f-puzzles' solver reads it), and each is written back as an entry of its own, from the cell of
//! the circle nearest its body. A line with no cell beyond the circle adds nothing.

use std::fmt::Write;

use super::drawing::{Drawing, centre, head, push_polyline, towards};
use super::lowered::Check;
use super::{Constrain, Dead, Narrow, each_on, sum};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{
    Document, Entry, Fields, FormatError, cell_list, cell_names, entries, entry_lines, required,
};
use crate::variant::{CellName, RulesError, Violation};
use crate::words::{mask_text, numbers_text};

#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Arrow {
    /// One to three cells, the digits of its number in order.
    pub circle: Vec<Cell>,
    /// From the circle to the tip.
    pub body: Vec<Cell>,
    /// How the body's sum reads its cells, as the rules' regions are: none until they are
    /// fitted.
    #[cfg_attr(feature = "serde", serde(skip))]
    apart: Option<Apart>,
}

/// An arrow is its circle and its body; how its sum reads them follows from the rules.
impl PartialEq for Arrow {
    fn eq(&self, other: &Arrow) -> bool {
        (&self.circle, &self.body) == (&other.circle, &other.body)
    }
}

impl Eq for Arrow {}

/// The body's cells in groups that differ, each a row, column or region holding several of
/// them (the one holding most first) or a cell alone: at most nine groups, the size of the sums
/// of distinct digits.
#[derive(Clone, Debug)]
struct Apart {
    /// The cells, group after group.
    cells: Vec<Cell>,
    /// The group of each of `cells`.
    groups: Vec<u8>,
    /// The group of each cell of the body, in its order.
    of_body: Vec<u8>,
}

impl Apart {
    /// The groups of `body` under these regions; none when they are more than nine.
    fn of(body: &[Cell], regions: &[u8; Cell::COUNT]) -> Option<Apart> {
        let houses = |cell: Cell| [cell.row(), 9 + cell.col(), 18 + regions[cell.index()]];
        let mut left = body.to_vec();
        let (mut cells, mut groups) = (Vec::new(), Vec::new());
        let mut of_body = vec![0; body.len()];
        let mut group = 0u8;
        while !left.is_empty() {
            if group == 9 {
                return None;
            }
            let mut counts = [0u8; 27];
            for house in left.iter().flat_map(|&cell| houses(cell)) {
                counts[usize::from(house)] += 1;
            }
            // The house holding most of the cells left, the first of equals.
            let most = (0..27u8).rev().max_by_key(|&h| counts[usize::from(h)]);
            let most = most.unwrap_or(0);
            left.retain(|&cell| {
                let inside = houses(cell).contains(&most);
                if inside {
                    cells.push(cell);
                    groups.push(group);
                    if let Some(at) = body.iter().position(|&c| c == cell) {
                        of_body[at] = group;
                    }
                }
                !inside
            });
            group += 1;
        }
        Some(Apart {
            cells,
            groups,
            of_body,
        })
    }
}

/// Whether two cells touch, diagonally too.
fn touch(a: Cell, b: Cell) -> bool {
    a.row().abs_diff(b.row()) <= 1 && a.col().abs_diff(b.col()) <= 1
}

/// Each number whose digits, first to last, are digits of `masks` in turn, after `prefix`.
fn each_number(masks: &[u16], prefix: u32, visit: &mut dyn FnMut(u32)) {
    match masks.split_first() {
        None => visit(prefix),
        Some((&mask, rest)) => {
            for digit in sum::bits(mask) {
                each_number(rest, prefix * 10 + digit, visit);
            }
        }
    }
}

impl Arrow {
    pub fn new(circle: Vec<Cell>, body: Vec<Cell>) -> Arrow {
        Arrow {
            circle,
            body,
            apart: None,
        }
    }

    /// The body's groups of cells that differ, read once, when its totals (at most `high`) stay
    /// within 127.
    fn read_apart(&self, marks: &dyn Narrow, high: u32) -> Option<(&Apart, sum::RunTotals)> {
        let apart = self.apart.as_ref().filter(|_| high <= 127)?;
        Some((
            apart,
            sum::RunTotals::of(marks, &apart.cells, &apart.groups),
        ))
    }

    fn first(&self) -> Cell {
        self.circle.first().copied().unwrap_or(Cell::ALL[0])
    }

    /// The cell of the circle the body leaves from: the nearest to the body's first cell (one
    /// beside it before one diagonally across), the first of those.
    fn start(&self) -> Cell {
        let tail = self.body.first().copied().unwrap_or(self.first());
        let distance = |cell: &&Cell| {
            let (rows, cols) = (
                cell.row().abs_diff(tail.row()),
                cell.col().abs_diff(tail.col()),
            );
            (rows.max(cols), rows + cols)
        };
        let nearest = self.circle.iter().min_by_key(distance);
        nearest.copied().unwrap_or(self.first())
    }

    /// The smallest and largest numbers the circle can read when its blanks (0) are filled.
    fn circle_bounds(&self, values: &[u8; Cell::COUNT]) -> (u32, u32) {
        self.circle
            .iter()
            .fold((0, 0), |(low, high), &cell| match values[cell.index()] {
                0 => (low * 10 + 1, high * 10 + 9),
                digit => (low * 10 + u32::from(digit), high * 10 + u32::from(digit)),
            })
    }
}

impl Constrain for Arrow {
    /// A circle of one to three distinct cells, and a body of distinct cells off the circle,
    /// each touching the one before, the first touching the circle.
    fn validate(&self) -> Result<(), RulesError> {
        let at = CellName(self.first());
        let circle: CellSet = self.circle.iter().copied().collect();
        if !(1..=3).contains(&self.circle.len()) || circle.len() as usize != self.circle.len() {
            return Err(RulesError::Circle {
                at,
                count: self.circle.len(),
            });
        }
        let body: CellSet = self.body.iter().copied().collect();
        let path = self.body.windows(2).all(|pair| touch(pair[0], pair[1]))
            && self
                .body
                .first()
                .is_some_and(|&tail| touch(tail, self.start()));
        if !path || body.len() as usize != self.body.len() || !(body & circle).is_empty() {
            return Err(RulesError::Path { kind: "arrow", at });
        }
        Ok(())
    }

    /// The body adds up to the circle's number: at most the circle's largest with each blank at
    /// 1, exactly once both are full.
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let (low, high) = self.circle_bounds(values);
        let (mut total, mut open) = (0, 0);
        for &cell in &self.body {
            match values[cell.index()] {
                0 => open += 1,
                digit => total += u32::from(digit),
            }
        }
        let fits = total + open <= high && (open > 0 || total >= low);
        (!fits).then_some(Violation::Broken {
            rule: self.broken_rule(),
            at: self.first(),
        })
    }

    fn cells(&self) -> CellSet {
        self.circle.iter().chain(&self.body).copied().collect()
    }

    fn fit_regions(&mut self, regions: &[u8; Cell::COUNT]) {
        self.apart = Apart::of(&self.body, regions);
    }

    /// The circle keeps the digits of the numbers the body can add up to, the body the digits
    /// that add up to one of those numbers, its cells of one row, column or region taking
    /// different digits. The search asks it at every node: no allocation, only the numbers the
    /// circle's marks allow read.
    fn narrows_slowly(&self) -> bool {
        true
    }

    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        let (low, high) = sum::bounds(marks, &self.body);
        let apart = self.read_apart(marks, high);
        let reachable = match &apart {
            Some((_, read)) => Some(read.reachable()),
            None => sum::totals(marks, &self.body),
        };
        let mut masks = [0u16; 3];
        for (mask, &cell) in masks.iter_mut().zip(&self.circle) {
            *mask = marks.digits(cell);
        }
        let masks = &masks[..self.circle.len()];
        // The circle's numbers within reach, digit by digit, and their span.
        let mut kept = [0u16; 3];
        let (mut numbers, mut least, mut most) = (0u128, u32::MAX, 0);
        each_number(masks, 0, &mut |number| {
            let reached = match reachable {
                Some(totals) => number <= 127 && totals >> number & 1 != 0,
                None => (low..=high).contains(&number),
            };
            if !reached {
                return;
            }
            // The number's digits, the last cell's first: none is 0.
            let mut rest = number;
            for kept in kept[..masks.len()].iter_mut().rev() {
                *kept |= 1 << (rest % 10 - 1);
                rest /= 10;
            }
            if number <= 127 {
                numbers |= 1 << number;
            }
            least = least.min(number);
            most = most.max(number);
        });
        if least > most {
            return Err(Dead);
        }
        let mut changed = false;
        for (&cell, &kept) in self.circle.iter().zip(&kept) {
            changed |= marks.keep(cell, kept)?;
        }
        // The circle is off the body, so its narrowing leaves the body as read, but for what the
        // search's placing takes from peers: then the totals read allow too much, never too
        // little, and the body's change has the constraint asked again.
        changed |= if let Some((apart, read)) = apart.filter(|_| most <= 127) {
            read.keep(marks, &apart.cells, numbers)?
        } else if most <= 127 {
            sum::keep_totals(marks, &self.body, numbers)?
        } else {
            sum::keep_range(marks, &self.body, least, most)?
        };
        Ok(changed)
    }

    /// The line's digits less the circle's number make nothing.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        let mut terms: Vec<(Cell, i8)> = self.body.iter().map(|&cell| (cell, 1)).collect();
        let places = self.circle.len() as u32;
        for (i, &cell) in self.circle.iter().enumerate() {
            terms.push((cell, -(10i8.pow(places - 1 - i as u32))));
        }
        checks.push(Check::Sum { terms, total: 0 });
        true
    }

    fn noun(&self) -> &'static str {
        "arrow"
    }

    fn describe(&self) -> String {
        format!("the arrow from {}", self.start())
    }

    fn describe_cells(&self, said: &mut dyn FnMut(Cell, String)) {
        for &cell in &self.circle {
            said(cell, "arrow circle".into());
        }
        each_on(self.body.iter().copied().collect(), &self.describe(), said);
    }

    /// What the line can add up to, for the circle; what the circle can be, for the line's
    /// cells: "the line adds up to 5 to 11, so the circle r9c8 is 7 to 9: r8c7 ≤ 5 (the rest
    /// is 4 at least)".
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let lost = |cell: &Cell| before.digits(*cell) & !after.digits(*cell) != 0;
        let mut masks = [0u16; 3];
        for (mask, &cell) in masks.iter_mut().zip(&self.circle) {
            *mask = after.digits(cell);
        }
        let mut numbers = 0u128;
        each_number(&masks[..self.circle.len()], 0, &mut |number| {
            if number <= 127 {
                numbers |= 1 << number;
            }
        });
        let (low, high) = sum::bounds(after, &self.body);
        let reach = match self.read_apart(after, high) {
            Some((_, read)) => read.reachable(),
            None => sum::totals(after, &self.body).unwrap_or(sum::range(low, high)),
        };
        // The numbers the circle's digits read that the line reaches: a circle of two cells
        // may read more than its digits alone say.
        numbers &= reach;
        let circle: Vec<String> = self.circle.iter().map(Cell::to_string).collect();
        let mut read = numbers_text(numbers);
        if read.matches(", ").count() > 1 {
            let most = 127 - numbers.leading_zeros().min(127);
            read = format!("between {} and {most}", numbers.trailing_zeros());
        }
        let mut said = format!("the circle {} is {read}", circle.join(", "));
        if self.circle.iter().any(lost) {
            said = format!("the line adds up to {}, so {said}", numbers_text(reach));
            if self.circle.len() > 1 {
                let digits: Vec<String> = (self.circle.iter())
                    .map(|&cell| format!("{cell} is {}", mask_text(after.digits(cell))))
                    .collect();
                said = format!("{said} ({})", digits.join(", "));
            }
        }
        if self.body.iter().any(lost) {
            let readings: Vec<&[u8]> = self.apart.iter().map(|a| a.of_body.as_slice()).collect();
            let body = sum::sum_reason(&self.body, &readings, numbers, before, after);
            said = format!("{said}: {}", body.join(", "));
        }
        format!("{}: {said}", self.describe())
    }

    fn rule() -> &'static str {
        "digits on an arrow add up to the number in its circle"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Arrow Sum",
            "The digits along an arrow add up to the number in its circle. The circle can only \
             hold a number the arrow's cells can reach with their candidates, and each cell of \
             the arrow only a digit with which the others can still make one of the circle's \
             numbers. A 3 in the circle with an arrow of two cells leaves 1 and 2 on the arrow; \
             an arrow of three cells puts 6 at least in its circle.",
        ))
    }

    /// One group on the lines' layer: its circle, hollow (a pill when its cells run side by side
    /// along a row or a column), and a line from the circle's edge through the centres of the
    /// body, ending in a head.
    fn draw(&self, drawing: &mut Drawing) {
        const RADIUS: i32 = 40;
        const HEAD: f64 = 24.0;
        let svg = drawing.lines_layer();
        svg.push_str(r#"<g class="fp-arrow">"#);
        let centres: Vec<(i32, i32)> = self.circle.iter().map(|&cell| centre(cell)).collect();
        let (xs, ys) = (centres.iter().map(|c| c.0), centres.iter().map(|c| c.1));
        let (left, right) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
        let (top, bottom) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
        let (width, height) = (right - left, bottom - top);
        // Side by side in a line: the cells span a length of (count - 1) cells, one way only.
        let span = (self.circle.len() as i32 - 1) * 100;
        if self.circle.len() > 1
            && (width, height) != (0, 0)
            && width.max(height) == span
            && width.min(height) == 0
        {
            let _ = write!(
                svg,
                r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{RADIUS}"/>"#,
                left - RADIUS,
                top - RADIUS,
                width + 2 * RADIUS,
                height + 2 * RADIUS
            );
        } else {
            for (x, y) in centres {
                let _ = write!(svg, r#"<circle cx="{x}" cy="{y}" r="{RADIUS}"/>"#);
            }
        }
        let mut points = vec![centre(self.start())];
        points.extend(self.body.iter().map(|&cell| centre(cell)));
        if points.len() > 1 {
            points[0] = towards(points[0], points[1], RADIUS as u16);
            push_polyline(svg, &points);
            push_polyline(svg, &head(&points, HEAD));
        }
        svg.push_str("</g>");
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["arrow"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Arrow>, FormatError> {
        let mut arrows = Vec::new();
        for entry in entries(document, "arrow")? {
            let circle = cell_list(required(entry, "cells")?, "arrow")?;
            for line in entry_lines(entry, "arrow")? {
                let body: Vec<Cell> = line
                    .into_iter()
                    .skip_while(|cell| circle.contains(cell))
                    .collect();
                if !body.is_empty() {
                    arrows.push(Arrow::new(circle.clone(), body));
                }
            }
        }
        Ok(arrows)
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        let mut line = vec![self.start()];
        line.extend(&self.body);
        document.push(
            "arrow",
            Entry {
                cells: cell_names(&self.circle),
                lines: vec![cell_names(&line)],
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

    fn arrow(circle: &[(u8, u8)], body: &[(u8, u8)]) -> Arrow {
        let cells = |cells: &[(u8, u8)]| cells.iter().map(|&(r, c)| Cell::at(r, c)).collect();
        Arrow::new(cells(circle), cells(body))
    }

    #[test]
    fn a_circle_and_its_body_narrow_each_other() {
        let arrow = arrow(&[(0, 0)], &[(0, 1), (1, 1), (2, 1)]);
        let mut marks = Marks::open();
        assert_eq!(arrow.narrow(&mut marks), Ok(true));
        // Three cells add 3 at least: the circle is 3 to 9, each cell of the body 7 at most.
        assert_eq!(marks.list(Cell::at(0, 0)), [3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(marks.list(Cell::at(1, 1)), [1, 2, 3, 4, 5, 6, 7]);
        // A circle of 4 leaves a 2 and two 1s.
        marks.set(Cell::at(0, 0), &[4]);
        arrow.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(Cell::at(2, 1)), [1, 2]);
        marks.set(Cell::at(0, 1), &[2]);
        marks.set(Cell::at(1, 1), &[2]);
        assert_eq!(arrow.narrow(&mut marks), Err(Dead));
    }

    #[test]
    fn cells_of_the_body_in_one_house_differ() {
        // r1c2, r2c2 and r3c2 share column 2 and box 1: once in rules, their digits differ.
        let alone = arrow(&[(0, 0)], &[(0, 1), (1, 1), (2, 1)]);
        let rules = Rules::classic().with([alone.clone()]).unwrap();
        let Some(Constraint::Arrow(fitted)) = rules.constraints().first() else {
            panic!("one arrow");
        };
        let mut marks = Marks::open();
        marks.set(Cell::at(0, 0), &[7]);
        let (mut repeating, mut differing) = (Marks(marks.0), Marks(marks.0));
        alone.narrow(&mut repeating).unwrap();
        fitted.narrow(&mut differing).unwrap();
        // 7 is 1+1+5, 1+2+4, 1+3+3, 2+2+3…: with no repeat, 1+2+4 alone.
        assert_eq!(repeating.list(Cell::at(1, 1)), [1, 2, 3, 4, 5]);
        assert_eq!(differing.list(Cell::at(1, 1)), [1, 2, 4]);
        // A body down the diagonal: the boxes holding most of it first (box 5, box 9, then
        // r2c2 and r3c3 in box 1).
        let diagonal: Vec<(u8, u8)> = (1..9).map(|i| (i, i)).collect();
        let long = arrow(&[(0, 0)], &diagonal);
        let apart = Apart::of(&long.body, Rules::classic().regions()).unwrap();
        assert_eq!(apart.of_body, [2, 2, 0, 0, 0, 1, 1, 1]);
    }

    #[test]
    fn a_pill_reads_its_digits_in_order() {
        let arrow = arrow(&[(0, 0), (0, 1)], &[(1, 1), (2, 1), (3, 1)]);
        let mut marks = Marks::open();
        arrow.narrow(&mut marks).unwrap();
        // Three cells add up to 27 at most: the pill is 11 to 27.
        assert_eq!(marks.list(Cell::at(0, 0)), [1, 2]);
        marks.set(Cell::at(0, 0), &[2]);
        arrow.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(Cell::at(0, 1)), [1, 2, 3, 4, 5, 6, 7]);
        // 27 is three 9s.
        marks.set(Cell::at(0, 1), &[7]);
        arrow.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(Cell::at(3, 1)), [9]);
        let mut values = [0; Cell::COUNT];
        for (cell, value) in [((0, 0), 1), ((0, 1), 6), ((1, 1), 4), ((2, 1), 5)] {
            values[Cell::at(cell.0, cell.1).index()] = value;
        }
        assert_eq!(arrow.check(&values), None);
        values[Cell::at(3, 1).index()] = 7;
        assert_eq!(arrow.check(&values), None);
        values[Cell::at(3, 1).index()] = 8;
        assert_eq!(
            Rules::classic()
                .with([arrow])
                .unwrap()
                .check(&values)
                .unwrap_err()
                .to_string(),
            "r1c1: digits on an arrow add up to the number in its circle"
        );
    }

    #[test]
    fn a_long_body_under_a_three_digit_pill_narrows_by_bounds() {
        let body: Vec<(u8, u8)> = (1..9).flat_map(|r| [(r, 0), (r, 1)]).collect();
        let arrow = arrow(&[(0, 0), (0, 1), (0, 2)], &body);
        assert!(arrow.validate().is_ok());
        let mut marks = Marks::open();
        arrow.narrow(&mut marks).unwrap();
        // Sixteen cells add up to 144 at most: the pill reads 111 to 144.
        assert_eq!(marks.list(Cell::at(0, 0)), [1]);
        assert_eq!(marks.list(Cell::at(0, 1)), [1, 2, 3, 4]);
        assert_eq!(marks.list(Cell::at(4, 1)).len(), 9);
        // 141 to 144: the fifteen others add 135 at most, so each cell is 6 at least.
        marks.set(Cell::at(0, 1), &[4]);
        arrow.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(Cell::at(0, 2)), [1, 2, 3, 4]);
        assert_eq!(marks.list(Cell::at(4, 1)), [6, 7, 8, 9]);
    }

    #[test]
    fn a_broken_arrow_is_refused() {
        let apart = arrow(&[(0, 0)], &[(0, 2)]);
        assert!(apart.validate().is_err());
        let looped = arrow(&[(0, 0)], &[(0, 1), (0, 0)]);
        assert!(looped.validate().is_err());
        let wide = arrow(&[(0, 0), (0, 1), (0, 2), (0, 3)], &[(1, 3)]);
        assert_eq!(
            wide.validate().unwrap_err().to_string(),
            "the arrow at R1C1 has a circle of 4 cells, need 1 to 3"
        );
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn f_puzzles_arrows_are_one_per_line() {
        use crate::variant::fpuzzles;
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let arrows = r#"[{"lines":[["R1C1","R2C2","R3C3"],["R1C1","R1C2"],["R1C1"]],"cells":["R1C1"]},
            {"lines":[["R5C6","R6C7"]],"cells":["R5C5","R5C6"]}]"#;
        let json = format!(r#"{{"size":9,"grid":{grid},"arrow":{arrows}}}"#);
        let puzzle = fpuzzles::read(&json).unwrap();
        let read: Vec<_> = puzzle.rules.constraints().to_vec();
        assert_eq!(
            read,
            [
                arrow(&[(0, 0)], &[(1, 1), (2, 2)]).into(),
                arrow(&[(0, 0)], &[(0, 1)]).into(),
                arrow(&[(4, 4), (4, 5)], &[(5, 6)]).into(),
            ]
        );
        let written = fpuzzles::to_json(&puzzle);
        assert!(
            written.contains(r#"{"cells":["R5C5","R5C6"],"lines":[["R5C6","R6C7"]]}"#),
            "{written}"
        );
        assert_eq!(fpuzzles::read(&written), Ok(puzzle));
    }

    #[test]
    fn an_arrow_leaves_its_circle_from_the_edge_and_ends_in_a_head() {
        let arrow = |circle: &[(u8, u8)], body: &[(u8, u8)]| {
            let cells = |list: &[(u8, u8)]| list.iter().map(|&(r, c)| Cell::at(r, c)).collect();
            let arrow = Arrow::new(cells(circle), cells(body));
            Rules::classic().with([arrow]).unwrap().drawing()
        };
        // A circle of one cell, the line down from its lower edge, a head pointing down.
        let svg = arrow(&[(0, 0)], &[(1, 0), (2, 0)]);
        assert_eq!(
            svg,
            concat!(
                r#"<g data-rule="0"><g class="fp-arrow"><circle cx="50" cy="50" r="40"/>"#,
                r#"<polyline points="50,90 50,150 50,250"/>"#,
                r#"<polyline points="67,233 50,250 33,233"/></g></g>"#
            )
        );
        // Two cells side by side: one pill around both; the line leaves the nearer.
        let svg = arrow(&[(0, 0), (0, 1)], &[(1, 2)]);
        assert!(
            svg.contains(r#"<rect x="10" y="10" width="180" height="80" rx="40"/>"#),
            "{svg}"
        );
        assert!(
            svg.contains(r#"<polyline points="178,78 250,150"/>"#),
            "{svg}"
        );
        // Two cells diagonally across: a circle on each.
        let svg = arrow(&[(0, 0), (1, 1)], &[(2, 2)]);
        assert_eq!(svg.matches("<circle").count(), 2, "{svg}");
    }
}
