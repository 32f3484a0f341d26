//! Forcing Chains, dynamic: assume a candidate true and follow what must then happen. Every
//! derived fact keeps its reason, so a step can show the chain (or net) of implications that
//! proves it.
//!
//! - [`CONTRADICTION`]: the assumption leads to an impossible grid, so the assumed candidate is
//!   false.
//! - [`VERITY`]: every candidate of a cell, or every place of a digit in a house, leads to the
//!   same fact; one of them is true, so that fact is true.
//!
//! - [`NESTED`]: the same over branches that, once the rules run dry, try every remaining
//!   candidate with a plain forcing chain and drop those that fail (SE's nested forcing chains).
//!
//! The propagation is [`net`], apart from the techniques, for other searches to run as well.
//! It is breadth first, and [`Technique::first`] looks for short proofs before long ones, so
//! the step shown is one of the shortest found. [`spread`] runs the same rules fast on digit
//! planes, without reasons: it finds what holds, and the net is run only to explain it.

mod contradiction;
mod geometry;
mod nested;
pub(crate) mod net;
mod spread;
mod verity;

use std::ops::ControlFlow;

use super::{Found, Technique, first_found};
use crate::candidates::Candidates;
use crate::cell::Candidate;
use crate::step::{Inference, Link, Node, Step};
use net::{Fact, Net};

/// A forcing-chain technique: its name, its paragraph, and its search, which takes the depth
/// limits to try and whether to report only the shortest proof.
pub struct ForcingChains {
    name: &'static str,
    about: &'static str,
    search: fn(&Candidates, Limits, Found<'_>) -> ControlFlow<()>,
}

pub static CONTRADICTION: ForcingChains = ForcingChains {
    name: contradiction::NAME,
    about: contradiction::ABOUT,
    search: contradiction::contradictions,
};

pub static VERITY: ForcingChains = ForcingChains {
    name: verity::NAME,
    about: verity::ABOUT,
    search: verity::verities,
};

/// Nested once: the inner chains are plain dynamic forcing chains. Deeper nesting is not in the
/// registry: this level already finishes every puzzle of the hardest lists tried, and each level
/// multiplies the work by the number of candidates.
pub static NESTED: nested::NestedForcingChains = nested::NestedForcingChains {
    name: "Nested Forcing Chain",
    level: 1,
};

impl Technique for ForcingChains {
    fn name(&self) -> &'static str {
        self.name
    }

    fn about(&self) -> &'static str {
        self.about
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        (self.search)(marks, EVERY, found)
    }

    /// The shortest proof found, trying short chains before long ones.
    fn first(&self, marks: &Candidates) -> Option<Step> {
        first_found(|found| (self.search)(marks, SHORTEST, found))
    }
}

/// The depth limits a search tries in turn, and whether it reports only the shortest proof.
#[derive(Clone, Copy)]
struct Limits {
    depths: &'static [u16],
    shortest: bool,
}

/// Every proof, reported as soon as found: what `search` reports.
const EVERY: Limits = Limits {
    depths: &[u16::MAX],
    shortest: false,
};

/// Short proofs before long ones, the shortest within each limit: what `first` reports.
const SHORTEST: Limits = Limits {
    depths: &[8, 14, 24, u16::MAX],
    shortest: true,
};

/// Longest proof written out in full; longer ones show their length and placements.
const FULL_TEXT: usize = 14;

/// Every live candidate, most promising assumptions first: those of bivalue cells, then those
/// with two places in a house, then the rest; each group in board order.
fn assumptions(marks: &Candidates) -> Vec<Candidate> {
    let mut ranked: [Vec<Candidate>; 3] = Default::default();
    for candidate in marks.iter() {
        ranked[rank(marks, candidate)].push(candidate);
    }
    ranked.concat()
}

fn rank(marks: &Candidates, Candidate { cell, digit }: Candidate) -> usize {
    if marks.get(cell).len() == 2 {
        0
    } else if marks
        .houses_of(cell)
        .iter()
        .any(|&house| marks.places_in(digit, house).len() == 2)
    {
        1
    } else {
        2
    }
}

