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
//!
//! Nested (a net of level `n > 0`): when the rules run dry, every live candidate is tried at
//! level `n − 1` on the reduced board ([`spread`] answers quickly which ones fail); each that
//! fails is false, its reason the inner net's proof, and the run goes on. The inner net starts
//! from the outer one's board, so the facts its proof takes from the outer run are the premises
//! of the nested fact.

use std::fmt;

use super::super::sums::distinct_sum;
use super::geometry::Geometry;
use super::spread::{self, Planes};
use crate::candidates::Candidates;
use crate::cell::{Candidate, Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::sort::sort_by_key;
use crate::variant::rules::Marks;

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
    /// False: assuming it leads to a contradiction, proved by the net's nested proof of this
    /// index.
    Nested(u16),
    /// False: no set of digits fitting the cage of this index (in the geometry's list) gives
    /// the cell this digit, given the candidates its other cells had lost, kept at this index of
    /// the net's cage premises.
    Cage(u16, u16),
    /// False: the constraint of this index (in the geometry's list) leaves the cell without
    /// this digit, given the candidates its cells had lost, kept at this index of the net's
    /// constraint premises.
    Constraint(u16, u16),
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
    /// A constraint (by its index in the geometry's list) that its cells can no longer meet.
    Broken(u16),
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
    /// Per digit, the cells holding it: a house holding one has it placed.
    placed: [CellSet; Digit::COUNT],
}

