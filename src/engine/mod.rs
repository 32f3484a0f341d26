//! The Sudoku core: plain Rust, no browser types.

pub mod error;
pub mod generate;
pub mod grid;
pub mod parse;
pub mod search;
pub mod sets;
