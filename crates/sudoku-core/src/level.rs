//! Five levels of play, each a range of the Sudoku Explainer rating (ER, the hardest step), chosen
//! so that each level asks for a family of techniques the one below does not:
//!
//! | level | ER | what it asks for (SE's techniques and ratings) |
//! | --- | --- | --- |
//! | Easy | 1.0–2.5 | singles: full house 1.0, hidden singles 1.2/1.5, naked single 2.3, and SE's "direct" locked candidates and hidden pair/triple (1.7–2.5), which each end in a single |
//! | Medium | 2.6–3.4 | locked candidates (pointing 2.6, claiming 2.8) and pairs (naked 3.0, hidden 3.4); the X-Wing (3.2) falls in between |
//! | Hard | 3.5–4.4 | triples (naked 3.6, hidden 4.0), the Swordfish 3.8, the XY- and XYZ-Wings 4.2/4.4, and in SukakuExplainer's rating the two-link fish-like chains (Skyscraper, 2-String Kite, Turbot Fish, 4.0–4.3) |
//! | Expert | 4.5–7.4 | uniqueness (rectangles and loops 4.5+, BUG 5.6+), quads and the Jellyfish (5.0–5.4), bigger wings (WXYZ 5.5), aligned pair exclusion 6.2, chains and cycles (6.5+) |
//! | Extreme | 7.5 and up | forcing chains: Nishio 7.5, cell and region forcing chains 8.0, dynamic forcing chains 8.5+ |
//!
//! A puzzle the rating cannot finish is beyond every level.

use std::fmt;
use std::str::FromStr;

use crate::difficulty::Difficulty;

/// A level of play, easiest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
    Extreme,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The level whose range holds a puzzle's ER.
    pub fn of(er: Difficulty) -> Level {
        Level::ALL
            .into_iter()
            .rev()
            .find(|level| er >= level.lowest())
            .unwrap_or(Level::Easy)
    }

    /// The lowest ER of the level.
    pub const fn lowest(self) -> Difficulty {
        Difficulty::from_tenths(match self {
            Level::Easy => 0,
            Level::Medium => 26,
            Level::Hard => 35,
            Level::Expert => 45,
            Level::Extreme => 75,
        })
    }

    /// The highest ER of the level (none is beyond Extreme's).
    pub const fn highest(self) -> Difficulty {
        match self {
            Level::Easy => Difficulty::from_tenths(Level::Medium.lowest().tenths() - 1),
            Level::Medium => Difficulty::from_tenths(Level::Hard.lowest().tenths() - 1),
            Level::Hard => Difficulty::from_tenths(Level::Expert.lowest().tenths() - 1),
            Level::Expert => Difficulty::from_tenths(Level::Extreme.lowest().tenths() - 1),
            Level::Extreme => Difficulty::MAX,
        }
    }

    /// Whether `er` is in the level's range.
    pub fn holds(self, er: Difficulty) -> bool {
        Level::of(er) == self
    }

    /// The name players see: "Easy" … "Extreme".
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
            Level::Extreme => "Extreme",
        }
    }

    /// The name on the command line and in stored settings: "easy" … "extreme".
    pub const fn key(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
}

/// "Easy" … "Extreme".
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no level.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown level '{0}': choose easy, medium, hard, expert or extreme")]
pub struct UnknownLevel(pub String);

/// Either name, in any case: "hard", "Hard", "HARD".
impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|level| level.key().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownLevel(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn er(tenths: u16) -> Difficulty {
        Difficulty::from_tenths(tenths)
    }

    #[test]
    fn each_rating_falls_in_one_level_and_the_ranges_meet() {
        assert_eq!(Level::of(er(10)), Level::Easy);
        assert_eq!(Level::of(er(25)), Level::Easy);
        assert_eq!(Level::of(er(26)), Level::Medium);
        assert_eq!(Level::of(er(34)), Level::Medium);
        assert_eq!(Level::of(er(35)), Level::Hard);
        assert_eq!(Level::of(er(44)), Level::Hard);
        assert_eq!(Level::of(er(45)), Level::Expert);
        assert_eq!(Level::of(er(74)), Level::Expert);
        assert_eq!(Level::of(er(75)), Level::Extreme);
        assert_eq!(Level::of(er(119)), Level::Extreme);
        for pair in Level::ALL.windows(2) {
            assert!(pair[0].lowest() < pair[1].lowest());
            assert!(pair[1].holds(pair[1].lowest()));
        }
    }

    #[test]
    fn levels_read_their_names_in_any_case() {
        for level in Level::ALL {
            assert_eq!(level.key().parse(), Ok(level));
            assert_eq!(level.name().parse(), Ok(level));
            assert_eq!(level.key().to_uppercase().parse(), Ok(level));
        }
        assert_eq!(
            "fiendish".parse::<Level>().map_err(|e| e.to_string()),
            Err("unknown level 'fiendish': choose easy, medium, hard, expert or extreme".into())
        );
    }
}
