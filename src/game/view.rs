//! What every cell shows: board-wide facts derived once per change ([`Marks`]), then each cell's
//! own small view ([`CellView`], [`CandidatesView`]); a cell is redrawn only when its view changes.

use sudoku_core::{Cell, CellSet, Digit, DigitSet};

use super::assist::hint_cells;
use super::speech::ReadPosition;
use super::{Game, Showing};

/// The board-wide facts that cells are drawn from, computed once per change.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Marks {
    /// The selected cell's row, column and box.
    pub(super) related: CellSet,
    /// The digit highlighted everywhere it appears.
    pub(super) highlighted: Option<Digit>,
    /// Empty cells where the picked digit may go, while Help is on.
    pub(super) help: CellSet,
    pub(super) conflicts: CellSet,
    /// The rows, columns and boxes the digits just placed completed with no repeat (the whole
    /// board once solved): they wave once.
    pub(super) wave: CellSet,
    /// After Check: entries that agree with the solution and those that do not.
    pub(super) correct: CellSet,
    pub(super) wrong: CellSet,
    /// The step shown: the cells of its houses, of its pattern, where it places and where it
    /// removes candidates; for a hint, only where to look.
    pub(super) houses: CellSet,
    pub(super) proof: CellSet,
    pub(super) placed: CellSet,
    pub(super) targets: CellSet,
    pub(super) hint: CellSet,
    /// Empty cells that draw the player's notes rather than candidates.
    pub(super) noted: CellSet,
    /// Per cell: the candidates or notes drawn (empty: none drawn), and which of them the step
    /// uses.
    pub(super) candidates: [DigitSet; 81],
    pub(super) proof_digits: [DigitSet; 81],
    pub(super) removed_digits: [DigitSet; 81],
    pub(super) placed_digits: [DigitSet; 81],
}

/// Everything one cell shows apart from its candidates.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CellView {
    pub digit: Option<Digit>,
    /// The player's notes, while the cell is empty.
    pub(super) notes: DigitSet,
    pub given: bool,
    pub selected: bool,
    /// The board's one stop for Tab: the cell selected last, or the first cell.
    pub tab_stop: bool,
    /// A given of the puzzle played (while a puzzle is entered, its digits can change).
    pub read_only: bool,
    /// Where the cell's name says its row and column.
    pub(super) position: ReadPosition,
    pub(super) related: bool,
    pub(super) same_digit: bool,
    pub(super) help: bool,
    pub(super) correct: bool,
    pub(super) wrong: bool,
    pub(super) conflict: bool,
    pub(super) solver: bool,
    pub(super) fresh: bool,
    pub(super) house: bool,
    pub(super) proof: bool,
    pub(super) placed: bool,
    pub(super) target: bool,
    pub(super) hint: bool,
    /// The cage the cell is in: its sum (0: none) and its number of cells.
    pub(super) cage: Option<(u8, u8)>,
    /// The cage's sum is written in this cell's corner.
    pub(super) sum_corner: bool,
    /// A row, column or box it is in was just completed.
    pub(super) wave: bool,
    /// The colour the player painted it, 1–9 (0: none).
    pub(super) colour: u8,
}

/// The small 3×3 digits of an empty cell, and the part each plays in the step shown: its
/// candidates, or the player's notes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CandidatesView {
    pub digits: DigitSet,
    pub(super) notes: bool,
    pub(super) proof: DigitSet,
    pub(super) removed: DigitSet,
    pub(super) placed: DigitSet,
}

