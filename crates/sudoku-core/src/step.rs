//! One explained step of the logical solver: what a technique found, the pattern that proves it,
//! and what it changes on the board.

use std::borrow::Cow;
use std::fmt::{Display, Write};

use crate::candidates::Candidates;
use crate::cell::{Candidate, Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::sort::sort_by_key;
use crate::variant::Cage;

/// A node of a chain: a digit in one cell, or in a group of cells of one house (a grouped node).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Node {
    pub cells: CellSet,
    pub digit: Digit,
}

impl Node {
    /// The node of one candidate.
    pub fn single(cell: Cell, digit: Digit) -> Node {
        Node {
            cells: CellSet::single(cell),
            digit,
        }
    }
}

impl From<(Cell, Digit)> for Node {
    fn from((cell, digit): (Cell, Digit)) -> Node {
        Node::single(cell, digit)
    }
}

/// Strong: at least one end is true. Weak: at most one end is true.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Inference {
    Strong,
    Weak,
}

/// One link of a chain, from one node to the next.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Link {
    pub from: Node,
    pub to: Node,
    pub inference: Inference,
}

/// A step found by a technique. Placements and eliminations are what it changes; `pattern`,
/// `houses` and `links` are the proof a player is shown.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    /// The technique's name, as in the registry.
    pub technique: Cow<'static, str>,
    pub placements: Vec<Candidate>,
    pub eliminations: Vec<Candidate>,
    /// The candidates that make the pattern: pair cells, fish corners and fins, chain nodes.
    pub pattern: Vec<Candidate>,
    /// Where to look: the house of a single, a fish's base houses, the houses of a subset.
    pub houses: Vec<House>,
    /// For fish: the cover houses that the eliminations lie in.
    pub cover_houses: Vec<House>,
    /// For chains: the links in order, each strong or weak.
    pub links: Vec<Link>,
    /// One line in standard notation, e.g. `Hidden Single: r3c5=7 (only place for 7 in box 2)`.
    pub text: String,
    /// For forcing chains: the whole proof that `text` sums up, one fact a line with why it
    /// holds, a nested chain's own proof indented under the fact it proves. For other chains,
    /// each link a rule makes and the rule's name: `(4)r1c1-(9)r1c2: the whispers line from
    /// r1c1`. Empty otherwise.
    pub detail: Vec<String>,
    /// The constraints of the puzzle's rules the step reads, each by its place among them (as
    /// [`crate::variant::Rules::constraints`] lists them and the drawing numbers its marks),
    /// without repeats: a thermometer, an arrow, the dots a chain goes through, the cages and
    /// constraints a forcing chain's proof reads. Empty for a step of the houses alone.
    pub rules: Vec<u16>,
}

impl Step {
    /// An empty step of `technique`; the builder methods below fill it in.
    pub fn new(technique: &'static str) -> Step {
        Step {
            technique: Cow::Borrowed(technique),
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern: Vec::new(),
            houses: Vec::new(),
            cover_houses: Vec::new(),
            links: Vec::new(),
            text: String::new(),
            detail: Vec::new(),
            rules: Vec::new(),
        }
    }

    /// Notes that the step reads `cage`, one of the cages of `marks`.
    pub fn cage(self, marks: &Candidates, cage: &Cage) -> Step {
        match marks.cage_rule(cage) {
            Some(index) => self.rule(index),
            None => self,
        }
    }

    /// Notes that the step reads the `index`th constraint of the puzzle's rules.
    pub fn rule(mut self, index: usize) -> Step {
        // The rules a step reads come before the kept, unchecked entries, and the marks of 81
        // cells and their edges number far fewer than u16 holds.
        let index = index as u16;
        if !self.rules.contains(&index) {
            self.rules.push(index);
        }
        self
    }

    pub fn place(mut self, cell: Cell, digit: Digit) -> Step {
        self.placements.push(Candidate::new(cell, digit));
        self
    }

    /// Eliminates every digit of `digits` from every cell of `cells` (callers pass only live
    /// candidates, so the step never claims to remove what is not there).
    pub fn eliminate(mut self, cells: CellSet, digits: DigitSet) -> Step {
        for cell in cells.iter() {
            for digit in digits.iter() {
                self.eliminations.push(Candidate::new(cell, digit));
            }
        }
        self
    }

