//! Every change to a game, as data. What the player does (a tap, a key, a button), what the
//! worker answers and what the page learns (hidden, its storage, another tab's game) is an
//! [`Action`], carried out by [`Game::apply`] at a time on the page clock, which says what the
//! page does beyond drawing the new state ([`Outcome`]). What to say is the game's message after
//! it ([`Game::message`]), derived as the rest of the screen is. The page's components, the
//! property tests and the fuzz target all drive the game through this one entry.

use sudoku_core::variant::Variant;
use sudoku_core::{Cell, Date, Digit, Level};

use super::speech::{Question, ReadPosition};
use super::{Game, Keeping};
use crate::worker::Answer;

#[derive(Clone, PartialEq, Debug)]
pub enum Action {
    // The selection.
    /// A tap or a click on a cell: selects it, or places the digit picked there.
    Click(Cell),
    /// Shift- or Ctrl-click: the cell joins the selection, or leaves it.
    SelectMore(Cell),
    /// A drag from one cell over another: the cells between are selected.
    DragOver {
        from: Cell,
        to: Cell,
    },
    /// The arrow keys: the selection moves by rows and columns, around the edges.
    MoveSelection {
        rows: i8,
        cols: i8,
    },
    Escape,

    // Digits, notes and colours.
    /// A digit button: placed in the cells selected, or picked when there are none.
    PressDigit(Digit),
    /// A digit typed: into the cells selected, never picked.
    TypeDigit(Digit),
    /// The digit picked, or released if it was.
    TogglePick(Digit),
    /// A cell emptied (a long press or a right click).
    Clear(Cell),
    Erase,
    ToggleNotes,
    FillNotes,
    ToggleColouring,
    /// A key pressed without Ctrl or Meta, by its `KeyboardEvent.key`.
    Key(String),
    /// A key pressed with Ctrl or Meta (Undo, Redo), with Shift or not.
    Shortcut {
        key: String,
        shift: bool,
    },
    Undo,
    Redo,
    Restart,

    // The solver's help.
    ToggleHelp,
    ToggleCandidates,
    Check,
    Hint,
    Step,
    /// Solve started, or stopped while it runs.
    ToggleSolve,
    /// Solve's timer: the next step.
    SolveTick,
    Stop,
    SolveBySearch,
    BackToMistake,
    /// A technique of the list shown on the board: its index in the registry, and its name.
    ShowTechnique {
        index: usize,
        name: String,
    },
    /// An entry of the step log shown again, by its id.
    ShowLogged(u32),

    // Questions, for a player who listens: answered in the message, the game unchanged.
    Ask(Question),
    /// Where is: the next digit (a key or a digit button) asks where that digit is.
    AskWhere,
    /// The selection moves to the next empty cell in reading order, or the one before.
    SelectEmpty {
        forward: bool,
    },
    /// The message said again.
    Repeat,

    // The clock.
    TogglePause,
    /// The page went to the background (another tab, a locked phone) or came back.
    SetHidden(bool),

    // Entering a puzzle.
    BeginEntry,
    FinishEntry,
    CancelEntry,

    // Other puzzles.
    /// New game: a puzzle of the variant and level, made by the worker from `seed`.
    Make {
        variant: Variant,
        level: Level,
        seed: u64,
    },
    /// The daily puzzle of `date`, `today` by the player's calendar or a day before.
    MakeDaily {
        date: Date,
        today: Date,
    },
    CancelMaking,
    /// A text given to the worker to read (a file, a paste), named so in the messages.
    Read {
        name: String,
        text: String,
    },
    /// The puzzle of the page's address (its fragment, without `#`).
    OpenLink(String),
    /// The game is left for another: it counts as played.
    Leave,
    /// The game another tab saved last, played here from now on.
    TakeOver(Box<Game>),

    // The worker.
    /// The worker's answer to a question the game asked.
    Receive(Box<Answer>),
    /// The list of `count` puzzles of the text read with question `id` came back.
    Listed {
        id: u32,
        count: usize,
    },
    /// The worker stopped on an error; `restarted`: another one takes its place.
    SolverFailed {
        restarted: bool,
    },

    // The page and the player's settings.
    /// Something the page tells the player (a link copied, a file that cannot be read).
    Tell(String),
    /// How the page now stands with the device's storage.
    Keep(Keeping),
    ShowMistakes(bool),
    ReadPosition(ReadPosition),
    ResetStatistics,
}

