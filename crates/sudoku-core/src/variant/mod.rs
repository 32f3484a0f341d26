//! Variant puzzles: puzzles whose rules go beyond the classic ones (Killer, Sudoku X, Windoku,
//! Jigsaw, thermometers, arrows, kropki dots and the other rules of [`rules`]), as the classic
//! grid plus data.
//!
//! One word per concept, from the engine to the page:
//!
//! - **rules** ([`Rules`]): all that a puzzle asks beyond its givens, its regions and its
//!   constraints; the classic rules are the boxes and no constraint. The page holds them as
//!   `PageRules`, plain data the worker works out from these.
//! - **constraint** ([`Constraint`]): one rule placed on the grid (a diagonal, a cage, a
//!   thermometer, a dot, anti-knight…); each kind is a file in [`rules`], implementing one trait
//!   for every layer.
//! - **region**: each of the nine pieces of nine cells, the boxes or a jigsaw's pieces; a jigsaw
//!   is rules whose regions are not the boxes.
//! - **group**: cells that hold no digit twice, named for messages ([`Group`]): rows, columns,
//!   regions and the groups of the constraints.
//! - **house**: a group of nine cells as the explaining solver names it ([`House`]).
//! - **variant** ([`Variant`]): a named kind of puzzle, offered by the page's menu, the generator
//!   and the command line: Classic, Killer, Sudoku X, Windoku, Jigsaw, Killer X, Thermo, Arrow,
//!   Kropki, XV, Little Killer, Anti-Knight (the page offers the first six so far).
//! - **layout** ([`Layout`](crate::layout::Layout)): the rules as the explaining solver reads them.
//!
//! "No digit twice" holds in every group, a group of nine cells holds each digit once, and a cage
//! holds distinct digits adding up to its sum. The general search ([`search`]) and the readers
//! ([`fpuzzles`]) take the rules; a classic puzzle is the rules with no constraint.

#[cfg(feature = "fpuzzles")]
pub mod fpuzzles;
pub mod generate;
pub mod rules;
pub mod search;

use std::fmt;

use crate::cell::{Cell, Digit};
use crate::grid::Grid;
use crate::house::House;
use crate::sets::CellSet;
pub use rules::lowered::Check;
pub use rules::{
    Arrow, BetweenLine, Cage, Chess, Cloned, Colour, Constraint, Diagonal, Direction,
    DisjointGroups, Dot, ExtraRegion, Extreme, Extremum, GivenCandidates, Kept, Kind, Letter,
    LittleKiller, Negated, Negative, Nonconsecutive, Outside, Palindrome, Parity, Quadruple,
    RegionSumLine, Renban, Sandwich, Thermometer, Whispers, Xv, windows,
};

