//! Human solving techniques: one file per technique (or tight family), each a [`Technique`],
//! and the [`REGISTRY`] that orders them from simplest to hardest.

use std::ops::ControlFlow;

use crate::candidates::Candidates;
use crate::difficulty::Difficulty;
use crate::house::House;
use crate::sets::{CellSet, Counted};
use crate::step::Step;
use crate::variant::Kind;

mod aic;
mod als_xz;
mod bug_plus_one;
mod cage_combinations;
mod cage_locked;
mod cage_split;
mod chain_links;
mod combined_cages;
mod combined_rules;
mod constraint_marks;
mod empty_rectangle;
mod equal_cells;
mod fish;
pub(crate) mod forcing_chains;
mod full_house;
mod hidden_rectangle;
mod hidden_single;
mod hidden_subset;
mod innie_outie;
mod locked_candidates;
mod naked_single;
mod naked_subset;
mod narrowed;
mod remote_pair;
mod rule_fish;
mod rule_links;
mod rule_locked;
mod rule_of_45;
mod sees_all;
mod set_theory;
mod simple_colors;
mod skyscraper;
mod sums;
mod two_string_kite;
mod unique_rectangle;
mod w_wing;
mod x_chain;
mod xy_chain;
mod xy_wing;
mod xyz_wing;

/// Where a search reports each step it finds; returning `Break` ends the search.
pub type Found<'a> = &'a mut dyn FnMut(Step) -> ControlFlow<()>;

/// What a technique takes for granted beyond "each house holds each digit once".
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Assumes {
    Nothing,
    /// The boxes are houses: the grid is not a jigsaw.
    Boxes,
    /// Only rows, columns and boxes constrain the grid: the uniqueness techniques swap digits
    /// within their pattern, which a diagonal, window or cage sum may forbid.
    ClassicRules,
}

/// What every technique does: look at the pencil marks and report each instance it sees.
pub trait Technique: Sync {
    /// The name in steps and in the list of techniques, e.g. "Naked Pair".
    fn name(&self) -> &'static str;

    /// One paragraph for the player: what to look for and why it works.
    fn about(&self) -> &'static str;

    /// What it needs of the rules to be sound.
    fn assumes(&self) -> Assumes {
        Assumes::Nothing
    }

    /// Whether it is sound on the rules of `marks`.
    fn applies_to(&self, marks: &Candidates) -> bool {
        match self.assumes() {
            Assumes::Nothing => true,
            Assumes::Boxes => marks.has_boxes(),
            Assumes::ClassicRules => marks.is_classic(),
        }
    }

    /// Calls `found` with every instance in `marks` that changes something, until `found`
    /// returns `Break`.
    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()>;

    /// The first instance, if any.
    fn first(&self, marks: &Candidates) -> Option<Step> {
        first_found(|found| self.search(marks, found))
    }
}

