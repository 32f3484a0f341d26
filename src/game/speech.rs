//! What a player who listens can ask of the board, in words: a row, column or box read in order
//! with what it still needs; what a cell's houses miss, with its candidates; where a digit is
//! placed and where it can still go; the cell's position; and which empty cell comes next. Plain
//! functions of the board, each house given as its name and its cells in reading order (a
//! jigsaw's region as well as a box), so that every sentence is tested here.

use sudoku_core::plain::{capitalized, cell_words};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Grid, House};

use super::Game;

/// A question about the selected cell; the answer is said, and nothing of the game changes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Question {
    Row,
    Column,
    Box,
    /// What the cell's row, column and box still need, and its candidates.
    Missing,
    /// Where the digit is placed, and where it can still go in the cell's houses.
    WhereIs(Digit),
    /// The cell's position.
    Position,
}

/// Where a cell's accessible name says its row and column (the setting "Read position"): first,
/// as the default; last; or never, for a screen reader that says the row and column itself.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ReadPosition {
    #[default]
    First,
    Last,
    Never,
}

impl ReadPosition {
    pub const ALL: [ReadPosition; 3] =
        [ReadPosition::First, ReadPosition::Last, ReadPosition::Never];

    /// The setting's value, as the page's select and the device's storage have it.
    pub fn key(self) -> &'static str {
        match self {
            ReadPosition::First => "first",
            ReadPosition::Last => "last",
            ReadPosition::Never => "never",
        }
    }

    pub fn from_key(key: &str) -> Option<ReadPosition> {
        ReadPosition::ALL
            .into_iter()
            .find(|position| position.key() == key)
    }
}

impl Game {
    /// Says the answer to `question` about the selected cell (asks for a cell if none is).
    pub(crate) fn ask(&mut self, question: Question) {
        let Some(cell) = self.view.selected else {
            return self.say("Select a cell first, then ask");
        };
        let board = &self.board;
        let [row, column, cell_box] = self.houses_of(cell);
        let answer = match question {
            Question::Row => read_house(board, &row.heard()),
            Question::Column => read_house(board, &column.heard()),
            Question::Box => read_house(board, &cell_box.heard()),
            Question::Missing => {
                let houses = [row.heard(), column.heard(), cell_box.heard()];
                missing(board, cell, &houses, self.pencil_marks().get(cell))
            }
            Question::WhereIs(digit) => {
                let marks = self.pencil_marks();
                let can_go = Cell::all().filter(|&c| marks.has(c, digit)).collect();
                let houses = [cell_box.heard(), row.heard(), column.heard()];
                where_is(board, digit, &houses, can_go)
            }
            Question::Position => position(cell, &cell_box.name),
        };
        self.say(answer);
    }

    /// Where is: the next digit asks where it is.
    pub(crate) fn ask_where(&mut self) {
        self.view.asking_where = true;
        self.say("Where is which digit? Press 1 to 9");
    }

    /// Answers Where is with `digit`, if it was asked; returns whether it was.
    pub(crate) fn answer_where(&mut self, digit: Digit) -> bool {
        let asked = std::mem::take(&mut self.view.asking_where);
        if asked {
            self.ask(Question::WhereIs(digit));
        }
        asked
    }

    /// The message as it stands, said again.
    pub(crate) fn repeat(&mut self) {
        let said = self.message();
        self.say(said);
    }

    /// The selection moves to the next empty cell in reading order (the one before, if not
    /// `forward`), around the board's end.
    pub(crate) fn select_empty(&mut self, forward: bool) {
        match next_empty(&self.board, self.view.selected, forward) {
            Some(cell) => {
                self.view.also_selected = CellSet::EMPTY;
                self.view.selected = Some(cell);
                self.ask(Question::Position);
            }
            None => self.say("No empty cell is left"),
        }
    }

    /// The houses of `cell` its digit completed, as the end of a sentence: "; row 3 and box 2
    /// complete" (empty for none).
    pub(super) fn completed_by(&self, cell: Cell) -> String {
        let completed: Vec<String> = (self.houses_of(cell).into_iter())
            .filter(|house| (house.cells - self.board.filled()).is_empty())
            .map(|house| lower(&house.name))
            .collect();
        match completed.split_last() {
            Some((last, [])) => format!("; {last} complete"),
            Some((last, before)) => format!("; {} and {last} complete", before.join(", ")),
            None => String::new(),
        }
    }

    /// The cell's row, column and box (a jigsaw's region), named as sentences begin.
    fn houses_of(&self, cell: Cell) -> [Named; 3] {
        let region = (0..9)
            .map(House::region)
            .find(|&house| self.rules.house_cells(house).contains(cell));
        let cell_box = match region.filter(|_| self.rules.is_jigsaw()) {
            Some(house) => Named {
                name: format!("Region {}", house.index() + 1),
                cells: self.rules.house_cells(house),
            },
            None => Named {
                name: format!("Box {}", cell.box_index() + 1),
                cells: House::box_at(cell.box_index()).cell_set(),
            },
        };
        [
            Named {
                name: format!("Row {}", cell.row() + 1),
                cells: House::row(cell.row()).cell_set(),
            },
            Named {
                name: format!("Column {}", cell.col() + 1),
                cells: House::column(cell.col()).cell_set(),
            },
            cell_box,
        ]
    }
}

