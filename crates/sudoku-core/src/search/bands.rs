//! The vector engine: propagation over per-digit band bitboards, all nine digits of a band at
//! once, then depth-first guessing. Its rules are written once, over lane operations (`Vector`,
//! `Lanes`) that three back ends implement: AVX2 on x86-64 processors that have it (`avx2`,
//! detected at run time), SSE4.1 on those that have only that (`sse41`, likewise), and the
//! 128-bit SIMD of WebAssembly (`simd128`, in builds for wasm32 with that target feature, which
//! the web build always has).
//!
//! # Data layout
//!
//! The board is cut into three bands of three rows (27 cells). Inside a band, cell `r * 9 + c`
//! (row `r` of the band, column `c`) is bit `r * 9 + c` of a `u32`, so each row is a 9-bit group
//! and each box a 3×3 block of bits. A band is an array of 16 `u32` lanes: lane `d` holds the
//! 27-bit mask of the band's cells where digit `d` is still possible, and lanes 9–15 stay 0. The
//! rules take digits 0–7 as eight vector lanes (`Lanes::Eight`: one 256-bit vector with AVX2, two
//! 128-bit vectors of four lanes with SSE4.1 and in wasm) and digit 8 as a plain `u32` beside
//! them (`Nine`, `Lane`), which measured a few percent faster with AVX2 than a second vector of
//! one digit, and in wasm up to a fifth faster than a third vector of four lanes (docs/search.md,
//! "In WebAssembly", with the figures of each engine and the commands that give them).
//! A placed digit keeps its bit in its own lane and loses it in the other eight, so the lanes
//! always read back as the candidates, and a solved board reads back as its solution.
//! `unsolved[b]` marks the cells of band `b` not placed yet, and `dirty` the bands whose rules
//! may find something new. The whole state is 208 bytes.
//!
//! # Propagation
//!
//! Examining a band (`Search::update`) uses that each digit sits once in each of the band's three
//! rows and once in each of its three boxes: a minirow (a row's three cells in one box) keeps the
//! digit only if the other two rows can be matched to the other two boxes (`matched_cells`,
//! shifts and masks on the minirow occupancy). That does pointing and claiming (locked
//! candidates) and hidden singles in boxes, and finds a digit with no room in the band. Folding
//! the lanes into the cells held by at least one and by at least two digits then finds cells
//! without a candidate and naked singles; a naked single keeps its digit alone in its row, so it
//! is placed with the digits left alone in a row (hidden singles). Placed cells leave the other
//! digits' lanes, and their columns leave the digit's lanes in the other two bands; a cell placed
//! for two digits at once stays in both lanes, which the band's next examination finds. The
//! bands are examined in turn while any is dirty; then the stack rules (columns matched to bands,
//! the way rows are matched to boxes, again for all digits at once) run, and propagation goes on
//! while they change something.
//!
//! # Search
//!
//! If the board is not solved, the search (shared with the scalar engine, `guess_each`) applies
//! the triad rules and splits on the placements of a digit in a band or stack, each choice on a
//! copy of the state. Both run here on vectors (`choose`); done one digit at a time, as in the
//! scalar engine, they took a third of the solver's time on the hardest sets.
//!
//! # Back ends
//!
//! A back end (`Lanes`) gives the vectors of eight and four lanes, their bit operations, shifts
//! and comparisons (`Vector`), the folds of eight lanes into one, and the entry points
//! (`Lanes::propagate` and the like) compiled with its instructions; everything between is the
//! generic code of this module, inlined into those entry points. A back end's value is the proof
//! that the processor runs its instructions, and its vectors can only be made from it, so holding
//! one is what makes the instructions sound to use (see each back end's module).

use std::ops::{Add, BitAnd, BitOr, BitXor, Sub};

use super::{
    Choice, Found, KEEP_AFTER_PLACING, MATCHINGS, MINIROWS, ROW, ROW_LOW_EIGHT, ROW_STARTS,
    ROW_TOP, SPOTS, Split, State, count_to_four, force_full, guess_each, minirow_firsts,
    place_clues, spots,
};

