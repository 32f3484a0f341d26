//! Reading the puzzle collections in `../shared/data`, for the benchmarks.

use std::path::PathBuf;

/// The text of a data file; panics with a clear message when it is missing.
pub fn read_data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{} is missing ({e}); the benchmark reads ../shared/data",
            path.display()
        )
    })
}
