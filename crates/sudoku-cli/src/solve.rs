//! `sudoku solve`: the solution of each line, or why there is not one.

use sudoku_core::parse::line;
use sudoku_core::search::{Solutions, solutions};
use sudoku_core::variant::{fpuzzles, search};
use sudoku_core::{Grid, SolveError};

use crate::lines::write_error;

/// Puzzles take microseconds each, and about as long as one another: a few long runs of lines per
/// thread keep the cost of sharing them small.
pub const PARTS_PER_THREAD: usize = 8;

/// The solution's line, or `error: <reason>` and false.
///
/// The search takes the line's values as they are read: a puzzle with a repeated given has no
/// solution, and only then is the line read again to name the repeat. A line that is not the
/// 81-character form but f-puzzles (JSON, a link or its payload) is a variant puzzle.
pub fn answer(text: &[u8], answers: &mut Vec<u8>) -> bool {
    let values = match line::values(text) {
        Ok(values) => values,
        Err(e) => match std::str::from_utf8(text) {
            Ok(text) if fpuzzles::is_meant_as_fpuzzles(text) => {
                return answer_variant(text, answers);
            }
            _ => return write_error(answers, e),
        },
    };
    match write_solution(solutions(&values, 2), answers) {
        Err(SolveError::NoSolution) => match Grid::parse_line_bytes(text) {
            Err(repeat) => write_error(answers, repeat),
            Ok(_) => write_error(answers, SolveError::NoSolution),
        },
        Err(e) => write_error(answers, e),
        Ok(()) => true,
    }
}

fn answer_variant(text: &str, answers: &mut Vec<u8>) -> bool {
    let puzzle = match fpuzzles::read(text) {
        Ok(puzzle) => puzzle,
        Err(e) => return write_error(answers, e),
    };
    if let Some(key) = puzzle.rules.cannot_solve() {
        return write_error(answers, format!("cannot solve: {key}"));
    }
    let found = match search::solutions(&puzzle.givens, &puzzle.rules, 2) {
        Ok(found) => found,
        Err(gave_up) => return write_error(answers, gave_up),
    };
    match write_solution(found, answers) {
        Err(SolveError::NoSolution) => match puzzle.rules.check(&puzzle.givens) {
            Err(broken) => write_error(answers, broken),
            Ok(()) => write_error(answers, SolveError::NoSolution),
        },
        Err(e) => write_error(answers, e),
        Ok(()) => true,
    }
}

/// The only solution's line, or why there is none.
fn write_solution(found: Solutions, answers: &mut Vec<u8>) -> Result<(), SolveError> {
    let solution = found.only()?;
    answers.extend(solution.map(|value| b'0' + value));
    answers.push(b'\n');
    Ok(())
}
