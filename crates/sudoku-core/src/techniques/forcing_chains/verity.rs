//! Forcing Chain Verity: every candidate of a cell, or every place of a digit in a house, leads
//! to the same fact; one of them is true, so that fact is true.

use std::fmt;
use std::ops::ControlFlow;

use super::geometry::Geometry;
use super::net::{Consequences, Fact, Net};
use super::spread::{Planes, with_memo};
use super::{Limits, Pick, assumptions, proof_links, proof_text};
use crate::candidates::Candidates;
use crate::cell::{Candidate, Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::sort::sort_by_key;
use crate::step::Step;
use crate::techniques::Found;

pub(super) const NAME: &str = "Forcing Chain Verity";

pub(super) const ABOUT: &str = "Try each candidate of one cell in turn (or each place of a digit \
    in a house) and follow what must then happen: singles, digits leaving the peers of each placed \
    digit, and digits confined to where a box and a line cross leaving the rest of the other \
    house. If every try leads to the same placement or elimination, it is true, since one of the \
    tries is right.";

/// Follows every assumption within each depth limit of `limits`, then looks for a fact common
/// to every branch of a group.
pub(super) fn verities(marks: &Candidates, limits: Limits, found: Found<'_>) -> ControlFlow<()> {
    let rules = Geometry::of(marks);
    let mut net = Net::new(marks, &rules);
    // The fast propagation finds the groups whose branches share a conclusion; only their
    // members are run again, depth by depth, for the shortest proof.
    let root = Planes::new(marks);
    let groups: Vec<Group> = with_memo(|memo| {
        memo.rebase(&root, &rules);
        let mut groups = Group::every(marks);
        groups.retain(|group| {
            let branches: Option<Vec<Planes>> = group
                .members(marks)
                .into_iter()
                .map(|member| memo.assume(&root, member, 0, &rules))
                .collect();
            branches.is_some_and(|b| root.common_conclusion(&b).is_some())
        });
        groups
    });
    if groups.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut members = assumptions(marks);
    members.retain(|m| groups.iter().any(|g| g.members(marks).contains(m)));
    let mut branches = Branches::new(members);
    for &limit in limits.depths {
        branches.follow(&mut net, limit);
        let mut pick = Pick::new(limits);
        for &group in &groups {
            let Some((fact, cost)) = branches.common_conclusion(&group.members(marks)) else {
                continue;
            };
            pick.offer((group, fact), cost, |(group, fact)| {
                step(NAME, &mut net, marks, group, fact, limit)
                    .map_or(ControlFlow::Continue(()), &mut *found)
            })?;
        }
        if let Some(((group, fact), _)) = pick.best {
            return step(NAME, &mut net, marks, group, fact, limit)
                .map_or(ControlFlow::Continue(()), &mut *found);
        }
    }
    ControlFlow::Continue(())
}

/// The step of technique `name` for `group`, each of whose branches leads to `conclusion`
/// within `limit`; `None` if a branch does not.
pub(super) fn step(
    name: &'static str,
    net: &mut Net,
    marks: &Candidates,
    group: Group,
    conclusion: Fact,
    limit: u16,
) -> Option<Step> {
    let Candidate { cell, digit } = conclusion.candidate;
    let mut step = Step::new(name);
    step = if conclusion.on {
        step.place(cell, digit)
    } else {
        step.eliminate(CellSet::single(cell), DigitSet::single(digit))
    };
    let mut branches = Vec::new();
    for member in group.members(marks) {
        step = step.pattern(CellSet::single(member.cell), DigitSet::single(member.digit));
        net.run(Fact::on(member), limit);
        let facts = net.proof(&[conclusion]);
        if facts.last() != Some(&conclusion) {
            return None;
        }
        step.links.extend(proof_links(net, &facts));
        for rule in net.rules_read(&facts, None) {
            step = step.rule(rule.into());
        }
        branches.push((facts.len(), proof_text(&facts), net.proof_lines(&facts)));
    }
    // Shortest branches first: the easiest to follow lead.
    branches.sort_by_key(|(length, _, _)| *length);
    let chains: Vec<&str> = branches.iter().map(|(_, text, _)| text.as_str()).collect();
    let text = format!(
        "{name}: {group} leads to {conclusion}: {}",
        chains.join("; ")
    );
    for (_, _, lines) in &branches {
        step.detail.extend(lines.iter().cloned());
        step.detail.push(format!("so {conclusion}"));
    }
    Some(step.explain(|_| text))
}

/// The assumptions of a verity, one of which is true: the candidates of a cell, or the places of
/// a digit in a house.
#[derive(Clone, Copy, Debug)]
pub(super) enum Group {
    Cell(Cell),
    House(House, Digit),
}

impl Group {
    pub(super) fn members(self, marks: &Candidates) -> Vec<Candidate> {
        match self {
            Group::Cell(cell) => marks
                .get(cell)
                .iter()
                .map(|digit| Candidate::new(cell, digit))
                .collect(),
            Group::House(house, digit) => marks
                .places_in(digit, house)
                .iter()
                .map(|cell| Candidate::new(cell, digit))
                .collect(),
        }
    }

    fn size(self, marks: &Candidates) -> u32 {
        match self {
            Group::Cell(cell) => marks.get(cell).len(),
            Group::House(house, digit) => marks.places_in(digit, house).len(),
        }
    }

    /// Every group of two members or more, smaller groups first: fewer branches to follow and
    /// to read.
    fn every(marks: &Candidates) -> Vec<Group> {
        let cells = Cell::all().map(Group::Cell);
        let houses = Digit::all().flat_map(|digit| {
            marks
                .houses()
                .iter()
                .map(move |&house| Group::House(house, digit))
        });
        let mut groups: Vec<Group> = cells
            .chain(houses)
            .filter(|group| group.size(marks) >= 2)
            .collect();
        sort_by_key(&mut groups, |group| group.size(marks).into());
        groups
    }
}

/// `each candidate of r1c2` or `each place of 5 in row 3`.
impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Group::Cell(cell) => write!(f, "each candidate of {cell}"),
            Group::House(house, digit) => write!(f, "each place of {digit} in {house}"),
        }
    }
}

