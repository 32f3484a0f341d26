//! The link graph that chains are built on, and the search for the shortest chains in it.
//!
//! A node is a digit in one cell, or in a group of cells that see one another (the digit's places
//! where a box and a line cross, or a digit's places in an almost locked set); the node is true
//! when the digit goes in one of its cells. Two nodes are linked
//! - strongly when at least one of them is true: the two digits of a bivalue cell, the only two
//!   places (or groups of places) of a digit in a house, two digits of an almost locked set (N
//!   cells of a house holding N+1 digits: if one digit is missing, every other one is there);
//! - weakly when at most one of them is true: two digits of one cell, or one digit in two nodes
//!   whose cells all see each other.
//!
//! An alternating chain starts and ends with a strong link: if its first node is false, the
//! second is true, the third false, and so on, so the last one is true. Either way one of the two
//! ends is true, whatever lies between; this holds even when a node is passed twice, so the
//! breadth-first search below needs no bookkeeping beyond one visit per node and truth value.

use std::fmt::Write;
use std::ops::ControlFlow;

use super::rule_links::RuleLinks;
use super::{Found, shared_line};
use crate::candidates::Candidates;
use crate::cell::{Candidate, Cell, Digit};
use crate::house::{House, HouseKind};
use crate::sets::{CellSet, DigitSet};
use crate::sort::{counting_sort, sort_by_key};
use crate::step::{Node, Step, candidate_text, group_text, node_text, rule_link_text};

const NONE: u16 = u16::MAX;
/// The `via` of a strong link that a rule makes: two places of a digit it needs.
const RULE_NEEDS: u16 = u16::MAX;
/// The `via` of the strong link between a cell's digit and the node of its other digits.
const REST: u16 = u16::MAX - 1;

/// Which links a chain may use.
#[derive(Clone, Copy)]
pub(crate) struct Links<'r> {
    /// Strong links between the two digits of a bivalue cell.
    pub bivalue: bool,
    /// Strong links between the only two places of a digit in a house.
    pub bilocal: bool,
    /// Weak links between two digits of one cell.
    pub same_cell: bool,
    /// Grouped nodes: a digit's places where a box and a line cross.
    pub groups: bool,
    /// Strong links through almost locked sets of up to this many cells (0: none).
    pub als_cells: usize,
    /// The links the rules make between candidates of different cells, when there are any. A
    /// chain then takes every candidate that both its ends forbid, by sight, by their cells or
    /// by a rule, whatever [`Ends`] asks: only the AICs, which ask for every end, use them.
    pub rules: Option<&'r RuleLinks>,
}

impl Links<'_> {
    /// No links at all: name the kinds wanted, `Links { bivalue: true, ..Links::NONE }`.
    pub const NONE: Links<'static> = Links {
        bivalue: false,
        bilocal: false,
        same_cell: false,
        groups: false,
        als_cells: 0,
        rules: None,
    };
}

/// Which conclusions a chain may draw.
#[derive(Clone, Copy)]
pub(crate) struct Ends {
    /// Both ends the same digit: it leaves every cell that sees both ends.
    pub same_digit: bool,
    /// Ends with different digits (AIC type 2, or both in one cell): each end cell loses the other
    /// end's digit when it sees the other end; one cell holding both ends keeps only those two.
    pub different_digits: bool,
    /// A chain that returns to its own start proves the start: the digit goes there.
    pub loops: bool,
    /// Which chains to report: all, or only those with a grouped node or an almost locked set
    /// (the others are plain AICs), or only those through an almost locked set.
    pub require: Require,
    /// The most links a chain may have.
    pub max_links: usize,
}

impl Ends {
    /// Every chain of up to `max_links` links whose two ends are the same digit.
    pub fn same_digit(max_links: usize) -> Ends {
        Ends {
            same_digit: true,
            different_digits: false,
            loops: false,
            require: Require::Nothing,
            max_links,
        }
    }
}

/// Which chains a search reports.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Require {
    /// Every chain.
    Nothing,
    /// Chains with a grouped node or an almost locked set.
    Group,
    /// Chains through an almost locked set.
    Als,
}

/// The nodes and links of one position.
pub(crate) struct Graph<'r> {
    nodes: Vec<Node>,
    /// For each node, the cells that see every cell of it.
    seen_by: Vec<CellSet>,
    /// For each node, empty, or the digits of its one cell but one, when the node stands for
    /// them: true when the cell holds one of them. Such a node, a cell's rest, links strongly
    /// to the cell's last digit and weakly to the candidates that a rule forces that digit
    /// with; its `Node` names the first of them.
    rest: Vec<DigitSet>,
    /// The node of each single candidate, by cell and digit index.
    single: [[u16; 9]; 81],
    /// The nodes of more than one cell, by digit index.
    multi: [Vec<u16>; 9],
    /// The same nodes with their cells, by digit index, sorted by cells: to find one.
    multi_by_cells: [Vec<(CellSet, u16)>; 9],
    strong_at: Vec<u32>,
    /// Each strong link's far end, and the almost locked set it runs through (0: none, else
    /// index + 1 into `als`), or [`RULE_NEEDS`].
    strong_to: Vec<(u16, u16)>,
    weak_at: Vec<u32>,
    weak_to: Vec<u16>,
    als: Vec<CellSet>,
    /// Live candidates, per digit index.
    places: [CellSet; 9],
    /// The peers of each cell under the puzzle's rules.
    peers: [CellSet; 81],
    /// The rules' links, weak and strong, when asked for and there are any.
    rule_links: Option<&'r RuleLinks>,
    /// With rule links, the candidates each node forbids (weakly linked to it, node or not), by
    /// digit index: what a chain ending on it can take.
    near: Vec<[CellSet; 9]>,
}

