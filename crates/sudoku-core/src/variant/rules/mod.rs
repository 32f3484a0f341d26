//! The constraints a puzzle's rules can hold, one file each, and the one trait each implements,
//! [`Constrain`]: what the constraint asks of a grid, how the search, the explaining solver and
//! the chains read it, how it is drawn, and how f-puzzles carries it. Every layer iterates a
//! puzzle's constraints through that trait; a kind is named only where one must be told apart:
//! by an exhaustive `match` on [`Constraint`] ([`Rules::variant`](super::Rules::variant)), and
//! for the cages that the page's data and the Killer techniques read
//! ([`Rules::cages`](super::Rules::cages)).
//!
//! A new kind is a file here whose type implements [`Constrain`], and a line at the end of the
//! registry below (the wire numbers kinds by their place in it, so a kind keeps its place).

mod arrow;
mod between_line;
mod cage;
mod chess;
mod clone;
#[cfg(feature = "fpuzzles")]
mod cosmetic;
mod diagonal;
mod disjoint;
mod dot;
pub(crate) mod drawing;
mod extra_region;
mod extremum;
mod given_candidates;
mod kept;
mod line;
mod little_killer;
pub mod lowered;
mod negative;
mod nonconsecutive;
mod outside;
pub(crate) mod pair;
mod palindrome;
mod parity;
mod quadruple;
mod region_sum_line;
mod renban;
mod sandwich;
#[cfg(feature = "fpuzzles")]
mod shapes;
pub(crate) mod sum;
mod thermometer;
mod whispers;
mod xv;

pub use arrow::Arrow;
pub use between_line::BetweenLine;
pub use cage::Cage;
pub use chess::Chess;
pub use clone::Cloned;
pub use diagonal::Diagonal;
pub use disjoint::DisjointGroups;
pub use dot::{Colour, Dot};
pub use extra_region::{ExtraRegion, windows};
pub use extremum::{Extreme, Extremum};
pub use given_candidates::GivenCandidates;
pub use kept::{DRAWN, Kept};
pub use little_killer::{Direction, LittleKiller};
pub use negative::{Negated, Negative};
pub use nonconsecutive::Nonconsecutive;
pub use outside::Outside;
pub use palindrome::Palindrome;
pub use parity::Parity;
pub use quadruple::Quadruple;
pub use region_sum_line::RegionSumLine;
pub use renban::Renban;
pub use sandwich::Sandwich;
pub use thermometer::Thermometer;
pub use whispers::Whispers;
pub use xv::{Letter, Xv};

#[cfg(feature = "fpuzzles")]
use super::fpuzzles::fields::{Document, Fields, FormatError};
use super::{Group, RulesError, Violation};
use crate::cell::{Cell, Digit};
use crate::sets::{CellSet, DigitSet};
use drawing::Drawing;
use pair::Marked;

/// A contradiction: a cell with no digit left, or a constraint that cannot be met.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Dead;

/// Pencil marks as a constraint narrows them: the search's, the explaining solver's and the
/// forcing chains'. Digits are nine bits, bit `d - 1` for digit `d`; a cell whose digit is known
/// has its bit alone.
pub(crate) trait Narrow {
    fn digits(&self, cell: Cell) -> u16;
    /// Keeps only `digits` of the cell's; whether any went. Dead when none is left.
    fn keep(&mut self, cell: Cell, digits: u16) -> Result<bool, Dead>;
}

/// Each cell's digits, narrowed as they are with no more following: what the explaining
/// solver and the chains hand a constraint.
pub(crate) struct Marks(pub [u16; Cell::COUNT]);

impl Marks {
    /// A set of digits as a constraint reads it (a [`DigitSet`] keeps digit `d` at bit `d`).
    pub fn bits(digits: DigitSet) -> u16 {
        digits.bits() >> 1
    }

    /// The digits of a cell as a [`DigitSet`].
    pub fn digit_set(&self, cell: Cell) -> DigitSet {
        DigitSet::from_bits(self.0[cell.index()] << 1)
    }
}

