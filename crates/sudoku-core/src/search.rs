//! The search solver: counts the solutions of a grid up to a limit (the uniqueness check), finds
//! one, and draws complete grids at random for the generator.
//!
//! The engines propagate the same rules to the same fixed point, and share the search itself
//! (`guess_each`): where propagation stops, it applies the triad rules, then splits on the
//! placements of a digit in a band or stack (`State::choose`, which the vector engine runs on
//! vectors), or guesses on a cell once those are all fixed (a wasm32 build without SIMD guesses
//! on cells only, see `guess_each`), so they visit the same search tree and find the same
//! solutions in the same order:
//!
//! - `slots` ([`Engine::Scalar`]) keeps one 27-bit band mask per digit and band, and re-examines
//!   only the masks that changed. It is plain Rust and runs everywhere.
//! - `bands` keeps the nine digits of a band side by side, and examines a band for all digits at
//!   once with vector instructions: 256 bits wide ([`Engine::Vector256`]) with AVX2 on x86-64
//!   processors that have it, 128 bits wide ([`Engine::Vector128`]) with SSE4.1 on those that
//!   have only that (both detected at run time) and with WebAssembly's 128-bit SIMD in wasm32
//!   builds with the `simd128` target feature (the web build). It is faster there; without
//!   vector instructions (other processors, wasm32 without `simd128`) its layout would only
//!   cost, so those use `slots`.
//!
//! The functions here use the fastest engine the processor runs ([`Engine::best`]);
//! [`Engine::solutions`] runs a chosen one. Each engine's module documents its data layout.

#![deny(clippy::undocumented_unsafe_blocks)]

use rand::{Rng, RngExt};

use crate::cell::{Cell, Digit};
use crate::error::SolveError;
use crate::grid::Grid;

/// A table of `$len` entries: entry `i` is `$entry` with `$i` bound to `i`. Const code cannot
/// call closures, so this is the one place that writes out the loop; the search's larger tables
/// use it at run time too (`slots::Tables`).
macro_rules! table {
    ($len:expr, |$i:ident| $entry:expr) => {{
        let mut table = [{
            let $i: usize = 0;
            $entry
        }; $len];
        let mut $i = 1;
        while $i < $len {
            table[$i] = $entry;
            $i += 1;
        }
        table
    }};
}

#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
mod bands;
mod slots;

// The band layout the engines share: cell `r * 9 + c` of a band (row `r` of the band, column
// `c`) is bit `r * 9 + c` of a 27-bit mask.

/// Every cell of a band.
const ALL: u32 = (1 << 27) - 1;
/// The first row of a band.
const ROW: u32 = 0x1FF;
/// The first cell of every minirow (a row's three cells in one box) of a band.
const MINIROWS: u32 = 0o111_111_111;
/// The first cell of every row of a band.
const ROW_STARTS: u32 = 0o001_001_001;
/// Bits 0–7 and bit 8 of every row.
const ROW_LOW_EIGHT: u32 = 0o377_377_377;
const ROW_TOP: u32 = 0o400_400_400;

/// For a cell of a band, the band's cells outside its row and box, plus the cell itself: what a
/// placed digit keeps in its own mask.
const KEEP_AFTER_PLACING: [u32; 27] = table!(27, |pos| {
    let (row, col) = (pos / 9, pos % 9);
    let box_cols = 7 << (col / 3 * 3);
    ALL & !(ROW << (row * 9)) & !(box_cols * 0x40201) | 1 << pos
});

/// Where each value is in each band of a grid (`[band][value]`, value 0 for the blanks, as band
/// masks); a cell whose value is above 9 is in none.
#[inline(always)]
fn clue_cells(values: &[u8; 81]) -> [[u32; 10]; 3] {
    let mut clues = [[0; 10]; 3];
    for (band, clues) in clues.iter_mut().enumerate() {
        for (pos, &value) in values[band * 27..band * 27 + 27].iter().enumerate() {
            if let Some(cells) = clues.get_mut(value as usize) {
                *cells |= 1 << pos;
            }
        }
    }
    clues
}

