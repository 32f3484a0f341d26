//! The game as plain Rust: the board, the player's choices, the explaining solver's help and what
//! every cell and the message area should show. The Leptos components only wrap this in signals,
//! so all the rules of play are tested natively with `cargo test`.
//!
//! - this file: the state, playing by hand, notes, entering a puzzle, opening one, one history
//!   for Undo and Redo, the clock and the message area;
//! - [`assist`]: Step, Solve, Hint, the techniques, the step log and Solve by search;
//! - [`view`]: what each cell shows, derived once per change;
//! - [`links`]: the links of a chain shown, as lines between candidates;
//! - [`address`]: the puzzle in the page's address, and opening one from it;
//! - [`stored`]: the game through serde as text, kept by the page across reloads;
//! - [`statistics`]: games played and solved per level, best times and streaks, kept beside it.

mod action;
mod address;
mod assist;
pub mod calendar;
mod links;
pub mod speech;
mod statistics;
mod stored;
mod view;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sudoku_core::plain::{capitalized, cell_words};
use sudoku_core::{Cell, CellSet, Date, Digit, DigitSet, Grid, SolveError, Step};

use crate::worker::{About, Playable, PuzzleRating};
pub use action::{Action, Outcome};
pub use speech::{Question, ReadPosition};
use statistics::{Finish, Progress};
pub use statistics::{Row, Statistics, TableRow};
pub use stored::Unreadable;

pub use crate::rules::PageRules;
use crate::rules::{Broken, Repeat};
pub use assist::PencilMarks;
pub use view::{CandidatesView, CellView, Marks};

/// One game in progress: the puzzle and the player's progress on it (board, notes, history,
/// clock) in its own fields, and by concern beside them the screen's selection and modes
/// (`View`), what waits for the solver's worker (`Waiting`) and the page around the game
/// (`Session`). Changed only through [`Game::apply`]. The step log and what only shows the last
/// action (its message, the step drawn, Check's colours) are not saved; the solution is asked of
/// the solver's worker again when a save is read. The save is the fields in their order (see
/// `stored.rs`), so a field moves only with a new version of the save.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Game {
    /// Givens and entries (the player's and the solver's).
    #[serde(with = "stored::board")]
    board: Grid,
    /// The one solution, as the worker found it: a puzzle opened, shipped or read back is played
    /// at once and has it a moment later.
    #[serde(skip)]
    solution: Solution,
    /// The selection and the modes of the screen, with what shows the last action.
    view: View,
    /// The player's notes, cell by cell; an empty cell shows its own.
    #[serde(with = "stored::per_cell")]
    notes: [DigitSet; 81],
    /// The time played, and how long solving took.
    clock: Clock,
    solved_in_ms: Option<f64>,
    /// The player's Pause: the clock stops and the digits are hidden.
    paused: bool,
    /// Candidates removed by the solver's steps, cell by cell; the rest of the pencil marks follow
    /// from the board.
    #[serde(with = "stored::per_cell")]
    eliminated: [DigitSet; 81],
    /// Digits placed by the solver (by a step or by search).
    by_solver: CellSet,
    /// The solver's steps on this game, oldest first (not saved: a reload starts it afresh).
    /// Shared, so that copying the game (for the save, on every change) copies no step.
    #[serde(skip)]
    log: Vec<Arc<Logged>>,
    next_log_id: u32,
    /// What Undo goes back to, newest last: player moves and solver steps alike.
    history: Vec<Saved>,
    /// What Redo brings back, next last; a new change drops it.
    redo: Vec<Saved>,
    /// Solve is running: a timer takes one step after another.
    #[serde(skip)]
    running: bool,
    /// The last Step, Solve or Hint found no logical step on this board.
    #[serde(skip)]
    stuck: bool,
    /// While a puzzle is being entered: the game to return to on Cancel.
    entering: Option<Box<Game>>,
    /// The puzzle's rating, once the worker has given it.
    rating: Option<PuzzleRating>,
    /// The worker could not rate the puzzle in time: it says "unrated", and asks again at the
    /// next visit.
    #[serde(skip)]
    unrated: bool,
    /// What waits for the solver's worker (not saved: the page that reads a save starts a new
    /// worker).
    #[serde(skip)]
    waiting: Waiting,
    /// The page around the game: carried from one game to the next, never saved with it.
    #[serde(skip)]
    session: Session,
    /// What the statistics need of this game. After the fields of version 2's saves.
    record: Record,
    /// The rules beyond the classic ones (a variant's cages, regions, diagonals, windows), as
    /// the worker worked them out. After the fields of version 3's saves.
    rules: PageRules,
    /// The colours the player painted, cell by cell (0: none, 1–9: a colour). Last, since saves
    /// of version 4 end before them.
    #[serde(with = "stored::per_cell")]
    colours: [u8; 81],
    /// In a save only: the colours of each state of the history, then of Redo's (after the
    /// fields of version 4's saves, whose states have none).
    stored_colours: Vec<Vec<u8>>,
    /// A puzzle opened and played before the worker has confirmed it has one solution. Saved
    /// too, with the game it would come back to, so that what is typed meanwhile is kept (after
    /// the fields of version 5's saves).
    #[serde(with = "stored::unconfirmed")]
    unconfirmed: Option<Unconfirmed>,
    /// The digits the player entered while the solution was not known yet: counted as mistakes,
    /// those that are, once it comes. Saved, as a reload may come first (after the fields of
    /// version 6's saves).
    unchecked: Vec<(Cell, Digit)>,
    /// The hints asked for on this game, for the Solved dialog (after the fields of version 7's
    /// saves).
    hints: u32,
    /// A daily puzzle begun on its own date, not caught up later: it makes the daily streak
    /// (after the fields of version 8's saves).
    on_its_day: bool,
    /// The rules a puzzle read came with, its title and author (after the fields of version
    /// 10's saves).
    about: Option<About>,
    /// The solution a puzzle read carried, which the worker may not find again after a reload
    /// (a rule it does not know decides it): saved, and known again on reading back.
    carried: Option<Grid>,
}

/// What opening a puzzle says: its title and author when it came with rules (else `name`) and
/// where its rules are, then the rules drawn but not checked and what checks the digits then.
fn opened_sentence(name: &str, rules: &PageRules, carried: bool, about: Option<&About>) -> String {
    // Where the rules are comes first: on a small phone the end of a long message is cut.
    let name = match about {
        Some(about) if about.title.is_some() => format!("{} (rules under Rules)", about.byline()),
        Some(_) => format!("{name} (rules under Rules)"),
        None => name.to_owned(),
    };
    match (rules.unchecked(), carried) {
        (None, _) => format!("Opened {name}"),
        (Some(names), true) => format!(
            "Opened {name}. {names} are drawn but not checked; the solution the puzzle carries \
             checks your digits"
        ),
        (Some(names), false) => format!(
            "Opened {name}. {names} are drawn but not checked; the game ends when the grid is \
             full and breaks no rule checked"
        ),
    }
}

/// What the game knows of its puzzle's solution.
#[derive(Clone, PartialEq, Debug, Default)]
enum Solution {
    /// Asked of the worker.
    #[default]
    Awaited,
    Known(Grid),
    /// The worker found none or several (a save damaged): Check and the mistakes cannot work.
    Missing(SolveError),
    /// No worker will answer (it failed twice, or could not start).
    Unavailable,
}

/// A puzzle played before the worker has confirmed that it has exactly one solution: how it came,
/// for the message then, and the game to go back to if it has not.
#[derive(Clone, PartialEq, Debug)]
struct Unconfirmed {
    opening: Opening,
    previous: Box<Game>,
}

#[derive(Clone, PartialEq, Debug)]
enum Opening {
    /// Opened from a file, a paste, a list or a link, named so in the messages.
    Named(String),
    /// Typed in with Enter puzzle.
    Entered,
}

