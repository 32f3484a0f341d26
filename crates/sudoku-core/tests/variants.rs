//! The variant search against a plain reference solver written here from the rules alone, on
//! random Killer, Sudoku X, Windoku, Jigsaw and Killer X puzzles and on random marks of each kind
//! of constraint; and the general path against the classic engines on the shared collections.
//!
//! `PROPTEST_CASES=2000 cargo test --release --test variants` runs the properties longer.

use proptest::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt, SeedableRng};
use sudoku_core::search::{random_solution, solutions};
use sudoku_core::variant::search::{
    general_solutions, random_grid as variant_random_grid, solutions as variant_solutions,
};
use sudoku_core::variant::{
    Arrow, BetweenLine, Cage, Chess, Cloned, Colour, Constraint, Diagonal, Direction,
    DisjointGroups, Dot, ExtraRegion, Extreme, Extremum, GivenCandidates, Kind, Letter,
    LittleKiller, Negated, Negative, Nonconsecutive, Outside, Palindrome, Parity, Quadruple,
    RegionSumLine, Renban, Rules, Sandwich, Thermometer, Variant, Whispers, Xv,
};
use sudoku_core::{Cell, CellSet};
use sudoku_test_support::{cases, fixed_seed_config, read_data};

// ---------------------------------------------------------------------------------------------
// The reference: the rules written out once more, and backtracking on the cell with the fewest
// legal digits.

/// Groups without repeats (rows, columns, regions, diagonals, extra regions, cages, renbans,
/// disjoint groups), the cages' sums, the lines and the other rules' demands on cells, built from
/// the rules' public parts.
struct Reference {
    groups: Vec<Vec<usize>>,
    sums: Vec<(Vec<usize>, u32)>,
    /// Lines whose digits increase, from the first cell on.
    increasing: Vec<Vec<usize>>,
    /// Lines that read the same both ways.
    palindromes: Vec<Vec<usize>>,
    /// Lines whose middle digits lie strictly between the digits of their ends.
    between: Vec<Vec<usize>>,
    /// Lines whose neighbours differ by the number at least.
    whispers: Vec<(Vec<usize>, u8)>,
    /// Lines of consecutive digits (which differ: each is a group too).
    runs: Vec<Vec<usize>>,
    /// Diagonals of little killers and their sums, digits free to repeat across boxes.
    diagonals: Vec<(Vec<usize>, u32)>,
    /// Arrows: the circle's cells (its number's digits in order) and the body's.
    arrows: Vec<(Vec<usize>, Vec<usize>)>,
    /// Rows and columns (their cells in order) whose digits between the 1 and the 9 add up to
    /// the sum.
    sandwiches: Vec<(Vec<usize>, u32)>,
    /// Lines cut into segments by the regions, every segment with one sum.
    segmented: Vec<Vec<Vec<usize>>>,
    /// Pairs of cells whose two digits must be related.
    related: Vec<(usize, usize, Relation)>,
    /// Pairs of cells whose two digits must not be related.
    unrelated: Vec<(usize, usize, Relation)>,
    /// Cells with an odd digit (true) or an even one.
    parities: Vec<(usize, bool)>,
    /// Cells with pencil marks given: the digits they may hold, one each.
    pencilled: Vec<(usize, Vec<u8>)>,
    /// Pairs of cells, the first's digit less than the second's.
    less: Vec<(usize, usize)>,
    /// Four cells and digits that appear among them, each as often as listed.
    quadruples: Vec<(Vec<usize>, Vec<u8>)>,
    /// Pairs of cells with the same digit.
    same: Vec<(usize, usize)>,
    /// Pairs of cells with different digits beyond the groups.
    different: Vec<(usize, usize)>,
}

/// A relation between two digits, as the marks between cells mean it.
#[derive(Clone, Copy)]
enum Relation {
    Difference(u8),
    /// Either digit the other times one of these ratios (bit r for r).
    Ratios(u16),
    Sums(&'static [u8]),
}

impl Relation {
    fn holds(self, a: u8, b: u8) -> bool {
        match self {
            Relation::Difference(d) => a.abs_diff(b) == d,
            Relation::Ratios(ratios) => {
                (2..=9).any(|r| ratios >> r & 1 != 0 && (a * r == b || b * r == a))
            }
            Relation::Sums(sums) => sums.contains(&(a + b)),
        }
    }
}

/// Every pair of cells side by side, by index, the first above or left of the second.
fn side_by_side() -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for cell in 0..81 {
        if cell % 9 < 8 {
            pairs.push((cell, cell + 1));
        }
        if cell < 72 {
            pairs.push((cell, cell + 9));
        }
    }
    pairs
}