/// What a search does with the proofs it finds: report each one at once, or (`shortest`) keep
/// the cheapest, the first of equals, to report at the end.
struct Pick<T, C> {
    shortest: bool,
    best: Option<(T, C)>,
}

impl<T: Copy, C: Copy + PartialOrd> Pick<T, C> {
    fn new(limits: Limits) -> Pick<T, C> {
        Pick {
            shortest: limits.shortest,
            best: None,
        }
    }

    fn offer(
        &mut self,
        proof: T,
        cost: C,
        report: impl FnOnce(T) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if !self.shortest {
            return report(proof);
        }
        if self.best.is_none_or(|(_, c)| cost < c) {
            self.best = Some((proof, cost));
        }
        ControlFlow::Continue(())
    }
}

/// The links of a proof: into each fact from each of its premises, strong into a true fact and
/// weak into a false one.
fn proof_links(net: &Net, facts: &[Fact]) -> Vec<Link> {
    let node = |fact: Fact| Node::single(fact.candidate.cell, fact.candidate.digit);
    let mut links = Vec::new();
    for &fact in facts {
        let inference = if fact.on {
            Inference::Strong
        } else {
            Inference::Weak
        };
        for premise in net.premises(fact) {
            links.push(Link {
                from: node(premise),
                to: node(fact),
                inference,
            });
        }
    }
    links
}

