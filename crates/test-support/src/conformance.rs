//! The conformance checks every kind of constraint passes: a puzzle under rules holding it
//! travels whole through f-puzzles and the wire, every solution the search finds passes the
//! rules' own check, and the explaining solver solves it with every step sound, naming the
//! constraints it reads.

use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use sudoku_core::search::random_solution;
use sudoku_core::solve_marks_logically;
use sudoku_core::variant::search::{random_grid, solutions, two_solutions};
use sudoku_core::variant::{
    Arrow, BetweenLine, Cage, Chess, Cloned, Colour, Constraint, Diagonal, Direction,
    DisjointGroups, Dot, ExtraRegion, Extremum, GivenCandidates, Kept, Kind, Letter, LittleKiller,
    Negated, Negative, Nonconsecutive, Outside, Palindrome, Parity, Puzzle, Quadruple,
    RegionSumLine, Renban, Rules, Sandwich, Thermometer, Whispers, Xv, fpuzzles,
};
use sudoku_core::{Cell, CellSet};

/// A constraint of each kind, in the registry's order, and of each form of a kind that has
/// several (a white and a black dot, an X and a V, both negative rules); each passes the checks
/// alone. The `match` has an arm per kind, so a new kind brings its sample.
pub fn sample_constraints() -> Vec<Constraint> {
    let cells =
        |cells: &[(u8, u8)]| -> CellSet { cells.iter().map(|&(r, c)| Cell::at(r, c)).collect() };
    let line =
        |cells: &[(u8, u8)]| -> Vec<Cell> { cells.iter().map(|&(r, c)| Cell::at(r, c)).collect() };
    Kind::ALL
        .iter()
        .flat_map(|kind| -> Vec<Constraint> {
            match kind {
                Kind::Diagonal => vec![Diagonal::Rising.into()],
                Kind::ExtraRegion => vec![
                    ExtraRegion {
                        cells: cells(&[(0, 0), (4, 4), (8, 8), (2, 6)]),
                    }
                    .into(),
                ],
                Kind::Cage => vec![
                    Cage {
                        cells: cells(&[(3, 3), (3, 4), (4, 3)]),
                        sum: Some(8),
                    }
                    .into(),
                ],
                Kind::Thermometer => vec![
                    Thermometer {
                        cells: vec![
                            Cell::at(6, 0),
                            Cell::at(6, 1),
                            Cell::at(7, 2),
                            Cell::at(8, 2),
                        ],
                    }
                    .into(),
                ],
                Kind::Kept => vec![
                    Kept {
                        key: "line".into(),
                        json: r#"[{"lines":[["R1C1","R2C2"]],"width":0.5}]"#.into(),
                    }
                    .into(),
                ],
                Kind::Palindrome => vec![
                    Palindrome {
                        cells: line(&[(5, 5), (6, 6), (7, 7)]),
                    }
                    .into(),
                ],
                Kind::BetweenLine => vec![
                    BetweenLine {
                        cells: line(&[(4, 6), (4, 7), (4, 8)]),
                    }
                    .into(),
                ],
                Kind::Whispers => vec![
                    Whispers {
                        cells: line(&[(1, 3), (1, 4), (2, 5)]),
                        difference: Whispers::GERMAN,
                    }
                    .into(),
                ],
                Kind::Renban => vec![
                    Renban {
                        cells: line(&[(1, 0), (1, 1), (2, 1)]),
                    }
                    .into(),
                ],
                // A pill: the number its two cells read.
                Kind::Arrow => vec![
                    Arrow::new(line(&[(2, 2), (2, 3)]), line(&[(3, 2), (4, 1), (5, 2)])).into(),
                ],
                Kind::LittleKiller => vec![
                    LittleKiller::new(Outside { row: -1, col: 5 }, Direction::DownRight, 15).into(),
                ],
                Kind::Sandwich => vec![
                    Sandwich {
                        clue: Outside { row: 7, col: 9 },
                        sum: 20,
                    }
                    .into(),
                ],
                Kind::RegionSumLine => {
                    vec![RegionSumLine::new(line(&[(5, 7), (6, 7), (6, 8)])).into()]
                }
                Kind::Dot => vec![
                    Dot {
                        value: 3,
                        ..Dot::new(Colour::White, [Cell::at(1, 5), Cell::at(1, 6)])
                    }
                    .into(),
                    Dot::new(Colour::Black, [Cell::at(7, 4), Cell::at(7, 5)]).into(),
                ],
                Kind::Xv => vec![
                    Xv {
                        cells: [Cell::at(5, 0), Cell::at(5, 1)],
                        letter: Letter::X,
                    }
                    .into(),
                    Xv {
                        cells: [Cell::at(0, 3), Cell::at(0, 4)],
                        letter: Letter::V,
                    }
                    .into(),
                ],
                Kind::Negative => vec![
                    Negative::new(Negated::Ratio).into(),
                    Negative::new(Negated::Xv).into(),
                ],
                Kind::Nonconsecutive => vec![Nonconsecutive::new().into()],
                Kind::Parity => vec![Parity::Even(Cell::at(0, 4)).into()],
                Kind::Extremum => vec![Extremum::maximum(Cell::at(5, 6)).into()],
                Kind::Quadruple => vec![
                    Quadruple {
                        cells: cells(&[(1, 1), (1, 2), (2, 1), (2, 2)]),
                        digits: vec![1, 2],
                    }
                    .into(),
                ],
                Kind::Cloned => vec![
                    Cloned {
                        cells: vec![Cell::at(7, 6), Cell::at(7, 7)],
                        clones: vec![Cell::at(0, 2), Cell::at(0, 3)],
                    }
                    .into(),
                ],
                Kind::Chess => vec![Chess::Antiking.into()],
                Kind::DisjointGroups => vec![DisjointGroups.into()],
                Kind::GivenCandidates => vec![
                    GivenCandidates {
                        cell: Cell::at(8, 8),
                        // 2, 4, 6, 8 and 9.
                        digits: 0b1_1010_1010,
                    }
                    .into(),
                ],
            }
        })
        .collect()
}