/// A rule's link from one end of a chain to a candidate the chain takes: the rule's words and
/// the end.
type EndLink<'r> = (&'r str, Node);

/// A link of a chain that a rule makes: the rule's name, whether it is strong (the rule needs
/// one of them) or weak (it forbids them together), and the link's two nodes as written.
pub(crate) struct RuleLink<'r> {
    pub rule: &'r str,
    pub strong: bool,
    /// The two nodes as a step writes them: `(4)r1c2`, or `(789)r4c7` for a cell's rest.
    pub text: [String; 2],
}

/// A chain found: its nodes in order (links alternate strong, weak, …, strong) and what it proves.
pub(crate) struct Chain<'g> {
    graph: &'g Graph<'g>,
    pub path: Vec<u16>,
    pub eliminations: Vec<Candidate>,
    pub placement: Option<Candidate>,
}

impl<'r> Graph<'r> {
    pub fn build(marks: &Candidates, links: Links<'r>) -> Graph<'r> {
        // Room for two nodes per candidate (singles, and groups or set parts), so that the lists
        // seldom grow.
        let candidates = Digit::ALL.map(|digit| marks.cells_with(digit).len() as usize);
        let room = 2 * candidates.iter().sum::<usize>();
        let mut graph = Graph {
            nodes: Vec::with_capacity(room),
            seen_by: Vec::with_capacity(room),
            rest: Vec::with_capacity(room),
            single: [[NONE; 9]; 81],
            multi: Default::default(),
            multi_by_cells: Default::default(),
            strong_at: Vec::new(),
            strong_to: Vec::new(),
            weak_at: Vec::new(),
            weak_to: Vec::new(),
            als: Vec::new(),
            places: Digit::ALL.map(|digit| marks.cells_with(digit)),
            peers: Cell::ALL.map(|cell| marks.peers(cell)),
            rule_links: links.rules,
            near: Vec::new(),
        };
        let mut strong: Vec<(u16, u16, u16)> = Vec::with_capacity(2 * room);
        let mut add = |graph: &mut Graph, a: (CellSet, Digit), b: (CellSet, Digit), via: u16| {
            let a = graph.node(a.0, a.1);
            let b = graph.node(b.0, b.1);
            strong.push((a, b, via));
            strong.push((b, a, via));
        };
        let mut als_links: Vec<(u16, u16, u16)> = Vec::new();
        if links.bivalue {
            for cell in marks.empty_cells().iter() {
                if let Some((x, z)) = marks.get(cell).pair() {
                    let one = CellSet::single(cell);
                    add(&mut graph, (one, x), (one, z), 0);
                }
            }
        }
        if links.bilocal {
            for digit in Digit::all() {
                for &house in marks.houses() {
                    let places = marks.places_in(digit, house);
                    if !places.has_several() {
                        continue;
                    }
                    if let Some((a, b)) = places.pair() {
                        add(
                            &mut graph,
                            (CellSet::single(a), digit),
                            (CellSet::single(b), digit),
                            0,
                        );
                    } else if links.groups {
                        for parts in split_in_two(marks, house, places) {
                            add(&mut graph, (parts.0, digit), (parts.1, digit), 0);
                        }
                    }
                }
            }
        }
        if let Some(rule_links) = links.rules {
            for (a, b) in rule_links.needs() {
                let grouped = a.cells.has_several() || b.cells.has_several();
                if links.groups || !grouped {
                    add(
                        &mut graph,
                        (a.cells, a.digit),
                        (b.cells, b.digit),
                        RULE_NEEDS,
                    );
                }
            }
        }
        // A candidate that a rule forces another with: weakly linked to the rest of the other's
        // cell, which is strongly linked to it.
        let mut forcing: Vec<(u16, u16)> = Vec::new();
        if let (Some(rule_links), true) = (links.rules, links.groups) {
            let mut rests = [[NONE; 9]; 81];
            for (near, far) in rule_links.forces() {
                let slot = &mut rests[far.cell.index()][far.digit.index()];
                if *slot == NONE {
                    *slot = graph
                        .rest_node(far.cell, marks.get(far.cell) - DigitSet::single(far.digit));
                    let forced = graph.node(CellSet::single(far.cell), far.digit);
                    strong.push((*slot, forced, REST));
                    strong.push((forced, *slot, REST));
                }
                forcing.push((graph.node(CellSet::single(near.cell), near.digit), *slot));
            }
        }
        if links.als_cells >= 2 {
            for (cells, digits) in almost_locked_sets(marks, links.als_cells) {
                graph.als.push(cells);
                let via = graph.als.len() as u16;
                // A part of several cells that no other place of its digit sees can neither be
                // entered nor left by a weak link, nor end a chain usefully: leave it out.
                let parts: Vec<u16> = digits
                    .iter()
                    .map(|d| (cells & marks.cells_with(d), d))
                    .filter(|&(part, d)| {
                        !part.has_several()
                            || !(marks.seen_by_all(part) & marks.cells_with(d)).is_empty()
                    })
                    .map(|(part, d)| graph.node(part, d))
                    .collect();
                for (i, &a) in parts.iter().enumerate() {
                    for &b in &parts[i + 1..] {
                        als_links.push((a, b, via));
                        als_links.push((b, a, via));
                    }
                }
            }
        }
        // Strong links, both ways, one per pair of nodes (the simplest reason first). They come
        // in order of `via`; two stable passes order them by start, then far end, then `via`.
        strong.extend(als_links);
        let n = graph.nodes.len();
        let strong = counting_sort(&strong, n, |&(_, b, _)| b.into());
        let mut strong = counting_sort(&strong, n, |&(a, _, _)| a.into());
        strong.dedup_by_key(|e| (e.0, e.1));
        graph.strong_at = Vec::with_capacity(n + 1);
        graph.strong_to = Vec::with_capacity(strong.len());
        let mut k = 0;
        for u in 0..n {
            graph.strong_at.push(k as u32);
            while k < strong.len() && strong[k].0 as usize == u {
                graph.strong_to.push((strong[k].1, strong[k].2));
                k += 1;
            }
        }
        graph.strong_at.push(k as u32);
        // What a rule forbids with each single candidate, worked out once for the weak links
        // to groups and for what the chain's ends take.
        let rule_near: Vec<[CellSet; 9]> = match graph.rule_links {
            Some(rule_links) => (0..n)
                .map(|u| match graph.nodes[u].cells.single_cell() {
                    Some(cell) if graph.rest[u].is_empty() => {
                        rule_links.near(Candidate::new(cell, graph.nodes[u].digit))
                    }
                    _ => [CellSet::EMPTY; 9],
                })
                .collect(),
            None => Vec::new(),
        };
        let mut rule_weak = match links.groups && graph.rule_links.is_some() {
            true => graph.rule_group_links(&rule_near),
            false => Vec::new(),
        };
        for (near, rest) in forcing {
            rule_weak[near as usize].push(rest);
            rule_weak[rest as usize].push(near);
        }
        // Weak links from every node.
        graph.weak_at = Vec::with_capacity(n + 1);
        for u in 0..n {
            graph.weak_at.push(graph.weak_to.len() as u32);
            if let Some(far) = rule_weak.get(u) {
                graph.weak_to.extend_from_slice(far);
            }
            if !graph.rest[u].is_empty() {
                continue;
            }
            let Node { cells, digit } = graph.nodes[u];
            let seen = graph.seen_by[u];
            for cell in (seen & graph.places[digit.index()]).iter() {
                let v = graph.single[cell.index()][digit.index()];
                if v != NONE {
                    graph.weak_to.push(v);
                }
            }
            for &v in &graph.multi[digit.index()] {
                if (graph.nodes[v as usize].cells - seen).is_empty() {
                    graph.weak_to.push(v);
                }
            }
            if let Some(cell) = cells.single_cell().filter(|_| links.same_cell) {
                for other in (marks.get(cell) - DigitSet::single(digit)).iter() {
                    let v = graph.single[cell.index()][other.index()];
                    if v != NONE {
                        graph.weak_to.push(v);
                    }
                }
            }
            if let (Some(rule_links), Some(cell)) = (graph.rule_links, cells.single_cell()) {
                for (far, _) in rule_links.of(Candidate::new(cell, digit)) {
                    let v = graph.single[far.cell.index()][far.digit.index()];
                    if v != NONE {
                        graph.weak_to.push(v);
                    }
                }
            }
        }
        graph.weak_at.push(graph.weak_to.len() as u32);
        if let Some(rule_links) = graph.rule_links {
            graph.near = (0..n)
                .map(|u| {
                    let Node { cells, digit } = graph.nodes[u];
                    if !graph.rest[u].is_empty() {
                        return [CellSet::EMPTY; 9];
                    }
                    let mut near = match cells.single_cell() {
                        Some(cell) => {
                            let mut near = rule_near[u];
                            for other in (marks.get(cell) - DigitSet::single(digit)).iter() {
                                near[other.index()].insert(cell);
                            }
                            near
                        }
                        // A group forbids what each of its cells forbids.
                        None => cells.iter().fold([CellSet::ALL; 9], |mut near, cell| {
                            let mut one = match graph.single[cell.index()][digit.index()] {
                                NONE => rule_links.near(Candidate::new(cell, digit)),
                                v => rule_near[v as usize],
                            };
                            one[digit.index()] |= graph.peers[cell.index()];
                            (near.iter_mut().zip(one)).for_each(|(all, one)| *all &= one);
                            near
                        }),
                    };
                    near[digit.index()] = near[digit.index()] | graph.seen_by[u];
                    near
                })
                .collect();
        }
        graph
    }

    /// Per node, the nodes a rule links it to weakly and its houses do not: from a candidate,
    /// each group every cell of which a rule forbids with it; from a group, those candidates.
    /// `rule_near` is what a rule forbids with each single candidate's node.
    fn rule_group_links(&self, rule_near: &[[CellSet; 9]]) -> Vec<Vec<u16>> {
        let mut far = vec![Vec::new(); self.nodes.len()];
        for (u, node) in self.nodes.iter().enumerate() {
            if node.cells.has_several() || !self.rest[u].is_empty() {
                continue;
            }
            let near = &rule_near[u];
            for digit in Digit::all() {
                for &v in &self.multi[digit.index()] {
                    let cells = self.nodes[v as usize].cells;
                    let seen = digit == node.digit && (cells - self.seen_by[u]).is_empty();
                    if !seen && (cells - near[digit.index()]).is_empty() {
                        far[u].push(v);
                        far[v as usize].push(u as u16);
                    }
                }
            }
        }
        far
    }

    /// With rule links, the candidates that both ends of a chain forbid: whichever end is true,
    /// they are false.
    fn near_both(&self, start: u16, end: u16) -> impl Iterator<Item = Candidate> + '_ {
        let (a, b) = (&self.near[start as usize], &self.near[end as usize]);
        Digit::all().flat_map(move |d| {
            (self.places[d.index()] & a[d.index()] & b[d.index()])
                .iter()
                .map(move |cell| Candidate::new(cell, d))
        })
    }

