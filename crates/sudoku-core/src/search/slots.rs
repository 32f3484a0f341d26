//! The scalar engine: propagation over per-digit band bitboards, then depth-first guessing. It
//! runs on any target, and is the one used where the vector engine (`bands`) is not.
//!
//! # Data layout
//!
//! The board is cut into three bands of three rows (27 cells). Inside a band, cell `r * 9 + c`
//! (row `r` of the band, column `c`) is bit `r * 9 + c` of a `u32`, so each row is a 9-bit group
//! and each box a 3×3 block of bits. For every digit `d` and band `b` the *slot* `d * 3 + b`
//! holds the 27-bit mask of cells of that band where `d` is still possible. A placed digit keeps
//! its bit in its own slot and loses it in the other eight, so the slots always read back as the
//! candidates, and a solved board reads back as its solution. `unsolved[b]` marks the cells of
//! band `b` not placed yet.
//!
//! # Propagation
//!
//! A slot is re-examined only when it changed since it was last examined (`seen`). Examining
//! digit `d` in a band (`Search::update`) uses that `d` must sit once in each of the band's three
//! rows and once in each of its three boxes: the rows' box occupancy (9 bits) indexes a table of
//! the row/box "triads" that belong to some row-to-box matching; every other cell is removed.
//! That single lookup does pointing and claiming (locked candidates), hidden singles in rows and
//! boxes, and finds a band with no room for `d`. A row left with one cell is a placement: the
//! cell leaves the other digits' slots and its column leaves `d`'s other two bands. When no slot
//! changes any more, cells with a single candidate (naked singles) are placed; failing those, the
//! digits whose slots changed get the stack rules (columns matched to bands, the way rows are
//! matched to boxes), and propagation goes on. Then, if the board is not solved, the search
//! (shared with the vector engine, `guess_each`) applies the triad rules and splits on the
//! placements of a digit in a band or stack (`State::choose`, digit by digit here), each choice on
//! a copy of the 128-byte state; a guess on a cell, when those are all fixed, clears the cell only
//! from the slots of its other candidates.

use std::sync::OnceLock;

use super::{ALL, KEEP_AFTER_PLACING, MATCHINGS, ROW, State, clue_cells, place_clues};

/// The lookup tables of the band and stack rules, worked out once, at first use: embedded as
/// constants they were 10 KiB of each wasm module, 1.4 KB of the page's gzipped download once the
/// code that works them out is counted. Looking them up costs the same either way.
struct Tables {
    /// For a 9-bit row, which of its three box segments hold a bit.
    box_occupancy: [u16; 512],
    /// Indexed by a band's occupancy (bit `r * 3 + k`: row `r` has a candidate in box `k`), the
    /// cells of the row/box pairs that some matching of rows to boxes uses.
    triad_cells: [u32; 512],
    /// A 9-bit row if it has exactly one bit, else 0.
    row_single: [u32; 512],
    /// Bit `d` of a 9-bit digit mask moved to bit `d * 3`, the slot of digit `d` in band 0.
    spread: [u32; 512],
    /// For one stack and one digit, indexed by which columns of the stack each band still has
    /// (bit `band * 3 + k`: column `k` of the stack in band `band`), the columns that some
    /// matching of columns to bands uses, as bit `band * 9 + k`; 0 when there is no matching.
    stack_keep: [u32; 512],
}

impl Tables {
    fn get() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(Tables::new)
    }

    fn new() -> Tables {
        let matched = matched_pairs();
        Tables {
            box_occupancy: table!(512, |bits| {
                (bits & 7 != 0) as u16
                    | ((bits >> 3 & 7 != 0) as u16) << 1
                    | ((bits >> 6 & 7 != 0) as u16) << 2
            }),
            triad_cells: table!(512, |occupancy| {
                let pairs = matched[occupancy] as u32;
                let mut cells = 0;
                for pair in 0..9 {
                    if pairs >> pair & 1 == 1 {
                        cells |= 7 << (pair / 3 * 9 + pair % 3 * 3);
                    }
                }
                cells
            }),
            row_single: table!(512, |row| if row.is_power_of_two() {
                row as u32
            } else {
                0
            }),
            spread: table!(512, |digits| {
                (0..9).fold(0, |spread, d| spread | (digits as u32 >> d & 1) << (d * 3))
            }),
            stack_keep: table!(512, |possible| {
                let allowed = matched[possible] as u32;
                (allowed & 7) | (allowed >> 3 & 7) << 9 | (allowed >> 6 & 7) << 18
            }),
        }
    }
}

