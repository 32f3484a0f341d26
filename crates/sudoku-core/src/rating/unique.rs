//! Unique rectangles and loops: SE 1.2.1's `UniqueLoops` producer, types 1 to 4.
//!
//! SE rates a loop 4.5, plus 0.1 for six cells, 0.2 for eight, 0.5 for ten or more
//! (`UniqueLoopHint`); type 3 adds 0.1 per value of its naked set beyond one
//! (`UniqueLoopType3NakedHint`), or per cell of its hidden set beyond one, counting the cells
//! outside the loop (`UniqueLoopType3HiddenHint`). The producer sorts its hints by rating, then by
//! type, and reports the first.

use super::board::{Board, CandidateSet, Kind};
use super::combinations::{bits, masks};
use super::hint::Hint;
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};

/// A loop of cells in the order SE walked it (at most 81).
struct Path {
    cells: Vec<Cell>,
    members: CellSet,
}

/// One found hint with SE's sort keys.
struct Found {
    difficulty: f64,
    kind: u8,
    hint: Hint,
}

pub(crate) fn first(board: &Board) -> Option<Hint> {
    let mut found: Vec<Found> = Vec::new();
    let mut loops = Vec::new();
    for start in board.empty_cells().iter() {
        let Some((v1, v2)) = board.candidates(start).pair() else {
            continue;
        };
        loops.clear();
        let mut path = Path {
            cells: Vec::with_capacity(16),
            members: CellSet::EMPTY,
        };
        walk(
            board,
            start,
            v1,
            v2,
            &mut path,
            2,
            DigitSet::EMPTY,
            None,
            &mut loops,
        );
        for cells in &loops {
            if is_valid_loop(cells) {
                hints_of_loop(board, cells, v1, v2, &mut found);
            }
        }
    }
    // A stable sort, as Java's: equal keys keep the order found.
    found.sort_by(|a, b| {
        a.difficulty
            .total_cmp(&b.difficulty)
            .then(a.kind.cmp(&b.kind))
    });
    found.into_iter().next().map(|f| f.hint)
}

/// SE's `checkForLoops`: a depth-first walk over cells holding both digits, changing the kind of
/// house at each step, allowing cells with other digits while `allowed_extra` lasts or while the
/// extra digits seen so far are one. (SE accumulates those extra digits over the siblings tried
/// before, not only along the path; so does this walk.)
#[allow(clippy::too_many_arguments)]
fn walk(
    board: &Board,
    cell: Cell,
    v1: Digit,
    v2: Digit,
    path: &mut Path,
    allowed_extra: i32,
    extra: DigitSet,
    last_kind: Option<Kind>,
    loops: &mut Vec<Vec<Cell>>,
) {
    path.cells.push(cell);
    path.members.insert(cell);
    let pair = DigitSet::single(v1) | DigitSet::single(v2);
    let mut extra = extra;
    for kind in Kind::CHAIN_ORDER {
        if Some(kind) == last_kind {
            continue;
        }
        for &next in kind.house_of(cell).cells() {
            if next == path.cells[0] && path.cells.len() >= 4 {
                loops.push(path.cells.clone());
            } else if !path.members.contains(next) {
                let digits = board.candidates(next);
                if (digits & pair) == pair {
                    extra |= digits - pair;
                    let count = digits.len();
                    if count == 2 || extra.len() == 1 || allowed_extra > 0 {
                        let allowed = allowed_extra - i32::from(count > 2);
                        walk(board, next, v1, v2, path, allowed, extra, Some(kind), loops);
                    }
                }
            }
        }
    }
    path.cells.pop();
    path.members.remove(cell);
}

/// Every house is visited once at odd positions and once at even positions, or never.
fn is_valid_loop(cells: &[Cell]) -> bool {
    let mut odd = [false; 27];
    let mut even = [false; 27];
    for (i, &cell) in cells.iter().enumerate() {
        let visited = if i % 2 == 1 { &mut odd } else { &mut even };
        for house in cell.houses() {
            if visited[house.id()] {
                return false;
            }
            visited[house.id()] = true;
        }
    }
    odd == even
}

