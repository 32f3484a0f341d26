//! What the tests and benchmarks of the workspace share: the puzzle collections in
//! `../shared/data` (beside the project folder) and HoDoKu's library of technique cases there,
//! independent checks of the rules that do not use the solver under test, and the conformance
//! checks of every kind of constraint ([`conformance`]).

use std::collections::BTreeSet;
use std::path::PathBuf;

use sudoku_core::{Candidate, Candidates, Cell, Digit, Grid};

pub mod conformance;

/// The shared data folder beside the project.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

/// Every puzzle collection with a solution column, in the order the benchmarks report them.
pub const COLLECTIONS: [&str; 7] = [
    "unbiased_1000.csv",
    "17_clue.csv",
    "magictour_top1465.csv",
    "se_rated_hard_a.csv",
    "se_rated_hard_b.csv",
    "forum_hardest_1905.csv",
    "forum_hardest_1106.csv",
];

/// The collections a benchmark measures: those whose names hold one of the words given on its
/// command line (cargo passes `--bench`, which is no word), or all of them when none is given.
pub fn chosen_collections() -> Vec<&'static str> {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with('-'))
        .collect();
    COLLECTIONS
        .into_iter()
        .filter(|name| words.is_empty() || words.iter().any(|word| name.contains(word.as_str())))
        .collect()
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

/// HoDoKu's technique codes and our names for them.
pub const HODOKU_CODES: &[(&str, &str)] = &[
    ("0000", "Full House"),
    ("0002", "Hidden Single"),
    ("0003", "Naked Single"),
    ("0100", "Locked Candidates (Pointing)"),
    ("0101", "Locked Candidates (Claiming)"),
    ("0110", "Locked Pair"),
    ("0111", "Locked Triple"),
    ("0200", "Naked Pair"),
    ("0201", "Naked Triple"),
    ("0202", "Naked Quad"),
    ("0210", "Hidden Pair"),
    ("0211", "Hidden Triple"),
    ("0212", "Hidden Quad"),
    ("0300", "X-Wing"),
    ("0301", "Swordfish"),
    ("0302", "Jellyfish"),
    ("0310", "Finned X-Wing"),
    ("0311", "Finned Swordfish"),
    ("0312", "Finned Jellyfish"),
    ("0320", "Sashimi X-Wing"),
    ("0321", "Sashimi Swordfish"),
    ("0322", "Sashimi Jellyfish"),
    ("0400", "Skyscraper"),
    ("0401", "2-String Kite"),
    ("0402", "Empty Rectangle"),
    ("0500", "Simple Colors Trap"),
    ("0501", "Simple Colors Wrap"),
    ("0600", "Unique Rectangle Type 1"),
    ("0601", "Unique Rectangle Type 2"),
    ("0602", "Unique Rectangle Type 3"),
    ("0603", "Unique Rectangle Type 4"),
    ("0606", "Hidden Rectangle"),
    ("0610", "BUG+1"),
    ("0701", "X-Chain"),
    ("0702", "XY-Chain"),
    ("0703", "Remote Pair"),
    ("0708", "AIC"),
    ("0711", "Grouped AIC"),
    ("0800", "XY-Wing"),
    ("0801", "XYZ-Wing"),
    ("0803", "W-Wing"),
    ("0901", "ALS-XZ"),
    ("1301", "Forcing Chain Contradiction"),
    ("1302", "Forcing Chain Verity"),
];

/// A case of HoDoKu's regression library: the position, and the eliminations and placements the
/// technique of `code` makes there (none when it is a fail case).
pub struct LibraryCase {
    pub line: usize,
    pub code: String,
    pub fail_case: bool,
    pub marks: Candidates,
    pub eliminations: BTreeSet<Candidate>,
    pub placements: BTreeSet<Candidate>,
}