/// The entry points of a back end whose instructions are detected at run time (`Lanes::start` and
/// the like, written inside its `impl Lanes`): each runs the engine's generic code, inlined into a
/// function compiled with the back end's target features, `$features`. Sound because a value of
/// `$lanes` (`self`, or the one a `Search` holds) exists only where detection found them.
#[cfg(target_arch = "x86_64")]
macro_rules! detected_entry_points {
    ($lanes:ty, $features:literal) => {
        fn start(self, values: &[u8; 81]) -> Option<Search<$lanes>> {
            /// `State::new` (the clues' checks count bits).
            #[target_feature(enable = $features)]
            fn compiled(lanes: $lanes, values: &[u8; 81]) -> Option<Search<$lanes>> {
                super::new(lanes, values)
            }
            // SAFETY: `self` exists, so detection found the instructions `compiled` is compiled
            // for.
            unsafe { compiled(self, values) }
        }

        #[inline(always)]
        fn propagate(search: &mut Search<$lanes>) -> bool {
            /// Propagates until nothing changes.
            #[target_feature(enable = $features)]
            fn compiled(search: &mut Search<$lanes>) -> bool {
                super::propagate(search)
            }
            // SAFETY: `search` holds a `$lanes`, so detection found the instructions
            // `compiled` is compiled for.
            unsafe { compiled(search) }
        }

        #[inline(always)]
        fn choose(search: &mut Search<$lanes>) -> Choice {
            /// `State::choose` on vectors.
            #[target_feature(enable = $features)]
            #[inline]
            fn compiled(search: &mut Search<$lanes>) -> Choice {
                super::choose(search)
            }
            // SAFETY: as in `propagate`.
            unsafe { compiled(search) }
        }

        #[inline(always)]
        fn search(search: &mut Search<$lanes>, found: &mut Found) {
            /// Depth-first search from a propagated state.
            #[target_feature(enable = $features)]
            fn compiled(search: &mut Search<$lanes>, found: &mut Found) {
                super::search(search, found);
            }
            // SAFETY: as in `propagate`.
            unsafe { compiled(search, found) }
        }
    };
}

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;
#[cfg(target_arch = "x86_64")]
mod sse41;

/// The back end with 256-bit vectors: what `Search` needs to be made on it.
#[cfg(target_arch = "x86_64")]
pub(super) type Wide = avx2::Avx2;
/// The back end with 128-bit vectors of this target: what `Search` needs to be made on it.
#[cfg(target_arch = "x86_64")]
pub(super) type Narrow = sse41::Sse41;
/// The back end with 128-bit vectors of this target: what `Search` needs to be made on it.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(super) type Narrow = simd128::Simd128;

/// Lanes per band: the nine digits, padded with empty lanes to a whole number of vectors.
const LANES: usize = 16;

/// One band: lane `d` holds the 27-bit mask of the band's cells where digit `d` is possible.
type Band = [u32; LANES];

/// Lanes of 32 bits, all worked alike: what the rules are written with. `u32` lanes, shifts
/// within each lane, additions and subtractions wrapping.
pub(super) trait Vector:
    Copy
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
{
    /// A vector of the same kind with `x` in every lane.
    fn splat(self, x: u32) -> Self;
    /// `self & !other`.
    fn and_not(self, other: Self) -> Self;
    /// Each lane shifted left by `N` (below 32).
    fn shl<const N: i32>(self) -> Self;
    /// Each lane shifted right by `N` (below 32), zeros coming in.
    fn shr<const N: i32>(self) -> Self;
    /// Each lane shifted right by `n` (below 32), zeros coming in.
    fn shr_by(self, n: u32) -> Self;
    /// All ones in the lanes where the two are equal, 0 in the others.
    fn equal(self, other: Self) -> Self;
    /// All ones in the lanes where `self` is less than `other` as signed numbers, 0 in the others.
    fn less(self, other: Self) -> Self;
    /// Whether every lane is 0.
    fn is_zero(self) -> bool;
    /// Whether some lane is 0.
    fn any_zero(self) -> bool;
}

/// A back end of the engine: its vectors, and its entry points compiled with its instructions.
/// A value is the proof that the processor runs them.
pub(super) trait Lanes: Copy {
    /// Eight lanes: digits 0–7 of a band.
    type Eight: Vector;
    /// Four lanes, half of `Eight`: what folding eight lanes into one goes through.
    type Four: Copy
        + BitAnd<Output = Self::Four>
        + BitOr<Output = Self::Four>
        + Add<Output = Self::Four>;

