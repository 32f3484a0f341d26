//! `sudoku rate`: each line's puzzle rated as Sudoku Explainer rates it.

use sudoku_core::{Beyond, Grid, Level, Method, rate_with};

use sudoku_core::variant::fpuzzles;

use crate::lines::{classic_puzzle, write_error};

/// Puzzles take from a tenth of a millisecond to a second each: parts of a few lines, so that no
/// thread is left with a long part while the others wait.
pub const PARTS_PER_THREAD: usize = 128;

/// `7.2 1.2 1.2 expert Forcing Chain` (ER, EP, ED, the level, the technique of ER); for a puzzle
/// the rating cannot finish, SE's 20.0 and `beyond`; or `error: <reason>` and false.
pub fn answer(method: Method, line: &[u8], answers: &mut Vec<u8>) -> bool {
    let puzzle = match Grid::parse_line_bytes(line) {
        Ok(puzzle) => puzzle,
        Err(e) => match std::str::from_utf8(line) {
            Ok(text) if fpuzzles::is_meant_as_fpuzzles(text) => {
                match classic_puzzle(text, "rate") {
                    Ok(puzzle) => puzzle,
                    Err(e) => return write_error(answers, e),
                }
            }
            _ => return write_error(answers, e),
        },
    };
    // Uniqueness techniques are sound only on a puzzle with one solution.
    if let Err(e) = puzzle.solve() {
        return write_error(answers, e);
    }
    let text = match rate_with(&puzzle, method) {
        Ok(rating) => format!(
            "{} {} {} {} {}\n",
            rating.er,
            rating.ep,
            rating.ed,
            Level::of(rating.er).key(),
            if rating.hardest.is_empty() {
                "(already solved)"
            } else {
                rating.hardest
            }
        ),
        Err(beyond) => format!(
            "{} {} {} beyond (no technique rated here goes further)\n",
            Beyond::SE_RATING,
            beyond.so_far.ep,
            beyond.so_far.ed,
        ),
    };
    answers.extend_from_slice(text.as_bytes());
    true
}
