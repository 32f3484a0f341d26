//! Bivalue Universal Grave: SE 1.2.1's `BivalueUniversalGrave` producer, types 1 to 4.
//!
//! SE rates type 1 5.6 (`Bug1Hint`), types 2 and 4 5.7 (`Bug2Hint`, `Bug4Hint`), type 3 5.7 plus
//! 0.1 per value of its naked set beyond one (`Bug3Hint`).

use super::board::{Board, CandidateSet, Kind, peers_in_se_order};
use super::combinations::{bits, masks};
use super::hint::Hint;
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};

/// The BUG cells found in SE's scan: each with the digits that spoil the pattern there.
struct Pattern {
    cells: Vec<Cell>,
    values: [DigitSet; 81],
    all_values: DigitSet,
    /// The cells seeing every BUG cell, in SE's peer order of the first one.
    common: Vec<Cell>,
}

pub(crate) fn first(board: &Board) -> Option<Hint> {
    let pattern = find_pattern(board)?;
    if pattern.cells.len() == 1 {
        let cell = pattern.cells[0];
        let mut removed = CandidateSet::EMPTY;
        for digit in (board.candidates(cell) - pattern.all_values).iter() {
            removed.insert(cell, digit);
        }
        return Some(Hint::eliminating("BUG type 1", 5.6, removed));
    }
    if pattern.all_values.len() == 1 {
        let digit = pattern.all_values.first()?;
        let mut removed = CandidateSet::EMPTY;
        for &cell in &pattern.common {
            if board.has(cell, digit) {
                removed.insert(cell, digit);
            }
        }
        if !removed.is_empty() {
            return Some(Hint::eliminating("BUG type 2", 5.7, removed));
        }
        if pattern.cells.len() == 2 {
            return type_4(board, &pattern);
        }
        return None;
    }
    if pattern.common.is_empty() {
        return None;
    }
    if pattern.cells.len() == 2
        && let Some(hint) = type_4(board, &pattern)
    {
        return Some(hint);
    }
    type_3(board, &pattern)
}

/// SE's scan: every (house, digit) with other than zero or two places must have exactly one cell
/// of three or more candidates there, which becomes a BUG cell; without its BUG digits, every
/// cell must be bivalue and every digit have zero or two places in every house.
fn find_pattern(board: &Board) -> Option<Pattern> {
    let mut rest = board.clone();
    let mut pattern = Pattern {
        cells: Vec::new(),
        values: [DigitSet::EMPTY; 81],
        all_values: DigitSet::EMPTY,
        common: Vec::new(),
    };
    let mut common_started = false;
    for kind in Kind::CHAIN_ORDER {
        for index in 0..9 {
            let house = kind.house(index);
            for digit in Digit::all() {
                let positions = board.positions(house, digit);
                let count = positions.len();
                if count == 0 || count == 2 {
                    continue;
                }
                let mut crowded = positions.iter().filter(|&c| board.count(c) >= 3);
                let (Some(cell), None) = (crowded.next(), crowded.next()) else {
                    if positions.iter().all(|c| board.count(c) < 3) {
                        return None;
                    }
                    continue;
                };
                if !pattern.cells.contains(&cell) {
                    pattern.cells.push(cell);
                }
                pattern.values[cell.index()].insert(digit);
                pattern.all_values.insert(digit);
                rest.remove(cell, digit);
                if common_started {
                    pattern.common.retain(|c| c.sees(cell));
                } else {
                    pattern.common = peers_in_se_order(cell).to_vec();
                    common_started = true;
                }
                pattern.common.retain(|c| !pattern.cells.contains(c));
                if pattern.cells.len() > 1
                    && pattern.all_values.len() > 1
                    && pattern.common.is_empty()
                {
                    return None;
                }
            }
        }
    }
    if rest.empty_cells().iter().any(|c| rest.count(c) != 2) {
        return None;
    }
    let all_paired = House::all()
        .all(|house| Digit::all().all(|d| matches!(rest.positions(house, d).len(), 0 | 2)));
    all_paired.then_some(pattern)
}

/// The house of one kind holding every BUG cell, if any.
fn shared_house(kind: Kind, cells: &[Cell]) -> Option<House> {
    let house = kind.house_of(*cells.first()?);
    cells
        .iter()
        .all(|&c| kind.house_of(c) == house)
        .then_some(house)
}

/// Two BUG cells in one house sharing one digit besides their BUG digits: their other non-BUG
/// digit goes.
fn type_4(board: &Board, pattern: &Pattern) -> Option<Hint> {
    let (c1, c2) = (pattern.cells[0], pattern.cells[1]);
    let common = (board.candidates(c1) & board.candidates(c2)) - pattern.all_values;
    let digit = common.single_digit()?;
    Kind::CHAIN_ORDER
        .into_iter()
        .find_map(|kind| shared_house(kind, &pattern.cells))?;
    let mut removed = CandidateSet::EMPTY;
    for cell in [c1, c2] {
        let others =
            board.candidates(cell) - pattern.values[cell.index()] - DigitSet::single(digit);
        for d in others.iter() {
            removed.insert(cell, d);
        }
    }
    Some(Hint::eliminating("BUG type 4", 5.7, removed))
}

/// The BUG digits, as one virtual cell, make a naked set with other cells of a house shared by
/// every BUG cell.
fn type_3(board: &Board, pattern: &Pattern) -> Option<Hint> {
    for kind in Kind::CHAIN_ORDER {
        let Some(house) = shared_house(kind, &pattern.cells) else {
            continue;
        };
        let house_cells: Vec<Cell> = pattern
            .common
            .iter()
            .copied()
            .filter(|c| kind.house_of(*c) == house)
            .collect();
        for degree in 2..=6u32 {
            if (house_cells.len() as u32) < degree {
                continue;
            }
            for mask in masks(house_cells.len() as u32, degree - 1) {
                let mut naked_cells = CellSet::EMPTY;
                let mut union = DigitSet::EMPTY;
                let mut each_has_two = pattern.all_values.len() >= 2;
                for i in bits(mask) {
                    let digits = board.candidates(house_cells[i]);
                    naked_cells.insert(house_cells[i]);
                    each_has_two &= digits.len() >= 2;
                    union |= digits;
                }
                if union.len() != degree || !each_has_two {
                    continue;
                }
                let naked = union | pattern.all_values;
                if naked.len() != degree {
                    continue;
                }
                let mut removed = CandidateSet::EMPTY;
                for &cell in &house_cells {
                    if naked_cells.contains(cell) || pattern.cells.contains(&cell) {
                        continue;
                    }
                    for digit in (board.candidates(cell) & naked).iter() {
                        removed.insert(cell, digit);
                    }
                }
                if !removed.is_empty() {
                    let difficulty = 5.7 + f64::from(naked.len() - 1) * 0.1;
                    return Some(Hint::eliminating("BUG type 3", difficulty, removed));
                }
            }
        }
    }
    None
}
