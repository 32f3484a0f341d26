//! `sudoku techniques`: the registry, simplest first.

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use sudoku_core::REGISTRY;

pub fn techniques() -> Result<bool> {
    let mut out = BufWriter::new(io::stdout().lock());
    for entry in REGISTRY {
        writeln!(
            out,
            "{} {}\n    {}",
            entry.difficulty,
            entry.technique.name(),
            entry.technique.about()
        )?;
    }
    out.flush()?;
    Ok(true)
}
