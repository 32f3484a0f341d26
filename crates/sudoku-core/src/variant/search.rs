//! The search solver for any [`Rules`]: counting solutions (uniqueness) and finding one.
//!
//! Classic rules go to the fast engines of [`crate::search`]; the rest take this general path,
//! a depth-first search over cells that knows nothing of rows or boxes, only the rules' groups
//! and cages:
//!
//! - the state is each cell's candidates, nine bits per cell, copied at each guess;
//! - a digit placed leaves its cell's peers (every cell sharing a group or a cage);
//! - a group of nine cells with a digit in one place puts it there (hidden single), with a
//!   digit in none is dead;
//! - each constraint narrows the candidates by what follows from it beyond its groups (a cage's
//!   sum, a thermometer's order: each kind's `narrow`, in [`rules`](super::rules));
//! - so does the rest of each group of nine beside the cages wholly inside it, as a cage adding
//!   up to what those cages leave of 45 (the rule of 45);
//! - and two sums of fixed totals whose cells share groups, read as one sum (see [`joined`]);
//! - a group or a constraint narrows again only when one of its cells changed;
//! - when nothing more follows, the open cell with the most weight per candidate is guessed,
//!   each digit in turn: a cell weighs what its groups and constraints hold, and more each
//!   time a guess on it fails (see [`Search`]).

use rand::{Rng, RngExt};

mod joined;

use super::rules::{Dead, Narrow, sum};
use super::{Cage, Constraint, Rules};
use crate::cell::Cell;
use crate::error::SolveError;
use crate::grid::Grid;
use crate::search::{self, Solutions};
use crate::sets::CellSet;

/// Every digit, bit `d - 1` for digit `d`.
const ALL_DIGITS: u16 = 0x1ff;

/// The rules as the search reads them.
struct Compiled {
    peers: [u128; Cell::COUNT],
    /// Groups of nine cells: each digit once; with their cells as bits.
    full_groups: Vec<([u8; 9], u128)>,
    /// The constraints, each with its cells as bits: it narrows again only when one of them
    /// changed.
    constraints: Vec<(Constraint, u128)>,
    /// Sums the rules imply by joining two of theirs, each with its cells as bits.
    joined: Vec<(joined::JoinedSum, u128)>,
    /// Two groups of nine that share two cells or more: a digit the one group has only in the
    /// shared cells leaves the other's own (pointing and claiming, for boxes and lines, jigsaw
    /// regions, diagonals, windows alike).
    overlaps: Vec<Overlap>,
    /// Each cell's weight before any guess failed: how many cells its groups and constraints
    /// hold, up to nine a constraint (cells that much constrains are the ones to settle first;
    /// a rule over the whole grid binds each cell to its few neighbours, not to 81 cells).
    priorities: [u32; Cell::COUNT],
}

impl Compiled {
    fn new(rules: &Rules) -> Compiled {
        let groups = rules.groups();
        let full_groups: Vec<([u8; 9], u128)> = groups
            .iter()
            .filter(|group| group.len() == 9)
            .map(|group| {
                let mut cells = [0; 9];
                for (slot, cell) in cells.iter_mut().zip(group.iter()) {
                    *slot = cell.index() as u8;
                }
                (cells, group.bits())
            })
            .collect();
        let mut constraints = rules.constraints().to_vec();
        constraints.extend(remainders(rules, &groups).map(Constraint::from));
        let constraints: Vec<(Constraint, u128)> = constraints
            .into_iter()
            .map(|constraint| {
                let cells = constraint.rule().cells().bits();
                (constraint, cells)
            })
            .collect();
        let mut priorities = [0; Cell::COUNT];
        for &cells in full_groups
            .iter()
            .map(|(_, cells)| cells)
            .chain(constraints.iter().map(|(_, cells)| cells))
        {
            for cell in bits_of(cells) {
                priorities[cell] += cells.count_ones().min(9);
            }
        }
        let mut overlaps = Vec::new();
        for (i, &(_, first)) in full_groups.iter().enumerate() {
            for &(_, second) in &full_groups[i + 1..] {
                let shared = first & second;
                if shared.count_ones() >= 2 {
                    overlaps.push(Overlap::new([first & !shared, shared, second & !shared]));
                }
            }
        }
        let peers = rules.peers();
        let joined = joined::joined_sums(rules, &groups, &peers)
            .into_iter()
            .map(|sum| {
                let cells = sum.cells().bits();
                (sum, cells)
            })
            .collect();
        Compiled {
            peers: peers.map(|peers| peers.bits()),
            joined,
            full_groups,
            constraints,
            overlaps,
            priorities,
        }
    }
}

