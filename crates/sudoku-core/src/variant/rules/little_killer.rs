//! A little killer: the digits along a diagonal, from a clue outside the grid in the direction
//! its arrow points, add up to the clue. Digits may repeat where no house forbids it.
//!
//! f-puzzles lists them in `littlekillersum`, each with its clue's `cell` outside the grid
//! (`R0C1`), its `direction` (`UL`, `UR`, `DL`, `DR`), its `value` and the diagonal's `cells`;
//! the diagonal is worked out from the clue and the direction, as f-puzzles' solver does. A clue
//! with no value says nothing and is read past.

use super::drawing::Drawing;
use super::lowered::Check;
use super::{Constrain, Dead, Narrow, Outside, sum};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{
    Document, Entry, Fields, FormatError, cell_names, entries, entry_number, not_json, required,
    text,
};
use crate::variant::{Group, RulesError, Violation};

/// Where a little killer's arrow points.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// One step, in rows and columns.
    fn step(self) -> (i8, i8) {
        match self {
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
        }
    }

    /// Its name in f-puzzles.
    #[cfg(feature = "fpuzzles")]
    fn key(self) -> &'static str {
        match self {
            Direction::UpLeft => "UL",
            Direction::UpRight => "UR",
            Direction::DownLeft => "DL",
            Direction::DownRight => "DR",
        }
    }

    fn words(self) -> &'static str {
        match self {
            Direction::UpLeft => "up left",
            Direction::UpRight => "up right",
            Direction::DownLeft => "down left",
            Direction::DownRight => "down right",
        }
    }
}

#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LittleKiller {
    /// Where the clue is written, outside the grid.
    pub clue: Outside,
    pub direction: Direction,
    pub sum: u8,
    /// The region of each cell of the diagonal, from the clue on, as the rules' regions are
    /// (each cell its own until they are fitted): cells of one region hold different digits.
    #[cfg_attr(feature = "serde", serde(skip, default = "unfitted"))]
    regions: [u8; 9],
    /// A second reading of the same kind: the group of each cell among those other groups of
    /// the rules hold with another cell of the diagonal (a disjoint group, a window…), each cell
    /// its own when none does; unfitted outside rules with such groups.
    #[cfg_attr(feature = "serde", serde(skip, default = "unfitted"))]
    apart: [u8; 9],
    /// The places of the diagonal's cells in the order of their groups of `apart`, so that
    /// each group is one run.
    #[cfg_attr(feature = "serde", serde(skip, default = "unfitted"))]
    apart_order: [u8; 9],
}

/// Regions that tell nothing: each cell of a diagonal in one of its own.
fn unfitted() -> [u8; 9] {
    std::array::from_fn(|i| i as u8)
}

/// A clue is its place, direction and sum; the regions follow from the rules.
impl PartialEq for LittleKiller {
    fn eq(&self, other: &LittleKiller) -> bool {
        (self.clue, self.direction, self.sum) == (other.clue, other.direction, other.sum)
    }
}

impl Eq for LittleKiller {}

impl LittleKiller {
    pub fn new(clue: Outside, direction: Direction, sum: u8) -> LittleKiller {
        LittleKiller {
            clue,
            direction,
            sum,
            regions: unfitted(),
            apart: unfitted(),
            apart_order: unfitted(),
        }
    }

    /// The diagonal's cells, from the clue on, without allocating: the cells and how many.
    fn diagonal_cells(&self) -> ([Cell; 9], usize) {
        let mut cells = [Cell::ALL[0]; 9];
        let mut count = 0;
        for steps in 1..=9 {
            let Some(cell) = self.clue.step(self.direction.step(), steps) else {
                break;
            };
            cells[count] = cell;
            count += 1;
        }
        (cells, count)
    }

    /// The diagonal's cells, from the clue on.
    pub fn diagonal(&self) -> Vec<Cell> {
        let (cells, count) = self.diagonal_cells();
        cells[..count].to_vec()
    }

