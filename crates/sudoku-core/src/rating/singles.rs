//! Singles: SE 1.2.1's `HiddenSingle` and `NakedSingle` producers.
//!
//! SE rates the last empty cell of a house (a full house) 1.0, a hidden single in a block 1.2,
//! in a row or column 1.5 (`HiddenSingleHint`), and a naked single 2.3 (`NakedSingleHint`).

use super::board::{Board, HouseAt};
use super::hint::Hint;
use crate::cell::{Cell, Digit};
use crate::house::{House, HouseKind};

/// SE's scan order for singles and subsets: blocks, then columns, then rows.
pub(crate) const BLOCKS_COLUMNS_ROWS: [HouseAt; 3] = [House::box_at, House::column, House::row];

/// First the full houses, then the hidden singles; each pass looks at blocks, columns, rows, and
/// within a house at the digits 1 to 9.
pub(crate) fn hidden_single(board: &Board) -> Option<Hint> {
    for full_house_only in [true, false] {
        for house_at in BLOCKS_COLUMNS_ROWS {
            for index in 0..9 {
                let house = house_at(index);
                let is_full_house = board.empty_count(house) == 1;
                if is_full_house != full_house_only {
                    continue;
                }
                for digit in Digit::all() {
                    if let Some(cell) = board.positions(house, digit).single_cell() {
                        let (name, difficulty) = if is_full_house {
                            ("Full House", 1.0)
                        } else if house.kind() == HouseKind::Box {
                            ("Hidden Single", 1.2)
                        } else {
                            ("Hidden Single", 1.5)
                        };
                        return Some(Hint::placing(name, difficulty, cell, digit));
                    }
                }
            }
        }
    }
    None
}

/// The first cell, in reading order, with one candidate left.
pub(crate) fn naked_single(board: &Board) -> Option<Hint> {
    board.empty_cells().iter().find_map(|cell: Cell| {
        let digit = board.candidates(cell).single_digit()?;
        Some(Hint::placing("Naked Single", 2.3, cell, digit))
    })
}
