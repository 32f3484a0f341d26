//! Pencil marks: the digits still possible in every empty cell.
//!
//! Layout: `cells[i]` is the candidate set of cell `i` (empty once the cell is filled) and
//! `places[d]` the set of cells where digit `d + 1` is still a candidate. Both views always
//! describe the same marks; techniques read whichever is cheaper (a cell's digits, or a digit's
//! cells as one 81-bit board). Placing a digit removes it from its peers: each cell observes
//! its peers through this one operation.
//!
//! The marks of a variant puzzle carry its [`Layout`](crate::layout::Layout); techniques read houses, peers and cages
//! through the marks ([`Candidates::houses`], [`Candidates::peers`] …), which answer from the
//! classic grid's tables when there is none.

use std::sync::Arc;

use crate::cell::{Candidate, Cell, Digit};
use crate::grid::Grid;
use crate::house::House;
use crate::layout::Layout;
use crate::sets::{CellSet, DigitSet};
use crate::variant::Cage;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Candidates {
    grid: Grid,
    cells: [DigitSet; Cell::COUNT],
    places: [CellSet; Digit::COUNT],
    /// A variant's houses and cages; none for the classic grid.
    layout: Option<Arc<Layout>>,
}

impl Candidates {
    /// The candidates of a grid: in every empty cell, the digits none of its peers holds.
    pub fn new(grid: &Grid) -> Candidates {
        Candidates::build(grid, None)
    }

    /// The candidates of a grid under a variant's layout.
    pub fn with_layout(grid: &Grid, layout: Arc<Layout>) -> Candidates {
        Candidates::build(grid, Some(layout))
    }

    fn build(grid: &Grid, layout: Option<Arc<Layout>>) -> Candidates {
        let mut candidates = Candidates {
            grid: grid.clone(),
            cells: [DigitSet::EMPTY; Cell::COUNT],
            places: [CellSet::EMPTY; Digit::COUNT],
            layout,
        };
        for cell in Cell::all().filter(|c| grid.get(*c).is_none()) {
            let peers = candidates.peers(cell);
            let taken: DigitSet = peers.iter().filter_map(|p| grid.get(p)).collect();
            let digits = DigitSet::ALL - taken;
            candidates.cells[cell.index()] = digits;
            for digit in digits.iter() {
                candidates.places[digit.index()].insert(cell);
            }
        }
        candidates
    }

    /// The variant's layout; none for the classic grid.
    pub fn layout(&self) -> Option<&Layout> {
        self.layout.as_deref()
    }

    /// The variant's layout, shared.
    pub(crate) fn shared_layout(&self) -> Option<&Arc<Layout>> {
        self.layout.as_ref()
    }

    /// Whether no rule beyond rows, columns and boxes applies.
    pub fn is_classic(&self) -> bool {
        self.layout.is_none()
    }

    /// Whether the boxes are houses (the grid is not a jigsaw).
    pub fn has_boxes(&self) -> bool {
        self.layout.as_deref().is_none_or(Layout::has_boxes)
    }

    /// The houses in play: rows, columns, then the boxes or regions and any others.
    pub fn houses(&self) -> &[House] {
        match &self.layout {
            None => &House::ALL,
            Some(layout) => layout.houses(),
        }
    }

    /// The cells of a house.
    pub fn cells_of(&self, house: House) -> CellSet {
        match &self.layout {
            None => house.cell_set(),
            Some(layout) => layout.cells_of(house),
        }
    }

    /// The houses of a cell.
    pub fn houses_of(&self, cell: Cell) -> &[House] {
        match &self.layout {
            None => cell.classic_houses(),
            Some(layout) => layout.houses_of(cell),
        }
    }

    /// The cells that may not hold the digit of `cell`: those sharing a house, group or cage.
    pub fn peers(&self, cell: Cell) -> CellSet {
        match &self.layout {
            None => cell.peers(),
            Some(layout) => layout.peers(cell),
        }
    }

