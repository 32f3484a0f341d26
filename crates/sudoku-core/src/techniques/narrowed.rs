//! A rule's narrowing, remembered by the marks it reads. Sees All, Rule-Locked Candidates and the
//! rules' links suppose a digit and narrow the rules again at every step, from marks that
//! differ mostly elsewhere: an arrow's or a renban's narrowing (its sums, its runs) is the most
//! of their time. The forcing chains' propagation, which narrows the rules after each of its
//! placements, asks the same questions by the million. What a rule narrows depends only on the
//! marks of its cells (`Constrain::cells` is what it reads), so the answer is kept by the rule
//! and those marks, across steps, as long as the same puzzle is solved on the thread.

use std::cell::RefCell;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::candidates::Candidates;
use crate::layout::Layout;
use crate::variant::Constraint;
use crate::variant::rules::{Constrain, Dead, Marks};

/// How many answers are kept before they are all dropped: about 12 MB natively (the forcing
/// chains of the region sum lines' public example, 0.73 of their time with the answers kept:
/// peak memory 41 MB instead of 30), while the forcing chains of one solve ask millions and
/// the other techniques some tens of thousands.
const KEPT: usize = 1 << 17;

/// The answers for one puzzle's rules: the key is the rule's index among the layout's
/// constraints then the marks of its cells in order, the answer their marks narrowed, or None
/// when the rule cannot be met.
#[derive(Default)]
struct Memo {
    /// The layout the answers are for, held so that no other puzzle's can take its place.
    layout: Option<Arc<Layout>>,
    answers: FxHashMap<Box<[u16]>, Option<Box<[u16]>>>,
    /// The key being asked, its room reused.
    key: Vec<u16>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::default();
}

/// Narrows `narrowed` by the `index`th constraint of the layout of `marks`, as its rule's own
/// `narrow` does: Ok(whether a digit went) or Err(Dead), the marks then unspecified; remembered
/// for a rule that narrows slowly (a quick one would take longer to look up). Marks without a
/// layout have no rules to narrow.
pub(super) fn narrow(marks: &Candidates, index: usize, narrowed: &mut Marks) -> Result<bool, Dead> {
    match marks.shared_layout() {
        Some(layout) => narrow_under(layout, index, narrowed),
        None => Ok(false),
    }
}

/// [`narrow`] by the `index`th constraint of `layout`.
pub(super) fn narrow_under(
    layout: &Arc<Layout>,
    index: usize,
    narrowed: &mut Marks,
) -> Result<bool, Dead> {
    let rule = layout.constraints()[index].rule();
    if !rule.narrows_slowly() {
        return rule.narrow(narrowed);
    }
    let cells = rule.cells();
    MEMO.with_borrow_mut(|memo| {
        if !memo
            .layout
            .as_ref()
            .is_some_and(|kept| Arc::ptr_eq(kept, layout))
        {
            memo.layout = Some(Arc::clone(layout));
            memo.answers.clear();
        }
        let Memo { answers, key, .. } = memo;
        key.clear();
        key.push(index as u16);
        key.extend(cells.iter().map(|cell| narrowed.0[cell.index()]));
        let Some(answer) = answers.get(key.as_slice()) else {
            let outcome = rule.narrow(narrowed);
            let answer = outcome.is_ok().then(|| {
                (cells.iter())
                    .map(|cell| narrowed.0[cell.index()])
                    .collect::<Box<[u16]>>()
            });
            if answers.len() >= KEPT {
                answers.clear();
            }
            answers.insert(key.as_slice().into(), answer);
            return outcome;
        };
        let answer = answer.as_deref().ok_or(Dead)?;
        let mut changed = false;
        for (cell, &digits) in cells.iter().zip(answer) {
            changed |= narrowed.0[cell.index()] != digits;
            narrowed.0[cell.index()] = digits;
        }
        Ok(changed)
    })
}