    /// The node of `digit` in `cells`, added if new.
    fn node(&mut self, cells: CellSet, digit: Digit) -> u16 {
        let index = self.nodes.len() as u16;
        if let Some(cell) = cells.single_cell() {
            let slot = &mut self.single[cell.index()][digit.index()];
            if *slot != NONE {
                return *slot;
            }
            *slot = index;
        } else {
            let by_cells = &mut self.multi_by_cells[digit.index()];
            match by_cells.binary_search_by_key(&cells.bits(), |(c, _)| c.bits()) {
                Ok(at) => return by_cells[at].1,
                Err(at) => by_cells.insert(at, (cells, index)),
            }
            self.multi[digit.index()].push(index);
        }
        self.nodes.push(Node { cells, digit });
        let seen_by = cells
            .iter()
            .fold(CellSet::ALL, |acc, cell| acc & self.peers[cell.index()]);
        self.seen_by.push(seen_by);
        self.rest.push(DigitSet::EMPTY);
        index
    }

    /// A new node for `digits` in `cell`, all its digits but one (see [`Graph::rest`]).
    fn rest_node(&mut self, cell: Cell, digits: DigitSet) -> u16 {
        let index = self.nodes.len() as u16;
        let first = digits.first().expect("a cell's rest has digits");
        self.nodes.push(Node::single(cell, first));
        self.seen_by.push(CellSet::EMPTY);
        self.rest.push(digits);
        index
    }

