//! The vector engine's back end for x86-64 processors with SSE4.1 and POPCNT but no AVX2
//! (detected at run time): digits 0–7 of a band as two 128-bit vectors of four lanes, as in the
//! web build (`simd128`). It also measures, natively, what the vectors' width costs the web
//! build (`.ci/bench-wasm`).
//!
//! # Safety
//!
//! The entry points (`detected_entry_points` in `bands.rs`) are compiled with SSE4.1 and POPCNT
//! enabled (`#[target_feature]`), and the engine's generic code is inlined into them; running
//! them on a processor without those instructions would be undefined behaviour. Only `Sse41::detect` makes
//! an `Sse41`, and only after run-time detection found the instructions; a `Search` can only be
//! made with one and keeps it, and the vectors (`Four`) can only be made from one, so holding any
//! of them proves that using the instructions is sound.

use std::arch::x86_64::*;
use std::ops::{Add, BitAnd, BitOr, BitXor, Sub};
use std::sync::OnceLock;

use super::{Band, Join, Lanes, Search, Vector};
use crate::search::{ALL, Choice, Found};

/// The proof that this processor has the instructions the engine is compiled for: SSE4.1 and
/// POPCNT. The private field keeps any other code from making one.
#[derive(Clone, Copy)]
pub(in crate::search) struct Sse41(());

impl Sse41 {
    /// The proof, if the processor has the instructions; detected once, then remembered.
    pub(in crate::search) fn detect() -> Option<Sse41> {
        static DETECTED: OnceLock<bool> = OnceLock::new();
        let detected = *DETECTED.get_or_init(|| {
            is_x86_feature_detected!("sse4.1") && is_x86_feature_detected!("popcnt")
        });
        detected.then_some(Sse41(()))
    }
}

/// Four lanes of 32 bits. Only an `Sse41` makes one (the field is private to this module).
#[derive(Clone, Copy)]
pub(in crate::search) struct Four(__m128i);

/// Implements a binary operator of `Four` with an SSE instruction.
macro_rules! op {
    ($trait:ident, $method:ident, $intrinsic:ident) => {
        impl $trait for Four {
            type Output = Four;
            #[inline(always)]
            fn $method(self, other: Four) -> Four {
                // SAFETY: a vector exists only where an `Sse41` does (see the module's safety
                // section): the processor has the instruction.
                Four(unsafe { $intrinsic(self.0, other.0) })
            }
        }
    };
}

op!(BitAnd, bitand, _mm_and_si128);
op!(BitOr, bitor, _mm_or_si128);
op!(BitXor, bitxor, _mm_xor_si128);
op!(Add, add, _mm_add_epi32);
op!(Sub, sub, _mm_sub_epi32);

