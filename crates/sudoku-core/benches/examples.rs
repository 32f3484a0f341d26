//! The public examples of variant rules (the Interactive Sudoku Solver's, as f-puzzles JSON, in
//! `tests/data/iss_examples.jsonl`): per puzzle, the search counting to two (warm, the median of
//! five runs) and the logical solve (solved or not, how many forcing chain steps, the median of
//! five runs for a solve under a second, as a single run of a few milliseconds swings with what
//! else the machine does), with their times; then the medians. `EXAMPLES` names another file of
//! examples in the same form (`tools/rangsk-examples.mjs` makes one from Rangsk's f-puzzles
//! test puzzles); a puzzle with a rule the core does not know is listed and not timed.
//!
//! `cargo bench -p sudoku-core --bench examples`
//! `EXAMPLES=/tmp/rangsk.jsonl cargo bench -p sudoku-core --bench examples`

use std::time::{Duration, Instant};

use sudoku_core::solve_marks_logically;
use sudoku_core::variant::search::solutions;
use sudoku_test_support::{examples_in, iss_examples};

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    println!(
        "| puzzle | rules | search (count to 2) ms | logic | forcing chain steps | logic ms |\n\
         | --- | --- | ---: | --- | ---: | ---: |"
    );
    let (mut searches, mut solves) = (Vec::new(), Vec::new());
    let mut solved_by_logic = 0;
    let examples = match std::env::var_os("EXAMPLES") {
        Some(path) => examples_in(path.as_ref()),
        None => iss_examples(),
    };
    let (mut timed, mut needing_chains) = (0, 0);
    for example in &examples {
        let puzzle = &example.puzzle;
        if let Some(key) = puzzle.rules.cannot_solve() {
            println!(
                "| {} | {} | cannot solve: {key} | | | |",
                example.name,
                example.kinds.join(", ")
            );
            continue;
        }
        timed += 1;
        // Warm, the median of five, as the Interactive Sudoku Solver's own benchmark is read.
        let found = solutions(&puzzle.givens, &puzzle.rules, 2);
        let mut runs: Vec<Duration> = (0..5)
            .map(|_| {
                let start = Instant::now();
                let _ = solutions(&puzzle.givens, &puzzle.rules, 2);
                start.elapsed()
            })
            .collect();
        runs.sort();
        let search = runs[2];
        let answer = match found {
            Ok(found) if found.count == 1 && found.first == Some(example.solution) => "",
            Ok(found) if found.count == 1 => " (another solution!)",
            Ok(_) => " (not one solution!)",
            Err(_) => " (gave up)",
        };
        let start = Instant::now();
        let solve = solve_marks_logically(puzzle.marks());
        let mut runs = vec![start.elapsed()];
        if runs[0] < Duration::from_secs(1) {
            runs.extend((0..4).map(|_| {
                let start = Instant::now();
                let _ = solve_marks_logically(puzzle.marks());
                start.elapsed()
            }));
        }
        runs.sort();
        let logic = runs[runs.len() / 2];
        let chains = solve
            .steps
            .iter()
            .filter(|step| step.technique.contains("Forcing Chain"))
            .count();
        solved_by_logic += usize::from(solve.is_solved());
        needing_chains += usize::from(chains > 0);
        println!(
            "| {} | {} | {:.1}{answer} | {} | {chains} | {:.1} |",
            example.name,
            example.kinds.join(", "),
            millis(search),
            if solve.is_solved() { "solved" } else { "stuck" },
            millis(logic),
        );
        searches.push(search);
        solves.push(logic);
    }
    searches.sort();
    solves.sort();
    let median = |times: &[Duration]| millis(times[times.len() / 2]);
    println!(
        "\n{timed} puzzles: search median {:.1} ms; solved by logic {solved_by_logic}, forcing chains needed in {needing_chains}, logic median {:.1} ms",
        median(&searches),
        median(&solves),
    );
}