    fn strong(&self, u: u16) -> &[(u16, u16)] {
        &self.strong_to
            [self.strong_at[u as usize] as usize..self.strong_at[u as usize + 1] as usize]
    }

    fn weak(&self, u: u16) -> &[u16] {
        &self.weak_to[self.weak_at[u as usize] as usize..self.weak_at[u as usize + 1] as usize]
    }

    /// The almost locked set a strong link runs through, if any.
    fn via(&self, from: u16, to: u16) -> Option<CellSet> {
        self.strong(from).iter().find(|e| e.0 == to).and_then(|e| {
            (e.1 > 0 && e.1 != RULE_NEEDS && e.1 != REST).then(|| self.als[e.1 as usize - 1])
        })
    }

    /// What a chain from `start` to `end` proves: eliminations, or a placement for a loop.
    fn conclusion(&self, start: u16, end: u16, ends: &Ends) -> (Vec<Candidate>, Option<Candidate>) {
        let (a, b) = (self.nodes[start as usize], self.nodes[end as usize]);
        let mut eliminations = Vec::new();
        if start == end {
            if let Some(cell) = a.cells.single_cell().filter(|_| ends.loops) {
                return (eliminations, Some(Candidate::new(cell, a.digit)));
            }
            return (eliminations, None);
        }
        if self.rule_links.is_some() {
            eliminations.extend(self.near_both(start, end));
            return (eliminations, None);
        }
        if a.digit == b.digit {
            if ends.same_digit {
                let cells = self.places[a.digit.index()]
                    & self.seen_by[start as usize]
                    & self.seen_by[end as usize];
                eliminations.extend(cells.iter().map(|c| Candidate::new(c, a.digit)));
            }
            return (eliminations, None);
        }
        if !ends.different_digits {
            return (eliminations, None);
        }
        if let Some(cell) = a.cells.single_cell().filter(|_| a.cells == b.cells) {
            for d in Digit::all() {
                if d != a.digit && d != b.digit && self.places[d.index()].contains(cell) {
                    eliminations.push(Candidate::new(cell, d));
                }
            }
            return (eliminations, None);
        }
        // One end's cell may not hold the other end's digit when it sees all of that end.
        for (x, y, y_index) in [(a, b, end), (b, a, start)] {
            if let Some(cell) = x.cells.single_cell()
                && self.places[y.digit.index()].contains(cell)
                && self.seen_by[y_index as usize].contains(cell)
            {
                eliminations.push(Candidate::new(cell, y.digit));
            }
        }
        (eliminations, None)
    }

    /// Whether a node can end a useful chain: a single candidate, or a group that some other
    /// place of its digit sees.
    fn may_end(&self, v: u16) -> bool {
        if !self.rest[v as usize].is_empty() {
            return false;
        }
        let node = self.nodes[v as usize];
        !node.cells.has_several()
            || !(self.seen_by[v as usize] & self.places[node.digit.index()]).is_empty()
    }

    /// Whether a chain from `start` to `end` would change something (cheap test).
    fn useful(&self, start: u16, end: u16, ends: &Ends) -> bool {
        let (a, b) = (self.nodes[start as usize], self.nodes[end as usize]);
        if !self.rest[end as usize].is_empty() {
            return false;
        }
        if start == end {
            return ends.loops && !a.cells.has_several();
        }
        if end < start {
            // The same chain read backwards; it is found from the other end.
            return false;
        }
        if self.rule_links.is_some() {
            return self.near_both(start, end).next().is_some();
        }
        if a.digit == b.digit {
            return ends.same_digit
                && !(self.places[a.digit.index()]
                    & self.seen_by[start as usize]
                    & self.seen_by[end as usize])
                    .is_empty();
        }
        if !ends.different_digits {
            return false;
        }
        if let Some(cell) = a.cells.single_cell().filter(|_| a.cells == b.cells) {
            return Digit::all()
                .any(|d| d != a.digit && d != b.digit && self.places[d.index()].contains(cell));
        }
        [(a, end), (b, start)].iter().any(|&(x, other)| {
            let y = self.nodes[other as usize];
            !x.cells.has_several()
                && !(x.cells & self.places[y.digit.index()] & self.seen_by[other as usize])
                    .is_empty()
        })
    }

