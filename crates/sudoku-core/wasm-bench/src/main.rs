//! The search solver as a bare WebAssembly module, to time it in a JavaScript engine against the
//! native `cargo bench --bench search`: `.ci/bench-wasm` builds it for wasm32 and runs
//! `run.mjs` (beside this crate) in Node over the shared collections.
//!
//! The module needs no imports: JavaScript writes puzzles (81 values each, 0 for a blank) into a
//! buffer it asks for, then times `count_unique` over them. `check.mjs` (`.ci/check-wasm`) runs
//! `solve_each` instead: each engine's answers in wasm against the collections' solutions.

use sudoku_core::search::{Engine, count_solutions};

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

/// Solves each of the `count` puzzles at `puzzles` with one engine (`engine` 0: scalar, 1:
/// vector, the 128-bit one in wasm), counting solutions up to `limit` (at most 255), and writes 82
/// bytes a puzzle to `answers`: the count, then the first solution found (zeros if none). False if
/// this build does not run the engine.
///
/// # Safety
/// `puzzles` must come from `puzzle_buffer(n)` with `n >= count`, and `answers` from
/// `puzzle_buffer(m)` with `m * 81 >= count * 82`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn solve_each(
    puzzles: *const u8,
    count: usize,
    engine: u32,
    limit: u8,
    answers: *mut u8,
) -> bool {
    let engine = if engine == 0 {
        Engine::Scalar
    } else {
        Engine::Vector128
    };
    if !engine.is_available() {
        return false;
    }
    // SAFETY: the caller passes a buffer of at least `count` puzzles, as documented.
    let bytes = unsafe { std::slice::from_raw_parts(puzzles, count * 81) };
    // SAFETY: the caller passes a buffer of at least `count * 82` bytes, as documented, which
    // `puzzles` does not overlap (each buffer is a leaked allocation of its own).
    let answers = unsafe { std::slice::from_raw_parts_mut(answers, count * 82) };
    let (puzzles, _) = bytes.as_chunks::<81>();
    for (puzzle, answer) in puzzles.iter().zip(answers.chunks_exact_mut(82)) {
        let Some(found) = engine.solutions(puzzle, limit.into()) else {
            return false;
        };
        answer[0] = found.count as u8;
        answer[1..].copy_from_slice(&found.first.unwrap_or([0; 81]));
    }
    true
}

/// Nothing to run: JavaScript calls the exported functions.
fn main() {}