impl CellView {
    /// The CSS classes; `colour-1` to `colour-9` for a painted cell; `given`, `selected`, `help`,
    /// `correct`, `wrong`, `conflict`, `solver`,
    /// `proof`, `placed` and `hint` are part of the page's public contract.
    pub fn classes(&self) -> String {
        let flags = [
            (self.given, "given"),
            (self.solver, "solver"),
            (self.selected, "selected"),
            (self.related, "related"),
            (self.same_digit, "same-digit"),
            (self.help, "help"),
            (self.correct, "correct"),
            (self.wrong, "wrong"),
            (self.conflict, "conflict"),
            (self.house, "house"),
            (self.proof, "proof"),
            (self.target, "target"),
            (self.placed, "placed"),
            (self.hint, "hint"),
            (self.fresh, "fresh"),
            (self.sum_corner, "sum-corner"),
            (self.wave, "wave"),
        ];
        let mut classes = String::from("cell");
        for (_, name) in flags.iter().filter(|(on, _)| *on) {
            classes.push(' ');
            classes.push_str(name);
        }
        if self.colour > 0 {
            classes.push_str(" colour-");
            classes.push(figure(self.colour));
        }
        classes
    }

    /// The accessible name: what the cell holds and what the board draws in it, with its
    /// position first, last or not at all as the player chose ("Read position"):
    /// "row 3, column 5, 7", "row 3, column 5, empty, notes 1 4 9", "row 1, column 2, 4, given",
    /// "row 1, column 1, empty, cage 15 of 3 cells", "row 2, column 2, 5, colour 3",
    /// "row 4, column 4, empty, candidates 2 5 8", "row 3, column 5, 7, conflict, wrong",
    /// "row 1, column 1, empty, thermometer bulb";
    /// "7, given, row 3, column 5"; "7, given". `drawn`: the small digits it draws; `marks`:
    /// what it says of the rules' marks it is on ("thermometer bulb, white dot right").
    pub fn label(&self, cell: Cell, drawn: Option<&CandidatesView>, marks: &str) -> String {
        let mut label = String::new();
        let push_position = |label: &mut String| {
            label.push_str("row ");
            label.push(figure(cell.row() + 1));
            label.push_str(", column ");
            label.push(figure(cell.col() + 1));
        };
        if self.position == ReadPosition::First {
            push_position(&mut label);
            label.push_str(", ");
        }
        match self.digit {
            Some(digit) => label.push(figure(digit.get())),
            None => label.push_str("empty"),
        }
        if self.given {
            label.push_str(", given");
        }
        if let Some((sum, size)) = self.cage {
            label.push_str(", cage");
            if sum > 0 {
                label.push(' ');
                label.push_str(&sum.to_string());
            }
            label.push_str(" of ");
            label.push(figure(size));
            label.push_str(if size == 1 { " cell" } else { " cells" });
        }
        if self.colour > 0 {
            label.push_str(", colour ");
            label.push(figure(self.colour));
        }
        if !self.notes.is_empty() {
            label.push_str(", notes");
            push_digits(&mut label, self.notes);
        }
        if let Some(drawn) = drawn.filter(|drawn| !drawn.notes) {
            label.push_str(", candidates");
            push_digits(&mut label, drawn.digits);
        }
        for (on, word) in [
            (self.conflict, ", conflict"),
            (self.wrong, ", wrong"),
            (self.correct, ", right"),
        ] {
            if on {
                label.push_str(word);
            }
        }
        if !marks.is_empty() {
            label.push_str(", ");
            label.push_str(marks);
        }
        if self.position == ReadPosition::Last {
            label.push_str(", ");
            push_position(&mut label);
        }
        label
    }
}

impl CandidatesView {
    /// The classes of the small digit `digit`: `note` for the player's notes; otherwise `cand`,
    /// and `placed`, `removed` or `proof` when the step shown places it, removes it or uses it.
    pub fn class_of(&self, digit: Digit) -> &'static str {
        if self.notes {
            "note"
        } else if self.placed.contains(digit) {
            "cand placed"
        } else if self.removed.contains(digit) {
            "cand removed"
        } else if self.proof.contains(digit) {
            "cand proof"
        } else {
            "cand"
        }
    }

    /// The markup of the 3×3 small digits: a span per digit drawn, placed by its class `d1` to
    /// `d9` (1 top left, 9 bottom right), so that a cell draws no element for a digit it lacks.
    pub fn markup(&self) -> String {
        let mut html = String::new();
        for digit in self.digits.iter() {
            let figure = figure(digit.get());
            html.push_str("<span class=\"");
            html.push_str(self.class_of(digit));
            html.push_str(" d");
            html.push(figure);
            html.push_str("\">");
            html.push(figure);
            html.push_str("</span>");
        }
        html
    }
}

