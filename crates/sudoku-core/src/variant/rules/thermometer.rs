//! A thermometer: digits strictly increase along its line from the bulb, its first cell.
//! f-puzzles lists thermometers in `thermometer`, each entry with `lines` (one or more lines
//! from one bulb, each its cells in order); each line is a thermometer here, written back as an
//! entry of its own.

use super::drawing::Drawing;
use super::line::digits_from_to;
use super::lowered::{Check, pairs_along};
use super::{Constrain, Dead, Narrow, each_on, line};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{Document, Fields, FormatError, line_entry, read_lines};
use crate::variant::{CellName, RulesError, Violation};
use crate::words::number_word;

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Thermometer {
    /// From the bulb to the tip.
    pub cells: Vec<Cell>,
}

impl Thermometer {
    fn bulb(&self) -> Cell {
        self.cells.first().copied().unwrap_or(Cell::ALL[0])
    }
}

impl Constrain for Thermometer {
    /// Two to nine distinct cells, each next to the one before (diagonally too).
    fn validate(&self) -> Result<(), RulesError> {
        let at = CellName(self.bulb());
        let cells: CellSet = self.cells.iter().copied().collect();
        let joined = self.cells.windows(2).all(|pair| {
            pair[0].row().abs_diff(pair[1].row()) <= 1 && pair[0].col().abs_diff(pair[1].col()) <= 1
        });
        if !(2..=9).contains(&self.cells.len())
            || cells.len() as usize != self.cells.len()
            || !joined
        {
            return Err(RulesError::Line {
                kind: "thermometer",
                at,
            });
        }
        Ok(())
    }

    /// Its digits all differ.
    fn add_peers(&self, peers: &mut [CellSet; Cell::COUNT]) {
        let cells: CellSet = self.cells.iter().copied().collect();
        for &cell in &self.cells {
            peers[cell.index()] |= cells;
        }
    }

