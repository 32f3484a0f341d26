//! SE 1.2.1's "Forcing Chains & Cycles" producer (`Chaining(false, false, false, 0)`): static
//! chains on the grid as it is, tried from every candidate in three passes: one digit only
//! (X links), bivalue cells only (Y links), then both.
//!
//! Ratings (`CycleHint`, `ForcingChainHint`): a cycle of one kind of link 6.5, a forcing X-chain
//! 6.6, a cycle or forcing chain with both kinds 7.0; each plus the length bonus of its
//! complexity, which is its number of nodes.
//!
//! A forcing chain's complexity is the breadth-first distance from its assumption to the
//! opposite of it, so it is found with bit boards (layers of candidate sets). A cycle's
//! eliminations depend on the exact breadth-first tree SE builds, so cycles replay SE's walk node
//! by node: `arena` holds every node with its one parent.

use super::{Best, Pot};
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::rating::board::{Board, CandidateSet, Kind};
use crate::rating::hint::Hint;
use crate::rating::length;
use crate::sets::CellSet;

/// One pass: which links, SE's sort key, the cycle and forcing-chain bases and names.
struct Pass {
    cell_links: bool,
    house_links: bool,
    sort_key: u8,
    cycle_base: f64,
    cycle_name: &'static str,
    chain_base: f64,
    chain_name: &'static str,
}

const PASSES: [Pass; 3] = [
    Pass {
        cell_links: false,
        house_links: true,
        sort_key: 2,
        cycle_base: 6.5,
        cycle_name: "Bidirectional X-Cycle",
        chain_base: 6.6,
        chain_name: "Forcing X-Chain",
    },
    Pass {
        cell_links: true,
        house_links: false,
        sort_key: 3,
        cycle_base: 6.5,
        cycle_name: "Bidirectional Y-Cycle",
        chain_base: f64::INFINITY,
        chain_name: "",
    },
    Pass {
        cell_links: true,
        house_links: true,
        sort_key: 4,
        cycle_base: 7.0,
        cycle_name: "Bidirectional Cycle",
        chain_base: 7.0,
        chain_name: "Forcing Chain",
    },
];

/// The strong links of a grid: for each digit and cell, the other place of the digit in each of
/// the cell's houses where it has exactly two; and each bivalue cell's two digits.
struct Links {
    conjugates: [[CellSet; 81]; 9],
    /// The candidates whose "off" turns something on: with house links only (0), and with both
    /// kinds (1).
    sources: [CandidateSet; 2],
}

impl Links {
    fn new(board: &Board) -> Links {
        let mut conjugates = [[CellSet::EMPTY; 81]; 9];
        let mut sources = [CandidateSet::EMPTY; 2];
        for digit in Digit::all() {
            for house in House::all() {
                if let Some((a, b)) = board.positions(house, digit).pair() {
                    conjugates[digit.index()][a.index()].insert(b);
                    conjugates[digit.index()][b.index()].insert(a);
                    sources[0].insert(a, digit);
                    sources[0].insert(b, digit);
                }
            }
        }
        sources[1] = sources[0];
        for cell in board.empty_cells().iter() {
            if board.count(cell) == 2 {
                for digit in board.candidates(cell).iter() {
                    sources[1].insert(cell, digit);
                }
            }
        }
        Links {
            conjugates,
            sources,
        }
    }
}

/// Reusable buffers of the cycle walk.
#[derive(Default)]
pub(crate) struct Scratch {
    /// Every node as (pot, index of its parent or `u32::MAX`).
    arena: Vec<(Pot, u32)>,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    next: Vec<u32>,
    cycles: Vec<u32>,
    on_path: Vec<u32>,
    stamp: u32,
    found: Vec<Pot>,
}

/// The producer's hint: the least by SE's sort over all three passes. Each search stops at the
/// longest chain that could still beat the best hint found so far.
pub(crate) fn first(board: &Board, scratch: &mut Scratch) -> Option<Hint> {
    let links = Links::new(board);
    if scratch.on_path.len() < Pot::COUNT {
        scratch.on_path = vec![0; Pot::COUNT];
    }
    let mut best = Best::default();
    for pass in &PASSES {
        let cheapest = pass.cycle_base.min(pass.chain_base);
        if best.beats(cheapest, 0, pass.sort_key) {
            run_pass(board, &links, pass, scratch, &mut best);
        }
    }
    best.hint
}

