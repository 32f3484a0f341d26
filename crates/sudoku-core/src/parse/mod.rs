//! Reading and writing puzzles.
//!
//! Two formats:
//! - one line: 81 characters, `1`–`9` for a given, `0` or `.` for a blank. Anything after the
//!   first `,` or white space (a solution column, a rating) is ignored.
//! - block (`.sud` files): 9 lines of 9 cells, with any white space and the separators `|`, `-`,
//!   `+` between them; lines holding no cell (`------+-------+------`) are skipped.
//!
//! Parsing never panics; every error says what is wrong and where.

pub mod file;
pub mod line;

use crate::cell::Digit;
use crate::error::{ParseError, Position};
use crate::grid::Grid;

/// What one character of a puzzle stands for.
enum Symbol {
    Given(Digit),
    Blank,
    Separator,
    Other,
}

fn symbol(ch: char) -> Symbol {
    match ch {
        '0' | '.' => Symbol::Blank,
        '|' | '-' | '+' => Symbol::Separator,
        c if c.is_whitespace() => Symbol::Separator,
        c => match c.to_digit(10).and_then(|d| Digit::new(d as u8)) {
            Some(digit) => Symbol::Given(digit),
            None => Symbol::Other,
        },
    }
}

impl Grid {
    /// Reads a puzzle in either format: one non-empty line is the one-line format, more are a block.
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        match (lines.next(), lines.next()) {
            (Some(line), None) => Grid::parse_line(line),
            _ => Grid::parse_block(text),
        }
    }

    /// Reads the one-line format.
    pub fn parse_line(line: &str) -> Result<Grid, ParseError> {
        line::read_str(line)
    }

    /// Reads the one-line format from bytes, as a line of a file comes: the same answers as
    /// [`Grid::parse_line`] on the text, with invalid UTF-8 read as U+FFFD.
    pub fn parse_line_bytes(line: &[u8]) -> Result<Grid, ParseError> {
        line::read_bytes(line)
    }

    /// Reads the block format of `.sud` files.
    pub fn parse_block(text: &str) -> Result<Grid, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut values = [0; 81];
        let mut found = 0;
        for (line_index, line) in text.lines().enumerate() {
            let before = found;
            for (i, ch) in line.chars().enumerate() {
                let value = match symbol(ch) {
                    Symbol::Given(digit) => digit.get(),
                    Symbol::Blank => 0,
                    Symbol::Separator => continue,
                    Symbol::Other => {
                        let at = Position {
                            line: Some(line_index + 1),
                            column: i + 1,
                        };
                        return Err(ParseError::UnexpectedChar { ch, at });
                    }
                };
                // Past 81 only the count goes on, for the message.
                if let Some(cell) = values.get_mut(found) {
                    *cell = value;
                }
                found += 1;
            }
            let in_line = found - before;
            if in_line != 0 && in_line != 9 {
                return Err(ParseError::RowLength {
                    line: line_index + 1,
                    found: in_line,
                });
            }
        }
        if found != 81 {
            return Err(ParseError::CellCount { found });
        }
        grid_from_values(values)
    }

    /// The one-line format: 81 characters, `.` for a blank.
    pub fn to_line(&self) -> String {
        self.digits()
            .iter()
            .map(|d| d.map_or('.', digit_char))
            .collect()
    }

    /// The block format of `.sud` files: 9 lines of 9 digits, `0` for a blank.
    pub fn to_block(&self) -> String {
        let mut text = String::with_capacity(90);
        for row in self.digits().chunks(9) {
            text.extend(row.iter().map(|d| d.map_or('0', digit_char)));
            text.push('\n');
        }
        text
    }
}

fn digit_char(digit: Digit) -> char {
    char::from(b'0' + digit.get())
}

/// The puzzle of these values (0 for a blank, else the digit), or its first repeat in house order.
fn grid_from_values(values: [u8; 81]) -> Result<Grid, ParseError> {
    let grid = Grid::from_givens(values.map(Digit::new));
    if has_repeat(&values)
        && let Some(&conflict) = grid.conflicts().first()
    {
        return Err(ParseError::Conflict(conflict));
    }
    Ok(grid)
}

/// Whether a digit repeats in a house: one pass, keeping the digits seen in the current row, its
/// boxes and every column, so that a valid puzzle (nearly every one read) is not compared cell
/// pair by cell pair.
fn has_repeat(values: &[u8; 81]) -> bool {
    let mut in_columns = [0u16; 9];
    let mut repeated = 0;
    for band in values.as_chunks::<27>().0 {
        let mut in_boxes = [0u16; 3];
        for row in band.as_chunks::<9>().0 {
            let mut in_row = 0;
            for (column, &value) in row.iter().enumerate() {
                // Bit `value - 1`, and none for a blank.
                let bit = (1u16 << value) >> 1;
                let in_box = &mut in_boxes[column / 3];
                repeated |= (in_row | in_columns[column] | *in_box) & bit;
                in_row |= bit;
                in_columns[column] |= bit;
                *in_box |= bit;
            }
        }
    }
    repeated != 0
}

impl std::str::FromStr for Grid {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Grid, ParseError> {
        Grid::parse(text)
    }
}

/// The one-line format.
impl std::fmt::Display for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn a_grid_reads_and_shows_itself_in_the_one_line_format() {
        let grid: Grid = LINE.parse().unwrap();
        assert_eq!(grid.to_string(), LINE);
        assert_eq!(Grid::parse_line_bytes(LINE.as_bytes()), Ok(grid));
    }

    #[test]
    fn every_kind_of_repeat_is_found_and_named_first_in_house_order() {
        let mut line = LINE.to_string();
        // A 5 in r1c3 repeats the 5 of its row and of its box; rows come first.
        line.replace_range(2..3, "5");
        assert_eq!(
            Grid::parse_line(&line).unwrap_err().to_string(),
            "two 5s in row 1: r1c1 and r1c3"
        );
        let mut column = ".".repeat(81);
        column.replace_range(4..5, "7");
        column.replace_range(76..77, "7");
        assert!(has_repeat(&line::values(column.as_bytes()).unwrap()));
        let mut boxed = ".".repeat(81);
        boxed.replace_range(30..31, "2");
        boxed.replace_range(50..51, "2");
        assert!(has_repeat(&line::values(boxed.as_bytes()).unwrap()));
        assert!(!has_repeat(&line::values(LINE.as_bytes()).unwrap()));
    }
}
