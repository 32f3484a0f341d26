//! An extra region: one to nine cells with no digit twice besides the rows, columns and regions
//! (nine hold each digit once). Windoku's four windows are extra regions, named and drawn as
//! windows. f-puzzles lists them in `extraregion`, each with its `cells`.

use super::Constrain;
use super::drawing::Drawing;
use super::lowered::Check;
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{
    Document, Entry, Fields, FormatError, entries, entry_cells, names,
};
use crate::variant::{CellName, Group, RulesError};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExtraRegion {
    pub cells: CellSet,
}

/// The cells of Windoku's four windows: rows 2–4 and 6–8 by columns 2–4 and 6–8.
pub fn windows() -> [CellSet; 4] {
    [(1, 1), (1, 5), (5, 1), (5, 5)].map(|(top, left)| {
        (0..3)
            .flat_map(|r| (0..3).map(move |c| Cell::at(top + r, left + c)))
            .collect()
    })
}

impl ExtraRegion {
    /// Which of Windoku's windows it is, if one.
    pub fn window(&self) -> Option<u8> {
        let window = windows().iter().position(|&window| window == self.cells)?;
        Some(window as u8)
    }
}

impl Constrain for ExtraRegion {
    fn validate(&self) -> Result<(), RulesError> {
        let count = self.cells.len();
        if (1..=9).contains(&count) {
            return Ok(());
        }
        let at = CellName(self.cells.first().unwrap_or(Cell::at(0, 0)));
        Err(RulesError::ExtraRegionSize { at, count })
    }

    fn groups(&self, groups: &mut Vec<(Group, CellSet)>) {
        let name = match self.window() {
            Some(window) => Group::Window(window),
            None => {
                let before = groups
                    .iter()
                    .filter(|(name, _)| matches!(name, Group::ExtraRegion(_)))
                    .count();
                Group::ExtraRegion(before as u16)
            }
        };
        groups.push((name, self.cells));
    }

    fn cells(&self) -> CellSet {
        self.cells
    }

    fn rule() -> &'static str {
        "an extra region holds no digit twice"
    }

    /// Its groups say all of it.
    fn lower(&self, _checks: &mut Vec<Check>) -> bool {
        true
    }

    fn noun(&self) -> &'static str {
        match self.window() {
            Some(_) => "window",
            None => "extra region",
        }
    }

    fn describe(&self) -> String {
        match self.window() {
            Some(window) => Group::Window(window).to_string(),
            None => format!(
                "the extra region at {}",
                self.cells.first().unwrap_or(Cell::at(0, 0))
            ),
        }
    }

    fn draw(&self, drawing: &mut Drawing) {
        if self.window().is_some() {
            drawing.shade("window fp-extraregion", self.cells, 300);
        } else {
            drawing.shade_cells("extra-region fp-extraregion", self.cells.iter());
        }
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["extraregion"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<ExtraRegion>, FormatError> {
        entries(document, "extraregion")?
            .into_iter()
            .map(|entry| {
                let cells = entry_cells(entry, "extraregion")?;
                Ok(ExtraRegion { cells })
            })
            .collect()
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        let cells = names(self.cells);
        document.push(
            "extraregion",
            Entry {
                cells,
                ..Entry::default()
            },
        );
    }
}