/// Two groups of nine sharing cells, as the cells of the first only, the shared ones and the
/// second's only: as bits, and as indices one part after the other (at most 9 + 7), which the
/// search reads at every turn faster than it walks the bits of 128.
struct Overlap {
    parts: [u128; 3],
    cells: [u8; 16],
    /// Where each part ends in `cells`.
    ends: [usize; 3],
}

impl Overlap {
    fn new(parts: [u128; 3]) -> Overlap {
        let (mut cells, mut ends, mut count) = ([0; 16], [0; 3], 0);
        for (part, end) in parts.iter().zip(&mut ends) {
            for cell in bits_of(*part) {
                cells[count] = cell as u8;
                count += 1;
            }
            *end = count;
        }
        Overlap { parts, cells, ends }
    }

    /// The digits each part's cells hold between them.
    fn unions(&self, candidates: &[u16; Cell::COUNT]) -> [u16; 3] {
        let union = |cells: &[u8]| {
            cells
                .iter()
                .fold(0, |union, &cell| union | candidates[usize::from(cell)])
        };
        let [first, shared, second] = self.ends;
        [
            union(&self.cells[..first]),
            union(&self.cells[first..shared]),
            union(&self.cells[shared..second]),
        ]
    }
}

/// The cells of a set of bits, lowest first.
fn bits_of(cells: u128) -> impl Iterator<Item = usize> {
    sum::set_bits(cells).map(|cell| cell as usize)
}

/// Every cell, as bits.
const ALL_CELLS: u128 = (1 << Cell::COUNT) - 1;

/// The rule of 45 as sums for the search: in each of the rules' `groups` of nine cells, the cells
/// outside the cages with a sum that lie wholly inside it add up to 45 less those cages' sums;
/// their digits differ, as the group's do, so they are a cage of their own. Cages that overlap one taken
/// before are left out. (Little killers in one box taken as such cages too cut the guesses of 40
/// generated Little Killers by 6% but added a third to The Barbed Cross's.)
fn remainders<'a>(rules: &Rules, groups: &'a [CellSet]) -> impl Iterator<Item = Cage> + 'a {
    let cages: Vec<(CellSet, u8)> = rules
        .cages()
        .filter_map(|cage| Some((cage.cells, cage.sum?)))
        .collect();
    groups
        .iter()
        .filter(|group| group.len() == 9)
        .filter_map(move |&group| {
            let (mut covered, mut total) = (CellSet::EMPTY, 0u8);
            for &(cells, sum) in &cages {
                if (cells - group).is_empty() && (cells & covered).is_empty() {
                    covered |= cells;
                    total += sum;
                }
            }
            let rest = group - covered;
            let sum = 45u8.checked_sub(total)?;
            (!covered.is_empty() && !rest.is_empty()).then_some(Cage {
                cells: rest,
                sum: Some(sum),
            })
        })
}

/// Each cell's candidates, bit `d - 1` for digit `d`, the cells whose digit has left its peers,
/// and the cells whose candidates changed since the constraints on them last narrowed.
#[derive(Clone, Copy)]
struct State {
    candidates: [u16; Cell::COUNT],
    placed: u128,
    changed: u128,
}

impl State {
    /// The givens placed, every constraint still to narrow.
    fn new(givens: &[u8; Cell::COUNT], rules: &Compiled) -> Result<State, Dead> {
        let mut state = State {
            candidates: [ALL_DIGITS; Cell::COUNT],
            placed: 0,
            changed: ALL_CELLS,
        };
        for (cell, &value) in givens.iter().enumerate() {
            if value != 0 {
                let bit = 1 << (value - 1);
                if state.candidates[cell] & bit == 0 {
                    return Err(Dead);
                }
                state.candidates[cell] = bit;
                state.place(cell, rules)?;
            }
        }
        Ok(state)
    }