/// The first step `search` reports, stopping it there.
pub(crate) fn first_found(search: impl FnOnce(Found<'_>) -> ControlFlow<()>) -> Option<Step> {
    let mut first = None;
    let _ = search(&mut |step| {
        first = Some(step);
        ControlFlow::Break(())
    });
    first
}

/// Every step `technique` finds in `marks`, by its text: what the techniques' unit tests read.
#[cfg(test)]
pub(crate) fn step_texts(technique: &dyn Technique, marks: &Candidates) -> Vec<String> {
    let mut texts = Vec::new();
    let _ = technique.search(marks, &mut |step| {
        texts.push(step.text);
        ControlFlow::Continue(())
    });
    texts
}

/// A technique with its place in the order and its difficulty.
pub struct Entry {
    pub technique: &'static dyn Technique,
    pub difficulty: Difficulty,
}

/// Every technique, tried in this order: simplest first. Order and difficulty live only here.
#[rustfmt::skip]
pub static REGISTRY: &[Entry] = &[
    Entry { technique: &full_house::FullHouse, difficulty: Difficulty(10) },
    Entry { technique: &hidden_single::HiddenSingle, difficulty: Difficulty(12) },
    Entry { technique: &naked_single::NakedSingle, difficulty: Difficulty(23) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Thermometer), difficulty: Difficulty(23) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Palindrome), difficulty: Difficulty(23) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Dot), difficulty: Difficulty(23) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Xv), difficulty: Difficulty(23) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Nonconsecutive), difficulty: Difficulty(23) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Negative), difficulty: Difficulty(23) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Parity), difficulty: Difficulty(23) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::GivenCandidates), difficulty: Difficulty(23) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Cloned), difficulty: Difficulty(23) },
    Entry { technique: &cage_combinations::CageCombinations, difficulty: Difficulty(23) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Whispers), difficulty: Difficulty(24) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Extremum), difficulty: Difficulty(24) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Arrow), difficulty: Difficulty(24) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::LittleKiller), difficulty: Difficulty(24) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Quadruple), difficulty: Difficulty(25) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::BetweenLine), difficulty: Difficulty(25) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Renban), difficulty: Difficulty(25) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::RegionSumLine), difficulty: Difficulty(25) },
    Entry { technique: &constraint_marks::ConstraintMarks(Kind::Sandwich), difficulty: Difficulty(26) },
    Entry { technique: &locked_candidates::POINTING, difficulty: Difficulty(26) },
    Entry { technique: &cage_locked::CageLocked, difficulty: Difficulty(27) },
    Entry { technique: &locked_candidates::CLAIMING, difficulty: Difficulty(28) },
    Entry { technique: &rule_locked::RuleLocked, difficulty: Difficulty(28) },
    Entry { technique: &sees_all::SeesAll, difficulty: Difficulty(28) },
    Entry { technique: &equal_cells::EqualCells, difficulty: Difficulty(28) },
    Entry { technique: &naked_subset::LOCKED_PAIR, difficulty: Difficulty(29) },
    Entry { technique: &rule_of_45::RuleOf45, difficulty: Difficulty(30) },
    Entry { technique: &naked_subset::NAKED_PAIR, difficulty: Difficulty(30) },
    Entry { technique: &naked_subset::LOCKED_TRIPLE, difficulty: Difficulty(31) },
    Entry { technique: &cage_split::CageSplit, difficulty: Difficulty(31) },
    Entry { technique: &innie_outie::InnieOutie, difficulty: Difficulty(32) },
    Entry { technique: &fish::X_WING, difficulty: Difficulty(32) },
    Entry { technique: &hidden_subset::HIDDEN_PAIR, difficulty: Difficulty(34) },
    Entry { technique: &skyscraper::Skyscraper, difficulty: Difficulty(34) },
    Entry { technique: &two_string_kite::TwoStringKite, difficulty: Difficulty(34) },
    Entry { technique: &fish::FINNED_X_WING, difficulty: Difficulty(34) },
    Entry { technique: &empty_rectangle::EmptyRectangle, difficulty: Difficulty(35) },
    Entry { technique: &fish::SASHIMI_X_WING, difficulty: Difficulty(35) },
    Entry { technique: &naked_subset::NAKED_TRIPLE, difficulty: Difficulty(36) },
    Entry { technique: &combined_cages::CombinedCages, difficulty: Difficulty(36) },
    Entry { technique: &combined_rules::CombinedRules, difficulty: Difficulty(37) },
    Entry { technique: &fish::SWORDFISH, difficulty: Difficulty(38) },
    Entry { technique: &rule_fish::RuleFish, difficulty: Difficulty(38) },
    Entry { technique: &hidden_subset::HIDDEN_TRIPLE, difficulty: Difficulty(40) },
    Entry { technique: &fish::FINNED_SWORDFISH, difficulty: Difficulty(40) },
    Entry { technique: &fish::SASHIMI_SWORDFISH, difficulty: Difficulty(41) },
    Entry { technique: &xy_wing::XyWing, difficulty: Difficulty(42) },
    Entry { technique: &xyz_wing::XyzWing, difficulty: Difficulty(44) },
    Entry { technique: &w_wing::WWing, difficulty: Difficulty(44) },
    Entry { technique: &simple_colors::SIMPLE_COLORS_TRAP, difficulty: Difficulty(45) },
    Entry { technique: &simple_colors::SIMPLE_COLORS_WRAP, difficulty: Difficulty(45) },
    Entry { technique: &remote_pair::RemotePair, difficulty: Difficulty(45) },
    Entry { technique: &unique_rectangle::TYPE_1, difficulty: Difficulty(45) },
    Entry { technique: &unique_rectangle::TYPE_2, difficulty: Difficulty(46) },
    Entry { technique: &unique_rectangle::TYPE_3, difficulty: Difficulty(46) },
    Entry { technique: &unique_rectangle::TYPE_4, difficulty: Difficulty(46) },
    Entry { technique: &hidden_rectangle::HiddenRectangle, difficulty: Difficulty(47) },
    Entry { technique: &naked_subset::NAKED_QUAD, difficulty: Difficulty(50) },
    Entry { technique: &fish::JELLYFISH, difficulty: Difficulty(52) },
    Entry { technique: &hidden_subset::HIDDEN_QUAD, difficulty: Difficulty(54) },
    Entry { technique: &fish::FINNED_JELLYFISH, difficulty: Difficulty(54) },
    Entry { technique: &fish::SASHIMI_JELLYFISH, difficulty: Difficulty(55) },
    Entry { technique: &bug_plus_one::BugPlusOne, difficulty: Difficulty(56) },
    Entry { technique: &x_chain::XChain, difficulty: Difficulty(65) },
    Entry { technique: &xy_chain::XyChain, difficulty: Difficulty(66) },
    Entry { technique: &aic::AIC, difficulty: Difficulty(70) },
    Entry { technique: &aic::GROUPED_AIC, difficulty: Difficulty(72) },
    Entry { technique: &set_theory::SetTheory, difficulty: Difficulty(74) },
    Entry { technique: &als_xz::AlsXz, difficulty: Difficulty(75) },
    Entry { technique: &forcing_chains::CONTRADICTION, difficulty: Difficulty(85) },
    Entry { technique: &forcing_chains::VERITY, difficulty: Difficulty(86) },
    Entry { technique: &forcing_chains::NESTED, difficulty: Difficulty(105) },
];