/// The candidates of a library field: `313 524` is 3 in r1c3 and 5 in r2c4.
fn candidates(field: &str) -> BTreeSet<Candidate> {
    field
        .split_whitespace()
        .map(|item| {
            let b = item.as_bytes();
            assert_eq!(b.len(), 3, "candidate `{item}`");
            let digit = Digit::new(b[0] - b'0').expect("digit");
            Candidate::new(Cell::at(b[1] - b'1', b[2] - b'1'), digit)
        })
        .collect()
}

/// The case on line `line` of the library, `text`.
fn parse(line: usize, text: &str) -> LibraryCase {
    let fields: Vec<&str> = text.split(':').collect();
    let (code, variant) = fields[1].split_once('-').unwrap_or((fields[1], ""));
    let mut givens = [None; 81];
    let mut placed = Vec::new();
    let mut cell = 0;
    let mut plus = false;
    for ch in fields[3].chars() {
        match ch {
            '+' => plus = true,
            _ => {
                let digit = ch.to_digit(10).and_then(|d| Digit::new(d as u8));
                if let Some(digit) = digit {
                    if plus {
                        placed.push((Cell::new(cell).unwrap(), digit));
                    } else {
                        givens[cell as usize] = Some(digit);
                    }
                }
                plus = false;
                cell += 1;
            }
        }
    }
    assert_eq!(cell, 81, "reglib line {line}: grid of {cell} cells");
    let mut grid = Grid::from_givens(givens);
    for (cell, digit) in placed {
        grid.set_entry(cell, Some(digit));
    }
    let mut marks = Candidates::new(&grid);
    for c in candidates(fields[4]) {
        marks.eliminate(c.cell, c.digit);
    }
    LibraryCase {
        line,
        code: code.to_string(),
        fail_case: variant == "x",
        marks,
        eliminations: candidates(fields[5]),
        placements: candidates(fields.get(6).copied().unwrap_or("")),
    }
}

/// Every case of HoDoKu's regression library (`techniques/hodoku_reglib_1.3.txt`).
pub fn hodoku_library() -> Vec<LibraryCase> {
    read_data("techniques/hodoku_reglib_1.3.txt")
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with(':'))
        .map(|(i, l)| parse(i + 1, l))
        .collect()
}

/// A puzzle with its known solution.
pub struct Case {
    pub line: usize,
    pub puzzle: Grid,
    pub solution: Grid,
}

/// The puzzles of a collection (the first column of each line) as values, 0 for a blank: what
/// the search solver takes, for benchmarks that time it without parsing.
pub fn puzzle_values(name: &str) -> Vec<[u8; 81]> {
    read_data(name)
        .lines()
        .filter_map(|line| line.split(',').next())
        .filter(|puzzle| puzzle.len() == 81)
        .map(|puzzle| {
            let mut values = [0; 81];
            for (value, byte) in values.iter_mut().zip(puzzle.bytes()) {
                *value = if byte.is_ascii_digit() {
                    byte - b'0'
                } else {
                    0
                };
            }
            values
        })
        .collect()
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

/// `count` cases drawn from `cases` without repetition, the same ones for the same `seed`, in
/// file order (a partial Fisher-Yates shuffle driven by SplitMix64, so that the sample needs no
/// random-number crate and never changes with one's version).
pub fn sample(mut cases: Vec<Case>, count: usize, seed: u64) -> Vec<Case> {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let count = count.min(cases.len());
    for i in 0..count {
        let j = i + (next() % (cases.len() - i) as u64) as usize;
        cases.swap(i, j);
    }
    cases.truncate(count);
    cases.sort_by_key(|case| case.line);
    cases
}

/// The fixed sample of `forum_hardest_1905.csv` the logical solver is measured and tested on:
/// 2,000 of its 48,766 puzzles, drawn with seed 1905.
pub fn hardest_sample() -> Vec<Case> {
    sample(cases("forum_hardest_1905.csv", usize::MAX), 2000, 1905)
}

/// Spearman's rank correlation of two equally long series (ties get their mean rank).
pub fn spearman(x: &[f64], y: &[f64]) -> f64 {
    pearson(&ranks(x), &ranks(y))
}

/// Ranks from 1, ties given their mean rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut result = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            result[k] = mean;
        }
        i = j + 1;
    }
    result
}

