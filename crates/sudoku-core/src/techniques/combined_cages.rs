//! Combined Cages: the cages in one row, column, box or region hold different digits there, as
//! every cell of a house does. Each cage alone fits some sets of digits (cage combinations), and
//! a cage partly inside has as many digits of one of them inside as it has cells there; together,
//! only a choice of one set per cage that share no digit, and leave the house's other empty cells
//! digits they can take, can be right. A set no such choice uses goes, with the digits only it
//! gave the cage; a digit that no choice leaves to the other cells goes from them.

use std::ops::ControlFlow;

use super::sums::{distinct_sum, options, sets_text};
use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::Cell;
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text};
use crate::variant::Cage;

pub struct CombinedCages;

impl Technique for CombinedCages {
    fn name(&self) -> &'static str {
        "Combined Cages"
    }

    fn about(&self) -> &'static str {
        "The cages inside one row, column or box hold different digits from each other. Each \
         fits only some sets of digits; taken together, only one set per cage with no digit \
         shared, leaving the house's other cells digits they can take, is possible. Sets no such \
         choice uses go, and the digits the cages always take leave the other cells."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for &house in marks.houses() {
            if let Some(step) = combined(marks, house) {
                found(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// A cage with a sum, or its part inside the house, and the sets of digits it can hold there.
struct Unit<'a> {
    cage: &'a Cage,
    sum: u8,
    /// Its cells inside the house.
    cells: CellSet,
    sets: Vec<DigitSet>,
}

impl Unit<'_> {
    /// `the cage at r7c1 (9) holds 1+8 or 4+5`; for a part, `… has 8+9 in r2c1,r2c2`.
    fn text(&self, sets: &[DigitSet]) -> String {
        let (first, sum, sets) = (self.cage.first(), self.sum, sets_text(sets));
        match self.cells == self.cage.cells {
            true => format!("the cage at {first} ({sum}) holds {sets}"),
            false => format!(
                "the cage at {first} ({sum}) has {sets} in {}",
                cells_text(self.cells)
            ),
        }
    }
}

/// The cages with a sum that have cells in `cells` (a house), each with the sets of digits its
/// cells there can hold: a whole cage's fitting sets; for a cage partly inside, as many digits of
/// one of its fitting sets as it has cells inside, each in a cell there that can take it.
fn units(marks: &Candidates, cells: CellSet) -> Vec<Unit<'_>> {
    let mut units = Vec::new();
    for cage in marks.cages() {
        let inside = cage.cells & cells;
        let Some(sum) = cage.sum.filter(|_| !inside.is_empty()) else {
            continue;
        };
        let all: Vec<Cell> = cage.cells.iter().collect();
        let fits = distinct_sum(&options(marks, &all), sum).1;
        let sets = if inside == cage.cells {
            fits
        } else {
            let inside: Vec<Cell> = inside.iter().collect();
            let options = options(marks, &inside);
            let mut parts: Vec<DigitSet> = fits
                .iter()
                .flat_map(|&set| subsets(set, inside.len()))
                .filter(|&part| fills(&options, part))
                .collect();
            parts.sort_by_key(|part| part.bits());
            parts.dedup();
            parts
        };
        units.push(Unit {
            cage,
            sum,
            cells: inside,
            sets,
        });
    }
    units
}

/// The subsets of `set` with `size` digits.
fn subsets(set: DigitSet, size: usize) -> impl Iterator<Item = DigitSet> {
    let bits = set.bits();
    // Every submask of the set's bits, from the whole set down to none.
    let mut next = Some(bits);
    std::iter::from_fn(move || {
        let sub = next?;
        next = (sub != 0).then(|| (sub - 1) & bits);
        Some(sub)
    })
    .filter(move |sub| sub.count_ones() as usize == size)
    .map(DigitSet::from_bits)
}

/// Whether cells with these options can hold the digits of `set`, one each (Hall's condition:
/// every few cells can take as many digits of it between them).
fn fills(options: &[DigitSet], set: DigitSet) -> bool {
    (1u32..1 << options.len()).all(|chosen| {
        let reach = options
            .iter()
            .enumerate()
            .filter(|&(i, _)| chosen >> i & 1 != 0)
            .fold(DigitSet::EMPTY, |reach, (_, &option)| {
                reach | (option & set)
            });
        reach.len() >= chosen.count_ones()
    })
}

