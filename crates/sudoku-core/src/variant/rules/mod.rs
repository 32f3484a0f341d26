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

mod cage;
mod diagonal;
pub(crate) mod drawing;
mod extra_region;

pub use cage::Cage;
pub use diagonal::Diagonal;
pub use extra_region::{ExtraRegion, windows};

#[cfg(feature = "fpuzzles")]
use super::fpuzzles::{Document, Fields, FormatError};
use super::search::Propagate;
use super::{Group, RulesError, Violation};
use crate::cell::Cell;
use crate::layout::Layout;
use crate::sets::CellSet;
use drawing::Drawing;

/// One constraint: what it asks of a grid and what each layer makes of it. The defaults suit a
/// constraint that only forbids repeats in its groups.
pub(crate) trait Constrain {
    /// Why it cannot be played (a cage of no cell), checked when rules take it.
    fn validate(&self) -> Result<(), RulesError> {
        Ok(())
    }

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

    /// What the search deduces from it beyond its peers and its groups of nine (which hold each
    /// digit once): a cage's sum.
    fn propagator(&self) -> Option<Box<dyn Propagate>> {
        None
    }

    /// What the explaining solver reads of it beyond its houses and peers: a cage for the
    /// Killer techniques.
    fn lay_out(&self, _layout: &mut Layout) {}

    /// Its markup over the board.
    fn draw(&self, drawing: &mut Drawing);

    /// The fields of an f-puzzles document that hold constraints of this kind.
    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str]
    where
        Self: Sized;

    /// The constraints of this kind in an f-puzzles document.
    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Self>, FormatError>
    where
        Self: Sized;

    /// Writes it into an f-puzzles document.
    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document);
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
        }

        impl Constraint {
            pub fn kind(&self) -> Kind {
                match self {
                    $(Constraint::$kind(_) => Kind::$kind,)*
                }
            }

            pub(crate) fn rule(&self) -> &dyn Constrain {
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
}
