//! The fast propagation behind the nested forcing chains: the same rules as [`super::net`]
//! (singles, a placed digit leaving its peers, a digit confined to a box-line crossing leaving
//! the rest of the other house), on nine digit planes, keeping no reasons. It answers one
//! question quickly, "does this assumption break the grid, and if not, what follows?"; the
//! explaining net then replays only the answer that is shown.
//!
//! Nesting: at level `n > 0`, once the rules run dry, every live candidate is tried at level
//! `n − 1` on the reduced board, and the ones that break it are removed; the rules then resume.
//!
//! [`Memo`] keeps, per level, what each candidate led to. The rules are monotone (removing
//! candidates never stops a rule from firing), so what a candidate led to on a board stays true
//! on any board with fewer candidates: a stored result is a valid start for later positions of
//! the same puzzle, and a run starts from the intersection of the board and the stored result.

use std::cell::RefCell;
use std::sync::Arc;

use super::super::sums::distinct_sum;
use super::geometry::Geometry;
use crate::candidates::Candidates;
use crate::cell::{Candidate, Cell, Digit};
use crate::sets::{CellSet, DigitSet};
use crate::variant::rules::{Dead, Marks};

/// Pencil marks as digit planes: per digit, the cells where it is a candidate or placed. A
/// filled cell keeps its digit (and only it), so a house with no place for a digit is broken
/// whether or not the digit is placed there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Planes {
    places: [CellSet; Digit::COUNT],
    filled: CellSet,
}

impl Planes {
    /// A placement every branch makes, else an elimination every branch makes, that the root lacks.
    pub fn common_conclusion(&self, branches: &[Planes]) -> Option<(Candidate, bool)> {
        for digit in Digit::all() {
            let placed = branches.iter().fold(self.open_places(digit), |acc, b| {
                (acc - b.open_places(digit)) & b.places(digit)
            });
            if let Some(cell) = placed.first() {
                return Some((Candidate::new(cell, digit), true));
            }
        }
        for digit in Digit::all() {
            let removed = branches
                .iter()
                .fold(self.open_places(digit), |acc, b| acc - b.places(digit));
            if let Some(cell) = removed.first() {
                return Some((Candidate::new(cell, digit), false));
            }
        }
        None
    }

    /// A board that is broken everywhere: what a refuted candidate leads to.
    const BROKEN: Planes = Planes {
        places: [CellSet::EMPTY; Digit::COUNT],
        filled: CellSet::EMPTY,
    };

    pub fn new(marks: &Candidates) -> Planes {
        let mut planes = Planes {
            places: Digit::ALL.map(|digit| marks.cells_with(digit)),
            filled: CellSet::EMPTY,
        };
        for cell in Cell::all() {
            if let Some(digit) = marks.grid().get(cell) {
                planes.places[digit.index()].insert(cell);
                planes.filled.insert(cell);
            }
        }
        planes
    }

    /// The planes of a board given as its digits' places (placed cells included) and its
    /// filled cells.
    pub fn from_parts(places: [CellSet; Digit::COUNT], filled: CellSet) -> Planes {
        Planes { places, filled }
    }

    pub fn has(&self, candidate: Candidate) -> bool {
        self.places[candidate.digit.index()].contains(candidate.cell)
    }

    /// The cells where `digit` is a candidate or placed.
    pub fn places(&self, digit: Digit) -> CellSet {
        self.places[digit.index()]
    }

    /// The cells where `digit` is a live candidate (not yet placed).
    pub fn open_places(&self, digit: Digit) -> CellSet {
        self.places[digit.index()] - self.filled
    }

