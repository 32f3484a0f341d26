//! Unique Rectangles. Four empty cells at the corners of a rectangle spanning two rows, two
//! columns and two boxes, all with candidates u and v: if they held only u and v, the digits
//! could be swapped around the rectangle and the puzzle would have two solutions (a deadly
//! pattern). A puzzle with one solution therefore puts some other digit in one of the corners.
//!
//! - Type 1: three corners hold only {u,v}; the fourth must take another digit, so u and v
//!   leave it.
//! - Type 2: two corners on one side hold only {u,v}; the other two (the roof) hold u, v and one
//!   same extra digit x. One roof cell is x, so x leaves every cell that sees both.
//! - Type 3: as Type 2, but the roof's extra digits act as one pseudo-cell that forms a naked
//!   subset with other cells of a house the roof shares; the subset's digits leave the rest of
//!   the house.
//! - Type 4: as Type 2, but u fits nowhere else in a house the roof shares: u is in one roof
//!   cell, so the other cannot be v (both would make the pattern), and v leaves both.
//!
//! Only empty cells count: a corner already filled, given or placed, cannot be swapped.

use std::ops::ControlFlow;

use super::{Assumes, Found, Technique, for_each_union};
use crate::candidates::Candidates;
use crate::cell::Cell;
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text, digits_text, houses_text};

pub struct UniqueRectangle {
    kind: u8,
}

pub static TYPE_1: UniqueRectangle = UniqueRectangle { kind: 1 };
pub static TYPE_2: UniqueRectangle = UniqueRectangle { kind: 2 };
pub static TYPE_3: UniqueRectangle = UniqueRectangle { kind: 3 };
pub static TYPE_4: UniqueRectangle = UniqueRectangle { kind: 4 };

/// The sides of a rectangle whose corners are `[r1c1, r1c2, r2c1, r2c2]`, as masks of corners:
/// the two rows, then the two columns.
const SIDES: [u8; 4] = [0b0011, 0b1100, 0b0101, 0b1010];

/// A rectangle of four empty cells in two rows, two columns and two boxes, and two digits {u,v}
/// that are all the candidates of one of its corners.
#[derive(Clone, Copy)]
pub(super) struct Rectangle<'a> {
    pub marks: &'a Candidates,
    /// In reading order: `[r1c1, r1c2, r2c1, r2c2]`.
    pub corners: [Cell; 4],
    pub uv: DigitSet,
}

impl Rectangle<'_> {
    /// A step of `technique` whose pattern is the four corners with all their candidates.
    pub fn step(&self, technique: &'static str) -> Step {
        Step::new(technique).pattern_cells(self.marks, self.corners.into_iter().collect())
    }

    /// Sets the text: `<technique> u/v in <corners><detail> => <outcome>`.
    pub fn explain(&self, step: Step, detail: &str) -> Step {
        step.explain(|s| {
            format!(
                "{} {} in {}{detail} {}",
                s.technique,
                digits_text(self.uv),
                cells_text(self.corners.into_iter().collect()),
                s.outcome_text()
            )
        })
    }
}

