//! The game as plain Rust: the board, the player's choices, the explaining solver's help and what
//! every cell and the message area should show. The Leptos components only wrap this in signals,
//! so all the rules of play are tested natively with `cargo test`.
//!
//! - this file: the state, playing by hand, entering a puzzle, opening one, one history for Undo,
//!   and the message area;
//! - [`assist`]: Step, Solve, Hint, the techniques, the step log and Solve by search;
//! - [`view`]: what each cell shows, derived once per change;
//! - [`links`]: the links of a chain shown, as lines between candidates;
//! - [`stored`]: the game as a line of text, kept by the page across reloads.

mod assist;
mod links;
mod stored;
mod view;

use sudoku_core::{Cell, CellSet, Conflict, Digit, DigitSet, Grid, ParseError, SolveError, Step};

use crate::worker::PuzzleRating;

pub use view::{CandidatesView, CellView, Marks};

/// One game in progress.
#[derive(Clone, PartialEq, Debug)]
pub struct Game {
    /// Givens and entries (the player's and the solver's).
    board: Grid,
    solution: Grid,
    selected: Option<Cell>,
    picked: Option<Digit>,
    help: bool,
    /// Whether every empty cell shows its candidates.
    candidates: bool,
    /// Check colours are shown until the next edit.
    checked: bool,
    /// The cell edited last, so a conflict it caused is the one explained.
    last_edit: Option<Cell>,
    notice: Option<Notice>,
    /// Milliseconds on the page clock when play started, and how long solving took.
    started_ms: f64,
    solved_in_ms: Option<f64>,
    /// Candidates removed by the solver's steps, cell by cell; the rest of the pencil marks follow
    /// from the board.
    eliminated: [DigitSet; 81],
    /// Digits placed by the solver (by a step or by search).
    by_solver: CellSet,
    /// Digits placed by the last change, marked for a moment.
    fresh: CellSet,
    /// A step shown on the board until the next change.
    shown: Option<Shown>,
    /// The solver's steps on this game, oldest first.
    log: Vec<Logged>,
    next_log_id: u32,
    /// What Undo goes back to, newest last: player moves and solver steps alike.
    history: Vec<Saved>,
    /// Solve is running: a timer takes one step after another.
    running: bool,
    /// The last Step, Solve or Hint found no logical step on this board.
    stuck: bool,
    /// While a puzzle is being entered: the game to return to on Cancel.
    entering: Option<Box<Game>>,
    /// The puzzle's rating, once the worker has given it.
    rating: Option<PuzzleRating>,
    /// The step asked of the worker, the new puzzle asked of it, and the last id given out.
    asked: Option<assist::Asked>,
    making: Option<assist::Making>,
    next_id: u32,
    /// The hint given on this board so far, or the wrong entry it found.
    hint: Option<assist::HintShown>,
    mistake: Option<assist::Mistake>,
}

/// A message about the last action; it gives way at the next one.
#[derive(Clone, PartialEq, Debug)]
enum Notice {
    GivenRefused(Cell),
    Checked { entries: usize, wrong: usize },
    Text(String),
}

/// A step drawn on the board, and why.
#[derive(Clone, PartialEq, Debug)]
struct Shown {
    step: Step,
    how: Showing,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Showing {
    /// Just applied by Step or Solve.
    Applied,
    /// A hint: only where to look.
    Hint,
    /// The first instance of the technique at this index of the registry, not applied.
    Technique(usize),
    /// A step of the log, by its id.
    Logged(u32),
}

/// One entry of the step log.
#[derive(Clone, PartialEq, Debug)]
struct Logged {
    id: u32,
    step: Step,
}

/// The board before one change, for Undo.
#[derive(Clone, PartialEq, Debug)]
struct Saved {
    board: Grid,
    eliminated: [DigitSet; 81],
    by_solver: CellSet,
    log_len: usize,
    solved_in_ms: Option<f64>,
    /// What the change was, for the message after Undo: "r3c5", "Hidden Single: r3c5=7 (…)".
    what: String,
}

impl Game {
    /// A fresh game of `puzzle`, whose givens must have exactly one solution.
    pub fn new(puzzle: Grid, started_ms: f64) -> Result<Game, SolveError> {
        let solution = puzzle.solve()?;
        Ok(Game {
            board: puzzle.givens_only(),
            solution,
            selected: None,
            picked: None,
            help: false,
            candidates: false,
            checked: false,
            last_edit: None,
            notice: None,
            started_ms,
            solved_in_ms: None,
            eliminated: [DigitSet::EMPTY; 81],
            by_solver: CellSet::EMPTY,
            fresh: CellSet::EMPTY,
            shown: None,
            log: Vec::new(),
            next_log_id: 0,
            history: Vec::new(),
            running: false,
            stuck: false,
            entering: None,
            rating: None,
            asked: None,
            making: None,
            next_id: 0,
            hint: None,
            mistake: None,
        })
    }