/// The band masks after a grid's clues are placed, from where each value is (`clue_cells`): for
/// each band and digit (0-based) the cells where the digit may still go, and each band's blank
/// cells; `None` if two clues of a digit share a row, column or box, or a cell has a value above
/// 9. The same masks as placing the clues one at a time, worked out a digit at a time without a
/// branch per cell: on puzzles solved with few choices, placing the clues had taken a sixth of
/// the search.
#[inline(always)]
fn place_clues(clues: [[u32; 10]; 3]) -> Option<([[u32; 9]; 3], [u32; 3])> {
    if clues
        .iter()
        .any(|clues| clues.iter().fold(0, |all, cells| all | cells) != ALL)
    {
        return None;
    }
    let blank = clues.map(|clues| clues[0]);
    let mut masks = [[0; 9]; 3];
    for digit in 0..9 {
        let placed = clues.map(|clues| clues[digit + 1]);
        let columns = placed.map(|bits| (bits | bits >> 9 | bits >> 18) & ROW);
        // Each clue is in one row, one box and one column: as many of each as clues, or two
        // share one.
        let (mut count, mut rows, mut boxes) = (0, 0, 0);
        for band in 0..3 {
            let stacks = (columns[band] | columns[band] >> 1 | columns[band] >> 2) & 0o111;
            count += placed[band].count_ones();
            rows += (rows_touched(placed[band]) & ROW_STARTS).count_ones();
            boxes += stacks.count_ones();
            let seen = rows_touched(placed[band]) | spread_columns(stacks * 7);
            let beyond = columns[(band + 1) % 3] | columns[(band + 2) % 3];
            masks[band][digit] = blank[band] & !seen & !spread_columns(beyond) | placed[band];
        }
        let columns = (columns[0] | columns[1] | columns[2]).count_ones();
        if rows != count || boxes != count || columns != count {
            return None;
        }
    }
    Some((masks, blank))
}

/// A search engine. All find the same solutions in the same order; they differ in speed and in
/// the processors they run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Plain Rust, one mask per digit and band: runs on every target.
    Scalar,
    /// 128-bit vector instructions, all nine digits of a band at once: runs on x86-64 processors
    /// with SSE4.1 and POPCNT, and in wasm32 builds with the `simd128` target feature.
    Vector128,
    /// The same rules on 256-bit vector instructions: runs on x86-64 processors with AVX2, BMI1,
    /// BMI2 and POPCNT.
    Vector256,
}

impl Engine {
    /// The engines this processor runs, fastest first.
    pub fn available() -> impl Iterator<Item = Engine> {
        [Engine::Vector256, Engine::Vector128, Engine::Scalar]
            .into_iter()
            .filter(|engine| engine.is_available())
    }

    /// The fastest engine this processor runs: the one the other functions of this module use.
    pub fn best() -> Engine {
        Runner::best().engine()
    }

    /// Whether this processor runs the engine.
    pub fn is_available(self) -> bool {
        self.runner().is_some()
    }

    /// The solutions of a grid of values (0 for a blank, 1–9 for a digit) counted up to `limit`,
    /// and the first one found, by this engine; `None` if this processor does not run it.
    pub fn solutions(self, values: &[u8; 81], limit: usize) -> Option<Solutions> {
        Some(self.runner()?.run(values, limit, true))
    }

    fn runner(self) -> Option<Runner> {
        match self {
            Engine::Scalar => Some(Runner::Scalar),
            #[cfg(any(
                target_arch = "x86_64",
                all(target_arch = "wasm32", target_feature = "simd128")
            ))]
            Engine::Vector128 => bands::Narrow::detect().map(Runner::Vector128),
            #[cfg(not(any(
                target_arch = "x86_64",
                all(target_arch = "wasm32", target_feature = "simd128")
            )))]
            Engine::Vector128 => None,
            #[cfg(target_arch = "x86_64")]
            Engine::Vector256 => bands::Wide::detect().map(Runner::Vector256),
            #[cfg(not(target_arch = "x86_64"))]
            Engine::Vector256 => None,
        }
    }
}

/// What [`Engine::solutions`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solutions {
    /// The number of solutions, counted up to the limit the search was given.
    pub count: usize,
    /// The first solution in the search's order (the same for every engine).
    pub first: Option<[u8; 81]>,
}

impl Solutions {
    /// The only solution (of a search counting to 2 at least), or why there is not one.
    pub fn only(self) -> Result<[u8; 81], SolveError> {
        match (self.count, self.first) {
            (1, Some(solution)) => Ok(solution),
            (0, _) => Err(SolveError::NoSolution),
            _ => Err(SolveError::MultipleSolutions),
        }
    }
}

/// An engine this processor runs, with what it takes to make its states: a vector engine's
/// proof that the processor has its instructions.
#[derive(Clone, Copy)]
enum Runner {
    Scalar,
    #[cfg(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ))]
    Vector128(bands::Narrow),
    #[cfg(target_arch = "x86_64")]
    Vector256(bands::Wide),
}