    /// Calls `found` with the shortest chain between every pair of ends that proves something,
    /// shortest chains first (then by start and end node), until it returns `Break`.
    pub fn search(
        &self,
        ends: Ends,
        found: &mut dyn FnMut(&Chain) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (links, start, end) in self.useful_ends(&ends) {
            let path = self.path(start, end, links);
            let skip = match ends.require {
                Require::Nothing => false,
                Require::Group => !self.has_group(&path),
                Require::Als => !self.has_als(&path),
            };
            if skip {
                continue;
            }
            let (eliminations, placement) = self.conclusion(start, end, &ends);
            found(&Chain {
                graph: self,
                path,
                eliminations,
                placement,
            })?;
        }
        ControlFlow::Continue(())
    }

    /// Every pair of ends joined by a chain of 3 to `max_links` links that would prove
    /// something, with the length of the shortest such chain, sorted by length, start and end.
    ///
    /// A breadth-first search from each start, run for 64 starts at once: each state (node
    /// and truth value) holds a word with a bit for each start of the block that has reached
    /// it, so one pass over a link serves every start that arrives there at the same depth.
    fn useful_ends(&self, ends: &Ends) -> Vec<(usize, u16, u16)> {
        let n = self.nodes.len();
        let starts: Vec<u16> = (0..n as u16)
            .filter(|&v| !self.strong(v).is_empty() && self.may_end(v))
            .collect();
        // Per state (node * 2 + truth): the starts that have reached it, that reach it at this
        // depth, and at the next one.
        let mut reached = vec![0u64; 2 * n];
        let mut arriving = vec![0u64; 2 * n];
        let mut next_arriving = vec![0u64; 2 * n];
        let mut frontier: Vec<u16> = Vec::with_capacity(2 * n);
        let mut next: Vec<u16> = Vec::with_capacity(2 * n);
        let mut found = Vec::new();
        for block in starts.chunks(u64::BITS as usize) {
            let last = block[block.len() - 1];
            reached.fill(0);
            frontier.clear();
            for (bit, &start) in block.iter().enumerate() {
                let state = 2 * start as usize;
                reached[state] = 1 << bit;
                arriving[state] = 1 << bit;
                frontier.push(2 * start);
            }
            for links in 1..=ends.max_links {
                let to_true = links % 2 == 1;
                next.clear();
                for &state in &frontier {
                    let bits = std::mem::take(&mut arriving[state as usize]);
                    let mut visit = |v: u16| {
                        let s = 2 * v as usize + usize::from(to_true);
                        let new = bits & !reached[s];
                        if new != 0 {
                            if next_arriving[s] == 0 {
                                next.push(s as u16);
                            }
                            next_arriving[s] |= new;
                        }
                    };
                    if to_true {
                        self.strong(state / 2).iter().for_each(|&(v, _)| visit(v));
                    } else {
                        self.weak(state / 2).iter().for_each(|&v| visit(v));
                    }
                }
                for &s in &next {
                    reached[s as usize] |= next_arriving[s as usize];
                }
                if to_true && links >= 3 {
                    for &s in &next {
                        let end = s / 2;
                        // A chain is found from its lower end (see `useful`).
                        let up_to_end = if end >= last {
                            block.len()
                        } else {
                            block.partition_point(|&start| start <= end)
                        };
                        let mut bits = next_arriving[s as usize] & low_bits(up_to_end);
                        while bits != 0 {
                            let start = block[bits.trailing_zeros() as usize];
                            bits &= bits - 1;
                            if self.useful(start, end, ends) {
                                found.push((links, start, end));
                            }
                        }
                    }
                }
                if next.is_empty() {
                    break;
                }
                std::mem::swap(&mut frontier, &mut next);
                std::mem::swap(&mut arriving, &mut next_arriving);
            }
            // A block cut off at `max_links` leaves its last arrivals behind.
            for &state in &frontier {
                arriving[state as usize] = 0;
            }
        }
        sort_by_key(&mut found, |&(links, start, end)| {
            (links as u64) << 32 | u64::from(start) << 16 | u64::from(end)
        });
        found
    }

    /// The chain of `links` links from `start` to `end` that a breadth-first search from
    /// `start` meets first: links in the order the graph lists them, each state kept at its
    /// first arrival.
    fn path(&self, start: u16, end: u16, links: usize) -> Vec<u16> {
        let n = self.nodes.len();
        // Per state (node * 2 + truth): the state it was first reached from.
        let mut parent = vec![NONE; 2 * n];
        let mut frontier = vec![2 * start];
        let mut next = Vec::new();
        parent[2 * start as usize] = 2 * start;
        for level in 1..=links {
            let to_true = level % 2 == 1;
            next.clear();
            for &state in &frontier {
                let mut visit = |v: u16| {
                    let s = 2 * v + u16::from(to_true);
                    if parent[s as usize] == NONE {
                        parent[s as usize] = state;
                        next.push(s);
                    }
                };
                if to_true {
                    self.strong(state / 2).iter().for_each(|&(v, _)| visit(v));
                } else {
                    self.weak(state / 2).iter().for_each(|&v| visit(v));
                }
            }
            std::mem::swap(&mut frontier, &mut next);
        }
        let mut path = vec![end];
        let mut state = 2 * end + 1;
        while state != 2 * start {
            state = parent[state as usize];
            path.push(state / 2);
        }
        path.reverse();
        path
    }

