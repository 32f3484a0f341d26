//! The explaining solver at the player's side: Step, Solve, Hint, the techniques, the step log
//! and Solve by search. The steps come from the solver's worker ([`crate::worker`]): an action
//! records what it waits for ([`Game::requests`] lists it), and [`Game::receive`] acts on the
//! answer, unless the game has moved on since.

use std::sync::Arc;

use sudoku_core::plain::cell_words;
use sudoku_core::variant::Variant;
use sudoku_core::{
    Candidate, Cell, CellSet, Date, Digit, DigitSet, Grid, Level, Plain, Step, daily_level,
};

use super::{Game, Logged, Saved, Showing, Shown};
use crate::worker::{Answer, Done, Job, LOWER_ID, PuzzleRating, Request, SOLVE_ID};

/// What the message area says when no technique finds a step.
pub const STUCK: &str =
    "No logical step found: the techniques here go no further. Solve by search fills in the rest.";

pub(super) const PRESS_DONE: &str = "Press Done first to play the puzzle you entered";

/// What Check and Solve by search say in the moment before the worker has sent the solution,
/// when the puzzle turned out to have none or several (a damaged save), and without a worker.
pub(super) const SOLUTION_AWAITED: &str =
    "The solution is still being worked out: try again in a moment";
pub(super) const SOLUTION_MISSING: &str =
    "This puzzle has no single solution to check the entries against";
pub(super) const SOLVER_GONE: &str = "The solver stopped: reload the page to use it";

/// A step asked of the worker, and what it is for.
#[derive(Clone, PartialEq, Debug)]
pub(super) struct Asked {
    id: u32,
    purpose: Purpose,
}

#[derive(Clone, PartialEq, Debug)]
enum Purpose {
    Step,
    Solve,
    Hint,
    /// The first instance of the technique at this index of the registry, with its name.
    Technique(usize, String),
}

/// A new puzzle asked of the worker: of a variant and level from a seed, or the daily puzzle of
/// a date.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) struct Making {
    id: u32,
    variant: Variant,
    level: Level,
    seed: u64,
    daily: Option<Date>,
    /// The daily puzzle is today's.
    on_its_day: bool,
}

/// A text given to the worker to read (a file opened or dropped, a paste, a link), and its name
/// in the messages.
#[derive(Clone, PartialEq, Debug)]
pub(super) struct Reading {
    id: u32,
    name: String,
    text: String,
}

/// A wrong entry, and the index in the history of the change that made it (`None`: before the
/// history began).
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) struct Mistake {
    cell: Cell,
    digit: Digit,
    made_at: Option<usize>,
}

/// How far the hint of the current board has gone: the technique named, then its cells marked.
#[derive(Clone, PartialEq, Debug)]
pub(super) struct HintShown {
    pub(super) step: Step,
    /// The step in plain words, each stage's.
    pub(super) words: Plain,
    cells_marked: bool,
}

/// The pencil marks as the page shows them, cell by cell: the board's digits alone, without the
/// solver's two-view marks, which only the worker needs.
#[derive(Clone, PartialEq, Debug)]
pub struct PencilMarks([DigitSet; Cell::COUNT]);

impl PencilMarks {
    /// The candidates of a cell; empty for a filled cell.
    pub fn get(&self, cell: Cell) -> DigitSet {
        self.0[cell.index()]
    }
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.get(cell).contains(digit)
    }
}

impl Game {
    /// The pencil marks: in every empty cell the digits none of its peers holds, less the
    /// candidates the solver's steps removed.
    pub fn pencil_marks(&self) -> PencilMarks {
        let open = self.open_digits();
        PencilMarks(Cell::ALL.map(|cell| open[cell.index()] - self.eliminated[cell.index()]))
    }

