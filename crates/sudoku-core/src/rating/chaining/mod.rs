//! SE's chains: the "Forcing Chains & Cycles" producer ([`cycles`]), and the producers built on
//! SE's `doChaining` propagation ([`multiple`]): Nishio, multiple (cell and region) forcing
//! chains, dynamic forcing chains and their nested form, Dynamic (+).
//!
//! A node ("potential" in SE) is a candidate assumed on or off: [`Pot`] packs it as
//! `(cell × 9 + digit − 1) × 2 + on`, 1,458 values. A propagation keeps its nodes in an arena in
//! the order found; each node lists its parents (the nodes it follows from), as arena indices in
//! one flat vector. `index[pot]` finds a pot's node. The nodes turned on, and those turned off,
//! are also the two FIFO queues of SE's breadth-first walk: a head index into each order list.
//!
//! A chain's complexity, which sets its length bonus, is the number of distinct nodes among the
//! ancestors of its conclusions ([`Propagation::ancestor_count`]), as SE counts them.

pub(crate) mod cycles;
pub(crate) mod multiple;
mod nested;

use super::board::{Board, Kind};
use super::hint::Hint;
use super::length;
use crate::cell::{Cell, Digit};
use crate::sets::CellSet;

/// A candidate assumed on or off.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Pot(u16);

impl Pot {
    pub(crate) const COUNT: usize = 81 * 9 * 2;

    pub(crate) fn new(cell: Cell, digit: Digit, on: bool) -> Pot {
        Pot((((cell.index() * 9 + digit.index()) as u16) << 1) | u16::from(on))
    }
    pub(crate) fn cell(self) -> Cell {
        Cell::ALL[usize::from(self.0 >> 1) / 9]
    }
    pub(crate) fn digit(self) -> Digit {
        Digit::ALL[usize::from(self.0 >> 1) % 9]
    }
    pub(crate) fn is_on(self) -> bool {
        self.0 & 1 == 1
    }
    /// The same candidate in the other state.
    pub(crate) fn conjugate(self) -> Pot {
        Pot(self.0 ^ 1)
    }
    pub(crate) fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Which of SE's rules a propagation uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Mode {
    /// The cell rules: an "on" turns off the cell's other candidates; an "off" in a bivalue cell
    /// turns the other one on. (Nishio has only the house rules.)
    pub(crate) cell_rules: bool,
    /// Each "off" is taken out of a working grid as it is processed, so later rules see the
    /// reduced grid; new "on" nodes then also list as parents the earlier "off" nodes that made
    /// their cell or house a pair ("hidden parents").
    pub(crate) dynamic: bool,
    /// 0, or the nesting level of Dynamic (+): when the queues run dry, further basic rules run on
    /// the working grid.
    pub(crate) level: u8,
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) pot: Pot,
    parents_start: u32,
    parents_len: u32,
    /// Links from the start along first parents.
    pub(crate) depth: u32,
}

/// One run of SE's `doChaining` from one start, kept for the forcing-chain producers to compare.
pub(crate) struct Propagation {
    pub(crate) nodes: Vec<Node>,
    parents: Vec<u32>,
    index: Vec<u32>,
    /// Arena indices of the nodes turned on, and off, in the order found (SE's `LinkedSet`s).
    pub(crate) on_order: Vec<u32>,
    pub(crate) off_order: Vec<u32>,
    /// The two nodes of the first contradiction met: a candidate both on and off.
    pub(crate) contradiction: Option<(u32, u32)>,
    /// Scratch for ancestor counts: the stamp of the last count that reached each node.
    visit_stamp: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
    scratch: Scratch,
}

impl Default for Propagation {
    fn default() -> Self {
        Propagation {
            nodes: Vec::with_capacity(512),
            parents: Vec::with_capacity(1024),
            index: vec![NONE; Pot::COUNT],
            on_order: Vec::with_capacity(256),
            off_order: Vec::with_capacity(512),
            contradiction: None,
            visit_stamp: Vec::new(),
            stamp: 0,
            stack: Vec::with_capacity(64),
            scratch: Scratch::default(),
        }
    }
}

impl Propagation {
    fn clear(&mut self) {
        for node in &self.nodes {
            self.index[node.pot.index()] = NONE;
        }
        self.nodes.clear();
        self.parents.clear();
        self.on_order.clear();
        self.off_order.clear();
        self.contradiction = None;
    }

    /// The node of `pot`, if the propagation reached it.
    pub(crate) fn get(&self, pot: Pot) -> Option<u32> {
        let i = self.index[pot.index()];
        (i != NONE).then_some(i)
    }

    pub(crate) fn contains(&self, pot: Pot) -> bool {
        self.index[pot.index()] != NONE
    }