/// A proof as text, `r1c2=3 => r1c5<>3 => r1c5=8`; a long one shows its ends, its length and
/// the placements between.
fn proof_text(facts: &[Fact]) -> String {
    match facts {
        [first, middle @ .., last] if facts.len() > FULL_TEXT => {
            let placed: Vec<String> = middle
                .iter()
                .filter(|f| f.on)
                .map(Fact::to_string)
                .collect();
            let steps = facts.len() - 1;
            if placed.is_empty() {
                format!("{first} => ... ({steps} steps) => {last}")
            } else {
                format!(
                    "{first} => ... ({steps} steps, via {}) => {last}",
                    placed.join(", ")
                )
            }
        }
        _ => {
            let texts: Vec<String> = facts.iter().map(Fact::to_string).collect();
            texts.join(" => ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Difficulty;
    use crate::grid::Grid;
    use crate::techniques::REGISTRY;

    /// The first puzzle of the "top 1465" list and its solution.
    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const SOLUTION: &str =
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

    /// The first puzzle of the forum's hardest list of 2011-06 and its solution.
    const HARDEST: &str =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    const HARDEST_SOLUTION: &str =
        "621943758783615492594728361142879635357461289869532174238197546916354827475286913";

    /// The marks once every technique simpler than forcing chains is exhausted.
    fn stuck_marks() -> (Candidates, Grid) {
        stuck_below(PUZZLE, SOLUTION, Difficulty(85))
    }

    /// The marks of `puzzle` once every technique easier than `below` is exhausted.
    fn stuck_below(puzzle: &str, solution: &str, below: Difficulty) -> (Candidates, Grid) {
        let mut marks = Candidates::new(&Grid::parse_line(puzzle).unwrap());
        'steps: loop {
            for entry in REGISTRY.iter().filter(|e| e.difficulty < below) {
                if let Some(step) = entry.technique.first(&marks) {
                    step.apply_to(&mut marks);
                    continue 'steps;
                }
            }
            break;
        }
        (marks, Grid::parse_line(solution).unwrap())
    }

    /// Checks every step `technique` finds in the stuck marks, and the one it finds first,
    /// against the solution; `check` adds what each step's text must say.
    fn check_every_step(technique: &ForcingChains, check: impl Fn(&Step)) {
        let (marks, solution) = stuck_marks();
        assert!(!marks.is_complete());
        let check_sound = |step: &Step| {
            for p in &step.placements {
                assert_eq!(solution.get(p.cell), Some(p.digit), "{}", step.text);
            }
            for e in &step.eliminations {
                assert_ne!(solution.get(e.cell), Some(e.digit), "{}", step.text);
            }
            assert!(!step.links.is_empty(), "{}", step.text);
        };
        let mut count = 0;
        let _ = technique.search(&marks, &mut |step| {
            check_sound(&step);
            check(&step);
            count += 1;
            ControlFlow::Continue(())
        });
        assert!(count > 0);
        check_sound(&technique.first(&marks).expect("a step"));
    }

    #[test]
    fn every_contradiction_is_sound_and_explained() {
        check_every_step(&CONTRADICTION, |step| {
            assert_eq!(step.eliminations.len(), 1);
            let e = step.eliminations[0];
            let assumed = format!("Forcing Chain Contradiction: {}={} => ", e.cell, e.digit);
            assert!(step.text.starts_with(&assumed), "{}", step.text);
            let conclusion = format!(", so {}<>{}", e.cell, e.digit);
            assert!(step.text.ends_with(&conclusion), "{}", step.text);
        });
    }

    #[test]
    fn every_verity_is_sound_and_explained() {
        check_every_step(&VERITY, |step| {
            assert_eq!(step.placements.len() + step.eliminations.len(), 1);
            assert!(step.text.starts_with("Forcing Chain Verity: each "));
            // One chain per branch, each ending in the conclusion.
            let branches = step.pattern.len();
            let chains = step.text.matches("; ").count() + 1;
            assert_eq!(chains, branches, "{}", step.text);
        });
    }

    #[test]
    fn a_nested_chain_shows_its_inner_chains_in_its_detail() {
        let (marks, solution) = stuck_below(HARDEST, HARDEST_SOLUTION, Difficulty(105));
        assert!(CONTRADICTION.first(&marks).is_none() && VERITY.first(&marks).is_none());
        let step = NESTED.first(&marks).expect("a nested forcing chain");
        for e in &step.eliminations {
            assert_ne!(solution.get(e.cell), Some(e.digit), "{}", step.text);
        }
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{}", step.text);
        }
        assert!(
            step.text.starts_with("Nested Forcing Chain: "),
            "{}",
            step.text
        );
        assert!(!step.text.contains('\n'));
        // The outer proof names a fact proved by an inner chain, whose lines follow indented,
        // from its assumption to its contradiction.
        let nested = step
            .detail
            .iter()
            .position(|l| l.ends_with("leads to a contradiction)"));
        let nested = nested.expect("a nested fact");
        assert!(
            step.detail[nested + 1].starts_with("    ")
                && step.detail[nested + 1].ends_with("(assumption)")
        );
        assert!(
            step.detail
                .iter()
                .any(|l| l.starts_with("    contradiction: "))
        );
        assert!(
            step.detail.last().unwrap().starts_with("contradiction: ")
                || step.detail.last().unwrap().starts_with("so ")
        );
    }

    #[test]
    fn a_chain_reads_from_the_assumption_to_the_contradiction() {
        // Row 1 lacks only 8 and 9, and the 9 in r2c9 leaves r1c9 only 8: assuming r1c8=8
        // empties r1c9.
        let line = format!("1234567..{}9{}", ".".repeat(8), ".".repeat(63));
        let marks = Candidates::new(&Grid::parse_line(&line).unwrap());
        let step = CONTRADICTION.first(&marks).expect("a contradiction");
        assert_eq!(
            step.text,
            "Forcing Chain Contradiction: r1c8=8 => r1c9<>8 => r1c9 has no candidate, so r1c8<>8"
        );
        assert_eq!(step.links.len(), 1);
        assert_eq!(step.links[0].inference, Inference::Weak);
    }

    #[test]
    fn a_long_proof_names_the_placements_between_its_ends_when_there_are_any() {
        // A 1 in each of the first cells: r1c1, r1c2, … r2c6.
        let one_in = |cell: usize| {
            Candidate::new(
                crate::Cell::new(cell as u8).unwrap(),
                crate::Digit::new(1).unwrap(),
            )
        };
        let mut facts: Vec<Fact> = (0..=FULL_TEXT).map(|i| Fact::off(one_in(i))).collect();
        facts[0] = Fact::on(one_in(0));
        assert_eq!(
            proof_text(&facts),
            format!("r1c1=1 => ... ({FULL_TEXT} steps) => r2c6<>1")
        );
        facts[3] = Fact::on(one_in(3));
        assert_eq!(
            proof_text(&facts),
            format!("r1c1=1 => ... ({FULL_TEXT} steps, via r1c4=1) => r2c6<>1")
        );
    }
}
