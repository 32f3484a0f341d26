//! Forcing Chains, dynamic: assume a candidate true and follow what must then happen — placing a
//! digit removes it from its peers and the cell's other digits from the cell; a cell left with
//! one digit, or a digit left with one place in a house, is placed; a digit confined to where a
//! box and a line cross leaves the rest of the other house. Every derived fact keeps its reason,
//! so a step can show the chain (or net) of implications that proves it.
//!
//! - Contradiction: the assumption leads to an impossible grid (a cell without candidates, a
//!   digit without a place in a house, a cell that must be two digits or a digit twice in a
//!   house), so the assumed candidate is false.
//! - Verity: every candidate of a cell, or every place of a digit in a house, leads to the same
//!   fact; one of them is true, so that fact is true.
//!
//! Propagation is breadth first, and [`Technique::first`] looks for short proofs before long
//! ones, so the step shown is one of the shortest found.

use std::cell::RefCell;
use std::fmt::Write;
use std::ops::ControlFlow;

use super::Technique;
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::sort::sort_by_key;
use crate::step::{Inference, Node, Step};

pub struct ForcingChains {
    verity: bool,
}

pub static CONTRADICTION: ForcingChains = ForcingChains { verity: false };
pub static VERITY: ForcingChains = ForcingChains { verity: true };

/// The depth limits tried in turn by `first`: short proofs before long ones.
const LIMITS: [u16; 4] = [8, 14, 24, u16::MAX];

/// Longest proof written out in full; longer ones show their length and placements.
const FULL_TEXT: usize = 14;

const HOUSES: [u128; 27] = {
    let mut table = [0; 27];
    let mut i = 0;
    while i < 9 {
        table[i] = House::row(i as u8).cell_set().bits();
        table[9 + i] = House::column(i as u8).cell_set().bits();
        table[18 + i] = House::box_at(i as u8).cell_set().bits();
        i += 1;
    }
    table
};

const PEERS: [u128; 81] = {
    let mut table = [0; 81];
    let mut i = 0;
    while i < 81 {
        table[i] = Cell::at(i as u8 / 9, i as u8 % 9).peers().bits();
        i += 1;
    }
    table
};

/// Per cell: its row, column and box as house ids.
const CELL_HOUSES: [[u8; 3]; 81] = {
    let mut table = [[0; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        table[i] = [r as u8, 9 + c as u8, 18 + (r / 3 * 3 + c / 3) as u8];
        i += 1;
    }
    table
};

/// A candidate as `cell * 9 + digit index`; a fact is a candidate with a truth value.
type Cand = u16;

fn cand(cell: usize, d: usize) -> Cand {
    (cell * 9 + d) as Cand
}

fn cell_of(c: Cand) -> Cell {
    Cell::ALL[c as usize / 9]
}

fn digit_of(c: Cand) -> Digit {
    Digit::ALL[c as usize % 9]
}

/// A candidate with a value: `cand` is true (`on`) or false.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Fact {
    cand: Cand,
    on: bool,
}

impl Fact {
    fn index(self) -> usize {
        self.cand as usize * 2 + self.on as usize
    }
    fn text(self) -> String {
        let sign = if self.on { "=" } else { "<>" };
        format!("{}{sign}{}", cell_of(self.cand), digit_of(self.cand))
    }
    fn node(self) -> Node {
        Node::single(cell_of(self.cand), digit_of(self.cand))
    }
}

/// Why a fact holds.
#[derive(Clone, Copy, Default, Debug)]
enum Reason {
    #[default]
    Assumed,
    /// False: this candidate (same digit in a peer, or another digit in the cell) is true.
    Peer(Cand),
    /// True: every other candidate of the cell is false.
    Naked,
    /// True: every other place of the digit in this house is false.
    Hidden(u8),
    /// False: in house `.0` the digit is confined to its crossing with house `.1`, which holds
    /// this cell.
    Locked(u8, u8),
}