/// What the rules' unit tests set and read.
#[cfg(test)]
impl Marks {
    /// Every digit in every cell.
    pub fn open() -> Marks {
        Marks([0x1ff; Cell::COUNT])
    }

    /// The digits of a cell, as a list.
    pub fn list(&self, cell: Cell) -> Vec<u8> {
        (1..=9)
            .filter(|d| self.0[cell.index()] >> (d - 1) & 1 == 1)
            .collect()
    }

    /// Sets a cell's digits.
    pub fn set(&mut self, cell: Cell, digits: &[u8]) {
        self.0[cell.index()] = digits.iter().map(|d| 1 << (d - 1)).sum();
    }
}

impl Narrow for Marks {
    fn digits(&self, cell: Cell) -> u16 {
        self.0[cell.index()]
    }

    fn keep(&mut self, cell: Cell, digits: u16) -> Result<bool, Dead> {
        let before = self.0[cell.index()];
        let after = before & digits;
        self.0[cell.index()] = after;
        match after {
            0 => Err(Dead),
            _ => Ok(after != before),
        }
    }
}

/// One constraint: what it asks of a grid and what each layer makes of it. The defaults suit a
/// constraint that only forbids repeats in its groups.
pub(crate) trait Constrain {
    /// Why it cannot be played (a cage of no cell), checked when rules take it.
    fn validate(&self) -> Result<(), RulesError> {
        Ok(())
    }

    /// Reads the puzzle's regions (each cell's, 0–8), for a kind whose meaning depends on them
    /// (a region sum line's segments): called as it joins rules and whenever their regions
    /// change.
    fn fit_regions(&mut self, _regions: &[u8; Cell::COUNT]) {}

    /// The groups of cells it forbids repeats in, each with its name, added to `groups`, which
    /// holds the groups of the rules before it (by which extra regions are numbered).
    fn groups(&self, _groups: &mut Vec<(Group, CellSet)>) {}

    /// What a grid, full or not (0 for a blank), breaks of it beyond a repeat in its groups.
    fn check(&self, _values: &[u8; Cell::COUNT]) -> Option<Violation> {
        None
    }

    /// The cells it keeps from holding the same digit beyond those sharing one of its groups,
    /// added to each cell's peers: the weak links of chains, and what a placed digit leaves in
    /// the search. None by default.
    fn add_peers(&self, _peers: &mut [CellSet; Cell::COUNT]) {}

    /// What it marks between two cells side by side (a dot, an X or a V), added to `marked`:
    /// what exempts a pair from the rules about unmarked pairs. Nothing by default.
    fn mark(&self, _marked: &mut Marked) {}

    /// Takes what the constraints of the rules it belongs to mark, each time the rules take
    /// constraints: a rule about the pairs with no mark (nonconsecutive, a negative rule) keeps
    /// the pairs it leaves alone. Nothing by default.
    fn bind(&mut self, _marked: &Marked) {}

    /// Takes the groups the constraints of the rules it belongs to add (diagonals, windows,
    /// disjoint groups, cages…), each time the rules take constraints: a kind that adds up
    /// digits learns which of its cells differ beyond its regions. Nothing by default.
    fn fit_groups(&mut self, _groups: &[(Group, CellSet)]) {}

    /// The cells whose marks it reads: the pattern of a step it explains, and where a change
    /// may let it deduce more.
    fn cells(&self) -> CellSet;

    /// The cells a step shows as the reason when `narrow` took digits from `narrowed`, `marks`
    /// as they were before: all of its cells by default; a rule over the whole grid names only
    /// the cells beside them that took the digits.
    fn pattern(&self, _narrowed: CellSet, _marks: &dyn Narrow) -> CellSet {
        self.cells()
    }

    /// What follows from it beyond its peers and its groups (which the solvers read apart):
    /// each cell of it keeps the digits that some way of meeting it still gives the cell, as far
    /// as the kind works that out. True if any digit went. Every solver calls it: the search,
    /// the explaining solver's step for the kind, and the forcing chains.
    fn narrow(&self, _marks: &mut dyn Narrow) -> Result<bool, Dead> {
        Ok(false)
    }

