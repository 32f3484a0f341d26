//! The propagation behind forcing chains: assume a fact (a candidate true or false) and follow
//! what must then happen, keeping why each consequence holds.
//!
//! The rules followed: a true candidate removes its digit from its peers and every other digit
//! from its cell; a cell left with one digit, or a digit left with one place in a house, takes
//! it; a digit confined to where a box and a line cross leaves the rest of the other house.
//! Facts are followed breadth first, so a fact's depth is the length of its derivation, and a
//! run stops at the first contradiction: a candidate both true and false, a cell without
//! candidates, or a digit without a place in a house that lacks it.
//!
//! A [`Net`] is made once for a position and run from one assumption after another. After each
//! run it tells what followed and at what depth, why each fact holds, and which facts a
//! conclusion rests on, in an order that reads as a proof.

use std::fmt;

use crate::candidates::Candidates;
use crate::cell::{Candidate, Cell, Digit};
use crate::house::{House, HouseKind};
use crate::sets::{CellSet, DigitSet};
use crate::sort::sort_by_key;

/// A candidate with a truth value: `on` when the digit is in the cell, not `on` when it is not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Fact {
    pub candidate: Candidate,
    pub on: bool,
}

impl Fact {
    /// How many facts there are: each candidate, true and false.
    pub const COUNT: usize = 2 * Candidate::COUNT;

    /// The candidate is true.
    pub fn on(candidate: Candidate) -> Fact {
        Fact {
            candidate,
            on: true,
        }
    }

    /// The candidate is false.
    pub fn off(candidate: Candidate) -> Fact {
        Fact {
            candidate,
            on: false,
        }
    }

    /// 0..`COUNT`, for tables by fact.
    pub fn index(self) -> usize {
        self.candidate.index() * 2 + usize::from(self.on)
    }
}

/// `r1c2=3` or `r1c2<>3`.
impl fmt::Display for Fact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Candidate { cell, digit } = self.candidate;
        let sign = if self.on { "=" } else { "<>" };
        write!(f, "{cell}{sign}{digit}")
    }
}

/// Why a fact holds.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) enum Reason {
    #[default]
    Assumed,
    /// False: this candidate (the same digit in a peer, or another digit of the cell) is true.
    Peer(Candidate),
    /// True: every other candidate of the cell is false.
    Naked,
    /// True: every other place of the digit in this house is false.
    Hidden(House),
    /// False: in the first house the digit is confined to its crossing with the second, which
    /// holds this cell.
    Locked(House, House),
}

/// What makes the grid impossible.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Contradiction {
    /// A candidate both true and false.
    Both(Candidate),
    /// An empty cell without candidates.
    EmptyCell(Cell),
    /// A digit without a place in a house that lacks it.
    NoPlace(House, Digit),
}

/// The facts a run derived: per digit, the cells where it is true and where it is false.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Consequences {
    on: [CellSet; Digit::COUNT],
    off: [CellSet; Digit::COUNT],
}

impl Consequences {
    const NONE: Consequences = Consequences {
        on: [CellSet::EMPTY; Digit::COUNT],
        off: [CellSet::EMPTY; Digit::COUNT],
    };

    /// The cells where `digit` is true (`on`) or false.
    fn cells(&self, digit: Digit, on: bool) -> CellSet {
        if on {
            self.on[digit.index()]
        } else {
            self.off[digit.index()]
        }
    }

    fn holds(&self, fact: Fact) -> bool {
        let Candidate { cell, digit } = fact.candidate;
        self.cells(digit, fact.on).contains(cell)
    }

    fn insert(&mut self, fact: Fact) {
        let Candidate { cell, digit } = fact.candidate;
        let board = if fact.on { &mut self.on } else { &mut self.off };
        board[digit.index()].insert(cell);
    }

    /// Calls `f` with every fact, digit by digit: for each digit the true ones, then the false
    /// ones, each in board order. (Loops rather than an iterator: this is the hot path of the
    /// verity search, and nested iterators cost it a third more time.)
    pub fn for_each_fact(&self, mut f: impl FnMut(Fact)) {
        for digit in Digit::all() {
            for on in [true, false] {
                for cell in self.cells(digit, on).iter() {
                    f(Fact {
                        candidate: Candidate::new(cell, digit),
                        on,
                    });
                }
            }
        }
    }
}

/// Keeps the facts that hold in both.
impl std::ops::BitAndAssign<&Consequences> for Consequences {
    fn bitand_assign(&mut self, rhs: &Consequences) {
        for d in 0..Digit::COUNT {
            self.on[d] &= rhs.on[d];
            self.off[d] &= rhs.off[d];
        }
    }
}

/// The pencil marks as a run changes them: the two views of [`Candidates`] without its grid, plus
/// the houses each digit is placed in, so that a run starts with one plain copy of the start.
#[derive(Clone, Copy)]
struct Board {
    cells: [DigitSet; Cell::COUNT],
    places: [CellSet; Digit::COUNT],
    /// The cells holding a digit, from the start or derived.
    filled: CellSet,
    /// Per digit, the houses holding it: bit `House::id` of each.
    placed_in: [u32; Digit::COUNT],
}

