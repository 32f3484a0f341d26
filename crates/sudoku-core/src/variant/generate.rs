//! Variant puzzles with exactly one solution.
//!
//! - Sudoku X, Windoku, Jigsaw: a random grid obeying the rules (a jigsaw's regions made first,
//!   by trading cells between neighbouring regions while every region stays in one piece), then
//!   clues removed in pairs symmetric about the centre while the solution stays unique: a minimal
//!   puzzle among such patterns, as the classic generator makes.
//! - Killer (and Killer X): a random grid, cut into cages of two to four joined cells with no
//!   digit twice, each given its sum, and no givens. While a second solution exists, a cell where
//!   it differs leaves its cage for a cage of its own (and the rest of the cage, if that falls in
//!   pieces, becomes a cage per piece), which rules that solution out. Then each cage of one cell
//!   joins a neighbouring cage (up to five cells, no digit twice) where the solution stays
//!   unique.
//!
//! - Thermo: a random classic grid, thermometers of three to six cells laid along paths where its
//!   digits rise (each step to one of the eight cells around), no cell on two, then clues
//!   removed in symmetric pairs while the solution stays unique.
//!
//! A level is reached by making puzzles until one's logical solve has the level asked (see
//! [`Puzzle::level`]), within a number of tries.
//!
//! The same RNG state gives the same puzzle.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt};

use super::search::{random_grid, solutions, two_solutions};
use super::{Cage, Puzzle, Rules, Thermometer, Variant};
use crate::cell::Cell;
use crate::difficulty::Difficulty;
use crate::level::Level;
use crate::sets::CellSet;

/// The most puzzles made for one of a level: some levels are rare for some variants (an easy
/// Killer without givens, for one).
pub const LEVEL_TRIES: usize = 300;

/// No puzzle of the level asked came in [`LEVEL_TRIES`] tries.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("no {level} {variant} puzzle in {LEVEL_TRIES} tries: try another level", level = .level.name(), variant = .variant.name())]
pub struct LevelNotFound {
    pub variant: Variant,
    pub level: Level,
}

/// A new puzzle of the variant with exactly one solution whose logical solve has `level`.
pub fn generate_variant_level(
    variant: Variant,
    level: Level,
    rng: &mut impl Rng,
) -> Result<Puzzle, LevelNotFound> {
    (0..LEVEL_TRIES)
        .map(|_| generate_variant(variant, rng))
        .find(|puzzle| puzzle.level() == Some(level))
        .ok_or(LevelNotFound { variant, level })
}

/// A new puzzle of the variant with exactly one solution whose logical solve has `level` if one
/// of `tries` puzzles has it, else the one nearest to it (a level some variants seldom reach);
/// with the difficulty of its logical solve (none: logic alone does not solve it, Extreme).
pub fn generate_variant_near(
    variant: Variant,
    level: Level,
    tries: usize,
    rng: &mut impl Rng,
) -> (Puzzle, Option<Difficulty>) {
    let distance = |difficulty: Option<Difficulty>| {
        let made = difficulty.map_or(Level::Extreme, Level::of);
        (made as i32 - level as i32).abs()
    };
    let mut nearest: Option<(Puzzle, Option<Difficulty>)> = None;
    for _ in 0..tries.max(1) {
        let puzzle = generate_variant(variant, rng);
        let difficulty = puzzle.difficulty();
        if distance(difficulty) == 0 {
            return (puzzle, difficulty);
        }
        if nearest
            .as_ref()
            .is_none_or(|(_, best)| distance(difficulty) < distance(*best))
        {
            nearest = Some((puzzle, difficulty));
        }
    }
    nearest.expect("at least one try")
}

/// A new puzzle of the variant with exactly one solution.
pub fn generate_variant(variant: Variant, rng: &mut impl Rng) -> Puzzle {
    match variant {
        Variant::Killer | Variant::KillerX => killer(Rules::of(variant), rng),
        Variant::Jigsaw => loop {
            let rules = Rules::classic()
                .with_regions(jigsaw_regions(rng))
                .expect("traded cells keep nine cells a region");
            if let Some(grid) = random_grid(&rules, rng) {
                break remove_clues(grid, rules, rng);
            }
        },
        Variant::Thermo => {
            let grid = grid_of(&Rules::classic(), rng);
            let rules = Rules::classic()
                .with(thermometers_on(&grid, rng))
                .expect("rising paths are thermometers");
            remove_clues(grid, rules, rng)
        }
        Variant::Classic | Variant::X | Variant::Windoku => {
            let rules = Rules::of(variant);
            let grid = grid_of(&rules, rng);
            remove_clues(grid, rules, rng)
        }
    }
}

