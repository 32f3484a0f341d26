//! Sums of digits over cells, as the constraints that add digits narrow them: an arrow's body,
//! a little killer's diagonal, a sandwich's filling, a region sum line's segments.
//!
//! Totals are sets of bits, bit `t` for the total `t`. Two readings of a sum:
//!
//! - **free**: each cell takes any digit its marks allow, repeats included (cells that see each
//!   other are kept apart by their peers, not here); exact for totals up to 127, by the smallest
//!   and largest totals beyond;
//! - **distinct**: cells of one house, whose digits differ; read through the table of sets of
//!   distinct digits by size and sum.

use std::cell::RefCell;
use std::ops::Range;

use super::{Dead, Narrow};
use crate::cell::Cell;
use crate::combinations::{MAX_SUM, combinations};
use crate::words::mask_text;

/// The largest total the free reading follows exactly.
const EXACT: u32 = 127;

/// The digits of a mark, 1–9.
fn digits(mask: u16) -> impl Iterator<Item = u32> {
    (1..=9).filter(move |d| mask >> (d - 1) & 1 != 0)
}

/// Every total from `low` to `high`, as far as bits go (up to 127).
pub(crate) fn range(low: u32, high: u32) -> u128 {
    if low > high.min(EXACT) {
        return 0;
    }
    let high = high.min(EXACT);
    (u128::MAX >> (EXACT - (high - low))) << low
}

/// The smallest and largest totals the cells can add up to.
pub(crate) fn bounds(marks: &dyn Narrow, cells: &[Cell]) -> (u32, u32) {
    cells.iter().fold((0, 0), |(low, high), &cell| {
        let mask = marks.digits(cell);
        let least = mask.trailing_zeros() + 1;
        let most = 16 - mask.leading_zeros();
        (low + least, high + most)
    })
}

/// The totals the cells can add up to, each cell a digit of its marks; None when a total may
/// pass 127.
pub(crate) fn totals(marks: &dyn Narrow, cells: &[Cell]) -> Option<u128> {
    if bounds(marks, cells).1 > EXACT {
        return None;
    }
    Some(cells.iter().fold(1, |reached, &cell| {
        digits(marks.digits(cell)).fold(0, |sums, digit| sums | reached << digit)
    }))
}

/// Why cells that add up to one of `totals` lost what they lost from `before`, leaving `after`,
/// a clause per cell: the bounds the rest leaves it, as `after` has the rest ("r5c5 ≤ 6 (the
/// rest is 3 at least)"), and the digits within them that make no total with the rest's. Each
/// of `readings` (a group for each cell) says which cells differ, those of one group: the rest's
/// bounds are the tightest any reading gives.
pub(crate) fn sum_reason(
    cells: &[Cell],
    readings: &[&[u8]],
    totals: u128,
    before: &dyn Narrow,
    after: &dyn Narrow,
) -> Vec<String> {
    let (least, most) = (
        totals.trailing_zeros(),
        127 - totals.leading_zeros().min(127),
    );
    let mut said = Vec::new();
    for (i, &cell) in cells.iter().enumerate() {
        let lost = before.digits(cell) & !after.digits(cell);
        if lost == 0 || totals == 0 {
            continue;
        }
        let free = rest_bounds(cells, i, &|j| j, after);
        let (rest_low, rest_high) = (readings.iter()).fold(free, |(low, high), groups| {
            let (l, h) = rest_bounds(cells, i, &|j| usize::from(groups[j]), after);
            (low.max(l), high.min(h))
        });
        let ceiling = most.saturating_sub(rest_low);
        let floor = least.saturating_sub(rest_high);
        let other = bits(lost)
            .filter(|&digit| (floor..=ceiling).contains(&digit))
            .fold(0, |other, digit| other | 1 << (digit - 1));
        if bits(lost).any(|digit| digit > ceiling) {
            said.push(format!(
                "{cell} ≤ {ceiling} (the rest is {rest_low} at least)"
            ));
        }
        if bits(lost).any(|digit| digit < floor) {
            said.push(format!(
                "{cell} ≥ {floor} (the rest is {rest_high} at most)"
            ));
        }
        if other != 0 {
            said.push(format!(
                "{cell} ≠ {} (no total with the rest)",
                mask_text(other)
            ));
        }
    }
    said
}

