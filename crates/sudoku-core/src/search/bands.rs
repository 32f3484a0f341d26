//! The vector engine, for x86-64 processors with AVX2 (detected at run time): propagation over
//! per-digit band bitboards, all nine digits of a band at once, then depth-first guessing.
//!
//! # Data layout
//!
//! The board is cut into three bands of three rows (27 cells). Inside a band, cell `r * 9 + c`
//! (row `r` of the band, column `c`) is bit `r * 9 + c` of a `u32`, so each row is a 9-bit group
//! and each box a 3×3 block of bits. A band is an array of 16 `u32` lanes: lane `d` holds the
//! 27-bit mask of the band's cells where digit `d` is still possible, and lanes 9–15 stay 0, so
//! that a band is two 256-bit vectors and the stack rules run on all nine digits with the same
//! vector instructions; a band's update (below) takes digits 0–7 as one vector and digit 8 in
//! scalar code beside it, which measured a few percent faster than a second vector of one digit.
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
//! copy of the state. Both run here on vectors (`avx2_choose`): the digits 0–7 of a band or
//! stack side by side, digit 8 in scalar code; done one digit at a time, as in the scalar
//! engine, they took a third of the solver's time on the hardest sets.
//!
//! # Safety
//!
//! The propagation and search are compiled with AVX2, BMI1, BMI2 and POPCNT enabled
//! (`#[target_feature]`); the rest of the crate is not, and running them on a processor without
//! those instructions would be undefined behaviour. Only `Avx2::detect` makes an `Avx2`, and only
//! after run-time detection found the instructions; a `Search` can only be made with one and
//! keeps it, so holding a `Search` proves that calling into that code is sound.

use std::arch::x86_64::*;
use std::sync::OnceLock;

use super::{
    ALL, Choice, Found, KEEP_AFTER_PLACING, MATCHINGS, MINIROWS, PLACEMENTS, ROW, ROW_LOW_EIGHT,
    ROW_STARTS, ROW_TOP, SPOTS, Split, State, band_occupancy, count_to_four, force_full,
    force_triads, guess_each, held_spots, minirow_firsts, place_clues, rows_touched, spots,
    spread_columns,
};

/// Lanes per band: the nine digits, padded with empty lanes to a whole number of vectors.
const LANES: usize = 16;

/// One band: lane `d` holds the 27-bit mask of the band's cells where digit `d` is possible.
type Band = [u32; LANES];

/// The cells of `bits` (a band's cells for one digit) in the minirows that some matching of rows
/// to boxes uses: the digit sits once in each row and once in each box of the band, so a minirow
/// (row `r`, box `k`) can hold it only if the other two rows can be matched to the other two
/// boxes. This is pointing, claiming and the band's hidden singles in one go; 0 when there is no
/// matching.
#[inline(always)]
fn matched_cells(bits: u32) -> u32 {
    let occupied = (bits | bits >> 1 | bits >> 2) & MINIROWS;
    // Minirow (r, k) sees (r, k + 1), and (r, k + 2), box numbers modulo 3.
    let next_box = (occupied >> 3 & 0o011_011_011) | (occupied << 6 & 0o100_100_100);
    let box_after = (occupied >> 6 & 0o001_001_001) | (occupied << 3 & 0o110_110_110);
    // The same for rows; bits pushed past the band are cleared by `occupied` below.
    let next_row = |v: u32| v >> 9 | v << 18;
    let row_after = |v: u32| v >> 18 | v << 9;
    let kept = occupied
        & (next_row(next_box) & row_after(box_after) | next_row(box_after) & row_after(next_box));
    bits & (kept | kept << 1 | kept << 2)
}

/// The cells of `bits` that are alone in their row, when every row holds at least one.
#[inline(always)]
fn alone_in_row(bits: u32) -> u32 {
    bits & !rows_touched(bits & bits.wrapping_sub(ROW_STARTS))
}

/// The columns (9 bits) where a band's mask has a bit.
#[inline(always)]
fn columns(bits: u32) -> u32 {
    (bits | bits >> 9 | bits >> 18) & ROW
}

