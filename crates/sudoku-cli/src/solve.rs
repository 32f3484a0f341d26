//! `sudoku solve`: the solution of each line, or why there is not one.

use sudoku_core::parse::line;
use sudoku_core::search::solutions;
use sudoku_core::{Grid, SolveError};

use crate::lines::write_error;

/// Puzzles take microseconds each, and about as long as one another: a few long runs of lines per
/// thread keep the cost of sharing them small.
pub const PARTS_PER_THREAD: usize = 8;

/// The solution's line, or `error: <reason>` and false.
///
/// The search takes the line's values as they are read: a puzzle with a repeated given has no
/// solution, and only then is the line read again to name the repeat.
pub fn answer(text: &[u8], answers: &mut Vec<u8>) -> bool {
    let values = match line::values(text) {
        Ok(values) => values,
        Err(e) => return write_error(answers, e),
    };
    let found = solutions(&values, 2);
    match (found.count, found.first) {
        (1, Some(solution)) => {
            answers.extend(solution.map(|value| b'0' + value));
            answers.push(b'\n');
            true
        }
        (0, _) => match Grid::parse_line_bytes(text) {
            Err(repeat) => write_error(answers, repeat),
            Ok(_) => write_error(answers, SolveError::NoSolution),
        },
        _ => write_error(answers, SolveError::MultipleSolutions),
    }
}
