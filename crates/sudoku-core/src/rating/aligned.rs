//! Aligned exclusion: SE 1.2.1's `AlignedPairExclusion` (6.2) and `AlignedExclusion(3)` (7.5)
//! producers (`AlignedExclusionHint`).
//!
//! Base cells have two or more candidates and no peer with a single one. A choice of digits for
//! the base cells is excluded if two base cells that see each other get the same digit, or if a
//! common "excluder" (a peer of every base cell with at most as many candidates as there are base
//! cells) would lose all its candidates. A candidate that no allowed choice uses goes.

use super::board::{Board, CandidateSet, peers_in_se_order};
use super::combinations::{bits, masks};
use super::hint::Hint;
use crate::cell::Cell;
use crate::sets::{CellSet, DigitSet};

/// The base cells in reading order, each with its excluders (in SE's peer order, and as a set).
fn base_cells(board: &Board, max_excluder_size: u32) -> Vec<(Cell, Vec<Cell>, CellSet)> {
    let mut list = Vec::new();
    for cell in board.empty_cells().iter() {
        if board.count(cell) < 2 {
            continue;
        }
        let peers = peers_in_se_order(cell);
        if peers.iter().any(|&p| board.count(p) == 1) {
            continue;
        }
        let excluders: Vec<Cell> = peers
            .iter()
            .copied()
            .filter(|&p| (2..=max_excluder_size).contains(&board.count(p)))
            .collect();
        if !excluders.is_empty() {
            let set = excluders.iter().copied().collect();
            list.push((cell, excluders, set));
        }
    }
    list
}

/// The candidates of `cells` (two or three) no allowed choice of digits uses, given the common
/// excluders.
fn excluded(board: &Board, cells: &[Cell], excluders: CellSet) -> CandidateSet {
    let n = cells.len();
    let mut excluder_bits = [0u16; 20];
    let mut excluder_count = 0;
    for cell in excluders.iter().take(20) {
        excluder_bits[excluder_count] = board.candidates(cell).bits();
        excluder_count += 1;
    }
    let excluder_bits = &excluder_bits[..excluder_count];
    let mut digits = [[0u16; 9]; 3];
    let mut lens = [0usize; 3];
    for (i, &cell) in cells.iter().enumerate() {
        for digit in board.candidates(cell).iter() {
            digits[i][lens[i]] = 1 << digit.get();
            lens[i] += 1;
        }
    }
    let mut sees = [[false; 3]; 3];
    for i in 0..n {
        for j in 0..n {
            sees[i][j] = i != j && cells[i].sees(cells[j]);
        }
    }
    let mut used = [0u16; 3];
    let mut choice = [0usize; 3];
    'choices: loop {
        let chosen = [
            digits[0][choice[0]],
            digits[1][choice[1]],
            if n > 2 { digits[2][choice[2]] } else { 0 },
        ];
        let clash = (0..n).any(|i| (i + 1..n).any(|j| chosen[i] == chosen[j] && sees[i][j]));
        let union = chosen[0] | chosen[1] | chosen[2];
        let emptied = excluder_bits.iter().any(|&e| e & !union == 0);
        if !clash && !emptied {
            for i in 0..n {
                used[i] |= chosen[i];
            }
        }
        // The next choice, like an odometer.
        for i in 0..n {
            choice[i] += 1;
            if choice[i] < lens[i] {
                continue 'choices;
            }
            choice[i] = 0;
        }
        break;
    }
    let mut removed = CandidateSet::EMPTY;
    for (i, &cell) in cells.iter().enumerate() {
        for digit in (board.candidates(cell) - DigitSet::from_bits(used[i])).iter() {
            removed.insert(cell, digit);
        }
    }
    removed
}

/// Aligned Pair Exclusion: base cells as in `Permutations`, two or more common bivalue excluders.
/// (SE does not ask the two cells to see each other.)
pub(crate) fn pair(board: &Board) -> Option<Hint> {
    let list = base_cells(board, 2);
    if list.len() < 2 {
        return None;
    }
    for mask in masks(list.len() as u32, 2) {
        let mut picked = bits(mask);
        let (Some(i0), Some(i1)) = (picked.next(), picked.next()) else {
            continue;
        };
        let common = list[i0].2 & list[i1].2;
        if common.len() < 2 {
            continue;
        }
        let removed = excluded(board, &[list[i0].0, list[i1].0], common);
        if !removed.is_empty() {
            return Some(Hint::eliminating("Aligned Pair Exclusion", 6.2, removed));
        }
    }
    None
}

/// Aligned Triplet Exclusion: the first two base cells as in `Permutations`, the third among the
/// base cells that are excluders of one of them (SE's "twin area"), excluders of two or three
/// candidates, two or more of them common to all three.
pub(crate) fn triplet(board: &Board) -> Option<Hint> {
    let list = base_cells(board, 3);
    if list.len() < 3 {
        return None;
    }
    let bases: CellSet = list.iter().map(|b| b.0).collect();
    let mut position = [usize::MAX; 81];
    for (i, base) in list.iter().enumerate() {
        position[base.0.index()] = i;
    }
    let mut twin_area: Vec<Cell> = Vec::with_capacity(40);
    for mask in masks(list.len() as u32, 2) {
        let mut picked = bits(mask);
        let (Some(i0), Some(i1)) = (picked.next(), picked.next()) else {
            continue;
        };
        let (c0, c1) = (list[i0].0, list[i1].0);
        let pair_common = list[i0].2 & list[i1].2;
        if pair_common.len() < 2 {
            continue;
        }
        twin_area.clear();
        for &cell in list[i0].1.iter().chain(list[i1].1.iter()) {
            if bases.contains(cell) && cell != c0 && cell != c1 && !twin_area.contains(&cell) {
                twin_area.push(cell);
            }
        }
        for &c2 in &twin_area {
            let i2 = position[c2.index()];
            let common = pair_common & list[i2].2;
            if common.len() < 2 {
                continue;
            }
            let removed = excluded(board, &[c0, c1, c2], common);
            if !removed.is_empty() {
                return Some(Hint::eliminating("Aligned Triplet Exclusion", 7.5, removed));
            }
        }
    }
    None
}