fn base_difficulty(size: usize) -> f64 {
    let mut result = 4.5;
    if size >= 10 {
        result += 0.3;
    }
    if size >= 8 {
        result += 0.2;
    } else if size >= 6 {
        result += 0.1;
    }
    result
}

fn name(size: usize, kind: u8) -> &'static str {
    match (size == 4, kind) {
        (true, 1) => "Unique Rectangle type 1",
        (true, 2) => "Unique Rectangle type 2",
        (true, 3) => "Unique Rectangle type 3",
        (true, _) => "Unique Rectangle type 4",
        (false, 1) => "Unique Loop type 1",
        (false, 2) => "Unique Loop type 2",
        (false, 3) => "Unique Loop type 3",
        (false, _) => "Unique Loop type 4",
    }
}

fn push(found: &mut Vec<Found>, size: usize, kind: u8, difficulty: f64, removed: CandidateSet) {
    if !removed.is_empty() {
        found.push(Found {
            difficulty,
            kind,
            hint: Hint::eliminating(name(size, kind), difficulty, removed),
        });
    }
}

fn hints_of_loop(board: &Board, cells: &[Cell], v1: Digit, v2: Digit, found: &mut Vec<Found>) {
    let size = cells.len();
    let base = base_difficulty(size);
    let pair = DigitSet::single(v1) | DigitSet::single(v2);
    let extra_cells: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| board.count(c) > 2)
        .collect();
    match extra_cells.len() {
        0 => {}
        1 => {
            let mut removed = CandidateSet::EMPTY;
            for digit in pair.iter() {
                removed.insert(extra_cells[0], digit);
            }
            push(found, size, 1, base, removed);
        }
        2 => {
            let (c1, c2) = (extra_cells[0], extra_cells[1]);
            let others = (board.candidates(c1) | board.candidates(c2)) - pair;
            if others.len() == 1 {
                push(found, size, 2, base, type_2(board, &extra_cells, pair));
            } else if others.len() >= 2 {
                type_3(board, size, c1, c2, v1, v2, found);
            }
            push(found, size, 4, base, type_4(board, c1, c2, v1, v2));
        }
        _ => push(found, size, 2, base, type_2(board, &extra_cells, pair)),
    }
}

/// The extra digit of the first extra cell, removed from the cells seeing every extra cell.
fn type_2(board: &Board, extra_cells: &[Cell], pair: DigitSet) -> CandidateSet {
    let mut removed = CandidateSet::EMPTY;
    if let Some(digit) = (board.candidates(extra_cells[0]) - pair).first() {
        let seeing_all = extra_cells
            .iter()
            .fold(CellSet::ALL, |acc, c| acc & c.peers());
        removed.insert_cells(board.plane(digit) & seeing_all, digit);
    }
    removed
}

/// One of the loop's digits has no other place in a house of both extra cells: the other digit
/// goes from both.
fn type_4(board: &Board, c1: Cell, c2: Cell, v1: Digit, v2: Digit) -> CandidateSet {
    let both = CellSet::single(c1) | CellSet::single(c2);
    let mut locked_v1 = false;
    let mut locked_v2 = false;
    for kind in Kind::CHAIN_ORDER {
        let house = kind.house_of(c1);
        if house != kind.house_of(c2) {
            continue;
        }
        locked_v1 |= (board.positions(house, v1) - both).is_empty();
        locked_v2 |= (board.positions(house, v2) - both).is_empty();
    }
    let mut removed = CandidateSet::EMPTY;
    if locked_v1 {
        removed.insert_cells(both & board.plane(v2), v2);
    } else if locked_v2 {
        removed.insert_cells(both & board.plane(v1), v1);
    }
    removed
}

/// SE's `searchCommonTuple`: every set has two or more digits and together they have `degree`.
fn common_tuple(sets: &[DigitSet], degree: u32) -> Option<DigitSet> {
    let mut union = DigitSet::EMPTY;
    for &set in sets {
        if set.len() <= 1 {
            return None;
        }
        union |= set;
    }
    (union.len() == degree).then_some(union)
}

