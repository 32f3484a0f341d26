//! The rules as the propagation reads them: each cell's peers and houses, the cells of each
//! house, and the crossings of two houses sharing two cells or more (where a digit confined to
//! one leaves the rest of the other), a Killer's cages with their sums (where each cell keeps
//! the digits some fitting set of digits gives it), and the other constraints (thermometers,
//! arrows…), each narrowing its cells as its kind does. Made once per search from the pencil marks,
//! classic or a variant's, and shared by the net, the fast planes and their memo.

use std::sync::Arc;

use crate::candidates::Candidates;
use crate::cell::Cell;
use crate::house::House;
use crate::layout::Layout;
use crate::sets::CellSet;
use crate::techniques::narrowed;
use crate::variant::Constraint;
use crate::variant::rules::{Dead, Marks};

pub(crate) struct Geometry {
    /// Which rules these are: a memo made under other rules is not reused.
    layout: Option<Arc<Layout>>,
    peers: [CellSet; Cell::COUNT],
    cells: Vec<CellSet>,
    houses: Vec<House>,
    /// Each cell's houses with their cells, cell after cell: those of cell `i` start at
    /// `starts[i]` and end at `starts[i + 1]`.
    houses_of: Vec<(House, CellSet)>,
    starts: [u16; Cell::COUNT + 1],
    crossings: Vec<Crossing>,
    /// The cages with a sum: their cells in reading order and the sum.
    cages: Vec<SumCage>,
    /// The index of each of `cages` among the layout's constraints: the rule a step names.
    cage_index: Vec<Option<u16>>,
    /// Per cell, its cage among `cages` (the first, where cages overlap), or `NO_CAGE`.
    cage_of: [u16; Cell::COUNT],
    /// The constraints other than cages (whose sums the net fits exactly, as the Killer
    /// techniques do) that have cells.
    constraints: Vec<Constraint>,
    /// The index of each of `constraints` among the layout's: what their remembered narrowing
    /// is kept by.
    layout_index: Vec<u16>,
    /// The cells of each of `constraints`, which the net reads at every turn.
    constraint_cells: Vec<CellSet>,
    /// The constraints of each cell, by index among `constraints`, cell after cell: those of
    /// cell `i` start at `constraint_starts[i]`.
    constraints_of: Vec<u16>,
    constraint_starts: [u16; Cell::COUNT + 1],
}

const NO_CAGE: u16 = u16::MAX;

/// A cage with a sum: its cells in reading order and the sum.
type SumCage = (Vec<Cell>, u8);

/// Two houses sharing two cells or more, as the propagation reads them at every turn: a digit
/// whose places in one lie all in `both` leaves the other's own cells.
#[derive(Clone, Copy)]
pub(crate) struct Crossing {
    pub both: CellSet,
    pub first_only: CellSet,
    pub second_only: CellSet,
}

