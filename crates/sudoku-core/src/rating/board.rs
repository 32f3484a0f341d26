//! SE's grid while it rates: the digits placed and the candidates left, and the orders in which
//! SE walks houses and peers (which decide the first hint a producer reports).
//!
//! Layout: `values[i]` is the digit of cell `i` (0 while empty), `cells[i]` its candidates (empty
//! once filled) and `planes[d]` the cells where digit `d + 1` is a candidate; `empty` is the set
//! of cells without a digit. The cell view and the digit view always describe the same marks:
//! producers read whichever is cheaper. A [`CandidateSet`] is a set of candidates kept the same
//! way as `planes`: one cell set per digit.

use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};

/// The three kinds of houses in SE's own order for chains and peers ("region types": block,
/// row, column).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Block,
    Row,
    Column,
}

impl Kind {
    /// SE's `Grid.getRegionTypes()`.
    pub(crate) const CHAIN_ORDER: [Kind; 3] = [Kind::Block, Kind::Row, Kind::Column];

    /// The house of this kind with index `index` (0..9), numbered as SE numbers them.
    pub(crate) const fn house(self, index: u8) -> House {
        match self {
            Kind::Block => House::box_at(index),
            Kind::Row => House::row(index),
            Kind::Column => House::column(index),
        }
    }

    /// The house of this kind holding `cell`.
    pub(crate) const fn house_of(self, cell: Cell) -> House {
        match self {
            Kind::Block => House::box_at(cell.box_index()),
            Kind::Row => House::row(cell.row()),
            Kind::Column => House::column(cell.col()),
        }
    }
}

/// The house of one kind with a given index (0..9): `House::row`, `House::column` or
/// `House::box_at`.
pub(crate) type HouseAt = fn(u8) -> House;

/// A cell's 20 peers in SE's order (`Cell.getHouseCells`): its block, then the rest of its row,
/// then the rest of its column, each in reading order.
pub(crate) const fn peers_in_se_order(cell: Cell) -> &'static [Cell; 20] {
    &PEER_ORDER[cell.index()]
}

const PEER_ORDER: [[Cell; 20]; 81] = {
    let mut table = [[Cell::ALL[0]; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let cell = Cell::ALL[i];
        let block = House::box_at(cell.box_index());
        let mut n = 0;
        let mut k = 0;
        while k < 3 {
            let house = Kind::CHAIN_ORDER[k].house_of(cell);
            let mut j = 0;
            while j < 9 {
                let other = house.cells()[j];
                let seen_in_block = k > 0 && block.cell_set().contains(other);
                if other.index() != i && !seen_in_block {
                    table[i][n] = other;
                    n += 1;
                }
                j += 1;
            }
            k += 1;
        }
        i += 1;
    }
    table
};

/// A set of candidates: one cell set per digit.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub(crate) struct CandidateSet([CellSet; 9]);

impl CandidateSet {
    pub(crate) const EMPTY: CandidateSet = CandidateSet([CellSet::EMPTY; 9]);

    pub(crate) fn insert(&mut self, cell: Cell, digit: Digit) {
        self.0[digit.index()].insert(cell);
    }
    pub(crate) fn insert_cells(&mut self, cells: CellSet, digit: Digit) {
        self.0[digit.index()] |= cells;
    }
    pub(crate) fn contains(&self, cell: Cell, digit: Digit) -> bool {
        self.0[digit.index()].contains(cell)
    }
    pub(crate) fn plane(&self, digit: Digit) -> CellSet {
        self.0[digit.index()]
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|p| p.is_empty())
    }
    /// Every candidate, digit by digit and cell by cell within a digit.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        Digit::all().flat_map(move |d| self.0[d.index()].iter().map(move |c| (c, d)))
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Board {
    values: [u8; 81],
    cells: [DigitSet; 81],
    planes: [CellSet; 9],
    empty: CellSet,
}

impl Board {
    pub(crate) fn new(marks: &Candidates) -> Board {
        let mut board = Board {
            values: [0; 81],
            cells: [DigitSet::EMPTY; 81],
            planes: [CellSet::EMPTY; 9],
            empty: CellSet::EMPTY,
        };
        for cell in Cell::all() {
            match marks.grid().get(cell) {
                Some(digit) => board.values[cell.index()] = digit.get(),
                None => {
                    board.empty.insert(cell);
                    board.cells[cell.index()] = marks.get(cell);
                }
            }
        }
        for digit in Digit::all() {
            board.planes[digit.index()] = marks.cells_with(digit);
        }
        board
    }

    pub(crate) fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }
    pub(crate) fn candidates(&self, cell: Cell) -> DigitSet {
        self.cells[cell.index()]
    }
    pub(crate) fn count(&self, cell: Cell) -> u32 {
        self.cells[cell.index()].len()
    }
    pub(crate) fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.planes[digit.index()].contains(cell)
    }
    /// The cells where `digit` is a candidate.
    pub(crate) fn plane(&self, digit: Digit) -> CellSet {
        self.planes[digit.index()]
    }
    /// The cells of `house` where `digit` is a candidate.
    pub(crate) fn positions(&self, house: House, digit: Digit) -> CellSet {
        self.planes[digit.index()] & house.cell_set()
    }
    pub(crate) fn empty_cells(&self) -> CellSet {
        self.empty
    }
    pub(crate) fn empty_count(&self, house: House) -> u32 {
        (self.empty & house.cell_set()).len()
    }
    /// How many cells hold `digit`.
    pub(crate) fn placed_count(&self, digit: Digit) -> u32 {
        self.values.iter().filter(|&&v| v == digit.get()).count() as u32
    }
    pub(crate) fn is_solved(&self) -> bool {
        self.empty.is_empty()
    }
    /// Removes one candidate; returns whether it was there.
    pub(crate) fn remove(&mut self, cell: Cell, digit: Digit) -> bool {
        let present = self.has(cell, digit);
        self.cells[cell.index()].remove(digit);
        self.planes[digit.index()].remove(cell);
        present
    }

    /// Removes every candidate of `set`; returns how many were there.
    pub(crate) fn remove_all(&mut self, set: &CandidateSet) -> usize {
        set.iter().filter(|&(c, d)| self.remove(c, d)).count()
    }

    /// Fills `cell` with `digit` and removes `digit` from its peers (SE's `setValueAndCancel`).
    /// (`Candidates::place` and `eliminate` do the same on their own arrays; kept apart so that
    /// this board, on the rating's hot path, stays self-contained.)
    pub(crate) fn place(&mut self, cell: Cell, digit: Digit) {
        self.values[cell.index()] = digit.get();
        self.empty.remove(cell);
        for d in self.cells[cell.index()].iter() {
            self.planes[d.index()].remove(cell);
        }
        self.cells[cell.index()] = DigitSet::EMPTY;
        let peers = self.planes[digit.index()] & cell.peers();
        for peer in peers.iter() {
            self.cells[peer.index()].remove(digit);
        }
        self.planes[digit.index()] = self.planes[digit.index()] - peers;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_come_block_first_then_row_then_column() {
        let order = peers_in_se_order(Cell::at(4, 4));
        assert_eq!(order[0], Cell::at(3, 3));
        assert_eq!(order[7], Cell::at(5, 5));
        assert_eq!(order[8], Cell::at(4, 0));
        assert_eq!(order[14], Cell::at(0, 4));
        assert_eq!(order[19], Cell::at(8, 4));
        let set: CellSet = order.iter().copied().collect();
        assert_eq!(set, Cell::at(4, 4).peers());
    }
}