    /// `search`, reporting each chain as a step of `technique` whose text is `text(chain)`
    /// followed by the outcome.
    pub fn search_steps(
        &self,
        ends: Ends,
        technique: &'static str,
        text: &dyn Fn(&Chain) -> String,
        found: Found<'_>,
    ) -> ControlFlow<()> {
        self.search(ends, &mut |chain| {
            let text = text(chain);
            found(
                chain
                    .step(technique)
                    .explain(|s| format!("{text} {}", s.outcome_text())),
            )
        })
    }

    fn has_group(&self, path: &[u16]) -> bool {
        path.iter().any(|&v| {
            self.nodes[v as usize].cells.has_several() || !self.rest[v as usize].is_empty()
        }) || self.has_als(path)
    }

    fn has_als(&self, path: &[u16]) -> bool {
        path.chunks(2)
            .any(|pair| pair.len() == 2 && self.via(pair[0], pair[1]).is_some())
    }
}

impl Chain<'_> {
    pub fn node(&self, i: usize) -> Node {
        self.graph.nodes[self.path[i] as usize]
    }

    pub fn digit(&self) -> Digit {
        self.node(0).digit
    }

    /// The step with its changes, pattern candidates and links; the caller adds the text.
    pub fn step(&self, technique: &'static str) -> Step {
        let mut step = Step::new(technique);
        if let Some(p) = self.placement {
            step = step.place(p.cell, p.digit);
        }
        for e in &self.eliminations {
            step = step.eliminate(CellSet::single(e.cell), DigitSet::single(e.digit));
        }
        for (i, &v) in self.path.iter().enumerate() {
            let node = self.graph.nodes[v as usize];
            if i % 2 == 1
                && let Some(als) = self.graph.via(self.path[i - 1], v)
            {
                // The whole almost locked set is part of the pattern.
                for d in Digit::all() {
                    step = step.pattern(als & self.graph.places[d.index()], DigitSet::single(d));
                }
            }
            let rest = self.graph.rest[v as usize];
            let digits = if rest.is_empty() {
                DigitSet::single(node.digit)
            } else {
                rest
            };
            step = step.pattern(node.cells, digits);
        }
        step = step.chain((0..self.path.len()).map(|i| self.node(i)));
        sort_by_key(&mut step.pattern, |c| c.key());
        step.pattern.dedup();
        let links = self.rule_links();
        if let Some(rules) = self.graph.rule_links {
            let read = links
                .iter()
                .filter_map(|link| rules.constraint_named(link.rule));
            step = read.fold(step, Step::rule);
        }
        step.detail = (links.into_iter())
            .map(|link| {
                let named = rule_link_text(&link.text[0], &link.text[1], link.strong);
                format!("{named}: {}", link.rule)
            })
            .collect();
        step
    }

    /// The rule that forbids `a` with `b` when a rule's link joins them and the houses' do
    /// not (two cells, or one digit in two cells that see each other).
    fn rule_link(&self, a: Candidate, b: Candidate) -> Option<&str> {
        let seen = a.digit == b.digit && self.graph.peers[a.cell.index()].contains(b.cell);
        if a.cell == b.cell || seen {
            return None;
        }
        self.graph.rule_links?.rule_between(a, b)
    }

    /// The rule of the weak link from node `i` of the path to the next, if a rule makes it.
    /// Into or out of a cell's rest, the rule by which the candidate on the other side forces
    /// the cell's last digit, the rest's strong partner further along the path.
    fn rule_weak(&self, i: usize) -> Option<&str> {
        let rest = |i: usize| !self.graph.rest[self.path[i] as usize].is_empty();
        let (near, forced) = match (rest(i), rest(i + 1)) {
            (false, false) => return self.rule_link_nodes(self.node(i), self.node(i + 1)),
            (true, _) => (i + 1, i.checked_sub(1)?),
            (false, true) => (i, i + 2),
        };
        let (near, forced) = (self.candidate(near)?, self.candidate(forced)?);
        self.graph.rule_links?.rule_forcing(near, forced)
    }

    /// [`Chain::rule_link`] between two nodes, one of which may be a group that the houses do
    /// not link to the other: a rule that forbids the candidate with a cell of the group.
    fn rule_link_nodes(&self, a: Node, b: Node) -> Option<&str> {
        let first = |node: Node| Some(Candidate::new(node.cells.first()?, node.digit));
        let (one, group) = match (a.cells.has_several(), b.cells.has_several()) {
            (false, false) => return self.rule_link(first(a)?, first(b)?),
            (false, true) => (a, b),
            (true, false) => (b, a),
            (true, true) => return None,
        };
        let (near, rule_links) = (first(one)?, self.graph.rule_links?);
        let seen = |cell: Cell| {
            one.digit == group.digit && self.graph.peers[near.cell.index()].contains(cell)
        };
        (group.cells.iter())
            .filter(|&cell| !seen(cell))
            .find_map(|cell| rule_links.rule_between(near, Candidate::new(cell, group.digit)))
    }

    /// The rule that needs node `i` or the next when the chain's strong link between them is
    /// that rule's.
    fn rule_need(&self, i: usize) -> Option<&str> {
        let (from, to) = (self.path[i], self.path[i + 1]);
        let by_rule =
            (self.graph.strong(from).iter()).any(|&(v, via)| v == to && via == RULE_NEEDS);
        match by_rule {
            true => (self.graph.rule_links?).rule_needing(self.node(i), self.node(i + 1)),
            false => None,
        }
    }

    /// The digits node `i` of the path stands for, written together: `4`, or `789` for a cell's
    /// rest.
    fn digits_text(&self, i: usize) -> String {
        match self.graph.rest[self.path[i] as usize] {
            rest if rest.is_empty() => self.node(i).digit.to_string(),
            rest => rest.iter().map(|digit| digit.to_string()).collect(),
        }
    }

    /// The candidate of node `i` of the path, if it is one cell.
    fn candidate(&self, i: usize) -> Option<Candidate> {
        let node = self.node(i);
        let cell = node.cells.single_cell()?;
        Some(Candidate::new(cell, node.digit))
    }

    /// The rules' links in the chain's path.
    fn path_rule_links(&self) -> Vec<RuleLink<'_>> {
        let mut found = Vec::new();
        for i in 0..self.path.len() - 1 {
            let strong = i % 2 == 0;
            let rule = match strong {
                true => self.rule_need(i),
                false => self.rule_weak(i),
            };
            if let Some(rule) = rule {
                let text = [i, i + 1].map(|i| {
                    format!(
                        "({}){}",
                        self.digits_text(i),
                        group_text(self.node(i).cells)
                    )
                });
                found.push(RuleLink { rule, strong, text });
            }
        }
        found
    }

    /// The rules' links between the chain's ends and what it takes, each candidate taken by
    /// rule: the rule of each end's link (None for the houses').
    fn taken_by_rules(&self) -> Vec<(Candidate, [Option<EndLink<'_>>; 2])> {
        let ends = [self.node(0), self.node(self.path.len() - 1)];
        (self.eliminations.iter())
            .map(|&taken| {
                let by = ends.map(|end| {
                    let rule = self.rule_link_nodes(end, Node::single(taken.cell, taken.digit))?;
                    Some((rule, end))
                });
                (taken, by)
            })
            .filter(|(_, by)| by.iter().any(Option::is_some))
            .collect()
    }

    /// The rules' links the chain uses, in its path, then between its ends and what it takes.
    pub fn rule_links(&self) -> Vec<RuleLink<'_>> {
        let mut found = self.path_rule_links();
        for (b, by) in self.taken_by_rules() {
            for (rule, a) in by.into_iter().flatten() {
                let text = [node_text(a), candidate_text(b)];
                found.push(RuleLink {
                    rule,
                    strong: false,
                    text,
                });
            }
        }
        found
    }

    /// What the rules' links say, by rule: ", where the cage at r1c1 needs (1)r1c1 or
    /// (1)r1c2; the whispers line from r1c1 forbids (4)r1c1 with (9)r1c2, (1)r3c3 with
    /// either end"; empty for a chain of the houses' links alone.
    pub fn rules_text(&self) -> String {
        // Per rule, the places it needs a digit in, and what it forbids.
        type Said<'r> = Vec<(&'r str, Vec<String>, Vec<String>)>;
        fn say<'r>(said: &mut Said<'r>, rule: &'r str, strong: bool, what: String) {
            let at = match said.iter().position(|(r, _, _)| *r == rule) {
                Some(at) => at,
                None => {
                    said.push((rule, Vec::new(), Vec::new()));
                    said.len() - 1
                }
            };
            let (_, needs, forbids) = &mut said[at];
            if strong { needs } else { forbids }.push(what);
        }
        let mut said: Said = Vec::new();
        for link in self.path_rule_links() {
            let [a, b] = &link.text;
            match link.strong {
                true => say(&mut said, link.rule, true, format!("{a} or {b}")),
                false => say(&mut said, link.rule, false, format!("{a} with {b}")),
            }
        }
        // What the ends take, by rule and by the end or ends it goes with.
        let mut taken: Vec<(&str, String, Vec<String>)> = Vec::new();
        for (candidate, by) in self.taken_by_rules() {
            let groups: Vec<(&str, String)> = match by {
                [Some((a, _)), Some((b, _))] if a == b => vec![(a, "either end".to_string())],
                _ => (by.into_iter().flatten())
                    .map(|(rule, end)| (rule, node_text(end)))
                    .collect(),
            };
            for (rule, with) in groups {
                match taken.iter_mut().find(|(r, w, _)| *r == rule && *w == with) {
                    Some((_, _, list)) => list.push(candidate_text(candidate)),
                    None => taken.push((rule, with, vec![candidate_text(candidate)])),
                }
            }
        }
        for (rule, with, list) in taken {
            say(
                &mut said,
                rule,
                false,
                format!("{} with {with}", list.join(", ")),
            );
        }
        let parts: Vec<String> = (said.iter())
            .map(|(rule, needs, forbids)| {
                let mut verbs = Vec::new();
                if !needs.is_empty() {
                    verbs.push(format!("needs {}", needs.join(", and ")));
                }
                if !forbids.is_empty() {
                    verbs.push(format!("forbids {}", forbids.join(", ")));
                }
                format!("{rule} {}", verbs.join(" and "))
            })
            .collect();
        match parts.is_empty() {
            true => String::new(),
            false => format!(", where {}", parts.join("; ")),
        }
    }

    /// Cells only, for single-digit chains: `r1c2=r1c7-r5c7=r5c3`.
    pub fn cells_text(&self) -> String {
        let mut text = String::new();
        for i in 0..self.path.len() {
            if i > 0 {
                text.push(if i % 2 == 1 { '=' } else { '-' });
            }
            text.push_str(&group_text(self.node(i).cells));
        }
        text
    }

    /// Eureka notation: `(4)r1c2=(4)r1c7-(4=6)r5c7-(6)r5c3=(6)r2c3`; a strong link inside one
    /// cell or through an almost locked set reads `(4=6)r5c7`.
    pub fn eureka_text(&self) -> String {
        let mut text = String::new();
        for i in (0..self.path.len()).step_by(2) {
            if i > 0 {
                text.push('-');
            }
            let (a, b) = (self.node(i), self.node(i + 1));
            let via = self.graph.via(self.path[i], self.path[i + 1]);
            if a.cells == b.cells && a.cells.len() == 1 {
                let (a_digits, b_digits) = (self.digits_text(i), self.digits_text(i + 1));
                let _ = write!(text, "({a_digits}={b_digits}){}", group_text(a.cells));
            } else if let Some(als) = via {
                let _ = write!(text, "({}={}){}", a.digit, b.digit, group_text(als));
            } else {
                let _ = write!(
                    text,
                    "({}){}=({}){}",
                    a.digit,
                    group_text(a.cells),
                    b.digit,
                    group_text(b.cells)
                );
            }
        }
        text
    }
}

