//! What the constraints drawn as a line share (palindromes, between lines, whispers, renbans):
//! the shape a line must have, reading the lines of an f-puzzles entry, and the digits from one
//! bound to another as nine-bit masks.

use crate::cell::Cell;
use crate::sets::CellSet;
use crate::variant::{CellName, RulesError};

/// Whether `cells` is a line of 2 to `longest` cells, none twice, each touching the one before
/// (diagonally too).
pub(super) fn is_line(cells: &[Cell], longest: usize) -> bool {
    let distinct: CellSet = cells.iter().copied().collect();
    let joined = cells.windows(2).all(|pair| {
        pair[0].row().abs_diff(pair[1].row()) <= 1 && pair[0].col().abs_diff(pair[1].col()) <= 1
    });
    (2..=longest).contains(&cells.len()) && distinct.len() as usize == cells.len() && joined
}

/// A line whose digits may repeat along it (they need not differ, so it may be longer than
/// nine cells): 2 cells at least, none twice, each touching the one before.
pub(super) fn validate_path(cells: &[Cell], kind: &'static str) -> Result<(), RulesError> {
    if is_line(cells, Cell::COUNT) {
        Ok(())
    } else {
        Err(RulesError::Path {
            kind,
            at: CellName(first(cells)),
        })
    }
}

/// A line's first cell, by which it is named.
pub(super) fn first(cells: &[Cell]) -> Cell {
    cells.first().copied().unwrap_or(Cell::ALL[0])
}

/// The digits from `low` to `high`, both in, as a mask; none when `low > high`. Bounds past 1
/// or 9 are cut there.
pub(super) fn digits_from_to(low: i32, high: i32) -> u16 {
    let (low, high) = (low.max(1), high.min(9));
    if low > high {
        return 0;
    }
    let up_to_high = (1u16 << high) - 1;
    let below_low = (1u16 << (low - 1)) - 1;
    up_to_high & !below_low
}

/// The smallest and largest digit of a mask that is not empty.
pub(super) fn bounds(digits: u16) -> (i32, i32) {
    (
        digits.trailing_zeros() as i32 + 1,
        16 - digits.leading_zeros() as i32,
    )
}

/// An f-puzzles document with an empty grid and `fields` (JSON fields, comma-separated).
#[cfg(all(test, feature = "fpuzzles"))]
pub(super) fn fpuzzles_json(fields: &str) -> String {
    let row = format!("[{}]", ["{}"; 9].join(","));
    let grid = format!("[{}]", vec![row; 9].join(","));
    format!(r#"{{"size":9,"grid":{grid},{fields}}}"#)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_between_bounds() {
        assert_eq!(digits_from_to(1, 9), 0x1ff);
        assert_eq!(digits_from_to(3, 5), 0b11100);
        assert_eq!(digits_from_to(-4, 2), 0b11);
        assert_eq!(digits_from_to(8, 14), 0b1_1000_0000);
        assert_eq!(digits_from_to(6, 5), 0);
        assert_eq!(bounds(0b0_0010_1100), (3, 6));
    }

    #[test]
    fn a_line_touches_from_cell_to_cell_and_never_comes_back() {
        let line = [Cell::at(0, 0), Cell::at(1, 1), Cell::at(1, 2)];
        assert!(is_line(&line, 9));
        assert!(!is_line(&line, 2));
        assert!(!is_line(&line[..1], 9));
        assert!(!is_line(&[Cell::at(0, 0), Cell::at(0, 2)], 9));
        assert!(!is_line(
            &[Cell::at(0, 0), Cell::at(0, 1), Cell::at(0, 0)],
            9
        ));
    }
}
