//! ALS-XZ: two almost locked sets (N cells of one house holding N+1 digits between them) that
//! share a restricted common digit X — every X of one sees every X of the other, so X is true in
//! at most one of them. The other set is then locked, so a common digit Z must be in one of the
//! two: a cell that sees every Z of both cannot be Z. When two digits are restricted common
//! (doubly linked), both sets are locked: each one's other digits are confined to it, and each
//! restricted digit is in one set or the other.

use std::ops::ControlFlow;

use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Inference, Node, Step, cells_text, digits_text};

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
    /// The digits that some candidate outside sees in every cell of the set holding them: the
    /// only ones that can link it to another set.
    pub linkable: DigitSet,
}

/// Every almost locked set in `marks` that some candidate outside can link to another set (a
/// digit of it is linkable), each once: boxes first, then rows and columns, where a set lying
/// in one box (a single cell among them) is already listed.
pub(crate) fn almost_locked_sets(marks: &Candidates) -> Vec<Als> {
    let mut sets: Vec<Als> = Vec::new();
    let houses = marks.houses().iter().copied();
    let (others, lines) = (
        houses.clone().filter(|h| !h.is_line()),
        houses.filter(|h| h.is_line()),
    );
    for house in others.chain(lines) {
        let open: Vec<_> = (marks.empty_cells() & marks.cells_of(house))
            .iter()
            .collect();
        let line = house.is_line();
        extend(
            marks,
            house,
            line,
            &open,
            0,
            CellSet::EMPTY,
            DigitSet::EMPTY,
            &mut sets,
        );
    }
    sets
}

/// Adds every set that grows `cells` (with candidates `digits`) by cells from `open[next..]`.
#[allow(clippy::too_many_arguments)]
fn extend(
    marks: &Candidates,
    house: House,
    line: bool,
    open: &[Cell],
    next: usize,
    cells: CellSet,
    digits: DigitSet,
    sets: &mut Vec<Als>,
) {
    // Each set made here has one cell more than `cells`.
    let size = cells.len() as usize + 1;
    for i in next..open.len() {
        let cells = cells.with(open[i]);
        let digits = digits | marks.get(open[i]);
        // A set of all the house's open cells is locked, not almost locked.
        if size == open.len() {
            continue;
        }
        let count = digits.len() as usize;
        if count == size + 1 && !(line && in_one_box(marks, cells)) {
            let set = als(marks, house, cells, digits);
            if !set.linkable.is_empty() {
                sets.push(set);
            }
        }
        // Each further cell lowers (digits - cells) by at most one: stop when 1 is out of reach.
        let further = open.len() - i - 1;
        if count <= size + 1 + further {
            extend(marks, house, line, open, i + 1, cells, digits, sets);
        }
    }
}

impl Als {
    /// Each linkable digit with the set's first cell holding it.
    fn first_holding(&self) -> impl Iterator<Item = (Digit, Cell)> + '_ {
        self.linkable
            .iter()
            .filter_map(|x| Some((x, self.holding[x.index()].first()?)))
    }
}

/// Whether `cells` lie in one house other than a line (a box, a region …).
fn in_one_box(marks: &Candidates, cells: CellSet) -> bool {
    cells.first().is_some_and(|first| {
        marks
            .houses_of(first)
            .iter()
            .any(|&h| !h.is_line() && (cells - marks.cells_of(h)).is_empty())
    })
}

fn als(marks: &Candidates, house: House, cells: CellSet, digits: DigitSet) -> Als {
    let mut holding = [CellSet::EMPTY; 9];
    let mut seeing = [CellSet::EMPTY; 9];
    let mut linkable = DigitSet::EMPTY;
    for digit in digits.iter() {
        let with = marks.cells_with(digit) & cells;
        let sees = marks.seen_by_all(with) - cells;
        holding[digit.index()] = with;
        seeing[digit.index()] = sees;
        if !(sees & marks.cells_with(digit)).is_empty() {
            linkable.insert(digit);
        }
    }
    Als {
        cells,
        digits,
        house,
        holding,
        seeing,
        linkable,
    }
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

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let sets = almost_locked_sets(marks);
        // The sets by digit and first cell holding it: a set linked to `a` by X has its first X
        // among the cells that see every X of `a`.
        let key = |digit: usize, cell: Cell| digit * 81 + cell.index();
        let mut start = vec![0u32; 9 * 81 + 1];
        for set in &sets {
            for (x, first) in set.first_holding() {
                start[key(x.index(), first) + 1] += 1;
            }
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut fill = start.clone();
        let mut by_first = vec![0u32; start[9 * 81] as usize];
        for (i, set) in sets.iter().enumerate() {
            for (x, first) in set.first_holding() {
                let slot = &mut fill[key(x.index(), first)];
                by_first[*slot as usize] = i as u32;
                *slot += 1;
            }
        }
        for (i, a) in sets.iter().enumerate() {
            for x in a.linkable.iter() {
                let reach = a.seeing[x.index()] & marks.cells_with(x);
                for cell in reach.iter() {
                    let k = key(x.index(), cell);
                    // Each pair once, from its first set: the lists are in order of sets.
                    let listed = &by_first[start[k] as usize..start[k + 1] as usize];
                    let later = listed.partition_point(|&j| j as usize <= i);
                    for &j in &listed[later..] {
                        let b = &sets[j as usize];
                        let common = a.digits & b.digits;
                        if !common.has_several()
                            || !(a.cells & b.cells).is_empty()
                            || !(b.holding[x.index()] - a.seeing[x.index()]).is_empty()
                        {
                            continue;
                        }
                        let restricted: DigitSet = (common & a.linkable & b.linkable)
                            .iter()
                            .filter(|x| (b.holding[x.index()] - a.seeing[x.index()]).is_empty())
                            .collect();
                        // Each pair once: at its lowest restricted digit.
                        if restricted.first() != Some(x) {
                            continue;
                        }
                        if let Some(step) = step(marks, a, b, restricted) {
                            found(step)?;
                        }
                    }
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
        step = step.pattern_cells(marks, set.cells);
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
