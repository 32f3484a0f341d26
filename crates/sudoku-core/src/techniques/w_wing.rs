//! W-Wing: two cells with the same two candidates {x,y} that do not see each other, and a
//! strong link on x (a house where x has only two places) whose ends see one cell each. One end
//! of the link is x, so the cell it sees is y; either way one of the two cells is y, and y
//! leaves every cell that sees both.

use std::ops::ControlFlow;

use super::xy_wing::wing_chain;
use super::{Found, Technique, shared_line};
use crate::candidates::Candidates;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text, digits_text};

pub struct WWing;

impl Technique for WWing {
    fn name(&self) -> &'static str {
        "W-Wing"
    }

    fn about(&self) -> &'static str {
        "Two cells with the same two candidates x and y, which do not see each other, are joined \
         by a strong link on x: a house where x fits in only two cells, one seeing each of the \
         pair. One end of the link holds x, so the pair cell it sees cannot be x and must be y. \
         So one of the pair is y, and y cannot go in any cell that sees both."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let bivalue = marks.bivalue_cells();
        for p in bivalue.iter() {
            let xy = marks.get(p);
            for q in bivalue.iter().filter(|&q| q > p && marks.get(q) == xy) {
                if marks.sees(p, q) {
                    continue;
                }
                let common = marks.peers(p) & marks.peers(q);
                let Some((u, v)) = xy.pair() else {
                    continue;
                };
                for (x, y_digit) in [(u, v), (v, u)] {
                    let y = DigitSet::single(y_digit);
                    let targets = common & marks.cells_with(y_digit);
                    if targets.is_empty() {
                        continue;
                    }
                    let ends = CellSet::single(p).with(q);
                    for &house in marks.houses() {
                        let places = marks.places_in(x, house);
                        let Some((s, t)) = places.pair().filter(|_| (places & ends).is_empty())
                        else {
                            continue;
                        };
                        // The same link in a line and a box is reported once, from the line.
                        if !house.is_line()
                            && shared_line(places).is_some_and(|l| marks.places_in(x, l) == places)
                        {
                            continue;
                        }
                        let (near_p, near_q) = if marks.sees(s, p) && marks.sees(t, q) {
                            (s, t)
                        } else if marks.sees(t, p) && marks.sees(s, q) {
                            (t, s)
                        } else {
                            continue;
                        };
                        let step = Step::new(self.name())
                            .pattern(ends, xy)
                            .pattern(places, DigitSet::single(x))
                            .house(house)
                            .chain(wing_chain(p, [(near_p, x), (near_q, x)], q, y_digit))
                            .eliminate(targets, y)
                            .explain(|s| {
                                format!(
                                    "{} {} in {p},{q} connected by {x} in {house} ({}) {}",
                                    self.name(),
                                    digits_text(xy),
                                    cells_text(places),
                                    s.outcome_text()
                                )
                            });
                        found(step)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}
