//! One puzzle of each rule New game does not make, with exactly one solution, as JSON lines
//! `{"name", "json", "solution"}`: the browser tests' `tests/e2e/rule-puzzles.jsonl`.
//!
//! `cargo run --release --example rule_puzzles -p sudoku-test-support > tests/e2e/rule-puzzles.jsonl`
//!
//! A puzzle of lines or cells is its marks laid by hand where a grid can obey them, then a random
//! grid that does. A puzzle of sums or digits read from the grid (sandwiches, quadruples) is a
//! random grid first, then those clues, as a setter writes them. Then its clues are removed in
//! random order while the solution stays unique and logic still solves it, as a setter tests a
//! puzzle. The same run prints the same puzzles.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use serde_json::{Map, Value, json};
use sudoku_core::search::random_solution;
use sudoku_core::variant::search::{random_grid, solutions};
use sudoku_core::variant::{Puzzle, Rules, fpuzzles};
use sudoku_core::{Cell, solve_marks_logically};

/// Marks laid by hand, by f-puzzles key: lines a grid can obey (a palindrome's mirrored cells
/// share no house, a region sum line's segments can match), cells spread out.
fn laid() -> Vec<(&'static str, Value)> {
    vec![
        (
            "whispers",
            json!({"whispers": [
                {"lines": [["R2C2", "R3C3", "R4C4", "R5C5", "R6C6"]]},
                {"lines": [["R1C7", "R1C8", "R2C9", "R3C9"]]},
                {"lines": [["R7C1", "R8C2", "R9C3", "R9C4"]]},
            ]}),
        ),
        (
            "renban",
            json!({"renban": [
                {"lines": [["R1C2", "R2C2", "R3C2"]]},
                {"lines": [["R5C4", "R5C5", "R5C6", "R6C6"]]},
                {"lines": [["R7C7", "R8C8", "R9C9", "R9C8"]]},
            ]}),
        ),
        (
            "palindrome",
            json!({"palindrome": [
                {"lines": [["R2C1", "R2C2", "R3C3", "R4C4", "R5C5"]]},
                {"lines": [["R6C7", "R7C8", "R8C9"]]},
                {"lines": [["R9C1", "R8C2", "R7C3", "R6C3", "R5C2"]]},
            ]}),
        ),
        (
            "betweenline",
            json!({"betweenline": [
                {"lines": [["R1C1", "R1C2", "R1C3", "R1C4"]]},
                {"lines": [["R9C5", "R8C6", "R7C7", "R6C8"]]},
                {"lines": [["R3C9", "R4C8", "R5C9"]]},
            ]}),
        ),
        (
            "regionsumline",
            json!({"regionsumline": [
                {"lines": [["R2C3", "R2C4", "R2C5", "R3C6", "R4C7"]]},
                {"lines": [["R8C1", "R7C2", "R6C3", "R5C4", "R4C5"]]},
            ]}),
        ),
        (
            "odd-even",
            json!({
                "odd": [{"cell": "R1C1"}, {"cell": "R2C6"}, {"cell": "R4C3"}, {"cell": "R6C8"},
                        {"cell": "R8C4"}, {"cell": "R9C9"}],
                "even": [{"cell": "R1C9"}, {"cell": "R3C4"}, {"cell": "R5C5"}, {"cell": "R7C2"},
                         {"cell": "R8C7"}, {"cell": "R9C1"}],
            }),
        ),
        (
            "minimum-maximum",
            json!({
                "minimum": [{"cell": "R2C2"}, {"cell": "R5C8"}, {"cell": "R8C5"}],
                "maximum": [{"cell": "R2C8"}, {"cell": "R5C2"}, {"cell": "R8C8"}],
            }),
        ),
        (
            "clone",
            json!({"clone": [
                {"cells": ["R1C1", "R1C2", "R2C1"], "cloneCells": ["R5C5", "R5C6", "R6C5"]},
                {"cells": ["R7C7", "R8C8"], "cloneCells": ["R4C1", "R5C2"]},
            ]}),
        ),
        ("antiking", json!({"antiking": true})),
        ("nonconsecutive", json!({"nonconsecutive": true})),
        ("disjointgroups", json!({"disjointgroups": true})),
        (
            "extraregion",
            json!({"extraregion": [{"cells": [
                "R1C1", "R1C9", "R9C1", "R9C9", "R5C5", "R3C5", "R7C5", "R5C3", "R5C7"
            ]}]}),
        ),
    ]
}

