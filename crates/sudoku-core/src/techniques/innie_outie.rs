//! Innie–Outie Difference: in a row, column or box (or a few neighbouring ones), the cages
//! inside and the cages crossing its edge relate the cells left inside to the cells sticking
//! out. The area adds up to 45 a house; each crossing cage's part inside adds up to its sum less
//! its part outside. So, choosing crossing cages to count whole, the innies the other cages leave
//! inside less the outies of the cages counted whole make a known number: one innie and one
//! outie differ by it ("r2c5 is r3c1 plus 4"), which keeps in each only the digits the other
//! has a partner for. (With outies alone, or innies alone, it is the rule of 45.)

use std::ops::ControlFlow;

use super::sums::{SumArea, options, signed_sum_support, sum_areas};
use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::Cell;
use crate::sets::CellSet;
use crate::step::{Step, cells_text, houses_text};

pub struct InnieOutie;

/// The most crossing cages counted whole together, and the most innies and outies related:
/// beyond, the relation seldom tells anything a person would use.
const MOST_CAGES: usize = 3;
const MOST_CELLS: usize = 4;

impl Technique for InnieOutie {
    fn name(&self) -> &'static str {
        "Innie-Outie Difference"
    }

    fn about(&self) -> &'static str {
        "A row, column or box adds up to 45 (several neighbouring ones to 45 each). Take \
         away the cages inside it; a cage crossing its edge adds up to its sum, so its cells \
         inside are its sum less its cells outside. The cells left inside (innies) and the cells \
         sticking out (outies) then differ by a known number: an innie is an outie plus 3, say. \
         Each keeps only the digits the other can answer."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for area in sum_areas(marks) {
            let (inside, inside_sum) = area.inside(marks);
            let crossing: Vec<(CellSet, i32)> = marks
                .cages()
                .iter()
                .filter(|cage| {
                    !(cage.cells & area.cells).is_empty() && !(cage.cells - area.cells).is_empty()
                })
                .filter_map(|cage| Some((cage.cells, i32::from(cage.sum?))))
                .collect();
            let innies = area.cells - inside;
            // Each choice of crossing cages counted whole, up to a few of them.
            let choices = (1u32..1 << crossing.len().min(16))
                .filter(|choice| choice.count_ones() as usize <= MOST_CAGES);
            for choice in choices {
                let chosen: Vec<(CellSet, i32)> = (0..crossing.len())
                    .filter(|i| choice >> i & 1 != 0)
                    .map(|i| crossing[i])
                    .collect();
                let whole = chosen
                    .iter()
                    .fold(CellSet::EMPTY, |all, (cells, _)| all | *cells);
                let difference =
                    area.total - inside_sum - chosen.iter().map(|(_, sum)| sum).sum::<i32>();
                let relation = Relation {
                    innies: innies - whole,
                    outies: whole - area.cells,
                    difference,
                };
                self.try_relation(marks, &area, &chosen, relation, found)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The innies' sum less the outies' sum is `difference`.
struct Relation {
    innies: CellSet,
    outies: CellSet,
    difference: i32,
}

impl InnieOutie {
    fn try_relation(
        &self,
        marks: &Candidates,
        area: &SumArea,
        chosen: &[(CellSet, i32)],
        relation: Relation,
        found: Found<'_>,
    ) -> ControlFlow<()> {
        let known = |cells: CellSet| -> i32 {
            cells
                .iter()
                .filter_map(|cell| marks.grid().get(cell))
                .map(|digit| i32::from(digit.get()))
                .sum()
        };
        let open_innies = relation.innies & marks.empty_cells();
        let open_outies = relation.outies & marks.empty_cells();
        if open_innies.is_empty()
            || open_outies.is_empty()
            || (open_innies | open_outies).len() as usize > MOST_CELLS
        {
            return ControlFlow::Continue(());
        }
        let difference = relation.difference - known(relation.innies) + known(relation.outies);
        let cells: Vec<Cell> = open_innies.iter().chain(open_outies.iter()).collect();
        let signs: Vec<i32> = (open_innies.iter().map(|_| 1))
            .chain(open_outies.iter().map(|_| -1))
            .collect();
        let support = signed_sum_support(&options(marks, &cells), &signs, difference, &|i, j| {
            marks.sees(cells[i], cells[j])
        });
        // No way at all only in a broken position: nothing to explain.
        if support.iter().any(|kept| kept.is_empty()) {
            return ControlFlow::Continue(());
        }
        let mut step = Step::new(self.name()).pattern_cells(marks, open_innies | open_outies);
        for cage in (marks.cages().iter()).filter(|cage| chosen.iter().any(|c| c.0 == cage.cells)) {
            step = step.cage(marks, cage);
        }
        for &house in &area.houses {
            step = step.house(house);
        }
        for (&cell, &kept) in cells.iter().zip(&support) {
            step = step.eliminate(CellSet::single(cell), marks.get(cell) - kept);
        }
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        let area_text = houses_text(&area.houses);
        let verb = if area.houses.len() == 1 {
            "adds"
        } else {
            "add"
        };
        let total = area.total;
        let cages: Vec<String> = chosen
            .iter()
            .map(|(cells, sum)| {
                let first = cells.iter().next().map_or(String::new(), |c| c.to_string());
                format!("the cage at {first} ({sum})")
            })
            .collect();
        let (innie_word, outie_word) = (
            if open_innies.has_several() {
                "innies"
            } else {
                "innie"
            },
            if open_outies.has_several() {
                "outies"
            } else {
                "outie"
            },
        );
        let relation_text = match difference {
            0 => String::new(),
            d if d > 0 => format!(" plus {d}"),
            d => format!(" less {}", -d),
        };
        found(step.explain(|s| {
            format!(
                "Innie-Outie Difference: {area_text} {verb} up to {total}, and with {} counted \
                 whole, the {innie_word} {} {} the {outie_word} {}{relation_text} {}",
                cages.join(" and "),
                cells_text(open_innies),
                if open_innies.has_several() {
                    "add up to"
                } else {
                    "is"
                },
                cells_text(open_outies),
                s.outcome_text()
            )
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets::DigitSet;
    use crate::variant::{Cage, Puzzle, Rules};

    #[test]
    fn an_innie_and_an_outie_differ_by_what_the_cages_leave() {
        // Row 1: cages r1c1-r1c4 (10) and r1c5-r1c7 (18) inside it, and r1c9 with r2c9 (12)
        // crossing its edge. Counting that cage whole, the innie r1c8 less the outie r2c9 is
        // 45 - 28 - 12 = 5.
        let cage = |cells: &[(u8, u8)], sum: u8| Cage {
            cells: cells.iter().map(|&(r, c)| Cell::at(r, c)).collect(),
            sum: Some(sum),
        };
        let rules = Rules::classic()
            .with([
                cage(&[(0, 0), (0, 1), (0, 2), (0, 3)], 10),
                cage(&[(0, 4), (0, 5), (0, 6)], 18),
                cage(&[(0, 8), (1, 8)], 12),
            ])
            .unwrap();
        let marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let step = InnieOutie.first(&marks).expect("a step");
        assert!(
            step.text.starts_with(
                "Innie-Outie Difference: row 1 adds up to 45, and with the cage at r1c9 (12) \
                 counted whole, the innie r1c8 is the outie r2c9 plus 5 => "
            ),
            "{}",
            step.text
        );
        // r1c8 keeps 6 to 9, r2c9 1 to 4: what the other can answer.
        let kept = |cell: Cell| {
            let lost = step.eliminations.iter().filter(|e| e.cell == cell);
            lost.fold(marks.get(cell), |kept, e| kept - DigitSet::single(e.digit))
        };
        assert!(kept(Cell::at(0, 7)).iter().all(|d| d.get() >= 6));
        assert!(kept(Cell::at(1, 8)).iter().all(|d| d.get() <= 4));
        assert!(!kept(Cell::at(0, 7)).is_empty() && !kept(Cell::at(1, 8)).is_empty());
    }
}
