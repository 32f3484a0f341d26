//! Cage-Locked Candidates: a digit that every fitting set of a cage holds must go in the cage,
//! so it leaves every cell outside that sees all of its places in the cage (or goes in its one
//! place); and a digit whose places in a house all lie in one cage goes there, so it leaves the
//! rest of the cage.

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
         of the cage can."
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
