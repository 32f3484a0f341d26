//! The public examples of variant rules (the Interactive Sudoku Solver's, as f-puzzles JSON):
//! the core reads each, and each one's published solution keeps its givens and obeys the rules as
//! the core reads them, so both solvers mean the same by every rule. How fast the core solves
//! them, by search and by logic: `cargo bench -p sudoku-core --bench examples`.

use sudoku_core::variant::Rules;
use sudoku_core::{House, Step};
use sudoku_test_support::{Example, iss_examples};

#[test]
fn every_example_s_solution_obeys_its_rules_as_the_core_reads_them() {
    let examples = iss_examples();
    assert!(examples.len() >= 18, "{} examples", examples.len());
    for example in examples {
        let puzzle = &example.puzzle;
        assert!(
            puzzle
                .givens
                .iter()
                .zip(&example.solution)
                .all(|(&given, &digit)| given == 0 || given == digit),
            "{}: the solution keeps the givens",
            example.name
        );
        assert_eq!(
            puzzle.rules.check(&example.solution),
            Ok(()),
            "{}",
            example.name
        );
    }
}

/// An example, by its name.
fn example(name: &str) -> Example {
    (iss_examples().into_iter())
        .find(|example| example.name == name)
        .expect("the example")
}

/// An example's rules, by its name.
fn rules(name: &str) -> Rules {
    example(name).puzzle.rules
}

/// The first step of `technique` among `steps`.
fn first_of<'a>(steps: &'a [Step], technique: &str) -> &'a Step {
    (steps.iter())
        .find(|step| step.technique == technique)
        .unwrap_or_else(|| panic!("a step of {technique}"))
}

/// The steps of an example's logical solve, by its name, each checked against its solution.
fn solved(name: &str) -> Vec<Step> {
    let example = example(name);
    let solve = sudoku_core::solve_marks_logically(example.puzzle.marks());
    assert!(solve.is_solved(), "{name}");
    for step in &solve.steps {
        for taken in &step.eliminations {
            let digit = example.solution[taken.cell.index()];
            assert_ne!(digit, taken.digit.get(), "{name}: {}", step.text);
        }
        for placed in &step.placements {
            let digit = example.solution[placed.cell.index()];
            assert_eq!(digit, placed.digit.get(), "{name}: {}", step.text);
        }
    }
    solve.steps
}

/// The rules' weak links let alternating inference chains do what forcing chains did: the
/// palindrome and the little killer examples are solved without one, and a chain that uses a
/// rule names it, in its step and in plain words.
#[test]
fn chains_through_the_rules_solve_two_examples_without_forcing_chains() {
    for name in [
        "Sudoku Variants Series (013) - Palindrome Sudoku",
        "Little Killer Sudoku",
    ] {
        let steps = solved(name);
        let forcing = steps.iter().find(|step| step.technique.contains("Forcing"));
        assert!(forcing.is_none(), "{name}: {forcing:?}");
    }
    let by_rule =
        |step: &Step| step.technique.contains("AIC") && step.text.contains(", where the ");
    assert!(solved("Little Killer Sudoku").iter().any(by_rule));
    let steps = solved("XV Kropki Sudoku");
    let chain = (steps.iter())
        .find(|step| step.technique == "AIC" && by_rule(step) && step.detail.len() > 1)
        .expect("a chain");
    assert_eq!(
        chain.text,
        "AIC: (9=8)r2c2-(1=2)r2c1-(4=3)r3c1-(6)r3c2=(6)r9c2, where the X between r2c1 and r2c2 \
         forbids (8)r2c2 with (1)r2c1; the V between r2c1 and r3c1 forbids (2)r2c1 with (4)r3c1; \
         the X between r3c1 and r3c2 forbids (3)r3c1 with (6)r3c2 => r9c2<>9"
    );
    assert_eq!(
        chain.detail,
        [
            "(8)r2c2-(1)r2c1: the X between r2c1 and r2c2",
            "(2)r2c1-(4)r3c1: the V between r2c1 and r3c1",
            "(3)r3c1-(6)r3c2: the X between r3c1 and r3c2"
        ]
    );
    let why = sudoku_core::plain(chain, &rules("XV Kropki Sudoku")).why;
    let said =
        "row 2, column 1 is not 1 (a rule drawn through both cells forbids the two together)";
    assert!(why.contains(said), "{why}");
}

/// An example's solve, without a forcing chain, has a Combined Rules step in `house` whose text
/// starts with `begins`.
fn combined_without_forcing_chains(name: &str, house: House, begins: &str) {
    let steps = solved(name);
    let forcing = steps.iter().find(|step| step.technique.contains("Forcing"));
    assert!(forcing.is_none(), "{name}: {forcing:?}");
    let combined = (steps.iter())
        .find(|step| step.technique == "Combined Rules" && step.houses == [house])
        .unwrap_or_else(|| panic!("{name}: the rules of {house} combined"));
    assert!(combined.text.starts_with(begins), "{}", combined.text);
}