    /// Takes a cell's only candidate out of its peers, and so on for every peer left with one.
    fn place(&mut self, cell: usize, rules: &Compiled) -> Result<(), Dead> {
        let mut pending = 1u128 << cell;
        self.changed |= pending;
        while pending != 0 {
            let cell = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            self.placed |= 1 << cell;
            let bit = self.candidates[cell];
            let mut peers = rules.peers[cell] & !self.placed;
            while peers != 0 {
                let peer = peers.trailing_zeros() as usize;
                peers &= peers - 1;
                let candidates = &mut self.candidates[peer];
                if *candidates & bit != 0 {
                    *candidates &= !bit;
                    self.changed |= 1 << peer;
                    match candidates.count_ones() {
                        0 => return Err(Dead),
                        1 => pending |= 1 << peer,
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }

    /// Narrows a cell to `candidates`, placing it if one is left.
    fn narrow(&mut self, cell: usize, candidates: u16, rules: &Compiled) -> Result<bool, Dead> {
        let before = self.candidates[cell];
        let after = before & candidates;
        if after == before {
            return Ok(false);
        }
        self.candidates[cell] = after;
        self.changed |= 1 << cell;
        match after.count_ones() {
            0 => Err(Dead),
            1 => self.place(cell, rules).map(|()| true),
            _ => Ok(true),
        }
    }

    /// Hidden singles in the groups of nine with a cell in `dirty`.
    fn hidden_singles(&mut self, rules: &Compiled, dirty: u128) -> Result<(), Dead> {
        for (group, _) in rules
            .full_groups
            .iter()
            .filter(|(_, cells)| cells & dirty != 0)
        {
            let (mut once, mut twice, mut placed) = (0, 0, 0);
            for &cell in group {
                let candidates = self.candidates[cell as usize];
                twice |= once & candidates;
                once |= candidates;
                // A cell left with one digit was placed as it narrowed to it.
                if candidates & candidates.wrapping_sub(1) == 0 {
                    placed |= candidates;
                }
            }
            if once != ALL_DIGITS {
                return Err(Dead);
            }
            let mut singles = once & !twice & !placed;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= singles - 1;
                let cell = group
                    .iter()
                    .map(|&cell| cell as usize)
                    .find(|&cell| self.candidates[cell] & bit != 0);
                if let Some(cell) = cell {
                    self.narrow(cell, bit, rules)?;
                }
            }
        }
        Ok(())
    }

    /// Takes `digits` from the cells.
    fn remove(&mut self, cells: u128, digits: u16, rules: &Compiled) -> Result<(), Dead> {
        for cell in bits_of(cells) {
            self.narrow(cell, !digits, rules)?;
        }
        Ok(())
    }

    /// Locked candidates in the overlaps of two groups with a cell in `dirty`.
    fn overlaps(&mut self, rules: &Compiled, dirty: u128) -> Result<(), Dead> {
        for overlap in &rules.overlaps {
            let [first, shared, second] = overlap.parts;
            if (first | shared | second) & dirty == 0 {
                continue;
            }
            let [in_first, in_shared, in_second] = overlap.unions(&self.candidates);
            let locked = in_shared & !(in_first & in_second);
            if locked & !in_first & in_second != 0 {
                self.remove(second, locked & !in_first, rules)?;
            }
            if locked & !in_second & in_first != 0 {
                self.remove(first, locked & !in_second, rules)?;
            }
        }
        Ok(())
    }

    /// What the constraints with a cell in `dirty` deduce.
    fn constraints(&mut self, rules: &Compiled, dirty: u128) -> Result<(), Dead> {
        let mut marks = Searching { state: self, rules };
        for (constraint, _) in rules
            .constraints
            .iter()
            .filter(|(_, cells)| cells & dirty != 0)
        {
            constraint.rule().narrow(&mut marks)?;
        }
        for (sum, _) in rules.joined.iter().filter(|(_, cells)| cells & dirty != 0) {
            sum.narrow(&mut marks)?;
        }
        Ok(())
    }

    /// Everything that follows without guessing: each round narrows again by the groups and
    /// constraints whose cells the round before changed, until none did. A rule reads only its
    /// own cells, so one whose cells stayed as they were has nothing new to say.
    fn propagate(&mut self, rules: &Compiled) -> Result<(), Dead> {
        let mut since_overlaps = 0;
        loop {
            let dirty = std::mem::take(&mut self.changed);
            if dirty == 0 {
                if since_overlaps == 0 {
                    return Ok(());
                }
                self.overlaps(rules, std::mem::take(&mut since_overlaps))?;
                continue;
            }
            since_overlaps |= dirty;
            self.hidden_singles(rules, dirty)?;
            self.constraints(rules, dirty)?;
        }
    }

    /// The open cell with the fewest candidates, or None when every cell is placed.
    fn open_cell(&self) -> Option<usize> {
        (0..Cell::COUNT)
            .filter(|&cell| self.placed >> cell & 1 == 0)
            .min_by_key(|&cell| self.candidates[cell].count_ones())
    }

    fn values(&self) -> [u8; Cell::COUNT] {
        self.candidates.map(|bits| bits.trailing_zeros() as u8 + 1)
    }
}

/// The search's state as a constraint narrows it: a cell left with one digit is placed at once.
struct Searching<'a> {
    state: &'a mut State,
    rules: &'a Compiled,
}

impl Narrow for Searching<'_> {
    fn digits(&self, cell: Cell) -> u16 {
        self.state.candidates[cell.index()]
    }

    fn keep(&mut self, cell: Cell, digits: u16) -> Result<bool, Dead> {
        self.state.narrow(cell.index(), digits, self.rules)
    }
}

/// How many guesses the general path makes before it gives up. Rules that leave too much open
/// (extra regions that overlap in ways no puzzle needs, with few givens) can make the search
/// exponential; a puzzle made for people needs a few thousand guesses at most. A million takes
/// a few seconds.
pub const GUESS_LIMIT: usize = 1_000_000;

/// The general path made [`GUESS_LIMIT`] guesses without an answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("gave up after a million guesses: these rules leave too much to search")]
pub struct GaveUp;

/// The first two solutions found, as many as there are.
type FirstTwo = [Option<[u8; Cell::COUNT]>; 2];

/// How many failed guesses between two halvings of the cells' weights: what failed long ago
/// counts less than what fails now.
const DECAY_EVERY: u32 = 1 << 14;

/// What a search has found so far: how many solutions, and the first two; and the weight of
/// each cell for the next guess.
///
/// The cell guessed is one of two candidates if there is one, else the one with the most
/// weight per candidate (the Interactive Sudoku Solver chooses by weight alone, its
/// `ConflictScores`): a cell weighs what its groups and constraints hold, plus one for each
/// guess on it that failed at once. Cells whose guesses keep failing are where the puzzle is
/// decided; settling them first cuts the tree far more than the fewest candidates alone, on
/// rules with few givens (a region sum line's search 7.8 s → 3 ms). Two candidates still come
/// first: under nonconsecutive with few givens, weight alone guessed among nine where two would
/// do, and gave up.
struct Search<'a> {
    rules: &'a Compiled,
    limit: usize,
    count: usize,
    found: FirstTwo,
    guesses: usize,
    weights: [u32; Cell::COUNT],
    until_decay: u32,
}

