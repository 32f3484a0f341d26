//! Anti-knight and anti-king: no digit repeats a chess knight's move away, or a king's move
//! away (a diagonal step, as the rows and columns already forbid the others). f-puzzles marks
//! each by a flag, `antiknight` and `antiking`. The cells a move apart are peers, so singles,
//! subsets and chains read the rule; nothing is drawn.

use super::Constrain;
use super::drawing::Drawing;
use super::lowered::Check;
use crate::cell::Cell;
use crate::sets::CellSet;
use crate::variant::Violation;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{Document, Fields, FormatError, boolean, field};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Chess {
    Antiknight,
    Antiking,
}

impl Chess {
    pub const BOTH: [Chess; 2] = [Chess::Antiknight, Chess::Antiking];

    /// The moves, as (rows, columns).
    fn moves(self) -> &'static [(i8, i8)] {
        match self {
            Chess::Antiknight => &[
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1),
            ],
            Chess::Antiking => &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
        }
    }

    /// The cells a move away from `cell`.
    pub fn reach(self, cell: Cell) -> CellSet {
        let (row, col) = (cell.row() as i8, cell.col() as i8);
        self.moves()
            .iter()
            .map(|&(dr, dc)| (row + dr, col + dc))
            .filter(|(r, c)| (0..9).contains(r) && (0..9).contains(c))
            .map(|(r, c)| Cell::at(r as u8, c as u8))
            .collect()
    }
}

impl Constrain for Chess {
    /// Each cell sees the cells a move away.
    fn add_peers(&self, peers: &mut [CellSet; Cell::COUNT]) {
        for cell in Cell::all() {
            peers[cell.index()] |= self.reach(cell);
        }
    }

    /// The first cell with its digit a move away.
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let repeated = Cell::all().find(|&cell| {
            let value = values[cell.index()];
            value != 0
                && self
                    .reach(cell)
                    .iter()
                    .any(|other| values[other.index()] == value)
        })?;
        Some(Violation::Broken {
            rule: self.broken_rule(),
            at: repeated,
        })
    }

    fn cells(&self) -> CellSet {
        CellSet::ALL
    }

    /// Cells a move apart differ: their peers already, named for a repeat.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        for cell in Cell::all() {
            for other in self
                .reach(cell)
                .iter()
                .filter(|other| other.index() > cell.index())
            {
                checks.push(Check::differ([cell, other]));
            }
        }
        true
    }

    fn noun(&self) -> &'static str {
        match self {
            Chess::Antiknight => "anti-knight rule",
            Chess::Antiking => "anti-king rule",
        }
    }

    fn describe(&self) -> String {
        match self {
            Chess::Antiknight => "the anti-knight rule".to_string(),
            Chess::Antiking => "the anti-king rule".to_string(),
        }
    }

    /// A rule of the whole grid marks no cell.
    fn describe_cells(&self, _said: &mut dyn FnMut(Cell, String)) {}

    fn rule() -> &'static str {
        "no digit repeats a knight's move away (anti-knight) or a king's move away (anti-king)"
    }

    fn broken_rule(&self) -> &'static str {
        match self {
            Chess::Antiknight => "no digit repeats a knight's move away",
            Chess::Antiking => "no digit repeats a king's move away",
        }
    }

    /// Its checks are pairs of cells a move apart.
    fn said_of_broken_cells(&self) -> Option<&'static str> {
        Some(match self {
            Chess::Antiknight => "are a knight's move apart",
            Chess::Antiking => "are a king's move apart",
        })
    }

    /// A rule of the whole grid: nothing to draw.
    fn draw(&self, _drawing: &mut Drawing) {}

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_field(&self) -> &'static str {
        match self {
            Chess::Antiknight => "antiknight",
            Chess::Antiking => "antiking",
        }
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["antiknight", "antiking"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Chess>, FormatError> {
        let mut rules = Vec::new();
        for chess in Chess::BOTH {
            let key = chess.fpuzzles_field();
            if field(document, key).map_or(Ok(false), |on| boolean(on, key))? {
                rules.push(chess);
            }
        }
        Ok(rules)
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.set(self.fpuzzles_field());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;

    #[test]
    fn cells_a_move_away_are_peers() {
        let cell = Cell::at(2, 2);
        let knight = Rules::classic().with([Chess::Antiknight]).unwrap();
        // Of its eight knight's moves, r1c2 and r2c1 are in its box already.
        let peers = knight.peers()[cell.index()];
        assert_eq!(peers.len(), 20 + 6);
        assert!(peers.contains(Cell::at(4, 3)) && peers.contains(Cell::at(1, 4)));
        assert_eq!(Chess::Antiknight.reach(Cell::at(0, 0)).len(), 2);
        // Of its four diagonal steps, r2c2 is in its box already.
        let king = Rules::classic().with([Chess::Antiking]).unwrap();
        assert_eq!(king.peers()[cell.index()].len(), 20 + 3);
    }

    #[test]
    fn a_digit_a_move_away_breaks_it() {
        let rules = Rules::classic().with(Chess::BOTH).unwrap();
        let mut values = [0; Cell::COUNT];
        values[Cell::at(0, 0).index()] = 5;
        values[Cell::at(3, 4).index()] = 5;
        assert_eq!(rules.check(&values), Ok(()));
        values[Cell::at(2, 3).index()] = 5;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r3c4: no digit repeats a king's move away"
        );
        values[Cell::at(2, 3).index()] = 0;
        values[Cell::at(1, 5).index()] = 5;
        assert!(rules.check(&values).is_err());
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn the_flags_are_read_from_f_puzzles_and_nothing_is_drawn() {
        use crate::variant::fpuzzles::{read, to_json};
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let json = format!(r#"{{"size":9,"grid":{grid},"antiking":true,"antiknight":false}}"#);
        let puzzle = read(&json).unwrap();
        assert_eq!(puzzle.rules.constraints(), [Chess::Antiking.into()]);
        let written = to_json(&puzzle);
        assert!(written.contains(r#""antiking":true"#), "{written}");
        assert!(!written.contains("antiknight"), "{written}");
        assert_eq!(read(&written), Ok(puzzle.clone()));
        assert_eq!(puzzle.rules.drawing(), "");
        let json = format!(r#"{{"size":9,"grid":{grid},"antiknight":"yes"}}"#);
        assert!(read(&json).is_err());
    }
}