    /// Whether its narrowing costs more than looking up its cells' marks in a table (sums
    /// fitted, runs or sets of digits placed): the explaining solver, which narrows the same
    /// rules at every step, then remembers what it found. False by default.
    fn narrows_slowly(&self) -> bool {
        false
    }

    /// The total its cells add up to, each counted once, when it says only that (a cage with a
    /// sum, a little killer): the search joins such sums whose cells share groups. None by
    /// default.
    fn fixed_sum(&self) -> Option<u8> {
        None
    }

    /// `narrow` on digit planes (per digit, the cells that may hold it, a known digit's cell
    /// holding it alone), for a rule over the whole grid that works on the planes themselves:
    /// what the forcing chains' fast propagation asks at every turn. None by default: the
    /// propagation then reads the rule's cells into marks for `narrow` (one function for every
    /// kind, rather than a copy of it in each).
    fn narrow_planes(&self, _places: &mut [CellSet; Digit::COUNT]) -> Option<Result<bool, Dead>> {
        None
    }

    /// The checks it comes to for a program that plays the puzzle without the rules' code
    /// ([`lowered`]), added to `checks`, and whether they say all of it beyond its groups and
    /// peers (which such a program reads apart). None and false by default: only the puzzle's
    /// solution tells whether a grid meets it.
    fn lower(&self, _checks: &mut Vec<lowered::Check>) -> bool {
        false
    }

    /// What it is, in plain words without its cells: "thermometer", "black dot", "X".
    fn noun(&self) -> &'static str;

    /// How a step names it: "the thermometer from r2c3".
    fn describe(&self) -> String;

    /// What each of its cells says of it, after the cell's own contents in the cell's name for
    /// a screen reader: "thermometer bulb", "on a thermometer from r2c3", "white dot right".
    /// By default each of its cells is on it ([`Constrain::describe`]); a rule of the whole grid
    /// marks no cell, and says nothing.
    fn describe_cells(&self, said: &mut dyn FnMut(Cell, String)) {
        each_on(self.cells(), &self.describe(), said);
    }

    /// Why `narrow` took what it took from `before`, leaving `after`, as a strong solver says
    /// it: "the thermometer from r1c1 rises, so r1c3 ≥ 3 (two cells below it)". By default the
    /// constraint's name alone ([`Constrain::describe`]), the step's eliminations saying the
    /// rest.
    fn reason(&self, _before: &dyn Narrow, _after: &dyn Narrow) -> String {
        self.describe()
    }

    /// Its rule in a few words, for a grid that breaks it: "digits increase along a
    /// thermometer from its bulb".
    fn rule() -> &'static str
    where
        Self: Sized;

    /// This one's rule in a few words, for a grid that breaks it: its kind's
    /// ([`Constrain::rule`]), unless the kind has several marks ("a black dot joins a digit and
    /// its double").
    fn broken_rule(&self) -> &'static str
    where
        Self: Sized,
    {
        Self::rule()
    }

    /// What a conflict says of the cells of one of its checks that a grid breaks
    /// ([`Constrain::lower`]), after their names, when the kind says it better so than by its
    /// rule: "are a knight's move apart".
    fn said_of_broken_cells(&self) -> Option<&'static str> {
        None
    }

    /// The name and the paragraph for the player of the explaining solver's technique that
    /// applies `narrow` (its order and difficulty: the techniques' registry); None for a kind
    /// whose deductions other techniques explain.
    fn technique() -> Option<(&'static str, &'static str)>
    where
        Self: Sized,
    {
        None
    }

    /// Its markup over the board.
    fn draw(&self, drawing: &mut Drawing);

    /// The fields of an f-puzzles document that hold constraints of this kind.
    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str]
    where
        Self: Sized;

    /// The fields of a grid's cell in an f-puzzles document that hold constraints of this kind
    /// (an odd or even cell's `parity`), besides those of the document itself.
    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_cell_keys() -> &'static [&'static str]
    where
        Self: Sized,
    {
        &[]
    }

    /// The field of an f-puzzles document that holds this one: its kind's only one, unless the
    /// kind has several.
    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_field(&self) -> &'static str
    where
        Self: Sized,
    {
        Self::fpuzzles_keys().first().copied().unwrap_or_default()
    }

    /// The constraints of this kind in an f-puzzles document.
    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Self>, FormatError>
    where
        Self: Sized;

    /// Writes it into an f-puzzles document.
    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document);
}

