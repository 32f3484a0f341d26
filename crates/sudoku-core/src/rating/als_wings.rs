//! The wings SukakuExplainer (SudokuMonster's fork of SE) adds: WXYZ- and VWXYZ-Wing
//! (`WXYZWing`, `VWXYZWing`; the fork's later UVWXYZ- and TUVWXYZ-Wings are the same pattern with
//! five and six cells, which the published ratings this follows predate). Each is `n` cells of one house holding `n + 1`
//! digits between them (an almost locked set) and a bivalue cell outside it: if every cell of the
//! set holding one of the bivalue cell's digits sees that cell, the other digit goes from the
//! cells seeing all its places in both; if both digits are so linked, every digit of the set
//! goes from the cells seeing all its places there.
//!
//! SukakuExplainer rates (`WXYZWingHint`, `VWXYZWingHint`): WXYZ 5.5, plus 0.1 when the set's
//! largest cell has three candidates; VWXYZ 6.2 plus 0.2 minus the distance of that size from
//! three. The producer sorts its hints by rating, then by more eliminations first.

use super::board::{Board, CandidateSet};
use super::hint::Hint;
use crate::cell::{Cell, Digit};
use crate::sets::{CellSet, DigitSet};

/// A found wing with its sort keys.
struct Found {
    difficulty: f64,
    eliminations: usize,
    hint: Hint,
}

fn rating(size: usize, biggest: u32) -> (&'static str, f64) {
    let distance = f64::from(biggest.abs_diff(3));
    if size == 3 {
        ("WXYZ-Wing", 5.5 + (1.0 - distance) * 0.1)
    } else {
        ("VWXYZ-Wing", 6.2 + (2.0 - distance) * 0.1)
    }
}

/// The first wing of `size` set cells (3 for WXYZ, 4 for VWXYZ) by SukakuExplainer's sort.
pub(crate) fn first(board: &Board, size: usize) -> Option<Hint> {
    let mut found: Vec<Found> = Vec::new();
    let mut set = Vec::with_capacity(size);
    for cell in board.empty_cells().iter() {
        let count = board.count(cell);
        if count < 2 || count as usize > size + 1 {
            continue;
        }
        set.push(cell);
        extend(
            board,
            size,
            &mut set,
            cell.peers(),
            board.candidates(cell),
            &mut found,
        );
        set.pop();
    }
    // Stable: equal keys keep the order found.
    found.sort_by(|a, b| {
        a.difficulty
            .total_cmp(&b.difficulty)
            .then(b.eliminations.cmp(&a.eliminations))
    });
    found.into_iter().next().map(|f| f.hint)
}

/// Adds cells after the last one that see every cell so far, while the digits stay few enough.
fn extend(
    board: &Board,
    size: usize,
    set: &mut Vec<Cell>,
    seeing_all: CellSet,
    digits: DigitSet,
    found: &mut Vec<Found>,
) {
    if set.len() == size {
        if digits.len() as usize == size + 1 {
            pivots(board, set, digits, found);
        }
        return;
    }
    let last = set[set.len() - 1];
    for next in seeing_all.iter().filter(|c| *c > last) {
        let count = board.count(next);
        let union = digits | board.candidates(next);
        let fits = if set.len() + 1 == size {
            union.len() as usize == size + 1
        } else {
            (union.len() as usize) <= size + 1
        };
        if count > 1 && fits {
            set.push(next);
            extend(board, size, set, seeing_all & next.peers(), union, found);
            set.pop();
        }
    }
}

/// Every bivalue cell seeing a cell of the set, with both its digits in the set.
fn pivots(board: &Board, set: &[Cell], digits: DigitSet, found: &mut Vec<Found>) {
    let members: CellSet = set.iter().copied().collect();
    let around = set.iter().fold(CellSet::EMPTY, |acc, c| acc | c.peers()) - members;
    let biggest = set.iter().map(|&c| board.count(c)).max().unwrap_or(0);
    for pivot in around.iter() {
        let Some((x, z)) = board.candidates(pivot).pair() else {
            continue;
        };
        if !digits.contains(x) || !digits.contains(z) {
            continue;
        }
        let places = |d: Digit| set.iter().copied().filter(move |&c| board.has(c, d));
        let linked = |d: Digit| places(d).all(|c| c.sees(pivot));
        let (x_linked, z_linked) = (linked(x), linked(z));
        if !x_linked && !z_linked {
            continue;
        }
        let outside = CellSet::ALL - members - CellSet::single(pivot);
        let seeing = |d: Digit, with_pivot: bool| {
            let start = if with_pivot {
                pivot.peers()
            } else {
                CellSet::ALL
            };
            places(d).fold(start, |acc, c| acc & c.peers()) & outside & board.plane(d)
        };
        let mut removed = CandidateSet::EMPTY;
        if x_linked && z_linked {
            for w in (digits - board.candidates(pivot)).iter() {
                removed.insert_cells(seeing(w, false), w);
            }
            removed.insert_cells(seeing(x, true), x);
            removed.insert_cells(seeing(z, true), z);
        } else {
            let other = if x_linked { z } else { x };
            removed.insert_cells(seeing(other, true), other);
        }
        let eliminations = removed.iter().count();
        if eliminations > 0 {
            let (name, difficulty) = rating(set.len(), biggest);
            found.push(Found {
                difficulty,
                eliminations,
                hint: Hint::eliminating(name, difficulty, removed),
            });
        }
    }
}
