//! `sudoku rate`: the hardest technique each line's puzzle needs.

use sudoku_core::{Grid, solve_logically};

use crate::lines::write_error;

/// Puzzles take from a tenth of a millisecond to a second each: parts of a few lines, so that no
/// thread is left with a long part while the others wait.
pub const PARTS_PER_THREAD: usize = 128;

/// `4.2 XY-Wing`, `unsolved: no logical step found`, or `error: <reason>` and false.
pub fn answer(line: &[u8], answers: &mut Vec<u8>) -> bool {
    let puzzle = match Grid::parse_line_bytes(line) {
        Ok(puzzle) => puzzle,
        Err(e) => return write_error(answers, e),
    };
    if let Err(e) = puzzle.solve() {
        return write_error(answers, e);
    }
    let outcome = solve_logically(&puzzle);
    let rating = match outcome.hardest {
        Some(name) if outcome.is_solved() => format!("{} {name}\n", outcome.difficulty),
        _ if outcome.is_solved() => "0.0 (already solved)\n".to_string(),
        _ => "unsolved: no logical step found\n".to_string(),
    };
    answers.extend_from_slice(rating.as_bytes());
    true
}
