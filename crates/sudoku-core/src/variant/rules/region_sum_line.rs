//! A region sum line: the borders of the regions cut the line into segments, and every segment
//! adds up to the same sum. A line that leaves a region and comes back has a segment for each
//! visit, as f-puzzles' solver reads it.
//!
//! f-puzzles (through Rangsk's extension of it) lists them in `regionsumline`, each entry with
//! `lines`; each line is a region sum line here, written back as an entry of its own.

use std::ops::Range;

use super::drawing::Drawing;
use super::lowered::Check;
use super::{Constrain, Dead, Narrow, sum};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{Document, Fields, FormatError, line_entry, read_lines};
use crate::variant::{CellName, RulesError, Violation};
use crate::words::alternatives;

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RegionSumLine {
    /// From one end to the other.
    pub cells: Vec<Cell>,
    /// The segments, as ranges of `cells`: worked out from the regions of the rules it is in
    /// (the boxes until then).
    #[cfg_attr(feature = "serde", serde(skip))]
    segments: Vec<Range<usize>>,
}

impl RegionSumLine {
    /// The line through these cells, cut by the boxes until it joins rules.
    pub fn new(cells: Vec<Cell>) -> RegionSumLine {
        let mut line = RegionSumLine {
            cells,
            segments: Vec::new(),
        };
        line.fit_regions(&Cell::ALL.map(Cell::box_index));
        line
    }

    /// The segments' cells.
    pub fn segments(&self) -> impl Iterator<Item = &[Cell]> {
        self.segments.iter().map(|range| &self.cells[range.clone()])
    }

    fn first(&self) -> Cell {
        self.cells.first().copied().unwrap_or(Cell::ALL[0])
    }
}

impl Constrain for RegionSumLine {
    fn fit_regions(&mut self, regions: &[u8; Cell::COUNT]) {
        self.segments = sum::runs(&self.cells, regions);
    }

    /// Two or more distinct cells, each touching the one before.
    fn validate(&self) -> Result<(), RulesError> {
        let cells: CellSet = self.cells.iter().copied().collect();
        let joined = self.cells.windows(2).all(|pair| {
            pair[0].row().abs_diff(pair[1].row()) <= 1 && pair[0].col().abs_diff(pair[1].col()) <= 1
        });
        if self.cells.len() < 2 || cells.len() as usize != self.cells.len() || !joined {
            return Err(RulesError::Path {
                kind: "regionsumline",
                at: CellName(self.first()),
            });
        }
        Ok(())
    }

