//! Generator throughput: minimal puzzles with exactly one solution per second, single-threaded,
//! side by side with the `sudoku` crate 0.8's generator (the same two kinds of puzzle).
//!
//! `cargo bench --bench generate`

use std::hint::black_box;
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use reference_sudoku::Sudoku as Reference;
use reference_sudoku::Symmetry as ReferenceSymmetry;
use sudoku_core::{Symmetry, generate};

const COUNT: usize = 5000;

fn per_second(mut make: impl FnMut()) -> f64 {
    let started = Instant::now();
    for _ in 0..COUNT {
        make();
    }
    COUNT as f64 / started.elapsed().as_secs_f64()
}

fn main() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let minimal = per_second(|| {
        black_box(generate(&mut rng, Symmetry::None));
    });
    let symmetric = per_second(|| {
        black_box(generate(&mut rng, Symmetry::Central));
    });
    let reference_minimal = per_second(|| {
        black_box(Reference::generate_with_symmetry(ReferenceSymmetry::None));
    });
    let reference_symmetric = per_second(|| {
        black_box(Reference::generate_with_symmetry(
            ReferenceSymmetry::HalfRotation,
        ));
    });
    println!("Generating {COUNT} puzzles, puzzles per second\n");
    println!("| generator | this crate | sudoku 0.8 | ratio |");
    println!("| --- | ---: | ---: | ---: |");
    let row = |name: &str, ours: f64, theirs: f64| {
        println!(
            "| {name} | {ours:.0} | {theirs:.0} | {:.2}× |",
            ours / theirs
        );
    };
    row("minimal, unique", minimal, reference_minimal);
    row(
        "half-turn symmetric, unique",
        symmetric,
        reference_symmetric,
    );
}
