//! The logical solver on generated variant puzzles: per variant, the share solved by logic
//! alone, the share that needs a forcing chain or net, the median and slowest full logical
//! solve, and the levels. Every step is checked against the puzzle's one solution.
//!
//! `cargo bench -p sudoku-core --bench variant_logic -- [COUNT]` makes COUNT puzzles of each
//! variant (default 200) from fixed seeds; `VARIANTS=arrow,kropki` (keys as `sudoku generate
//! --variant` takes them) measures those alone.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use sudoku_core::variant::Variant;
use sudoku_core::variant::generate::generate_variant;
use sudoku_core::variant::search::solutions;
use sudoku_core::{Cell, Level, solve_marks_logically};

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let count: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(200);
    println!(
        "| variant | puzzles | solved by logic | forcing chains | median ms | max ms | levels (Easy/Medium/Hard/Expert/Extreme) |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | --- |"
    );
    let only: Option<String> = std::env::var("VARIANTS").ok();
    for variant in Variant::ALL.into_iter().skip(1).filter(|v| {
        only.as_ref()
            .is_none_or(|o| o.split(',').any(|k| k == v.key()))
    }) {
        let mut rng = ChaCha8Rng::seed_from_u64(45);
        let mut times = Vec::with_capacity(count);
        let mut solved = 0;
        let mut chained = 0;
        let mut levels: BTreeMap<Level, usize> = BTreeMap::new();
        let mut stuck: BTreeMap<String, usize> = BTreeMap::new();
        for _ in 0..count {
            let puzzle = generate_variant(variant, &mut rng);
            let solution = solutions(&puzzle.givens, &puzzle.rules, 2)
                .expect("generated puzzles are searched quickly")
                .first
                .expect("generated puzzles have a solution");
            let start = Instant::now();
            let solve = solve_marks_logically(puzzle.marks());
            times.push(start.elapsed());
            for step in &solve.steps {
                for p in &step.placements {
                    assert_eq!(solution[p.cell.index()], p.digit.get(), "{}", step.text);
                }
                for e in &step.eliminations {
                    assert_ne!(solution[e.cell.index()], e.digit.get(), "{}", step.text);
                }
            }
            if solve
                .steps
                .iter()
                .any(|step| step.technique.contains("Forcing Chain"))
            {
                chained += 1;
            }
            if solve.is_solved() {
                solved += 1;
                *levels.entry(Level::of(solve.difficulty)).or_default() += 1;
            } else {
                let open = Cell::all()
                    .filter(|&c| solve.marks.grid().get(c).is_none())
                    .count();
                *stuck.entry(format!("{open}")).or_default() += 1;
            }
        }
        times.sort();
        let levels: Vec<String> = Level::ALL
            .iter()
            .map(|l| levels.get(l).copied().unwrap_or(0).to_string())
            .collect();
        println!(
            "| {} | {count} | {:.1}% | {:.1}% | {:.2} | {:.1} | {} |",
            variant.name(),
            100.0 * solved as f64 / count as f64,
            100.0 * chained as f64 / count as f64,
            millis(times[count / 2]),
            millis(times[count - 1]),
            levels.join("/"),
        );
        if !stuck.is_empty() {
            eprintln!(
                "{}: open cells where logic stopped: {stuck:?}",
                variant.name()
            );
        }
    }
}
