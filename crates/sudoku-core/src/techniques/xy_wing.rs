//! XY-Wing: a bivalue pivot {x,y} sees two bivalue pincers {x,z} and {y,z}. Whichever digit the
//! pivot takes, one pincer is left with z, so z leaves every cell that sees both pincers.

use std::ops::ControlFlow;

use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, digits_text};

pub struct XyWing;

impl Technique for XyWing {
    fn name(&self) -> &'static str {
        "XY-Wing"
    }

    fn about(&self) -> &'static str {
        "A cell with two candidates x and y (the pivot) sees two other two-candidate cells, one \
         with x and z, the other with y and z. If the pivot is x, the first is z; if it is y, the \
         second is z. Either way one of them is z, so z cannot go in any cell that sees both."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let bivalue = marks.bivalue_cells();
        for pivot in bivalue.iter() {
            let xy = marks.get(pivot);
            let wings = marks.peers(pivot) & bivalue;
            for a in wings.iter() {
                let xz = marks.get(a);
                // The pincer `a` shares one digit, x, with the pivot; `b` holds the other, y.
                let (Some(x), Some(y), Some(z)) = (
                    (xz & xy).single_digit(),
                    (xy - xz).single_digit(),
                    (xz - xy).single_digit(),
                ) else {
                    continue;
                };
                let yz = DigitSet::single(y) | DigitSet::single(z);
                for b in wings.iter().filter(|&b| b > a && marks.get(b) == yz) {
                    let targets = marks.peers(a) & marks.peers(b) & marks.cells_with(z);
                    if targets.is_empty() {
                        continue;
                    }
                    found(step(
                        self.name(),
                        pivot,
                        [(a, x), (b, y)],
                        z,
                        targets,
                        marks,
                    ))?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The links of a wing, `(z=x)a - (x=y)middle - (y=z)b`: the bivalue cells `a` and `b` each
/// hold `z` and one end digit of the strong link `middle`, and see that end.
pub(super) fn wing_chain(
    a: Cell,
    middle: [(Cell, Digit); 2],
    b: Cell,
    z: Digit,
) -> [(Cell, Digit); 6] {
    let [(m, x), (n, y)] = middle;
    [(a, z), (a, x), (m, x), (n, y), (b, y), (b, z)]
}

/// The step of the pivot {x,y} with its pincers `a` {x,z} and `b` {y,z}, given as `[(a, x), (b, y)]`.
fn step(
    name: &'static str,
    pivot: Cell,
    pincers: [(Cell, Digit); 2],
    z_digit: Digit,
    targets: CellSet,
    marks: &Candidates,
) -> Step {
    let [(a, x), (b, y)] = pincers;
    let (xy, z) = (marks.get(pivot), DigitSet::single(z_digit));
    Step::new(name)
        .pattern(CellSet::single(pivot), xy)
        .pattern_cells(marks, CellSet::single(a).with(b))
        .chain(wing_chain(a, [(pivot, x), (pivot, y)], b, z_digit))
        .eliminate(targets, z)
        .explain(|s| {
            format!(
                "{name} {}/{z_digit} in {pivot},{a},{b} {}",
                digits_text(xy),
                s.outcome_text()
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::techniques::tests::keep;

    #[test]
    fn finds_the_wing_and_names_pivot_first() {
        let mut marks = Candidates::new(&Grid::empty());
        keep(
            &mut marks,
            &[(0, 0, &[1, 2]), (0, 4, &[1, 3]), (3, 0, &[2, 3])],
        );
        let step = XyWing.first(&marks).expect("an XY-Wing");
        assert_eq!(step.text, "XY-Wing 1/2/3 in r1c1,r1c5,r4c1 => r4c5<>3");
        assert_eq!(step.links.len(), 5);
    }
}
