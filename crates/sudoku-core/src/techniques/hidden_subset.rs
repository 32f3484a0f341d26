//! Hidden Pair, Triple and Quad: N digits whose places in a house are only N cells fill those
//! cells, so every other candidate of those cells goes.

use std::ops::ControlFlow;

use super::{Found, Technique, for_each_union};
use crate::candidates::Candidates;
use crate::cell::Digit;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text, digits_text};

pub struct HiddenSubset {
    size: usize,
}

pub static HIDDEN_PAIR: HiddenSubset = HiddenSubset { size: 2 };
pub static HIDDEN_TRIPLE: HiddenSubset = HiddenSubset { size: 3 };
pub static HIDDEN_QUAD: HiddenSubset = HiddenSubset { size: 4 };

impl Technique for HiddenSubset {
    fn name(&self) -> &'static str {
        match self.size {
            2 => "Hidden Pair",
            3 => "Hidden Triple",
            _ => "Hidden Quad",
        }
    }

    fn about(&self) -> &'static str {
        match self.size {
            2 => {
                "Two digits that can go in only the same two cells of a house: those cells hold \
                 these two digits, so their other candidates go."
            }
            3 => {
                "Three digits whose places in a house are only three cells: those cells hold \
                 these three digits, so their other candidates go."
            }
            _ => {
                "Four digits whose places in a house are only four cells: those cells hold \
                 these four digits, so their other candidates go."
            }
        }
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for &house in marks.houses() {
            let digits: Vec<Digit> = Digit::all()
                .filter(|d| (2..=self.size as u32).contains(&marks.places_in(*d, house).len()))
                .collect();
            let places: Vec<CellSet> = digits.iter().map(|&d| marks.places_in(d, house)).collect();
            for_each_union(
                &places,
                CellSet::EMPTY,
                self.size,
                self.size as u32,
                &mut |chosen, cells| {
                    let subset: DigitSet = chosen.iter().map(|&i| digits[i]).collect();
                    let mut step = Step::new(self.name()).house(house);
                    for cell in cells.iter() {
                        step = step.pattern(CellSet::single(cell), marks.get(cell) & subset);
                        step = step.eliminate(CellSet::single(cell), marks.get(cell) - subset);
                    }
                    if step.eliminations.is_empty() {
                        return ControlFlow::Continue(());
                    }
                    found(step.explain(|s| {
                        format!(
                            "{} {} in {} {}",
                            self.name(),
                            digits_text(subset),
                            cells_text(cells),
                            s.outcome_text()
                        )
                    }))
                },
            )?;
        }
        ControlFlow::Continue(())
    }
}
