//! Variant puzzles: Killer, Sudoku X, Windoku, Jigsaw and their combinations, as the classic
//! grid plus data.
//!
//! A variant changes no rule of the game, only where the rule applies: "no digit twice" holds in
//! every *group* of cells the puzzle names (rows, columns, the nine regions, which are the boxes
//! unless the puzzle is a jigsaw, the diagonals of Sudoku X, Windoku's windows, any extra
//! region), a group of nine cells holds each digit once, and a cage holds distinct digits adding
//! up to its sum. [`Rules`] is that data; the general search ([`search`]) and the readers
//! ([`fpuzzles`]) take it, and a classic puzzle is the rules with none of it.

#[cfg(feature = "fpuzzles")]
pub mod fpuzzles;
pub mod generate;
pub mod search;

use std::fmt;
use std::sync::Arc;

use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::difficulty::Difficulty;
use crate::grid::Grid;
use crate::house::House;
pub use crate::layout::Cage;
use crate::layout::Layout;
use crate::level::Level;
use crate::logical::{solve_marks_logically, solve_marks_logically_while};
use crate::sets::CellSet;

/// Which of the two main diagonals must hold 1–9 (Sudoku X has both).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Diagonals {
    /// Top left to bottom right (f-puzzles' `diagonal-`).
    pub falling: bool,
    /// Bottom left to top right (f-puzzles' `diagonal+`).
    pub rising: bool,
}

/// The rules of a puzzle beyond its givens.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "crate::wire::RulesParts", into = "crate::wire::RulesParts")
)]
pub struct Rules {
    /// The region of each cell, 0–8, nine cells each: the boxes, or a jigsaw's pieces.
    regions: [u8; Cell::COUNT],
    pub diagonals: Diagonals,
    /// Further groups without repeats (Windoku's windows are four of them).
    extra_regions: Vec<CellSet>,
    cages: Vec<Cage>,
}

/// Why rules cannot be played.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RulesError {
    #[error("region {region} has {count} cells, need 9")]
    RegionSize { region: u8, count: u32 },
    #[error("a cage at {at} has {count} cells, need 1 to 9")]
    CageSize { at: CellName, count: u32 },
    #[error("an extra region at {at} has {count} cells, need 1 to 9")]
    ExtraRegionSize { at: CellName, count: u32 },
}

/// A group of cells with no digit twice, as a message names it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Group {
    Row(u8),
    Column(u8),
    Box(u8),
    /// A jigsaw's piece.
    Region(u8),
    FallingDiagonal,
    RisingDiagonal,
    Window(u8),
    ExtraRegion(u16),
    /// A cage, by its first cell in reading order.
    Cage(Cell),
}

/// "row 3", "region 2", "the diagonal from top left", "window 1", "the cage at r1c1" (1-based).
impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Group::Row(i) => write!(f, "row {}", i + 1),
            Group::Column(i) => write!(f, "column {}", i + 1),
            Group::Box(i) => write!(f, "box {}", i + 1),
            Group::Region(i) => write!(f, "region {}", i + 1),
            Group::FallingDiagonal => write!(f, "the diagonal from top left"),
            Group::RisingDiagonal => write!(f, "the diagonal from bottom left"),
            Group::Window(i) => write!(f, "window {}", i + 1),
            Group::ExtraRegion(i) => write!(f, "extra region {}", i + 1),
            Group::Cage(first) => write!(f, "the cage at {first}"),
        }
    }
}

/// Two equal digits in one group.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("two {digit}s in {group}: {first} and {second}")]
pub struct GroupConflict {
    pub digit: Digit,
    pub group: Group,
    pub first: Cell,
    pub second: Cell,
}

/// A cell as puzzles name it: `R1C1`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CellName(pub Cell);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R{}C{}", self.0.row() + 1, self.0.col() + 1)
    }
}

/// The variants the generator makes and the page offers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Variant {
    Classic,
    Killer,
    X,
    Windoku,
    Jigsaw,
    KillerX,
}

impl Variant {
    pub const ALL: [Variant; 6] = [
        Variant::Classic,
        Variant::Killer,
        Variant::X,
        Variant::Windoku,
        Variant::Jigsaw,
        Variant::KillerX,
    ];
    /// Its name on the page: "Sudoku X", "Killer X".
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "Classic",
            Variant::Killer => "Killer",
            Variant::X => "Sudoku X",
            Variant::Windoku => "Windoku",
            Variant::Jigsaw => "Jigsaw",
            Variant::KillerX => "Killer X",
        }
    }
}

/// The cells of Windoku's four windows: rows 2–4 and 6–8 by columns 2–4 and 6–8.
pub fn windows() -> [CellSet; 4] {
    [(1, 1), (1, 5), (5, 1), (5, 5)].map(|(top, left)| {
        (0..3)
            .flat_map(|r| (0..3).map(move |c| Cell::at(top + r, left + c)))
            .collect()
    })
}

