//! Rating a puzzle with one solution (checked by the fast search first): never panics, and gives
//! a difficulty on the scale. To move the target to another rating, change `rate` (what is
//! rated) and `check` (what it may return), nothing else.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use sudoku_core::{Difficulty, Grid, REGISTRY, solve_logically};
use sudoku_fuzz::{grid_of, unique_puzzle, values};

/// The rating under test: for now the hardest technique the logical solve needs.
fn rate(puzzle: &Grid) -> Difficulty {
    solve_logically(puzzle).difficulty
}

/// What the rating may return: for now nothing or the difficulty of a technique.
fn check(puzzle: &Grid, rating: Difficulty) {
    assert!(
        rating == Difficulty::ZERO || REGISTRY.iter().any(|e| e.difficulty == rating),
        "{rating} is no technique's difficulty: {}",
        puzzle.to_line()
    );
}

fn run(u: &mut Unstructured) -> arbitrary::Result<()> {
    let puzzle = if u.arbitrary()? {
        let puzzle = grid_of(&values(u.bytes(u.len().min(81))?));
        if puzzle.count_solutions(2) != 1 {
            return Ok(());
        }
        puzzle
    } else {
        match unique_puzzle(u)? {
            Some((puzzle, _)) => puzzle,
            None => return Ok(()),
        }
    };
    check(&puzzle, rate(&puzzle));
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
