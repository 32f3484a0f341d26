//! What a sum allows, for the Killer techniques: which digits each cell of a cage (or of a set
//! of innies) can still take, given each cell's options, the sum, and which cells must differ.
//!
//! A cage's cells all differ, so its digits are one of the sets of distinct digits of its size
//! and sum (the table in [`crate::layout`]). For each such set, the ways to give its digits to
//! the cells are found by sweeping the cells forwards and backwards, keeping the sets of digits
//! the first `k` (or the last `n - k`) cells can use; a digit is possible in a cell when some
//! use by the cells before it and some by the cells after it make up the rest of the set.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::candidates::Candidates;
use crate::cell::Cell;
use crate::combinations::combinations;
use crate::house::{House, HouseKind};
use crate::sets::{CellSet, DigitSet};

/// Every digit set's bits, as `DigitSet` keeps them (bit `d` for digit `d`), fit below this.
const MASKS: usize = 1 << 10;

/// A set of digit sets: bit `m` for the digit set of bits `m`.
#[derive(Clone, Copy)]
struct Masks([u64; MASKS / 64]);

impl Masks {
    const NONE: Masks = Masks([0; MASKS / 64]);
    fn insert(&mut self, mask: u16) {
        self.0[usize::from(mask >> 6)] |= 1 << (mask & 63);
    }
    fn contains(&self, mask: u16) -> bool {
        self.0[usize::from(mask >> 6)] & 1 << (mask & 63) != 0
    }
    fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.0.iter().enumerate().flat_map(|(word, &bits)| {
            let mut left = bits;
            std::iter::from_fn(move || {
                let bit = (left != 0).then(|| left.trailing_zeros())?;
                left &= left - 1;
                Some((word * 64) as u16 + bit as u16)
            })
        })
    }
}

/// An area whose digits' sum is known: one or a few houses of nine cells, 45 each.
pub(crate) struct SumArea {
    pub houses: Vec<House>,
    pub cells: CellSet,
    pub total: i32,
}

impl SumArea {
    fn of(marks: &Candidates, houses: Vec<House>) -> SumArea {
        let cells = houses
            .iter()
            .fold(CellSet::EMPTY, |acc, &h| acc | marks.cells_of(h));
        let total = 45 * houses.len() as i32;
        SumArea {
            houses,
            cells,
            total,
        }
    }

    /// The cells of the cages with a sum lying inside the area, and the sum of those cages.
    pub fn inside(&self, marks: &Candidates) -> (CellSet, i32) {
        let (mut cells, mut sum) = (CellSet::EMPTY, 0);
        for cage in marks.cages() {
            if let Some(cage_sum) = cage.sum
                && (cage.cells - self.cells).is_empty()
            {
                cells |= cage.cells;
                sum += i32::from(cage_sum);
            }
        }
        (cells, sum)
    }
}

/// The areas whose sum is known: each row, column, box or region, then two and three
/// neighbouring rows or columns, two neighbouring boxes, four neighbouring rows or columns, and
/// a band of three rows or columns with a box outside it, simplest first (their steps name
/// fewer houses). None when no cage has a sum, or when two cages with a sum share a cell: their
/// sums do not add up over an area then.
pub(crate) fn sum_areas(marks: &Candidates) -> Vec<SumArea> {
    let mut covered = CellSet::EMPTY;
    let mut summed = false;
    for cage in marks.cages().iter().filter(|cage| cage.sum.is_some()) {
        if !(covered & cage.cells).is_empty() {
            return Vec::new();
        }
        covered |= cage.cells;
        summed = true;
    }
    if !summed {
        return Vec::new();
    }
    let mut areas: Vec<Vec<House>> = marks
        .houses()
        .iter()
        .filter(|h| {
            matches!(
                h.kind(),
                HouseKind::Row | HouseKind::Column | HouseKind::Box | HouseKind::Region
            )
        })
        .map(|&h| vec![h])
        .collect();
    let lines = |areas: &mut Vec<Vec<House>>, width: u8| {
        for line in [House::row as fn(u8) -> House, House::column] {
            for first in 0..=9 - width {
                areas.push((first..first + width).map(line).collect());
            }
        }
    };
    lines(&mut areas, 2);
    lines(&mut areas, 3);
    let boxes = marks.has_boxes();
    if boxes {
        // Two neighbouring boxes, side by side or one above the other.
        for b in 0..9u8 {
            if b % 3 < 2 {
                areas.push(vec![House::box_at(b), House::box_at(b + 1)]);
            }
            if b < 6 {
                areas.push(vec![House::box_at(b), House::box_at(b + 3)]);
            }
        }
    }
    // Four lines hold what the other five miss: larger areas find innies and outies where the
    // cages cross too many lines for three.
    lines(&mut areas, 4);
    if boxes {
        // A band of three rows or columns and a box outside it.
        for rows in [true, false] {
            let line = if rows { House::row } else { House::column };
            for band in 0..3u8 {
                for b in 0..9u8 {
                    if (if rows { b / 3 } else { b % 3 }) != band {
                        let mut area: Vec<House> = (band * 3..band * 3 + 3).map(line).collect();
                        area.push(House::box_at(b));
                        areas.push(area);
                    }
                }
            }
        }
    }
    areas
        .into_iter()
        .map(|houses| SumArea::of(marks, houses))
        .collect()
}

