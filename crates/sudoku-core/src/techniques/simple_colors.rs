//! Simple Colors: for one digit, join every two places that are the only two in some house (a
//! conjugate pair) and color the joined places with two colors, alternating along each pair. In
//! each cluster one color holds the digit everywhere and the other nowhere.
//!
//! Trap: a cell outside the cluster that sees both colors loses the digit. Wrap: two cells of
//! the same color that see each other cannot both hold the digit, so that color is false and
//! every cell of it loses the digit.

use std::ops::ControlFlow;

use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::sets::{CellSet, DigitSet};
use crate::step::{Inference, Node, Step, cells_text};

pub struct SimpleColors {
    wrap: bool,
}

pub static SIMPLE_COLORS_TRAP: SimpleColors = SimpleColors { wrap: false };
pub static SIMPLE_COLORS_WRAP: SimpleColors = SimpleColors { wrap: true };

// Like Locked Candidates, each variant picks its name and paragraph inline: a helper shared for
// two choices of two strings would hide more than it saves.
impl Technique for SimpleColors {
    fn name(&self) -> &'static str {
        if self.wrap {
            "Simple Colors Wrap"
        } else {
            "Simple Colors Trap"
        }
    }

    fn about(&self) -> &'static str {
        if self.wrap {
            "Join the two places of a digit in every house where it has only two, and color them \
             alternately with two colors: one color holds the digit everywhere, the other \
             nowhere. If two cells of the same color see each other, that color cannot be the \
             true one, so the digit leaves all of its cells."
        } else {
            "Join the two places of a digit in every house where it has only two, and color them \
             alternately with two colors: one color holds the digit everywhere, the other \
             nowhere. A cell outside the chain that sees both colors sees the digit either way, \
             so it loses it."
        }
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for digit in Digit::all() {
            let places = marks.cells_with(digit);
            // The cells holding the digit in a conjugate pair.
            let mut paired = CellSet::EMPTY;
            for &house in marks.houses() {
                let p = places & marks.cells_of(house);
                if p.len() == 2 {
                    paired |= p;
                }
            }
            let mut seen = CellSet::EMPTY;
            for start in paired.iter() {
                if seen.contains(start) {
                    continue;
                }
                let Some(cluster) = Cluster::grow(marks, digit, start) else {
                    seen |= component(marks, digit, start);
                    continue;
                };
                seen |= cluster.colors[0] | cluster.colors[1];
                if let Some(step) = self.step(marks, digit, &cluster) {
                    found(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl SimpleColors {
    fn step(&self, marks: &Candidates, digit: Digit, cluster: &Cluster) -> Option<Step> {
        let places = marks.cells_with(digit);
        let [a, b] = cluster.colors;
        let all = a | b;
        let mut targets = CellSet::EMPTY;
        let mut reason = String::new();
        if self.wrap {
            for color in [a, b] {
                if let Some((x, y)) = clash(marks, color) {
                    targets = color;
                    reason = format!(" ({x} and {y} see each other)");
                    break;
                }
            }
        } else {
            targets = (places & sight(marks, a) & sight(marks, b)) - all;
        }
        if targets.is_empty() {
            return None;
        }
        let one = DigitSet::single(digit);
        let mut step = Step::new(self.name())
            .pattern(all, one)
            .eliminate(targets, one);
        for &(x, y) in &cluster.links {
            step = step.link(
                Node::single(x, digit),
                Node::single(y, digit),
                Inference::Strong,
            );
        }
        Some(step.explain(|s| {
            format!(
                "{} {digit}: {} / {}{reason} {}",
                self.name(),
                cells_text(a),
                cells_text(b),
                s.outcome_text()
            )
        }))
    }
}

/// A cluster of conjugate pairs, two-colored, with the links that join it.
struct Cluster {
    colors: [CellSet; 2],
    links: Vec<(Cell, Cell)>,
}

impl Cluster {
    /// Colors the cluster around `start`; `None` if the coloring contradicts itself (the marks
    /// are then broken and nothing is claimed).
    fn grow(marks: &Candidates, digit: Digit, start: Cell) -> Option<Cluster> {
        let mut colors = [CellSet::single(start), CellSet::EMPTY];
        let mut links = Vec::new();
        let mut queue = vec![(start, 0usize)];
        let mut next = 0;
        while let Some(&(cell, color)) = queue.get(next) {
            next += 1;
            for partner in partners(marks, digit, cell).iter() {
                if colors[color].contains(partner) {
                    return None;
                }
                if colors[1 - color].contains(partner) {
                    continue;
                }
                colors[1 - color].insert(partner);
                links.push((cell, partner));
                queue.push((partner, 1 - color));
            }
        }
        Some(Cluster { colors, links })
    }
}

/// The cells joined to `cell` by a conjugate pair.
fn partners(marks: &Candidates, digit: Digit, cell: Cell) -> CellSet {
    let mut found = CellSet::EMPTY;
    for &house in marks.houses_of(cell) {
        let p = marks.places_in(digit, house);
        if p.len() == 2 {
            found |= p - CellSet::single(cell);
        }
    }
    found
}

/// Every cell reachable from `start` along conjugate pairs.
fn component(marks: &Candidates, digit: Digit, start: Cell) -> CellSet {
    let mut reached = CellSet::single(start);
    let mut frontier = reached;
    while let Some(cell) = frontier.first() {
        frontier.remove(cell);
        let new = partners(marks, digit, cell) - reached;
        reached |= new;
        frontier |= new;
    }
    reached
}

/// The cells that see at least one cell of `cells`.
fn sight(marks: &Candidates, cells: CellSet) -> CellSet {
    cells
        .iter()
        .fold(CellSet::EMPTY, |acc, cell| acc | marks.peers(cell))
}

/// Two cells of `cells` that see each other, if any.
fn clash(marks: &Candidates, cells: CellSet) -> Option<(Cell, Cell)> {
    for x in cells.iter() {
        if let Some(y) = (cells & marks.peers(x)).first() {
            return Some((x.min(y), x.max(y)));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::tests::texts;

    #[test]
    fn trap() {
        let digits = "+6+745+93+12+8..+1.87.+45+5+8.14..+7.1+534.9.+8.8.+7........6+8......+6+8+7.\
                      +4+5917+15+9682+3+4....5+18+67";
        let deleted = "327 657 659";
        assert_eq!(
            texts(&SIMPLE_COLORS_TRAP, digits, deleted),
            ["Simple Colors Trap 2: r2c4,r3c3 / r3c6,r9c3 => r9c4<>2"]
        );
    }

    #[test]
    fn wrap() {
        let digits = "+548..+3....+674.+9+8359..8+5+7+6...+9..+382+5+73..57.4..+8+7+52+9+4163689+7\
                      +4+5+31+2...+9..+5...+513.2...";
        assert_eq!(
            texts(&SIMPLE_COLORS_WRAP, digits, ""),
            [
                "Simple Colors Wrap 1: r1c4,r1c9,r2c5,r3c2,r4c1,r5c6,r8c5 / \
                 r2c1,r3c9,r4c4,r5c2,r8c6 (r1c4 and r1c9 see each other) => r1c4<>1, r1c9<>1, \
                 r2c5<>1, r3c2<>1, r4c1<>1, r5c6<>1, r8c5<>1"
            ]
        );
    }
}
