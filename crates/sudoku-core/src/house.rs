//! Houses (groups of nine cells holding each digit once) and the peers of each cell.
//!
//! The classic grid's 27 houses are data: `House::cells` and `Cell::peers` read tables computed
//! once at compile time, so nothing else in the crate needs to know how rows, columns and boxes
//! are laid out. Variants name further houses (a jigsaw's regions, the diagonals, windows, extra
//! regions) in the same id space; their cells come from the puzzle's [`Layout`](crate::layout).

use std::fmt;

use crate::cell::{Cell, const_table};
use crate::sets::CellSet;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HouseKind {
    Row,
    Column,
    Box,
    /// A jigsaw's piece, in place of a box.
    Region,
    Diagonal,
    /// One of Windoku's four windows.
    Window,
    /// Any other group of nine a puzzle names.
    ExtraRegion,
    /// A cage of nine cells: no digit twice in it, so each once.
    Cage,
    /// The cells in one place of each box, under the disjoint groups rule.
    DisjointGroup,
}

/// A house by id: rows are 0..9, columns 9..18, boxes 18..27 (the classic 27); then a jigsaw's
/// regions 27..36, the diagonals from top left (36) and from bottom left (37), windows 38..42,
/// extra regions from 42, cages of nine cells 166..247 (by their first cell's index) and the
/// disjoint groups in the last nine ids, 247..256.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "u8", into = "u8"))]
pub struct House(u8);

impl House {
    pub const fn row(index: u8) -> House {
        assert!(index < 9);
        House(index)
    }
    pub const fn column(index: u8) -> House {
        assert!(index < 9);
        House(9 + index)
    }
    pub const fn box_at(index: u8) -> House {
        assert!(index < 9);
        House(18 + index)
    }
    pub const fn region(index: u8) -> House {
        assert!(index < 9);
        House(27 + index)
    }
    /// The house with this id.
    pub const fn from_id(id: u8) -> House {
        House(id)
    }
    pub const FALLING_DIAGONAL: House = House(36);
    pub const RISING_DIAGONAL: House = House(37);
    pub const fn window(index: u8) -> House {
        assert!(index < 4);
        House(38 + index)
    }
    /// The most extra regions a house id can name.
    pub const EXTRA_REGIONS: usize = 166 - 42;
    pub const fn extra_region(index: u8) -> House {
        assert!((index as usize) < House::EXTRA_REGIONS);
        House(42 + index)
    }
    /// The cage of nine cells whose first cell, in reading order, is `first`.
    pub const fn cage_at(first: Cell) -> House {
        House(166 + first.index() as u8)
    }
    /// The disjoint group of the cells in place `index` (0–8, in reading order) of each box.
    pub const fn disjoint_group(index: u8) -> House {
        assert!(index < 9);
        House(247 + index)
    }
    /// How many houses the classic grid has.
    pub const COUNT: usize = 27;
    /// The classic 27 houses, by id: rows, then columns, then boxes.
    pub const ALL: [House; House::COUNT] = const_table!(House::COUNT, House(0), |i| House(i as u8));
    pub fn all() -> impl Iterator<Item = House> {
        House::ALL.into_iter()
    }
    pub const fn kind(self) -> HouseKind {
        match self.0 {
            0..9 => HouseKind::Row,
            9..18 => HouseKind::Column,
            18..27 => HouseKind::Box,
            27..36 => HouseKind::Region,
            36..38 => HouseKind::Diagonal,
            38..42 => HouseKind::Window,
            42..166 => HouseKind::ExtraRegion,
            166..247 => HouseKind::Cage,
            _ => HouseKind::DisjointGroup,
        }
    }
    /// A row or a column.
    pub const fn is_line(self) -> bool {
        self.0 < 18
    }
    /// 0-based index among the houses of its kind.
    pub const fn index(self) -> u8 {
        match self.0 {
            0..36 => self.0 % 9,
            36..38 => self.0 - 36,
            38..42 => self.0 - 38,
            42..166 => self.0 - 42,
            166..247 => self.0 - 166,
            _ => self.0 - 247,
        }
    }
    /// Its id: 0..27 over the classic houses, up to 255 over all.
    pub const fn id(self) -> usize {
        self.0 as usize
    }
    /// The nine cells of a classic house (a row, column or box) in reading order; the cells of
    /// the others are their layout's.
    pub const fn cells(self) -> &'static [Cell; 9] {
        &HOUSE_CELLS[self.0 as usize]
    }
    /// The cells of a classic house; the cells of the others are their layout's.
    pub const fn cell_set(self) -> CellSet {
        HOUSE_SETS[self.0 as usize]
    }
}