/// Calls `f` with every rectangle of four empty cells in two rows, two columns and two boxes,
/// once for each pair of digits that is all the candidates of some corner.
///
/// The other corners need not show both digits: the argument is about the solution (a pattern
/// whose digits could be swapped around the rectangle), and a candidate already ruled out only
/// makes that pattern less possible.
pub(super) fn for_each_rectangle(
    marks: &Candidates,
    f: &mut dyn FnMut(Rectangle) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let empty = marks.empty_cells();
    let bivalue = marks.bivalue_cells();
    for r1 in 0..8u8 {
        for r2 in r1 + 1..9 {
            let same_band = r1 / 3 == r2 / 3;
            let open = |c: u8| empty.contains(Cell::at(r1, c)) && empty.contains(Cell::at(r2, c));
            let pair =
                |c: u8| bivalue.contains(Cell::at(r1, c)) || bivalue.contains(Cell::at(r2, c));
            for c1 in 0..8u8 {
                if !open(c1) {
                    continue;
                }
                for c2 in c1 + 1..9 {
                    // Two boxes: the rows share a band or the columns share a stack, not both.
                    if same_band == (c1 / 3 == c2 / 3) || !open(c2) || !(pair(c1) || pair(c2)) {
                        continue;
                    }
                    let corners = [
                        Cell::at(r1, c1),
                        Cell::at(r1, c2),
                        Cell::at(r2, c1),
                        Cell::at(r2, c2),
                    ];
                    for (i, &corner) in corners.iter().enumerate() {
                        let uv = marks.get(corner);
                        if uv.len() == 2 && !corners[..i].iter().any(|&c| marks.get(c) == uv) {
                            f(Rectangle { marks, corners, uv })?;
                        }
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The houses both cells lie in.
fn shared_houses(a: Cell, b: Cell) -> impl Iterator<Item = House> {
    let theirs = b.houses();
    a.houses().into_iter().filter(move |h| theirs.contains(h))
}

impl Technique for UniqueRectangle {
    fn assumes(&self) -> Assumes {
        Assumes::ClassicRules
    }

    fn name(&self) -> &'static str {
        match self.kind {
            1 => "Unique Rectangle Type 1",
            2 => "Unique Rectangle Type 2",
            3 => "Unique Rectangle Type 3",
            _ => "Unique Rectangle Type 4",
        }
    }

    fn about(&self) -> &'static str {
        match self.kind {
            1 => {
                "Four empty cells at the corners of a rectangle over two boxes all hold the same \
                 two candidates, and three of them hold nothing else. If the fourth were one of \
                 the two digits too, they could be swapped around the rectangle and the puzzle \
                 would have two solutions. A proper puzzle has one, so the fourth corner is \
                 neither digit."
            }
            2 => {
                "A rectangle of four empty cells over two boxes: two corners on one side hold \
                 only the two digits u and v, the other two hold u, v and the same extra digit. \
                 Without the extra digit the rectangle would have two solutions, so one of those \
                 two corners holds it, and no cell that sees both can."
            }
            3 => {
                "A rectangle of four empty cells over two boxes: two corners on one side hold \
                 only the two digits u and v, the other two hold extra digits. One of them takes \
                 an extra digit (otherwise the rectangle would have two solutions), so together \
                 they act as one cell holding the extra digits, which can form a naked subset \
                 with other cells of a house they share."
            }
            _ => {
                "A rectangle of four empty cells over two boxes: two corners on one side hold \
                 only the two digits u and v, the other two hold more. If u fits nowhere else in \
                 a house those two share, one of them is u, so the other cannot be v (the \
                 rectangle would have two solutions): v leaves both."
            }
        }
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for_each_rectangle(marks, &mut |rect| {
            let Rectangle { corners, uv, .. } = rect;
            // Bit i set: corner i holds only u and v.
            let bivalue = (0..4)
                .filter(|&i| marks.get(corners[i]) == uv)
                .fold(0u8, |mask, i| mask | 1 << i);
            if self.kind == 1 {
                if bivalue.count_ones() == 3 {
                    let target = corners[(!bivalue).trailing_zeros() as usize];
                    let removed = marks.get(target) & uv;
                    if !removed.is_empty() {
                        let step = rect
                            .step(self.name())
                            .eliminate(CellSet::single(target), removed);
                        found(rect.explain(step, ""))?;
                    }
                }
                return ControlFlow::Continue(());
            }
            // Two corners on one side hold only u and v; the other two (the roof) hold more.
            if !SIDES.contains(&bivalue) {
                return ControlFlow::Continue(());
            }
            let roof = !bivalue & 0b1111;
            let a = corners[roof.trailing_zeros() as usize];
            let b = corners[7 - roof.leading_zeros() as usize];
            if (marks.get(a) - uv).is_empty() || (marks.get(b) - uv).is_empty() {
                return ControlFlow::Continue(());
            }
            let roofed = Roof {
                technique: self.name(),
                rect,
                a,
                b,
            };
            match self.kind {
                2 => roofed.type_2(found),
                3 => roofed.type_3(found),
                _ => roofed.type_4(found),
            }
        })
    }
}

/// For types 2 to 4: a rectangle whose two corners on one side hold only u and v, and its roof,
/// the other two corners `a` and `b`, which hold more.
#[derive(Clone, Copy)]
struct Roof<'a> {
    technique: &'static str,
    rect: Rectangle<'a>,
    a: Cell,
    b: Cell,
}

impl Roof<'_> {
    fn type_2(&self, found: Found<'_>) -> ControlFlow<()> {
        let Roof { rect, a, b, .. } = *self;
        let Rectangle { marks, uv, .. } = rect;
        let extra = marks.get(a) - uv;
        let Some(x) = extra.single_digit() else {
            return ControlFlow::Continue(());
        };
        if marks.get(b) - uv != extra {
            return ControlFlow::Continue(());
        }
        let targets = a.peers() & b.peers() & marks.cells_with(x);
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let step = rect.step(self.technique).eliminate(targets, extra);
        found(rect.explain(step, &format!(" (extra {x} in {a},{b})")))
    }

    fn type_3(&self, found: Found<'_>) -> ControlFlow<()> {
        let Roof { rect, a, b, .. } = *self;
        let Rectangle { marks, uv, .. } = rect;
        let extra = (marks.get(a) | marks.get(b)) - uv;
        if extra.len() > 4 {
            return ControlFlow::Continue(());
        }
        let roof = CellSet::single(a).with(b);
        let empty = marks.empty_cells();
        for house in shared_houses(a, b) {
            let cells: Vec<Cell> = (empty & (house.cell_set() - roof))
                .iter()
                .filter(|c| (marks.get(*c) | extra).len() <= 4)
                .collect();
            let candidates: Vec<DigitSet> = cells.iter().map(|&c| marks.get(c)).collect();
            for size in 1..=3 {
                if extra.len() as usize > size + 1 {
                    continue;
                }
                let members = size as u32 + 1;
                for_each_union(&candidates, extra, size, members, &mut |chosen, digits| {
                    let subset: CellSet = chosen.iter().map(|&k| cells[k]).collect();
                    // A subset that also lies in the roof's other shared house (its box, or its
                    // line) clears both; it is reported once, from the first.
                    let houses: Vec<House> = shared_houses(a, b)
                        .filter(|h| (subset - h.cell_set()).is_empty())
                        .collect();
                    if houses[0] != house {
                        return ControlFlow::Continue(());
                    }
                    let reach = houses
                        .iter()
                        .fold(CellSet::EMPTY, |acc, h| acc | h.cell_set());
                    let removed = (reach - roof - subset) & marks.cells_with_any(digits);
                    if removed.is_empty() {
                        return ControlFlow::Continue(());
                    }
                    let mut step = rect.step(self.technique);
                    for &h in &houses {
                        step = step.house(h);
                    }
                    step = step
                        .eliminate_candidates(marks, removed, digits)
                        .pattern_cells(marks, subset);
                    let subset_name = match size {
                        1 => "pair",
                        2 => "triple",
                        _ => "quad",
                    };
                    let detail = format!(
                        " (extra {} with {} form a naked {subset_name} {} in {})",
                        digits_text(extra),
                        cells_text(subset),
                        digits_text(digits),
                        houses_text(&houses)
                    );
                    found(rect.explain(step, &detail))
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    fn type_4(&self, found: Found<'_>) -> ControlFlow<()> {
        let Roof { rect, a, b, .. } = *self;
        let Rectangle { marks, uv, .. } = rect;
        let roof = CellSet::single(a).with(b);
        for u in uv.iter() {
            let Some(house) = shared_houses(a, b).find(|&h| marks.places_in(u, h) == roof) else {
                continue;
            };
            let v = uv - DigitSet::single(u);
            let Some(v_digit) = v.first() else { continue };
            let targets = roof & marks.cells_with(v_digit);
            if targets.is_empty() {
                continue;
            }
            let step = rect.step(self.technique).house(house).eliminate(targets, v);
            let detail = format!(" ({u} only in {a},{b} of {house})");
            found(rect.explain(step, &detail))?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Digit;
    use crate::grid::Grid;
    use crate::techniques::tests::keep;

    /// Three corners of a rectangle over boxes 1 and 2 that hold only 4 and 9.
    const RECTANGLE_4_9: [(u8, u8, &[u8]); 3] = [(0, 0, &[4, 9]), (0, 3, &[4, 9]), (1, 0, &[4, 9])];

    #[test]
    fn type_1_clears_the_fourth_corner() {
        let mut marks = Candidates::new(&Grid::empty());
        keep(&mut marks, &RECTANGLE_4_9);
        let step = TYPE_1.first(&marks).expect("a Unique Rectangle");
        assert_eq!(
            step.text,
            "Unique Rectangle Type 1 4/9 in r1c1,r1c4,r2c1,r2c4 => r2c4<>4, r2c4<>9"
        );
    }

    #[test]
    fn a_filled_corner_is_never_part_of_a_rectangle() {
        let mut digits = [None; 81];
        digits[Cell::at(1, 3).index()] = Digit::new(7);
        let mut marks = Candidates::new(&Grid::from_givens(digits));
        keep(&mut marks, &RECTANGLE_4_9);
        let _ = for_each_rectangle(&marks, &mut |rect| {
            assert!(!rect.corners.contains(&Cell::at(1, 3)));
            ControlFlow::Continue(())
        });
        assert!(TYPE_1.first(&marks).is_none());
    }

    #[test]
    fn rectangles_have_four_empty_corners_in_two_rows_columns_and_boxes() {
        let puzzle =
            "2...5...6.1.....9.6..8.1..3..7.9.6.....7.3...9...8...21.......5.6.9.2.1...3.6.2..";
        let solution =
            "284359176315627894679841523857294631426713958931586742192478365568932417743165289";
        let mut marks = Candidates::new(&Grid::parse_line(puzzle).expect("puzzle"));
        // Some digits placed while solving: they count as filled, like the givens.
        for i in [1, 2, 3, 10, 40, 41, 70, 80] {
            let digit = Digit::new(solution.as_bytes()[i] - b'0').expect("digit");
            marks.place(Cell::new(i as u8).expect("cell"), digit);
        }
        let mut seen = 0;
        let _ = for_each_rectangle(&marks, &mut |Rectangle { corners, uv, .. }| {
            seen += 1;
            let distinct = |f: fn(Cell) -> u8| {
                let mut v: Vec<u8> = corners.iter().map(|&c| f(c)).collect();
                v.sort_unstable();
                v.dedup();
                v.len()
            };
            assert_eq!(distinct(Cell::row), 2);
            assert_eq!(distinct(Cell::col), 2);
            assert_eq!(distinct(Cell::box_index), 2);
            assert!(corners.iter().all(|&c| marks.grid().get(c).is_none()));
            assert!(corners.iter().any(|&c| marks.get(c) == uv));
            ControlFlow::Continue(())
        });
        assert!(seen > 0);
    }
}
