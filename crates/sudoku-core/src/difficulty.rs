//! How hard a step or a puzzle is, on the Sudoku Explainer (SE) scale: 1.0 for the last digit of
//! a house up to 11 and more for the longest forcing chains.

use std::fmt;

/// A difficulty on the SE scale, held in tenths (1.2 is 12) so that it compares exactly; shown
/// with one decimal, as SE shows it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Difficulty(pub(crate) u16);

impl Difficulty {
    /// Nothing to do: a puzzle already solved.
    pub const ZERO: Difficulty = Difficulty(0);
    /// Beyond every technique's.
    pub const MAX: Difficulty = Difficulty(u16::MAX);

    pub const fn from_tenths(tenths: u16) -> Difficulty {
        Difficulty(tenths)
    }

    pub const fn tenths(self) -> u16 {
        self.0
    }
}

/// "4.2".
impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_with_one_decimal() {
        assert_eq!(Difficulty(12).to_string(), "1.2");
        assert_eq!(Difficulty(90).to_string(), "9.0");
        assert_eq!(Difficulty(112).to_string(), "11.2");
        assert_eq!(Difficulty::ZERO.to_string(), "0.0");
    }
}
