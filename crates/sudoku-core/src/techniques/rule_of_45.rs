//! Rule of 45: the digits of a row, column or box add up to 45 (of n of them, 45n). Take away
//! the cages lying inside and what is left, the innies, adds up to the rest; add the cages
//! sticking out and the cells outside, the outies, add up to the excess. A few such cells with a
//! known sum are a cage of their own, though their digits may repeat where they do not see each
//! other.

use std::ops::ControlFlow;

use super::sums::{distinct_sum, options, sum_areas, sum_support};
use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::Cell;
use crate::house::House;
use crate::sets::CellSet;
use crate::step::{Step, cells_text, houses_text};

pub struct RuleOf45;

/// The most innies or outies that may repeat digits tried every way: beyond, their sums seldom
/// tell anything.
const MOST_CELLS: usize = 4;

impl Technique for RuleOf45 {
    fn name(&self) -> &'static str {
        "Rule of 45"
    }

    fn about(&self) -> &'static str {
        "Each row, column and box adds up to 45. Take away the sums of the cages lying inside \
         one (or inside several neighbouring ones: two to four rows or columns, two boxes, or \
         three rows or columns with a box outside them, adding up to 45 for each): the cells left \
         over, the innies, add up to the rest. Or add up the cages covering it: the \
         cells they have outside, the outies, add up to the excess. A few cells with a known sum \
         keep only the digits that can make it."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for area in sum_areas(marks) {
            let (inside, inside_sum) = area.inside(marks);
            let innies = Extra {
                cells: area.cells - inside,
                sum: area.total - inside_sum,
                word: "innies",
                known: format!("the cages inside add up to {inside_sum}"),
                cages: inside,
            };
            self.try_cells(marks, &area.houses, innies, found)?;
            // The cages over the area, if all have a sum and together cover it.
            let touching = marks
                .cages()
                .iter()
                .filter(|cage| !(cage.cells & area.cells).is_empty());
            let (mut over, mut over_sum) = (CellSet::EMPTY, 0);
            for cage in touching {
                let Some(sum) = cage.sum else {
                    over = CellSet::EMPTY;
                    break;
                };
                over |= cage.cells;
                over_sum += i32::from(sum);
            }
            if (area.cells - over).is_empty() {
                let outies = Extra {
                    cells: over - area.cells,
                    sum: over_sum - area.total,
                    word: "outies",
                    known: format!("the cages over it add up to {over_sum}"),
                    cages: over,
                };
                self.try_cells(marks, &area.houses, outies, found)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Innies or outies: cells whose digits add up to `sum`.
struct Extra {
    cells: CellSet,
    sum: i32,
    word: &'static str,
    known: String,
    /// The cells of the cages whose sums it reads.
    cages: CellSet,
}

impl RuleOf45 {
    fn try_cells(
        &self,
        marks: &Candidates,
        houses: &[House],
        extra: Extra,
        found: Found<'_>,
    ) -> ControlFlow<()> {
        let filled: i32 = extra
            .cells
            .iter()
            .filter_map(|c| marks.grid().get(c))
            .map(|d| i32::from(d.get()))
            .sum();
        let open = extra.cells & marks.empty_cells();
        let sum = extra.sum - filled;
        if open.is_empty() || !(1..=45).contains(&sum) {
            return ControlFlow::Continue(());
        }
        let cells: Vec<Cell> = open.iter().collect();
        // Cells that all see one another are a cage of their own, of any size; others may
        // repeat digits, and only a few are tried every way.
        let distinct = open
            .iter()
            .all(|cell| (open - marks.peers(cell)).len() == 1);
        let support = if distinct {
            distinct_sum(&options(marks, &cells), sum as u8).0
        } else if cells.len() <= MOST_CELLS {
            sum_support(&options(marks, &cells), sum as u8, &|i, j| {
                marks.sees(cells[i], cells[j])
            })
        } else {
            return ControlFlow::Continue(());
        };
        // No way at all only in a broken position: nothing to explain.
        if support.iter().any(|s| s.is_empty()) {
            return ControlFlow::Continue(());
        }
        let mut step = Step::new(self.name()).pattern_cells(marks, open);
        for cage in (marks.cages().iter()).filter(|cage| (cage.cells - extra.cages).is_empty()) {
            step = step.cage(marks, cage);
        }
        for &house in houses {
            step = step.house(house);
        }
        if let ([cell], Some(digit)) = (&cells[..], support[0].single_digit()) {
            step = step.place(*cell, digit);
        } else {
            for (&cell, &kept) in cells.iter().zip(&support) {
                step = step.eliminate(CellSet::single(cell), marks.get(cell) - kept);
            }
            if step.eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
        }
        let area = houses_text(houses);
        let verb = if houses.len() == 1 { "adds" } else { "add" };
        let total = 45 * houses.len();
        found(step.explain(|s| {
            format!(
                "Rule of 45: {area} {verb} up to {total} and {}, so the {} {} add up to {sum} {}",
                extra.known,
                extra.word,
                cells_text(open),
                s.outcome_text()
            )
        }))
    }
}
