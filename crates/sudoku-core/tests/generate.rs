//! Generated puzzles have exactly one solution, are minimal, come back the same from a seed, and
//! are of the level asked for.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use sudoku_core::{Cell, Grid, Level, Symmetry, generate, generate_level, rate};
use sudoku_test_support::count_by_backtracking;

fn puzzles(seed: u64, count: usize, symmetry: Symmetry) -> Vec<Grid> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count).map(|_| generate(&mut rng, symmetry)).collect()
}

#[test]
fn each_puzzle_has_exactly_one_solution() {
    for puzzle in puzzles(7, 40, Symmetry::None) {
        assert_eq!(puzzle.count_solutions(2), 1, "{}", puzzle.to_line());
        assert_eq!(count_by_backtracking(&puzzle, 2), 1, "{}", puzzle.to_line());
        assert!(puzzle.conflicts().is_empty());
        assert_eq!(puzzle.givens(), puzzle.filled());
    }
}

#[test]
fn puzzles_are_minimal() {
    for puzzle in puzzles(11, 20, Symmetry::None) {
        for cell in puzzle.givens().iter() {
            let mut fewer = puzzle.clone();
            let mut digits = *fewer.digits();
            digits[cell.index()] = None;
            fewer = Grid::from_givens(digits);
            assert!(
                fewer.count_solutions(2) > 1,
                "{}: {cell} could go",
                puzzle.to_line()
            );
        }
    }
}

#[test]
fn symmetric_puzzles_are_symmetric_and_unique() {
    for puzzle in puzzles(3, 30, Symmetry::Central) {
        assert_eq!(count_by_backtracking(&puzzle, 2), 1, "{}", puzzle.to_line());
        for cell in Cell::all() {
            let mirror = Cell::new(80 - cell.index() as u8).unwrap();
            assert_eq!(
                puzzle.get(cell).is_some(),
                puzzle.get(mirror).is_some(),
                "{}",
                puzzle.to_line()
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    assert_eq!(
        puzzles(42, 5, Symmetry::None),
        puzzles(42, 5, Symmetry::None)
    );
    assert_ne!(
        puzzles(42, 5, Symmetry::None),
        puzzles(43, 5, Symmetry::None)
    );
    let distinct: std::collections::HashSet<_> =
        puzzles(5, 50, Symmetry::None).into_iter().collect();
    assert_eq!(distinct.len(), 50);
}

#[test]
fn each_level_gives_a_puzzle_of_that_level_with_one_solution() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for level in Level::ALL {
        for _ in 0..3 {
            let (puzzle, rating) = generate_level(&mut rng, level, Symmetry::Central);
            assert_eq!(puzzle.count_solutions(2), 1, "{}", puzzle.to_line());
            assert_eq!(
                rate(&puzzle),
                Ok(rating),
                "the rating given is the puzzle's"
            );
            assert_eq!(
                Level::of(rating.er),
                level,
                "{} rated {rating}",
                puzzle.to_line()
            );
        }
    }
}