impl Search<'_> {
    /// The open cell to guess: one of two candidates if any (a guess that is half right), else
    /// the most weight per candidate, the fewer candidates on a tie; None when every cell is
    /// placed.
    fn choose(&self, state: &State) -> Option<usize> {
        let mut best: Option<(usize, u64, u64)> = None;
        for cell in bits_of(!state.placed & ALL_CELLS) {
            let (weight, count) = (
                u64::from(self.weights[cell]),
                u64::from(state.candidates[cell].count_ones()),
            );
            let better = best.is_none_or(|(_, best_weight, best_count)| {
                if (count == 2) != (best_count == 2) {
                    return count == 2;
                }
                let (this, that) = (weight * best_count, best_weight * count);
                this > that || (this == that && count < best_count)
            });
            if better {
                best = Some((cell, weight, count));
            }
        }
        best.map(|(cell, _, _)| cell)
    }

    /// A guess on `cell` failed at once.
    fn failed(&mut self, cell: usize) {
        self.weights[cell] += 1;
        self.until_decay -= 1;
        if self.until_decay == 0 {
            self.until_decay = DECAY_EVERY;
            for weight in &mut self.weights {
                *weight >>= 1;
            }
        }
    }

    /// Counts the solutions below `state`, which has propagated.
    fn explore(&mut self, state: State) -> Result<(), GaveUp> {
        let Some(cell) = self.choose(&state) else {
            if let Some(slot) = self.found.get_mut(self.count) {
                *slot = Some(state.values());
            }
            self.count += 1;
            return Ok(());
        };
        let mut digits = state.candidates[cell];
        while digits != 0 && self.count < self.limit {
            self.guesses += 1;
            if self.guesses > GUESS_LIMIT {
                return Err(GaveUp);
            }
            let bit = digits & digits.wrapping_neg();
            digits &= digits - 1;
            let mut guess = state;
            guess.candidates[cell] = bit;
            let follows = guess.place(cell, self.rules);
            if follows.and_then(|()| guess.propagate(self.rules)).is_ok() {
                self.explore(guess)?;
            } else {
                self.failed(cell);
            }
        }
        Ok(())
    }

    fn run(
        givens: &[u8; Cell::COUNT],
        rules: &Rules,
        limit: usize,
    ) -> Result<(usize, FirstTwo), GaveUp> {
        let compiled = Compiled::new(rules);
        let mut search = Search {
            rules: &compiled,
            limit,
            count: 0,
            found: [None; 2],
            guesses: 0,
            weights: compiled.priorities,
            until_decay: DECAY_EVERY,
        };
        if limit > 0
            && let Ok(mut state) = State::new(givens, &compiled)
            && state.propagate(&compiled).is_ok()
        {
            search.explore(state)?;
        }
        Ok((search.count, search.found))
    }
}

