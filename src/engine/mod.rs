//! The Sudoku core: plain Rust, no browser types.

pub mod candidates;
pub mod error;
pub mod generate;
pub mod grid;
pub mod logical;
pub mod parse;
pub mod search;
pub mod sets;
pub mod sort;
pub mod step;
pub mod techniques;