    /// Whether two cells may not hold the same digit.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.peers(a).contains(b)
    }

    /// The cells that see every cell of `cells` (all cells when `cells` is empty).
    pub fn seen_by_all(&self, cells: CellSet) -> CellSet {
        cells
            .iter()
            .fold(CellSet::ALL, |acc, cell| acc & self.peers(cell))
    }

    /// The cages of a Killer puzzle.
    pub fn cages(&self) -> &[Cage] {
        match &self.layout {
            None => &[],
            Some(layout) => layout.cages(),
        }
    }

    /// The place of `cage`, one of [`Candidates::cages`], among the rules' constraints.
    pub fn cage_rule(&self, cage: &Cage) -> Option<usize> {
        self.layout.as_ref()?.cage_rule(cage)
    }

    /// The grid of digits behind the marks.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The candidates of a cell; empty for a filled cell.
    pub fn get(&self, cell: Cell) -> DigitSet {
        self.cells[cell.index()]
    }

    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.places[digit.index()].contains(cell)
    }

    /// The cells where `digit` is still a candidate.
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        self.places[digit.index()]
    }

    /// The cells where at least one digit of `digits` is still a candidate.
    pub fn cells_with_any(&self, digits: DigitSet) -> CellSet {
        digits
            .iter()
            .fold(CellSet::EMPTY, |acc, d| acc | self.places[d.index()])
    }

    /// The cells of `house` where `digit` is still a candidate.
    pub fn places_in(&self, digit: Digit, house: House) -> CellSet {
        self.places[digit.index()] & self.cells_of(house)
    }

    /// The cells with no digit yet.
    pub fn empty_cells(&self) -> CellSet {
        CellSet::ALL - self.grid.filled()
    }

    /// The empty cells with exactly two candidates.
    pub fn bivalue_cells(&self) -> CellSet {
        self.empty_cells()
            .iter()
            .filter(|c| self.cells[c.index()].len() == 2)
            .collect()
    }

    /// Every cell filled.
    pub fn is_complete(&self) -> bool {
        self.grid.filled_count() == Cell::COUNT
    }

    /// Whether the marks show the grid cannot be completed: an empty cell without candidates, or
    /// a house where a digit it lacks has no place left.
    pub fn is_broken(&self) -> bool {
        let empty = self.empty_cells();
        if empty.iter().any(|c| self.cells[c.index()].is_empty()) {
            return true;
        }
        self.houses().iter().any(|&house| {
            let present: DigitSet = self
                .cells_of(house)
                .iter()
                .filter_map(|c| self.grid.get(c))
                .collect();
            (DigitSet::ALL - present)
                .iter()
                .any(|d| self.places_in(d, house).is_empty())
        })
    }

    /// Fills `cell` with `digit` and removes `digit` from the candidates of its peers.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        if !self.grid.set_entry(cell, Some(digit)) {
            return;
        }
        for d in self.cells[cell.index()].iter() {
            self.places[d.index()].remove(cell);
        }
        self.cells[cell.index()] = DigitSet::EMPTY;
        let peers = self.places[digit.index()] & self.peers(cell);
        for peer in peers.iter() {
            self.cells[peer.index()].remove(digit);
        }
        self.places[digit.index()] = self.places[digit.index()] - peers;
    }

    /// Removes one candidate; returns whether it was there.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        let present = self.has(cell, digit);
        self.cells[cell.index()].remove(digit);
        self.places[digit.index()].remove(cell);
        present
    }

    /// Every live candidate, cell by cell.
    pub fn iter(&self) -> impl Iterator<Item = Candidate> + '_ {
        Cell::all()
            .flat_map(move |cell| self.get(cell).iter().map(move |d| Candidate::new(cell, d)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_a_digit_removes_it_from_the_peers_only() {
        let grid = Grid::parse_line(&format!("1{}", ".".repeat(80))).unwrap();
        let mut marks = Candidates::new(&grid);
        let two = Digit::new(2).unwrap();
        let one = Digit::new(1).unwrap();
        assert!(!marks.has(Cell::at(0, 5), one));
        assert!(marks.has(Cell::at(4, 5), one));
        marks.place(Cell::at(4, 5), two);
        assert!(marks.get(Cell::at(4, 5)).is_empty());
        assert!(!marks.has(Cell::at(4, 0), two) && !marks.has(Cell::at(0, 5), two));
        assert!(!marks.has(Cell::at(3, 4), two));
        assert!(marks.has(Cell::at(3, 0), two));
        assert_eq!(marks.cells_with(two).len(), 81 - 2 - 20);
        assert!(!marks.is_broken());
    }
}
