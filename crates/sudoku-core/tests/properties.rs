//! Properties over random inputs: the search solver against a plain reference backtracker, the
//! soundness of every logical step, parsing and formatting, and generated puzzles.
//!
//! Each property runs a modest number of cases by default so that `cargo test` stays quick;
//! `PROPTEST_CASES=2000 cargo test --release --test properties` runs them all longer.

use proptest::prelude::*;
use proptest::sample::subsequence;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use sudoku_core::parse::file::{Contents, read};
use sudoku_core::search::{Engine, count_solutions, random_solution};
use sudoku_core::{
    Candidates, Cell, Digit, Grid, ParseError, Position, SolveError, Symmetry, generate, next_step,
};
use sudoku_test_support::{fixed_seed_config, obeys_rules, peers, solve_by_backtracking};

/// A grid of values, 0 for a blank, shown in the one-line format when a case fails.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Values([u8; 81]);

impl std::fmt::Debug for Values {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let line: String = self
            .0
            .iter()
            .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
            .collect();
        write!(f, "{line}")
    }
}

impl Values {
    /// Every filled cell as a given, clashes and all.
    fn grid(self) -> Grid {
        Grid::from_givens(self.0.map(Digit::new))
    }
}

// ---------------------------------------------------------------------------------------------
// The reference: backtracking over the rules alone, sharing no code with the engine.

/// The digits (bit `d` for digit `d`) no peer of `cell` holds.
fn legal(values: &[u8; 81], cell: usize) -> u16 {
    peers(cell).fold(0x3FE, |mask, p| mask & !(1 << values[p]))
}

// ---------------------------------------------------------------------------------------------
// Random grids.

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A random complete grid.
fn solution() -> impl Strategy<Value = Values> {
    any::<u64>().prop_map(|seed| Values(random_solution(&mut rng(seed))))
}

/// A random complete grid, and the same grid with a number of cells in `holes` blanked.
fn with_holes(holes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = (Values, Values)> {
    (
        solution(),
        subsequence((0..81).collect::<Vec<usize>>(), holes),
    )
        .prop_map(|(solution, holes)| {
            let mut puzzle = solution;
            holes.into_iter().for_each(|cell| puzzle.0[cell] = 0);
            (solution, puzzle)
        })
}

/// A grid with a digit repeated in a house: a clue copied onto one of its peers.
fn clashing() -> impl Strategy<Value = Values> {
    (with_holes(0..=60), any::<prop::sample::Index>(), 0..20usize).prop_map(
        |((solution, mut puzzle), clue, peer)| {
            let filled: Vec<usize> = (0..81).filter(|&c| puzzle.0[c] != 0).collect();
            // With no clue left, copy one back from the solution first.
            let from = if filled.is_empty() {
                puzzle.0[0] = solution.0[0];
                0
            } else {
                filled[clue.index(filled.len())]
            };
            let to = peers(from).nth(peer).expect("20 peers");
            puzzle.0[to] = puzzle.0[from];
            puzzle
        },
    )
}

/// Clues without a clash that leave one empty cell no candidate: each digit goes on a peer of
/// that cell where it is legal.
fn no_candidate() -> impl Strategy<Value = Values> {
    (0..81usize, any::<u64>()).prop_map(|(cell, seed)| {
        let mut rng = rng(seed);
        'retry: loop {
            let mut values = [0; 81];
            let mut digits: Vec<u8> = (1..=9).collect();
            digits.shuffle(&mut rng);
            for d in digits {
                let mut spots: Vec<usize> = peers(cell).filter(|&p| values[p] == 0).collect();
                spots.shuffle(&mut rng);
                let Some(&spot) = spots.iter().find(|&&p| legal(&values, p) & 1 << d != 0) else {
                    continue 'retry;
                };
                values[spot] = d;
            }
            return Values(values);
        }
    })
}

