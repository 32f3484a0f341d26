//! The logical solver on every collection in `../shared/data`: the share of puzzles solved by
//! logic alone, and the median, 90th and 99th percentile and the longest time of one full
//! logical solve. Every placement is checked against the known solution.
//!
//! `cargo bench -p sudoku-core --bench logical -- [LIMIT] [SET...]` takes the first LIMIT
//! puzzles of each set (default 2,000; whole sets when smaller), only the sets whose file name
//! contains one of the SET words when any is given. `forum_hardest_1905.csv` (48,766 puzzles)
//! is measured on a fixed sample of 2,000 drawn with seed 1905 ([`hardest_sample`]). The
//! reference columns were measured on this kind of machine: HoDoKu 2.2 (Java) with its default
//! techniques, the anchor figures of the project's goals; and Sudoku Explainer as
//! SukakuExplainer 1.18.1 (Java, `serate`'s rating loop on one thread, CPU time of the rating
//! thread per puzzle, at most 30 s each) on the first puzzles of each set named.

use std::time::{Duration, Instant};

use sudoku_core::solve_logically;
use sudoku_test_support::{Case, cases, hardest_sample};

/// Each set with HoDoKu's and Sudoku Explainer's share solved and time per puzzle, where known.
#[rustfmt::skip]
const SETS: [(&str, &str, &str); 7] = [
    ("unbiased_1000.csv", "", ""),
    ("17_clue.csv", "100%", ""),
    ("se_rated_hard_a.csv", "100%, 15-20 ms", "200 of 200; median 51 ms, max 2.5 s"),
    ("se_rated_hard_b.csv", "100%, 15-20 ms", ""),
    ("magictour_top1465.csv", "95%, ~80 ms", "50 of 50; median 28 ms, max 5.6 s"),
    ("forum_hardest_1106.csv", "", "4 of 20 within 30 s (those in 20-25 s)"),
    ("forum_hardest_1905.csv", "", "3 of 20 within 30 s (those in 26-27 s)"),
];

/// The set measured on a sample.
const SAMPLED: &str = "forum_hardest_1905.csv";

fn load(name: &str, limit: usize) -> Vec<Case> {
    let mut chosen = if name == SAMPLED {
        hardest_sample()
    } else {
        cases(name, usize::MAX)
    };
    chosen.truncate(limit);
    chosen
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let limit = args.iter().find_map(|a| a.parse().ok()).unwrap_or(2000);
    let words: Vec<&String> = args
        .iter()
        .filter(|a| a.parse::<usize>().is_err())
        .collect();
    println!(
        "| set | puzzles | solved | median ms | p90 ms | p99 ms | max ms | HoDoKu | Sudoku Explainer |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"
    );
    for (name, hodoku, explainer) in SETS {
        if !words.is_empty() && !words.iter().any(|w| name.contains(w.as_str())) {
            continue;
        }
        let puzzles = load(name, limit);
        let mut times = Vec::with_capacity(puzzles.len());
        let mut solved = 0;
        for case in &puzzles {
            let started = Instant::now();
            let outcome = solve_logically(&case.puzzle);
            times.push(started.elapsed());
            let placed = outcome.steps.iter().flat_map(|s| &s.placements);
            for p in placed {
                assert_eq!(
                    case.solution.get(p.cell),
                    Some(p.digit),
                    "{name}:{}: a wrong placement",
                    case.line
                );
            }
            solved += usize::from(outcome.is_solved());
        }
        times.sort_unstable();
        let at = |q: f64| millis(times[((times.len() - 1) as f64 * q) as usize]);
        println!(
            "| {name} | {} | {:.1}% | {:.3} | {:.3} | {:.3} | {:.1} | {hodoku} | {explainer} |",
            puzzles.len(),
            100.0 * solved as f64 / puzzles.len() as f64,
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0),
        );
    }
}