/// Whether a sample is a rule of the whole grid (nonconsecutive, a negative rule): those leave
/// few grids, none with all the other samples (nonconsecutive grids are few).
fn whole_grid(constraint: &Constraint) -> bool {
    matches!(
        constraint,
        Constraint::Nonconsecutive(_) | Constraint::Negative(_)
    )
}

/// Whether a sample is a rule of cells (anti-king, disjoint groups, odd, maximum, quadruple,
/// clone, given pencil marks): the lines' and clues' samples, placed more densely, leave no grid with them, so they
/// are checked together in a set of their own.
fn of_cells(constraint: &Constraint) -> bool {
    matches!(
        constraint,
        Constraint::Chess(_)
            | Constraint::DisjointGroups(_)
            | Constraint::Parity(_)
            | Constraint::Extremum(_)
            | Constraint::Quadruple(_)
            | Constraint::Cloned(_)
            | Constraint::GivenCandidates(_)
    )
}

/// Samples checked together: all but the rules of the whole grid ([`whole_grid`]) and of cells
/// ([`of_cells`]); then each rule of the whole grid with the marks it reads (dots exempt pairs
/// from nonconsecutive and from the negative rule of black dots, an X or a V from that of X and
/// V); then the rules of cells together, and anti-knight with an odd and an even cell.
pub fn sample_sets() -> Vec<Vec<Constraint>> {
    let all = sample_constraints()
        .into_iter()
        .filter(|c| !whole_grid(c) && !of_cells(c))
        .collect();
    let cells: Vec<Constraint> = sample_constraints().into_iter().filter(of_cells).collect();
    let x = Xv {
        cells: [Cell::at(5, 0), Cell::at(5, 1)],
        letter: Letter::X,
    };
    let v = Xv {
        cells: [Cell::at(0, 3), Cell::at(0, 4)],
        letter: Letter::V,
    };
    let white = Dot::new(Colour::White, [Cell::at(0, 0), Cell::at(0, 1)]);
    let black = Dot::new(Colour::Black, [Cell::at(4, 4), Cell::at(5, 4)]);
    vec![
        all,
        vec![
            Nonconsecutive::new().into(),
            white.clone().into(),
            black.clone().into(),
        ],
        vec![
            Negative::new(Negated::Ratio).into(),
            white.into(),
            black.into(),
            x.clone().into(),
        ],
        vec![Negative::new(Negated::Xv).into(), x.into(), v.into()],
        cells,
        vec![
            Chess::Antiknight.into(),
            Parity::Odd(Cell::at(4, 4)).into(),
            Parity::Even(Cell::at(8, 0)).into(),
        ],
    ]
}