/// Runs `$body` with `$state` standing for the state type of `$runner`'s engine, and `$support`
/// for what makes one (`State::new`).
macro_rules! with_state {
    ($runner:expr, |$support:ident: $state:ident| $body:expr) => {
        match $runner {
            Runner::Scalar => {
                type $state = slots::Search;
                let $support = ();
                $body
            }
            #[cfg(any(
                target_arch = "x86_64",
                all(target_arch = "wasm32", target_feature = "simd128")
            ))]
            Runner::Vector128(lanes) => {
                type $state = bands::Search<bands::Narrow>;
                let $support = lanes;
                $body
            }
            #[cfg(target_arch = "x86_64")]
            Runner::Vector256(lanes) => {
                type $state = bands::Search<bands::Wide>;
                let $support = lanes;
                $body
            }
        }
    };
}

impl Runner {
    /// The first engine of `Engine::available` that runs, written out so that the compiler sees
    /// through it: in the web build, where the 128-bit engine always runs, the scalar one is then
    /// left out of the wasm (4.7 KB gzipped).
    fn best() -> Runner {
        Engine::Vector256
            .runner()
            .or_else(|| Engine::Vector128.runner())
            .unwrap_or(Runner::Scalar)
    }

    fn engine(self) -> Engine {
        match self {
            Runner::Scalar => Engine::Scalar,
            #[cfg(any(
                target_arch = "x86_64",
                all(target_arch = "wasm32", target_feature = "simd128")
            ))]
            Runner::Vector128(_) => Engine::Vector128,
            #[cfg(target_arch = "x86_64")]
            Runner::Vector256(_) => Engine::Vector256,
        }
    }

    /// Counts solutions up to `limit`, and keeps the first one found if `keep`.
    fn run(self, values: &[u8; 81], limit: usize, keep: bool) -> Solutions {
        with_state!(self, |support: S| {
            run_with::<S>(support, values, limit, keep)
        })
    }
}

/// What a search collects: how many solutions, and the first one if `keep` asks for it.
struct Found {
    limit: usize,
    keep: bool,
    count: usize,
    first: Option<[u8; 81]>,
}

impl Found {
    fn new(limit: usize, keep: bool) -> Found {
        Found {
            limit,
            keep,
            count: 0,
            first: None,
        }
    }
}

/// The state of a search in one engine. Cells are 0–80, digits 0-based, and bands 0–2.
trait State: Copy {
    /// What it takes to make a state: for a vector engine, the proof that this processor has
    /// its instructions.
    type Support: Copy;

    /// The state for a grid of values 0–9 (0 blank); `None` if two clues contradict each other
    /// or a value is above 9.
    fn new(support: Self::Support, values: &[u8; 81]) -> Option<Self>;
    /// Places `digit` in `cell`, if still possible.
    fn place(&mut self, cell: usize, digit: usize) -> bool;
    /// Places `digit`, one of `candidates`, in the unsolved `cell` whose candidates they are.
    fn guess(&mut self, cell: usize, digit: usize, candidates: u16);
    /// Removes one candidate of a cell.
    fn eliminate(&mut self, cell: usize, digit: usize);
    /// Keeps `digit` in `band` only in the `keep` cells.
    fn confine(&mut self, digit: usize, band: usize, keep: u32);
    /// Propagates until nothing changes; false on a contradiction.
    fn propagate(&mut self) -> bool;
    /// The cells of `band` not placed yet, as a band mask.
    fn unsolved_in(&self, band: usize) -> u32;
    /// The cells of `band` where `digit` is still possible, as a band mask.
    fn digit_cells(&self, digit: usize, band: usize) -> u32;

    /// Depth-first search from a propagated state.
    fn search(&mut self, found: &mut Found) {
        guess_each(self, found);
    }

    #[inline(always)]
    fn is_solved(&self) -> bool {
        self.unsolved_in(0) | self.unsolved_in(1) | self.unsolved_in(2) == 0
    }

    #[inline(always)]
    fn is_unsolved(&self, cell: usize) -> bool {
        self.unsolved_in(cell / 27) & 1 << (cell % 27) != 0
    }

    /// The candidates (bit `d` for digit `d + 1`) of an unsolved cell.
    #[inline(always)]
    fn candidates(&self, cell: usize) -> u16 {
        let (band, pos) = (cell / 27, cell % 27);
        (0..9)
            .filter(|&digit| self.digit_cells(digit, band) >> pos & 1 != 0)
            .fold(0, |mask, digit| mask | 1 << digit)
    }

    /// The digits of a solved state.
    fn values(&self) -> [u8; 81] {
        let mut values = [0; 81];
        for band in 0..3 {
            for digit in 0..9 {
                let mut cells = self.digit_cells(digit, band);
                while cells != 0 {
                    values[band * 27 + cells.trailing_zeros() as usize] = digit as u8 + 1;
                    cells &= cells - 1;
                }
            }
        }
        values
    }

