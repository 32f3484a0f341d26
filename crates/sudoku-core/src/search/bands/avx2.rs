//! The vector engine's back end for x86-64 processors with AVX2 (detected at run time): digits
//! 0–7 of a band in one 256-bit vector.
//!
//! # Safety
//!
//! The entry points (`detected_entry_points` in `bands.rs`) are compiled with AVX2, BMI1, BMI2
//! and POPCNT enabled (`#[target_feature]`), and the engine's generic code is inlined into them;
//! the rest of the crate is not, and running them on a processor without those instructions
//! would be undefined behaviour. Only `Avx2::detect` makes an `Avx2`, and only after run-time detection
//! found the instructions; a `Search` can only be made with one and keeps it, and the vectors
//! (`Eight`, `Four`) can only be made from one, so holding any of them proves that using the
//! instructions is sound.

use std::arch::x86_64::*;
use std::ops::{Add, BitAnd, BitOr, BitXor, Sub};
use std::sync::OnceLock;

use super::{Band, Lanes, Search, Vector};
use crate::search::{ALL, Choice, Found};

/// The proof that this processor has the instructions the engine is compiled for: AVX2, BMI1,
/// BMI2 and POPCNT. The private field keeps any other code from making one.
#[derive(Clone, Copy)]
pub(in crate::search) struct Avx2(());

impl Avx2 {
    /// The proof, if the processor has the instructions; detected once, then remembered.
    pub(in crate::search) fn detect() -> Option<Avx2> {
        static DETECTED: OnceLock<bool> = OnceLock::new();
        let detected = *DETECTED.get_or_init(|| {
            is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("popcnt")
        });
        detected.then_some(Avx2(()))
    }
}

/// Eight lanes of 32 bits. Only an `Avx2` makes one (the field is private to this module).
#[derive(Clone, Copy)]
pub(in crate::search) struct Eight(__m256i);

/// Four lanes of 32 bits, half of an `Eight`, which is the only way to make one.
#[derive(Clone, Copy)]
pub(in crate::search) struct Four(__m128i);

/// Implements a binary operator of a vector type with an AVX2 or SSE instruction.
macro_rules! op {
    ($type:ident, $trait:ident, $method:ident, $intrinsic:ident) => {
        impl $trait for $type {
            type Output = $type;
            #[inline(always)]
            fn $method(self, other: $type) -> $type {
                // SAFETY: a vector exists only where an `Avx2` does (see the module's safety
                // section): the processor has the instruction.
                $type(unsafe { $intrinsic(self.0, other.0) })
            }
        }
    };
}

op!(Eight, BitAnd, bitand, _mm256_and_si256);
op!(Eight, BitOr, bitor, _mm256_or_si256);
op!(Eight, BitXor, bitxor, _mm256_xor_si256);
op!(Eight, Add, add, _mm256_add_epi32);
op!(Eight, Sub, sub, _mm256_sub_epi32);
op!(Four, BitAnd, bitand, _mm_and_si128);
op!(Four, BitOr, bitor, _mm_or_si128);
op!(Four, Add, add, _mm_add_epi32);

