//! The search engines against each other and against the published solutions, on every shared
//! collection. The scalar engine runs everywhere and is always checked against the solution
//! column; each vector engine the processor runs (128-bit with SSE4.1, 256-bit with AVX2) must
//! give the same count and the same first solution. Grids with several solutions or none, made from the puzzles by
//! changing some cells, have no published answer: there the engines are checked against each
//! other and against the rules.

use sudoku_core::search::{Engine, Solutions, values_of};
use sudoku_core::{Digit, Grid};
use sudoku_test_support::{Case, cases, obeys_rules, read_data};

/// What every engine this processor runs finds for `values`, counted up to `limit`; they must
/// agree. `what` names the grid in a failure.
fn agreed(values: &[u8; 81], limit: usize, what: &dyn Fn() -> String) -> Solutions {
    let scalar = Engine::Scalar
        .solutions(values, limit)
        .expect("the scalar engine runs everywhere");
    for engine in [Engine::Vector128, Engine::Vector256] {
        if let Some(vector) = engine.solutions(values, limit) {
            assert_eq!(vector, scalar, "{}: {engine:?} disagrees", what());
        }
    }
    scalar
}

/// Whether `solution` is complete, obeys the rules and keeps the clues of `values`.
fn solves(solution: &[u8; 81], values: &[u8; 81]) -> bool {
    obeys_rules(&Grid::from_givens(solution.map(Digit::new)))
        && values.iter().zip(solution).all(|(&v, &s)| v == 0 || v == s)
}

/// A grid written row by row as digits and dots, the cells after the text blank.
fn grid(rows: &str) -> [u8; 81] {
    let digit = |c: usize| {
        rows.as_bytes()
            .get(c)
            .and_then(|&b| (b as char).to_digit(10))
    };
    std::array::from_fn(|c| digit(c).unwrap_or(0) as u8)
}

/// Each puzzle of `cases` has exactly the published solution for every engine; every fourth one
/// also yields a grid with several solutions (some blanks filled from the solution, some clues
/// taken away) and one with none (a wrong digit in a blank).
fn check(name: &str, cases: &[Case]) {
    assert!(!cases.is_empty(), "{name} has no puzzles");
    for (i, case) in cases.iter().enumerate() {
        let what = || format!("{name}:{}", case.line);
        let puzzle = values_of(&case.puzzle);
        let solution = values_of(&case.solution);
        let expected = Solutions {
            count: 1,
            first: Some(solution),
        };
        assert_eq!(agreed(&puzzle, 2, &what), expected, "{}", what());
        if i % 4 != 0 {
            continue;
        }

        let mut loose = puzzle;
        for (cell, value) in loose.iter_mut().enumerate().skip(i % 7).step_by(3) {
            *value = if *value == 0 { solution[cell] } else { 0 };
        }
        let several = agreed(&loose, 30, &|| format!("{}, cells changed", what()));
        let first = several.first.expect("the published solution is one");
        assert!(several.count > 1 || first == solution, "{}", what());
        assert!(solves(&first, &loose), "{}: not a solution", what());

        let blank = puzzle.iter().position(|&v| v == 0).expect("a blank");
        let mut wrong = puzzle;
        wrong[blank] = solution[blank] % 9 + 1;
        let none = Solutions {
            count: 0,
            first: None,
        };
        let what = || format!("{}, r{}c{} wrong", what(), blank / 9 + 1, blank % 9 + 1);
        assert_eq!(agreed(&wrong, 2, &what), none, "{}", what());
    }
}

fn check_set(name: &str) {
    check(name, &cases(name, usize::MAX));
}

#[test]
fn unbiased() {
    check_set("unbiased_1000.csv");
}

#[test]
fn seventeen_clue() {
    check_set("17_clue.csv");
}

#[test]
fn magictour() {
    check_set("magictour_top1465.csv");
}

#[test]
fn se_rated_hard_a() {
    check_set("se_rated_hard_a.csv");
}

#[test]
fn se_rated_hard_b() {
    check_set("se_rated_hard_b.csv");
}

/// The first third of the set: a puzzle and the grids made from it take the two engines about
/// 0.15 ms, so the whole set would take some 8 seconds, and a third already holds 16,000 of the
/// hardest puzzles known.
#[test]
fn forum_hardest_1905() {
    let name = "forum_hardest_1905.csv";
    check(name, &cases(name, 16_000));
}

#[test]
fn forum_hardest_1106() {
    check_set("forum_hardest_1106.csv");
}

/// Puzzles with more than one solution: both engines count two and find the same first one.
#[test]
fn multi_solution() {
    let text = read_data("serg_multi_solution.txt");
    let mut checked = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let what = || format!("serg_multi_solution.txt:{}", i + 1);
        let puzzle = Grid::parse_line(line).unwrap_or_else(|e| panic!("{}: {e}", what()));
        let puzzle = values_of(&puzzle);
        let found = agreed(&puzzle, 2, &what);
        assert_eq!(found.count, 2, "{}", what());
        assert!(
            solves(&found.first.expect("a solution"), &puzzle),
            "{}",
            what()
        );
        checked += 1;
    }
    assert_eq!(checked, 10_000);
}

#[test]
fn grids_with_many_or_no_solutions() {
    let what = || "a made-up grid".to_string();
    let empty = agreed(&[0; 81], 100, &what);
    assert_eq!(empty.count, 100);
    assert!(solves(&empty.first.expect("a solution"), &[0; 81]));
    assert_eq!(agreed(&[0; 81], 0, &what).count, 0);

    let none = Solutions {
        count: 0,
        first: None,
    };
    // Two 5s in the first row.
    assert_eq!(agreed(&grid("5.......5"), 2, &what), none);
    // Clues that do not clash but leave r1c9 without a candidate.
    assert_eq!(agreed(&grid("12345678.........9"), 2, &what), none);
    // No place for 8 in the first row, though each of its blanks has a candidate.
    assert_eq!(agreed(&grid("1234567.........8."), 2, &what), none);
}

#[test]
fn vector_engines_run_where_the_processor_has_their_instructions() {
    #[cfg(target_arch = "x86_64")]
    let (has_sse41, has_avx2) = {
        use std::is_x86_feature_detected as has;
        (
            has!("sse4.1") && has!("popcnt"),
            has!("avx2") && has!("bmi1") && has!("bmi2") && has!("popcnt"),
        )
    };
    #[cfg(not(target_arch = "x86_64"))]
    let (has_sse41, has_avx2) = (false, false);
    assert_eq!(Engine::Vector128.is_available(), has_sse41);
    assert_eq!(Engine::Vector256.is_available(), has_avx2);
    assert!(Engine::Scalar.is_available());
    let expected: Vec<Engine> = [
        (Engine::Vector256, has_avx2),
        (Engine::Vector128, has_sse41),
        (Engine::Scalar, true),
    ]
    .into_iter()
    .filter_map(|(engine, runs)| runs.then_some(engine))
    .collect();
    assert_eq!(Engine::available().collect::<Vec<_>>(), expected);
    assert_eq!(Engine::best(), expected[0]);
}