impl Board {
    fn new(marks: &Candidates) -> Board {
        let mut board = Board {
            cells: Cell::ALL.map(|cell| marks.get(cell)),
            places: Digit::ALL.map(|digit| marks.cells_with(digit)),
            filled: CellSet::EMPTY,
            placed_in: [0; Digit::COUNT],
        };
        for cell in Cell::all() {
            if let Some(digit) = marks.grid().get(cell) {
                board.fill(cell, digit);
            }
        }
        board
    }

    fn fill(&mut self, cell: Cell, digit: Digit) {
        self.filled.insert(cell);
        for house in cell.houses() {
            self.placed_in[digit.index()] |= 1 << house.id();
        }
    }

    fn is_placed_in(&self, digit: Digit, house: House) -> bool {
        self.placed_in[digit.index()] & (1 << house.id()) != 0
    }

    /// Takes `digit` out of `cell`; returns whether it was a candidate there.
    fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        let places = &mut self.places[digit.index()];
        if !places.contains(cell) {
            return false;
        }
        places.remove(cell);
        self.cells[cell.index()].remove(digit);
        true
    }
}

/// How a fact came about in the last run.
#[derive(Clone, Copy, Default, Debug)]
struct Derivation {
    depth: u16,
    /// Its place among the facts of the run, in the order derived.
    order: u16,
    reason: Reason,
}

/// The propagation from one assumption at a time, over the marks it was made for.
pub(crate) struct Net {
    start: Board,
    board: Board,
    derived: Consequences,
    /// By fact index; what it says of a fact that does not hold is left over from earlier runs.
    derivations: Box<[Derivation; Fact::COUNT]>,
    /// The true facts to follow, in the order derived; each candidate is true at most once.
    queue: Vec<Candidate>,
    /// How many of `queue` have been followed.
    followed: usize,
    /// How many facts the run has derived.
    count: u16,
    contradiction: Option<(Contradiction, u16)>,
}

impl Net {
    pub fn new(marks: &Candidates) -> Net {
        let start = Board::new(marks);
        Net {
            start,
            board: start,
            derived: Consequences::NONE,
            derivations: Box::new([Derivation::default(); Fact::COUNT]),
            queue: Vec::with_capacity(Candidate::COUNT),
            followed: 0,
            count: 0,
            contradiction: None,
        }
    }

    /// Follows `assumption` from the marks until nothing more follows, a contradiction appears,
    /// or the facts left to follow lie `depth_limit` steps deep or deeper.
    pub fn run(&mut self, assumption: Fact, depth_limit: u16) {
        self.board = self.start;
        self.derived = Consequences::NONE;
        self.queue.clear();
        self.followed = 0;
        self.count = 0;
        self.contradiction = None;
        let Candidate { cell, digit } = assumption.candidate;
        if assumption.on {
            self.set_on(cell, digit, Reason::Assumed, 0);
        } else {
            self.set_off(cell, digit, Reason::Assumed, 0);
        }
        while let Some(&candidate) = self.queue.get(self.followed) {
            if self.contradiction.is_some() {
                break;
            }
            let depth = self.derivation(Fact::on(candidate)).depth;
            if depth >= depth_limit {
                break;
            }
            self.followed += 1;
            self.follow(candidate, depth);
        }
    }

    /// The contradiction the last run ended in, with its depth.
    pub fn contradiction(&self) -> Option<(Contradiction, u16)> {
        self.contradiction
    }

    /// Every fact the last run derived.
    pub fn consequences(&self) -> Consequences {
        self.derived
    }

    /// The depth of a fact the last run derived.
    pub fn depth(&self, fact: Fact) -> u16 {
        self.derivation(fact).depth
    }

    /// Why a fact the last run derived holds.
    pub fn reason(&self, fact: Fact) -> Reason {
        self.derivation(fact).reason
    }

    fn derivation(&self, fact: Fact) -> &Derivation {
        &self.derivations[fact.index()]
    }

    /// The facts `fact` was derived from.
    pub fn premises(&self, fact: Fact) -> Vec<Fact> {
        let Candidate { cell, digit } = fact.candidate;
        let start = &self.start;
        match self.reason(fact) {
            Reason::Assumed => Vec::new(),
            Reason::Peer(candidate) => vec![Fact::on(candidate)],
            Reason::Naked => (start.cells[cell.index()] - DigitSet::single(digit))
                .iter()
                .map(|other| Fact::off(Candidate::new(cell, other)))
                .collect(),
            Reason::Hidden(house) => {
                let others = start.places[digit.index()] & house.cell_set();
                self.false_places(others - CellSet::single(cell), digit)
            }
            Reason::Locked(house, crossing) => {
                let outside = start.places[digit.index()] & house.cell_set();
                self.false_places(outside - crossing.cell_set(), digit)
            }
        }
    }

