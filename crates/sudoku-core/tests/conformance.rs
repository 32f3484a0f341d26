//! Every kind of constraint passes the conformance checks of the test support: alone, all
//! together (but the tightest rules), and the tightest each with the marks it reads. Together
//! the samples leave no grid under the jigsaws tried (their lines and marks clash with the
//! pieces), so they are checked together under the boxes.

use sudoku_core::variant::Rules;
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

#[test]
fn every_kind_of_constraint_conforms_together() {
    let rules = Rules::classic()
        .with(sample_sets().swap_remove(0))
        .expect("the samples play together");
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
