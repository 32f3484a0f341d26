//! The explaining solver at the player's side: Step, Solve, Hint, the techniques, the step log
//! and Solve by search. Every step comes from the core's registry, so whatever techniques it holds
//! are the ones used and listed.

use sudoku_core::step::{cells_text, houses_text};
use sudoku_core::{Candidates, Cell, CellSet, REGISTRY, Step, next_step};

use super::{Game, Logged, Showing, Shown};

/// What the message area says when no technique finds a step.
pub const STUCK: &str =
    "No logical step found: the techniques here go no further. Solve by search fills in the rest.";

pub(super) const PRESS_DONE: &str = "Press Done first to play the puzzle you entered";

impl Game {
    /// The pencil marks: in every empty cell the digits none of its peers holds, less the
    /// candidates the solver's steps removed.
    pub fn pencil_marks(&self) -> Candidates {
        let mut marks = Candidates::new(&self.board);
        for cell in marks.empty_cells().iter() {
            for digit in self.eliminated[cell.index()].iter() {
                marks.eliminate(cell, digit);
            }
        }
        marks
    }

    /// The marks the solver may work from, or why it should not work now.
    fn marks_for_logic(&self) -> Result<Candidates, String> {
        if self.entering() {
            return Err(if self.board.filled_count() == 0 {
                "The board is empty: type a puzzle's digits, then press Done".into()
            } else {
                PRESS_DONE.into()
            });
        }
        if self.is_solved() {
            return Err("The puzzle is solved: there is nothing left to find".into());
        }
        if let Some(conflict) = self.explained_conflict() {
            return Err(format!(
                "Fix this first: {}",
                self.conflict_sentence(&conflict)
            ));
        }
        let wrong = self
            .entries()
            .iter()
            .any(|cell| self.board.get(cell) != self.solution.get(cell));
        if wrong {
            return Err("An entry is wrong, so logic would go astray: Check shows which".into());
        }
        Ok(self.pencil_marks())
    }

    /// The simplest step that applies, or else the reason in the message area; finding none is
    /// remembered as being stuck, which offers Solve by search.
    fn next_logical_step(&mut self) -> Option<Step> {
        let marks = match self.marks_for_logic() {
            Ok(marks) => marks,
            Err(why) => {
                self.say(why);
                return None;
            }
        };
        match next_step(&marks) {
            Some((step, _)) => Some(step),
            None => {
                self.stuck = true;
                self.say(STUCK);
                None
            }
        }
    }

    /// Step: applies the simplest logical step and shows it on the board.
    pub fn step(&mut self, now_ms: f64) {
        self.interrupt();
        self.advance(now_ms);
    }

    /// Solve: takes a first step at once and keeps running (one step per tick) while there is
    /// more to do; while running, the same button stops it.
    pub fn toggle_solve(&mut self, now_ms: f64) {
        if self.running {
            self.running = false;
            self.say("Stopped: Solve goes on from here");
            return;
        }
        self.clear_shown();
        self.running = self.advance(now_ms);
    }

    /// One tick of a running Solve.
    pub fn solve_tick(&mut self, now_ms: f64) {
        if self.running {
            self.clear_shown();
            self.running = self.advance(now_ms);
        }
    }

    /// Applies the next step; returns whether there is more to do.
    fn advance(&mut self, now_ms: f64) -> bool {
        match self.next_logical_step() {
            Some(step) => {
                self.apply(step, now_ms);
                !self.is_solved()
            }
            None => false,
        }
    }

    fn apply(&mut self, step: Step, now_ms: f64) {
        self.save(step.text.clone());
        for placement in &step.placements {
            if self.board.get(placement.cell).is_none() {
                self.board.set_entry(placement.cell, Some(placement.digit));
                self.by_solver.insert(placement.cell);
                self.fresh.insert(placement.cell);
            }
        }
        for elimination in &step.eliminations {
            self.eliminated[elimination.cell.index()].insert(elimination.digit);
        }
        self.say(step.text.clone());
        self.log.push(Logged {
            id: self.next_log_id,
            step: step.clone(),
        });
        self.next_log_id += 1;
        self.shown = Some(Shown {
            step,
            how: Showing::Applied,
        });
        if self.board == self.solution {
            self.solved_in_ms = Some(self.played_ms(now_ms));
            let steps = self.log.len();
            self.say(format!("Solved! {steps} logical steps in the log"));
        }
    }