/// The cells of a main diagonal.
fn diagonal(rising: bool) -> CellSet {
    (0..9)
        .map(|i| Cell::at(if rising { 8 - i } else { i }, i))
        .collect()
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::classic()
    }
}

impl Rules {
    /// Rows, columns and boxes, nothing more.
    pub fn classic() -> Rules {
        Rules {
            regions: Cell::ALL.map(Cell::box_index),
            diagonals: Diagonals::default(),
            extra_regions: Vec::new(),
            cages: Vec::new(),
        }
    }

    /// The rules of a variant with the regions, cages or extras it needs left empty: Killer
    /// and Jigsaw puzzles bring their own ([`Rules::with_cages`], [`Rules::with_regions`]).
    pub fn of(variant: Variant) -> Rules {
        let mut rules = Rules::classic();
        match variant {
            Variant::X | Variant::KillerX => {
                rules.diagonals = Diagonals {
                    falling: true,
                    rising: true,
                }
            }
            Variant::Windoku => rules.extra_regions = windows().to_vec(),
            Variant::Classic | Variant::Killer | Variant::Jigsaw => {}
        }
        rules
    }

    /// The same rules with these regions (each cell's region, 0–8, nine cells each), numbered
    /// again in reading order of their first cells, so that the boxes under other numbers are
    /// the boxes.
    pub fn with_regions(mut self, regions: [u8; Cell::COUNT]) -> Result<Rules, RulesError> {
        for region in 0..9 {
            let count = regions.iter().filter(|&&r| r == region).count() as u32;
            if count != 9 {
                return Err(RulesError::RegionSize {
                    region: region + 1,
                    count,
                });
            }
        }
        let mut renumbered = [u8::MAX; 9];
        let mut next = 0;
        self.regions = regions.map(|region| {
            let number = &mut renumbered[usize::from(region)];
            if *number == u8::MAX {
                *number = next;
                next += 1;
            }
            *number
        });
        Ok(self)
    }

    /// The same rules with these extra regions added.
    pub fn with_extra_regions(
        mut self,
        regions: impl IntoIterator<Item = CellSet>,
    ) -> Result<Rules, RulesError> {
        for cells in regions {
            let count = cells.len();
            if !(1..=9).contains(&count) {
                let at = CellName(cells.first().unwrap_or(Cell::at(0, 0)));
                return Err(RulesError::ExtraRegionSize { at, count });
            }
            self.extra_regions.push(cells);
        }
        Ok(self)
    }

    /// The same rules with these cages added.
    pub fn with_cages(
        mut self,
        cages: impl IntoIterator<Item = Cage>,
    ) -> Result<Rules, RulesError> {
        for cage in cages {
            let count = cage.cells.len();
            if !(1..=9).contains(&count) {
                let at = CellName(cage.cells.first().unwrap_or(Cell::at(0, 0)));
                return Err(RulesError::CageSize { at, count });
            }
            self.cages.push(cage);
        }
        Ok(self)
    }

    pub fn is_classic(&self) -> bool {
        *self == Rules::classic()
    }

    /// The region of a cell, 0–8.
    pub fn region(&self, cell: Cell) -> u8 {
        self.regions[cell.index()]
    }
    pub fn regions(&self) -> &[u8; Cell::COUNT] {
        &self.regions
    }
    /// Whether the regions are a jigsaw's rather than the boxes.
    pub fn is_jigsaw(&self) -> bool {
        self.regions != Rules::classic().regions
    }
    pub fn extra_regions(&self) -> &[CellSet] {
        &self.extra_regions
    }
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Which variant these rules are, if one the generator makes: Windoku's windows and nothing
    /// else extra, both diagonals or none, cages or none, jigsaw regions only alone.
    pub fn variant(&self) -> Option<Variant> {
        let diagonals = match self.diagonals {
            Diagonals {
                falling: false,
                rising: false,
            } => false,
            Diagonals {
                falling: true,
                rising: true,
            } => true,
            _ => return None,
        };
        let windoku = match &self.extra_regions[..] {
            [] => false,
            extra if extra.len() == 4 && windows().iter().all(|w| extra.contains(w)) => true,
            _ => return None,
        };
        let killer = !self.cages.is_empty();
        match (self.is_jigsaw(), killer, diagonals, windoku) {
            (false, false, false, false) => Some(Variant::Classic),
            (false, true, false, false) => Some(Variant::Killer),
            (false, false, true, false) => Some(Variant::X),
            (false, false, false, true) => Some(Variant::Windoku),
            (true, false, false, false) => Some(Variant::Jigsaw),
            (false, true, true, false) => Some(Variant::KillerX),
            _ => None,
        }
    }

