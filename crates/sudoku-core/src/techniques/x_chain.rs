//! X-Chain: one digit, an alternating chain of strong links (the digit's only two places in a
//! house) and weak links (two places that see each other), starting and ending with a strong
//! link. One of its two ends holds the digit, so no cell that sees both ends can.

use std::ops::ControlFlow;

use super::chain_links::{Chain, Ends, Graph, Links};
use super::{Found, Technique};
use crate::candidates::Candidates;

pub struct XChain;

/// The longest chain looked for, in links.
const MAX_LINKS: usize = 15;

// XY-Chain reads alike on purpose: each is one call into the shared chain search with its own
// links and wording, and the two stay separate techniques, a file each.
impl Technique for XChain {
    fn name(&self) -> &'static str {
        "X-Chain"
    }

    fn about(&self) -> &'static str {
        "Follow one digit along a chain that alternates between strong links (a house where the \
         digit has only two places: one of them holds it) and weak links (two places that see \
         each other: at most one holds it), starting and ending with a strong link. If the first \
         place does not hold the digit, the next one does, the one after does not, and so on to \
         the last one: so one of the two ends holds it, and any cell that sees both ends cannot."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let links = Links {
            bilocal: true,
            ..Links::NONE
        };
        let text = |chain: &Chain| format!("X-Chain {}: {}", chain.digit(), chain.cells_text());
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
    fn finds_a_chain_of_one_digit() {
        let puzzle =
            "3.452..8...6.9.....5..7.3.....689.23...734....631527...1.96......9.4..6.6.8217..5";
        assert_eq!(
            step_text(&XChain, puzzle, "r4c2<>7"),
            "X-Chain 7: r1c2=r1c9-r2c8=r7c8-r7c3=r4c3 => r4c2<>7"
        );
    }
}