/// What each cell may hold: its digit once filled, else its candidates.
pub(crate) fn options(marks: &Candidates, cells: &[Cell]) -> Vec<DigitSet> {
    cells
        .iter()
        .map(|&cell| match marks.grid().get(cell) {
            Some(digit) => DigitSet::single(digit),
            None => marks.get(cell),
        })
        .collect()
}

/// `1+5+9 or 2+4+9`
pub(crate) fn sets_text(sets: &[DigitSet]) -> String {
    let texts: Vec<String> = sets
        .iter()
        .map(|set| {
            set.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("+")
        })
        .collect();
    texts.join(" or ")
}

/// The most cells a cage has.
const MOST: usize = 9;

/// The digits each cell can take, and the fitting sets, by the cells' options and the sum.
type Fit = (Vec<DigitSet>, Vec<DigitSet>);

/// Answers remembered at most: a puzzle's cages ask the same questions step after step.
const REMEMBERED: usize = 1 << 16;

/// A question: each cell's options (as bits), how many cells, the sum.
type Question = ([u16; MOST], u8, u8);

thread_local! {
    static FITS: RefCell<HashMap<Question, Fit>> = RefCell::new(HashMap::new());
}

/// The digits each cell can take when the cells hold distinct digits from their `options` adding
/// up to `sum`, and the sets of digits (the combinations) that some such way uses, in order.
pub(crate) fn distinct_sum(options: &[DigitSet], sum: u8) -> Fit {
    if options.len() > MOST {
        return (vec![DigitSet::EMPTY; options.len()], Vec::new());
    }
    let mut key = ([0; MOST], options.len() as u8, sum);
    for (slot, option) in key.0.iter_mut().zip(options) {
        *slot = option.bits();
    }
    FITS.with_borrow_mut(|fits| {
        if let Some(fit) = fits.get(&key) {
            return fit.clone();
        }
        if fits.len() >= REMEMBERED {
            fits.clear();
        }
        let fit = fit_sum(options, sum);
        fits.insert(key, fit.clone());
        fit
    })
}

fn fit_sum(options: &[DigitSet], sum: u8) -> Fit {
    let n = options.len();
    let mut support = vec![DigitSet::EMPTY; n];
    let mut used = Vec::new();
    for &bits in combinations(n as u32, usize::from(sum)) {
        let set = DigitSet::from_bits(bits << 1);
        let mut within = [DigitSet::EMPTY; MOST];
        for (slot, &o) in within.iter_mut().zip(options) {
            *slot = o & set;
        }
        let within = &within[..n];
        if within.iter().any(|o| o.is_empty()) {
            continue;
        }
        // before[k]: the digit sets the first k cells can use; after[k]: those of cells k..n.
        let mut before = [Masks::NONE; MOST + 1];
        let mut after = [Masks::NONE; MOST + 1];
        before[0].insert(0);
        after[n].insert(0);
        for k in 0..n {
            before[k + 1] = grow(&before[k], within[k]);
            let back = n - 1 - k;
            after[back] = grow(&after[back + 1], within[back]);
        }
        let mut fits = false;
        for (i, cell_options) in within.iter().enumerate() {
            for digit in cell_options.iter() {
                let rest = set.bits() & !DigitSet::single(digit).bits();
                let possible = before[i]
                    .iter()
                    .any(|m| m & !rest == 0 && after[i + 1].contains(rest & !m));
                if possible {
                    support[i].insert(digit);
                    fits = true;
                }
            }
        }
        if fits {
            used.push(set);
        }
    }
    // Read in order: 1+5 before 2+4.
    used.sort_by_key(|set| {
        set.iter()
            .fold(0u32, |key, d| key * 10 + u32::from(d.get()))
    });
    (support, used)
}

