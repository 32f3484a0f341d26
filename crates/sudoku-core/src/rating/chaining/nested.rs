//! The nested rules of Dynamic (+) (SE's `getAdvancedPotentials`, level 1): when a dynamic
//! propagation runs dry, SE tries on its working grid, in order, Pointing/Claiming, Hidden Pair,
//! Naked Pair and X-Wing. The first rule with a pattern that exists only thanks to the
//! propagation gives all such patterns' eliminations as new "off" nodes; their parents are the
//! candidates the propagation took out that the pattern needs (SE's "rule parents").

use std::ops::ControlFlow;

use super::{Pot, Propagation};
use crate::rating::board::{Board, CandidateSet};
use crate::rating::{fish, locking, subsets};
use crate::sets::CellSet;

/// Found eliminations with their parents, in the order the rule reports them.
#[derive(Default)]
struct Harvest {
    pots: Vec<Pot>,
    parents: Vec<Vec<u32>>,
}

impl Harvest {
    /// Records a pattern's eliminations if it has rule parents (candidates of `source` missing
    /// from `current`, reached as "off" nodes).
    fn offer(
        &mut self,
        propagation: &Propagation,
        rule_parents: &CandidateSet,
        removed: &CandidateSet,
    ) {
        let parents: Vec<u32> = rule_parents
            .iter()
            .filter_map(|(c, d)| propagation.get(Pot::new(c, d, false)))
            .collect();
        if rule_parents.is_empty() {
            return;
        }
        let mut eliminations: Vec<_> = removed.iter().collect();
        eliminations.sort_unstable_by_key(|&(c, d)| (c, d));
        for (cell, digit) in eliminations {
            self.pots.push(Pot::new(cell, digit, false));
            self.parents.push(parents.clone());
        }
    }
}

/// The candidates of `cells` for `digit` that `source` had and `current` lacks.
fn gone(source: &Board, current: &Board, cells: CellSet, digit: crate::cell::Digit) -> CellSet {
    (source.plane(digit) - current.plane(digit)) & cells
}

/// Adds the nodes of the first productive nested rule to the propagation's "off" queue.
pub(super) fn advance(propagation: &mut Propagation, source: &Board, current: &Board, level: u8) {
    debug_assert!(level >= 1);
    let mut harvest = Harvest::default();
    let _ = locking::for_each(current, &mut |lock, removed| {
        let mut parents = CandidateSet::EMPTY;
        let outside = lock.base.cell_set() - lock.cover.cell_set();
        parents.insert_cells(gone(source, current, outside, lock.digit), lock.digit);
        let mut eliminations = CandidateSet::EMPTY;
        eliminations.insert_cells(removed, lock.digit);
        harvest.offer(propagation, &parents, &eliminations);
        ControlFlow::Continue(())
    });
    if harvest.pots.is_empty() {
        let _ = subsets::for_each_hidden_removing(current, 2, &mut |subset, removed| {
            let mut parents = CandidateSet::EMPTY;
            let mut places = CellSet::EMPTY;
            for digit in subset.digits.iter() {
                places |= current.positions(subset.house, digit);
            }
            let others = subset.house.cell_set() - places;
            for digit in subset.digits.iter() {
                parents.insert_cells(source.plane(digit) & others, digit);
            }
            harvest.offer(propagation, &parents, &removed);
            ControlFlow::Continue(())
        });
    }
    if harvest.pots.is_empty() {
        let _ = subsets::for_each_naked(current, 2, &mut |subset, removed| {
            let mut parents = CandidateSet::EMPTY;
            for cell in subset.cells.iter() {
                for digit in (source.candidates(cell) - subset.digits).iter() {
                    parents.insert(cell, digit);
                }
            }
            harvest.offer(propagation, &parents, &removed);
            ControlFlow::Continue(())
        });
    }
    if harvest.pots.is_empty() {
        let _ = fish::for_each(current, 2, &mut |fish, removed| {
            let mut parents = CandidateSet::EMPTY;
            let outside = fish.base - fish.cover;
            parents.insert_cells(gone(source, current, outside, fish.digit), fish.digit);
            let mut eliminations = CandidateSet::EMPTY;
            eliminations.insert_cells(removed, fish.digit);
            harvest.offer(propagation, &parents, &eliminations);
            ControlFlow::Continue(())
        });
    }
    for (pot, parents) in harvest.pots.into_iter().zip(harvest.parents) {
        if !propagation.contains(pot) {
            propagation.add(pot, &parents);
        }
    }
}