fn pearson(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let cov: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let vx: f64 = x.iter().map(|a| (a - mx).powi(2)).sum();
    let vy: f64 = y.iter().map(|b| (b - my).powi(2)).sum();
    cov / (vx * vy).sqrt()
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

/// The 20 peers of a cell: the other cells of its row, column and box.
pub fn peers(cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / 9, cell % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    (0..9)
        .map(move |i| r * 9 + i)
        .chain((0..9).map(move |i| i * 9 + c))
        .chain((0..9).map(move |i| (br + i / 3) * 9 + bc + i % 3))
        .filter(move |&p| p != cell)
}

/// Two equal digits in one house.
fn clashes(values: &[u8; 81]) -> bool {
    (0..81).any(|cell| values[cell] != 0 && peers(cell).any(|p| values[p] == values[cell]))
}

/// The number of solutions up to `limit` of a grid of values (0 for a blank), and the first one
/// found, independent of the solver under test: plain backtracking over the
/// digits each row, column and box still lacks, always on the empty cell with the fewest legal
/// digits, so that it stays quick on nearly empty grids and on grids with few solutions alike.
pub fn solve_by_backtracking(values: &[u8; 81], limit: usize) -> (usize, Option<[u8; 81]>) {
    struct Backtrack {
        values: [u8; 81],
        /// Digits used (bit `d` for digit `d`) per row, column and box.
        used: [[u16; 9]; 3],
        limit: usize,
        count: usize,
        first: Option<[u8; 81]>,
    }
    impl Backtrack {
        fn houses(cell: usize) -> [usize; 3] {
            [cell / 9, cell % 9, cell / 27 * 3 + cell % 9 / 3]
        }
        fn legal(&self, cell: usize) -> u16 {
            let [r, c, b] = Backtrack::houses(cell);
            0x3FE & !(self.used[0][r] | self.used[1][c] | self.used[2][b])
        }
        fn mark(&mut self, cell: usize, digit: u8) {
            let [r, c, b] = Backtrack::houses(cell);
            for (kind, house) in [r, c, b].into_iter().enumerate() {
                self.used[kind][house] ^= 1 << digit;
            }
        }
        fn go(&mut self) {
            let mut best: Option<(usize, u16)> = None;
            for cell in (0..81).filter(|&c| self.values[c] == 0) {
                let mask = self.legal(cell);
                if best.is_none_or(|(_, m)| mask.count_ones() < m.count_ones()) {
                    best = Some((cell, mask));
                    if mask.count_ones() <= 1 {
                        break;
                    }
                }
            }
            let Some((cell, mask)) = best else {
                self.count += 1;
                self.first.get_or_insert(self.values);
                return;
            };
            for digit in (1..=9).filter(|d| mask & 1 << d != 0) {
                self.values[cell] = digit;
                self.mark(cell, digit);
                self.go();
                self.mark(cell, digit);
                self.values[cell] = 0;
                if self.count >= self.limit {
                    return;
                }
            }
        }
    }
    // Clues that clash leave no solution, however the empty cells could be filled.
    if clashes(values) || limit == 0 {
        return (0, None);
    }
    let mut search = Backtrack {
        values: *values,
        used: [[0; 9]; 3],
        limit,
        count: 0,
        first: None,
    };
    for cell in (0..81).filter(|&c| values[c] != 0) {
        search.mark(cell, values[cell]);
    }
    search.go();
    (search.count, search.first)
}

/// The number of solutions of `grid`, counted up to `limit` by [`solve_by_backtracking`].
pub fn count_by_backtracking(grid: &Grid, limit: usize) -> usize {
    solve_by_backtracking(&grid.digits().map(|d| d.map_or(0, |d| d.get())), limit).0
}

/// tdoku's DPLL triad solver (C++, BSD), compiled by the build script when `TDOKU_SRC` names its
/// source, for the benchmarks to time beside ours; `None` without it.
pub mod tdoku {
    /// Counts the solutions of `puzzle` (81 digits, 0 for empty) up to `limit` with tdoku, or
    /// `None` when tdoku was not compiled in.
    #[cfg(tdoku)]
    pub fn count_solutions(puzzle: &[u8; 81], limit: usize) -> Option<usize> {
        unsafe extern "C" {
            fn TdokuSolverDpllTriadSimd(
                puzzle: *const u8,
                limit: usize,
                configuration: u32,
                solution: *mut u8,
                guesses: *mut usize,
            ) -> usize;
        }
        // tdoku reads 81 characters, '.' for empty, and looks at the 82nd to tell its plain
        // format from pencil marks: a terminating zero.
        let mut text = [0u8; 82];
        for (char, &digit) in text.iter_mut().zip(puzzle) {
            *char = if digit == 0 { b'.' } else { b'0' + digit };
        }
        let mut solution = [0u8; 81];
        let mut guesses = 0;
        // SAFETY: `text` holds the 82 bytes tdoku reads; `solution` the 81 it may write, and
        // `guesses` the count it writes; none is kept past the call.
        Some(unsafe {
            TdokuSolverDpllTriadSimd(text.as_ptr(), limit, 0, solution.as_mut_ptr(), &mut guesses)
        })
    }

    #[cfg(not(tdoku))]
    pub fn count_solutions(_puzzle: &[u8; 81], _limit: usize) -> Option<usize> {
        None
    }
}

/// `default` property-test cases from a fixed seed, so that a test run is repeatable, unless
/// PROPTEST_CASES or PROPTEST_RNG_SEED ask for others.
pub fn fixed_seed_config(default: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, RngSeed};
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default);
    let mut config = Config::with_cases(cases);
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(2026);
    }
    config
}