    /// The same game, its rating known already (a puzzle made or shipped with its level).
    pub fn rated(mut self, rating: PuzzleRating) -> Game {
        self.rating = Some(rating);
        self
    }

    /// Plays `next` from now on, keeping the player's display choices (Help, Candidates).
    pub fn start(&mut self, mut next: Game) {
        next.help = self.help;
        next.candidates = self.candidates;
        // Ids stay unique across games, so an answer meant for this one never lands on the next.
        next.next_id = self.next_id;
        *self = next;
    }

    /// Opens a puzzle read from a file or pasted text, named `name` in the messages. A puzzle
    /// that does not parse or has no single solution leaves the game exactly as it was and says
    /// why. Returns whether the puzzle was opened.
    pub fn open(&mut self, name: &str, puzzle: Result<Grid, ParseError>, now_ms: f64) -> bool {
        self.running = false;
        let game = puzzle
            .map_err(|error| error.to_string())
            .and_then(|grid| Game::new(grid, now_ms).map_err(|error| error.to_string()));
        match game {
            Ok(game) => {
                self.start(game);
                self.say(format!("Opened {name}"));
                true
            }
            Err(why) => {
                self.say(format!("Cannot open {name}: {why}"));
                false
            }
        }
    }

    /// Shows `text` in the message area until the next action; nothing else changes.
    pub fn say(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice::Text(text.into()));
    }

    /// Stops a running Solve.
    pub fn stop(&mut self) {
        self.running = false;
    }

    pub fn picked(&self) -> Option<Digit> {
        self.picked
    }

    pub fn help(&self) -> bool {
        self.help
    }

    pub fn candidates(&self) -> bool {
        self.candidates
    }

    pub fn is_solved(&self) -> bool {
        self.solved_in_ms.is_some()
    }

    pub fn running(&self) -> bool {
        self.running
    }

    pub fn stuck(&self) -> bool {
        self.stuck
    }

    pub fn entering(&self) -> bool {
        self.entering.is_some()
    }

    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    /// What every action that is not part of a running Solve does first: stop Solve, and forget
    /// what the last action showed.
    fn interrupt(&mut self) {
        self.running = false;
        self.asked = None;
        self.hint = None;
        self.mistake = None;
        self.clear_shown();
    }

    /// What a move of the selection or a choice of display does first: the message and a hint
    /// in progress give way.
    fn quiet(&mut self) {
        self.notice = None;
        self.mistake = None;
        if self.hint.take().is_some() {
            self.shown = None;
        }
    }

    /// Forgets what the last action showed: its message, its highlighted step, its fresh digits.
    fn clear_shown(&mut self) {
        self.notice = None;
        self.shown = None;
        self.fresh = CellSet::EMPTY;
    }

    /// Remembers the board for Undo before a change described by `what`; the change makes the
    /// board new, so whatever was said or shown about the old one goes.
    fn save(&mut self, what: String) {
        self.history.push(Saved {
            board: self.board.clone(),
            eliminated: self.eliminated,
            by_solver: self.by_solver,
            log_len: self.log.len(),
            solved_in_ms: self.solved_in_ms,
            what,
        });
        self.stuck = false;
        self.checked = false;
    }

    /// Goes back one change, a player's move or a solver's step alike.
    pub fn undo(&mut self) {
        self.interrupt();
        let Some(saved) = self.history.pop() else {
            self.say("Nothing to undo");
            return;
        };
        self.board = saved.board;
        self.eliminated = saved.eliminated;
        self.by_solver = saved.by_solver;
        self.log.truncate(saved.log_len);
        self.solved_in_ms = saved.solved_in_ms;
        self.stuck = false;
        self.checked = false;
        self.last_edit = None;
        self.say(format!("Undone: {}", saved.what));
    }

    /// Clears every entry and starts the clock again (Undo brings the entries back). While a
    /// puzzle is being entered, clears the board.
    pub fn restart(&mut self, now_ms: f64) {
        self.interrupt();
        let start = if self.entering() {
            Grid::empty()
        } else {
            self.board.givens_only()
        };
        // A solved game restarts too, even one whose board does not change (a puzzle given in
        // full), so that Undo can bring back its solved state.
        if self.board != start || self.is_solved() {
            self.save("Restart".into());
            self.board = start;
            self.eliminated = [DigitSet::EMPTY; 81];
            self.by_solver = CellSet::EMPTY;
        }
        self.last_edit = None;
        self.started_ms = now_ms;
        self.solved_in_ms = None;
    }