impl Vector for Eight {
    #[inline(always)]
    fn splat(self, x: u32) -> Eight {
        // SAFETY: `self` exists, so the processor has AVX2 (the module's safety section).
        Eight(unsafe { _mm256_set1_epi32(x as i32) })
    }
    #[inline(always)]
    fn and_not(self, other: Eight) -> Eight {
        // SAFETY: as in `splat`.
        Eight(unsafe { _mm256_andnot_si256(other.0, self.0) })
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Eight {
        // SAFETY: as in `splat`.
        Eight(unsafe { _mm256_slli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Eight {
        // SAFETY: as in `splat`.
        Eight(unsafe { _mm256_srli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn shr_by(self, n: u32) -> Eight {
        // SAFETY: as in `splat`.
        Eight(unsafe { _mm256_srl_epi32(self.0, _mm_cvtsi32_si128(n as i32)) })
    }
    #[inline(always)]
    fn equal(self, other: Eight) -> Eight {
        // SAFETY: as in `splat`.
        Eight(unsafe { _mm256_cmpeq_epi32(self.0, other.0) })
    }
    #[inline(always)]
    fn less(self, other: Eight) -> Eight {
        // SAFETY: as in `splat`.
        Eight(unsafe { _mm256_cmpgt_epi32(other.0, self.0) })
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        // SAFETY: as in `splat`.
        unsafe { _mm256_testz_si256(self.0, self.0) != 0 }
    }
    #[inline(always)]
    fn any_zero(self) -> bool {
        // SAFETY: as in `splat`.
        unsafe { _mm256_movemask_epi8(_mm256_cmpeq_epi32(self.0, _mm256_setzero_si256())) != 0 }
    }
}

impl Lanes for Avx2 {
    type Eight = Eight;
    type Four = Four;

    #[inline(always)]
    fn load(self, band: &Band) -> Eight {
        // SAFETY: the band is 16 `u32`s (64 bytes); the load reads the first 32, unaligned; the
        // processor has AVX2, since `self` exists.
        Eight(unsafe { _mm256_loadu_si256(band.as_ptr().cast()) })
    }

    #[inline(always)]
    fn store(band: &mut Band, lanes: Eight) {
        // SAFETY: as the load, writing.
        unsafe { _mm256_storeu_si256(band.as_mut_ptr().cast(), lanes.0) }
    }

    #[inline(always)]
    fn lanes_of(self, lanes: [u32; 8]) -> Eight {
        // SAFETY: the load reads the 32 bytes of `lanes`, unaligned; the processor has AVX2.
        Eight(unsafe { _mm256_loadu_si256(lanes.as_ptr().cast()) })
    }

    #[inline(always)]
    fn to_array(lanes: Eight) -> [u32; 8] {
        let mut array = [0; 8];
        // SAFETY: the store writes the 32 bytes of `array`, unaligned; the processor has AVX2,
        // since `lanes` exists.
        unsafe { _mm256_storeu_si256(array.as_mut_ptr().cast(), lanes.0) };
        array
    }

    #[inline(always)]
    fn halves(lanes: Eight) -> (Four, Four) {
        // SAFETY: `lanes` exists, so the processor has AVX2.
        unsafe {
            (
                Four(_mm256_castsi256_si128(lanes.0)),
                Four(_mm256_extracti128_si256::<1>(lanes.0)),
            )
        }
    }

    #[inline(always)]
    fn swap_halves(lanes: Four) -> Four {
        // SAFETY: `lanes` exists, so the processor has AVX2 (and SSE2).
        Four(unsafe { _mm_shuffle_epi32::<0b01_00_11_10>(lanes.0) })
    }

    #[inline(always)]
    fn swap_neighbours(lanes: Four) -> Four {
        // SAFETY: as in `swap_halves`.
        Four(unsafe { _mm_shuffle_epi32::<0b10_11_00_01>(lanes.0) })
    }

    #[inline(always)]
    fn min(a: Four, b: Four) -> Four {
        // SAFETY: as in `swap_halves` (and SSE4.1, which AVX2 implies).
        Four(unsafe { _mm_min_epu32(a.0, b.0) })
    }

    #[inline(always)]
    fn first(lanes: Four) -> u32 {
        // SAFETY: as in `swap_halves`.
        unsafe { _mm_cvtsi128_si32(lanes.0) as u32 }
    }

    /// A band's 27 values compared with each value at once.
    #[inline(always)]
    fn clue_cells(self, values: &[u8; 81]) -> [[u32; 10]; 3] {
        let mut padded = [0u8; 96];
        padded[..81].copy_from_slice(values);
        let mut clues = [[0; 10]; 3];
        for (band, clues) in clues.iter_mut().enumerate() {
            // SAFETY: the load reads bytes `band * 27` to `band * 27 + 31` (at most 85) of the 96
            // of `padded`, unaligned; the processor has AVX2, since `self` exists.
            let cells = unsafe { _mm256_loadu_si256(padded.as_ptr().add(band * 27).cast()) };
            for (value, clue) in clues.iter_mut().enumerate() {
                // SAFETY: as the load.
                let equal = unsafe {
                    _mm256_movemask_epi8(_mm256_cmpeq_epi8(cells, _mm256_set1_epi8(value as i8)))
                };
                *clue = equal as u32 & ALL;
            }
        }
        clues
    }

    detected_entry_points!(Avx2, "avx2,bmi1,bmi2,popcnt");
}