/// The registry entry of the technique called `name`.
pub fn by_name(name: &str) -> Option<&'static Entry> {
    REGISTRY.iter().find(|e| e.technique.name() == name)
}

/// The first step of the simplest technique that applies, with its registry entry.
pub fn next_step(marks: &Candidates) -> Option<(Step, &'static Entry)> {
    next_step_within(marks, Difficulty::MAX)
}

/// [`next_step`] among the techniques no harder than `cap` (the others are not tried).
pub fn next_step_within(marks: &Candidates, cap: Difficulty) -> Option<(Step, &'static Entry)> {
    REGISTRY
        .iter()
        .take_while(|entry| entry.difficulty <= cap)
        .filter(|entry| entry.technique.applies_to(marks))
        .find_map(|entry| entry.technique.first(marks).map(|step| (step, entry)))
}

/// The row or column holding every cell of `cells`, if there is one.
pub(crate) fn shared_line(cells: CellSet) -> Option<House> {
    let first = cells.first()?;
    let [row, column, _] = first.houses();
    [row, column]
        .into_iter()
        .find(|line| (cells - line.cell_set()).is_empty())
}

/// Calls `f` with every choice of `k` of `sets` (their indices, in lexicographic order) whose
/// union with `base` has exactly `members` members, and with that union, until `f` returns
/// `Break`. A choice is dropped as soon as its union has too many: adding sets never shrinks it.
pub(crate) fn for_each_union<S: Counted>(
    sets: &[S],
    base: S,
    k: usize,
    members: u32,
    f: &mut dyn FnMut(&[usize], S) -> ControlFlow<()>,
) -> ControlFlow<()> {
    struct Choice<'a, S> {
        sets: &'a [S],
        k: usize,
        members: u32,
    }
    impl<S: Counted> Choice<'_, S> {
        fn extend(
            &self,
            chosen: &mut Vec<usize>,
            next: usize,
            union: S,
            f: &mut dyn FnMut(&[usize], S) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            if chosen.len() == self.k {
                return if union.count() == self.members {
                    f(chosen, union)
                } else {
                    ControlFlow::Continue(())
                };
            }
            for i in next..=self.sets.len() - (self.k - chosen.len()) {
                let grown = union | self.sets[i];
                if grown.count() > self.members {
                    continue;
                }
                chosen.push(i);
                self.extend(chosen, i + 1, grown, f)?;
                chosen.pop();
            }
            ControlFlow::Continue(())
        }
    }
    if k > sets.len() {
        return ControlFlow::Continue(());
    }
    let choice = Choice { sets, k, members };
    choice.extend(&mut Vec::with_capacity(k), 0, base, f)
}

/// Positions for the techniques' tests, and what a technique finds in them.
#[cfg(test)]
pub(crate) mod tests {
    use std::ops::ControlFlow;

    use super::Technique;
    use crate::candidates::Candidates;
    use crate::cell::{Cell, Digit};
    use crate::grid::Grid;

    /// The marks of a position given as in HoDoKu's library: the digits (a `+` marks a placed
    /// one) and the candidates deleted beyond the givens' peers, e.g. `"313 524"` for r1c3<>3,
    /// r2c4<>5.
    pub(crate) fn marks(digits: &str, deleted: &str) -> Candidates {
        let grid = Grid::parse_line(&digits.replace('+', "")).expect("a grid");
        let mut marks = Candidates::new(&grid);
        for item in deleted.split_whitespace() {
            let b = item.as_bytes();
            let digit = Digit::new(b[0] - b'0').expect("a digit");
            marks.eliminate(Cell::at(b[1] - b'1', b[2] - b'1'), digit);
        }
        marks
    }

    /// For each `(row, col, digits)` (0-based row and column), leaves exactly `digits` as the
    /// candidates of that cell.
    pub(crate) fn keep(marks: &mut Candidates, kept: &[(u8, u8, &[u8])]) {
        for &(row, col, digits) in kept {
            let cell = Cell::at(row, col);
            for digit in Digit::all().filter(|d| !digits.contains(&d.get())) {
                marks.eliminate(cell, digit);
            }
        }
    }

    /// The texts of every instance `technique` finds in the position of [`marks`].
    pub(crate) fn texts(technique: &dyn Technique, digits: &str, deleted: &str) -> Vec<String> {
        let mut texts = Vec::new();
        let _ = technique.search(&marks(digits, deleted), &mut |step| {
            texts.push(step.text);
            ControlFlow::Continue(())
        });
        texts
    }

    /// The step of `technique` in `puzzle` (one line, all candidates) that makes exactly the
    /// eliminations `expected` (`r4c2<>7, …` in board order), as text.
    pub(crate) fn step_text(technique: &dyn Technique, puzzle: &str, expected: &str) -> String {
        let mut text = None;
        let _ = technique.search(&marks(puzzle, ""), &mut |step| {
            if step.eliminations_text() == expected {
                text = Some(step.text);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        text.unwrap_or_else(|| panic!("no {} making {expected}", technique.name()))
    }
}
