//! Sudoku: the core of the game and the solvers.
//!
//! - [`engine::grid`]: cells, digits, houses, the grid;
//! - [`engine::sets`]: typed bitsets of digits and of cells;
//! - [`engine::parse`]: the one-line and block formats;
//! - [`engine::search`]: the fast search solver (uniqueness, solutions);
//! - [`engine::generate`]: puzzles with exactly one solution.

pub mod engine;

pub use engine::error::{ParseError, Position, SolveError};
pub use engine::generate::{Symmetry, generate};
pub use engine::grid::{Cell, Conflict, Digit, Grid, House, HouseKind};
pub use engine::sets::{CellSet, DigitSet};