/// What the cages with a sum in `house` rule out together: two of them at least, whole or in
/// part.
fn combined(marks: &Candidates, house: House) -> Option<Step> {
    let cells = marks.cells_of(house);
    let units = units(marks, cells);
    if units.len() < 2 || units.iter().any(|unit| unit.sets.is_empty()) {
        return None;
    }
    let covered = units
        .iter()
        .fold(CellSet::EMPTY, |all, unit| all | unit.cells);
    let placed = |cell: Cell| marks.grid().get(cell);
    let rest: CellSet = (cells - covered)
        .iter()
        .filter(|&cell| placed(cell).is_none())
        .collect();
    let sets: Vec<&[DigitSet]> = units.iter().map(|unit| unit.sets.as_slice()).collect();
    let choices = Choices {
        sets: &sets,
        rest: rest.iter().map(|cell| marks.get(cell)).collect(),
        taken: (cells - covered).iter().filter_map(placed).collect(),
    };
    let (kept, left) = choices.possible();
    let mut step = Step::new("Combined Cages")
        .house(house)
        .pattern_cells(marks, covered | rest);
    let kept: Vec<Vec<DigitSet>> = units
        .iter()
        .zip(&kept)
        .map(|(unit, kept)| {
            let sets = unit.sets.iter().zip(kept).filter(|&(_, &kept)| kept);
            sets.map(|(&set, _)| set).collect()
        })
        .collect();
    for (unit, kept) in units.iter().zip(&kept) {
        let used = kept.iter().fold(DigitSet::EMPTY, |all, &set| all | set);
        step = step.eliminate_candidates(marks, unit.cells, DigitSet::ALL - used);
    }
    step = step.eliminate_candidates(marks, rest, DigitSet::ALL - left);
    if step.eliminations.is_empty() {
        return None;
    }
    let texts: Vec<String> = units
        .iter()
        .zip(&kept)
        .filter(|(unit, kept)| kept.len() < unit.sets.len() || unit.cells == unit.cage.cells)
        .map(|(unit, kept)| unit.text(kept))
        .collect();
    Some(step.explain(|s| {
        format!(
            "Combined Cages: the cages in {house} hold different digits there, so {} {}",
            texts.join(", "),
            s.outcome_text()
        )
    }))
}

/// One set of digits per unit, chosen together.
struct Choices<'a> {
    /// The sets each unit can hold alone.
    sets: &'a [&'a [DigitSet]],
    /// The candidates of the house's empty cells in no unit.
    rest: Vec<DigitSet>,
    /// The digits placed in the house outside the units.
    taken: DigitSet,
}

impl Choices<'_> {
    /// For each unit, which of its sets some possible choice gives it; and the digits possible
    /// choices leave to the other empty cells.
    fn possible(&self) -> (Vec<Vec<bool>>, DigitSet) {
        let mut kept: Vec<Vec<bool>> = self
            .sets
            .iter()
            .map(|sets| vec![false; sets.len()])
            .collect();
        let mut left = DigitSet::EMPTY;
        let mut chosen = Vec::with_capacity(self.sets.len());
        self.choose(&mut chosen, self.taken, &mut kept, &mut left);
        (kept, left)
    }

    /// Tries every set of the next unit that shares no digit with those chosen so far.
    fn choose(
        &self,
        chosen: &mut Vec<usize>,
        taken: DigitSet,
        kept: &mut [Vec<bool>],
        left: &mut DigitSet,
    ) {
        let Some(sets) = self.sets.get(chosen.len()) else {
            // Every unit has its set: the digits left over go in the other cells, one each.
            let over = DigitSet::ALL - taken;
            if over.len() as usize == self.rest.len() && fills(&self.rest, over) {
                for (kept, &index) in kept.iter_mut().zip(chosen.iter()) {
                    kept[index] = true;
                }
                *left |= over;
            }
            return;
        };
        for (index, &set) in sets.iter().enumerate() {
            if (set & taken).is_empty() {
                chosen.push(index);
                self.choose(chosen, taken | set, kept, left);
                chosen.pop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Digit;
    use crate::variant::{Puzzle, Rules};

    fn cage(cells: &[(u8, u8)], sum: u8) -> Cage {
        Cage {
            cells: cells.iter().map(|&(r, c)| Cell::at(r, c)).collect(),
            sum: Some(sum),
        }
    }

    fn eliminated(step: &Step, cell: Cell) -> DigitSet {
        step.eliminations
            .iter()
            .filter(|e| e.cell == cell)
            .map(|e| e.digit)
            .collect()
    }

    #[test]
    fn two_cages_of_a_row_keep_the_sets_that_share_no_digit() {
        // Row 1: 1+2 in the first cage leaves 3+4 to the second (not 1+6 nor 2+5), and the
        // row's other cells none of 1–4.
        let rules = Rules::classic()
            .with([cage(&[(0, 0), (0, 1)], 3), cage(&[(0, 2), (0, 3)], 7)])
            .unwrap();
        let marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let step = CombinedCages.first(&marks).expect("a step");
        let digits = |ds: &[u8]| ds.iter().map(|&d| Digit::new(d).unwrap()).collect();
        assert_eq!(
            eliminated(&step, Cell::at(0, 2)),
            DigitSet::ALL - digits(&[3, 4])
        );
        assert_eq!(eliminated(&step, Cell::at(0, 8)), digits(&[1, 2, 3, 4]));
        assert!(
            step.text.starts_with(
                "Combined Cages: the cages in row 1 hold different digits there, so the cage at \
                 r1c1 (3) holds 1+2, the cage at r1c3 (7) holds 3+4 =>"
            ),
            "{}",
            step.text
        );
    }

    #[test]
    fn a_cage_partly_inside_gives_the_house_some_digits_of_one_of_its_sets() {
        // Box 1: the cage of 3 inside takes 1+2; the cage of 4 from r3c3 into box 2 holds 1+3
        // and has one of them in box 1, which can only be 3.
        let rules = Rules::classic()
            .with([cage(&[(0, 0), (0, 1)], 3), cage(&[(2, 2), (2, 3)], 4)])
            .unwrap();
        let marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let step = CombinedCages.first(&marks).expect("a step");
        assert!(eliminated(&step, Cell::at(2, 2)).contains(Digit::new(1).unwrap()));
        assert!(!eliminated(&step, Cell::at(2, 2)).contains(Digit::new(3).unwrap()));
        assert!(
            step.text.contains("the cage at r3c3 (4) has 3 in r3c3"),
            "{}",
            step.text
        );
    }
}