    /// A click or tap: selects the cell and, with a digit picked, places it in an empty cell
    /// (or over another entry), or clears the cell if it already holds that digit.
    pub fn click(&mut self, cell: Cell, now_ms: f64) {
        self.quiet();
        self.selected = Some(cell);
        let Some(picked) = self.picked else {
            return;
        };
        let current = self.board.get(cell);
        if current == Some(picked) {
            self.edit(cell, None, now_ms);
        } else if !self.board.is_given(cell) || self.entering() {
            self.edit(cell, Some(picked), now_ms);
        }
    }

    /// A right click or long press: selects the cell and clears it.
    pub fn clear(&mut self, cell: Cell, now_ms: f64) {
        self.quiet();
        self.selected = Some(cell);
        self.edit(cell, None, now_ms);
    }

    /// A digit key: picks the digit and places it in the selected cell.
    pub fn type_digit(&mut self, digit: Digit, now_ms: f64) {
        self.quiet();
        self.picked = Some(digit);
        if let Some(cell) = self.selected {
            self.edit(cell, Some(digit), now_ms);
        }
    }

    /// Backspace, Delete or 0: clears the selected cell.
    pub fn clear_selected(&mut self, now_ms: f64) {
        if let Some(cell) = self.selected {
            self.clear(cell, now_ms);
        }
    }

    /// Moves the selection by whole cells, stopping at the edges; with nothing selected yet,
    /// selects the top-left cell.
    pub fn move_selection(&mut self, rows: i8, cols: i8) {
        self.quiet();
        let step = |at: u8, by: i8| at.saturating_add_signed(by).min(8);
        self.selected = Some(match self.selected {
            Some(cell) => Cell::at(step(cell.row(), rows), step(cell.col(), cols)),
            None => Cell::at(0, 0),
        });
    }

    /// A key press anywhere on the page; returns whether it meant something to the game.
    /// Arrows move, 1–9 place (and pick), Backspace, Delete and 0 clear.
    pub fn press_key(&mut self, key: &str, now_ms: f64) -> bool {
        match key {
            "ArrowUp" => self.move_selection(-1, 0),
            "ArrowDown" => self.move_selection(1, 0),
            "ArrowLeft" => self.move_selection(0, -1),
            "ArrowRight" => self.move_selection(0, 1),
            "Backspace" | "Delete" | "0" => self.clear_selected(now_ms),
            _ => match key.parse().ok().and_then(Digit::new) {
                Some(digit) => self.type_digit(digit, now_ms),
                None => return false,
            },
        }
        true
    }

    /// The picker: pressing the pressed digit releases it, any other is picked instead.
    pub fn toggle_pick(&mut self, digit: Digit) {
        self.quiet();
        self.picked = if self.picked == Some(digit) {
            None
        } else {
            Some(digit)
        };
    }

    pub fn toggle_help(&mut self) {
        self.quiet();
        self.help = !self.help;
    }

    pub fn toggle_candidates(&mut self) {
        self.quiet();
        self.candidates = !self.candidates;
    }

    /// Colours every entry by whether it agrees with the solution, until the next edit.
    pub fn check(&mut self) {
        self.interrupt();
        if self.entering() {
            self.say(assist::PRESS_DONE);
            return;
        }
        let entries = self.entries();
        let wrong = entries
            .iter()
            .filter(|&cell| self.board.get(cell) != self.solution.get(cell))
            .count();
        self.checked = true;
        self.notice = Some(Notice::Checked {
            entries: entries.len() as usize,
            wrong,
        });
    }

    /// Sets or clears a cell by hand. Givens and a solved board never change; while a puzzle is
    /// being entered, every digit typed is a given.
    fn edit(&mut self, cell: Cell, digit: Option<Digit>, now_ms: f64) {
        let before = self.board.get(cell);
        if self.is_solved() || before == digit {
            return;
        }
        if self.entering() {
            self.interrupt();
            self.save(cell.to_string());
            let mut digits = *self.board.digits();
            digits[cell.index()] = digit;
            self.board = Grid::from_givens(digits);
            self.last_edit = Some(cell);
            return;
        }
        if self.board.is_given(cell) {
            self.notice = Some(Notice::GivenRefused(cell));
            return;
        }
        self.interrupt();
        self.save(cell.to_string());
        self.board.set_entry(cell, digit);
        self.by_solver.remove(cell);
        // A digit taken back or changed may have been what the solver's eliminations rested on.
        if before.is_some() {
            self.eliminated = [DigitSet::EMPTY; 81];
        }
        if digit.is_some() {
            self.fresh = CellSet::single(cell);
        }
        self.last_edit = Some(cell);
        if self.board == self.solution {
            self.solved_in_ms = Some(now_ms - self.started_ms);
        }
    }

