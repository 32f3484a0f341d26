//! 2-String Kite: a row and a column in which a digit has exactly two places each, one place of
//! each in the same box (two different cells). Those two cannot both hold the digit, so the row's
//! other end or the column's other end does: a cell seeing both ends loses the digit.

use std::ops::ControlFlow;

use super::skyscraper::two_strong_links;
use super::{Assumes, Found, Technique};
use crate::candidates::Candidates;
use crate::cell::Digit;
use crate::house::House;
use crate::sets::CellSet;
use crate::step::cells_text;

pub struct TwoStringKite;

impl Technique for TwoStringKite {
    fn assumes(&self) -> Assumes {
        Assumes::Boxes
    }

    fn name(&self) -> &'static str {
        "2-String Kite"
    }

    fn about(&self) -> &'static str {
        "A row and a column in which a digit has only two places each, with one place of each in \
         the same box. Those two cannot both hold the digit, so the row's other place or the \
         column's other place does: a cell that sees both of them loses the digit."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for digit in Digit::all() {
            let places = marks.cells_with(digit);
            for r in 0..9 {
                let row = House::row(r);
                let in_row = places & row.cell_set();
                if in_row.len() != 2 {
                    continue;
                }
                for c in 0..9 {
                    let column = House::column(c);
                    let in_column = places & column.cell_set();
                    if in_column.len() != 2 || !(in_row & in_column).is_empty() {
                        continue;
                    }
                    for row_end in in_row.iter() {
                        for column_end in in_column.iter() {
                            let boxed = House::box_at(row_end.box_index());
                            if column_end.box_index() != row_end.box_index() {
                                continue;
                            }
                            let row_tail = (in_row - CellSet::single(row_end)).first();
                            let column_tail = (in_column - CellSet::single(column_end)).first();
                            let (Some(row_tail), Some(column_tail)) = (row_tail, column_tail)
                            else {
                                continue;
                            };
                            if boxed.cell_set().contains(row_tail)
                                || boxed.cell_set().contains(column_tail)
                            {
                                continue;
                            }
                            let ends = [row_tail, row_end, column_end, column_tail];
                            let Some(step) =
                                two_strong_links(marks, self.name(), digit, places, ends)
                            else {
                                continue;
                            };
                            let step = step
                                .house(row)
                                .house(column)
                                .house(boxed)
                                .explain(|s| {
                                    format!(
                                        "2-String Kite {digit} in {},{} (connected by {} in {boxed}) {}",
                                        row_tail,
                                        column_tail,
                                        cells_text(CellSet::single(row_end).with(column_end)),
                                        s.outcome_text()
                                    )
                                });
                            found(step)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::tests::texts;

    #[test]
    fn text_names_the_ends_and_the_box() {
        let digits = "+156+87+49+3+2.4+762.+18+528....+4+7+6....8.+5+9.73....618+8.5...+32......\
                      ...+3.7.5...49....487.1";
        assert_eq!(
            texts(&TwoStringKite, digits, ""),
            ["2-String Kite 3 in r2c1,r8c5 (connected by r2c6,r3c5 in box 2) => r8c1<>3"]
        );
    }
}
