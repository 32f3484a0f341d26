//! Alternating Inference Chains over candidates: strong links (the two digits of a bivalue cell,
//! a digit's only two places in a house) alternate with weak links (two digits of one cell, one
//! digit in two cells that see each other), starting and ending with a strong link, so one of
//! the two ends is true. Type 1: both ends the same digit, which leaves every cell seeing both.
//! Type 2: different digits in cells that see each other; each end cell loses the other digit.
//! The grouped form also uses a digit's places where a box and a line cross as one node, and
//! almost locked sets as strong links between their digits. Under variant rules, a rule drawn
//! through two cells links weakly the digits it forbids together, and strongly the only two
//! places of a digit it needs ([`RuleLinks`]); what the ends forbid by a rule goes too. A digit a
//! rule forces in a cell is reached through the cell's rest, `(1)r4c8-(789=4)r4c7`.

use std::ops::ControlFlow;

use super::chain_links::{Chain, Ends, Graph, Links, Require};
use super::rule_links::RuleLinks;
use super::{Found, Technique};
use crate::candidates::Candidates;

pub struct Aic {
    grouped: bool,
}

pub static AIC: Aic = Aic { grouped: false };
pub static GROUPED_AIC: Aic = Aic { grouped: true };

/// The longest chain looked for, in links.
const MAX_LINKS: usize = 19;
/// The largest almost locked set used by grouped chains, in cells.
const MAX_ALS_CELLS: usize = 5;

impl Technique for Aic {
    fn name(&self) -> &'static str {
        if self.grouped { "Grouped AIC" } else { "AIC" }
    }

    fn about(&self) -> &'static str {
        if self.grouped {
            "An AIC whose nodes may also be groups: a digit's places where a box and a row or \
             column cross count as one node (true when the digit is in one of them), and an \
             almost locked set (N cells of a house with N+1 digits) links any two of its digits \
             strongly, since if one is missing from the set all the others must be there. When a \
             rule drawn through the cells leaves a cell one digit beside a candidate, the cell's \
             other digits count as one node: the candidate forbids them all, and if the cell \
             holds none of them it holds the last."
        } else {
            "An alternating inference chain joins candidates by strong links (at least one is \
             true: the two digits of a bivalue cell, or a digit's only two places in a house) and \
             weak links (at most one is true: two digits of one cell, or one digit in two cells \
             that see each other), starting and ending with a strong link. If the first \
             candidate is false the second is true, the third false, and so on: so one of the \
             two ends is true. With the same digit at both ends, no cell seeing both can hold \
             it; with different digits in cells that see each other, each end cell loses the \
             other end's digit. A rule drawn through two cells makes weak links too: a 4 on a \
             German whisper is false with anything but a 9 beside it, and a digit that both \
             ends forbid, by sight or by a rule, goes."
        }
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let rule_links = RuleLinks::build(marks);
        let mut links = Links {
            bivalue: true,
            bilocal: true,
            same_cell: true,
            groups: self.grouped,
            als_cells: 0,
            rules: rule_links.as_ref(),
        };
        let mut ends = Ends {
            same_digit: true,
            different_digits: true,
            loops: true,
            require: if self.grouped {
                Require::Group
            } else {
                Require::Nothing
            },
            max_links: MAX_LINKS,
        };
        let text = |chain: &Chain| {
            format!(
                "{}: {}{}",
                self.name(),
                chain.eureka_text(),
                chain.rules_text()
            )
        };
        Graph::build(marks, links).search_steps(ends, self.name(), &text, found)?;
        if self.grouped {
            // Almost locked sets make many more links: only once the groups are exhausted.
            links.als_cells = MAX_ALS_CELLS;
            ends.require = Require::Als;
            Graph::build(marks, links).search_steps(ends, self.name(), &text, found)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::tests::step_text;

    const PUZZLE: &str =
        ".....21.3.3.1..6.22513674981235789645862947319746132853....1.2.715826349..2.3..1.";

    #[test]
    fn type_1_ends_on_one_digit() {
        assert_eq!(
            step_text(&AIC, PUZZLE, "r7c7<>8, r9c1<>8"),
            "AIC: (8=9)r7c3-(9)r2c3=(9)r2c6-(9=5)r9c6-(5=8)r9c7 => r7c7<>8, r9c1<>8"
        );
    }

    #[test]
    fn type_2_ends_on_two_digits_that_see_each_other() {
        assert_eq!(
            step_text(&AIC, PUZZLE, "r7c7<>8, r9c7<>5"),
            "AIC: (5)r7c7=(5)r7c5-(5)r9c6=(5)r2c6-(9)r2c6=(9)r2c3-(9=8)r7c3-(8)r7c7=(8)r9c7 \
             => r7c7<>8, r9c7<>5"
        );
    }

    #[test]
    fn grouped_nodes_and_almost_locked_sets() {
        let puzzle =
            "3.2....1.1..97........1....5..18.6....15...7..8.74.1..9....1.27.1.4.......5..79.1";
        assert_eq!(
            step_text(
                &GROUPED_AIC,
                puzzle,
                "r1c2<>6, r1c6<>6, r1c9<>6, r2c6<>6, r3c4<>6, r3c6<>6"
            ),
            "Grouped AIC: (6=8)r1c4-(8)r79c4=(8)r8c6-(5)r8c6=(5)r78c5-(5=6)r1c5 \
             => r1c2<>6, r1c6<>6, r1c9<>6, r2c6<>6, r3c4<>6, r3c6<>6"
        );
        let puzzle =
            ".7....9...461..7.3.5.....4.765...812214685379389271..4.98.1..3..275.31.8531......";
        assert_eq!(
            step_text(&GROUPED_AIC, puzzle, "r1c9<>1, r3c1<>1"),
            "Grouped AIC: (1=8)r1c1-(8)r1c8=(8)r2c8-(8=2)r2c16-(2)r7c6=(2)r7c7-(2=1)r3c79 \
             => r1c9<>1, r3c1<>1"
        );
    }
}