fn run_pass(board: &Board, links: &Links, pass: &Pass, scratch: &mut Scratch, best: &mut Best) {
    for cell in board.empty_cells().iter() {
        let count = board.count(cell);
        if count < 2 || (!pass.house_links && count > 2) {
            continue;
        }
        for digit in board.candidates(cell).iter() {
            let start = Pot::new(cell, digit, true);
            // A cycle comes back to its start through a strong link.
            let has_strong_link = (pass.house_links
                && !links.conjugates[digit.index()][cell.index()].is_empty())
                || (pass.cell_links && count == 2);
            let limit = best.complexity_limit(pass.cycle_base, pass.sort_key);
            if limit >= 4 && has_strong_link {
                cycles(board, links, pass, start, limit, scratch, best);
            }
            if !pass.house_links {
                continue;
            }
            for (from, to) in [(start, start.conjugate()), (start.conjugate(), start)] {
                let limit = best.complexity_limit(pass.chain_base, pass.sort_key);
                let Some(complexity) = distance(board, links, pass, from, to, limit) else {
                    continue;
                };
                let difficulty = pass.chain_base + length::bonus(complexity);
                best.offer(difficulty, complexity, pass.sort_key, || {
                    let name = chain_name(pass, complexity);
                    if to.is_on() {
                        let mut hint = Hint::placing(name, difficulty, cell, digit);
                        for other in board.candidates(cell).iter().filter(|&d| d != digit) {
                            hint.eliminations.insert(cell, other);
                        }
                        hint
                    } else {
                        let mut removed = CandidateSet::EMPTY;
                        removed.insert(cell, digit);
                        Hint::eliminating(name, difficulty, removed)
                    }
                });
            }
        }
    }
}

/// SE names a forcing X-chain of six nodes a Turbot Fish.
fn chain_name(pass: &Pass, complexity: usize) -> &'static str {
    if pass.sort_key == 2 && complexity == 6 {
        "Turbot Fish"
    } else {
        pass.chain_name
    }
}

/// What a set of "on" nodes turns off, with the pass's links.
fn on_to_off(board: &Board, pass: &Pass, on: &CandidateSet) -> CandidateSet {
    let mut off = CandidateSet::EMPTY;
    for digit in Digit::all() {
        let plane = board.plane(digit);
        for cell in on.plane(digit).iter() {
            off.insert_cells(cell.peers() & plane, digit);
            if pass.cell_links {
                for other in board.candidates(cell).iter().filter(|&d| d != digit) {
                    off.insert(cell, other);
                }
            }
        }
    }
    off
}

/// What a set of "off" nodes turns on, with the pass's links.
fn off_to_on(board: &Board, links: &Links, pass: &Pass, off: &CandidateSet) -> CandidateSet {
    let mut on = CandidateSet::EMPTY;
    for digit in Digit::all() {
        for cell in off.plane(digit).iter() {
            if pass.cell_links
                && let Some((a, b)) = board.candidates(cell).pair()
            {
                on.insert(cell, if a == digit { b } else { a });
            }
            if pass.house_links {
                on.insert_cells(links.conjugates[digit.index()][cell.index()], digit);
            }
        }
    }
    on
}

fn minus(a: &CandidateSet, b: &CandidateSet) -> CandidateSet {
    let mut result = CandidateSet::EMPTY;
    for digit in Digit::all() {
        result.insert_cells(a.plane(digit) - b.plane(digit), digit);
    }
    result
}

fn intersect(a: &CandidateSet, b: &CandidateSet) -> CandidateSet {
    let mut result = CandidateSet::EMPTY;
    for digit in Digit::all() {
        result.insert_cells(a.plane(digit) & b.plane(digit), digit);
    }
    result
}

fn union_into(a: &mut CandidateSet, b: &CandidateSet) {
    for digit in Digit::all() {
        a.insert_cells(b.plane(digit), digit);
    }
}