    /// Every live candidate, digit by digit.
    pub fn live(&self) -> impl Iterator<Item = Candidate> + '_ {
        Digit::all().flat_map(move |digit| {
            self.open_places(digit)
                .iter()
                .map(move |cell| Candidate::new(cell, digit))
        })
    }

    /// Whether every candidate here is also one of `other`.
    pub fn is_within(&self, other: &Planes) -> bool {
        self.places
            .iter()
            .zip(&other.places)
            .all(|(mine, theirs)| (*mine - *theirs).is_empty())
    }

    /// Keeps only what both boards allow: both follow from the same assumptions.
    fn meet(&mut self, other: &Planes) {
        for (mine, theirs) in self.places.iter_mut().zip(&other.places) {
            *mine &= *theirs;
        }
        self.filled |= other.filled;
    }

    /// Removes `digit` from `cells`; returns whether any was there.
    fn remove(&mut self, digit: Digit, cells: CellSet) -> bool {
        let plane = &mut self.places[digit.index()];
        let changed = !(*plane & cells).is_empty();
        *plane = *plane - cells;
        changed
    }

    pub fn eliminate(&mut self, candidate: Candidate) {
        self.remove(candidate.digit, CellSet::single(candidate.cell));
    }

    /// Fills `cell` with `digit`: the cell's other digits go, and the digit leaves its peers.
    pub fn place(&mut self, candidate: Candidate, rules: &Geometry) {
        let Candidate { cell, digit } = candidate;
        let single = CellSet::single(cell);
        for other in Digit::all().filter(|&d| d != digit) {
            self.remove(other, single);
        }
        self.remove(digit, rules.peers(cell));
        self.filled.insert(cell);
    }

    /// `close_from` for a board made from the closed board `closed` by taking candidates away:
    /// the digits whose planes are as in `closed` need no new look from the rules of one digit.
    fn close_after(&mut self, closed: &Planes, rules: &Geometry) -> bool {
        self.close_from(Settled::of(closed), rules)
    }

    /// Applies the rules until none fires; returns `false` when the board breaks. Each round
    /// places every single it sees at once; locked candidates wait until there are none.
    /// `settled` tells which digits the rules of one digit can skip while unchanged.
    fn close_from(&mut self, mut settled: Settled, rules: &Geometry) -> bool {
        loop {
            let Some(naked) = self.naked_singles() else {
                return false;
            };
            let Some(hidden) = self.hidden_singles(&mut settled.hidden, rules) else {
                return false;
            };
            if naked.is_empty() && hidden.iter().all(|cells| cells.is_empty()) {
                match self.fit_cages(rules) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
                match self.fit_constraints(&mut settled.fitted, rules) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
                if !self.lock(&mut settled.locked, rules) {
                    return true;
                }
                continue;
            }
            if !self.place_naked(naked, rules) || !self.place_hidden(&hidden, rules) {
                return false;
            }
        }
    }

    /// What the rules of one digit read: its places, and which of them are filled.
    fn view(&self, digit: usize) -> DigitView {
        let places = self.places[digit];
        (places, places & self.filled)
    }

    /// The open cells with exactly one candidate; `None` when a cell has none.
    fn naked_singles(&self) -> Option<CellSet> {
        let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
        for &plane in &self.places {
            twice |= once & plane;
            once |= plane;
        }
        (once == CellSet::ALL).then(|| once - twice - self.filled)
    }

    /// Places each cell of `cells` with its one digit; `false` if an earlier placement took it.
    fn place_naked(&mut self, cells: CellSet, rules: &Geometry) -> bool {
        for cell in cells.iter() {
            let Some(digit) = Digit::all().find(|d| self.places[d.index()].contains(cell)) else {
                return false;
            };
            self.place(Candidate::new(cell, digit), rules);
        }
        true
    }

    /// Per digit, the open cells that are its last place in a house; `None` when a digit has
    /// no place in a house.
    /// Digits `settled` shows without any are skipped; those found without any are noted there.
    fn hidden_singles(
        &self,
        settled: &mut [Option<DigitView>; Digit::COUNT],
        rules: &Geometry,
    ) -> Option<[CellSet; Digit::COUNT]> {
        let mut singles = [CellSet::EMPTY; Digit::COUNT];
        for (digit, found) in singles.iter_mut().enumerate() {
            let view = self.view(digit);
            if settled[digit] == Some(view) {
                continue;
            }
            for &house in rules.houses() {
                let left = view.0 & rules.cells_of(house);
                if left.is_empty() {
                    return None;
                }
                if !left.has_several() {
                    *found |= left - self.filled;
                }
            }
            if found.is_empty() {
                settled[digit] = Some(view);
            }
        }
        Some(singles)
    }

    /// Places each digit in its cells of `singles`; `false` if an earlier placement took one.
    fn place_hidden(&mut self, singles: &[CellSet; Digit::COUNT], rules: &Geometry) -> bool {
        for (digit, cells) in Digit::ALL.into_iter().zip(singles) {
            for cell in cells.iter() {
                let candidate = Candidate::new(cell, digit);
                if !self.has(candidate) {
                    return false;
                }
                if !self.filled.contains(cell) {
                    self.place(candidate, rules);
                }
            }
        }
        true
    }

    /// Removes from each cage's cells the digits no fitting set of digits gives them; returns
    /// whether anything went, `None` when a cage has no fitting set left.
    fn fit_cages(&mut self, rules: &Geometry) -> Option<bool> {
        let mut changed = false;
        for (cells, sum) in rules.cages() {
            let options: Vec<DigitSet> = cells
                .iter()
                .map(|&cell| {
                    Digit::all()
                        .filter(|d| self.places[d.index()].contains(cell))
                        .map(DigitSet::single)
                        .fold(DigitSet::EMPTY, |a, b| a | b)
                })
                .collect();
            let (support, sets) = distinct_sum(&options, *sum);
            if sets.is_empty() {
                return None;
            }
            for ((&cell, kept), had) in cells.iter().zip(support).zip(options) {
                for digit in (had - kept).iter() {
                    changed |= self.remove(digit, CellSet::single(cell));
                }
            }
        }
        Some(changed)
    }

    /// Removes from each other constraint's cells the digits it rules out, as its kind narrows
    /// them; returns whether anything went, `None` when a constraint can no longer be met.
    fn fit_constraints(
        &mut self,
        fitted: &mut Option<[CellSet; Digit::COUNT]>,
        rules: &Geometry,
    ) -> Option<bool> {
        let start = self.places;
        // A constraint none of whose cells changed since the last look finds what it found then:
        // nothing, or what it took then, which changed its cells.
        let moved = match fitted {
            Some(before) => (before.iter().zip(&start)).fold(CellSet::EMPTY, |moved, (a, b)| {
                moved | (*a - *b) | (*b - *a)
            }),
            None => CellSet::ALL,
        };
        *fitted = Some(start);
        let mut changed = false;
        let constraints = rules.constraints().iter().zip(rules.constraint_cells());
        for (index, (constraint, &cells)) in constraints.enumerate() {
            if (cells & moved).is_empty() {
                continue;
            }
            changed |= match constraint.rule().narrow_planes(&mut self.places) {
                Some(narrowed) => narrowed,
                None => narrow_by_marks(rules, index, cells, &mut self.places),
            }
            .ok()?;
        }
        Some(changed)
    }

    /// Removes each digit confined to where a box and a line cross from the rest of the other
    /// house; returns whether anything went. Digits `settled` shows without any are skipped;
    /// those found without any are noted there.
    fn lock(&mut self, settled: &mut [Option<DigitView>; Digit::COUNT], rules: &Geometry) -> bool {
        let mut changed = false;
        for digit in Digit::all() {
            let view = self.view(digit.index());
            if settled[digit.index()] == Some(view) {
                continue;
            }
            let open = self.open_places(digit);
            for crossing in rules.crossings() {
                // A house whose places all lie where both cross has two of them there at least.
                if !(open & crossing.both).has_several() {
                    continue;
                }
                if (open & crossing.first_only).is_empty() {
                    changed |= self.remove(digit, open & crossing.second_only);
                }
                if (open & crossing.second_only).is_empty() {
                    changed |= self.remove(digit, open & crossing.first_only);
                }
            }
            if self.view(digit.index()) == view {
                settled[digit.index()] = Some(view);
            }
        }
        changed
    }
}

