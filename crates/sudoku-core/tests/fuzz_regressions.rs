//! Inputs the fuzz targets in `fuzz/` found failing, kept so that each stays fixed. A test marked
//! `#[ignore]` still fails: its reason says what is wrong.

use sudoku_core::parse::file::{Contents, puzzles, read};
use sudoku_core::{Grid, ParseError, Position};

/// The error of a puzzle line whose 32nd character is a stray `x`, after one leading space.
fn stray_x_at_column_32() -> Result<Grid, ParseError> {
    Err(ParseError::UnexpectedChar {
        ch: 'x',
        at: Position {
            line: None,
            column: 32,
        },
    })
}

/// `parse_file`: a file of one puzzle line with leading white space. `read` took the line
/// trimmed, so the column it reported missed the leading white space, and disagreed with
/// `Grid::parse` and `puzzles` on the same text.
#[test]
fn a_stray_character_after_leading_space_is_located_in_the_file() {
    let text = format!(" {}x", ".".repeat(30));
    assert_eq!(Grid::parse(&text), stray_x_at_column_32());
    assert_eq!(puzzles(&text), [stray_x_at_column_32()]);
    assert_eq!(read(&text), Contents::One(stray_x_at_column_32()));
}