#[derive(Clone, Copy, Default, Debug)]
struct Info {
    depth: u16,
    order: u16,
    reason: Reason,
}

/// What makes the grid impossible.
#[derive(Clone, Copy, Debug)]
enum Contradiction {
    /// A candidate both true and false.
    Both(Cand),
    /// An empty cell without candidates.
    EmptyCell(u8),
    /// A digit (index) without a place in a house that lacks it.
    NoPlace(u8, u8),
}

/// The pencil marks as bitboards, the starting point of every propagation.
#[derive(Clone)]
struct Base {
    cells: [u16; 81],
    places: [u128; 9],
    filled: u128,
    /// Per digit index: the houses (bit per house id) where it is already placed.
    done: [u32; 9],
}

impl Base {
    fn new(marks: &Candidates) -> Base {
        let mut base = Base {
            cells: [0; 81],
            places: [0; 9],
            filled: 0,
            done: [0; 9],
        };
        for cell in Cell::all() {
            base.cells[cell.index()] = marks.get(cell).bits();
            if let Some(digit) = marks.grid().get(cell) {
                base.filled |= 1 << cell.index();
                for h in CELL_HOUSES[cell.index()] {
                    base.done[digit.index()] |= 1 << h;
                }
            }
        }
        for digit in Digit::all() {
            base.places[digit.index()] = marks.cells_with(digit).bits();
        }
        base
    }

    /// Every live candidate, most promising assumptions first: those of bivalue cells, then
    /// those with two places in a house, then the rest; each group in board order.
    fn assumptions(&self) -> Vec<Cand> {
        let mut ranked: [Vec<Cand>; 3] = Default::default();
        for (cell, houses) in CELL_HOUSES.iter().enumerate() {
            let digits = self.cells[cell];
            for d in 0..9 {
                if digits & (2 << d) == 0 {
                    continue;
                }
                let rank = if digits.count_ones() == 2 {
                    0
                } else if houses
                    .iter()
                    .any(|&h| (self.places[d] & HOUSES[h as usize]).count_ones() == 2)
                {
                    1
                } else {
                    2
                };
                ranked[rank].push(cand(cell, d));
            }
        }
        ranked.concat()
    }
}

/// One propagation from an assumption.
struct Net {
    cells: [u16; 81],
    places: [u128; 9],
    placed: u128,
    done: [u32; 9],
    on: [u128; 9],
    off: [u128; 9],
    info: Box<[Info; 1458]>,
    /// The true facts to follow, in the order found; each candidate is true at most once.
    queue: [Cand; 729],
    head: usize,
    tail: usize,
    order: u16,
    limit: u16,
    contradiction: Option<(Contradiction, u16)>,
}

impl Net {
    fn new() -> Net {
        Net {
            cells: [0; 81],
            places: [0; 9],
            placed: 0,
            done: [0; 9],
            on: [0; 9],
            off: [0; 9],
            info: Box::new([Info::default(); 1458]),
            queue: [0; 729],
            head: 0,
            tail: 0,
            order: 0,
            limit: u16::MAX,
            contradiction: None,
        }
    }

    /// Follows `fact` from `base` until nothing more follows, a contradiction appears or the
    /// depth limit is reached.
    fn run(&mut self, base: &Base, fact: Fact, limit: u16) {
        self.cells = base.cells;
        self.places = base.places;
        self.placed = base.filled;
        self.done = base.done;
        self.on = [0; 9];
        self.off = [0; 9];
        self.head = 0;
        self.tail = 0;
        self.order = 0;
        self.limit = limit;
        self.contradiction = None;
        let (cell, d) = (fact.cand as usize / 9, fact.cand as usize % 9);
        if fact.on {
            self.set_on(cell, d, Reason::Assumed, 0);
        } else {
            self.set_off(cell, d, Reason::Assumed, 0);
        }
        while self.head < self.tail && self.contradiction.is_none() {
            let c = self.queue[self.head];
            let depth = self.info[Fact { cand: c, on: true }.index()].depth;
            if depth >= self.limit {
                break;
            }
            self.head += 1;
            self.process_on(c, depth);
        }
    }

