//! Skyscraper: two rows in which a digit has exactly two places each, one place of each in the
//! same column. The two places in that column cannot both hold the digit, so one of the two other
//! ends (the roof) does: a cell seeing both ends of the roof cannot hold it. The same works with
//! rows and columns swapped.

use std::ops::ControlFlow;

use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text};

pub struct Skyscraper;

impl Technique for Skyscraper {
    fn name(&self) -> &'static str {
        "Skyscraper"
    }

    fn about(&self) -> &'static str {
        "Two rows in which a digit has only two places each, with one place of each in the same \
         column. Those two cannot both hold the digit, so at least one of the other two ends \
         does: any cell that sees both of them loses the digit. The same works with rows and \
         columns swapped."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for digit in Digit::all() {
            let places = marks.cells_with(digit);
            for lines in [
                [0, 1, 2, 3, 4, 5, 6, 7, 8].map(House::row),
                [0, 1, 2, 3, 4, 5, 6, 7, 8].map(House::column),
            ] {
                for (i, &first) in lines.iter().enumerate() {
                    let Some((a1, a2)) = (places & first.cell_set()).pair() else {
                        continue;
                    };
                    for &second in &lines[i + 1..] {
                        let Some((b1, b2)) = (places & second.cell_set()).pair() else {
                            continue;
                        };
                        for (a_foot, a_top) in [(a1, a2), (a2, a1)] {
                            for (b_foot, b_top) in [(b1, b2), (b2, b1)] {
                                // The feet share the cross line; the tops must not.
                                if cross(first, a_foot) != cross(first, b_foot)
                                    || cross(first, a_top) == cross(first, b_top)
                                {
                                    continue;
                                }
                                let ends = [a_top, a_foot, b_foot, b_top];
                                let Some(step) =
                                    two_strong_links(marks, self.name(), digit, places, ends)
                                else {
                                    continue;
                                };
                                let step = step.house(first).house(second).explain(|s| {
                                    format!(
                                        "Skyscraper {digit} in {} (connected by {}) {}",
                                        cells_text(CellSet::single(a_top).with(b_top)),
                                        cells_text(CellSet::single(a_foot).with(b_foot)),
                                        s.outcome_text()
                                    )
                                });
                                found(step)?;
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The step of two strong links on `digit`, `ends[0]=ends[1]` and `ends[2]=ends[3]`, joined by
/// a weak link `ends[1]-ends[2]`: one of the outer ends holds the digit, so it leaves every other
/// place in `places` that sees both. `None` when there is no such place. The caller adds the
/// houses and the text.
pub(super) fn two_strong_links(
    marks: &Candidates,
    name: &'static str,
    digit: Digit,
    places: CellSet,
    ends: [Cell; 4],
) -> Option<Step> {
    let pattern: CellSet = ends.into_iter().collect();
    let targets = (places & marks.peers(ends[0]) & marks.peers(ends[3])) - pattern;
    if targets.is_empty() {
        return None;
    }
    let one = DigitSet::single(digit);
    let step = Step::new(name)
        .pattern(pattern, one)
        .chain(ends.map(|cell| (cell, digit)))
        .eliminate(targets, one);
    Some(step)
}

/// The index of the line crossing `line` at `cell`: the column for a row, the row for a column.
fn cross(line: House, cell: Cell) -> u8 {
    if line.id() < 9 {
        cell.col()
    } else {
        cell.row()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::tests::texts;

    #[test]
    fn text_names_the_roof_and_the_base() {
        let digits = "..1.+2+8+7+59.8+79.+5+132+9+52173+4+8+6.2.+7..+3+4....+5..27.+7148+3+26+9+5....9.\
                      +8+1+7.+7+8.5+1+96319..+87+5+2+4";
        assert_eq!(
            texts(&Skyscraper, digits, ""),
            ["Skyscraper 4 in r2c5,r8c4 (connected by r2c1,r8c1) => r1c4<>4"]
        );
    }
}
