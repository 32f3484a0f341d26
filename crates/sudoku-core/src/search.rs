//! The search solver: counts the solutions of a grid up to a limit (the uniqueness check), finds
//! one, and draws complete grids at random for the generator.
//!
//! Two engines implement it, with the same propagation rules and the same choice of guesses, so
//! they visit the same search tree:
//!
//! - `slots` keeps one 27-bit band mask per digit and band, and re-examines only the masks that
//!   changed. It is plain Rust and runs everywhere.
//! - `bands` keeps the nine digits of a band side by side, and examines a band for all digits at
//!   once with AVX2 vector instructions. It runs on x86-64 processors that have AVX2, chosen at
//!   run time, and is faster there; without vector instructions (wasm32, older processors) its
//!   layout would only cost, so those use `slots`.
//!
//! Each engine's module documents its data layout.

use rand::{Rng, RngExt};

use crate::cell::{Cell, Digit};
use crate::error::SolveError;
use crate::grid::Grid;

#[cfg(target_arch = "x86_64")]
mod bands;
mod slots;

/// What a search collects: how many solutions, and the first one if `keep` asks for it.
struct Found {
    limit: usize,
    count: usize,
    keep: bool,
    first: Option<[u8; 81]>,
}

/// The state of a search in one engine. Cells are 0–80 and digits 0-based.
trait Engine: Copy {
    /// The state for a grid of values 0–9 (0 blank); `None` if two clues contradict each other.
    fn new(values: &[u8; 81]) -> Option<Self>;
    /// Places `digit` in `cell`, if still possible.
    fn place(&mut self, cell: usize, digit: usize) -> bool;
    /// Removes one candidate of a cell.
    fn eliminate(&mut self, cell: usize, digit: usize);
    /// Propagates until nothing changes; false on a contradiction.
    fn propagate(&mut self) -> bool;
    /// Depth-first search from a propagated state.
    fn search(&mut self, found: &mut Found);
    fn is_solved(&self) -> bool;
    fn is_unsolved(&self, cell: usize) -> bool;
    /// The candidates (bit `d` for digit `d + 1`) of an unsolved cell.
    fn candidates(&self, cell: usize) -> u16;
    /// The digits of a solved state.
    fn values(&self) -> [u8; 81];
}

/// Runs `$body` with `$engine` standing for the fastest engine this processor runs.
macro_rules! with_engine {
    ($engine:ident => $body:expr) => {{
        #[cfg(target_arch = "x86_64")]
        if bands::available() {
            type $engine = bands::Search;
            return $body;
        }
        type $engine = slots::Search;
        $body
    }};
}

/// Counts solutions up to `limit`, and keeps the first one found if `keep`.
fn run(values: &[u8; 81], limit: usize, keep: bool) -> Found {
    with_engine!(E => run_with::<E>(values, limit, keep))
}

fn run_with<E: Engine>(values: &[u8; 81], limit: usize, keep: bool) -> Found {
    let mut found = Found {
        limit,
        count: 0,
        keep,
        first: None,
    };
    if let Some(mut search) = E::new(values)
        && limit > 0
        && search.propagate()
    {
        search.search(&mut found);
    }
    found
}

/// The number of solutions of a grid of values (0 for a blank, 1–9 for a digit), counted up to
/// `limit`: `count_solutions(values, 2) == 1` is the uniqueness check.
pub fn count_solutions(values: &[u8; 81], limit: usize) -> usize {
    run(values, limit, false).count
}

/// Whether `solution` is still the only solution of `puzzle` (a puzzle known to have it as its
/// only solution, with the `removed` cells just blanked). Cheaper than counting: it looks only for
/// a solution that differs from `solution` in a removed cell, split by the first such cell.
pub fn stays_unique(puzzle: &[u8; 81], removed: &[usize], solution: &[u8; 81]) -> bool {
    with_engine!(E => stays_unique_with::<E>(puzzle, removed, solution))
}

fn stays_unique_with<E: Engine>(puzzle: &[u8; 81], removed: &[usize], solution: &[u8; 81]) -> bool {
    let Some(blanked) = E::new(puzzle) else {
        return true;
    };
    (0..removed.len()).all(|i| {
        let mut search = blanked;
        let agrees = removed[..i]
            .iter()
            .all(|&cell| search.place(cell, solution[cell] as usize - 1));
        search.eliminate(removed[i], solution[removed[i]] as usize - 1);
        let mut found = Found {
            limit: 1,
            count: 0,
            keep: false,
            first: None,
        };
        if agrees && search.propagate() {
            search.search(&mut found);
        }
        found.count == 0
    })
}

