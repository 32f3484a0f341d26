//! Combined Rules: Combined Cages for every rule drawn through cells. The cells of a row,
//! column, box or region hold different digits, so the rules with cells there (a renban line, a
//! dot's two cells, an arrow's part, a cage…) each take a set of digits that no other takes.
//! Each rule alone allows some sets, as its own narrowing finds: a set goes when the rule
//! cannot be met once the set's digits are tried in its cells in the house, one by one. Taken
//! together, only one set per rule with no digit shared, leaving the house's other empty cells
//! digits they can take, can be right: "the black dot in box 2 cannot be 3+6, as the renban line
//! there needs a 3 or a 6". Within a set, a cell keeps only the digits that some way of placing
//! the set meets the rules with: three whisper lines crossing in a box with three of their
//! neighbours there leave the crossing cell 1 or 9. A rule partly in the house keeps, in its
//! cells outside, only the digits its sets left allow them: with 6-9 placed in a row and a black
//! dot there (1+2), a renban line of four with three cells in the row has 3+4+5 there, and its
//! fourth cell is 2 or 6.

use std::ops::ControlFlow;

use super::combined_cages::{Unit, cage_units, combined, fills, subsets};
use super::constraint_marks::digit_marks;
use super::narrowed::Remembered;
use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::sets::{CellSet, DigitSet};
use crate::variant::rules::{Dead, Marks};
use crate::words::list;

pub struct CombinedRules;

