//! Puzzles with exactly one solution: a random complete grid, then clues removed in random order
//! while the solution stays unique. One pass leaves a minimal puzzle: a clue that could not go
//! when it was tried can never go later, since removing clues only adds solutions.
//!
//! The same RNG state gives the same puzzle on every target, which the daily puzzle relies on:
//! rand samples a `usize` range whose bounds fit in 32 bits (`random_range` here and in
//! [`random_solution`]) and shuffles a slice shorter than 2^32 from 32-bit draws alone, so the
//! pointer width changes nothing, and both search engines draw the same complete grid.

use rand::Rng;
use rand::seq::SliceRandom;

use crate::cell::Digit;
use crate::grid::Grid;
use crate::level::Level;
use crate::rating::{Rating, rate};
use crate::search::{random_solution, stays_unique};

/// Which clue patterns a generated puzzle may have.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Symmetry {
    /// Any pattern; the puzzle is minimal.
    #[default]
    None,
    /// Symmetric under a half turn about the centre; clues go in pairs, so the puzzle is minimal
    /// among such patterns (no pair can go).
    Central,
}

/// A new puzzle with exactly one solution. The same RNG state gives the same puzzle.
pub fn generate(rng: &mut impl Rng, symmetry: Symmetry) -> Grid {
    let solution = random_solution(rng);
    let mut puzzle = solution;
    let mut cells: Vec<usize> = match symmetry {
        Symmetry::None => (0..81).collect(),
        Symmetry::Central => (0..=40).collect(),
    };
    cells.shuffle(rng);
    for cell in cells {
        let removed: &[usize] = match symmetry {
            Symmetry::Central if cell != 40 => &[cell, 80 - cell],
            _ => &[cell],
        };
        removed.iter().for_each(|&c| puzzle[c] = 0);
        if !stays_unique(&puzzle, removed, &solution) {
            removed.iter().for_each(|&c| puzzle[c] = solution[c]);
        }
    }
    Grid::from_givens(puzzle.map(Digit::new))
}

/// A new puzzle of `level` with its rating: puzzles are generated and rated until one's ER falls
/// in the level's range. The same RNG state gives the same puzzle.
pub fn generate_level(rng: &mut impl Rng, level: Level, symmetry: Symmetry) -> (Grid, Rating) {
    loop {
        let puzzle = generate(rng, symmetry);
        if let Ok(rating) = rate(&puzzle)
            && level.holds(rating.er)
        {
            return (puzzle, rating);
        }
    }
}