impl Opening {
    /// What the worker's confirmation says: an entered puzzle's Done waited for it, a puzzle
    /// opened said so when it was opened.
    fn confirmed(&self) -> Option<&'static str> {
        match self {
            Opening::Named(_) => None,
            Opening::Entered => Some("Your puzzle has one solution: play on"),
        }
    }

    fn refused(&self, why: SolveError) -> String {
        match (self, why) {
            (Opening::Named(name), why) => format!("Cannot open {name}: {why}"),
            (Opening::Entered, SolveError::NoSolution) => {
                "Cannot play this puzzle: it has no solution".into()
            }
            (Opening::Entered, SolveError::MultipleSolutions) => {
                "Cannot play this puzzle: it has more than one solution (add more digits)".into()
            }
            (Opening::Entered, why) => format!("Cannot play this puzzle: {why}"),
        }
    }
}

/// The selection and the modes of the screen, and what shows the last action. Saved: the
/// selection and the modes (in the order of the saves of every version, where they stood in the
/// game itself); the rest shows only until the next action.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
struct View {
    selected: Option<Cell>,
    /// The other cells selected with it (by a drag, Shift- or Ctrl-click): a digit, a note, Erase
    /// or a colour applies to all of them at once.
    #[serde(skip)]
    also_selected: CellSet,
    #[serde(with = "stored::not_kept")]
    picked: Option<Digit>,
    help: bool,
    /// Whether every empty cell shows its candidates.
    candidates: bool,
    /// Whether a digit entered in an empty cell is a note rather than an entry.
    noting: bool,
    /// Colour mode: the picker's nine buttons paint the cells selected.
    #[serde(skip)]
    colouring: bool,
    /// Check colours are shown until the next edit.
    #[serde(skip)]
    checked: bool,
    /// The cell edited last, so a conflict it caused is the one explained.
    #[serde(skip)]
    last_edit: Option<Cell>,
    /// What the message says in place of the state's prompt, until the next action.
    #[serde(skip)]
    notice: Option<Notice>,
    /// The cell the keys move from and the board's Tab stop: the one selected last, kept when
    /// the selection ends.
    #[serde(skip)]
    cursor: Option<Cell>,
    /// Digits placed by the last change, marked for a moment.
    #[serde(skip)]
    fresh: CellSet,
    /// A step shown on the board until the next change.
    #[serde(skip)]
    shown: Option<Shown>,
    /// The hint given on this board so far, or the wrong entry it found.
    #[serde(skip)]
    hint: Option<assist::HintShown>,
    #[serde(skip)]
    mistake: Option<assist::Mistake>,
    /// Hint found notes that leave out the digit that belongs in this cell.
    #[serde(skip)]
    notes_hint: Option<Cell>,
    /// W was pressed: the next digit key asks where that digit is.
    #[serde(skip)]
    asking_where: bool,
}

/// How many notices the game gave, so that a notice worded as the last is news again. A cue for
/// the page, not part of the game: two games alike in all else are equal whatever it says.
#[derive(Clone, Copy, Debug, Default)]
struct Told(u32);

impl PartialEq for Told {
    fn eq(&self, _: &Told) -> bool {
        true
    }
}

/// What waits for the solver's worker: the step asked of it, the new puzzle asked of it, the
/// text given it to read, and the last id given out.
#[derive(Clone, PartialEq, Debug, Default)]
struct Waiting {
    asked: Option<assist::Asked>,
    making: Option<assist::Making>,
    reading: Option<assist::Reading>,
    next_id: u32,
}

/// The page around the game, the same from one game to the next: how it stands with the
/// device's storage, whether it is in the background (the clock stops), the setting Show
/// mistakes (wrong entries are marked as soon as they are made), and the player's statistics
/// (kept beside the game, not in its save).
#[derive(Clone, PartialEq, Debug, Default)]
struct Session {
    keeping: Keeping,
    hidden: bool,
    show_mistakes: bool,
    read_position: ReadPosition,
    /// Carried from game to game: a game that follows says its news as news too.
    told: Told,
    statistics: Statistics,
}

impl Session {
    /// The session for the game played next, taking the statistics along.
    fn hand_over(&mut self) -> Session {
        Session {
            statistics: std::mem::take(&mut self.statistics),
            ..*self
        }
    }
}

/// How a page stands with the device's storage, where it keeps the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Keeping {
    /// This page's game is the one kept.
    #[default]
    Here,
    /// Another tab has saved since this page read or wrote the save: this page keeps nothing
    /// until the player takes the game over here.
    Elsewhere,
    /// The browser refuses to store anything (a private window, a full quota).
    Refused,
}

/// What the statistics need to know of a game, kept in its save.
#[derive(Clone, Copy, PartialEq, Debug, Default, Serialize, Deserialize)]
struct Record {
    /// The game's serial number in the statistics; 0 until it has one.
    serial: u64,
    /// The date of the daily puzzle, if this is one.
    daily: Option<Date>,
    /// A digit has been placed, by the player or by the solver.
    played: bool,
    /// The solver placed a digit: Step, Solve, Hint's third press or Solve by search.
    helped: bool,
    /// Entries made that disagreed with the solution.
    mistakes: u32,
    /// The solve beat the best time of its row of the statistics.
    new_best: bool,
}

/// The time played: what was counted up to the last stop, and since when (on the page clock,
/// which starts again at every visit, so it is never saved) it has been running.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
struct Clock {
    counted_ms: f64,
    #[serde(skip)]
    running_since: Option<f64>,
}

impl Clock {
    fn started(now_ms: f64) -> Clock {
        Clock {
            counted_ms: 0.0,
            running_since: Some(now_ms),
        }
    }

    fn read(&self, now_ms: f64) -> f64 {
        self.counted_ms
            + self
                .running_since
                .map_or(0.0, |since| (now_ms - since).max(0.0))
    }

    fn run(&mut self, running: bool, now_ms: f64) {
        match (running, self.running_since) {
            (true, None) => self.running_since = Some(now_ms),
            (false, Some(_)) => {
                self.counted_ms = self.read(now_ms);
                self.running_since = None;
            }
            _ => {}
        }
    }
}

/// A message about the last action; it gives way at the next one.
#[derive(Clone, PartialEq, Debug)]
enum Notice {
    GivenRefused(Cell),
    /// Check's result: the entries checked, the wrong ones and the first of those in reading
    /// order.
    Checked {
        entries: usize,
        wrong: usize,
        first_wrong: Option<Cell>,
    },
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

/// The board on one side of a change: before it, for Undo, or after it, for Redo.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
struct Saved {
    #[serde(with = "stored::board")]
    board: Grid,
    #[serde(with = "stored::per_cell")]
    notes: [DigitSet; 81],
    #[serde(with = "stored::per_cell")]
    eliminated: [DigitSet; 81],
    by_solver: CellSet,
    /// The length of the log, and for Redo the log's entries that Undo took off, to be put back.
    #[serde(skip)]
    log_len: usize,
    #[serde(skip)]
    log_tail: Vec<Arc<Logged>>,
    solved_in_ms: Option<f64>,
    /// What the change was, for the message after Undo: "r3c5", "Hidden Single: r3c5=7 (…)".
    what: String,
    /// The colours: kept apart in a save (`Game::stored_colours`), since saves of earlier
    /// versions hold states without them; a state read back from one leaves the colours as they
    /// are.
    #[serde(skip)]
    colours: Option<[u8; 81]>,
}

impl Game {
    /// A fresh game of `puzzle`, whose one solution is `solution`.
    pub fn solved_by(puzzle: Grid, solution: Grid, now_ms: f64) -> Game {
        Game {
            solution: Solution::Known(solution),
            ..Game::awaiting(puzzle, now_ms)
        }
    }