impl Vector for Four {
    #[inline(always)]
    fn splat(self, x: u32) -> Four {
        // SAFETY: `self` exists, so the processor has SSE4.1 (the module's safety section).
        Four(unsafe { _mm_set1_epi32(x as i32) })
    }
    #[inline(always)]
    fn and_not(self, other: Four) -> Four {
        // SAFETY: as in `splat`.
        Four(unsafe { _mm_andnot_si128(other.0, self.0) })
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Four {
        // SAFETY: as in `splat`.
        Four(unsafe { _mm_slli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Four {
        // SAFETY: as in `splat`.
        Four(unsafe { _mm_srli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn shr_by(self, n: u32) -> Four {
        // SAFETY: as in `splat`.
        Four(unsafe { _mm_srl_epi32(self.0, _mm_cvtsi32_si128(n as i32)) })
    }
    #[inline(always)]
    fn equal(self, other: Four) -> Four {
        // SAFETY: as in `splat`.
        Four(unsafe { _mm_cmpeq_epi32(self.0, other.0) })
    }
    #[inline(always)]
    fn less(self, other: Four) -> Four {
        // SAFETY: as in `splat`.
        Four(unsafe { _mm_cmplt_epi32(self.0, other.0) })
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        // SAFETY: as in `splat`.
        unsafe { _mm_testz_si128(self.0, self.0) != 0 }
    }
    #[inline(always)]
    fn any_zero(self) -> bool {
        // SAFETY: as in `splat`.
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi32(self.0, _mm_setzero_si128())) != 0 }
    }
}

impl Lanes for Sse41 {
    type Eight = Join<Four, Four>;
    type Four = Four;

    #[inline(always)]
    fn load(self, band: &Band) -> Join<Four, Four> {
        // SAFETY: the band is 16 `u32`s (64 bytes); the loads read the first 32, unaligned; the
        // processor has SSE4.1, since `self` exists.
        unsafe {
            Join(
                Four(_mm_loadu_si128(band.as_ptr().cast())),
                Four(_mm_loadu_si128(band.as_ptr().add(4).cast())),
            )
        }
    }

    #[inline(always)]
    fn store(band: &mut Band, lanes: Join<Four, Four>) {
        // SAFETY: as the loads, writing.
        unsafe {
            _mm_storeu_si128(band.as_mut_ptr().cast(), lanes.0.0);
            _mm_storeu_si128(band.as_mut_ptr().add(4).cast(), lanes.1.0);
        }
    }

    #[inline(always)]
    fn lanes_of(self, lanes: [u32; 8]) -> Join<Four, Four> {
        // SAFETY: the loads read the 32 bytes of `lanes`, unaligned; the processor has SSE4.1.
        unsafe {
            Join(
                Four(_mm_loadu_si128(lanes.as_ptr().cast())),
                Four(_mm_loadu_si128(lanes.as_ptr().add(4).cast())),
            )
        }
    }

    #[inline(always)]
    fn to_array(lanes: Join<Four, Four>) -> [u32; 8] {
        let mut array = [0; 8];
        // SAFETY: the stores write the 32 bytes of `array`, unaligned; the processor has SSE4.1,
        // since `lanes` exists.
        unsafe {
            _mm_storeu_si128(array.as_mut_ptr().cast(), lanes.0.0);
            _mm_storeu_si128(array.as_mut_ptr().add(4).cast(), lanes.1.0);
        }
        array
    }

    #[inline(always)]
    fn halves(lanes: Join<Four, Four>) -> (Four, Four) {
        (lanes.0, lanes.1)
    }

    #[inline(always)]
    fn swap_halves(lanes: Four) -> Four {
        // SAFETY: `lanes` exists, so the processor has SSE4.1.
        Four(unsafe { _mm_shuffle_epi32::<0b01_00_11_10>(lanes.0) })
    }

    #[inline(always)]
    fn swap_neighbours(lanes: Four) -> Four {
        // SAFETY: as in `swap_halves`.
        Four(unsafe { _mm_shuffle_epi32::<0b10_11_00_01>(lanes.0) })
    }

    #[inline(always)]
    fn min(a: Four, b: Four) -> Four {
        // SAFETY: as in `swap_halves`.
        Four(unsafe { _mm_min_epu32(a.0, b.0) })
    }

    #[inline(always)]
    fn first(lanes: Four) -> u32 {
        // SAFETY: as in `swap_halves`.
        unsafe { _mm_cvtsi128_si32(lanes.0) as u32 }
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
            // 96 of `padded`, unaligned; the processor has SSE4.1, since `self` exists.
            let (low, high) = unsafe {
                (
                    _mm_loadu_si128(at.cast()),
                    _mm_loadu_si128(at.add(16).cast()),
                )
            };
            for (value, clue) in clues.iter_mut().enumerate() {
                // SAFETY: as the loads.
                let (low, high) = unsafe {
                    let value = _mm_set1_epi8(value as i8);
                    (
                        _mm_movemask_epi8(_mm_cmpeq_epi8(low, value)) as u32,
                        _mm_movemask_epi8(_mm_cmpeq_epi8(high, value)) as u32,
                    )
                };
                *clue = (low | high << 16) & ALL;
            }
        }
        clues
    }

    detected_entry_points!(Sse41, "sse4.1,popcnt");
}