impl Technique for CombinedRules {
    fn name(&self) -> &'static str {
        "Combined Rules"
    }

    fn about(&self) -> &'static str {
        "The rules drawn through one row, column or box (lines, dots, arrows, cages) hold \
         different digits from each other there, as every cell of a house does. Each allows only \
         some sets of digits in its cells there; taken together, only one set per rule with no \
         digit shared, leaving the house's other cells digits they can take, is possible. Sets \
         no such choice uses go, and the digits the rules always take leave the other cells. \
         A cell of a rule keeps only the digits that some way of placing a set there allows, \
         and its cells outside the house only those its sets left allow."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        if marks.is_classic() {
            return ControlFlow::Continue(());
        }
        let before = digit_marks(marks);
        // The kinds with a technique of their own: groups are houses, and cages come with
        // their sums from Combined Cages. A broken rule is its own technique's to show.
        let rules: Vec<Remembered> =
            Remembered::rules(marks, |constraint| constraint.kind().technique().is_some())
                .filter(|rule| rule.narrow(&mut Marks(before.0)).is_ok())
                .collect();
        if rules.is_empty() {
            return ControlFlow::Continue(());
        }
        for &house in marks.houses() {
            let cells = marks.cells_of(house);
            let parts = joined(&rules, cells).into_iter();
            let parts: Vec<Unit> = parts
                .filter_map(|(rules, inside)| rule_unit(&rules, &before, inside))
                .collect();
            if parts.is_empty() {
                continue;
            }
            let units = apart(parts, cage_units(marks, cells));
            let held = format!("{house} holds each digit once");
            if let Some(step) = combined(marks, &[house], &units, self.name(), held) {
                found(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The rules with two cells or more in `cells` (a house), but not all of them, joined when
/// they share a cell there (two dots on one cell, a dot on a line, three whisper lines crossing
/// in a box): each group with its cells there, unless they fill the house. A group of many cells
/// has few sets (eight cells of nine, nine sets), each tried a bounded number of times.
fn joined<'a>(rules: &[Remembered<'a>], cells: CellSet) -> Vec<(Vec<Remembered<'a>>, CellSet)> {
    let mut groups: Vec<(Vec<Remembered>, CellSet)> = Vec::new();
    for &rule in rules {
        let inside = rule.rule().cells() & cells;
        if inside.len() < 2 || inside == cells {
            continue;
        }
        // It joins the groups it touches, after their rules.
        let mut group = (Vec::new(), inside);
        let mut index = 0;
        while index < groups.len() {
            if (groups[index].1 & inside).is_empty() {
                index += 1;
            } else {
                let (rules, cells) = groups.remove(index);
                group.0.extend(rules);
                group.1 |= cells;
            }
        }
        group.0.push(rule);
        groups.push(group);
    }
    groups.retain(|&(_, inside)| inside != cells);
    groups
}

/// The part of `rules` (one, or several sharing cells) in `inside`, with the sets of digits
/// those cells can hold and, for each set, the digits each cell can take, if the rules allow
/// less than the cells' marks do: a set goes when the rules, those cells kept to the set's
/// digits, cannot be met (as their narrowing finds) or cannot take every digit of the set; a
/// digit goes from a cell when no way of placing the set there meets the rules.
fn rule_unit(rules: &[Remembered], before: &Marks, inside: CellSet) -> Option<Unit> {
    let cells: Vec<Cell> = inside.iter().collect();
    let options: Vec<DigitSet> = cells.iter().map(|&cell| before.digit_set(cell)).collect();
    let union = options.iter().fold(DigitSet::EMPTY, |all, &set| all | set);
    let all = (rules.iter()).fold(CellSet::EMPTY, |all, rule| all | rule.rule().cells());
    let beyond = all - inside;
    let mut open = 0;
    let mut beyond_places = Vec::new();
    let (sets, places): (Vec<DigitSet>, Vec<Vec<DigitSet>>) = subsets(union, cells.len())
        .filter(|&set| fills(&options, set))
        .inspect(|_| open += 1)
        .filter_map(|set| {
            let (places, outside) = held_places(rules, before, &cells, set)?;
            beyond_places.push(beyond.iter().map(|cell| outside.digit_set(cell)).collect());
            Some((set, places))
        })
        .unzip();
    let narrower = options.iter().enumerate().any(|(i, &option)| {
        let able = places
            .iter()
            .fold(DigitSet::EMPTY, |able, places| able | places[i]);
        able != option
    });
    (sets.len() < open || narrower).then(|| {
        let names: Vec<String> = rules.iter().map(|rule| rule.rule().describe()).collect();
        Unit {
            name: list(&names, "and"),
            many: rules.len() > 1,
            whole: inside == all,
            cells: inside,
            sets,
            places,
            rules: rules.iter().map(|rule| rule.index()).collect(),
            beyond,
            beyond_places,
        }
    })
}

/// How often rules are narrowed again after their cells' marks changed, at most: a kind's
/// narrowing reaches what it can find within a few rounds.
const ROUNDS: usize = 4;

/// The rules narrowed again until they find nothing more (or [`ROUNDS`] times); false if they
/// cannot be met.
fn narrowed(rules: &[Remembered], marks: &mut Marks) -> bool {
    for _ in 0..ROUNDS {
        let mut changed = false;
        for rule in rules {
            match rule.narrow(marks) {
                Err(Dead) => return false,
                Ok(narrowed) => changed |= narrowed,
            }
        }
        if !changed {
            break;
        }
    }
    true
}

/// The digits tried in cells, at most, to find the ways rules can hold one set: a set whose
/// search runs longer is kept, its cells keeping every digit their marks allow.
const TRIES: u32 = 400;

/// Whether `rules` can be met with their cells `inside` holding exactly the digits of `set`,
/// as far as their narrowing tells, and if so the digits each of those cells takes in some way
/// of meeting them (the set's digits are tried in the cells one by one, different in each, the
/// rules narrowing after each), with the marks the rules' narrowing leaves their other cells.
fn held_places(
    rules: &[Remembered],
    before: &Marks,
    inside: &[Cell],
    set: DigitSet,
) -> Option<(Vec<DigitSet>, Marks)> {
    let mut kept = Marks(before.0);
    for cell in inside {
        kept.0[cell.index()] &= Marks::bits(set);
    }
    if !narrowed(rules, &mut kept) {
        return None;
    }
    let mut ways = Ways {
        rules,
        cells: inside,
        digits: Vec::with_capacity(inside.len()),
        places: vec![DigitSet::EMPTY; inside.len()],
        tries: TRIES,
    };
    let places = match ways.placed(&kept, set) {
        Some(()) if ways.places.iter().all(|place| place.is_empty()) => return None,
        Some(()) => ways.places,
        // Out of tries: every digit the marks allow is kept.
        None => inside.iter().map(|&cell| kept.digit_set(cell)).collect(),
    };
    Some((places, kept))
}

/// The ways for cells to take the digits of a set, one each, with rules met as far as their
/// narrowing tells: the digits each cell takes in one of them.
struct Ways<'a> {
    rules: &'a [Remembered<'a>],
    cells: &'a [Cell],
    /// The digits of the cells tried so far, in order.
    digits: Vec<Digit>,
    /// The digits each cell takes in some way found.
    places: Vec<DigitSet>,
    tries: u32,
}

