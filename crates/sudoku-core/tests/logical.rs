//! The logical solver is sound: on puzzles with a known solution, no step ever places a wrong
//! digit or eliminates the true one. And it goes as far as it should: every puzzle of every set,
//! the forum's hardest included, is solved by logic alone (the README's coverage table).

use sudoku_core::{Candidates, Grid, Step, solve_logically};
use sudoku_test_support::{Case, cases, hardest_sample};

/// Solves each puzzle by logic, checks every step against the known solution and its
/// explanation against the board, and that every puzzle is solved.
fn check_sound(name: &str, cases: &[Case]) {
    for Case {
        line,
        puzzle,
        solution,
    } in cases
    {
        let outcome = solve_logically(puzzle);
        let mut marks = Candidates::new(puzzle);
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
            assert_names_only_candidates(&marks, step);
            step.apply_to(&mut marks);
        }
        assert!(outcome.is_solved(), "{name}:{line}: not solved by logic");
        assert_eq!(
            outcome.marks.grid().digits(),
            solution.digits(),
            "{name}:{line}"
        );
    }
}

/// Every `r1c2=3` or `r1c2<>3` a forcing chain's text and detail name is a candidate of the
/// board the step was found on: nested chains speak of the board, not of hidden states.
fn assert_names_only_candidates(marks: &Candidates, step: &Step) {
    let lines = std::iter::once(&step.text).chain(&step.detail);
    for line in lines {
        for (cell, digit) in named_candidates(line) {
            assert!(
                marks.has(cell, digit),
                "`{line}` names r{}c{}={digit}, not a candidate",
                cell.row() + 1,
                cell.col() + 1
            );
        }
    }
}

/// The candidates `text` names as `rXcY=D` or `rXcY<>D`.
fn named_candidates(text: &str) -> Vec<(sudoku_core::Cell, sudoku_core::Digit)> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    for i in 0..b.len().saturating_sub(5) {
        let at = |k: usize| b.get(i + k).copied().unwrap_or(0);
        if at(0) != b'r' || at(2) != b'c' || !at(1).is_ascii_digit() || !at(3).is_ascii_digit() {
            continue;
        }
        let value = match (at(4), at(5)) {
            (b'=', d) => d,
            (b'<', b'>') => at(6),
            _ => continue,
        };
        if let Some(digit) = sudoku_core::Digit::new(value.wrapping_sub(b'0')) {
            found.push((sudoku_core::Cell::at(at(1) - b'1', at(3) - b'1'), digit));
        }
    }
    found
}

fn first(name: &str, limit: usize) -> Vec<Case> {
    let cases = cases(name, limit);
    assert_eq!(cases.len(), limit, "{name} is short");
    cases
}

// One test per collection, though each is a single call: the tests run in parallel and a
// failure names its collection.
#[test]
fn sound_and_complete_on_unbiased_puzzles() {
    check_sound("unbiased_1000.csv", &first("unbiased_1000.csv", 1000));
}

#[test]
fn sound_and_complete_on_17_clue_puzzles() {
    check_sound("17_clue.csv", &first("17_clue.csv", 2000));
}

#[test]
fn sound_and_complete_on_se_rated_puzzles() {
    check_sound("se_rated_hard_a.csv", &first("se_rated_hard_a.csv", 500));
    check_sound("se_rated_hard_b.csv", &first("se_rated_hard_b.csv", 500));
}

#[test]
fn sound_and_complete_on_top1465() {
    check_sound(
        "magictour_top1465.csv",
        &first("magictour_top1465.csv", 1465),
    );
}

/// A slice of each hardest set (a second or so: these need nested forcing chains throughout).
#[test]
fn sound_and_complete_on_the_forums_hardest_puzzles() {
    check_sound(
        "forum_hardest_1106.csv",
        &first("forum_hardest_1106.csv", 12),
    );
    let sample = hardest_sample();
    check_sound("forum_hardest_1905.csv (sample)", &sample[..12]);
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
