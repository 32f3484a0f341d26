//! The search solver on any 81 cells: `count_solutions` agrees with a second solver and with
//! itself at every limit, every engine this processor runs gives the same count and first
//! solution, `Grid::solve` and `any_solution` agree with the count, and a solution
//! obeys the rules and keeps the givens. A unique puzzle also checks `stays_unique` against a
//! fresh count with some givens blanked.
//!
//! Input: 81 cells (see `values`), then the limit, then the givens to blank.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reference_sudoku::Sudoku as Reference;
use sudoku_core::search::{Engine, count_solutions, stays_unique, values_of};
use sudoku_core::{Cell, Grid, SolveError};
use sudoku_fuzz::{grid_of, values};
use sudoku_test_support::obeys_rules;

/// Panics unless `solution` is a solution of `puzzle`.
fn check_solution(puzzle: &Grid, solution: &Grid) {
    assert!(
        obeys_rules(solution),
        "not a solution: {} for {}",
        solution.to_line(),
        puzzle.to_line()
    );
    assert_eq!(solution.givens(), puzzle.givens(), "givens changed");
    for cell in puzzle.givens().iter() {
        assert_eq!(
            solution.get(cell),
            puzzle.get(cell),
            "a given changed at {cell}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let values = values(data);
    let rest = data.get(81..).unwrap_or_default();
    let limit = rest.first().map_or(2, |b| usize::from(b % 5));
    let puzzle = grid_of(&values);

    let count = count_solutions(&values, 2);
    let reference = Reference::from_bytes(values).expect("values 0-9");
    assert_eq!(
        count,
        reference.solutions_count_up_to(2),
        "count of {}",
        puzzle.to_line()
    );
    let at_limit = count_solutions(&values, limit);
    assert_eq!(
        at_limit,
        reference.solutions_count_up_to(limit),
        "count to {limit} of {}",
        puzzle.to_line()
    );
    assert!(at_limit <= limit);
    let scalar = Engine::Scalar.solutions(&values, limit);
    for engine in Engine::available() {
        assert_eq!(
            engine.solutions(&values, limit),
            scalar,
            "{engine:?} to {limit} on {}",
            puzzle.to_line()
        );
    }
    assert_eq!(count_solutions(&values, 1), count.min(1));
    assert_eq!(puzzle.count_solutions(2), count);
    assert_eq!(values_of(&puzzle), values);

    match puzzle.solve() {
        Ok(solution) => {
            assert_eq!(
                count,
                1,
                "solved, yet {count} solutions: {}",
                puzzle.to_line()
            );
            check_solution(&puzzle, &solution);
        }
        Err(SolveError::NoSolution) => assert_eq!(count, 0, "{}", puzzle.to_line()),
        Err(SolveError::MultipleSolutions) => assert_eq!(count, 2, "{}", puzzle.to_line()),
        Err(SolveError::GaveUp) => {
            panic!("the classic engines never give up: {}", puzzle.to_line())
        }
    }
    match puzzle.any_solution() {
        Some(solution) => {
            assert!(
                count > 0,
                "a solution of a puzzle without one: {}",
                puzzle.to_line()
            );
            check_solution(&puzzle, &solution);
        }
        None => assert_eq!(count, 0, "{}", puzzle.to_line()),
    }

    // Blanking givens of a unique puzzle, as the generator does.
    if count == 1 {
        let solution = values_of(&puzzle.solve().expect("unique"));
        let removed: Vec<usize> = rest
            .iter()
            .skip(1)
            .map(|&b| usize::from(b) % 81)
            .filter(|&i| values[i] != 0)
            .take(8)
            .collect();
        let mut blanked = values;
        for &i in &removed {
            blanked[i] = 0;
        }
        let mut removed = removed;
        removed.sort_unstable();
        removed.dedup();
        let unique = count_solutions(&blanked, 2) == 1;
        assert_eq!(
            stays_unique(&blanked, &removed, &solution),
            unique,
            "{} blanked at {:?}",
            puzzle.to_line(),
            removed
                .iter()
                .map(|&i| Cell::ALL[i].to_string())
                .collect::<Vec<_>>()
        );
    }
});
