//! What a producer reports: one step of SE's solve path, with SE's rating of it.

use std::ops::ControlFlow;

use super::board::{Board, CandidateSet};
use crate::cell::{Cell, Digit};

/// SE's names and ratings of one pattern with two, three and four (or more) members.
pub(crate) type ByDegree = [(&'static str, f64); 3];

/// One hint: the candidates it removes and the digit it places, if any. SE applies the
/// eliminations first, then the placement (`IndirectHint.apply`).
#[derive(Clone, Debug)]
pub(crate) struct Hint {
    pub(crate) technique: &'static str,
    /// SE's rating as SE computes it (a double, chain bonuses summed as repeated `+= 0.1`), so
    /// that hints compare exactly as SE sorts them.
    pub(crate) difficulty: f64,
    pub(crate) placement: Option<(Cell, Digit)>,
    pub(crate) eliminations: CandidateSet,
}

impl Hint {
    pub(crate) fn placing(
        technique: &'static str,
        difficulty: f64,
        cell: Cell,
        digit: Digit,
    ) -> Hint {
        Hint {
            technique,
            difficulty,
            placement: Some((cell, digit)),
            eliminations: CandidateSet::EMPTY,
        }
    }

    pub(crate) fn eliminating(
        technique: &'static str,
        difficulty: f64,
        eliminations: CandidateSet,
    ) -> Hint {
        Hint {
            technique,
            difficulty,
            placement: None,
            eliminations,
        }
    }

    /// The hint of the first eliminations `scan` reports (it stops there), named and rated for
    /// `degree` by `names`.
    pub(crate) fn first_eliminating(
        names: &ByDegree,
        degree: u32,
        scan: impl FnOnce(&mut dyn FnMut(CandidateSet) -> ControlFlow<()>) -> ControlFlow<()>,
    ) -> Option<Hint> {
        let (name, difficulty) = match degree {
            2 => names[0],
            3 => names[1],
            _ => names[2],
        };
        let mut first = None;
        let _ = scan(&mut |removed| {
            first = Some(removed);
            ControlFlow::Break(())
        });
        first.map(|removed| Hint::eliminating(name, difficulty, removed))
    }

    /// Applies the hint; returns whether the board changed.
    pub(crate) fn apply(&self, board: &mut Board) -> bool {
        let removed = board.remove_all(&self.eliminations);
        match self.placement {
            Some((cell, digit)) if board.value(cell).is_none() => {
                board.place(cell, digit);
                true
            }
            _ => removed > 0,
        }
    }
}