impl Reference {
    fn new(rules: &Rules) -> Reference {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in 0..9 {
            groups.push((0..9).map(|j| i * 9 + j).collect());
            groups.push((0..9).map(|j| j * 9 + i).collect());
            groups.push(
                (0..81)
                    .filter(|&c| usize::from(rules.regions()[c]) == i)
                    .collect(),
            );
        }
        let indices = |cells: CellSet| cells.iter().map(Cell::index).collect::<Vec<_>>();
        let line = |cells: &[Cell]| cells.iter().map(|cell| cell.index()).collect::<Vec<_>>();
        let mut sums = Vec::new();
        let mut increasing = Vec::new();
        let (mut parities, mut less, mut quadruples) = (Vec::new(), Vec::new(), Vec::new());
        let mut pencilled = Vec::new();
        let (mut same, mut different) = (Vec::new(), Vec::new());
        let beside = |cell: Cell| {
            (0..81usize).filter(move |&other| {
                let (r, c) = (other / 9, other % 9);
                let (row, col) = (usize::from(cell.row()), usize::from(cell.col()));
                r.abs_diff(row) + c.abs_diff(col) == 1
            })
        };
        // The cells of the rules' minima, or maxima.
        let marked = |extreme: Extreme| -> Vec<usize> {
            (rules.constraints().iter())
                .filter_map(|constraint| match constraint {
                    Constraint::Extremum(extremum) if extremum.extreme == extreme => {
                        Some(extremum.cell.index())
                    }
                    _ => None,
                })
                .collect()
        };
        let (minima, maxima) = (marked(Extreme::Minimum), marked(Extreme::Maximum));
        let (mut palindromes, mut between, mut whispers, mut runs) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut arrows, mut sandwiches, mut segmented) = (Vec::new(), Vec::new(), Vec::new());
        let mut diagonals = Vec::new();
        let mut related = Vec::new();
        // The pairs with a dot, with an X or V, and the ratios of the black dots.
        let pair = |cells: [Cell; 2]| {
            let (a, b) = (cells[0].index(), cells[1].index());
            (a.min(b), a.max(b))
        };
        let mut dotted = Vec::new();
        let mut lettered = Vec::new();
        let mut ratios = 0u16;
        let mut negated = Vec::new();
        for constraint in rules.constraints() {
            match constraint {
                Constraint::Diagonal(Diagonal::Falling) => {
                    groups.push((0..9).map(|i| i * 9 + i).collect())
                }
                Constraint::Diagonal(Diagonal::Rising) => {
                    groups.push((0..9).map(|i| (8 - i) * 9 + i).collect())
                }
                Constraint::ExtraRegion(region) => groups.push(indices(region.cells)),
                Constraint::Cage(cage) => {
                    groups.push(indices(cage.cells));
                    if let Some(sum) = cage.sum {
                        sums.push((indices(cage.cells), u32::from(sum)));
                    }
                }
                Constraint::Thermometer(thermometer) => {
                    increasing.push(thermometer.cells.iter().map(|cell| cell.index()).collect())
                }
                Constraint::Arrow(arrow) => arrows.push((line(&arrow.circle), line(&arrow.body))),
                Constraint::LittleKiller(killer) => {
                    let (dr, dc) = match killer.direction {
                        Direction::UpLeft => (-1, -1),
                        Direction::UpRight => (-1, 1),
                        Direction::DownLeft => (1, -1),
                        Direction::DownRight => (1, 1),
                    };
                    let (mut row, mut col) = (killer.clue.row + dr, killer.clue.col + dc);
                    let mut cells = Vec::new();
                    while (0..9).contains(&row) && (0..9).contains(&col) {
                        cells.push(row as usize * 9 + col as usize);
                        (row, col) = (row + dr, col + dc);
                    }
                    diagonals.push((cells, u32::from(killer.sum)));
                }
                Constraint::Sandwich(sandwich) => {
                    let Outside { row, col } = sandwich.clue;
                    let line = if (0..9).contains(&row) {
                        (0..9).map(|c| row as usize * 9 + c).collect()
                    } else {
                        (0..9).map(|r| r * 9 + col as usize).collect()
                    };
                    sandwiches.push((line, u32::from(sandwich.sum)));
                }
                Constraint::RegionSumLine(line) => {
                    let mut segments: Vec<Vec<usize>> = Vec::new();
                    let mut last = None;
                    for cell in &line.cells {
                        let region = rules.region(*cell);
                        match segments.last_mut() {
                            Some(segment) if last == Some(region) => segment.push(cell.index()),
                            _ => segments.push(vec![cell.index()]),
                        }
                        last = Some(region);
                    }
                    segmented.push(segments);
                }
                // Nothing the solvers follow.
                Constraint::Kept(_) => {}
                Constraint::Palindrome(palindrome) => palindromes.push(line(&palindrome.cells)),
                Constraint::BetweenLine(between_line) => between.push(line(&between_line.cells)),
                Constraint::Whispers(line_of) => {
                    whispers.push((line(&line_of.cells), line_of.difference))
                }
                Constraint::Renban(renban) => {
                    groups.push(line(&renban.cells));
                    runs.push(line(&renban.cells));
                }
                Constraint::Dot(dot) => {
                    let (a, b) = pair(dot.cells);
                    let relation = match dot.colour {
                        Colour::White => Relation::Difference(dot.value),
                        Colour::Black => {
                            ratios |= 1 << dot.value;
                            Relation::Ratios(1 << dot.value)
                        }
                    };
                    related.push((a, b, relation));
                    dotted.push((a, b));
                }
                Constraint::Xv(xv) => {
                    let (a, b) = pair(xv.cells);
                    let sums: &'static [u8] = match xv.letter {
                        Letter::X => &[10],
                        Letter::V => &[5],
                    };
                    related.push((a, b, Relation::Sums(sums)));
                    lettered.push((a, b));
                }
                Constraint::Negative(negative) => negated.push(Some(negative.negated)),
                Constraint::Nonconsecutive(_) => negated.push(None),
                Constraint::Parity(Parity::Odd(cell)) => parities.push((cell.index(), true)),
                Constraint::Parity(Parity::Even(cell)) => parities.push((cell.index(), false)),
                Constraint::GivenCandidates(given) => pencilled.push((
                    given.cell.index(),
                    (1..=9)
                        .filter(|d| given.digits >> (d - 1) & 1 == 1)
                        .collect(),
                )),
                // Two minima side by side, or two maxima, are not compared.
                Constraint::Extremum(extremum) => {
                    let cell = extremum.cell;
                    let alike = match extremum.extreme {
                        Extreme::Minimum => &minima,
                        Extreme::Maximum => &maxima,
                    };
                    let compared = beside(cell).filter(|other| !alike.contains(other));
                    match extremum.extreme {
                        Extreme::Minimum => {
                            less.extend(compared.map(|other| (cell.index(), other)))
                        }
                        Extreme::Maximum => {
                            less.extend(compared.map(|other| (other, cell.index())))
                        }
                    }
                }
                Constraint::Quadruple(quadruple) => {
                    quadruples.push((indices(quadruple.cells), quadruple.digits.clone()))
                }
                Constraint::Cloned(cloned) => same.extend(
                    cloned
                        .cells
                        .iter()
                        .zip(&cloned.clones)
                        .map(|(a, b)| (a.index(), b.index())),
                ),
                Constraint::Chess(chess) => {
                    let moves: &[(usize, usize)] = match chess {
                        Chess::Antiknight => &[(1, 2), (2, 1)],
                        Chess::Antiking => &[(1, 1)],
                    };
                    for a in 0..81usize {
                        for b in a + 1..81 {
                            let step = ((a / 9).abs_diff(b / 9), (a % 9).abs_diff(b % 9));
                            if moves.contains(&step) {
                                different.push((a, b));
                            }
                        }
                    }
                }
                Constraint::DisjointGroups(_) => {
                    for place in 0..9 {
                        groups.push(
                            (0..81)
                                .filter(|&c| (c / 9) % 3 * 3 + (c % 9) % 3 == place)
                                .collect(),
                        );
                    }
                }
            }
        }
        let mut unrelated = Vec::new();
        for rule in negated {
            let (marked, relation) = match rule {
                None => (&dotted, Relation::Difference(1)),
                Some(Negated::Ratio) => {
                    let ratios = if ratios == 0 { 1 << 2 } else { ratios };
                    (&dotted, Relation::Ratios(ratios))
                }
                Some(Negated::Xv) => (&lettered, Relation::Sums(&[5, 10])),
            };
            for (a, b) in side_by_side() {
                if !marked.contains(&(a, b)) {
                    unrelated.push((a, b, relation));
                }
            }
        }
        Reference {
            groups,
            sums,
            increasing,
            parities,
            pencilled,
            less,
            quadruples,
            same,
            different,
            related,
            unrelated,
            palindromes,
            between,
            whispers,
            runs,
            diagonals,
            arrows,
            sandwiches,
            segmented,
        }
    }

    /// Whether a grid, full or not, breaks no rule: no repeat in a group, no cage over its sum,
    /// a full cage at its sum.
    fn allows(&self, values: &[u8; 81]) -> bool {
        let no_repeats = self.groups.iter().all(|group| {
            let mut seen = 0u16;
            group.iter().all(|&c| {
                let bit = 1 << values[c];
                let fresh = values[c] == 0 || seen & bit == 0;
                seen |= bit;
                fresh
            })
        });
        no_repeats
            && self.sums.iter().all(|(cells, sum)| {
                let total: u32 = cells.iter().map(|&c| u32::from(values[c])).sum();
                let open = cells.iter().filter(|&&c| values[c] == 0).count() as u32;
                // The open cells add at least 1 each.
                total + open <= *sum && (open > 0 || total == *sum)
            })
            && self.increasing.iter().all(|line| {
                let filled: Vec<u8> = line
                    .iter()
                    .map(|&c| values[c])
                    .filter(|&v| v != 0)
                    .collect();
                filled.windows(2).all(|pair| pair[0] < pair[1])
            })
            && self.palindromes.iter().all(|line| {
                line.iter()
                    .zip(line.iter().rev())
                    .all(|(&a, &b)| values[a] == 0 || values[b] == 0 || values[a] == values[b])
            })
            && self.between.iter().all(|line| {
                // Some digits for the ends, those known if any, with the middle strictly
                // between them.
                let end = |c: usize| match values[c] {
                    0 => 1..=9,
                    v => v..=v,
                };
                let middle = &line[1..line.len() - 1];
                end(line[0]).any(|x| {
                    end(line[line.len() - 1]).any(|y| {
                        let (low, high) = (x.min(y), x.max(y));
                        (middle.is_empty() || high - low >= 2)
                            && middle
                                .iter()
                                .all(|&c| values[c] == 0 || (low < values[c] && values[c] < high))
                    })
                })
            })
            && self.whispers.iter().all(|(line, difference)| {
                line.windows(2).all(|pair| {
                    let (a, b) = (values[pair[0]], values[pair[1]]);
                    a == 0 || b == 0 || a.abs_diff(b) >= *difference
                })
            })
            && self.runs.iter().all(|line| {
                let filled: Vec<u8> = line
                    .iter()
                    .map(|&c| values[c])
                    .filter(|&v| v != 0)
                    .collect();
                let (low, high) = (filled.iter().min(), filled.iter().max());
                low.zip(high)
                    .is_none_or(|(low, high)| usize::from(high - low) < line.len())
            })
            && self.diagonals.iter().all(|(cells, sum)| {
                // Each blank adds 1 to 9.
                let total: u32 = cells.iter().map(|&c| u32::from(values[c])).sum();
                let open = cells.iter().filter(|&&c| values[c] == 0).count() as u32;
                total + open <= *sum && total + 9 * open >= *sum
            })
            && self.arrows.iter().all(|(circle, body)| {
                // The body adds 1 to 9 per blank; the circle's number lies between those with 0
                // and with 9 in its blanks (a full arrow: both are its number).
                let number = |blank: u32| {
                    circle.iter().fold(0, |n, &c| match values[c] {
                        0 => n * 10 + blank,
                        digit => n * 10 + u32::from(digit),
                    })
                };
                let total: u32 = body.iter().map(|&c| u32::from(values[c])).sum();
                let open = body.iter().filter(|&&c| values[c] == 0).count() as u32;
                // The body's possible totals and the circle's possible numbers overlap.
                total + open <= number(9) && number(0) <= total + 9 * open
            })
            && self.sandwiches.iter().all(|(line, sum)| {
                let one = line.iter().position(|&c| values[c] == 1);
                let nine = line.iter().position(|&c| values[c] == 9);
                let (Some(one), Some(nine)) = (one, nine) else {
                    return true;
                };
                // Blanks between the 1 and the 9 of a row or column are 2 at least.
                let between = &line[one.min(nine) + 1..one.max(nine)];
                let total: u32 = between.iter().map(|&c| u32::from(values[c])).sum();
                let open = between.iter().filter(|&&c| values[c] == 0).count() as u32;
                total + 2 * open <= *sum && (open > 0 || total == *sum)
            })
            && self.segmented.iter().all(|segments| {
                // Every segment can still make the sum of a full one: 1 at least per blank.
                let totals: Vec<(u32, u32)> = segments
                    .iter()
                    .map(|segment| {
                        let total = segment.iter().map(|&c| u32::from(values[c])).sum();
                        let open = segment.iter().filter(|&&c| values[c] == 0).count() as u32;
                        (total, open)
                    })
                    .collect();
                totals
                    .iter()
                    .filter(|&&(_, open)| open == 0)
                    .all(|&(sum, _)| {
                        totals
                            .iter()
                            .all(|&(total, open)| total + open <= sum && (open > 0 || total == sum))
                    })
            })
            && self.related.iter().all(|&(a, b, relation)| {
                values[a] == 0 || values[b] == 0 || relation.holds(values[a], values[b])
            })
            && self.unrelated.iter().all(|&(a, b, relation)| {
                values[a] == 0 || values[b] == 0 || !relation.holds(values[a], values[b])
            })
            && self
                .parities
                .iter()
                .all(|&(c, odd)| values[c] == 0 || (values[c] % 2 == 1) == odd)
            && (self.pencilled.iter())
                .all(|(c, digits)| values[*c] == 0 || digits.contains(&values[*c]))
            && self
                .less
                .iter()
                .all(|&(a, b)| values[a] == 0 || values[b] == 0 || values[a] < values[b])
            && self.quadruples.iter().all(|(cells, digits)| {
                // The listed digits still missing are no more than the open cells, and each has
                // an open cell where no group holds it already.
                let open: Vec<usize> = cells.iter().copied().filter(|&c| values[c] == 0).collect();
                let mut present: Vec<u8> = cells.iter().map(|&c| values[c]).collect();
                let mut missing = Vec::new();
                for &digit in digits {
                    match present.iter().position(|&v| v == digit) {
                        Some(at) => {
                            present.remove(at);
                        }
                        None => missing.push(digit),
                    }
                }
                let free = |cell: usize, digit: u8| {
                    !self.groups.iter().any(|group| {
                        group.contains(&cell) && group.iter().any(|&o| values[o] == digit)
                    })
                };
                missing.len() <= open.len()
                    && missing
                        .iter()
                        .all(|&digit| open.iter().any(|&cell| free(cell, digit)))
            })
            && self
                .same
                .iter()
                .all(|&(a, b)| values[a] == 0 || values[b] == 0 || values[a] == values[b])
            && self
                .different
                .iter()
                .all(|&(a, b)| values[a] == 0 || values[a] != values[b])
    }

    fn count(&self, values: &mut [u8; 81], limit: usize, first: &mut Option<[u8; 81]>) -> usize {
        let mut best: Option<(usize, Vec<u8>)> = None;
        let open: Vec<usize> = (0..81).filter(|&c| values[c] == 0).collect();
        for cell in open {
            let legal: Vec<u8> = (1..=9)
                .filter(|&d| {
                    values[cell] = d;
                    let ok = self.allows(values);
                    values[cell] = 0;
                    ok
                })
                .collect();
            if best.as_ref().is_none_or(|(_, b)| legal.len() < b.len()) {
                best = Some((cell, legal));
            }
        }
        let Some((cell, legal)) = best else {
            first.get_or_insert(*values);
            return 1;
        };
        let mut count = 0;
        for digit in legal {
            values[cell] = digit;
            count += self.count(values, limit - count, first);
            values[cell] = 0;
            if count >= limit {
                break;
            }
        }
        count
    }
}