/// What the page does after an action, beside drawing the game as it now is.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Outcome {
    /// The action meant something to the game: a key it does not know leaves the page as it
    /// was, and to the browser.
    pub changed: bool,
    /// The board was solved by this action (by the player or the solver): the page celebrates.
    pub solved: bool,
    /// A text read was opened as a puzzle: the Paste box and the Menu close.
    pub opened: bool,
    /// The name of the text whose list of puzzles came back: the page offers the list.
    pub listed: Option<String>,
}

impl Game {
    /// Carries out `action` at `now_ms` on the page clock.
    pub fn apply(&mut self, action: Action, now_ms: f64) -> Outcome {
        let was_solved = self.is_solved();
        let before = (self.paused(), self.making().is_some(), self.told());
        let mut outcome = Outcome {
            changed: true,
            ..Outcome::default()
        };
        match action {
            Action::Click(cell) => self.click(cell, now_ms),
            Action::SelectMore(cell) => self.select_more(cell),
            Action::DragOver { from, to } => self.drag_over(from, to),
            Action::MoveSelection { rows, cols } => self.move_selection(rows, cols),
            Action::Escape => self.escape(),
            Action::PressDigit(digit) => self.press_digit(digit, now_ms),
            Action::TypeDigit(digit) => self.type_digit(digit, now_ms),
            Action::TogglePick(digit) => self.toggle_pick(digit),
            Action::Clear(cell) => self.clear(cell, now_ms),
            Action::Erase => self.erase(now_ms),
            Action::ToggleNotes => self.toggle_notes(),
            Action::FillNotes => self.fill_notes(),
            Action::ToggleColouring => self.toggle_colouring(),
            Action::Key(key) => outcome.changed = self.press_key(&key, now_ms),
            Action::Shortcut { key, shift } => {
                outcome.changed = self.press_shortcut(&key, shift, now_ms);
            }
            Action::Undo => self.undo(now_ms),
            Action::Redo => self.redo(now_ms),
            Action::Restart => self.restart(now_ms),
            Action::ToggleHelp => self.toggle_help(),
            Action::ToggleCandidates => self.toggle_candidates(),
            Action::Check => self.check(),
            Action::Hint => self.hint(now_ms),
            Action::Step => self.step(),
            Action::ToggleSolve => self.toggle_solve(),
            Action::SolveTick => self.solve_tick(),
            Action::Stop => self.stop(),
            Action::SolveBySearch => self.solve_by_search(now_ms),
            Action::BackToMistake => self.back_to_mistake(now_ms),
            Action::ShowTechnique { index, name } => self.show_technique(index, &name),
            Action::ShowLogged(id) => self.show_logged(id),
            Action::Ask(question) => self.ask(question),
            Action::AskWhere => self.ask_where(),
            Action::SelectEmpty { forward } => self.select_empty(forward),
            Action::Repeat => self.repeat(),
            Action::TogglePause => self.toggle_pause(now_ms),
            Action::SetHidden(hidden) => self.set_hidden(hidden, now_ms),
            Action::BeginEntry => self.begin_entry(now_ms),
            Action::FinishEntry => self.finish_entry(now_ms),
            Action::CancelEntry => self.cancel_entry(now_ms),
            Action::Make {
                variant,
                level,
                seed,
            } => self.make(variant, level, seed),
            Action::MakeDaily { date, today } => self.make_daily(date, today),
            Action::CancelMaking => self.cancel_making(),
            Action::Read { name, text } => self.read(&name, &text),
            Action::OpenLink(fragment) => _ = self.open_link(&fragment, now_ms),
            Action::Leave => self.leave(),
            Action::TakeOver(game) => self.replace_with(*game),
            Action::Receive(answer) => outcome.opened = self.receive(*answer, now_ms),
            Action::Listed { id, count } => outcome.listed = self.take_list(id, count),
            Action::SolverFailed { restarted } => self.solver_failed(restarted),
            Action::Tell(text) => self.say(text),
            Action::Keep(keeping) => self.set_keeping(keeping),
            Action::ShowMistakes(on) => self.set_show_mistakes(on),
            Action::ReadPosition(position) => self.session.read_position = position,
            Action::ResetStatistics => self.reset_statistics(),
        }
        outcome.solved = !was_solved && self.is_solved();
        if let Some(cell) = self.selected() {
            self.view.cursor = Some(cell);
        }
        // The game solved, paused, resumed or being made says so, unless the action said more.
        let now = (self.paused(), self.making().is_some());
        if self.view.notice.is_none() && (outcome.solved || now != (before.0, before.1)) {
            let news = self.message();
            self.say(news);
        }
        // Once per action, however many times it spoke: two notices would count as none.
        if self.told() != before.2 {
            self.session.told.0 = before.2.wrapping_add(1);
        }
        outcome
    }
}
