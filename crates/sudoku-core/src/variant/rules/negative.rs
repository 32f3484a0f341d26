//! A negative rule: every mark of a kind is given, so two cells side by side with no such mark
//! between them do not meet it. Black dots: no two unmarked neighbours are in the ratio of a black
//! dot (2, or the values of the puzzle's black dots when it has some, as f-puzzles reads it). X
//! and V: no two unmarked neighbours add up to 10 or 5.
//!
//! Which pairs are marked is the rules' to tell ([`Constrain::bind`]): a dot of either colour
//! exempts a pair from the rule of black dots, an X or a V from the rule of X and V, as f-puzzles
//! and SudokuPad's solvers read them. f-puzzles names the kinds whose marks are all given in the
//! list `negative`: `"ratio"` and `"xv"`. It has no such rule for white dots: nonconsecutive is
//! that rule ([`Nonconsecutive`](super::Nonconsecutive)); any other name is refused.

use super::drawing::Drawing;
use super::lowered::Check;
use super::pair::{
    Marked, Pairs, Partners, check_unmarked, lower_unmarked, narrow_unmarked,
    narrow_unmarked_planes, partners, unmarked_cells, unmarked_reason, unmarked_reasons,
};
use super::{Constrain, Dead, Narrow};
use crate::cell::{Cell, Digit};
use crate::sets::CellSet;
use crate::variant::Violation;
#[cfg(feature = "fpuzzles")]
use crate::variant::fpuzzles::fields::{Document, Fields, FormatError, names_in};

/// The kind of mark whose every instance is given.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Negated {
    /// Black dots: f-puzzles' `ratio`.
    Ratio,
    /// X and V marks: f-puzzles' `xv`.
    Xv,
}

impl Negated {
    /// Its name in f-puzzles' `negative`.
    pub const fn key(self) -> &'static str {
        match self {
            Negated::Ratio => "ratio",
            Negated::Xv => "xv",
        }
    }
}

/// A negative rule. What the other constraints of its rules mark is bound to it when the rules
/// take them; a negative rule outside any rules has no marked pair (and black dots of 2).
#[derive(Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Negative {
    pub negated: Negated,
    /// The marks of the rules it belongs to: the wire leaves it out, the rules bind it again.
    #[cfg_attr(feature = "serde", serde(skip))]
    marked: Marked,
}

impl Negative {
    pub fn new(negated: Negated) -> Negative {
        Negative {
            negated,
            marked: Marked::default(),
        }
    }

    /// The pairs it leaves alone.
    fn exempt(&self) -> &Pairs {
        match self.negated {
            Negated::Ratio => &self.marked.dots,
            Negated::Xv => &self.marked.xv,
        }
    }

    /// The digits no unmarked pair holds.
    fn forbidden(&self) -> Partners {
        match self.negated {
            Negated::Ratio => {
                let ratios = match self.marked.ratios {
                    0 => 1 << 2,
                    ratios => ratios,
                };
                partners(|a, b| (2..=9).any(|r| ratios >> r & 1 != 0 && (a * r == b || b * r == a)))
            }
            Negated::Xv => partners(|a, b| a + b == 10 || a + b == 5),
        }
    }
}

/// Its kind alone: what is bound to it follows from the rules it is in.
impl PartialEq for Negative {
    fn eq(&self, other: &Negative) -> bool {
        self.negated == other.negated
    }
}

impl Eq for Negative {}

impl std::fmt::Debug for Negative {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Negative({:?})", self.negated)
    }
}

impl Constrain for Negative {
    fn bind(&mut self, marked: &Marked) {
        self.marked = *marked;
    }

    fn check(&self, values: &[u8; Cell::COUNT]) -> Option<Violation> {
        check_unmarked(values, self.exempt(), &self.forbidden(), self.broken_rule())
    }

    /// The cells of the unmarked pairs: the whole grid but for cells whose every neighbour is
    /// across a mark.
    fn cells(&self) -> CellSet {
        unmarked_cells(self.exempt())
    }