/// Three things (rows, or columns) must each be matched to a different one of three others
/// (boxes, or bands). Indexed by which pairs are possible (bit `i * 3 + j`: thing `i` may go
/// with `j`), the pairs that belong to at least one complete matching; 0 when there is none.
fn matched_pairs() -> [u16; 512] {
    table!(512, |possible| {
        MATCHINGS.iter().fold(0, |matched, &pairs| {
            if possible as u16 & pairs == pairs {
                matched | pairs
            } else {
                matched
            }
        })
    })
}

/// The other two slots of the same digit, in the other bands.
const OTHER_BANDS: [[usize; 2]; 27] = table!(27, |slot| {
    let base = slot - slot % 3;
    [base + (slot + 1) % 3, base + (slot + 2) % 3]
});

/// The band of each slot.
const BAND_OF: [usize; 27] = table!(27, |slot| slot % 3);

/// The state of a search; see the module documentation for the layout.
#[derive(Clone, Copy)]
pub(super) struct Search {
    slots: [u32; 27],
    unsolved: [u32; 3],
    /// One bit per slot that changed since `update` last examined it.
    dirty: u32,
    /// One bit per slot that changed since the column rules last looked at its digit.
    stale: u32,
}

impl Search {
    /// Keeps only the `keep` cells of a slot, and notes whether that changed it.
    #[inline(always)]
    fn restrict(&mut self, slot: usize, keep: u32) {
        let old = self.slots[slot];
        let new = old & keep;
        self.slots[slot] = new;
        self.dirty |= ((new != old) as u32) << slot;
    }

    /// Ends placing `digit` in cell `pos` of `band`, once the other digits' slots have lost the
    /// cell: the digit's slot keeps the cell and loses the rest of its row and box, its slots in
    /// the other bands lose the column, and the cell is solved.
    #[inline(always)]
    fn finish_placing(&mut self, digit: usize, band: usize, pos: usize) {
        let slot = digit * 3 + band;
        self.restrict(slot, KEEP_AFTER_PLACING[pos]);
        let column = !((1 << (pos % 9)) * 0x40201);
        let [b1, b2] = OTHER_BANDS[slot];
        self.restrict(b1, column);
        self.restrict(b2, column);
        self.unsolved[band] &= !(1 << pos);
    }

    /// Applies the band rules to one slot (see the module documentation); false on a contradiction.
    #[inline(always)]
    fn update(&mut self, tables: &Tables, slot: usize) -> bool {
        let bits = self.slots[slot];
        let occupancy = tables.box_occupancy[(bits & ROW) as usize]
            | tables.box_occupancy[(bits >> 9 & ROW) as usize] << 3
            | tables.box_occupancy[(bits >> 18 & ROW) as usize] << 6;
        let bits = bits & tables.triad_cells[occupancy as usize & 511];
        if bits == 0 {
            return false;
        }
        self.slots[slot] = bits;
        let band = BAND_OF[slot];
        let placed = (tables.row_single[(bits & ROW) as usize]
            | tables.row_single[(bits >> 9 & ROW) as usize] << 9
            | tables.row_single[(bits >> 18 & ROW) as usize] << 18)
            & self.unsolved[band];
        if placed != 0 {
            self.unsolved[band] &= !placed;
            let mut changed = 0;
            for other in 0..9 {
                let i = other * 3 + band;
                let old = self.slots[i];
                self.slots[i] = old & !placed;
                changed |= ((old & placed != 0) as u32) << other;
            }
            self.slots[slot] = bits;
            self.dirty |= tables.spread[changed as usize] << band & !(1 << slot);
            let columns = (placed | placed >> 9 | placed >> 18) & ROW;
            let keep = !(columns * 0x40201);
            let [b1, b2] = OTHER_BANDS[slot];
            self.restrict(b1, keep);
            self.restrict(b2, keep);
        }
        true
    }

