//! Errors of the core, each a sentence that says what is wrong and where.

use std::fmt;

use crate::grid::Conflict;

/// Where in the input a character stands (1-based).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    /// `None` for one-line input, where the column alone says where.
    pub line: Option<usize>,
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}, column {}", self.column),
            None => write!(f, "column {}", self.column),
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParseError {
    #[error("found {}, need 81", cells(*found))]
    CellCount { found: usize },
    #[error("line {line}: found {}, need 9", cells(*found))]
    RowLength { line: usize, found: usize },
    #[error("unexpected character '{}' at {at}", Shown(*ch))]
    UnexpectedChar { ch: char, at: Position },
    #[error("{0}")]
    Conflict(Conflict),
}

/// A character as a message quotes it: itself, or its escape when it cannot be seen (a tab, a
/// control character). Display rather than `Debug`, which the web build compiles out.
struct Shown(char);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_control() {
            write!(f, "{}", self.0.escape_default())
        } else {
            write!(f, "{}", self.0)
        }
    }
}

fn cells(count: usize) -> String {
    if count == 1 {
        "1 cell".to_string()
    } else {
        format!("{count} cells")
    }
}

/// Why a search found no single answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SolveError {
    #[error("no solution")]
    NoSolution,
    #[error("more than one solution")]
    MultipleSolutions,
    /// A variant's general search made its most guesses without an answer (rules far from any
    /// puzzle's); the classic engines never give up.
    #[error("no answer: the search gave up, these rules leave too much to search")]
    GaveUp,
}
