//! A renban line: its digits differ and form a run of consecutive digits, in any order along
//! it. f-puzzles lists them in `renban`, each entry with `lines` (each line its cells in order);
//! each line is a renban here, written back as an entry of its own.

use super::drawing::Drawing;
use super::line::{digits_from_to, first, is_line};
use super::lowered::{Check, pairs_along};
use super::{Constrain, Dead, Narrow};
use crate::cell::Cell;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{Document, Fields, FormatError, line_entry, read_lines};
use crate::variant::{CellName, RulesError, Violation};
use crate::words::{alternatives, mask_text};

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Renban {
    /// Along the line, from one end to the other.
    pub cells: Vec<Cell>,
}

impl Renban {
    /// Each run of as many consecutive digits as the line has cells, as a mask.
    fn runs(&self) -> impl Iterator<Item = u16> {
        let length = self.cells.len() as i32;
        (1..=10 - length).map(move |low| digits_from_to(low, low + length - 1))
    }
}

impl Constrain for Renban {
    /// Two to nine distinct cells, each next to the one before (diagonally too).
    fn validate(&self) -> Result<(), RulesError> {
        if is_line(&self.cells, 9) {
            Ok(())
        } else {
            Err(RulesError::Line {
                kind: "renban",
                at: CellName(first(&self.cells)),
            })
        }
    }

    /// Its digits all differ.
    fn add_peers(&self, peers: &mut [CellSet; Cell::COUNT]) {
        let cells = self.cells();
        for &cell in &self.cells {
            peers[cell.index()] |= cells;
        }
    }

