//! The logical solver on every collection in `../shared/data`: the share of puzzles solved by
//! logic alone, and the median, 90th and 99th percentile time of one full logical solve.
//!
//! `cargo bench --bench logical [-- LIMIT]` takes the first LIMIT puzzles of each set (default
//! 2,000; whole sets when smaller). The reference column is HoDoKu 2.2 (Java) with its default
//! techniques, measured on this kind of machine: the anchor figures of the project's goals.

use std::time::{Duration, Instant};

use sudoku_core::{Grid, solve_logically};

/// Each set with HoDoKu's share solved and time per puzzle, where known.
const SETS: [(&str, &str); 7] = [
    ("unbiased_1000.csv", ""),
    ("17_clue.csv", "100%"),
    ("se_rated_hard_a.csv", "100%, 15-20 ms"),
    ("se_rated_hard_b.csv", "100%, 15-20 ms"),
    ("magictour_top1465.csv", "95%, ~80 ms"),
    ("forum_hardest_1106.csv", ""),
    ("forum_hardest_1905.csv", ""),
];

fn load(name: &str, limit: usize) -> Vec<Grid> {
    sudoku_test_support::read_data(name)
        .lines()
        .filter_map(|line| Grid::parse_line(line).ok())
        .take(limit)
        .collect()
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let limit = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2000);
    println!(
        "{:<24} {:>7} {:>9} {:>10} {:>10} {:>10}   HoDoKu",
        "set", "puzzles", "solved", "median ms", "p90 ms", "p99 ms"
    );
    for (name, reference) in SETS {
        let puzzles = load(name, limit);
        let mut times = Vec::with_capacity(puzzles.len());
        let mut solved = 0;
        for puzzle in &puzzles {
            let started = Instant::now();
            let outcome = solve_logically(puzzle);
            times.push(started.elapsed());
            solved += usize::from(outcome.is_solved());
        }
        times.sort_unstable();
        let at = |q: f64| millis(times[((times.len() - 1) as f64 * q) as usize]);
        println!(
            "{:<24} {:>7} {:>8.1}% {:>10.3} {:>10.3} {:>10.3}   {}",
            name,
            puzzles.len(),
            100.0 * solved as f64 / puzzles.len() as f64,
            at(0.5),
            at(0.9),
            at(0.99),
            reference
        );
    }
}