    fn entries(&self) -> CellSet {
        self.board.filled() - self.board.givens()
    }

    /// Enter puzzle: an empty board where every digit typed becomes a given, until Done.
    pub fn begin_entry(&mut self) {
        self.interrupt();
        if self.entering() {
            return;
        }
        let previous = Box::new(self.clone());
        self.board = Grid::empty();
        self.eliminated = [DigitSet::EMPTY; 81];
        self.by_solver = CellSet::EMPTY;
        self.log.clear();
        self.history.clear();
        self.solved_in_ms = None;
        self.checked = false;
        self.stuck = false;
        self.last_edit = None;
        self.selected = Some(Cell::at(0, 0));
        self.entering = Some(previous);
    }

    /// Done: plays the entered puzzle if it is one; otherwise says what is wrong and keeps every
    /// digit typed.
    pub fn finish_entry(&mut self, now_ms: f64) {
        self.clear_shown();
        if !self.entering() {
            return;
        }
        if self.board.filled_count() == 0 {
            self.say("The board is empty: type the puzzle's digits first");
            return;
        }
        if let Some(conflict) = self.board.conflicts().first() {
            self.say(format!("Cannot play this puzzle: {conflict}"));
            return;
        }
        match Game::new(self.board.clone(), now_ms) {
            Ok(game) => {
                self.start(game);
                self.say("Your puzzle has one solution: play on");
            }
            Err(SolveError::NoSolution) => self.say("Cannot play this puzzle: it has no solution"),
            Err(SolveError::MultipleSolutions) => {
                self.say("Cannot play this puzzle: it has more than one solution (add more digits)")
            }
        }
    }

    /// Cancel: back to the game played before Enter puzzle.
    pub fn cancel_entry(&mut self) {
        if let Some(previous) = self.entering.take() {
            let previous = *previous;
            self.start(previous);
        }
    }

    /// The sentence for the message area.
    pub fn message(&self) -> String {
        match &self.notice {
            Some(Notice::GivenRefused(cell)) => {
                return format!("{cell} is a given: it cannot change");
            }
            Some(Notice::Checked { entries: 0, .. }) => return "No entries to check yet".into(),
            Some(Notice::Checked { entries, wrong: 0 }) => {
                return format!("All {entries} entries are right so far");
            }
            Some(Notice::Checked { entries, wrong }) => {
                return format!("{wrong} of {entries} entries are wrong");
            }
            Some(Notice::Text(text)) => return text.clone(),
            None => {}
        }
        if let Some(level) = self.making() {
            return format!("Making a new {} puzzle…", level.name());
        }
        if let Some(ms) = self.solved_in_ms {
            return match self.rating {
                Some(rating) => format!("Solved! {} puzzle in {}", rating.level.name(), clock(ms)),
                None => format!("Solved! in {}", clock(ms)),
            };
        }
        if self.thinking() {
            return "Looking for a step…".into();
        }
        if let Some(conflict) = self.explained_conflict() {
            return self.conflict_sentence(&conflict);
        }
        if self.entering() {
            return "Enter the puzzle: type or pick its digits, then press Done".into();
        }
        match (self.help, self.picked) {
            (true, None) => "Pick a digit to see where it can go".into(),
            (_, Some(digit)) => format!("Tap a cell to place {digit}"),
            (false, None) => "Pick a digit, then tap a cell".into(),
        }
    }

    /// The conflict caused by the last edit if there is one, else the first on the board.
    fn explained_conflict(&self) -> Option<Conflict> {
        let conflicts = self.board.conflicts();
        let touches_last =
            |c: &&Conflict| Some(c.first) == self.last_edit || Some(c.second) == self.last_edit;
        conflicts
            .iter()
            .find(touches_last)
            .or(conflicts.first())
            .copied()
    }

    /// "5 is already in row 3 at r3c8": said of the cell just edited (or else of an entry), naming
    /// where the other copy stands.
    fn conflict_sentence(&self, conflict: &Conflict) -> String {
        let first_is_subject =
            self.last_edit == Some(conflict.first) || self.board.is_given(conflict.second);
        let other = if first_is_subject {
            conflict.second
        } else {
            conflict.first
        };
        format!(
            "{} is already in {} at {other}",
            conflict.digit, conflict.house
        )
    }
}

/// "3:07" or "1:02:03".
fn clock(ms: f64) -> String {
    let seconds = (ms.max(0.0) / 1000.0).round() as u64;
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod properties;
#[cfg(test)]
mod tests;
