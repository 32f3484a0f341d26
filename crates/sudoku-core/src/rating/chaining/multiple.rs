//! SE 1.2.1's producers built on `getMultipleChainsHintList`: Nishio (`Chaining(false, true,
//! true, 0)`, 7.5), Multiple Forcing Chains (`Chaining(true, false, false, 0)`, 8.0), Dynamic
//! Forcing Chains (`Chaining(true, true, false, 0)`, 8.5) and Dynamic (+) (level 1, 9.0); each
//! plus the length bonus of its complexity (`Chaining.getDifficulty`, `BinaryChainingHint`,
//! `CellChainingHint`, `RegionChainingHint`).
//!
//! From every candidate of every cell (with three or more candidates for the static multiple
//! chains), SE propagates "on" (and "off" where it looks for contradictions or double forcing),
//! then compares: a contradiction, a conclusion shared by "on" and "off" (double forcing), by
//! every candidate of a cell (cell forcing) or by every place of a digit in a house (region
//! forcing). The producer reports the least hint by (rating, complexity, sort key).

use super::{Best, Mode, Pot, Propagation};
use crate::cell::{Cell, Digit};
use crate::rating::board::{Board, Kind};
use crate::rating::hint::Hint;
use crate::rating::length;

/// Which of SE's chaining producers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Family {
    Nishio,
    Multiple,
    /// Dynamic forcing chains, nested to this level.
    Dynamic(u8),
}

impl Family {
    fn base(self) -> f64 {
        match self {
            Family::Nishio => 7.5,
            Family::Multiple => 8.0,
            Family::Dynamic(level) => 8.5 + 0.5 * f64::from(level),
        }
    }

    fn mode(self) -> Mode {
        match self {
            Family::Nishio => Mode {
                cell_rules: false,
                dynamic: true,
                level: 0,
            },
            Family::Multiple => Mode {
                cell_rules: true,
                dynamic: false,
                level: 0,
            },
            Family::Dynamic(level) => Mode {
                cell_rules: true,
                dynamic: true,
                level,
            },
        }
    }

    fn is_dynamic(self) -> bool {
        matches!(self, Family::Nishio | Family::Dynamic(_))
    }

    /// SE's names: contradiction, double forcing, cell forcing, region forcing.
    fn names(self) -> [&'static str; 4] {
        match self {
            Family::Nishio => ["Nishio Forcing Chains"; 4],
            Family::Multiple => [
                "Forcing Chains",
                "Forcing Chains",
                "Cell Forcing Chains",
                "Region Forcing Chains",
            ],
            Family::Dynamic(0) => [
                "Dynamic Contradiction Forcing Chains",
                "Dynamic Double Forcing Chains",
                "Dynamic Cell Forcing Chains",
                "Dynamic Region Forcing Chains",
            ],
            Family::Dynamic(_) => [
                "Dynamic Contradiction Forcing Chains (+)",
                "Dynamic Double Forcing Chains (+)",
                "Dynamic Cell Forcing Chains (+)",
                "Dynamic Region Forcing Chains (+)",
            ],
        }
    }
}

/// SE's sort keys (`getSortKey`).
const DOUBLE_KEY: u8 = 1;
const CELL_KEY: u8 = 5;
const REGION_KEY: u8 = 6;
const CONTRADICTION_KEY: u8 = 7;

/// Propagations kept while a cell and its houses are compared, and the working grid.
pub(crate) struct Scratch {
    pool: Vec<Propagation>,
    work: Board,
}

impl Scratch {
    pub(crate) fn new(board: &Board) -> Scratch {
        Scratch {
            pool: Vec::new(),
            work: board.clone(),
        }
    }

    fn take(&mut self) -> Propagation {
        self.pool.pop().unwrap_or_default()
    }
}

/// What a hint concludes: a candidate on (placed) or off (removed).
fn conclusion_hint(
    board: &Board,
    name: &'static str,
    difficulty: f64,
    target: Pot,
) -> Option<Hint> {
    let (cell, digit) = (target.cell(), target.digit());
    if target.is_on() {
        let others = board.candidates(cell).iter().filter(|&d| d != digit);
        let mut hint = Hint::placing(name, difficulty, cell, digit);
        for other in others {
            hint.eliminations.insert(cell, other);
        }
        (!hint.eliminations.is_empty()).then_some(hint)
    } else {
        Some(Hint::eliminating(name, difficulty, {
            let mut removed = crate::rating::board::CandidateSet::EMPTY;
            removed.insert(cell, digit);
            removed
        }))
    }
}

/// Offers a hint concluding `target` from several branches; its complexity is the sum of the
/// target's ancestors in each branch, computed only when a lower bound (the depths) could win.
fn offer_shared(
    board: &Board,
    best: &mut Best,
    family: Family,
    name: &'static str,
    sort_key: u8,
    target: Pot,
    branches: &mut [&mut Propagation],
) {
    let mut bound = 0;
    let mut nodes = Vec::with_capacity(branches.len());
    for branch in branches.iter() {
        let Some(node) = branch.get(target) else {
            return;
        };
        bound += branch.node(node).depth as usize + 1;
        nodes.push(node);
    }
    let base = family.base();
    if !best.beats(base + length::bonus(bound), bound, sort_key) {
        return;
    }
    let complexity: usize = branches
        .iter_mut()
        .zip(&nodes)
        .map(|(branch, &node)| branch.ancestor_count(node))
        .sum();
    let difficulty = base + length::bonus(complexity);
    if best.beats(difficulty, complexity, sort_key)
        && let Some(hint) = conclusion_hint(board, name, difficulty, target)
    {
        best.offer(difficulty, complexity, sort_key, || hint);
    }
}

