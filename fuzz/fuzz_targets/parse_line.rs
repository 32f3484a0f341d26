//! `Grid::parse_line` (and `parse_line_bytes`, the same on bytes) on any text: never panics; a
//! grid it reads holds the digits of the line's first field and reads back from what it writes;
//! an error points at the right place.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Grid, ParseError};
use sudoku_fuzz::{as_line, check_conflict, check_round_trip, is_cell};

fuzz_target!(|data: &[u8]| {
    // Bytes as a file's line holds them read the same as the text they decode to.
    let text = String::from_utf8_lossy(data);
    let text: &str = &text;
    let result = Grid::parse_line(text);
    assert_eq!(
        Grid::parse_line_bytes(data),
        result,
        "bytes read differently"
    );
    // The format, independently: the first field after leading white space, up to a `,` or
    // white space, is the 81 cells.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let trimmed = text.trim_start();
    let field = trimmed
        .split(|c: char| c == ',' || c.is_whitespace())
        .next()
        .unwrap_or("");
    let cells: Vec<char> = field.chars().take_while(|&c| is_cell(c)).collect();
    match &result {
        Ok(grid) => {
            assert_eq!(
                cells.len(),
                field.chars().count(),
                "read past a stray character"
            );
            assert_eq!(grid.to_line(), as_line(field.chars()));
            check_round_trip(grid);
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
            match *error {
                ParseError::UnexpectedChar { ch, at } => {
                    assert_eq!(at.line, None, "{error}");
                    let leading = text.chars().count() - trimmed.chars().count();
                    assert_eq!(at.column, leading + cells.len() + 1, "{error}");
                    assert_eq!(text.chars().nth(at.column - 1), Some(ch), "{error}");
                    assert!(!is_cell(ch));
                }
                ParseError::CellCount { found } => {
                    assert_eq!(cells.len(), field.chars().count(), "{error}");
                    assert_eq!(found, cells.len());
                    assert_ne!(found, 81);
                }
                ParseError::Conflict(_) => {
                    assert_eq!(cells.len(), 81, "{error}");
                    check_conflict(error, &cells);
                }
                ParseError::RowLength { .. } => panic!("a block's error from one line: {error}"),
            }
        }
    }
});
