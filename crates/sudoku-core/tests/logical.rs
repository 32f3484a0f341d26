//! The logical solver is sound: on puzzles with a known solution, no step ever places a wrong
//! digit or eliminates the true one. And it goes as far as it should: every puzzle of the sets
//! below SE 10 is solved by logic alone (the README's coverage table).

use sudoku_core::{Grid, solve_logically};
use sudoku_test_support::{Case, cases};

/// How much of a set logic alone must solve.
#[derive(Clone, Copy, PartialEq)]
enum Coverage {
    /// Every puzzle.
    All,
    /// Only soundness is checked: these are beyond the techniques (the forum's hardest, SE 10
    /// and up, need forcing nets), and the few that logic does finish are not a promise.
    SoundOnly,
}

/// Solves each puzzle by logic and checks every step against the known solution, and that the
/// share solved completely is what `coverage` says.
fn check_sound(name: &str, limit: usize, coverage: Coverage) {
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
    assert_eq!(cases.len(), limit, "{name} is short");
    if coverage == Coverage::All {
        assert_eq!(
            solved,
            cases.len(),
            "{name}: not every puzzle solved by logic"
        );
    }
}

// One test per collection, though each is a single call: the tests run in parallel and a
// failure names its collection.
#[test]
fn sound_and_complete_on_unbiased_puzzles() {
    check_sound("unbiased_1000.csv", 1000, Coverage::All);
}

#[test]
fn sound_and_complete_on_17_clue_puzzles() {
    check_sound("17_clue.csv", 2000, Coverage::All);
}

#[test]
fn sound_and_complete_on_se_rated_puzzles() {
    check_sound("se_rated_hard_a.csv", 500, Coverage::All);
    check_sound("se_rated_hard_b.csv", 500, Coverage::All);
}

#[test]
fn sound_and_complete_on_top1465() {
    check_sound("magictour_top1465.csv", 1465, Coverage::All);
}

#[test]
fn sound_on_the_forums_hardest_puzzles() {
    check_sound("forum_hardest_1106.csv", 150, Coverage::SoundOnly);
    check_sound("forum_hardest_1905.csv", 150, Coverage::SoundOnly);
}

#[test]
fn a_solved_grid_and_the_empty_grid_give_no_step() {
    let solution = &cases("unbiased_1000.csv", 1)[0].solution;
    let outcome = solve_logically(solution);
    assert!(outcome.steps.is_empty() && outcome.is_solved());
    // An empty grid has many solutions; logic alone finds nothing to place or remove.
    let outcome = solve_logically(&Grid::empty());
    assert!(outcome.steps.is_empty(), "{:?}", outcome.steps.first());
    assert!(!outcome.is_solved());
}
