//! The links the rules make between candidates of different cells, for chains:
//! - weak: a digit in one cell that a line, a dot or a sum forbids beside a digit in another ("a
//!   4 on a German whisper leaves its neighbours only 9"), so that at most one of the two is
//!   true;
//! - strong: a digit that a rule needs among its cells, with two places left there (a cage of
//!   two cells adding up to 3 needs a 1), or its places there in two rows or two columns (a
//!   quadruple's 2 in two rows of its four cells), so that at least one of the two is true.
//!
//! Each rule says it by narrowing, as its own file works it out. For a weak link, the cell is
//! supposed to hold the digit, the rule narrows the marks as they are, and whatever it then takes
//! from another cell cannot be true together with the supposed digit. For a strong link, the
//! digit is taken from both places, and the rule then cannot be met. Nothing about a kind is
//! written here.

use super::constraint_marks::digit_marks;
use super::{narrowed, rule_locked};
use crate::candidates::Candidates;
use crate::cell::{Candidate, Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::sort::counting_sort;
use crate::step::Node;
use crate::variant::Constraint;
use crate::variant::rules::Marks;

/// The links the rules make in one position: the weak ones by candidate, then the strong ones.
pub(crate) struct RuleLinks {
    /// Per candidate (by [`Candidate::index`]), where its links start in `to`.
    at: Vec<u32>,
    /// Each link's far candidate and the rule that makes it (an index into `rules`).
    to: Vec<(u16, u16)>,
    /// The strong links: the two places, or groups of places, of a digit that a rule needs, and
    /// the rule.
    needs: Vec<(Node, Node, u16)>,
    /// The candidates each candidate forces by a rule: a cell of the rule left one digit, the
    /// others forbidden by the rule (or seen), by near candidate, far candidate and rule. Only
    /// cells that lose two digits or more: one is a weak link and a bivalue cell's strong one.
    forces: Vec<(u16, u16, u16)>,
    /// How a step names each rule that makes a link: "the whispers line from r1c1", with its
    /// place among the puzzle's constraints.
    rules: Vec<(String, usize)>,
}

impl RuleLinks {
    /// The links the rules of `marks` make, or None when they make none.
    pub fn build(marks: &Candidates) -> Option<RuleLinks> {
        let layout = marks.layout()?;
        let before = digit_marks(marks);
        let open = marks.empty_cells();
        // (candidate, far candidate, rule), both ways.
        let mut links: Vec<(u16, u16, u16)> = Vec::new();
        let mut needs = Vec::new();
        let mut forces = Vec::new();
        let mut rules = Vec::new();
        for (constraint_index, constraint) in layout.constraints().iter().enumerate() {
            // Groups and drawings narrow nothing beyond what the houses and peers say.
            if constraint.kind().technique().is_none() && !matches!(constraint, Constraint::Cage(_))
            {
                continue;
            }
            let rule = constraint.rule();
            let from = links.len();
            let index = rules.len() as u16;
            for cell in (rule.cells() & open).iter() {
                let candidates = marks.get(cell);
                if !candidates.has_several() {
                    continue;
                }
                for digit in candidates.iter() {
                    let mut supposed = Marks(before.0);
                    supposed.0[cell.index()] = Marks::bits(DigitSet::single(digit));
                    // A digit the rule alone rules out is its own technique's to take.
                    if narrowed::narrow(marks, constraint_index, &mut supposed).is_err() {
                        continue;
                    }
                    let near = Candidate::new(cell, digit).index() as u16;
                    let seen = marks.peers(cell);
                    for other in (rule.cells() & (open - CellSet::single(cell))).iter() {
                        let lost = before.0[other.index()] & !supposed.0[other.index()];
                        for far in DigitSet::from_bits(lost << 1).iter() {
                            let far = Candidate::new(other, far).index() as u16;
                            links.push((near, far, index));
                            links.push((far, near, index));
                        }
                        let mut left = DigitSet::from_bits(supposed.0[other.index()] << 1);
                        if seen.contains(other) {
                            left.remove(digit);
                        }
                        if let Some(forced) = left.single_digit()
                            && marks.get(other).len() > 2
                        {
                            let far = Candidate::new(other, forced).index() as u16;
                            forces.push((near, far, index));
                        }
                    }
                }
            }
            let needed = needs.len();
            for digit in Digit::all() {
                let places = rule.cells() & open & marks.cells_with(digit);
                if !places.has_several()
                    || places.len() > MOST_PLACES
                    || !rule_locked::needs(marks, constraint_index, &before, digit, places)
                {
                    continue;
                }
                for (a, b) in two_groups(places) {
                    let node = |cells| Node { cells, digit };
                    needs.push((node(a), node(b), index));
                }
            }
            if links.len() > from || needs.len() > needed {
                rules.push((rule.describe(), constraint_index));
            }
        }
        if links.is_empty() && needs.is_empty() {
            return None;
        }
        // By candidate, then far candidate, then rule: the first rule of a link given twice is
        // kept.
        let links = counting_sort(&links, Candidate::COUNT, |&(_, far, _)| far.into());
        let mut links = counting_sort(&links, Candidate::COUNT, |&(near, _, _)| near.into());
        links.dedup_by_key(|&mut (near, far, _)| (near, far));
        let mut at = Vec::with_capacity(Candidate::COUNT + 1);
        let mut k = 0;
        for candidate in 0..Candidate::COUNT as u16 {
            at.push(k as u32);
            while k < links.len() && links[k].0 == candidate {
                k += 1;
            }
        }
        at.push(k as u32);
        let to = links.iter().map(|&(_, far, rule)| (far, rule)).collect();
        Some(RuleLinks {
            at,
            to,
            needs,
            forces,
            rules,
        })
    }

    /// The candidates a rule forbids together with `candidate`, each with its rule's index.
    pub fn of(&self, candidate: Candidate) -> impl Iterator<Item = (Candidate, u16)> + '_ {
        let i = candidate.index();
        self.to[self.at[i] as usize..self.at[i + 1] as usize]
            .iter()
            .map(|&(far, rule)| (candidate_at(far), rule))
    }

    /// The same, as cells by digit index.
    pub fn near(&self, candidate: Candidate) -> [CellSet; 9] {
        let mut near = [CellSet::EMPTY; 9];
        for (far, _) in self.of(candidate) {
            near[far.digit.index()].insert(far.cell);
        }
        near
    }

    /// The two places, or groups of places, of each digit that a rule needs.
    pub fn needs(&self) -> impl Iterator<Item = (Node, Node)> + '_ {
        self.needs.iter().map(|&(a, b, _)| (a, b))
    }

    /// Each candidate that forces another by a rule: with the first true, the rule leaves the
    /// second's cell that digit alone.
    pub fn forces(&self) -> impl Iterator<Item = (Candidate, Candidate)> + '_ {
        (self.forces.iter()).map(|&(near, far, _)| (candidate_at(near), candidate_at(far)))
    }

    /// The name of the rule by which `near` forces `far`, if one does.
    pub fn rule_forcing(&self, near: Candidate, far: Candidate) -> Option<&str> {
        let (near, far) = (near.index() as u16, far.index() as u16);
        let &(_, _, rule) = (self.forces.iter()).find(|&&(n, f, _)| (n, f) == (near, far))?;
        Some(&self.rules[rule as usize].0)
    }

    /// The name of the rule that needs `a` or `b`, if one does.
    pub fn rule_needing(&self, a: Node, b: Node) -> Option<&str> {
        let &(_, _, rule) =
            (self.needs.iter()).find(|&&(x, y, _)| (x, y) == (a, b) || (y, x) == (a, b))?;
        Some(&self.rules[rule as usize].0)
    }

    /// The place among the puzzle's constraints of the rule whose name this is: the very text
    /// the lookups above lent, not an equal one, as two rules may be named alike (branches
    /// of thermometers from one bulb).
    pub fn constraint_named(&self, name: &str) -> Option<usize> {
        (self.rules.iter())
            .find_map(|(named, index)| std::ptr::eq(named.as_str(), name).then_some(*index))
    }

    /// The name of the rule that forbids `a` with `b`, if one does.
    pub fn rule_between(&self, a: Candidate, b: Candidate) -> Option<&str> {
        let (_, rule) = self.of(a).find(|&(far, _)| far == b)?;
        Some(&self.rules[rule as usize].0)
    }
}