/// The digit sets made by adding one digit of `options` to a set of `sets` that lacks it.
fn grow(sets: &Masks, options: DigitSet) -> Masks {
    let mut grown = Masks::NONE;
    for mask in sets.iter() {
        for digit in options.iter() {
            let bit = DigitSet::single(digit).bits();
            if mask & bit == 0 {
                grown.insert(mask | bit);
            }
        }
    }
    grown
}

/// The digits each cell can take when the cells hold digits from their `options` adding up to
/// `sum`, two cells differing when `differ` says so. For a few cells only: it tries every way.
pub(crate) fn sum_support(
    options: &[DigitSet],
    sum: u8,
    differ: &dyn Fn(usize, usize) -> bool,
) -> Vec<DigitSet> {
    signed_sum_support(options, &vec![1; options.len()], i32::from(sum), differ)
}

/// [`sum_support`] with each cell's digit counted with its sign (+1 or -1): innies less outies
/// making a known difference.
pub(crate) fn signed_sum_support(
    options: &[DigitSet],
    signs: &[i32],
    total: i32,
    differ: &dyn Fn(usize, usize) -> bool,
) -> Vec<DigitSet> {
    /// The smallest and largest the cells from each one on can add, each sign times 1 to 9.
    fn reach(signs: &[i32]) -> Vec<(i32, i32)> {
        let mut reach = vec![(0, 0); signs.len() + 1];
        for (i, &sign) in signs.iter().enumerate().rev() {
            let (low, high) = reach[i + 1];
            reach[i] = (low + sign.min(sign * 9), high + sign.max(sign * 9));
        }
        reach
    }
    struct Fill<'a> {
        options: &'a [DigitSet],
        signs: &'a [i32],
        reach: Vec<(i32, i32)>,
        differ: &'a dyn Fn(usize, usize) -> bool,
        chosen: Vec<u8>,
        support: Vec<DigitSet>,
    }
    impl Fill<'_> {
        fn fill(&mut self, left: i32) {
            let k = self.chosen.len();
            if k == self.options.len() {
                if left == 0 {
                    for (kept, &digit) in self.support.iter_mut().zip(&self.chosen) {
                        *kept |= DigitSet::from_bits(1 << digit);
                    }
                }
                return;
            }
            let (low, high) = self.reach[k + 1];
            for digit in self.options[k].iter() {
                let value = digit.get();
                let after = left - self.signs[k] * i32::from(value);
                // What the cells after this one can still add.
                if after < low || after > high {
                    continue;
                }
                if (0..k).any(|j| self.chosen[j] == value && (self.differ)(j, k)) {
                    continue;
                }
                self.chosen.push(value);
                self.fill(after);
                self.chosen.pop();
            }
        }
    }
    let mut search = Fill {
        options,
        signs,
        reach: reach(signs),
        differ,
        chosen: Vec::new(),
        support: vec![DigitSet::EMPTY; options.len()],
    };
    search.fill(total);
    search.support
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(list: &[u8]) -> DigitSet {
        list.iter()
            .map(|&d| DigitSet::from_bits(1 << d))
            .fold(DigitSet::EMPTY, |a, b| a | b)
    }

    #[test]
    fn a_cage_keeps_the_digits_of_the_sets_its_cells_allow() {
        let all = digits(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let (support, used) = distinct_sum(&[all, all], 3);
        assert_eq!(support, vec![digits(&[1, 2]); 2]);
        assert_eq!(used, vec![digits(&[1, 2])]);
        // 15 in three cells, one of which holds only 9: the others make 6 without 9.
        let (support, used) = distinct_sum(&[digits(&[9]), all, all], 15);
        assert_eq!(support[0], digits(&[9]));
        assert_eq!(support[1], digits(&[1, 2, 4, 5]));
        assert_eq!(used.len(), 2);
        // 1 and 2 in one cell each cannot both be the 1 of 1+2.
        let (support, _) = distinct_sum(&[digits(&[1]), digits(&[1, 2])], 3);
        assert_eq!(support, vec![digits(&[1]), digits(&[2])]);
        let (support, used) = distinct_sum(&[digits(&[1]), digits(&[1])], 3);
        assert!(support.iter().all(|s| s.is_empty()) && used.is_empty());
    }

    #[test]
    fn cells_that_may_repeat_can_share_a_digit() {
        let all = digits(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let apart = sum_support(&[all, all], 4, &|_, _| false);
        assert_eq!(apart, vec![digits(&[1, 2, 3]); 2]);
        let together = sum_support(&[all, all], 4, &|_, _| true);
        assert_eq!(together, vec![digits(&[1, 3]); 2]);
        assert_eq!(sum_support(&[all], 10, &|_, _| true), vec![DigitSet::EMPTY]);
    }
}
