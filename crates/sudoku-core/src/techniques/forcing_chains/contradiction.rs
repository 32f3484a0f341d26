//! Forcing Chain Contradiction: a candidate whose assumption leads to an impossible grid is
//! false.

use std::ops::ControlFlow;

use super::net::{Contradiction, Fact, Net, Reason};
use super::{Limits, Pick, assumptions, proof_links, proof_text};
use crate::candidates::Candidates;
use crate::cell::Candidate;
use crate::house::House;
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
    let mut net = Net::new(marks);
    let assumptions = assumptions(marks);
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
                |(assumed, contradiction)| found(step(&net, assumed, contradiction)),
            )?;
        }
        if let Some(((assumed, contradiction), _)) = pick.best {
            // The same run again, for its proof: the contradiction comes at the same point.
            net.run(Fact::on(assumed), limit);
            return found(step(&net, assumed, contradiction));
        }
    }
    ControlFlow::Continue(())
}

/// The step of `assumed`, whose last run ended in `contradiction`.
fn step(net: &Net, assumed: Candidate, contradiction: Contradiction) -> Step {
    let Candidate { cell, digit } = assumed;
    let facts = net.proof(&net.contradiction_premises(contradiction));
    let mut step = Step::new(NAME)
        .pattern(CellSet::single(cell), DigitSet::single(digit))
        .eliminate(CellSet::single(cell), DigitSet::single(digit));
    step.links = proof_links(net, &facts);
    let chain = proof_text(&facts);
    let (end, house) = impossibility(net, contradiction);
    if let Some(house) = house {
        step = step.house(house);
    }
    step.explain(|_| format!("{NAME}: {chain} => {end}, so {cell}<>{digit}"))
}

/// What is impossible, in words, and the house where it happens if there is one.
fn impossibility(net: &Net, contradiction: Contradiction) -> (String, Option<House>) {
    match contradiction {
        Contradiction::Both(candidate) => {
            let Candidate { cell, digit } = candidate;
            match net.reason(Fact::off(candidate)) {
                Reason::Peer(placed) if placed.cell == cell => (
                    format!("{cell} would be both {} and {digit}", placed.digit),
                    None,
                ),
                Reason::Peer(placed) => {
                    let other = placed.cell;
                    let house = cell
                        .houses()
                        .into_iter()
                        .find(|h| h.cell_set().contains(other));
                    let text = match house {
                        Some(house) => format!("two {digit}s in {house}: {other} and {cell}"),
                        None => format!("{other} and {cell} would both be {digit}"),
                    };
                    (text, house)
                }
                _ => (
                    format!("{cell} would have to be {digit} and not {digit}"),
                    None,
                ),
            }
        }
        Contradiction::EmptyCell(cell) => (format!("{cell} has no candidate"), None),
        Contradiction::NoPlace(house, digit) => {
            (format!("{digit} has no place in {house}"), Some(house))
        }
    }
}