/// "row 3", "column 5", "box 2", "region 4", "the diagonal from top left", "window 1" (1-based),
/// "the cage at r1c1".
impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind() {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Diagonal if self.index() == 0 => {
                return f.write_str("the diagonal from top left");
            }
            HouseKind::Diagonal => return f.write_str("the diagonal from bottom left"),
            HouseKind::Window => "window",
            HouseKind::ExtraRegion => "extra region",
            HouseKind::DisjointGroup => "disjoint group",
            HouseKind::Cage => {
                return write!(f, "the cage at {}", Cell::ALL[usize::from(self.index())]);
            }
        };
        write!(f, "{kind} {}", self.index() + 1)
    }
}

impl Cell {
    /// Its row, column and box.
    pub const fn houses(self) -> [House; 3] {
        CELL_HOUSES[self.index()]
    }
    /// Its row, column and box, borrowed for as long as the program runs.
    pub const fn classic_houses(self) -> &'static [House; 3] {
        &CELL_HOUSES[self.index()]
    }
    /// The 20 cells that share a house with it.
    pub const fn peers(self) -> CellSet {
        PEERS[self.index()]
    }
    pub fn sees(self, other: Cell) -> bool {
        self.peers().contains(other)
    }
}

/// Per cell: its row, column and box.
const CELL_HOUSES: [[House; 3]; Cell::COUNT] = const_table!(Cell::COUNT, [House(0); 3], |i| {
    let cell = Cell::ALL[i];
    [
        House::row(cell.row()),
        House::column(cell.col()),
        House::box_at(cell.box_index()),
    ]
});

/// The `j`th cell of `house` in reading order.
const fn house_cell(house: House, j: u8) -> Cell {
    let i = house.index();
    match house.kind() {
        HouseKind::Row => Cell::at(i, j),
        HouseKind::Column => Cell::at(j, i),
        _ => Cell::at(i / 3 * 3 + j / 3, i % 3 * 3 + j % 3),
    }
}

/// Per house: its nine cells in reading order.
const HOUSE_CELLS: [[Cell; 9]; House::COUNT] = const_table!(House::COUNT, [Cell::ALL[0]; 9], |h| {
    const_table!(9, Cell::ALL[0], |j| house_cell(House::ALL[h], j as u8))
});

/// The cells of `cells` as a set.
const fn set_of(cells: &[Cell]) -> CellSet {
    let mut set = CellSet::EMPTY;
    let mut i = 0;
    while i < cells.len() {
        set = set.with(cells[i]);
        i += 1;
    }
    set
}

const HOUSE_SETS: [CellSet; House::COUNT] =
    const_table!(House::COUNT, CellSet::EMPTY, |h| set_of(&HOUSE_CELLS[h]));

const PEERS: [CellSet; Cell::COUNT] = const_table!(Cell::COUNT, CellSet::EMPTY, |i| {
    let [row, column, boxed] = CELL_HOUSES[i];
    let seen = row.cell_set().bits() | column.cell_set().bits() | boxed.cell_set().bits();
    CellSet::from_bits(seen & !CellSet::single(Cell::ALL[i]).bits())
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Digit;

    #[test]
    fn every_cell_has_twenty_peers_and_three_houses_of_nine() {
        for cell in Cell::all() {
            assert_eq!(cell.peers().len(), 20);
            for house in cell.houses() {
                assert!(house.cell_set().contains(cell));
                assert_eq!(house.cell_set().len(), 9);
            }
        }
        assert_eq!(House::box_at(4).cells()[0], Cell::at(3, 3));
        assert_eq!(Cell::at(2, 4).to_string(), "r3c5");
        assert_eq!(House::column(4).to_string(), "column 5");
    }

    #[test]
    fn the_tables_of_all_values_are_in_index_order() {
        let in_order = |indices: &[usize]| indices.iter().enumerate().all(|(i, &at)| at == i);
        assert!(in_order(&Cell::ALL.map(Cell::index)));
        assert!(in_order(&Digit::ALL.map(Digit::index)));
        assert!(in_order(&House::ALL.map(House::id)));
        assert_eq!(Digit::ALL.map(Digit::get), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
}