    /// The facts `contradiction` rests on.
    pub fn contradiction_premises(&self, contradiction: Contradiction) -> Vec<Fact> {
        match contradiction {
            Contradiction::Both(candidate) => vec![Fact::on(candidate), Fact::off(candidate)],
            Contradiction::EmptyCell(cell) => self.start.cells[cell.index()]
                .iter()
                .map(|digit| Fact::off(Candidate::new(cell, digit)))
                .collect(),
            Contradiction::NoPlace(house, digit) => {
                let places = self.start.places[digit.index()] & house.cell_set();
                self.false_places(places, digit)
            }
        }
    }

    /// The cells of `cells` where the last run made `digit` false, as facts.
    fn false_places(&self, cells: CellSet, digit: Digit) -> Vec<Fact> {
        (cells & self.derived.cells(digit, false))
            .iter()
            .map(|cell| Fact::off(Candidate::new(cell, digit)))
            .collect()
    }

    /// Every fact that `targets` rest on, themselves included, each after the facts it follows
    /// from, and each line of reasoning kept together as far as possible.
    pub fn proof(&self, targets: &[Fact]) -> Vec<Fact> {
        let mut seen = vec![false; Fact::COUNT];
        let mut facts = Vec::new();
        for &target in targets {
            self.visit(target, &mut seen, &mut facts);
        }
        facts
    }

    fn visit(&self, fact: Fact, seen: &mut [bool], facts: &mut Vec<Fact>) {
        if seen[fact.index()] || !self.derived.holds(fact) {
            return;
        }
        seen[fact.index()] = true;
        let mut premises = self.premises(fact);
        sort_by_key(&mut premises, |p| self.derivation(*p).order.into());
        for premise in premises {
            self.visit(premise, seen, facts);
        }
        facts.push(fact);
    }

    fn derive(&mut self, fact: Fact, reason: Reason, depth: u16) {
        self.derived.insert(fact);
        self.derivations[fact.index()] = Derivation {
            depth,
            order: self.count,
            reason,
        };
        self.count += 1;
    }

    fn fail(&mut self, contradiction: Contradiction, depth: u16) {
        if self.contradiction.is_none() {
            self.contradiction = Some((contradiction, depth));
        }
    }

    fn set_on(&mut self, cell: Cell, digit: Digit, reason: Reason, depth: u16) {
        let candidate = Candidate::new(cell, digit);
        if self.derived.holds(Fact::on(candidate)) || self.contradiction.is_some() {
            return;
        }
        self.derive(Fact::on(candidate), reason, depth);
        if self.derived.holds(Fact::off(candidate)) {
            self.fail(Contradiction::Both(candidate), depth);
            return;
        }
        self.queue.push(candidate);
    }

    /// Places the candidate: its digit leaves the cell's peers, its cell's other digits go.
    fn follow(&mut self, candidate: Candidate, depth: u16) {
        let Candidate { cell, digit } = candidate;
        self.board.fill(cell, digit);
        let reason = Reason::Peer(candidate);
        let others = self.board.cells[cell.index()] - DigitSet::single(digit);
        for other in others.iter() {
            self.set_off(cell, other, reason, depth + 1);
        }
        let peers = self.board.places[digit.index()] & cell.peers();
        for peer in peers.iter() {
            self.set_off(peer, digit, reason, depth + 1);
        }
    }

    fn set_off(&mut self, cell: Cell, digit: Digit, reason: Reason, depth: u16) {
        if self.contradiction.is_some() || !self.board.eliminate(cell, digit) {
            return;
        }
        let candidate = Candidate::new(cell, digit);
        self.derive(Fact::off(candidate), reason, depth);
        if self.derived.holds(Fact::on(candidate)) {
            self.fail(Contradiction::Both(candidate), depth);
            return;
        }
        if !self.board.filled.contains(cell) {
            let rest = self.board.cells[cell.index()];
            if rest.is_empty() {
                self.fail(Contradiction::EmptyCell(cell), depth);
                return;
            }
            if let Some(last) = rest.single_digit() {
                self.set_on(cell, last, Reason::Naked, depth + 1);
            }
        }
        for house in cell.houses() {
            if self.board.is_placed_in(digit, house) {
                continue;
            }
            let left = self.board.places[digit.index()] & house.cell_set();
            if left.is_empty() {
                self.fail(Contradiction::NoPlace(house, digit), depth);
                return;
            }
            match left.single_cell() {
                Some(only) => self.set_on(only, digit, Reason::Hidden(house), depth + 1),
                None => self.lock(house, left, digit, depth),
            }
        }
    }

    /// If the places `left` of `digit` in `house` all lie in one house of the other kind (the
    /// box of a line, or a line of a box), the digit leaves the rest of that house.
    fn lock(&mut self, house: House, left: CellSet, digit: Digit, depth: u16) {
        let Some(first) = left.first() else {
            return;
        };
        let is_box = |h: House| h.kind() == HouseKind::Box;
        for crossing in first.houses() {
            if is_box(crossing) == is_box(house) || !(left - crossing.cell_set()).is_empty() {
                continue;
            }
            let places = self.board.places[digit.index()] & crossing.cell_set();
            for cell in (places - house.cell_set()).iter() {
                self.set_off(cell, digit, Reason::Locked(house, crossing), depth + 1);
            }
        }
    }
}
