//! Basic fish: X-Wing, Swordfish and Jellyfish, plain, finned and sashimi.
//!
//! For one digit, take N rows (the base houses) whose places for the digit all lie in N columns
//! (the cover houses). Each base row takes the digit once, in a different cover column, so the N
//! cover columns are filled by the base rows and lose the digit everywhere else. The same holds
//! with rows and columns swapped.
//!
//! A finned fish has extra places (the fins) outside the cover columns, all in one box. Either a
//! fin holds the digit, or the fish stands; a cell of a cover column that is in the fins' box
//! (and outside the base rows) loses the digit in both cases. It is sashimi when some base row
//! keeps at most one place once the fins are taken away: without the fins it would not be a fish
//! at all.

use std::ops::ControlFlow;

use super::Technique;
use crate::engine::candidates::Candidates;
use crate::engine::grid::{Cell, Digit, House};
use crate::engine::sets::{CellSet, DigitSet};
use crate::engine::step::{Step, cells_text, houses_text};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Basic,
    Finned,
    Sashimi,
}

pub struct Fish {
    size: usize,
    kind: Kind,
}

pub static X_WING: Fish = Fish {
    size: 2,
    kind: Kind::Basic,
};
pub static SWORDFISH: Fish = Fish {
    size: 3,
    kind: Kind::Basic,
};
pub static JELLYFISH: Fish = Fish {
    size: 4,
    kind: Kind::Basic,
};
pub static FINNED_X_WING: Fish = Fish {
    size: 2,
    kind: Kind::Finned,
};
pub static FINNED_SWORDFISH: Fish = Fish {
    size: 3,
    kind: Kind::Finned,
};
pub static FINNED_JELLYFISH: Fish = Fish {
    size: 4,
    kind: Kind::Finned,
};
pub static SASHIMI_X_WING: Fish = Fish {
    size: 2,
    kind: Kind::Sashimi,
};
pub static SASHIMI_SWORDFISH: Fish = Fish {
    size: 3,
    kind: Kind::Sashimi,
};
pub static SASHIMI_JELLYFISH: Fish = Fish {
    size: 4,
    kind: Kind::Sashimi,
};