/// Each of `cells` says it is on the constraint named `name` ("the renban line from r4c4"),
/// one of several such: "on a renban line from r4c4", "on an arrow from r1c1". (Out of
/// [`Constrain::describe_cells`], whose default every kind would copy.)
fn each_on(cells: CellSet, name: &str, said: &mut dyn FnMut(Cell, String)) {
    let on = match name.strip_prefix("the ") {
        Some(kind) if kind.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("on an {kind}"),
        Some(kind) => format!("on a {kind}"),
        None => format!("on {name}"),
    };
    for cell in cells.iter() {
        said(cell, on.clone());
    }
}

/// The registry: the [`Constraint`] enum, its dispatch to [`Constrain`], and the f-puzzles
/// reading of every kind, from one list of kinds.
macro_rules! registry {
    ($($(#[$doc:meta])* $kind:ident,)*) => {
        /// One constraint of a puzzle's rules.
        #[derive(Clone, PartialEq, Eq, Debug)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub enum Constraint {
            $($(#[$doc])* $kind($kind),)*
        }

        /// The kinds, in the registry's order.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
        pub enum Kind {
            $($kind,)*
        }

        impl Kind {
            pub const ALL: &[Kind] = &[$(Kind::$kind,)*];

            /// The first f-puzzles key it is read from; none for [`Kept`], which has its own.
            #[cfg(feature = "fpuzzles")]
            pub fn fpuzzles_key(self) -> Option<&'static str> {
                match self {
                    $(Kind::$kind => $kind::fpuzzles_keys().first().copied(),)*
                }
            }

            /// Its rule in a few words.
            pub fn rule(self) -> &'static str {
                match self {
                    $(Kind::$kind => $kind::rule(),)*
                }
            }

            /// Its technique's name, if it has one.
            pub fn technique_name(self) -> Option<&'static str> {
                self.technique().map(|(name, _)| name)
            }

            /// Its technique's name and paragraph, if it has one.
            pub fn technique(self) -> Option<(&'static str, &'static str)> {
                match self {
                    $(Kind::$kind => $kind::technique(),)*
                }
            }
        }

        impl Constraint {
            pub fn kind(&self) -> Kind {
                match self {
                    $(Constraint::$kind(_) => Kind::$kind,)*
                }
            }

            /// The field of an f-puzzles document that holds it (`ratio` for a black dot).
            #[cfg(feature = "fpuzzles")]
            pub fn fpuzzles_field(&self) -> &'static str {
                match self {
                    $(Constraint::$kind(constraint) => constraint.fpuzzles_field(),)*
                }
            }

            /// Its rule in a few words, for a grid that breaks it.
            pub fn broken_rule(&self) -> &'static str {
                match self {
                    $(Constraint::$kind(constraint) => constraint.broken_rule(),)*
                }
            }

            /// What a conflict says after the names of the cells of one of its checks that a
            /// grid breaks: ": " and its rule ("r3c4 and r3c5: a white dot joins consecutive
            /// digits"), or what its kind says of them ("r2c2 and r4c3 are a knight's move
            /// apart").
            pub fn broken_cells_said(&self) -> String {
                match self.rule().said_of_broken_cells() {
                    Some(said) => format!(" {said}"),
                    None => format!(": {}", self.broken_rule()),
                }
            }

            /// How a step names it: "the thermometer from r2c3".
            pub fn describe(&self) -> String {
                self.rule().describe()
            }

            /// The cells it is on.
            pub fn cells(&self) -> CellSet {
                self.rule().cells()
            }

            pub(crate) fn rule(&self) -> &dyn Constrain {
                match self {
                    $(Constraint::$kind(constraint) => constraint,)*
                }
            }

            pub(crate) fn rule_mut(&mut self) -> &mut dyn Constrain {
                match self {
                    $(Constraint::$kind(constraint) => constraint,)*
                }
            }
        }

        $(impl From<$kind> for Constraint {
            fn from(constraint: $kind) -> Constraint {
                Constraint::$kind(constraint)
            }
        })*

        /// The fields of an f-puzzles document that hold constraints, kind after kind.
        #[cfg(feature = "fpuzzles")]
        pub(crate) fn fpuzzles_keys() -> impl Iterator<Item = &'static str> {
            [$($kind::fpuzzles_keys(),)*].into_iter().flatten().copied()
        }

        /// The fields of a grid's cell that hold constraints, kind after kind.
        #[cfg(feature = "fpuzzles")]
        pub(crate) fn fpuzzles_cell_keys() -> impl Iterator<Item = &'static str> {
            [$($kind::fpuzzles_cell_keys(),)*].into_iter().flatten().copied()
        }

        /// Every constraint of an f-puzzles document, kind after kind.
        #[cfg(feature = "fpuzzles")]
        pub(crate) fn read_fpuzzles(document: &Fields) -> Result<Vec<Constraint>, FormatError> {
            let mut constraints = Vec::new();
            $(constraints.extend($kind::read_fpuzzles(document)?.into_iter().map(Constraint::from));)*
            Ok(constraints)
        }
    };
}

