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
//! - The variants of marks: a random classic grid, the marks a setter would lay on it, then
//!   clues removed in symmetric pairs while the solution stays unique. Thermo: thermometers of
//!   three to six cells along paths where its digits rise (each step to one of the eight cells
//!   around), no cell on two. Arrow: arrows of one to five cells, their circle of one cell or of
//!   two (a number from 10) beside the first, no cell on two. Kropki: every dot, a white one
//!   between consecutive digits and a black one between a digit and its double (1 and 2 get
//!   either), under the rules that no other pair is either. XV: every X (a sum of 10) and V (5),
//!   under the rule that no other pair has either sum. Little Killer: six clues on diagonals of
//!   three or more cells, no diagonal twice.
//! - Anti-Knight: a random grid with no digit a knight's move from itself, then clues removed.
//!
//! A level is reached by making puzzles until one's logical solve has the level asked (see
//! [`Puzzle::level`]), within a number of tries; their clues are removed only while logic solves
//! them with techniques of that level or easier, without which a puzzle stripped of every clue
//! it can spare is most often Expert or beyond.
//!
//! The same RNG state gives the same puzzle.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt};

use super::search::{random_grid, solutions, two_solutions};
use super::{
    Arrow, Cage, Colour, Constraint, Direction, Dot, Letter, LittleKiller, Outside, Puzzle, Rules,
    Stopped, Thermometer, Variant, Xv,
};
use crate::cell::Cell;
use crate::difficulty::Difficulty;
use crate::level::Level;
use crate::logical::solves_within;
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
        .map(|_| generate_variant_within(variant, level.highest(), rng))
        .find(|puzzle| puzzle.level() == Some(level))
        .ok_or(LevelNotFound { variant, level })
}

/// A new puzzle of the variant with exactly one solution whose logical solve has `level` if one
/// of `tries` puzzles has it, else the one nearest to it (a level some variants seldom reach);
/// with the difficulty of its logical solve (none: logic alone does not solve it, Extreme).
/// Each puzzle's solve goes on while `keep_going` says so: once it says to stop, the nearest
/// puzzle so far comes, or, for the first, that puzzle unrated (`Err(Stopped)`).
pub fn generate_variant_near(
    variant: Variant,
    level: Level,
    tries: usize,
    rng: &mut impl Rng,
    keep_going: &mut dyn FnMut() -> bool,
) -> (Puzzle, Result<Option<Difficulty>, Stopped>) {
    let distance = |difficulty: Option<Difficulty>| {
        let made = difficulty.map_or(Level::Extreme, Level::of);
        (made as i32 - level as i32).abs()
    };
    let mut nearest: Option<(Puzzle, Option<Difficulty>)> = None;
    for _ in 0..tries.max(1) {
        let puzzle = generate_variant_within(variant, level.highest(), rng);
        let Ok(difficulty) = puzzle.difficulty_while(keep_going) else {
            return match nearest {
                Some((nearest, difficulty)) => (nearest, Ok(difficulty)),
                None => (puzzle, Err(Stopped)),
            };
        };
        if distance(difficulty) == 0 {
            return (puzzle, Ok(difficulty));
        }
        if nearest
            .as_ref()
            .is_none_or(|(_, best)| distance(difficulty) < distance(*best))
        {
            nearest = Some((puzzle, difficulty));
        }
    }
    let (puzzle, difficulty) = nearest.expect("at least one try");
    (puzzle, Ok(difficulty))
}

/// A new puzzle of the variant with exactly one solution.
pub fn generate_variant(variant: Variant, rng: &mut impl Rng) -> Puzzle {
    generate_variant_within(variant, Difficulty::MAX, rng)
}