/// The rules drawn through one house take different digits there: 'Leven's renban lines and
/// black dots, taken together in a box, row or column, leave it no forcing chain.
#[test]
fn rules_taken_together_in_a_house_solve_leven_without_forcing_chains() {
    combined_without_forcing_chains(
        "'Leven",
        House::box_at(1),
        "Combined Rules: box 2 holds each digit once, so the black dot between r3c6 and r3c5 \
         holds 2+4, the renban line from r2c6 holds 6+7+8+9 or 5+6+7+8,",
    );
}

/// Elementary's whisper lines cross: three of them and a white dot in box 5 take seven
/// different digits there, and the cell where the lines meet keeps only what some way of placing
/// those digits allows: 1. It needs no forcing chain.
#[test]
fn crossing_whisper_lines_taken_together_solve_elementary_without_forcing_chains() {
    combined_without_forcing_chains(
        "Elementary",
        House::box_at(4),
        "Combined Rules: box 5 holds each digit once, so the whispers line from r4c5, the \
         whispers line from r5c4, the whispers line from r6c4 and the white dot between r6c6 and \
         r6c5 have 1+4+5+6+7+8+9 in r4c5,r5c4,r5c5,r5c6,r6c4,r6c5,r6c6 (r4c5 only 5/6/7/8/9, \
         r5c4 only 4/5/6/7/8/9, r5c5 only 1,",
    );
}

/// A digit a rule needs in one of two places, or of two groups of places, links them strongly,
/// and a digit a rule forces in a cell links to the cell's other digits: the arrow and quadruple
/// examples' chains use them, name the rule, and say it in plain words.
#[test]
fn chains_take_what_a_rule_needs_or_forces() {
    // A 4 in r3c3 leaves the arrow's other cells 4 at most, so the two in box 4 need 1+2 or
    // more and r2c4 is 1: it is 1 or one of the rest.
    let steps = solved("Arrow");
    let forced = (steps.iter())
        .find(|step| step.text.contains("(1=234)r2c4"))
        .expect("a chain through a cell's rest");
    assert_eq!(
        forced.text,
        "Grouped AIC: (1=234)r2c4-(4=1)r357c3, where the arrow from r1c5 forbids (234)r2c4 with \
         (4)r3c3 => r2c3<>1"
    );
    assert_eq!(forced.detail, ["(234)r2c4-(4)r3c3: the arrow from r1c5"]);
    let why = sudoku_core::plain(forced, &rules("Arrow")).why;
    let said = "If row 2, column 4 is not 1, it is 2, 3 or 4; then row 3, column 3 is not 4 (a \
                rule drawn through both cells forbids it with each of them)";
    assert!(why.contains(said), "{why}");
    // Its 1 in the top two cells or the bottom two, where the solve comes to its Rule Fish
    // (which says it of both quadruples at once).
    let steps = solved("Quadruple X");
    let mut marks = example("Quadruple X").puzzle.marks();
    for step in steps
        .iter()
        .take_while(|step| step.technique != "Rule Fish")
    {
        step.apply_to(&mut marks);
    }
    let grouped = (sudoku_core::techniques::by_name("Grouped AIC")
        .expect("a technique")
        .technique)
        .first(&marks)
        .expect("a chain through a need");
    assert_eq!(
        grouped.text,
        "Grouped AIC: (1)r45c3=(1)r89c3-(1)r7c12=(1)r6c12, where the quadruple 1, 2 at r6c1 \
         needs (1)r7c12 or (1)r6c12 => r4c1<>1, r4c2<>1, r5c1<>1, r5c2<>1"
    );
    assert_eq!(
        grouped.detail,
        ["(1)r7c12=(1)r6c12: the quadruple 1, 2 at r6c1"]
    );
    let why = sudoku_core::plain(&grouped, &rules("Quadruple X")).why;
    let said =
        "1 is in row 6, columns 1 or 2 (a rule drawn through these cells needs one of the two)";
    assert!(why.contains(said), "{why}");
}

/// Raw Spaghetti's lines make cells equal where a line has a cell alone in a box: whatever
/// digit r3c8, r4c7 and r7c4 hold, box 5 can only hold it in r5c5, which a forcing chain of 32
/// steps or more showed before, one candidate at a time.
#[test]
fn a_region_sum_line_s_lone_cells_are_equal_and_found_their_place_in_a_box() {
    let example = example("Raw Spaghetti");
    let mut taken = 0;
    let solve = sudoku_core::solve_marks_logically_while(example.puzzle.marks(), &mut || {
        taken += 1;
        taken <= 12
    });
    for step in &solve.steps {
        for taken in &step.eliminations {
            let digit = example.solution[taken.cell.index()];
            assert_ne!(digit, taken.digit.get(), "{}", step.text);
        }
    }
    let equal = first_of(&solve.steps, "Equal Cells");
    assert_eq!(
        equal.text,
        "Equal Cells: r3c8,r4c7,r7c4 hold the same digit; whatever it is, box 5 has no other \
         place for it than r5c5 => r5c5<>1, r5c5<>2"
    );
    let words = sudoku_core::plain(equal, &example.puzzle.rules);
    assert_eq!(
        words.look,
        "Look at row 3, column 8: the rules make it and two more hold one digit (equal cells)."
    );
    let said = "box 5 is left no other place for it than row 5, column 5. So row 5, column 5 \
                holds that digit too: it can only be 3, 4, 5, 6, 7, 8 or 9, not 1 or 2.";
    assert!(words.why.contains(said), "{}", words.why);
}