    /// A fresh game of `puzzle`, known to have one solution (a puzzle shipped with the page),
    /// which the worker is asked for.
    pub fn awaiting(puzzle: Grid, now_ms: f64) -> Game {
        Game {
            board: puzzle.givens_only(),
            solution: Solution::Awaited,
            unconfirmed: None,
            unchecked: Vec::new(),
            hints: 0,
            on_its_day: false,
            about: None,
            carried: None,
            view: View::default(),
            notes: [DigitSet::EMPTY; 81],
            clock: Clock::started(now_ms),
            solved_in_ms: None,
            paused: false,
            eliminated: [DigitSet::EMPTY; 81],
            by_solver: CellSet::EMPTY,
            log: Vec::new(),
            next_log_id: 0,
            history: Vec::new(),
            redo: Vec::new(),
            running: false,
            stuck: false,
            entering: None,
            rating: None,
            unrated: false,
            waiting: Waiting::default(),
            session: Session::default(),
            record: Record::default(),
            rules: PageRules::default(),
            colours: [0; 81],
            stored_colours: Vec::new(),
        }
    }

    /// The same game under a variant's rules.
    pub fn under(mut self, rules: PageRules) -> Game {
        self.rules = rules;
        self
    }

    /// The rules of the game, as the page draws them.
    pub fn rules(&self) -> &PageRules {
        &self.rules
    }

    /// The cells that share a row, column, box (or region), diagonal, window or cage with `cell`.
    fn peers(&self, cell: Cell) -> CellSet {
        self.rules.peers(cell)
    }

    /// In each empty cell, the digits none of its peers holds and the rules' checks allow.
    fn open_digits(&self) -> [DigitSet; Cell::COUNT] {
        let allowed = self.rules.allowed_digits(&self.board);
        Cell::ALL.map(|cell| match self.board.get(cell) {
            Some(_) => DigitSet::EMPTY,
            None => self
                .peers(cell)
                .iter()
                .filter_map(|peer| self.board.get(peer))
                .fold(allowed[cell.index()], |open, digit| {
                    open - DigitSet::single(digit)
                }),
        })
    }

    /// Every repeat of a digit in a group of the rules, then every rule the digits break
    /// otherwise.
    fn conflicts(&self) -> Vec<Conflict> {
        let repeats = self.rules.repeats(&self.board).into_iter();
        let broken = self.rules.broken(&self.board).into_iter();
        repeats
            .map(Conflict::Repeat)
            .chain(broken.map(Conflict::Broken))
            .collect()
    }

    /// Whether the board is full and obeys the rules, cages' sums included.
    fn board_is_solved(&self) -> bool {
        self.solves(&self.board)
    }

    /// Whether `board` is full and obeys the rules of this game: those the page checks, and,
    /// when some rule is beyond its checks, the board is the solution, if there is one.
    fn solves(&self, board: &Grid) -> bool {
        self.rules.solves(board)
            && (self.rules.checks_say_all()
                || match &self.solution {
                    Solution::Known(solution) => {
                        Cell::all().all(|cell| board.get(cell) == solution.get(cell))
                    }
                    // Nothing but the rules checked to go by.
                    Solution::Missing(_) => self.rules.unchecked().is_some(),
                    Solution::Awaited | Solution::Unavailable => false,
                })
    }

    /// A fresh game of `puzzle`, solved here (the page leaves the search to the worker).
    #[cfg(test)]
    pub fn new(puzzle: Grid, now_ms: f64) -> Result<Game, SolveError> {
        Ok(Game::solved_by(puzzle.clone(), puzzle.solve()?, now_ms))
    }

    /// The same game, its rating known already (a puzzle made or shipped with its level).
    pub fn rated(mut self, rating: PuzzleRating) -> Game {
        self.rating = Some(rating);
        self
    }

    /// Plays `next` from now on, keeping the player's choices (Help, Candidates, Notes, Show
    /// mistakes, the digit picked), the statistics and whether the page is in the background.
    pub fn start(&mut self, mut next: Game) {
        self.pass_on(&mut next);
        *self = next;
        self.count();
    }

    /// Gives `next` what carries over from this game to the one played after it.
    fn pass_on(&mut self, next: &mut Game) {
        next.view.help = self.view.help;
        next.view.candidates = self.view.candidates;
        next.view.noting = self.view.noting;
        // A digit picked while the next puzzle was being made stays picked as the picker shows
        // it: the puzzle's arrival never undoes a press.
        next.view.picked = self.view.picked;
        next.session = self.session.hand_over();
        // Ids stay unique across games, so an answer meant for this one never lands on the next.
        next.waiting.next_id = self.waiting.next_id;
    }

    /// Plays `next`, whose puzzle the worker has yet to confirm, until it answers: confirmed, the
    /// game goes on and counts in the statistics; refused, this game comes back as it was, its
    /// clock stopped meanwhile.
    fn start_unconfirmed(&mut self, mut next: Game, opening: Opening, now_ms: f64) {
        self.pass_on(&mut next);
        self.clock.run(false, now_ms);
        let previous = std::mem::replace(self, next);
        self.unconfirmed = Some(Unconfirmed {
            opening,
            previous: Box::new(previous),
        });
    }

    /// The worker's answer about this game's puzzle: its solution, or why it has none.
    fn take_solution(&mut self, solution: Result<Grid, SolveError>, now_ms: f64) {
        let unconfirmed = self.unconfirmed.take();
        match solution {
            Ok(solution) => {
                // A save read back may hold eliminations that only a damaged save could: they go.
                let sound = |state: &Saved| {
                    Cell::all().all(|cell| {
                        solution
                            .get(cell)
                            .is_some_and(|answer| !state.eliminated[cell.index()].contains(answer))
                    })
                };
                let current = self.snapshot(String::new());
                if !std::iter::once(&current)
                    .chain(&self.history)
                    .chain(&self.redo)
                    .all(sound)
                {
                    self.eliminated = [DigitSet::EMPTY; 81];
                    for state in self.history.iter_mut().chain(&mut self.redo) {
                        state.eliminated = [DigitSet::EMPTY; 81];
                    }
                }
                let unchecked = std::mem::take(&mut self.unchecked);
                self.record.mistakes += unchecked
                    .iter()
                    .filter(|&&(cell, digit)| solution.get(cell) != Some(digit))
                    .count() as u32;
                self.solution = Solution::Known(solution);
                if let Some(unconfirmed) = unconfirmed {
                    self.count();
                    if let Some(text) = unconfirmed.opening.confirmed() {
                        self.say(text);
                    }
                }
            }
            // Under rules only drawn, the rules checked may leave several solutions: the game
            // plays on, ended by the rules checked (its message said so).
            Err(why @ SolveError::MultipleSolutions) if self.rules.unchecked().is_some() => {
                self.solution = Solution::Missing(why);
                if unconfirmed.is_some() {
                    self.count();
                }
            }
            Err(why) => match unconfirmed {
                Some(Unconfirmed { opening, previous }) => {
                    let mut previous = *previous;
                    self.pass_on(&mut previous);
                    // A New game or Daily asked meanwhile still comes.
                    previous.waiting.making = self.waiting.making.take();
                    *self = previous;
                    self.run_clock(now_ms);
                    self.say(opening.refused(why));
                }
                None => {
                    self.solution = Solution::Missing(why);
                    self.say(format!("This puzzle cannot be checked: it has {why}"));
                }
            },
        }
    }

    /// The digit that belongs in `cell`, once the solution is known.
    fn answer(&self, cell: Cell) -> Option<Digit> {
        match &self.solution {
            Solution::Known(solution) => solution.get(cell),
            _ => None,
        }
    }

    /// Whether `digit` in `cell` is known to be wrong.
    fn is_wrong(&self, cell: Cell, digit: Option<Digit>) -> bool {
        digit.is_some()
            && self
                .answer(cell)
                .is_some_and(|answer| digit != Some(answer))
    }

    /// Counts in the statistics what this game has added to them since the last time; a game
    /// seen for the first time gets its serial number.
    fn count(&mut self) {
        // A puzzle not confirmed yet counts once it is: it may be refused, and the game before
        // it come back.
        if self.unconfirmed.is_some() {
            return;
        }
        if let Some(previous) = &mut self.entering {
            previous.session.statistics = std::mem::take(&mut self.session.statistics);
            previous.count();
            self.session.statistics = std::mem::take(&mut previous.session.statistics);
            return;
        }
        if self.record.serial == 0 {
            self.record.serial = self.session.statistics.next_serial();
        }
        let progress = self.progress();
        if self.session.statistics.observe(&progress) {
            self.record.new_best = true;
        }
    }

