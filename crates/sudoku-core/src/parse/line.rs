//! The one-line format, read without allocating. Nearly every line of a collection starts with
//! its 81 cells and then ends or goes on after a separator; such a line is read byte by byte in
//! one pass. Any other line takes the general path, which decodes characters and says where the
//! line goes wrong.

use super::{Symbol, grid_from_values, symbol};
use crate::error::{ParseError, Position};
use crate::grid::Grid;

/// The cells of a one-line puzzle as the search solver takes them (0 for a blank, else the
/// digit), or where the line goes wrong; invalid UTF-8 reads as U+FFFD, which the message quotes.
///
/// Repeated givens are not looked for: a search finds that such a puzzle has no solution, and
/// only then need [`Grid::parse_line_bytes`] name the repeat. For a batch of puzzles that are
/// nearly all valid, this saves a pass over each.
pub fn values(line: &[u8]) -> Result<[u8; 81], ParseError> {
    match plain_values(line) {
        Some(values) => Ok(values),
        None => read_chars(&String::from_utf8_lossy(line)),
    }
}

/// Reads a one-line puzzle from text.
pub(super) fn read_str(line: &str) -> Result<Grid, ParseError> {
    match plain_values(line.as_bytes()) {
        Some(values) => grid_from_values(values),
        None => read_chars(line).and_then(grid_from_values),
    }
}

/// Reads a one-line puzzle from bytes as they come from a file.
pub(super) fn read_bytes(line: &[u8]) -> Result<Grid, ParseError> {
    values(line).and_then(grid_from_values)
}

/// The cells of a line made of exactly 81 cell characters, then its end, a `,` or ASCII white
/// space; `None` for any other line, which the general path then reads.
fn plain_values(line: &[u8]) -> Option<[u8; 81]> {
    let (cells, rest) = line.split_first_chunk::<81>()?;
    if rest.first().is_some_and(|&byte| !ends_field(byte)) {
        return None;
    }
    let values = cells.map(|byte| byte.wrapping_sub(b'0'));
    // Checked all at once, without stopping at the first bad byte, so that it runs on vectors.
    let all_cells = values.iter().zip(cells).fold(true, |ok, (&value, &byte)| {
        ok & ((value <= 9) | (byte == b'.'))
    });
    all_cells.then(|| values.map(|value| if value <= 9 { value } else { 0 }))
}

/// The bytes that end the first field: `,` and the ASCII characters `char::is_whitespace` accepts.
fn ends_field(byte: u8) -> bool {
    matches!(byte, b',' | b' ' | b'\t'..=b'\r')
}

/// The general path: a byte order mark, leading white space, any Unicode white space as the end
/// of the field, and errors located by the character's column.
fn read_chars(line: &str) -> Result<[u8; 81], ParseError> {
    let line = line.strip_prefix('\u{feff}').unwrap_or(line);
    let field = line.trim_start();
    let leading_chars = line[..line.len() - field.len()].chars().count();
    let mut values = [0; 81];
    let mut found = 0;
    let field = field
        .chars()
        .take_while(|&c| c != ',' && !c.is_whitespace());
    for (i, ch) in field.enumerate() {
        let value = match symbol(ch) {
            Symbol::Given(digit) => digit.get(),
            Symbol::Blank => 0,
            Symbol::Separator | Symbol::Other => {
                let at = Position {
                    line: None,
                    column: leading_chars + i + 1,
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
    if found != 81 {
        return Err(ParseError::CellCount { found });
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// Both paths give the same answer, whichever a line takes.
    #[test]
    fn the_fast_path_agrees_with_the_general_one() {
        for line in [
            LINE.to_string(),
            LINE.replace('.', "0"),
            format!("{LINE},534678912"),
            format!("{LINE} rated 2.3"),
            format!("{LINE}\r"),
            format!("{LINE}\u{b}x"),
            format!("{LINE}5"),
            format!("{LINE}x"),
            format!("{}|", &LINE[..80]),
            LINE[..80].to_string(),
            LINE.replacen('6', "x", 1),
            LINE.replacen('6', "/", 1),
            LINE.replacen('6', ":", 1),
            LINE.replacen('6', "é", 1),
            LINE.replacen('.', "5", 1),
        ] {
            assert_eq!(values(line.as_bytes()), read_chars(&line), "{line}");
            let grid = read_chars(&line).and_then(grid_from_values);
            assert_eq!(read_str(&line), grid, "{line}");
            assert_eq!(read_bytes(line.as_bytes()), grid, "{line}");
        }
    }

    #[test]
    fn values_leave_repeats_to_the_grid() {
        let repeat = LINE.replacen('.', "5", 1);
        assert!(values(repeat.as_bytes()).is_ok());
        assert_eq!(
            read_bytes(repeat.as_bytes()).unwrap_err().to_string(),
            "two 5s in row 1: r1c1 and r1c3"
        );
    }

    #[test]
    fn invalid_utf8_is_named_where_it_stands() {
        let mut bytes = LINE.as_bytes().to_vec();
        bytes[16] = 0xff;
        assert_eq!(
            read_bytes(&bytes).unwrap_err().to_string(),
            "unexpected character '\u{fffd}' at column 17"
        );
    }
}