    /// What to do with a propagated state that is not solved (the engines may work it out
    /// faster, with the same outcome).
    ///
    /// First two rules on minirows (a row's three cells in one box) and minicolumns, which
    /// hold three digits each: tdoku's triad clauses (Tom Dillon's DPLL "triad" solver). One
    /// where exactly three digits are possible holds those three, which leaves each of them out
    /// of the rest of its row and box (or column and box); one that three digits must hold (each
    /// has no other place in its row, or column) holds nothing else. When they remove anything,
    /// `Again`. They run here, once propagation has stopped, rather than in every propagation
    /// step, where the first cost more than it saved. A minirow or minicolumn with room for fewer
    /// than three digits, or that more than three must hold, is `Dead`: splitting alone would
    /// only find that after fixing every other band and stack.
    ///
    /// Else a split: a digit sits in a band in one of six ways (its three rows matched to the
    /// three boxes) and likewise in a stack (bands matched to columns); the split is on the band
    /// or stack whose digits have the fewest ways left in all (one where each digit has one way
    /// left is left out), and in it on the digit with the fewest, two when there is one: tdoku's
    /// choice of branching variable, which on the hardest puzzles leaves about half as many
    /// choices to try as guessing on a bivalue cell. `Cell` when each digit has one way left in
    /// every band and stack.
    #[inline(always)]
    fn choose(&mut self) -> Choice {
        // The occupancy matrix of each digit in each band (places 0-2) and stack (places 3-5).
        let mut occupancies = [[0; 9]; 6];
        let mut columns = [[0; 3]; 9];
        // The minirows and minicolumns (as in `spots`) of each band where four digits or more
        // are possible.
        let mut crowded = [0; 3];
        let mut forced = false;
        for band in 0..3 {
            // How many digits each minirow and minicolumn may hold, to four.
            let mut counts = [0; 4];
            for digit in 0..9 {
                let bits = self.digit_cells(digit, band);
                columns[digit][band] = (bits | bits >> 9 | bits >> 18) & ROW;
                occupancies[band][digit] = band_occupancy(bits);
                count_to_four(&mut counts, spots(bits));
            }
            if counts[2] != SPOTS {
                return Choice::Dead;
            }
            crowded[band] = counts[3];
            let triads = counts[2] & !counts[3] & spots(self.unsolved_in(band));
            if triads != 0 {
                for digit in 0..9 {
                    forced |= force_triads(self, digit, band, triads);
                }
            }
        }
        if forced {
            return Choice::Again;
        }
        for band in 0..3 {
            // How many digits each minirow and minicolumn must hold, to four.
            let mut counts = [0; 4];
            let mut held = [0; 9];
            for (digit, held) in held.iter_mut().enumerate() {
                *held = held_spots(occupancies[band][digit] as u32, &columns[digit], band);
                count_to_four(&mut counts, *held);
            }
            if counts[3] != 0 {
                return Choice::Dead;
            }
            // Another digit may sit in those, so the rule removes something.
            let full = counts[2] & crowded[band];
            if full != 0 {
                force_full(self, band, full, &held);
            }
            forced |= full != 0;
        }
        if forced {
            return Choice::Again;
        }
        for stack in 0..3 {
            for (digit, columns) in columns.iter().enumerate() {
                occupancies[3 + stack][digit] = (columns[0] >> (stack * 3) & 7
                    | (columns[1] >> (stack * 3) & 7) << 3
                    | (columns[2] >> (stack * 3) & 7) << 6)
                    as usize;
            }
        }
        let mut best = Choice::Cell;
        let mut fewest = u32::MAX;
        for (place, occupancies) in occupancies.iter().enumerate() {
            let (total, digit) = fewest_ways(occupancies);
            if total > 9 && total < fewest {
                fewest = total;
                best = Choice::Split(Split {
                    place,
                    digit,
                    occupancy: occupancies[digit],
                });
            }
        }
        best
    }

    /// The unsolved cell to guess on: the first bivalue cell, else one with the fewest candidates.
    #[inline(always)]
    fn guess_cell(&self) -> usize {
        let mut fewest = (u32::MAX, 0);
        for band in 0..3 {
            let unsolved = self.unsolved_in(band);
            if unsolved == 0 {
                continue;
            }
            let (mut one, mut two, mut three) = (0, 0, 0);
            for digit in 0..9 {
                let cells = self.digit_cells(digit, band);
                three |= two & cells;
                two |= one & cells;
                one |= cells;
            }
            let bivalue = unsolved & two & !three;
            if bivalue != 0 {
                return band * 27 + bivalue.trailing_zeros() as usize;
            }
            let mut cells = unsolved;
            while cells != 0 && fewest.0 > 3 {
                let cell = band * 27 + cells.trailing_zeros() as usize;
                let count = self.candidates(cell).count_ones();
                if count < fewest.0 {
                    fewest = (count, cell);
                }
                cells &= cells - 1;
            }
        }
        fewest.1
    }
}