/// SE's `doForcingChains` from `start`, as distances: the complexity (nodes on the chain) of the
/// shortest chain from `start` to `target`, if it is at most `limit`.
fn distance(
    board: &Board,
    links: &Links,
    pass: &Pass,
    start: Pot,
    target: Pot,
    limit: usize,
) -> Option<usize> {
    if !pass.cell_links {
        return x_distance(board, links, start, limit);
    }
    let mut seen_on = CandidateSet::EMPTY;
    let mut seen_off = CandidateSet::EMPTY;
    let mut frontier = CandidateSet::EMPTY;
    frontier.insert(start.cell(), start.digit());
    let mut frontier_is_on = start.is_on();
    if frontier_is_on {
        seen_on = frontier;
    } else {
        seen_off = frontier;
    }
    let mut depth = 0;
    while !frontier.is_empty() {
        depth += 1;
        if depth + 1 > limit {
            return None;
        }
        let generated = if frontier_is_on {
            on_to_off(board, pass, &frontier)
        } else {
            off_to_on(board, links, pass, &frontier)
        };
        frontier_is_on = !frontier_is_on;
        if target.is_on() == frontier_is_on && generated.contains(target.cell(), target.digit()) {
            return Some(depth + 1);
        }
        let seen = if frontier_is_on {
            &mut seen_on
        } else {
            &mut seen_off
        };
        frontier = minus(&generated, seen);
        if !frontier_is_on {
            // Only "off" nodes with a strong link turn anything on.
            frontier = intersect(&frontier, &links.sources[usize::from(pass.cell_links)]);
        }
        union_into(seen, &frontier);
    }
    None
}

/// [`distance`] with X links only, where every node has the start's digit: one cell set per
/// layer. The target is the start's opposite.
fn x_distance(board: &Board, links: &Links, start: Pot, limit: usize) -> Option<usize> {
    let digit = start.digit();
    let plane = board.plane(digit);
    let conjugates = &links.conjugates[digit.index()];
    let origin = CellSet::single(start.cell());
    let (mut seen_on, mut seen_off) = if start.is_on() {
        (origin, CellSet::EMPTY)
    } else {
        (CellSet::EMPTY, origin)
    };
    let mut frontier = origin;
    let mut frontier_is_on = start.is_on();
    let mut depth = 0;
    while !frontier.is_empty() {
        depth += 1;
        if depth + 1 > limit {
            return None;
        }
        let mut generated = CellSet::EMPTY;
        for cell in frontier.iter() {
            generated |= if frontier_is_on {
                cell.peers() & plane
            } else {
                conjugates[cell.index()]
            };
        }
        frontier_is_on = !frontier_is_on;
        // The target is the start's cell in the other state.
        if frontier_is_on != start.is_on() && generated.contains(start.cell()) {
            return Some(depth + 1);
        }
        let seen = if frontier_is_on {
            &mut seen_on
        } else {
            &mut seen_off
        };
        frontier = generated - *seen;
        *seen |= frontier;
    }
    None
}

