//! Disjoint groups: the cells in the same place of each box (the nine top left cells, the nine
//! centres…) hold each digit once, nine groups of nine that the explaining solver reads as
//! houses. f-puzzles marks the rule by a flag, `disjointgroups`; nothing is drawn.

use super::Constrain;
use super::drawing::Drawing;
use super::lowered::Check;
use crate::cell::Cell;
use crate::sets::CellSet;
use crate::variant::Group;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{Document, Fields, FormatError, boolean, field};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DisjointGroups;

impl DisjointGroups {
    /// The cells in place `place` (0–8, in reading order within a box) of each box.
    pub fn group(place: u8) -> CellSet {
        Cell::all()
            .filter(|cell| cell.row() % 3 * 3 + cell.col() % 3 == place)
            .collect()
    }
}

impl Constrain for DisjointGroups {
    fn groups(&self, groups: &mut Vec<(Group, CellSet)>) {
        groups.extend((0..9).map(|place| (Group::Disjoint(place), DisjointGroups::group(place))));
    }

    fn cells(&self) -> CellSet {
        CellSet::ALL
    }

    /// Its groups say all of it.
    fn lower(&self, _checks: &mut Vec<Check>) -> bool {
        true
    }

    fn noun(&self) -> &'static str {
        "disjoint groups"
    }

    fn describe(&self) -> String {
        "the disjoint groups".to_string()
    }

    /// A rule of the whole grid marks no cell.
    fn describe_cells(&self, _said: &mut dyn FnMut(Cell, String)) {}

    fn rule() -> &'static str {
        "the cells in the same place of each box hold each digit once"
    }

    /// A rule of the whole grid: nothing to draw.
    fn draw(&self, _drawing: &mut Drawing) {}

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["disjointgroups"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<DisjointGroups>, FormatError> {
        let key = "disjointgroups";
        let on = field(document, key).map_or(Ok(false), |on| boolean(on, key))?;
        Ok(on.then_some(DisjointGroups).into_iter().collect())
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.set("disjointgroups");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::house::House;
    use crate::variant::Rules;

    #[test]
    fn the_same_place_of_each_box_is_a_house() {
        let centres = DisjointGroups::group(4);
        assert_eq!(centres.len(), 9);
        assert!(centres.contains(Cell::at(1, 1)) && centres.contains(Cell::at(7, 4)));
        let rules = Rules::classic().with([DisjointGroups]).unwrap();
        let layout = rules.layout();
        assert_eq!(layout.cells_of(House::disjoint_group(4)), centres);
        assert_eq!(House::disjoint_group(4).to_string(), "disjoint group 5");
        let mut values = [0; Cell::COUNT];
        values[Cell::at(0, 0).index()] = 3;
        values[Cell::at(3, 6).index()] = 3;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "two 3s in disjoint group 1: r1c1 and r4c7"
        );
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn the_flag_is_read_from_f_puzzles() {
        use crate::variant::fpuzzles::{read, to_json};
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let puzzle = read(&format!(
            r#"{{"size":9,"grid":{grid},"disjointgroups":true}}"#
        ))
        .unwrap();
        assert_eq!(puzzle.rules.constraints(), [DisjointGroups.into()]);
        assert_eq!(read(&to_json(&puzzle)), Ok(puzzle.clone()));
        assert_eq!(puzzle.rules.drawing(), "");
    }
}
