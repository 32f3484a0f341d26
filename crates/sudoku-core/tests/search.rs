//! The search solver against the real collections: every answer obeys the rules, keeps the givens
//! and equals the published solution.

use sudoku_core::{Cell, Grid, ParseError, SolveError};
use sudoku_test_support::{cases, obeys_rules, read_data};

fn check_set(name: &str, limit: usize) {
    let cases = cases(name, limit);
    assert!(!cases.is_empty(), "{name} has no puzzles");
    for case in &cases {
        let solved = case
            .puzzle
            .solve()
            .unwrap_or_else(|e| panic!("{name}:{}: {e}", case.line));
        assert!(
            obeys_rules(&solved),
            "{name}:{}: breaks the rules",
            case.line
        );
        for cell in Cell::all() {
            if case.puzzle.get(cell).is_some() {
                assert_eq!(
                    solved.get(cell),
                    case.puzzle.get(cell),
                    "{name}:{}: given changed",
                    case.line
                );
                assert!(solved.is_given(cell));
            }
        }
        assert_eq!(
            solved.digits(),
            case.solution.digits(),
            "{name}:{}: not the known solution",
            case.line
        );
    }
}

#[test]
fn unbiased_all() {
    check_set("unbiased_1000.csv", usize::MAX);
}

#[test]
fn magictour_all() {
    check_set("magictour_top1465.csv", usize::MAX);
}

#[test]
fn forum_hardest_1106_all() {
    check_set("forum_hardest_1106.csv", usize::MAX);
}

#[test]
fn seventeen_clue_sample() {
    check_set("17_clue.csv", 5000);
}

#[test]
fn forum_hardest_1905_sample() {
    check_set("forum_hardest_1905.csv", 3000);
}

#[test]
fn se_rated_sample() {
    check_set("se_rated_hard_a.csv", 3000);
}

#[test]
fn multi_solution_puzzles_are_reported() {
    let text = read_data("serg_multi_solution.txt");
    let mut checked = 0;
    for (i, line) in text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .step_by(5)
        .enumerate()
    {
        let puzzle = Grid::parse_line(line).unwrap_or_else(|e| panic!("line {}: {e}", i * 5 + 1));
        assert_eq!(
            puzzle.solve(),
            Err(SolveError::MultipleSolutions),
            "line {}",
            i * 5 + 1
        );
        assert_eq!(puzzle.count_solutions(2), 2);
        checked += 1;
    }
    assert!(checked >= 1000);
}

#[test]
fn contradictory_grids_have_no_solution() {
    let puzzle = |rows: &str| Grid::parse_line(&format!("{rows:.<81}")).unwrap();
    // Clues that do not clash directly but leave r1c9 without a candidate.
    let no_room = puzzle("12345678.........9");
    assert_eq!(no_room.solve(), Err(SolveError::NoSolution));
    assert_eq!(no_room.count_solutions(2), 0);
    // Row 1 has no place for 8, though each of its empty cells has a candidate.
    let no_place = puzzle("1234567.........8.");
    assert_eq!(no_place.solve(), Err(SolveError::NoSolution));
    assert_eq!(sudoku_test_support::count_by_backtracking(&no_place, 2), 0);
    // A full grid that is wrong cannot be parsed as a puzzle, but a consistent full grid solves to
    // itself.
    let case = &cases("unbiased_1000.csv", 1)[0];
    let solution = case.solution.to_line();
    let swapped = format!("{}{}{}", &solution[1..2], &solution[..1], &solution[2..]);
    assert!(
        matches!(Grid::parse_line(&swapped), Err(ParseError::Conflict(_))),
        "two cells of row 1 swapped clash in their columns"
    );
    assert_eq!(
        case.solution.solve().unwrap().digits(),
        case.solution.digits()
    );
}

#[test]
fn empty_grid_has_many_solutions() {
    assert_eq!(Grid::empty().solve(), Err(SolveError::MultipleSolutions));
    assert_eq!(Grid::empty().count_solutions(100), 100);
    let any = Grid::empty()
        .any_solution()
        .expect("the empty grid has solutions");
    assert!(obeys_rules(&any));
}

#[test]
fn grid_with_a_clash_has_no_solution() {
    let mut grid = Grid::empty();
    grid.set_entry(Cell::at(0, 0), sudoku_core::Digit::new(5));
    grid.set_entry(Cell::at(0, 8), sudoku_core::Digit::new(5));
    assert_eq!(grid.solve(), Err(SolveError::NoSolution));
}
