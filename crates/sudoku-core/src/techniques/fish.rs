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

use std::cell::RefCell;
use std::ops::ControlFlow;

use super::{Assumes, Found, Technique, first_found};
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text, houses_text};

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

pub static X_WING: Fish = Fish::new(2, Kind::Basic);
pub static SWORDFISH: Fish = Fish::new(3, Kind::Basic);
pub static JELLYFISH: Fish = Fish::new(4, Kind::Basic);
pub static FINNED_X_WING: Fish = Fish::new(2, Kind::Finned);
pub static FINNED_SWORDFISH: Fish = Fish::new(3, Kind::Finned);
pub static FINNED_JELLYFISH: Fish = Fish::new(4, Kind::Finned);
pub static SASHIMI_X_WING: Fish = Fish::new(2, Kind::Sashimi);
pub static SASHIMI_SWORDFISH: Fish = Fish::new(3, Kind::Sashimi);
pub static SASHIMI_JELLYFISH: Fish = Fish::new(4, Kind::Sashimi);

impl Fish {
    const fn new(size: usize, kind: Kind) -> Fish {
        Fish { size, kind }
    }
}

impl Technique for Fish {
    /// Fins are read by the box they share.
    fn assumes(&self) -> Assumes {
        match self.kind {
            Kind::Basic => Assumes::Nothing,
            Kind::Finned | Kind::Sashimi => Assumes::Boxes,
        }
    }

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

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        self.search_noting(marks, None, found)
    }

    /// The first instance. A finned search that finds none has met every sashimi fish of its
    /// size on its way, in the sashimi search's own order: it keeps the first for the sashimi
    /// technique, which the registry tries next, on the same marks unless a technique between
    /// them found a step.
    fn first(&self, marks: &Candidates) -> Option<Step> {
        let search = |noted| first_found(|found| self.search_noting(marks, noted, found));
        match self.kind {
            Kind::Basic => search(None),
            Kind::Finned => {
                let sashimi = RefCell::new(None);
                let first = search(Some(&sashimi));
                if first.is_none() {
                    let seen = FirstSashimi {
                        size: self.size,
                        marks: marks.clone(),
                        step: sashimi.into_inner(),
                    };
                    FIRST_SASHIMI.set(Some(seen));
                }
                first
            }
            Kind::Sashimi => match FIRST_SASHIMI.take() {
                Some(seen) if seen.size == self.size && seen.marks == *marks => seen.step,
                _ => search(None),
            },
        }
    }
}

thread_local! {
    /// The first sashimi fish a finned search without result met, with its size and marks.
    static FIRST_SASHIMI: RefCell<Option<FirstSashimi>> = const { RefCell::new(None) };
}

struct FirstSashimi {
    size: usize,
    marks: Candidates,
    step: Option<Step>,
}

impl Fish {
    /// `search`; a finned search also notes in `sashimi` the first sashimi fish it meets.
    fn search_noting(
        &self,
        marks: &Candidates,
        sashimi: Option<&RefCell<Option<Step>>>,
        found: Found<'_>,
    ) -> ControlFlow<()> {
        for digit in Digit::all() {
            let places = marks.cells_with(digit);
            if places.is_empty() {
                continue;
            }
            let rows: [u16; 9] = std::array::from_fn(|r| (places.bits() >> (9 * r)) as u16 & 0x1ff);
            let mut columns = [0u16; 9];
            for (r, &mask) in rows.iter().enumerate() {
                let mut bits = mask;
                while bits != 0 {
                    columns[bits.trailing_zeros() as usize] |= 1 << r;
                    bits &= bits - 1;
                }
            }
            for (by_rows, lines) in [(true, rows), (false, columns)] {
                let search = Search {
                    fish: self,
                    digit,
                    by_rows,
                    lines,
                    spread: self.size as u32 + if self.kind == Kind::Basic { 0 } else { 3 },
                    sashimi,
                };
                let mut chosen = [0usize; 4];
                search.bases(0, 0, 0, &mut chosen, found)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// How many positions a 9-bit mask holds, read from a table: targets without a bit-count
/// instruction (x86-64 by default) would count with a dozen operations, in the hottest loops.
fn count(mask: u16) -> u32 {
    const COUNTS: [u8; 512] = {
        let mut counts = [0; 512];
        let mut mask = 1;
        while mask < 512 {
            counts[mask] = counts[mask >> 1] + (mask & 1) as u8;
            mask += 1;
        }
        counts
    };
    COUNTS[usize::from(mask)].into()
}

/// Every line (or position) as a 9-bit mask.
const ALL_LINES: u16 = 0x1ff;

/// The lines of a 9-bit mask, in order.
fn lines_of(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let line = (mask != 0).then(|| mask.trailing_zeros() as usize)?;
        mask &= mask - 1;
        Some(line)
    })
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
    /// Where a finned search notes the first sashimi fish it meets.
    sashimi: Option<&'a RefCell<Option<Step>>>,
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
        found: Found<'_>,
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
            if count(next) > self.spread {
                continue;
            }
            // With fins, all but one stack's worth of positions must be covers.
            if self.fish.kind != Kind::Basic
                && (0..3).all(|stack| count(next & !third(stack)) > size as u32)
            {
                continue;
            }
            chosen[depth] = line;
            self.bases(line + 1, depth + 1, next, chosen, found)?;
        }
        ControlFlow::Continue(())
    }