/// SE's `doCycles` from an "on" start, replayed node by node up to cycles of `limit` nodes: each
/// cycle found that removes something is offered to `best`.
fn cycles(
    board: &Board,
    links: &Links,
    pass: &Pass,
    start: Pot,
    limit: usize,
    scratch: &mut Scratch,
    best: &mut Best,
) {
    scratch.arena.clear();
    scratch.pending_on.clear();
    scratch.pending_off.clear();
    scratch.cycles.clear();
    scratch.arena.push((start, u32::MAX));
    scratch.pending_on.push(0);
    let mut reached_on = CandidateSet::EMPTY;
    reached_on.insert(start.cell(), start.digit());
    let mut length = 0;
    while !scratch.pending_on.is_empty() || !scratch.pending_off.is_empty() {
        length += 1;
        if length + 1 > limit {
            return;
        }
        scratch.next.clear();
        for k in 0..scratch.pending_on.len() {
            let p = scratch.pending_on[k];
            // Mark the node's ancestors: SE skips an "off" equal to one of them.
            scratch.stamp = scratch.stamp.wrapping_add(1);
            let mut q = scratch.arena[p as usize].1;
            while q != u32::MAX {
                scratch.on_path[scratch.arena[q as usize].0.index()] = scratch.stamp;
                q = scratch.arena[q as usize].1;
            }
            scratch.found.clear();
            super::on_to_off(
                board,
                scratch.arena[p as usize].0,
                pass.cell_links,
                &mut scratch.found,
            );
            for &off in &scratch.found {
                // An "off" that can turn on nothing new and not the start does nothing.
                let useful =
                    new_or_closing(board, links, pass, off, &reached_on, start, length + 1);
                if useful && scratch.on_path[off.index()] != scratch.stamp {
                    scratch.arena.push((off, p));
                    scratch.next.push(scratch.arena.len() as u32 - 1);
                }
            }
        }
        std::mem::swap(&mut scratch.pending_off, &mut scratch.next);
        scratch.pending_on.clear();
        length += 1;
        for k in 0..scratch.pending_off.len() {
            let p = scratch.pending_off[k];
            let off = scratch.arena[p as usize].0;
            let (cell, digit) = (off.cell(), off.digit());
            scratch.found.clear();
            if pass.cell_links
                && let Some((a, b)) = board.candidates(cell).pair()
            {
                scratch
                    .found
                    .push(Pot::new(cell, if a == digit { b } else { a }, true));
            }
            if pass.house_links {
                for kind in Kind::CHAIN_ORDER {
                    let places = board.positions(kind.house_of(cell), digit);
                    if places.len() != 2 {
                        continue;
                    }
                    if let Some(other) = (places - CellSet::single(cell)).first() {
                        let on = Pot::new(other, digit, true);
                        if !scratch.found.contains(&on) {
                            scratch.found.push(on);
                        }
                    }
                }
            }
            for &on in &scratch.found {
                if length >= 4 && on == start {
                    scratch.arena.push((on, p));
                    scratch.cycles.push(scratch.arena.len() as u32 - 1);
                }
                if !reached_on.contains(on.cell(), on.digit()) {
                    reached_on.insert(on.cell(), on.digit());
                    scratch.arena.push((on, p));
                    scratch.pending_on.push(scratch.arena.len() as u32 - 1);
                }
            }
        }
        scratch.pending_off.clear();
        for k in 0..scratch.cycles.len() {
            let end = scratch.cycles[k];
            let removed = cycle_eliminations(board, &scratch.arena, end);
            if !removed.is_empty() {
                let difficulty = pass.cycle_base + length::bonus(length);
                best.offer(difficulty, length, pass.sort_key, || {
                    Hint::eliminating(pass.cycle_name, difficulty, removed)
                });
            }
        }
        scratch.cycles.clear();
    }
}

/// Whether an "off" node, processed at `length`, could turn on a node not reached yet, or the
/// start again once a cycle may close (four links or more).
fn new_or_closing(
    board: &Board,
    links: &Links,
    pass: &Pass,
    off: Pot,
    reached_on: &CandidateSet,
    start: Pot,
    length: usize,
) -> bool {
    let (cell, digit) = (off.cell(), off.digit());
    let closing = length >= 4;
    if pass.house_links {
        let partners = links.conjugates[digit.index()][cell.index()];
        if !(partners - reached_on.plane(digit)).is_empty()
            || (closing && digit == start.digit() && partners.contains(start.cell()))
        {
            return true;
        }
    }
    if pass.cell_links
        && let Some((a, b)) = board.candidates(cell).pair()
    {
        let other = if a == digit { b } else { a };
        if !reached_on.contains(cell, other)
            || (closing && cell == start.cell() && other == start.digit())
        {
            return true;
        }
    }
    false
}

/// SE's `createCycleHint`: a candidate outside the loop's cells goes if it sees a node of its
/// digit that is on and one that is off.
fn cycle_eliminations(board: &Board, arena: &[(Pot, u32)], end: u32) -> CandidateSet {
    let mut loop_cells = CellSet::EMPTY;
    let mut i = end;
    while arena[i as usize].1 != u32::MAX {
        loop_cells.insert(arena[i as usize].0.cell());
        i = arena[i as usize].1;
    }
    let mut seen_on = [CellSet::EMPTY; 9];
    let mut seen_off = [CellSet::EMPTY; 9];
    let mut i = end;
    while arena[i as usize].1 != u32::MAX {
        let pot = arena[i as usize].0;
        let cell: Cell = pot.cell();
        let seen = if pot.is_on() {
            &mut seen_on
        } else {
            &mut seen_off
        };
        seen[pot.digit().index()] |= cell.peers();
        i = arena[i as usize].1;
    }
    let mut removed = CandidateSet::EMPTY;
    for digit in Digit::all() {
        let d = digit.index();
        removed.insert_cells(
            (seen_on[d] & seen_off[d] & board.plane(digit)) - loop_cells,
            digit,
        );
    }
    removed
}
