//! Every step told in plain words: over puzzles of the shared collections, generated variant
//! puzzles and HoDoKu's library of technique cases, each stage of every step reads without
//! notation, and the last one names every cell and digit the step changes. Every technique of the
//! registry is met. A few steps' words are pinned exactly.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use sudoku_core::techniques::by_name;
use sudoku_core::variant::generate::generate_variant;
use sudoku_core::variant::{
    Arrow, BetweenLine, Cage, Cloned, Colour, Constraint, Direction, Dot, Extremum,
    GivenCandidates, Letter, LittleKiller, Negated, Negative, Nonconsecutive, Outside, Palindrome,
    Parity, Puzzle, Quadruple, RegionSumLine, Renban, Rules, Sandwich, Thermometer, Variant,
    Whispers, Xv,
};
use sudoku_core::{
    Candidate, Candidates, Cell, CellSet, DigitSet, Grid, House, Plain, REGISTRY, Step, plain,
    solve_logically, solve_marks_logically,
};
use sudoku_test_support::conformance::thermometer_puzzle;
use sudoku_test_support::{HODOKU_CODES, cases, hodoku_library};

/// The longest first stage: about two lines of a phone's message area.
const LOOK_LENGTH: usize = 120;

/// Checks the plain words of `step`, found under `rules`, and counts its technique in `met`.
fn check(step: &Step, rules: &Rules, met: &mut BTreeMap<String, usize>) {
    let words = plain(step, rules);
    for (stage, text) in [
        ("look", &words.look),
        ("why", &words.why),
        ("what", &words.what),
    ] {
        assert!(!text.is_empty(), "no {stage} for `{}`", step.text);
        if let Some(notation) = notation(text) {
            panic!("{stage} of `{}` has `{notation}`: {text}", step.text);
        }
    }
    assert!(
        words.look.len() <= LOOK_LENGTH,
        "look of `{}` is long: {}",
        step.text,
        words.look
    );
    let named = named_cells(&words.what);
    for change in step.placements.iter().chain(&step.eliminations) {
        assert!(
            named.contains(&change.cell),
            "what of `{}` misses {}: {}",
            step.text,
            change.cell,
            words.what
        );
        assert!(
            words.what.contains(&change.digit.to_string()),
            "what of `{}` misses digit {}: {}",
            step.text,
            change.digit,
            words.what
        );
    }
    *met.entry(step.technique.to_string()).or_default() += 1;
}

/// The first piece of notation in `text`, if any: `<>`, `=>`, any `=`, a `{` set, or a cell
/// written `r2c3`.
fn notation(text: &str) -> Option<String> {
    for sign in ["<>", "=>", "=", "{"] {
        if text.contains(sign) {
            return Some(sign.to_string());
        }
    }
    let b = text.as_bytes();
    (0..b.len().saturating_sub(3))
        .find(|&i| b[i] == b'r' && b[i + 1].is_ascii_digit() && b[i + 2] == b'c')
        .filter(|&i| b[i + 3].is_ascii_digit())
        .map(|i| text[i..i + 4].to_string())
}

/// The cells `text` names: "row 3, column 5", a row's cells together, "row 3, columns 1, 2
/// and 5" (or "… or 5"), or a column's, "column 4, rows 1 and 7".
fn named_cells(text: &str) -> BTreeSet<Cell> {
    let mut cells = BTreeSet::new();
    for (at, _) in text.match_indices("row ") {
        let rest = &text[at + 4..];
        let crossed = crossed(rest, ", columns ").or_else(|| crossed(rest, ", column "));
        if let Some((row, columns)) = crossed {
            cells.extend(
                columns
                    .into_iter()
                    .map(|column| Cell::at(row - 1, column - 1)),
            );
        }
    }
    for (at, _) in text.match_indices("column ") {
        if let Some((column, rows)) = crossed(&text[at + 7..], ", rows ") {
            cells.extend(rows.into_iter().map(|row| Cell::at(row - 1, column - 1)));
        }
    }
    cells
}

/// From "3, columns 1 and 2 …" with `between` ", columns ": the number of the line, and the
/// numbers listed after it.
fn crossed(text: &str, between: &str) -> Option<(u8, Vec<u8>)> {
    let line = leading_number(text)?;
    let listed = numbers_listed(text[1..].strip_prefix(between)?);
    Some((line, listed))
}

/// The digit 1–9 that `text` starts with, not followed by another digit.
fn leading_number(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    let digit = *b.first()?;
    let alone = b.get(1).is_none_or(|next| !next.is_ascii_digit());
    (b'1'..=b'9')
        .contains(&digit)
        .then_some(digit - b'0')
        .filter(|_| alone)
}