registry! {
    /// One of the two main diagonals (Sudoku X has both).
    Diagonal,
    /// A group of cells with no digit twice besides rows, columns and regions: Windoku's windows.
    ExtraRegion,
    /// A Killer cage.
    Cage,
    /// Digits increasing from a bulb.
    Thermometer,
    /// A field of f-puzzles read but not played: a drawing, or a rule the core does not know.
    Kept,
    /// A line that reads the same both ways.
    Palindrome,
    /// A line whose digits lie between those of its ends.
    BetweenLine,
    /// German whispers: neighbours on a line far apart.
    Whispers,
    /// A line of consecutive digits in any order.
    Renban,
    /// Digits on an arrow adding up to the number in its circle.
    Arrow,
    /// Digits on a diagonal from a clue outside the grid adding up to it.
    LittleKiller,
    /// Digits between the 1 and the 9 of a row or column adding up to a clue outside the grid.
    Sandwich,
    /// A line whose segments in each region it passes through have one sum.
    RegionSumLine,
    /// A white or black dot between two cells side by side.
    Dot,
    /// An X or a V between two cells side by side.
    Xv,
    /// Every black dot, or every X and V, is given.
    Negative,
    /// No consecutive digits side by side.
    Nonconsecutive,
    /// An odd or an even cell.
    Parity,
    /// A cell less than each neighbour, or more.
    Extremum,
    /// Digits that appear in the four cells around a corner.
    Quadruple,
    /// Cells that repeat the digits of others.
    Cloned,
    /// No digit repeats a knight's move away, or a king's.
    Chess,
    /// The same place of each box holds each digit once.
    DisjointGroups,
    /// Digits the setter pencilled into a cell, one of which it holds.
    GivenCandidates,
}

/// Binds to every constraint what the others mark and the groups they add (see
/// [`Constrain::bind`] and [`Constrain::fit_groups`]).
pub(crate) fn bind(constraints: &mut [Constraint]) {
    let mut marked = Marked::default();
    let mut groups = Vec::new();
    for constraint in constraints.iter() {
        constraint.rule().mark(&mut marked);
        constraint.rule().groups(&mut groups);
    }
    for constraint in constraints {
        constraint.rule_mut().bind(&marked);
        constraint.rule_mut().fit_groups(&groups);
    }
}
