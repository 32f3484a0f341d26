//! The vector engine's back end for WebAssembly with 128-bit SIMD (`simd128`, a target feature
//! every current browser runs and the web build always enables): digits 0–7 of a band as two
//! vectors of four lanes.
//!
//! A wasm module compiled with `simd128` does not load where the engine lacks it, so there is
//! nothing to detect: `Simd128::detect` always gives the back end, and the instructions are sound
//! wherever this code runs. The only `unsafe` is in loads and stores through pointers.

use std::arch::wasm32::*;
use std::ops::{Add, BitAnd, BitOr, BitXor, Sub};

use super::{Band, Join, Lanes, Search, Vector};
use crate::search::{ALL, Choice, Found};

/// The back end, for `Search`: a module compiled with `simd128` runs only where it is there.
#[derive(Clone, Copy)]
pub(in crate::search) struct Simd128(());

impl Simd128 {
    /// The back end: always there (the module would not have loaded otherwise).
    pub(in crate::search) fn detect() -> Option<Simd128> {
        Some(Simd128(()))
    }
}

/// Four lanes of 32 bits.
#[derive(Clone, Copy)]
pub(in crate::search) struct Four(v128);

/// Implements a binary operator of `Four` with a SIMD instruction.
macro_rules! op {
    ($trait:ident, $method:ident, $intrinsic:ident) => {
        impl $trait for Four {
            type Output = Four;
            #[inline(always)]
            fn $method(self, other: Four) -> Four {
                Four($intrinsic(self.0, other.0))
            }
        }
    };
}

op!(BitAnd, bitand, v128_and);
op!(BitOr, bitor, v128_or);
op!(BitXor, bitxor, v128_xor);
op!(Add, add, i32x4_add);
op!(Sub, sub, i32x4_sub);

impl Vector for Four {
    #[inline(always)]
    fn splat(self, x: u32) -> Four {
        Four(u32x4_splat(x))
    }
    #[inline(always)]
    fn and_not(self, other: Four) -> Four {
        Four(v128_andnot(self.0, other.0))
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Four {
        Four(i32x4_shl(self.0, N as u32))
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Four {
        Four(u32x4_shr(self.0, N as u32))
    }
    #[inline(always)]
    fn shr_by(self, n: u32) -> Four {
        Four(u32x4_shr(self.0, n))
    }
    #[inline(always)]
    fn equal(self, other: Four) -> Four {
        Four(i32x4_eq(self.0, other.0))
    }
    #[inline(always)]
    fn less(self, other: Four) -> Four {
        Four(i32x4_lt(self.0, other.0))
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        !v128_any_true(self.0)
    }
    #[inline(always)]
    fn any_zero(self) -> bool {
        !i32x4_all_true(self.0)
    }
}

impl Lanes for Simd128 {
    type Eight = Join<Four, Four>;
    type Four = Four;

    #[inline(always)]
    fn load(self, band: &Band) -> Join<Four, Four> {
        // SAFETY: the band is 16 `u32`s (64 bytes); the loads read the first 32, unaligned (wasm
        // loads need no alignment).
        unsafe {
            Join(
                Four(v128_load(band.as_ptr().cast())),
                Four(v128_load(band.as_ptr().add(4).cast())),
            )
        }
    }

    #[inline(always)]
    fn store(band: &mut Band, lanes: Join<Four, Four>) {
        // SAFETY: as the loads, writing.
        unsafe {
            v128_store(band.as_mut_ptr().cast(), lanes.0.0);
            v128_store(band.as_mut_ptr().add(4).cast(), lanes.1.0);
        }
    }

    #[inline(always)]
    fn lanes_of(self, lanes: [u32; 8]) -> Join<Four, Four> {
        let [a, b, c, d, e, f, g, h] = lanes;
        Join(Four(u32x4(a, b, c, d)), Four(u32x4(e, f, g, h)))
    }

    #[inline(always)]
    fn to_array(lanes: Join<Four, Four>) -> [u32; 8] {
        let (low, high) = (lanes.0.0, lanes.1.0);
        [
            u32x4_extract_lane::<0>(low),
            u32x4_extract_lane::<1>(low),
            u32x4_extract_lane::<2>(low),
            u32x4_extract_lane::<3>(low),
            u32x4_extract_lane::<0>(high),
            u32x4_extract_lane::<1>(high),
            u32x4_extract_lane::<2>(high),
            u32x4_extract_lane::<3>(high),
        ]
    }

    #[inline(always)]
    fn halves(lanes: Join<Four, Four>) -> (Four, Four) {
        (lanes.0, lanes.1)
    }

    #[inline(always)]
    fn swap_halves(lanes: Four) -> Four {
        Four(i32x4_shuffle::<2, 3, 0, 1>(lanes.0, lanes.0))
    }

    #[inline(always)]
    fn swap_neighbours(lanes: Four) -> Four {
        Four(i32x4_shuffle::<1, 0, 3, 2>(lanes.0, lanes.0))
    }

    #[inline(always)]
    fn min(a: Four, b: Four) -> Four {
        Four(u32x4_min(a.0, b.0))
    }

    #[inline(always)]
    fn first(lanes: Four) -> u32 {
        u32x4_extract_lane::<0>(lanes.0)
    }

    /// A band's 27 values compared with each value at once, 16 at a time.
    #[inline(always)]
    fn clue_cells(self, values: &[u8; 81]) -> [[u32; 10]; 3] {
        let mut padded = [0u8; 96];
        padded[..81].copy_from_slice(values);
        let mut clues = [[0; 10]; 3];
        for (band, clues) in clues.iter_mut().enumerate() {
            let at = padded[band * 27..].as_ptr();
            // SAFETY: the loads read bytes `band * 27` to `band * 27 + 31` (at most 85) of the
            // 96 of `padded`, unaligned.
            let (low, high) = unsafe { (v128_load(at.cast()), v128_load(at.add(16).cast())) };
            for (value, clue) in clues.iter_mut().enumerate() {
                let value = u8x16_splat(value as u8);
                let low = i8x16_bitmask(i8x16_eq(low, value)) as u32;
                let high = i8x16_bitmask(i8x16_eq(high, value)) as u32;
                *clue = (low | high << 16) & ALL;
            }
        }
        clues
    }

    fn start(self, values: &[u8; 81]) -> Option<Search<Simd128>> {
        simd128_new(self, values)
    }

    #[inline(always)]
    fn propagate(search: &mut Search<Simd128>) -> bool {
        simd128_propagate(search)
    }

    #[inline(always)]
    fn choose(search: &mut Search<Simd128>) -> Choice {
        super::choose(search)
    }

    #[inline(always)]
    fn search(search: &mut Search<Simd128>, found: &mut Found) {
        simd128_search(search, found);
    }
}

// The entry points are optimised for speed even in a build for size (the web app's profile,
// opt-level "z"): there the engine had run at about two thirds of its speed at opt-level 3,
// and asking for speed in these three alone costs little code (docs/search.md).

/// `State::new`: the clues placed at once.
#[optimize(speed)]
fn simd128_new(lanes: Simd128, values: &[u8; 81]) -> Option<Search<Simd128>> {
    super::new(lanes, values)
}

/// Propagates until nothing changes.
#[optimize(speed)]
fn simd128_propagate(search: &mut Search<Simd128>) -> bool {
    super::propagate(search)
}

/// Depth-first search from a propagated state.
#[optimize(speed)]
fn simd128_search(search: &mut Search<Simd128>, found: &mut Found) {
    super::search(search, found);
}
