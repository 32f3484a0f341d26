//! A Killer cage: one to nine cells whose digits differ and, when it has a sum, add up to it.
//! f-puzzles lists cages in `killercage`, each with its `cells` and its sum as `value` (a string
//! or a number, absent or empty for none).

use super::Constrain;
use super::drawing::Drawing;
use crate::cell::Cell;
use crate::layout::{Layout, combinations};
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::{Document, Entry, Fields, FormatError, entries, entry_cells, names};
use crate::variant::search::{ALL_DIGITS, Compiled, Dead, Propagate, State};
use crate::variant::{CellName, Group, RulesError, Violation};

// The cage's data is the layout's, as the explaining solver's sum techniques read cages below the
// rules (the layout importing the rules would make the two import each other); its rule is here.
pub use crate::layout::Cage;

impl Constrain for Cage {
    fn validate(&self) -> Result<(), RulesError> {
        let count = self.cells.len();
        if (1..=9).contains(&count) {
            return Ok(());
        }
        let at = CellName(self.first());
        Err(RulesError::CageSize { at, count })
    }

    fn groups(&self, groups: &mut Vec<(Group, CellSet)>) {
        groups.push((Group::Cage(self.first()), self.cells));
    }

    /// Its digits must reach its sum: each open cell adds one at least, and a full cage adds up
    /// to it exactly.
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let sum = self.sum?;
        let (mut total, mut open) = (0u32, 0u32);
        for cell in self.cells.iter() {
            match values[cell.index()] {
                0 => open += 1,
                value => total += u32::from(value),
            }
        }
        let fits = total + open <= u32::from(sum) && (open > 0 || total == u32::from(sum));
        (!fits).then_some(Violation::Sum {
            cage: self.first(),
            sum,
        })
    }

    fn propagator(&self) -> Option<Box<dyn Propagate>> {
        let cells = self.cells.iter().map(|cell| cell.index() as u8).collect();
        let sum = usize::from(self.sum?);
        Some(Box::new(CageSum { cells, sum }))
    }

    fn lay_out(&self, layout: &mut Layout) {
        layout.add_cage(self.clone());
    }

    /// A dashed outline inside its cells, and its sum in its first cell's corner.
    fn draw(&self, drawing: &mut Drawing) {
        drawing.outline("cage", self.cells);
        if let Some(sum) = self.sum {
            drawing.corner_text("cage-sum", self.first(), sum);
        }
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["killercage"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Cage>, FormatError> {
        entries(document, "killercage")?
            .into_iter()
            .map(|entry| {
                let cells = entry_cells(entry, "killercage")?;
                let at = CellName(cells.first().unwrap_or(Cell::at(0, 0)));
                let sum = read_sum(entry.get("value"), at)?;
                Ok(Cage { cells, sum })
            })
            .collect()
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        let cells = names(self.cells);
        let value = self.sum.map(|sum| sum.to_string());
        document.push("killercage", Entry { cells, value });
    }
}

/// A cage's sum in f-puzzles: absent or empty for none, else a whole number 1–45, as a string or
/// a number.
#[cfg(feature = "fpuzzles")]
fn read_sum(value: Option<&serde_json::Value>, at: CellName) -> Result<Option<u8>, FormatError> {
    use serde_json::Value;
    let text = match value {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(text)) if text.trim().is_empty() => return Ok(None),
        Some(Value::String(text)) => text.trim().to_string(),
        Some(other) => other.to_string(),
    };
    match text.parse::<u8>() {
        Ok(sum @ 1..=45) if !text.starts_with('+') => Ok(Some(sum)),
        _ => Err(FormatError::CageSum { sum: text, at }),
    }
}

/// A cage with a sum as the search reads it: its cells' indices and its sum.
struct CageSum {
    cells: Vec<u8>,
    sum: usize,
}

impl Propagate for CageSum {
    /// Keeps in the open cells only the digits of the combinations that the remaining sum, the
    /// open cells' count and their candidates allow; a digit that every such combination holds
    /// and one open cell can take goes there.
    fn propagate(&self, state: &mut State, rules: &Compiled) -> Result<bool, Dead> {
        let mut changed = false;
        let (mut placed_digits, mut placed_sum, mut open, mut reachable) = (0u16, 0, 0, 0u16);
        for &cell in &self.cells {
            let candidates = state.candidates[cell as usize];
            if state.is_placed(cell as usize) {
                placed_digits |= candidates;
                placed_sum += candidates.trailing_zeros() as usize + 1;
            } else {
                open += 1;
                reachable |= candidates;
            }
        }
        let Some(left) = self.sum.checked_sub(placed_sum) else {
            return Err(Dead);
        };
        let (mut allowed, mut required) = (0, ALL_DIGITS);
        for &set in combinations(open, left) {
            if set & placed_digits == 0 && set & !reachable == 0 {
                allowed |= set;
                required &= set;
            }
        }
        if allowed == 0 {
            // No combination, or none needed: an open cage with nothing left to add.
            return if open == 0 && left == 0 {
                Ok(false)
            } else {
                Err(Dead)
            };
        }
        for &cell in &self.cells {
            if !state.is_placed(cell as usize) {
                changed |= state.narrow(cell as usize, allowed, rules)?;
            }
        }
        // A digit every combination holds, with one cell left for it (perhaps placed by the
        // narrowing just done).
        let mut required = required & !placed_digits;
        while required != 0 {
            let bit = required & required.wrapping_neg();
            required &= required - 1;
            let mut holders = self
                .cells
                .iter()
                .map(|&cell| cell as usize)
                .filter(|&cell| state.candidates[cell] & bit != 0);
            match (holders.next(), holders.next()) {
                (None, _) => return Err(Dead),
                (Some(cell), None) => changed |= state.narrow(cell, bit, rules)?,
                _ => {}
            }
        }
        Ok(changed)
    }
}
