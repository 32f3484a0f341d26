//! The layout of a variant puzzle: which houses it has, the cells of each, each cell's peers and
//! its constraints. The explaining solver reads houses and peers through the pencil marks
//! ([`Candidates`](crate::Candidates)), which carry a layout for a variant and read the classic
//! grid's compile-time tables otherwise, so the classic game pays nothing for variants.
//!
//! Layout: `houses` lists the houses in play (rows and columns first); `cells[id]` holds the
//! cells of the house with that id (empty for ids not in play); `houses_of[cell]` the houses of
//! a cell; `peers[cell]` every cell sharing a house, a smaller group or a cage with it;
//! `constraints` the rules' constraints, which the explaining solver's rule techniques read
//! (`cages` lists the Killer cages among them, which the sum techniques read).

use crate::cell::Cell;
use crate::house::House;
use crate::sets::CellSet;
use crate::variant::{Cage, Constraint};

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Layout {
    houses: Vec<House>,
    cells: Vec<CellSet>,
    houses_of: Vec<Vec<House>>,
    peers: [CellSet; Cell::COUNT],
    constraints: Vec<Constraint>,
    cages: Vec<Cage>,
}

impl Layout {
    /// A layout of these houses (each nine cells holding each digit once) and each cell's peers
    /// (every cell sharing a house, a smaller group or a cage with it) and the constraints.
    pub(crate) fn new(
        houses: &[(House, CellSet)],
        peers: [CellSet; Cell::COUNT],
        constraints: &[Constraint],
    ) -> Layout {
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
            constraints: constraints.to_vec(),
            cages: constraints
                .iter()
                .filter_map(|constraint| match constraint {
                    Constraint::Cage(cage) => Some(cage.clone()),
                    _ => None,
                })
                .collect(),
        }
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
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }
    /// Whether the boxes are houses (the grid is not a jigsaw).
    pub fn has_boxes(&self) -> bool {
        self.houses.contains(&House::box_at(0))
    }
}
