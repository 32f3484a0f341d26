//! What the tests and benchmarks of the workspace share: the puzzle collections in
//! `../shared/data` (beside the project folder), and independent checks of the rules that do not
//! use the solver under test.

use std::path::PathBuf;

use sudoku_core::Grid;

/// The shared data folder beside the project.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

/// The text of a data file; panics with a clear message when it is missing.
pub fn read_data(name: &str) -> String {
    let path = data_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "test data {} is missing ({e}); the tests need ../shared/data beside the project",
            path.display()
        )
    })
}

/// A puzzle with its known solution.
pub struct Case {
    pub line: usize,
    pub puzzle: Grid,
    pub solution: Grid,
}

/// The first `limit` lines of a `puzzle,solution[,...]` file.
pub fn cases(name: &str, limit: usize) -> Vec<Case> {
    read_data(name)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(limit)
        .enumerate()
        .map(|(i, line)| {
            let mut fields = line.split(',');
            let puzzle = fields.next().unwrap_or_default();
            let solution = fields
                .next()
                .unwrap_or_else(|| panic!("{name}:{}: no solution column", i + 1));
            Case {
                line: i + 1,
                puzzle: Grid::parse_line(puzzle)
                    .unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1)),
                solution: Grid::parse_line(solution)
                    .unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1)),
            }
        })
        .collect()
}

/// An independent check of the rules: every row, column and box holds 1–9 once.
pub fn obeys_rules(grid: &Grid) -> bool {
    let digit = |r: usize, c: usize| grid.digits()[r * 9 + c].map_or(0, |d| d.get());
    (0..9).all(|i| {
        let row: u16 = (0..9).map(|j| 1 << digit(i, j)).fold(0, |a, b| a | b);
        let col: u16 = (0..9).map(|j| 1 << digit(j, i)).fold(0, |a, b| a | b);
        let bx: u16 = (0..9)
            .map(|j| 1 << digit(i / 3 * 3 + j / 3, i % 3 * 3 + j % 3))
            .fold(0, |a, b| a | b);
        row == 0x3FE && col == 0x3FE && bx == 0x3FE
    })
}

/// A plain backtracking counter, independent of the solver under test.
pub fn count_by_backtracking(grid: &Grid, limit: usize) -> usize {
    fn legal(v: &[u8; 81], cell: usize, d: u8) -> bool {
        let (r, c) = (cell / 9, cell % 9);
        (0..9).all(|i| {
            v[r * 9 + i] != d
                && v[i * 9 + c] != d
                && v[(r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3] != d
        })
    }
    fn go(v: &mut [u8; 81], limit: usize, count: &mut usize) {
        let Some(cell) = v.iter().position(|&x| x == 0) else {
            *count += 1;
            return;
        };
        for d in 1..=9 {
            if legal(v, cell, d) {
                v[cell] = d;
                go(v, limit, count);
                v[cell] = 0;
                if *count >= limit {
                    return;
                }
            }
        }
    }
    let mut values = grid.digits().map(|d| d.map_or(0, |d| d.get()));
    let mut count = 0;
    go(&mut values, limit, &mut count);
    count
}