    fn record(&mut self, fact: Fact, reason: Reason, depth: u16) {
        self.info[fact.index()] = Info {
            depth,
            order: self.order,
            reason,
        };
        self.order += 1;
    }

    fn fail(&mut self, contradiction: Contradiction, depth: u16) {
        if self.contradiction.is_none() {
            self.contradiction = Some((contradiction, depth));
        }
    }

    fn set_on(&mut self, cell: usize, d: usize, reason: Reason, depth: u16) {
        let bit = 1u128 << cell;
        if self.on[d] & bit != 0 || self.contradiction.is_some() {
            return;
        }
        self.on[d] |= bit;
        let c = cand(cell, d);
        self.record(Fact { cand: c, on: true }, reason, depth);
        if self.off[d] & bit != 0 {
            self.fail(Contradiction::Both(c), depth);
            return;
        }
        self.queue[self.tail] = c;
        self.tail += 1;
    }

    fn process_on(&mut self, c: Cand, depth: u16) {
        let (cell, d) = (c as usize / 9, c as usize % 9);
        let bit = 1u128 << cell;
        self.placed |= bit;
        for h in CELL_HOUSES[cell] {
            self.done[d] |= 1 << h;
        }
        let mut others = self.cells[cell] & !(2 << d);
        while others != 0 {
            let d2 = others.trailing_zeros() as usize - 1;
            others &= others - 1;
            self.set_off(cell, d2, Reason::Peer(c), depth + 1);
        }
        let mut peers = self.places[d] & PEERS[cell];
        while peers != 0 {
            let p = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            self.set_off(p, d, Reason::Peer(c), depth + 1);
        }
    }

    fn set_off(&mut self, cell: usize, d: usize, reason: Reason, depth: u16) {
        let bit = 1u128 << cell;
        if self.places[d] & bit == 0 || self.contradiction.is_some() {
            return;
        }
        self.places[d] &= !bit;
        self.cells[cell] &= !(2 << d);
        self.off[d] |= bit;
        let c = cand(cell, d);
        self.record(Fact { cand: c, on: false }, reason, depth);
        if self.on[d] & bit != 0 {
            self.fail(Contradiction::Both(c), depth);
            return;
        }
        if self.placed & bit == 0 {
            let rest = self.cells[cell];
            if rest == 0 {
                self.fail(Contradiction::EmptyCell(cell as u8), depth);
                return;
            }
            if rest.is_power_of_two() {
                let d2 = rest.trailing_zeros() as usize - 1;
                self.set_on(cell, d2, Reason::Naked, depth + 1);
            }
        }
        for h in CELL_HOUSES[cell] {
            if self.done[d] & (1 << h) != 0 {
                continue;
            }
            let left = self.places[d] & HOUSES[h as usize];
            if left == 0 {
                self.fail(Contradiction::NoPlace(h, d as u8), depth);
                return;
            }
            if left.is_power_of_two() {
                let p = left.trailing_zeros() as usize;
                self.set_on(p, d, Reason::Hidden(h), depth + 1);
            } else {
                self.lock(h, left, d, depth);
            }
        }
    }

    /// If the digit's places `left` in house `h` lie in one other house, it leaves the rest of
    /// that house.
    fn lock(&mut self, h: u8, left: u128, d: usize, depth: u16) {
        let first = left.trailing_zeros() as usize;
        for other in CELL_HOUSES[first] {
            if other == h || (h < 18) == (other < 18) {
                continue;
            }
            let line = HOUSES[other as usize];
            if left & !line != 0 {
                continue;
            }
            let mut gone = self.places[d] & line & !HOUSES[h as usize];
            while gone != 0 {
                let p = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                self.set_off(p, d, Reason::Locked(h, other), depth + 1);
            }
        }
    }