    /// Every group of cells that holds no digit twice, cages included, with its name: a group of
    /// nine holds each digit once.
    pub fn named_groups(&self) -> Vec<(Group, CellSet)> {
        let mut groups: Vec<(Group, CellSet)> = (0..9)
            .flat_map(|i| {
                [
                    (Group::Row(i), House::row(i).cell_set()),
                    (Group::Column(i), House::column(i).cell_set()),
                ]
            })
            .collect();
        let jigsaw = self.is_jigsaw();
        groups.extend((0..9).map(|region| {
            let cells = Cell::all()
                .filter(|&cell| self.region(cell) == region)
                .collect::<CellSet>();
            let name = if jigsaw {
                Group::Region(region)
            } else {
                Group::Box(region)
            };
            (name, cells)
        }));
        for (on, rising) in [
            (self.diagonals.falling, false),
            (self.diagonals.rising, true),
        ] {
            if on {
                let name = if rising {
                    Group::RisingDiagonal
                } else {
                    Group::FallingDiagonal
                };
                groups.push((name, diagonal(rising)));
            }
        }
        let windows = windows();
        let mut extra: u16 = 0;
        for &cells in &self.extra_regions {
            let name = match windows.iter().position(|&window| window == cells) {
                Some(window) => Group::Window(window as u8),
                None => {
                    extra += 1;
                    Group::ExtraRegion(extra - 1)
                }
            };
            groups.push((name, cells));
        }
        groups.extend(
            self.cages
                .iter()
                .map(|cage| (Group::Cage(cage.first()), cage.cells)),
        );
        groups
    }

    /// The houses, smaller groups and cages of these rules, as the explaining solver reads
    /// them: extra regions of nine cells are houses, smaller ones only groups.
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
                Group::Row(_) | Group::Column(_) | Group::Cage(_) => continue,
                _ if cells.len() < 9 => continue,
                Group::Box(i) => House::box_at(i),
                Group::Region(i) => House::region(i),
                Group::FallingDiagonal => House::FALLING_DIAGONAL,
                Group::RisingDiagonal => House::RISING_DIAGONAL,
                Group::Window(i) => House::window(i),
                Group::ExtraRegion(_) if extra < House::EXTRA_REGIONS => {
                    extra += 1;
                    House::extra_region((extra - 1) as u8)
                }
                // Beyond the ids houses have, a region still forbids repeats through the peers.
                Group::ExtraRegion(_) => continue,
            };
            houses.push((house, cells));
        }
        Layout::new(&houses, self.peers(), self.cages.clone())
    }

    /// The cells of every group, as [`Rules::named_groups`] lists them.
    pub fn groups(&self) -> Vec<CellSet> {
        self.named_groups()
            .into_iter()
            .map(|(_, cells)| cells)
            .collect()
    }

    /// The first repeat of a digit in a group, among values (0 for a blank, 1–9 for a digit).
    pub fn conflict(&self, values: &[u8; Cell::COUNT]) -> Option<GroupConflict> {
        let digits = values.map(Digit::new);
        self.named_groups().into_iter().find_map(|(group, cells)| {
            cells
                .repeats(&digits)
                .first()
                .map(|&(digit, first, second)| GroupConflict {
                    digit,
                    group,
                    first,
                    second,
                })
        })
    }

    /// For each cell, the other cells that share a group with it.
    pub fn peers(&self) -> [CellSet; Cell::COUNT] {
        if self.is_classic() {
            return Cell::ALL.map(Cell::peers);
        }
        let mut peers = [CellSet::EMPTY; Cell::COUNT];
        for group in self.groups() {
            for cell in group.iter() {
                peers[cell.index()] |= group;
            }
        }
        for cell in Cell::all() {
            peers[cell.index()].remove(cell);
        }
        peers
    }
}

/// A logical solve stopped before its end, as its caller asked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stopped;

/// A variant puzzle: its givens, its rules and what its author called it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// 0 for a blank, 1–9 for a given, by cell index.
    pub givens: [u8; Cell::COUNT],
    pub rules: Rules,
    pub title: Option<String>,
    pub author: Option<String>,
}

impl Puzzle {
    /// A classic puzzle: this grid's digits as givens under the classic rules.
    pub fn classic(grid: &Grid) -> Puzzle {
        Puzzle::new(
            grid.digits().map(|d| d.map_or(0, Digit::get)),
            Rules::classic(),
        )
    }

    /// The grid of its givens.
    pub fn grid(&self) -> Grid {
        Grid::from_givens(self.givens.map(Digit::new))
    }

    /// Its level: that of the hardest technique its logical solve needs; none when logic alone
    /// does not solve it.
    pub fn level(&self) -> Option<Level> {
        self.difficulty().map(Level::of)
    }