// ---------------------------------------------------------------------------------------------
// Random variant puzzles, each made from a grid known to obey its rules.

/// A random grid obeying `rules` with no givens: the reference's search with the digits tried in
/// a random order.
fn random_grid(rules: &Rules, rng: &mut impl Rng) -> Option<[u8; 81]> {
    let reference = Reference::new(rules);
    fn fill(reference: &Reference, values: &mut [u8; 81], rng: &mut impl Rng) -> bool {
        let Some(cell) = values.iter().position(|&v| v == 0) else {
            return true;
        };
        let mut digits: Vec<u8> = (1..=9).collect();
        digits.shuffle(rng);
        for digit in digits {
            values[cell] = digit;
            if reference.allows(values) && fill(reference, values, rng) {
                return true;
            }
        }
        values[cell] = 0;
        false
    }
    let mut values = [0; 81];
    fill(&reference, &mut values, rng).then_some(values)
}

/// Jigsaw regions for which `grid` is a solution: the boxes, with cells of the same digit
/// traded between neighbouring regions (so that each region still holds 1–9 once).
fn jigsaw_regions(grid: &[u8; 81], rng: &mut impl Rng) -> [u8; 81] {
    let mut regions = Cell::ALL.map(|cell| cell.box_index());
    for _ in 0..40 {
        let a = rng.random_range(0..81);
        let b = rng.random_range(0..81);
        if a != b && grid[a] == grid[b] {
            regions.swap(a, b);
        }
    }
    regions
}

