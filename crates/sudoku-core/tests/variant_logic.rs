//! The explaining solver on variant puzzles: generated puzzles of every variant are solved by
//! logic alone, and every step is sound, each placement the solution's digit and no elimination
//! of it. The solution is the search's, which knows the rules from their parts.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use sudoku_core::variant::generate::{
    LEVEL_TRIES, LevelNotFound, generate_variant, generate_variant_level,
};
use sudoku_core::variant::search::solutions;
use sudoku_core::variant::{Cage, Kind, Puzzle, Rules, Variant};
use sudoku_core::{Cell, Level, REGISTRY, solve_marks_logically};

/// The techniques besides each kind's own whose every step reads some constraint (the Rule
/// of 45 may read a house alone).
const READS_RULES: &[&str] = &[
    "Cage Combinations",
    "Cage-Locked Candidates",
    "Rule-Locked Candidates",
    "Sees All",
    "Equal Cells",
    "Cage Split",
    "Innie-Outie Difference",
    "Combined Cages",
    "Combined Rules",
    "Rule Fish",
];

/// Solves `puzzle` by logic, checking every step against its one solution; returns the names of
/// the techniques used.
fn solve_soundly(puzzle: &Puzzle) -> Vec<String> {
    let found = solutions(&puzzle.givens, &puzzle.rules, 2).expect("searched");
    assert_eq!(found.count, 1, "one solution");
    let solution = found.first.expect("a solution");
    let solve = solve_marks_logically(puzzle.marks());
    let constraints = puzzle.rules.constraints();
    for step in &solve.steps {
        // A step of a rule's technique names the constraints it read, by their places.
        if let Some(kind) = Kind::ALL
            .iter()
            .find(|k| k.technique_name() == Some(&step.technique))
        {
            let [rule] = step.rules[..] else {
                panic!("one rule: {}", step.text);
            };
            assert_eq!(
                constraints[usize::from(rule)].kind(),
                *kind,
                "{}",
                step.text
            );
        } else if READS_RULES.contains(&&*step.technique) {
            assert!(!step.rules.is_empty(), "no rule named: {}", step.text);
        }
        assert!(
            (step.rules.iter()).all(|&rule| usize::from(rule) < constraints.len()),
            "{}",
            step.text
        );
        for p in &step.placements {
            assert_eq!(solution[p.cell.index()], p.digit.get(), "{}", step.text);
        }
        for e in &step.eliminations {
            assert_ne!(solution[e.cell.index()], e.digit.get(), "{}", step.text);
        }
    }
    assert!(solve.is_solved(), "stuck after {} steps", solve.steps.len());
    solve
        .steps
        .iter()
        .map(|s| s.technique.to_string())
        .collect()
}

#[test]
fn generated_variant_puzzles_are_solved_by_sound_steps() {
    for (variant, count) in [
        (Variant::X, 6),
        (Variant::Windoku, 6),
        (Variant::Jigsaw, 6),
        (Variant::Killer, 3),
        (Variant::KillerX, 3),
        (Variant::Thermo, 6),
        (Variant::Arrow, 1),
        (Variant::Kropki, 1),
        (Variant::Xv, 2),
        (Variant::LittleKiller, 1),
        (Variant::AntiKnight, 2),
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..count {
            let puzzle = generate_variant(variant, &mut rng);
            let used = solve_soundly(&puzzle);
            let cages = used.iter().any(|t| t == "Cage Combinations");
            assert_eq!(
                cages,
                puzzle.rules.cages().next().is_some(),
                "{}",
                variant.name()
            );
        }
    }
}

#[test]
fn uniqueness_techniques_stay_out_of_variants() {
    let classic_only = ["Unique Rectangle Type 1", "BUG+1", "Hidden Rectangle"];
    assert!(
        classic_only
            .iter()
            .all(|name| REGISTRY.iter().any(|e| e.technique.name() == *name))
    );
    // The gate itself: on the marks of any variant these never run, on classic marks they do.
    let classic = Puzzle::new([0; 81], Rules::classic()).marks();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for entry in REGISTRY
        .iter()
        .filter(|e| classic_only.contains(&e.technique.name()))
    {
        assert!(entry.technique.applies_to(&classic));
        for variant in [Variant::X, Variant::Windoku, Variant::Jigsaw] {
            let marks = generate_variant(variant, &mut rng).marks();
            assert!(
                !entry.technique.applies_to(&marks),
                "{}",
                entry.technique.name()
            );
        }
    }
    for variant in [Variant::X, Variant::Jigsaw] {
        for _ in 0..4 {
            let used = solve_soundly(&generate_variant(variant, &mut rng));
            assert!(!used.iter().any(|t| classic_only.contains(&t.as_str())));
        }
    }
}