    /// Lanes 0–7 of a band.
    fn load(self, band: &Band) -> Self::Eight;
    /// Writes lanes 0–7 of a band.
    fn store(band: &mut Band, lanes: Self::Eight);
    /// A vector of eight given lanes.
    fn lanes_of(self, lanes: [u32; 8]) -> Self::Eight;
    /// The eight lanes of a vector.
    fn to_array(lanes: Self::Eight) -> [u32; 8];
    /// Lanes 0–3 and 4–7.
    fn halves(lanes: Self::Eight) -> (Self::Four, Self::Four);
    /// The two halves of four lanes swapped: lanes 2, 3, 0, 1.
    fn swap_halves(lanes: Self::Four) -> Self::Four;
    /// Neighbouring lanes swapped: lanes 1, 0, 3, 2.
    fn swap_neighbours(lanes: Self::Four) -> Self::Four;
    /// The least of each pair of lanes, unsigned.
    fn min(a: Self::Four, b: Self::Four) -> Self::Four;
    /// Lane 0.
    fn first(lanes: Self::Four) -> u32;

    /// Where each value is in each band of a grid (`super::clue_cells`).
    fn clue_cells(self, values: &[u8; 81]) -> [[u32; 10]; 3];

    /// `State::new`, compiled with the back end's instructions.
    fn start(self, values: &[u8; 81]) -> Option<Search<Self>>;
    /// `State::propagate`, compiled with the back end's instructions.
    fn propagate(search: &mut Search<Self>) -> bool;
    /// `State::choose`, compiled with the back end's instructions.
    fn choose(search: &mut Search<Self>) -> Choice;
    /// `State::search`, compiled with the back end's instructions.
    fn search(search: &mut Search<Self>, found: &mut Found);
}

/// One lane, digit 8 beside the vector of digits 0–7: plain `u32` operations, wrapping.
#[derive(Clone, Copy)]
pub(super) struct Lane(u32);

impl BitAnd for Lane {
    type Output = Lane;
    #[inline(always)]
    fn bitand(self, other: Lane) -> Lane {
        Lane(self.0 & other.0)
    }
}

impl BitOr for Lane {
    type Output = Lane;
    #[inline(always)]
    fn bitor(self, other: Lane) -> Lane {
        Lane(self.0 | other.0)
    }
}

impl BitXor for Lane {
    type Output = Lane;
    #[inline(always)]
    fn bitxor(self, other: Lane) -> Lane {
        Lane(self.0 ^ other.0)
    }
}

impl Add for Lane {
    type Output = Lane;
    #[inline(always)]
    fn add(self, other: Lane) -> Lane {
        Lane(self.0.wrapping_add(other.0))
    }
}

impl Sub for Lane {
    type Output = Lane;
    #[inline(always)]
    fn sub(self, other: Lane) -> Lane {
        Lane(self.0.wrapping_sub(other.0))
    }
}