    fn pattern(&self, narrowed: CellSet, marks: &dyn Narrow) -> CellSet {
        unmarked_reasons(self.exempt(), &self.forbidden(), narrowed, marks)
    }

    /// A digit goes from a cell when every digit its unmarked neighbour can take would meet the
    /// mark with it: around a known digit, the digits it would make a pair with.
    fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        narrow_unmarked(marks, self.exempt(), &self.forbidden())
    }

    fn narrow_planes(&self, places: &mut [CellSet; Digit::COUNT]) -> Option<Result<bool, Dead>> {
        Some(narrow_unmarked_planes(
            places,
            self.exempt(),
            &self.forbidden(),
        ))
    }

    /// Each pair with no mark holds digits that do not meet it.
    fn lower(&self, checks: &mut Vec<Check>) -> bool {
        lower_unmarked(self.exempt(), &self.forbidden(), checks);
        true
    }

    fn noun(&self) -> &'static str {
        match self.negated {
            Negated::Ratio => "rule of the black dots given",
            Negated::Xv => "rule of the X and V marks given",
        }
    }

    fn describe(&self) -> String {
        match self.negated {
            Negated::Ratio => {
                let ratios = (2..=9u8).filter(|r| self.marked.ratios >> r & 1 != 0);
                let ratios: Vec<String> = ratios.map(|r| r.to_string()).collect();
                match ratios.as_slice() {
                    [] => "every black dot is given".to_string(),
                    [r] if r == "2" => "every black dot is given".to_string(),
                    _ => format!("every black dot ({}) is given", ratios.join(", ")),
                }
            }
            Negated::Xv => "every X and V is given".to_string(),
        }
    }

    /// A rule of the whole grid marks no cell.
    fn describe_cells(&self, _said: &mut dyn FnMut(Cell, String)) {}

    /// The neighbours that took the digits: "…: r5c5 is 5, so r4c5 ≠ 4/6, r5c4 ≠ 4/6".
    fn reason(&self, before: &dyn Narrow, after: &dyn Narrow) -> String {
        let said = unmarked_reason(self.exempt(), &self.forbidden(), before, after);
        format!("{}: {said}", self.describe())
    }

    fn rule() -> &'static str {
        "every black dot, X or V is given: no two cells side by side without one meet it"
    }

    fn broken_rule(&self) -> &'static str {
        match self.negated {
            Negated::Ratio => "every black dot is given: no digit beside its double without one",
            Negated::Xv => {
                "every X and V is given: no two digits side by side add up to 10 or 5 without one"
            }
        }
    }

    fn technique() -> Option<(&'static str, &'static str)> {
        Some((
            "Negative Constraint",
            "When every black dot is given, two cells side by side without a dot never hold a \
             digit and its double; when every X and V is given, two cells side by side without \
             one never add up to 10 or 5. So a digit beside an unmarked neighbour goes when it \
             would make such a pair: beside a 3 with no dot, 6 goes; beside a 3 with no X or \
             V, 2 and 7 go.",
        ))
    }

    /// A rule of the whole grid, said in the puzzle's rules rather than drawn.
    fn draw(&self, _drawing: &mut Drawing) {}

    #[cfg(feature = "fpuzzles")]
    fn fpuzzles_keys() -> &'static [&'static str] {
        &["negative"]
    }

    #[cfg(feature = "fpuzzles")]
    fn read_fpuzzles(document: &Fields) -> Result<Vec<Negative>, FormatError> {
        let mut negatives: Vec<Negative> = Vec::new();
        for name in names_in(document, "negative")? {
            let negated = match name.as_str() {
                "ratio" => Negated::Ratio,
                "xv" => Negated::Xv,
                _ => return Err(FormatError::CannotPlay(format!("negative {name}"))),
            };
            if negatives.iter().all(|negative| negative.negated != negated) {
                negatives.push(Negative::new(negated));
            }
        }
        Ok(negatives)
    }

    #[cfg(feature = "fpuzzles")]
    fn write_fpuzzles(&self, document: &mut Document) {
        document.name("negative", self.negated.key());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;
    use crate::variant::rules::Marks;
    use crate::variant::rules::{Colour, Dot, Letter, Xv};

    #[test]
    fn no_unmarked_neighbour_of_a_3_is_6_when_every_black_dot_is_given() {
        let (a, b, c) = (Cell::at(4, 4), Cell::at(4, 5), Cell::at(3, 4));
        let rules = Rules::classic()
            .with([Negative::new(Negated::Ratio)])
            .unwrap()
            .with([Dot::new(Colour::White, [a, c])])
            .unwrap();
        let negative = rules.constraints()[1].rule();
        let mut marks = Marks::open();
        marks.set(a, &[3]);
        assert_eq!(negative.narrow(&mut marks), Ok(true));
        assert_eq!(marks.list(b), [1, 2, 3, 4, 5, 7, 8, 9]);
        assert_eq!(marks.list(c).len(), 9, "a white dot exempts its pair");
        let mut values = [0; Cell::COUNT];
        values[a.index()] = 3;
        values[c.index()] = 6;
        // r4c5 = 6 above 3 breaks the white dot, not the negative rule.
        assert_eq!(
            rules.check(&values).map_err(|v| v.to_string()),
            Err("r5c5: a white dot joins consecutive digits".to_string())
        );
        values[c.index()] = 0;
        values[b.index()] = 6;
        assert_eq!(
            rules.check(&values).map_err(|v| v.to_string()),
            Err(
                "r5c5: every black dot is given: no digit beside its double without one"
                    .to_string()
            )
        );
    }

    #[test]
    fn black_dots_of_another_value_are_the_ratio_forbidden() {
        let (a, b) = (Cell::at(0, 0), Cell::at(0, 1));
        let three = Dot {
            value: 3,
            ..Dot::new(Colour::Black, [a, b])
        };
        let rules = Rules::classic()
            .with([Negative::new(Negated::Ratio)])
            .unwrap()
            .with([three])
            .unwrap();
        let negative = rules.constraints()[1].rule();
        assert_eq!(negative.describe(), "every black dot (3) is given");
        let mut marks = Marks::open();
        marks.set(Cell::at(4, 4), &[3]);
        negative.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(Cell::at(4, 5)), [2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn no_unmarked_neighbours_add_up_to_10_or_5_when_every_x_and_v_is_given() {
        let (a, b, c) = (Cell::at(0, 0), Cell::at(0, 1), Cell::at(1, 0));
        let rules = Rules::classic()
            .with([Negative::new(Negated::Xv)])
            .unwrap()
            .with([Xv {
                cells: [a, b],
                letter: Letter::X,
            }])
            .unwrap();
        let negative = rules.constraints()[1].rule();
        let mut marks = Marks::open();
        marks.set(a, &[3]);
        negative.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(c), [1, 3, 4, 5, 6, 8, 9]);
        assert_eq!(marks.list(b).len(), 9, "an X exempts its pair");
        // Two digits left beside: 2 with 3 makes 5, with 8 makes 10.
        let mut marks = Marks::open();
        marks.set(c, &[3, 8]);
        negative.narrow(&mut marks).unwrap();
        assert_eq!(marks.list(Cell::at(2, 0)), [1, 3, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn bound_marks_follow_the_rules_and_not_equality() {
        let bare = Negative::new(Negated::Ratio);
        let rules = Rules::classic()
            .with([Dot::new(Colour::Black, [Cell::at(0, 0), Cell::at(0, 1)])])
            .unwrap()
            .with([bare])
            .unwrap();
        assert_eq!(rules.constraints()[1], bare.into());
        assert_eq!(
            rules.constraints()[1].rule().cells(),
            CellSet::ALL,
            "the whole grid"
        );
    }
}
