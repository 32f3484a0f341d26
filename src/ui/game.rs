//! The game as plain Rust: the board, the player's choices and what every cell and the message
//! area should show. The Leptos components only wrap this in signals, so all the rules of play are
//! tested natively with `cargo test`.

use std::fmt::Write;

use sudoku::{Cell, CellSet, Conflict, Digit, Grid, SolveError};

/// One game in progress.
#[derive(Clone, PartialEq, Debug)]
pub struct Game {
    /// Givens and entries.
    board: Grid,
    solution: Grid,
    selected: Option<Cell>,
    picked: Option<Digit>,
    help: bool,
    /// Check colours are shown until the next edit.
    checked: bool,
    /// The cell edited last, so a conflict it caused is the one explained.
    last_edit: Option<Cell>,
    notice: Option<Notice>,
    /// Milliseconds on the page clock when play started, and how long solving took.
    started_ms: f64,
    solved_in_ms: Option<f64>,
}

/// A message about the last action; it gives way at the next one.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Notice {
    GivenRefused(Cell),
    Checked { entries: usize, wrong: usize },
}

/// The board-wide facts that cells are drawn from, computed once per change.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Marks {
    /// The selected cell's row, column and box.
    related: CellSet,
    /// The digit highlighted everywhere it appears.
    highlighted: Option<Digit>,
    /// Empty cells where the picked digit may go, while Help is on.
    help: CellSet,
    conflicts: CellSet,
    /// After Check: entries that agree with the solution and those that do not.
    correct: CellSet,
    wrong: CellSet,
}

/// Everything one cell shows; a cell is redrawn only when this changes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CellView {
    pub digit: Option<Digit>,
    pub given: bool,
    pub selected: bool,
    related: bool,
    same_digit: bool,
    help: bool,
    correct: bool,
    wrong: bool,
    conflict: bool,
}

impl CellView {
    /// The CSS classes; `given`, `selected`, `help`, `correct`, `wrong` and `conflict` are part of
    /// the page's public contract.
    pub fn classes(&self) -> String {
        let flags = [
            (self.given, "given"),
            (self.selected, "selected"),
            (self.related, "related"),
            (self.same_digit, "same-digit"),
            (self.help, "help"),
            (self.correct, "correct"),
            (self.wrong, "wrong"),
            (self.conflict, "conflict"),
        ];
        let mut classes = String::from("cell");
        for (_, name) in flags.iter().filter(|(on, _)| *on) {
            classes.push(' ');
            classes.push_str(name);
        }
        classes
    }

