//! The logical solver is sound: on puzzles with a known solution, no step ever places a wrong
//! digit or eliminates the true one.

use sudoku_core::{Grid, solve_logically};
use sudoku_test_support::{Case, cases};

/// Solves each puzzle by logic and checks every step against the known solution; returns how
/// many were solved completely.
fn check_sound(name: &str, limit: usize) -> usize {
    let cases = cases(name, limit);
    let mut solved = 0;
    for Case {
        line,
        puzzle,
        solution,
    } in &cases
    {
        let outcome = solve_logically(puzzle);
        for (n, step) in outcome.steps.iter().enumerate() {
            let truth = |cell| solution.get(cell).expect("solution is full");
            for p in &step.placements {
                assert_eq!(
                    truth(p.cell),
                    p.digit,
                    "{name}:{line} step {}: wrong placement in `{}`",
                    n + 1,
                    step.text
                );
            }
            for e in &step.eliminations {
                assert_ne!(
                    truth(e.cell),
                    e.digit,
                    "{name}:{line} step {}: eliminates the solution in `{}`",
                    n + 1,
                    step.text
                );
            }
            assert!(
                !step.placements.is_empty() || !step.eliminations.is_empty(),
                "{name}:{line}: step without effect `{}`",
                step.text
            );
            assert!(!step.text.is_empty(), "{name}:{line}: step without text");
        }
        if outcome.is_solved() {
            assert_eq!(
                outcome.marks.grid().digits(),
                solution.digits(),
                "{name}:{line}"
            );
            solved += 1;
        }
    }
    eprintln!("{name}: {solved} of {} solved by logic alone", cases.len());
    solved
}

#[test]
fn sound_on_unbiased_puzzles() {
    check_sound("unbiased_1000.csv", 1000);
}

#[test]
fn sound_on_17_clue_puzzles() {
    check_sound("17_clue.csv", 2000);
}

#[test]
fn sound_on_se_rated_puzzles() {
    check_sound("se_rated_hard_a.csv", 500);
    check_sound("se_rated_hard_b.csv", 500);
}

#[test]
fn sound_on_the_hardest_puzzles() {
    check_sound("magictour_top1465.csv", 1465);
    check_sound("forum_hardest_1106.csv", 150);
    check_sound("forum_hardest_1905.csv", 150);
}

#[test]
fn a_solved_or_stuck_grid_gives_no_step_and_an_empty_grid_no_wrong_one() {
    let solution = &cases("unbiased_1000.csv", 1)[0].solution;
    let outcome = solve_logically(solution);
    assert!(outcome.steps.is_empty() && outcome.is_solved());
    // An empty grid has many solutions; logic alone must not invent digits.
    let outcome = solve_logically(&Grid::empty());
    assert!(outcome.steps.iter().all(|s| s.placements.is_empty()));
    assert!(!outcome.is_solved());
}
