//! Sums the search adds to the rules' own: two sums of fixed totals (cages, little killers)
//! whose cells share groups add up to both totals together, and read as one sum, its cells
//! grouped by the groups that hold them, they narrow where each alone cannot. Three parallel
//! little killers have a cell each in most rows: three different digits there, which none of
//! the three diagonals knows.
//!
//! Which sums to join follows the Interactive Sudoku Solver's optimiser (MIT, its
//! `_makeCombinedSumHandlers`): two sums with no cell in common join when six cells of the
//! smaller see a cell of the larger, and the joined sum scores better than both, or than the two
//! together; the best join is made first, again and again until none is better. A sum's score
//! grows with groups of middling size and shrinks with its slack, the distance of its total from
//! the nearest total its groups cannot pass.

use crate::cell::Cell;
use crate::sets::CellSet;
use crate::variant::Rules;
use crate::variant::rules::{Dead, Narrow, sum};

/// The most groups a joined sum is read in ([`sum::RunTotals`] reads nine).
const MOST_GROUPS: usize = 9;

/// A sum the rules imply: its cells, ordered group by group, add up to `total`, the cells of one
/// group (`groups`, each cell's) taking different digits.
pub(super) struct JoinedSum {
    cells: Vec<Cell>,
    groups: Vec<u8>,
    total: u8,
}

impl JoinedSum {
    pub(super) fn cells(&self) -> CellSet {
        self.cells.iter().copied().collect()
    }

    /// Each cell keeps the digits with which the others can make up the total.
    pub(super) fn narrow(&self, marks: &mut dyn Narrow) -> Result<bool, Dead> {
        sum::keep_run_totals(marks, &self.cells, &self.groups, 1 << self.total)
    }
}

/// A sum while sums are joined.
struct Candidate {
    cells: CellSet,
    total: u32,
    /// Its cells split into groups that differ, the largest first.
    groups: Vec<CellSet>,
    score: i64,
    /// Whether the rules state it (only the joined ones are added).
    stated: bool,
}

/// The sums the search adds to `rules`, whose groups are `houses` and cells' peers `peers`.
pub(super) fn joined_sums(
    rules: &Rules,
    houses: &[CellSet],
    peers: &[CellSet; Cell::COUNT],
) -> Vec<JoinedSum> {
    let mut sums: Vec<Candidate> = Vec::new();
    for constraint in rules.constraints() {
        let rule = constraint.rule();
        let Some(total) = rule.fixed_sum() else {
            continue;
        };
        let cells = rule.cells();
        if sums.iter().all(|sum| sum.cells != cells)
            && let Some(sum) = candidate(cells, u32::from(total), houses, true)
        {
            sums.push(sum);
        }
    }
    while let Some((first, second, joined)) = best_join(&sums, peers, houses) {
        sums.swap_remove(second.max(first));
        sums.swap_remove(second.min(first));
        sums.push(joined);
    }
    sums.into_iter()
        .filter(|sum| !sum.stated && sum.score > 0)
        .map(|sum| {
            let (mut cells, mut groups) = (Vec::new(), Vec::new());
            for (number, group) in sum.groups.iter().enumerate() {
                cells.extend(group.iter());
                groups.extend(group.iter().map(|_| number as u8));
            }
            JoinedSum {
                cells,
                groups,
                total: sum.total as u8,
            }
        })
        .collect()
}

/// The two sums whose join scores best, and their join, if any join scores better than its
/// parts.
fn best_join(
    sums: &[Candidate],
    peers: &[CellSet; Cell::COUNT],
    houses: &[CellSet],
) -> Option<(usize, usize, Candidate)> {
    let mut best: Option<(usize, usize, Candidate)> = None;
    for (i, first) in sums.iter().enumerate() {
        for (j, second) in sums.iter().enumerate().skip(i + 1) {
            if !related(first.cells, second.cells, peers) {
                continue;
            }
            let cells = first.cells | second.cells;
            if sums.iter().any(|sum| sum.cells == cells) {
                continue;
            }
            let Some(joined) = candidate(cells, first.total + second.total, houses, false) else {
                continue;
            };
            let better = joined.score > first.score.max(second.score)
                || joined.score > first.score + second.score;
            if better
                && best
                    .as_ref()
                    .is_none_or(|(_, _, best)| joined.score > best.score)
            {
                best = Some((i, j, joined));
            }
        }
    }
    best
}

/// Two sums with no cell in common, six cells of the smaller seeing a cell of the larger.
fn related(first: CellSet, second: CellSet, peers: &[CellSet; Cell::COUNT]) -> bool {
    const LEAST_SEEING: usize = 6;
    let (small, large) = if first.len() < second.len() {
        (first, second)
    } else {
        (second, first)
    };
    (small & large).is_empty()
        && small.len() as usize >= LEAST_SEEING
        && small
            .iter()
            .filter(|cell| !(peers[cell.index()] & large).is_empty())
            .nth(LEAST_SEEING - 1)
            .is_some()
}