/// The solutions of `givens` (0 for a blank, 1–9 for a digit; any other value has none) under
/// `rules`, counted up to `limit`, and the first one found; classic rules never give up.
pub fn solutions(
    givens: &[u8; Cell::COUNT],
    rules: &Rules,
    limit: usize,
) -> Result<Solutions, GaveUp> {
    if givens.iter().any(|&value| value > 9) {
        return Ok(Solutions {
            count: 0,
            first: None,
        });
    }
    if rules.is_classic() {
        return Ok(search::solutions(givens, limit));
    }
    general_solutions(givens, rules, limit)
}

/// The one solution of `grid`'s givens under `rules`, with the givens kept as givens, or why it
/// has none.
pub fn solve(grid: &Grid, rules: &Rules) -> Result<Grid, SolveError> {
    let found = solutions(&search::values_of(&grid.givens_only()), rules, 2)
        .map_err(|GaveUp| SolveError::GaveUp)?;
    Ok(grid.with_values(&found.only()?))
}

/// [`solutions`] by the general path whatever the rules: what the tests hold the classic
/// engines' answers against. Givens must be 0–9.
pub fn general_solutions(
    givens: &[u8; Cell::COUNT],
    rules: &Rules,
    limit: usize,
) -> Result<Solutions, GaveUp> {
    let (count, [first, _]) = Search::run(givens, rules, limit)?;
    Ok(Solutions { count, first })
}

/// The first two solutions the general path finds, if there are so many: where they differ is
/// where a generated puzzle needs another clue.
pub fn two_solutions(givens: &[u8; Cell::COUNT], rules: &Rules) -> Result<FirstTwo, GaveUp> {
    Search::run(givens, rules, 2).map(|(_, found)| found)
}

/// A random grid obeying `rules`: a random open cell takes a random candidate, and what follows
/// follows, until the grid is full; a candidate that leads to a contradiction goes. Rules that
/// leave few grids (lines and sums crossing) can end each such try in a contradiction: after a
/// hundred, a search that takes each cell's candidates in random order and backs up from a
/// contradiction finds one. None when the rules have no solution or the search gives up.
pub fn random_grid(rules: &Rules, rng: &mut impl Rng) -> Option<[u8; Cell::COUNT]> {
    let compiled = Compiled::new(rules);
    let mut empty = State::new(&[0; Cell::COUNT], &compiled).ok()?;
    empty.propagate(&compiled).ok()?;
    'attempt: for _ in 0..100 {
        let mut state = empty;
        while state.open_cell().is_some() {
            let open: Vec<usize> = (0..Cell::COUNT)
                .filter(|&cell| state.placed >> cell & 1 == 0)
                .collect();
            let cell = open[rng.random_range(0..open.len())];
            let candidates = state.candidates[cell];
            let mut bits = (0..9)
                .map(|d| 1u16 << d)
                .filter(|&bit| candidates & bit != 0);
            let Some(bit) = bits.nth(rng.random_range(0..candidates.count_ones() as usize)) else {
                continue 'attempt;
            };
            let mut next = state;
            next.candidates[cell] = bit;
            if next.place(cell, &compiled).is_ok() && next.propagate(&compiled).is_ok() {
                state = next;
            } else if state.narrow(cell, !bit, &compiled).is_err()
                || state.propagate(&compiled).is_err()
            {
                continue 'attempt;
            }
        }
        return Some(state.values());
    }
    let mut guesses = 0;
    random_fill(empty, &compiled, rng, &mut guesses).map(|state| state.values())
}

/// A full grid from `state`: the open cell with the fewest candidates takes each in random
/// order, backing up from contradictions, until [`GUESS_LIMIT`] guesses.
fn random_fill(
    mut state: State,
    rules: &Compiled,
    rng: &mut impl Rng,
    guesses: &mut usize,
) -> Option<State> {
    state.propagate(rules).ok()?;
    let Some(cell) = state.open_cell() else {
        return Some(state);
    };
    let mut digits: Vec<u16> = (0..9)
        .map(|d| 1u16 << d)
        .filter(|&bit| state.candidates[cell] & bit != 0)
        .collect();
    while !digits.is_empty() {
        *guesses += 1;
        if *guesses > GUESS_LIMIT {
            return None;
        }
        let bit = digits.swap_remove(rng.random_range(0..digits.len()));
        let mut guess = state;
        guess.candidates[cell] = bit;
        if guess.place(cell, rules).is_ok()
            && let Some(full) = random_fill(guess, rules, rng, guesses)
        {
            return Some(full);
        }
    }
    None
}
