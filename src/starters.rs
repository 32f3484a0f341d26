//! The first puzzle of a first visit: one puzzle of each level shipped with the page, so the
//! board is there at once, before the solver's worker has loaded; the default level's is drawn
//! in the page's HTML (tools/first-screen.mjs). (The first of
//! `sudoku generate --level LEVEL --count 4 --seed 2026`, rated by `sudoku rate`.)

use sudoku_core::{Difficulty, Grid, Level};

use crate::game::Game;
use crate::worker::PuzzleRating;

/// A puzzle of each level, easiest level first, with its ER in tenths.
#[rustfmt::skip]
const STARTERS: [(&str, u16); 5] = [
    ("...3.8...1...9.8.5.7..2.....34....8..8.274.3..1....49.....3..5.4.2.8...1...7.5...", 15),
    ("7...3.4......6..7..52..4.9..9.4..8..2.......3..8..6.4..6.8..53..2..1......7.9...6", 30),
    ("19....56....5...8...8261.....9....23...4.7...34....7.....9481...8...6....14....79", 42),
    ("1....8......1.5892......6.1.3..8.2..98.....57..7.4..6.6.5......8219.4......2....5", 45),
    ("9..8.6.....2..195..71..9.8.6.....21...........14.....9.2.4..79..496..8.....3.7..2", 83),
];

/// The shipped puzzle of `level`, as a fresh game started at `now_ms` (its solution comes from the
/// worker).
pub fn starter(level: Level, now_ms: f64) -> Game {
    let (line, er) = STARTERS[level as usize];
    let puzzle = Grid::parse_line(line).expect("a shipped puzzle parses");
    let game = Game::awaiting(puzzle, now_ms);
    game.rated(PuzzleRating {
        level,
        er: Some(Difficulty::from_tenths(er)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_starter_has_one_solution_and_rates_to_its_level() {
        for level in Level::ALL {
            let (line, _) = STARTERS[level as usize];
            let game = starter(level, 0.0);
            let puzzle = Grid::parse_line(line).unwrap();
            assert!(puzzle.solve().is_ok(), "{line}");
            let rating = PuzzleRating::of(&puzzle);
            assert_eq!(game.rating(), Some(rating), "{line}");
            assert_eq!(rating.level, level);
        }
    }
}
