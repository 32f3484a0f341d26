//! Rule Fish: a fish whose base sets may be rules. A rule that cannot be met without a digit
//! among some of its cells (Rule-Locked Candidates' finding) holds it at least once there, as a
//! house does. Take N such sets, at least one of them a rule's, with no cell in common: they
//! hold N of the digit at least. When they all lie in N houses (the covers), each of which holds
//! the digit once, those are the covers' only ones, and no other cell of the covers holds it.
//! Base cells outside the covers are fins: unless one of them holds the digit the fish stands,
//! so a cover's cell that sees every fin loses the digit either way.
//!
//! A strong solver says it of arrows: "the arrows from r1c5 and r3c7 each need a 1; unless r3c3
//! is 1, those 1s are box 2's and box 4's", where a forcing chain would try each 1 in turn.
//! Fish of houses alone are the classic fish's, and are left to them.

use std::ops::ControlFlow;

use super::constraint_marks::digit_marks;
use super::rule_locked::needed_places;
use super::{Found, Technique, narrowed};
use crate::candidates::Candidates;
use crate::cell::Digit;
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text, houses_text};
use crate::variant::rules::{Dead, Marks};

pub struct RuleFish;

/// The most sets a fish is made of: two rules or houses, covered by two houses. Fish of three
/// sets made 20 arrow and 20 little-killer puzzles' solves 45% longer (12.7 to 18.4 s).
const LARGEST: usize = 2;

/// Cells that hold the digit at least once, and who says so.
#[derive(Clone, Copy)]
struct Base {
    cells: CellSet,
    by: By,
}

#[derive(Clone, Copy)]
enum By {
    /// The `index`th rule of the layout.
    Rule(usize),
    House(House),
}