/// The most places of a digit a rule's need is looked for in: a need split in two groups of up
/// to three.
const MOST_PLACES: u32 = 6;

/// The ways to split a digit's places in two groups of cells that see each other, for a strong
/// link between them: two places are two groups; more, their parts in two rows, or in two
/// columns, each part in one box.
fn two_groups(places: CellSet) -> Vec<(CellSet, CellSet)> {
    if let Some((a, b)) = places.pair() {
        return vec![(CellSet::single(a), CellSet::single(b))];
    }
    let lines = [House::row as fn(u8) -> House, House::column];
    lines
        .into_iter()
        .filter_map(|line| {
            let mut parts = (0..9)
                .map(|i| places & line(i).cell_set())
                .filter(|part| !part.is_empty());
            let (a, b) = (parts.next()?, parts.next()?);
            let in_one_box =
                |part: CellSet| (0..9).any(|i| (part - House::box_at(i).cell_set()).is_empty());
            (parts.next().is_none() && in_one_box(a) && in_one_box(b)).then_some((a, b))
        })
        .collect()
}

/// The candidate of an index in the candidates' order.
fn candidate_at(index: u16) -> Candidate {
    let (cell, digit) = (index as usize / Digit::COUNT, index as usize % Digit::COUNT);
    Candidate::new(Cell::ALL[cell], Digit::ALL[digit])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Cage, Puzzle, Quadruple, Rules, Thermometer, Whispers};

    fn candidate(row: u8, col: u8, digit: u8) -> Candidate {
        Candidate::new(Cell::at(row, col), Digit::new(digit).unwrap())
    }

    /// The digits of `cell` that `candidate` is linked to by a rule.
    fn linked(links: &RuleLinks, candidate: Candidate, (row, col): (u8, u8)) -> Vec<u8> {
        let cell = Cell::at(row, col);
        let near = links.near(candidate);
        (1..=9)
            .filter(|&d| near[usize::from(d - 1)].contains(cell))
            .collect()
    }

    #[test]
    fn a_german_whisper_links_a_digit_to_every_neighbour_digit_too_close() {
        let line = Whispers {
            cells: vec![Cell::at(0, 0), Cell::at(0, 1), Cell::at(1, 2)],
            difference: Whispers::GERMAN,
        };
        let rules = Rules::classic().with([line]).unwrap();
        let marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let links = RuleLinks::build(&marks).expect("links");
        // A 4 leaves its neighbours on the line only 9; a 1 leaves them 6 to 9.
        assert_eq!(
            linked(&links, candidate(0, 0, 4), (0, 1)),
            [1, 2, 3, 4, 5, 6, 7, 8]
        );
        assert_eq!(linked(&links, candidate(0, 1, 1), (1, 2)), [1, 2, 3, 4, 5]);
        // Off the line, nothing.
        assert!(linked(&links, candidate(0, 0, 4), (4, 4)).is_empty());
        assert_eq!(
            links.rule_between(candidate(0, 1, 1), candidate(1, 2, 3)),
            Some("the whispers line from r1c1")
        );
        assert_eq!(
            links.rule_between(candidate(0, 1, 1), candidate(1, 2, 7)),
            None
        );
    }

    #[test]
    fn a_thermometer_links_what_its_order_forbids_along_the_whole_line() {
        let thermometer = Thermometer {
            cells: vec![Cell::at(0, 0), Cell::at(1, 1), Cell::at(2, 2)],
        };
        let rules = Rules::classic().with([thermometer]).unwrap();
        let marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let links = RuleLinks::build(&marks).expect("links");
        // A 5 in the bulb leaves the next cell 6 to 8 (the tip needs one more) and the tip 7 to 9.
        assert_eq!(
            linked(&links, candidate(0, 0, 5), (1, 1)),
            [1, 2, 3, 4, 5, 9]
        );
        assert_eq!(
            linked(&links, candidate(0, 0, 5), (2, 2)),
            [1, 2, 3, 4, 5, 6]
        );
    }

    #[test]
    fn a_cage_needs_each_digit_of_its_only_combination_in_one_of_two_places() {
        let cage = Cage {
            cells: [Cell::at(0, 0), Cell::at(0, 1)].into_iter().collect(),
            sum: Some(3),
        };
        let rules = Rules::classic().with([cage]).unwrap();
        let mut marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        for cell in [Cell::at(0, 0), Cell::at(0, 1)] {
            for digit in (3..=9).map(|d| Digit::new(d).unwrap()) {
                marks.eliminate(cell, digit);
            }
        }
        let links = RuleLinks::build(&marks).expect("links");
        let needs: Vec<(Node, Node)> = links.needs().collect();
        let node = |row, col, digit| Node::single(Cell::at(row, col), Digit::new(digit).unwrap());
        assert_eq!(
            needs,
            [
                (node(0, 0, 1), node(0, 1, 1)),
                (node(0, 0, 2), node(0, 1, 2))
            ]
        );
        assert_eq!(
            links.rule_needing(node(0, 1, 2), node(0, 0, 2)),
            Some("the cage at r1c1")
        );
        // A 1 in one cell forbids everything but a 2 in the other.
        assert_eq!(linked(&links, candidate(0, 0, 1), (0, 1)), [1]);
    }

    #[test]
    fn a_quadruple_across_two_boxes_needs_its_digit_in_one_of_its_two_rows() {
        let cells = CellSet::at(&[(2, 7), (2, 8), (3, 7), (3, 8)]);
        let quadruple = Quadruple {
            cells,
            digits: vec![1, 2],
        };
        let rules = Rules::classic().with([quadruple]).unwrap();
        let marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let links = RuleLinks::build(&marks).expect("links");
        let two = Digit::new(2).unwrap();
        let part = |places: &[(u8, u8)]| Node {
            cells: CellSet::at(places),
            digit: two,
        };
        // Its rows: each part in one box. Its columns cross from box 3 to box 6.
        let rows = (part(&[(2, 7), (2, 8)]), part(&[(3, 7), (3, 8)]));
        let needs: Vec<(Node, Node)> = links.needs().filter(|(a, _)| a.digit == two).collect();
        assert_eq!(needs, [rows]);
        assert_eq!(
            links.rule_needing(rows.1, rows.0),
            Some("the quadruple 1, 2 at r3c8")
        );
        // A digit it does not list, it does not need.
        assert!(links.needs().all(|(a, _)| a.digit.get() <= 2));
    }

    /// Places in two rows that are not both in one box are no group of a chain.
    #[test]
    fn places_split_in_two_lines_each_within_a_box() {
        let across = CellSet::at(&[(0, 2), (0, 3), (1, 2)]);
        assert_eq!(
            two_groups(across),
            [(CellSet::at(&[(0, 2), (1, 2)]), CellSet::at(&[(0, 3)]))]
        );
        let pair = CellSet::at(&[(0, 0), (5, 5)]);
        assert_eq!(two_groups(pair).len(), 1);
        let three_rows = CellSet::at(&[(0, 0), (1, 0), (2, 0)]);
        assert_eq!(two_groups(three_rows), []);
    }

    #[test]
    fn classic_rules_make_no_links() {
        let marks = Puzzle::new([0; Cell::COUNT], Rules::classic()).marks();
        assert!(RuleLinks::build(&marks).is_none());
    }
}
