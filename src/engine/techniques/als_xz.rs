//! ALS-XZ: two almost locked sets (N cells of one house holding N+1 digits between them) that
//! share a restricted common digit X — every X of one sees every X of the other, so X is true in
//! at most one of them. The other set is then locked, so a common digit Z must be in one of the
//! two: a cell that sees every Z of both cannot be Z. When two digits are restricted common
//! (doubly linked), both sets are locked: each one's other digits are confined to it, and each
//! restricted digit is in one set or the other.

use std::ops::ControlFlow;

use super::Technique;
use crate::engine::candidates::Candidates;
use crate::engine::grid::{Digit, House};
use crate::engine::sets::{CellSet, DigitSet};
use crate::engine::step::{Inference, Node, Step, cells_text, digits_text};

pub struct AlsXz;

/// An almost locked set: its cells, its digits, and per digit the cells holding it and the cells
/// outside that see all of those.
pub(crate) struct Als {
    pub cells: CellSet,
    pub digits: DigitSet,
    pub house: House,
    /// Per digit index: the set's cells holding that digit.
    pub holding: [CellSet; 9],
    /// Per digit index: the cells (outside the set) that see every cell of `holding`.
    pub seeing: [CellSet; 9],
}

/// Every almost locked set in `marks`, each once, in house order then by cells.
pub(crate) fn almost_locked_sets(marks: &Candidates) -> Vec<Als> {
    let mut sets: Vec<Als> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for house in House::all() {
        let open: Vec<_> = (marks.empty_cells() & house.cell_set()).iter().collect();
        let n = open.len();
        // Subsets of the open cells, smaller first is not needed: order by bit pattern.
        for mask in 1u32..(1 << n) {
            let size = mask.count_ones();
            if size as usize >= n {
                continue;
            }
            let mut cells = CellSet::EMPTY;
            let mut digits = DigitSet::EMPTY;
            for (i, &cell) in open.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    cells.insert(cell);
                    digits |= marks.get(cell);
                }
            }
            if digits.len() != size + 1 || !seen.insert(cells.bits()) {
                continue;
            }
            let mut holding = [CellSet::EMPTY; 9];
            let mut seeing = [CellSet::EMPTY; 9];
            for digit in digits.iter() {
                let with = marks.cells_with(digit) & cells;
                let sees = with.iter().fold(CellSet::ALL, |acc, c| acc & c.peers()) - cells;
                holding[digit.index()] = with;
                seeing[digit.index()] = sees;
            }
            sets.push(Als {
                cells,
                digits,
                house,
                holding,
                seeing,
            });
        }
    }
    sets
}

impl Technique for AlsXz {
    fn name(&self) -> &'static str {
        "ALS-XZ"
    }

    fn about(&self) -> &'static str {
        "An almost locked set is N cells of one house with N+1 candidates between them: remove \
         any one digit and the rest are locked in. Take two such sets that share a digit X whose \
         places in the one all see its places in the other: X is in at most one of them, so the \
         other is locked. Then any other shared digit Z is certainly in one of the two sets, and \
         no cell that sees all of their Zs can be Z. If two digits link the sets, both are \
         locked and even more can go."
    }

    fn search(
        &self,
        marks: &Candidates,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let sets = almost_locked_sets(marks);
        for (i, a) in sets.iter().enumerate() {
            for b in &sets[i + 1..] {
                let common = a.digits & b.digits;
                if common.len() < 2 || !(a.cells & b.cells).is_empty() {
                    continue;
                }
                let restricted: DigitSet = common
                    .iter()
                    .filter(|x| (b.holding[x.index()] - a.seeing[x.index()]).is_empty())
                    .collect();
                if restricted.is_empty() {
                    continue;
                }
                if let Some(step) = step(marks, a, b, restricted) {
                    found(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

fn step(marks: &Candidates, a: &Als, b: &Als, restricted: DigitSet) -> Option<Step> {
    let common = a.digits & b.digits;
    let both = a.cells | b.cells;
    let doubly = restricted.len() >= 2;
    let mut removed: Vec<(CellSet, Digit)> = Vec::new();
    if doubly {
        // Each restricted digit is in one set or the other.
        for x in restricted.iter() {
            let cells = (a.seeing[x.index()] & b.seeing[x.index()] & marks.cells_with(x)) - both;
            removed.push((cells, x));
        }
        // Each set is locked: its other digits are confined to it.
        for set in [a, b] {
            for d in (set.digits - restricted).iter() {
                let cells = (set.seeing[d.index()] & marks.cells_with(d)) - both;
                removed.push((cells, d));
            }
        }
    } else {
        for z in (common - restricted).iter() {
            let cells = (a.seeing[z.index()] & b.seeing[z.index()] & marks.cells_with(z)) - both;
            removed.push((cells, z));
        }
    }
    if removed.iter().all(|(cells, _)| cells.is_empty()) {
        return None;
    }
    let mut step = Step::new("ALS-XZ").house(a.house).house(b.house);
    for set in [a, b] {
        for cell in set.cells.iter() {
            step = step.pattern(CellSet::single(cell), marks.get(cell));
        }
    }
    for x in restricted.iter() {
        step = step.link(
            Node {
                cells: a.holding[x.index()],
                digit: x,
            },
            Node {
                cells: b.holding[x.index()],
                digit: x,
            },
            Inference::Weak,
        );
    }
    for (cells, digit) in removed {
        step = step.eliminate(cells, DigitSet::single(digit));
    }
    let zs = if doubly {
        String::from("doubly linked")
    } else {
        format!("Z={}", digits_text(common - restricted))
    };
    Some(step.explain(|s| {
        format!(
            "ALS-XZ: A={} {{{}}}, B={} {{{}}}, X={}, {zs} {}",
            cells_text(a.cells),
            digits_text(a.digits).replace('/', ""),
            cells_text(b.cells),
            digits_text(b.digits).replace('/', ""),
            digits_text(restricted),
            s.outcome_text()
        )
    }))
}