/// Rules that each need a digit in cells apart fill houses with it, as rows do in an X-Wing:
/// Quadruple X's quadruples at r1c1 and r6c1 each need a 1 in columns 1 and 2, which a grouped
/// chain took from those columns in two steps before; the arrows that need a 1 do it too.
#[test]
fn rules_that_need_a_digit_apart_fill_houses_with_it() {
    let steps = solved("Quadruple X");
    let fish = first_of(&steps, "Rule Fish");
    assert_eq!(
        fish.text,
        "Rule Fish: the quadruple 1, 4, 6, 7 at r1c1 needs 1 in one of r1c1,r1c2,r2c1,r2c2; the \
         quadruple 1, 2 at r6c1 needs 1 in one of r6c1,r6c2,r7c1,r7c2; apart, they fill columns \
         1,2 with 1s => r4c1<>1, r4c2<>1, r5c1<>1, r5c2<>1, r8c1<>1, r8c2<>1, r9c1<>1, r9c2<>1"
    );
    let words = sudoku_core::plain(fish, &rules("Quadruple X"));
    assert_eq!(
        words.look,
        "Look at 1 in columns 1 and 2: the rules need it two times there, in cells apart (rule \
         fish)."
    );
    assert!(
        words
            .why
            .contains("no other cell of columns 1 and 2 can be 1"),
        "{}",
        words.why
    );
    let arrows = solved("Arrow");
    assert!(arrows.iter().any(|step| step.technique == "Rule Fish"));
}

/// A forcing chain follows every rule but names those its proof reads: each arrow whose
/// narrowing takes a candidate on the way ("the arrow from r1c5 rules it out"), and no other.
#[test]
fn a_forcing_chain_names_the_rules_its_proof_reads() {
    let rules = rules("Arrow");
    let chains: Vec<Step> = (solved("Arrow").into_iter())
        .filter(|step| step.technique.contains("Forcing"))
        .collect();
    assert!(!chains.is_empty());
    for chain in &chains {
        let proof = chain.detail.join("\n");
        let read: Vec<u16> = (0..rules.constraints().len() as u16)
            .filter(|&index| {
                let name = rules.constraints()[usize::from(index)].describe();
                proof.contains(&format!("{name} rules it out"))
                    || proof.contains(&format!("{name} cannot be met"))
            })
            .collect();
        let mut named = chain.rules.clone();
        named.sort_unstable();
        assert_eq!(named, read, "{}", chain.text);
    }
    assert!(chains.iter().any(|chain| !chain.rules.is_empty()));
}

#[test]
fn set_theory_over_disjoint_groups_solves_the_barbed_cross() {
    // Groups 1, 5 and 9 leave twelve cells adding up to 80, groups 3, 5 and 7 twelve adding up
    // to 40; their four cells of group 5 must add up to 20, and the others to 30 and 10 each.
    let steps = solved("The Barbed Cross");
    let first = first_of(&steps, "Set Theory");
    assert!(
        first.text.starts_with(
            "Set Theory: disjoint groups 1,5,9 add up to 135 and the little killers inside add \
             up to 55, so r1c4,r2c5,r3c6,r4c1,r4c7,r5c2,r5c8,r6c3,r6c9,r7c4,r8c5,r9c6 add up to \
             80; r2c5,r5c2,r5c8,r8c5 in disjoint group 5 add up to 20 (disjoint groups 3,5,7 add \
             up to 135"
        ),
        "{}",
        first.text
    );
    assert!(
        first
            .text
            .ends_with("so r1c4,r4c1,r4c7,r7c4 in disjoint group 1 add up to 30 => r1c4<>1, r1c4<>2, r1c4<>3, r1c4<>4, r1c4<>5, r4c1<>1, r4c1<>2, r4c1<>3, r4c1<>4, r4c1<>5, r4c7<>1, r4c7<>2, r4c7<>3, r4c7<>4, r4c7<>5, r7c4<>1, r7c4<>2, r7c4<>3, r7c4<>4, r7c4<>5"),
        "{}",
        first.text
    );
    // Both areas' little killers: the main diagonal, 14, 8; the anti-diagonal, 12, 21.
    assert_eq!(first.rules.len(), 6, "{:?}", first.rules);
    let words = sudoku_core::plain(first, &rules("The Barbed Cross"));
    assert_eq!(
        words.look,
        "Look at disjoint group 1, disjoint group 5 and disjoint group 9: together they add up \
         to 135 (set theory)."
    );
    assert!(
        words
            .why
            .contains("Take away the little killers lying wholly inside"),
        "{}",
        words.why
    );
}
