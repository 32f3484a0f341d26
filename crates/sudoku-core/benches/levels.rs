//! Puzzles of each level, as New game makes them: `cargo bench --bench levels -- [COUNT]` times
//! `generate_level` (symmetric clues) COUNT times per level (default 20) and prints puzzles per
//! second with the median and p95 time of one puzzle; then how the levels share 1,000 puzzles of
//! the plain generator, which says how many tries a level costs.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use sudoku_core::{Level, Symmetry, generate, generate_level, rate};

fn percentile(sorted: &[Duration], share: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * share).round() as usize;
    sorted[index]
}

fn main() {
    let count: usize = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse().ok())
        .unwrap_or(20);
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    println!("| level | puzzles | puzzles/s | median | p95 |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for level in Level::ALL {
        let mut times = Vec::with_capacity(count);
        let started = Instant::now();
        for _ in 0..count {
            let start = Instant::now();
            let (_, rating) = generate_level(&mut rng, level, Symmetry::Central);
            times.push(start.elapsed());
            assert!(level.holds(rating.er));
        }
        let total = started.elapsed();
        times.sort();
        println!(
            "| {level} | {count} | {:.1} | {:.1} ms | {:.1} ms |",
            count as f64 / total.as_secs_f64(),
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.95).as_secs_f64() * 1e3,
        );
    }
    let mut shares = [0usize; 6];
    let sample = 1000;
    for _ in 0..sample {
        match rate(&generate(&mut rng, Symmetry::Central)) {
            Ok(rating) => shares[Level::of(rating.er) as usize] += 1,
            Err(_) => shares[5] += 1,
        }
    }
    println!("\nlevels of {sample} symmetric puzzles of the plain generator:");
    for (level, share) in Level::ALL
        .into_iter()
        .map(Level::name)
        .chain(["beyond"])
        .zip(shares)
    {
        println!("  {level}: {share}");
    }
}