    /// Copies the depth of every fact of the last propagation into `depths`, by fact index.
    fn store_depths(&self, depths: &mut [u16]) {
        for d in 0..9 {
            for (board, on) in [(self.on[d], true), (self.off[d], false)] {
                for cell in bits(board) {
                    let fact = Fact {
                        cand: cand(cell, d),
                        on,
                    };
                    depths[fact.index()] = self.info[fact.index()].depth;
                }
            }
        }
    }

    fn has(&self, fact: Fact) -> bool {
        let (cell, d) = (fact.cand as usize / 9, fact.cand as usize % 9);
        let board = if fact.on { self.on[d] } else { self.off[d] };
        board & (1 << cell) != 0
    }

    /// The facts that `fact` was derived from.
    fn parents(&self, base: &Base, fact: Fact) -> Vec<Fact> {
        let (cell, d) = (fact.cand as usize / 9, fact.cand as usize % 9);
        let offs = |cells: u128, d: usize| -> Vec<Fact> {
            bits(cells & self.off[d])
                .map(|p| Fact {
                    cand: cand(p, d),
                    on: false,
                })
                .collect()
        };
        match self.info[fact.index()].reason {
            Reason::Assumed => Vec::new(),
            Reason::Peer(c) => vec![Fact { cand: c, on: true }],
            Reason::Naked => digit_bits(base.cells[cell] & !(2 << d))
                .map(|d2| Fact {
                    cand: cand(cell, d2),
                    on: false,
                })
                .collect(),
            Reason::Hidden(h) => offs(base.places[d] & HOUSES[h as usize] & !(1 << cell), d),
            Reason::Locked(h, other) => offs(
                base.places[d] & HOUSES[h as usize] & !HOUSES[other as usize],
                d,
            ),
        }
    }

    /// The facts the contradiction rests on.
    fn contradiction_parents(&self, base: &Base) -> Vec<Fact> {
        let Some((contradiction, _)) = self.contradiction else {
            return Vec::new();
        };
        match contradiction {
            Contradiction::Both(c) => vec![Fact { cand: c, on: true }, Fact { cand: c, on: false }],
            Contradiction::EmptyCell(cell) => digit_bits(base.cells[cell as usize])
                .map(|d| Fact {
                    cand: cand(cell as usize, d),
                    on: false,
                })
                .collect(),
            Contradiction::NoPlace(h, d) => {
                bits(base.places[d as usize] & HOUSES[h as usize] & self.off[d as usize])
                    .map(|p| Fact {
                        cand: cand(p, d as usize),
                        on: false,
                    })
                    .collect()
            }
        }
    }

    /// Every fact that `targets` rest on, themselves included, each after the facts it follows
    /// from, and each line of reasoning kept together as far as possible.
    fn proof(&self, base: &Base, targets: &[Fact]) -> Vec<Fact> {
        fn visit(net: &Net, base: &Base, fact: Fact, seen: &mut [bool], facts: &mut Vec<Fact>) {
            if seen[fact.index()] || !net.has(fact) {
                return;
            }
            seen[fact.index()] = true;
            let mut parents = net.parents(base, fact);
            sort_by_key(&mut parents, |f| net.info[f.index()].order.into());
            for parent in parents {
                visit(net, base, parent, seen, facts);
            }
            facts.push(fact);
        }
        let mut seen = vec![false; 1458];
        let mut facts = Vec::new();
        for &target in targets {
            visit(self, base, target, &mut seen, &mut facts);
        }
        facts
    }