    /// Each digit more than the one before, and room below and above it on the line.
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let length = self.cells.len();
        let mut last: Option<(usize, u8)> = None;
        for (i, &cell) in self.cells.iter().enumerate() {
            let value = values[cell.index()];
            if value == 0 {
                continue;
            }
            let room = usize::from(value) > i && usize::from(value) + (length - 1 - i) <= 9;
            let rises = last.is_none_or(|(j, before)| {
                usize::from(value - before.min(value)) >= i - j && value > before
            });
            if !room || !rises {
                return Some(Violation::Broken {
                    rule: self.broken_rule(),
                    at: self.bulb(),
                });
            }
            last = Some((i, value));
        }
        None
    }

    fn cells(&self) -> CellSet {
        self.cells.iter().copied().collect()
    }

    /// Each cell is above the smallest digit the cell before can take, and below the largest the
    /// cell after can take.
    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        let mut changed = false;
        // Digits above `floor`: bits from `floor` (digit floor + 1) up.
        let above = |floor: u32| 0x1ffu16 << floor & 0x1ff;
        let below = |ceiling: u32| (1u16 << (ceiling - 1)) - 1;
        let mut floor = 0;
        for &cell in &self.cells {
            changed |= marks.keep(cell, above(floor))?;
            floor = marks.digits(cell).trailing_zeros() + 1;
        }
        let mut ceiling = 10;
        for &cell in self.cells.iter().rev() {
            changed |= marks.keep(cell, below(ceiling))?;
            ceiling = 16 - marks.digits(cell).leading_zeros();
        }
        Ok(changed)
    }

    /// Each cell has room for the cells below and above it, and each two cells are as far
    /// apart as the cells between them.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        let length = self.cells.len();
        for (i, &cell) in self.cells.iter().enumerate() {
            let digits = digits_from_to(i as i32 + 1, 9 - (length - 1 - i) as i32);
            checks.push(Check::Digits { cell, digits });
        }
        pairs_along(&self.cells, checks, |i, j| {
            std::array::from_fn(|d| digits_from_to(d as i32 + 1 + (j - i) as i32, 9))
        });
        true
    }

    fn noun(&self) -> &'static str {
        "thermometer"
    }

    fn describe(&self) -> String {
        format!("the thermometer from {}", self.bulb())
    }

    fn describe_cells(&self, said: &mut dyn FnMut(Cell, String)) {
        let (bulb, rest) = self.cells.split_first().unwrap_or((&Cell::ALL[0], &[]));
        said(*bulb, "thermometer bulb".into());
        each_on(rest.iter().copied().collect(), &self.describe(), said);
    }

    /// Each bound that took digits, with where it comes from: the cells below or above it on
    /// the thermometer, or the smallest or largest digit of its neighbour.
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let last = self.cells.len() - 1;
        let mut bounds = Vec::new();
        for (i, &cell) in self.cells.iter().enumerate() {
            let (low, high) = line::bounds(before.digits(cell));
            if i > 0 {
                let floor = line::bounds(after.digits(self.cells[i - 1])).0;
                if floor + 1 > low {
                    let why = if floor as usize == i {
                        format!("{} below it", cells_word(i))
                    } else {
                        format!("{} below it is {floor} at least", self.cells[i - 1])
                    };
                    bounds.push(format!("{cell} ≥ {} ({why})", floor + 1));
                }
            }
            if i < last {
                let ceiling = line::bounds(after.digits(self.cells[i + 1])).1;
                if ceiling - 1 < high {
                    let why = if ceiling as usize == 10 - (last - i) {
                        format!("{} above it", cells_word(last - i))
                    } else {
                        format!("{} above it is {ceiling} at most", self.cells[i + 1])
                    };
                    bounds.push(format!("{cell} ≤ {} ({why})", ceiling - 1));
                }
            }
        }
        format!("{} rises, so {}", self.describe(), bounds.join(", "))
    }

    fn rule() -> &'static str {
        "digits increase along a thermometer from its bulb"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Thermometer",
            "Digits rise along a thermometer from its bulb, one step at least from cell to \
             cell: a cell is more than the smallest digit the cell before it can take, and less \
             than the largest the cell after it can take. On a thermometer of four cells, the \
             bulb is 6 at most and the tip 4 at least.",
        ))
    }

    /// A bulb and a line from it to the tip.
    fn draw(&self, drawing: &mut Drawing) {
        drawing.figure("fp-thermometer", &[(self.bulb(), 35)], &self.cells, false);
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["thermometer"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Thermometer>, FormatError> {
        read_lines(document, "thermometer", |cells| Thermometer { cells })
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.push("thermometer", line_entry(&self.cells));
    }
}

/// "one cell", "two cells" …
fn cells_word(count: usize) -> String {
    match count {
        1 => "one cell".to_string(),
        count => format!("{} cells", number_word(count as u32)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;
    use crate::variant::rules::Marks;

    fn thermometer(cells: &[(u8, u8)]) -> Thermometer {
        Thermometer {
            cells: cells.iter().map(|&(r, c)| Cell::at(r, c)).collect(),
        }
    }

    #[test]
    fn bounds_run_both_ways_along_the_line() {
        let thermo = thermometer(&[(0, 0), (0, 1), (0, 2), (0, 3)]);
        let mut marks = Marks([0x1ff; Cell::COUNT]);
        assert_eq!(thermo.narrow(&mut marks), Ok(true));
        // Bulb 1–6, then 2–7, 3–8, tip 4–9.
        assert_eq!(marks.0[0], 0b000_111_111);
        assert_eq!(marks.0[3], 0b111_111_000);
        // A 5 known in the second cell: the bulb is below it, the third cell above.
        marks.0[1] = 1 << 4;
        thermo.narrow(&mut marks).unwrap();
        assert_eq!(marks.0[0], 0b1111);
        assert_eq!(marks.0[2], 0b011_100_000);
        marks.0[2] = 1 << 4;
        assert_eq!(thermo.narrow(&mut marks), Err(Dead));
    }

    #[test]
    fn a_grid_breaks_it_when_digits_do_not_rise_or_leave_no_room() {
        let rules = Rules::classic()
            .with([thermometer(&[(1, 1), (2, 1), (3, 1)])])
            .unwrap();
        let mut values = [0; Cell::COUNT];
        values[Cell::at(1, 1).index()] = 3;
        values[Cell::at(3, 1).index()] = 5;
        assert_eq!(rules.check(&values), Ok(()));
        values[Cell::at(3, 1).index()] = 4;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r2c2: digits increase along a thermometer from its bulb"
        );
        values[Cell::at(3, 1).index()] = 0;
        values[Cell::at(1, 1).index()] = 8;
        assert!(rules.check(&values).is_err());
    }

    #[test]
    fn a_broken_line_is_not_a_thermometer() {
        let apart = thermometer(&[(0, 0), (0, 2)]);
        assert!(Rules::classic().with([apart]).is_err());
        let twice = thermometer(&[(0, 0), (0, 1), (0, 0)]);
        assert!(Rules::classic().with([twice]).is_err());
    }
}
