//! Cage-Locked Candidates: a digit that every fitting set of a cage holds must go in the cage,
//! so it leaves every cell outside that sees all of its places in the cage (or goes in its one
//! place); and a digit whose places in a house all lie in one cage goes there, so it leaves the
//! rest of the cage. And a cell that sees every place of a digit in a house, counting the cells of
//! its cage among those it sees, loses the digit: "5 in box 3 lies only in r1c7, r2c7, r3c7 and
//! r3c8, and r4c7 sees them all, r3c8 through its cage" (through houses alone, it is Locked
//! Candidates).

use std::fmt::Write;
use std::ops::ControlFlow;

use super::sums::{distinct_sum, options};
use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text};

pub struct CageLocked;

impl Technique for CageLocked {
    fn name(&self) -> &'static str {
        "Cage-Locked Candidates"
    }

    fn about(&self) -> &'static str {
        "When every set of digits that fits a cage holds a digit, the cage holds it: if only one \
         cell of the cage can take it, it goes there; otherwise any cell outside the cage that \
         sees all of its places in the cage loses it. The other way round, when a digit's places \
         in a row, column or box all lie in one cage, the cage holds it there, so no other cell \
         of the cage can. And a cell that sees every place of a digit in a row, column or \
         box loses it, counting the cells of its cage among those it sees."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for cage in marks.cages() {
            let first = cage.first();
            let present: DigitSet = cage
                .cells
                .iter()
                .filter_map(|c| marks.grid().get(c))
                .collect();
            if let Some(sum) = cage.sum {
                let cells: Vec<Cell> = cage.cells.iter().collect();
                let (_, sets) = distinct_sum(&options(marks, &cells), sum);
                let required = sets.iter().fold(
                    if sets.is_empty() {
                        DigitSet::EMPTY
                    } else {
                        DigitSet::ALL
                    },
                    |acc, &set| acc & set,
                );
                for digit in (required - present).iter() {
                    let places = marks.cells_with(digit) & cage.cells;
                    let one = DigitSet::single(digit);
                    let intro = format!("every set that fits the cage at {first} holds {digit}");
                    let step = if let Some(cell) = places.single_cell() {
                        Step::new(self.name())
                            .cage(marks, cage)
                            .place(cell, digit)
                            .pattern(places, one)
                            .explain(|s| {
                                format!(
                                    "{}: {intro}, and only {cell} can take it => {}",
                                    self.name(),
                                    s.placements_text()
                                )
                            })
                    } else {
                        let targets =
                            marks.seen_by_all(places) & (marks.cells_with(digit) - cage.cells);
                        if places.is_empty() || targets.is_empty() {
                            continue;
                        }
                        Step::new(self.name())
                            .cage(marks, cage)
                            .pattern(places, one)
                            .eliminate(targets, one)
                            .explain(|s| {
                                format!(
                                    "{}: {intro}, in {} {}",
                                    self.name(),
                                    cells_text(places),
                                    s.outcome_text()
                                )
                            })
                    };
                    found(step)?;
                }
            }
            for &house in marks.houses() {
                for digit in (DigitSet::ALL - present).iter() {
                    let places = marks.places_in(digit, house);
                    if places.is_empty() || !(places - cage.cells).is_empty() {
                        continue;
                    }
                    let targets = (marks.cells_with(digit) & cage.cells) - places;
                    if targets.is_empty() {
                        continue;
                    }
                    let step = reverse_step(self.name(), digit, house, places, targets, first);
                    found(step.cage(marks, cage))?;
                }
            }
        }
        self.seen_through_cages(marks, found)
    }
}

impl CageLocked {
    /// The cells that see every place of a digit in a house, some through their cage alone.
    fn seen_through_cages(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        if marks.cages().is_empty() {
            return ControlFlow::Continue(());
        }
        let in_houses = |cell: Cell| {
            (marks.houses_of(cell).iter()).fold(CellSet::EMPTY, |seen, &h| seen | marks.cells_of(h))
        };
        for &house in marks.houses() {
            for digit in Digit::all() {
                let places = marks.places_in(digit, house);
                if !places.has_several() {
                    continue;
                }
                let by_houses = places
                    .iter()
                    .fold(CellSet::ALL, |all, p| all & in_houses(p));
                let targets =
                    (marks.seen_by_all(places) - by_houses - places) & marks.cells_with(digit);
                if targets.is_empty() {
                    continue;
                }
                let one = DigitSet::single(digit);
                let mut step = Step::new(self.name()).pattern(places, one).house(house);
                let mut seers = String::new();
                for target in targets.iter() {
                    // Its cage reaches the places its houses do not (a smaller group may
                    // instead, left to other techniques).
                    let reached = places - in_houses(target);
                    let Some(cage) = (marks.cages().iter()).find(|cage| {
                        cage.cells.contains(target) && (reached - cage.cells).is_empty()
                    }) else {
                        continue;
                    };
                    if !seers.is_empty() {
                        seers.push_str(" and ");
                    }
                    let _ = write!(seers, "{target} ({} in its cage)", cells_text(reached));
                    step = step
                        .cage(marks, cage)
                        .eliminate(CellSet::single(target), one);
                }
                if seers.is_empty() {
                    continue;
                }
                let name = self.name();
                found(step.explain(|s| {
                    format!(
                        "{name}: {digit} in {house} lies only in {}, all seen by {seers} {}",
                        cells_text(places),
                        s.outcome_text()
                    )
                }))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// A digit confined in `house` to the cage at `first`, leaving the rest of the cage.
fn reverse_step(
    name: &'static str,
    digit: Digit,
    house: House,
    places: CellSet,
    targets: CellSet,
    first: Cell,
) -> Step {
    let one = DigitSet::single(digit);
    Step::new(name)
        .pattern(places, one)
        .house(house)
        .eliminate(targets, one)
        .explain(|s| {
            format!(
                "{name}: {digit} in {house} lies only in the cage at {first} {}",
                s.outcome_text()
            )
        })
}