impl Technique for RuleFish {
    fn name(&self) -> &'static str {
        "Rule Fish"
    }

    fn about(&self) -> &'static str {
        "A rule that cannot be met without a digit among some of its cells holds it there at \
         least once, as a row holds it once. Take two such sets of cells, rules or houses, \
         none sharing a cell: they hold two of the digit. If they all lie in two rows, \
         columns or boxes, those are the only ones these houses hold, and no other \
         cell of them can take the digit. A cell of the sets outside those houses is a fin: a \
         cell that sees every fin loses the digit whether a fin holds it or not."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let Some(layout) = marks.layout() else {
            return ControlFlow::Continue(());
        };
        let before = digit_marks(marks);
        // The kinds with a technique of their own, as Rule-Locked Candidates reads them; a
        // broken rule is its own technique's to show.
        let rules: Vec<usize> = (layout.constraints().iter().enumerate())
            .filter(|(_, constraint)| constraint.kind().technique().is_some())
            .map(|(index, _)| index)
            .filter(|&index| narrowed::narrow(marks, index, &mut Marks(before.0)) != Err(Dead))
            .collect();
        if rules.is_empty() {
            return ControlFlow::Continue(());
        }
        let open = marks.empty_cells();
        for digit in Digit::all() {
            let places = marks.cells_with(digit) & open;
            let houses: Vec<(House, CellSet)> = (marks.houses().iter())
                .map(|&house| (house, places & marks.cells_of(house)))
                .filter(|(_, cells)| !cells.is_empty())
                .collect();
            let mut bases: Vec<Base> = Vec::new();
            for &index in &rules {
                let on_rule = layout.constraints()[index].rule().cells() & places;
                for cells in needed_places(marks, &before, index, digit, on_rule) {
                    bases.push(Base {
                        cells,
                        by: By::Rule(index),
                    });
                }
            }
            if bases.is_empty() {
                continue;
            }
            let rule_bases = bases.len();
            bases.extend(houses.iter().map(|&(house, cells)| Base {
                cells,
                by: By::House(house),
            }));
            let fish = Fish {
                marks,
                digit,
                places,
                bases: &bases,
                houses: &houses,
            };
            for size in 2..=LARGEST {
                for (first, base) in bases[..rule_bases].iter().enumerate() {
                    fish.grow(size, &mut vec![first], base.cells, found)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// One digit's sets, from which fish are chosen.
struct Fish<'a> {
    marks: &'a Candidates,
    digit: Digit,
    places: CellSet,
    bases: &'a [Base],
    houses: &'a [(House, CellSet)],
}

impl Fish<'_> {
    /// Adds disjoint bases after the last chosen until there are `size`, then covers them.
    fn grow(
        &self,
        size: usize,
        chosen: &mut Vec<usize>,
        union: CellSet,
        found: Found<'_>,
    ) -> ControlFlow<()> {
        if chosen.len() == size {
            return self.cover(chosen, union, found);
        }
        let last = *chosen.last().expect("a first base");
        for next in last + 1..self.bases.len() {
            let cells = self.bases[next].cells;
            if !(cells & union).is_empty() {
                continue;
            }
            chosen.push(next);
            self.grow(size, chosen, union | cells, found)?;
            chosen.pop();
        }
        ControlFlow::Continue(())
    }

    /// Reports each choice of as many covers as `chosen` bases that takes the digit from some
    /// cell: houses that meet the bases and are not among them.
    fn cover(&self, chosen: &[usize], union: CellSet, found: Found<'_>) -> ControlFlow<()> {
        let is_base = |house: House| {
            chosen
                .iter()
                .any(|&i| matches!(self.bases[i].by, By::House(h) if h == house))
        };
        let covers: Vec<(House, CellSet)> = (self.houses.iter())
            .filter(|&&(house, cells)| !(cells & union).is_empty() && !is_base(house))
            .copied()
            .collect();
        let mut search = Covers {
            fish: self,
            chosen,
            union,
            covers: &covers,
            picked: Vec::with_capacity(chosen.len()),
            reported: Vec::new(),
        };
        search.pick(CellSet::EMPTY, CellSet::EMPTY, found)
    }

    fn step(&self, chosen: &[usize], covers: &[House], fins: CellSet, targets: CellSet) -> Step {
        let digit = self.digit;
        let layout = self.marks.layout().expect("rules");
        let union = chosen
            .iter()
            .fold(CellSet::EMPTY, |all, &i| all | self.bases[i].cells);
        let mut step = Step::new("Rule Fish")
            .pattern(union & self.places, DigitSet::single(digit))
            .eliminate(targets, DigitSet::single(digit));
        let mut needs = Vec::new();
        for &i in chosen {
            let base = self.bases[i];
            let who = match base.by {
                By::Rule(index) => {
                    step = step.rule(index);
                    layout.constraints()[index].rule().describe()
                }
                By::House(house) => {
                    step = step.house(house);
                    house.to_string()
                }
            };
            needs.push(format!(
                "{who} needs {digit} in one of {}",
                cells_text(base.cells)
            ));
        }
        for &house in covers {
            step = step.cover_house(house);
        }
        let unless = match fins.len() {
            0 => String::new(),
            1 => format!(" unless {} is {digit}", cells_text(fins)),
            _ => format!(" unless one of {} is {digit}", cells_text(fins)),
        };
        let covers_text = houses_text(covers);
        step.explain(|s| {
            format!(
                "Rule Fish: {}; apart, they fill {covers_text} with {digit}s{unless} => {}",
                needs.join("; "),
                s.eliminations_text()
            )
        })
    }
}

/// The covers of one choice of bases, chosen cell by cell: the first base cell neither covered
/// nor a fin is covered by one of its houses or made a fin, so that only covers that take base
/// cells are tried, and only fins that some cell sees together.
struct Covers<'a> {
    fish: &'a Fish<'a>,
    chosen: &'a [usize],
    union: CellSet,
    covers: &'a [(House, CellSet)],
    picked: Vec<usize>,
    /// The sets of covers reported, sorted: two orders of the same covers are one fish.
    reported: Vec<Vec<usize>>,
}