/// The figure of a number 0 to 9. (The names and markup drawn at every change are written
/// figure by figure, without the formatting machinery.)
fn figure(number: u8) -> char {
    char::from(b'0' + number)
}

/// " 1 4 9": the digits of `set`, each after a space.
fn push_digits(text: &mut String, set: DigitSet) {
    for digit in set.iter() {
        text.push(' ');
        text.push(figure(digit.get()));
    }
}

impl Marks {
    /// The candidates `cell` draws, if it draws any.
    pub fn candidates_at(&self, cell: Cell) -> Option<CandidatesView> {
        let i = cell.index();
        let digits = self.candidates[i];
        (!digits.is_empty()).then_some(CandidatesView {
            digits,
            notes: self.noted.contains(cell),
            proof: self.proof_digits[i],
            removed: self.removed_digits[i],
            placed: self.placed_digits[i],
        })
    }
}

impl Game {
    /// The board-wide marks of the current state.
    pub fn marks(&self) -> Marks {
        let conflicts = self
            .conflicts()
            .iter()
            .fold(CellSet::EMPTY, |cells, conflict| cells | conflict.cells());
        let help = match self.view.picked {
            Some(digit) if self.view.help => {
                let open = self.open_digits();
                Cell::all()
                    .filter(|&cell| open[cell.index()].contains(digit))
                    .collect()
            }
            _ => CellSet::EMPTY,
        };
        // Check colours every entry; Show mistakes marks the wrong ones as they are made. (Only
        // then are the entries compared with the solution.)
        let (correct, wrong) =
            if self.view.checked || (self.session.show_mistakes && !self.entering()) {
                let entries = self.entries();
                let right: CellSet = entries
                    .iter()
                    .filter(|&cell| !self.is_wrong(cell, self.board.get(cell)))
                    .collect();
                let correct = if self.view.checked {
                    right
                } else {
                    CellSet::EMPTY
                };
                (correct, entries - right)
            } else {
                (CellSet::EMPTY, CellSet::EMPTY)
            };
        let wave = self.completed_by_fresh(conflicts);
        let related = self
            .view
            .selected
            .map_or(CellSet::EMPTY, |cell| self.peers(cell));
        let highlighted = self
            .view
            .selected
            .and_then(|cell| self.board.get(cell))
            .or(self.view.picked);
        let mut marks = Marks {
            related,
            highlighted,
            help,
            conflicts,
            wave,
            correct,
            wrong,
            houses: CellSet::EMPTY,
            proof: CellSet::EMPTY,
            placed: CellSet::EMPTY,
            targets: CellSet::EMPTY,
            hint: CellSet::EMPTY,
            noted: CellSet::EMPTY,
            candidates: [DigitSet::EMPTY; 81],
            proof_digits: [DigitSet::EMPTY; 81],
            removed_digits: [DigitSet::EMPTY; 81],
            placed_digits: [DigitSet::EMPTY; 81],
        };
        self.mark_shown_step(&mut marks);
        if let Some(cell) = self.notes_hint() {
            marks.hint.insert(cell);
        }
        // An empty cell with notes draws them, whatever else would draw its candidates.
        marks.noted = Cell::all()
            .filter(|&cell| self.board.get(cell).is_none() && !self.notes[cell.index()].is_empty())
            .collect();
        for cell in marks.noted.iter() {
            marks.candidates[cell.index()] = self.notes[cell.index()];
        }
        // Every empty cell draws its candidates while Candidates is on; otherwise only the cells
        // of the step shown do, so that the step can be read.
        let drawn = if self.view.candidates {
            CellSet::ALL
        } else {
            marks.proof | marks.targets | marks.placed
        };
        let drawn = drawn - self.board.filled() - marks.noted;
        if drawn.is_empty() {
            return marks;
        }
        let pencil = self.pencil_marks();
        for cell in drawn.iter() {
            let i = cell.index();
            marks.candidates[i] = pencil.get(cell)
                | marks.proof_digits[i]
                | marks.removed_digits[i]
                | marks.placed_digits[i];
        }
        marks
    }