impl Ways<'_> {
    /// Every way for the cells after those tried to take the digits of `left`, from `marks`,
    /// unless none of them can give a cell a digit not found yet; `None` when the tries ran out.
    fn placed(&mut self, marks: &Marks, left: DigitSet) -> Option<()> {
        let at = self.digits.len();
        let Some(&cell) = self.cells.get(at) else {
            for (place, &digit) in self.places.iter_mut().zip(&self.digits) {
                place.insert(digit);
            }
            return Some(());
        };
        let rest = &self.cells[at..];
        let new = rest.iter().zip(&self.places[at..]);
        if new
            .into_iter()
            .all(|(&cell, &place)| (marks.digit_set(cell) - place).is_empty())
            && self
                .digits
                .iter()
                .zip(&self.places)
                .all(|(&d, place)| place.contains(d))
        {
            return Some(());
        }
        for digit in (marks.digit_set(cell) & left).iter() {
            self.tries = self.tries.checked_sub(1)?;
            let others = left - DigitSet::single(digit);
            let mut tried = Marks(marks.0);
            tried.0[cell.index()] = Marks::bits(DigitSet::single(digit));
            for &other in &self.cells[at + 1..] {
                tried.0[other.index()] &= Marks::bits(others);
            }
            if !narrowed(self.rules, &mut tried) {
                continue;
            }
            self.digits.push(digit);
            let done = self.placed(&tried, others);
            self.digits.pop();
            done?;
        }
        Some(())
    }
}