impl Technique for Fish {
    fn name(&self) -> &'static str {
        match (self.kind, self.size) {
            (Kind::Basic, 2) => "X-Wing",
            (Kind::Basic, 3) => "Swordfish",
            (Kind::Basic, _) => "Jellyfish",
            (Kind::Finned, 2) => "Finned X-Wing",
            (Kind::Finned, 3) => "Finned Swordfish",
            (Kind::Finned, _) => "Finned Jellyfish",
            (Kind::Sashimi, 2) => "Sashimi X-Wing",
            (Kind::Sashimi, 3) => "Sashimi Swordfish",
            (Kind::Sashimi, _) => "Sashimi Jellyfish",
        }
    }

    fn about(&self) -> &'static str {
        match (self.kind, self.size) {
            (Kind::Basic, 2) => {
                "Two rows in which a digit can only go in the same two columns: the two rows \
                 take the digit in those columns, one each, so no other cell of the two columns \
                 can hold it. The same works with rows and columns swapped."
            }
            (Kind::Basic, 3) => {
                "Three rows in which a digit's places all lie in the same three columns: the \
                 rows fill those columns with the digit, so no other cell of the three columns \
                 can hold it. The same works with rows and columns swapped."
            }
            (Kind::Basic, _) => {
                "Four rows in which a digit's places all lie in the same four columns: the rows \
                 fill those columns with the digit, so no other cell of the four columns can \
                 hold it. The same works with rows and columns swapped."
            }
            (Kind::Finned, _) => {
                "A fish (X-Wing, Swordfish or Jellyfish) with a few extra places, the fins, all \
                 in one box. Either a fin holds the digit or the fish stands; the cells of the \
                 fish's columns that lie in the fins' box lose the digit either way."
            }
            (Kind::Sashimi, _) => {
                "A finned fish in which one base row has only one place left once the fins are \
                 taken away. Either a fin holds the digit or the fish stands; the cells of the \
                 fish's columns that lie in the fins' box lose the digit either way."
            }
        }
    }

    fn search(
        &self,
        marks: &Candidates,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for digit in Digit::all() {
            let places = marks.cells_with(digit);
            if places.is_empty() {
                continue;
            }
            for by_rows in [true, false] {
                let mut lines = [0u16; 9];
                for cell in places.iter() {
                    let (line, at) = orient(by_rows, cell.row(), cell.col());
                    lines[line as usize] |= 1 << at;
                }
                let search = Search {
                    fish: self,
                    digit,
                    by_rows,
                    lines,
                    spread: self.size as u32 + if self.kind == Kind::Basic { 0 } else { 3 },
                };
                let mut chosen = [0usize; 4];
                search.bases(0, 0, 0, &mut chosen, found)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// (line, position along it): for rows as base the row and the column, else the reverse.
fn orient(by_rows: bool, row: u8, col: u8) -> (u8, u8) {
    if by_rows { (row, col) } else { (col, row) }
}

/// The positions of one stack or band (0..3) as a 9-bit mask.
const fn third(index: u32) -> u16 {
    0b111 << (3 * index)
}

struct Search<'a> {
    fish: &'a Fish,
    digit: Digit,
    by_rows: bool,
    /// Per line (row or column), the positions where the digit can go.
    lines: [u16; 9],
    /// The most cover positions the base lines may reach together (fins included).
    spread: u32,
}

impl Search<'_> {
    fn cell(&self, line: usize, at: u32) -> Cell {
        if self.by_rows {
            Cell::at(line as u8, at as u8)
        } else {
            Cell::at(at as u8, line as u8)
        }
    }

    fn base_house(&self, line: usize) -> House {
        if self.by_rows {
            House::row(line as u8)
        } else {
            House::column(line as u8)
        }
    }

    fn cover_house(&self, at: u32) -> House {
        if self.by_rows {
            House::column(at as u8)
        } else {
            House::row(at as u8)
        }
    }

    /// Chooses base lines in increasing order, keeping their union within `spread`.
    fn bases(
        &self,
        start: usize,
        depth: usize,
        union: u16,
        chosen: &mut [usize; 4],
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let size = self.fish.size;
        if depth == size {
            return self.complete(&chosen[..size], union, found);
        }
        for line in start..=9 - (size - depth) {
            let mask = self.lines[line];
            if mask == 0 {
                continue;
            }
            let next = union | mask;
            if next.count_ones() > self.spread {
                continue;
            }
            chosen[depth] = line;
            self.bases(line + 1, depth + 1, next, chosen, found)?;
        }
        ControlFlow::Continue(())
    }

    /// Every fish of the wanted kind on these base lines.
    fn complete(
        &self,
        bases: &[usize],
        union: u16,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let size = self.fish.size as u32;
        let count = union.count_ones();
        if self.fish.kind == Kind::Basic {
            if count != size {
                return ControlFlow::Continue(());
            }
            let targets = self.outside(bases, union);
            if targets.is_empty() {
                return ControlFlow::Continue(());
            }
            return found(self.step(bases, union, 0, targets));
        }
        if count <= size {
            return ControlFlow::Continue(());
        }
        // Every choice of `size` cover positions whose leftovers (the fin positions) lie in one
        // stack, in increasing order of the cover mask.
        let mut covers: u16 = 0;
        loop {
            covers = covers.wrapping_sub(union) & union;
            if covers == 0 {
                break;
            }
            if covers.count_ones() != size {
                continue;
            }
            let fins = union & !covers;
            let stack = fins.trailing_zeros() / 3;
            if fins & !third(stack) != 0 {
                continue;
            }
            // The lines holding fins must share one band, and every base line needs a place in
            // the covers.
            let mut band = None;
            let mut sashimi = false;
            let mut valid = true;
            for &line in bases {
                let mask = self.lines[line];
                let inside = (mask & covers).count_ones();
                if inside == 0 {
                    valid = false;
                    break;
                }
                sashimi |= inside == 1;
                if mask & fins != 0 {
                    let b = line / 3;
                    if band.is_some_and(|x| x != b) {
                        valid = false;
                        break;
                    }
                    band = Some(b);
                }
            }
            let Some(band) = band else { continue };
            if !valid || sashimi != (self.fish.kind == Kind::Sashimi) {
                continue;
            }
            // Cover cells in the fins' box, outside the base lines.
            let mut targets = CellSet::EMPTY;
            let reach = covers & third(stack);
            for line in band * 3..band * 3 + 3 {
                if bases.contains(&line) {
                    continue;
                }
                let mut hits = self.lines[line] & reach;
                while hits != 0 {
                    let at = hits.trailing_zeros();
                    hits &= hits - 1;
                    targets.insert(self.cell(line, at));
                }
            }
            if targets.is_empty() {
                continue;
            }
            found(self.step(bases, covers, fins, targets))?;
        }
        ControlFlow::Continue(())
    }

    /// The places of the digit in the cover positions, outside the bases.
    fn outside(&self, bases: &[usize], covers: u16) -> CellSet {
        let mut targets = CellSet::EMPTY;
        for line in (0..9).filter(|l| !bases.contains(l)) {
            let mut hits = self.lines[line] & covers;
            while hits != 0 {
                let at = hits.trailing_zeros();
                hits &= hits - 1;
                targets.insert(self.cell(line, at));
            }
        }
        targets
    }

    fn step(&self, bases: &[usize], covers: u16, fins: u16, targets: CellSet) -> Step {
        let digit = DigitSet::single(self.digit);
        let mut body = CellSet::EMPTY;
        let mut fin_cells = CellSet::EMPTY;
        for &line in bases {
            let mut mask = self.lines[line];
            while mask != 0 {
                let at = mask.trailing_zeros();
                mask &= mask - 1;
                let cell = self.cell(line, at);
                if fins & (1 << at) != 0 {
                    fin_cells.insert(cell);
                } else {
                    body.insert(cell);
                }
            }
        }
        let base_houses: Vec<House> = bases.iter().map(|&l| self.base_house(l)).collect();
        let cover_houses: Vec<House> = (0..9)
            .filter(|at| covers & (1 << at) != 0)
            .map(|at| self.cover_house(at))
            .collect();
        let mut step = Step::new(self.fish.name())
            .pattern(body | fin_cells, digit)
            .eliminate(targets, digit);
        for &h in &base_houses {
            step = step.house(h);
        }
        for &h in &cover_houses {
            step = step.cover_house(h);
        }
        let fin_text = match fin_cells.len() {
            0 => String::new(),
            1 => format!(" fin {}", cells_text(fin_cells)),
            _ => format!(" fins {}", cells_text(fin_cells)),
        };
        step.explain(|s| {
            format!(
                "{} {} in {} / {}{fin_text} {}",
                self.fish.name(),
                self.digit,
                houses_text(&base_houses),
                houses_text(&cover_houses),
                s.outcome_text()
            )
        })
    }
}