impl Vector for Lane {
    #[inline(always)]
    fn splat(self, x: u32) -> Lane {
        Lane(x)
    }
    #[inline(always)]
    fn and_not(self, other: Lane) -> Lane {
        Lane(self.0 & !other.0)
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Lane {
        Lane(self.0 << N)
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Lane {
        Lane(self.0 >> N)
    }
    #[inline(always)]
    fn shr_by(self, n: u32) -> Lane {
        Lane(self.0 >> n)
    }
    #[inline(always)]
    fn equal(self, other: Lane) -> Lane {
        Lane(if self.0 == other.0 { !0 } else { 0 })
    }
    #[inline(always)]
    fn less(self, other: Lane) -> Lane {
        Lane(if (self.0 as i32) < (other.0 as i32) {
            !0
        } else {
            0
        })
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0 == 0
    }
    #[inline(always)]
    fn any_zero(self) -> bool {
        self.0 == 0
    }
}

/// Two vectors side by side, worked as one: the nine digits of a band (`Nine`), or in wasm eight
/// lanes as two vectors of four.
#[derive(Clone, Copy)]
pub(super) struct Join<A, B>(A, B);

macro_rules! join_op {
    ($trait:ident, $method:ident, $op:tt) => {
        impl<A: Vector, B: Vector> $trait for Join<A, B> {
            type Output = Join<A, B>;
            #[inline(always)]
            fn $method(self, other: Join<A, B>) -> Join<A, B> {
                Join(self.0 $op other.0, self.1 $op other.1)
            }
        }
    };
}

join_op!(BitAnd, bitand, &);
join_op!(BitOr, bitor, |);
join_op!(BitXor, bitxor, ^);
join_op!(Add, add, +);
join_op!(Sub, sub, -);

impl<A: Vector, B: Vector> Vector for Join<A, B> {
    #[inline(always)]
    fn splat(self, x: u32) -> Self {
        Join(self.0.splat(x), self.1.splat(x))
    }
    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        Join(self.0.and_not(other.0), self.1.and_not(other.1))
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        Join(self.0.shl::<N>(), self.1.shl::<N>())
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        Join(self.0.shr::<N>(), self.1.shr::<N>())
    }
    #[inline(always)]
    fn shr_by(self, n: u32) -> Self {
        Join(self.0.shr_by(n), self.1.shr_by(n))
    }
    #[inline(always)]
    fn equal(self, other: Self) -> Self {
        Join(self.0.equal(other.0), self.1.equal(other.1))
    }
    #[inline(always)]
    fn less(self, other: Self) -> Self {
        Join(self.0.less(other.0), self.1.less(other.1))
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.is_zero() && self.1.is_zero()
    }
    #[inline(always)]
    fn any_zero(self) -> bool {
        self.0.any_zero() || self.1.any_zero()
    }
}

/// The nine digits of a band: digits 0–7 in a vector, digit 8 beside it.
type Nine<L> = Join<<L as Lanes>::Eight, Lane>;

/// Lanes 0–8 of a band.
#[inline(always)]
fn load<L: Lanes>(lanes: L, band: &Band) -> Nine<L> {
    Join(lanes.load(band), Lane(band[8]))
}

/// Writes lanes 0–8 of a band.
#[inline(always)]
fn store<L: Lanes>(band: &mut Band, lanes: Nine<L>) {
    L::store(band, lanes.0);
    band[8] = lanes.1.0;
}

/// The nine lanes of a vector.
#[inline(always)]
fn to_array<L: Lanes>(lanes: Nine<L>) -> [u32; 9] {
    let low = L::to_array(lanes.0);
    std::array::from_fn(|digit| if digit < 8 { low[digit] } else { lanes.1.0 })
}

/// The cells of `bits` (a band's cells for one digit, in each lane) in the minirows that some
/// matching of rows to boxes uses: the digit sits once in each row and once in each box of the
/// band, so a minirow (row `r`, box `k`) can hold it only if the other two rows can be matched to
/// the other two boxes. This is pointing, claiming and the band's hidden singles in one go; 0
/// when there is no matching.
#[inline(always)]
fn matched_cells<V: Vector>(bits: V) -> V {
    let mask = |v: V, m: u32| v & bits.splat(m);
    let occupied = mask(bits | bits.shr::<1>() | bits.shr::<2>(), MINIROWS);
    // Minirow (r, k) sees (r, k + 1), and (r, k + 2), box numbers modulo 3.
    let next_box =
        mask(occupied.shr::<3>(), 0o011_011_011) | mask(occupied.shl::<6>(), 0o100_100_100);
    let box_after =
        mask(occupied.shr::<6>(), 0o001_001_001) | mask(occupied.shl::<3>(), 0o110_110_110);
    // The same for rows; bits pushed past the band are cleared by `occupied` below.
    let next_row = |v: V| v.shr::<9>() | v.shl::<18>();
    let row_after = |v: V| v.shr::<18>() | v.shl::<9>();
    let kept = occupied
        & (next_row(next_box) & row_after(box_after) | next_row(box_after) & row_after(next_box));
    bits & (kept | kept.shl::<1>() | kept.shl::<2>())
}

/// The rows of each lane's band mask that hold a bit, each as its nine bits (`rows_touched`).
#[inline(always)]
fn rows_touched<V: Vector>(bits: V) -> V {
    // Bit 8 of a row is set once any of its bits is; the sum cannot carry into the next row.
    let low_eight = bits.splat(ROW_LOW_EIGHT);
    let top = (bits | ((bits & low_eight) + low_eight)) & bits.splat(ROW_TOP);
    top.shl::<1>() - top.shr::<8>()
}

/// The cells of each lane that are alone in their row, when every row holds at least one.
#[inline(always)]
fn alone_in_row<V: Vector>(bits: V) -> V {
    bits.and_not(rows_touched(bits & (bits - bits.splat(ROW_STARTS))))
}

/// The columns (nine bits) where each lane's band mask has a bit.
#[inline(always)]
fn columns<V: Vector>(bits: V) -> V {
    (bits | bits.shr::<9>() | bits.shr::<18>()) & bits.splat(ROW)
}

/// Nine column bits of each lane repeated in the three rows of a band.
#[inline(always)]
fn spread_columns<V: Vector>(columns: V) -> V {
    columns | columns.shl::<9>() | columns.shl::<18>()
}

/// The same bits of each lane, and those one and two places higher (`lower`: lower).
#[inline(always)]
fn three<V: Vector>(v: V, higher: bool) -> V {
    if higher {
        v | v.shl::<1>() | v.shl::<2>()
    } else {
        v | v.shr::<1>() | v.shr::<2>()
    }
}

/// Which boxes each row of each lane's band mask reaches, as a 3×3 occupancy matrix
/// (`band_occupancy`).
#[inline(always)]
fn occupancies<V: Vector>(lanes: V) -> V {
    let minirows = three(lanes, false) & lanes.splat(MINIROWS);
    let packed = minirows | minirows.shr::<2>() | minirows.shr::<4>();
    (packed & lanes.splat(7))
        | (packed.shr::<6>() & lanes.splat(0o70))
        | (packed.shr::<12>() & lanes.splat(0o700))
}

/// How many matchings each lane's occupancy matrix allows (`PLACEMENTS`).
#[inline(always)]
fn ways<V: Vector>(occupancies: V) -> V {
    MATCHINGS
        .iter()
        .fold(occupancies.splat(0), |count, &matching| {
            let matching = occupancies.splat(matching.into());
            // All ones, -1, where the matching is allowed.
            count - (occupancies & matching).equal(matching)
        })
}

/// The minirows and minicolumns (as in `SPOTS`) of `band` that each digit must hold, given its
/// occupancy matrix there and its columns in each band (`held_spots`).
#[inline(always)]
fn held_spots<V: Vector>(o: V, columns: &[V; 3], band: usize) -> V {
    let near = |v: V, mask: u32| v & o.splat(mask);
    let beside = near(o.shr::<1>(), 0o333)
        | near(o.shl::<1>(), 0o666)
        | near(o.shr::<2>(), 0o111)
        | near(o.shl::<2>(), 0o444);
    let alone = columns[band].and_not(columns[(band + 1) % 3] | columns[(band + 2) % 3]);
    o.and_not(beside) | alone.shl::<9>()
}

/// Eight lanes folded in halves down to one with `op`.
#[inline(always)]
fn fold<L: Lanes>(lanes: L::Eight, op: impl Fn(L::Four, L::Four) -> L::Four) -> u32 {
    let (low, high) = L::halves(lanes);
    let half = op(low, high);
    let quarter = op(half, L::swap_halves(half));
    L::first(op(quarter, L::swap_neighbours(quarter)))
}

/// The bits set in any of nine lanes.
#[inline(always)]
fn or_lanes<L: Lanes>(lanes: Nine<L>) -> u32 {
    fold::<L>(lanes.0, |a, b| a | b) | lanes.1.0
}

/// The sum of nine lanes, and the smallest of nine others (unsigned).
#[inline(always)]
fn sum_and_least<L: Lanes>(sum: Nine<L>, least: Nine<L>) -> (u32, u32) {
    (
        fold::<L>(sum.0, |a, b| a + b).wrapping_add(sum.1.0),
        fold::<L>(least.0, L::min).min(least.1.0),
    )
}

/// Bit-sliced counts to four of two groups of lanes (`[k]`: the bits set in at least `k + 1`
/// lanes) added up.
#[inline(always)]
fn add_counts<F>(a: [F; 4], b: [F; 4]) -> [F; 4]
where
    F: Copy + BitAnd<Output = F> + BitOr<Output = F>,
{
    let both = |i: usize, j: usize| a[i] & b[j];
    [
        a[0] | b[0],
        a[1] | b[1] | both(0, 0),
        a[2] | b[2] | both(1, 0) | both(0, 1),
        a[3] | b[3] | both(2, 0) | both(1, 1) | both(0, 2),
    ]
}

/// How many of nine lanes have each bit, counted to four: `[k]` holds the bits set in at least
/// `k + 1` lanes.
#[inline(always)]
fn count_lanes<L: Lanes>(lanes: Nine<L>) -> [u32; 4] {
    let (low, high) = L::halves(lanes.0);
    let zero = L::halves(lanes.0.splat(0)).0;
    let counts = [low | high, low & high, zero, zero];
    let counts = add_counts(counts, counts.map(L::swap_halves));
    let counts = add_counts(counts, counts.map(L::swap_neighbours));
    let mut counts = counts.map(L::first);
    count_to_four(&mut counts, lanes.1.0);
    counts
}

/// The cells held by at least one of nine lanes, and those held by at least two.
#[inline(always)]
fn once_and_twice<L: Lanes>(lanes: Nine<L>) -> (u32, u32) {
    let (low, high) = L::halves(lanes.0);
    let step = |(once, twice): (L::Four, L::Four), swap: fn(L::Four) -> L::Four| {
        let swapped = swap(once);
        (once | swapped, twice | swap(twice) | once & swapped)
    };
    let (once, twice) = step(
        step((low | high, low & high), L::swap_halves),
        L::swap_neighbours,
    );
    let (once, twice) = (L::first(once), L::first(twice));
    let eighth = lanes.1.0;
    (once | eighth, twice | once & eighth)
}

/// The state of a search; see the module documentation for the layout. (The scalar engine's
/// `Search` plays the same part with its own layout; only the shape of the two is alike.)
#[derive(Clone, Copy)]
pub(super) struct Search<L> {
    bands: [Band; 3],
    unsolved: [u32; 3],
    /// One bit per band whose rules may find something new.
    dirty: u32,
    /// The back end, which takes no room: having it is what lets the methods use its vectors.
    lanes: L,
}

impl<L: Lanes> Search<L> {
    /// The nine lanes of a band.
    #[inline(always)]
    fn band(&self, band: usize) -> Nine<L> {
        load(self.lanes, &self.bands[band])
    }

