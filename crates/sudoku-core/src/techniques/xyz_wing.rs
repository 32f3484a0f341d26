//! XYZ-Wing: a pivot {x,y,z} sees two bivalue pincers {x,z} and {y,z}. Whatever the pivot
//! takes, z is in the pivot or in a pincer, so z leaves every cell that sees all three.

use std::ops::ControlFlow;

use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::sets::CellSet;
use crate::step::{Step, digits_text};

pub struct XyzWing;

impl Technique for XyzWing {
    fn name(&self) -> &'static str {
        "XYZ-Wing"
    }

    fn about(&self) -> &'static str {
        "A cell with three candidates x, y and z (the pivot) sees two two-candidate cells, one \
         with x and z, the other with y and z. If the pivot is x or y, one of the pincers is z; \
         otherwise the pivot is z itself. So z cannot go in any cell that sees all three."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let bivalue = marks.bivalue_cells();
        for pivot in marks.empty_cells().iter() {
            let xyz = marks.get(pivot);
            if xyz.len() != 3 {
                continue;
            }
            let wings: CellSet = (marks.peers(pivot) & bivalue)
                .iter()
                .filter(|w| (marks.get(*w) - xyz).is_empty())
                .collect();
            for a in wings.iter() {
                let xz = marks.get(a);
                for b in wings.iter().filter(|&b| b > a) {
                    let yz = marks.get(b);
                    // Two different pairs out of the pivot's three digits share one.
                    let z = xz & yz;
                    let Some(z_digit) = z.single_digit() else {
                        continue;
                    };
                    let targets = marks.peers(pivot)
                        & marks.peers(a)
                        & marks.peers(b)
                        & marks.cells_with(z_digit);
                    if targets.is_empty() {
                        continue;
                    }
                    let step = Step::new(self.name())
                        .pattern(CellSet::single(pivot), xyz)
                        .pattern(CellSet::single(a), xz)
                        .pattern(CellSet::single(b), yz)
                        .eliminate(targets, z)
                        .explain(|s| {
                            format!(
                                "{} {}/{z_digit} in {pivot},{a},{b} {}",
                                self.name(),
                                digits_text(xyz - z),
                                s.outcome_text()
                            )
                        });
                    found(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}