    /// Plays `next`, a game read back from the device's storage, in place of this one: only the
    /// page's own state carries over (whether it is in the background, the ids of questions to
    /// the worker).
    pub(crate) fn replace_with(&mut self, mut next: Game) {
        next.session.hidden = self.session.hidden;
        next.waiting.next_id = self.waiting.next_id;
        *self = next;
    }

    pub fn keeping(&self) -> Keeping {
        self.session.keeping
    }

    /// How the page now stands with the device's storage; refused for the first time, it says
    /// that progress will not be kept.
    pub(crate) fn set_keeping(&mut self, keeping: Keeping) {
        if keeping == Keeping::Refused && self.session.keeping != Keeping::Refused {
            self.say(NOT_KEPT);
        }
        self.session.keeping = keeping;
    }

    /// The statistics, as kept beside the game.
    pub fn statistics(&self) -> &Statistics {
        &self.session.statistics
    }

    /// Plays on with `statistics` (read from the device's storage), counting this game in them.
    pub fn set_statistics(&mut self, statistics: Statistics) {
        self.session.statistics = statistics;
        self.count();
    }

    /// Reset statistics: every count back to zero.
    pub(crate) fn reset_statistics(&mut self) {
        self.session.statistics.reset();
        self.record.new_best = false;
        self.say("Statistics reset");
    }

    /// Where this game stands for the statistics.
    fn progress(&self) -> Progress {
        let row = match self.record.daily {
            Some(_) => Some(Row::Daily),
            None => self.rating.map(|rating| Row::Level(rating.level)),
        };
        Progress {
            game: self.record.serial,
            row,
            day: self.record.daily.map(Date::day_number),
            on_its_day: self.on_its_day,
            played: self.record.played,
            finish: self.solved_in_ms.map(|ms| match self.record.helped {
                true => Finish::Helped,
                false => Finish::Solved {
                    ms: ms.round() as u64,
                },
            }),
        }
    }

    /// The setting Show mistakes.
    pub(crate) fn set_show_mistakes(&mut self, on: bool) {
        self.session.show_mistakes = on;
    }

    pub fn shows_mistakes(&self) -> bool {
        self.session.show_mistakes
    }

    /// The setting Read position.
    pub fn read_position(&self) -> ReadPosition {
        self.session.read_position
    }

    /// The entries made while Show mistakes was on that disagreed with the solution.
    pub fn mistakes(&self) -> u32 {
        self.record.mistakes
    }

    /// "Mistakes: 2", while Show mistakes is on (empty otherwise): the entries made while it was
    /// on that disagreed with the solution.
    pub fn mistakes_text(&self) -> String {
        if self.session.show_mistakes && !self.entering() {
            format!("Mistakes: {}", self.record.mistakes)
        } else {
            String::new()
        }
    }

    /// What leaving this game for another would lose, said before it goes: `None` when nothing
    /// would be (no entries nor notes, or the game solved). "You have played 3:07 and filled 12
    /// cells." (The dialog adds that a game left counts as played, not solved.)
    pub fn at_stake(&self, now_ms: f64) -> Option<String> {
        let cells = |count: u32| format!("{count} cell{}", if count == 1 { "" } else { "s" });
        if self.entering() {
            let typed = self.board.filled_count() as u32;
            return (typed > 0)
                .then(|| format!("The digits typed in {} will be lost.", cells(typed)));
        }
        let filled = self.entries().len();
        let noted = Cell::all()
            .any(|cell| self.board.get(cell).is_none() && !self.notes[cell.index()].is_empty());
        if self.is_solved() || (filled == 0 && !noted) {
            return None;
        }
        Some(format!(
            "You have played {} and filled {}.",
            clock(self.played_ms(now_ms)),
            cells(filled),
        ))
    }

    /// Leave: this game is given up for another, and counts as played.
    pub(crate) fn leave(&mut self) {
        if !self.entering() {
            self.record.played = true;
            self.count();
        }
    }

    /// The date of the daily puzzle, if this is one.
    /// Whether the worker could not rate this puzzle in time.
    pub fn unrated(&self) -> bool {
        self.unrated
    }

    pub fn daily(&self) -> Option<Date> {
        self.record.daily
    }

    /// Opens a puzzle read from a file or pasted text, named `name` in the messages. A puzzle
    /// that does not parse leaves the game exactly as it was and says why; one that does is
    /// played at once, and if the worker then finds it has no single solution, the game comes
    /// back as it was and the message says so. Returns whether the puzzle was taken.
    pub fn open(&mut self, name: &str, puzzle: Result<Playable, String>, now_ms: f64) -> bool {
        self.running = false;
        match puzzle {
            Ok(Playable {
                grid,
                mut rules,
                checks,
                solution,
                about,
            }) => {
                if let Some(checks) = checks {
                    let bytes = rules.bytes().to_vec();
                    rules.take_checks(&bytes, checks);
                }
                let said = opened_sentence(name, &rules, solution.is_some(), about.as_ref());
                let mut game = Game::awaiting(grid, now_ms).under(rules);
                game.about = about;
                match solution {
                    Some(solution) => {
                        game.carried = Some(solution.clone());
                        game.solution = Solution::Known(solution);
                        self.start(game);
                    }
                    None => self.start_unconfirmed(game, Opening::Named(name.into()), now_ms),
                }
                self.say(said);
                true
            }
            Err(why) => {
                self.say(format!("Cannot open {name}: {why}"));
                false
            }
        }
    }

    /// The rules the setter wrote beside the puzzle, with its title and author, if it came with
    /// rules.
    pub fn about(&self) -> Option<&About> {
        self.about.as_ref()
    }

    /// Shows `text` in the message area until the next action; nothing else changes.
    pub(crate) fn say(&mut self, text: impl Into<String>) {
        self.tell(Notice::Text(text.into()));
    }

    fn tell(&mut self, notice: Notice) {
        self.view.notice = Some(notice);
        self.session.told.0 = self.session.told.0.wrapping_add(1);
    }

    /// Whether the message is news: what the last action said (a result, an answer, the game
    /// solved, paused or begun), rather than what stands while the player moves about (the
    /// prompt, a conflict still on the board, a game long solved). Screen readers are given only
    /// news to speak.
    pub fn message_is_news(&self) -> bool {
        self.view.notice.is_some()
    }

    /// The cell the keys move from, and the board's one Tab stop: the cell selected, else the
    /// one selected last, else the first.
    pub fn cursor(&self) -> Cell {
        self.view
            .selected
            .or(self.view.cursor)
            .unwrap_or(Cell::at(0, 0))
    }

    /// How many notices the game gave: a change tells the page that the message is news again,
    /// even when its words are the same.
    pub fn told(&self) -> u32 {
        self.session.told.0
    }

    /// Stops a running Solve.
    pub(crate) fn stop(&mut self) {
        self.running = false;
    }

    pub fn picked(&self) -> Option<Digit> {
        self.view.picked
    }

    pub fn help(&self) -> bool {
        self.view.help
    }

