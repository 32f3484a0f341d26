//! Remote Pair: a chain of cells that all have the same two candidates {a,b}, each seeing the
//! next. Neighbours must differ, so the cells alternate a, b, a, b... Two cells an odd number of
//! steps apart hold one a and one b, so neither digit can go in a cell that sees both.

use std::ops::ControlFlow;

use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, digits_text};

pub struct RemotePair;

/// Chains shorter than this are Naked Pairs or XY-Wings.
const MIN_CELLS: usize = 4;

/// How many chains one search may grow: each house holds at most two cells of a pair, so chains
/// branch little, but this bounds the search whatever the marks.
const BUDGET: u32 = 20_000;

impl Technique for RemotePair {
    fn name(&self) -> &'static str {
        "Remote Pair"
    }

    fn about(&self) -> &'static str {
        "A chain of cells that all have the same two candidates, each cell seeing the next: \
         neighbours must hold different digits, so the digits alternate along the chain. Two \
         cells of the chain an odd number of links apart hold both digits between them, so any \
         cell that sees both can hold neither."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let bivalue = marks.bivalue_cells();
        let mut done = CellSet::EMPTY;
        for first in bivalue.iter() {
            if done.contains(first) {
                continue;
            }
            let pair = marks.get(first);
            let Some(digits) = pair.pair() else {
                continue;
            };
            let cells: CellSet = bivalue.iter().filter(|c| marks.get(*c) == pair).collect();
            done |= cells;
            if (cells.len() as usize) < MIN_CELLS {
                continue;
            }
            let mut search = Search {
                name: self.name(),
                marks,
                digits,
                cells,
                reach: marks.cells_with_any(pair),
                chain: Vec::with_capacity(cells.len() as usize),
                budget: BUDGET,
                found,
            };
            for start in cells.iter() {
                search.extend(start, CellSet::EMPTY)?;
            }
        }
        ControlFlow::Continue(())
    }
}

struct Search<'a> {
    name: &'static str,
    marks: &'a Candidates,
    /// The pair's two digits.
    digits: (Digit, Digit),
    /// The cells with exactly the pair.
    cells: CellSet,
    /// The cells where either digit is a candidate.
    reach: CellSet,
    chain: Vec<Cell>,
    /// Chains left to grow.
    budget: u32,
    found: Found<'a>,
}

impl Search<'_> {
    /// Adds `cell` to the chain, reports the chain if it eliminates something, and grows it
    /// further. `targets` holds what the chain without `cell` eliminates.
    fn extend(&mut self, cell: Cell, mut targets: CellSet) -> ControlFlow<()> {
        if self.budget == 0 {
            return ControlFlow::Continue(());
        }
        self.budget -= 1;
        let n = self.chain.len();
        // `cell` and every chain cell an odd number (at least three) of links before it.
        for i in (0..n.saturating_sub(2)).rev().step_by(2) {
            targets |= self.marks.peers(cell) & self.marks.peers(self.chain[i]) & self.reach;
        }
        self.chain.push(cell);
        let in_chain: CellSet = self.chain.iter().copied().collect();
        let targets = targets - in_chain;
        // Each chain is reported once, from its lower end.
        if self.chain.len() >= MIN_CELLS && !targets.is_empty() && self.chain[0] < cell {
            let step = self.step(targets);
            (self.found)(step)?;
        }
        for next in (self.marks.peers(cell) & (self.cells - in_chain)).iter() {
            self.extend(next, targets)?;
        }
        self.chain.pop();
        ControlFlow::Continue(())
    }

    fn step(&self, targets: CellSet) -> Step {
        let (a, b) = self.digits;
        let pair = DigitSet::single(a) | DigitSet::single(b);
        // Inside each cell a strong link from one digit to the other, between cells a weak one.
        let mut step = Step::new(self.name);
        for &cell in &self.chain {
            step = step.pattern(CellSet::single(cell), pair);
        }
        step = step.chain(self.chain.iter().enumerate().flat_map(|(i, &cell)| {
            let (from, to) = if i % 2 == 0 { (a, b) } else { (b, a) };
            [(cell, from), (cell, to)]
        }));
        step = step.eliminate_candidates(self.marks, targets, pair);
        let chain: Vec<String> = self.chain.iter().map(Cell::to_string).collect();
        step.explain(|s| {
            format!(
                "{} {}: {} {}",
                self.name,
                digits_text(pair),
                chain.join("-"),
                s.outcome_text()
            )
        })
    }
}