    /// The chain as text (`r1c2=3 => r1c5<>3 => r1c5=8`), shortened when long, and its links.
    fn chain(&self, base: &Base, facts: &[Fact], step: &mut Step) -> String {
        for &fact in facts {
            for parent in self.parents(base, fact) {
                let inference = if fact.on {
                    Inference::Strong
                } else {
                    Inference::Weak
                };
                step.links.push(crate::step::Link {
                    from: parent.node(),
                    to: fact.node(),
                    inference,
                });
            }
        }
        let mut text = String::new();
        if facts.len() <= FULL_TEXT {
            for (i, fact) in facts.iter().enumerate() {
                if i > 0 {
                    text.push_str(" => ");
                }
                text.push_str(&fact.text());
            }
        } else {
            let first = facts[0];
            let last = facts[facts.len() - 1];
            let key: Vec<String> = facts[1..facts.len() - 1]
                .iter()
                .filter(|f| f.on)
                .map(|f| f.text())
                .collect();
            let _ = write!(
                text,
                "{} => ... ({} steps, via {}) => {}",
                first.text(),
                facts.len() - 1,
                key.join(", "),
                last.text()
            );
        }
        text
    }

    /// What is impossible, in words, and the house where it happens if there is one.
    fn contradiction_text(&self) -> (String, Option<House>) {
        let Some((contradiction, _)) = self.contradiction else {
            return (String::new(), None);
        };
        match contradiction {
            Contradiction::Both(c) => {
                let (cell, digit) = (cell_of(c), digit_of(c));
                match self.info[Fact { cand: c, on: false }.index()].reason {
                    Reason::Peer(p) if cell_of(p) == cell => (
                        format!("{cell} would be both {} and {digit}", digit_of(p)),
                        None,
                    ),
                    Reason::Peer(p) => {
                        let other = cell_of(p);
                        let house = cell
                            .houses()
                            .into_iter()
                            .find(|h| h.cell_set().contains(other));
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
            Contradiction::EmptyCell(cell) => (
                format!("{} has no candidate", Cell::ALL[cell as usize]),
                None,
            ),
            Contradiction::NoPlace(h, d) => {
                let house = House::ALL[h as usize];
                (format!("{} has no place in {house}", d + 1), Some(house))
            }
        }
    }
}

fn bits(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let i = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(i)
    })
}

fn digit_bits(mut set: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let d = set.trailing_zeros() as usize - 1;
        set &= set - 1;
        Some(d)
    })
}

thread_local! {
    static NET: RefCell<Net> = RefCell::new(Net::new());
}

/// A contradiction found from an assumption, and its proof's depth.
fn contradiction_step(base: &Base, net: &Net, assumed: Cand) -> Step {
    let (cell, digit) = (cell_of(assumed), digit_of(assumed));
    let parents = net.contradiction_parents(base);
    let facts = net.proof(base, &parents);
    let mut step = Step::new("Forcing Chain Contradiction")
        .pattern(CellSet::single(cell), DigitSet::single(digit))
        .eliminate(CellSet::single(cell), DigitSet::single(digit));
    let chain = net.chain(base, &facts, &mut step);
    let (end, house) = net.contradiction_text();
    if let Some(house) = house {
        step = step.house(house);
    }
    step.explain(|_| format!("Forcing Chain Contradiction: {chain} => {end}, so {cell}<>{digit}"))
}

/// The facts one branch of a verity leads to.
#[derive(Clone, Copy)]
struct Branch {
    on: [u128; 9],
    off: [u128; 9],
}

/// The group of assumptions of a verity: the candidates of a cell or the places of a digit in a
/// house.
#[derive(Clone, Copy)]
enum Group {
    Cell(usize),
    House(u8, usize),
}

impl Group {
    fn members(self, base: &Base) -> Vec<Cand> {
        match self {
            Group::Cell(cell) => digit_bits(base.cells[cell])
                .map(|d| cand(cell, d))
                .collect(),
            Group::House(h, d) => bits(base.places[d] & HOUSES[h as usize])
                .map(|p| cand(p, d))
                .collect(),
        }
    }

