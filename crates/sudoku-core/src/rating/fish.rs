//! Basic fish: SE 1.2.1's `Fisherman` producer (no fins: SE has none).
//!
//! SE rates X-Wing 3.2, Swordfish 3.8, Jellyfish 5.2 (`LockingHint`).

use std::ops::ControlFlow;

use super::board::{Board, CandidateSet, HouseAt};
use super::combinations::{bits, masks, with_two_to};
use super::hint::{ByDegree, Hint};
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::CellSet;

/// A digit whose places in `degree` base lines lie in `degree` cover lines.
#[derive(Clone, Copy)]
pub(crate) struct Fish {
    /// The cells of the base lines, and of the cover lines.
    pub(crate) base: CellSet,
    pub(crate) cover: CellSet,
    pub(crate) digit: Digit,
}

/// A cell's index among the cover lines.
type CoverIndex = fn(Cell) -> u8;

/// Calls `found` with every fish of `degree` that removes something, until it breaks. SE's order:
/// columns as base lines first, then rows; line choices as in `Permutations`, then digits. A
/// digit is tried only while it has at least `2 × degree` cells left to fill.
pub(crate) fn for_each(
    board: &Board,
    degree: u32,
    found: &mut dyn FnMut(Fish, CellSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let scans: [(HouseAt, HouseAt, CoverIndex); 2] = [
        (House::column, House::row, Cell::row),
        (House::row, House::column, Cell::col),
    ];
    let placed = Digit::ALL.map(|d| board.placed_count(d));
    for (base_at, cover_at, cover_index) in scans {
        // The base lines each digit may use: two to `degree` places.
        let eligible = Digit::ALL
            .map(|d| with_two_to(degree, (0..9).map(|i| board.positions(base_at(i), d).len())));
        for mask in masks(9, degree) {
            for digit in Digit::all() {
                if placed[digit.index()] + 2 * degree > 9 || mask & !eligible[digit.index()] != 0 {
                    continue;
                }
                let mut base = CellSet::EMPTY;
                let mut cover_lines = 0u32;
                let mut each_has_two = true;
                for i in bits(mask) {
                    let line = base_at(i as u8);
                    let positions = board.positions(line, digit);
                    each_has_two &= positions.len() >= 2;
                    base |= line.cell_set();
                    for cell in positions.iter() {
                        cover_lines |= 1 << cover_index(cell);
                    }
                }
                if !each_has_two || cover_lines.count_ones() != degree {
                    continue;
                }
                let cover = bits(cover_lines)
                    .map(|i| cover_at(i as u8).cell_set())
                    .fold(CellSet::EMPTY, |a, b| a | b);
                let removed = (board.plane(digit) & cover) - base;
                if !removed.is_empty() {
                    found(Fish { base, cover, digit }, removed)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// SE's names and ratings of the fish.
const NAMES: ByDegree = [("X-Wing", 3.2), ("Swordfish", 3.8), ("Jellyfish", 5.2)];

pub(crate) fn first(board: &Board, degree: u32) -> Option<Hint> {
    Hint::first_eliminating(&NAMES, degree, |found| {
        for_each(board, degree, &mut |fish, removed| {
            let mut eliminations = CandidateSet::EMPTY;
            eliminations.insert_cells(removed, fish.digit);
            found(eliminations)
        })
    })
}
