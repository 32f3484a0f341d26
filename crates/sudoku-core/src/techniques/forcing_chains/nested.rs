//! Nested Forcing Chains: forcing chains whose links may themselves be forcing chains. Within a
//! branch, once singles and locked candidates run dry, every live candidate is tried with a
//! shorter forcing chain on the branch's reduced board; a candidate that leads to a
//! contradiction there is false in the branch, and the branch goes on.

use std::ops::ControlFlow;

use super::geometry::Geometry;
use super::net::{Fact, Net};
use super::spread::{Planes, with_memo};
use super::verity::Group;
use super::{assumptions, contradiction, verity};
use crate::candidates::Candidates;
use crate::cell::Candidate;
use crate::step::Step;
use crate::techniques::{Found, Technique};

pub(super) const ABOUT: &str = "A forcing chain whose links may themselves be forcing chains. \
    Suppose a candidate is true and follow what must then happen, as in a dynamic forcing chain; \
    when nothing more follows, try each remaining candidate of that reduced grid with a shorter \
    forcing chain: one that leads to an impossible grid is false there too, and the chain goes \
    on. If the outer chain ends in a contradiction, the first candidate is false; if every \
    candidate of a cell (or every place of a digit in a house) leads to the same fact, the fact \
    is true.";

/// A forcing-chain technique whose chains nest others to a given depth.
pub struct NestedForcingChains {
    pub(super) name: &'static str,
    pub(super) level: u8,
}

impl Technique for NestedForcingChains {
    fn name(&self) -> &'static str {
        self.name
    }

    fn about(&self) -> &'static str {
        ABOUT
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        sweep(marks, self.level, &mut |finding| {
            self.step(marks, finding)
                .map_or(ControlFlow::Continue(()), &mut *found)
        })
    }
}

impl NestedForcingChains {
    /// The explained step of a finding: the explaining net replays it; `None` if it cannot
    /// (only on marks the simpler techniques have not cleared first).
    fn step(&self, marks: &Candidates, finding: Finding) -> Option<Step> {
        let rules = Geometry::of(marks);
        let mut net = Net::nested(marks, self.level, &rules);
        match finding {
            Finding::Refuted(assumed) => {
                net.run(Fact::on(assumed), u16::MAX);
                let (contradiction, _) = net.contradiction()?;
                Some(contradiction::step(self.name, &net, assumed, contradiction))
            }
            Finding::Verity(group, candidate, on) => {
                let conclusion = Fact { candidate, on };
                verity::step(self.name, &mut net, marks, group, conclusion, u16::MAX)
            }
        }
    }
}

/// What a nested search found.
#[derive(Clone, Copy, Debug)]
pub(super) enum Finding {
    /// Assuming the candidate breaks the grid.
    Refuted(Candidate),
    /// Every member of the group leads to the fact: the candidate placed (`true`) or removed.
    Verity(Group, Candidate, bool),
}

/// Reports each finding at nesting `level`, cheapest assumptions first, until `report` breaks.
pub(super) fn sweep(
    marks: &Candidates,
    level: u8,
    report: &mut dyn FnMut(Finding) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let root = Planes::new(marks);
    let rules = Geometry::of(marks);
    with_memo(|memo| memo.rebase(&root, &rules));
    let mut outcomes: Vec<Option<Planes>> = vec![None; Candidate::COUNT];
    for assumed in assumptions(marks) {
        // The memo is let go before reporting: explaining a finding uses it too.
        let Some(outcome) = with_memo(|memo| memo.assume(&root, assumed, level, &rules)) else {
            report(Finding::Refuted(assumed))?;
            continue;
        };
        outcomes[assumed.index()] = Some(outcome);
        for group in groups_of(marks, assumed) {
            let members = group.members(marks);
            let branches: Option<Vec<Planes>> =
                members.iter().map(|m| outcomes[m.index()]).collect();
            let common = branches
                .filter(|b| b.len() > 1)
                .and_then(|b| root.common_conclusion(&b));
            if let Some((candidate, on)) = common {
                report(Finding::Verity(group, candidate, on))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The cell's group and the digit's groups in the cell's houses.
fn groups_of(marks: &Candidates, candidate: Candidate) -> impl Iterator<Item = Group> + '_ {
    let Candidate { cell, digit } = candidate;
    std::iter::once(Group::Cell(cell)).chain(
        marks
            .houses_of(cell)
            .iter()
            .map(move |&house| Group::House(house, digit)),
    )
}