/// A word whose `count` lowest bits are set.
fn low_bits(count: usize) -> u64 {
    u64::MAX.checked_shr(u64::BITS - count as u32).unwrap_or(0)
}

/// The ways to split a digit's places in a house into two nodes: in a line, its parts in two
/// boxes (or a jigsaw's regions); in a box or any other house, its parts in two rows or in two
/// columns.
fn split_in_two(marks: &Candidates, house: House, places: CellSet) -> Vec<(CellSet, CellSet)> {
    let mut splits = Vec::new();
    let mut try_parts = |parts: &mut dyn Iterator<Item = CellSet>| {
        let filled: Vec<CellSet> = parts.filter(|p| !p.is_empty()).collect();
        if filled.len() == 2 && !splits.contains(&(filled[0], filled[1])) {
            splits.push((filled[0], filled[1]));
        }
    };
    let regions = marks
        .houses()
        .iter()
        .filter(|h| matches!(h.kind(), HouseKind::Box | HouseKind::Region));
    if house.is_line() {
        try_parts(&mut regions.map(|&region| places & marks.cells_of(region)));
    } else {
        try_parts(&mut (0..9).map(|r| places & House::row(r).cell_set()));
        try_parts(&mut (0..9).map(|c| places & House::column(c).cell_set()));
    }
    splits
}