/// The `index`th constraint of the puzzle of `marks`, its narrowing remembered: what a search
/// that narrows the same rules many times holds.
#[derive(Clone, Copy)]
pub(super) struct Remembered<'a> {
    marks: &'a Candidates,
    index: usize,
    rule: &'a dyn Constrain,
}

impl<'a> Remembered<'a> {
    /// The rules of `marks` that `keep` keeps, with their indices; none without a layout.
    pub fn rules(
        marks: &'a Candidates,
        keep: impl Fn(&Constraint) -> bool,
    ) -> impl Iterator<Item = Remembered<'a>> {
        let constraints = marks
            .layout()
            .map_or(&[][..], |layout| layout.constraints());
        (constraints.iter().enumerate())
            .filter(move |(_, constraint)| keep(constraint))
            .map(move |(index, constraint)| Remembered {
                marks,
                index,
                rule: constraint.rule(),
            })
    }

    pub fn rule(self) -> &'a dyn Constrain {
        self.rule
    }

    /// Its place among the puzzle's constraints.
    pub fn index(self) -> usize {
        self.index
    }

    pub fn narrow(self, narrowed: &mut Marks) -> Result<bool, Dead> {
        narrow(self.marks, self.index, narrowed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Cell;
    use crate::variant::{Arrow, Puzzle, Renban, Rules};

    /// A renban line r1c1, r1c2, r1c3, the grid otherwise empty; its index among the
    /// constraints.
    fn renban() -> (Candidates, usize) {
        let line = Renban {
            cells: (0..3).map(|column| Cell::at(0, column)).collect(),
        };
        let marks = Puzzle::new([0; Cell::COUNT], Rules::classic().with([line]).unwrap()).marks();
        let index = (marks.layout().unwrap().constraints().iter())
            .position(|constraint| constraint.rule().cells().len() == 3)
            .unwrap();
        (marks, index)
    }

    #[test]
    fn the_answer_remembered_is_the_rules_own() {
        let (marks, index) = renban();
        let rule = marks.layout().unwrap().constraints()[index].rule();
        let first = Cell::at(0, 0).index();
        let second = Cell::at(0, 1).index();
        // Each digit in the first cell, each asked twice (the second answer remembered), and
        // with the second cell 9 as well (1 to 6 then break the line).
        for digit in 0..9 {
            for with_nine in [false, true] {
                for _asked in 0..2 {
                    let mut remembered = Marks([0x1ff; Cell::COUNT]);
                    remembered.0[first] = 1 << digit;
                    if with_nine {
                        remembered.0[second] = 1 << 8;
                    }
                    let mut own = Marks(remembered.0);
                    let expected = rule.narrow(&mut own);
                    assert_eq!(narrow(&marks, index, &mut remembered), expected);
                    if expected.is_ok() {
                        assert_eq!(remembered.0, own.0);
                    }
                    // 1 and 9 on a line of three consecutive digits cannot be.
                    if with_nine && digit == 0 {
                        assert_eq!(expected, Err(Dead));
                    }
                }
            }
        }
    }

    #[test]
    fn another_puzzles_rules_are_not_answered_from_the_first() {
        // The same cells, the same marks, the same index: a renban of three open cells
        // narrows nothing, an arrow from r1c1 along r1c2 and r1c3 takes 1 and 2 from its circle.
        let (renban, index) = renban();
        let arrow = Arrow::new(vec![Cell::at(0, 0)], vec![Cell::at(0, 1), Cell::at(0, 2)]);
        let arrow = Puzzle::new([0; Cell::COUNT], Rules::classic().with([arrow]).unwrap()).marks();
        let asked = Marks([0x1ff; Cell::COUNT]);
        assert_eq!(narrow(&renban, index, &mut Marks(asked.0)), Ok(false));
        let mut narrowed = Marks(asked.0);
        assert_eq!(narrow(&arrow, index, &mut narrowed), Ok(true));
        assert_eq!(narrowed.list(Cell::at(0, 0)), [3, 4, 5, 6, 7, 8, 9]);
    }
}
