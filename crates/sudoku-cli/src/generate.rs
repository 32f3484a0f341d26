//! `sudoku generate`: new puzzles with exactly one solution.

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use sudoku_core::{Symmetry, generate};

pub fn generate_puzzles(count: u64, seed: Option<u64>, symmetric: bool) -> Result<bool> {
    let mut rng = match seed {
        Some(seed) => ChaCha8Rng::seed_from_u64(seed),
        None => rand::make_rng(),
    };
    let symmetry = if symmetric {
        Symmetry::Central
    } else {
        Symmetry::None
    };
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..count {
        writeln!(out, "{}", generate(&mut rng, symmetry).to_line())?;
    }
    out.flush()?;
    Ok(true)
}