    fn first(&self) -> Cell {
        self.clue
            .step(self.direction.step(), 1)
            .unwrap_or(Cell::ALL[0])
    }
}

impl Constrain for LittleKiller {
    /// A clue outside the grid whose arrow points into it.
    fn validate(&self) -> Result<(), RulesError> {
        if self.clue.is_outside() && self.clue.step(self.direction.step(), 1).is_some() {
            return Ok(());
        }
        Err(RulesError::Clue {
            kind: "littlekillersum",
            at: self.clue,
        })
    }

    /// The digits placed add up to the clue at most, each blank adding 1 at least; exactly once
    /// the diagonal is full.
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let (mut total, mut open) = (0u32, 0u32);
        for cell in self.diagonal() {
            match values[cell.index()] {
                0 => open += 1,
                digit => total += u32::from(digit),
            }
        }
        let sum = u32::from(self.sum);
        let fits = total + open <= sum && (open > 0 || total == sum);
        (!fits).then_some(Violation::Broken {
            rule: self.broken_rule(),
            at: self.first(),
        })
    }

    fn cells(&self) -> CellSet {
        self.diagonal().into_iter().collect()
    }

    fn fixed_sum(&self) -> Option<u8> {
        Some(self.sum)
    }

    fn fit_regions(&mut self, regions: &[u8; Cell::COUNT]) {
        let (cells, count) = self.diagonal_cells();
        self.regions = unfitted();
        for (region, cell) in self.regions.iter_mut().zip(&cells[..count]) {
            *region = regions[cell.index()];
        }
    }

    /// Groups beyond the regions that hold several cells of the diagonal, taken first come
    /// first counted: each cell is counted in one.
    fn fit_groups(&mut self, groups: &[(Group, CellSet)]) {
        let (cells, count) = self.diagonal_cells();
        let diagonal: CellSet = cells[..count].iter().copied().collect();
        self.apart = unfitted();
        let (mut counted, mut next) = (CellSet::EMPTY, 9);
        for &(_, group) in groups {
            let shared = (group & diagonal) - counted;
            if !shared.has_several() {
                continue;
            }
            for (apart, &cell) in self.apart.iter_mut().zip(&cells[..count]) {
                if shared.contains(cell) {
                    *apart = next;
                }
            }
            counted |= shared;
            next += 1;
        }
        // Group by group (each cell alone has its place for its group).
        let apart = self.apart;
        let mut places = (0..next).flat_map(|group| (0..count).filter(move |&i| apart[i] == group));
        self.apart_order = std::array::from_fn(|i| places.next().unwrap_or(i) as u8);
    }

    /// Each cell keeps the digits with which the others' candidates can make up the clue, the
    /// cells of one region taking different digits; then again with those of one group of the
    /// other reading taking different digits, when the rules give one.
    fn narrows_slowly(&self) -> bool {
        true
    }

    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        let (cells, count) = self.diagonal_cells();
        let allowed = if self.sum <= 127 { 1 << self.sum } else { 0 };
        let mut changed =
            sum::keep_run_totals(marks, &cells[..count], &self.regions[..count], allowed)?;
        if self.apart != unfitted() {
            let order = self.apart_order.map(usize::from);
            let (cells, groups) = (order.map(|i| cells[i]), order.map(|i| self.apart[i]));
            changed |= sum::keep_run_totals(marks, &cells[..count], &groups[..count], allowed)?;
        }
        Ok(changed)
    }

    /// The diagonal adds up to the clue.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        let terms = self.diagonal().into_iter().map(|cell| (cell, 1)).collect();
        let total = i16::from(self.sum);
        checks.push(Check::Sum { terms, total });
        true
    }

    fn noun(&self) -> &'static str {
        "little killer"
    }

    fn describe(&self) -> String {
        format!(
            "the little killer {} {} from {}",
            self.sum,
            self.direction.words(),
            self.first()
        )
    }

    /// The bounds the rest of the diagonal leaves each cell, its cells in one region
    /// differing: "the little killer 20 down right from r1c4: r1c4 ≤ 6 (the rest is 14 at
    /// least)".
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let (cells, count) = self.diagonal_cells();
        let total = if self.sum <= 127 { 1 << self.sum } else { 0 };
        let readings = [&self.regions[..count], &self.apart[..count]];
        let said = sum::sum_reason(&cells[..count], &readings, total, before, after);
        format!("{}: {}", self.describe(), said.join(", "))
    }

    fn rule() -> &'static str {
        "digits along a little killer's diagonal add up to its clue"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Little Killer",
            "The digits along the diagonal an outside clue points at add up to the clue, and \
             they may repeat where they share no row, column or box. Each cell keeps only the \
             digits with which the other cells' candidates can still make up the clue, the cells \
             in one box (or in one disjoint group, window or diagonal) taking different digits: a \
             clue of 6 on three cells leaves 4 at most in each, and a large clue on a short \
             diagonal forces large digits.",
        ))
    }

    /// The clue outside the grid, with a short arrow towards its diagonal.
    fn draw(&self, drawing: &mut Drawing) {
        let (x, y) = self.clue.centre();
        let (rows, cols) = self.direction.step();
        let (dx, dy) = (i32::from(cols), i32::from(rows));
        let pointer = ((x + 25 * dx, y + 25 * dy), (x + 45 * dx, y + 45 * dy));
        drawing.clue(
            "fp-littlekillersum",
            (x, y),
            &self.sum.to_string(),
            Some(pointer),
        );
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["littlekillersum"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<LittleKiller>, FormatError> {
        let mut killers = Vec::new();
        for entry in entries(document, "littlekillersum")? {
            let name = text(required(entry, "cell")?, "littlekillersum")?;
            let clue = Outside::named(&name)?;
            let Some(sum) = entry_number(entry, "littlekillersum", &name, (1, 81))? else {
                continue;
            };
            let key = text(required(entry, "direction")?, "direction")?;
            let direction = Direction::ALL
                .into_iter()
                .find(|direction| direction.key() == key.trim().to_ascii_uppercase())
                .ok_or_else(|| not_json(format!("`direction` is not UL, UR, DL or DR: {key}")))?;
            killers.push(LittleKiller::new(clue, direction, sum as u8));
        }
        Ok(killers)
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.push(
            "littlekillersum",
            Entry {
                cell: Some(self.clue.to_string()),
                cells: cell_names(&self.diagonal()),
                value: Some(self.sum.to_string()),
                direction: Some(self.direction.key()),
                ..Entry::default()
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::rules::Marks;
    use crate::variant::{Constraint, DisjointGroups, Rules};

    fn killer(row: i8, col: i8, direction: Direction, sum: u8) -> LittleKiller {
        LittleKiller::new(Outside { row, col }, direction, sum)
    }

    #[test]
    fn the_diagonal_runs_from_the_clue_to_the_edge() {
        let down_right = killer(-1, 0, Direction::DownRight, 10);
        let cells: Vec<Cell> = (0..8).map(|i| Cell::at(i, i + 1)).collect();
        assert_eq!(down_right.diagonal(), cells);
        let corner = killer(9, 9, Direction::UpLeft, 45);
        assert_eq!(corner.diagonal().len(), 9);
        assert_eq!(corner.diagonal()[0], Cell::at(8, 8));
        assert!(corner.validate().is_ok());
        let away = killer(-1, 0, Direction::UpRight, 10);
        assert_eq!(
            away.validate().unwrap_err().to_string(),
            "the littlekillersum at R0C1 is not beside the grid, facing its cells"
        );
        let inside = killer(0, 0, Direction::DownRight, 10);
        assert!(inside.validate().is_err());
    }

    #[test]
    fn each_cell_keeps_what_the_others_can_complete() {
        // A clue of 6 above column 3, pointing down left: r1c2 and r2c1.
        let killer = killer(-1, 2, Direction::DownLeft, 6);
        assert_eq!(killer.diagonal(), [Cell::at(0, 1), Cell::at(1, 0)]);
        let mut marks = Marks::open();
        assert_eq!(killer.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 1)), [1, 2, 3, 4, 5]);
        marks.set(Cell::at(1, 0), &[2, 7]);
        killer.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(Cell::at(0, 1)), [4]);
        assert_eq!(marks.list(Cell::at(1, 0)), [2]);
        let mut values = [0; Cell::COUNT];
        values[Cell::at(0, 1).index()] = 4;
        values[Cell::at(1, 0).index()] = 3;
        assert_eq!(
            Rules::classic()
                .with([killer])
                .unwrap()
                .check(&values)
                .unwrap_err()
                .to_string(),
            "r1c2: digits along a little killer's diagonal add up to its clue"
        );
    }

    #[test]
    fn cells_of_one_disjoint_group_differ_too() {
        // A clue of 11 above column 5, pointing down left: r1c4 (box 2) and r4c1 (box 4) are
        // in the same place of their boxes; r2c3 and r3c2 (box 1) are 1 and 2.
        let killer = killer(-1, 4, Direction::DownLeft, 11);
        let (r1c4, r4c1) = (Cell::at(0, 3), Cell::at(3, 0));
        let mut marks = Marks::open();
        marks.set(Cell::at(1, 2), &[1]);
        marks.set(Cell::at(2, 1), &[2]);
        marks.set(r1c4, &[4, 5]);
        marks.set(r4c1, &[3, 4]);
        let narrowed = |rules: Rules| {
            let mut marks = Marks(marks.0);
            let constraint = (rules.constraints().iter())
                .find(|constraint| matches!(constraint, Constraint::LittleKiller(_)))
                .unwrap();
            constraint.rule().narrow(&mut marks).map(|_| marks)
        };
        // 4 + 4 or 5 + 3 where they may repeat; 5 + 3 alone where they differ.
        let apart = narrowed(Rules::classic().with([killer.clone()]).unwrap()).unwrap();
        assert_eq!(
            (apart.list(r1c4), apart.list(r4c1)),
            (vec![4, 5], vec![3, 4])
        );
        let disjoint = Rules::classic().with([DisjointGroups]).unwrap();
        let differ = narrowed(disjoint.with([killer]).unwrap()).unwrap();
        assert_eq!((differ.list(r1c4), differ.list(r4c1)), (vec![5], vec![3]));
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn f_puzzles_clues_name_a_place_outside_the_grid() {
        use crate::variant::fpuzzles;
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let killers = r#"[{"cell":"R0C1","cells":["R1C2","R2C3","R3C4","R4C5","R5C6","R6C7","R7C8","R8C9"],"direction":"DR","value":"40"},
            {"cell":"R10C4","direction":"UL","value":12},{"cell":"R4C10","direction":"DL","value":""}]"#;
        let json = format!(r#"{{"size":9,"grid":{grid},"littlekillersum":{killers}}}"#);
        let puzzle = fpuzzles::read(&json).unwrap();
        assert_eq!(
            puzzle.rules.constraints(),
            [
                killer(-1, 0, Direction::DownRight, 40).into(),
                killer(9, 3, Direction::UpLeft, 12).into(),
            ]
        );
        let written = fpuzzles::to_json(&puzzle);
        assert!(
            written.contains(
                r#"{"cell":"R10C4","cells":["R9C3","R8C2","R7C1"],"value":"12","direction":"UL"}"#
            ),
            "{written}"
        );
        assert_eq!(fpuzzles::read(&written), Ok(puzzle));
        let wrong = json.replace(r#""value":12"#, r#""value":"x""#);
        assert_eq!(
            fpuzzles::read(&wrong).unwrap_err().to_string(),
            "the littlekillersum at R10C4 has the value \"x\", not a number from 1 to 81"
        );
        let inside = json.replace("R10C4", "R5C5");
        assert!(fpuzzles::read(&inside).is_err());
    }
}