/// Cages of up to five joined cells covering the grid, each with its sum in `grid`.
fn killer_cages(grid: &[u8; 81], rng: &mut impl Rng) -> Vec<Cage> {
    let mut caged = [false; 81];
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(rng);
    let mut cages = Vec::new();
    for start in order {
        if caged[start] {
            continue;
        }
        let size = rng.random_range(1..=5);
        let mut cells = vec![start];
        caged[start] = true;
        while cells.len() < size {
            let &from = cells.choose(rng).expect("a cage has a cell");
            let (row, col) = (from / 9, from % 9);
            let neighbours = [
                (row > 0).then(|| from - 9),
                (row < 8).then(|| from + 9),
                (col > 0).then(|| from - 1),
                (col < 8).then(|| from + 1),
            ];
            let free: Vec<usize> = neighbours
                .into_iter()
                .flatten()
                .filter(|&n| !caged[n] && cells.iter().all(|&c| grid[c] != grid[n]))
                .collect();
            let Some(&next) = free.choose(rng) else { break };
            caged[next] = true;
            cells.push(next);
        }
        let sum = cells.iter().map(|&c| grid[c]).sum();
        let cells = cells.iter().map(|&c| Cell::ALL[c]).collect();
        cages.push(Cage {
            cells,
            sum: Some(sum),
        });
    }
    cages
}

/// A random puzzle of the variant: its rules, a grid obeying them, and givens from that grid,
/// of which `blanks` per cent are blank.
fn random_puzzle(variant: Variant, seed: u64, blanks: u32) -> (Rules, [u8; 81], [u8; 81]) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (rules, grid) = match variant {
        Variant::Classic | Variant::Killer | Variant::Jigsaw => {
            let grid = random_solution(&mut rng);
            let rules = match variant {
                Variant::Jigsaw => Rules::classic()
                    .with_regions(jigsaw_regions(&grid, &mut rng))
                    .expect("traded cells keep nine a region"),
                Variant::Killer => Rules::classic()
                    .with(killer_cages(&grid, &mut rng))
                    .expect("cages of one to five cells"),
                _ => Rules::classic(),
            };
            (rules, grid)
        }
        Variant::Thermo | Variant::Arrow | Variant::LittleKiller => {
            let kind = match variant {
                Variant::Thermo => Kind::Thermometer,
                Variant::Arrow => Kind::Arrow,
                _ => Kind::LittleKiller,
            };
            let mut grid = random_solution(&mut rng);
            let marks = random_marks(kind, &mut grid, &mut rng);
            let rules = Rules::classic().with(marks).expect("marks the grid obeys");
            (rules, grid)
        }
        // Every mark, under the rules that the marks are all given.
        Variant::Kropki | Variant::Xv => {
            let grid = random_solution(&mut rng);
            let marks: Vec<Constraint> = if variant == Variant::Kropki {
                let white = every_pair(&grid, |a, b| a.abs_diff(b) == 1);
                let black = every_pair(&grid, |a, b| a.abs_diff(b) != 1 && ratio(a, b) == Some(2));
                (white
                    .into_iter()
                    .map(|cells| Dot::new(Colour::White, cells).into()))
                .chain(
                    black
                        .into_iter()
                        .map(|cells| Dot::new(Colour::Black, cells).into()),
                )
                .collect()
            } else {
                let sums = |sum: u8, letter: Letter| {
                    every_pair(&grid, move |a, b| a + b == sum)
                        .into_iter()
                        .map(move |cells| Xv { cells, letter }.into())
                };
                sums(10, Letter::X).chain(sums(5, Letter::V)).collect()
            };
            let rules = Rules::of(variant)
                .with(marks)
                .expect("marks the grid obeys");
            (rules, grid)
        }
        Variant::X | Variant::Windoku | Variant::KillerX | Variant::AntiKnight => {
            let base = Rules::of(variant);
            let grid = random_grid(&base, &mut rng).expect("X, Windoku, anti-knight grids exist");
            let rules = if variant == Variant::KillerX {
                base.with(killer_cages(&grid, &mut rng))
                    .expect("cages of one to five cells")
            } else {
                base
            };
            (rules, grid)
        }
    };
    let givens = grid.map(|v| if rng.random_ratio(blanks, 100) { 0 } else { v });
    (rules, grid, givens)
}