/// The cells that are in at least one of eight lanes, and those in at least two: the lanes are
/// folded in halves, down to one.
#[target_feature(enable = "avx2")]
#[inline]
fn once_and_twice(lanes: __m256i) -> (u32, u32) {
    let (low, high) = (
        _mm256_castsi256_si128(lanes),
        _mm256_extracti128_si256::<1>(lanes),
    );
    let (once, twice) = (_mm_or_si128(low, high), _mm_and_si128(low, high));
    let (once, twice) = fold_pairs::<0b01_00_11_10>(once, twice);
    let (once, twice) = fold_pairs::<0b10_11_00_01>(once, twice);
    (
        _mm_cvtsi128_si32(once) as u32,
        _mm_cvtsi128_si32(twice) as u32,
    )
}

/// One halving step of `once_and_twice`: each 32-bit element with the one the shuffle `SWAP`
/// puts in its place.
#[target_feature(enable = "avx2")]
#[inline]
fn fold_pairs<const SWAP: i32>(once: __m128i, twice: __m128i) -> (__m128i, __m128i) {
    let swapped = _mm_shuffle_epi32::<SWAP>(once);
    let twice = _mm_or_si128(
        _mm_or_si128(twice, _mm_shuffle_epi32::<SWAP>(twice)),
        _mm_and_si128(once, swapped),
    );
    (_mm_or_si128(once, swapped), twice)
}

/// For eight lanes at once: which boxes each row of a lane's band mask reaches, as a 3×3
/// occupancy matrix (`band_occupancy`).
#[target_feature(enable = "avx2")]
#[inline]
fn occupancies(lanes: __m256i) -> __m256i {
    let near = _mm256_or_si256(_mm256_srli_epi32::<1>(lanes), _mm256_srli_epi32::<2>(lanes));
    let minirows = _mm256_and_si256(
        _mm256_or_si256(lanes, near),
        _mm256_set1_epi32(MINIROWS as i32),
    );
    let packed = _mm256_or_si256(
        _mm256_or_si256(minirows, _mm256_srli_epi32::<2>(minirows)),
        _mm256_srli_epi32::<4>(minirows),
    );
    _mm256_or_si256(
        _mm256_and_si256(packed, _mm256_set1_epi32(7)),
        _mm256_or_si256(
            _mm256_and_si256(_mm256_srli_epi32::<6>(packed), _mm256_set1_epi32(0o70)),
            _mm256_and_si256(_mm256_srli_epi32::<12>(packed), _mm256_set1_epi32(0o700)),
        ),
    )
}

/// `matched_cells` for eight lanes at once.
#[target_feature(enable = "avx2")]
#[inline]
fn matched_lanes(bits: __m256i) -> __m256i {
    let mask = |v: __m256i, m: u32| _mm256_and_si256(v, _mm256_set1_epi32(m as i32));
    let occupied = mask(
        _mm256_or_si256(
            bits,
            _mm256_or_si256(_mm256_srli_epi32::<1>(bits), _mm256_srli_epi32::<2>(bits)),
        ),
        MINIROWS,
    );
    let next_box = _mm256_or_si256(
        mask(_mm256_srli_epi32::<3>(occupied), 0o011_011_011),
        mask(_mm256_slli_epi32::<6>(occupied), 0o100_100_100),
    );
    let box_after = _mm256_or_si256(
        mask(_mm256_srli_epi32::<6>(occupied), 0o001_001_001),
        mask(_mm256_slli_epi32::<3>(occupied), 0o110_110_110),
    );
    let next_row =
        |v: __m256i| _mm256_or_si256(_mm256_srli_epi32::<9>(v), _mm256_slli_epi32::<18>(v));
    let row_after =
        |v: __m256i| _mm256_or_si256(_mm256_srli_epi32::<18>(v), _mm256_slli_epi32::<9>(v));
    let pairs = _mm256_or_si256(
        _mm256_and_si256(next_row(next_box), row_after(box_after)),
        _mm256_and_si256(next_row(box_after), row_after(next_box)),
    );
    let kept = _mm256_and_si256(occupied, pairs);
    let cells = _mm256_or_si256(
        kept,
        _mm256_or_si256(_mm256_slli_epi32::<1>(kept), _mm256_slli_epi32::<2>(kept)),
    );
    _mm256_and_si256(bits, cells)
}

