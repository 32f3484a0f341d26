//! The layout of a variant puzzle: which houses it has, the cells of each, each cell's peers and
//! its cages. The explaining solver reads houses and peers through the pencil marks
//! ([`Candidates`](crate::Candidates)), which carry a layout for a variant and read the classic
//! grid's compile-time tables otherwise, so the classic game pays nothing for variants.
//!
//! Layout: `houses` lists the houses in play (rows and columns first); `cells[id]` holds the
//! cells of the house with that id (empty for ids not in play); `houses_of[cell]` the houses of
//! a cell; `peers[cell]` every cell sharing a house, a smaller group or a cage with it.

use crate::cell::Cell;
use crate::house::House;
use crate::sets::CellSet;

/// A cage: cells whose digits differ and, when it has a sum, add up to it (its rule:
/// `variant/rules/cage.rs`).
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cage {
    pub cells: CellSet,
    pub sum: Option<u8>,
}

impl Cage {
    /// Its first cell in reading order, where its sum is written.
    pub fn first(&self) -> Cell {
        self.cells.first().unwrap_or(Cell::ALL[0])
    }
}

/// The largest sum of distinct digits: 1 + 2 + … + 9.
pub(crate) const MAX_SUM: usize = 45;

/// Each set of distinct digits (bit `d - 1` for digit `d`), ordered by size and then by sum.
const COMBINATIONS: [u16; 512] = {
    let mut table = [0; 512];
    let mut next = 0;
    let mut size = 0;
    while size <= 9 {
        let mut sum = 0;
        while sum <= MAX_SUM {
            let mut set: u16 = 0;
            while set < 512 {
                if set.count_ones() == size && digit_sum(set) == sum {
                    table[next] = set;
                    next += 1;
                }
                set += 1;
            }
            sum += 1;
        }
        size += 1;
    }
    table
};

/// Where the sets of each size and sum start in [`COMBINATIONS`] (index `size * 46 + sum`),
/// and one more entry for the end.
const COMBINATION_STARTS: [u16; 10 * (MAX_SUM + 1) + 1] = {
    let mut starts = [0; 10 * (MAX_SUM + 1) + 1];
    let mut set = 0;
    while set < 512 {
        let key = (set as u16).count_ones() as usize * (MAX_SUM + 1) + digit_sum(set as u16);
        starts[key + 1] += 1;
        set += 1;
    }
    let mut key = 1;
    while key < starts.len() {
        starts[key] += starts[key - 1];
        key += 1;
    }
    starts
};

const fn digit_sum(set: u16) -> usize {
    let mut sum = 0;
    let mut digit = 1;
    while digit <= 9 {
        if set & 1 << (digit - 1) != 0 {
            sum += digit;
        }
        digit += 1;
    }
    sum
}

/// The sets of `size` distinct digits that add up to `sum`.
pub(crate) fn combinations(size: u32, sum: usize) -> &'static [u16] {
    if sum > MAX_SUM {
        return &[];
    }
    let key = size as usize * (MAX_SUM + 1) + sum;
    &COMBINATIONS[COMBINATION_STARTS[key] as usize..COMBINATION_STARTS[key + 1] as usize]
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Layout {
    houses: Vec<House>,
    cells: Vec<CellSet>,
    houses_of: Vec<Vec<House>>,
    peers: [CellSet; Cell::COUNT],
    cages: Vec<Cage>,
}

impl Layout {
    /// A layout of these houses (each nine cells holding each digit once) and each cell's peers
    /// (every cell sharing a house, a smaller group or a cage with it), with no cage yet.
    pub(crate) fn new(houses: &[(House, CellSet)], peers: [CellSet; Cell::COUNT]) -> Layout {
        let size = houses.iter().map(|(h, _)| h.id() + 1).max().unwrap_or(0);
        let mut cells = vec![CellSet::EMPTY; size];
        let mut houses_of = vec![Vec::new(); Cell::COUNT];
        for &(house, set) in houses {
            cells[house.id()] = set;
            for cell in set.iter() {
                houses_of[cell.index()].push(house);
            }
        }
        Layout {
            houses: houses.iter().map(|&(h, _)| h).collect(),
            cells,
            houses_of,
            peers,
            cages: Vec::new(),
        }
    }

    pub(crate) fn add_cage(&mut self, cage: Cage) {
        self.cages.push(cage);
    }

    pub fn houses(&self) -> &[House] {
        &self.houses
    }
    pub fn cells_of(&self, house: House) -> CellSet {
        self.cells
            .get(house.id())
            .copied()
            .unwrap_or(CellSet::EMPTY)
    }
    pub fn houses_of(&self, cell: Cell) -> &[House] {
        &self.houses_of[cell.index()]
    }
    pub fn peers(&self, cell: Cell) -> CellSet {
        self.peers[cell.index()]
    }
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }
    /// Whether the boxes are houses (the grid is not a jigsaw).
    pub fn has_boxes(&self) -> bool {
        self.houses.contains(&House::box_at(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_combinations_table_lists_each_set_once_by_size_and_sum() {
        assert_eq!(combinations(2, 3), [0b11]);
        assert_eq!(combinations(2, 17), [0b1_1000_0000]);
        assert_eq!(combinations(3, 6), [0b111]);
        assert_eq!(combinations(9, 45), [0x1ff]);
        assert_eq!(combinations(0, 0), [0]);
        assert!(combinations(2, 2).is_empty());
        assert!(combinations(1, 46).is_empty());
        let total: usize = (0..=9)
            .flat_map(|size| (0..=MAX_SUM).map(move |sum| combinations(size, sum).len()))
            .sum();
        assert_eq!(total, 512);
        for size in 0..=9 {
            for sum in 0..=MAX_SUM {
                for &set in combinations(size, sum) {
                    assert_eq!((set.count_ones(), digit_sum(set)), (size, sum));
                }
            }
        }
    }
}