/// A path of up to `length` cells from a random cell, each next to the one before (diagonally
/// too) and off the path so far, each step one that `step` allows from the cell before.
fn random_path(
    length: usize,
    rng: &mut impl Rng,
    step: impl Fn(usize, usize) -> bool,
) -> Vec<usize> {
    let mut path = vec![rng.random_range(0..81)];
    while path.len() < length {
        let from = *path.last().expect("a path has a cell");
        let (row, col) = ((from / 9) as i32, (from % 9) as i32);
        let next: Vec<usize> = (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (row + dr, col + dc)))
            .filter(|&(r, c)| (0..9).contains(&r) && (0..9).contains(&c))
            .map(|(r, c)| (r * 9 + c) as usize)
            .filter(|&n| !path.contains(&n) && step(from, n))
            .collect();
        let Some(&next) = next.choose(rng) else { break };
        path.push(next);
    }
    path
}

/// Random pairs of cells side by side whose digits in `grid` `qualify`, up to `count`.
fn random_pairs(
    count: usize,
    grid: &[u8; 81],
    rng: &mut impl Rng,
    qualify: impl Fn(u8, u8) -> bool,
) -> Vec<[Cell; 2]> {
    let mut pairs: Vec<(usize, usize)> = side_by_side()
        .into_iter()
        .filter(|&(a, b)| qualify(grid[a], grid[b]))
        .collect();
    pairs.shuffle(rng);
    pairs.truncate(count);
    pairs
        .into_iter()
        .map(|(a, b)| {
            // Either order: the rules read a pair both ways.
            let (a, b) = if rng.random_bool(0.5) { (a, b) } else { (b, a) };
            [Cell::ALL[a], Cell::ALL[b]]
        })
        .collect()
}

/// Every pair of cells side by side whose digits in `grid` `qualify`.
fn every_pair(grid: &[u8; 81], qualify: impl Fn(u8, u8) -> bool) -> Vec<[Cell; 2]> {
    side_by_side()
        .into_iter()
        .filter(|&(a, b)| qualify(grid[a], grid[b]))
        .map(|(a, b)| [Cell::ALL[a], Cell::ALL[b]])
        .collect()
}

/// The ratio of two digits, if one is a whole multiple of the other.
fn ratio(a: u8, b: u8) -> Option<u8> {
    let (small, large) = (a.min(b), a.max(b));
    (large % small == 0).then_some(large / small)
}

/// Random dots on pairs of `grid`: white dots of their difference, black dots of their ratio.
fn random_dots(count: usize, grid: &[u8; 81], rng: &mut impl Rng) -> Vec<Constraint> {
    random_pairs(count, grid, rng, |_, _| true)
        .into_iter()
        .map(|cells| {
            let (a, b) = (grid[cells[0].index()], grid[cells[1].index()]);
            let dot = match ratio(a, b) {
                Some(value) if rng.random_bool(0.6) => Dot {
                    cells,
                    colour: Colour::Black,
                    value,
                },
                _ => Dot {
                    cells,
                    colour: Colour::White,
                    value: a.abs_diff(b),
                },
            };
            dot.into()
        })
        .collect()
}