    fn every(base: &Base) -> Vec<Group> {
        let mut groups = Vec::new();
        for cell in 0..81 {
            if base.cells[cell].count_ones() >= 2 {
                groups.push(Group::Cell(cell));
            }
        }
        for d in 0..9 {
            for h in 0..27u8 {
                if base.done[d] & (1 << h) == 0
                    && (base.places[d] & HOUSES[h as usize]).count_ones() >= 2
                {
                    groups.push(Group::House(h, d));
                }
            }
        }
        // Smaller groups first: fewer branches to follow and to read.
        sort_by_key(&mut groups, |g| g.members(base).len() as u64);
        groups
    }

    fn text(self) -> String {
        match self {
            Group::Cell(cell) => {
                format!("each candidate of {}", Cell::ALL[cell])
            }
            Group::House(h, d) => format!("each place of {} in {}", d + 1, House::ALL[h as usize]),
        }
    }
}

/// The best conclusion common to every possible branch of `group`, with its cost (the sum of
/// its depths), or `None`.
fn common_conclusion(
    base: &Base,
    group: Group,
    branches: &[Option<Branch>],
    index: &[usize; 729],
    depths: &[u16],
) -> Option<(Fact, u32)> {
    let members = group.members(base);
    let mut on = [u128::MAX; 9];
    let mut off = [u128::MAX; 9];
    let mut live = 0;
    for &m in &members {
        if let Some(branch) = &branches[index[m as usize]] {
            live += 1;
            for d in 0..9 {
                on[d] &= branch.on[d];
                off[d] &= branch.off[d];
            }
        }
    }
    // A branch that is impossible is a contradiction, a technique of its own.
    if live < members.len() {
        return None;
    }
    let mut best: Option<(Fact, u32)> = None;
    for d in 0..9 {
        for (board, is_on) in [(on[d], true), (off[d], false)] {
            for cell in bits(board) {
                let fact = Fact {
                    cand: cand(cell, d),
                    on: is_on,
                };
                let cost: u32 = members
                    .iter()
                    .filter_map(|&m| {
                        let i = index[m as usize];
                        branches[i]?;
                        Some(depths[i * 1458 + fact.index()] as u32)
                    })
                    .sum();
                // Placements first among equals: they make more progress.
                let key = cost * 2 + (!is_on) as u32;
                if best.is_none_or(|(f, k)| key < k * 2 + (!f.on) as u32) {
                    best = Some((fact, cost));
                }
            }
        }
    }
    best
}

/// What a search does with the proofs it finds: report each one at once, or (`shortest`) keep
/// the cheapest, the first of equals, to report at the end.
struct Pick<T, C> {
    shortest: bool,
    best: Option<(T, C)>,
}

impl<T: Copy, C: Copy + PartialOrd> Pick<T, C> {
    fn offer(
        &mut self,
        proof: T,
        cost: C,
        report: impl FnOnce(T) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if !self.shortest {
            return report(proof);
        }
        if self.best.is_none_or(|(_, c)| cost < c) {
            self.best = Some((proof, cost));
        }
        ControlFlow::Continue(())
    }
}

impl ForcingChains {
    fn contradictions(
        &self,
        marks: &Candidates,
        limits: &[u16],
        shortest: bool,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let base = Base::new(marks);
        let assumptions = base.assumptions();
        NET.with_borrow_mut(|net| {
            for &limit in limits {
                let mut pick: Pick<Cand, u16> = Pick {
                    shortest,
                    best: None,
                };
                for &a in &assumptions {
                    let cap = pick.best.map_or(limit, |(_, depth)| depth.min(limit));
                    net.run(&base, Fact { cand: a, on: true }, cap);
                    let Some((_, depth)) = net.contradiction else {
                        continue;
                    };
                    pick.offer(a, depth, |a| found(contradiction_step(&base, net, a)))?;
                }
                if let Some((a, _)) = pick.best {
                    net.run(&base, Fact { cand: a, on: true }, limit);
                    return found(contradiction_step(&base, net, a));
                }
            }
            ControlFlow::Continue(())
        })
    }