/// `rows_touched` for eight lanes at once.
#[target_feature(enable = "avx2")]
#[inline]
fn rows_touched_lanes(bits: __m256i) -> __m256i {
    let low_eight = _mm256_set1_epi32(ROW_LOW_EIGHT as i32);
    let top = _mm256_and_si256(
        _mm256_or_si256(
            bits,
            _mm256_add_epi32(_mm256_and_si256(bits, low_eight), low_eight),
        ),
        _mm256_set1_epi32(ROW_TOP as i32),
    );
    _mm256_sub_epi32(_mm256_slli_epi32::<1>(top), _mm256_srli_epi32::<8>(top))
}

/// `alone_in_row` for eight lanes at once.
#[target_feature(enable = "avx2")]
#[inline]
fn alone_in_row_lanes(bits: __m256i) -> __m256i {
    let lowest_gone = _mm256_and_si256(
        bits,
        _mm256_sub_epi32(bits, _mm256_set1_epi32(ROW_STARTS as i32)),
    );
    _mm256_andnot_si256(rows_touched_lanes(lowest_gone), bits)
}

/// Nine column bits repeated in the three rows of a band, for eight lanes at once.
#[target_feature(enable = "avx2")]
#[inline]
fn spread_lanes(columns: __m256i) -> __m256i {
    _mm256_or_si256(
        columns,
        _mm256_or_si256(
            _mm256_slli_epi32::<9>(columns),
            _mm256_slli_epi32::<18>(columns),
        ),
    )
}

/// The bits set in any of eight lanes.
#[target_feature(enable = "avx2")]
#[inline]
fn or_lanes(lanes: __m256i) -> u32 {
    let half = _mm_or_si128(
        _mm256_castsi256_si128(lanes),
        _mm256_extracti128_si256::<1>(lanes),
    );
    let quarter = _mm_or_si128(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
    let last = _mm_or_si128(quarter, _mm_shuffle_epi32::<0b10_11_00_01>(quarter));
    _mm_cvtsi128_si32(last) as u32
}

/// For eight lanes at once: the columns (nine bits) where a lane's band mask has a bit.
#[target_feature(enable = "avx2")]
#[inline]
fn columns_of(lanes: __m256i) -> __m256i {
    let folded = _mm256_or_si256(
        _mm256_or_si256(lanes, _mm256_srli_epi32::<9>(lanes)),
        _mm256_srli_epi32::<18>(lanes),
    );
    _mm256_and_si256(folded, _mm256_set1_epi32(ROW as i32))
}

/// For eight lanes at once: how many matchings a lane's occupancy matrix allows (`PLACEMENTS`).
#[target_feature(enable = "avx2")]
#[inline]
fn ways(occupancies: __m256i) -> __m256i {
    MATCHINGS
        .iter()
        .fold(_mm256_setzero_si256(), |count, &matching| {
            let matching = _mm256_set1_epi32(matching.into());
            let allowed = _mm256_cmpeq_epi32(_mm256_and_si256(occupancies, matching), matching);
            _mm256_sub_epi32(count, allowed)
        })
}

/// Bit-sliced counts to four of two groups of lanes (`[k]`: the bits set in at least `k + 1`
/// lanes) added up.
#[target_feature(enable = "avx2")]
#[inline]
fn add_counts(a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
    let both = |i: usize, j: usize| _mm_and_si128(a[i], b[j]);
    [
        _mm_or_si128(a[0], b[0]),
        _mm_or_si128(_mm_or_si128(a[1], b[1]), both(0, 0)),
        _mm_or_si128(
            _mm_or_si128(a[2], b[2]),
            _mm_or_si128(both(1, 0), both(0, 1)),
        ),
        _mm_or_si128(
            _mm_or_si128(_mm_or_si128(a[3], b[3]), both(2, 0)),
            _mm_or_si128(both(1, 1), both(0, 2)),
        ),
    ]
}

/// How many of eight lanes have each bit, counted to four: `[k]` holds the bits set in at least
/// `k + 1` lanes.
#[target_feature(enable = "avx2")]
#[inline]
fn count_lanes(lanes: __m256i) -> [u32; 4] {
    let (low, high) = (
        _mm256_castsi256_si128(lanes),
        _mm256_extracti128_si256::<1>(lanes),
    );
    let zero = _mm_setzero_si128();
    let counts = [
        _mm_or_si128(low, high),
        _mm_and_si128(low, high),
        zero,
        zero,
    ];
    let counts = add_counts(
        counts,
        counts.map(|c| _mm_shuffle_epi32::<0b01_00_11_10>(c)),
    );
    let counts = add_counts(
        counts,
        counts.map(|c| _mm_shuffle_epi32::<0b10_11_00_01>(c)),
    );
    counts.map(|count| _mm_cvtsi128_si32(count) as u32)
}

/// The sum of eight lanes, and the smallest of eight others.
#[target_feature(enable = "avx2")]
#[inline]
fn sum_and_least(sum: __m256i, least: __m256i) -> (u32, u32) {
    let sum = _mm_add_epi32(
        _mm256_castsi256_si128(sum),
        _mm256_extracti128_si256::<1>(sum),
    );
    let least = _mm_min_epu32(
        _mm256_castsi256_si128(least),
        _mm256_extracti128_si256::<1>(least),
    );
    let sum = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b01_00_11_10>(sum));
    let least = _mm_min_epu32(least, _mm_shuffle_epi32::<0b01_00_11_10>(least));
    let sum = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b10_11_00_01>(sum));
    let least = _mm_min_epu32(least, _mm_shuffle_epi32::<0b10_11_00_01>(least));
    (
        _mm_cvtsi128_si32(sum) as u32,
        _mm_cvtsi128_si32(least) as u32,
    )
}