/// A grid that looks consistent (no clash) but where one clue was changed to another digit
/// legal there: mostly no solution at all, sometimes others.
fn changed_clue() -> impl Strategy<Value = Values> {
    (
        with_holes(0..=50),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
    )
        .prop_map(|((_, mut puzzle), clue, digit)| {
            let filled: Vec<usize> = (0..81).filter(|&c| puzzle.0[c] != 0).collect();
            let Some(&cell) = filled.get(clue.index(filled.len().max(1))) else {
                return puzzle;
            };
            let old = puzzle.0[cell];
            puzzle.0[cell] = 0;
            let others: Vec<u8> = (1..=9)
                .filter(|&d| d != old && legal(&puzzle.0, cell) & 1 << d != 0)
                .collect();
            puzzle.0[cell] = match others.as_slice() {
                [] => old,
                _ => others[digit.index(others.len())],
            };
            puzzle
        })
}

/// The search solver's answers about `puzzle` agree with the reference's, with every engine this
/// processor runs.
fn agrees_with_reference(puzzle: Values) -> Result<(), TestCaseError> {
    let (count, first) = solve_by_backtracking(&puzzle.0, 3);
    for limit in 0..=3 {
        prop_assert_eq!(
            count_solutions(&puzzle.0, limit),
            count.min(limit),
            "limit {}",
            limit
        );
        for engine in Engine::available() {
            let found = engine
                .solutions(&puzzle.0, limit)
                .expect("an available engine runs");
            prop_assert_eq!(
                found.count,
                count.min(limit),
                "{:?}, limit {}",
                engine,
                limit
            );
            if count == 1 && limit > 0 {
                prop_assert_eq!(found.first, first, "{:?}", engine);
            }
        }
    }
    let grid = puzzle.grid();
    prop_assert_eq!(grid.count_solutions(2), count.min(2));
    match count {
        0 => {
            prop_assert_eq!(grid.solve(), Err(SolveError::NoSolution));
            prop_assert_eq!(grid.any_solution(), None);
        }
        1 => {
            let solved = grid
                .solve()
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            let expected = first.expect("the reference keeps its solution");
            prop_assert_eq!(
                Values(solved.digits().map(|d| d.map_or(0, Digit::get))),
                Values(expected)
            );
            prop_assert_eq!(solved.givens(), grid.givens());
            prop_assert_eq!(grid.any_solution(), Some(solved));
        }
        _ => {
            prop_assert_eq!(grid.solve(), Err(SolveError::MultipleSolutions));
            let any = grid.any_solution().expect("some solution");
            prop_assert!(obeys_rules(&any), "{}", any.to_line());
            for cell in grid.givens().iter() {
                prop_assert_eq!(any.get(cell), grid.get(cell));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(fixed_seed_config(256))]

    /// Few holes: mostly one solution, though even four holes can leave two (a rectangle of
    /// two digits that can swap).
    #[test]
    fn search_agrees_with_backtracking_on_grids_with_few_holes((solution, puzzle) in with_holes(0..=45)) {
        let (count, first) = solve_by_backtracking(&puzzle.0, 2);
        prop_assert!(count >= 1, "the grid it came from solves it");
        if count == 1 {
            prop_assert_eq!(first.map(Values), Some(solution));
        }
        agrees_with_reference(puzzle)?;
    }

    /// Many holes: mostly several solutions.
    #[test]
    fn search_agrees_with_backtracking_on_grids_with_many_holes((_, puzzle) in with_holes(46..=81)) {
        agrees_with_reference(puzzle)?;
    }

    #[test]
    fn a_repeated_digit_has_no_solution(puzzle in clashing()) {
        prop_assert!(!puzzle.grid().conflicts().is_empty());
        prop_assert_eq!(solve_by_backtracking(&puzzle.0, 2).0, 0);
        agrees_with_reference(puzzle)?;
    }

    #[test]
    fn an_empty_cell_without_candidates_has_no_solution(puzzle in no_candidate()) {
        prop_assert!(puzzle.grid().conflicts().is_empty());
        prop_assert_eq!(solve_by_backtracking(&puzzle.0, 2).0, 0);
        agrees_with_reference(puzzle)?;
    }

    #[test]
    fn search_agrees_with_backtracking_when_a_clue_is_changed(puzzle in changed_clue()) {
        prop_assert!(puzzle.grid().conflicts().is_empty());
        agrees_with_reference(puzzle)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Logical steps.

/// A puzzle with exactly one solution: a generated (minimal) one, with up to `extra` clues of
/// its solution given back so that easier positions come up too.
fn unique_puzzle(extra: usize) -> impl Strategy<Value = (Grid, Grid)> {
    (any::<u64>(), any::<bool>(), 0..=extra).prop_map(|(seed, central, extra)| {
        let mut rng = rng(seed);
        let symmetry = if central {
            Symmetry::Central
        } else {
            Symmetry::None
        };
        let puzzle = generate(&mut rng, symmetry);
        let solution = puzzle.solve().expect("a generated puzzle has one solution");
        let mut digits = *puzzle.digits();
        let mut blanks: Vec<Cell> = Cell::all().filter(|c| puzzle.get(*c).is_none()).collect();
        blanks.shuffle(&mut rng);
        for cell in blanks.into_iter().take(extra) {
            digits[cell.index()] = solution.get(cell);
        }
        (Grid::from_givens(digits), solution)
    })
}

/// Every `r…c…` in a text (`r3c5`, or a group such as `r5c123`), as its rows and columns.
fn cell_mentions(text: &str) -> Vec<(String, String)> {
    let chars: Vec<char> = text.chars().collect();
    let digits_from = |mut i: usize| {
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        (chars[start..i].iter().collect::<String>(), i)
    };
    let mut mentions = Vec::new();
    for i in 0..chars.len() {
        // An `r` that starts a word or follows punctuation, then digits.
        let starts = i == 0 || !chars[i - 1].is_alphanumeric();
        if chars[i] != 'r' || !starts {
            continue;
        }
        let (rows, after) = digits_from(i + 1);
        if rows.is_empty() {
            continue;
        }
        let cols = if chars.get(after) == Some(&'c') {
            digits_from(after + 1).0
        } else {
            String::new()
        };
        mentions.push((rows, cols));
    }
    mentions
}

/// Every house named in a text: `row 3`, `columns 2,8`, `boxes 1,5`.
fn house_mentions(text: &str) -> Vec<(String, u32)> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .collect();
    let mut mentions = Vec::new();
    for pair in words.windows(2) {
        if !matches!(
            pair[0],
            "row" | "rows" | "column" | "columns" | "box" | "boxes"
        ) {
            continue;
        }
        for number in pair[1].trim_end_matches([':', ';', '.']).split(',') {
            if let Ok(n) = number.parse() {
                mentions.push((pair[0].to_string(), n));
            }
        }
    }
    mentions
}

fn in_one_to_nine(numbers: &str) -> bool {
    !numbers.is_empty() && numbers.chars().all(|c| ('1'..='9').contains(&c))
}

/// Takes logical steps on `puzzle` until it is solved or logic is stuck, checking each: it is
/// sound (keeps every solution digit, places only right ones), changes something, and its text
/// names real cells and houses.
fn check_steps(puzzle: &Grid, solution: &Grid) -> Result<(), TestCaseError> {
    let mut marks = Candidates::new(puzzle);
    let mut taken = 0;
    while !marks.is_complete() {
        prop_assert!(
            !marks.is_broken(),
            "{} after {} steps",
            puzzle.to_line(),
            taken
        );
        let Some((step, _)) = next_step(&marks) else {
            break;
        };
        let at = format!("{} step {}: `{}`", puzzle.to_line(), taken + 1, step.text);
        for p in &step.placements {
            prop_assert_eq!(
                solution.get(p.cell),
                Some(p.digit),
                "wrong placement in {}",
                at
            );
            prop_assert!(
                marks.grid().get(p.cell).is_none(),
                "placed in a filled cell: {}",
                at
            );
        }
        // Alike in form to the placement checks above, but each condition is the opposite: one
        // helper for both would take two conditions and two messages and read worse.
        for e in &step.eliminations {
            prop_assert_ne!(
                solution.get(e.cell),
                Some(e.digit),
                "eliminates the solution in {}",
                at
            );
            prop_assert!(
                marks.has(e.cell, e.digit),
                "eliminates a dead candidate: {}",
                at
            );
        }
        for c in step
            .placements
            .iter()
            .chain(&step.eliminations)
            .chain(&step.pattern)
        {
            prop_assert!(
                c.cell.index() < 81 && c.cell.row() < 9 && c.cell.col() < 9,
                "{}",
                at
            );
            prop_assert!((1..=9).contains(&c.digit.get()), "{}", at);
        }
        for link in &step.links {
            prop_assert!(
                !link.from.cells.is_empty() && !link.to.cells.is_empty(),
                "{}",
                at
            );
        }
        let cells = cell_mentions(&step.text);
        prop_assert!(!cells.is_empty(), "names no cell: {}", at);
        for (rows, cols) in cells {
            prop_assert!(
                in_one_to_nine(&rows) && in_one_to_nine(&cols),
                "r{}c{} in {}",
                rows,
                cols,
                at
            );
        }
        for (kind, number) in house_mentions(&step.text) {
            prop_assert!((1..=9).contains(&number), "{} {} in {}", kind, number, at);
        }
        prop_assert!(step.apply_to(&mut marks), "changes nothing: {}", at);
        taken += 1;
    }
    if marks.is_complete() {
        prop_assert_eq!(marks.grid().digits(), solution.digits());
    }
    Ok(())
}

/// The hard puzzles of the shared collections, read once.
fn hard_puzzles() -> &'static [(Grid, Grid)] {
    static HARD: std::sync::OnceLock<Vec<(Grid, Grid)>> = std::sync::OnceLock::new();
    HARD.get_or_init(|| {
        ["magictour_top1465.csv", "se_rated_hard_a.csv"]
            .into_iter()
            .flat_map(|name| sudoku_test_support::cases(name, 1500))
            .map(|case| (case.puzzle, case.solution))
            .collect()
    })
}

/// The same puzzle under a change that keeps the rules: digits relabelled, rows swapped within
/// their band and bands swapped, columns likewise, and maybe mirrored on the diagonal.
fn transformed(grid: &Grid, seed: u64) -> Grid {
    let mut rng = rng(seed);
    let mut lines = || {
        let mut bands = [0, 1, 2];
        bands.shuffle(&mut rng);
        let mut order = Vec::new();
        for band in bands {
            let mut rows = [0, 1, 2];
            rows.shuffle(&mut rng);
            order.extend(rows.map(|r| band * 3 + r));
        }
        order
    };
    let (rows, cols) = (lines(), lines());
    let mut labels = Digit::ALL;
    labels.shuffle(&mut rng);
    let transpose = seed & 1 == 1;
    let digits = std::array::from_fn(|i| {
        let (r, c) = (rows[i / 9], cols[i % 9]);
        let (r, c) = if transpose { (c, r) } else { (r, c) };
        grid.digits()[r * 9 + c].map(|d| labels[d.index()])
    });
    Grid::from_givens(digits)
}

proptest! {
    #![proptest_config(fixed_seed_config(128))]

    #[test]
    fn every_logical_step_on_a_generated_puzzle_is_sound_and_names_real_cells(
        (puzzle, solution) in unique_puzzle(20),
    ) {
        check_steps(&puzzle, &solution)?;
    }
}

proptest! {
    #![proptest_config(fixed_seed_config(24))]

    /// Generated puzzles are mostly easy; hard ones, shuffled, reach the chains and the
    /// uniqueness techniques.
    #[test]
    fn every_logical_step_on_a_shuffled_hard_puzzle_is_sound_and_names_real_cells(
        which: prop::sample::Index,
        seed: u64,
    ) {
        let (puzzle, solution) = &hard_puzzles()[which.index(hard_puzzles().len())];
        let (puzzle, solution) = (transformed(puzzle, seed), transformed(solution, seed));
        prop_assert_eq!(solution.count_solutions(2), 1);
        prop_assert_eq!(puzzle.solve().map(|s| s.as_puzzle()), Ok(solution.clone()));
        check_steps(&puzzle, &solution)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Parsing and formatting.

/// A random consistent grid: a solution with random holes, all its digits givens.
fn consistent_grid() -> impl Strategy<Value = Grid> {
    with_holes(0..=81).prop_map(|(_, puzzle)| puzzle.grid())
}

/// The framed block format players paste: `.` or `0` for a blank, bars between boxes and a rule
/// between bands, with CRLF or LF line ends.
fn framed(grid: &Grid, blank: char, crlf: bool) -> String {
    let end = if crlf { "\r\n" } else { "\n" };
    let mut text = String::new();
    for (r, row) in grid.digits().chunks(9).enumerate() {
        if r % 3 == 0 {
            text.push_str("+-------+-------+-------+");
            text.push_str(end);
        }
        for (c, d) in row.iter().enumerate() {
            if c % 3 == 0 {
                text.push_str("| ");
            }
            text.push(d.map_or(blank, |d| char::from(b'0' + d.get())));
            text.push(' ');
        }
        text.push('|');
        text.push_str(end);
    }
    text.push_str("+-------+-------+-------+");
    text.push_str(end);
    text
}

/// The characters of a puzzle: a given, a blank.
fn is_cell_char(c: char) -> bool {
    c.is_ascii_digit() || c == '.'
}

/// Whether `error` describes `text` (as [`Grid::parse`] reads it): the character it names
/// stands where it says, a count is the count of cells there is.
fn error_fits(text: &str, error: &ParseError) -> Result<(), TestCaseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.lines().collect();
    let non_empty: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let one_line = non_empty.len() == 1;
    prop_assert!(!error.to_string().is_empty());
    match *error {
        ParseError::UnexpectedChar {
            ch,
            at: Position { line, column },
        } => {
            prop_assert!(!is_cell_char(ch), "{:?} is a cell", ch);
            prop_assert!(column >= 1);
            let line_text = match line {
                None => {
                    prop_assert!(one_line, "no line number in a block");
                    non_empty[0]
                }
                Some(n) => {
                    prop_assert!(!one_line, "a line number for one line");
                    prop_assert!(
                        (1..=lines.len()).contains(&n),
                        "line {} of {}",
                        n,
                        lines.len()
                    );
                    lines[n - 1]
                }
            };
            // A byte order mark that starts the puzzle is not counted: editors do not show it.
            let line_text = match line {
                None | Some(1) => line_text.strip_prefix('\u{feff}').unwrap_or(line_text),
                Some(_) => line_text,
            };
            prop_assert_eq!(
                line_text.chars().nth(column - 1),
                Some(ch),
                "{:?} at {}",
                line_text,
                column
            );
        }
        ParseError::CellCount { found } => {
            prop_assert_ne!(found, 81);
            let cells = if one_line {
                let field = non_empty[0]
                    .trim_start()
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .next()
                    .unwrap_or("");
                field.chars().filter(|&c| is_cell_char(c)).count()
            } else {
                text.chars().filter(|&c| is_cell_char(c)).count()
            };
            prop_assert_eq!(found, cells);
        }
        ParseError::RowLength { line, found } => {
            prop_assert!(!one_line);
            prop_assert!(
                (1..=lines.len()).contains(&line),
                "line {} of {}",
                line,
                lines.len()
            );
            prop_assert!(found != 0 && found != 9);
            prop_assert_eq!(
                lines[line - 1].chars().filter(|&c| is_cell_char(c)).count(),
                found
            );
        }
        ParseError::Conflict(conflict) => {
            prop_assert!(conflict.first != conflict.second);
            prop_assert!(conflict.house.cell_set().contains(conflict.first));
            prop_assert!(conflict.house.cell_set().contains(conflict.second));
        }
    }
    Ok(())
}

/// Text made of what puzzles are made of, and of what they are not.
fn puzzle_like_text() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        8 => "[0-9.]{1,12}",
        2 => Just("\n".to_string()),
        1 => Just("\r\n".to_string()),
        1 => "[ \t|+,-]{1,3}",
        1 => Just("\u{feff}".to_string()),
        1 => any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(pieces, 0..40).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(fixed_seed_config(256))]

    #[test]
    fn one_line_format_round_trips(grid in consistent_grid()) {
        let line = grid.to_line();
        prop_assert_eq!(line.chars().count(), 81);
        prop_assert_eq!(Grid::parse_line(&line), Ok(grid.clone()));
        prop_assert_eq!(Grid::parse(&line), Ok(grid.clone()));
        prop_assert_eq!(Grid::parse_line(&line.replace('.', "0")), Ok(grid));
    }

    #[test]
    fn block_format_round_trips(grid in consistent_grid(), blank in prop::sample::select(vec!['.', '0']), crlf: bool) {
        let block = grid.to_block();
        prop_assert_eq!(block.lines().count(), 9);
        prop_assert_eq!(Grid::parse_block(&block), Ok(grid.clone()));
        prop_assert_eq!(Grid::parse(&block), Ok(grid.clone()));
        let framed = framed(&grid, blank, crlf);
        prop_assert_eq!(Grid::parse(&framed), Ok(grid));
    }

    /// One puzzle in a file comes back as it was; several lines come back as a list of them.
    #[test]
    fn the_file_reader_round_trips(
        grids in prop::collection::vec(consistent_grid(), 1..5),
        solution_column: bool,
        bom: bool,
        crlf: bool,
    ) {
        let end = if crlf { "\r\n" } else { "\n" };
        let bom = if bom { "\u{feff}" } else { "" };
        prop_assert_eq!(read(&format!("{bom}{}", grids[0].to_block())), Contents::One(Ok(grids[0].clone())));
        let lines: Vec<String> = grids
            .iter()
            .map(|g| if solution_column { format!("{},{}", g.to_line(), "1".repeat(81)) } else { g.to_line() })
            .collect();
        let text = format!("{bom}puzzle,solution{end}{}{end}", lines.join(end));
        match read(&text) {
            Contents::One(result) => {
                prop_assert_eq!(grids.len(), 1);
                prop_assert_eq!(result, Ok(grids[0].clone()));
            }
            Contents::Many(listed) => {
                prop_assert_eq!(listed.len(), grids.len());
                for (i, (listed, grid)) in listed.iter().zip(&grids).enumerate() {
                    prop_assert_eq!(listed.line, i + 2);
                    prop_assert_eq!(listed.parse(), Ok(grid.clone()));
                }
            }
        }
    }

    /// Whatever the text, parsing returns, and an error says truly where and what.
    #[test]
    fn arbitrary_text_never_panics_and_errors_say_where(text in prop_oneof![any::<String>(), puzzle_like_text()]) {
        if let Err(error) = Grid::parse(&text) {
            error_fits(&text, &error)?;
        }
        let _ = Grid::parse_line(&text);
        let _ = Grid::parse_block(&text);
        if let Contents::Many(listed) = read(&text) {
            let lines = text.lines().count();
            for entry in listed {
                prop_assert!((1..=lines).contains(&entry.line));
                let _ = entry.parse();
            }
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Err(error) = Grid::parse(&text) {
            error_fits(&text, &error)?;
        }
        let _ = read(&text);
    }
}

// ---------------------------------------------------------------------------------------------
// Generated puzzles.

/// The puzzle without the givens at `cells`.
fn without(puzzle: &Grid, cells: &[Cell]) -> Grid {
    let mut digits = *puzzle.digits();
    cells.iter().for_each(|c| digits[c.index()] = None);
    Grid::from_givens(digits)
}

fn mirror(cell: Cell) -> Cell {
    Cell::ALL[80 - cell.index()]
}

proptest! {
    #![proptest_config(fixed_seed_config(64))]

    #[test]
    fn generated_puzzles_are_unique_and_minimal(seed: u64) {
        let puzzle = generate(&mut rng(seed), Symmetry::None);
        let line = puzzle.to_line();
        let values = Values(puzzle.digits().map(|d| d.map_or(0, Digit::get)));
        prop_assert_eq!(solve_by_backtracking(&values.0, 2).0, 1, "{}", line);
        prop_assert_eq!(puzzle.givens(), puzzle.filled());
        for cell in puzzle.givens().iter() {
            prop_assert!(without(&puzzle, &[cell]).count_solutions(2) > 1, "{}: {} could go", line, cell);
        }
    }

    #[test]
    fn symmetric_puzzles_are_unique_and_no_pair_can_go(seed: u64) {
        let puzzle = generate(&mut rng(seed), Symmetry::Central);
        let line = puzzle.to_line();
        let values = Values(puzzle.digits().map(|d| d.map_or(0, Digit::get)));
        prop_assert_eq!(solve_by_backtracking(&values.0, 2).0, 1, "{}", line);
        for cell in puzzle.givens().iter() {
            prop_assert!(puzzle.is_given(mirror(cell)), "{}: {} without its mirror", line, cell);
            if cell.index() <= 40 {
                let pair = [cell, mirror(cell)];
                prop_assert!(without(&puzzle, &pair).count_solutions(2) > 1, "{}: {} and its mirror could go", line, cell);
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle(seed: u64, central: bool) {
        let symmetry = if central { Symmetry::Central } else { Symmetry::None };
        prop_assert_eq!(generate(&mut rng(seed), symmetry), generate(&mut rng(seed), symmetry));
    }
}