/// One level of the depth-first search from a propagated state: the search splits on the
/// placements of a digit in a band or stack (`State::choose`, after the triad rules), or failing
/// that guesses on a cell, each choice on a copy of the state. The next level goes through
/// `State::search`, so that an engine compiled for more instructions stays in its own code.
#[inline(always)]
fn guess_each<S: State>(state: &mut S, found: &mut Found) {
    if state.is_solved() {
        found.count += 1;
        if found.keep && found.first.is_none() {
            found.first = Some(state.values());
        }
        return;
    }
    // A wasm32 build without SIMD (only the scalar engine) guesses on cells only: there the split
    // and its rules cost about what they save. The web build has SIMD, and the vector engine
    // gains from them (docs/search.md).
    let split = if cfg!(all(target_arch = "wasm32", not(target_feature = "simd128"))) {
        Choice::Cell
    } else {
        state.choose()
    };
    match split {
        Choice::Dead => {}
        Choice::Again => {
            if state.propagate() {
                state.search(found);
            }
        }
        Choice::Split(split) => {
            let (ways, count) = matchings_within(split.occupancy);
            explore(state, found, count, |state, way| {
                split.confine(state, ways[way])
            });
        }
        Choice::Cell => {
            let cell = state.guess_cell();
            let candidates = state.candidates(cell);
            let mut digits = [0; 9];
            let mut count = 0;
            let mut left = candidates;
            while left != 0 {
                digits[count] = left.trailing_zeros() as usize;
                count += 1;
                left &= left - 1;
            }
            explore(state, found, count, |state, way| {
                state.guess(cell, digits[way], candidates);
            });
        }
    }
}

/// The first triad rule of `State::choose` for `digit` in `band`, where the minirows and
/// minicolumns `triads` (as in `spots`) may hold exactly three digits: whether it removed
/// anything.
#[inline(always)]
fn force_triads<S: State>(state: &mut S, digit: usize, band: usize, triads: u32) -> bool {
    let bits = state.digit_cells(digit, band);
    let held = spots(bits) & triads;
    if held == 0 {
        return false;
    }
    let (minirows, columns) = (minirow_firsts(held & 0o777), held >> 9);
    let keep = triad_keep(minirows, columns);
    let mut forced = bits & !keep != 0;
    state.confine(digit, band, keep);
    for other in [(band + 1) % 3, (band + 2) % 3] {
        let lost = spread_columns(columns);
        forced |= state.digit_cells(digit, other) & lost != 0;
        state.confine(digit, other, !lost);
    }
    forced
}

/// The second triad rule of `State::choose` in `band`, where three digits must hold each of the
/// minirows and minicolumns `full` (as in `spots`) and another may: the digits not held there
/// leave them. `held` is where each digit must sit (`held_spots`).
#[inline(always)]
fn force_full<S: State>(state: &mut S, band: usize, full: u32, held: &[u32; 9]) {
    for (digit, held) in held.iter().enumerate() {
        state.confine(digit, band, !spot_cells(full & !held));
    }
}

/// Tries each of `ways` choices made by `choose`: each on a copy of the state but the last, which
/// needs none; stops once enough solutions are found.
#[inline(always)]
fn explore<S: State>(
    state: &mut S,
    found: &mut Found,
    ways: usize,
    choose: impl Fn(&mut S, usize),
) {
    for way in 0..ways {
        if way + 1 == ways {
            choose(state, way);
            if state.propagate() {
                state.search(found);
            }
            return;
        }
        let mut next = *state;
        choose(&mut next, way);
        if next.propagate() {
            next.search(found);
            if found.count >= found.limit {
                return;
            }
        }
    }
}

fn run_with<S: State>(
    support: S::Support,
    values: &[u8; 81],
    limit: usize,
    keep: bool,
) -> Solutions {
    let mut found = Found::new(limit, keep);
    if let Some(mut search) = S::new(support, values)
        && limit > 0
        && search.propagate()
    {
        search.search(&mut found);
    }
    Solutions {
        count: found.count,
        first: found.first,
    }
}

/// The number of solutions of a grid of values (0 for a blank, 1–9 for a digit), counted up to
/// `limit`: `count_solutions(values, 2) == 1` is the uniqueness check.
pub fn count_solutions(values: &[u8; 81], limit: usize) -> usize {
    Runner::best().run(values, limit, false).count
}

