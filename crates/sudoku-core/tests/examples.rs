//! The public examples of variant rules (the Interactive Sudoku Solver's, as f-puzzles JSON):
//! the core reads each, and each one's published solution keeps its givens and obeys the rules as
//! the core reads them, so both solvers mean the same by every rule. How fast the core solves
//! them, by search and by logic: `cargo bench -p sudoku-core --bench examples`.

use sudoku_test_support::iss_examples;

#[test]
fn every_example_s_solution_obeys_its_rules_as_the_core_reads_them() {
    let examples = iss_examples();
    assert!(examples.len() >= 18, "{} examples", examples.len());
    for example in examples {
        let puzzle = &example.puzzle;
        assert!(
            puzzle
                .givens
                .iter()
                .zip(&example.solution)
                .all(|(&given, &digit)| given == 0 || given == digit),
            "{}: the solution keeps the givens",
            example.name
        );
        assert_eq!(
            puzzle.rules.check(&example.solution),
            Ok(()),
            "{}",
            example.name
        );
    }
}