    /// Adds the pattern candidates: every digit of `digits` in every cell of `cells`.
    pub fn pattern(mut self, cells: CellSet, digits: DigitSet) -> Step {
        for cell in cells.iter() {
            for digit in digits.iter() {
                self.pattern.push(Candidate::new(cell, digit));
            }
        }
        self
    }

    /// Adds every candidate of every cell of `cells` to the pattern.
    pub fn pattern_cells(mut self, marks: &Candidates, cells: CellSet) -> Step {
        for cell in cells.iter() {
            self = self.pattern(CellSet::single(cell), marks.get(cell));
        }
        self
    }

    /// Eliminates from every cell of `cells` the digits of `digits` still candidates there.
    pub fn eliminate_candidates(
        mut self,
        marks: &Candidates,
        cells: CellSet,
        digits: DigitSet,
    ) -> Step {
        for cell in cells.iter() {
            self = self.eliminate(CellSet::single(cell), marks.get(cell) & digits);
        }
        self
    }

    pub fn house(mut self, house: House) -> Step {
        self.houses.push(house);
        self
    }

    pub fn cover_house(mut self, house: House) -> Step {
        self.cover_houses.push(house);
        self
    }

    pub fn link(mut self, from: Node, to: Node, inference: Inference) -> Step {
        self.links.push(Link {
            from,
            to,
            inference,
        });
        self
    }

    /// Links `nodes` in order, alternately strong and weak, starting with a strong link. A node
    /// may be given as a `(cell, digit)` pair.
    pub fn chain<N: Into<Node>>(mut self, nodes: impl IntoIterator<Item = N>) -> Step {
        let mut nodes = nodes.into_iter().map(Into::into);
        let Some(mut from) = nodes.next() else {
            return self;
        };
        for (i, to) in nodes.enumerate() {
            let inference = if i % 2 == 0 {
                Inference::Strong
            } else {
                Inference::Weak
            };
            self = self.link(from, to, inference);
            from = to;
        }
        self
    }

    /// Carries out the step on `marks`: its placements, then its eliminations. Returns whether
    /// anything changed.
    pub fn apply_to(&self, marks: &mut Candidates) -> bool {
        let mut changed = false;
        for p in &self.placements {
            changed |= marks.grid().get(p.cell).is_none();
            marks.place(p.cell, p.digit);
        }
        for e in &self.eliminations {
            changed |= marks.eliminate(e.cell, e.digit);
        }
        changed
    }

    /// Sets the sentence; eliminations are sorted first so that `eliminations_text` reads in
    /// board order.
    pub fn explain(mut self, text: impl FnOnce(&Step) -> String) -> Step {
        self.order_eliminations();
        self.text = text(&self);
        self
    }

    /// Kept out of the generic `explain`, so that the sort is compiled once rather than once
    /// for each technique's sentence.
    fn order_eliminations(&mut self) {
        sort_by_key(&mut self.eliminations, |c| c.key());
        self.eliminations.dedup();
    }

    /// `r3c5=7, r4c1=2`
    pub fn placements_text(&self) -> String {
        join(
            self.placements
                .iter()
                .map(|p| format!("{}={}", p.cell, p.digit)),
            ", ",
        )
    }

    /// `r6c7<>4, r6c9<>9`
    pub fn eliminations_text(&self) -> String {
        join(
            self.eliminations
                .iter()
                .map(|e| format!("{}<>{}", e.cell, e.digit)),
            ", ",
        )
    }

    /// What the step does: `=> r6c7<>4` or `=> r3c5=7`.
    pub fn outcome_text(&self) -> String {
        if self.placements.is_empty() {
            format!("=> {}", self.eliminations_text())
        } else {
            format!("=> {}", self.placements_text())
        }
    }
}

/// The items written one after another with `separator` between them.
fn join<T: Display>(items: impl IntoIterator<Item = T>, separator: &str) -> String {
    let mut text = String::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            text.push_str(separator);
        }
        let _ = write!(text, "{item}");
    }
    text
}

/// One candidate in Eureka notation: `(4)r1c2`.
pub(crate) fn candidate_text(candidate: Candidate) -> String {
    format!("({}){}", candidate.digit, candidate.cell)
}