    /// Restricts to its digit every cell with one candidate left (naked single); failing those,
    /// applies the column rules to the digits that changed. `Some(found any)`, or `None` on a
    /// contradiction.
    #[inline(always)]
    fn place_singles(&mut self, tables: &Tables) -> Option<bool> {
        let mut found = false;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let (mut one, mut two) = (0, 0);
            for digit in 0..9 {
                let bits = self.slots[digit * 3 + band];
                two |= one & bits;
                one |= bits;
            }
            if unsolved & !one != 0 {
                return None;
            }
            let singles = unsolved & !two;
            if singles == 0 {
                continue;
            }
            found = true;
            for digit in 0..9 {
                let slot = digit * 3 + band;
                let mut mine = self.slots[slot] & singles;
                while mine != 0 {
                    self.restrict(slot, KEEP_AFTER_PLACING[mine.trailing_zeros() as usize]);
                    mine &= mine - 1;
                }
            }
        }
        if found {
            return Some(true);
        }
        let stale = self.stale;
        self.stale = 0;
        let mut digits = (stale | stale >> 1 | stale >> 2) & 0o111_111_111;
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize / 3;
            digits &= digits - 1;
            if !self.apply_column_rules(tables, digit) {
                return None;
            }
        }
        Some(self.dirty != 0)
    }

    /// The rules of a stack for one digit: the digit sits once in each of a stack's three columns
    /// and once in each of its three boxes, so columns are matched to bands like rows to boxes
    /// within a band. False on a contradiction. (A column left with one cell is not looked for:
    /// on the benchmark sets, leaving that check out did not make the search tree any larger,
    /// and the check cost more than it saved.)
    #[inline(always)]
    fn apply_column_rules(&mut self, tables: &Tables, digit: usize) -> bool {
        let base = digit * 3;
        let fold = |bits: u32| (bits | bits >> 9 | bits >> 18) & ROW;
        let columns = fold(self.slots[base])
            | fold(self.slots[base + 1]) << 9
            | fold(self.slots[base + 2]) << 18;
        let mut keep = 0;
        for stack in 0..3 {
            let bits = columns >> (stack * 3) & 0o007_007_007;
            let allowed = tables.stack_keep[((bits | bits >> 6 | bits >> 12) & 0o777) as usize];
            if allowed == 0 {
                return false;
            }
            keep |= allowed << (stack * 3);
        }
        let mut changed = 0;
        for band in 0..3 {
            let old = self.slots[base + band];
            let new = old & ((keep >> (band * 9) & ROW) * 0x40201);
            self.slots[base + band] = new;
            changed |= ((new != old) as u32) << band;
        }
        self.dirty |= changed << base;
        true
    }
}

impl State for Search {
    type Support = ();

    fn new((): (), values: &[u8; 81]) -> Option<Search> {
        let (masks, unsolved) = place_clues(clue_cells(values))?;
        // Every slot is marked changed: the first propagation examines them all.
        Some(Search {
            slots: std::array::from_fn(|slot| masks[slot % 3][slot / 3]),
            unsolved,
            dirty: ALL,
            stale: ALL,
        })
    }

    #[inline(always)]
    fn place(&mut self, cell: usize, digit: usize) -> bool {
        let (band, pos) = (cell / 27, cell % 27);
        let bit = 1 << pos;
        let slot = digit * 3 + band;
        if self.slots[slot] & bit == 0 {
            return false;
        }
        for other in 0..9 {
            self.restrict(other * 3 + band, !bit);
        }
        self.slots[slot] |= bit;
        self.finish_placing(digit, band, pos);
        true
    }

    /// The other candidates' slots are the only ones that lose the cell.
    #[inline(always)]
    fn guess(&mut self, cell: usize, digit: usize, candidates: u16) {
        let (band, pos) = (cell / 27, cell % 27);
        let bit = 1 << pos;
        let mut others = candidates & !(1 << digit);
        while others != 0 {
            let slot = others.trailing_zeros() as usize * 3 + band;
            others &= others - 1;
            self.slots[slot] &= !bit;
            self.dirty |= 1 << slot;
        }
        self.finish_placing(digit, band, pos);
    }

    fn confine(&mut self, digit: usize, band: usize, keep: u32) {
        self.restrict(digit * 3 + band, keep);
    }

    fn eliminate(&mut self, cell: usize, digit: usize) {
        self.restrict(digit * 3 + cell / 27, !(1 << (cell % 27)));
    }

    fn propagate(&mut self) -> bool {
        let tables = Tables::get();
        loop {
            while self.dirty != 0 {
                let mut batch = self.dirty;
                self.dirty = 0;
                self.stale |= batch;
                while batch != 0 {
                    let slot = batch.trailing_zeros() as usize;
                    batch &= batch - 1;
                    self.dirty &= !(1 << slot);
                    if !self.update(tables, slot) {
                        return false;
                    }
                }
            }
            match self.place_singles(tables) {
                Some(true) => continue,
                Some(false) => return true,
                None => return false,
            }
        }
    }

    #[inline(always)]
    fn unsolved_in(&self, band: usize) -> u32 {
        self.unsolved[band]
    }

    #[inline(always)]
    fn digit_cells(&self, digit: usize, band: usize) -> u32 {
        self.slots[digit * 3 + band]
    }
}