/// A contradiction: both nodes of the propagation's conflict, counted apart.
fn offer_contradiction(
    board: &Board,
    best: &mut Best,
    family: Family,
    propagation: &mut Propagation,
    start: Pot,
) {
    let Some((on, off)) = propagation.contradiction else {
        return;
    };
    let complexity = propagation.ancestor_count(on) + propagation.ancestor_count(off);
    let difficulty = family.base() + length::bonus(complexity);
    if best.beats(difficulty, complexity, CONTRADICTION_KEY)
        && let Some(hint) = conclusion_hint(board, family.names()[0], difficulty, start.conjugate())
    {
        best.offer(difficulty, complexity, CONTRADICTION_KEY, || hint);
    }
}

pub(crate) fn first(board: &Board, scratch: &mut Scratch, family: Family) -> Option<Hint> {
    let mode = family.mode();
    let names = family.names();
    let mut best = Best::default();
    let mut off_branch = scratch.take();
    for cell in board.empty_cells().iter() {
        let count = board.count(cell);
        if !(count > 2 || (count > 1 && family.is_dynamic())) {
            continue;
        }
        let digits: Vec<Digit> = board.candidates(cell).iter().collect();
        let mut on_branches: Vec<Propagation> = Vec::with_capacity(digits.len());
        for &digit in &digits {
            let on = Pot::new(cell, digit, true);
            let mut branch = scratch.take();
            branch.run(board, &mut scratch.work, mode, on);
            if family.is_dynamic() {
                offer_contradiction(board, &mut best, family, &mut branch, on);
                off_branch.run(board, &mut scratch.work, mode, on.conjugate());
                offer_contradiction(board, &mut best, family, &mut off_branch, on.conjugate());
                if count >= 3 && family != Family::Nishio {
                    double_forcing(board, &mut best, family, &mut branch, &mut off_branch);
                }
            }
            if family != Family::Nishio {
                regions(board, scratch, &mut best, family, cell, digit, &mut branch);
            }
            on_branches.push(branch);
        }
        if family != Family::Nishio {
            cell_forcing(board, &mut best, family, &mut on_branches, names[2]);
        }
        scratch.pool.extend(on_branches);
    }
    scratch.pool.push(off_branch);
    best.hint
}

/// The pots a branch reached, "on" ones first, each in the order found.
fn reached(branch: &Propagation) -> impl Iterator<Item = Pot> + '_ {
    branch
        .on_order
        .iter()
        .chain(branch.off_order.iter())
        .map(|&i| branch.node(i).pot)
}

/// Conclusions reached both from the candidate on and from it off.
fn double_forcing(
    board: &Board,
    best: &mut Best,
    family: Family,
    on: &mut Propagation,
    off: &mut Propagation,
) {
    let name = family.names()[1];
    let targets: Vec<Pot> = reached(on).filter(|&t| off.contains(t)).collect();
    for target in targets {
        offer_shared(
            board,
            best,
            family,
            name,
            DOUBLE_KEY,
            target,
            &mut [&mut *on, &mut *off],
        );
    }
}

/// Conclusions shared by every candidate of the cell (in the first branch's order).
fn cell_forcing(
    board: &Board,
    best: &mut Best,
    family: Family,
    branches: &mut [Propagation],
    name: &'static str,
) {
    let Some((first, rest)) = branches.split_first() else {
        return;
    };
    let targets: Vec<Pot> = reached(first)
        .filter(|&t| rest.iter().all(|b| b.contains(t)))
        .collect();
    for target in targets {
        let mut all: Vec<&mut Propagation> = branches.iter_mut().collect();
        offer_shared(board, best, family, name, CELL_KEY, target, &mut all);
    }
}

/// SE's `doRegionChainings`: for each house of the cell where the digit has two or more places
/// and the cell is the first of them, the conclusions shared by every place.
fn regions(
    board: &Board,
    scratch: &mut Scratch,
    best: &mut Best,
    family: Family,
    cell: Cell,
    digit: Digit,
    own: &mut Propagation,
) {
    let mode = family.mode();
    let name = family.names()[3];
    for kind in Kind::CHAIN_ORDER {
        let house = kind.house_of(cell);
        let places = board.positions(house, digit);
        if places.len() < 2 || places.first() != Some(cell) {
            continue;
        }
        let mut others: Vec<Propagation> = Vec::with_capacity(places.len() as usize - 1);
        for other in places.iter().skip(1) {
            let mut branch = scratch.take();
            branch.run(board, &mut scratch.work, mode, Pot::new(other, digit, true));
            others.push(branch);
        }
        let targets: Vec<Pot> = reached(own)
            .filter(|&t| others.iter().all(|b| b.contains(t)))
            .collect();
        for target in targets {
            let mut all: Vec<&mut Propagation> = Vec::with_capacity(others.len() + 1);
            all.push(&mut *own);
            all.extend(others.iter_mut());
            offer_shared(board, best, family, name, REGION_KEY, target, &mut all);
        }
        scratch.pool.extend(others);
    }
}