/// A cage of the cells at (row, column), 0-based, adding up to `sum`.
fn cage(cells: &[(u8, u8)], sum: u8) -> Cage {
    Cage {
        cells: cells.iter().map(|&(r, c)| Cell::at(r, c)).collect(),
        sum: Some(sum),
    }
}

#[test]
fn the_rule_of_45_finds_an_innie() {
    // Row 1 covered by two cages inside it (r1c1-r1c4: 10, r1c5-r1c8: 30) leaves r1c9 = 5.
    let rules = Rules::classic()
        .with([
            cage(&[(0, 0), (0, 1), (0, 2), (0, 3)], 10),
            cage(&[(0, 4), (0, 5), (0, 6), (0, 7)], 30),
        ])
        .unwrap();
    let puzzle = Puzzle::new([0; 81], rules);
    let marks = puzzle.marks();
    let rule = REGISTRY
        .iter()
        .find(|e| e.technique.name() == "Rule of 45")
        .unwrap();
    let step = rule.technique.first(&marks).expect("an innie");
    // Cages sharing a cell: their sums do not add up over the row, and nothing is claimed.
    let overlapping = Rules::classic()
        .with([
            cage(&[(0, 0), (0, 1), (0, 2), (0, 3)], 10),
            cage(&[(0, 3), (0, 4), (0, 5), (0, 6), (0, 7)], 30),
        ])
        .unwrap();
    let overlapping = Puzzle::new([0; 81], overlapping).marks();
    assert!(rule.technique.first(&overlapping).is_none());
    assert_eq!(
        step.text,
        "Rule of 45: row 1 adds up to 45 and the cages inside add up to 40, so the innies r1c9 \
         add up to 5 => r1c9=5"
    );
}

#[test]
fn the_rule_of_45_reads_three_rows_with_a_box_outside_them() {
    // Cages over rows 1-3 and box 5 (sums from a solution), three of them crossing from row 3
    // into row 4: only the four houses together leave one innie, r1c1.
    let cells = |rows: std::ops::RangeInclusive<u8>, cols: std::ops::RangeInclusive<u8>| {
        rows.flat_map(move |r| cols.clone().map(move |c| (r, c)))
            .collect::<Vec<_>>()
    };
    let rules = Rules::classic()
        .with([
            cage(&[(2, 3), (3, 3)], 10),
            cage(&[(2, 4), (3, 4)], 10),
            cage(&[(2, 5), (3, 5)], 3),
            cage(&cells(4..=5, 3..=5), 31),
            cage(&[(0, 1), (0, 2), (0, 3), (1, 3)], 14),
            cage(&[(0, 4), (0, 5), (0, 6), (1, 6)], 27),
            cage(&cells(0..=1, 7..=8), 15),
            cage(&cells(1..=2, 0..=2), 33),
            cage(&[(1, 4), (1, 5)], 14),
            cage(&cells(2..=2, 6..=8), 18),
        ])
        .unwrap();
    let marks = Puzzle::new([0; 81], rules.clone()).marks();
    let rule = REGISTRY
        .iter()
        .find(|e| e.technique.name() == "Rule of 45")
        .unwrap();
    let mut placing = Vec::new();
    let _ = rule.technique.search(&marks, &mut |step| {
        if !step.placements.is_empty() {
            placing.push(step);
        }
        std::ops::ControlFlow::Continue(())
    });
    let [step] = &placing[..] else {
        panic!("one area places a digit: {placing:?}");
    };
    assert_eq!(
        step.text,
        "Rule of 45: rows 1,2,3 and box 5 add up to 180 and the cages inside add up to 175, so \
         the innies r1c1 add up to 5 => r1c1=5"
    );
    let plain = sudoku_core::plain::plain(step, &rules);
    assert_eq!(
        plain.look,
        "Look at rows 1, 2, 3 and box 5: their digits add up to 180 (the rule of 45)."
    );
}

#[test]
fn a_cage_split_by_a_row_gives_its_other_part_a_sum() {
    // Row 1: two cages inside (10 and 24) leave r1c8 + r1c9 = 11, the part of the cage
    // r1c8-r1c9-r2c9 (13) in the row; its cell outside holds 13 - 11 = 2.
    let rules = Rules::classic()
        .with([
            cage(&[(0, 0), (0, 1), (0, 2), (0, 3)], 10),
            cage(&[(0, 4), (0, 5), (0, 6)], 24),
            cage(&[(0, 7), (0, 8), (1, 8)], 13),
        ])
        .unwrap();
    let marks = Puzzle::new([0; 81], rules).marks();
    let split = REGISTRY
        .iter()
        .find(|e| e.technique.name() == "Cage Split")
        .unwrap();
    let step = split.technique.first(&marks).expect("a split");
    assert_eq!(
        step.text,
        "Cage Split: row 1 adds up to 45 and the cages inside add up to 34, so the cage at r1c8 \
         (13) has 11 in r1c8,r1c9 and 2 in r2c9 => r2c9=2"
    );
}