    /// Hint: names the next step's technique and where to look, without applying it.
    pub fn hint(&mut self) {
        self.interrupt();
        let Some(step) = self.next_logical_step() else {
            return;
        };
        let place = if step.houses.is_empty() {
            cells_text(hint_cells(&step))
        } else {
            houses_text(&step.houses)
        };
        self.say(format!("Hint: {} — look at {place}", step.technique));
        self.shown = Some(Shown {
            step,
            how: Showing::Hint,
        });
    }

    /// Shows the first instance of the registry's technique at `index` on the current board, or
    /// says there is none.
    pub fn show_technique(&mut self, index: usize) {
        self.interrupt();
        let Some(entry) = REGISTRY.get(index) else {
            return;
        };
        let marks = match self.marks_for_logic() {
            Ok(marks) => marks,
            Err(why) => return self.say(why),
        };
        match entry.technique.first(&marks) {
            Some(step) => {
                self.say(step.text.clone());
                self.shown = Some(Shown {
                    step,
                    how: Showing::Technique(index),
                });
            }
            None => self.say(format!(
                "No {} on the board right now",
                entry.technique.name()
            )),
        }
    }

    /// The registry index of the technique shown on the board, if one is.
    pub fn shown_technique(&self) -> Option<usize> {
        match self.shown.as_ref()?.how {
            Showing::Technique(index) => Some(index),
            _ => None,
        }
    }

    /// The ids of the log's entries, oldest first.
    pub fn log_ids(&self) -> Vec<u32> {
        self.log.iter().map(|entry| entry.id).collect()
    }

    /// The sentence of the log entry `id`.
    pub fn log_text(&self, id: u32) -> String {
        self.log
            .iter()
            .find(|entry| entry.id == id)
            .map(|entry| entry.step.text.clone())
            .unwrap_or_default()
    }

    /// Shows the step of log entry `id` on the board again.
    pub fn show_logged(&mut self, id: u32) {
        self.interrupt();
        if let Some(entry) = self.log.iter().find(|entry| entry.id == id) {
            let step = entry.step.clone();
            self.say(step.text.clone());
            self.shown = Some(Shown {
                step,
                how: Showing::Logged(id),
            });
        }
    }

    /// The id of the log entry shown on the board: the one chosen, or the step just taken.
    pub fn shown_log(&self) -> Option<u32> {
        match self.shown.as_ref()?.how {
            Showing::Logged(id) => Some(id),
            Showing::Applied => self.log.last().map(|entry| entry.id),
            _ => None,
        }
    }

    /// Solve by search: fills every cell from the search solver's solution (one change for Undo).
    pub fn solve_by_search(&mut self, now_ms: f64) {
        self.interrupt();
        if self.entering() {
            return self.say(PRESS_DONE);
        }
        if self.is_solved() {
            return self.say("The puzzle is solved already");
        }
        self.save("Solve by search".into());
        let mut filled = 0;
        for cell in Cell::all() {
            let digit = self.solution.get(cell);
            if self.board.get(cell) != digit {
                self.board.set_entry(cell, digit);
                self.by_solver.insert(cell);
                self.fresh.insert(cell);
                filled += 1;
            }
        }
        self.solved_in_ms = Some(self.played_ms(now_ms));
        self.say(format!("Solved by search: {filled} cells filled in"));
    }
}

/// Where a hint points when the step names no house: its pattern, else the cells it changes.
pub(super) fn hint_cells(step: &Step) -> CellSet {
    let pattern: CellSet = step.pattern.iter().map(|c| c.cell).collect();
    if !pattern.is_empty() {
        return pattern;
    }
    step.placements
        .iter()
        .chain(&step.eliminations)
        .map(|c| c.cell)
        .collect()
}