/// Sandwich sums of four rows and four columns of `grid`: the digits between its 1 and its 9.
fn sandwiches(grid: &[u8; Cell::COUNT]) -> Value {
    let between = |line: Vec<u8>| -> u32 {
        let at = |digit| line.iter().position(|&d| d == digit).expect("a full line");
        let (low, high) = (at(1).min(at(9)), at(1).max(at(9)));
        line[low + 1..high].iter().map(|&d| u32::from(d)).sum()
    };
    let row = |r: usize| (0..9).map(|c| grid[r * 9 + c]).collect();
    let column = |c: usize| (0..9).map(|r| grid[r * 9 + c]).collect();
    let mut clues = Vec::new();
    for r in [0, 2, 5, 7] {
        clues.push(json!({"cell": format!("R{}C0", r + 1), "value": between(row(r)).to_string()}));
    }
    for c in [1, 3, 6, 8] {
        clues.push(
            json!({"cell": format!("R0C{}", c + 1), "value": between(column(c)).to_string()}),
        );
    }
    json!({"sandwichsum": clues})
}

/// Quadruples at five corners of `grid`, each with two or three of its four cells' digits.
fn quadruples(grid: &[u8; Cell::COUNT]) -> Value {
    let corners = [(1, 1, 2), (1, 6, 3), (4, 3, 2), (6, 1, 3), (6, 6, 2)];
    let clues: Vec<Value> = corners
        .iter()
        .map(|&(r, c, count)| {
            let at = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
            let mut digits: Vec<u8> = at.iter().map(|&(r, c)| grid[r * 9 + c]).collect();
            digits.truncate(count);
            digits.sort_unstable();
            let cells: Vec<String> = at
                .iter()
                .map(|&(r, c)| format!("R{}C{}", r + 1, c + 1))
                .collect();
            json!({"cells": cells, "values": digits})
        })
        .collect();
    json!({"quadruple": clues})
}

/// An f-puzzles puzzle of `marks` with an empty grid.
fn document(marks: Value) -> String {
    let mut document = Map::new();
    document.insert("size".into(), json!(9));
    document.insert("grid".into(), json!(vec![vec![json!({}); 9]; 9]));
    if let Value::Object(marks) = marks {
        document.extend(marks);
    }
    Value::Object(document).to_string()
}

/// A puzzle of `grid` under `rules` with one solution that logic solves: each clue, in random
/// order, removed when the puzzle stays so without it.
fn puzzle_of(rules: Rules, grid: [u8; Cell::COUNT], rng: &mut ChaCha8Rng) -> Puzzle {
    let mut puzzle = Puzzle::new(grid, rules);
    let mut cells: Vec<usize> = (0..Cell::COUNT).collect();
    cells.shuffle(rng);
    for cell in cells {
        puzzle.givens[cell] = 0;
        let unique =
            solutions(&puzzle.givens, &puzzle.rules, 2).is_ok_and(|found| found.count == 1);
        if !unique || !solve_marks_logically(puzzle.marks()).is_solved() {
            puzzle.givens[cell] = grid[cell];
        }
    }
    puzzle
}

fn main() {
    let mut rng = ChaCha8Rng::seed_from_u64(40);
    let mut made = Vec::new();
    for (name, marks) in laid() {
        let rules = fpuzzles::read_json(&document(marks))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .rules;
        let grid = (0..20)
            .find_map(|_| random_grid(&rules, &mut rng))
            .unwrap_or_else(|| panic!("{name}: no grid obeys the marks"));
        made.push((name, rules, grid));
    }
    for (name, clues) in [
        ("sandwichsum", sandwiches as fn(&[u8; Cell::COUNT]) -> Value),
        ("quadruple", quadruples),
    ] {
        let grid = random_solution(&mut rng);
        let rules = fpuzzles::read_json(&document(clues(&grid)))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .rules;
        made.push((name, rules, grid));
    }
    let mut puzzles: Vec<(&str, Puzzle, [u8; Cell::COUNT])> = (made.into_iter())
        .map(|(name, rules, grid)| (name, puzzle_of(rules, grid, &mut rng), grid))
        .collect();
    // Added later, with a generator of its own so that the puzzles above stay as they were:
    // minima side by side and maxima side by side, not compared with each other (a fortress).
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let fortress = json!({
        "minimum": [{"cell": "R5C4"}, {"cell": "R5C5"}, {"cell": "R5C6"}, {"cell": "R9C1"}],
        "maximum": [{"cell": "R2C2"}, {"cell": "R2C3"}, {"cell": "R3C2"}, {"cell": "R7C8"},
                    {"cell": "R8C8"}],
    });
    let rules = fpuzzles::read_json(&document(fortress))
        .expect("a fortress")
        .rules;
    let grid = (0..20)
        .find_map(|_| random_grid(&rules, &mut rng))
        .expect("a grid obeys the fortress");
    let fortress = puzzle_of(rules, grid, &mut rng);
    puzzles.push(("minima-maxima-side-by-side", fortress, grid));
    for (name, puzzle, grid) in puzzles {
        let solution: String = grid.iter().map(|d| char::from(b'0' + d)).collect();
        println!(
            "{}",
            json!({"name": name, "json": fpuzzles::to_json(&puzzle), "solution": solution})
        );
    }
}
