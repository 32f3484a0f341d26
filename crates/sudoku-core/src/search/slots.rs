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
//! matched to boxes), and propagation goes on. Then, if the board is not solved, the search guesses on a cell with the fewest candidates
//! (a bivalue cell when there is one), each guess on a copy of the 128-byte state; a guess
//! clears the cell only from the slots of its other candidates.

use super::{Engine, Found};

const ALL: u32 = (1 << 27) - 1;
const ROW: u32 = 0x1FF;

/// For a 9-bit row, which of its three box segments hold a bit.
const BOX_OCCUPANCY: [u16; 512] = {
    let mut table = [0; 512];
    let mut bits = 0;
    while bits < 512 {
        table[bits] = (bits & 7 != 0) as u16
            | ((bits >> 3 & 7 != 0) as u16) << 1
            | ((bits >> 6 & 7 != 0) as u16) << 2;
        bits += 1;
    }
    table
};

/// Three things (rows, or columns) must each be matched to a different one of three others
/// (boxes, or bands). Indexed by which pairs are possible (bit `i * 3 + j`: thing `i` may go
/// with `j`), the pairs that belong to at least one complete matching; 0 when there is none.
const MATCHED_PAIRS: [u16; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut possible = 0;
    while possible < 512 {
        let mut p = 0;
        while p < 6 {
            let [a, b, c] = PERMUTATIONS[p];
            let pairs = 1 << a | 1 << (3 + b) | 1 << (6 + c);
            if possible & pairs == pairs {
                table[possible] |= pairs as u16;
            }
            p += 1;
        }
        possible += 1;
    }
    table
};

/// For one stack and one digit, indexed by which columns of the stack each band still has (bit
/// `band * 3 + k`: column `k` of the stack in band `band`), the columns that some matching of
/// columns to bands uses, as bit `band * 9 + k`; 0 when there is no matching.
const STACK_KEEP: [u32; 512] = {
    let mut table = [0; 512];
    let mut possible = 0;
    while possible < 512 {
        let allowed = MATCHED_PAIRS[possible] as u32;
        table[possible] = (allowed & 7) | (allowed >> 3 & 7) << 9 | (allowed >> 6 & 7) << 18;
        possible += 1;
    }
    table
};

/// Indexed by a band's occupancy (bit `r * 3 + k`: row `r` has a candidate in box `k`), the
/// cells of the row/box pairs that some matching of rows to boxes uses.
const TRIAD_CELLS: [u32; 512] = {
    let mut table = [0; 512];
    let mut occupancy = 0;
    while occupancy < 512 {
        let pairs = MATCHED_PAIRS[occupancy] as u32;
        let mut pair = 0;
        while pair < 9 {
            if pairs >> pair & 1 == 1 {
                table[occupancy] |= 7 << (pair / 3 * 9 + pair % 3 * 3);
            }
            pair += 1;
        }
        occupancy += 1;
    }
    table
};

/// For a cell of a band, the band's cells outside its row and box, plus the cell itself: what a
/// placed digit keeps in its own slot.
const KEEP_AFTER_PLACING: [u32; 27] = {
    let mut table = [0; 27];
    let mut pos = 0;
    while pos < 27 {
        let (row, col) = (pos / 9, pos % 9);
        let box_cols = 7 << (col / 3 * 3);
        table[pos] = ALL & !(ROW << (row * 9)) & !(box_cols * 0x40201) | 1 << pos;
        pos += 1;
    }
    table
};

/// The other two slots of the same digit, in the other bands.
const OTHER_BANDS: [[usize; 2]; 27] = {
    let mut table = [[0; 2]; 27];
    let mut slot = 0;
    while slot < 27 {
        let base = slot - slot % 3;
        table[slot] = [base + (slot + 1) % 3, base + (slot + 2) % 3];
        slot += 1;
    }
    table
};

/// A 9-bit row if it has exactly one bit, else 0.
const ROW_SINGLE: [u32; 512] = {
    let mut table = [0; 512];
    let mut row = 1;
    while row < 512 {
        if row & (row - 1) == 0 {
            table[row] = row as u32;
        }
        row += 1;
    }
    table
};

/// Bit `d` of a 9-bit digit mask moved to bit `d * 3`, the slot of digit `d` in band 0.
const SPREAD: [u32; 512] = {
    let mut table = [0; 512];
    let mut digits = 0;
    while digits < 512 {
        let mut d = 0;
        while d < 9 {
            table[digits] |= (digits as u32 >> d & 1) << (d * 3);
            d += 1;
        }
        digits += 1;
    }
    table
};

