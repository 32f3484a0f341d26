//! XY-Chain: a chain of bivalue cells, each linked to the next by a digit they share and see
//! each other with. If the first cell is not its end digit, every cell in turn takes its other
//! digit, and the last cell is the end digit: a cell seeing both ends cannot hold it.

use std::ops::ControlFlow;

use super::chain_links::{Chain, Ends, Graph, Links};
use super::{Found, Technique};
use crate::candidates::Candidates;

pub struct XyChain;

/// The longest chain looked for, in links (two per cell, less one).
const MAX_LINKS: usize = 19;

// X-Chain reads alike on purpose: each is one call into the shared chain search with its own
// links and wording, and the two stay separate techniques, a file each.
impl Technique for XyChain {
    fn name(&self) -> &'static str {
        "XY-Chain"
    }

    fn about(&self) -> &'static str {
        "Link cells that have only two candidates each: from one cell to the next through a \
         digit they share, the two cells seeing each other. Say the first cell is not digit X: \
         then it is its other digit, so the next cell is not that digit and is its own other \
         digit, and so on. If the last cell's other digit is X too, one of the two end cells is \
         X, and any cell that sees both ends cannot be X."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let links = Links {
            bivalue: true,
            ..Links::NONE
        };
        let text = |chain: &Chain| format!("XY-Chain: {}", chain.eureka_text());
        Graph::build(marks, links).search_steps(
            Ends::same_digit(MAX_LINKS),
            self.name(),
            &text,
            found,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::tests::step_text;

    #[test]
    fn finds_a_chain_of_bivalue_cells() {
        let puzzle =
            "472356981531..8.2.8691.2.53158.2734.2964138757438.5....8...9....2..81...91..34.68";
        assert_eq!(
            step_text(&XyChain, puzzle, "r7c5<>6"),
            "XY-Chain: (6=9)r6c5-(9=1)r6c8-(1=3)r7c8-(3=6)r7c1 => r7c5<>6"
        );
    }
}
