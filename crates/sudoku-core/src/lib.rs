//! The Sudoku core: plain Rust with no browser or command-line types. Its modules, from the
//! bottom up:
//!
//! - [`cell`]: cells, digits and candidates; [`sets`]: typed bitsets of digits and of cells;
//!   [`house`]: rows, columns, boxes and peers; [`grid`]: the grid of givens and entries;
//!   [`layout`]: the houses, peers and constraints of a variant puzzle; `combinations`: the sets
//!   of distinct digits by size and sum;
//! - [`parse`]: the one-line and block formats, and files of one or many puzzles;
//! - [`search`]: the fast search solver (uniqueness, solutions); [`generate`]: puzzles with
//!   exactly one solution;
//! - [`candidates`]: pencil marks, kept as digits cell by cell and cells digit by digit;
//! - [`step`]: one explained step of the logical solver; [`plain`]: the same step in plain
//!   words, for hints;
//! - [`techniques`]: the human techniques, one file each, and their registry;
//! - [`logical`]: the logical solver, simplest technique first;
//! - [`variant`]: Killer, Sudoku X, Windoku and Jigsaw as rules (groups and cages) over the grid,
//!   their search solver and the f-puzzles format (feature `fpuzzles`);
//! - [`daily`]: dates, and the puzzle of each date, the same for everyone;
//! - `wire` (feature `serde`): how these values pass through serde, checked when read back.

// The vector engine's wasm entry points are optimised for speed in a build for size (the web
// app's), which only the web build's nightly toolchain can ask for (search/bands/simd128.rs).
#![cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    feature(optimize_attribute)
)]

pub mod candidates;
pub mod cell;
pub(crate) mod combinations;
pub mod daily;
pub mod difficulty;
pub mod error;
pub mod generate;
pub mod grid;
pub mod house;
pub mod layout;
pub mod level;
pub mod logical;
pub mod parse;
pub mod plain;
pub mod rating;
pub mod search;
pub mod sets;
mod sort;
pub mod step;
pub mod techniques;
pub mod variant;
#[cfg(feature = "serde")]
pub mod wire;
mod words;

pub use candidates::Candidates;
pub use cell::{Candidate, Cell, Digit};
pub use daily::{Date, NotADate, Weekday, daily_level, daily_puzzle};
pub use difficulty::Difficulty;
pub use error::{ParseError, Position, SolveError};
pub use generate::{Symmetry, generate, generate_level};
pub use grid::{Conflict, Grid};
pub use house::{House, HouseKind};
pub use level::{Level, UnknownLevel};
pub use logical::{
    LogicalSolve, solve_logically, solve_marks_logically, solve_marks_logically_while,
};
pub use plain::{Plain, plain};
pub use rating::{Beyond, Method, RatedStep, Rating, rate, rate_steps, rate_with};
pub use sets::{CellSet, DigitSet};
pub use step::{Inference, Link, Node, Step};
pub use techniques::{REGISTRY, Technique, next_step};