    /// The digits placed differ, and are no further apart than a run of the line's length.
    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        let mut placed: Vec<u8> = self
            .cells
            .iter()
            .map(|cell| values[cell.index()])
            .filter(|&value| value != 0)
            .collect();
        placed.sort_unstable();
        let repeats = placed.windows(2).any(|pair| pair[0] == pair[1]);
        let spread = match (placed.first(), placed.last()) {
            (Some(low), Some(high)) => usize::from(high - low),
            _ => 0,
        };
        (repeats || spread >= self.cells.len()).then(|| Violation::Broken {
            rule: self.broken_rule(),
            at: first(&self.cells),
        })
    }

    fn cells(&self) -> CellSet {
        self.cells.iter().copied().collect()
    }

    /// The runs the line can hold, each filled as far as singles go (see [`fill`]). Each cell
    /// keeps the digits those fillings leave it; a digit in all of the runs that only one cell
    /// can take goes there.
    fn narrows_slowly(&self) -> bool {
        true
    }

    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        // Nine cells at most (`validate`): read into an array, as the search asks at every node.
        let mut read = [0u16; 9];
        for (digits, &cell) in read.iter_mut().zip(&self.cells) {
            *digits = marks.digits(cell);
        }
        let digits = &read[..self.cells.len().min(9)];
        let (mut kept, mut required) = ([0u16; 9], u16::MAX);
        for run in self.runs() {
            if let Some(filled) = fill(run, digits) {
                required &= run;
                for (kept, filled) in kept.iter_mut().zip(filled) {
                    *kept |= filled;
                }
            }
        }
        let mut changed = false;
        for (&cell, &kept) in self.cells.iter().zip(&kept) {
            changed |= marks.keep(cell, kept)?;
        }
        for digit in (0..9)
            .map(|bit| 1u16 << bit)
            .filter(|&bit| required & bit != 0)
        {
            let mut holders = self
                .cells
                .iter()
                .filter(|&&cell| marks.digits(cell) & digit != 0);
            match (holders.next(), holders.next()) {
                (None, _) => return Err(Dead),
                (Some(&cell), None) => changed |= marks.keep(cell, digit)?,
                _ => {}
            }
        }
        Ok(changed)
    }

    /// Each two cells differ by less than the line's length, and not by nothing.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        let length = self.cells.len() as i32;
        pairs_along(&self.cells, checks, |_, _| {
            std::array::from_fn(|d| {
                let digit = d as i32 + 1;
                digits_from_to(digit - length + 1, digit + length - 1) & !(1 << d)
            })
        });
        true
    }

    fn noun(&self) -> &'static str {
        "renban line"
    }

    fn describe(&self) -> String {
        format!("the renban line from {}", first(&self.cells))
    }

    /// The runs every cell can join, then the digits outside them, then a digit all of them
    /// hold that one cell alone can take: "the renban line from r1c1 holds 3 to 5 or 4 to 6:
    /// r1c2 ≠ 8/9; every run has 4, and only r1c3 can take it".
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let digits: Vec<u16> = self.cells.iter().map(|&cell| before.digits(cell)).collect();
        let fits: Vec<(u16, [u16; 9])> = (self.runs())
            .filter_map(|run| Some((run, fill(run, &digits)?)))
            .collect();
        let run_text = |run: u16| {
            let low = run.trailing_zeros() + 1;
            format!("{low} to {}", 16 - run.leading_zeros())
        };
        let listed: Vec<String> = fits.iter().map(|&(run, _)| run_text(run)).collect();
        let held = match fits.len() {
            0..=3 => alternatives(&listed),
            count => {
                let high = 16 - fits[count - 1].0.leading_zeros();
                format!(
                    "a run between {} and {high}",
                    fits[0].0.trailing_zeros() + 1
                )
            }
        };
        let possible = fits.iter().fold(0, |possible, (run, _)| possible | run);
        let required = fits.iter().fold(0x1ff, |required, (run, _)| required & run);
        let mut said = Vec::new();
        let outside: Vec<String> = (self.cells.iter())
            .filter(|&&cell| before.digits(cell) & !possible != 0)
            .map(|&cell| format!("{cell} ≠ {}", mask_text(before.digits(cell) & !possible)))
            .collect();
        if !outside.is_empty() {
            said.push(outside.join(", "));
        }
        // Digits of runs that fit, which no filling of them leaves the cell: "with 1 to 4,
        // r4c8 must be 3".
        for (i, &cell) in self.cells.iter().enumerate() {
            let kept = fits.iter().fold(0, |kept, (_, filled)| kept | filled[i]);
            let lost = before.digits(cell) & possible & !kept;
            if lost == 0 {
                continue;
            }
            // What each run that has them forces, the runs forcing the same said together.
            let mut why: Vec<(Vec<String>, String)> = Vec::new();
            for &(run, filled) in fits.iter().filter(|&&(run, _)| run & lost != 0) {
                let forced: Vec<(Cell, u16)> = match filled[i].count_ones() {
                    1 => vec![(cell, filled[i])],
                    _ => (self.cells.iter().zip(filled))
                        .filter(|&(_, digits)| digits.count_ones() == 1 && digits & lost != 0)
                        .map(|(&other, digits)| (other, digits))
                        .collect(),
                };
                let forced: Vec<String> = (forced.iter())
                    .map(|&(cell, digit)| format!("{cell} must be {}", mask_text(digit)))
                    .collect();
                let forced = forced.join(" and ");
                match why.iter_mut().find(|(_, said)| *said == forced) {
                    Some((runs, _)) => runs.push(run_text(run)),
                    None => why.push((vec![run_text(run)], forced)),
                }
            }
            let why: Vec<String> = (why.iter())
                .map(|(runs, forced)| format!("with {}, {forced}", alternatives(runs)))
                .collect();
            said.push(format!("{cell} ≠ {} ({})", mask_text(lost), why.join("; ")));
        }
        for &cell in &self.cells {
            let placed = after.digits(cell);
            let only = placed.count_ones() == 1 && before.digits(cell) & possible != placed;
            if only && required & placed != 0 {
                let every = if fits.len() == 1 {
                    "the run"
                } else {
                    "every run"
                };
                let digit = mask_text(placed);
                said.push(format!("{every} has {digit}, and only {cell} can take it"));
            }
        }
        format!("{} holds {held}: {}", self.describe(), said.join("; "))
    }

    fn rule() -> &'static str {
        "a renban line holds a run of consecutive digits, each once, in any order"
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Renban",
            "A renban line holds different digits that make a run with no gap, in any order: \
             four cells might hold 3, 4, 5 and 6. Only some runs fit the line: each cell must \
             be able to take a digit of the run, and each digit of the run must have a cell \
             that can take it. A cell keeps only digits of the runs that fit. A digit that \
             every run that fits contains (5, on a line of five cells) must be on the line, so \
             when only one cell of the line can take it, it goes there.",
        ))
    }

    /// A line through its cells.
    fn draw(&self, drawing: &mut Drawing) {
        drawing.figure("fp-renban", &[], &self.cells, false);
    }

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["renban"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Renban>, FormatError> {
        read_lines(document, "renban", |cells| Renban { cells })
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.push("renban", line_entry(&self.cells));
    }
}

