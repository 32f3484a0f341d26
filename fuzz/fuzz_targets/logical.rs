//! The logical solver on puzzles and pencil marks drawn from the input: `next_step` and
//! `solve_logically` never panic, every step changes the marks and removes only live candidates,
//! and when the puzzle has one solution (checked by the fast search first) every step is true to
//! it, even on marks the input has thinned (never of a solution's digit).
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use sudoku_core::{Candidates, Grid, next_step, solve_logically};
use sudoku_fuzz::{check_step, grid_of, marks_less, unique_puzzle, values};

/// Steps taken on marks without a single solution: each may search every technique, and such
/// marks could take hundreds of steps.
const STEPS_WITHOUT_SOLUTION: usize = 4;

/// Takes up to `limit` steps from `marks`, checking each; stops when the marks are complete or
/// broken, or no step is found.
fn steps(mut marks: Candidates, solution: Option<&Grid>, limit: usize) {
    for _ in 0..limit {
        if marks.is_complete() || marks.is_broken() {
            return;
        }
        let Some((step, entry)) = next_step(&marks) else {
            return;
        };
        assert_eq!(step.technique, entry.technique.name());
        assert!(!step.text.is_empty());
        check_step(&marks, &step, solution);
        step.apply_to(&mut marks);
    }
}

fn run(u: &mut Unstructured) -> arbitrary::Result<()> {
    let (puzzle, solution) = if u.arbitrary()? {
        let puzzle = grid_of(&values(u.bytes(u.len().min(81))?));
        let solution = puzzle.solve().ok();
        (puzzle, solution)
    } else {
        match unique_puzzle(u)? {
            Some((puzzle, solution)) => (puzzle, Some(solution)),
            None => return Ok(()),
        }
    };
    let marks = marks_less(u, &puzzle, solution.as_ref(), 64)?;
    let Some(solution) = solution else {
        steps(marks, None, STEPS_WITHOUT_SOLUTION);
        return Ok(());
    };
    if marks != Candidates::new(&puzzle) {
        // Each step removes at least one of the 81 * 9 candidates, so this bound is never reached.
        steps(marks, Some(&solution), 81 * 9);
        return Ok(());
    }
    // The whole solve, replayed step by step against the solution.
    let solve = solve_logically(&puzzle);
    let mut replay = Candidates::new(&puzzle);
    for step in &solve.steps {
        check_step(&replay, step, Some(&solution));
        step.apply_to(&mut replay);
    }
    assert_eq!(replay, solve.marks, "the steps lead elsewhere");
    assert_eq!(solve.is_solved(), replay.grid().filled_count() == 81);
    if solve.is_solved() {
        assert_eq!(replay.grid().digits(), solution.digits());
    }
    assert_eq!(solve.hardest.is_some(), !solve.steps.is_empty());
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
