//! Each technique against HoDoKu's regression library: for every case of a technique we
//! implement, some instance we find must make exactly the expected eliminations or placements,
//! and for a fail case (`-x`) none may be found.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use sudoku_core::techniques::by_name;
use sudoku_core::variant::Kind;
use sudoku_core::{Candidates, Cell, Digit, REGISTRY, Step};
use sudoku_test_support::{HODOKU_CODES, hodoku_library};

#[test]
fn every_implemented_technique_passes_its_hodoku_cases() {
    let mut failures = Vec::new();
    let mut passed = std::collections::BTreeMap::<&str, (usize, usize)>::new();
    for case in hodoku_library() {
        let Some(&(_, name)) = HODOKU_CODES.iter().find(|(code, _)| *code == case.code) else {
            continue;
        };
        let Some(entry) = by_name(name) else { continue };
        let mut matched = false;
        let mut found = 0;
        let mut seen = Vec::new();
        let _ = entry.technique.search(&case.marks, &mut |step| {
            found += 1;
            let eliminations: BTreeSet<_> = step.eliminations.iter().copied().collect();
            let placements: BTreeSet<_> = step.placements.iter().copied().collect();
            if eliminations == case.eliminations && placements == case.placements {
                matched = true;
                return ControlFlow::Break(());
            }
            if seen.len() < 3 {
                seen.push(step.text.clone());
            }
            // A technique that never runs out of instances would hang the test.
            if found > 10_000 {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        let ok = if case.fail_case { found == 0 } else { matched };
        let tally = passed.entry(name).or_default();
        tally.1 += 1;
        if ok {
            tally.0 += 1;
        } else {
            failures.push(format!("line {} ({name}): found {seen:?}", case.line));
        }
    }
    for (name, (ok, all)) in &passed {
        eprintln!("{name}: {ok}/{all}");
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Every registered technique has its name among HoDoKu's codes and cases in the library, so
    // none goes untested; only the forcing chains have no cases there (their own module tests
    // them against known solutions), and HoDoKu has no nested forcing chains.
    for entry in REGISTRY {
        let name = entry.technique.name();
        // A variant constraint's technique is tested with its kind (tests/variant_logic.rs).
        let of_a_constraint = Kind::ALL
            .iter()
            .any(|kind| kind.technique_name() == Some(name));
        if BEYOND_HODOKU.contains(&name) || of_a_constraint {
            continue;
        }
        assert!(
            HODOKU_CODES.iter().any(|(_, n)| *n == name),
            "{name} has no HoDoKu code"
        );
        let cases = passed.get(name).map_or(0, |&(_, all)| all);
        if WITHOUT_LIBRARY_CASES.contains(&name) {
            assert_eq!(cases, 0, "{name} has library cases now: test it by them");
        } else {
            assert!(cases > 0, "{name} has no case in the library");
        }
    }
}

/// The techniques that HoDoKu's library has no case for: its codes 1301 to 1304 (forcing chains
/// and nets) are listed in its header without a single case.
const WITHOUT_LIBRARY_CASES: &[&str] = &["Forcing Chain Contradiction", "Forcing Chain Verity"];

/// The techniques HoDoKu does not have: they have no code. Its library has no Killer cages and
/// no variant rules; the cage techniques, Sees All, Rule-Locked Candidates and Combined Rules are
/// tested on generated puzzles (tests/variant_logic.rs) and in their files, Set Theory on a
/// public example (tests/examples.rs).
const BEYOND_HODOKU: &[&str] = &[
    "Nested Forcing Chain",
    "Sees All",
    "Equal Cells",
    "Rule Fish",
    "Rule-Locked Candidates",
    "Cage Combinations",
    "Cage-Locked Candidates",
    "Rule of 45",
    "Cage Split",
    "Innie-Outie Difference",
    "Combined Cages",
    "Combined Rules",
    "Set Theory",
];

/// Any pencil marks a player can produce, however wrong or contradictory, must not make a
/// technique panic, and every instance it reports must still change something: random puzzles
/// get random wrong entries and random eliminations, and every technique searches them.
#[test]
fn no_technique_panics_on_broken_or_contradictory_marks() {
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let cases = sudoku_test_support::cases("unbiased_1000.csv", 60);
    let mut broken = 0;
    let mut steps = 0;
    for case in &cases {
        for round in 0..4 {
            let mut grid = case.puzzle.clone();
            for _ in 0..round * 3 {
                let cell = Cell::new(rng.random_range(0..81)).unwrap();
                let digit = Digit::new(rng.random_range(1..=9)).unwrap();
                grid.set_entry(cell, Some(digit));
            }
            let mut marks = Candidates::new(&grid);
            for _ in 0..rng.random_range(0..40) {
                let cell = Cell::new(rng.random_range(0..81)).unwrap();
                marks.eliminate(cell, Digit::new(rng.random_range(1..=9)).unwrap());
            }
            if marks.is_broken() || !grid.conflicts().is_empty() {
                broken += 1;
            }
            for entry in REGISTRY {
                let changes_something = |step: &Step| {
                    assert!(
                        step.apply_to(&mut marks.clone()),
                        "{}: `{}` changes nothing in {}",
                        entry.technique.name(),
                        step.text,
                        grid.to_line()
                    );
                };
                let mut found = 0;
                let _ = entry.technique.search(&marks, &mut |step| {
                    changes_something(&step);
                    found += 1;
                    if found < 20 {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                });
                steps += found;
                // `first` may pick another instance than `search` (the forcing chains try short
                // chains first), so it is checked on its own.
                if let Some(step) = entry.technique.first(&marks) {
                    changes_something(&step);
                }
            }
        }
    }
    // The positions must really be broken often, and the techniques must still find things in
    // them, or the test checks nothing.
    eprintln!(
        "{broken} of {} positions broken, {steps} steps found",
        cases.len() * 4
    );
    assert!(broken >= cases.len(), "only {broken} broken positions");
    assert!(steps >= cases.len() * 4, "only {steps} steps found");
}
