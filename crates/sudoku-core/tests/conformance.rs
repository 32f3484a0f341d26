//! Every kind of constraint passes the conformance checks of the test support: alone under the
//! classic regions, and all together under a jigsaw's.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use sudoku_core::variant::generate::generate_variant;
use sudoku_core::variant::{Rules, Variant};
use sudoku_test_support::conformance::{check_conformance, sample_constraints};

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
fn every_kind_of_constraint_conforms_together_on_a_jigsaw() {
    let jigsaw = generate_variant(Variant::Jigsaw, &mut ChaCha8Rng::seed_from_u64(7));
    let regions = *jigsaw.rules.regions();
    let rules = Rules::classic()
        .with_regions(regions)
        .and_then(|rules| rules.with(sample_constraints()))
        .expect("the samples play together");
    check_conformance(&rules, 7);
}
