//! Equal Cells: cells that the rules make hold the same digit (a region sum line's cells that
//! are each alone in their box, a clone, a palindrome's mirrored pair, an arrow of one cell from
//! a one-cell circle) are placed together, whatever that digit is. A strong solver reads them as
//! one symbol: "r3c8, r4c7 and r7c4 are the same digit; in box 5 it can only go in r5c5".
//!
//! - A digit that, placed in all of them at once, leaves some house no place for it, is none of
//!   theirs.
//! - A cell that is, for every digit they can hold, the only place left for it in some house,
//!   holds their digit too: it keeps only their digits, and joins them for what follows.
//!
//! Two cells are equal when a rule through both, narrowed from each digit of the first, leaves
//! the second only that digit: found from the rules' own narrowing, nothing about a kind is
//! written here. With the digit supposed, the cells that see any of the equal cells lose it,
//! the rules through them narrow from there, and a class of equal cells loses it whole when any
//! of its cells does.

use std::ops::ControlFlow;

use super::constraint_marks::digit_marks;
use super::narrowed::Remembered;
use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text};
use crate::variant::rules::Marks;

pub struct EqualCells;

impl Technique for EqualCells {
    fn name(&self) -> &'static str {
        "Equal Cells"
    }

    fn about(&self) -> &'static str {
        "Some cells must hold the same digit, whatever it is: a region sum line's cells that are \
         alone in their boxes, clones, a palindrome's mirrored cells. Place that digit in all of \
         them at once: the cells that see any of them cannot hold it, nor what the rules then \
         forbid. A digit that would leave a row, column or box no place for itself is not \
         theirs; a cell that would be some house's only place for each of their digits holds \
         their digit too, and keeps only their digits."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let rules: Vec<(Remembered, CellSet)> =
            Remembered::rules(marks, |constraint| constraint.kind().technique().is_some())
                .map(|rule| (rule, rule.rule().cells()))
                .collect();
        if rules.is_empty() {
            return ControlFlow::Continue(());
        }
        let before = digit_marks(marks);
        let classes = classes(marks, &before, &rules);
        for class in &classes {
            if let Some(step) = self.suppose(marks, &before, &rules, &classes, class) {
                found(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Cells that hold the same digit, and why: the rules that made them equal, or the houses that
/// left a cell the only place for their digit.
#[derive(Clone)]
struct Class {
    /// The cells the rules made equal.
    cells: CellSet,
    /// Each cell that joined through a house, with that house, in order.
    joined: Vec<(Cell, House)>,
}

impl Class {
    fn all(&self) -> CellSet {
        (self.joined.iter()).fold(self.cells, |all, &(cell, _)| all | CellSet::single(cell))
    }
}

/// The classes of equal cells the rules make, two cells or more each.
fn classes(marks: &Candidates, before: &Marks, rules: &[(Remembered, CellSet)]) -> Vec<Class> {
    let empty = marks.empty_cells();
    // Union-find over the cells, by the lowest index as the root.
    let mut root: [u8; Cell::COUNT] = std::array::from_fn(|i| i as u8);
    fn find(root: &mut [u8; Cell::COUNT], cell: usize) -> usize {
        let mut at = cell;
        while usize::from(root[at]) != at {
            at = usize::from(root[at]);
        }
        root[cell] = at as u8;
        at
    }
    for &(rule, cells) in rules {
        let open = cells & empty;
        for first in open.iter() {
            let digits = before.0[first.index()];
            if digits.count_ones() < 2 {
                continue;
            }
            // The cells left only the supposed digit, for every digit of `first`.
            let mut equal = open - CellSet::single(first);
            for digit in DigitSet::from_bits(digits << 1).iter() {
                let bit = Marks::bits(DigitSet::single(digit));
                let mut supposed = Marks(before.0);
                supposed.0[first.index()] = bit;
                if rule.narrow(&mut supposed).is_err() {
                    // The rule alone forbids the digit there: its own technique says so.
                    equal = CellSet::EMPTY;
                    break;
                }
                equal = equal
                    .iter()
                    .filter(|c| supposed.0[c.index()] == bit)
                    .collect();
                if equal.is_empty() {
                    break;
                }
            }
            for other in equal.iter() {
                let (a, b) = (
                    find(&mut root, first.index()),
                    find(&mut root, other.index()),
                );
                root[a.max(b)] = a.min(b) as u8;
            }
        }
    }
    let mut members = [CellSet::EMPTY; Cell::COUNT];
    for cell in empty.iter() {
        members[find(&mut root, cell.index())].insert(cell);
    }
    (members.into_iter())
        .filter(|cells| cells.len() > 1)
        .map(|cells| Class {
            cells,
            joined: Vec::new(),
        })
        .collect()
}

/// What placing a digit in all of a class's cells leaves.
enum Outcome {
    /// Some house has no place for it, or a rule is broken: the reason said.
    NoPlace(String),
    /// The cells that are a house's only place for it, each with the house.
    Only(Vec<(Cell, House)>),
}

/// The digit placed in every cell of `cells`: the houses left no place for it, or the cells
/// left some house's only place.
fn place(
    marks: &Candidates,
    before: &Marks,
    rules: &[(Remembered, CellSet)],
    classes: &[Class],
    cells: CellSet,
    digit: Digit,
) -> Outcome {
    let bit = Marks::bits(DigitSet::single(digit));
    let mut lost = CellSet::EMPTY;
    for cell in cells.iter() {
        lost |= marks.peers(cell);
    }
    let mut supposed = Marks(before.0);
    for cell in cells.iter() {
        supposed.0[cell.index()] = bit;
    }
    for cell in lost.iter() {
        supposed.0[cell.index()] &= !bit;
    }
    for &(rule, rule_cells) in rules {
        if (rule_cells & cells).is_empty() {
            continue;
        }
        let mut narrowed = Marks(supposed.0);
        if rule.narrow(&mut narrowed).is_err() {
            return Outcome::NoPlace(format!("break {}", rule.rule().describe()));
        }
        for cell in rule_cells.iter() {
            if narrowed.0[cell.index()] & bit == 0 {
                lost.insert(cell);
            }
        }
    }
    // Equal cells lose the digit together.
    for class in classes {
        if !(class.cells & lost).is_empty() {
            lost |= class.cells;
        }
    }
    let lost = lost - cells;
    let mut only = Vec::new();
    for &house in marks.houses() {
        let house_cells = marks.cells_of(house);
        let placed = house_cells
            .iter()
            .any(|cell| marks.grid().get(cell) == Some(digit));
        if placed || !(house_cells & cells).is_empty() {
            continue;
        }
        let places = (house_cells & marks.cells_with(digit)) - lost;
        match places.len() {
            0 => return Outcome::NoPlace(format!("leave {house} no place for it")),
            1 => only.push((places.iter().next().expect("one place"), house)),
            _ => {}
        }
    }
    Outcome::Only(only)
}

impl EqualCells {
    /// The step a class of equal cells makes, if any: digits none of them can hold, or a cell
    /// that holds their digit and so loses the others.
    fn suppose(
        &self,
        marks: &Candidates,
        before: &Marks,
        rules: &[(Remembered, CellSet)],
        classes: &[Class],
        class: &Class,
    ) -> Option<Step> {
        let mut class = class.clone();
        loop {
            let cells = class.all();
            let digits = (cells.iter()).fold(DigitSet::ALL, |all, c| all & marks.get(c));
            let mut kept = DigitSet::EMPTY;
            let mut refuted: Vec<(Digit, String)> = Vec::new();
            // Per cell, the digits it is the only place for, and a house that shows each.
            let mut only: Vec<(Cell, DigitSet, House)> = Vec::new();
            for digit in digits.iter() {
                match place(marks, before, rules, classes, cells, digit) {
                    Outcome::NoPlace(reason) => refuted.push((digit, reason)),
                    Outcome::Only(cells) => {
                        kept.insert(digit);
                        for (cell, house) in cells {
                            match only.iter_mut().find(|(c, _, _)| *c == cell) {
                                Some((_, digits, _)) => digits.insert(digit),
                                None => only.push((cell, DigitSet::single(digit), house)),
                            }
                        }
                    }
                }
            }
            // The rules that made the cells equal: those on two of them or more.
            let made_equal = |step: Step| {
                (rules.iter())
                    .filter(|(_, on)| (*on & class.cells).has_several())
                    .fold(step, |step, (rule, _)| step.rule(rule.index()))
            };
            if !refuted.is_empty() {
                return Some(made_equal(self.refuted(marks, &class, &refuted)));
            }
            let joining = (only.iter()).find(|&&(_, digits, _)| digits == kept)?;
            let (cell, _, house) = *joining;
            let others = marks.get(cell) - kept;
            if !others.is_empty() {
                let step = self.joined(marks, &class, (cell, house), kept, others);
                return Some(made_equal(step));
            }
            class.joined.push((cell, house));
        }
    }

    /// The step that takes from the class the digits that would leave a house no place.
    fn refuted(&self, marks: &Candidates, class: &Class, refuted: &[(Digit, String)]) -> Step {
        let digits: DigitSet = refuted.iter().map(|&(digit, _)| digit).collect();
        let step = Step::new(self.name())
            .pattern_cells(marks, class.all())
            .eliminate(class.all(), digits);
        let why: Vec<String> = (refuted.iter())
            .map(|(digit, reason)| format!("{digit} in them would {reason}"))
            .collect();
        let said = said(class);
        let name = self.name();
        step.explain(|s| format!("{name}: {said}; {} {}", why.join(", "), s.outcome_text()))
    }

    /// The step that takes from the last cell to join the class its other digits.
    fn joined(
        &self,
        marks: &Candidates,
        class: &Class,
        (cell, house): (Cell, House),
        kept: DigitSet,
        others: DigitSet,
    ) -> Step {
        let step = Step::new(self.name())
            .pattern_cells(marks, class.all())
            .pattern(CellSet::single(cell), kept)
            .eliminate(CellSet::single(cell), others)
            .house(house);
        let said = said(class);
        let name = self.name();
        step.explain(|s| {
            format!(
                "{name}: {said}; whatever it is, {house} has no other place for it than {cell} \
                 {}",
                s.outcome_text()
            )
        })
    }
}

/// "r3c8, r4c7 and r7c4 hold the same digit (r5c5: box 5's only place for it)".
fn said(class: &Class) -> String {
    let mut text = format!("{} hold the same digit", cells_text(class.cells));
    for &(cell, house) in &class.joined {
        text.push_str(&format!(", as does {cell} ({house}'s only place for it)"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Puzzle, RegionSumLine, Rules};

    fn steps(marks: &Candidates) -> Vec<String> {
        crate::techniques::step_texts(&EqualCells, marks)
    }

    /// A region sum line r3c8, r4c7, r5c6, r6c5, r7c4: r3c8, r4c7 and r7c4 are each alone in
    /// their box, so the three are equal; they keep 7/8/9, and the cells of box 5 that see none
    /// of them `box5`.
    fn line_marks(box5: [(u8, u8, &[u8]); 4]) -> Candidates {
        let cells = [(2, 7), (3, 6), (4, 5), (5, 4), (6, 3)];
        let line = RegionSumLine::new(cells.map(|(row, col)| Cell::at(row, col)).to_vec());
        let rules = Rules::classic().with([line]).unwrap();
        let mut marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let keep = |marks: &mut Candidates, (row, col, digits): (u8, u8, &[u8])| {
            for digit in Digit::all().filter(|d| !digits.contains(&d.get())) {
                marks.eliminate(Cell::at(row, col), digit);
            }
        };
        for (row, col) in [(2, 7), (3, 6), (6, 3)] {
            keep(&mut marks, (row, col, &[7, 8, 9]));
        }
        for cell in box5 {
            keep(&mut marks, cell);
        }
        marks
    }

    #[test]
    fn a_cell_that_is_a_house_s_only_place_for_each_of_their_digits_holds_it_too() {
        // Box 5 can hold their digit neither in row 4 nor in column 4, and of the rest only
        // r5c5 can be 7, 8 or 9.
        let marks = line_marks([
            (4, 4, &[1, 2, 3, 4, 5, 6, 7, 8, 9]),
            (4, 5, &[1, 2, 3]),
            (5, 4, &[4, 5, 6]),
            (5, 5, &[1, 5]),
        ]);
        assert_eq!(
            steps(&marks),
            [
                "Equal Cells: r3c8,r4c7,r7c4 hold the same digit; whatever it is, box 5 has no \
              other place for it than r5c5 => r5c5<>1, r5c5<>2, r5c5<>3, r5c5<>4, r5c5<>5, \
              r5c5<>6"
            ]
        );
    }

    #[test]
    fn a_digit_that_would_leave_a_house_no_place_is_none_of_theirs() {
        // Only r5c5 can be 9 of the four, and 7 and 8 have no place in box 5 beside them.
        let marks = line_marks([
            (4, 4, &[1, 9]),
            (4, 5, &[1, 2, 3]),
            (5, 4, &[4, 5, 6]),
            (5, 5, &[1, 5]),
        ]);
        assert_eq!(
            steps(&marks),
            [
                "Equal Cells: r3c8,r4c7,r7c4 hold the same digit; 7 in them would leave box 5 no \
              place for it, 8 in them would leave box 5 no place for it => r3c8<>7, \
              r3c8<>8, r4c7<>7, r4c7<>8, r7c4<>7, r7c4<>8"
            ]
        );
    }

    #[test]
    fn cells_with_one_digit_left_or_no_rule_between_them_are_no_class() {
        let marks = line_marks([
            (4, 4, &[1, 9]),
            (4, 5, &[1, 2, 3]),
            (5, 4, &[4, 5, 6]),
            (5, 5, &[1, 5]),
        ]);
        let rules = Remembered::rules(&marks, |_| true)
            .map(|rule| (rule, rule.rule().cells()))
            .collect::<Vec<_>>();
        let found = classes(&marks, &digit_marks(&marks), &rules);
        assert_eq!(found.len(), 1);
        assert_eq!(cells_text(found[0].cells), "r3c8,r4c7,r7c4");
        let classic = Puzzle::new([0; Cell::COUNT], Rules::classic()).marks();
        assert!(steps(&classic).is_empty());
    }
}