    fn verities(
        &self,
        marks: &Candidates,
        limits: &[u16],
        shortest: bool,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let base = Base::new(marks);
        let assumptions = base.assumptions();
        let groups = Group::every(&base);
        let mut index = [usize::MAX; 729];
        for (i, &a) in assumptions.iter().enumerate() {
            index[a as usize] = i;
        }
        NET.with_borrow_mut(|net| {
            for &limit in limits {
                let mut branches = Vec::with_capacity(assumptions.len());
                let mut depths = vec![0u16; assumptions.len() * 1458];
                for (i, &a) in assumptions.iter().enumerate() {
                    net.run(&base, Fact { cand: a, on: true }, limit);
                    if net.contradiction.is_some() {
                        branches.push(None);
                        continue;
                    }
                    // Facts at the depth limit or beyond may be unfinished; keep them anyway:
                    // every recorded fact is a true consequence.
                    branches.push(Some(Branch {
                        on: net.on,
                        off: net.off,
                    }));
                    net.store_depths(&mut depths[i * 1458..(i + 1) * 1458]);
                }
                let mut pick = Pick {
                    shortest,
                    best: None,
                };
                for &group in &groups {
                    let Some((fact, cost)) =
                        common_conclusion(&base, group, &branches, &index, &depths)
                    else {
                        continue;
                    };
                    pick.offer((group, fact), cost, |(group, fact)| {
                        found(verity_step(&base, net, group, fact, limit))
                    })?;
                }
                if let Some(((group, fact), _)) = pick.best {
                    return found(verity_step(&base, net, group, fact, limit));
                }
            }
            ControlFlow::Continue(())
        })
    }
}

fn verity_step(base: &Base, net: &mut Net, group: Group, conclusion: Fact, limit: u16) -> Step {
    let mut step = Step::new("Forcing Chain Verity");
    let (cell, digit) = (cell_of(conclusion.cand), digit_of(conclusion.cand));
    step = if conclusion.on {
        step.place(cell, digit)
    } else {
        step.eliminate(CellSet::single(cell), DigitSet::single(digit))
    };
    let mut chains = Vec::new();
    for m in group.members(base) {
        step = step.pattern(CellSet::single(cell_of(m)), DigitSet::single(digit_of(m)));
        net.run(base, Fact { cand: m, on: true }, limit);
        if net.contradiction.is_some() {
            let facts = net.proof(base, &net.contradiction_parents(base));
            let chain = net.chain(base, &facts, &mut step);
            chains.push(format!(
                "{chain} => {} (impossible)",
                net.contradiction_text().0
            ));
        } else {
            let facts = net.proof(base, &[conclusion]);
            chains.push(net.chain(base, &facts, &mut step));
        }
    }
    let what = group.text();
    step.explain(|_| {
        format!(
            "Forcing Chain Verity: {what} leads to {}: {}",
            conclusion.text(),
            chains.join("; ")
        )
    })
}