/// Random marks of one kind that `grid` obeys. For nonconsecutive, which a random grid seldom
/// obeys, the grid may be replaced by one made under it, or its consecutive pairs all dotted.
fn random_marks(kind: Kind, grid: &mut [u8; 81], rng: &mut impl Rng) -> Vec<Constraint> {
    let cells = |path: Vec<usize>| path.into_iter().map(|c| Cell::ALL[c]).collect::<Vec<_>>();
    let at = |grid: &[u8; 81], cells: [Cell; 2]| (grid[cells[0].index()], grid[cells[1].index()]);
    let random_cells = |count: usize, rng: &mut _| {
        let mut all: Vec<usize> = (0..81).collect();
        all.shuffle(rng);
        all.truncate(count);
        all
    };
    match kind {
        // The kinds the variants' test covers, and what the solvers do not follow.
        Kind::Diagonal | Kind::ExtraRegion | Kind::Cage | Kind::Kept => Vec::new(),
        Kind::Thermometer => (0..rng.random_range(2..6))
            .map(|_| random_path(rng.random_range(2..7), rng, |a, b| grid[b] > grid[a]))
            .filter(|path| path.len() > 1)
            .map(|path| Thermometer { cells: cells(path) }.into())
            .collect(),
        Kind::GivenCandidates => random_cells(rng.random_range(3..15), rng)
            .into_iter()
            .map(|c| {
                // The cell's digit and up to four others.
                let mut digits = 1u16 << (grid[c] - 1);
                for _ in 0..rng.random_range(0..5) {
                    digits |= 1 << rng.random_range(0..9);
                }
                GivenCandidates {
                    cell: Cell::ALL[c],
                    digits,
                }
                .into()
            })
            .collect(),
        Kind::Parity => random_cells(rng.random_range(3..15), rng)
            .into_iter()
            .map(|c| match grid[c] % 2 {
                1 => Parity::Odd(Cell::ALL[c]).into(),
                _ => Parity::Even(Cell::ALL[c]).into(),
            })
            .collect(),
        Kind::Extremum => {
            let beside = |c: usize| {
                let (row, col) = ((c / 9) as i32, (c % 9) as i32);
                [(-1, 0), (1, 0), (0, -1), (0, 1)]
                    .into_iter()
                    .map(move |(dr, dc)| (row + dr, col + dc))
                    .filter(|(r, c)| (0..9).contains(r) && (0..9).contains(c))
                    .map(|(r, c)| (r * 9 + c) as usize)
            };
            // Cells taken in a random order, each a minimum (maximum) when it is less (more)
            // than each cell beside it but the minima (maxima) taken before it: one taken later
            // beside it only takes a comparison away, so any first few taken hold, and minima and
            // maxima come side by side.
            let mut order: Vec<usize> = (0..81).collect();
            order.shuffle(rng);
            let (mut minima, mut maxima, mut extremes) = (Vec::new(), Vec::new(), Vec::new());
            for c in order {
                if beside(c).all(|n| grid[c] < grid[n] || minima.contains(&n)) {
                    minima.push(c);
                    extremes.push(Extremum::minimum(Cell::ALL[c]).into());
                } else if beside(c).all(|n| grid[c] > grid[n] || maxima.contains(&n)) {
                    maxima.push(c);
                    extremes.push(Extremum::maximum(Cell::ALL[c]).into());
                }
            }
            extremes.truncate(rng.random_range(1..16));
            extremes.shuffle(rng);
            extremes
        }
        Kind::Quadruple => (0..rng.random_range(1..5))
            .map(|_| {
                let top_left = rng.random_range(0..8) * 9 + rng.random_range(0..8);
                let mut four = vec![top_left, top_left + 1, top_left + 9, top_left + 10];
                let quadruple = Quadruple {
                    cells: four.iter().map(|&c| Cell::ALL[c]).collect(),
                    digits: Vec::new(),
                };
                four.shuffle(rng);
                four.truncate(rng.random_range(1..=4));
                Quadruple {
                    digits: four.into_iter().map(|c| grid[c]).collect(),
                    ..quadruple
                }
                .into()
            })
            .collect(),
        Kind::Cloned => (0..rng.random_range(1..5))
            .filter_map(|_| {
                // Cells and their copies a random step away with the same digits.
                let (dr, dc) = (rng.random_range(-8i32..=8), rng.random_range(-8i32..=8));
                let mut pairs: Vec<(usize, usize)> = (0..81)
                    .filter_map(|c| {
                        let (r, col) = ((c / 9) as i32 + dr, (c % 9) as i32 + dc);
                        let inside = (0..9).contains(&r) && (0..9).contains(&col);
                        let copy = (r * 9 + col) as usize;
                        (inside && copy != c && grid[copy] == grid[c]).then_some((c, copy))
                    })
                    .collect();
                pairs.shuffle(rng);
                pairs.truncate(rng.random_range(1..7));
                // A cell once in each list.
                let mut taken = CellSet::EMPTY;
                pairs.retain(|&(a, b)| {
                    let fresh = !taken.contains(Cell::ALL[a]) && !taken.contains(Cell::ALL[b]);
                    taken.insert(Cell::ALL[a]);
                    taken.insert(Cell::ALL[b]);
                    fresh
                });
                (!pairs.is_empty()).then(|| {
                    Cloned {
                        cells: pairs.iter().map(|&(a, _)| Cell::ALL[a]).collect(),
                        clones: pairs.iter().map(|&(_, b)| Cell::ALL[b]).collect(),
                    }
                    .into()
                })
            })
            .collect(),
        Kind::Chess => {
            let rules = match rng.random_range(0..3) {
                0 => vec![Chess::Antiknight.into()],
                1 => vec![Chess::Antiking.into()],
                _ => vec![Chess::Antiknight.into(), Chess::Antiking.into()],
            };
            grid_under(rules, grid, rng)
        }
        Kind::DisjointGroups => grid_under(vec![DisjointGroups.into()], grid, rng),
        Kind::Dot => {
            let count = rng.random_range(2..12);
            random_dots(count, grid, rng)
        }
        Kind::Xv => {
            let count = rng.random_range(2..12);
            random_pairs(count, grid, rng, |a, b| a + b == 10 || a + b == 5)
                .into_iter()
                .map(|cells| {
                    let (a, b) = at(grid, cells);
                    let letter = if a + b == 10 { Letter::X } else { Letter::V };
                    Xv { cells, letter }.into()
                })
                .collect()
        }
        // Every mark the rule says is given, and some others.
        Kind::Negative => {
            let mut marks: Vec<Constraint> = Vec::new();
            if rng.random_bool(0.6) {
                marks.push(Negative::new(Negated::Ratio).into());
                // Black dots of 2, and at times of 3 too: then neither ratio is left unmarked.
                let values: &[u8] = if rng.random_bool(0.3) { &[2, 3] } else { &[2] };
                for &value in values {
                    let pairs = every_pair(grid, |a, b| ratio(a, b) == Some(value));
                    marks.extend(pairs.into_iter().map(|cells| {
                        Dot {
                            cells,
                            colour: Colour::Black,
                            value,
                        }
                        .into()
                    }));
                }
                // White dots, which exempt their pairs too.
                let count = rng.random_range(0..5);
                marks.extend(
                    random_pairs(count, grid, rng, |a, b| a.abs_diff(b) == 1)
                        .into_iter()
                        .map(|cells| Dot::new(Colour::White, cells).into()),
                );
            }
            if marks.is_empty() || rng.random_bool(0.4) {
                marks.push(Negative::new(Negated::Xv).into());
                let pairs = every_pair(grid, |a, b| a + b == 10 || a + b == 5);
                marks.extend(pairs.into_iter().map(|cells| {
                    let (a, b) = at(grid, cells);
                    let letter = if a + b == 10 { Letter::X } else { Letter::V };
                    Xv { cells, letter }.into()
                }));
            }
            marks
        }
        Kind::Nonconsecutive => {
            let mut marks: Vec<Constraint> = vec![Nonconsecutive::new().into()];
            if rng.random_bool(0.5) {
                // Every consecutive pair dotted, white or (1 and 2) black.
                for cells in every_pair(grid, |a, b| a.abs_diff(b) == 1) {
                    let colour = match at(grid, cells) {
                        (1, 2) | (2, 1) if rng.random_bool(0.5) => Colour::Black,
                        _ => Colour::White,
                    };
                    marks.push(Dot::new(colour, cells).into());
                }
            } else {
                grid_under(vec![Nonconsecutive::new().into()], grid, rng);
                let count = rng.random_range(0..6);
                marks.extend(random_dots(count, grid, rng));
            }
            marks
        }
        // Odd lengths: two neighbours on a line are never equal.
        Kind::Palindrome => random_lines(rng, |rng| {
            let path = random_path(*[3, 5, 7].choose(rng).expect("lengths"), rng, |_, _| true);
            let mirrored = path.iter().zip(path.iter().rev());
            (path.len() > 1 && mirrored.clone().all(|(&a, &b)| grid[a] == grid[b]))
                .then(|| Palindrome { cells: cells(path) }.into())
        }),
        Kind::BetweenLine => random_lines(rng, |rng| {
            let path = random_path(rng.random_range(3..8), rng, |_, _| true);
            // The longest start of the path whose middle lies between its ends.
            (3..=path.len()).rev().find_map(|length| {
                let (a, b) = (grid[path[0]], grid[path[length - 1]]);
                let between = |&c: &usize| a.min(b) < grid[c] && grid[c] < a.max(b);
                path[1..length - 1].iter().all(between).then(|| {
                    let cells = cells(path[..length].to_vec());
                    BetweenLine { cells }.into()
                })
            })
        }),
        Kind::Whispers => random_lines(rng, |rng| {
            let difference = match rng.random_bool(0.5) {
                true => Whispers::GERMAN,
                false => rng.random_range(1..=7),
            };
            let path = random_path(rng.random_range(2..10), rng, |a, b| {
                grid[a].abs_diff(grid[b]) >= difference
            });
            (path.len() > 1).then(|| {
                let cells = cells(path);
                Whispers { cells, difference }.into()
            })
        }),
        Kind::Renban => random_lines(rng, |rng| {
            let path = random_path(rng.random_range(2..7), rng, |a, b| {
                grid[a].abs_diff(grid[b]) <= 3
            });
            // The longest start of the path whose digits are a run, each once.
            (2..=path.len()).rev().find_map(|length| {
                let mut digits: Vec<u8> = path[..length].iter().map(|&c| grid[c]).collect();
                digits.sort_unstable();
                digits.dedup();
                let run = digits.len() == length
                    && usize::from(digits[length - 1] - digits[0]) == length - 1;
                run.then(|| {
                    let cells = cells(path[..length].to_vec());
                    Renban { cells }.into()
                })
            })
        }),
        Kind::Arrow => {
            let mut arrows = Vec::new();
            for _ in 0..100 {
                if arrows.len() == 4 {
                    break;
                }
                if let Some(arrow) = random_arrow(grid, rng) {
                    arrows.push(arrow.into());
                }
            }
            arrows
        }
        Kind::LittleKiller => {
            let mut clues = Vec::new();
            for row in -1..=9 {
                for col in -1..=9 {
                    for direction in Direction::ALL {
                        let clue = Outside { row, col };
                        let killer = LittleKiller::new(clue, direction, 0);
                        if clue.is_outside() && !killer.diagonal().is_empty() {
                            clues.push(killer);
                        }
                    }
                }
            }
            let count = rng.random_range(1..5);
            clues
                .sample(rng, count)
                .map(|killer| {
                    let sum = killer.diagonal().iter().map(|c| grid[c.index()]).sum();
                    LittleKiller::new(killer.clue, killer.direction, sum).into()
                })
                .collect()
        }
        Kind::Sandwich => (0..rng.random_range(1..5))
            .map(|_| {
                let index = rng.random_range(0..9);
                let (clue, line): (Outside, Vec<usize>) = if rng.random_bool(0.5) {
                    let clue = Outside {
                        row: index,
                        col: [-1, 9][rng.random_range(0..2)],
                    };
                    (clue, (0..9).map(|c| index as usize * 9 + c).collect())
                } else {
                    let clue = Outside {
                        row: [-1, 9][rng.random_range(0..2)],
                        col: index,
                    };
                    (clue, (0..9).map(|r| r * 9 + index as usize).collect())
                };
                let one = line.iter().position(|&c| grid[c] == 1).expect("a 1");
                let nine = line.iter().position(|&c| grid[c] == 9).expect("a 9");
                let between = &line[one.min(nine) + 1..one.max(nine)];
                let sum = between.iter().map(|&c| grid[c]).sum();
                Sandwich { clue, sum }.into()
            })
            .collect(),
        Kind::RegionSumLine => {
            let mut lines = Vec::new();
            for _ in 0..300 {
                if lines.len() == 3 {
                    break;
                }
                let path = random_path(rng.random_range(3..9), rng, |_, _| true);
                // The longest start of the path whose segments (two at least) share their sum.
                let best = (2..=path.len()).rev().find_map(|length| {
                    let line = RegionSumLine::new(cells(path[..length].to_vec()));
                    let sums: Vec<u32> = line
                        .segments()
                        .map(|segment| segment.iter().map(|c| u32::from(grid[c.index()])).sum())
                        .collect();
                    (sums.len() > 1 && sums.windows(2).all(|pair| pair[0] == pair[1]))
                        .then_some(line)
                });
                lines.extend(best.map(Constraint::from));
            }
            lines
        }
    }
}