/// The cells of a grid as values: 0 for a blank, else the digit.
pub fn values_of(grid: &Grid) -> [u8; 81] {
    grid.digits().map(|d| d.map_or(0, Digit::get))
}

/// A complete grid chosen at random: each step places a random candidate in a random cell and
/// propagates, and a candidate that leads to a contradiction is ruled out.
pub fn random_solution(rng: &mut impl Rng) -> [u8; 81] {
    with_engine!(E => random_solution_with::<E>(rng))
}

fn random_solution_with<E: Engine>(rng: &mut impl Rng) -> [u8; 81] {
    'restart: loop {
        let Some(mut state) = E::new(&[0; 81]) else {
            unreachable!("the empty grid is consistent")
        };
        while !state.is_solved() {
            let unsolved: Vec<usize> = (0..81).filter(|&c| state.is_unsolved(c)).collect();
            let cell = unsolved[rng.random_range(0..unsolved.len())];
            let candidates = state.candidates(cell);
            let digit = (0..9)
                .filter(|d| candidates & 1 << d != 0)
                .nth(rng.random_range(0..candidates.count_ones() as usize));
            let Some(digit) = digit else {
                continue 'restart;
            };
            let mut next = state;
            if next.place(cell, digit) && next.propagate() {
                state = next;
            } else {
                state.eliminate(cell, digit);
                if !state.propagate() {
                    continue 'restart;
                }
            }
        }
        return state.values();
    }
}

impl Grid {
    /// The number of solutions, counted up to `limit`.
    pub fn count_solutions(&self, limit: usize) -> usize {
        count_solutions(&values_of(self), limit)
    }

    /// The one solution: the givens stay givens and every other cell becomes an entry.
    pub fn solve(&self) -> Result<Grid, SolveError> {
        let found = run(&values_of(self), 2, true);
        match (found.count, found.first) {
            (1, Some(solution)) => Ok(self.with_values(&solution)),
            (0, _) => Err(SolveError::NoSolution),
            _ => Err(SolveError::MultipleSolutions),
        }
    }

    /// Some solution, if there is one.
    pub fn any_solution(&self) -> Option<Grid> {
        run(&values_of(self), 1, true)
            .first
            .map(|solution| self.with_values(&solution))
    }

    /// This grid's givens with every other cell filled from `values`.
    fn with_values(&self, values: &[u8; 81]) -> Grid {
        let mut grid = self.givens_only();
        for cell in Cell::all() {
            if !grid.is_given(cell) {
                grid.set_entry(cell, Digit::new(values[cell.index()]));
            }
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;

    use super::*;

    fn puzzles(name: &str) -> Vec<[u8; 81]> {
        let path = format!("{}/../../../shared/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        text.lines()
            .filter_map(|line| line.split(',').next())
            .filter(|p| p.len() == 81)
            .map(|p| {
                std::array::from_fn(|i| (p.as_bytes()[i] as char).to_digit(10).unwrap_or(0) as u8)
            })
            .collect()
    }

    /// The engine the public functions do not use on this processor gets the same answers as
    /// the one they use (where both run), and the scalar engine draws complete grids.
    #[test]
    fn engines_agree() {
        let mut sets = puzzles("magictour_top1465.csv");
        sets.extend(puzzles("17_clue.csv").into_iter().take(2000));
        for values in &sets {
            let slots = run_with::<slots::Search>(values, 2, true);
            assert_eq!(slots.count, 1);
            assert_eq!(slots.first, run(values, 2, true).first);
        }
        // Puzzles with several solutions: some blanks filled from the solution, and some clues
        // taken away.
        for (i, values) in sets.iter().step_by(5).enumerate() {
            let solution = run(values, 1, true).first.expect("a solution");
            let mut other = *values;
            for (cell, value) in other.iter_mut().enumerate().skip(i % 7).step_by(3) {
                *value = if *value == 0 { solution[cell] } else { 0 };
            }
            let slots = run_with::<slots::Search>(&other, 30, true);
            let best = run(&other, 30, true);
            assert_eq!((slots.count, slots.first), (best.count, best.first));
        }
        assert_eq!(run_with::<slots::Search>(&[0; 81], 100, false).count, 100);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..20 {
            let grid = random_solution_with::<slots::Search>(&mut rng);
            assert_eq!(count_solutions(&grid, 2), 1);
            assert!(!grid.contains(&0));
        }
    }
}