/// The solutions of a grid of values counted up to `limit`, and the first one found, by the
/// fastest engine this processor runs.
pub fn solutions(values: &[u8; 81], limit: usize) -> Solutions {
    Runner::best().run(values, limit, true)
}

/// Whether `solution` is still the only solution of `puzzle` (a puzzle known to have it as its
/// only solution, with the `removed` cells just blanked). Cheaper than counting: it looks only for
/// a solution that differs from `solution` in a removed cell, split by the first such cell.
pub fn stays_unique(puzzle: &[u8; 81], removed: &[usize], solution: &[u8; 81]) -> bool {
    with_state!(Runner::best(), |support: S| {
        stays_unique_with::<S>(support, puzzle, removed, solution)
    })
}

fn stays_unique_with<S: State>(
    support: S::Support,
    puzzle: &[u8; 81],
    removed: &[usize],
    solution: &[u8; 81],
) -> bool {
    let Some(blanked) = S::new(support, puzzle) else {
        return true;
    };
    (0..removed.len()).all(|i| {
        let mut search = blanked;
        let agrees = removed[..i]
            .iter()
            .all(|&cell| search.place(cell, solution[cell] as usize - 1));
        search.eliminate(removed[i], solution[removed[i]] as usize - 1);
        let mut found = Found::new(1, false);
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
    with_state!(Runner::best(), |support: S| random_solution_with::<S>(
        support, rng
    ))
}

fn random_solution_with<S: State>(support: S::Support, rng: &mut impl Rng) -> [u8; 81] {
    'restart: loop {
        let Some(mut state) = S::new(support, &[0; 81]) else {
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
        let solution = solutions(&values_of(self), 2).only()?;
        Ok(self.with_values(&solution))
    }

    /// Some solution, if there is one.
    pub fn any_solution(&self) -> Option<Grid> {
        solutions(&values_of(self), 1)
            .first
            .map(|solution| self.with_values(&solution))
    }

    /// This grid's givens with every other cell filled from `values`.
    pub(crate) fn with_values(&self, values: &[u8; 81]) -> Grid {
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

    fn runners() -> Vec<Runner> {
        Engine::available()
            .map(|engine| engine.runner().expect("an available engine runs"))
            .collect()
    }

    /// Placing the clues at once gives every engine the state of placing them one at a time, and
    /// refuses the same grids: random grids, some with clues that clash.
    #[test]
    fn clues_placed_at_once_as_one_at_a_time() {
        fn one_at_a_time<S: State>(support: S::Support, values: &[u8; 81]) -> Option<S> {
            let mut state = S::new(support, &[0; 81])?;
            for (cell, &value) in values.iter().enumerate() {
                if value != 0 && !state.place(cell, value as usize - 1) {
                    return None;
                }
            }
            Some(state)
        }
        fn masks<S: State>(state: &S) -> Vec<u32> {
            (0..3)
                .flat_map(|band| {
                    (0..9)
                        .map(move |digit| state.digit_cells(digit, band))
                        .chain([state.unsolved_in(band)])
                })
                .collect()
        }
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut refused, mut kept) = (0, 0);
        for round in 0..3000 {
            let mut values = [0; 81];
            if round % 2 == 0 {
                // A solution's cells, some of them: never a clash.
                let solution = random_solution(&mut rng);
                for (value, &digit) in values.iter_mut().zip(&solution) {
                    *value = if rng.random_ratio(1, 3) { digit } else { 0 };
                }
            } else {
                let clues = rng.random_range(0..30);
                for _ in 0..clues {
                    values[rng.random_range(0..81)] = rng.random_range(1..=9);
                }
            }
            for runner in runners() {
                with_state!(runner, |support: S| {
                    let at_once = S::new(support, &values);
                    let one_by_one = one_at_a_time::<S>(support, &values);
                    assert_eq!(at_once.as_ref().map(masks), one_by_one.as_ref().map(masks));
                    if at_once.is_some() {
                        kept += 1
                    } else {
                        refused += 1
                    }
                });
            }
        }
        // Both kinds of grid were met.
        assert!(
            refused > 500 && kept > 1500,
            "{refused} refused, {kept} kept"
        );
        // A value above 9 is no clue: the grid is refused, wherever the value is.
        for cell in [0, 26, 27, 80] {
            let mut values = [0; 81];
            values[cell] = 10;
            for runner in runners() {
                with_state!(runner, |support: S| assert!(
                    S::new(support, &values).is_none()
                ));
            }
        }
    }

    /// Every engine draws the same grids from the same random numbers, so that a seed (a daily
    /// puzzle's) gives the same puzzle natively and in wasm32, whichever engine each runs.
    #[test]
    fn engines_draw_the_same_grids() {
        let grids = |runner: Runner| {
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            (0..50)
                .map(|_| {
                    with_state!(runner, |support: S| random_solution_with::<S>(
                        support, &mut rng
                    ))
                })
                .collect::<Vec<_>>()
        };
        let scalar = grids(Runner::Scalar);
        for runner in runners() {
            assert_eq!(grids(runner), scalar, "{:?}", runner.engine());
        }
    }

    /// Every engine this processor runs draws complete grids with one solution, and tells
    /// whether blanking a pair of cells (as the generator does) keeps a puzzle unique the way
    /// counting does.
    #[test]
    fn engines_draw_grids_and_check_removals() {
        for runner in runners() {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            for _ in 0..20 {
                let grid = with_state!(runner, |support: S| {
                    random_solution_with::<S>(support, &mut rng)
                });
                assert!(!grid.contains(&0));
                assert_eq!(runner.run(&grid, 2, false).count, 1);
                let mut puzzle = grid;
                for cell in 0..=40 {
                    let removed = if cell == 40 {
                        vec![40]
                    } else {
                        vec![cell, 80 - cell]
                    };
                    for &blank in &removed {
                        puzzle[blank] = 0;
                    }
                    let unique = with_state!(runner, |support: S| {
                        stays_unique_with::<S>(support, &puzzle, &removed, &grid)
                    });
                    assert_eq!(unique, runner.run(&puzzle, 2, false).count == 1);
                    if !unique {
                        for &blank in &removed {
                            puzzle[blank] = grid[blank];
                        }
                    }
                }
            }
        }
    }
}

/// A way to split the search: the placements of `digit` in a band (`place` 0-2: rows matched to
/// boxes) or in a stack (`place` 3-5: bands matched to columns), with `occupancy` the 3×3 matrix
/// of which pairs are still possible (bit `i * 3 + j`: row or band `i` may hold the digit in box
/// or column `j`).
#[derive(Clone, Copy)]
struct Split {
    place: usize,
    digit: usize,
    occupancy: usize,
}

impl Split {
    /// Keeps the digit to the placements of `matching`.
    #[inline(always)]
    fn confine<S: State>(self, state: &mut S, matching: u16) {
        if self.place < 3 {
            state.confine(self.digit, self.place, band_cells(matching));
        } else {
            for band in 0..3 {
                let column = matching >> (band * 3);
                state.confine(self.digit, band, stack_cells(self.place - 3, column));
            }
        }
    }
}

/// The ways left in all to the nine digits of a band or stack (their occupancy matrices), and the
/// digit with the fewest ways among those with two or more (some digit has, when there are more
/// than nine in all and none has none).
#[inline(always)]
fn fewest_ways(occupancies: &[usize; 9]) -> (u32, usize) {
    let mut total = 0;
    let mut choice = (u32::MAX, 0);
    for (digit, &occupancy) in occupancies.iter().enumerate() {
        let count = PLACEMENTS[occupancy] as u32;
        total += count;
        if count >= 2 && count < choice.0 {
            choice = (count, digit);
        }
    }
    (total, choice.1)
}

/// Adds `bits` to bit-sliced counts: `counts[k]` holds the bits seen at least `k + 1` times.
#[inline(always)]
fn count_to_four(counts: &mut [u32; 4], bits: u32) {
    counts[3] |= counts[2] & bits;
    counts[2] |= counts[1] & bits;
    counts[1] |= counts[0] & bits;
    counts[0] |= bits;
}

/// The six ways to match three things to three others, as 3×3 occupancy matrices.
const MATCHINGS: [u16; 6] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    table!(6, |i| {
        let [a, b, c] = PERMUTATIONS[i];
        (1 << a | 1 << (3 + b) | 1 << (6 + c)) as u16
    })
};

/// The matchings an occupancy matrix still allows, and how many.
#[inline(always)]
fn matchings_within(occupancy: usize) -> ([u16; 6], usize) {
    let mut ways = [0; 6];
    let mut count = 0;
    for matching in MATCHINGS {
        if occupancy as u16 & matching == matching {
            ways[count] = matching;
            count += 1;
        }
    }
    (ways, count)
}

/// For each 3×3 occupancy matrix, how many matchings it still allows.
const PLACEMENTS: [u8; 512] = table!(512, |occupancy| {
    let mut count = 0;
    let mut i = 0;
    while i < 6 {
        count += (occupancy as u16 & MATCHINGS[i] == MATCHINGS[i]) as u8;
        i += 1;
    }
    count
});

/// Which boxes each row of a band's mask reaches, as a 3×3 occupancy matrix (bit `row * 3 + box`).
#[inline(always)]
fn band_occupancy(bits: u32) -> usize {
    let minirows = (bits | bits >> 1 | bits >> 2) & MINIROWS;
    let packed = minirows | minirows >> 2 | minirows >> 4;
    (packed & 7 | packed >> 6 & 0o70 | packed >> 12 & 0o700) as usize
}

/// The cells of a band in the minirows of a matching of rows to boxes.
#[inline(always)]
fn band_cells(matching: u16) -> u32 {
    (0..3).fold(0, |cells, row| {
        let boxes = (matching >> (row * 3) & 7) as u32;
        let minirows = ((boxes & 1) * 7) | ((boxes >> 1 & 1) * 0o70) | ((boxes >> 2) * 0o700);
        cells | minirows << (row * 9)
    })
}

/// The cells of a band a digit keeps when, in `stack`, the band holds it in the column given by
/// the lowest three bits of `columns` (one bit set): all of the band outside the stack, and that
/// column.
#[inline(always)]
fn stack_cells(stack: usize, columns: u16) -> u32 {
    let stack_columns = 7u32 << (stack * 3);
    let column = (columns as u32 & 7) << (stack * 3);
    spread_columns(ROW & !stack_columns | column)
}

/// The cells a digit keeps in a band where it must sit in the minirows `minirows` (their first
/// cells, as in `MINIROWS`) and the columns `columns` (nine bits): none of the rest of their rows
/// and boxes, nor of the rest of the columns' boxes. (Its other bands lose the columns.)
#[inline(always)]
fn triad_keep(minirows: u32, columns: u32) -> u32 {
    let cells = minirows | minirows << 1 | minirows << 2;
    let boxes = spread_columns((cells | cells >> 9 | cells >> 18) & ROW);
    let stacks = (columns | columns >> 1 | columns >> 2) & 0o111;
    let box_columns = (stacks | stacks << 1 | stacks << 2) & !columns;
    !((rows_touched(cells) | boxes) & !cells | spread_columns(box_columns))
}

/// The rows of a band's mask that hold a bit, each as its nine bits.
#[inline(always)]
fn rows_touched(bits: u32) -> u32 {
    // Bit 8 of a row is set once any of its bits is; the sum cannot carry into the next row.
    let top = (bits | ((bits & ROW_LOW_EIGHT) + ROW_LOW_EIGHT)) & ROW_TOP;
    (top << 1) - (top >> 8)
}

/// The minirows and minicolumns of a band: a minirow as in an occupancy matrix (bit
/// `row * 3 + box`), a minicolumn as bit `9 + column`.
const SPOTS: u32 = (1 << 18) - 1;

/// The minirows and minicolumns (as in `SPOTS`) where a band's mask has a bit.
#[inline(always)]
fn spots(bits: u32) -> u32 {
    band_occupancy(bits) as u32 | ((bits | bits >> 9 | bits >> 18) & ROW) << 9
}

/// The minirows and minicolumns (as in `SPOTS`) of `band` that a digit must hold, given its
/// occupancy matrix there and its columns in each band: a minirow alone in its row, a column it
/// has in no other band.
#[inline(always)]
fn held_spots(occupancy: u32, columns: &[u32; 3], band: usize) -> u32 {
    let o = occupancy;
    let beside = (o >> 1 & 0o333) | (o << 1 & 0o666) | (o >> 2 & 0o111) | (o << 2 & 0o444);
    let alone = columns[band] & !columns[(band + 1) % 3] & !columns[(band + 2) % 3];
    o & !beside | alone << 9
}

/// The first cells of the minirows of an occupancy matrix (bit `row * 3 + box` to bit
/// `row * 9 + box * 3`).
#[inline(always)]
fn minirow_firsts(occupancy: u32) -> u32 {
    let spread = |boxes: u32| (boxes & 1) | (boxes & 2) << 2 | (boxes & 4) << 4;
    spread(occupancy & 7) | spread(occupancy >> 3 & 7) << 9 | spread(occupancy >> 6 & 7) << 18
}

/// The cells of minirows and minicolumns (as in `SPOTS`).
#[inline(always)]
fn spot_cells(spots: u32) -> u32 {
    let firsts = minirow_firsts(spots & 0o777);
    firsts | firsts << 1 | firsts << 2 | spread_columns(spots >> 9)
}

/// Nine column bits repeated in the three rows of a band.
#[inline(always)]
fn spread_columns(columns: u32) -> u32 {
    columns | columns << 9 | columns << 18
}

/// What the search does with a propagated state that is not solved.
enum Choice {
    /// Nothing: it has no solution.
    Dead,
    /// Propagate again: the triad rules removed candidates.
    Again,
    /// Split on the placements of a digit in a band or stack.
    Split(Split),
    /// Guess on a cell.
    Cell,
}
