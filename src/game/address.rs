//! The puzzle in the page's address, so that every puzzle has a link and opening a link plays
//! its puzzle: `#` and its 81 givens, digits and `.` for blanks; for a variant, `#fpuzzles` and
//! the payload SudokuPad's links carry (f-puzzles JSON compressed by lz-string, in base64), which
//! the worker writes and reads. SudokuPad's own payloads (`#scl…`, `#ctc…`) open too, and the
//! address then holds the puzzle in the f-puzzles form.

use sudoku_core::Grid;

use super::Game;
use crate::worker::Playable;

/// What a variant's fragment starts with, as in SudokuPad's links.
const FPUZZLES: &str = "fpuzzles";
/// What the fragments the worker reads start with: the f-puzzles form and SudokuPad's own.
const READ_BY_THE_WORKER: [&str; 3] = [FPUZZLES, "scl", "ctc"];

impl Game {
    /// The puzzle played, as the address's fragment without its `#`: the givens in the one-line
    /// format. While a puzzle is being entered, the puzzle of the game to return to.
    pub fn puzzle_line(&self) -> String {
        let played = self.entering.as_deref().unwrap_or(self);
        match played.rules.link() {
            Some(payload) => format!("{FPUZZLES}{payload}"),
            None => played.board.givens_only().to_line(),
        }
    }

    /// Opens the puzzle of a link's fragment (without its `#`). The puzzle in play already stays
    /// as it is, entries, notes and history included; a fragment that is not a puzzle with
    /// exactly one solution leaves the game as it was (once the worker has said so, for a
    /// puzzle that parses), and the message says why. A variant's is read by the worker first.
    /// Returns whether a new game started or its link went to the worker to read.
    pub(crate) fn open_link(&mut self, fragment: &str, now_ms: f64) -> bool {
        const NAME: &str = "the puzzle in the link";
        if fragment == self.puzzle_line() {
            return false;
        }
        if READ_BY_THE_WORKER
            .iter()
            .any(|start| fragment.starts_with(start))
        {
            self.read(NAME, fragment);
            return true;
        }
        let puzzle = Grid::parse_line(fragment)
            .map(Playable::classic)
            .map_err(|why| why.to_string());
        self.open(NAME, puzzle, now_ms)
    }
}

#[cfg(test)]
mod tests {
    use sudoku_core::Cell;

    use crate::game::tests::{PUZZLE, digit, game, settle};

    /// A puzzle other than [`PUZZLE`], with one solution.
    const OTHER: &str =
        "9..6....7.6..7..3...7...2..6..5.8..2..4...8..2..3.1..9..1...5...4..5..1.8....9..4";

    #[test]
    fn the_address_carries_the_givens_also_while_a_puzzle_is_entered() {
        let mut game = game();
        game.toggle_pick(digit(4));
        game.click(Cell::at(0, 2), 1.0);
        assert_eq!(game.puzzle_line(), PUZZLE);
        game.begin_entry(1.0);
        game.type_digit(digit(7), 2.0);
        assert_eq!(game.puzzle_line(), PUZZLE);
    }

    #[test]
    fn a_link_to_the_puzzle_in_play_keeps_the_progress() {
        let mut game = game();
        game.toggle_pick(digit(4));
        game.click(Cell::at(0, 2), 1.0);
        let before = game.clone();
        assert!(!game.open_link(PUZZLE, 2.0));
        assert_eq!(game, before);
    }

    #[test]
    fn a_link_to_another_puzzle_plays_it() {
        let mut game = game();
        assert!(game.open_link(OTHER, 2.0));
        assert_eq!(game.puzzle_line(), OTHER);
        settle(&mut game, 2.0);
        assert_eq!(game.message(), "Opened the puzzle in the link");
    }

    #[test]
    fn variant_links_of_f_puzzles_and_sudokupad_go_to_the_worker() {
        for fragment in ["fpuzzlesN4Ig", "sclN4Ig", "ctcN4Ig"] {
            let mut game = game();
            assert!(game.open_link(fragment, 2.0), "{fragment}");
            assert!(game.reading(), "{fragment}");
        }
    }

    #[test]
    fn a_bad_link_keeps_the_game_and_says_why() {
        let mut game = game();
        game.toggle_pick(digit(4));
        game.click(Cell::at(0, 2), 1.0);
        let board = game.board.clone();
        let two_solutions = format!("1{}", ".".repeat(80));
        for (fragment, why) in [
            (&PUZZLE[1..], "found 80 cells, need 81"),
            (two_solutions.as_str(), "more than one solution"),
        ] {
            game.open_link(fragment, 2.0);
            settle(&mut game, 2.0);
            assert_eq!(game.board, board);
            let message = game.message();
            assert!(
                message.starts_with("Cannot open the puzzle in the link: ")
                    && message.contains(why),
                "{message}"
            );
        }
    }
}
