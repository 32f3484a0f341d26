//! Naked and hidden sets: SE 1.2.1's `NakedSet` and `HiddenSet` producers.
//!
//! SE rates (`NakedSetHint`, `HiddenSetHint`, `DirectHiddenSetHint`): Naked Pair 3.0, Triplet
//! 3.6, Quad 5.0; Hidden Pair 3.4, Triplet 4.0, Quad 5.4; and the direct forms, which SE applies
//! only through the hidden single the set leaves in its house: Direct Hidden Pair 2.0, Direct
//! Hidden Triplet 2.5.

use std::ops::ControlFlow;

use super::board::{Board, CandidateSet};
use super::combinations::{bits, subsets_of, with_two_to};
use super::hint::{ByDegree, Hint};
use super::singles::BLOCKS_COLUMNS_ROWS;
use crate::cell::Digit;
use crate::house::House;
use crate::sets::{CellSet, DigitSet};

/// `degree` cells of one house holding `degree` digits between them, or `degree` digits with
/// `degree` places between them.
#[derive(Clone, Copy)]
pub(crate) struct Subset {
    pub(crate) house: House,
    pub(crate) cells: CellSet,
    pub(crate) digits: DigitSet,
}

/// Calls `found` with every naked set of `degree` that removes something, in SE's order (blocks,
/// columns, rows; cells as in `Permutations`), until it breaks. SE looks only at houses with at
/// least `2 × degree` empty cells.
pub(crate) fn for_each_naked(
    board: &Board,
    degree: u32,
    found: &mut dyn FnMut(Subset, CandidateSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for house_at in BLOCKS_COLUMNS_ROWS {
        for index in 0..9 {
            let house = house_at(index);
            if board.empty_count(house) < 2 * degree {
                continue;
            }
            // Only cells of two to `degree` candidates can be in the set.
            let eligible = with_two_to(degree, house.cells().iter().map(|&c| board.count(c)));
            for mask in subsets_of(eligible, degree) {
                let mut digits = DigitSet::EMPTY;
                let mut cells = CellSet::EMPTY;
                let mut each_has_two = true;
                for i in bits(mask) {
                    let cell = house.cells()[i];
                    each_has_two &= board.count(cell) >= 2;
                    digits |= board.candidates(cell);
                    cells.insert(cell);
                }
                if !each_has_two || digits.len() != degree {
                    continue;
                }
                let mut removed = CandidateSet::EMPTY;
                for digit in digits.iter() {
                    removed.insert_cells(board.positions(house, digit) - cells, digit);
                }
                if !removed.is_empty() {
                    found(
                        Subset {
                            house,
                            cells,
                            digits,
                        },
                        removed,
                    )?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Calls `found` with every hidden set of `degree`, in SE's order, until it breaks. SE looks at a
/// house only if it has more than `2 × degree` empty cells, or (direct form) more than `degree`.
fn for_each_hidden(
    board: &Board,
    degree: u32,
    direct: bool,
    found: &mut dyn FnMut(Subset) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for house_at in BLOCKS_COLUMNS_ROWS {
        for index in 0..9 {
            let house = house_at(index);
            let empty = board.empty_count(house);
            if !(empty > 2 * degree || (direct && empty > degree)) {
                continue;
            }
            // Only digits of two to `degree` places can be in the set.
            let eligible = with_two_to(degree, Digit::ALL.map(|d| board.positions(house, d).len()));
            for mask in subsets_of(eligible, degree) {
                let mut digits = DigitSet::EMPTY;
                let mut cells = CellSet::EMPTY;
                let mut each_has_two = true;
                for i in bits(mask) {
                    let digit = Digit::ALL[i];
                    let positions = board.positions(house, digit);
                    each_has_two &= positions.len() >= 2;
                    cells |= positions;
                    digits.insert(digit);
                }
                if each_has_two && cells.len() == degree {
                    found(Subset {
                        house,
                        cells,
                        digits,
                    })?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The other candidates of a hidden set's cells.
pub(crate) fn hidden_eliminations(board: &Board, subset: Subset) -> CandidateSet {
    let mut removed = CandidateSet::EMPTY;
    for cell in subset.cells.iter() {
        for digit in (board.candidates(cell) - subset.digits).iter() {
            removed.insert(cell, digit);
        }
    }
    removed
}

/// Calls `found` with every hidden set of `degree` that removes something, until it breaks.
pub(crate) fn for_each_hidden_removing(
    board: &Board,
    degree: u32,
    found: &mut dyn FnMut(Subset, CandidateSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for_each_hidden(board, degree, false, &mut |subset| {
        let removed = hidden_eliminations(board, subset);
        if removed.is_empty() {
            ControlFlow::Continue(())
        } else {
            found(subset, removed)
        }
    })
}

/// SE's names and ratings of the naked and hidden sets.
const NAKED: ByDegree = [
    ("Naked Pair", 3.0),
    ("Naked Triplet", 3.6),
    ("Naked Quad", 5.0),
];
const HIDDEN: ByDegree = [
    ("Hidden Pair", 3.4),
    ("Hidden Triplet", 4.0),
    ("Hidden Quad", 5.4),
];

pub(crate) fn naked(board: &Board, degree: u32) -> Option<Hint> {
    Hint::first_eliminating(&NAKED, degree, |found| {
        for_each_naked(board, degree, &mut |_, removed| found(removed))
    })
}

pub(crate) fn hidden(board: &Board, degree: u32) -> Option<Hint> {
    Hint::first_eliminating(&HIDDEN, degree, |found| {
        for_each_hidden_removing(board, degree, &mut |_, removed| found(removed))
    })
}

/// The first hidden set that leaves, for a digit outside it, a single place in its house.
pub(crate) fn direct_hidden(board: &Board, degree: u32) -> Option<Hint> {
    let (name, difficulty) = match degree {
        2 => ("Direct Hidden Pair", 2.0),
        _ => ("Direct Hidden Triplet", 2.5),
    };
    let mut hint = None;
    let _ = for_each_hidden(board, degree, true, &mut |subset| {
        for digit in (DigitSet::ALL - subset.digits).iter() {
            let positions = board.positions(subset.house, digit);
            if positions.len() > 1
                && let Some(cell) = (positions - subset.cells).single_cell()
            {
                hint = Some(Hint::placing(name, difficulty, cell, digit));
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    hint
}