/// A random grid of rules known to have many: tried again in the unlikely case that every try of
/// [`random_grid`] ended in a contradiction.
fn grid_of(rules: &Rules, rng: &mut impl Rng) -> [u8; Cell::COUNT] {
    loop {
        if let Some(grid) = random_grid(rules, rng) {
            return grid;
        }
    }
}

/// The grid's clues removed in symmetric pairs, each pair kept only if the solution would no
/// longer be unique without it.
fn remove_clues(grid: [u8; Cell::COUNT], rules: Rules, rng: &mut impl Rng) -> Puzzle {
    let mut givens = grid;
    let mut cells: Vec<usize> = (0..=40).collect();
    cells.shuffle(rng);
    for cell in cells {
        let pair = [cell, 80 - cell];
        pair.iter().for_each(|&c| givens[c] = 0);
        if !is_unique(&givens, &rules) {
            pair.iter().for_each(|&c| givens[c] = grid[c]);
        }
    }
    Puzzle::new(givens, rules)
}

/// How many thermometers a Thermo puzzle has, and how long each is at most.
const THERMOMETERS: usize = 8;
const THERMOMETER_CELLS: usize = 6;

/// Thermometers that `grid` obeys, as a setter lays them: from random bulbs, each along a path
/// of rising digits to a random length of three to six cells where the path allows, on cells
/// no other thermometer holds.
fn thermometers_on(grid: &[u8; Cell::COUNT], rng: &mut impl Rng) -> Vec<Thermometer> {
    let mut taken = CellSet::EMPTY;
    let mut thermometers = Vec::new();
    let mut bulbs: Vec<Cell> = Cell::all().collect();
    bulbs.shuffle(rng);
    for bulb in bulbs {
        if thermometers.len() == THERMOMETERS {
            break;
        }
        if taken.contains(bulb) {
            continue;
        }
        let length = rng.random_range(3..=THERMOMETER_CELLS);
        let mut cells = vec![bulb];
        while cells.len() < length {
            let last = *cells.last().expect("a bulb");
            let rising: Vec<Cell> = around(last)
                .filter(|&next| {
                    !taken.contains(next)
                        && !cells.contains(&next)
                        && grid[next.index()] > grid[last.index()]
                })
                .collect();
            let Some(&next) = rising.choose(rng) else {
                break;
            };
            cells.push(next);
        }
        if cells.len() >= 3 {
            taken = cells.iter().fold(taken, |taken, &cell| taken.with(cell));
            thermometers.push(Thermometer { cells });
        }
    }
    thermometers
}

/// The eight cells around a cell, inside the grid.
fn around(cell: Cell) -> impl Iterator<Item = Cell> {
    let (row, col) = (i32::from(cell.row()), i32::from(cell.col()));
    (-1..=1)
        .flat_map(move |dr| (-1..=1).map(move |dc| (row + dr, col + dc)))
        .filter(move |&(r, c)| (r, c) != (row, col) && (0..9).contains(&r) && (0..9).contains(&c))
        .map(|(r, c)| Cell::at(r as u8, c as u8))
}

/// Whether the givens have exactly one solution; a search that gives up counts as not.
fn is_unique(givens: &[u8; Cell::COUNT], rules: &Rules) -> bool {
    matches!(solutions(givens, rules, 2), Ok(found) if found.count == 1)
}