/// A puzzle under `rules` with exactly one solution, and that solution: a random grid of the
/// rules (which may take a few rounds of tries), its clues removed as [`unique_puzzle_of`] does.
pub fn unique_puzzle(rules: &Rules, seed: u64) -> (Puzzle, [u8; Cell::COUNT]) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let grid = (0..20)
        .find_map(|_| random_grid(rules, &mut rng))
        .expect("the rules have solutions");
    unique_puzzle_of(rules, grid, seed)
}

/// A puzzle of `grid` (which obeys `rules`) with exactly one solution: its clues removed one by
/// one in random order while the solution stays unique.
pub fn unique_puzzle_of(
    rules: &Rules,
    grid: [u8; Cell::COUNT],
    seed: u64,
) -> (Puzzle, [u8; Cell::COUNT]) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut givens = grid;
    let mut cells: Vec<usize> = (0..Cell::COUNT).collect();
    cells.shuffle(&mut rng);
    for cell in cells {
        givens[cell] = 0;
        let found = solutions(&givens, rules, 2).expect("decided");
        if found.count != 1 {
            givens[cell] = grid[cell];
        }
    }
    (Puzzle::new(givens, rules.clone()), grid)
}

/// Thermometers on a random grid, each up a path of rising digits, and a puzzle of that grid
/// with one solution.
pub fn thermometer_puzzle(seed: u64) -> Puzzle {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let grid = random_solution(&mut rng);
    let mut thermometers = Vec::new();
    while thermometers.len() < 6 {
        let mut path = vec![Cell::ALL[rng.random_range(0..81)]];
        while path.len() < 5 {
            let last = *path.last().unwrap();
            let next = Cell::all().filter(|&n| {
                n.row().abs_diff(last.row()) <= 1
                    && n.col().abs_diff(last.col()) <= 1
                    && !path.contains(&n)
                    && grid[n.index()] > grid[last.index()]
            });
            let next: Vec<Cell> = next.collect();
            if next.is_empty() {
                break;
            }
            path.push(next[rng.random_range(0..next.len())]);
        }
        if path.len() >= 3 {
            thermometers.push(Thermometer { cells: path });
        }
    }
    let rules = Rules::classic()
        .with(thermometers)
        .expect("paths are thermometers");
    let (puzzle, _) = unique_puzzle_of(&rules, grid, seed);
    puzzle
}

