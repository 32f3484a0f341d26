//! A field of an f-puzzles document that this app reads but does not play, kept as it came so
//! that the puzzle is written back whole: what only draws (`line`, `circle`, `rectangle`,
//! `text`, an unnumbered `cage`) and rules the core does not know (`zipperline`, `xsum`…),
//! which [`Rules::cannot_solve`](crate::variant::Rules::cannot_solve) names.

use super::Constrain;
use super::drawing::Drawing;
use super::lowered::Check;
use crate::sets::CellSet;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::SHAPES;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{Document, Fields, FormatError};

/// The keys of f-puzzles that only draw.
pub const DRAWN: [&str; 5] = ["line", "circle", "rectangle", "text", "cage"];

#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Kept {
    /// The field's key.
    pub key: String,
    /// Its value, as JSON text.
    pub json: String,
}

impl Kept {
    /// Whether it is a rule, rather than a drawing.
    pub fn is_rule(&self) -> bool {
        !DRAWN.contains(&self.key.as_str())
    }

    /// What a player calls the rule: "zipper lines" for `zipperline`, "X-sums" for `xsum`,
    /// "marks" for SudokuPad's `overlays` and `underlays`; the key itself when nothing better
    /// is known.
    pub fn name(&self) -> String {
        let key = self.key.as_str();
        match key {
            "xsum" => "X-sums".to_string(),
            "skyscraper" => "skyscrapers".to_string(),
            "doublearrow" => "double arrows".to_string(),
            "columnindexer" => "column indexers".to_string(),
            "rowindexer" => "row indexers".to_string(),
            "boxindexer" => "box indexers".to_string(),
            "overlays" | "underlays" => "marks".to_string(),
            _ => match key.strip_suffix("line") {
                Some(kind) if !kind.is_empty() => format!("{kind} lines"),
                _ => key.to_string(),
            },
        }
    }
}

impl Constrain for Kept {
    fn cells(&self) -> CellSet {
        CellSet::EMPTY
    }

    /// A drawing says nothing a grid must meet; a rule the core does not know may.
    fn lower(&self, _checks: &mut Vec<Check>) -> bool {
        !self.is_rule()
    }

    fn noun(&self) -> &'static str {
        "rule"
    }

    fn describe(&self) -> String {
        format!("the puzzle's {}", self.name())
    }

    fn rule() -> &'static str {
        "a rule this app does not check"
    }

    /// A drawing as f-puzzles draws it, SudokuPad's shapes as SudokuPad does; a rule the core
    /// does not know by its lines, cells and values.
    fn draw(&self, drawing: &mut Drawing) {
        #[cfg(feature = "fpuzzles")]
        {
            let entries: Vec<serde_json::Value> =
                serde_json::from_str(&self.json).unwrap_or_default();
            if SHAPES.contains(&self.key.as_str()) {
                super::shapes::draw(&self.key, &entries, drawing);
            } else {
                super::cosmetic::draw(&self.key, &entries, drawing);
            }
        }
        #[cfg(not(feature = "fpuzzles"))]
        let _ = drawing;
    }

    /// Read by the reader itself: every field no kind reads.
    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &[]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(_document: &Fields) -> Result<Vec<Kept>, FormatError> {
        Ok(Vec::new())
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        if let Ok(value) = serde_json::from_str(&self.json) {
            document.keep(&self.key, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(key: &str) -> String {
        let kept = Kept {
            key: key.to_string(),
            json: "[]".to_string(),
        };
        kept.name()
    }

    #[test]
    fn a_rule_not_known_is_named_as_players_call_it() {
        assert_eq!(name("zipperline"), "zipper lines");
        assert_eq!(name("columnindexer"), "column indexers");
        assert_eq!(name("entropicline"), "entropic lines");
        assert_eq!(name("xsum"), "X-sums");
        assert_eq!(name("overlays"), "marks");
        assert_eq!(name("underlays"), "marks");
        assert_eq!(name("lines"), "lines");
        assert_eq!(name("somethingnew"), "somethingnew");
    }

    #[test]
    fn rules_of_one_name_are_named_once() {
        let kept = |key: &str| Kept {
            key: key.to_string(),
            json: "[]".to_string(),
        };
        let rules = crate::variant::Rules::classic()
            .with([kept("overlays"), kept("underlays"), kept("zipperline")])
            .unwrap();
        assert_eq!(rules.unknown_rule_names(), ["marks", "zipper lines"]);
    }
}
