//! `Grid::parse` on any text: never panics, reads one non-blank line as the one-line format and
//! anything else as a block, and a grid it reads reads back from what it writes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::Grid;
use sudoku_fuzz::check_round_trip;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let result = Grid::parse(text);
    let unmarked = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = unmarked.lines().filter(|l| !l.trim().is_empty());
    let expected = match (lines.next(), lines.next()) {
        (Some(line), None) => Grid::parse_line(line),
        _ => Grid::parse_block(unmarked),
    };
    assert_eq!(result, expected);
    if let Ok(grid) = &result {
        check_round_trip(grid);
    }
    if let Err(error) = &result {
        assert!(!error.to_string().is_empty());
    }
});
