//! Simple Colors: for one digit, join every two places that are the only two in some house (a
//! conjugate pair) and color the joined places with two colors, alternating along each pair. In
//! each cluster one color holds the digit everywhere and the other nowhere.
//!
//! Trap: a cell outside the cluster that sees both colors loses the digit. Wrap: two cells of
//! the same color that see each other cannot both hold the digit, so that color is false and
//! every cell of it loses the digit.

use std::ops::ControlFlow;

use super::Technique;
use crate::engine::candidates::Candidates;
use crate::engine::grid::{Cell, Digit, House};
use crate::engine::sets::{CellSet, DigitSet};
use crate::engine::step::{Inference, Node, Step, cells_text};

pub struct SimpleColors {
    wrap: bool,
}

pub static SIMPLE_COLORS_TRAP: SimpleColors = SimpleColors { wrap: false };
pub static SIMPLE_COLORS_WRAP: SimpleColors = SimpleColors { wrap: true };

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

    fn search(
        &self,
        marks: &Candidates,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for digit in Digit::all() {
            let places = marks.cells_with(digit);
            // The cells holding the digit in a conjugate pair.
            let mut paired = CellSet::EMPTY;
            for house in House::all() {
                let p = places & house.cell_set();
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
                if let Some(step) = self.step(places, digit, &cluster) {
                    found(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl SimpleColors {
    fn step(&self, places: CellSet, digit: Digit, cluster: &Cluster) -> Option<Step> {
        let [a, b] = cluster.colors;
        let all = a | b;
        let mut targets = CellSet::EMPTY;
        let mut reason = String::new();
        if self.wrap {
            for color in [a, b] {
                if let Some((x, y)) = clash(color) {
                    targets = color;
                    reason = format!("{x} and {y} see each other, ");
                    break;
                }
            }
        } else {
            targets = (places & sight(a) & sight(b)) - all;
        }
        if targets.is_empty() {
            return None;
        }
        let one = DigitSet::single(digit);
        let node = |cell| Node {
            cells: CellSet::single(cell),
            digit,
        };
        let mut step = Step::new(self.name())
            .pattern(all, one)
            .eliminate(targets, one);
        for &(x, y) in &cluster.links {
            step = step.link(node(x), node(y), Inference::Strong);
        }
        Some(step.explain(|s| {
            format!(
                "{} {digit}: {} / {} ({reason}{} links) {}",
                self.name(),
                cells_text(a),
                cells_text(b),
                cluster.links.len(),
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
    for house in cell.houses() {
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
fn sight(cells: CellSet) -> CellSet {
    cells
        .iter()
        .fold(CellSet::EMPTY, |acc, cell| acc | cell.peers())
}

/// Two cells of `cells` that see each other, if any.
fn clash(cells: CellSet) -> Option<(Cell, Cell)> {
    for x in cells.iter() {
        if let Some(y) = (cells & x.peers()).first() {
            return Some((x.min(y), x.max(y)));
        }
    }
    None
}
