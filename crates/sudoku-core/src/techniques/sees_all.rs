//! Sees All: a digit in a cell cannot go there when, with it there, the cell's rules (a line, a
//! dot, a knight's move…) and its houses would take from another cell every digit it has left,
//! or from a house every place of some digit. A strong solver says "a 7 in r8c6 would see every
//! 8 in column 6"; it is the variants' Locked Candidates, one step where a forcing chain would
//! take one link.
//!
//! What the digit takes is worked out one source at a time from the marks as they are: the
//! cell's peers lose the digit, and each rule on the cell, or through a peer that loses it,
//! narrows its cells from there, as the rule's own technique does (see `constraint_marks`): "a
//! 6 in r7c1 would leave row 8 no place for 4", its X partners in row 7 and box 7 losing 6. Only a hit that a rule
//! takes part in is reported: the houses alone make Locked Candidates and singles, found before.
//! Killer cages are left to the cage techniques, which fit their sums.

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::constraint_marks::digit_marks;
use super::narrowed;
use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text, digits_text};
use crate::variant::Constraint;
use crate::variant::rules::Marks;

pub struct SeesAll;

impl Technique for SeesAll {
    fn name(&self) -> &'static str {
        "Sees All"
    }

    fn about(&self) -> &'static str {
        "Suppose a digit in a cell and take away what then cannot be: the digit from the cells \
         that see the cell, and what the rules on the cell (a line, a dot, a knight's move…), or \
         on the cells that lose the digit, then forbid along them. If that leaves another cell \
         no digit at all, or a row, column or box no place for some digit, the digit cannot go \
         in the cell."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let Some(layout) = marks.layout() else {
            return ControlFlow::Continue(());
        };
        // The kinds with a technique of their own: groups are houses, and a cage's sum is the
        // cage techniques'.
        let rules: Vec<Drawn> = (layout.constraints().iter().enumerate())
            .filter(|(_, constraint)| constraint.kind().technique().is_some())
            .map(|(index, constraint)| Drawn {
                index,
                constraint,
                cells: constraint.rule().cells(),
            })
            .collect();
        if rules.is_empty() {
            return ControlFlow::Continue(());
        }
        let before = digit_marks(marks);
        let mut through_seen = ThroughSeen::default();
        let empty = marks.empty_cells();
        for cell in empty.iter() {
            let candidates = marks.get(cell);
            if candidates.len() < 2 {
                continue;
            }
            let (on_cell, off_cell): (Vec<&Drawn>, Vec<&Drawn>) =
                rules.iter().partition(|rule| rule.cells.contains(cell));
            for digit in candidates.iter() {
                // The rules on the cell, then those through a cell that sees it and loses the
                // digit.
                let seen = marks.peers(cell) & marks.cells_with(digit);
                let off_cell =
                    (off_cell.iter().copied()).filter(|rule| !(rule.cells & seen).is_empty());
                let rules: Vec<&Drawn> = on_cell.iter().copied().chain(off_cell).collect();
                if rules.is_empty() {
                    continue;
                }
                let supposed = Supposed { cell, digit };
                if let Some(step) =
                    self.suppose(marks, &before, &rules, supposed, empty, &mut through_seen)
                {
                    found(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// A rule with its index among the puzzle's and its cells.
struct Drawn<'a> {
    index: usize,
    constraint: &'a Constraint,
    cells: CellSet,
}

/// A digit supposed in a cell.
#[derive(Clone, Copy)]
struct Supposed {
    cell: Cell,
    digit: Digit,
}

/// What a rule takes when a digit is supposed: the cells it takes digits from, each with those
/// digits (bits as [`Marks`]). Never empty: a rule that takes nothing is left out.
type Effect = Rc<[(Cell, u16)]>;

/// What each rule off the supposed cell takes once the cells of it that see that cell have lost
/// the digit, beyond that loss, by the rule's index, the digit and those cells: many cells see
/// the same cells of a rule (a row's cells beyond a box see its part in the row), and most
/// rules then take nothing more, so each is worked out once per search.
#[derive(Default)]
struct ThroughSeen(FxHashMap<(usize, Digit, CellSet), Option<Effect>>);

impl ThroughSeen {
    fn effect(
        &mut self,
        marks: &Candidates,
        rule: &Drawn,
        before: &Marks,
        digit: Digit,
        seen: CellSet,
    ) -> Option<Effect> {
        let bit = Marks::bits(DigitSet::single(digit));
        let effect = self.0.entry((rule.index, digit, seen)).or_insert_with(|| {
            let mut lost = Marks(before.0);
            for cell in seen.iter() {
                lost.0[cell.index()] &= !bit;
            }
            let mut narrowed = Marks(lost.0);
            // A rule broken outright through the cells that see it says nothing here.
            narrowed::narrow(marks, rule.index, &mut narrowed).ok()?;
            taken_by(rule.cells, &lost, &narrowed)
        });
        effect.clone()
    }
}

/// The digits each of `cells` has in `from` and not in `to`, if any.
fn taken_by(cells: CellSet, from: &Marks, to: &Marks) -> Option<Effect> {
    let taken: Effect = (cells.iter())
        .map(|cell| (cell, from.0[cell.index()] & !to.0[cell.index()]))
        .filter(|&(_, lost)| lost != 0)
        .collect();
    (!taken.is_empty()).then_some(taken)
}

/// Who takes a digit from a cell, `digit` supposed in `cell`.
#[derive(Clone, Copy, PartialEq)]
enum Taker {
    /// The cell itself, which holds `digit` and nothing else.
    Itself,
    /// A house of `cell`'s: the digit seen.
    Seen,
    /// The rule of this index among those on the cell.
    Rule(u8),
}

/// What the supposition takes: per cell, the digits lost (bits as [`Marks`]), and those of them
/// a rule took first (before it, the cell itself and its houses; then the rules in order). Who
/// took which is worked out only for a hit, which is rare: most suppositions leave something
/// everywhere.
struct Taken {
    lost: [u16; Cell::COUNT],
    ruled: [u16; Cell::COUNT],
}

impl Taken {
    fn take(&mut self, cell: Cell, bits: u16, by_rule: bool) {
        let new = bits & !self.lost[cell.index()];
        self.lost[cell.index()] |= new;
        if by_rule {
            self.ruled[cell.index()] |= new;
        }
    }
}

/// What leaves nothing: a cell with no digit, or a house with no place for a digit.
enum Hit {
    Cell(Cell),
    House(House, Digit),
}

impl SeesAll {
    /// The step that rules `digit` out of `cell`, if supposing it there leaves nothing somewhere
    /// through one of `rules` (those on the cell, then those through cells that see it).
    fn suppose(
        &self,
        marks: &Candidates,
        before: &Marks,
        rules: &[&Drawn],
        Supposed { cell, digit }: Supposed,
        empty: CellSet,
        through_seen: &mut ThroughSeen,
    ) -> Option<Step> {
        let bit = Marks::bits(DigitSet::single(digit));
        // What each rule takes with the digit supposed: a rule on the cell from the marks as
        // they are, one through the cells that see it once they have lost the digit.
        let mut effects: Vec<(&Drawn, Effect)> = Vec::new();
        for rule in rules {
            let effect = if rule.cells.contains(cell) {
                let mut supposed = Marks(before.0);
                supposed.0[cell.index()] = bit;
                // A rule on the cell broken outright is its own technique's to show.
                narrowed::narrow(marks, rule.index, &mut supposed).ok()?;
                taken_by(rule.cells - CellSet::single(cell), before, &supposed)
            } else {
                through_seen.effect(marks, rule, before, digit, rule.cells & marks.peers(cell))
            };
            if let Some(effect) = effect {
                effects.push((*rule, effect));
            }
        }
        if effects.is_empty() {
            return None;
        }
        // Per digit, the cells a rule takes it from, and all that lose it: the supposed cell its
        // other digits, the cells that see it the digit. Only a cell or a house a rule takes
        // from can be a hit.
        let (mut gone, mut ruled) = ([CellSet::EMPTY; 9], [CellSet::EMPTY; 9]);
        for (_, effect) in &effects {
            for &(other, lost) in effect.iter().filter(|&&(other, _)| empty.contains(other)) {
                for lost in DigitSet::from_bits(lost << 1).iter() {
                    ruled[lost.index()].insert(other);
                }
            }
        }
        // The cells that see the supposed cell lose its digit whatever the rules do.
        let seen = marks.peers(cell) & empty;
        ruled[digit.index()] = ruled[digit.index()] - seen;
        for lost in Digit::all() {
            gone[lost.index()] = ruled[lost.index()]
                | match lost == digit {
                    true => seen,
                    false => CellSet::single(cell),
                };
        }
        let ruled_somewhere = ruled.iter().fold(CellSet::EMPTY, |cells, &set| cells | set);
        let emptied = (ruled_somewhere - CellSet::single(cell))
            .iter()
            .find(|&other| {
                let mut lost = if seen.contains(other) { bit } else { 0 };
                for (_, effect) in &effects {
                    lost |= (effect.iter().filter(|&&(at, _)| at == other))
                        .fold(0, |all, &(_, l)| all | l);
                }
                before.0[other.index()] & !lost == 0
            });
        let hit = emptied.map(Hit::Cell).or_else(|| {
            marks.houses().iter().find_map(|&house| {
                let cells = marks.cells_of(house);
                if (cells & ruled_somewhere).is_empty() {
                    return None;
                }
                Digit::all().find_map(|lost| {
                    let places = marks.places_in(lost, house);
                    let hit = !(places & ruled[lost.index()]).is_empty()
                        && (places - gone[lost.index()]).is_empty();
                    hit.then_some(Hit::House(house, lost))
                })
            })
        })?;
        let mut taken = Taken {
            lost: [0; Cell::COUNT],
            ruled: [0; Cell::COUNT],
        };
        taken.take(cell, before.0[cell.index()] & !bit, false);
        for peer in seen.iter() {
            taken.take(peer, before.0[peer.index()] & bit, false);
        }
        for (_, effect) in &effects {
            for &(other, lost) in effect.iter() {
                taken.take(other, lost, true);
            }
        }
        // Who took what: the cell itself, its houses, or the first rule that took it.
        let taker_of = |other: Cell, lost: Digit| {
            let lost_bit = Marks::bits(DigitSet::single(lost));
            if taken.lost[other.index()] & lost_bit == 0 {
                None
            } else if other == cell {
                Some(Taker::Itself)
            } else if taken.ruled[other.index()] & lost_bit == 0 {
                Some(Taker::Seen)
            } else {
                (0..=u8::MAX)
                    .zip(&effects)
                    .find_map(|(index, (_, effect))| {
                        let took =
                            (effect.iter()).any(|&(at, lost)| at == other && lost & lost_bit != 0);
                        took.then_some(Taker::Rule(index))
                    })
            }
        };
        // In the order of the takers.
        let takers = [Taker::Itself, Taker::Seen]
            .into_iter()
            .chain((0..=u8::MAX).take(effects.len()).map(Taker::Rule));
        // The rules the sentence names, which the step reads.
        let named = RefCell::new(Vec::new());
        let described = |index: u8| {
            let rule = effects[usize::from(index)].0;
            named.borrow_mut().push(rule.index);
            rule.constraint.rule().describe()
        };
        let step = Step::new(self.name())
            .pattern(CellSet::single(cell), DigitSet::single(digit))
            .eliminate(CellSet::single(cell), DigitSet::single(digit));
        let (step, left, reasons) = match hit {
            // "r7c6 no digit (3 seen; 6/8: no two cells side by side hold consecutive digits)"
            Hit::Cell(other) => {
                let reasons: Vec<String> = takers
                    .filter_map(|taker| {
                        let digits: DigitSet = (marks.get(other).iter())
                            .filter(|&d| taker_of(other, d) == Some(taker))
                            .collect();
                        (!digits.is_empty()).then(|| match taker {
                            Taker::Itself | Taker::Seen => format!("{digit} seen"),
                            Taker::Rule(index) => {
                                format!("{}: {}", digits_text(digits), described(index))
                            }
                        })
                    })
                    .collect();
                let step = step.pattern(CellSet::single(other), marks.get(other));
                (step, format!("{other} no digit"), reasons)
            }
            // "column 6 no place for 8 (r8c6 holds 7; r7c6,r9c6: no two cells side by side…)"
            Hit::House(house, lost) => {
                let places = marks.places_in(lost, house);
                let reasons: Vec<String> = takers
                    .filter_map(|taker| {
                        let cells: CellSet = (places.iter())
                            .filter(|&place| taker_of(place, lost) == Some(taker))
                            .collect();
                        let cells_said = cells_text(cells);
                        (!cells.is_empty()).then(|| match taker {
                            Taker::Itself => format!("{cells_said} holds {digit}"),
                            Taker::Seen => format!("{cells_said} see it"),
                            Taker::Rule(index) => format!("{cells_said}: {}", described(index)),
                        })
                    })
                    .collect();
                let step = step.pattern(places, DigitSet::single(lost)).house(house);
                (step, format!("{house} no place for {lost}"), reasons)
            }
        };
        let step = (named.into_inner().into_iter()).fold(step, Step::rule);
        let name = self.name();
        Some(step.explain(|s| {
            format!(
                "{name}: {digit} in {cell} would leave {left} ({}) {}",
                reasons.join("; "),
                s.outcome_text()
            )
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Letter, Puzzle, Rules, Whispers, Xv};

    fn steps(marks: &Candidates) -> Vec<String> {
        crate::techniques::step_texts(&SeesAll, marks)
    }

    /// A German whisper r1c1–r1c2–r2c3 whose cells hold 1/9, 2/7/8 and 1/7, the rest of the
    /// grid empty.
    fn whisper_rules() -> Rules {
        let line = Whispers {
            cells: vec![Cell::at(0, 0), Cell::at(0, 1), Cell::at(1, 2)],
            difference: Whispers::GERMAN,
        };
        Rules::classic().with([line]).unwrap()
    }

    fn whisper_marks() -> Candidates {
        let mut marks = Puzzle::new([0; Cell::COUNT], whisper_rules()).marks();
        for (cell, keep) in [
            ((0, 0), [1, 9].as_slice()),
            ((0, 1), &[2, 7, 8]),
            ((1, 2), &[1, 7]),
        ] {
            let cell = Cell::at(cell.0, cell.1);
            for digit in Digit::all().filter(|d| !keep.contains(&d.get())) {
                marks.eliminate(cell, digit);
            }
        }
        marks
    }

    #[test]
    fn a_digit_whose_line_and_box_leave_a_cell_nothing_cannot_go_there() {
        let marks = whisper_marks();
        // A 1 in r1c1 makes r1c2 at least 7, so r2c3 at most 2, and r2c3 sees the 1; the same
        // the other way along the line.
        assert_eq!(
            steps(&marks),
            [
                "Sees All: 1 in r1c1 would leave r2c3 no digit (1 seen; 7: the whispers line \
                 from r1c1) => r1c1<>1",
                "Sees All: 1 in r2c3 would leave r1c1 no digit (1 seen; 9: the whispers line \
                 from r1c1) => r2c3<>1"
            ]
        );
    }

    #[test]
    fn a_hint_says_it_in_plain_words() {
        let marks = whisper_marks();
        let plain = crate::plain::plain(&SeesAll.first(&marks).unwrap(), &whisper_rules());
        assert_eq!(
            plain.look,
            "Look at row 1, column 1: a 1 there would leave row 2, column 3 no digit at all (it \
             sees all)."
        );
        assert_eq!(
            plain.why,
            "If row 1, column 1 were 1, the cells that see it could not be 1, and the rules drawn \
             through it, or through those cells, would take from the cells along them what then \
             cannot be: row 2, column 3 could hold none of 1 or 7, and every cell holds a digit."
        );
    }

    #[test]
    fn a_digit_takes_through_the_rules_of_the_cells_that_see_it() {
        // Row 2's 4 can go only in r2c2 and r2c3, each under an X from row 1. A 6 in r1c1
        // takes the 6 from r1c2 and r1c3, which leaves their partners no 4.
        let x = |col| Xv {
            cells: [Cell::at(0, col), Cell::at(1, col)],
            letter: Letter::X,
        };
        let rules = Rules::classic().with([x(1), x(2)]).unwrap();
        let mut marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let four = Digit::new(4).unwrap();
        for col in [0, 3, 4, 5, 6, 7, 8] {
            marks.eliminate(Cell::at(1, col), four);
        }
        let said = "Sees All: 6 in r1c1 would leave row 2 no place for 4 (r2c2: the X between \
                    r1c2 and r2c2; r2c3: the X between r1c3 and r2c3) => r1c1<>6";
        assert!(
            steps(&marks).iter().any(|step| step == said),
            "{:?}",
            steps(&marks)
        );
    }

    #[test]
    fn the_houses_alone_are_not_its_business() {
        // Classic rules: what a digit sees is Locked Candidates' and the singles'.
        let marks = Puzzle::new([0; Cell::COUNT], Rules::classic()).marks();
        assert!(steps(&marks).is_empty());
    }
}