/// A house with its name, owned, for [`Heard`].
struct Named {
    name: String,
    cells: CellSet,
}

impl Named {
    fn heard(&self) -> Heard<'_> {
        Heard {
            name: &self.name,
            cells: self.cells,
        }
    }
}

/// A house as a sentence names it ("Row 3", "Box 2") and its cells in reading order.
pub struct Heard<'a> {
    pub name: &'a str,
    pub cells: CellSet,
}

/// "Row 3: 5, 2, empty, 7, 2 empty, 9, 3, 1. Needs 4, 6, 8." — the house's digits in order, a
/// run of empty cells said once with its length, then what is still to place ("Complete.").
pub fn read_house(board: &Grid, house: &Heard) -> String {
    let mut said = Vec::new();
    let mut empty_run = 0;
    let say_run = |said: &mut Vec<String>, run: &mut u32| {
        match *run {
            0 => {}
            1 => said.push("empty".to_string()),
            n => said.push(format!("{n} empty")),
        }
        *run = 0;
    };
    for cell in house.cells.iter() {
        match board.get(cell) {
            Some(digit) => {
                say_run(&mut said, &mut empty_run);
                said.push(digit.get().to_string());
            }
            None => empty_run += 1,
        }
    }
    say_run(&mut said, &mut empty_run);
    let needs = needed(board, house.cells);
    let end = if needs.is_empty() {
        "Complete.".to_string()
    } else {
        format!("Needs {}.", digit_list(needs))
    };
    format!("{}: {}. {end}", house.name, said.join(", "))
}

/// "Row 3 needs 4, 6; column 5 needs 4, 9; box 2 needs 4. Candidates 4." — what the cell's
/// houses still need, then the cell's own candidates (or its digit, if it has one).
pub fn missing(board: &Grid, cell: Cell, houses: &[Heard], candidates: DigitSet) -> String {
    let parts: Vec<String> = houses
        .iter()
        .map(|house| {
            let needs = needed(board, house.cells);
            let name = lower(house.name);
            if needs.is_empty() {
                format!("{name} is complete")
            } else {
                format!("{name} needs {}", digit_list(needs))
            }
        })
        .collect();
    let own = match board.get(cell) {
        Some(digit) => format!("This cell holds {}.", digit.get()),
        None if candidates.is_empty() => "No candidate is left here.".to_string(),
        None => format!("Candidates {}.", digit_list(candidates)),
    };
    format!("{}. {own}", capital(&parts.join("; ")))
}

/// "7 is placed 4 times: row 1, column 3; row 5, column 8; …. In box 2 it can go in row 2,
/// column 5 or row 3, column 4. Row 3 has it in column 9. …" — where `digit` stands, then for
/// each of the cell's houses where it stands there or where it can still go (`can_go`: the empty
/// cells that still have it as a candidate).
pub fn where_is(board: &Grid, digit: Digit, houses: &[Heard], can_go: CellSet) -> String {
    let placed: Vec<Cell> = Cell::all()
        .filter(|&c| board.get(c) == Some(digit))
        .collect();
    let d = digit.get();
    let mut said = match placed.len() {
        0 => format!("{d} is not placed yet."),
        9 => format!("{d} is placed in every house."),
        1 => format!("{d} is placed once: {}.", cell_words(placed[0])),
        n => format!(
            "{d} is placed {n} times: {}.",
            placed
                .iter()
                .map(|&c| cell_words(c))
                .collect::<Vec<_>>()
                .join("; ")
        ),
    };
    for house in houses {
        let name = lower(house.name);
        let here = house.cells.iter().find(|&c| board.get(c) == Some(digit));
        let sentence = match here {
            Some(cell) => format!(" {} has it at {}.", house.name, cell_words(cell)),
            None => {
                let spots: Vec<String> = (house.cells & can_go).iter().map(cell_words).collect();
                match spots.len() {
                    0 => format!(" In {name} it can go nowhere: a mistake is on the board."),
                    1 => format!(" In {name} it can go only in {}.", spots[0]),
                    _ => format!(" In {name} it can go in {}.", spots.join(" or ")),
                }
            }
        };
        said.push_str(&sentence);
    }
    said
}

/// "Row 3, column 5, box 2": where the cell is.
pub fn position(cell: Cell, box_name: &str) -> String {
    format!("{}, {}", capital(&cell_words(cell)), lower(box_name))
}

/// The next empty cell after `from` in reading order (the one before it, if not `forward`),
/// around the board's end; from no cell, the first (or last) empty one. `None` when the board
/// is full.
pub fn next_empty(board: &Grid, from: Option<Cell>, forward: bool) -> Option<Cell> {
    let start = from.map_or(if forward { 80 } else { 0 }, Cell::index);
    (1..=81)
        .map(|step| {
            let index = if forward {
                (start + step) % 81
            } else {
                (start + 81 - step % 81) % 81
            };
            Cell::ALL[index]
        })
        .find(|&cell| board.get(cell).is_none())
}