/// Runs every conformance check on a puzzle made under `rules`; panics naming the one failed.
pub fn check_conformance(rules: &Rules, seed: u64) {
    let (puzzle, solution) = unique_puzzle(rules, seed);
    assert_eq!(
        rules.check(&solution),
        Ok(()),
        "the search's grid breaks the rules"
    );
    assert_eq!(
        rules.check(&puzzle.givens),
        Ok(()),
        "the givens break the rules"
    );

    let json = fpuzzles::to_json(&puzzle);
    assert_eq!(
        fpuzzles::read(&json).as_ref(),
        Ok(&puzzle),
        "f-puzzles: {json}"
    );
    let payload = fpuzzles::to_payload(&puzzle);
    assert_eq!(
        fpuzzles::read(&payload).as_ref(),
        Ok(&puzzle),
        "f-puzzles link"
    );

    let wire = serde_json::to_string(rules).expect("rules have a serde form");
    let back: Rules = serde_json::from_str(&wire).expect("rules read back");
    assert_eq!(&back, rules, "wire: {wire}");

    // Fewer givens, more solutions: each one the search finds passes the check.
    let mut open = puzzle.givens;
    for value in open.iter_mut().filter(|value| **value != 0).step_by(2) {
        *value = 0;
    }
    let found = two_solutions(&open, rules).expect("decided");
    for grid in found.into_iter().flatten() {
        assert_eq!(rules.check(&grid), Ok(()), "a solution breaks the rules");
        assert!((0..Cell::COUNT).all(|c| open[c] == 0 || grid[c] == open[c]));
    }

    check_lowered(rules, &solution, &puzzle.givens, seed);

    let solve = solve_marks_logically(puzzle.marks());
    // Logic does not yet solve every puzzle under a rule of the whole grid (nonconsecutive, a
    // negative rule): their steps are held sound all the same.
    let whole_grid_rule = rules.constraints().iter().any(whole_grid);
    assert!(
        solve.is_solved() || whole_grid_rule,
        "logic alone leaves it unsolved"
    );
    let drawing = rules.drawing();
    for step in &solve.steps {
        // A kind's own technique reads one constraint of that kind; the marks of every
        // constraint a step names, if it draws any (a rule of the whole grid does not), are
        // drawn under its number, for the page to light.
        if let Some(kind) = (Kind::ALL.iter()).find(|k| k.technique_name() == Some(&step.technique))
        {
            let [rule] = step.rules[..] else {
                panic!("one rule: {}", step.text);
            };
            assert_eq!(rules.constraints()[usize::from(rule)].kind(), *kind);
        }
        for &rule in &step.rules {
            let constraint = &rules.constraints()[usize::from(rule)];
            let alone = Rules::classic()
                .with([constraint.clone()])
                .expect("one constraint");
            let marked = !alone.drawing().is_empty();
            let numbered = format!(r#"<g data-rule="{rule}">"#);
            assert!(!marked || drawing.contains(&numbered), "{}", step.text);
        }
        for placement in &step.placements {
            let digit = solution[placement.cell.index()];
            assert_eq!(digit, placement.digit.get(), "unsound: {}", step.text);
        }
        for elimination in &step.eliminations {
            let digit = solution[elimination.cell.index()];
            assert_ne!(digit, elimination.digit.get(), "unsound: {}", step.text);
        }
    }
}

/// The rules lowered to checks (what the page evaluates) agree with the rules: every check holds
/// on the solution and on the part of it a player may have filled; and on grids of the solution
/// with its digits relabelled (whose groups stay sound), the checks hold when the rules do, and,
/// when they say all of the rules, only then.
fn check_lowered(
    rules: &Rules,
    solution: &[u8; Cell::COUNT],
    givens: &[u8; Cell::COUNT],
    seed: u64,
) {
    let (checks, whole) = rules.lowered();
    let all_hold = |values: &[u8; Cell::COUNT]| checks.iter().all(|(check, _)| check.holds(values));
    assert!(all_hold(solution), "a lowered check fails on the solution");
    assert!(all_hold(givens), "a lowered check fails on the givens");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut partial = *solution;
    for value in partial.iter_mut() {
        if rng.random_bool(0.5) {
            *value = 0;
        }
    }
    assert!(
        all_hold(&partial),
        "a lowered check fails on part of the solution"
    );
    let mut labels: Vec<u8> = (1..=9).collect();
    for _ in 0..40 {
        labels.shuffle(&mut rng);
        let relabelled = solution.map(|value| labels[usize::from(value - 1)]);
        let obeys = rules.check(&relabelled).is_ok();
        let lowered = all_hold(&relabelled);
        assert!(
            !obeys || lowered,
            "a grid of the rules fails a lowered check"
        );
        assert!(
            !whole || obeys == lowered,
            "the lowered checks miss a broken rule"
        );
    }
}