/// `super::clue_cells` on vectors: a band's 27 values compared with each value at once.
#[target_feature(enable = "avx2")]
#[inline]
fn clue_cells(values: &[u8; 81]) -> [[u32; 10]; 3] {
    let mut padded = [0u8; 96];
    padded[..81].copy_from_slice(values);
    let mut clues = [[0; 10]; 3];
    for (band, clues) in clues.iter_mut().enumerate() {
        // SAFETY: the load reads bytes `band * 27` to `band * 27 + 31` (at most 85) of the 96 of
        // `padded`, unaligned.
        let cells = unsafe { _mm256_loadu_si256(padded.as_ptr().add(band * 27).cast()) };
        for (value, clue) in clues.iter_mut().enumerate() {
            let equal = _mm256_cmpeq_epi8(cells, _mm256_set1_epi8(value as i8));
            *clue = _mm256_movemask_epi8(equal) as u32 & ALL;
        }
    }
    clues
}

/// The proof that this processor has the instructions the engine is compiled for: AVX2, BMI1,
/// BMI2 and POPCNT. The private field keeps any other code from making one.
#[derive(Clone, Copy)]
pub(super) struct Avx2(());

impl Avx2 {
    /// The proof, if the processor has the instructions; detected once, then remembered.
    pub(super) fn detect() -> Option<Avx2> {
        static DETECTED: OnceLock<bool> = OnceLock::new();
        let detected = *DETECTED.get_or_init(|| {
            is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("popcnt")
        });
        detected.then_some(Avx2(()))
    }

    #[inline(always)]
    fn propagate(self, state: &mut Search) -> bool {
        // SAFETY: `self` exists, so `detect` found AVX2, BMI1, BMI2 and POPCNT on this processor:
        // every instruction `avx2_propagate` is compiled for.
        unsafe { avx2_propagate(state) }
    }

    #[inline(always)]
    fn choose(self, state: &mut Search) -> Choice {
        // SAFETY: `self` exists, so `detect` found AVX2, BMI1, BMI2 and POPCNT on this processor:
        // every instruction `avx2_choose` is compiled for.
        unsafe { avx2_choose(state) }
    }