/// A public example puzzle of variant rules, with its published solution: the Interactive Sudoku
/// Solver's examples whose rules the core knows, as f-puzzles JSON (made by
/// `tools/iss-examples.mjs`), or any such set in the same form (`tools/rangsk-examples.mjs`).
pub struct Example {
    pub name: String,
    /// The names its set gives its rules (the ISS's `Thermo`, `LittleKiller`…), if any.
    pub kinds: Vec<String>,
    pub puzzle: sudoku_core::variant::Puzzle,
    pub solution: [u8; 81],
}

/// The examples of `crates/sudoku-core/tests/data/iss_examples.jsonl`.
pub fn iss_examples() -> Vec<Example> {
    examples_in(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../sudoku-core/tests/data/iss_examples.jsonl"),
    )
}

/// The examples of a file of JSON lines `{"name", "kinds", "fpuzzles", "solution"}`, `fpuzzles`
/// the puzzle as f-puzzles JSON, a link or a link's payload, `kinds` optional.
pub fn examples_in(path: &std::path::Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(|line| {
            let fields: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let text = |key: &str| fields[key].as_str().expect("a text field").to_string();
            let solution = text("solution");
            assert_eq!(
                solution.len(),
                81,
                "{}: a solution of 81 digits",
                text("name")
            );
            Example {
                name: text("name"),
                kinds: (fields["kinds"].as_array().into_iter().flatten())
                    .map(|kind| kind.as_str().expect("a kind").to_string())
                    .collect(),
                puzzle: sudoku_core::variant::fpuzzles::read(&text("fpuzzles"))
                    .unwrap_or_else(|e| panic!("{}: {e}", text("name"))),
                solution: std::array::from_fn(|i| solution.as_bytes()[i] - b'0'),
            }
        })
        .collect()
}