/// The extra digits of the two cells, as one virtual cell, make a naked set with other cells of a
/// house they share; or the loop's digits with others make a hidden set there.
fn type_3(
    board: &Board,
    size: usize,
    c1: Cell,
    c2: Cell,
    v1: Digit,
    v2: Digit,
    found: &mut Vec<Found>,
) {
    let base = base_difficulty(size);
    let pair = DigitSet::single(v1) | DigitSet::single(v2);
    let extra = (board.candidates(c1) | board.candidates(c2)) - pair;
    for degree in extra.len()..=7 {
        for kind in Kind::CHAIN_ORDER {
            let house = kind.house_of(c1);
            if house != kind.house_of(c2) {
                continue;
            }
            let empty = board.empty_count(house);
            let cells = house.cells();
            let index_of = |c: Cell| cells.iter().position(|&x| x == c).unwrap_or(0);
            let set = Type3 {
                board,
                house,
                index1: index_of(c1),
                index2: index_of(c2),
                c1,
                c2,
                extra,
                pair,
                base,
                size,
            };
            if degree * 2 <= empty {
                set.naked(degree, found);
            }
            if degree * 2 < empty {
                set.hidden(degree, found);
            }
        }
    }
}

/// Type 3 in one house both extra cells share: `c1` and `c2`, at `index1` and `index2` among the
/// house's cells.
struct Type3<'a> {
    board: &'a Board,
    house: House,
    index1: usize,
    index2: usize,
    c1: Cell,
    c2: Cell,
    extra: DigitSet,
    pair: DigitSet,
    base: f64,
    size: usize,
}

impl Type3<'_> {
    /// The extra digits, as one virtual cell, with `degree - 1` other cells make a naked set.
    fn naked(&self, degree: u32, found: &mut Vec<Found>) {
        let cells = self.house.cells();
        for mask in masks(9, degree) {
            if mask & (1 << self.index1) == 0 || mask & (1 << self.index2) != 0 {
                continue;
            }
            let mut naked =
                self.extra & self.board.candidates(self.c1) & self.board.candidates(self.c2);
            let mut sets = Vec::with_capacity(degree as usize);
            let mut others = CellSet::EMPTY;
            for i in bits(mask) {
                if i == self.index1 {
                    sets.push(self.extra);
                } else {
                    let digits = self.board.candidates(cells[i]);
                    sets.push(digits);
                    naked |= digits;
                    others.insert(cells[i]);
                }
            }
            if naked.len() != degree {
                continue;
            }
            let Some(common) = common_tuple(&sets, degree) else {
                continue;
            };
            let mut removed = CandidateSet::EMPTY;
            let outside = self.house.cell_set()
                - others
                - CellSet::single(self.c1)
                - CellSet::single(self.c2);
            for digit in common.iter() {
                removed.insert_cells(self.board.plane(digit) & outside, digit);
            }
            let difficulty = self.base + f64::from(common.len() - 1) * 0.1;
            push(found, self.size, 3, difficulty, removed);
        }
    }

    /// The loop's digits with `degree - 2` others make a hidden set.
    fn hidden(&self, degree: u32, found: &mut Vec<Found>) {
        let rest: Vec<Digit> = (DigitSet::ALL - self.pair - self.extra).iter().collect();
        if degree - 2 > rest.len() as u32 {
            return;
        }
        for mask in masks(rest.len() as u32, degree - 2) {
            let hidden: DigitSet = bits(mask).map(|i| rest[i]).collect::<DigitSet>() | self.pair;
            let mut union = CellSet::EMPTY;
            let mut each_has_one = true;
            for digit in hidden.iter() {
                let places = self.board.positions(self.house, digit) - CellSet::single(self.c2);
                each_has_one &= !places.is_empty();
                union |= places;
            }
            if !each_has_one || union.len() != degree {
                continue;
            }
            let inside = union - CellSet::single(self.c1) - CellSet::single(self.c2);
            let mut removed = CandidateSet::EMPTY;
            for cell in inside.iter() {
                for digit in (self.board.candidates(cell) - hidden).iter() {
                    removed.insert(cell, digit);
                }
            }
            let difficulty = self.base + f64::from(inside.len().saturating_sub(1)) * 0.1;
            push(found, self.size, 3, difficulty, removed);
        }
    }
}
