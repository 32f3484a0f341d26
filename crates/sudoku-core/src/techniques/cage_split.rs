//! Cage Split: a cage that a row, column or box (or a few neighbouring ones) cuts in two. When
//! the rule of 45 gives the sum of the part inside (the innies are exactly that part), the part
//! outside adds up to the cage's sum less it: a smaller cage of distinct digits, whose sum keeps
//! fewer digits than the whole cage's did. (The outies' side says the same: when one cage
//! alone sticks out of an area its cages cover, the innies are its part inside.)

use std::ops::ControlFlow;

use super::sums::{SumArea, distinct_sum, options, sum_areas};
use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::Cell;
use crate::sets::CellSet;
use crate::step::{Step, cells_text, houses_text};
use crate::variant::Cage;

pub struct CageSplit;

impl Technique for CageSplit {
    fn name(&self) -> &'static str {
        "Cage Split"
    }

    fn about(&self) -> &'static str {
        "A row, column or box (or several neighbouring ones) cuts a cage in two. When the \
         rule of 45 tells what the part inside adds up to (the area's innies are exactly that \
         part), the part outside adds up to the cage's sum less that: a cage of its own, which \
         keeps only the digits that can make its sum."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for area in sum_areas(marks) {
            let (inside, inside_sum) = area.inside(marks);
            let innies = area.cells - inside;
            // The one summed cage, if any, whose part inside the area is the innies.
            let split = marks.cages().iter().find(|cage| {
                cage.sum.is_some() && cage.cells & area.cells == innies && cage.cells != innies
            });
            if let Some(cage) = split
                && !innies.is_empty()
            {
                let inner = Part {
                    cells: innies,
                    sum: area.total - inside_sum,
                    inside_sum,
                };
                self.try_part(marks, &area, cage, inner, found)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The part of a cage inside an area: the area's innies, whose sum the rule of 45 gives (the
/// area's total less `inside_sum`, the sum of the cages inside).
struct Part {
    cells: CellSet,
    sum: i32,
    inside_sum: i32,
}

impl CageSplit {
    /// The step on the part of `cage` outside the area, if its sum takes candidates.
    fn try_part(
        &self,
        marks: &Candidates,
        area: &SumArea,
        cage: &Cage,
        known: Part,
        found: Found<'_>,
    ) -> ControlFlow<()> {
        let rest = cage.cells - known.cells;
        let Some(cage_sum) = cage.sum.map(i32::from) else {
            return ControlFlow::Continue(());
        };
        let sum = cage_sum - known.sum;
        let open = rest & marks.empty_cells();
        if open.is_empty() || !(1..=45).contains(&sum) {
            return ControlFlow::Continue(());
        }
        let cells: Vec<Cell> = rest.iter().collect();
        let (support, sets) = distinct_sum(&options(marks, &cells), sum as u8);
        // No way at all only in a broken position: nothing to explain.
        if sets.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut step = (Step::new(self.name()).cage(marks, cage)).pattern_cells(marks, cage.cells);
        for &house in &area.houses {
            step = step.house(house);
        }
        let open_cells: Vec<(Cell, _)> = cells
            .iter()
            .zip(&support)
            .filter(|(cell, _)| open.contains(**cell))
            .map(|(&cell, &kept)| (cell, kept))
            .collect();
        if let [(cell, kept)] = open_cells[..]
            && let Some(digit) = kept.single_digit()
        {
            step = step.place(cell, digit);
        } else {
            for (cell, kept) in open_cells {
                step = step.eliminate(CellSet::single(cell), marks.get(cell) - kept);
            }
            if step.eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
        }
        let verb = if area.houses.len() == 1 {
            "adds"
        } else {
            "add"
        };
        let (total, first) = (area.total, cage.first());
        let area = houses_text(&area.houses);
        found(step.explain(|s| {
            format!(
                "Cage Split: {area} {verb} up to {total} and the cages inside add up to {}, so the \
                 cage at {first} ({cage_sum}) has {} in {} and {sum} in {} {}",
                known.inside_sum,
                known.sum,
                cells_text(known.cells),
                cells_text(rest),
                s.outcome_text()
            )
        }))
    }
}
