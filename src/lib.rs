//! Sudoku: the core of the game and the solvers.
//!
//! - [`engine::grid`]: cells, digits, houses, the grid;
//! - [`engine::sets`]: typed bitsets of digits and of cells;
//! - [`engine::parse`]: the one-line and block formats;
//! - [`engine::search`]: the fast search solver (uniqueness, solutions);
//! - [`engine::generate`]: puzzles with exactly one solution;
//! - [`engine::candidates`]: pencil marks, kept as digits cell by cell and cells digit by digit;
//! - [`engine::step`]: one explained step of the logical solver;
//! - [`engine::techniques`]: the human techniques, one file each, and their registry;
//! - [`engine::logical`]: the logical solver, simplest technique first.

pub mod engine;

pub use engine::candidates::Candidates;
pub use engine::error::{ParseError, Position, SolveError};
pub use engine::generate::{Symmetry, generate};
pub use engine::grid::{Cell, Conflict, Digit, Grid, House, HouseKind};
pub use engine::logical::{LogicalSolve, solve_logically};
pub use engine::sets::{CellSet, DigitSet};
pub use engine::step::{Candidate, Inference, Link, Node, Step};
pub use engine::techniques::{REGISTRY, Technique, next_step};
