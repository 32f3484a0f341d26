//! The variant search on generated puzzles of every variant (Killer, Sudoku X, Windoku, Jigsaw,
//! Killer X, Thermo, Arrow, Kropki, XV, Little Killer, Anti-Knight) with givens changed, added or
//! blanked: never panics; a solution it finds obeys every rule (rows, columns, regions,
//! diagonals, extra regions, cages and thermometers checked here from the rules' parts, the other
//! kinds by the rules' own check, which tests/variants.rs holds against a reference) and keeps
//! the givens; the generated puzzle itself has exactly one solution.
//!
//! Input: the variant, the generator's seed, then changes of a cell to a value (0 blanks it).
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use sudoku_core::variant::generate::generate_variant;
use sudoku_core::variant::search::solutions;
use sudoku_core::variant::{Constraint, Diagonal, Rules, Variant};

/// Whether the cells hold distinct digits, none blank.
fn distinct(values: &[u8; 81], cells: impl IntoIterator<Item = usize>) -> bool {
    let mut seen = 0u16;
    cells.into_iter().all(|c| {
        let bit = 1 << values[c];
        let fresh = values[c] != 0 && seen & bit == 0;
        seen |= bit;
        fresh
    })
}

/// Whether a full grid obeys the rules, read from their parts.
fn obeys(rules: &Rules, values: &[u8; 81]) -> bool {
    let distinct = |cells: Vec<usize>| distinct(values, cells);
    let lines = (0..9).all(|i| {
        distinct((0..9).map(|j| i * 9 + j).collect())
            && distinct((0..9).map(|j| j * 9 + i).collect())
            && distinct(
                (0..81)
                    .filter(|&c| usize::from(rules.regions()[c]) == i)
                    .collect(),
            )
    });
    // Each constraint checked by its kind, here rather than through the rules' own checks (a
    // new kind needs an arm).
    let constraints = rules
        .constraints()
        .iter()
        .all(|constraint| match constraint {
            Constraint::Diagonal(Diagonal::Falling) => distinct((0..9).map(|i| i * 10).collect()),
            Constraint::Diagonal(Diagonal::Rising) => {
                distinct((0..9).map(|i| (8 - i) * 9 + i).collect())
            }
            Constraint::ExtraRegion(region) => {
                distinct(region.cells.iter().map(|c| c.index()).collect())
            }
            Constraint::Cage(cage) => {
                let sum: u32 = cage
                    .cells
                    .iter()
                    .map(|c| u32::from(values[c.index()]))
                    .sum();
                distinct(cage.cells.iter().map(|c| c.index()).collect())
                    && cage.sum.is_none_or(|target| sum == u32::from(target))
            }
            Constraint::Thermometer(thermometer) => thermometer
                .cells
                .windows(2)
                .all(|pair| values[pair[0].index()] < values[pair[1].index()]),
            // The other kinds by the rules' own check, below.
            _ => true,
        });
    lines && constraints && rules.check(values).is_ok()
}

fuzz_target!(|data: &[u8]| {
    let mut input = Unstructured::new(data);
    let (Ok(which), Ok(seed)) = (input.arbitrary::<u8>(), input.arbitrary::<u64>()) else {
        return;
    };
    let variant = Variant::ALL[usize::from(which) % Variant::ALL.len()];
    let puzzle = generate_variant(variant, &mut ChaCha8Rng::seed_from_u64(seed));
    let mut givens = puzzle.givens;
    let mut changed = false;
    // (Ok forever once the input is used up: `arbitrary` then makes zeros.)
    while !input.is_empty()
        && let (Ok(cell), Ok(value)) = (input.arbitrary::<u8>(), input.arbitrary::<u8>())
    {
        givens[usize::from(cell) % 81] = value % 10;
        changed = true;
    }
    // Giving up is an answer too, on rules that leave too much open; a generated puzzle never
    // does (checked below).
    let Ok(found) = solutions(&givens, &puzzle.rules, 2) else {
        assert!(changed, "a generated puzzle is decided");
        return;
    };
    assert!(found.count <= 2);
    assert_eq!(found.first.is_some(), found.count > 0);
    if let Some(solution) = found.first {
        assert!(obeys(&puzzle.rules, &solution), "{:?}", puzzle.rules);
        assert!(
            givens
                .iter()
                .zip(&solution)
                .all(|(&g, &s)| g == 0 || g == s)
        );
    }
    if !changed {
        assert_eq!(found.count, 1);
    }
});
