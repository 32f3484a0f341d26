//! Each search engine this processor runs, counting solutions up to 2 on the shared collections,
//! in one run: what the vectors' width is worth natively (the 256-bit engine against the 128-bit
//! one, which has the web build's layout), and the native figures `.ci/bench-wasm` sets the wasm
//! build beside.
//!
//! `cargo bench -p sudoku-core --bench engines` prints puzzles per second per engine;
//! `-- 17_clue 1905` measures only the sets whose names hold one of the words given. Each figure
//! is the best of at least five rounds over the whole set, the engines taking turns, so a busy
//! machine slows them alike; the time to parse is not counted.

use std::hint::black_box;
use std::time::{Duration, Instant};

use sudoku_core::search::Engine;
use sudoku_test_support::{chosen_collections, puzzle_values};

fn main() {
    let engines: Vec<Engine> = Engine::available().collect();
    let names: Vec<String> = engines.iter().map(|e| format!("{e:?}")).collect();
    println!("Counting solutions up to 2, puzzles per second (best round), by engine\n");
    println!("| set | puzzles | {} |", names.join(" | "));
    println!("| --- | ---: |{}", " ---: |".repeat(engines.len()));
    for name in chosen_collections() {
        let puzzles = puzzle_values(name);
        for engine in &engines {
            for p in &puzzles {
                let found = engine.solutions(p, 2).expect("an available engine runs");
                assert_eq!(found.count, 1, "{name}: {engine:?} finds one solution");
            }
        }
        let mut best = vec![Duration::MAX; engines.len()];
        let started = Instant::now();
        let mut rounds = 0;
        while rounds < 5 || started.elapsed() < Duration::from_secs(3) {
            for (engine, best) in engines.iter().zip(&mut best) {
                let t = Instant::now();
                for p in &puzzles {
                    black_box(engine.solutions(black_box(p), 2));
                }
                *best = (*best).min(t.elapsed());
            }
            rounds += 1;
        }
        let rates: Vec<String> = best
            .iter()
            .map(|time| format!("{:.0}", puzzles.len() as f64 / time.as_secs_f64()))
            .collect();
        println!("| {name} | {} | {} |", puzzles.len(), rates.join(" | "));
    }
}