    /// The difficulty of the hardest technique its logical solve needs; none when logic alone
    /// does not solve it.
    pub fn difficulty(&self) -> Option<Difficulty> {
        let solve = solve_marks_logically(self.marks());
        solve.is_solved().then_some(solve.difficulty)
    }

    /// [`Puzzle::difficulty`], unless `keep_going` says to stop before the solve is over (it is
    /// asked before each step): then `Err(Stopped)`.
    pub fn difficulty_while(
        &self,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Difficulty>, Stopped> {
        let mut stopped = false;
        let solve = solve_marks_logically_while(self.marks(), &mut || {
            stopped = !keep_going();
            !stopped
        });
        match stopped {
            true => Err(Stopped),
            false => Ok(solve.is_solved().then_some(solve.difficulty)),
        }
    }

    /// The pencil marks of its givens under its rules, for the explaining solver.
    pub fn marks(&self) -> Candidates {
        if self.rules.is_classic() {
            Candidates::new(&self.grid())
        } else {
            Candidates::with_layout(&self.grid(), Arc::new(self.rules.layout()))
        }
    }

    pub fn new(givens: [u8; Cell::COUNT], rules: Rules) -> Puzzle {
        Puzzle {
            givens,
            rules,
            title: None,
            author: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(cells: &[(u8, u8, u8)]) -> [u8; Cell::COUNT] {
        let mut values = [0; Cell::COUNT];
        for &(row, col, value) in cells {
            values[Cell::at(row, col).index()] = value;
        }
        values
    }

    #[test]
    fn a_repeat_is_named_by_its_group() {
        let x = Rules::of(Variant::X);
        let conflict = x.conflict(&with(&[(0, 0, 5), (4, 4, 5)])).unwrap();
        assert_eq!(
            conflict.to_string(),
            "two 5s in the diagonal from top left: r1c1 and r5c5"
        );
        let conflict = x.conflict(&with(&[(8, 0, 3), (0, 8, 3)])).unwrap();
        assert_eq!(conflict.group, Group::RisingDiagonal);
        let windoku = Rules::of(Variant::Windoku);
        let conflict = windoku.conflict(&with(&[(1, 1, 2), (3, 3, 2)])).unwrap();
        assert_eq!(conflict.to_string(), "two 2s in window 1: r2c2 and r4c4");
        let cage = Cage {
            cells: [Cell::at(0, 4), Cell::at(1, 5)].into_iter().collect(),
            sum: None,
        };
        let killer = Rules::classic().with_cages([cage]).unwrap();
        let conflict = killer.conflict(&with(&[(0, 4, 7), (1, 5, 7)])).unwrap();
        assert_eq!(conflict.to_string(), "two 7s in box 2: r1c5 and r2c6");
        let cage = Cage {
            cells: [Cell::at(2, 2), Cell::at(3, 2)].into_iter().collect(),
            sum: Some(9),
        };
        let killer = Rules::classic().with_cages([cage]).unwrap();
        let conflict = killer.conflict(&with(&[(2, 2, 7), (3, 2, 7)])).unwrap();
        assert_eq!(conflict.to_string(), "two 7s in column 3: r3c3 and r4c3");
        let mut regions = *Rules::classic().regions();
        regions.swap(2, 3);
        let jigsaw = Rules::classic().with_regions(regions).unwrap();
        let conflict = jigsaw.conflict(&with(&[(0, 3, 4), (1, 0, 4)])).unwrap();
        assert_eq!(conflict.to_string(), "two 4s in region 1: r1c4 and r2c1");
        assert_eq!(jigsaw.conflict(&with(&[(0, 2, 4), (1, 0, 4)])), None);
        let cage = Cage {
            cells: [Cell::at(0, 0), Cell::at(4, 4)].into_iter().collect(),
            sum: None,
        };
        let odd_cage = Rules::classic().with_cages([cage]).unwrap();
        let conflict = odd_cage.conflict(&with(&[(0, 0, 1), (4, 4, 1)])).unwrap();
        assert_eq!(
            conflict.to_string(),
            "two 1s in the cage at r1c1: r1c1 and r5c5"
        );
    }

    #[test]
    fn the_boxes_under_other_numbers_are_the_boxes() {
        let renumbered = Cell::ALL.map(|cell| 8 - cell.box_index());
        let rules = Rules::classic().with_regions(renumbered).unwrap();
        assert!(rules.is_classic() && !rules.is_jigsaw());
        let mut short = renumbered;
        short[0] = 0;
        assert_eq!(
            Rules::classic()
                .with_regions(short)
                .unwrap_err()
                .to_string(),
            "region 1 has 10 cells, need 9"
        );
    }
}
