//! A Killer cage: one to nine cells whose digits differ and, when it has a sum, add up to it.
//! f-puzzles lists cages in `killercage`, each with its `cells` and its sum as `value` (a string
//! or a number, absent or empty for none).

use std::fmt::Write;

use super::drawing::{Drawing, INSET, outline_data};
use super::lowered::Check;
use super::{Constrain, Dead, Narrow};
use crate::cell::Cell;
use crate::combinations::combinations;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{
    Document, Entry, Fields, FormatError, entries, entry_cells, names,
};
use crate::variant::{CellName, Group, RulesError, Violation};

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cage {
    pub cells: CellSet,
    pub sum: Option<u8>,
}

impl Cage {
    /// Its first cell in reading order, where its sum is written.
    pub fn first(&self) -> Cell {
        self.cells.first().unwrap_or(Cell::ALL[0])
    }
}

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

    fn cells(&self) -> CellSet {
        self.cells
    }

    fn fixed_sum(&self) -> Option<u8> {
        self.sum
    }

    /// Keeps in the open cells only the digits of the combinations that the remaining sum, the
    /// open cells' count and their candidates allow; a digit that every such combination holds
    /// and one open cell can take goes there.
    fn narrows_slowly(&self) -> bool {
        true
    }

    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        let Some(sum) = self.sum else {
            return Ok(false);
        };
        let mut changed = false;
        let (mut placed_digits, mut placed_sum, mut open, mut reachable) = (0u16, 0, 0, 0u16);
        for cell in self.cells.iter() {
            let digits = marks.digits(cell);
            if digits.count_ones() == 1 {
                placed_digits |= digits;
                placed_sum += digits.trailing_zeros() as usize + 1;
            } else {
                open += 1;
                reachable |= digits;
            }
        }
        let Some(left) = usize::from(sum).checked_sub(placed_sum) else {
            return Err(Dead);
        };
        let (mut allowed, mut required) = (0, 0x1ff);
        for &set in combinations(open, left) {
            if set & placed_digits == 0 && set & !reachable == 0 {
                allowed |= set;
                required &= set;
            }
        }
        if allowed == 0 {
            // No combination, or none needed: a full cage with nothing left to add.
            return if open == 0 && left == 0 {
                Ok(false)
            } else {
                Err(Dead)
            };
        }
        for cell in self.cells.iter() {
            if marks.digits(cell).count_ones() > 1 {
                changed |= marks.keep(cell, allowed)?;
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
                .filter(|&cell| marks.digits(cell) & bit != 0);
            match (holders.next(), holders.next()) {
                (None, _) => return Err(Dead),
                (Some(cell), None) => changed |= marks.keep(cell, bit)?,
                _ => {}
            }
        }
        Ok(changed)
    }

    fn rule() -> &'static str {
        "a cage's digits differ and add up to its sum"
    }

    /// Its digits differ (a group, which the player's program reads with the cage) and add up
    /// to its sum.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        if let Some(sum) = self.sum {
            let terms = self.cells.iter().map(|cell| (cell, 1)).collect();
            checks.push(Check::Sum {
                terms,
                total: i16::from(sum),
            });
        }
        true
    }

    fn noun(&self) -> &'static str {
        "cage"
    }

    fn describe(&self) -> String {
        format!("the cage at {}", self.first())
    }

    /// The page names a cell's cage itself, with its sum and size.
    fn describe_cells(&self, _said: &mut dyn FnMut(Cell, String)) {}

    /// One group on the top layer: an outline (`cage`) inside its cells and, when given, its sum
    /// (`cage-sum`) in the top left corner of its first cell.
    fn draw(&self, drawing: &mut Drawing) {
        let svg = drawing.top_layer();
        svg.push_str(r#"<g class="fp-killercage"><path class="cage" d=""#);
        outline_data(svg, self.cells);
        svg.push_str(r#""/>"#);
        if let Some(sum) = self.sum {
            let first = self.cells.first().unwrap_or(Cell::ALL[0]);
            let x = i32::from(first.col()) * 100 + INSET + 3;
            let y = i32::from(first.row()) * 100 + INSET + 22;
            let _ = write!(
                svg,
                r#"<text class="cage-sum" x="{x}" y="{y}">{sum}</text>"#
            );
        }
        svg.push_str("</g>");
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
        document.push(
            "killercage",
            Entry {
                cells,
                value,
                ..Entry::default()
            },
        );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;

    #[test]
    fn a_cage_is_outlined_inside_its_cells_with_its_sum_in_its_first_corner() {
        let cage = Cage {
            cells: CellSet::at(&[(0, 0), (0, 1)]),
            sum: Some(15),
        };
        let svg = Rules::classic().with([cage]).unwrap().drawing();
        assert!(
            svg.starts_with(r#"<g data-rule="0"><g class="fp-killercage"><path class="cage" d=""#),
            "{svg}"
        );
        assert_eq!(svg.matches(r#"class="cage""#).count(), 1);
        assert!(
            svg.contains(r#"<text class="cage-sum" x="10" y="29">15</text>"#),
            "{svg}"
        );
        // The top side runs from inside the first cell across the joint to inside the second.
        assert!(svg.contains("M100 7L7 7"), "{svg}");
        assert!(svg.contains("M193 7L100 7"), "{svg}");
        // No side between the two cells.
        assert!(!svg.contains("M93 "), "{svg}");
    }

    #[test]
    fn an_l_shaped_cage_turns_around_its_inner_corner() {
        let cage = Cage {
            cells: CellSet::at(&[(0, 0), (1, 0), (1, 1)]),
            sum: None,
        };
        let svg = Rules::classic().with([cage]).unwrap().drawing();
        // The right side of r1c1 goes down past its cell to meet the top side of r2c2.
        assert!(svg.contains("M93 7L93 107"), "{svg}");
        assert!(svg.contains("M193 107L93 107"), "{svg}");
        assert!(!svg.contains("cage-sum"));
    }
}