/// One node in Eureka notation: `(4)r1c2`, `(4)r1c23`.
pub(crate) fn node_text(node: Node) -> String {
    format!("({}){}", node.digit, group_text(node.cells))
}

/// `r5c7`, `r5c123`, `r123c5`, or rows listed in turn: `r1c23,r2c1`.
pub(crate) fn group_text(cells: CellSet) -> String {
    let rows: Vec<u8> = (0..9)
        .filter(|&r| !(cells & House::row(r).cell_set()).is_empty())
        .collect();
    let cols: Vec<u8> = (0..9)
        .filter(|&c| !(cells & House::column(c).cell_set()).is_empty())
        .collect();
    let numbers = |xs: &[u8]| xs.iter().map(|x| char::from(b'1' + x)).collect::<String>();
    if rows.len() == 1 || cols.len() == 1 {
        return format!("r{}c{}", numbers(&rows), numbers(&cols));
    }
    let parts: Vec<String> = rows
        .iter()
        .map(|&r| group_text(cells & House::row(r).cell_set()))
        .collect();
    parts.join(",")
}

/// How a chain's detail names a link that a rule makes, before the rule's name: weak
/// `(4)r1c1-(9)r1c2: the whispers line from r1c1`, strong `(1)r1c1=(1)r1c2: the cage at r1c1`,
/// or between groups of places, `(2)r3c89=(2)r4c89: the quadruple 1, 2 at r3c8`.
pub(crate) fn rule_link_text(a: &str, b: &str, strong: bool) -> String {
    let link = if strong { '=' } else { '-' };
    format!("{a}{link}{b}")
}

/// `r6c1,r6c3`
pub fn cells_text(cells: CellSet) -> String {
    join(cells.iter(), ",")
}

/// `4/9`
pub fn digits_text(digits: DigitSet) -> String {
    join(digits.iter(), "/")
}

/// `rows 2,8` or `columns 3,7` or `boxes 1,5`: houses of one kind; mixed kinds are listed in full
/// (`row 1, box 2`), unless several of one kind come first: `rows 1,2,3 and box 5`.
pub fn houses_text(houses: &[House]) -> String {
    let Some(first) = houses.first() else {
        return String::new();
    };
    if houses.len() == 1 {
        return first.to_string();
    }
    if houses.iter().all(|h| h.kind() == first.kind()) {
        use crate::house::HouseKind;
        let kind = match first.kind() {
            HouseKind::Row => "rows",
            HouseKind::Column => "columns",
            HouseKind::Box => "boxes",
            HouseKind::Region => "regions",
            HouseKind::Window => "windows",
            HouseKind::ExtraRegion => "extra regions",
            HouseKind::DisjointGroup => "disjoint groups",
            HouseKind::Diagonal => return "both diagonals".to_string(),
            HouseKind::Cage => return join(houses, ", "),
        };
        format!("{kind} {}", join(houses.iter().map(|h| h.index() + 1), ","))
    } else {
        // Several of one kind before the others, as a band of rows and a box: named together.
        match houses.iter().position(|h| h.kind() != first.kind()) {
            Some(run) if run > 1 => {
                let (same, rest) = houses.split_at(run);
                format!("{} and {}", houses_text(same), houses_text(rest))
            }
            _ => join(houses, ", "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_use_standard_notation() {
        let d = |v| Digit::new(v).unwrap();
        let step = Step::new("Naked Pair")
            .eliminate(CellSet::single(Cell::at(5, 8)), DigitSet::single(d(9)))
            .eliminate(CellSet::single(Cell::at(5, 6)), DigitSet::single(d(4)))
            .explain(|s| format!("Naked Pair 4/9 in r6c1,r6c3 {}", s.outcome_text()));
        assert_eq!(step.text, "Naked Pair 4/9 in r6c1,r6c3 => r6c7<>4, r6c9<>9");
        let cells = CellSet::single(Cell::at(5, 0)).with(Cell::at(5, 2));
        assert_eq!(cells_text(cells), "r6c1,r6c3");
        assert_eq!(
            digits_text(DigitSet::single(d(4)) | DigitSet::single(d(9))),
            "4/9"
        );
        assert_eq!(houses_text(&[House::row(1), House::row(7)]), "rows 2,8");
        assert_eq!(houses_text(&[House::box_at(1)]), "box 2");
    }
}