/// The band of each slot.
const BAND_OF: [usize; 27] = {
    let mut table = [0; 27];
    let mut slot = 0;
    while slot < 27 {
        table[slot] = slot % 3;
        slot += 1;
    }
    table
};

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

    /// Places `digit` (0-based) in an unsolved `cell` whose candidates are `candidates` (bit `d`
    /// for digit `d`): the other candidates' slots are the only ones that lose the cell.
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
        let slot = digit * 3 + band;
        self.restrict(slot, KEEP_AFTER_PLACING[pos]);
        let column = !((1 << (pos % 9)) * 0x40201);
        let [b1, b2] = OTHER_BANDS[slot];
        self.restrict(b1, column);
        self.restrict(b2, column);
        self.unsolved[band] &= !bit;
    }

    /// Applies the band rules to one slot (see the module documentation); false on a contradiction.
    #[inline(always)]
    fn update(&mut self, slot: usize) -> bool {
        let bits = self.slots[slot];
        let occupancy = BOX_OCCUPANCY[(bits & ROW) as usize]
            | BOX_OCCUPANCY[(bits >> 9 & ROW) as usize] << 3
            | BOX_OCCUPANCY[(bits >> 18 & ROW) as usize] << 6;
        let bits = bits & TRIAD_CELLS[occupancy as usize & 511];
        if bits == 0 {
            return false;
        }
        self.slots[slot] = bits;
        let band = BAND_OF[slot];
        let placed = (ROW_SINGLE[(bits & ROW) as usize]
            | ROW_SINGLE[(bits >> 9 & ROW) as usize] << 9
            | ROW_SINGLE[(bits >> 18 & ROW) as usize] << 18)
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
            self.dirty |= SPREAD[changed as usize] << band & !(1 << slot);
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
    fn place_singles(&mut self) -> Option<bool> {
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
            if !self.apply_column_rules(digit) {
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
    fn apply_column_rules(&mut self, digit: usize) -> bool {
        let base = digit * 3;
        let fold = |bits: u32| (bits | bits >> 9 | bits >> 18) & ROW;
        let columns = fold(self.slots[base])
            | fold(self.slots[base + 1]) << 9
            | fold(self.slots[base + 2]) << 18;
        let mut keep = 0;
        for stack in 0..3 {
            let bits = columns >> (stack * 3) & 0o007_007_007;
            let allowed = STACK_KEEP[((bits | bits >> 6 | bits >> 12) & 0o777) as usize];
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

    /// The unsolved cell to guess on: the first bivalue cell, else one with the fewest candidates.
    fn guess_cell(&self) -> usize {
        let mut fewest = (u32::MAX, 0);
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let (mut one, mut two, mut three) = (0, 0, 0);
            for digit in 0..9 {
                let bits = self.slots[digit * 3 + band];
                three |= two & bits;
                two |= one & bits;
                one |= bits;
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

impl Engine for Search {
    /// The state for a grid of values 0–9 (0 blank); `None` if two clues contradict each other.
    fn new(values: &[u8; 81]) -> Option<Search> {
        let mut search = Search {
            slots: [ALL; 27],
            unsolved: [ALL; 3],
            dirty: ALL,
            stale: ALL,
        };
        // Every slot is marked changed, so the clues are placed without noting which slots they
        // change.
        for (cell, &value) in values.iter().enumerate() {
            if value == 0 {
                continue;
            }
            let (band, pos) = (cell / 27, cell % 27);
            let bit = 1 << pos;
            let slot = (value as usize - 1) * 3 + band;
            if search.slots[slot] & bit == 0 {
                return None;
            }
            for other in 0..9 {
                search.slots[other * 3 + band] &= !bit;
            }
            search.slots[slot] = (search.slots[slot] | bit) & KEEP_AFTER_PLACING[pos];
            let column = !((1 << (pos % 9)) * 0x40201);
            let [b1, b2] = OTHER_BANDS[slot];
            search.slots[b1] &= column;
            search.slots[b2] &= column;
            search.unsolved[band] &= !bit;
        }
        Some(search)
    }

    /// Places `digit` (0-based) in `cell`, if still possible.
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
        self.restrict(slot, KEEP_AFTER_PLACING[pos]);
        let column = !((1 << (pos % 9)) * 0x40201);
        let [b1, b2] = OTHER_BANDS[slot];
        self.restrict(b1, column);
        self.restrict(b2, column);
        self.unsolved[band] &= !bit;
        true
    }

    /// Propagates until nothing changes; false on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            while self.dirty != 0 {
                let mut batch = self.dirty;
                self.dirty = 0;
                self.stale |= batch;
                while batch != 0 {
                    let slot = batch.trailing_zeros() as usize;
                    batch &= batch - 1;
                    self.dirty &= !(1 << slot);
                    if !self.update(slot) {
                        return false;
                    }
                }
            }
            match self.place_singles() {
                Some(true) => continue,
                Some(false) => return true,
                None => return false,
            }
        }
    }

    /// The digits of a solved state.
    fn values(&self) -> [u8; 81] {
        let mut values = [0; 81];
        for (slot, &bits) in self.slots.iter().enumerate() {
            let (digit, band) = (slot / 3, slot % 3);
            let mut bits = bits;
            while bits != 0 {
                values[band * 27 + bits.trailing_zeros() as usize] = digit as u8 + 1;
                bits &= bits - 1;
            }
        }
        values
    }

    /// The candidates (bit `d` for digit `d + 1`) of an unsolved cell.
    fn candidates(&self, cell: usize) -> u16 {
        let (band, bit) = (cell / 27, 1 << (cell % 27));
        (0..9)
            .filter(|d| self.slots[d * 3 + band] & bit != 0)
            .fold(0, |m, d| m | 1 << d)
    }

    /// Depth-first search from a propagated state.
    fn search(&mut self, found: &mut Found) {
        if self.is_solved() {
            found.count += 1;
            if found.keep && found.first.is_none() {
                found.first = Some(self.values());
            }
            return;
        }
        let cell = self.guess_cell();
        let candidates = self.candidates(cell);
        let mut digits = candidates;
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if digits == 0 {
                // The last choice needs no copy.
                self.guess(cell, digit, candidates);
                if self.propagate() {
                    self.search(found);
                }
                return;
            }
            let mut next = *self;
            next.guess(cell, digit, candidates);
            if next.propagate() {
                next.search(found);
                if found.count >= found.limit {
                    return;
                }
            }
        }
    }

    /// Removes one candidate (0-based digit) of a cell.
    fn eliminate(&mut self, cell: usize, digit: usize) {
        self.restrict(digit * 3 + cell / 27, !(1 << (cell % 27)));
    }

    fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    fn is_unsolved(&self, cell: usize) -> bool {
        self.unsolved[cell / 27] & 1 << (cell % 27) != 0
    }
}
