//! Every kind of constraint passes the conformance checks of the test support: alone, all
//! together (but the tightest rules) under a jigsaw's regions, and the tightest each with the
//! marks it reads.

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use sudoku_core::Cell;
use sudoku_core::variant::Rules;
use sudoku_core::variant::search::random_grid;
use sudoku_test_support::conformance::{check_conformance, sample_constraints, sample_sets};

#[test]
fn every_kind_of_constraint_conforms_alone() {
    for (seed, constraint) in sample_constraints().into_iter().enumerate() {
        let kind = constraint.kind();
        let rules = Rules::classic().with([constraint]).expect("a sample plays");
        println!("{kind:?}");
        check_conformance(&rules, seed as u64);
    }
}

/// All the samples (but the tightest rules) under a jigsaw's regions that a grid of theirs obeys:
/// the boxes with cells of the same digit traded between them, so that each region still holds
/// each digit once. (A jigsaw made apart leaves the samples, placed for the boxes, no solution.)
#[test]
fn every_kind_of_constraint_conforms_together_on_a_jigsaw() {
    let classic = Rules::classic()
        .with(sample_sets().swap_remove(0))
        .expect("the samples play together");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let grid = random_grid(&classic, &mut rng).expect("the samples have solutions together");
    let mut regions = Cell::ALL.map(Cell::box_index);
    for _ in 0..40 {
        let (a, b) = (rng.random_range(0..81), rng.random_range(0..81));
        if grid[a] == grid[b] {
            regions.swap(a, b);
        }
    }
    let rules = classic
        .with_regions(regions)
        .expect("traded cells keep nine a region");
    assert!(rules.is_jigsaw());
    check_conformance(&rules, 7);
}

#[test]
fn the_tightest_rules_conform_with_the_marks_they_read() {
    // Seed 0 makes each puzzle in seconds; under nonconsecutive some others take a minute,
    // the search proving uniqueness through its few grids.
    for set in sample_sets().into_iter().skip(1) {
        let rules = Rules::classic().with(set).expect("a sample set plays");
        println!("{:?}", rules.constraints());
        check_conformance(&rules, 0);
    }
}