    /// Full segments have one sum, and a segment with blanks (each 1 at least, 9 at most) can
    /// still reach it.
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let totals: Vec<(u32, u32)> = self
            .segments()
            .map(|segment| {
                segment.iter().fold((0, 0), |(total, open), cell| {
                    match u32::from(values[cell.index()]) {
                        0 => (total, open + 1),
                        digit => (total + digit, open),
                    }
                })
            })
            .collect();
        let full = totals.iter().find(|&&(_, open)| open == 0);
        let fits = full.is_none_or(|&(sum, _)| {
            totals
                .iter()
                .all(|&(total, open)| total + open <= sum && total + 9 * open >= sum)
        });
        (!fits).then_some(Violation::Broken {
            rule: self.broken_rule(),
            at: self.first(),
        })
    }

    fn cells(&self) -> CellSet {
        self.cells.iter().copied().collect()
    }

    /// The sums every segment can make, its digits distinct within its region; each segment
    /// keeps the digits of the sets that make one of the sums all the segments can.
    fn narrows_slowly(&self) -> bool {
        true
    }

    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        if self.segments.len() < 2 {
            return Ok(false);
        }
        let common = self.segments().fold(u64::MAX, |common, segment| {
            common & sum::distinct_totals(marks, segment)
        });
        let mut changed = false;
        for segment in self.segments() {
            changed |= sum::keep_distinct_totals(marks, segment, common)?;
        }
        Ok(changed)
    }

    /// The sums every segment can still make: "its segments can only all add up to 11 or 12".
    fn reason(&self, before: &dyn Narrow, _after: &dyn Narrow) -> String {
        let common = self.segments().fold(u64::MAX, |common, segment| {
            common & sum::distinct_totals(before, segment)
        });
        let totals: Vec<String> = (0..64)
            .filter(|total| common >> total & 1 != 0)
            .map(|total: u32| total.to_string())
            .collect();
        let sums = match totals.len() {
            0..=4 => alternatives(&totals),
            count => format!("{} to {}", totals[0], totals[count - 1]),
        };
        format!(
            "{}: its {} segments can only all add up to {sums}",
            self.describe(),
            self.segments.len()
        )
    }

    /// Each segment adds up to what the first does.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        let mut segments = self.segments();
        if let Some(first) = segments.next() {
            for segment in segments {
                let terms = (first.iter().map(|&cell| (cell, 1)))
                    .chain(segment.iter().map(|&cell| (cell, -1)))
                    .collect();
                checks.push(Check::Sum { terms, total: 0 });
            }
        }
        true
    }

    fn noun(&self) -> &'static str {
        "region sum line"
    }

    fn describe(&self) -> String {
        format!("the region sum line from {}", self.first())
    }

    fn rule() -> &'static str {
        "each region's segment of a region sum line has the same sum"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Region Sum Line",
            "The borders of the regions cut a region sum line into segments, and every segment \
             adds up to the same sum. Work out the sums each segment can make with its \
             candidates, its digits all different within its region: only the sums every \
             segment can make remain, and each segment keeps only the digits that make one of \
             them. A segment of one cell caps the sum at 9, so a segment of three cells holds \
             small digits.",
        ))
    }

    /// A line through its cells.
    fn draw(&self, drawing: &mut Drawing) {
        drawing.figure("fp-regionsumline", &[], &self.cells, false);
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["regionsumline"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<RegionSumLine>, FormatError> {
        read_lines(document, "regionsumline", RegionSumLine::new)
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.push("regionsumline", line_entry(&self.cells));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;
    use crate::variant::rules::Marks;

    fn line(cells: &[(u8, u8)]) -> RegionSumLine {
        RegionSumLine::new(cells.iter().map(|&(r, c)| Cell::at(r, c)).collect())
    }

    #[test]
    fn the_regions_cut_the_line() {
        let rsl = line(&[(0, 1), (0, 2), (0, 3), (1, 3), (1, 2)]);
        let lengths: Vec<usize> = rsl.segments().map(<[Cell]>::len).collect();
        assert_eq!(lengths, [2, 2, 1]);
        // In a jigsaw where r1c4 belongs to the first region: segments of 3, 1, 1.
        let mut regions = *Rules::classic().regions();
        regions.swap(Cell::at(0, 3).index(), Cell::at(2, 2).index());
        let rules = Rules::classic()
            .with([rsl.clone()])
            .unwrap()
            .with_regions(regions)
            .unwrap();
        let crate::variant::Constraint::RegionSumLine(fitted) = &rules.constraints()[0] else {
            panic!("a region sum line");
        };
        let lengths: Vec<usize> = fitted.segments().map(<[Cell]>::len).collect();
        assert_eq!(lengths, [3, 1, 1]);
    }

    #[test]
    fn segments_keep_the_sums_they_share() {
        // A segment of one cell (r1c3) and one of three (r1c4, r2c4, r2c5): 6 to 9.
        let rsl = line(&[(0, 2), (0, 3), (1, 3), (1, 4)]);
        let mut marks = Marks::open();
        assert_eq!(rsl.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 2)), [6, 7, 8, 9]);
        assert_eq!(marks.list(Cell::at(0, 3)), [1, 2, 3, 4, 5, 6]);
        marks.set(Cell::at(0, 2), &[6]);
        rsl.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(Cell::at(1, 4)), [1, 2, 3]);
        marks.set(Cell::at(0, 3), &[1]);
        marks.set(Cell::at(1, 3), &[2]);
        marks.set(Cell::at(1, 4), &[4]);
        assert_eq!(rsl.narrow(&mut marks), Err(Dead));
        let mut values = [0; Cell::COUNT];
        for (cell, value) in [((0, 2), 7), ((0, 3), 1), ((1, 3), 2)] {
            values[Cell::at(cell.0, cell.1).index()] = value;
        }
        assert_eq!(rsl.check(&values), None);
        values[Cell::at(1, 4).index()] = 3;
        assert_eq!(
            Rules::classic()
                .with([rsl])
                .unwrap()
                .check(&values)
                .unwrap_err()
                .to_string(),
            "r1c3: each region's segment of a region sum line has the same sum"
        );
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn f_puzzles_lines_are_cut_by_the_puzzle_s_regions() {
        use crate::variant::fpuzzles;
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let lines = r#"[{"lines":[["R1C3","R1C4","R2C4"],["R5C5","R5C6"]]}]"#;
        let json = format!(r#"{{"size":9,"grid":{grid},"regionsumline":{lines}}}"#);
        let puzzle = fpuzzles::read(&json).unwrap();
        assert_eq!(
            puzzle.rules.constraints(),
            [
                line(&[(0, 2), (0, 3), (1, 3)]).into(),
                line(&[(4, 4), (4, 5)]).into()
            ]
        );
        let written = fpuzzles::to_json(&puzzle);
        assert_eq!(fpuzzles::read(&written), Ok(puzzle));
    }
}