/// The units to combine, no two sharing a cell: the rules' parts (`parts`) and the cages, those
/// with the fewest sets first, as they say the most.
fn apart(parts: Vec<Unit>, cages: Vec<Unit>) -> Vec<Unit> {
    let mut all: Vec<Unit> = parts.into_iter().chain(cages).collect();
    all.sort_by_key(|unit| unit.sets.len());
    let mut taken = CellSet::EMPTY;
    let mut units = Vec::new();
    for unit in all {
        if (unit.cells & taken).is_empty() {
            taken |= unit.cells;
            units.push(unit);
        }
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Digit;
    use crate::variant::{Colour, Constraint, Dot, Letter, Puzzle, Renban, Rules, Xv};

    #[test]
    fn a_black_dot_beside_a_renban_line_of_four_is_neither_three_and_six_nor_four_and_eight() {
        // Row 1: every run of four digits has a 3 or a 6, and a 4 or an 8, so the dot's pair
        // (1+2, 2+4, 3+6 or 4+8) is neither 3+6 nor 4+8.
        let rules = Rules::classic()
            .with([
                Constraint::from(Renban {
                    cells: (0..4).map(|col| Cell::at(0, col)).collect(),
                }),
                Dot::new(Colour::Black, [Cell::at(0, 4), Cell::at(0, 5)]).into(),
            ])
            .unwrap();
        let marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let step = CombinedRules.first(&marks).expect("a step");
        let gone: DigitSet = [3, 6, 8].into_iter().flat_map(Digit::new).collect();
        for cell in [Cell::at(0, 4), Cell::at(0, 5)] {
            let lost: DigitSet = (step.eliminations.iter())
                .filter(|e| e.cell == cell)
                .map(|e| e.digit)
                .collect();
            assert_eq!(lost & gone, gone, "{}", step.text);
        }
        assert!(
            step.text.starts_with(
                "Combined Rules: row 1 holds each digit once, so the black dot between r1c5 and \
                 r1c6 holds 2+4 or 1+2, the renban line from r1c1 holds \
                 6+7+8+9 or 5+6+7+8 or 4+5+6+7 or 3+4+5+6 =>"
            ),
            "{}",
            step.text
        );
    }

    #[test]
    fn two_dots_on_one_cell_are_taken_together() {
        // Column 1: two black dots on r2c1 chain three cells, each double or half the next:
        // 1+2+4 or 2+4+8 (3 and 6 have no third), so no other cell of the column is 2 or 4, and
        // the middle cell, double or half both others, is 2 or 4.
        let dot = |rows: [u8; 2]| Dot::new(Colour::Black, rows.map(|row| Cell::at(row, 0)));
        let rules = Rules::classic().with([dot([0, 1]), dot([1, 2])]).unwrap();
        let marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let step = CombinedRules.first(&marks).expect("a step");
        assert!(
            step.text.starts_with(
                "Combined Rules: column 1 holds each digit once, so the black dot between r1c1 \
                 and r2c1 and the black dot between r2c1 and r3c1 hold 2+4+8 or 1+2+4 (r2c1 \
                 only 2/4) =>"
            ),
            "{}",
            step.text
        );
        let two_four: DigitSet = [2, 4].into_iter().flat_map(Digit::new).collect();
        for row in 3..9 {
            let lost: DigitSet = (step.eliminations.iter())
                .filter(|e| e.cell == Cell::at(row, 0))
                .map(|e| e.digit)
                .collect();
            assert_eq!(lost, two_four, "{}", step.text);
        }
        let middle: DigitSet = (step.eliminations.iter())
            .filter(|e| e.cell == Cell::at(1, 0))
            .map(|e| e.digit)
            .collect();
        assert_eq!(middle, DigitSet::ALL - two_four, "{}", step.text);
    }

    #[test]
    fn the_digits_the_rules_leave_are_shared_out_among_the_other_cells() {
        // Box 7 of XV Kropki: an X, a V and an X chain r9c2-r8c2-r8c3-r9c3, whose cells hold
        // 1-4 above and 6-9 below: 1+4+6+9 or 2+3+7+8. Of the box's other cells, r8c1 (7/9)
        // and r9c1 (6-9) take what is left above 5: 7 and 8, or 9 and 6, so r9c1 is 6 or 8.
        let letter = |letter, cells: [(u8, u8); 2]| Xv {
            cells: cells.map(|(row, col)| Cell::at(row, col)),
            letter,
        };
        let rules = Rules::classic()
            .with([
                letter(Letter::X, [(7, 1), (8, 1)]),
                letter(Letter::V, [(7, 1), (7, 2)]),
                letter(Letter::X, [(7, 2), (8, 2)]),
            ])
            .unwrap();
        let mut marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let keep = |marks: &mut Candidates, cells: &[(u8, u8)], digits: &[u8]| {
            for &(row, col) in cells {
                for digit in Digit::all().filter(|d| !digits.contains(&d.get())) {
                    marks.eliminate(Cell::at(row, col), digit);
                }
            }
        };
        keep(&mut marks, &[(6, 0), (6, 1), (6, 2)], &[1, 2, 3, 4, 5]);
        keep(&mut marks, &[(7, 0)], &[7, 9]);
        keep(&mut marks, &[(7, 1), (7, 2)], &[1, 2, 3, 4]);
        keep(&mut marks, &[(8, 0), (8, 1), (8, 2)], &[6, 7, 8, 9]);
        let step = CombinedRules.first(&marks).expect("a step");
        assert!(
            step.text.starts_with(
                "Combined Rules: box 7 holds each digit once, so the X between r8c2 and r9c2, the \
                 V between r8c2 and r8c3 and the X between r8c3 and r9c3 hold 1+4+6+9 or \
                 2+3+7+8, leaving r9c1 only 6/8 => "
            ),
            "{}",
            step.text
        );
        let lost: DigitSet = (step.eliminations.iter())
            .filter(|e| e.cell == Cell::at(8, 0))
            .map(|e| e.digit)
            .collect();
        assert_eq!(
            lost,
            [7, 9].into_iter().flat_map(Digit::new).collect(),
            "{}",
            step.text
        );
    }

    #[test]
    fn the_sets_a_rule_keeps_in_a_house_narrow_its_cells_outside() {
        // Row 1 holds 6-9 already, so its renban part r1c1-r1c3 and the black dot r1c4-r1c5
        // share 1-5: the dot is 1+2 (2+4 would leave the line 1, 3 and 5), so the line has
        // 3+4+5 in the row, and its fourth cell, r2c3, is 2 or 6.
        let rules = Rules::classic()
            .with([
                Constraint::from(Renban {
                    cells: vec![
                        Cell::at(0, 0),
                        Cell::at(0, 1),
                        Cell::at(0, 2),
                        Cell::at(1, 2),
                    ],
                }),
                Dot::new(Colour::Black, [Cell::at(0, 3), Cell::at(0, 4)]).into(),
            ])
            .unwrap();
        let mut givens = [0; Cell::COUNT];
        givens[5..9].copy_from_slice(&[6, 7, 8, 9]);
        let marks = Puzzle::new(givens, rules).marks();
        let step = CombinedRules.first(&marks).expect("a step");
        let lost: DigitSet = (step.eliminations.iter())
            .filter(|e| e.cell == Cell::at(1, 2))
            .map(|e| e.digit)
            .collect();
        let kept: DigitSet = [2, 6].into_iter().flat_map(Digit::new).collect();
        assert_eq!(lost, marks.get(Cell::at(1, 2)) - kept, "{}", step.text);
        assert!(step.text.contains("(r2c3 only 2/6)"), "{}", step.text);
    }

    #[test]
    fn a_rule_that_allows_every_set_of_its_marks_says_nothing() {
        // A renban line of two in a row allows any two consecutive digits: with its marks
        // already narrowed to 1 and 2, it takes only 1+2, as its marks say anyway.
        let rules = Rules::classic()
            .with([Constraint::from(Renban {
                cells: vec![Cell::at(0, 0), Cell::at(0, 1)],
            })])
            .unwrap();
        let mut marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        for cell in [Cell::at(0, 0), Cell::at(0, 1)] {
            for digit in Digit::all().filter(|d| d.get() > 2) {
                marks.eliminate(cell, digit);
            }
        }
        let before = digit_marks(&marks);
        let rule = Remembered::rules(&marks, |_| true).next().unwrap();
        assert!(rule_unit(&[rule], &before, rule.rule().cells()).is_none());
    }
}
