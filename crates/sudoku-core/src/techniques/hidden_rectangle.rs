//! Hidden Rectangle: a rectangle of four empty cells over two boxes, with candidates u and
//! v, one corner holding only {u,v}. If u fits nowhere else in the row and in the column of the
//! opposite corner, that corner cannot be v: it would force u into both its neighbours on the
//! rectangle, and then the first corner into v, leaving only u and v on the four corners, a
//! pattern whose digits could be swapped (two solutions). So v leaves the opposite corner.
//!
//! The other corners may already have lost u or v: the argument is about the solution, not the
//! marks. What matters is that u is still to be placed in the opposite corner's row and column.

use std::ops::ControlFlow;

use super::unique_rectangle::{Rectangle, for_each_rectangle};
use super::{Assumes, Found, Technique};
use crate::candidates::Candidates;
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::digits_text;

pub struct HiddenRectangle;

impl Technique for HiddenRectangle {
    fn assumes(&self) -> Assumes {
        Assumes::ClassicRules
    }

    fn name(&self) -> &'static str {
        "Hidden Rectangle"
    }

    fn about(&self) -> &'static str {
        "Four empty cells at the corners of a rectangle over two boxes all hold the digits u and \
         v, and one corner holds nothing else. Look at the opposite corner: if u fits nowhere \
         else in its row and its column, that corner cannot be v. If it were, u would go in the \
         two corners next to it and v in the first corner, leaving a rectangle whose digits \
         could be swapped, and a proper puzzle has only one solution."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for_each_rectangle(marks, &mut |rect| {
            let Rectangle { corners, uv, .. } = rect;
            for anchor in (0..4).filter(|&i| marks.get(corners[i]) == uv) {
                // Corners are [r1c1, r1c2, r2c1, r2c2]: bit 0 of the index is the column, bit 1
                // the row. The opposite corner is 3 - i; flipping one bit moves along a side.
                let target = corners[3 - anchor];
                let [row, column, _] = target.houses();
                let beside_row = corners[(3 - anchor) ^ 1];
                let beside_column = corners[(3 - anchor) ^ 2];
                for u in uv.iter() {
                    let v = uv - DigitSet::single(u);
                    if (marks.get(target) & v).is_empty() {
                        continue;
                    }
                    // u still to be placed in the target's row and column, and only on the
                    // rectangle there (a u already placed in the line would prove nothing).
                    let confined = |line: House, mates: CellSet| {
                        let places = marks.places_in(u, line);
                        !places.is_empty() && (places - mates).is_empty()
                    };
                    if !confined(row, CellSet::single(target).with(beside_row))
                        || !confined(column, CellSet::single(target).with(beside_column))
                    {
                        continue;
                    }
                    let anchor_cell = corners[anchor];
                    let step = rect
                        .step(self.name())
                        .house(row)
                        .house(column)
                        .eliminate(CellSet::single(target), v);
                    let detail = format!(
                        " ({anchor_cell} holds only {}; {u} only on the rectangle in {row} and \
                         {column})",
                        digits_text(uv)
                    );
                    found(rect.explain(step, &detail))?;
                }
            }
            ControlFlow::Continue(())
        })
    }
}
