//! Cells, digits, houses and the grid of digits.
//!
//! Houses are data: `House::cells` and `Cell::peers` read tables computed once at compile time,
//! so nothing else in the crate needs to know how rows, columns and boxes are laid out.

use std::fmt;

use super::sets::CellSet;

/// Every value of a `u8` newtype from `first` on, `$count` of them, as a const table.
macro_rules! all_values {
    ($newtype:ident, $count:expr, $first:expr) => {{
        let mut all = [$newtype($first); $count];
        let mut i = 0;
        while i < $count {
            all[i] = $newtype($first + i as u8);
            i += 1;
        }
        all
    }};
}

/// One of the 81 cells, by index 0..81 in row-major order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(u8);

impl Cell {
    pub const fn new(index: u8) -> Option<Cell> {
        if index < 81 { Some(Cell(index)) } else { None }
    }
    /// The cell at a 0-based row and column; both must be below 9.
    pub const fn at(row: u8, col: u8) -> Cell {
        assert!(row < 9 && col < 9);
        Cell(row * 9 + col)
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// 0-based row.
    pub const fn row(self) -> u8 {
        self.0 / 9
    }
    /// 0-based column.
    pub const fn col(self) -> u8 {
        self.0 % 9
    }
    /// 0-based box, numbered left to right, top to bottom.
    pub const fn box_index(self) -> u8 {
        self.row() / 3 * 3 + self.col() / 3
    }
    /// Every cell, by index.
    pub const ALL: [Cell; 81] = all_values!(Cell, 81, 0);
    pub fn all() -> impl Iterator<Item = Cell> {
        Cell::ALL.into_iter()
    }
    /// Its row, column and box.
    pub const fn houses(self) -> [House; 3] {
        [
            House(self.row()),
            House(9 + self.col()),
            House(18 + self.box_index()),
        ]
    }
    /// The 20 cells that share a house with it.
    pub const fn peers(self) -> CellSet {
        PEERS[self.index()]
    }
    pub fn sees(self, other: Cell) -> bool {
        self.peers().contains(other)
    }
}

/// Standard notation, 1-based: `r3c5` is row 3, column 5.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A digit 1–9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Digit(u8);

impl Digit {
    pub const fn new(value: u8) -> Option<Digit> {
        if value >= 1 && value <= 9 {
            Some(Digit(value))
        } else {
            None
        }
    }
    pub const fn get(self) -> u8 {
        self.0
    }
    /// 0-based, for indexing per-digit tables.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }
    /// The nine digits, by index.
    pub const ALL: [Digit; 9] = all_values!(Digit, 9, 1);
    pub fn all() -> impl Iterator<Item = Digit> {
        Digit::ALL.into_iter()
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HouseKind {
    Row,
    Column,
    Box,
}

/// One of the 27 houses: rows are 0..9, columns 9..18, boxes 18..27.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
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
    /// The 27 houses, by id: rows, then columns, then boxes.
    pub const ALL: [House; 27] = all_values!(House, 27, 0);
    pub fn all() -> impl Iterator<Item = House> {
        House::ALL.into_iter()
    }
    pub const fn kind(self) -> HouseKind {
        match self.0 / 9 {
            0 => HouseKind::Row,
            1 => HouseKind::Column,
            _ => HouseKind::Box,
        }
    }
    /// 0-based index among the houses of its kind.
    pub const fn index(self) -> u8 {
        self.0 % 9
    }
    /// 0..27 over all houses.
    pub const fn id(self) -> usize {
        self.0 as usize
    }
    /// Its nine cells in reading order.
    pub const fn cells(self) -> &'static [Cell; 9] {
        &HOUSE_CELLS[self.0 as usize]
    }
    pub const fn cell_set(self) -> CellSet {
        HOUSE_SETS[self.0 as usize]
    }
}

/// "row 3", "column 5", "box 2" (1-based).
impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind() {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
        };
        write!(f, "{kind} {}", self.index() + 1)
    }
}

const HOUSE_CELLS: [[Cell; 9]; 27] = {
    let mut table = [[Cell(0); 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            table[i][j] = Cell::at(i as u8, j as u8);
            table[9 + i][j] = Cell::at(j as u8, i as u8);
            table[18 + i][j] = Cell::at((i / 3 * 3 + j / 3) as u8, (i % 3 * 3 + j % 3) as u8);
            j += 1;
        }
        i += 1;
    }
    table
};