/// The smallest and largest totals of `cells` but the `i`th, as `after` has them, the cells of
/// one group (`group` of each cell's place) taking different digits: each group's k smallest and
/// k largest digits.
fn rest_bounds(
    cells: &[Cell],
    i: usize,
    group: &dyn Fn(usize) -> usize,
    after: &dyn Narrow,
) -> (u32, u32) {
    let mut groups: Vec<(usize, u16, u32)> = Vec::new();
    for (j, &other) in cells.iter().enumerate().filter(|&(j, _)| j != i) {
        let digits = after.digits(other);
        match groups.iter_mut().find(|entry| entry.0 == group(j)) {
            Some(entry) => (entry.1, entry.2) = (entry.1 | digits, entry.2 + 1),
            None => groups.push((group(j), digits, 1)),
        }
    }
    groups
        .iter()
        .fold((0, 0), |(low, high), &(_, digits, count)| {
            let digits: Vec<u32> = bits(digits).collect();
            (
                low + digits.iter().take(count as usize).sum::<u32>(),
                high + digits.iter().rev().take(count as usize).sum::<u32>(),
            )
        })
}

/// Keeps in each cell the digits with which some digits of the others' marks make a total in
/// `allowed` (totals up to 127). Dead when none does.
///
/// The search calls it at every node for every sum: no allocation (a group has at most 81
/// cells), digits read bit by bit.
pub(crate) fn keep_totals(
    marks: &mut dyn Narrow,
    cells: &[Cell],
    allowed: u128,
) -> Result<bool, Dead> {
    let count = cells.len();
    let mut masks = [0u16; Cell::COUNT];
    for (mask, &cell) in masks.iter_mut().zip(cells) {
        *mask = marks.digits(cell);
    }
    // Before each cell, the totals of the cells before it; after it, the totals of those so far
    // from which the cells after it can still reach an allowed total. Totals beyond 127 are
    // dropped: digits only add, so they never come back to an allowed one.
    let mut before = [0u128; Cell::COUNT + 1];
    before[0] = 1;
    for i in 0..count {
        before[i + 1] = bits(masks[i]).fold(0, |sums, digit| sums | before[i] << digit);
    }
    if before[count] & allowed == 0 {
        return Err(Dead);
    }
    let mut after = allowed;
    let mut changed = false;
    for i in (0..count).rev() {
        let kept = bits(masks[i])
            .filter(|&digit| before[i] << digit & after != 0)
            .fold(0, |kept, digit| kept | 1 << (digit - 1));
        after = bits(masks[i]).fold(0, |sums, digit| sums | after >> digit);
        changed |= marks.keep(cells[i], kept)?;
    }
    Ok(changed)
}

/// The digits of a mark, 1–9, lowest first, read bit by bit.
pub(crate) fn bits(mut mask: u16) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let digit = (mask != 0).then(|| mask.trailing_zeros() + 1)?;
        mask &= mask - 1;
        Some(digit)
    })
}

/// Keeps in each cell the digits with which some digits of the others' marks make a total from
/// `low` to `high`: exactly when no total passes 127, else by the smallest and largest totals
/// of the others.
pub(crate) fn keep_range(
    marks: &mut dyn Narrow,
    cells: &[Cell],
    low: u32,
    high: u32,
) -> Result<bool, Dead> {
    let (least, most) = bounds(marks, cells);
    if least > high || most < low {
        return Err(Dead);
    }
    if most <= EXACT {
        return keep_totals(marks, cells, range(low, high));
    }
    let mut changed = false;
    for &cell in cells {
        let mask = marks.digits(cell);
        let (own_least, own_most) = (mask.trailing_zeros() + 1, 16 - mask.leading_zeros());
        let (others_least, others_most) = (least - own_least, most - own_most);
        let fits = digits(mask)
            .filter(|&digit| digit + others_least <= high && digit + others_most >= low)
            .fold(0, |kept, digit| kept | 1 << (digit - 1));
        changed |= marks.keep(cell, fits)?;
    }
    Ok(changed)
}

/// The most cells whose digits all differ: a house's.
const HOUSE: usize = 9;