    pub fn candidates(&self) -> bool {
        self.view.candidates
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

    pub fn noting(&self) -> bool {
        self.view.noting
    }

    pub fn paused(&self) -> bool {
        self.paused
    }

    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// What every action that is not part of a running Solve does first: stop Solve, and forget
    /// what the last action showed.
    fn interrupt(&mut self) {
        self.running = false;
        self.waiting.asked = None;
        self.view.hint = None;
        self.view.mistake = None;
        self.view.notes_hint = None;
        self.clear_shown();
    }

    /// What a move of the selection or a choice of display does first: the message and a hint
    /// in progress give way.
    fn quiet(&mut self) {
        self.view.asking_where = false;
        self.view.notice = None;
        self.view.mistake = None;
        self.view.notes_hint = None;
        if self.view.hint.take().is_some() {
            self.view.shown = None;
        }
    }

    /// Forgets what the last action showed: its message, its highlighted step, its fresh digits.
    fn clear_shown(&mut self) {
        self.view.notice = None;
        self.view.shown = None;
        self.view.fresh = CellSet::EMPTY;
    }

    /// The board as it is now, for Undo or Redo to come back to.
    fn snapshot(&self, what: String) -> Saved {
        Saved {
            board: self.board.clone(),
            notes: self.notes,
            eliminated: self.eliminated,
            by_solver: self.by_solver,
            log_len: self.log.len(),
            log_tail: Vec::new(),
            solved_in_ms: self.solved_in_ms,
            what,
            colours: Some(self.colours),
        }
    }

    /// Remembers the board for Undo before a change described by `what`, and drops what Redo
    /// would have brought back; the change makes the board new, so whatever was said or shown
    /// about the old one goes.
    fn save(&mut self, what: String) {
        let before = self.snapshot(what);
        self.history.push(before);
        self.redo.clear();
        self.stuck = false;
        self.view.checked = false;
    }

    /// Puts `saved` on the board; returns the board it replaces, with the log's entries it took
    /// off, so that the other of Undo and Redo can come back to it.
    fn restore(&mut self, saved: Saved, now_ms: f64) -> Saved {
        let mut replaced = self.snapshot(saved.what);
        replaced.log_tail = self.log.split_off(saved.log_len.min(self.log.len()));
        self.log.extend(saved.log_tail);
        self.board = saved.board;
        self.notes = saved.notes;
        self.eliminated = saved.eliminated;
        self.by_solver = saved.by_solver;
        self.solved_in_ms = saved.solved_in_ms;
        if let Some(colours) = saved.colours {
            self.colours = colours;
        }
        self.stuck = false;
        self.view.checked = false;
        self.view.last_edit = None;
        self.run_clock(now_ms);
        replaced
    }

    /// Goes back one change, a player's move or a solver's step alike.
    pub(crate) fn undo(&mut self, now_ms: f64) {
        self.interrupt();
        let Some(saved) = self.history.pop() else {
            self.say("Nothing to undo");
            return;
        };
        let undone = self.restore(saved, now_ms);
        self.say(format!("Undone: {}", undone.what));
        self.redo.push(undone);
    }

    /// Brings back the change Undo took back last.
    pub(crate) fn redo(&mut self, now_ms: f64) {
        self.interrupt();
        let Some(saved) = self.redo.pop() else {
            self.say("Nothing to redo");
            return;
        };
        let redone = self.restore(saved, now_ms);
        self.say(format!("Redone: {}", redone.what));
        self.history.push(redone);
    }

    /// Clears every entry and note and starts the clock again (Undo brings them back). While a
    /// puzzle is being entered, clears the board.
    pub(crate) fn restart(&mut self, now_ms: f64) {
        self.interrupt();
        let start = if self.entering() {
            Grid::empty()
        } else {
            self.board.givens_only()
        };
        let no_notes = [DigitSet::EMPTY; 81];
        // A solved game restarts too, even one whose board does not change (a puzzle given in
        // full), so that Undo can bring back its solved state.
        if self.board != start
            || self.notes != no_notes
            || self.colours != [0; 81]
            || self.is_solved()
        {
            self.save("Restart".into());
            self.board = start;
            self.notes = no_notes;
            self.colours = [0; 81];
            self.eliminated = [DigitSet::EMPTY; 81];
            self.by_solver = CellSet::EMPTY;
        }
        self.view.last_edit = None;
        self.solved_in_ms = None;
        self.paused = false;
        self.clock = Clock {
            counted_ms: 0.0,
            running_since: None,
        };
        self.run_clock(now_ms);
    }

    /// The time played so far, in milliseconds.
    pub fn played_ms(&self, now_ms: f64) -> f64 {
        self.clock.read(now_ms)
    }

    /// The clock as shown: the time played, or the time the puzzle was solved in.
    pub fn clock_text(&self, now_ms: f64) -> String {
        clock(self.solved_in_ms.unwrap_or_else(|| self.played_ms(now_ms)))
    }

    /// Whether the clock is running: not paused, not in the background, not solved.
    pub fn clock_running(&self) -> bool {
        self.clock.running_since.is_some() && !self.is_solved()
    }

    /// Starts or stops the clock as the game's state now asks.
    fn run_clock(&mut self, now_ms: f64) {
        let running = !self.paused && !self.session.hidden && !self.is_solved() && !self.entering();
        self.clock.run(running, now_ms);
    }

    /// Pause stops the clock and hides the digits until Resume. A solved game, or a puzzle being
    /// entered, has no clock to pause.
    pub(crate) fn toggle_pause(&mut self, now_ms: f64) {
        self.view.notice = None;
        if self.is_solved() || self.entering() {
            self.paused = false;
        } else {
            self.paused = !self.paused;
        }
        self.run_clock(now_ms);
    }

    /// The page went to the background (another tab, a locked phone) or came back.
    pub(crate) fn set_hidden(&mut self, hidden: bool, now_ms: f64) {
        self.session.hidden = hidden;
        self.run_clock(now_ms);
    }

    pub(crate) fn toggle_notes(&mut self) {
        self.view.noting = !self.view.noting;
        self.say(if self.view.noting {
            "Notes on"
        } else {
            "Notes off"
        });
    }

    /// Adds `digit` to the notes of the empty `cell`, or takes it out if it is there.
    /// Toggles the note `digit` in the empty cells of `cells`, in one change: it goes from all of
    /// them when all of them have it, else it goes into all of them.
    fn toggle_note(&mut self, cells: CellSet, digit: Digit) {
        let empty: CellSet = cells
            .iter()
            .filter(|&cell| self.board.get(cell).is_none())
            .collect();
        if self.paused || empty.is_empty() {
            return;
        }
        self.interrupt();
        let noted = empty
            .iter()
            .all(|cell| self.notes[cell.index()].contains(digit));
        let place = cells_named(empty);
        self.save(if noted {
            format!("note {digit} off {place}")
        } else {
            format!("note {digit} in {place}")
        });
        for cell in empty.iter() {
            let notes = &mut self.notes[cell.index()];
            if noted {
                notes.remove(digit);
            } else {
                notes.insert(digit);
            }
        }
        let place = cells_words(empty);
        self.say(if noted {
            format!("Note {digit} removed from {place}")
        } else {
            format!("Note {digit} added to {place}")
        });
    }

    /// Fill notes: every empty cell's candidates become its notes, in one change.
    pub(crate) fn fill_notes(&mut self) {
        self.interrupt();
        if self.entering() {
            self.say(assist::PRESS_DONE);
            return;
        }
        if self.paused {
            return;
        }
        let pencil = self.pencil_marks();
        let mut notes = self.notes;
        for cell in Cell::all().filter(|&cell| self.board.get(cell).is_none()) {
            notes[cell.index()] = pencil.get(cell);
        }
        if notes == self.notes {
            self.say("Every empty cell's notes are its candidates already");
            return;
        }
        self.save("Fill notes".into());
        self.notes = notes;
    }

    /// How many of each digit are still to place, 1 first: nine less those on the board (right
    /// or wrong), never below zero.
    pub fn remaining(&self) -> [u8; 9] {
        let mut left = [9u8; 9];
        for digit in Cell::all().filter_map(|cell| self.board.get(cell)) {
            left[digit.index()] = left[digit.index()].saturating_sub(1);
        }
        left
    }

    /// A click or tap. With a digit picked, it places the digit in the cell, selecting none (or
    /// clears the cell if it already holds that digit); with Notes on, the digit toggles a note
    /// of an empty cell instead; in Colour mode, the colour picked paints the cell. With none
    /// picked, it selects the cell alone, or ends the selection if the cell was all of it.
    pub(crate) fn click(&mut self, cell: Cell, now_ms: f64) {
        self.quiet();
        let Some(picked) = self.view.picked else {
            if self.selected_cells() == CellSet::single(cell) {
                self.end_selection();
            } else {
                self.view.selected = Some(cell);
                self.view.also_selected = CellSet::EMPTY;
            }
            return;
        };
        self.end_selection();
        self.view.cursor = Some(cell);
        let only = CellSet::single(cell);
        if self.view.colouring {
            return self.paint(only, picked.get());
        }
        if self.takes_notes() {
            return self.toggle_note(only, picked);
        }
        let current = self.board.get(cell);
        if current == Some(picked) {
            self.edit(only, None, now_ms);
        } else if !self.board.is_given(cell) || self.entering() {
            self.edit(only, Some(picked), now_ms);
        } else {
            self.tell(Notice::GivenRefused(cell));
        }
    }

    /// Shift- or Ctrl-click: adds the cell to the cells selected, or takes it out if it was one
    /// of several; nothing is placed.
    pub(crate) fn select_more(&mut self, cell: Cell) {
        self.quiet();
        let selected = self.selected_cells();
        if selected.contains(cell) && selected.has_several() {
            let rest = selected - CellSet::single(cell);
            self.view.selected = rest.first();
            self.view.also_selected = rest;
        } else {
            self.view.also_selected = selected | CellSet::single(cell);
            self.view.selected = Some(cell);
        }
    }

    /// A drag over the board from `from` has reached `to`: both are selected, with the cells
    /// dragged over before; nothing is placed.
    pub(crate) fn drag_over(&mut self, from: Cell, to: Cell) {
        self.quiet();
        if self.view.selected != Some(from) && !self.view.also_selected.contains(from) {
            self.view.also_selected = CellSet::EMPTY;
        }
        self.view.also_selected |= CellSet::single(from) | CellSet::single(to);
        self.view.selected = Some(to);
    }

    /// The cell selected last (of several, the one the keys move from).
    pub fn selected(&self) -> Option<Cell> {
        self.view.selected
    }

    /// Every cell selected: the one selected last and those selected with it.
    pub fn selected_cells(&self) -> CellSet {
        self.view.also_selected | self.view.selected.map_or(CellSet::EMPTY, CellSet::single)
    }

    /// A right click or long press: selects the cell and erases it.
    pub(crate) fn clear(&mut self, cell: Cell, now_ms: f64) {
        self.view.selected = Some(cell);
        self.view.also_selected = CellSet::EMPTY;
        self.erase(now_ms);
    }

    /// Erase (Backspace, Delete, 0): clears the cells selected, in one change: their entries, or
    /// else their notes; in Colour mode, their colours.
    pub(crate) fn erase(&mut self, now_ms: f64) {
        self.quiet();
        let cells = self.selected_cells();
        if cells.is_empty() {
            return self.say("Select a cell to erase");
        }
        if self.view.colouring {
            return self.paint(cells, 0);
        }
        let filled = cells & self.board.filled();
        if !filled.is_empty() {
            return self.edit(filled, None, now_ms);
        }
        if self.paused || cells.iter().all(|cell| self.notes[cell.index()].is_empty()) {
            return;
        }
        self.interrupt();
        self.save(format!("notes of {}", cells_named(cells)));
        for cell in cells.iter() {
            self.notes[cell.index()] = DigitSet::EMPTY;
        }
        self.say(format!("Notes erased from {}", cells_words(cells)));
    }

    /// A digit of the picker. With cells selected that can take it, the digit goes into them
    /// and nothing is picked (cell first: a note with Notes on, a colour in Colour mode);
    /// otherwise it is picked, or released if it was (digit first), and a selection of givens
    /// alone ends.
    pub(crate) fn press_digit(&mut self, digit: Digit, now_ms: f64) {
        if self.answer_where(digit) {
            return;
        }
        let cells = self.selected_cells();
        let open = if self.view.colouring || self.entering() {
            cells
        } else {
            cells - self.board.givens()
        };
        if open.is_empty() {
            self.end_selection();
            return self.toggle_pick(digit);
        }
        self.quiet();
        if self.view.colouring {
            self.paint(open, digit.get());
        } else if self.takes_notes() {
            self.toggle_note(open, digit);
        } else {
            self.edit(open, Some(digit), now_ms);
        }
    }

    /// A digit key: places the digit in the cells selected (with Notes on, toggles its note
    /// there; in Colour mode, paints them). It never picks the digit: a key is cell first.
    pub(crate) fn type_digit(&mut self, digit: Digit, now_ms: f64) {
        self.quiet();
        let cells = self.selected_cells();
        if cells.is_empty() {
            return self.say(format!("Select a cell first, then type {digit}"));
        }
        if self.view.colouring {
            self.paint(cells, digit.get());
        } else if self.takes_notes() {
            self.toggle_note(cells, digit);
        } else {
            self.edit(cells, Some(digit), now_ms);
        }
    }

    /// Ends the selection: no cell is selected.
    fn end_selection(&mut self) {
        self.view.selected = None;
        self.view.also_selected = CellSet::EMPTY;
    }

    /// Escape: ends the selection, or with none, releases the picked digit.
    pub(crate) fn escape(&mut self) {
        self.quiet();
        if self.selected_cells().is_empty() {
            self.view.picked = None;
        } else {
            self.end_selection();
        }
    }

    /// Colour mode, on or off.
    pub(crate) fn toggle_colouring(&mut self) {
        self.quiet();
        self.view.colouring = !self.view.colouring;
        self.view.picked = None;
    }

    pub fn colouring(&self) -> bool {
        self.view.colouring
    }

    /// Paints `cells` with `colour` (1–9; 0 clears), in one change; cells that all have that
    /// colour already lose it.
    fn paint(&mut self, cells: CellSet, colour: u8) {
        if self.paused || cells.is_empty() {
            return;
        }
        let has = |cell: Cell| self.colours[cell.index()] == colour;
        let colour = if colour != 0 && cells.iter().all(has) {
            0
        } else {
            colour
        };
        if cells
            .iter()
            .all(|cell| self.colours[cell.index()] == colour)
        {
            return;
        }
        self.interrupt();
        self.save(format!("colour of {}", cells_named(cells)));
        for cell in cells.iter() {
            self.colours[cell.index()] = colour;
        }
    }

    /// Whether digits go into notes: Notes is on, and no puzzle is being entered (whose digits
    /// are all givens).
    fn takes_notes(&self) -> bool {
        self.view.noting && !self.entering()
    }

    /// The selection becomes `cell` alone.
    fn select_only(&mut self, cell: Cell) {
        self.quiet();
        self.view.also_selected = CellSet::EMPTY;
        self.view.selected = Some(cell);
    }

    /// Moves the selection by whole cells, stopping at the edges; with nothing selected, selects
    /// the cell the keys move from ([`Game::cursor`]).
    pub(crate) fn move_selection(&mut self, rows: i8, cols: i8) {
        let step = |at: u8, by: i8| at.saturating_add_signed(by).min(8);
        let cursor = self.cursor();
        self.select_only(match self.view.selected {
            Some(_) => Cell::at(step(cursor.row(), rows), step(cursor.col(), cols)),
            None => cursor,
        });
    }

    /// A key press anywhere on the page; returns whether it meant something to the game.
    /// Arrows move, stopping at the edges, Home and End to the ends of the row, 1–9 place,
    /// Backspace, Delete and 0 erase, Escape ends the selection, N turns Notes on or off; R, C,
    /// B read the selected cell's row, column or box, M says what its houses miss, W then a
    /// digit where that digit is, L the position, E and Shift+E move to the next and the previous
    /// empty cell, and "." says the message again ([`speech`]).
    pub(crate) fn press_key(&mut self, key: &str, now_ms: f64) -> bool {
        // W, then a digit: where that digit is, rather than the digit placed.
        if let Some(digit) = key.parse().ok().and_then(Digit::new)
            && self.answer_where(digit)
        {
            return true;
        }
        self.view.asking_where = false;
        match key {
            "n" | "N" => self.toggle_notes(),
            "r" | "R" => self.ask(Question::Row),
            "c" | "C" => self.ask(Question::Column),
            "b" | "B" => self.ask(Question::Box),
            "m" | "M" => self.ask(Question::Missing),
            "l" | "L" => self.ask(Question::Position),
            "w" | "W" => self.ask_where(),
            "e" => self.select_empty(true),
            "E" => self.select_empty(false),
            "." => self.repeat(),
            "ArrowUp" => self.move_selection(-1, 0),
            "ArrowDown" => self.move_selection(1, 0),
            "ArrowLeft" => self.move_selection(0, -1),
            "ArrowRight" => self.move_selection(0, 1),
            "Home" => self.move_selection(0, -8),
            "End" => self.move_selection(0, 8),
            "Backspace" | "Delete" | "0" => self.erase(now_ms),
            "Escape" => self.escape(),
            _ => match key.parse().ok().and_then(Digit::new) {
                Some(digit) => self.type_digit(digit, now_ms),
                None => return false,
            },
        }
        true
    }

    /// A key pressed with Ctrl (Cmd on a Mac): Z undoes, Y and Shift+Z redo, whatever the
    /// letter's case; Home and End select the first and the last cell. Returns whether it meant something to the game.
    pub(crate) fn press_shortcut(&mut self, key: &str, shift: bool, now_ms: f64) -> bool {
        match (key, shift) {
            ("Home", _) => self.select_only(Cell::at(0, 0)),
            ("End", _) => self.select_only(Cell::at(8, 8)),
            ("z" | "Z", false) => self.undo(now_ms),
            ("z" | "Z", true) | ("y" | "Y", _) => self.redo(now_ms),
            _ => return false,
        }
        true
    }

    /// The picker: pressing the pressed digit releases it, and the selection with it, so that
    /// the next digit pressed is picked rather than placed in the last cell tapped; any other
    /// digit is picked instead.
    pub(crate) fn toggle_pick(&mut self, digit: Digit) {
        self.quiet();
        if self.view.picked == Some(digit) {
            self.view.picked = None;
            self.view.selected = None;
            self.view.also_selected = CellSet::EMPTY;
        } else {
            self.view.picked = Some(digit);
        }
    }

    pub(crate) fn toggle_help(&mut self) {
        self.quiet();
        self.view.help = !self.view.help;
    }

    pub(crate) fn toggle_candidates(&mut self) {
        self.quiet();
        self.view.candidates = !self.view.candidates;
    }

    /// Colours every entry by whether it agrees with the solution, until the next edit.
    pub(crate) fn check(&mut self) {
        self.interrupt();
        if self.entering() {
            self.say(assist::PRESS_DONE);
            return;
        }
        match self.solution {
            Solution::Known(_) => {}
            Solution::Awaited => return self.say(assist::SOLUTION_AWAITED),
            Solution::Missing(_) => return self.say(assist::SOLUTION_MISSING),
            Solution::Unavailable => return self.say(assist::SOLVER_GONE),
        }
        let entries = self.entries();
        let wrong: CellSet = entries
            .iter()
            .filter(|&cell| self.is_wrong(cell, self.board.get(cell)))
            .collect();
        self.view.checked = true;
        self.tell(Notice::Checked {
            entries: entries.len() as usize,
            wrong: wrong.len() as usize,
            first_wrong: wrong.first(),
        });
        // Back to mistake is offered for the cell named, as after a hint that found one.
        self.view.mistake = wrong.first().and_then(|cell| self.mistake_at(cell));
    }

    /// Sets or clears cells by hand, in one change. Givens and a solved board never change;
    /// while a puzzle is being entered, every digit typed is a given.
    fn edit(&mut self, cells: CellSet, digit: Option<Digit>, now_ms: f64) {
        let changed: CellSet = cells
            .iter()
            .filter(|&cell| self.board.get(cell) != digit)
            .collect();
        if self.is_solved() || self.paused || changed.is_empty() {
            return;
        }
        if self.entering() {
            self.interrupt();
            self.save(cells_named(changed));
            let mut digits = *self.board.digits();
            for cell in changed.iter() {
                digits[cell.index()] = digit;
                self.view.last_edit = Some(cell);
            }
            self.board = Grid::from_givens(digits);
            return;
        }
        let changed = changed - self.board.givens();
        if changed.is_empty() {
            if let Some(given) = cells.first() {
                self.tell(Notice::GivenRefused(given));
            }
            return;
        }
        self.interrupt();
        self.save(cells_named(changed));
        for cell in changed.iter() {
            let before = self.board.get(cell);
            self.board.set_entry(cell, digit);
            self.by_solver.remove(cell);
            // A digit taken back or changed may have been what the solver's eliminations rested
            // on.
            if before.is_some() {
                self.eliminated = [DigitSet::EMPTY; 81];
            }
            if let Some(digit) = digit {
                self.view.fresh.insert(cell);
                for peer in self.peers(cell).iter() {
                    self.notes[peer.index()].remove(digit);
                }
                self.record.played = true;
                // A mistake counts only when it is shown as it is made.
                if self.session.show_mistakes {
                    if self.is_wrong(cell, Some(digit)) {
                        self.record.mistakes += 1;
                    }
                    if self.solution == Solution::Awaited {
                        self.unchecked.push((cell, digit));
                    }
                }
            }
            self.view.last_edit = Some(cell);
        }
        if self.board_is_solved() {
            self.solved_in_ms = Some(self.played_ms(now_ms));
            self.run_clock(now_ms);
        }
        self.count();
        // Solved, the game says so instead.
        if !self.is_solved() {
            let said = self.edit_sentence(changed, digit);
            self.say(said);
        }
    }

    /// What an edit by hand did, in one sentence: "7 placed in row 3, column 5; row 3 and box 2
    /// complete", "Row 3, column 5 erased"; or, when it made a repeat or broke a rule, that
    /// instead, with the reason.
    fn edit_sentence(&self, changed: CellSet, digit: Option<Digit>) -> String {
        if let Some(conflict) = self
            .explained_conflict()
            .filter(|conflict| !(conflict.cells() & changed).is_empty())
        {
            return self.conflict_sentence(&conflict);
        }
        let place = cells_words(changed);
        let Some(digit) = digit else {
            return format!("{} erased", capitalized(&place));
        };
        let mut said = format!("{digit} placed in {place}");
        if let Some(cell) = changed.single_cell() {
            said += &self.completed_by(cell);
            if self.session.show_mistakes && self.is_wrong(cell, Some(digit)) {
                said += "; wrong";
            }
        }
        said
    }

    fn entries(&self) -> CellSet {
        self.board.filled() - self.board.givens()
    }

    /// Enter puzzle: an empty board where every digit typed becomes a given, until Done. The
    /// game played waits with its clock stopped.
    pub(crate) fn begin_entry(&mut self, now_ms: f64) {
        self.interrupt();
        if self.entering() {
            return;
        }
        self.clock.run(false, now_ms);
        let previous = Box::new(self.clone());
        // The game to return to keeps waiting for its confirmation; what is typed here is saved.
        self.unconfirmed = None;
        self.board = Grid::empty();
        self.eliminated = [DigitSet::EMPTY; 81];
        self.by_solver = CellSet::EMPTY;
        self.notes = [DigitSet::EMPTY; 81];
        self.colours = [0; 81];
        self.view.also_selected = CellSet::EMPTY;
        // A puzzle typed in is a classic one.
        self.rules = PageRules::default();
        self.log.clear();
        self.history.clear();
        self.redo.clear();
        self.solved_in_ms = None;
        self.paused = false;
        self.view.checked = false;
        self.stuck = false;
        self.view.last_edit = None;
        self.view.selected = Some(Cell::at(0, 0));
        self.entering = Some(previous);
    }

    /// Done: plays the entered puzzle if it is one; otherwise says what is wrong and keeps every
    /// digit typed.
    pub(crate) fn finish_entry(&mut self, now_ms: f64) {
        self.clear_shown();
        if !self.entering() {
            return;
        }
        if self.board.filled_count() == 0 {
            self.say("The board is empty: type the puzzle's digits first");
            return;
        }
        if let Some(conflict) = self.rules.repeats(&self.board).first() {
            self.say(format!(
                "Cannot play this puzzle: two {}s in {}: {} and {}",
                conflict.digit, conflict.group, conflict.first, conflict.second
            ));
            return;
        }
        let entered = Game::awaiting(self.board.clone(), now_ms);
        self.start_unconfirmed(entered, Opening::Entered, now_ms);
    }

    /// Cancel: back to the game played before Enter puzzle, its clock going on.
    pub(crate) fn cancel_entry(&mut self, now_ms: f64) {
        if let Some(previous) = self.entering.take() {
            let previous = *previous;
            self.start(previous);
            self.run_clock(now_ms);
        }
    }

    /// The sentence for the message area.
    pub fn message(&self) -> String {
        if self.session.keeping == Keeping::Elsewhere {
            return ELSEWHERE.into();
        }
        match &self.view.notice {
            Some(Notice::GivenRefused(cell)) => {
                return format!("{cell} is a given: it cannot change");
            }
            Some(Notice::Checked { entries: 0, .. }) => return "No entries to check yet".into(),
            Some(Notice::Checked {
                first_wrong: None,
                entries,
                ..
            }) => {
                return format!("All {entries} entries are right so far");
            }
            Some(Notice::Checked {
                wrong,
                first_wrong: Some(first),
                ..
            }) => {
                return format!("{wrong} wrong: {} is first", cell_words(*first));
            }
            Some(Notice::Text(text)) => return text.clone(),
            None => {}
        }
        if let Some(what) = self.making_what() {
            return format!("Making a new {what}…");
        }
        if let Some(ms) = self.solved_in_ms {
            let puzzle = match (self.record.daily, self.rating) {
                (Some(_), Some(rating)) => format!(" Daily {} puzzle", rating.level.name()),
                (Some(_), None) => " Daily puzzle".into(),
                (None, Some(rating)) => format!(" {} puzzle", rating.level.name()),
                (None, None) => String::new(),
            };
            let best = if self.record.new_best {
                ", a new best"
            } else {
                ""
            };
            return format!("Solved!{puzzle} in {}{best}", clock(ms));
        }
        if self.thinking() {
            return "Looking for a step…".into();
        }
        if self.paused {
            return "Paused: Resume shows the board again".into();
        }
        if let Some(conflict) = self.explained_conflict() {
            return self.conflict_sentence(&conflict);
        }
        if self.entering() {
            return "Enter the puzzle: type or pick its digits, then press Done".into();
        }
        self.prompt()
    }

    /// What to do next, by what is selected and picked: "Tap a digit for row 3, column 5".
    fn prompt(&self) -> String {
        let cells = self.selected_cells();
        let what = if self.view.colouring {
            "a colour"
        } else {
            "a digit"
        };
        if let Some(cell) = cells.single_cell()
            && self.board.is_given(cell)
        {
            return format!("{} is a given", capitalized(&cell_words(cell)));
        }
        if !cells.is_empty() {
            let place = match cells.single_cell() {
                Some(cell) => cell_words(cell),
                None => format!("the {} cells selected", cells.len()),
            };
            let to = if self.takes_notes() {
                " to note in"
            } else {
                " for"
            };
            return format!("Tap {what}{to} {place}");
        }
        match (self.view.picked, self.view.colouring) {
            (Some(colour), true) => format!("Tap a cell to paint it colour {colour}"),
            (Some(digit), false) => format!("Tap a cell to place {digit}"),
            (None, _) if self.view.help && !self.view.colouring => {
                "Pick a digit to see where it can go".into()
            }
            (None, _) => format!("Tap a cell, then {what}; or {what}, then cells"),
        }
    }

    /// What the Solved dialog says of a solved game, a line each: the puzzle and its time (and a
    /// new best), the mistakes and hints, and, for a game the solver finished, why it does not
    /// count as solved. `None` while the game is not solved.
    pub fn solved_report(&self) -> Option<String> {
        let ms = self.solved_in_ms?;
        let puzzle = match (self.record.daily, self.rating) {
            (Some(_), Some(rating)) => format!("Daily · {rating}"),
            (None, Some(rating)) => rating.to_string(),
            (_, None) => "This puzzle".into(),
        };
        let best = if self.record.new_best {
            ", a new best"
        } else {
            ""
        };
        let mut report = format!(
            "{puzzle}, solved in {}{best}.\nMistakes: {} · Hints: {}",
            clock(ms),
            self.record.mistakes,
            self.hints
        );
        if self.record.helped {
            report.push_str(
                "\nNot counted as solved in Statistics: the solver placed digits (Hint's third \
                 press, Step, Solve or Solve by search).",
            );
        }
        Some(report)
    }

    /// The conflict caused by the last edit if there is one, else the first on the board.
    fn explained_conflict(&self) -> Option<Conflict> {
        let mut conflicts = self.conflicts();
        let touches_last = |c: &Conflict| {
            self.view
                .last_edit
                .is_some_and(|cell| c.cells().contains(cell))
        };
        let at = conflicts.iter().position(touches_last).unwrap_or(0);
        (at < conflicts.len()).then(|| conflicts.swap_remove(at))
    }

    /// "5 is already in row 3 at r3c8": said of the cell just edited (or else of an entry), naming
    /// where the other copy stands; "r3c4 and r3c5: a white dot joins consecutive digits…" for
    /// another rule.
    fn conflict_sentence(&self, conflict: &Conflict) -> String {
        let conflict = match conflict {
            Conflict::Repeat(repeat) => repeat,
            Conflict::Broken(broken) => {
                // "r1c1, r1c2 and r1c3: …"
                let mut said = String::new();
                let count = broken.cells.len();
                for (i, cell) in broken.cells.iter().enumerate() {
                    let before = match i {
                        0 => "",
                        _ if i + 1 == count as usize => " and ",
                        _ => ", ",
                    };
                    said += before;
                    said += &cell.to_string();
                }
                return format!("{said}{}", broken.said);
            }
        };
        let first_is_subject =
            self.view.last_edit == Some(conflict.first) || self.board.is_given(conflict.second);
        let other = if first_is_subject {
            conflict.second
        } else {
            conflict.first
        };
        format!(
            "{} is already in {} at {other}",
            conflict.digit, conflict.group
        )
    }
}

const ELSEWHERE: &str =
    "This game is being played in another tab, which keeps it now: Take over to play it here";

const NOT_KEPT: &str =
    "This browser refuses to store the game, so progress will not be kept after this page closes";

/// What the board breaks: a digit twice in a group, or another rule.
enum Conflict {
    Repeat(Repeat),
    Broken(Broken),
}

impl Conflict {
    /// The cells that break it, marked on the board.
    fn cells(&self) -> CellSet {
        match self {
            Conflict::Repeat(repeat) => [repeat.first, repeat.second].into_iter().collect(),
            Conflict::Broken(broken) => broken.cells,
        }
    }
}

/// "row 3, column 5" for one cell, "4 cells" for several: as spoken.
fn cells_words(cells: CellSet) -> String {
    match cells.single_cell() {
        Some(cell) => cell_words(cell),
        None => format!("{} cells", cells.len()),
    }
}

/// "r3c5" for one cell, "r3c5,r3c6" for several.
fn cells_named(cells: CellSet) -> String {
    match cells.single_cell() {
        Some(cell) => cell.to_string(),
        None => sudoku_core::step::cells_text(cells),
    }
}

/// "3:07" or "1:02:03".
fn clock(ms: f64) -> String {
    let seconds = (ms.max(0.0) / 1000.0).floor() as u64;
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