/// The four neighbours of a cell inside the grid.
fn neighbours(cell: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / 9, cell % 9);
    [
        (row > 0).then(|| cell - 9),
        (row < 8).then(|| cell + 9),
        (col > 0).then(|| cell - 1),
        (col < 8).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether a set of cells is one piece, joined edge to edge (the empty set is).
fn is_joined(cells: CellSet) -> bool {
    pieces(cells).len() <= 1
}

/// The pieces of a set of cells joined edge to edge.
fn pieces(mut cells: CellSet) -> Vec<CellSet> {
    let mut pieces = Vec::new();
    while let Some(start) = cells.first() {
        let mut piece = CellSet::single(start);
        let mut frontier = vec![start.index()];
        cells.remove(start);
        while let Some(cell) = frontier.pop() {
            for next in neighbours(cell).map(|n| Cell::ALL[n]) {
                if cells.contains(next) {
                    cells.remove(next);
                    piece.insert(next);
                    frontier.push(next.index());
                }
            }
        }
        pieces.push(piece);
    }
    pieces
}

/// Random jigsaw regions: from the boxes, two neighbouring cells of different regions trade
/// regions when both regions stay in one piece, until many trades have been made.
pub fn jigsaw_regions(rng: &mut impl Rng) -> [u8; Cell::COUNT] {
    let mut regions = Cell::ALL.map(Cell::box_index);
    let region_cells = |regions: &[u8; Cell::COUNT], region: u8| -> CellSet {
        Cell::all()
            .filter(|cell| regions[cell.index()] == region)
            .collect()
    };
    let mut trades = 0;
    while trades < 120 || regions == Cell::ALL.map(Cell::box_index) {
        let a = rng.random_range(0..Cell::COUNT);
        let Some(&b) = neighbours(a).collect::<Vec<_>>().choose(rng) else {
            continue;
        };
        if regions[a] == regions[b] {
            continue;
        }
        // `a` leaves for `b`'s region and a cell of that region, beside `a`'s, comes back.
        let Some(&c) = (0..Cell::COUNT)
            .filter(|&c| {
                regions[c] == regions[b]
                    && c != b
                    && neighbours(c).any(|n| regions[n] == regions[a])
            })
            .collect::<Vec<_>>()
            .choose(rng)
        else {
            continue;
        };
        let mut traded = regions;
        traded.swap(a, c);
        if is_joined(region_cells(&traded, traded[a]))
            && is_joined(region_cells(&traded, traded[c]))
        {
            regions = traded;
            trades += 1;
        }
    }
    regions
}

/// Cages of two to four joined cells with no digit twice, covering the grid, each with its sum.
fn cut_into_cages(grid: &[u8; Cell::COUNT], rng: &mut impl Rng) -> Vec<Cage> {
    let mut caged = CellSet::EMPTY;
    let mut order: Vec<usize> = (0..Cell::COUNT).collect();
    order.shuffle(rng);
    let mut cages = Vec::new();
    for start in order {
        if caged.contains(Cell::ALL[start]) {
            continue;
        }
        let size = rng.random_range(2..=4);
        let mut cells = vec![start];
        caged.insert(Cell::ALL[start]);
        while cells.len() < size {
            let free: Vec<usize> = cells
                .iter()
                .flat_map(|&c| neighbours(c))
                .filter(|&n| !caged.contains(Cell::ALL[n]))
                .filter(|&n| cells.iter().all(|&c| grid[c] != grid[n]))
                .collect();
            let Some(&next) = free.choose(rng) else { break };
            caged.insert(Cell::ALL[next]);
            cells.push(next);
        }
        cages.push(cage_of(cells.iter().map(|&c| Cell::ALL[c]).collect(), grid));
    }
    cages
}

fn cage_of(cells: CellSet, grid: &[u8; Cell::COUNT]) -> Cage {
    let sum = cells.iter().map(|cell| grid[cell.index()]).sum();
    Cage {
        cells,
        sum: Some(sum),
    }
}

/// A Killer puzzle over `base` (classic, or with diagonals): no givens, cages cut from a random
/// grid until only that grid fits them.
fn killer(base: Rules, rng: &mut impl Rng) -> Puzzle {
    let grid = grid_of(&base, rng);
    let mut cages = cut_into_cages(&grid, rng);
    loop {
        let rules = base
            .clone()
            .with(cages.iter().cloned())
            .expect("cages of one to four cells");
        // A cell where a second solution differs from the grid; when the search gave up, any
        // cell of a cage of several.
        let differing: Vec<usize> = match two_solutions(&[0; Cell::COUNT], &rules) {
            Ok([_, None]) => return merge_cages(base, cages, &grid, rng),
            Ok(found) => {
                let other = found
                    .into_iter()
                    .flatten()
                    .find(|solution| *solution != grid)
                    .expect("of two solutions one is not the grid");
                (0..Cell::COUNT).filter(|&c| other[c] != grid[c]).collect()
            }
            Err(_) => cages
                .iter()
                .filter(|cage| cage.cells.has_several())
                .flat_map(|cage| cage.cells.iter().map(Cell::index))
                .collect(),
        };
        let &cell = differing.choose(rng).expect("a cell to split off");
        let cell = Cell::ALL[cell];
        let index = cages
            .iter()
            .position(|cage| cage.cells.contains(cell))
            .expect("every cell is in a cage");
        let split = cages.swap_remove(index);
        let mut rest = split.cells;
        rest.remove(cell);
        cages.push(cage_of(CellSet::single(cell), &grid));
        cages.extend(pieces(rest).into_iter().map(|piece| cage_of(piece, &grid)));
    }
}

/// Cages of one cell (a given in all but name) merged into a neighbouring cage where the
/// solution stays unique, the merged cage at most five cells with no digit twice.
fn merge_cages(
    base: Rules,
    mut cages: Vec<Cage>,
    grid: &[u8; Cell::COUNT],
    rng: &mut impl Rng,
) -> Puzzle {
    let unique = |cages: &[Cage]| {
        let rules = base
            .clone()
            .with(cages.iter().cloned())
            .expect("cages of one to five cells");
        is_unique(&[0; Cell::COUNT], &rules)
    };
    let mut singles: Vec<Cell> = cages
        .iter()
        .filter_map(|cage| cage.cells.single_cell())
        .collect();
    singles.shuffle(rng);
    for single in singles {
        let Some(from) = cages.iter().position(|cage| cage.cells.contains(single)) else {
            continue;
        };
        let digits = |cells: CellSet| {
            cells
                .iter()
                .fold(0u16, |seen, c| seen | 1 << grid[c.index()])
        };
        let mut beside: Vec<usize> = (0..cages.len())
            .filter(|&i| i != from)
            .filter(|&i| neighbours(single.index()).any(|n| cages[i].cells.contains(Cell::ALL[n])))
            .filter(|&i| cages[i].cells.len() + cages[from].cells.len() <= 5)
            .filter(|&i| digits(cages[i].cells) & digits(cages[from].cells) == 0)
            .collect();
        beside.shuffle(rng);
        for into in beside {
            let mut merged = cages.clone();
            merged[into] = cage_of(cages[into].cells | cages[from].cells, grid);
            merged.swap_remove(from);
            if unique(&merged) {
                cages = merged;
                break;
            }
        }
    }
    let rules = base.with(cages).expect("cages of one to five cells");
    Puzzle::new([0; Cell::COUNT], rules)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;

    use super::*;

    #[test]
    fn jigsaw_regions_are_nine_pieces_of_nine() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..20 {
            let regions = jigsaw_regions(&mut rng);
            assert_ne!(regions, Cell::ALL.map(Cell::box_index));
            for region in 0..9 {
                let cells: CellSet = Cell::all()
                    .filter(|cell| regions[cell.index()] == region)
                    .collect();
                assert_eq!(cells.len(), 9);
                assert!(is_joined(cells));
            }
        }
    }

    #[test]
    fn the_nearest_level_is_the_one_asked_when_it_comes() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for level in [Level::Medium, Level::Expert] {
            let (puzzle, difficulty) = generate_variant_near(Variant::Windoku, level, 60, &mut rng);
            assert_eq!(difficulty.map(Level::of), Some(level));
            assert_eq!(puzzle.difficulty(), difficulty);
        }
        // No Killer without givens is Easy: the nearest comes instead.
        let (killer, difficulty) = generate_variant_near(Variant::Killer, Level::Easy, 3, &mut rng);
        assert_eq!(killer.difficulty(), difficulty);
        assert_ne!(difficulty.map(Level::of), Some(Level::Easy));
    }

    #[test]
    fn pieces_are_found_edge_to_edge() {
        let cells: CellSet = [0, 1, 10, 3, 80]
            .map(|c| Cell::ALL[c])
            .into_iter()
            .collect();
        assert_eq!(pieces(cells).len(), 3);
        assert!(is_joined(CellSet::EMPTY));
    }
}