    pub(crate) fn node(&self, i: u32) -> Node {
        self.nodes[i as usize]
    }

    /// Adds a node (not yet indexed) with its parents; returns its arena index.
    fn push(&mut self, pot: Pot, parents: &[u32]) -> u32 {
        let depth = parents
            .first()
            .map_or(0, |&p| self.nodes[p as usize].depth + 1);
        let i = self.nodes.len() as u32;
        self.nodes.push(Node {
            pot,
            parents_start: self.parents.len() as u32,
            parents_len: parents.len() as u32,
            depth,
        });
        self.parents.extend_from_slice(parents);
        i
    }

    /// Adds a node and records it as reached.
    fn add(&mut self, pot: Pot, parents: &[u32]) -> u32 {
        let i = self.push(pot, parents);
        self.index[pot.index()] = i;
        if pot.is_on() {
            self.on_order.push(i);
        } else {
            self.off_order.push(i);
        }
        i
    }

    /// SE's `getAncestorCount`: the node and all its ancestors, each distinct candidate state
    /// once.
    pub(crate) fn ancestor_count(&mut self, from: u32) -> usize {
        if self.visit_stamp.len() < self.nodes.len() {
            self.visit_stamp.resize(self.nodes.len(), 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.visit_stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let mut count = 0;
        self.stack.clear();
        self.stack.push(from);
        while let Some(i) = self.stack.pop() {
            if self.visit_stamp[i as usize] == self.stamp {
                continue;
            }
            self.visit_stamp[i as usize] = self.stamp;
            count += 1;
            let node = self.nodes[i as usize];
            let start = node.parents_start as usize;
            for k in start..start + node.parents_len as usize {
                let parent = self.parents[k];
                if self.visit_stamp[parent as usize] != self.stamp {
                    self.stack.push(parent);
                }
            }
        }
        count
    }

    /// SE's `doChaining` from one start node (on or off): breadth first, an "on" node before any
    /// pending "off" node, until a contradiction or nothing new. `work` is scratch for the
    /// working grid of dynamic modes; `board` is the grid the chains start from.
    pub(crate) fn run(&mut self, board: &Board, work: &mut Board, mode: Mode, start: Pot) {
        self.clear();
        self.add(start, &[]);
        if mode.dynamic {
            work.clone_from(board);
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        self.walk(board, work, mode, &mut scratch);
        self.scratch = scratch;
    }

    fn walk(&mut self, board: &Board, work: &mut Board, mode: Mode, scratch: &mut Scratch) {
        let mut on_head = 0;
        let mut off_head = 0;
        loop {
            if on_head < self.on_order.len() {
                let p = self.on_order[on_head];
                on_head += 1;
                let current: &Board = if mode.dynamic { work } else { board };
                scratch.found.clear();
                on_to_off(
                    current,
                    self.nodes[p as usize].pot,
                    mode.cell_rules,
                    &mut scratch.found,
                );
                for &off in &scratch.found {
                    if let Some(on) = self.get(off.conjugate()) {
                        let off_node = self.push(off, &[p]);
                        self.contradiction = Some((on, off_node));
                        return;
                    }
                    if !self.contains(off) {
                        self.add(off, &[p]);
                    }
                }
            } else if off_head < self.off_order.len() {
                let p = self.off_order[off_head];
                off_head += 1;
                let pot = self.nodes[p as usize].pot;
                let current: &Board = if mode.dynamic { work } else { board };
                off_to_on(current, board, self, pot, mode, scratch);
                if mode.dynamic {
                    work.remove(pot.cell(), pot.digit());
                }
                for k in 0..scratch.found.len() {
                    let on = scratch.found[k];
                    let (from, to) = scratch.ranges[k];
                    scratch.parents.clear();
                    scratch.parents.push(p);
                    scratch.parents.extend_from_slice(&scratch.hidden[from..to]);
                    if let Some(off) = self.get(on.conjugate()) {
                        let on_node = self.push(on, &scratch.parents);
                        self.contradiction = Some((on_node, off));
                        return;
                    }
                    if !self.contains(on) {
                        self.add(on, &scratch.parents);
                    }
                }
            } else {
                return;
            }
            if mode.level > 0 && on_head == self.on_order.len() && off_head == self.off_order.len()
            {
                let current: &Board = if mode.dynamic { work } else { board };
                nested::advance(self, board, current, mode.level);
            }
        }
    }
}

/// Buffers reused by every step of a propagation.
#[derive(Default)]
struct Scratch {
    found: Vec<Pot>,
    hidden: Vec<u32>,
    ranges: Vec<(usize, usize)>,
    parents: Vec<u32>,
}

/// SE's `getOnToOff`: what an "on" node turns off, in SE's order: the cell's other candidates
/// (with the cell rules), then the digit's other places in the block, the row, the column.
pub(crate) fn on_to_off(board: &Board, on: Pot, cell_rules: bool, out: &mut Vec<Pot>) {
    let (cell, digit) = (on.cell(), on.digit());
    if cell_rules {
        for other in board.candidates(cell).iter().filter(|&d| d != digit) {
            out.push(Pot::new(cell, other, false));
        }
    }
    let plane = board.plane(digit);
    let block = Kind::Block.house_of(cell).cell_set();
    let row = Kind::Row.house_of(cell).cell_set();
    let column = Kind::Column.house_of(cell).cell_set();
    let in_block = (plane & block) - CellSet::single(cell);
    let in_row = (plane & row) - block;
    let in_column = (plane & column) - block;
    for other in in_block.iter().chain(in_row.iter()).chain(in_column.iter()) {
        out.push(Pot::new(other, digit, false));
    }
}

/// SE's `getOffToOn`: what an "off" node turns on: in a bivalue cell the other candidate (with
/// the cell rules), then in the block, row and column where the digit has two places the other
/// place. In dynamic mode each new node also gets as parents the nodes already taken out of its
/// cell or house ("hidden parents": `scratch.hidden`, node `k`'s in the slice `ranges[k]`).
fn off_to_on(
    current: &Board,
    source: &Board,
    propagation: &Propagation,
    off: Pot,
    mode: Mode,
    scratch: &mut Scratch,
) {
    scratch.found.clear();
    scratch.hidden.clear();
    scratch.ranges.clear();
    let (cell, digit) = (off.cell(), off.digit());
    if mode.cell_rules {
        let digits = current.candidates(cell);
        if digits.len() == 2
            && let Some(other) = digits.iter().find(|&d| d != digit)
        {
            let from = scratch.hidden.len();
            if mode.dynamic {
                for gone in (source.candidates(cell) - digits).iter() {
                    if let Some(node) = propagation.get(Pot::new(cell, gone, false)) {
                        scratch.hidden.push(node);
                    }
                }
            }
            scratch.found.push(Pot::new(cell, other, true));
            scratch.ranges.push((from, scratch.hidden.len()));
        }
    }
    for kind in Kind::CHAIN_ORDER {
        let house = kind.house_of(cell);
        let places = current.positions(house, digit);
        if places.len() != 2 {
            continue;
        }
        let Some(other) = (places - CellSet::single(cell)).first() else {
            continue;
        };
        let on = Pot::new(other, digit, true);
        if scratch.found.contains(&on) {
            continue;
        }
        let from = scratch.hidden.len();
        if mode.dynamic {
            for gone in (source.positions(house, digit) - places).iter() {
                if let Some(node) = propagation.get(Pot::new(gone, digit, false)) {
                    scratch.hidden.push(node);
                }
            }
        }
        scratch.found.push(on);
        scratch.ranges.push((from, scratch.hidden.len()));
    }
}

/// The hint a chaining producer reports: the least by (rating, complexity, SE's sort key), the
/// first found among equals (SE sorts its list stably, then takes the first).
#[derive(Default)]
pub(crate) struct Best {
    key: Option<(f64, usize, u8)>,
    pub(crate) hint: Option<Hint>,
}

impl Best {
    /// Whether a hint with this key would be taken over the best so far.
    pub(crate) fn beats(&self, difficulty: f64, complexity: usize, sort_key: u8) -> bool {
        match self.key {
            None => true,
            Some((d, c, s)) => {
                difficulty < d || (difficulty == d && (complexity, sort_key) < (c, s))
            }
        }
    }

    pub(crate) fn offer(
        &mut self,
        difficulty: f64,
        complexity: usize,
        sort_key: u8,
        hint: impl FnOnce() -> Hint,
    ) {
        if self.beats(difficulty, complexity, sort_key) {
            self.key = Some((difficulty, complexity, sort_key));
            self.hint = Some(hint());
        }
    }

    /// The largest complexity a hint of this base and sort key may have and still be taken.
    pub(crate) fn complexity_limit(&self, base: f64, sort_key: u8) -> usize {
        let Some((difficulty, complexity, key)) = self.key else {
            return usize::MAX;
        };
        let mut limit = 0;
        for steps in 0..64 {
            let top = length::max_complexity_within(steps);
            let rated = base + length::bonus(top);
            if rated < difficulty {
                limit = top;
            } else {
                if rated == difficulty {
                    // Equal ratings: fewer nodes first, then the sort key.
                    let fewer = if sort_key < key {
                        complexity
                    } else {
                        complexity.saturating_sub(1)
                    };
                    limit = limit.max(fewer.min(top));
                }
                break;
            }
        }
        limit
    }
}