/// A new puzzle of the variant with exactly one solution whose givens, where it has them, are
/// removed only while logic solves it with techniques no harder than `cap`: a puzzle of a level
/// comes far more often with the level's highest difficulty as `cap`.
fn generate_variant_within(variant: Variant, cap: Difficulty, rng: &mut impl Rng) -> Puzzle {
    match variant {
        Variant::Killer | Variant::KillerX => killer(Rules::of(variant), rng),
        Variant::Jigsaw => loop {
            let rules = Rules::classic()
                .with_regions(jigsaw_regions(rng))
                .expect("traded cells keep nine cells a region");
            if let Some(grid) = random_grid(&rules, rng) {
                break remove_clues(grid, rules, cap, rng);
            }
        },
        Variant::Thermo
        | Variant::Arrow
        | Variant::Kropki
        | Variant::Xv
        | Variant::LittleKiller => {
            let grid = grid_of(&Rules::classic(), rng);
            let rules = Rules::of(variant)
                .with(marks_on(variant, &grid, rng))
                .expect("marks the grid obeys are rules");
            remove_clues(grid, rules, cap, rng)
        }
        Variant::Classic | Variant::X | Variant::Windoku | Variant::AntiKnight => {
            let rules = Rules::of(variant);
            let grid = grid_of(&rules, rng);
            remove_clues(grid, rules, cap, rng)
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
/// longer be unique without it, or (below [`Difficulty::MAX`]) logic would need a technique
/// harder than `cap`.
fn remove_clues(
    grid: [u8; Cell::COUNT],
    rules: Rules,
    cap: Difficulty,
    rng: &mut impl Rng,
) -> Puzzle {
    let mut puzzle = Puzzle::new(grid, rules);
    let mut cells: Vec<usize> = (0..=40).collect();
    cells.shuffle(rng);
    for cell in cells {
        let pair = [cell, 80 - cell];
        pair.iter().for_each(|&c| puzzle.givens[c] = 0);
        let kept = is_unique(&puzzle.givens, &puzzle.rules)
            && (cap == Difficulty::MAX || solves_within(puzzle.marks(), cap));
        if !kept {
            pair.iter().for_each(|&c| puzzle.givens[c] = grid[c]);
        }
    }
    puzzle
}

/// The marks of a variant of marks that `grid` obeys, as a setter lays them.
fn marks_on(variant: Variant, grid: &[u8; Cell::COUNT], rng: &mut impl Rng) -> Vec<Constraint> {
    match variant {
        Variant::Thermo => into_constraints(thermometers_on(grid, rng)),
        Variant::Arrow => into_constraints(arrows_on(grid, rng)),
        Variant::Kropki => into_constraints(dots_on(grid, rng)),
        Variant::Xv => into_constraints(xv_on(grid)),
        Variant::LittleKiller => into_constraints(little_killers_on(grid, rng)),
        Variant::Classic
        | Variant::Killer
        | Variant::X
        | Variant::Windoku
        | Variant::Jigsaw
        | Variant::KillerX
        | Variant::AntiKnight => Vec::new(),
    }
}

fn into_constraints<C: Into<Constraint>>(marks: Vec<C>) -> Vec<Constraint> {
    marks.into_iter().map(Into::into).collect()
}

/// How many arrows an Arrow puzzle has, and how many cells each body has at most.
const ARROWS: usize = 8;
const ARROW_CELLS: usize = 4;

/// Arrows that `grid` obeys, on cells no other arrow holds: a body along a random path from a
/// random cell, its circle beside the body's first cell, one cell of the body's sum up to 9, or
/// two touching cells reading it as a number (two in five bodies tried are for those).
fn arrows_on(grid: &[u8; Cell::COUNT], rng: &mut impl Rng) -> Vec<Arrow> {
    let mut taken = CellSet::EMPTY;
    let mut arrows = Vec::new();
    for _ in 0..400 {
        if arrows.len() == ARROWS {
            break;
        }
        let start = Cell::ALL[rng.random_range(0..Cell::COUNT)];
        let length = rng.random_range(1..=ARROW_CELLS);
        let long = rng.random_bool(0.4);
        let body = random_path(start, length + usize::from(long), taken, rng);
        if body.is_empty() {
            continue;
        }
        let sum: u8 = body.iter().map(|cell| grid[cell.index()]).sum();
        let free = |cell: &Cell| !taken.contains(*cell) && !body.contains(cell);
        let of = |cell: Cell, digit: u8| grid[cell.index()] == digit;
        let circle = match sum {
            1..=9 => around(body[0])
                .filter(free)
                .find(|&c| of(c, sum))
                .map(|c| vec![c]),
            _ => around(body[0])
                .filter(free)
                .filter(|&tens| of(tens, sum / 10))
                .find_map(|tens| {
                    let units = around(tens).filter(free).find(|&c| of(c, sum % 10))?;
                    Some(vec![tens, units])
                }),
        };
        if let Some(circle) = circle {
            taken = circle.iter().chain(&body).fold(taken, |t, &c| t.with(c));
            arrows.push(Arrow::new(circle, body));
        }
    }
    arrows
}

/// A path of up to `length` cells from `start`, each one of the eight around the one before,
/// none taken nor twice; empty if `start` is taken.
fn random_path(start: Cell, length: usize, taken: CellSet, rng: &mut impl Rng) -> Vec<Cell> {
    if taken.contains(start) {
        return Vec::new();
    }
    let mut path = vec![start];
    while path.len() < length {
        let last = *path.last().expect("a start");
        let next: Vec<Cell> = around(last)
            .filter(|next| !taken.contains(*next) && !path.contains(next))
            .collect();
        let Some(&next) = next.choose(rng) else {
            break;
        };
        path.push(next);
    }
    path
}

/// Every kropki dot `grid` has: white between consecutive digits, black between a digit and its
/// double; a 1 beside a 2 gets either.
fn dots_on(grid: &[u8; Cell::COUNT], rng: &mut impl Rng) -> Vec<Dot> {
    side_by_side()
        .filter_map(|cells| {
            let [a, b] = cells.map(|cell| grid[cell.index()]);
            let consecutive = a.abs_diff(b) == 1;
            let double = a == 2 * b || b == 2 * a;
            let colour = match (consecutive, double) {
                (true, true) => *[Colour::White, Colour::Black].choose(rng)?,
                (true, false) => Colour::White,
                (false, true) => Colour::Black,
                (false, false) => return None,
            };
            Some(Dot::new(colour, cells))
        })
        .collect()
}

/// Every X (digits adding up to 10) and V (to 5) `grid` has.
fn xv_on(grid: &[u8; Cell::COUNT]) -> Vec<Xv> {
    side_by_side()
        .filter_map(|cells| {
            let letter = match cells.map(|cell| grid[cell.index()]).iter().sum() {
                10 => Letter::X,
                5 => Letter::V,
                _ => return None,
            };
            Some(Xv { cells, letter })
        })
        .collect()
}

/// Every pair of cells side by side, the first above or left of the second.
fn side_by_side() -> impl Iterator<Item = [Cell; 2]> {
    Cell::all().flat_map(|cell| {
        let right = (cell.col() < 8).then(|| [cell, Cell::at(cell.row(), cell.col() + 1)]);
        let below = (cell.row() < 8).then(|| [cell, Cell::at(cell.row() + 1, cell.col())]);
        right.into_iter().chain(below)
    })
}

/// How many clues a Little Killer puzzle has: with more, its sums (whose digits may repeat) leave
/// the checks of uniqueness more to try, up to tens of seconds a puzzle.
const LITTLE_KILLERS: usize = 6;

/// Clues of little killers on random diagonals of three cells or more, each diagonal once
/// (a clue at either end of a diagonal reads the same cells).
fn little_killers_on(grid: &[u8; Cell::COUNT], rng: &mut impl Rng) -> Vec<LittleKiller> {
    let mut clues: Vec<LittleKiller> = (-1..=9)
        .flat_map(|row| (-1..=9).map(move |col| Outside { row, col }))
        .filter(|clue| clue.is_outside())
        .flat_map(|clue| Direction::ALL.map(|direction| LittleKiller::new(clue, direction, 0)))
        .filter(|killer| killer.diagonal().len() >= 3)
        .collect();
    clues.shuffle(rng);
    let mut read: Vec<CellSet> = Vec::new();
    let mut killers = Vec::new();
    for killer in clues {
        let cells: CellSet = killer.diagonal().into_iter().collect();
        if killers.len() == LITTLE_KILLERS || read.contains(&cells) {
            continue;
        }
        read.push(cells);
        let sum = cells.iter().map(|cell| grid[cell.index()]).sum();
        killers.push(LittleKiller::new(killer.clue, killer.direction, sum));
    }
    killers
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
            let (puzzle, difficulty) =
                generate_variant_near(Variant::Windoku, level, 60, &mut rng, &mut || true);
            assert_eq!(difficulty.map(|d| d.map(Level::of)), Ok(Some(level)));
            assert_eq!(Ok(puzzle.difficulty()), difficulty);
        }
        // No Killer without givens is Easy: the nearest comes instead.
        let (killer, difficulty) =
            generate_variant_near(Variant::Killer, Level::Easy, 3, &mut rng, &mut || true);
        assert_eq!(Ok(killer.difficulty()), difficulty);
        assert_ne!(difficulty.map(|d| d.map(Level::of)), Ok(Some(Level::Easy)));
        // Told to stop at once, the first puzzle comes unrated.
        let (puzzle, difficulty) =
            generate_variant_near(Variant::Killer, Level::Hard, 3, &mut rng, &mut || false);
        assert_eq!(difficulty, Err(Stopped));
        let found = two_solutions(&puzzle.givens, &puzzle.rules).expect("decided");
        assert!(found[0].is_some() && found[1].is_none(), "one solution");
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