/// The numbers of a list "1, 2 and 5" (or "… or 5") at the start of `text`.
fn numbers_listed(mut text: &str) -> Vec<u8> {
    let mut numbers = Vec::new();
    while let Some(n) = leading_number(text) {
        numbers.push(n);
        text = &text[1..];
        let next = [", ", " and ", " or "]
            .iter()
            .find_map(|sep| text.strip_prefix(sep))
            .filter(|rest| leading_number(rest).is_some());
        match next {
            Some(rest) => text = rest,
            None => break,
        }
    }
    numbers
}

/// Solves each of the first `count` puzzles of `collection` by logic, checking every step.
fn check_collection(collection: &str, count: usize, met: &mut BTreeMap<String, usize>) {
    for case in cases(collection, count) {
        for step in &solve_logically(&case.puzzle).steps {
            check(step, &Rules::classic(), met);
        }
    }
}

/// Every step of HoDoKu's library cases, up to a few per case, for the techniques met rarely
/// while solving.
fn check_library(met: &mut BTreeMap<String, usize>) {
    for case in hodoku_library() {
        let Some(&(_, name)) = HODOKU_CODES.iter().find(|(code, _)| *code == case.code) else {
            continue;
        };
        let Some(entry) = by_name(name) else {
            continue;
        };
        let mut found = 0;
        let _ = entry.technique.search(&case.marks, &mut |step| {
            check(&step, &Rules::classic(), met);
            found += 1;
            if found < 5 {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
    }
}

/// Every verity forcing chain where the first puzzle of the top 1465 needs a forcing chain: the
/// solver meets a contradiction first nearly always.
fn check_verity(met: &mut BTreeMap<String, usize>) {
    let case = &cases("magictour_top1465.csv", 1)[0];
    let mut marks = Candidates::new(&case.puzzle);
    for step in solve_logically(&case.puzzle).steps {
        if step.technique == "Forcing Chain Contradiction" {
            let verity = by_name("Forcing Chain Verity").expect("Forcing Chain Verity");
            let _ = verity.technique.search(&marks, &mut |step| {
                check(&step, &Rules::classic(), met);
                ControlFlow::Continue(())
            });
            return;
        }
        step.apply_to(&mut marks);
    }
    panic!("no forcing chain in the first puzzle of the top 1465");
}

/// Solves a generated puzzle of every variant by logic, checking every step (seed 9 gives Killer
/// puzzles that need more than cages, and quickly); and the split cage of a row, which
/// generated puzzles seldom need.
fn check_variants(met: &mut BTreeMap<String, usize>) {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for variant in Variant::ALL {
        let puzzle = generate_variant(variant, &mut rng);
        for step in &solve_marks_logically(puzzle.marks()).steps {
            check(step, &puzzle.rules, met);
        }
    }
    // Row 1: two cages inside (10 and 24) leave 11 to the part in the row of the cage of 13.
    let cage = |cells: &[(u8, u8)], sum| Cage {
        cells: cells.iter().map(|&(r, c)| Cell::at(r, c)).collect(),
        sum: Some(sum),
    };
    let rules = Rules::classic()
        .with([
            cage(&[(0, 0), (0, 1), (0, 2), (0, 3)], 10),
            cage(&[(0, 4), (0, 5), (0, 6)], 24),
            cage(&[(0, 7), (0, 8), (1, 8)], 13),
        ])
        .expect("cages");
    let marks = Puzzle::new([0; 81], rules.clone()).marks();
    check(&first_step("Cage Split", &marks), &rules, met);
    // Row 1: cages of 10 and 18 inside; counting the cage of 12 from r1c9 whole, r1c8 is r2c9
    // plus 5.
    let rules = Rules::classic()
        .with([
            cage(&[(0, 0), (0, 1), (0, 2), (0, 3)], 10),
            cage(&[(0, 4), (0, 5), (0, 6)], 18),
            cage(&[(0, 8), (1, 8)], 12),
        ])
        .expect("cages");
    let marks = Puzzle::new([0; 81], rules.clone()).marks();
    check(&first_step("Innie-Outie Difference", &marks), &rules, met);
    // Row 1: 1+2 in the cage of 3 leaves 3+4 to the cage of 7.
    let rules = Rules::classic()
        .with([cage(&[(0, 0), (0, 1)], 3), cage(&[(0, 2), (0, 3)], 7)])
        .expect("cages");
    let marks = Puzzle::new([0; 81], rules.clone()).marks();
    check(&first_step("Combined Cages", &marks), &rules, met);
    // Row 1: a renban line of four needs a 3 or a 6, so the black dot beside it is not 3+6.
    let rules = Rules::classic()
        .with([
            Constraint::from(Renban {
                cells: (0..4).map(|col| Cell::at(0, col)).collect(),
            }),
            Dot::new(Colour::Black, [Cell::at(0, 4), Cell::at(0, 5)]).into(),
        ])
        .expect("a line and a dot");
    check(
        &first_step(
            "Combined Rules",
            &Puzzle::new([0; 81], rules.clone()).marks(),
        ),
        &rules,
        met,
    );
    let thermometers = thermometer_puzzle(1);
    for step in &solve_marks_logically(thermometers.marks()).steps {
        check(step, &thermometers.rules, met);
    }
    // Two region sum lines of Raw Spaghetti: r3c8, r4c7 and r7c4 are each alone in their box
    // on the first, so equal, and box 5 has no other place for their digit than r5c5 (r5c6
    // and r6c5 add up to it, r6c6 is equal to r3c9 on the second line, which sees r3c8).
    let line = |cells: [(u8, u8); 7]| {
        Constraint::from(RegionSumLine::new(
            cells.map(|(row, col)| Cell::at(row, col)).to_vec(),
        ))
    };
    let rules = Rules::classic()
        .with([
            line([(2, 7), (3, 6), (4, 5), (5, 4), (6, 3), (7, 2), (8, 1)]),
            line([(2, 8), (3, 7), (4, 6), (5, 5), (6, 4), (7, 3), (8, 2)]),
        ])
        .expect("two lines");
    let mut marks = Puzzle::new([0; 81], rules.clone()).marks();
    let lines = by_name("Region Sum Line").expect("a technique").technique;
    while let Some(step) = lines.first(&marks) {
        step.apply_to(&mut marks);
    }
    check(&first_step("Equal Cells", &marks), &rules, met);
    // Two quadruples with a 1, at r1c1 and r6c1, each need it in columns 1 and 2, in cells
    // apart: those are the two columns' 1s.
    let quadruple = |(row, col): (u8, u8), digits: &[u8]| {
        Constraint::from(Quadruple {
            cells: [(0, 0), (0, 1), (1, 0), (1, 1)]
                .map(|(r, c)| Cell::at(row + r, col + c))
                .into_iter()
                .collect(),
            digits: digits.to_vec(),
        })
    };
    let rules = Rules::classic()
        .with([quadruple((0, 0), &[1, 4, 6, 7]), quadruple((5, 0), &[1, 2])])
        .expect("two quadruples");
    let mut marks = Puzzle::new([0; 81], rules.clone()).marks();
    let locked = by_name("Rule-Locked Candidates")
        .expect("a technique")
        .technique;
    while let Some(step) = locked.first(&marks) {
        step.apply_to(&mut marks);
    }
    check(&first_step("Rule Fish", &marks), &rules, met);
    let barbed = (sudoku_test_support::iss_examples().into_iter())
        .find(|example| example.name == "The Barbed Cross")
        .expect("the example");
    let marks = barbed.puzzle.marks();
    check(&first_step("Set Theory", &marks), &barbed.puzzle.rules, met);
    // The rules of lines and clues, each on an empty grid where it deduces something at once.
    let cells = |cells: &[(u8, u8)]| cells.iter().map(|&(r, c)| Cell::at(r, c)).collect();
    let lines: [(&str, Constraint); 18] = [
        (
            "Thermometer",
            Thermometer {
                cells: cells(&[(0, 0), (0, 1), (0, 2)]),
            }
            .into(),
        ),
        (
            "Arrow Sum",
            Arrow::new(cells(&[(0, 0)]), cells(&[(0, 1), (1, 2)])).into(),
        ),
        (
            "Little Killer",
            LittleKiller::new(Outside { row: -1, col: 5 }, Direction::DownRight, 6).into(),
        ),
        (
            "Sandwich Sum",
            Sandwich {
                clue: Outside { row: 3, col: -1 },
                sum: 35,
            }
            .into(),
        ),
        (
            "Region Sum Line",
            RegionSumLine::new(cells(&[(0, 2), (0, 3), (1, 3)])).into(),
        ),
        // With a 5 in r1c3 below: its mirror r3c5 is 5.
        (
            "Palindrome",
            Palindrome {
                cells: cells(&[(0, 2), (1, 3), (2, 4)]),
            }
            .into(),
        ),
        (
            "Between Line",
            BetweenLine {
                cells: cells(&[(4, 0), (4, 1), (4, 2)]),
            }
            .into(),
        ),
        (
            "German Whispers",
            Whispers {
                cells: cells(&[(6, 0), (6, 1)]),
                difference: Whispers::GERMAN,
            }
            .into(),
        ),
        // With a 1 in r9c7 below: the others are 2 and 3.
        (
            "Renban",
            Renban {
                cells: cells(&[(8, 6), (8, 7), (8, 8)]),
            }
            .into(),
        ),
        // Beside the 5 in r1c3: 4 or 6.
        (
            "Kropki Pair",
            Dot::new(Colour::White, [Cell::at(0, 2), Cell::at(0, 3)]).into(),
        ),
        // Beside the 1 in r9c7: 9.
        (
            "XV Pair",
            Xv {
                cells: [Cell::at(8, 6), Cell::at(8, 5)],
                letter: Letter::X,
            }
            .into(),
        ),
        ("Nonconsecutive", Nonconsecutive::new().into()),
        ("Odd/Even", Parity::Even(Cell::at(0, 3)).into()),
        (
            "Given Pencil Marks",
            GivenCandidates {
                cell: Cell::at(0, 3),
                // 4 or 9.
                digits: 0b1_0000_1000,
            }
            .into(),
        ),
        // Beside the 5 in r1c3: more than 5.
        ("Minimum/Maximum", Extremum::maximum(Cell::at(0, 3)).into()),
        (
            "Quadruple",
            Quadruple {
                cells: cells(&[(3, 3), (3, 4), (4, 3), (4, 4)])
                    .into_iter()
                    .collect(),
                digits: vec![1, 2, 3, 4],
            }
            .into(),
        ),
        // The 5 in r1c3 cloned.
        (
            "Clone",
            Cloned {
                cells: cells(&[(0, 2)]),
                clones: cells(&[(6, 6)]),
            }
            .into(),
        ),
        // No 2 beside the 1 in r9c7.
        ("Negative Constraint", Negative::new(Negated::Ratio).into()),
    ];
    let mut givens = [0; 81];
    (givens[2], givens[78]) = (5, 1);
    for (technique, constraint) in lines {
        let rules = Rules::classic().with([constraint]).expect("a constraint");
        let marks = Puzzle::new(givens, rules.clone()).marks();
        check(&first_step(technique, &marks), &rules, met);
    }
}

#[test]
fn every_step_of_every_technique_reads_in_plain_words() {
    let mut met = BTreeMap::new();
    check_collection("unbiased_1000.csv", 200, &mut met);
    check_collection("se_rated_hard_a.csv", 200, &mut met);
    check_collection("magictour_top1465.csv", 200, &mut met);
    check_collection("forum_hardest_1106.csv", 3, &mut met);
    check_library(&mut met);
    check_verity(&mut met);
    check_variants(&mut met);
    let unmet: Vec<&str> = REGISTRY
        .iter()
        .map(|e| e.technique.name())
        .filter(|name| !met.contains_key(*name))
        .collect();
    eprintln!("steps checked per technique: {met:?}");
    assert!(unmet.is_empty(), "techniques never met: {unmet:?}");
}

#[test]
fn an_unknown_technique_gets_generic_words_from_its_structure() {
    let marks = Candidates::new(&Grid::parse_line(X_WING).expect("a grid"));
    let mut step = first_step("X-Wing", &marks);
    step.technique = "Some Later Fish".into();
    let mut met = BTreeMap::new();
    check(&step, &Rules::classic(), &mut met);
    let words = plain(&step, &Rules::classic());
    assert_eq!(words.look, "Look at rows 2 and 5 (a some later fish).");
    assert_eq!(
        words.why,
        "The Some Later Fish pattern is made of 5 in row 2, columns 5 and 8, and row 5, columns \
         5 and 8."
    );
}

#[test]
fn a_step_without_the_data_of_its_technique_still_reads_plainly() {
    let (cell, digit) = (Cell::at(2, 4), sudoku_core::Digit::new(7).expect("a digit"));
    let mut met = BTreeMap::new();
    for entry in REGISTRY {
        let bare = Step::new(entry.technique.name());
        let eliminating = bare
            .clone()
            .eliminate(CellSet::single(cell), DigitSet::single(digit));
        for step in [bare.clone().place(cell, digit), eliminating.clone()] {
            check(&step, &Rules::classic(), &mut met);
        }
        let mut unlinked = eliminating;
        unlinked.pattern.push(Candidate::new(cell, digit));
        unlinked.houses.push(House::row(2));
        check(&unlinked, &Rules::classic(), &mut met);
    }
}

/// The first step `technique` finds in `marks`.
fn first_step(technique: &str, marks: &Candidates) -> Step {
    let entry = by_name(technique).expect("a technique of the registry");
    entry.technique.first(marks).expect("a step")
}

/// A position with an X-Wing on 5 (HoDoKu's example).
const X_WING: &str =
    ".41729.3.769..34.2.3264.7194.39..17.6.7..49.319537..24214567398376.9.541958431267";

#[test]
fn a_hidden_single_in_plain_words() {
    let puzzle =
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
    let marks = Candidates::new(&Grid::parse_line(puzzle).expect("a grid"));
    assert_eq!(
        plain(&first_step("Hidden Single", &marks), &Rules::classic()),
        Plain {
            look: "Look at box 1: one cell there is the only place for a 2 (a hidden single)."
                .into(),
            why: "In box 1, 2 can only go in row 1, column 2: every other cell of the box is \
                  filled or cannot take a 2."
                .into(),
            what: "So row 1, column 2 is 2.".into(),
        }
    );
}

#[test]
fn a_naked_pair_in_plain_words() {
    let case = hodoku_library()
        .into_iter()
        .find(|case| case.code == "0200" && !case.fail_case)
        .expect("a naked pair case");
    assert_eq!(
        plain(&first_step("Naked Pair", &case.marks), &Rules::classic()),
        Plain {
            look: "Look at row 1: two cells there hold only 1 and 6 between them (a naked pair)."
                .into(),
            why: "Row 1, column 2 (1 or 6) and row 1, column 9 (1 or 6): between them these two \
                  cells can only hold 1 and 6, so each of those digits is in one of them. No \
                  other cell of row 1 can be 1 or 6."
                .into(),
            what: "So 1 and 6 can be removed from row 1, columns 4, 5 and 6.".into(),
        }
    );
}

#[test]
fn an_x_wing_in_plain_words() {
    let marks = Candidates::new(&Grid::parse_line(X_WING).expect("a grid"));
    assert_eq!(
        plain(&first_step("X-Wing", &marks), &Rules::classic()),
        Plain {
            look: "Look at 5 in rows 2 and 5: it only fits columns 5 and 8 there (an X-Wing)."
                .into(),
            why: "In rows 2 and 5, 5 can only go in columns 5 and 8. Each of these two rows needs \
                  a 5, and no two of them can take it in the same column, so they fill columns 5 \
                  and 8 with 5s. No other cell of columns 5 and 8 can be 5."
                .into(),
            what: "So 5 can be removed from row 4, column 5.".into(),
        }
    );
}

#[test]
fn an_xy_chain_in_plain_words() {
    let puzzle =
        "472356981531..8.2.8691.2.53158.2734.2964138757438.5....8...9....2..81...91..34.68";
    let marks = Candidates::new(&Grid::parse_line(puzzle).expect("a grid"));
    let mut chain = None;
    let xy_chain = by_name("XY-Chain").expect("XY-Chain");
    let _ = xy_chain.technique.search(&marks, &mut |step| {
        if step.eliminations_text() == "r7c5<>6" {
            chain = Some(step);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    assert_eq!(
        plain(
            &chain.expect("the chain of the XY-Chain's own test"),
            &Rules::classic()
        ),
        Plain {
            look: "Follow a chain from row 6, column 5 to row 7, column 1 (an XY-chain).".into(),
            why: "Each cell of the chain has only two candidates (if it is not one, it is the \
                  other), and each sees the next. If row 6, column 5 is not 6, it is 9; then row \
                  6, column 8 is not 9, so it is 1; then row 7, column 8 is not 1, so it is 3; \
                  then row 7, column 1 is not 3, so it is 6. Either row 6, column 5 is 6 or row \
                  7, column 1 is 6, so no cell that sees both can be 6."
                .into(),
            what: "So 6 can be removed from row 7, column 5.".into(),
        }
    );
}

#[test]
fn a_dot_s_step_says_the_rule_of_its_own_dot() {
    // A black dot beside the 4 in r1c1: 2 or 8.
    let rules = Rules::classic()
        .with([Dot::new(Colour::Black, [Cell::at(0, 0), Cell::at(0, 1)])])
        .expect("a dot");
    let mut givens = [0; 81];
    givens[0] = 4;
    let marks = Puzzle::new(givens, rules.clone()).marks();
    let words = plain(&first_step("Kropki Pair", &marks), &rules);
    assert_eq!(words.look, "Look at the black dot through row 1, column 1.");
    assert_eq!(
        words.why,
        "A black dot joins a digit and its double. Given what row 1, column 1 can still hold, \
         row 1, column 2 keeps only 2 or 8."
    );
}
