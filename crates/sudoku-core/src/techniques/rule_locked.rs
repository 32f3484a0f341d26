//! Rule-Locked Candidates: a digit that a rule cannot do without (an arrow whose sum needs an 8
//! among its cells, a renban line that must run through a 5) goes in one of its places on the
//! rule, so it leaves every cell that sees all of those places, or goes in its one place. It is
//! Cage-Locked Candidates for every rule drawn through cells: a strong solver says "the arrow
//! from r1c7 needs an 8 in row 1, so no other cell of row 1 is 8", where a forcing chain would
//! take the digit out and watch the arrow fail.
//!
//! Each rule says it by narrowing, as its own file works it out: the digit is taken from all of
//! its places on the rule, and the rule then cannot be met. Killer cages are left to
//! Cage-Locked Candidates, which fits their sums.

use std::ops::ControlFlow;

use super::constraint_marks::digit_marks;
use super::narrowed;
use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::Digit;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text};
use crate::variant::rules::{Dead, Marks};

pub struct RuleLocked;

impl Technique for RuleLocked {
    fn name(&self) -> &'static str {
        "Rule-Locked Candidates"
    }

    fn about(&self) -> &'static str {
        "When a rule drawn through some cells (an arrow, a line, a dot…) cannot be met without a \
         digit among its cells, the digit is there: if only one of them can take it, it goes \
         there; otherwise any other cell that sees all of its places on the rule loses it."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let Some(layout) = marks.layout() else {
            return ControlFlow::Continue(());
        };
        let before = digit_marks(marks);
        let open = marks.empty_cells();
        // The kinds with a technique of their own: groups are houses, and a cage's sum is the
        // cage techniques'.
        let rules = (layout.constraints().iter().enumerate())
            .filter(|(_, constraint)| constraint.kind().technique().is_some());
        for (index, constraint) in rules {
            let rule = constraint.rule();
            // A broken rule is its own technique's to show.
            if narrowed::narrow(marks, index, &mut Marks(before.0)) == Err(Dead) {
                continue;
            }
            for digit in Digit::all() {
                let places = rule.cells() & open & marks.cells_with(digit);
                for needed in needed_places(marks, &before, index, digit, places) {
                    if let Some(step) = self.step(marks, (index, rule.describe()), digit, needed) {
                        found(step)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl RuleLocked {
    /// The step of `digit` needed by the `index`th rule, `described`, in `places`: placed in the
    /// one place, or taken from the cells that see them all; None when that changes nothing.
    fn step(
        &self,
        marks: &Candidates,
        (index, described): (usize, String),
        digit: Digit,
        places: CellSet,
    ) -> Option<Step> {
        let one = DigitSet::single(digit);
        let needs = format!("{described} needs {digit}");
        let name = self.name();
        if let Some(cell) = places.single_cell() {
            return Some(
                Step::new(name)
                    .rule(index)
                    .place(cell, digit)
                    .pattern(places, one)
                    .explain(|s| {
                        format!(
                            "{name}: {needs}, and only {cell} on it can take it => {}",
                            s.placements_text()
                        )
                    }),
            );
        }
        let targets = marks.seen_by_all(places) & (marks.cells_with(digit) - places);
        (!targets.is_empty()).then(|| {
            Step::new(name)
                .rule(index)
                .pattern(places, one)
                .eliminate(targets, one)
                .explain(|s| {
                    format!(
                        "{name}: {needs} in one of {} {}",
                        cells_text(places),
                        s.outcome_text()
                    )
                })
        })
    }
}

/// Whether the `index`th rule of `marks` cannot be met, as its narrowing finds, with `digit`
/// taken from every one of `places` (from the marks `before`): then the digit is in one of them. Not when a place would
/// be left nothing else, which is a single, found before any of this.
pub(super) fn needs(
    marks: &Candidates,
    index: usize,
    before: &Marks,
    digit: Digit,
    places: CellSet,
) -> bool {
    let bit = Marks::bits(DigitSet::single(digit));
    let mut without = Marks(before.0);
    for place in places.iter() {
        without.0[place.index()] &= !bit;
    }
    !places.is_empty()
        && places.iter().all(|cell| without.0[cell.index()] != 0)
        && narrowed::narrow(marks, index, &mut without) == Err(Dead)
}

/// The sets of `digit`'s `places` on the `index`th rule that the rule cannot be met without the digit in:
/// the places in each house, smallest first, then all of them. A house's part is looked at only
/// when all the places are needed, as taking the digit from fewer places leaves the rule more.
pub(super) fn needed_places(
    marks: &Candidates,
    before: &Marks,
    index: usize,
    digit: Digit,
    places: CellSet,
) -> Vec<CellSet> {
    let needed = |part: CellSet| needs(marks, index, before, digit, part);
    if !needed(places) {
        return Vec::new();
    }
    let mut parts: Vec<CellSet> = Vec::new();
    for &house in marks.houses() {
        let part = places & marks.cells_of(house);
        if part != places && !parts.contains(&part) && needed(part) {
            parts.push(part);
        }
    }
    parts.sort_by_key(|part| part.len());
    parts.push(places);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Cell;
    use crate::variant::{Puzzle, Renban, Rules};

    fn steps(marks: &Candidates) -> Vec<String> {
        crate::techniques::step_texts(&RuleLocked, marks)
    }

    /// A renban line down column 1 from r1c1, `length` cells long, the grid otherwise empty.
    fn renban_rules(length: u8) -> Rules {
        let line = Renban {
            cells: (0..length).map(|row| Cell::at(row, 0)).collect(),
        };
        Rules::classic().with([line]).unwrap()
    }

    fn renban_marks(length: u8) -> Candidates {
        Puzzle::new([0; Cell::COUNT], renban_rules(length)).marks()
    }

    #[test]
    fn a_digit_every_way_of_meeting_a_rule_holds_leaves_the_cells_that_see_its_places() {
        // Five consecutive digits always take in a 5.
        assert_eq!(
            steps(&renban_marks(5)),
            [
                "Rule-Locked Candidates: the renban line from r1c1 needs 5 in one of \
              r1c1,r2c1,r3c1,r4c1,r5c1 => r6c1<>5, r7c1<>5, r8c1<>5, r9c1<>5"
            ]
        );
        // Four need not: 1 to 4 or 6 to 9.
        assert!(steps(&renban_marks(4)).is_empty());
    }

    #[test]
    fn a_needed_digit_with_one_place_left_goes_there() {
        let mut marks = renban_marks(5);
        for row in 1..5 {
            marks.eliminate(Cell::at(row, 0), Digit::ALL[4]);
        }
        let step = RuleLocked.first(&marks).unwrap();
        assert_eq!(
            step.text,
            "Rule-Locked Candidates: the renban line from r1c1 needs 5, and only r1c1 on it can \
             take it => r1c1=5"
        );
        let mut solved = marks.clone();
        assert!(step.apply_to(&mut solved));
        assert_eq!(solved.grid().get(Cell::at(0, 0)), Some(Digit::ALL[4]));
    }

    #[test]
    fn a_hint_says_it_in_plain_words() {
        let plain = crate::plain::plain(
            &RuleLocked.first(&renban_marks(5)).unwrap(),
            &renban_rules(5),
        );
        assert_eq!(
            plain.look,
            "Look at 5 on the renban line through row 1, column 1: it cannot be met without one \
             (rule-locked candidates)."
        );
        assert_eq!(
            plain.why,
            "Without a 5 in column 1, rows 1, 2, 3, 4 or 5, the renban line through them could \
             not be met, so one of them is 5. No other cell that sees all of them can be 5."
        );
    }

    #[test]
    fn classic_rules_lock_nothing() {
        let marks = Puzzle::new([0; Cell::COUNT], Rules::classic()).marks();
        assert!(steps(&marks).is_empty());
    }
}
