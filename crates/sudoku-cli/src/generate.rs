//! `sudoku generate`: new puzzles with exactly one solution, of a level if asked.

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use sudoku_core::variant::fpuzzles::to_json;
use sudoku_core::variant::generate::{generate_variant, generate_variant_level};
use sudoku_core::variant::{Puzzle, Variant};
use sudoku_core::{Level, Symmetry, generate, generate_level};

/// What to make.
pub struct Request {
    pub count: u64,
    pub seed: Option<u64>,
    pub symmetry: Symmetry,
    pub level: Option<Level>,
    /// A variant other than the classic puzzle, printed as f-puzzles JSON.
    pub variant: Option<Variant>,
}

pub fn generate_puzzles(request: Request) -> Result<bool> {
    let mut rng = match request.seed {
        Some(seed) => ChaCha8Rng::seed_from_u64(seed),
        None => rand::make_rng(),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..request.count {
        if let Some(variant) = request.variant {
            let mut puzzle: Puzzle = match request.level {
                Some(level) => generate_variant_level(variant, level, &mut rng)?,
                None => generate_variant(variant, &mut rng),
            };
            puzzle.title = Some(variant.name().to_string());
            writeln!(out, "{}", to_json(&puzzle))?;
            // A Killer may take a while: each is shown as soon as it is made.
            out.flush()?;
            continue;
        }
        let puzzle = match request.level {
            Some(level) => generate_level(&mut rng, level, request.symmetry).0,
            None => generate(&mut rng, request.symmetry),
        };
        writeln!(out, "{}", puzzle.to_line())?;
        // A level may take a while per puzzle: each is shown as soon as it is made.
        if request.level.is_some() {
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(true)
}