/// Every almost locked set of 2 to `max` cells: N empty cells of one house whose candidates are
/// N+1 digits. A set lying in a box and a line is listed once. Per house, smaller sets first,
/// each size in the lexicographic order of its cells.
fn almost_locked_sets(marks: &Candidates, max: usize) -> Vec<(CellSet, DigitSet)> {
    let mut sets = Vec::new();
    for &house in marks.houses() {
        let cells: Vec<Cell> = (marks.empty_cells() & marks.cells_of(house))
            .iter()
            .filter(|c| (2..=max as u32 + 1).contains(&marks.get(*c).len()))
            .collect();
        let from = sets.len();
        grow_sets(
            marks,
            &cells,
            max,
            CellSet::EMPTY,
            DigitSet::EMPTY,
            &mut sets,
        );
        if !house.is_line() {
            let mut kept = from;
            for i in from..sets.len() {
                if shared_line(sets[i].0).is_none() {
                    sets[kept] = sets[i];
                    kept += 1;
                }
            }
            sets.truncate(kept);
        }
        sort_by_key(&mut sets[from..], |(cells, _)| cells.len().into());
    }
    sets
}

/// Adds every almost locked set of up to `max` cells that grows `cells` (whose candidates are
/// `digits`) by cells of `open`, depth first.
fn grow_sets(
    marks: &Candidates,
    open: &[Cell],
    max: usize,
    cells: CellSet,
    digits: DigitSet,
    sets: &mut Vec<(CellSet, DigitSet)>,
) {
    // Each set made here has one cell more than `cells`.
    let size = cells.len() as usize + 1;
    for (i, &cell) in open.iter().enumerate() {
        let (cells, digits) = (cells.with(cell), digits | marks.get(cell));
        let count = digits.len() as usize;
        if size >= 2 && count == size + 1 {
            sets.push((cells, digits));
        }
        // Each further cell lowers (digits - cells) by at most one: stop when 1 is out of reach.
        let further = (open.len() - i - 1).min(max - size);
        if further > 0 && count <= size + 1 + further {
            grow_sets(marks, &open[i + 1..], max, cells, digits, sets);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_read_compactly() {
        let cells = |list: &[(u8, u8)]| list.iter().map(|&(r, c)| Cell::at(r, c)).collect();
        assert_eq!(group_text(cells(&[(4, 6)])), "r5c7");
        assert_eq!(group_text(cells(&[(4, 0), (4, 1), (4, 2)])), "r5c123");
        assert_eq!(group_text(cells(&[(0, 4), (2, 4)])), "r13c5");
        assert_eq!(group_text(cells(&[(0, 1), (0, 2), (1, 0)])), "r1c23,r2c1");
    }

    #[test]
    fn a_box_splits_by_rows_and_by_columns() {
        let places = [Cell::at(0, 0), Cell::at(0, 1), Cell::at(1, 0)]
            .into_iter()
            .collect();
        let splits = split_in_two(
            &Candidates::new(&crate::grid::Grid::default()),
            House::box_at(0),
            places,
        );
        assert_eq!(splits.len(), 2);
        for (a, b) in splits {
            assert!((a & b).is_empty() && (a | b) == places);
        }
    }
}
