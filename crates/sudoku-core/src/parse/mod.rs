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
        let line = line.strip_prefix('\u{feff}').unwrap_or(line);
        let start = line.len() - line.trim_start().len();
        let field = line[start..]
            .split(|c: char| c == ',' || c.is_whitespace())
            .next()
            .unwrap_or("");
        let leading_chars = line[..start].chars().count();
        let mut digits = Vec::with_capacity(81);
        for (i, ch) in field.chars().enumerate() {
            match symbol(ch) {
                Symbol::Given(d) => digits.push(Some(d)),
                Symbol::Blank => digits.push(None),
                _ => {
                    let at = Position {
                        line: None,
                        column: leading_chars + i + 1,
                    };
                    return Err(ParseError::UnexpectedChar { ch, at });
                }
            }
        }
        grid_from_cells(&digits)
    }

    /// Reads the block format of `.sud` files.
    pub fn parse_block(text: &str) -> Result<Grid, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut digits = Vec::with_capacity(81);
        for (line_index, line) in text.lines().enumerate() {
            let before = digits.len();
            for (i, ch) in line.chars().enumerate() {
                match symbol(ch) {
                    Symbol::Given(d) => digits.push(Some(d)),
                    Symbol::Blank => digits.push(None),
                    Symbol::Separator => {}
                    Symbol::Other => {
                        let at = Position {
                            line: Some(line_index + 1),
                            column: i + 1,
                        };
                        return Err(ParseError::UnexpectedChar { ch, at });
                    }
                }
            }
            let found = digits.len() - before;
            if found != 0 && found != 9 {
                return Err(ParseError::RowLength {
                    line: line_index + 1,
                    found,
                });
            }
        }
        grid_from_cells(&digits)
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

fn grid_from_cells(cells: &[Option<Digit>]) -> Result<Grid, ParseError> {
    let digits: [Option<Digit>; 81] = cells
        .try_into()
        .map_err(|_| ParseError::CellCount { found: cells.len() })?;
    let grid = Grid::from_givens(digits);
    match grid.conflicts().first() {
        Some(&conflict) => Err(ParseError::Conflict(conflict)),
        None => Ok(grid),
    }
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
