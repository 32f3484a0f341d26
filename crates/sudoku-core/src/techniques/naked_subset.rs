//! Naked Pair, Triple and Quad, and the Locked Pair and Triple: N cells of a house whose
//! candidates together are only N digits take those digits, so no other cell of the house can.

use std::ops::ControlFlow;

use super::{Found, Technique, for_each_union, shared_line};
use crate::candidates::Candidates;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text, digits_text};

pub struct NakedSubset {
    size: usize,
    /// Only subsets lying where a box and a line cross; they clear both houses.
    locked: bool,
}

pub static LOCKED_PAIR: NakedSubset = NakedSubset::locked(2);
pub static LOCKED_TRIPLE: NakedSubset = NakedSubset::locked(3);
pub static NAKED_PAIR: NakedSubset = NakedSubset::naked(2);
pub static NAKED_TRIPLE: NakedSubset = NakedSubset::naked(3);
pub static NAKED_QUAD: NakedSubset = NakedSubset::naked(4);

impl NakedSubset {
    const fn naked(size: usize) -> NakedSubset {
        NakedSubset {
            size,
            locked: false,
        }
    }

    const fn locked(size: usize) -> NakedSubset {
        NakedSubset { size, locked: true }
    }
}

impl Technique for NakedSubset {
    fn name(&self) -> &'static str {
        match (self.locked, self.size) {
            (true, 2) => "Locked Pair",
            (true, _) => "Locked Triple",
            (false, 2) => "Naked Pair",
            (false, 3) => "Naked Triple",
            (false, _) => "Naked Quad",
        }
    }

    fn about(&self) -> &'static str {
        match (self.locked, self.size) {
            (true, _) => {
                "A Naked Pair or Triple that lies where a box and a row or column cross: its \
                 digits are taken in both houses, so they leave every other cell of the box and \
                 of the line."
            }
            (false, 2) => {
                "Two cells of a house with the same two candidates and nothing else: one takes \
                 each digit, so no other cell of the house can hold either."
            }
            (false, 3) => {
                "Three cells of a house whose candidates together are only three digits: they \
                 take those three, so no other cell of the house can hold them."
            }
            (false, _) => {
                "Four cells of a house whose candidates together are only four digits: they take \
                 those four, so no other cell of the house can hold them."
            }
        }
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for &house in marks.houses() {
            if self.locked && house.is_line() {
                continue;
            }
            let open = marks.empty_cells() & marks.cells_of(house);
            let cells: Vec<_> = open
                .iter()
                .filter(|c| (2..=self.size as u32).contains(&marks.get(*c).len()))
                .collect();
            let candidates: Vec<DigitSet> = cells.iter().map(|&c| marks.get(c)).collect();
            for_each_union(
                &candidates,
                DigitSet::EMPTY,
                self.size,
                self.size as u32,
                &mut |chosen, digits| {
                    let subset: CellSet = chosen.iter().map(|&i| cells[i]).collect();
                    let mut houses = vec![house];
                    if self.locked {
                        let Some(line) = shared_line(subset) else {
                            return ControlFlow::Continue(());
                        };
                        houses.push(line);
                    }
                    let reach = houses
                        .iter()
                        .fold(CellSet::EMPTY, |acc, &h| acc | marks.cells_of(h));
                    let removed = (reach - subset) & marks.cells_with_any(digits);
                    if removed.is_empty() {
                        return ControlFlow::Continue(());
                    }
                    let mut step = Step::new(self.name()).pattern_cells(marks, subset);
                    for &h in &houses {
                        step = step.house(h);
                    }
                    step = step.eliminate_candidates(marks, removed, digits);
                    found(step.explain(|s| {
                        format!(
                            "{} {} in {} {}",
                            self.name(),
                            digits_text(digits),
                            cells_text(subset),
                            s.outcome_text()
                        )
                    }))
                },
            )?;
        }
        ControlFlow::Continue(())
    }
}