    /// Places `digit` (0-based) in `cell`, if still possible.
    #[inline(always)]
    fn place(&mut self, cell: usize, digit: usize) -> bool {
        let (band, pos) = (cell / 27, cell % 27);
        let bit = 1 << pos;
        let mine = self.bands[band][digit];
        if mine & bit == 0 {
            return false;
        }
        let lanes = self.band(band);
        store::<L>(&mut self.bands[band], lanes.and_not(lanes.splat(bit)));
        self.bands[band][digit] = mine & KEEP_AFTER_PLACING[pos];
        let column = super::spread_columns(1 << (pos % 9));
        self.dirty |= 1 << band;
        for other in [(band + 1) % 3, (band + 2) % 3] {
            let lane = &mut self.bands[other][digit];
            self.dirty |= ((*lane & column != 0) as u32) << other;
            *lane &= !column;
        }
        self.unsolved[band] &= !bit;
        true
    }

    /// Applies the rules of one band to all digits at once (see the module documentation);
    /// false on a contradiction.
    #[inline(always)]
    fn update(&mut self, band: usize) -> bool {
        self.dirty &= !(1 << band);
        let unsolved = self.unsolved[band];
        let mut lanes = matched_cells(self.band(band));
        if lanes.any_zero() {
            return false;
        }
        let (once, twice) = once_and_twice::<L>(lanes);
        // An unsolved cell without candidates, or a placed cell left in two lanes (two digits
        // were placed there at once, see below).
        if unsolved & !once != 0 || twice & !unsolved != 0 {
            return false;
        }
        // A cell with one candidate left keeps that digit alone in its row, so it is placed
        // below with the digits alone in a row; two such cells in one row are a contradiction.
        let naked = unsolved & !twice;
        if naked != 0 {
            let naked = lanes.splat(naked);
            let touched = rows_touched(lanes & naked);
            lanes = lanes.and_not(touched.and_not(naked));
        }
        let placed = alone_in_row(lanes) & lanes.splat(unsolved);
        let all = or_lanes::<L>(placed);
        if naked & !all != 0 {
            return false;
        }
        if all != 0 {
            lanes = lanes.and_not(lanes.splat(all).and_not(placed));
            self.unsolved[band] &= !all;
            // The rows of naked singles were cut down after the matching, and a placed cell
            // with other candidates changed their lanes: then the band needs another look, which
            // also finds a cell placed in two lanes.
            self.dirty |= ((naked | twice & all != 0) as u32) << band;
            let lost_columns = spread_columns(columns(placed));
            for other in [(band + 1) % 3, (band + 2) % 3] {
                let theirs = self.band(other);
                let gone = theirs & lost_columns;
                store::<L>(&mut self.bands[other], theirs ^ gone);
                self.dirty |= (!gone.is_zero() as u32) << other;
            }
        }
        store::<L>(&mut self.bands[band], lanes);
        true
    }