/// The digits missing from the cells.
fn needed(board: &Grid, cells: CellSet) -> DigitSet {
    let placed: DigitSet = cells.iter().filter_map(|cell| board.get(cell)).collect();
    DigitSet::ALL - placed
}

/// "1, 4, 6".
fn digit_list(digits: DigitSet) -> String {
    digits
        .iter()
        .map(|digit| digit.get().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn capital(text: &str) -> String {
    capitalized(text)
}

fn lower(text: &str) -> String {
    text.to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A classic puzzle, rows as text.
    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn board() -> Grid {
        Grid::parse(PUZZLE).expect("a puzzle")
    }

    fn digit(d: u8) -> Digit {
        Digit::new(d).expect("1 to 9")
    }

    fn row(index: u8) -> (String, CellSet) {
        (format!("Row {}", index + 1), House::row(index).cell_set())
    }

    #[test]
    fn a_house_is_read_in_order_runs_of_empty_cells_counted_then_what_it_needs() {
        let board = board();
        let (name, cells) = row(0);
        assert_eq!(
            read_house(&board, &Heard { name: &name, cells }),
            "Row 1: 5, 3, 2 empty, 7, 4 empty. Needs 1, 2, 4, 6, 8, 9."
        );
        let column = Heard {
            name: "Column 9",
            cells: House::column(8).cell_set(),
        };
        assert_eq!(
            read_house(&board, &column),
            "Column 9: 3 empty, 3, 1, 6, empty, 5, 9. Needs 2, 4, 7, 8."
        );
        let solution = board.solve().expect("one solution");
        assert_eq!(
            read_house(&solution, &Heard { name: &name, cells }),
            "Row 1: 5, 3, 4, 6, 7, 8, 9, 1, 2. Complete."
        );
    }

    #[test]
    fn missing_says_each_house_s_needs_then_the_cell_s_candidates() {
        let board = board();
        let cell = Cell::at(0, 2);
        let houses = [
            Heard {
                name: "Row 1",
                cells: House::row(0).cell_set(),
            },
            Heard {
                name: "Column 3",
                cells: House::column(2).cell_set(),
            },
            Heard {
                name: "Box 1",
                cells: House::box_at(0).cell_set(),
            },
        ];
        let candidates: DigitSet = [1, 2, 4].map(digit).into_iter().collect();
        assert_eq!(
            missing(&board, cell, &houses, candidates),
            "Row 1 needs 1, 2, 4, 6, 8, 9; column 3 needs 1, 2, 3, 4, 5, 6, 7, 9; box 1 needs 1, 2, 4, 7. Candidates 1, 2, 4."
        );
        assert!(
            missing(&board, Cell::at(0, 0), &houses, DigitSet::EMPTY)
                .ends_with("This cell holds 5.")
        );
    }

    #[test]
    fn where_is_says_where_a_digit_stands_and_where_it_can_go_in_each_house() {
        let board = board();
        let houses = [
            Heard {
                name: "Row 1",
                cells: House::row(0).cell_set(),
            },
            Heard {
                name: "Box 1",
                cells: House::box_at(0).cell_set(),
            },
        ];
        let can_go = [Cell::at(0, 5), Cell::at(0, 7), Cell::at(1, 1)]
            .into_iter()
            .collect();
        assert_eq!(
            where_is(&board, digit(8), &houses, can_go),
            "8 is placed 5 times: row 3, column 3; row 4, column 1; row 5, column 4; row 7, column 8; row 9, column 5. \
             In row 1 it can go in row 1, column 6 or row 1, column 8. Box 1 has it at row 3, column 3."
        );
        let nowhere = where_is(&board, digit(2), &houses[..1], CellSet::EMPTY);
        assert!(nowhere.starts_with("2 is placed 2 times"), "{nowhere}");
        assert!(nowhere.ends_with("In row 1 it can go nowhere: a mistake is on the board."));
    }

    #[test]
    fn the_next_empty_cell_wraps_around_the_board_both_ways() {
        let board = board();
        assert_eq!(next_empty(&board, None, true), Some(Cell::at(0, 2)));
        assert_eq!(
            next_empty(&board, Some(Cell::at(0, 2)), true),
            Some(Cell::at(0, 3))
        );
        assert_eq!(
            next_empty(&board, Some(Cell::at(0, 4)), true),
            Some(Cell::at(0, 5))
        );
        assert_eq!(
            next_empty(&board, Some(Cell::at(8, 6)), true),
            Some(Cell::at(0, 2))
        );
        assert_eq!(
            next_empty(&board, Some(Cell::at(0, 2)), false),
            Some(Cell::at(8, 6))
        );
        assert_eq!(next_empty(&board, None, false), Some(Cell::at(8, 6)));
        let full = board.solve().expect("one solution");
        assert_eq!(next_empty(&full, Some(Cell::at(4, 4)), true), None);
        assert_eq!(position(Cell::at(2, 4), "Box 2"), "Row 3, column 5, box 2");
    }
}