    /// Every fish of the wanted kind on these base lines.
    fn complete(&self, bases: &[usize], union: u16, found: Found<'_>) -> ControlFlow<()> {
        let size = self.fish.size as u32;
        let positions = count(union);
        let others = ALL_LINES & !bases.iter().fold(0, |lines, &line| lines | 1 << line);
        if self.fish.kind == Kind::Basic {
            if positions != size {
                return ControlFlow::Continue(());
            }
            let targets = self.outside(others, union);
            if targets.is_empty() {
                return ControlFlow::Continue(());
            }
            return found(self.step(self.fish.name(), bases, union, 0, targets));
        }
        if positions <= size {
            return ControlFlow::Continue(());
        }
        // What the lines outside the bases could lose, to skip stacks with nothing to gain.
        let mut exposed = 0;
        for line in lines_of(others) {
            exposed |= self.lines[line] & union;
        }
        // Every choice of `size` cover positions whose leftovers (the fin positions) lie in one
        // stack: stack by stack, then in increasing order of the covers taken in that stack.
        for stack in 0..3 {
            let forced = union & !third(stack);
            let Some(need) = size.checked_sub(count(forced)) else {
                continue;
            };
            let in_stack = union & third(stack);
            if exposed & in_stack == 0 {
                continue;
            }
            let mut taken: u16 = 0;
            loop {
                if count(taken) == need && taken != in_stack {
                    let (covers, fins) = (forced | taken, in_stack & !taken);
                    self.finned(bases, others, covers, fins, stack, found)?;
                }
                taken = taken.wrapping_sub(in_stack) & in_stack;
                if taken == 0 {
                    break;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The finned or sashimi fish with these covers and fins (fin positions in `stack`), if it is
    /// of the wanted kind and eliminates something.
    fn finned(
        &self,
        bases: &[usize],
        others: u16,
        covers: u16,
        fins: u16,
        stack: u32,
        found: Found<'_>,
    ) -> ControlFlow<()> {
        // Every base line needs a place in the covers, and the lines holding fins must share
        // one band (so that the fins share one box).
        let mut band = None;
        let mut sashimi = false;
        for &line in bases {
            let mask = self.lines[line];
            let inside = count(mask & covers);
            if inside == 0 {
                return ControlFlow::Continue(());
            }
            sashimi |= inside == 1;
            if mask & fins != 0 {
                if band.is_some_and(|b| b != line / 3) {
                    return ControlFlow::Continue(());
                }
                band = Some(line / 3);
            }
        }
        let Some(band) = band else {
            return ControlFlow::Continue(());
        };
        let noted = self
            .sashimi
            .filter(|noted| sashimi && noted.borrow().is_none());
        if sashimi != (self.fish.kind == Kind::Sashimi) && noted.is_none() {
            return ControlFlow::Continue(());
        }
        // Cover cells in the fins' box, outside the base lines.
        let targets = self.outside(others & third(band as u32), covers & third(stack));
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        if let Some(noted) = noted {
            let name = Fish::new(self.fish.size, Kind::Sashimi).name();
            *noted.borrow_mut() = Some(self.step(name, bases, covers, fins, targets));
            return ControlFlow::Continue(());
        }
        found(self.step(self.fish.name(), bases, covers, fins, targets))
    }

    /// The places of the digit at `positions` in `lines` (a mask of lines).
    fn outside(&self, lines: u16, positions: u16) -> CellSet {
        let mut targets = CellSet::EMPTY;
        for line in lines_of(lines) {
            let mut hits = self.lines[line] & positions;
            while hits != 0 {
                let at = hits.trailing_zeros();
                hits &= hits - 1;
                targets.insert(self.cell(line, at));
            }
        }
        targets
    }

    /// The step of fish `name` with these base lines, covers, fins and eliminations.
    fn step(
        &self,
        name: &'static str,
        bases: &[usize],
        covers: u16,
        fins: u16,
        targets: CellSet,
    ) -> Step {
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
        let mut step = Step::new(name)
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
                name,
                self.digit,
                houses_text(&base_houses),
                houses_text(&cover_houses),
                s.outcome_text()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::tests::texts;

    #[test]
    fn x_wing() {
        let digits = ".+4+1+7+2+9.+3.76+9..3+4.2.+3264.+7+194.39..+17.+6.+7..49.3+1+95+3+7..2+4+21+456\
                      +7+3+9+837+6.9.+541+9+5+8+4+3+1+26+7";
        assert_eq!(
            texts(&X_WING, digits, ""),
            ["X-Wing 5 in rows 2,5 / columns 5,8 => r4c5<>5"]
        );
    }

    #[test]
    fn finned_and_sashimi() {
        let digits = "...18.9..3....975..2.+7+5..+1.7........+45832716+9+2......+74+1...+3..8..326\
                      +7...1..4.15...";
        let deleted = "613 944 964 673 973";
        assert_eq!(
            texts(&FINNED_X_WING, digits, deleted)[0],
            "Finned X-Wing 2 in rows 2,9 / columns 4,9 fins r9c7,r9c8 => r7c9<>2"
        );
        let digits = ".+8+7+5..96.5+6.+2+978.3..981+6..+7+9+5+6.+7238.7...+6+8+2+95.289+5...+6.+9.\
                      +7856..8.56+2...9+672..+9..+8";
        let deleted = "311 411 419 154 161 178 498";
        assert_eq!(
            texts(&SASHIMI_X_WING, digits, deleted),
            ["Sashimi X-Wing 1 in rows 4,9 / columns 4,9 fins r9c7,r9c8 => r7c9<>1"]
        );
        // Row 4 keeps one place without the fins: sashimi, so not reported as merely finned.
        let finned = texts(&FINNED_X_WING, digits, deleted);
        assert!(finned.iter().all(|t| !t.contains("r7c9<>1")), "{finned:?}");
    }
}
