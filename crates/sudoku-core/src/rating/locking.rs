//! Intersections: SE 1.2.1's `Locking` producer, direct and indirect.
//!
//! A digit confined, within one house, to its intersection with a second house. SE rates the
//! direct forms by the single they create (`DirectLockingHint`): Direct Pointing (from a block)
//! 1.7, Direct Claiming (from a row or column) 1.9; and the plain eliminations
//! (`LockingHint`): Pointing 2.6, Claiming 2.8.

use std::ops::ControlFlow;

use super::board::{Board, CandidateSet, HouseAt};
use super::hint::Hint;
use crate::cell::Digit;
use crate::house::{House, HouseKind};
use crate::sets::CellSet;

/// SE's order: block→column, block→row (pointing), then column→block, row→block (claiming).
const SCANS: [(HouseAt, HouseAt); 4] = [
    (House::box_at, House::column),
    (House::box_at, House::row),
    (House::column, House::box_at),
    (House::row, House::box_at),
];

/// A digit of `base` confined to its intersection with `cover`.
#[derive(Clone, Copy)]
pub(crate) struct Lock {
    pub(crate) base: House,
    pub(crate) cover: House,
    pub(crate) digit: Digit,
}

/// Calls `found` with every lock (two or more positions), in SE's order, until it breaks.
/// `found` also gets the index of `base` among its kind, and the houses of that kind.
fn for_each_lock(
    board: &Board,
    found: &mut dyn FnMut(Lock, u8, HouseAt) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for (base_at, cover_at) in SCANS {
        for i1 in 0..9 {
            let base = base_at(i1);
            for i2 in 0..9 {
                let cover = cover_at(i2);
                if (base.cell_set() & cover.cell_set()).is_empty() {
                    continue;
                }
                for digit in Digit::all() {
                    let positions = board.positions(base, digit);
                    if positions.len() > 1 && (positions - cover.cell_set()).is_empty() {
                        found(Lock { base, cover, digit }, i1, base_at)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn from_block(house: House) -> bool {
    house.kind() == HouseKind::Box
}

/// The first lock whose eliminations leave a hidden single in another house of the base's kind
/// crossing the cover. SE applies only that single (its eliminations are shown, not applied).
pub(crate) fn direct(board: &Board) -> Option<Hint> {
    let mut hint = None;
    let _ = for_each_lock(board, &mut |lock, i1, base_at| {
        for i3 in (0..9).filter(|&i| i != i1) {
            let other = base_at(i3);
            if (other.cell_set() & lock.cover.cell_set()).is_empty() {
                continue;
            }
            let positions = board.positions(other, lock.digit);
            if positions.len() > 1
                && let Some(cell) = (positions - lock.cover.cell_set()).single_cell()
            {
                hint = Some(if from_block(lock.base) {
                    Hint::placing("Direct Pointing", 1.7, cell, lock.digit)
                } else {
                    Hint::placing("Direct Claiming", 1.9, cell, lock.digit)
                });
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    hint
}

/// The digit's candidates in the cover outside the base.
pub(crate) fn eliminations(board: &Board, lock: Lock) -> CellSet {
    board.positions(lock.cover, lock.digit) - lock.base.cell_set()
}

/// Calls `found` with every lock that removes something, in SE's order, until it breaks.
pub(crate) fn for_each(
    board: &Board,
    found: &mut dyn FnMut(Lock, CellSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for_each_lock(board, &mut |lock, _, _| {
        let removed = eliminations(board, lock);
        if removed.is_empty() {
            ControlFlow::Continue(())
        } else {
            found(lock, removed)
        }
    })
}

/// The first pointing or claiming that removes something.
pub(crate) fn indirect(board: &Board) -> Option<Hint> {
    let mut hint = None;
    let _ = for_each(board, &mut |lock, removed| {
        let mut eliminations = CandidateSet::EMPTY;
        eliminations.insert_cells(removed, lock.digit);
        hint = Some(if from_block(lock.base) {
            Hint::eliminating("Pointing", 2.6, eliminations)
        } else {
            Hint::eliminating("Claiming", 2.8, eliminations)
        });
        ControlFlow::Break(())
    });
    hint
}