    #[inline(always)]
    fn search(self, state: &mut Search, found: &mut Found) {
        // SAFETY: `self` exists, so `detect` found AVX2, BMI1, BMI2 and POPCNT on this processor:
        // every instruction `avx2_search` is compiled for.
        unsafe { avx2_search(state, found) }
    }
}

/// The state of a search; see the module documentation for the layout. (The scalar engine's
/// `Search` plays the same part with its own layout; only the shape of the two is alike.)
#[derive(Clone, Copy)]
pub(super) struct Search {
    bands: [Band; 3],
    unsolved: [u32; 3],
    /// One bit per band whose rules may find something new.
    dirty: u32,
    /// Takes no room; having it is what lets the methods call the AVX2 code.
    avx2: Avx2,
}

impl Search {
    /// Places `digit` (0-based) in `cell`, if still possible.
    #[inline(always)]
    fn place(&mut self, cell: usize, digit: usize) -> bool {
        let (band, pos) = (cell / 27, cell % 27);
        let bit = 1 << pos;
        let lanes = &mut self.bands[band];
        let mine = lanes[digit];
        if mine & bit == 0 {
            return false;
        }
        for lane in lanes.iter_mut() {
            *lane &= !bit;
        }
        lanes[digit] = mine & KEEP_AFTER_PLACING[pos];
        let column = spread_columns(1 << (pos % 9));
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
    /// false on a contradiction. Digits 0–7 are one vector, digit 8 is worked in scalar code
    /// beside it (the other half of a second vector would be empty lanes).
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    #[inline]
    fn update(&mut self, band: usize) -> bool {
        self.dirty &= !(1 << band);
        let unsolved = self.unsolved[band];
        // SAFETY: the band is 16 `u32`s (64 bytes); the load reads the first 32, unaligned.
        let lanes = unsafe { _mm256_loadu_si256(self.bands[band].as_ptr().cast()) };
        let mut lanes = matched_lanes(lanes);
        let mut lane_8 = matched_cells(self.bands[band][8]);
        let zero = _mm256_setzero_si256();
        if _mm256_movemask_epi8(_mm256_cmpeq_epi32(lanes, zero)) != 0 || lane_8 == 0 {
            return false;
        }
        let (once, twice) = once_and_twice(lanes);
        let (once, twice) = (once | lane_8, twice | once & lane_8);
        // An unsolved cell without candidates, or a placed cell left in two lanes (two digits
        // were placed there at once, see below).
        if unsolved & !once != 0 || twice & !unsolved != 0 {
            return false;
        }
        // A cell with one candidate left keeps that digit alone in its row, so it is placed
        // below with the digits alone in a row; two such cells in one row are a contradiction.
        let naked = unsolved & !twice;
        if naked != 0 {
            let naked_lanes = _mm256_set1_epi32(naked as i32);
            let touched = rows_touched_lanes(_mm256_and_si256(lanes, naked_lanes));
            lanes = _mm256_andnot_si256(_mm256_andnot_si256(naked_lanes, touched), lanes);
            lane_8 &= !rows_touched(lane_8 & naked) | naked;
        }
        let placed = _mm256_and_si256(
            alone_in_row_lanes(lanes),
            _mm256_set1_epi32(unsolved as i32),
        );
        let placed_8 = alone_in_row(lane_8) & unsolved;
        let all = or_lanes(placed) | placed_8;
        if naked & !all != 0 {
            return false;
        }
        if all != 0 {
            let others = _mm256_set1_epi32(all as i32);
            lanes = _mm256_andnot_si256(_mm256_andnot_si256(placed, others), lanes);
            lane_8 &= !all | placed_8;
            self.unsolved[band] &= !all;
            // The rows of naked singles were cut down after the matching, and a placed cell
            // with other candidates changed their lanes: then the band needs another look, which
            // also finds a cell placed in two lanes.
            self.dirty |= ((naked | twice & all != 0) as u32) << band;
            let lost_columns = spread_lanes(columns_of(placed));
            let lost_columns_8 = spread_columns(columns(placed_8));
            for other in [(band + 1) % 3, (band + 2) % 3] {
                // SAFETY: as the load above, in another band.
                let theirs = unsafe { _mm256_loadu_si256(self.bands[other].as_ptr().cast()) };
                let gone = _mm256_and_si256(theirs, lost_columns);
                // SAFETY: as the load above.
                unsafe {
                    _mm256_storeu_si256(
                        self.bands[other].as_mut_ptr().cast(),
                        _mm256_xor_si256(theirs, gone),
                    )
                };
                let gone_8 = self.bands[other][8] & lost_columns_8;
                self.bands[other][8] ^= gone_8;
                let lost = _mm256_testz_si256(gone, gone) == 0 || gone_8 != 0;
                self.dirty |= (lost as u32) << other;
            }
        }
        // SAFETY: as the load above.
        unsafe { _mm256_storeu_si256(self.bands[band].as_mut_ptr().cast(), lanes) };
        self.bands[band][8] = lane_8;
        true
    }

    /// The first triad rule (`force_triads`) for the digits 0–7 of `band` at once, the minirows
    /// given by their first cells (`triads`) and the minicolumns by their columns (`tricols`):
    /// whether it removed anything.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    #[inline]
    fn force_triads(&mut self, band: usize, triads: u32, tricols: u32) -> bool {
        let three = |v: __m256i, shift: fn(__m256i) -> __m256i| {
            _mm256_or_si256(v, _mm256_or_si256(shift(v), shift(shift(v))))
        };
        // SAFETY: the band is 16 `u32`s (64 bytes); the load reads the first 32, unaligned.
        let lanes = unsafe { _mm256_loadu_si256(self.bands[band].as_ptr().cast()) };
        let minirows = _mm256_and_si256(
            three(lanes, |v| _mm256_srli_epi32::<1>(v)),
            _mm256_set1_epi32(triads as i32),
        );
        let columns = _mm256_and_si256(columns_of(lanes), _mm256_set1_epi32(tricols as i32));
        // `triad_keep`, for eight lanes.
        let cells = three(minirows, |v| _mm256_slli_epi32::<1>(v));
        let rows = rows_touched_lanes(cells);
        let boxes = spread_lanes(columns_of(cells));
        let stacks = _mm256_and_si256(
            three(columns, |v| _mm256_srli_epi32::<1>(v)),
            _mm256_set1_epi32(0o111),
        );
        let box_columns =
            _mm256_andnot_si256(columns, three(stacks, |v| _mm256_slli_epi32::<1>(v)));
        let forbidden = _mm256_or_si256(
            _mm256_andnot_si256(cells, _mm256_or_si256(rows, boxes)),
            spread_lanes(box_columns),
        );
        let lost = _mm256_and_si256(lanes, forbidden);
        let mut forced = _mm256_testz_si256(lost, lost) == 0;
        self.dirty |= (forced as u32) << band;
        // SAFETY: as the load above.
        unsafe {
            _mm256_storeu_si256(
                self.bands[band].as_mut_ptr().cast(),
                _mm256_xor_si256(lanes, lost),
            )
        };
        let columns = spread_lanes(columns);
        for other in [(band + 1) % 3, (band + 2) % 3] {
            // SAFETY: as the load above, in another band.
            let lanes = unsafe { _mm256_loadu_si256(self.bands[other].as_ptr().cast()) };
            let lost = _mm256_and_si256(lanes, columns);
            let lost_any = _mm256_testz_si256(lost, lost) == 0;
            forced |= lost_any;
            self.dirty |= (lost_any as u32) << other;
            // SAFETY: as the load above.
            unsafe {
                _mm256_storeu_si256(
                    self.bands[other].as_mut_ptr().cast(),
                    _mm256_xor_si256(lanes, lost),
                )
            };
        }
        forced
    }

    /// The rules of the stacks for all digits at once: a digit sits once in each of a stack's
    /// three columns and once in each of its three boxes, so columns are matched to bands like
    /// rows to boxes within a band. Marks the bands that changed.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    #[inline]
    fn apply_stack_rules(&mut self) {
        // For each band, the columns where each digit can go; then the same seen from column
        // k + 1 and from column k + 2 of the stack, modulo 3 within the stack.
        let mut present = [[0; LANES]; 3];
        let mut next = [[0; LANES]; 3];
        let mut after = [[0; LANES]; 3];
        for (band, lanes) in self.bands.iter().enumerate() {
            for (lane, &bits) in lanes.iter().enumerate() {
                let c = columns(bits);
                present[band][lane] = c;
                next[band][lane] = (c >> 1 & 0o333) | (c << 2 & 0o444);
                after[band][lane] = (c >> 2 & 0o111) | (c << 1 & 0o666);
            }
        }
        for (band, lanes) in self.bands.iter_mut().enumerate() {
            let (b1, b2) = ((band + 1) % 3, (band + 2) % 3);
            let mut lost = 0;
            for (lane, bits) in lanes.iter_mut().enumerate() {
                let kept = present[band][lane]
                    & (next[b1][lane] & after[b2][lane] | after[b1][lane] & next[b2][lane]);
                let gone = *bits & !spread_columns(kept);
                *bits ^= gone;
                lost |= gone;
            }
            self.dirty |= ((lost != 0) as u32) << band;
        }
    }
}

/// Propagates until nothing changes; false on a contradiction.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
fn avx2_propagate(search: &mut Search) -> bool {
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

/// `State::choose` with the digits 0–7 of a band or stack side by side in a vector (digit 8
/// apart, in scalar code); the same outcome.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
#[inline]
fn avx2_choose(search: &mut Search) -> Choice {
    // For each band and stack, the occupancy matrices of digits 0–7, and digit 8's.
    let mut occupancy = [_mm256_setzero_si256(); 6];
    let mut occupancy_8 = [0; 6];
    let mut columns = [_mm256_setzero_si256(); 3];
    let mut columns_8 = [0; 3];
    let mut crowded = [0; 3];
    let mut forced = false;
    for band in 0..3 {
        // SAFETY: the band is 16 `u32`s (64 bytes); the load reads the first 32, unaligned.
        let lanes = unsafe { _mm256_loadu_si256(search.bands[band].as_ptr().cast()) };
        let bits_8 = search.bands[band][8];
        occupancy[band] = occupancies(lanes);
        occupancy_8[band] = band_occupancy(bits_8) as u32;
        columns[band] = columns_of(lanes);
        columns_8[band] = (bits_8 | bits_8 >> 9 | bits_8 >> 18) & ROW;
        let mut counts = count_lanes(_mm256_or_si256(
            occupancy[band],
            _mm256_slli_epi32::<9>(columns[band]),
        ));
        count_to_four(&mut counts, spots(bits_8));
        if counts[2] != SPOTS {
            return Choice::Dead;
        }
        crowded[band] = counts[3];
        let triads = counts[2] & !counts[3] & spots(search.unsolved[band]);
        if triads != 0 {
            let (minirows, columns) = (minirow_firsts(triads & 0o777), triads >> 9);
            forced |= search.force_triads(band, minirows, columns)
                | force_triads(search, 8, band, triads);
        }
    }
    if forced {
        return Choice::Again;
    }
    for band in 0..3 {
        // `held_spots`, for digits 0–7 at once.
        let o = occupancy[band];
        let near = |shift: fn(__m256i) -> __m256i, mask: i32| {
            _mm256_and_si256(shift(o), _mm256_set1_epi32(mask))
        };
        let beside = _mm256_or_si256(
            _mm256_or_si256(
                near(|v| _mm256_srli_epi32::<1>(v), 0o333),
                near(|v| _mm256_slli_epi32::<1>(v), 0o666),
            ),
            _mm256_or_si256(
                near(|v| _mm256_srli_epi32::<2>(v), 0o111),
                near(|v| _mm256_slli_epi32::<2>(v), 0o444),
            ),
        );
        let alone = _mm256_andnot_si256(
            _mm256_or_si256(columns[(band + 1) % 3], columns[(band + 2) % 3]),
            columns[band],
        );
        let held = _mm256_or_si256(
            _mm256_andnot_si256(beside, o),
            _mm256_slli_epi32::<9>(alone),
        );
        let held_8 = held_spots(occupancy_8[band], &columns_8, band);
        let mut counts = count_lanes(held);
        count_to_four(&mut counts, held_8);
        if counts[3] != 0 {
            return Choice::Dead;
        }
        // Another digit may sit in those, so the rule removes something.
        let full = counts[2] & crowded[band];
        if full != 0 {
            let mut lanes = [held_8; 9];
            // SAFETY: `lanes` is 9 `u32`s; the store writes the first 8 (32 bytes), unaligned.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), held) };
            force_full(search, band, full, &lanes);
        }
        forced |= full != 0;
    }
    if forced {
        return Choice::Again;
    }
    for stack in 0..3 {
        let shift = _mm_cvtsi32_si128(stack as i32 * 3);
        let part = |band: usize, at: i32| {
            let part =
                _mm256_and_si256(_mm256_srl_epi32(columns[band], shift), _mm256_set1_epi32(7));
            _mm256_sllv_epi32(part, _mm256_set1_epi32(at))
        };
        occupancy[3 + stack] = _mm256_or_si256(_mm256_or_si256(part(0, 0), part(1, 3)), part(2, 6));
        let part_8 = |band: usize| columns_8[band] >> (stack * 3) & 7;
        occupancy_8[3 + stack] = part_8(0) | part_8(1) << 3 | part_8(2) << 6;
    }
    let digits = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let (mut best, mut fewest) = (None, u32::MAX);
    for (place, (&occupancy, &occupancy_8)) in occupancy.iter().zip(&occupancy_8).enumerate() {
        // The digit with the fewest ways among those with two or more: the least of
        // `ways * 16 + digit`, with ways below two counted as 15.
        let count = ways(occupancy);
        let single = _mm256_cmpgt_epi32(_mm256_set1_epi32(2), count);
        let key = _mm256_or_si256(
            _mm256_slli_epi32::<4>(_mm256_blendv_epi8(count, _mm256_set1_epi32(15), single)),
            digits,
        );
        let (total, key) = sum_and_least(count, key);
        let count_8 = PLACEMENTS[occupancy_8 as usize] as u32;
        let total = total + count_8;
        if total > 9 && total < fewest {
            let key_8 = if count_8 >= 2 {
                count_8 << 4 | 8
            } else {
                u32::MAX
            };
            fewest = total;
            best = Some((place, occupancy, (key.min(key_8) & 15) as usize));
        }
    }
    let Some((place, occupancy, digit)) = best else {
        return Choice::Cell;
    };
    let occupancy = if digit == 8 {
        occupancy_8[place]
    } else {
        let mut lanes = [0u32; 8];
        // SAFETY: `lanes` is 8 `u32`s, the 32 bytes the store writes, unaligned.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), occupancy) };
        lanes[digit]
    };
    Choice::Split(Split {
        place,
        digit,
        occupancy: occupancy as usize,
    })
}

/// `State::new`, compiled with the engine's instructions (the clues' checks count bits).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
fn avx2_new(avx2: Avx2, values: &[u8; 81]) -> Option<Search> {
    let (masks, unsolved) = place_clues(clue_cells(values))?;
    let bands = masks.map(|masks| {
        let mut band = [0; LANES];
        band[..9].copy_from_slice(&masks);
        band
    });
    Some(Search {
        bands,
        unsolved,
        dirty: 0b111,
        avx2,
    })
}

/// Depth-first search from a propagated state, compiled with the engine's instructions.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
fn avx2_search(state: &mut Search, found: &mut Found) {
    guess_each(state, found);
}

impl State for Search {
    type Support = Avx2;

    fn new(avx2: Avx2, values: &[u8; 81]) -> Option<Search> {
        // SAFETY: `avx2` exists, so `detect` found AVX2, BMI1, BMI2 and POPCNT on this
        // processor: every instruction `avx2_new` is compiled for.
        unsafe { avx2_new(avx2, values) }
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
        self.avx2.propagate(self)
    }

    #[inline(always)]
    fn choose(&mut self) -> Choice {
        self.avx2.choose(self)
    }

    #[inline(always)]
    fn search(&mut self, found: &mut Found) {
        self.avx2.search(self, found);
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
