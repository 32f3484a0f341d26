//! What the fuzz targets share: puzzles and pencil marks drawn from the input, and checks of the
//! answers that do not rely on the code under test.

use arbitrary::{Result, Unstructured};
use sudoku_core::{Candidates, Cell, Digit, Grid, ParseError, Step};

/// Puzzles with their one solution, easiest first, from the collections in `../shared/data`:
/// starting points from which inputs reach the harder techniques quickly.
pub const PUZZLES: [(&str, &str); 7] = [
    // The game's own example.
    (
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    ),
    // unbiased_1000.csv, line 1.
    (
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
        "123675948456982371789314562964157283517238496832496157271849635395761824648523719",
    ),
    // 17_clue.csv, line 1.
    (
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        "953168742862734951417952836746893125281645397395271468138529674574386219629417583",
    ),
    // magictour_top1465.csv, line 1.
    (
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
    ),
    // se_rated_hard_a.csv, line 1 (SE 7.1).
    (
        "2...5...6.1.....9.6..8.1..3..7.9.6.....7.3...9...8...21.......5.6.9.2.1...3.6.2..",
        "284359176315627894679841523857294631426713958931586742192478365568932417743165289",
    ),
    // se_rated_hard_a.csv, line 2 (SE 8.2).
    (
        "..6...2..9.......4243...896...591.....2.8.3..4..2.3..13.......7...9.7....1.4.8.2.",
        "576849213981326574243175896837591462162784359495263781358612947624957138719438625",
    ),
    // forum_hardest_1106.csv, line 1 (SE 10+): logic gets stuck.
    (
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "621943758783615492594728361142879635357461289869532174238197546916354827475286913",
    ),
];

/// Cell values (0 for a blank) from the first 81 bytes: an ASCII digit stands for itself and `.`
/// for a blank, so puzzle lines serve as inputs; any other byte counts as its value mod 10.
/// Missing bytes are blanks.
pub fn values(bytes: &[u8]) -> [u8; 81] {
    let mut values = [0; 81];
    for (value, &b) in values.iter_mut().zip(bytes) {
        *value = match b {
            b'0'..=b'9' => b - b'0',
            b'.' => 0,
            _ => b % 10,
        };
    }
    values
}

/// The grid whose givens are `values`; clashes allowed.
pub fn grid_of(values: &[u8; 81]) -> Grid {
    Grid::from_givens(values.map(Digit::new))
}

/// A grid of the one-line format known to be valid.
pub fn line(text: &str) -> Grid {
    Grid::parse_line(text).expect("a valid one-line grid")
}

/// One of [`PUZZLES`] changed as the input says (digits relabelled, rows and columns swapped,
/// givens added from the solution or taken away), with its solution; `None` when the changes
/// leave it without exactly one solution.
pub fn unique_puzzle(u: &mut Unstructured) -> Result<Option<(Grid, Grid)>> {
    let (puzzle, solution) = PUZZLES[u.choose_index(PUZZLES.len())?];
    let (puzzle, solution) = (line(puzzle), line(solution));
    let mut relabel = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    for i in (1..9).rev() {
        relabel.swap(i, u.int_in_range(0..=i)?);
    }
    let transpose: bool = u.arbitrary()?;
    let added: u128 = u.arbitrary()?;
    let removed: u128 = u.arbitrary()?;
    let mut values = [0u8; 81];
    for cell in Cell::all() {
        let from = if transpose {
            Cell::at(cell.col(), cell.row())
        } else {
            cell
        };
        let bit = 1u128 << cell.index();
        let given = puzzle.get(from).is_some() && removed & bit == 0;
        if given || added & bit != 0 {
            let digit = solution.get(from).expect("a complete solution");
            values[cell.index()] = relabel[digit.index()];
        }
    }
    let changed = grid_of(&values);
    Ok(changed.solve().ok().map(|solved| (changed, solved)))
}

/// The pencil marks of `grid`, less candidates the input names (at most `limit`); with a
/// `solution`, never its digit, so that the marks stay true to it.
pub fn marks_less(
    u: &mut Unstructured,
    grid: &Grid,
    solution: Option<&Grid>,
    limit: usize,
) -> Result<Candidates> {
    let mut marks = Candidates::new(grid);
    for _ in 0..u.int_in_range(0..=limit)? {
        let cell = Cell::ALL[u.choose_index(81)?];
        let digit = Digit::ALL[u.choose_index(9)?];
        if solution.is_none_or(|s| s.get(cell) != Some(digit)) {
            marks.eliminate(cell, digit);
        }
    }
    Ok(marks)
}

/// Panics unless `step`, found in `marks`, changes them, removes only live candidates and, when
/// the solution is known, places its digits and keeps every one of its candidates.
pub fn check_step(marks: &Candidates, step: &Step, solution: Option<&Grid>) {
    let mut after = marks.clone();
    assert!(
        step.apply_to(&mut after),
        "a step that changes nothing: {}",
        step.text
    );
    for c in &step.eliminations {
        assert!(
            marks.has(c.cell, c.digit),
            "{} removes {}<>{}, not a candidate",
            step.text,
            c.cell,
            c.digit
        );
    }
    let Some(solution) = solution else {
        return;
    };
    for c in &step.placements {
        assert_eq!(
            solution.get(c.cell),
            Some(c.digit),
            "wrong placement in {} on {}",
            step.text,
            marks.grid().to_line()
        );
    }
    for c in &step.eliminations {
        assert_ne!(
            solution.get(c.cell),
            Some(c.digit),
            "{} removes the solution's digit, on {}",
            step.text,
            marks.grid().to_line()
        );
    }
}

/// Panics unless `grid` is a valid parse result that its writers and readers reproduce.
pub fn check_round_trip(grid: &Grid) {
    assert_eq!(
        grid.givens(),
        grid.filled(),
        "a parsed grid holds givens only"
    );
    assert!(
        grid.conflicts().is_empty(),
        "parsed with a clash: {}",
        grid.to_line()
    );
    let line = grid.to_line();
    assert_eq!(line.len(), 81);
    let block = grid.to_block();
    let same = Ok(grid.clone());
    assert_eq!(Grid::parse_line(&line), same, "{line}");
    assert_eq!(Grid::parse(&line), same, "{line}");
    assert_eq!(Grid::parse_block(&block), same, "{block}");
    assert_eq!(Grid::parse(&block), same, "{block}");
}

/// Whether `ch` is a cell in both formats: a digit or a blank.
pub fn is_cell(ch: char) -> bool {
    ch.is_ascii_digit() || ch == '.'
}

/// The one-line form of cell characters: `0` written as `.`.
pub fn as_line(cells: impl Iterator<Item = char>) -> String {
    cells.map(|c| if c == '0' { '.' } else { c }).collect()
}

/// Panics unless a clash reported by a parser is one: two cells of the house with its digit.
pub fn check_conflict(error: &ParseError, cells: &[char]) {
    if let ParseError::Conflict(conflict) = error {
        assert_ne!(conflict.first, conflict.second);
        for cell in [conflict.first, conflict.second] {
            assert!(conflict.house.cell_set().contains(cell));
            let ch = char::from(b'0' + conflict.digit.get());
            assert_eq!(cells.get(cell.index()), Some(&ch), "{error}");
        }
    }
}