    fn eliminated_candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        Cell::all().flat_map(move |cell| {
            self.eliminated[cell.index()]
                .iter()
                .map(move |digit| Candidate::new(cell, digit))
        })
    }

    /// Whether the solver may work on the board now; if not, why.
    fn ready_for_logic(&self) -> Result<(), String> {
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
            .any(|cell| self.is_wrong(cell, self.board.get(cell)));
        if wrong {
            return Err("An entry is wrong, so logic would go astray: Check shows which".into());
        }
        Ok(())
    }

    fn next_id(&mut self) -> u32 {
        self.waiting.next_id = self.waiting.next_id.wrapping_add(1);
        self.waiting.next_id
    }

    /// Asks the worker for a step for `purpose`, or says why the solver cannot work now.
    fn ask_step(&mut self, purpose: Purpose) -> bool {
        if let Err(why) = self.ready_for_logic() {
            self.running = false;
            self.say(why);
            return false;
        }
        let id = self.next_id();
        self.waiting.asked = Some(Asked { id, purpose });
        true
    }

    /// Whether a step asked of the worker has not come yet.
    pub fn thinking(&self) -> bool {
        self.waiting.asked.is_some()
    }

    /// What the game waits for from the worker: a new puzzle, the solution and the rating of
    /// this one, a step. The list changes only when a request is made or answered.
    pub fn requests(&self) -> Vec<Request> {
        let mut requests = Vec::new();
        if self.solution == super::Solution::Awaited && !self.entering() {
            requests.push(Request {
                id: SOLVE_ID,
                job: Job::Solve {
                    puzzle: self.board.givens_only(),
                    rules: self.rules.bytes().to_vec(),
                },
            });
        }
        if self.rules.lacks_checks() {
            requests.push(Request {
                id: LOWER_ID,
                job: Job::Lower {
                    rules: self.rules.bytes().to_vec(),
                },
            });
        }
        if let Some(reading) = &self.waiting.reading {
            requests.push(Request {
                id: reading.id,
                job: Job::Read {
                    text: reading.text.clone(),
                },
            });
        }
        if let Some(making) = self.waiting.making {
            requests.push(Request {
                id: making.id,
                job: match making.daily {
                    Some(date) => Job::Daily { date },
                    None => Job::Make {
                        variant: making.variant,
                        level: making.level,
                        seed: making.seed,
                    },
                },
            });
        }
        if self.rating.is_none() && !self.puzzle_unrated() {
            let puzzle = self.puzzle();
            // An empty classic board is no puzzle yet; a variant may have no givens at all.
            if puzzle.filled_count() > 0 || !self.puzzle_rules().is_classic() {
                // A rating is matched by its puzzle, not by an id: it stays true of this puzzle
                // whenever it comes.
                requests.push(Request {
                    id: 0,
                    job: Job::Rate {
                        puzzle,
                        rules: self.puzzle_rules().bytes().to_vec(),
                    },
                });
            }
        }
        if let Some(asked) = &self.waiting.asked {
            let only = match asked.purpose {
                Purpose::Technique(index, _) => Some(index),
                _ => None,
            };
            let mut eliminated: Vec<Candidate> = self.eliminated_candidates().collect();
            // A hint starts from the player's notes, so that it never teaches what they show.
            if asked.purpose == Purpose::Hint {
                eliminated.extend(self.noted_out());
            }
            requests.push(Request {
                id: asked.id,
                job: Job::Step {
                    board: self.board.clone(),
                    rules: self.rules.bytes().to_vec(),
                    eliminated,
                    only,
                },
            });
        }
        requests
    }

    /// The puzzle being played (while one is entered, the one played before).
    fn puzzle(&self) -> Grid {
        match &self.entering {
            Some(previous) => previous.board.givens_only(),
            None => self.board.givens_only(),
        }
    }

    /// Whether the worker could not rate the puzzle being played (while one is entered, the one
    /// played before) in time.
    fn puzzle_unrated(&self) -> bool {
        self.entering
            .as_ref()
            .map_or(self.unrated, |previous| previous.unrated)
    }

    /// The rules of the puzzle being played (while one is entered, the one played before).
    fn puzzle_rules(&self) -> &super::PageRules {
        match &self.entering {
            Some(previous) => &previous.rules,
            None => &self.rules,
        }
    }

    /// Opens what `text` holds once the worker has read it (a puzzle in any format the app
    /// reads), named `name` in the messages; a list of puzzles goes to the page to choose from.
    pub(crate) fn read(&mut self, name: &str, text: &str) {
        self.running = false;
        let id = self.next_id();
        self.waiting.reading = Some(Reading {
            id,
            name: name.into(),
            text: text.into(),
        });
    }

    /// Whether a text given to the worker to read has not been answered yet.
    pub fn reading(&self) -> bool {
        self.waiting.reading.is_some()
    }

    /// The worker's list of the puzzles of a text read: the name it was read under, if the game
    /// asked for it; the message says to choose.
    pub(crate) fn take_list(&mut self, id: u32, count: usize) -> Option<String> {
        let reading = self.waiting.reading.take_if(|reading| reading.id == id)?;
        let name = reading.name;
        self.say(format!(
            "{name} holds {count} puzzles: choose one from the list"
        ));
        Some(name)
    }

    /// An answer of the worker; one the game no longer waits for is dropped. Returns whether a
    /// text read was opened as a puzzle.
    pub(crate) fn receive(&mut self, answer: Answer, now_ms: f64) -> bool {
        match answer.done {
            Done::Techniques(_) | Done::Listed(_) => {}
            Done::Lowered { rules, checks } => self.rules.take_checks(&rules, checks),
            Done::Rated { puzzle, rating } => self.take_rating(&puzzle, rating),
            Done::Solved {
                puzzle,
                rules,
                solution,
            } => {
                // Matched by its puzzle, which is this game's unless it has moved on.
                if self.solution == super::Solution::Awaited
                    && !self.entering()
                    && puzzle == self.board.givens_only()
                    && rules == self.rules.bytes()
                {
                    self.take_solution(solution, now_ms);
                }
            }
            Done::Read(puzzle) => {
                if let Some(reading) = self
                    .waiting
                    .reading
                    .take_if(|reading| reading.id == answer.id)
                {
                    return self.open(&reading.name, puzzle, now_ms);
                }
            }
            Done::Made {
                puzzle,
                solution,
                rating,
            } => {
                let Some(making) = self.waiting.making.take_if(|making| making.id == answer.id)
                else {
                    return false;
                };
                let mut game = Game::solved_by(puzzle.grid, solution, now_ms).under(puzzle.rules);
                game.rating = rating;
                game.record.daily = making.daily;
                game.on_its_day = making.on_its_day;
                self.start(game);
                match (making.daily, rating) {
                    (Some(date), Some(rating)) => self.say(format!(
                        "The daily puzzle of {date}, a {}: {}",
                        date.weekday(),
                        rating.level.name()
                    )),
                    (None, Some(rating)) => {
                        self.say(format!("A new {} puzzle", rating.level.name()));
                    }
                    // Unrated (a variant's rating may take too long): the level is not known.
                    (Some(date), None) => {
                        self.say(format!("The daily puzzle of {date}, a {}", date.weekday()));
                    }
                    (None, None) => self.say("A new puzzle"),
                }
            }
            Done::Step(step) => {
                let Some(asked) = self.waiting.asked.take_if(|asked| asked.id == answer.id) else {
                    return false;
                };
                match step {
                    Some((step, words)) => self.use_step(step, words, asked.purpose, now_ms),
                    None => self.no_step(asked.purpose),
                }
            }
        }
        false
    }

    /// The worker's rating of `puzzle`, or `None`: it could not be rated in time ("unrated").
    fn take_rating(&mut self, puzzle: &Grid, rating: Option<PuzzleRating>) {
        if *puzzle == self.puzzle() {
            self.rating = rating;
            self.unrated = rating.is_none();
        }
        if let Some(previous) = &mut self.entering
            && *puzzle == previous.board.givens_only()
        {
            previous.rating = rating;
            previous.unrated = rating.is_none();
        }
        self.count();
    }

    fn use_step(&mut self, step: Step, words: Plain, purpose: Purpose, now_ms: f64) {
        match purpose {
            Purpose::Step => self.take_step(step, now_ms),
            Purpose::Solve => {
                self.clear_shown();
                self.take_step(step, now_ms);
                self.running = self.running && !self.is_solved();
            }
            Purpose::Hint => {
                self.say(words.look.clone());
                self.view.hint = Some(HintShown {
                    step,
                    words,
                    cells_marked: false,
                });
            }
            Purpose::Technique(index, _) => {
                self.say(step.text.clone());
                self.view.shown = Some(Shown {
                    step,
                    how: Showing::Technique(index),
                });
            }
        }
    }

    fn no_step(&mut self, purpose: Purpose) {
        self.running = false;
        match purpose {
            Purpose::Technique(_, name) => self.say(format!("No {name} on the board right now")),
            _ => {
                self.stuck = true;
                self.say(STUCK);
            }
        }
    }

    /// Step: applies the simplest logical step and shows it on the board.
    pub(crate) fn step(&mut self) {
        self.interrupt();
        self.ask_step(Purpose::Step);
    }

    /// Solve: takes a first step at once and keeps running (one step per tick) while there is
    /// more to do; while running, the same button stops it.
    pub(crate) fn toggle_solve(&mut self) {
        if self.running {
            self.running = false;
            self.waiting.asked = None;
            self.say("Stopped: Solve goes on from here");
            return;
        }
        self.interrupt();
        self.running = self.ask_step(Purpose::Solve);
    }

    /// One tick of a running Solve: asks for the next step unless one is on its way.
    pub(crate) fn solve_tick(&mut self) {
        if self.running && self.waiting.asked.is_none() {
            self.ask_step(Purpose::Solve);
        }
    }

    fn take_step(&mut self, step: Step, now_ms: f64) {
        self.save(step.text.clone());
        for placement in &step.placements {
            if self.board.get(placement.cell).is_none() {
                self.board.set_entry(placement.cell, Some(placement.digit));
                self.by_solver.insert(placement.cell);
                self.view.fresh.insert(placement.cell);
                self.record.played = true;
                self.record.helped = true;
            }
        }
        for elimination in &step.eliminations {
            self.eliminated[elimination.cell.index()].insert(elimination.digit);
        }
        self.say(step.text.clone());
        self.log.push(Arc::new(Logged {
            id: self.next_log_id,
            step: step.clone(),
        }));
        self.next_log_id += 1;
        self.view.shown = Some(Shown {
            step,
            how: Showing::Applied,
        });
        if self.board_is_solved() {
            self.solved_in_ms = Some(self.played_ms(now_ms));
            let steps = self.log.len();
            self.say(match self.rating {
                Some(rating) => format!(
                    "Solved! {steps} logical steps in the log ({} puzzle)",
                    rating.level.name()
                ),
                None => format!("Solved! {steps} logical steps in the log"),
            });
        }
        self.count();
    }

    /// Hint, in three presses: the first names the technique and where to look, the second
    /// marks its cells, the third applies it as Step does. Any other action starts over.
    pub(crate) fn hint(&mut self, now_ms: f64) {
        let hint = self.view.hint.take();
        self.interrupt();
        match hint {
            None => {
                self.hints += 1;
                if let Some(mistake) = self.first_mistake() {
                    self.say(format!(
                        "The {} in {} is wrong",
                        mistake.digit,
                        cell_words(mistake.cell)
                    ));
                    self.view.mistake = Some(mistake);
                    return;
                }
                if let Some(cell) = self.notes_missing_answer() {
                    self.say(format!(
                        "Your notes in {} leave out a digit that belongs there",
                        cell_words(cell)
                    ));
                    self.view.notes_hint = Some(cell);
                    return;
                }
                self.ask_step(Purpose::Hint);
            }
            Some(HintShown {
                step,
                words,
                cells_marked: false,
            }) => {
                self.say(format!("{} Hint again does it.", words.why));
                self.view.shown = Some(Shown {
                    step: step.clone(),
                    how: Showing::Hint,
                });
                self.view.hint = Some(HintShown {
                    step,
                    words,
                    cells_marked: true,
                });
            }
            Some(HintShown { step, words, .. }) => {
                self.take_step(step, now_ms);
                // Solved by it, the game says so instead.
                if !self.is_solved() {
                    self.say(words.what);
                }
            }
        }
    }

    /// The entry that went wrong first, in the order entries were made: of the wrong entries on
    /// the board, the one whose change lies furthest back in the history.
    pub(super) fn first_mistake(&self) -> Option<Mistake> {
        if self.entering() || self.is_solved() {
            return None;
        }
        (self.entries().iter())
            .filter_map(|cell| self.mistake_at(cell))
            .min_by_key(|mistake| mistake.made_at)
    }

    /// The entry of `cell`, if it is wrong, with the change that made it so: the one after the
    /// last state where the cell was not wrong.
    pub(super) fn mistake_at(&self, cell: Cell) -> Option<Mistake> {
        let digit = self.board.get(cell)?;
        let wrong = |held: Option<_>| self.is_wrong(cell, held);
        wrong(Some(digit)).then(|| Mistake {
            cell,
            digit,
            made_at: (self.history.iter()).rposition(|saved| !wrong(saved.board.get(cell))),
        })
    }

    /// The first empty cell, in reading order, whose notes leave out the digit that belongs there.
    fn notes_missing_answer(&self) -> Option<Cell> {
        if self.entering() || self.is_solved() {
            return None;
        }
        Cell::all().find(|&cell| {
            let notes = self.notes[cell.index()];
            self.board.get(cell).is_none()
                && !notes.is_empty()
                && self
                    .answer(cell)
                    .is_some_and(|answer| !notes.contains(answer))
        })
    }

    /// The candidates the player's notes leave out, in the empty cells that have notes.
    fn noted_out(&self) -> impl Iterator<Item = Candidate> + '_ {
        Cell::all()
            .filter(|&cell| self.board.get(cell).is_none() && !self.notes[cell.index()].is_empty())
            .flat_map(move |cell| {
                let left_out = DigitSet::ALL - self.notes[cell.index()];
                left_out
                    .iter()
                    .map(move |digit| Candidate::new(cell, digit))
            })
    }

    /// The cell whose notes Hint found wanting, if it did.
    pub(super) fn notes_hint(&self) -> Option<Cell> {
        self.view.notes_hint
    }

    /// Whether Hint found a wrong entry, which "Back to mistake" undoes.
    pub fn mistake_found(&self) -> bool {
        self.view.mistake.is_some()
    }

    /// Back to mistake: the game as it was just before the first wrong entry, as one change
    /// that Undo takes back.
    pub(crate) fn back_to_mistake(&mut self, now_ms: f64) {
        let Some(mistake) = self.view.mistake.take() else {
            return;
        };
        self.interrupt();
        let what = format!("Back to mistake at {}", mistake.cell);
        match mistake.made_at.map(|index| self.history[index].clone()) {
            // One change, as Undo sees it: the board as it was just before the wrong entry.
            Some(before) => {
                let replaced = self.restore(
                    Saved {
                        what,
                        log_tail: Vec::new(),
                        ..before
                    },
                    now_ms,
                );
                self.history.push(replaced);
                self.redo.clear();
            }
            // Made before the history began: the entry alone goes.
            None => {
                self.save(what);
                self.board.set_entry(mistake.cell, None);
                self.eliminated = [DigitSet::EMPTY; 81];
            }
        }
        self.view.also_selected = CellSet::EMPTY;
        self.view.selected = Some(mistake.cell);
        self.say(format!(
            "Back to just before the {} in {}",
            mistake.digit,
            cell_words(mistake.cell)
        ));
    }

    /// Shows the first instance of the registry's technique at `index`, called `name`, on the
    /// current board, or says there is none.
    pub(crate) fn show_technique(&mut self, index: usize, name: &str) {
        self.interrupt();
        self.ask_step(Purpose::Technique(index, name.into()));
    }

    /// New game: asks the worker for a puzzle of `level` made from `seed`; the game goes on
    /// meanwhile.
    pub(crate) fn make(&mut self, variant: Variant, level: Level, seed: u64) {
        self.interrupt();
        let id = self.next_id();
        self.waiting.making = Some(Making {
            id,
            variant,
            level,
            seed,
            daily: None,
            on_its_day: false,
        });
    }

    /// Daily: asks the worker for the daily puzzle of `date` (`today`'s or an earlier day's),
    /// unless it is the one being played.
    pub(crate) fn make_daily(&mut self, date: Date, today: Date) {
        self.interrupt();
        if self.record.daily == Some(date) && !self.entering() {
            self.say(format!("This is the daily puzzle of {date}: play on"));
            return;
        }
        let id = self.next_id();
        self.waiting.making = Some(Making {
            id,
            variant: Variant::Classic,
            level: daily_level(date),
            seed: 0,
            daily: Some(date),
            on_its_day: date == today,
        });
    }

    /// The level of the puzzle being made, while it is.
    pub fn making(&self) -> Option<Level> {
        self.waiting.making.map(|making| making.level)
    }

    /// "Hard puzzle", "Hard Killer": what is being made.
    pub(super) fn making_what(&self) -> Option<String> {
        self.waiting
            .making
            .map(|making| made_name(making.variant, making.level))
    }

    /// The solver's worker stopped on an error, so nothing it was asked will come: the game stops
    /// waiting for a new puzzle or a step, and says so. `restarted`: a new worker took over.
    pub(crate) fn solver_failed(&mut self, restarted: bool) {
        self.waiting.making = None;
        self.waiting.asked = None;
        self.running = false;
        if let Some(reading) = self.waiting.reading.take() {
            return self.say(format!(
                "Cannot open {}: the solver stopped on an error",
                reading.name
            ));
        }
        if restarted {
            return self
                .say("The solver stopped on an error and was started again: ask it once more");
        }
        // No answer will come: a puzzle waiting for its confirmation is played as it stands.
        if self.solution == super::Solution::Awaited {
            self.solution = super::Solution::Unavailable;
        }
        if self.unconfirmed.take().is_some() {
            self.count();
        }
        self.say("The solver stopped on an error again: reload the page to use it");
    }

    /// Cancel: stops waiting for the new puzzle.
    pub(crate) fn cancel_making(&mut self) {
        if let Some(making) = self.waiting.making.take() {
            self.say(format!(
                "No new {}: the game goes on",
                made_name(making.variant, making.level)
            ));
        }
    }

    /// The puzzle's level and rating, "Hard · 3.8", once rated.
    pub fn rating(&self) -> Option<PuzzleRating> {
        if self.entering() { None } else { self.rating }
    }

    /// The registry index of the technique shown on the board, if one is.
    pub fn shown_technique(&self) -> Option<usize> {
        match self.view.shown.as_ref()?.how {
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

    /// The whole proof of log entry `id` that its one line sums up, a fact a line (a forcing
    /// chain's, or the rules' links of another chain): how many lines, and their text, joined
    /// straight from the step the log shares.
    pub fn log_proof(&self, id: u32) -> Option<(usize, String)> {
        let detail = &self.log.iter().find(|entry| entry.id == id)?.step.detail;
        (!detail.is_empty()).then(|| (detail.len(), detail.join("\n")))
    }

    /// Shows the step of log entry `id` on the board again.
    pub(crate) fn show_logged(&mut self, id: u32) {
        self.interrupt();
        if let Some(entry) = self.log.iter().find(|entry| entry.id == id) {
            let step = entry.step.clone();
            self.say(step.text.clone());
            self.view.shown = Some(Shown {
                step,
                how: Showing::Logged(id),
            });
        }
    }

    /// The id of the log entry shown on the board: the one chosen, or the step just taken.
    pub fn shown_log(&self) -> Option<u32> {
        match self.view.shown.as_ref()?.how {
            Showing::Logged(id) => Some(id),
            Showing::Applied => self.log.last().map(|entry| entry.id),
            _ => None,
        }
    }

    /// Solve by search: fills every cell from the search solver's solution (one change for Undo).
    pub(crate) fn solve_by_search(&mut self, now_ms: f64) {
        self.interrupt();
        if self.entering() {
            return self.say(PRESS_DONE);
        }
        if self.is_solved() {
            return self.say("The puzzle is solved already");
        }
        let solution = match &self.solution {
            super::Solution::Known(solution) => solution,
            super::Solution::Awaited => return self.say(SOLUTION_AWAITED),
            super::Solution::Missing(_) => return self.say(SOLUTION_MISSING),
            super::Solution::Unavailable => return self.say(SOLVER_GONE),
        };
        let solution = solution.clone();
        self.save("Solve by search".into());
        let mut filled = 0;
        for cell in Cell::all() {
            let digit = solution.get(cell);
            if self.board.get(cell) != digit {
                self.board.set_entry(cell, digit);
                self.by_solver.insert(cell);
                self.view.fresh.insert(cell);
                filled += 1;
            }
        }
        if filled > 0 {
            self.record.played = true;
            self.record.helped = true;
        }
        self.solved_in_ms = Some(self.played_ms(now_ms));
        self.say(format!("Solved by search: {filled} cells filled in"));
        self.count();
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

/// "Hard puzzle" for a classic one, "Hard Killer", "Hard Sudoku X" for a variant.
fn made_name(variant: Variant, level: Level) -> String {
    match variant {
        Variant::Classic => format!("{} puzzle", level.name()),
        variant => format!("{} {}", level.name(), variant.name()),
    }
}
