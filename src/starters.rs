//! The first puzzle of a first visit: a few puzzles of each level shipped with the page, so the
//! board is there at once, before the solver's worker has loaded. (Made with
//! `sudoku generate --level LEVEL --count 4 --seed 2026`, rated by `sudoku rate`.)

use sudoku_core::{Difficulty, Grid, Level};

use crate::game::Game;
use crate::worker::PuzzleRating;

/// Four puzzles of each level, easiest level first, each with its ER in tenths.
#[rustfmt::skip]
const STARTERS: [[(&str, u16); 4]; 5] = [
    [
        ("...3.8...1...9.8.5.7..2.....34....8..8.274.3..1....49.....3..5.4.2.8...1...7.5...", 15),
        ("34.87......54......1....29.....3.5....3...7....7.1.....29....5......63......94.82", 15),
        (".2.1.7...9.....62...1..24.8.....9.4...6...1...7.3.....8.32..7...52.....9...6.5.3.", 20),
        ("...3....8.54.2..7.......51.8....326..6.8.2.5..951....4.16.......3..7.68.4....6...", 15),
    ],
    [
        ("7...3.4......6..7..52..4.9..9.4..8..2.......3..8..6.4..6.8..53..2..1......7.9...6", 30),
        ("....64.8.6....9..4425...3..7....28....8...9....37....2..6...4231..5....8.7.64....", 26),
        ("64...51....7.....2......6.3....5.37.8...4...1.72.1....7.5......4.....8....18...56", 30),
        ("..5..8.7..6.4....34..5....2..63.2.1.9.......5.3.7.58..1....4..86....3.5..9.8..3..", 28),
    ],
    [
        ("19....56....5...8...8261.....9....23...4.7...34....7.....9481...8...6....14....79", 42),
        (".3.8..19..2..59...8....1.....82....3.9.....6.3....79.....1....4...52..1..54..8.7.", 42),
        ("...3..149..7.9.8...34.....57...8..3..4.....1..2..4...81.....78...3.2.4..492..6...", 40),
        ("5.9..4........5.4..7.1..6.5.......813.6...7.272.......6.8..2.1..3.4........6..5.4", 40),
    ],
    [
        ("1....8......1.5892......6.1.3..8.2..98.....57..7.4..6.6.5......8219.4......2....5", 45),
        ("5...2.71.4..8..2.......3....69........47.16........18....2.......8..9..7.31.8...9", 57),
        ("...2...361..7.6..59.6...81.....73.8.7.......3.6.19.....72...3.93..9.4..868...7...", 55),
        ("2.4.31.5...........3.56.1...79..5..4....4....1..9..37...7.59.1...........6.87.5.9", 67),
    ],
    [
        ("9..8.6.....2..195..71..9.8.6.....21...........14.....9.2.4..79..496..8.....3.7..2", 83),
        (".4.8....2..27....6....92.8.47.....6...14.98...5.....43.2.56....6....47..1....7.3.", 84),
        ("...4..12.3...8......5..7..361....7.4.9.....5.5.7....867..1..3......6...7.89..3...", 83),
        ("..23.........54..2.8..2...58..9...5.32.....87.4...7..39...7..6.6..89.........13..", 83),
    ],
];

/// A shipped puzzle of `level`, the `pick`-th (wrapping), as a fresh game started at `now_ms`.
pub fn starter(level: Level, pick: usize, now_ms: f64) -> Game {
    let (line, er) = STARTERS[level as usize][pick % 4];
    let puzzle = Grid::parse_line(line).expect("a shipped puzzle parses");
    let game = Game::new(puzzle, now_ms).expect("a shipped puzzle has one solution");
    game.rated(PuzzleRating {
        level,
        er: Some(Difficulty::from_tenths(er)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_starter_has_one_solution_and_rates_to_its_level() {
        for level in Level::ALL {
            for (pick, (line, _)) in STARTERS[level as usize].iter().enumerate() {
                let game = starter(level, pick, 0.0);
                let rating = PuzzleRating::of(&Grid::parse_line(line).unwrap());
                assert_eq!(game.rating(), Some(rating), "{line}");
                assert_eq!(rating.level, level);
            }
        }
    }
}