    /// The first triad rule (`super::force_triads`) for all digits of `band` at once, the
    /// minirows given by their first cells (`triads`) and the minicolumns by their columns
    /// (`tricols`): whether it removed anything.
    #[inline(always)]
    fn force_triads(&mut self, band: usize, triads: u32, tricols: u32) -> bool {
        let lanes = self.band(band);
        let minirows = three(lanes, false) & lanes.splat(triads);
        let columns = columns(lanes) & lanes.splat(tricols);
        // `triad_keep`, for each lane.
        let cells = three(minirows, true);
        let rows = rows_touched(cells);
        let boxes = spread_columns(self::columns(cells));
        let stacks = three(columns, false) & lanes.splat(0o111);
        let box_columns = three(stacks, true).and_not(columns);
        let forbidden = (rows | boxes).and_not(cells) | spread_columns(box_columns);
        let lost = lanes & forbidden;
        let mut forced = !lost.is_zero();
        self.dirty |= (forced as u32) << band;
        store::<L>(&mut self.bands[band], lanes ^ lost);
        let columns = spread_columns(columns);
        for other in [(band + 1) % 3, (band + 2) % 3] {
            let lanes = self.band(other);
            let lost = lanes & columns;
            let lost_any = !lost.is_zero();
            forced |= lost_any;
            self.dirty |= (lost_any as u32) << other;
            store::<L>(&mut self.bands[other], lanes ^ lost);
        }
        forced
    }