    /// The cells of each row, column and box holding a digit just placed that is now full with no
    /// repeat (`conflicts`: the cells of a repeat); the whole board once solved.
    fn completed_by_fresh(&self, conflicts: CellSet) -> CellSet {
        if self.view.fresh.is_empty() {
            return CellSet::EMPTY;
        }
        if self.is_solved() {
            return CellSet::ALL;
        }
        let mut wave = CellSet::EMPTY;
        for house in self.view.fresh.iter().flat_map(Cell::houses) {
            let cells = self.rules.house_cells(house);
            if (cells - self.board.filled()).is_empty() && (cells & conflicts).is_empty() {
                wave |= cells;
            }
        }
        wave
    }

    fn mark_shown_step(&self, marks: &mut Marks) {
        let Some(shown) = &self.view.shown else {
            return;
        };
        let step = &shown.step;
        if shown.how == Showing::Hint {
            marks.hint = if step.houses.is_empty() {
                hint_cells(step)
            } else {
                step.houses
                    .iter()
                    .map(|&house| self.rules.house_cells(house))
                    .fold(CellSet::EMPTY, |a, b| a | b)
            };
            return;
        }
        for house in step.houses.iter().chain(&step.cover_houses) {
            marks.houses |= self.rules.house_cells(*house);
        }
        for c in &step.pattern {
            marks.proof.insert(c.cell);
            marks.proof_digits[c.cell.index()].insert(c.digit);
        }
        for link in &step.links {
            for node in [link.from, link.to] {
                marks.proof |= node.cells;
                for cell in node.cells.iter() {
                    marks.proof_digits[cell.index()].insert(node.digit);
                }
            }
        }
        for c in &step.placements {
            marks.placed.insert(c.cell);
            marks.placed_digits[c.cell.index()].insert(c.digit);
        }
        for c in &step.eliminations {
            marks.targets.insert(c.cell);
            marks.removed_digits[c.cell.index()].insert(c.digit);
        }
    }

    /// What `cell` shows, given the board-wide `marks` of the same state.
    pub fn cell_view(&self, marks: &Marks, cell: Cell) -> CellView {
        let digit = self.board.get(cell);
        CellView {
            digit,
            notes: if digit.is_none() {
                self.notes[cell.index()]
            } else {
                DigitSet::EMPTY
            },
            given: self.board.is_given(cell),
            selected: self.selected_cells().contains(cell),
            tab_stop: self.cursor() == cell,
            read_only: self.board.is_given(cell) && !self.entering(),
            position: self.session.read_position,
            related: marks.related.contains(cell),
            same_digit: digit.is_some() && digit == marks.highlighted,
            help: marks.help.contains(cell),
            correct: marks.correct.contains(cell),
            wrong: marks.wrong.contains(cell),
            conflict: marks.conflicts.contains(cell),
            solver: self.by_solver.contains(cell),
            fresh: self.view.fresh.contains(cell),
            house: marks.houses.contains(cell),
            proof: marks.proof.contains(cell),
            placed: marks.placed.contains(cell),
            target: marks.targets.contains(cell),
            hint: marks.hint.contains(cell),
            cage: self.rules.cage_of(cell),
            sum_corner: self.rules.bears_cage_sum(cell),
            wave: marks.wave.contains(cell),
            colour: self.colours[cell.index()],
        }
    }
}