/// What each assumption leads to within one depth limit.
struct Branches {
    assumptions: Vec<Candidate>,
    /// Per candidate, its place in `assumptions`.
    position: [usize; Candidate::COUNT],
    /// Per assumption, its consequences; `None` when it leads to a contradiction.
    outcomes: Vec<Option<Consequences>>,
    /// Per assumption, `Fact::COUNT` entries: the depth of each of its consequences. Entries
    /// of facts a branch did not derive are left over from other limits and never read.
    depths: Vec<u16>,
}

impl Branches {
    fn new(assumptions: Vec<Candidate>) -> Branches {
        let mut position = [0; Candidate::COUNT];
        for (i, assumed) in assumptions.iter().enumerate() {
            position[assumed.index()] = i;
        }
        Branches {
            depths: vec![0; assumptions.len() * Fact::COUNT],
            assumptions,
            position,
            outcomes: Vec::new(),
        }
    }

    /// Follows every assumption within `limit`.
    fn follow(&mut self, net: &mut Net, limit: u16) {
        self.outcomes.clear();
        for (depths, &assumed) in self
            .depths
            .chunks_exact_mut(Fact::COUNT)
            .zip(&self.assumptions)
        {
            net.run(Fact::on(assumed), limit);
            if net.contradiction().is_some() {
                self.outcomes.push(None);
                continue;
            }
            // Facts at the depth limit or beyond may be unfinished; keep them anyway: every
            // derived fact is a true consequence.
            let consequences = net.consequences();
            consequences.for_each_fact(|fact| depths[fact.index()] = net.depth(fact));
            self.outcomes.push(Some(consequences));
        }
    }

    /// The best conclusion common to every branch of `members`, with its cost (the sum of its
    /// depths), or `None`; none when a branch is impossible, a contradiction instead.
    fn common_conclusion(&self, members: &[Candidate]) -> Option<(Fact, u32)> {
        let (first, others) = members.split_first()?;
        let mut common = *self.outcome(*first)?;
        for &member in others {
            common &= self.outcome(member)?;
        }
        // Placements first among equals: they make more progress.
        let key = |fact: Fact, cost: u32| cost * 2 + u32::from(!fact.on);
        let mut best: Option<(Fact, u32)> = None;
        common.for_each_fact(|fact| {
            let cost = members
                .iter()
                .map(|&m| u32::from(self.depth(m, fact)))
                .sum();
            if best.is_none_or(|(f, c)| key(fact, cost) < key(f, c)) {
                best = Some((fact, cost));
            }
        });
        best
    }

    /// What `assumed` leads to; `None` when it is impossible.
    fn outcome(&self, assumed: Candidate) -> Option<&Consequences> {
        self.outcomes[self.position[assumed.index()]].as_ref()
    }

    /// The depth of `fact` in the branch of `assumed`.
    fn depth(&self, assumed: Candidate, fact: Fact) -> u16 {
        self.depths[self.position[assumed.index()] * Fact::COUNT + fact.index()]
    }
}