/// `rules`, of the whole grid, which a random grid seldom obeys, with `grid` replaced by one
/// made under them.
fn grid_under(rules: Vec<Constraint>, grid: &mut [u8; 81], rng: &mut impl Rng) -> Vec<Constraint> {
    let rules = Rules::classic()
        .with(rules)
        .expect("rules of the whole grid");
    *grid = variant_random_grid(&rules, rng).expect("grids under these rules exist");
    rules.constraints().to_vec()
}

/// One to four lines that `line` makes, each from a few tries (a try may find none).
fn random_lines<R: Rng>(
    rng: &mut R,
    line: impl Fn(&mut R) -> Option<Constraint>,
) -> Vec<Constraint> {
    let count = rng.random_range(1..5);
    let mut lines = Vec::new();
    for _ in 0..400 {
        if lines.len() == count {
            break;
        }
        lines.extend(line(rng));
    }
    lines
}

/// An arrow that `grid` obeys, if the random body taken has a circle beside it: a cell of its
/// total, or two touching cells of its two digits.
fn random_arrow(grid: &[u8; 81], rng: &mut impl Rng) -> Option<Arrow> {
    let body = random_path(rng.random_range(1..5), rng, |_, _| true);
    let total: u8 = body.iter().map(|&c| grid[c]).sum();
    let touching = |cell: usize| {
        let (row, col) = ((cell / 9) as i32, (cell % 9) as i32);
        (0..81).filter(move |&n| {
            let (r, c) = ((n / 9) as i32, (n % 9) as i32);
            n != cell && (r - row).abs() <= 1 && (c - col).abs() <= 1
        })
    };
    let free = |cell: &usize| !body.contains(cell);
    let circle: Vec<usize> = if total <= 9 {
        vec![touching(body[0]).filter(free).find(|&n| grid[n] == total)?]
    } else {
        let (tens, units) = (total / 10, total % 10);
        touching(body[0])
            .filter(free)
            .filter(|&n| grid[n] == tens || grid[n] == units)
            .find_map(|n| {
                touching(n)
                    .filter(free)
                    .find(|&m| {
                        [grid[n], grid[m]] == [tens, units] || [grid[m], grid[n]] == [tens, units]
                    })
                    .map(|m| {
                        if grid[n] == tens && grid[m] == units {
                            vec![n, m]
                        } else {
                            vec![m, n]
                        }
                    })
            })?
    };
    let cells = |cells: Vec<usize>| cells.into_iter().map(|c| Cell::ALL[c]).collect();
    Some(Arrow::new(cells(circle), cells(body)))
}

/// Checks the search on `givens` against the reference: the same count (up to 2), a first
/// solution that obeys the rules and keeps the givens, and the only one when there is one.
/// Returns the count.
fn check_against_reference(rules: &Rules, givens: &[u8; 81]) -> usize {
    let reference = Reference::new(rules);
    let mut only = None;
    let expected = reference.count(&mut givens.clone(), 2, &mut only);
    let found = variant_solutions(givens, rules, 2).expect("decided");
    assert_eq!(found.count, expected, "{rules:?}\n{givens:?}");
    if let Some(solution) = found.first {
        assert!(reference.allows(&solution), "a solution breaks the rules");
        assert!(solution.iter().all(|&v| v != 0));
        assert!(
            givens
                .iter()
                .zip(&solution)
                .all(|(&g, &s)| g == 0 || g == s)
        );
    }
    if expected == 1 {
        assert_eq!(found.first, only);
    }
    expected
}