impl Geometry {
    pub fn of(marks: &Candidates) -> Arc<Geometry> {
        let houses = marks.houses().to_vec();
        let size = houses.iter().map(|h| h.id() + 1).max().unwrap_or(0);
        let mut cells = vec![CellSet::EMPTY; size];
        for &house in &houses {
            cells[house.id()] = marks.cells_of(house);
        }
        let mut houses_of = Vec::new();
        let mut starts = [0; Cell::COUNT + 1];
        for cell in Cell::all() {
            houses_of.extend(marks.houses_of(cell).iter().map(|&h| (h, cells[h.id()])));
            starts[cell.index() + 1] = houses_of.len() as u16;
        }
        let mut crossings = Vec::new();
        for (i, &a) in houses.iter().enumerate() {
            for &b in &houses[i + 1..] {
                let (first, second) = (cells[a.id()], cells[b.id()]);
                if (first & second).has_several() {
                    crossings.push(Crossing {
                        both: first & second,
                        first_only: first - second,
                        second_only: second - first,
                    });
                }
            }
        }
        let (cages, cage_index): (Vec<SumCage>, Vec<Option<u16>>) = marks
            .cages()
            .iter()
            .filter_map(|cage| {
                let index = marks.cage_rule(cage).map(|index| index as u16);
                Some(((cage.cells.iter().collect(), cage.sum?), index))
            })
            .unzip();
        let mut cage_of = [NO_CAGE; Cell::COUNT];
        for (i, (cells, _)) in cages.iter().enumerate().rev() {
            for cell in cells {
                cage_of[cell.index()] = i as u16;
            }
        }
        let (layout_index, constraints): (Vec<u16>, Vec<Constraint>) = marks
            .layout()
            .map(|layout| layout.constraints())
            .unwrap_or_default()
            .iter()
            .enumerate()
            .filter(|(_, c)| !matches!(c, Constraint::Cage(_)) && !c.rule().cells().is_empty())
            .map(|(index, c)| (index as u16, c.clone()))
            .unzip();
        let constraint_cells: Vec<CellSet> = constraints.iter().map(|c| c.rule().cells()).collect();
        let mut constraints_of = Vec::new();
        let mut constraint_starts = [0; Cell::COUNT + 1];
        for cell in Cell::all() {
            let holding = constraint_cells.iter().enumerate();
            constraints_of.extend(
                holding
                    .filter(|(_, cells)| cells.contains(cell))
                    .map(|(i, _)| i as u16),
            );
            constraint_starts[cell.index() + 1] = constraints_of.len() as u16;
        }
        Arc::new(Geometry {
            layout: marks.shared_layout().cloned(),
            peers: Cell::ALL.map(|cell| marks.peers(cell)),
            cells,
            houses,
            houses_of,
            starts,
            crossings,
            cages,
            cage_index,
            cage_of,
            constraints,
            layout_index,
            constraint_cells,
            constraints_of,
            constraint_starts,
        })
    }

    /// Whether both are the same rules.
    pub fn same_rules(&self, other: &Geometry) -> bool {
        self.layout == other.layout
    }

    pub fn peers(&self, cell: Cell) -> CellSet {
        self.peers[cell.index()]
    }
    pub fn cells_of(&self, house: House) -> CellSet {
        self.cells[house.id()]
    }
    pub fn houses(&self) -> &[House] {
        &self.houses
    }
    /// The houses of a cell, each with its cells.
    pub fn houses_of(&self, cell: Cell) -> &[(House, CellSet)] {
        let i = cell.index();
        &self.houses_of[usize::from(self.starts[i])..usize::from(self.starts[i + 1])]
    }
    /// The cages with a sum, each as its cells and sum.
    pub fn cages(&self) -> &[SumCage] {
        &self.cages
    }
    /// The index among the layout's constraints (the puzzle's rules) of the `cage`th of
    /// [`Geometry::cages`].
    pub fn cage_rule(&self, cage: u16) -> Option<u16> {
        self.cage_index[usize::from(cage)]
    }
    /// The index among the layout's constraints of the `constraint`th of
    /// [`Geometry::constraints`].
    pub fn constraint_rule(&self, constraint: u16) -> u16 {
        self.layout_index[usize::from(constraint)]
    }
    /// The cells of each of [`Geometry::constraints`].
    pub fn constraint_cells(&self) -> &[CellSet] {
        &self.constraint_cells
    }
    /// The index among [`Geometry::cages`] of the cage holding `cell`, if any.
    pub fn cage_of(&self, cell: Cell) -> Option<usize> {
        let index = self.cage_of[cell.index()];
        (index != NO_CAGE).then_some(usize::from(index))
    }
    /// The constraints other than cages.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }
    /// Narrows the marks of the cells of the `constraint`th of [`Geometry::constraints`] as
    /// its rule does, remembered for a rule that narrows slowly (see `narrowed`).
    pub fn narrow(&self, constraint: usize, marks: &mut Marks) -> Result<bool, Dead> {
        // The constraints come from the layout: without one there is none to narrow.
        self.layout.as_ref().map_or(Ok(false), |layout| {
            narrowed::narrow_under(layout, self.layout_index[constraint].into(), marks)
        })
    }

    /// The indices among [`Geometry::constraints`] of those holding `cell`.
    pub fn constraints_of(&self, cell: Cell) -> &[u16] {
        let i = cell.index();
        &self.constraints_of
            [usize::from(self.constraint_starts[i])..usize::from(self.constraint_starts[i + 1])]
    }
    /// Every two houses sharing two cells or more: a box and a line, and a variant's others.
    pub fn crossings(&self) -> &[Crossing] {
        &self.crossings
    }
}