    /// The rules of the stacks for all digits at once: a digit sits once in each of a stack's
    /// three columns and once in each of its three boxes, so columns are matched to bands like
    /// rows to boxes within a band. Marks the bands that changed.
    #[inline(always)]
    fn apply_stack_rules(&mut self) {
        // For each band, the columns where each digit can go; then the same seen from column
        // k + 1 and from column k + 2 of the stack, modulo 3 within the stack.
        let present = [0, 1, 2].map(|band| columns(self.band(band)));
        let mask = |v: Nine<L>, m: u32| v & v.splat(m);
        let next = present.map(|c| mask(c.shr::<1>(), 0o333) | mask(c.shl::<2>(), 0o444));
        let after = present.map(|c| mask(c.shr::<2>(), 0o111) | mask(c.shl::<1>(), 0o666));
        for (band, &present) in present.iter().enumerate() {
            let (b1, b2) = ((band + 1) % 3, (band + 2) % 3);
            let kept = present & (next[b1] & after[b2] | after[b1] & next[b2]);
            let lanes = self.band(band);
            let gone = lanes.and_not(spread_columns(kept));
            store::<L>(&mut self.bands[band], lanes ^ gone);
            self.dirty |= (!gone.is_zero() as u32) << band;
        }
    }
}

/// Propagates until nothing changes; false on a contradiction. Inlined into the back ends' entry
/// points (`Lanes::propagate`), as is all the code of this module below them.
#[inline(always)]
fn propagate<L: Lanes>(search: &mut Search<L>) -> bool {
    loop {
        while search.dirty != 0 {
            for band in 0..3 {
                if search.dirty & 1 << band != 0 && !search.update(band) {
                    return false;
                }
            }
        }
        search.apply_stack_rules();
        if search.dirty == 0 {
            return true;
        }
    }
}

/// `State::choose` with the nine digits of a band or stack side by side; the same outcome.
#[inline(always)]
fn choose<L: Lanes>(search: &mut Search<L>) -> Choice {
    // For each band and stack, the occupancy matrices of the digits; for each band their columns.
    let zero = search.band(0).splat(0);
    let mut occupancy = [zero; 6];
    let mut columns = [zero; 3];
    let mut crowded = [0; 3];
    let mut forced = false;
    for band in 0..3 {
        let lanes = search.band(band);
        occupancy[band] = occupancies(lanes);
        columns[band] = self::columns(lanes);
        // How many digits each minirow and minicolumn may hold (`spots`), to four.
        let counts = count_lanes::<L>(occupancy[band] | columns[band].shl::<9>());
        if counts[2] != SPOTS {
            return Choice::Dead;
        }
        crowded[band] = counts[3];
        let triads = counts[2] & !counts[3] & spots(search.unsolved[band]);
        if triads != 0 {
            forced |= search.force_triads(band, minirow_firsts(triads & 0o777), triads >> 9);
        }
    }
    if forced {
        return Choice::Again;
    }
    for band in 0..3 {
        // How many digits each minirow and minicolumn must hold, to four.
        let held = held_spots(occupancy[band], &columns, band);
        let counts = count_lanes::<L>(held);
        if counts[3] != 0 {
            return Choice::Dead;
        }
        // Another digit may sit in those, so the rule removes something.
        let full = counts[2] & crowded[band];
        if full != 0 {
            force_full(search, band, full, &to_array::<L>(held));
        }
        forced |= full != 0;
    }
    if forced {
        return Choice::Again;
    }
    for stack in 0..3 {
        let part = |band: usize| {
            let part: Nine<L> = columns[band].shr_by(stack as u32 * 3);
            part & part.splat(7)
        };
        occupancy[3 + stack] = part(0) | part(1).shl::<3>() | part(2).shl::<6>();
    }
    let digits = Join(search.lanes.lanes_of([0, 1, 2, 3, 4, 5, 6, 7]), Lane(8));
    let (mut best, mut fewest) = (None, u32::MAX);
    for (place, &occupancy) in occupancy.iter().enumerate() {
        // The digit with the fewest ways among those with two or more: the least of
        // `ways * 16 + digit`, with ways below two counted as 15.
        let count = ways(occupancy);
        let single = count.less(count.splat(2));
        let key = (count.and_not(single) | count.splat(15) & single).shl::<4>() | digits;
        let (total, key) = sum_and_least::<L>(count, key);
        if total > 9 && total < fewest {
            fewest = total;
            best = Some((place, occupancy, (key & 15) as usize));
        }
    }
    let Some((place, occupancy, digit)) = best else {
        return Choice::Cell;
    };
    Choice::Split(Split {
        place,
        digit,
        occupancy: to_array::<L>(occupancy)[digit] as usize,
    })
}

/// `State::new`: the clues placed at once.
#[inline(always)]
fn new<L: Lanes>(lanes: L, values: &[u8; 81]) -> Option<Search<L>> {
    let (masks, unsolved) = place_clues(lanes.clue_cells(values))?;
    let bands = masks.map(|masks| {
        let mut band = [0; LANES];
        band[..9].copy_from_slice(&masks);
        band
    });
    Some(Search {
        bands,
        unsolved,
        dirty: 0b111,
        lanes,
    })
}

/// Depth-first search from a propagated state.
#[inline(always)]
fn search<L: Lanes>(state: &mut Search<L>, found: &mut Found) {
    guess_each(state, found);
}

impl<L: Lanes> State for Search<L> {
    type Support = L;