proptest! {
    #![proptest_config(fixed_seed_config(48))]

    #[test]
    fn variant_search_agrees_with_the_reference(
        variant in prop::sample::select(&Variant::ALL[1..]),
        seed in any::<u64>(),
        // Up to two thirds blank: the reference, a plain backtracker, can take a minute on a
        // random jigsaw three quarters blank.
        blanks in 20u32..65,
    ) {
        let blanks = if matches!(variant, Variant::Killer | Variant::KillerX) { blanks + 25 } else { blanks };
        let (rules, grid, givens) = random_puzzle(variant, seed, blanks);
        prop_assert!(Reference::new(&rules).allows(&grid), "the made grid obeys its rules");
        // The grid the givens come from is a solution: the only one, or one of several.
        let count = check_against_reference(&rules, &givens);
        prop_assert!(count >= 1);
        if count == 1 {
            prop_assert_eq!(variant_solutions(&givens, &rules, 1).expect("decided").first, Some(grid));
        }
    }

    #[test]
    fn a_changed_given_is_found_out(
        variant in prop::sample::select(&Variant::ALL[1..]),
        seed in any::<u64>(),
        cell in 0usize..81,
        digit in 1u8..=9,
    ) {
        let (rules, _, mut givens) = random_puzzle(variant, seed, 40);
        givens[cell] = digit;
        check_against_reference(&rules, &givens);
    }
}

proptest! {
    #![proptest_config(fixed_seed_config(64))]

    /// Random marks of each kind on a random grid, with random cells blank.
    #[test]
    fn each_kind_s_search_agrees_with_the_reference(
        kind in prop::sample::select(Kind::ALL),
        seed in any::<u64>(),
        blanks in 40u32..80,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut grid = random_solution(&mut rng);
        let marks = random_marks(kind, &mut grid, &mut rng);
        let rules = Rules::classic().with(marks).expect("random marks are rules");
        prop_assert!(Reference::new(&rules).allows(&grid), "the grid obeys its marks");
        prop_assert_eq!(rules.check(&grid), Ok(()));
        let givens = grid.map(|v| if rng.random_ratio(blanks, 100) { 0 } else { v });
        prop_assert!(check_against_reference(&rules, &givens) >= 1);
    }
}

#[test]
fn the_general_path_agrees_with_the_classic_engines_on_the_collections() {
    for name in ["magictour_top1465.csv", "unbiased_1000.csv", "17_clue.csv"] {
        for case in cases(name, 150) {
            let values = case.puzzle.digits().map(|d| d.map_or(0, |d| d.get()));
            let general = general_solutions(&values, &Rules::classic(), 2).expect("decided");
            assert_eq!(general, solutions(&values, 2), "{name}:{}", case.line);
            let known = case.solution.digits().map(|d| d.map_or(0, |d| d.get()));
            assert_eq!(general.first, Some(known), "{name}:{}", case.line);
        }
    }
    for line in read_data("serg_multi_solution.txt").lines().take(100) {
        let Ok(puzzle) = sudoku_core::Grid::parse_line(line) else {
            continue;
        };
        let values = puzzle.digits().map(|d| d.map_or(0, |d| d.get()));
        assert_eq!(
            general_solutions(&values, &Rules::classic(), 2)
                .expect("decided")
                .count,
            2,
            "{line}"
        );
    }
}

#[test]
fn variants_are_told_apart() {
    assert_eq!(Rules::classic().variant(), Some(Variant::Classic));
    for variant in [Variant::X, Variant::Windoku] {
        assert_eq!(Rules::of(variant).variant(), Some(variant));
    }
    let (killer, _, _) = random_puzzle(Variant::Killer, 1, 50);
    assert_eq!(killer.variant(), Some(Variant::Killer));
    let (jigsaw, _, _) = random_puzzle(Variant::Jigsaw, 1, 50);
    assert_eq!(jigsaw.variant(), Some(Variant::Jigsaw));
    let (killer_x, _, _) = random_puzzle(Variant::KillerX, 1, 50);
    assert_eq!(killer_x.variant(), Some(Variant::KillerX));
    let mut windows = sudoku_core::variant::windows();
    windows.reverse();
    let windows = windows.map(|cells| ExtraRegion { cells });
    let reordered = Rules::classic().with(windows).unwrap();
    assert_eq!(reordered.variant(), Some(Variant::Windoku));
    let one_diagonal = Rules::classic().with([Diagonal::Rising]).unwrap();
    assert_eq!(one_diagonal.variant(), None);
}

#[test]
fn generated_puzzles_have_one_solution() {
    use sudoku_core::Level;
    use sudoku_core::variant::generate::{generate_variant, generate_variant_level};
    for variant in Variant::ALL {
        for seed in 0..2 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            // The reference reads a sum or a pair only once its cells are full: on the fewest
            // givens an arrow or a little killer leaves, it takes minutes; Medium ones keep more,
            // and Easy Arrows more still.
            let puzzle = match variant {
                Variant::Arrow => generate_variant_level(variant, Level::Easy, &mut rng)
                    .expect("Easy puzzles come quickly"),
                Variant::Kropki | Variant::Xv | Variant::LittleKiller | Variant::AntiKnight => {
                    generate_variant_level(variant, Level::Medium, &mut rng)
                        .expect("Medium puzzles come quickly")
                }
                _ => generate_variant(variant, &mut rng),
            };
            assert_eq!(puzzle.rules.variant(), Some(variant), "{variant:?} {seed}");
            let reference = Reference::new(&puzzle.rules);
            let found = variant_solutions(&puzzle.givens, &puzzle.rules, 2).expect("decided");
            assert_eq!(found.count, 1, "{variant:?} {seed}");
            let solution = found.first.expect("one solution");
            assert!(reference.allows(&solution));
            if matches!(variant, Variant::Killer | Variant::KillerX) {
                // The reference, which only checks sums, takes minutes on a Killer with no
                // givens; the search was held against it on random Killers above.
                assert!(puzzle.givens.iter().all(|&g| g == 0));
                let mut covered = CellSet::EMPTY;
                for cage in puzzle.rules.cages() {
                    assert!((covered & cage.cells).is_empty(), "cages overlap");
                    covered |= cage.cells;
                }
                assert_eq!(covered, CellSet::ALL);
            } else {
                let mut only = None;
                let count = reference.count(&mut puzzle.givens.clone(), 2, &mut only);
                assert_eq!((count, only), (1, Some(solution)), "{variant:?} {seed}");
            }
        }
    }
}
