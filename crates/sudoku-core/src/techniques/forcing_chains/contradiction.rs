//! Forcing Chain Contradiction: a candidate whose assumption leads to an impossible grid is
//! false.

use std::ops::ControlFlow;

use super::geometry::Geometry;
use super::net::{Contradiction, Fact, Net};
use super::spread::{Planes, with_memo};
use super::{Limits, Pick, assumptions, proof_links, proof_text};
use crate::candidates::Candidates;
use crate::cell::Candidate;
use crate::sets::{CellSet, DigitSet};
use crate::step::Step;
use crate::techniques::Found;

pub(super) const NAME: &str = "Forcing Chain Contradiction";

pub(super) const ABOUT: &str = "Suppose a candidate is true and follow what must then happen: its \
    digit leaves its peers, cells and houses left with one option are filled, a digit confined to \
    where a box and a line cross leaves the rest of the other house, and so on. If that ends in an \
    impossible grid — a cell with no candidate, a digit with no place in a house, or the same \
    digit twice in a house — the candidate was false.";

/// Assumes each candidate in turn, within each depth limit of `limits`.
pub(super) fn contradictions(
    marks: &Candidates,
    limits: Limits,
    found: Found<'_>,
) -> ControlFlow<()> {
    let rules = Geometry::of(marks);
    let mut net = Net::new(marks, &rules);
    // The fast propagation finds which assumptions fail; only those are run again, depth by
    // depth, for the shortest proof.
    let root = Planes::new(marks);
    let assumptions: Vec<Candidate> = with_memo(|memo| {
        memo.rebase(&root, &rules);
        let mut failing = assumptions(marks);
        failing.retain(|&assumed| memo.assume(&root, assumed, 0, &rules).is_none());
        failing
    });
    for &limit in limits.depths {
        let mut pick = Pick::new(limits);
        for &assumed in &assumptions {
            // Nothing deeper than the best proof so far can replace it.
            let cap = pick.best.map_or(limit, |(_, depth)| limit.min(depth));
            net.run(Fact::on(assumed), cap);
            let Some((contradiction, depth)) = net.contradiction() else {
                continue;
            };
            pick.offer(
                (assumed, contradiction),
                depth,
                |(assumed, contradiction)| found(step(NAME, &net, assumed, contradiction)),
            )?;
        }
        if let Some(((assumed, contradiction), _)) = pick.best {
            // The same run again, for its proof: the contradiction comes at the same point.
            net.run(Fact::on(assumed), limit);
            return found(step(NAME, &net, assumed, contradiction));
        }
    }
    ControlFlow::Continue(())
}

/// The step of technique `name` for `assumed`, whose last run ended in `contradiction`.
pub(super) fn step(
    name: &'static str,
    net: &Net,
    assumed: Candidate,
    contradiction: Contradiction,
) -> Step {
    let Candidate { cell, digit } = assumed;
    let facts = net.proof(&net.contradiction_premises(contradiction));
    let mut step = Step::new(name)
        .pattern(CellSet::single(cell), DigitSet::single(digit))
        .eliminate(CellSet::single(cell), DigitSet::single(digit));
    step.links = proof_links(net, &facts);
    let chain = proof_text(&facts);
    let (end, house) = net.impossibility(contradiction);
    if let Some(house) = house {
        step = step.house(house);
    }
    for rule in net.rules_read(&facts, Some(contradiction)) {
        step = step.rule(rule.into());
    }
    step.detail = net.proof_lines(&facts);
    step.detail
        .push(format!("contradiction: {end}, so {cell}<>{digit}"));
    step.explain(|_| format!("{name}: {chain} => {end}, so {cell}<>{digit}"))
}