    fn new(lanes: L, values: &[u8; 81]) -> Option<Search<L>> {
        lanes.start(values)
    }

    #[inline(always)]
    fn place(&mut self, cell: usize, digit: usize) -> bool {
        Search::place(self, cell, digit)
    }

    #[inline(always)]
    fn guess(&mut self, cell: usize, digit: usize, _candidates: u16) {
        // A candidate can always be placed.
        Search::place(self, cell, digit);
    }

    #[inline(always)]
    fn confine(&mut self, digit: usize, band: usize, keep: u32) {
        let lane = &mut self.bands[band][digit];
        self.dirty |= ((*lane & !keep != 0) as u32) << band;
        *lane &= keep;
    }

    fn eliminate(&mut self, cell: usize, digit: usize) {
        self.bands[cell / 27][digit] &= !(1 << (cell % 27));
        self.dirty |= 1 << (cell / 27);
    }

    #[inline(always)]
    fn propagate(&mut self) -> bool {
        L::propagate(self)
    }

    #[inline(always)]
    fn choose(&mut self) -> Choice {
        L::choose(self)
    }

    #[inline(always)]
    fn search(&mut self, found: &mut Found) {
        L::search(self, found);
    }

    #[inline(always)]
    fn unsolved_in(&self, band: usize) -> u32 {
        self.unsolved[band]
    }

    #[inline(always)]
    fn digit_cells(&self, digit: usize, band: usize) -> u32 {
        self.bands[band][digit]
    }
}
