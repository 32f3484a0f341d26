//! Empty Rectangle: in a box, a digit's places all lie in one row and one column of the box (and
//! not all in just one of them), so the box takes the digit in that row or in that column. With a
//! conjugate pair elsewhere (a column where the digit has two places, one in the box's row), the
//! pair's far end and the box's column cannot both be empty of the digit: the cell where the far
//! end's row crosses the box's column loses it. The same works with rows and columns swapped.

use std::ops::ControlFlow;

use super::{Assumes, Found, Technique};
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Node, Step};

pub struct EmptyRectangle;

impl Technique for EmptyRectangle {
    fn assumes(&self) -> Assumes {
        Assumes::Boxes
    }

    fn name(&self) -> &'static str {
        "Empty Rectangle"
    }

    fn about(&self) -> &'static str {
        "In a box, a digit's places all lie in one row and one column of the box, so the box \
         takes the digit in that row or in that column. Take a column (or row) elsewhere where \
         the digit has only two places, one of them in the box's row: if the other place is \
         empty, that one holds the digit and the box's row cannot, so the box's column does. \
         Either way, the cell where the other place's row meets the box's column loses the digit."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for digit in Digit::all() {
            let places = marks.cells_with(digit);
            for b in 0..9u8 {
                let boxed = House::box_at(b);
                let inside = places & boxed.cell_set();
                if inside.len() < 2 {
                    continue;
                }
                let (band, stack) = (b / 3 * 3, b % 3 * 3);
                for r in band..band + 3 {
                    for c in stack..stack + 3 {
                        let (row, column) = (House::row(r), House::column(c));
                        let cross = row.cell_set() | column.cell_set();
                        if !(inside - cross).is_empty()
                            || (inside - row.cell_set()).is_empty()
                            || (inside - column.cell_set()).is_empty()
                        {
                            continue;
                        }
                        let er = Er {
                            digit,
                            boxed,
                            inside,
                            row,
                            column,
                        };
                        // A conjugate pair in a column outside the box's stack, one end in the
                        // box's row: its far end's row meets the box's column.
                        for c2 in (0..9).filter(|x| x / 3 != b % 3) {
                            let pair = places & House::column(c2).cell_set();
                            if pair.len() != 2 || !pair.contains(Cell::at(r, c2)) {
                                continue;
                            }
                            let far = (pair - CellSet::single(Cell::at(r, c2))).first();
                            let Some(far) = far.filter(|f| f.row() / 3 != b / 3) else {
                                continue;
                            };
                            let target = Cell::at(far.row(), c);
                            if places.contains(target) {
                                found(er.step(Cell::at(r, c2), far, target))?;
                            }
                        }
                        // The same with a conjugate pair in a row outside the box's band.
                        for r2 in (0..9).filter(|x| x / 3 != b / 3) {
                            let pair = places & House::row(r2).cell_set();
                            if pair.len() != 2 || !pair.contains(Cell::at(r2, c)) {
                                continue;
                            }
                            let far = (pair - CellSet::single(Cell::at(r2, c))).first();
                            let Some(far) = far.filter(|f| f.col() / 3 != b % 3) else {
                                continue;
                            };
                            let target = Cell::at(r, far.col());
                            if places.contains(target) {
                                found(er.step(Cell::at(r2, c), far, target))?;
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// An empty rectangle: the box, its places, and the row and column holding them.
struct Er {
    digit: Digit,
    boxed: House,
    inside: CellSet,
    row: House,
    column: House,
}

impl Er {
    /// The step with the conjugate pair `near` (in the box's row or column) and `far`.
    fn step(&self, near: Cell, far: Cell, target: Cell) -> Step {
        let digit = self.digit;
        let line = if near.row() == far.row() {
            House::row(near.row())
        } else {
            House::column(near.col())
        };
        // The box's places in the line through the near end, and the rest of them.
        let near_side = if line.id() < 9 { self.column } else { self.row };
        let group = self.inside & near_side.cell_set();
        let other = self.inside - group;
        let boxed = self.boxed;
        let (row, column) = (self.row, self.column);
        Step::new("Empty Rectangle")
            .pattern(
                self.inside | CellSet::single(near).with(far),
                DigitSet::single(digit),
            )
            .house(boxed)
            .house(line)
            .chain([
                Node::single(far, digit),
                Node::single(near, digit),
                Node {
                    cells: group,
                    digit,
                },
                Node {
                    cells: other,
                    digit,
                },
            ])
            .eliminate(CellSet::single(target), DigitSet::single(digit))
            .explain(|s| {
                format!(
                    "Empty Rectangle {digit} in {boxed} ({row} / {column}) with {near}={far} {}",
                    s.outcome_text()
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::tests::texts;

    #[test]
    fn text_names_the_box_and_the_conjugate_pair() {
        let digits = ".45.+9.8.....+845...3.8.1+6+54+9+4+52.3198......+8...+86795.1...9..6.2.8...\
                      18+9....+84...69.";
        let deleted = "318 319 357 358 359 291 799";
        assert_eq!(
            texts(&EmptyRectangle, digits, deleted),
            [
                "Empty Rectangle 1 in box 1 (row 2 / column 1) with r9c1=r9c9 => r2c9<>1",
                "Empty Rectangle 7 in box 2 (row 1 / column 4) with r4c4=r4c9 => r1c9<>7"
            ]
        );
    }
}
