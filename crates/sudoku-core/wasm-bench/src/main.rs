//! The search solver as a bare WebAssembly module, to time it in a JavaScript engine against the
//! native `cargo bench --bench search`: `.ci/bench-wasm` builds it for wasm32 and runs
//! `run.mjs` (beside this crate) in Node over the shared collections.
//!
//! The module needs no imports: JavaScript writes puzzles (81 values each, 0 for a blank) into a
//! buffer it asks for, then times `count_unique` over them.

use sudoku_core::search::count_solutions;

/// A zeroed buffer for `count` puzzles that lives as long as the module.
#[unsafe(no_mangle)]
pub extern "C" fn puzzle_buffer(count: usize) -> *mut u8 {
    vec![0u8; count * 81].leak().as_mut_ptr()
}

/// How many of the `count` puzzles at `puzzles` have exactly one solution, counting solutions up
/// to 2 as the native benchmark does.
///
/// # Safety
/// `puzzles` must come from `puzzle_buffer(n)` with `n >= count`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn count_unique(puzzles: *const u8, count: usize) -> usize {
    // SAFETY: the caller passes a buffer of at least `count` puzzles, as documented.
    let bytes = unsafe { std::slice::from_raw_parts(puzzles, count * 81) };
    let (puzzles, _) = bytes.as_chunks::<81>();
    puzzles
        .iter()
        .filter(|puzzle| count_solutions(puzzle, 2) == 1)
        .count()
}

/// Nothing to run: JavaScript calls the exported functions.
fn main() {}