/// The line's cells' `digits` with the line holding `run`, filled as far as singles go: a digit
/// of the run that one cell alone can take goes there, and a cell left one digit keeps it from
/// the others (the line's digits differ). None when the run does not fit: a cell or a digit of
/// the run left nothing, a cell the only one for two digits, or two cells left the same one.
fn fill(run: u16, digits: &[u16]) -> Option<[u16; 9]> {
    let mut filled = [0u16; 9];
    for (filled, &digits) in filled.iter_mut().zip(digits) {
        *filled = digits & run;
    }
    let cells = &mut filled[..digits.len()];
    loop {
        // The digits some cell can take, and those two cells or more can.
        let (mut once, mut twice) = (0u16, 0u16);
        for &cell in cells.iter() {
            if cell == 0 {
                return None;
            }
            twice |= once & cell;
            once |= cell;
        }
        if run & !once != 0 {
            return None;
        }
        let alone = once & !twice;
        let (mut changed, mut placed) = (false, 0u16);
        for cell in cells.iter_mut() {
            let only_here = *cell & alone;
            if only_here.count_ones() > 1 {
                return None;
            }
            if only_here != 0 && *cell != only_here {
                *cell = only_here;
                changed = true;
            }
            if cell.count_ones() == 1 {
                if placed & *cell != 0 {
                    return None;
                }
                placed |= *cell;
            }
        }
        for cell in cells.iter_mut().filter(|cell| cell.count_ones() > 1) {
            if *cell & placed != 0 {
                *cell &= !placed;
                changed = true;
            }
        }
        if !changed {
            return Some(filled);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;
    use crate::variant::rules::Marks;

    fn renban(cells: &[(u8, u8)]) -> Renban {
        Renban {
            cells: cells.iter().map(|&(r, c)| Cell::at(r, c)).collect(),
        }
    }

    #[test]
    fn cells_keep_the_digits_of_the_runs_that_fit() {
        let line = renban(&[(0, 0), (1, 1), (2, 2), (3, 3)]);
        let mut marks = Marks::open();
        assert_eq!(line.narrow(&mut marks), Ok(false));
        // A 3 on a line of four: the run is within 1 to 6, and the others are not 3.
        marks.set(Cell::at(0, 0), &[3]);
        assert_eq!(line.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(1, 1)), [1, 2, 4, 5, 6]);
        // No cell can take 2: 3–6 is the only run left, and 1 goes.
        marks.set(Cell::at(1, 1), &[4, 5, 6]);
        marks.set(Cell::at(2, 2), &[5, 6]);
        marks.set(Cell::at(3, 3), &[1, 4, 5, 6]);
        assert_eq!(line.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(3, 3)), [4, 5, 6]);
        // 4, which the run needs, left in one cell.
        marks.set(Cell::at(1, 1), &[5, 6]);
        assert_eq!(line.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(3, 3)), [4]);
    }

    #[test]
    fn a_cell_a_run_needs_for_one_digit_keeps_no_other_for_it() {
        // Only r1c1 can take the 3 of 1 to 4, the one run the line can hold.
        let line = renban(&[(0, 0), (0, 1), (0, 2), (0, 3)]);
        let mut marks = Marks::open();
        marks.set(Cell::at(0, 0), &[1, 2, 3]);
        marks.set(Cell::at(0, 1), &[1, 2]);
        marks.set(Cell::at(0, 2), &[1, 2, 4]);
        marks.set(Cell::at(0, 3), &[1, 2, 4]);
        let before = Marks(marks.0);
        assert_eq!(line.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 0)), [3]);
        assert_eq!(marks.list(Cell::at(0, 2)), [1, 2, 4]);
        assert_eq!(
            line.reason(&before, &marks),
            "the renban line from r1c1 holds 1 to 4: r1c1 ≠ 1/2 (with 1 to 4, r1c1 must be 3); \
             the run has 3, and only r1c1 can take it"
        );
        // Three cells left only 1 and 2: no run fits.
        marks.set(Cell::at(0, 0), &[1, 2, 3]);
        marks.set(Cell::at(0, 2), &[1, 2]);
        marks.set(Cell::at(0, 3), &[1, 2]);
        assert_eq!(line.narrow(&mut marks), Err(Dead));
    }

    #[test]
    fn a_digit_every_run_holds_goes_in_its_only_cell() {
        let line = renban(&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]);
        let mut marks = Marks::open();
        for col in 1..5 {
            marks.set(Cell::at(0, col), &[1, 2, 3, 4, 6, 7, 8, 9]);
        }
        assert_eq!(line.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(Cell::at(0, 0)), [5]);
        marks.set(Cell::at(0, 1), &[1]);
        marks.set(Cell::at(0, 2), &[9]);
        assert_eq!(line.narrow(&mut marks), Err(Dead));
    }

    #[test]
    fn a_grid_breaks_it_with_a_repeat_or_a_gap() {
        let rules = Rules::classic()
            .with([renban(&[(2, 2), (3, 3), (4, 4)])])
            .unwrap();
        let mut values = [0; Cell::COUNT];
        let at = |row, col| Cell::at(row, col).index();
        values[at(2, 2)] = 7;
        values[at(4, 4)] = 9;
        assert_eq!(rules.check(&values), Ok(()));
        values[at(3, 3)] = 8;
        assert_eq!(rules.check(&values), Ok(()));
        values[at(3, 3)] = 0;
        values[at(4, 4)] = 7;
        assert_eq!(
            rules.check(&values).unwrap_err().to_string(),
            "r3c3: a renban line holds a run of consecutive digits, each once, in any order"
        );
        values[at(4, 4)] = 4;
        assert!(rules.check(&values).is_err());
        assert!(Rules::classic().with([renban(&[(0, 0), (0, 2)])]).is_err());
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn f_puzzles_lines_are_renbans_each() {
        use crate::variant::fpuzzles;
        let json = super::super::line::fpuzzles_json(
            r##""renban":[{"lines":[["R2C2","R2C3","R3C4"],["R7C7","R8C8"]],"outlineC":"#F067F0"}]"##,
        );
        let puzzle = fpuzzles::read(&json).unwrap();
        assert_eq!(
            puzzle.rules.constraints(),
            [
                renban(&[(1, 1), (1, 2), (2, 3)]).into(),
                renban(&[(6, 6), (7, 7)]).into()
            ]
        );
        let written = fpuzzles::to_json(&puzzle);
        assert!(written.contains(r#""renban":[{"lines":[["R2C2","R2C3","R3C4"]]},"#));
        assert_eq!(fpuzzles::read(&written), Ok(puzzle));
        let ten: Vec<String> = (1..=9)
            .map(|col| format!("\"R1C{col}\""))
            .chain(["\"R2C9\"".to_string()])
            .collect();
        let long = super::super::line::fpuzzles_json(&format!(
            r#""renban":[{{"lines":[[{}]]}}]"#,
            ten.join(",")
        ));
        assert_eq!(
            fpuzzles::read(&long).unwrap_err().to_string(),
            "the renban at R1C1 is not a line of 2 to 9 touching cells"
        );
    }
}