/// What cells of one house (distinct digits, up to nine cells) can hold for a total in
/// `allowed` (totals up to 45): the totals some set of distinct digits of that total fits, and
/// each cell's digits from those sets (the first `masks.len()`). A set fits when each cell has a
/// digit of it and the cells together have all its digits.
///
/// The search asks it at every node for every sum of distinct digits: no allocation, and the
/// answers for three cells or more remembered ([`remembered`]).
pub(crate) fn distinct(masks: &[u16], allowed: u64) -> (u64, [u16; HOUSE]) {
    match masks.len() {
        0..=2 => work_out(masks, allowed),
        3..=HOUSE => remembered(masks, allowed),
        _ => (0, [0; HOUSE]),
    }
}

/// Answers of [`distinct`] remembered: for three cells or more it reads up to hundreds of sets,
/// and the search and the forcing chains ask the same sums of the same marks again and again. A
/// table of `REMEMBERED` places: each question goes to the place of its hash, which keeps the
/// last question asked there with its answer.
const REMEMBERED: usize = 1 << 12;

/// A question to [`distinct`]: the cells' marks (the first `count`) and the totals allowed.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Question {
    masks: [u16; HOUSE],
    count: u8,
    allowed: u64,
}

/// An answer of [`distinct`]: the totals, and each cell's digits.
type Answer = (u64, [u16; HOUSE]);

thread_local! {
    static ANSWERS: RefCell<Vec<(Question, Answer)>> = const { RefCell::new(Vec::new()) };
}