/// The narrowing of the `index`th constraint of `rules`, whose cells are `cells`, on the
/// planes: its cells' digits read into marks, and the planes losing what it took; whether any
/// went.
fn narrow_by_marks(
    rules: &Geometry,
    index: usize,
    cells: CellSet,
    places: &mut [CellSet; Digit::COUNT],
) -> Result<bool, Dead> {
    let mut marks = Marks([0; Cell::COUNT]);
    for (digit, plane) in places.iter().enumerate() {
        for cell in (*plane & cells).iter() {
            marks.0[cell.index()] |= 1 << digit;
        }
    }
    let read = marks.0;
    rules.narrow(index, &mut marks)?;
    let mut changed = false;
    for cell in cells.iter() {
        let mut gone = read[cell.index()] & !marks.0[cell.index()];
        changed |= gone != 0;
        while gone != 0 {
            places[gone.trailing_zeros() as usize].remove(cell);
            gone &= gone - 1;
        }
    }
    Ok(changed)
}

/// A digit's plane as the rules of one digit (hidden singles, locked candidates) read it.
type DigitView = (CellSet, CellSet);

/// Per digit and per rule of one digit, the view in which the rule last found nothing to do:
/// the same view again needs no look. Naked singles span the digits and are always looked for.
#[derive(Clone, Copy)]
struct Settled {
    hidden: [Option<DigitView>; Digit::COUNT],
    locked: [Option<DigitView>; Digit::COUNT],
    /// The places when the constraints were last looked at (see `fit_constraints`).
    fitted: Option<[CellSet; Digit::COUNT]>,
}

impl Settled {
    /// Nothing known: every digit is looked at.
    const NOTHING: Settled = Settled {
        hidden: [None; Digit::COUNT],
        locked: [None; Digit::COUNT],
        fitted: None,
    };

    /// A closed board, where no rule finds anything.
    fn of(closed: &Planes) -> Settled {
        let views = std::array::from_fn(|digit| Some(closed.view(digit)));
        Settled {
            hidden: views,
            locked: views,
            fitted: Some(closed.places),
        }
    }
}

