//! Alternating Inference Chains over candidates: strong links (the two digits of a bivalue cell,
//! a digit's only two places in a house) alternate with weak links (two digits of one cell, one
//! digit in two cells that see each other), starting and ending with a strong link, so one of
//! the two ends is true. Type 1: both ends the same digit, which leaves every cell seeing both.
//! Type 2: different digits in cells that see each other; each end cell loses the other digit.
//! The grouped form also uses a digit's places where a box and a line cross as one node, and
//! almost locked sets as strong links between their digits.

use std::ops::ControlFlow;

use super::Technique;
use super::chain_links::{Chain, Ends, Graph, Links, Require};
use crate::engine::candidates::Candidates;
use crate::engine::step::Step;

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
             strongly, since if one is missing from the set all the others must be there."
        } else {
            "An alternating inference chain joins candidates by strong links (at least one is \
             true: the two digits of a bivalue cell, or a digit's only two places in a house) and \
             weak links (at most one is true: two digits of one cell, or one digit in two cells \
             that see each other), starting and ending with a strong link. If the first \
             candidate is false the second is true, the third false, and so on: so one of the \
             two ends is true. With the same digit at both ends, no cell seeing both can hold \
             it; with different digits in cells that see each other, each end cell loses the \
             other end's digit."
        }
    }

    fn search(
        &self,
        marks: &Candidates,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut links = Links {
            bivalue: true,
            bilocal: true,
            same_cell: true,
            groups: self.grouped,
            als_cells: 0,
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
            rounds: true,
        };
        let mut report = |chain: &Chain| {
            let step = chain.step(self.name()).explain(|s| {
                format!(
                    "{}: {} {}",
                    self.name(),
                    chain.eureka_text(),
                    s.outcome_text()
                )
            });
            found(step)
        };
        Graph::build(marks, links).search(ends, &mut report)?;
        if self.grouped {
            // Almost locked sets make many more links: only once the groups are exhausted.
            links.als_cells = MAX_ALS_CELLS;
            ends.require = Require::Als;
            Graph::build(marks, links).search(ends, &mut report)?;
        }
        ControlFlow::Continue(())
    }
}