fn remembered(masks: &[u16], allowed: u64) -> Answer {
    let mut question = Question {
        masks: [0; HOUSE],
        count: masks.len() as u8,
        allowed,
    };
    question.masks[..masks.len()].copy_from_slice(masks);
    let hash = (question.masks.iter()).fold(allowed ^ u64::from(question.count), |hash, &mask| {
        (hash ^ u64::from(mask)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    });
    let place = (hash >> (64 - REMEMBERED.trailing_zeros())) as usize;
    ANSWERS.with_borrow_mut(|answers| {
        if answers.is_empty() {
            // No question has more than nine cells: the places start empty.
            let none = Question {
                count: u8::MAX,
                ..question
            };
            answers.resize(REMEMBERED, (none, (0, [0; HOUSE])));
        }
        let (asked, answer) = &mut answers[place];
        if *asked != question {
            *answer = work_out(masks, allowed);
            *asked = question;
        }
        *answer
    })
}

/// [`distinct`] worked out, for up to nine cells.
fn work_out(masks: &[u16], allowed: u64) -> Answer {
    let mut kept = [0u16; HOUSE];
    let mut totals = 0;
    // One or two cells, the most a little killer's diagonal has in most boxes: their digits
    // read directly, not every set of their size.
    match *masks {
        [mask] => {
            let fits = mask & (allowed >> 1) as u16;
            return (u64::from(fits) << 1, [fits, 0, 0, 0, 0, 0, 0, 0, 0]);
        }
        [first, second] => {
            for a in bits(first) {
                for b in bits(second & !(1 << (a - 1))) {
                    if allowed >> (a + b) & 1 != 0 {
                        totals |= 1 << (a + b);
                        kept[0] |= 1 << (a - 1);
                        kept[1] |= 1 << (b - 1);
                    }
                }
            }
            return (totals, kept);
        }
        [first, second, third] => {
            for a in bits(first) {
                for b in bits(second & !(1 << (a - 1))) {
                    for c in bits(third & !(1 << (a - 1) | 1 << (b - 1))) {
                        if allowed >> (a + b + c) & 1 != 0 {
                            totals |= 1 << (a + b + c);
                            kept[0] |= 1 << (a - 1);
                            kept[1] |= 1 << (b - 1);
                            kept[2] |= 1 << (c - 1);
                        }
                    }
                }
            }
            return (totals, kept);
        }
        _ => {}
    }
    let union = masks.iter().fold(0, |union, &mask| union | mask);
    for total in (0..=MAX_SUM).filter(|&total| allowed >> total & 1 != 0) {
        for &set in combinations(masks.len() as u32, total) {
            if set & !union != 0 {
                continue;
            }
            let mut covered = 0;
            let every = masks.iter().all(|&mask| {
                covered |= mask & set;
                mask & set != 0
            });
            if every && covered == set {
                totals |= 1 << total;
                for (kept, &mask) in kept.iter_mut().zip(masks) {
                    *kept |= mask & set;
                }
            }
        }
    }
    (totals, kept)
}

/// The marks of up to a house's cells, as [`distinct`] reads them (none for more).
fn house_masks(marks: &dyn Narrow, cells: &[Cell]) -> Option<([u16; HOUSE], usize)> {
    let mut masks = [0u16; HOUSE];
    for (mask, &cell) in masks.iter_mut().zip(cells) {
        *mask = marks.digits(cell);
    }
    (cells.len() <= HOUSE).then_some((masks, cells.len()))
}

/// The totals cells of one house can add up to, as [`distinct`] reads them.
pub(crate) fn distinct_totals(marks: &dyn Narrow, cells: &[Cell]) -> u64 {
    house_masks(marks, cells).map_or(0, |(masks, count)| distinct(&masks[..count], u64::MAX).0)
}

/// Keeps in cells of one house the digits of the sets of distinct digits that fit them and add
/// up to a total in `allowed`. Dead when none does.
pub(crate) fn keep_distinct_totals(
    marks: &mut dyn Narrow,
    cells: &[Cell],
    allowed: u64,
) -> Result<bool, Dead> {
    let (masks, count) = house_masks(marks, cells).ok_or(Dead)?;
    let (totals, kept) = distinct(&masks[..count], allowed);
    if totals == 0 {
        return Err(Dead);
    }
    let mut changed = false;
    for (&cell, kept) in cells.iter().zip(kept) {
        changed |= marks.keep(cell, kept)?;
    }
    Ok(changed)
}

/// The runs of one region each of `cells` (`regions`, the region of each cell, a run where it
/// stays the same), as ranges of `cells`, and how many: at most nine.
fn region_runs(regions: &[u8]) -> ([(usize, usize); HOUSE], usize) {
    let mut runs = [(0usize, 0usize); HOUSE];
    let mut count = 0;
    for i in 0..regions.len() {
        if i == 0 || regions[i] != regions[i - 1] {
            runs[count] = (i, i);
            count += 1;
        }
        runs[count - 1].1 = i + 1;
    }
    (runs, count)
}

/// Cells whose runs of one region each (`regions`, the region of each cell, a run where it stays
/// the same; at most nine runs) hold different digits, read once: each run's totals with
/// distinct digits and, before each run (and after the last), the totals of the runs before it.
///
/// The search asks it at every node of a little killer and an arrow: no allocation.
pub(crate) struct RunTotals {
    runs: [(usize, usize); HOUSE],
    count: usize,
    totals: [u64; HOUSE],
    before: [u128; HOUSE + 1],
}

impl RunTotals {
    pub fn of(marks: &dyn Narrow, cells: &[Cell], regions: &[u8]) -> RunTotals {
        let (runs, count) = region_runs(regions);
        let mut before = [0u128; HOUSE + 1];
        let mut totals = [0u64; HOUSE];
        before[0] = 1;
        for (i, &(start, end)) in runs[..count].iter().enumerate() {
            totals[i] = distinct_totals(marks, &cells[start..end]);
            before[i + 1] =
                set_bits(u128::from(totals[i])).fold(0, |sums, total| sums | before[i] << total);
        }
        RunTotals {
            runs,
            count,
            totals,
            before,
        }
    }

    /// The totals (up to 127) the cells can add up to.
    pub fn reachable(&self) -> u128 {
        self.before[self.count]
    }

    /// Keeps in the cells (those read, their marks unchanged since) the digits of sets that fit
    /// each run and, with sets fitting the other runs, add up to a total in `allowed`. Dead when
    /// none does.
    pub fn keep(
        &self,
        marks: &mut dyn Narrow,
        cells: &[Cell],
        allowed: u128,
    ) -> Result<bool, Dead> {
        if self.reachable() & allowed == 0 {
            return Err(Dead);
        }
        let mut after = allowed;
        let mut changed = false;
        for (i, &(start, end)) in self.runs[..self.count].iter().enumerate().rev() {
            let totals = u128::from(self.totals[i]);
            let fits = set_bits(totals)
                .filter(|&total| self.before[i] << total & after != 0)
                .fold(0u64, |fits, total| fits | 1 << total);
            after = set_bits(totals).fold(0, |sums, total| sums | after >> total);
            changed |= keep_distinct_totals(marks, &cells[start..end], fits)?;
        }
        Ok(changed)
    }
}

/// [`RunTotals::keep`] of the cells read as they are.
pub(crate) fn keep_run_totals(
    marks: &mut dyn Narrow,
    cells: &[Cell],
    regions: &[u8],
    allowed: u128,
) -> Result<bool, Dead> {
    RunTotals::of(marks, cells, regions).keep(marks, cells, allowed)
}

/// The places of the set bits, lowest first: the totals of a set of totals, the cells of a set
/// of cells.
pub(crate) fn set_bits(mut bits: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let place = (bits != 0).then(|| bits.trailing_zeros())?;
        bits &= bits - 1;
        Some(place)
    })
}