const HOUSE_SETS: [CellSet; 27] = {
    let mut table = [CellSet::EMPTY; 27];
    let mut h = 0;
    while h < 27 {
        let mut j = 0;
        while j < 9 {
            table[h] = table[h].with(HOUSE_CELLS[h][j]);
            j += 1;
        }
        h += 1;
    }
    table
};

const PEERS: [CellSet; 81] = {
    let mut table = [CellSet::EMPTY; 81];
    let mut i = 0;
    while i < 81 {
        let cell = Cell(i as u8);
        let houses = cell.houses();
        let mut bits = 0;
        let mut k = 0;
        while k < 3 {
            bits |= HOUSE_SETS[houses[k].0 as usize].bits();
            k += 1;
        }
        table[i] = CellSet::from_bits(bits & !(1 << i));
        i += 1;
    }
    table
};

/// Two equal digits in one house.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Conflict {
    pub digit: Digit,
    pub house: House,
    pub first: Cell,
    pub second: Cell,
}

/// "two 5s in row 3: r3c2 and r3c8"
impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "two {}s in {}: {} and {}",
            self.digit, self.house, self.first, self.second
        )
    }
}

/// The 81 cells with their digits; each filled cell is either a given (part of the puzzle) or an
/// entry (placed while solving).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    digits: [Option<Digit>; 81],
    givens: CellSet,
}

impl Default for Grid {
    fn default() -> Self {
        Grid::empty()
    }
}

impl Grid {
    pub const fn empty() -> Grid {
        Grid {
            digits: [None; 81],
            givens: CellSet::EMPTY,
        }
    }

    /// A puzzle whose filled cells are all givens.
    pub fn from_givens(digits: [Option<Digit>; 81]) -> Grid {
        let givens = Cell::all()
            .filter(|c| digits[c.index()].is_some())
            .collect();
        Grid { digits, givens }
    }

    /// The same digits, all of them givens: the grid as a new puzzle.
    pub fn as_puzzle(&self) -> Grid {
        Grid::from_givens(self.digits)
    }

    /// Only the givens: the puzzle as it started.
    pub fn givens_only(&self) -> Grid {
        let mut digits = [None; 81];
        self.givens
            .iter()
            .for_each(|c| digits[c.index()] = self.digits[c.index()]);
        Grid {
            digits,
            givens: self.givens,
        }
    }

    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.digits[cell.index()]
    }

    pub fn digits(&self) -> &[Option<Digit>; 81] {
        &self.digits
    }

    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens.contains(cell)
    }

    pub fn givens(&self) -> CellSet {
        self.givens
    }

    /// Sets or clears an entry. Givens never change: returns false and leaves the grid as it was.
    pub fn set_entry(&mut self, cell: Cell, digit: Option<Digit>) -> bool {
        if self.is_given(cell) {
            return false;
        }
        self.digits[cell.index()] = digit;
        true
    }

    pub fn filled(&self) -> CellSet {
        Cell::all().filter(|c| self.get(*c).is_some()).collect()
    }

    pub fn filled_count(&self) -> usize {
        self.digits.iter().flatten().count()
    }

    /// Every pair of equal digits sharing a house, each pair once per house, in house order.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut conflicts = Vec::new();
        for house in House::all() {
            let cells = house.cells();
            for (i, &first) in cells.iter().enumerate() {
                let Some(digit) = self.get(first) else {
                    continue;
                };
                for &second in &cells[i + 1..] {
                    if self.get(second) == Some(digit) {
                        conflicts.push(Conflict {
                            digit,
                            house,
                            first,
                            second,
                        });
                    }
                }
            }
        }
        conflicts
    }

    /// True when every cell is filled and no house repeats a digit.
    pub fn is_solved(&self) -> bool {
        self.filled_count() == 81 && self.conflicts().is_empty()
    }

    /// Whether `digit` may go in `cell`: no equal digit among its peers (givens and entries).
    pub fn is_legal(&self, cell: Cell, digit: Digit) -> bool {
        cell.peers()
            .iter()
            .all(|peer| self.get(peer) != Some(digit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