/// The rules of a puzzle beyond its givens: its regions and its constraints, kept in the order of
/// their kinds (see [`Kind`]) and, within a kind, in the order they came.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "crate::wire::RulesForm", into = "crate::wire::RulesForm")
)]
pub struct Rules {
    /// The region of each cell, 0–8, nine cells each: the boxes, or a jigsaw's pieces.
    regions: [u8; Cell::COUNT],
    constraints: Vec<Constraint>,
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
    /// A line of a constraint (`kind`, by its f-puzzles key) that is too short, too long,
    /// crosses itself or jumps between cells that do not touch.
    #[error("the {kind} at {at} is not a line of 2 to 9 touching cells")]
    Line { kind: &'static str, at: CellName },
    /// A line along which digits may repeat (a palindrome, whispers, a region sum line), so as
    /// long as the board allows, that is too short, crosses itself or jumps between cells that
    /// do not touch.
    #[error("the {kind} at {at} is not a line of 2 or more touching cells, each cell once")]
    Path { kind: &'static str, at: CellName },
    #[error("the arrow at {at} has a circle of {count} cells, need 1 to 3")]
    Circle { at: CellName, count: usize },
    /// A clue outside the grid (`kind` by its f-puzzles key) that points at no cell.
    #[error("the {kind} at {at} is not beside the grid, facing its cells")]
    Clue { kind: &'static str, at: Outside },
    /// A mark between cells (`kind`, by its f-puzzles key: `difference`, `xv`) that is not
    /// between two cells side by side.
    #[error("the {kind} at {at} is not between two cells side by side")]
    Pair { kind: &'static str, at: CellName },
    /// A dot whose value no two digits meet: a difference of 0, a ratio of 1.
    #[error("the {kind} at {at} has the value {value}, which no two digits meet")]
    MarkValue {
        kind: &'static str,
        value: u8,
        at: CellName,
    },
    #[error(
        "the quadruple at {at} needs four cells around a corner and one to four digits from 1 to 9"
    )]
    Quadruple { at: CellName },
    #[error("the clone at {at} needs as many cloned cells as cells, one at least, none twice")]
    Clone { at: CellName },
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
    /// The cells in one place of each box (0–8, in reading order within a box).
    Disjoint(u8),
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
            Group::Disjoint(i) => write!(f, "disjoint group {}", i + 1),
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

/// What a grid breaks of its rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Violation {
    #[error("{0}")]
    Repeat(GroupConflict),
    /// A cage, by its first cell, whose digits cannot add up to its sum.
    #[error("the digits of the cage at {cage} cannot add up to {sum}")]
    Sum { cage: Cell, sum: u8 },
    /// A constraint broken otherwise, by its first cell and its rule in a few words
    /// ([`Constraint::broken_rule`]): "r2c3: digits increase along a thermometer from its bulb".
    #[error("{at}: {rule}")]
    Broken { rule: &'static str, at: Cell },
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
    Thermo,
    Arrow,
    Kropki,
    Xv,
    LittleKiller,
    AntiKnight,
}

impl Variant {
    pub const ALL: [Variant; 12] = [
        Variant::Classic,
        Variant::Killer,
        Variant::X,
        Variant::Windoku,
        Variant::Jigsaw,
        Variant::KillerX,
        Variant::Thermo,
        Variant::Arrow,
        Variant::Kropki,
        Variant::Xv,
        Variant::LittleKiller,
        Variant::AntiKnight,
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
            Variant::Thermo => "Thermo",
            Variant::Arrow => "Arrow",
            Variant::Kropki => "Kropki",
            Variant::Xv => "XV",
            Variant::LittleKiller => "Little Killer",
            Variant::AntiKnight => "Anti-Knight",
        }
    }
    /// Its name on the command line: "x", "killer-x".
    pub const fn key(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Killer => "killer",
            Variant::X => "x",
            Variant::Windoku => "windoku",
            Variant::Jigsaw => "jigsaw",
            Variant::KillerX => "killer-x",
            Variant::Thermo => "thermo",
            Variant::Arrow => "arrow",
            Variant::Kropki => "kropki",
            Variant::Xv => "xv",
            Variant::LittleKiller => "little-killer",
            Variant::AntiKnight => "anti-knight",
        }
    }
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
            constraints: Vec::new(),
        }
    }

    /// The rules of a variant with the regions, cages or marks it needs left out: Killer,
    /// Jigsaw and the marks' puzzles bring their own ([`Rules::with`], [`Rules::with_regions`]).
    /// Kropki and XV puzzles give every mark: no dot, no consecutive digits nor a ratio of 2;
    /// no X or V, no sum of 10 or 5.
    pub fn of(variant: Variant) -> Rules {
        let constraints = match variant {
            Variant::X | Variant::KillerX => Diagonal::BOTH.map(Constraint::from).to_vec(),
            Variant::Windoku => windows()
                .map(|cells| Constraint::from(ExtraRegion { cells }))
                .to_vec(),
            Variant::Kropki => vec![
                Nonconsecutive::new().into(),
                Negative::new(Negated::Ratio).into(),
            ],
            Variant::Xv => vec![Negative::new(Negated::Xv).into()],
            Variant::AntiKnight => vec![Chess::Antiknight.into()],
            Variant::Classic
            | Variant::Killer
            | Variant::Jigsaw
            | Variant::Thermo
            | Variant::Arrow
            | Variant::LittleKiller => Vec::new(),
        };
        Rules::classic()
            .with(constraints)
            .expect("a variant's own rules are valid")
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
        for constraint in &mut self.constraints {
            constraint.rule_mut().fit_regions(&self.regions);
        }
        Ok(self)
    }

    /// The same rules with these constraints added, each after the others of its kind.
    pub fn with<C: Into<Constraint>>(
        mut self,
        constraints: impl IntoIterator<Item = C>,
    ) -> Result<Rules, RulesError> {
        for constraint in constraints {
            let mut constraint = constraint.into();
            constraint.rule().validate()?;
            constraint.rule_mut().fit_regions(&self.regions);
            let kind = constraint.kind();
            let at = self.constraints.partition_point(|c| c.kind() <= kind);
            self.constraints.insert(at, constraint);
        }
        rules::bind(&mut self.constraints);
        Ok(self)
    }

    /// The key of the first rule kept but not known (`zipperline`), which the solvers cannot
    /// follow; drawings kept are no rule.
    pub fn cannot_solve(&self) -> Option<&str> {
        self.unknown_rules().next()
    }

    /// The keys of the rules kept but not known, in their order.
    pub fn unknown_rules(&self) -> impl Iterator<Item = &str> {
        self.unknown().map(|kept| kept.key.as_str())
    }

    /// What a player calls the rules kept but not known ("zipper lines"), in their order, each
    /// once.
    pub fn unknown_rule_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for name in self.unknown().map(Kept::name) {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }

    fn unknown(&self) -> impl Iterator<Item = &Kept> {
        self.constraints
            .iter()
            .filter_map(|constraint| match constraint {
                Constraint::Kept(kept) if kept.is_rule() => Some(kept),
                _ => None,
            })
    }

    /// What each cell says of the constraints it is on, in the order of the rules, for its name
    /// on the page: "thermometer bulb, white dot right"; empty for a cell on none.
    pub fn cell_words(&self) -> [String; Cell::COUNT] {
        let mut words: [String; Cell::COUNT] = std::array::from_fn(|_| String::new());
        for constraint in &self.constraints {
            constraint.rule().describe_cells(&mut |cell, said| {
                let words = &mut words[cell.index()];
                if !words.is_empty() {
                    words.push_str(", ");
                }
                words.push_str(&said);
            });
        }
        words
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
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }
    /// The cages among the constraints.
    pub fn cages(&self) -> impl Iterator<Item = &Cage> {
        self.constraints
            .iter()
            .filter_map(|constraint| match constraint {
                Constraint::Cage(cage) => Some(cage),
                _ => None,
            })
    }

    /// Which variant these rules are, if one the generator makes: Windoku's windows and no other
    /// extra region, both diagonals or none, cages or none, jigsaw regions; or the marks of one
    /// kind alone (thermometers, arrows, kropki dots with or without their negative rules, X and
    /// V with or without theirs, little killers, anti-knight).
    pub fn variant(&self) -> Option<Variant> {
        let (mut diagonals, mut windows, mut killer) = (Vec::new(), Vec::new(), false);
        // The variant of marks the constraints so far belong to, and whether a negative rule of
        // dots came (which needs dots to make a Kropki puzzle).
        let mut marks: Option<Variant> = None;
        let mut of_dots = false;
        for constraint in &self.constraints {
            let of = match constraint {
                Constraint::Diagonal(diagonal) => {
                    diagonals.push(*diagonal);
                    continue;
                }
                Constraint::ExtraRegion(region) => {
                    windows.push(region.window()?);
                    continue;
                }
                Constraint::Cage(_) => {
                    killer = true;
                    continue;
                }
                Constraint::Thermometer(_) => Variant::Thermo,
                Constraint::Arrow(_) => Variant::Arrow,
                Constraint::Dot(_) => Variant::Kropki,
                Constraint::Nonconsecutive(_)
                | Constraint::Negative(Negative {
                    negated: Negated::Ratio,
                    ..
                }) => {
                    of_dots = true;
                    Variant::Kropki
                }
                Constraint::Xv(_)
                | Constraint::Negative(Negative {
                    negated: Negated::Xv,
                    ..
                }) => Variant::Xv,
                Constraint::LittleKiller(_) => Variant::LittleKiller,
                Constraint::Chess(Chess::Antiknight) => Variant::AntiKnight,
                // Kinds no variant the generator makes holds.
                Constraint::Kept(_)
                | Constraint::Palindrome(_)
                | Constraint::BetweenLine(_)
                | Constraint::Whispers(_)
                | Constraint::Renban(_)
                | Constraint::Sandwich(_)
                | Constraint::RegionSumLine(_)
                | Constraint::Parity(_)
                | Constraint::Extremum(_)
                | Constraint::Quadruple(_)
                | Constraint::Cloned(_)
                | Constraint::Chess(Chess::Antiking)
                | Constraint::DisjointGroups(_)
                | Constraint::GivenCandidates(_) => return None,
            };
            if marks.is_some_and(|marks| marks != of) {
                return None;
            }
            marks = Some(of);
        }
        let diagonals = match diagonals.len() {
            0 => false,
            _ if Diagonal::BOTH.iter().all(|d| diagonals.contains(d)) => true,
            _ => return None,
        };
        let windoku = match windows.len() {
            0 => false,
            4 if (0..4).all(|window| windows.contains(&window)) => true,
            _ => return None,
        };
        if let Some(marks) = marks {
            let dotted = self
                .constraints
                .iter()
                .any(|c| matches!(c, Constraint::Dot(_)));
            let alone = !(self.is_jigsaw() || killer || diagonals || windoku);
            return (alone && (dotted || !of_dots)).then_some(marks);
        }
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

    /// Every group of cells that holds no digit twice, the constraints' included, with its name:
    /// a group of nine holds each digit once.
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
            let name = if jigsaw {
                Group::Region(region)
            } else {
                Group::Box(region)
            };
            let cells = Cell::all().filter(|&cell| self.region(cell) == region);
            (name, cells.collect())
        }));
        for constraint in &self.constraints {
            constraint.rule().groups(&mut groups);
        }
        groups
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

    /// What values (0 for a blank, 1–9 for a digit), of a full grid or not, break of these
    /// rules: the first repeat in a group, else the first constraint broken otherwise.
    pub fn check(&self, values: &[u8; Cell::COUNT]) -> Result<(), Violation> {
        if let Some(repeat) = self.conflict(values) {
            return Err(Violation::Repeat(repeat));
        }
        match self
            .constraints
            .iter()
            .find_map(|constraint| constraint.rule().check(values))
        {
            Some(violation) => Err(violation),
            None => Ok(()),
        }
    }

    /// The constraints lowered to checks (see [`rules::lowered`]), each with what a conflict
    /// says after the names of its cells ([`Constraint::broken_cells_said`]), and whether they say every rule beyond the groups,
    /// the peers and the cages' sums: when not, only the solution tells a grid that meets them
    /// all.
    pub fn lowered(&self) -> (Vec<(Check, String)>, bool) {
        let mut lowered = Vec::new();
        let mut whole = true;
        for constraint in &self.constraints {
            let mut checks = Vec::new();
            whole &= constraint.rule().lower(&mut checks);
            let said = constraint.broken_cells_said();
            lowered.extend(checks.into_iter().map(|check| (check, said.clone())));
        }
        (lowered, whole)
    }

    /// For each cell, the other cells that share a group with it or that a constraint keeps
    /// from its digit otherwise.
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
        for constraint in &self.constraints {
            constraint.rule().add_peers(&mut peers);
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
    /// The rules as the setter wrote them (f-puzzles' `ruleset`).
    pub ruleset: Option<String>,
    /// The solution the puzzle carries, 1–9 by cell index, if whole.
    pub solution: Option<[u8; Cell::COUNT]>,
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

    pub fn new(givens: [u8; Cell::COUNT], rules: Rules) -> Puzzle {
        Puzzle {
            givens,
            rules,
            title: None,
            author: None,
            ruleset: None,
            solution: None,
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
        let killer = Rules::classic().with([cage]).unwrap();
        let conflict = killer.conflict(&with(&[(0, 4, 7), (1, 5, 7)])).unwrap();
        assert_eq!(conflict.to_string(), "two 7s in box 2: r1c5 and r2c6");
        let cage = Cage {
            cells: [Cell::at(2, 2), Cell::at(3, 2)].into_iter().collect(),
            sum: Some(9),
        };
        let killer = Rules::classic().with([cage]).unwrap();
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
        let odd_cage = Rules::classic().with([cage]).unwrap();
        let conflict = odd_cage.conflict(&with(&[(0, 0, 1), (4, 4, 1)])).unwrap();
        assert_eq!(
            conflict.to_string(),
            "two 1s in the cage at r1c1: r1c1 and r5c5"
        );
    }

    #[test]
    fn each_cell_says_the_marks_it_is_on_and_rules_of_the_whole_grid_say_nothing() {
        let at = |row, col| Cell::at(row, col);
        let rules = Rules::classic()
            .with([Thermometer {
                cells: vec![at(0, 0), at(0, 1), at(0, 2)],
            }])
            .and_then(|rules| rules.with([Arrow::new(vec![at(2, 0)], vec![at(3, 0), at(4, 0)])]))
            .and_then(|rules| rules.with([Dot::new(Colour::White, [at(0, 1), at(1, 1)])]))
            .and_then(|rules| {
                rules.with([Xv {
                    cells: [at(0, 2), at(0, 3)],
                    letter: Letter::X,
                }])
            })
            .and_then(|rules| rules.with([Parity::Odd(at(8, 8))]))
            .and_then(|rules| rules.with([Chess::Antiknight]))
            .and_then(|rules| {
                rules.with([Cage {
                    cells: [at(8, 0), at(8, 1)].into_iter().collect(),
                    sum: Some(3),
                }])
            })
            .expect("valid rules");
        let words = rules.cell_words();
        assert_eq!(words[at(0, 0).index()], "thermometer bulb");
        assert_eq!(
            words[at(0, 1).index()],
            "on a thermometer from r1c1, white dot below"
        );
        assert_eq!(words[at(1, 1).index()], "white dot above");
        assert_eq!(
            words[at(0, 2).index()],
            "on a thermometer from r1c1, X right"
        );
        assert_eq!(words[at(0, 3).index()], "X left");
        assert_eq!(words[at(2, 0).index()], "arrow circle");
        assert_eq!(words[at(4, 0).index()], "on an arrow from r3c1");
        assert_eq!(words[at(8, 8).index()], "odd");
        // The cage the page names itself; the anti-knight rule marks no cell.
        assert_eq!(words[at(8, 0).index()], "");
        assert_eq!(words[at(5, 5).index()], "");
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