/// The runs of `cells` (a line, a diagonal) in one region each, as ranges of `cells`: a line
/// that leaves a region and comes back has a run for each visit.
pub(crate) fn runs(cells: &[Cell], regions: &[u8; Cell::COUNT]) -> Vec<Range<usize>> {
    let mut runs = Vec::new();
    let mut start = 0;
    for i in 1..=cells.len() {
        let region = |i: usize| regions[cells[i].index()];
        if i == cells.len() || region(i) != region(i - 1) {
            runs.push(start..i);
            start = i;
        }
    }
    runs
}

/// The sums read on marks of a few cells.
#[cfg(test)]
mod tests {
    use super::*;

    use crate::variant::rules::Marks;

    proptest::proptest! {
        /// Each question gets its own answer back, whatever else was asked since: sixty-four
        /// questions asked twice, where two that meet in one place take it from each other.
        #[test]
        fn a_remembered_answer_is_the_one_worked_out(
            questions in proptest::collection::vec(
                (proptest::collection::vec(1..0x200u16, 3..=HOUSE), proptest::num::u64::ANY),
                64,
            ),
        ) {
            for _ in 0..2 {
                for (masks, allowed) in &questions {
                    proptest::prop_assert_eq!(distinct(masks, *allowed), work_out(masks, *allowed));
                }
            }
        }
    }

    fn cells(n: u8) -> Vec<Cell> {
        (0..n).map(|col| Cell::at(0, col)).collect()
    }

    #[test]
    fn free_sums_keep_the_digits_some_total_in_range_uses() {
        let mut marks = Marks::open();
        let three = cells(3);
        // 3 cells to 4: two 1s and a 2, in any order.
        assert_eq!(keep_range(&mut marks, &three, 4, 4), Ok(true));
        assert!(three.iter().all(|&cell| marks.list(cell) == [1, 2]));
        marks.set(three[0], &[2]);
        keep_range(&mut marks, &three, 4, 4).unwrap();
        assert_eq!(
            (marks.list(three[1]), marks.list(three[2])),
            (vec![1], vec![1])
        );
        marks.set(three[2], &[2]);
        assert_eq!(keep_range(&mut marks, &three, 4, 4), Err(Dead));
        assert_eq!(range(3, 5), 0b111000);
        assert_eq!(range(120, 200).count_ones(), 8);
    }

    #[test]
    fn free_sums_beyond_127_narrow_by_bounds() {
        let mut marks = Marks::open();
        let many: Vec<Cell> = Cell::ALL[..15].to_vec();
        assert_eq!(totals(&marks, &many), None);
        // 15 cells to 134 at least: the others add 126 at most, so each cell is 8 or 9.
        assert_eq!(keep_range(&mut marks, &many, 134, 999), Ok(true));
        assert!(many.iter().all(|&cell| marks.list(cell) == [8, 9]));
        assert_eq!(keep_range(&mut marks, &many, 136, 999), Err(Dead));
    }

    #[test]
    fn distinct_sums_read_the_sets_of_their_size_and_total() {
        // Two cells to 3 or 17: {1, 2} or {8, 9}.
        let (totals, kept) = distinct(&[0x1ff, 0x1ff], 1 << 3 | 1 << 17);
        assert_eq!(totals, 1 << 3 | 1 << 17);
        assert_eq!(kept[..2], [0b1_1000_0011, 0b1_1000_0011]);
        // A cell without 1 or 2 leaves 17 alone, and the other cell's 8 or 9.
        let (totals, kept) = distinct(&[0b1_1000_0000, 0x1ff], 1 << 3 | 1 << 17);
        assert_eq!((totals, kept[1]), (1 << 17, 0b1_1000_0000));
        // Two cells of the same one digit fit no set.
        assert_eq!(distinct(&[0b100, 0b100], u64::MAX).0, 0);
        // No cell: the total 0.
        assert_eq!(distinct(&[], u64::MAX).0, 1);
    }
}