/// The sum of `cells` to `total`, its cells grouped, with its score; None when the groups
/// cannot make the total or are too many to read.
fn candidate(cells: CellSet, total: u32, houses: &[CellSet], stated: bool) -> Option<Candidate> {
    let groups = grouped(cells, houses);
    if groups.len() > MOST_GROUPS || total > 127 {
        return None;
    }
    // Distinct digits: k cells add up to k(k+1)/2 at least, k(19-k)/2 at most.
    let (low, high) = groups.iter().fold((0, 0), |(low, high), group| {
        let k = group.len();
        (low + k * (k + 1) / 2, high + k * (19 - k) / 2)
    });
    if !(low..=high).contains(&total) {
        return None;
    }
    let slack = i64::from((total - low).min(high - total));
    let score = groups
        .iter()
        .map(|group| {
            let k = i64::from(group.len());
            k * (9 - k) - slack
        })
        .sum();
    Some(Candidate {
        cells,
        total,
        groups,
        score,
        stated,
    })
}

/// `cells` split into groups of cells that differ: each time, the most cells one of `houses`
/// holds of those left, the rest alone.
fn grouped(cells: CellSet, houses: &[CellSet]) -> Vec<CellSet> {
    let mut left = cells;
    let mut groups = Vec::new();
    while let Some(first) = left.first() {
        let group = houses
            .iter()
            .map(|&house| house & left)
            .max_by_key(|shared| shared.len())
            .filter(|shared| shared.has_several())
            .unwrap_or(CellSet::single(first));
        groups.push(group);
        left = left - group;
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::rules::Marks;
    use crate::variant::{Direction, LittleKiller, Outside};

    /// The solution of the Interactive Sudoku Solver's "Little Killer Sudoku", row by row.
    const SOLUTION: &str =
        "198235764427968531653714289732186945541379826986542173865421397279653418314897652";

    fn digit(cell: Cell) -> u8 {
        SOLUTION.as_bytes()[cell.index()] - b'0'
    }

    /// Little killers from these clues, with the sums of the solution.
    fn killers(clues: &[(i8, i8, Direction)]) -> Rules {
        let killers = clues.iter().map(|&(row, col, direction)| {
            let clue = Outside { row, col };
            let sum = LittleKiller::new(clue, direction, 0)
                .diagonal()
                .into_iter()
                .map(digit)
                .sum();
            LittleKiller::new(clue, direction, sum)
        });
        Rules::classic().with(killers).unwrap()
    }

    /// Its three clues left of the main diagonal, 22, 28 and 26, leave little slack together.
    #[test]
    fn three_parallel_little_killers_join_into_one_sum_read_box_by_box() {
        let rules = killers(&[
            (-1, -1, Direction::DownRight),
            (0, -1, Direction::DownRight),
            (1, -1, Direction::DownRight),
        ]);
        let joined = joined_sums(&rules, &rules.groups(), &rules.peers());
        assert_eq!(joined.len(), 1);
        let sum = &joined[0];
        assert_eq!(sum.cells.len(), 24);
        let total: u8 = sum.cells.iter().map(|&cell| digit(cell)).sum();
        assert_eq!(sum.total, total);
        // The boxes on the main diagonal hold six cells each, the two below it three each.
        let mut sizes = [0; MOST_GROUPS];
        for &group in &sum.groups {
            sizes[usize::from(group)] += 1;
        }
        assert_eq!(sizes, [6, 6, 6, 3, 3, 0, 0, 0, 0]);
    }

    #[test]
    fn short_or_far_apart_sums_are_not_joined() {
        let rules = killers(&[
            (-1, -1, Direction::DownRight),
            (-1, 9, Direction::DownLeft),
            (-1, 2, Direction::DownLeft),
        ]);
        assert!(joined_sums(&rules, &rules.groups(), &rules.peers()).is_empty());
    }

    proptest::proptest! {
        /// Whatever the other digits, a joined sum leaves each cell its digit of the solution.
        #[test]
        fn a_joined_sum_keeps_the_solution(
            places in proptest::sample::subsequence((0i8..9).collect::<Vec<_>>(), 3..9),
            direction in proptest::sample::select(Direction::ALL.to_vec()),
            extra in proptest::collection::vec(0u16..0x200, Cell::COUNT),
        ) {
            let (up, col) = match direction {
                Direction::DownRight => (0, -1),
                Direction::UpRight => (2, -1),
                Direction::DownLeft => (0, 9),
                Direction::UpLeft => (2, 9),
            };
            // Clues down the side the diagonals start from, whose cells lie inside the grid.
            let clues: Vec<_> = places.iter().map(|&place| (place - 1 + up, col, direction)).collect();
            let rules = killers(&clues);
            let mut marks = Marks(std::array::from_fn(|i| {
                extra[i] | 1 << (digit(Cell::ALL[i]) - 1)
            }));
            for sum in joined_sums(&rules, &rules.groups(), &rules.peers()) {
                proptest::prop_assert!(sum.narrow(&mut marks).is_ok());
            }
            for cell in Cell::all() {
                proptest::prop_assert!(marks.list(cell).contains(&digit(cell)));
            }
        }
    }
}
