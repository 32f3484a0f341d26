//! `Grid::parse_block` on any text: never panics; a grid it reads holds the text's cells in
//! order and reads back from what it writes; an error points at the right line and column.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Grid, ParseError};
use sudoku_fuzz::{as_line, check_conflict, check_round_trip, is_cell};

/// White space and `|`, `-`, `+` may stand anywhere between cells.
fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '|' | '-' | '+')
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let result = Grid::parse_block(text);
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.lines().collect();
    let cells: Vec<char> = text.chars().filter(|&c| is_cell(c)).collect();
    let cells_in = |line: &str| line.chars().filter(|&c| is_cell(c)).count();
    // A line that raises no error: cells and separators only, a whole row of cells or none.
    let clean = |line: &str| {
        line.chars().all(|c| is_cell(c) || is_separator(c)) && matches!(cells_in(line), 0 | 9)
    };
    match &result {
        Ok(grid) => {
            assert!(lines.iter().all(|l| clean(l)));
            assert_eq!(grid.to_line(), as_line(cells.iter().copied()));
            check_round_trip(grid);
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
            match *error {
                ParseError::UnexpectedChar { ch, at } => {
                    let line = at.line.expect("a block's error names the line");
                    let found = lines[line - 1].chars().nth(at.column - 1);
                    assert_eq!(found, Some(ch), "{error}");
                    assert!(!is_cell(ch) && !is_separator(ch), "{error}");
                    // The first fault: everything before it is clean.
                    assert!(lines[..line - 1].iter().all(|l| clean(l)), "{error}");
                    let head: String = lines[line - 1].chars().take(at.column - 1).collect();
                    assert!(
                        head.chars().all(|c| is_cell(c) || is_separator(c)),
                        "{error}"
                    );
                }
                ParseError::RowLength { line, found } => {
                    assert_eq!(cells_in(lines[line - 1]), found, "{error}");
                    assert!(!matches!(found, 0 | 9), "{error}");
                    assert!(lines[..line - 1].iter().all(|l| clean(l)), "{error}");
                }
                ParseError::CellCount { found } => {
                    assert_eq!(found, cells.len(), "{error}");
                    assert_ne!(found, 81);
                }
                ParseError::Conflict(_) => {
                    assert_eq!(cells.len(), 81, "{error}");
                    check_conflict(error, &cells);
                }
            }
        }
    }
});
