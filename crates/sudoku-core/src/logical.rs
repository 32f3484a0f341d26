//! The logical solver: take the simplest step that applies, again and again, until the grid is
//! full or no technique finds anything. It never guesses.

use std::sync::Arc;

use crate::candidates::Candidates;
use crate::difficulty::Difficulty;
use crate::grid::Grid;
use crate::level::Level;
use crate::step::Step;
use crate::techniques::{next_step, next_step_within};
use crate::variant::{Puzzle, Stopped};

/// The outcome of solving by logic alone.
#[derive(Clone, Debug)]
pub struct LogicalSolve {
    /// Every step in order.
    pub steps: Vec<Step>,
    /// The pencil marks after the last step.
    pub marks: Candidates,
    /// The difficulty of the hardest technique used; zero when no step was taken.
    pub difficulty: Difficulty,
    /// The name of that technique.
    pub hardest: Option<&'static str>,
}

impl LogicalSolve {
    /// Whether logic filled every cell.
    pub fn is_solved(&self) -> bool {
        self.marks.is_complete()
    }
}

/// Solves `grid` step by step from the candidates its digits leave.
pub fn solve_logically(grid: &Grid) -> LogicalSolve {
    solve_marks_logically(Candidates::new(grid))
}

/// Whether logic solves from these pencil marks with no technique harder than `cap` (the harder
/// ones are never tried).
pub fn solves_within(mut marks: Candidates, cap: Difficulty) -> bool {
    while !marks.is_complete() {
        let step = (!marks.is_broken())
            .then(|| next_step_within(&marks, cap))
            .flatten();
        match step {
            Some((step, _)) if step.apply_to(&mut marks) => {}
            _ => return false,
        }
    }
    true
}

/// Solves from these pencil marks (a variant's carry its rules) step by step.
pub fn solve_marks_logically(marks: Candidates) -> LogicalSolve {
    solve_marks_logically_while(marks, &mut || true)
}

/// Solves from these pencil marks step by step while `keep_going` says so, asked before each
/// step: a caller with a deadline stops there (a step itself is never cut short).
pub fn solve_marks_logically_while(
    mut marks: Candidates,
    keep_going: &mut dyn FnMut() -> bool,
) -> LogicalSolve {
    let mut steps = Vec::new();
    let mut difficulty = Difficulty::ZERO;
    let mut hardest = None;
    while !marks.is_complete() && !marks.is_broken() && keep_going() {
        let Some((step, entry)) = next_step(&marks) else {
            break;
        };
        // Every technique reports only steps that change something; this guards the loop.
        if !step.apply_to(&mut marks) {
            break;
        }
        if entry.difficulty > difficulty {
            difficulty = entry.difficulty;
            hardest = Some(entry.technique.name());
        }
        steps.push(step);
    }
    LogicalSolve {
        steps,
        marks,
        difficulty,
        hardest,
    }
}

/// A variant puzzle as the explaining solver solves and rates it.
impl Puzzle {
    /// Its level: that of the hardest technique its logical solve needs; none when logic alone
    /// does not solve it.
    pub fn level(&self) -> Option<Level> {
        self.difficulty().map(Level::of)
    }

    /// The difficulty of the hardest technique its logical solve needs; none when logic alone
    /// does not solve it.
    pub fn difficulty(&self) -> Option<Difficulty> {
        let solve = solve_marks_logically(self.marks());
        solve.is_solved().then_some(solve.difficulty)
    }

    /// [`Puzzle::difficulty`], unless `keep_going` says to stop before the solve is over (it is
    /// asked before each step): then `Err(Stopped)`.
    pub fn difficulty_while(
        &self,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Difficulty>, Stopped> {
        let mut stopped = false;
        let solve = solve_marks_logically_while(self.marks(), &mut || {
            stopped = !keep_going();
            !stopped
        });
        match stopped {
            true => Err(Stopped),
            false => Ok(solve.is_solved().then_some(solve.difficulty)),
        }
    }

    /// The pencil marks of its givens under its rules, for the explaining solver.
    pub fn marks(&self) -> Candidates {
        if self.rules.is_classic() {
            Candidates::new(&self.grid())
        } else {
            Candidates::with_layout(&self.grid(), Arc::new(self.rules.layout()))
        }
    }
}