thread_local! {
    /// What candidates led to in the last positions searched: later positions of the same
    /// puzzle start from it.
    static MEMO: RefCell<Memo> = const { RefCell::new(Memo::new()) };
}

/// Runs `f` with this thread's memo.
pub(crate) fn with_memo<T>(f: impl FnOnce(&mut Memo) -> T) -> T {
    MEMO.with_borrow_mut(f)
}

/// Whether assuming `candidate` on `board` breaks it at `level`.
pub(crate) fn refutes(board: &Planes, candidate: Candidate, level: u8, rules: &Geometry) -> bool {
    with_memo(|memo| memo.assume(board, candidate, level, rules).is_none())
}

/// What candidates led to, per nesting level, on the last boards of one puzzle.
pub(crate) struct Memo {
    /// The board the stored results hold for (and every board within it).
    base: Option<Planes>,
    /// The rules they hold under (every assumption is made under them).
    rules: Option<Arc<Geometry>>,
    /// Per level, per candidate: what assuming it led to, or nothing yet.
    levels: Vec<Vec<Option<Planes>>>,
}

impl Memo {
    pub const fn new() -> Memo {
        Memo {
            base: None,
            rules: None,
            levels: Vec::new(),
        }
    }

    /// Makes the memo hold for `root` under `rules`, forgetting what was stored for a board
    /// `root` is not within (another puzzle, or a position that is not a later one) or under
    /// other rules.
    pub fn rebase(&mut self, root: &Planes, rules: &Arc<Geometry>) {
        let same_rules = self.rules.as_ref().is_some_and(|r| r.same_rules(rules));
        if !same_rules || !self.base.is_some_and(|base| root.is_within(&base)) {
            self.levels.clear();
        }
        self.base = Some(*root);
        self.rules = Some(Arc::clone(rules));
    }

    fn stored(&self, level: u8, candidate: Candidate) -> Option<&Planes> {
        self.levels.get(usize::from(level))?[candidate.index()].as_ref()
    }

    fn store(&mut self, level: u8, candidate: Candidate, outcome: Planes) {
        let level = usize::from(level);
        if self.levels.len() <= level {
            self.levels.resize(level + 1, vec![None; Candidate::COUNT]);
        }
        self.levels[level][candidate.index()] = Some(outcome);
    }

    /// Assumes `candidate` on `board` and follows it at `level`; the result (a broken board
    /// when the assumption fails) is stored when `board` is the memo's base.
    pub fn assume(
        &mut self,
        board: &Planes,
        candidate: Candidate,
        level: u8,
        rules: &Geometry,
    ) -> Option<Planes> {
        let mut trial = *board;
        // What is stored holds only for boards within the base.
        let within = self.base.is_some_and(|base| board.is_within(&base));
        let settled = match self.stored(level, candidate).filter(|_| within) {
            Some(known) => {
                trial.meet(known);
                Settled::of(known)
            }
            None => {
                trial.place(candidate, rules);
                Settled::NOTHING
            }
        };
        let holds = self.close(&mut trial, level, settled, rules);
        if self.base.as_ref() == Some(board) {
            self.store(level, candidate, if holds { trial } else { Planes::BROKEN });
        }
        holds.then_some(trial)
    }

    /// Applies the rules at `level` until none fires; returns `false` when the board breaks.
    /// `settled` tells which digits the rules of one digit can skip at first.
    fn close(&mut self, board: &mut Planes, level: u8, settled: Settled, rules: &Geometry) -> bool {
        if !board.close_from(settled, rules) {
            return false;
        }
        loop {
            let Some(inner) = level.checked_sub(1) else {
                return true;
            };
            match self.refute_one(board, inner, rules) {
                Refuted::Broken => return false,
                Refuted::Some => {}
                Refuted::None => return true,
            }
        }
    }

    /// Tries every live candidate of the closed `board` at level `inner`, removing those that
    /// break it; the board is left closed.
    fn refute_one(&mut self, board: &mut Planes, inner: u8, rules: &Geometry) -> Refuted {
        let mut refuted = Refuted::None;
        let live: Vec<Candidate> = board.live().collect();
        for candidate in live {
            if !board.has(candidate) {
                continue;
            }
            let mut trial = *board;
            let settled = match self.stored(inner, candidate) {
                Some(known) => {
                    trial.meet(known);
                    Settled::of(known)
                }
                None => {
                    trial.place(candidate, rules);
                    Settled::of(board)
                }
            };
            if !self.close(&mut trial, inner, settled, rules) {
                let closed = *board;
                board.eliminate(candidate);
                if !board.close_after(&closed, rules) {
                    return Refuted::Broken;
                }
                refuted = Refuted::Some;
            }
        }
        refuted
    }
}

/// What a sweep of nested trials did.
enum Refuted {
    None,
    Some,
    Broken,
}