impl Covers<'_> {
    fn pick(&mut self, covered: CellSet, fins: CellSet, found: Found<'_>) -> ControlFlow<()> {
        let open = self.union - covered - fins;
        if self.picked.len() == self.chosen.len() {
            return self.report(covered, fins | open, found);
        }
        let Some(cell) = open.first() else {
            // Fewer covers than bases hold every base cell: the bases cannot all be met, a
            // contradiction other techniques show.
            return ControlFlow::Continue(());
        };
        for i in 0..self.covers.len() {
            let (_, cells) = self.covers[i];
            if !cells.contains(cell) || self.picked.contains(&i) || !(cells & fins).is_empty() {
                continue;
            }
            self.picked.push(i);
            self.pick(covered | cells, fins, found)?;
            self.picked.pop();
        }
        let fins = fins.with(cell);
        if !(self.fish.marks.seen_by_all(fins) & (self.fish.places - self.union)).is_empty() {
            self.pick(covered, fins, found)?;
        }
        ControlFlow::Continue(())
    }

    fn report(&mut self, covered: CellSet, fins: CellSet, found: Found<'_>) -> ControlFlow<()> {
        let mut targets = covered - self.union;
        if !fins.is_empty() {
            targets &= self.fish.marks.seen_by_all(fins);
        }
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut picked = self.picked.clone();
        picked.sort_unstable();
        if self.reported.contains(&picked) {
            return ControlFlow::Continue(());
        }
        let houses: Vec<House> = picked.iter().map(|&i| self.covers[i].0).collect();
        self.reported.push(picked);
        found(self.fish.step(self.chosen, &houses, fins, targets))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Cell;
    use crate::techniques::step_texts;
    use crate::variant::{Arrow, Puzzle, Rules};

    /// The two arrows of the Interactive Sudoku Solver's "Arrow" through boxes 1, 2 and 4 and
    /// boxes 2, 4 and 5, narrowed by Arrow Sum, r4c4 without the 1 a third arrow takes there;
    /// `nines` gives 9s in row 1 and column 7, which their circles then cannot be, so each
    /// arrow needs a 1.
    fn arrows(nines: bool) -> Candidates {
        let arrow = |cells: &[(u8, u8)]| {
            let cells: Vec<Cell> = cells.iter().map(|&(r, c)| Cell::at(r, c)).collect();
            Arrow::new(cells[..1].to_vec(), cells[1..].to_vec())
        };
        let rules = Rules::classic()
            .with([
                arrow(&[(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)]),
                arrow(&[(2, 6), (1, 5), (2, 4), (3, 3), (4, 2)]),
            ])
            .expect("two arrows");
        let mut givens = [0; Cell::COUNT];
        if nines {
            givens[Cell::at(0, 8).index()] = 9;
            givens[Cell::at(4, 6).index()] = 9;
        }
        let mut marks = Puzzle::new(givens, rules).marks();
        marks.eliminate(Cell::at(3, 3), Digit::ALL[0]);
        let arrow_sum = crate::techniques::by_name("Arrow Sum").expect("a technique");
        while let Some(step) = arrow_sum.technique.first(&marks) {
            step.apply_to(&mut marks);
        }
        marks
    }

    #[test]
    fn two_arrows_that_need_a_1_in_two_boxes_take_it_from_the_boxes_other_cells() {
        let texts = step_texts(&RuleFish, &arrows(true));
        let expected = "Rule Fish: the arrow from r1c5 needs 1 in one of r2c4,r3c3,r4c2,r5c1; \
                        the arrow from r3c7 needs 1 in one of r2c6,r3c5,r5c3; apart, they fill \
                        boxes 2,4 with 1s unless r3c3 is 1 => r3c4<>1, r3c6<>1, r4c3<>1, \
                        r6c3<>1";
        assert!(texts.iter().any(|text| text == expected), "{texts:#?}");
    }

    #[test]
    fn an_arrow_whose_circle_may_be_9_needs_no_1() {
        // 2+2+2+3 is 9: without the 9s given the first arrow does without a 1.
        let texts = step_texts(&RuleFish, &arrows(false));
        assert!(
            !texts.iter().any(|text| text.contains("r1c5 needs 1")),
            "{texts:#?}"
        );
        assert!(!step_texts(&RuleFish, &arrows(true)).is_empty());
    }
}