impl Board {
    fn new(marks: &Candidates) -> Board {
        let mut board = Board {
            cells: Cell::ALL.map(|cell| marks.get(cell)),
            places: Digit::ALL.map(|digit| marks.cells_with(digit)),
            filled: CellSet::EMPTY,
            placed: [CellSet::EMPTY; Digit::COUNT],
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
        self.placed[digit.index()].insert(cell);
    }

    /// Whether `digit` is placed among `cells` (a house's).
    fn is_placed_in(&self, digit: Digit, cells: CellSet) -> bool {
        !(self.placed[digit.index()] & cells).is_empty()
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

/// Why a candidate fails in a nested run: the inner proof, and what it takes from the outer run.
pub(crate) struct NestedProof {
    /// The facts of the outer run the inner proof rests on.
    premises: Vec<Fact>,
    /// The inner proof, line by line: its facts in order, then the contradiction.
    pub lines: Vec<String>,
    /// The puzzle's rules the inner proof reads, by their index among them.
    rules: Vec<u16>,
}

/// The propagation from one assumption at a time, over the marks it was made for.
pub(crate) struct Net<'r> {
    /// The rules followed.
    rules: &'r Geometry,
    /// The position's marks: what premises are read against. An inner net's facts taken from
    /// its outer run are the candidates here that are missing from `start`.
    origin: Board,
    start: Board,
    /// Per digit, the cells holding it from the position's grid (the boards keep only derived
    /// placements).
    given: [CellSet; Digit::COUNT],
    /// How deeply nested the runs are: 0 for plain forcing chains.
    level: u8,
    /// What each cage deduction of the last run rested on, for `Reason::Cage` and
    /// `Reason::Constraint`.
    cage_premises: Vec<Vec<Fact>>,
    /// The nested proofs of the last run, for `Reason::Nested`.
    nested: Vec<NestedProof>,
    /// Whether the last run stopped at its depth limit with facts left to follow.
    cut: bool,
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

impl<'r> Net<'r> {
    pub fn new(marks: &Candidates, rules: &'r Geometry) -> Net<'r> {
        Net::nested(marks, 0, rules)
    }

    /// A net whose runs nest to `level`.
    pub fn nested(marks: &Candidates, level: u8, rules: &'r Geometry) -> Net<'r> {
        let start = Board::new(marks);
        let mut given = [CellSet::EMPTY; Digit::COUNT];
        for cell in Cell::all() {
            if let Some(digit) = marks.grid().get(cell) {
                given[digit.index()].insert(cell);
            }
        }
        Net::within(rules, start, start, given, level)
    }

    fn within(
        rules: &'r Geometry,
        origin: Board,
        start: Board,
        given: [CellSet; Digit::COUNT],
        level: u8,
    ) -> Net<'r> {
        Net {
            rules,
            origin,
            given,
            level,
            nested: Vec::new(),
            cage_premises: Vec::new(),
            cut: false,
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
        self.nested.clear();
        self.cage_premises.clear();
        self.cut = false;
        let Candidate { cell, digit } = assumption.candidate;
        if assumption.on {
            self.set_on(cell, digit, Reason::Assumed, 0);
        } else {
            self.set_off(cell, digit, Reason::Assumed, 0);
        }
        loop {
            self.follow_queue(depth_limit);
            if self.cut || self.contradiction.is_some() || !self.refute_nested() {
                break;
            }
        }
    }

    fn follow_queue(&mut self, depth_limit: u16) {
        while let Some(&candidate) = self.queue.get(self.followed) {
            if self.contradiction.is_some() {
                return;
            }
            let depth = self.derivation(Fact::on(candidate)).depth;
            if depth >= depth_limit {
                self.cut = true;
                return;
            }
            self.followed += 1;
            self.follow(candidate, depth);
        }
    }

    /// At a nested level, once the rules run dry: makes false each live candidate that fails
    /// one level down, with the inner proof as its reason. Returns whether any did.
    fn refute_nested(&mut self) -> bool {
        let Some(inner) = self.level.checked_sub(1) else {
            return false;
        };
        let planes = self.planes();
        let mut any = false;
        for candidate in planes.live() {
            if self.contradiction.is_some() {
                break;
            }
            let Candidate { cell, digit } = candidate;
            if !self.board.places[digit.index()].contains(cell)
                || !spread::refutes(&planes, candidate, inner, self.rules)
            {
                continue;
            }
            let Some(proof) = self.inner_proof(candidate, inner) else {
                continue;
            };
            let depth = proof
                .premises
                .iter()
                .filter(|p| self.derived.holds(**p))
                .map(|p| self.depth(*p) + 1)
                .max()
                .unwrap_or(1);
            let index = self.nested.len() as u16;
            self.nested.push(proof);
            self.set_off(cell, digit, Reason::Nested(index), depth);
            any = true;
        }
        any
    }

    /// The proof, one level down from the current board, that `candidate` fails; `None` if the
    /// inner net does not reach a contradiction.
    fn inner_proof(&self, candidate: Candidate, level: u8) -> Option<NestedProof> {
        let mut inner = Net::within(self.rules, self.origin, self.board, self.given, level);
        inner.run(Fact::on(candidate), u16::MAX);
        let (contradiction, _) = inner.contradiction()?;
        let targets = inner.contradiction_premises(contradiction);
        let facts = inner.proof(&targets);
        let mut lines = inner.proof_lines(&facts);
        let (impossible, _) = inner.impossibility(contradiction);
        lines.push(format!("contradiction: {impossible}"));
        Some(NestedProof {
            premises: inner.outer_premises(&facts, &targets),
            lines,
            rules: inner.rules_read(&facts, Some(contradiction)),
        })
    }

    /// The board as digit planes, for the fast check.
    fn planes(&self) -> Planes {
        let places = Digit::ALL.map(|d| self.board.places[d.index()] | self.given[d.index()]);
        Planes::from_parts(places, self.board.filled)
    }

    /// The facts of the outer run that `facts` (a proof of `targets`) rest on.
    fn outer_premises(&self, facts: &[Fact], targets: &[Fact]) -> Vec<Fact> {
        let mut outer: Vec<Fact> = Vec::new();
        let premises = facts.iter().flat_map(|&f| self.premises(f));
        for fact in premises.chain(targets.iter().copied()) {
            if !self.derived.holds(fact) && !outer.contains(&fact) {
                outer.push(fact);
            }
        }
        outer
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
        let start = &self.origin;
        match self.reason(fact) {
            Reason::Assumed => Vec::new(),
            Reason::Peer(candidate) => vec![Fact::on(candidate)],
            Reason::Naked => (start.cells[cell.index()] - DigitSet::single(digit))
                .iter()
                .map(|other| Fact::off(Candidate::new(cell, other)))
                .collect(),
            Reason::Hidden(house) => {
                let others = start.places[digit.index()] & self.rules.cells_of(house);
                self.false_places(others - CellSet::single(cell), digit)
            }
            Reason::Locked(house, crossing) => {
                let outside = start.places[digit.index()] & self.rules.cells_of(house);
                self.false_places(outside - self.rules.cells_of(crossing), digit)
            }
            Reason::Nested(index) => self.nested[usize::from(index)].premises.clone(),
            Reason::Cage(_, index) | Reason::Constraint(_, index) => {
                self.cage_premises[usize::from(index)].clone()
            }
        }
    }

    /// A proof as lines, one fact each with why it holds; a nested fact's inner proof follows
    /// it, indented.
    pub fn proof_lines(&self, facts: &[Fact]) -> Vec<String> {
        let mut lines = Vec::with_capacity(facts.len());
        for &fact in facts {
            lines.push(format!("{fact} ({})", self.why(fact)));
            if let Reason::Nested(index) = self.reason(fact) {
                let inner = &self.nested[usize::from(index)].lines;
                lines.extend(inner.iter().map(|line| format!("    {line}")));
            }
        }
        lines
    }

    /// The puzzle's rules (cages and other constraints, by their index among them) that
    /// `facts`, a proof of the last run, and the `contradiction` it ends in read, nested proofs
    /// included, each once.
    pub fn rules_read(&self, facts: &[Fact], contradiction: Option<Contradiction>) -> Vec<u16> {
        let mut rules = Vec::new();
        let mut read = |rule: u16| {
            if !rules.contains(&rule) {
                rules.push(rule);
            }
        };
        for &fact in facts {
            match self.reason(fact) {
                Reason::Cage(cage, _) => self.rules.cage_rule(cage).into_iter().for_each(&mut read),
                Reason::Constraint(constraint, _) => read(self.rules.constraint_rule(constraint)),
                Reason::Nested(index) => self.nested[usize::from(index)]
                    .rules
                    .iter()
                    .copied()
                    .for_each(&mut read),
                _ => {}
            }
        }
        if let Some(Contradiction::Broken(constraint)) = contradiction {
            read(self.rules.constraint_rule(constraint));
        }
        rules
    }

    /// Why a fact of the last run holds, in words.
    fn why(&self, fact: Fact) -> String {
        let Candidate { cell, digit } = fact.candidate;
        match self.reason(fact) {
            Reason::Assumed => "assumption".to_string(),
            Reason::Peer(placed) => format!("since {}", Fact::on(placed)),
            Reason::Naked => format!("only candidate left in {cell}"),
            Reason::Hidden(house) => format!("only place left for {digit} in {house}"),
            Reason::Locked(house, crossing) => {
                format!("{digit} of {house} lies in {crossing}")
            }
            Reason::Nested(_) => format!("{} leads to a contradiction", Fact::on(fact.candidate)),
            Reason::Cage(cage, _) => {
                let (cells, sum) = &self.rules.cages()[usize::from(cage)];
                format!("the cage at {} cannot add up to {sum} with it", cells[0])
            }
            Reason::Constraint(constraint, _) => {
                let rule = self.rules.constraints()[usize::from(constraint)].rule();
                format!("{} rules it out", rule.describe())
            }
        }
    }

    /// What is impossible, in words, and the house where it happens if there is one.
    pub fn impossibility(&self, contradiction: Contradiction) -> (String, Option<House>) {
        match contradiction {
            Contradiction::Both(candidate) => {
                let Candidate { cell, digit } = candidate;
                match self.reason(Fact::off(candidate)) {
                    Reason::Peer(placed) if placed.cell == cell => (
                        format!("{cell} would be both {} and {digit}", placed.digit),
                        None,
                    ),
                    Reason::Peer(placed) => {
                        let other = placed.cell;
                        let house = self
                            .rules
                            .houses_of(cell)
                            .iter()
                            .find(|(_, cells)| cells.contains(other))
                            .map(|&(h, _)| h);
                        let text = match house {
                            Some(house) => format!("two {digit}s in {house}: {other} and {cell}"),
                            None => format!("{other} and {cell} would both be {digit}"),
                        };
                        (text, house)
                    }
                    _ => (
                        format!("{cell} would have to be {digit} and not {digit}"),
                        None,
                    ),
                }
            }
            Contradiction::EmptyCell(cell) => (format!("{cell} has no candidate"), None),
            Contradiction::NoPlace(house, digit) => {
                (format!("{digit} has no place in {house}"), Some(house))
            }
            Contradiction::Broken(constraint) => {
                let rule = self.rules.constraints()[usize::from(constraint)].rule();
                (format!("{} cannot be met", rule.describe()), None)
            }
        }
    }

    /// The facts `contradiction` rests on.
    pub fn contradiction_premises(&self, contradiction: Contradiction) -> Vec<Fact> {
        match contradiction {
            Contradiction::Both(candidate) => vec![Fact::on(candidate), Fact::off(candidate)],
            Contradiction::EmptyCell(cell) => self.origin.cells[cell.index()]
                .iter()
                .map(|digit| Fact::off(Candidate::new(cell, digit)))
                .collect(),
            Contradiction::NoPlace(house, digit) => {
                let places = self.origin.places[digit.index()] & self.rules.cells_of(house);
                self.false_places(places, digit)
            }
            Contradiction::Broken(constraint) => {
                let cells = self.rules.constraints()[usize::from(constraint)]
                    .rule()
                    .cells();
                self.lost_in(cells)
            }
        }
    }

    /// The facts that `digit` is false in each cell of `cells`: derived by the last run, or, in
    /// an inner net, taken from the outer run.
    fn false_places(&self, cells: CellSet, digit: Digit) -> Vec<Fact> {
        cells
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
        let peers = self.board.places[digit.index()] & self.rules.peers(cell);
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
        // A cell an outer run filled can lose its digit here, so filled cells are checked too.
        let rest = self.board.cells[cell.index()];
        if rest.is_empty() {
            self.fail(Contradiction::EmptyCell(cell), depth);
            return;
        }
        if !self.board.filled.contains(cell)
            && let Some(last) = rest.single_digit()
        {
            self.set_on(cell, last, Reason::Naked, depth + 1);
        }
        if let Some(cage) = self.rules.cage_of(cell) {
            self.fit_cage(cage, depth);
            if self.contradiction.is_some() {
                return;
            }
        }
        let rules = self.rules;
        for &constraint in rules.constraints_of(cell) {
            self.fit_constraint(constraint, depth);
            if self.contradiction.is_some() {
                return;
            }
        }
        // The reference copied out, so that the houses can be walked while the board changes.
        let rules = self.rules;
        for &(house, cells) in rules.houses_of(cell) {
            if self.board.is_placed_in(digit, cells) {
                continue;
            }
            let left = self.board.places[digit.index()] & cells;
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

    /// Removes from the cells of cage `cage` the digits no fitting set of digits gives them.
    fn fit_cage(&mut self, cage: usize, depth: u16) {
        let rules = self.rules;
        let (cells, sum) = &rules.cages()[cage];
        let options: Vec<DigitSet> = cells
            .iter()
            .map(|&cell| {
                let given = Digit::all().filter(|d| self.given[d.index()].contains(cell));
                given.fold(self.board.cells[cell.index()], |acc, d| {
                    acc | DigitSet::single(d)
                })
            })
            .collect();
        let (support, _) = distinct_sum(&options, *sum);
        let mut premises = None;
        for (&cell, kept) in cells.iter().zip(support) {
            let lost = self.board.cells[cell.index()] - kept;
            if lost.is_empty() {
                continue;
            }
            // What the other cells had lost when this followed.
            let index = *premises.get_or_insert_with(|| {
                let facts = self.lost_in(cells.iter().copied().collect());
                self.cage_premises.push(facts);
                (self.cage_premises.len() - 1) as u16
            });
            for digit in lost.iter() {
                self.set_off(cell, digit, Reason::Cage(cage as u16, index), depth + 1);
            }
        }
    }

    /// The candidates of `cells` that the run has taken away, as facts.
    fn lost_in(&self, cells: CellSet) -> Vec<Fact> {
        cells
            .iter()
            .flat_map(|cell| {
                let gone = self.origin.cells[cell.index()] - self.board.cells[cell.index()];
                gone.iter().map(move |d| Fact::off(Candidate::new(cell, d)))
            })
            .collect()
    }

    /// Removes from the cells of constraint `constraint` the digits it rules out, as its kind
    /// narrows them; a constraint its cells cannot meet is a contradiction.
    fn fit_constraint(&mut self, constraint: u16, depth: u16) {
        let rules = self.rules;
        let cells = rules.constraint_cells()[usize::from(constraint)];
        let mut marks = Marks([0; Cell::COUNT]);
        for cell in cells.iter() {
            let given = Digit::all().filter(|d| self.given[d.index()].contains(cell));
            let digits = given.fold(self.board.cells[cell.index()], |acc, d| {
                acc | DigitSet::single(d)
            });
            marks.0[cell.index()] = Marks::bits(digits);
        }
        if rules.narrow(constraint.into(), &mut marks).is_err() {
            self.fail(Contradiction::Broken(constraint), depth);
            return;
        }
        let mut premises = None;
        for cell in cells.iter() {
            let lost = self.board.cells[cell.index()] - marks.digit_set(cell);
            if lost.is_empty() {
                continue;
            }
            let index = *premises.get_or_insert_with(|| {
                let facts = self.lost_in(cells);
                self.cage_premises.push(facts);
                (self.cage_premises.len() - 1) as u16
            });
            for digit in lost.iter() {
                let reason = Reason::Constraint(constraint, index);
                self.set_off(cell, digit, reason, depth + 1);
            }
        }
    }

    /// If the places `left` of `digit` in `house` all lie in another house (the box of a line,
    /// a line of a box, or a variant's crossing), the digit leaves the rest of that house.
    fn lock(&mut self, house: House, left: CellSet, digit: Digit, depth: u16) {
        let Some(first) = left.first() else {
            return;
        };
        let rules = self.rules;
        let inside = rules.cells_of(house);
        for &(crossing, crossed) in rules.houses_of(first) {
            if crossing == house || !(left - crossed).is_empty() {
                continue;
            }
            let places = self.board.places[digit.index()] & crossed;
            for cell in (places - inside).iter() {
                self.set_off(cell, digit, Reason::Locked(house, crossing), depth + 1);
            }
        }
    }
}