impl Technique for ForcingChains {
    fn name(&self) -> &'static str {
        if self.verity {
            "Forcing Chain Verity"
        } else {
            "Forcing Chain Contradiction"
        }
    }

    fn about(&self) -> &'static str {
        if self.verity {
            "Try each candidate of one cell in turn (or each place of a digit in a house) and \
             follow what must then happen: singles, digits leaving the peers of each placed \
             digit, and digits confined to where a box and a line cross leaving the rest of \
             the other house. If every try leads to the same placement or elimination, it is \
             true, since one of the tries is right."
        } else {
            "Suppose a candidate is true and follow what must then happen: its digit leaves its \
             peers, cells and houses left with one option are filled, a digit confined to where a \
             box and a line cross leaves the rest of the other house, and so on. If that ends in \
             an impossible grid — a cell with no candidate, a digit with no place in a house, or \
             the same digit twice in a house — the candidate was false."
        }
    }

    fn search(
        &self,
        marks: &Candidates,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.verity {
            self.verities(marks, &[u16::MAX], false, found)
        } else {
            self.contradictions(marks, &[u16::MAX], false, found)
        }
    }

    /// The shortest proof found, trying short chains before long ones.
    fn first(&self, marks: &Candidates) -> Option<Step> {
        let mut first = None;
        let mut keep = |step| {
            first = Some(step);
            ControlFlow::Break(())
        };
        let _ = if self.verity {
            self.verities(marks, &LIMITS, true, &mut keep)
        } else {
            self.contradictions(marks, &LIMITS, true, &mut keep)
        };
        first
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Difficulty;
    use crate::grid::Grid;
    use crate::techniques::REGISTRY;

    /// The first puzzle of the "top 1465" list and its solution.
    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const SOLUTION: &str =
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

    /// The marks once every technique simpler than forcing chains is exhausted.
    fn stuck_marks() -> (Candidates, Grid) {
        let mut marks = Candidates::new(&Grid::parse_line(PUZZLE).unwrap());
        'steps: loop {
            for entry in REGISTRY.iter().filter(|e| e.difficulty < Difficulty(85)) {
                if let Some(step) = entry.technique.first(&marks) {
                    step.apply_to(&mut marks);
                    continue 'steps;
                }
            }
            break;
        }
        (marks, Grid::parse_line(SOLUTION).unwrap())
    }

    fn check_sound(step: &Step, solution: &Grid) {
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{}", step.text);
        }
        for e in &step.eliminations {
            assert_ne!(solution.get(e.cell), Some(e.digit), "{}", step.text);
        }
        assert!(!step.links.is_empty(), "{}", step.text);
    }

    #[test]
    fn every_contradiction_is_sound_and_explained() {
        let (marks, solution) = stuck_marks();
        assert!(!marks.is_complete());
        let mut count = 0;
        let _ = CONTRADICTION.search(&marks, &mut |step| {
            check_sound(&step, &solution);
            assert_eq!(step.eliminations.len(), 1);
            let e = step.eliminations[0];
            assert!(step.text.starts_with(&format!(
                "Forcing Chain Contradiction: {}={} => ",
                e.cell, e.digit
            )));
            assert!(
                step.text
                    .ends_with(&format!(", so {}<>{}", e.cell, e.digit))
            );
            count += 1;
            ControlFlow::Continue(())
        });
        assert!(count > 0);
        let first = CONTRADICTION.first(&marks).expect("a contradiction");
        check_sound(&first, &solution);
    }

    #[test]
    fn every_verity_is_sound_and_explained() {
        let (marks, solution) = stuck_marks();
        let mut count = 0;
        let _ = VERITY.search(&marks, &mut |step| {
            check_sound(&step, &solution);
            assert_eq!(step.placements.len() + step.eliminations.len(), 1);
            assert!(step.text.starts_with("Forcing Chain Verity: each "));
            // One chain per branch, each ending in the conclusion.
            let branches = step.pattern.len();
            assert_eq!(
                step.text.matches("; ").count(),
                branches - 1,
                "{}",
                step.text
            );
            count += 1;
            ControlFlow::Continue(())
        });
        assert!(count > 0);
        check_sound(&VERITY.first(&marks).expect("a verity"), &solution);
    }

    #[test]
    fn a_chain_reads_from_the_assumption_to_the_contradiction() {
        // Row 1 lacks only 8 and 9, and the 9 in r2c9 leaves r1c9 only 8: assuming r1c8=8
        // empties r1c9.
        let line = format!("1234567..{}9{}", ".".repeat(8), ".".repeat(63));
        let marks = Candidates::new(&Grid::parse_line(&line).unwrap());
        let step = CONTRADICTION.first(&marks).expect("a contradiction");
        assert_eq!(
            step.text,
            "Forcing Chain Contradiction: r1c8=8 => r1c9<>8 => r1c9 has no candidate, so r1c8<>8"
        );
        assert_eq!(step.links.len(), 1);
        assert_eq!(step.links[0].inference, Inference::Weak);
    }
}