    /// The accessible name: "row 3, column 5, 7", "row 3, column 5, empty",
    /// "row 1, column 2, 4, given".
    pub fn label(&self, cell: Cell) -> String {
        let mut label = format!("row {}, column {}, ", cell.row() + 1, cell.col() + 1);
        match self.digit {
            Some(digit) => {
                let _ = write!(label, "{digit}");
            }
            None => label.push_str("empty"),
        }
        if self.given {
            label.push_str(", given");
        }
        label
    }
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
            checked: false,
            last_edit: None,
            notice: None,
            started_ms,
            solved_in_ms: None,
        })
    }

    pub fn picked(&self) -> Option<Digit> {
        self.picked
    }

    pub fn help(&self) -> bool {
        self.help
    }

    pub fn is_solved(&self) -> bool {
        self.solved_in_ms.is_some()
    }

    /// Clears every entry and starts the clock again.
    pub fn restart(&mut self, now_ms: f64) {
        self.board = self.board.givens_only();
        self.checked = false;
        self.last_edit = None;
        self.notice = None;
        self.started_ms = now_ms;
        self.solved_in_ms = None;
    }

    /// A click or tap: selects the cell and, with a digit picked, places it in an empty cell
    /// (or over another entry), or clears the cell if it already holds that digit.
    pub fn click(&mut self, cell: Cell, now_ms: f64) {
        self.notice = None;
        self.selected = Some(cell);
        let Some(picked) = self.picked else {
            return;
        };
        let current = self.board.get(cell);
        if current == Some(picked) {
            self.edit(cell, None, now_ms);
        } else if !self.board.is_given(cell) {
            self.edit(cell, Some(picked), now_ms);
        }
    }

    /// A right click or long press: selects the cell and clears it.
    pub fn clear(&mut self, cell: Cell, now_ms: f64) {
        self.notice = None;
        self.selected = Some(cell);
        self.edit(cell, None, now_ms);
    }

    /// A digit key: picks the digit and places it in the selected cell.
    pub fn type_digit(&mut self, digit: Digit, now_ms: f64) {
        self.notice = None;
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
        self.notice = None;
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
        self.notice = None;
        self.picked = if self.picked == Some(digit) {
            None
        } else {
            Some(digit)
        };
    }

    pub fn toggle_help(&mut self) {
        self.notice = None;
        self.help = !self.help;
    }

    /// Colours every entry by whether it agrees with the solution, until the next edit.
    pub fn check(&mut self) {
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

    /// Sets or clears a cell. Givens and a solved board never change.
    fn edit(&mut self, cell: Cell, digit: Option<Digit>, now_ms: f64) {
        if self.is_solved() || self.board.get(cell) == digit {
            return;
        }
        if !self.board.set_entry(cell, digit) {
            self.notice = Some(Notice::GivenRefused(cell));
            return;
        }
        self.checked = false;
        self.last_edit = Some(cell);
        if self.board == self.solution {
            self.solved_in_ms = Some(now_ms - self.started_ms);
        }
    }

    fn entries(&self) -> CellSet {
        self.board.filled() - self.board.givens()
    }

    /// The board-wide marks of the current state.
    pub fn marks(&self) -> Marks {
        let conflicts = self
            .board
            .conflicts()
            .iter()
            .flat_map(|c| [c.first, c.second])
            .collect();
        let help = match self.picked {
            Some(digit) if self.help => Cell::all()
                .filter(|&cell| self.board.get(cell).is_none() && self.board.is_legal(cell, digit))
                .collect(),
            _ => CellSet::EMPTY,
        };
        let (correct, wrong) = if self.checked {
            let entries = self.entries();
            let correct: CellSet = entries
                .iter()
                .filter(|&cell| self.board.get(cell) == self.solution.get(cell))
                .collect();
            (correct, entries - correct)
        } else {
            (CellSet::EMPTY, CellSet::EMPTY)
        };
        let related = self.selected.map_or(CellSet::EMPTY, |cell| cell.peers());
        let highlighted = self
            .selected
            .and_then(|cell| self.board.get(cell))
            .or(self.picked);
        Marks {
            related,
            highlighted,
            help,
            conflicts,
            correct,
            wrong,
        }
    }

    /// What `cell` shows, given the board-wide `marks` of the same state.
    pub fn cell_view(&self, marks: &Marks, cell: Cell) -> CellView {
        let digit = self.board.get(cell);
        CellView {
            digit,
            given: self.board.is_given(cell),
            selected: self.selected == Some(cell),
            related: marks.related.contains(cell),
            same_digit: digit.is_some() && digit == marks.highlighted,
            help: marks.help.contains(cell),
            correct: marks.correct.contains(cell),
            wrong: marks.wrong.contains(cell),
            conflict: marks.conflicts.contains(cell),
        }
    }

    /// The sentence for the message area.
    pub fn message(&self) -> String {
        if let Some(ms) = self.solved_in_ms {
            return format!("Solved! in {}", clock(ms));
        }
        match self.notice {
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
            None => {}
        }
        if let Some(conflict) = self.explained_conflict() {
            return self.conflict_sentence(&conflict);
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
mod tests {
    use super::*;

    /// A puzzle with one solution, and that solution.
    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn game() -> Game {
        Game::new(Grid::parse(PUZZLE).expect("a valid puzzle"), 0.0).expect("one solution")
    }

    fn digit(value: u8) -> Digit {
        Digit::new(value).expect("1..=9")
    }

    fn solution_at(cell: Cell) -> Digit {
        digit(SOLUTION.as_bytes()[cell.index()] - b'0')
    }

    fn view(game: &Game, cell: Cell) -> CellView {
        game.cell_view(&game.marks(), cell)
    }

    #[test]
    fn a_picked_digit_is_placed_by_a_click_and_cleared_by_the_next() {
        let mut game = game();
        let cell = Cell::at(0, 2);
        game.toggle_pick(digit(4));
        game.click(cell, 1.0);
        assert_eq!(view(&game, cell).label(cell), "row 1, column 3, 4");
        assert!(view(&game, cell).classes().contains("selected"));
        game.click(cell, 2.0);
        assert_eq!(view(&game, cell).label(cell), "row 1, column 3, empty");
        assert_eq!(
            view(&game, Cell::at(0, 1)).label(Cell::at(0, 1)),
            "row 1, column 2, 3, given"
        );
    }

    #[test]
    fn the_picker_holds_at_most_one_digit() {
        let mut game = game();
        game.toggle_pick(digit(4));
        game.toggle_pick(digit(7));
        assert_eq!(game.picked(), Some(digit(7)));
        game.toggle_pick(digit(7));
        assert_eq!(game.picked(), None);
    }

    #[test]
    fn givens_never_change() {
        let mut game = game();
        let given = Cell::at(0, 0);
        game.toggle_pick(digit(5));
        game.click(given, 1.0);
        game.clear(given, 1.0);
        game.type_digit(digit(1), 1.0);
        assert_eq!(game.board.get(given), Some(digit(5)));
        assert_eq!(game.message(), "r1c1 is a given: it cannot change");
    }

    #[test]
    fn a_repeated_digit_marks_both_cells_and_is_explained() {
        let mut game = game();
        game.toggle_pick(digit(5));
        game.click(Cell::at(0, 2), 1.0);
        assert!(view(&game, Cell::at(0, 2)).conflict);
        assert!(view(&game, Cell::at(0, 0)).conflict);
        assert_eq!(game.message(), "5 is already in row 1 at r1c1");
    }

    #[test]
    fn help_marks_the_empty_cells_where_the_picked_digit_is_legal() {
        let mut game = game();
        game.toggle_help();
        game.toggle_pick(digit(1));
        let marked: CellSet = Cell::all().filter(|&c| view(&game, c).help).collect();
        let legal: CellSet = Cell::all()
            .filter(|&c| game.board.get(c).is_none() && game.board.is_legal(c, digit(1)))
            .collect();
        assert_eq!(marked, legal);
        assert!(!marked.is_empty());
        game.toggle_help();
        assert!(Cell::all().all(|c| !view(&game, c).help));
    }

    #[test]
    fn check_colours_entries_until_the_next_edit() {
        let mut game = game();
        let (right, wrong) = (Cell::at(0, 2), Cell::at(0, 3));
        game.selected = Some(right);
        game.type_digit(solution_at(right), 1.0);
        game.click(wrong, 1.0);
        game.type_digit(digit(2), 1.0);
        game.check();
        assert!(view(&game, right).correct && view(&game, wrong).wrong);
        assert_eq!(game.message(), "1 of 2 entries are wrong");
        game.clear_selected(2.0);
        assert!(!view(&game, right).correct);
    }

    #[test]
    fn arrows_move_and_stop_at_the_edges_and_keys_place_and_clear() {
        let mut game = game();
        assert!(game.press_key("ArrowRight", 0.0));
        assert_eq!(game.selected, Some(Cell::at(0, 0)));
        game.press_key("ArrowUp", 0.0);
        game.press_key("ArrowRight", 0.0);
        game.press_key("ArrowRight", 0.0);
        assert_eq!(game.selected, Some(Cell::at(0, 2)));
        assert!(game.press_key("4", 1.0));
        assert_eq!(game.board.get(Cell::at(0, 2)), Some(digit(4)));
        assert_eq!(game.picked(), Some(digit(4)));
        assert!(game.press_key("Backspace", 1.0));
        assert_eq!(game.board.get(Cell::at(0, 2)), None);
        (0..10).for_each(|_| _ = game.press_key("ArrowDown", 1.0));
        assert_eq!(game.selected, Some(Cell::at(8, 2)));
        assert!(!game.press_key("x", 1.0) && !game.press_key("10", 1.0));
    }

    #[test]
    fn filling_in_the_solution_solves_with_the_time_taken_and_restart_clears() {
        let mut game = game();
        let open = CellSet::ALL - game.board.givens();
        for cell in open.iter() {
            game.selected = Some(cell);
            game.type_digit(solution_at(cell), 187_000.0);
        }
        assert!(game.is_solved());
        assert_eq!(game.message(), "Solved! in 3:07");
        game.restart(200_000.0);
        assert!(!game.is_solved());
        assert_eq!(game.board, game.board.givens_only());
    }
}
