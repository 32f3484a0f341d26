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
use crate::variant::{Cage, Constraint, Group, Rules};

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
    /// The place of `cage`, one of [`Layout::cages`], among the constraints.
    pub fn cage_rule(&self, cage: &Cage) -> Option<usize> {
        (self.constraints.iter()).position(|c| matches!(c, Constraint::Cage(c) if c == cage))
    }
    /// Whether the boxes are houses (the grid is not a jigsaw).
    pub fn has_boxes(&self) -> bool {
        self.houses.contains(&House::box_at(0))
    }
}

/// The rules as the explaining solver reads them (here rather than beside the rules, which the
/// explaining solver's layers stand above).
impl Rules {
    /// The houses, smaller groups and cages of these rules, as the explaining solver reads
    /// them: extra regions and cages of nine cells are houses (a cage of nine with no digit
    /// twice holds each once), smaller ones only groups.
    pub fn layout(&self) -> Layout {
        let mut houses: Vec<(House, CellSet)> = (0..9)
            .flat_map(|i| {
                [
                    (House::row(i), House::row(i).cell_set()),
                    (House::column(i), House::column(i).cell_set()),
                ]
            })
            .collect();
        let mut extra = 0;
        for (group, cells) in self.named_groups() {
            let house = match group {
                // Smaller groups and cages only forbid repeats: the peers hold them.
                Group::Row(_) | Group::Column(_) => continue,
                _ if cells.len() < 9 => continue,
                // One that is already a house (a box drawn as a cage), or shares its first cell
                // with a cage that is, adds nothing.
                Group::Cage(first) => {
                    let house = House::cage_at(first);
                    if (houses.iter()).any(|&(other, within)| other == house || within == cells) {
                        continue;
                    }
                    house
                }
                Group::Box(i) => House::box_at(i),
                Group::Region(i) => House::region(i),
                Group::FallingDiagonal => House::FALLING_DIAGONAL,
                Group::RisingDiagonal => House::RISING_DIAGONAL,
                Group::Window(i) => House::window(i),
                Group::Disjoint(i) => House::disjoint_group(i),
                Group::ExtraRegion(_) if extra < House::EXTRA_REGIONS => {
                    extra += 1;
                    House::extra_region((extra - 1) as u8)
                }
                // Beyond the ids houses have, a region still forbids repeats through the peers.
                Group::ExtraRegion(_) => continue,
            };
            houses.push((house, cells));
        }
        Layout::new(&houses, self.peers(), self.constraints())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Cage, Rules};

    #[test]
    fn a_cage_of_nine_cells_is_a_house_unless_one_already_has_its_cells() {
        // An L of nine cells, r2c1 to r9c1 and r9c2, and box 5 drawn as a cage.
        let l_shape: CellSet = (1..9)
            .map(|row| Cell::at(row, 0))
            .chain([Cell::at(8, 1)])
            .collect();
        let cage = |cells| Cage { cells, sum: None };
        let rules = Rules::classic()
            .with([cage(l_shape), cage(House::box_at(4).cell_set())])
            .unwrap();
        let layout = rules.layout();
        let house = House::cage_at(Cell::at(1, 0));
        assert_eq!(layout.houses().len(), 28);
        assert!(layout.houses().contains(&house));
        assert_eq!(layout.cells_of(house), l_shape);
        assert_eq!(house.to_string(), "the cage at r2c1");
        // A smaller cage is no house.
        let small = Rules::classic()
            .with([cage((0..8).map(|row| Cell::at(row, 0)).collect())])
            .unwrap();
        assert_eq!(small.layout().houses().len(), 27);
    }
}