#[test]
fn a_cell_that_sees_a_digits_places_through_its_cage_loses_the_digit() {
    // 5 in box 3 only in column 7 and r3c8; r4c7 sees column 7, and r3c8 through their cage.
    let rules = Rules::classic()
        .with([cage(&[(2, 7), (3, 6)], 10)])
        .unwrap();
    let puzzle = Puzzle::new([0; 81], rules.clone());
    let mut marks = puzzle.marks();
    let five = sudoku_core::Digit::new(5).unwrap();
    for (row, col) in [(0, 7), (0, 8), (1, 7), (1, 8), (2, 8)] {
        marks.eliminate(Cell::at(row, col), five);
    }
    let locked = REGISTRY
        .iter()
        .find(|e| e.technique.name() == "Cage-Locked Candidates")
        .unwrap();
    let step = locked
        .technique
        .first(&marks)
        .expect("seen through the cage");
    assert_eq!(
        step.text,
        "Cage-Locked Candidates: 5 in box 3 lies only in r1c7,r2c7,r3c7,r3c8, all seen by r4c7 \
         (r3c8 in its cage) => r4c7<>5"
    );
    assert_eq!(step.rules, [0]);
    let plain = sudoku_core::plain::plain(&step, &rules);
    assert_eq!(
        plain.why,
        "In box 3, 5 can only go in row 1, column 7, row 2, column 7, or row 3, columns 7 or 8. \
         Row 4, column 7 shares a row, column, box or cage with each of those cells, so it \
         cannot be 5."
    );
    // Without the cage, r4c7 does not see r3c8: nothing.
    let mut open = Puzzle::new(
        [0; 81],
        Rules::classic()
            .with([cage(&[(2, 7), (3, 8)], 10)])
            .unwrap(),
    )
    .marks();
    for (row, col) in [(0, 7), (0, 8), (1, 7), (1, 8), (2, 8)] {
        open.eliminate(Cell::at(row, col), five);
    }
    let other = locked.technique.first(&open).map(|step| step.text);
    assert!(
        !other
            .as_deref()
            .is_some_and(|text| text.contains("r4c7<>5")),
        "{other:?}"
    );
}

#[test]
fn a_variant_level_is_that_of_its_hardest_technique() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for (variant, level) in [
        (Variant::Windoku, Level::Easy),
        (Variant::Jigsaw, Level::Medium),
        (Variant::X, Level::Expert),
        (Variant::Killer, Level::Medium),
    ] {
        let puzzle = generate_variant_level(variant, level, &mut rng).expect("found in time");
        assert_eq!(puzzle.level(), Some(level));
        let solve = solve_marks_logically(puzzle.marks());
        let hardest = solve
            .steps
            .iter()
            .filter_map(|step| {
                REGISTRY
                    .iter()
                    .find(|e| e.technique.name() == step.technique)
            })
            .map(|entry| entry.difficulty)
            .max()
            .expect("steps");
        assert_eq!(Level::of(hardest), level);
    }
    let not_found = LevelNotFound {
        variant: Variant::Killer,
        level: Level::Easy,
    };
    assert_eq!(
        not_found.to_string(),
        format!("no Easy Killer puzzle in {LEVEL_TRIES} tries: try another level")
    );
}

/// Each variant of marks (and anti-knight) comes at every level from Easy to Expert, with one
/// solution, its marks as the variant lays them, every step of its solve sound.
#[test]
fn the_variants_of_marks_come_at_every_level_from_easy_to_expert() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for variant in [
        Variant::Thermo,
        Variant::Arrow,
        Variant::Kropki,
        Variant::Xv,
        Variant::LittleKiller,
        Variant::AntiKnight,
    ] {
        for level in [Level::Easy, Level::Medium, Level::Hard, Level::Expert] {
            let puzzle = generate_variant_level(variant, level, &mut rng).expect("found in time");
            assert_eq!(puzzle.rules.variant(), Some(variant));
            assert_eq!(puzzle.level(), Some(level), "{}", variant.name());
            solve_soundly(&puzzle);
        }
    }
}

#[test]
fn thermometer_puzzles_are_solved_by_sound_steps_and_their_chains_follow_the_rule() {
    let mut thermometer_steps = 0;
    let mut chains_through_the_rule = 0;
    for seed in 0..8 {
        let puzzle = sudoku_test_support::conformance::thermometer_puzzle(seed);
        let used = solve_soundly(&puzzle);
        thermometer_steps += used.iter().filter(|t| *t == "Thermometer").count();
        let solve = solve_marks_logically(puzzle.marks());
        chains_through_the_rule += solve
            .steps
            .iter()
            .filter(|s| s.detail.iter().any(|line| line.contains("thermometer")))
            .count();
    }
    println!("{thermometer_steps} thermometer steps, {chains_through_the_rule} chains through it");
    assert!(thermometer_steps > 0 && chains_through_the_rule > 0);
}
