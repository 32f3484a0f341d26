//! Reading and writing both formats, with the exact error sentences.

use sudoku_core::{Cell, Digit, Grid, ParseError};
use sudoku_test_support::{cases, read_data};

const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn one_line_format_reads_dots_and_zeros() {
    let grid = Grid::parse_line(PUZZLE).unwrap();
    assert_eq!(grid.get(Cell::at(0, 2)), Digit::new(3));
    assert_eq!(grid.get(Cell::at(0, 0)), None);
    assert!(grid.is_given(Cell::at(0, 2)));
    assert_eq!(
        grid.filled_count(),
        PUZZLE.bytes().filter(|b| b.is_ascii_digit()).count()
    );
    let zeros = PUZZLE.replace('.', "0");
    assert_eq!(Grid::parse_line(&zeros).unwrap(), grid);
}

#[test]
fn one_line_format_ignores_trailing_columns_and_spaces() {
    let grid = Grid::parse_line(PUZZLE).unwrap();
    assert_eq!(Grid::parse_line(&format!("{PUZZLE},483921657967345821251876493548132976729564138136798245372689514814253769695417382")).unwrap(), grid);
    assert_eq!(
        Grid::parse_line(&format!("  {PUZZLE}\t# SE 2.3\r")).unwrap(),
        grid
    );
    assert_eq!(Grid::parse(&format!("\n{PUZZLE}\n\n")).unwrap(), grid);
}

#[test]
fn block_format_reads_the_shared_sud_files() {
    for name in ["sud/observer_easy.sud", "sud/one_star.sud"] {
        let text = read_data(name);
        let grid = Grid::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(grid.filled_count() >= 17, "{name}");
        assert_eq!(grid.count_solutions(2), 1, "{name}");
    }
}

#[test]
fn block_format_tolerates_separators() {
    let framed = "\
        +-------+-------+-------+\n\
        | . . 3 | . 2 . | 6 . . |\n\
        | 9 . . | 3 . 5 | . . 1 |\n\
        | . . 1 | 8 . 6 | 4 . . |\n\
        +-------+-------+-------+\n\
        | . . 8 | 1 . 2 | 9 . . |\n\
        | 7 . . | . . . | . . 8 |\n\
        | . . 6 | 7 . 8 | 2 . . |\n\
        +-------+-------+-------+\n\
        | . . 2 | 6 . 9 | 5 . . |\n\
        | 8 . . | 2 . 3 | . . 9 |\n\
        | . . 5 | . 1 . | 3 . . |\n\
        +-------+-------+-------+\n";
    assert_eq!(
        Grid::parse(framed).unwrap(),
        Grid::parse_line(PUZZLE).unwrap()
    );
    let crlf = Grid::parse_line(PUZZLE)
        .unwrap()
        .to_block()
        .replace('\n', "\r\n");
    assert_eq!(
        Grid::parse(&crlf).unwrap(),
        Grid::parse_line(PUZZLE).unwrap()
    );
}

#[test]
fn formatting_round_trips() {
    for case in cases("unbiased_1000.csv", 200)
        .iter()
        .chain(&cases("17_clue.csv", 200))
    {
        let line = case.puzzle.to_line();
        assert_eq!(line.len(), 81);
        assert_eq!(Grid::parse(&line).unwrap(), case.puzzle);
        let block = case.puzzle.to_block();
        assert_eq!(block.lines().count(), 9);
        assert_eq!(Grid::parse(&block).unwrap(), case.puzzle);
    }
}

fn error(text: &str) -> String {
    Grid::parse(text).expect_err("should not parse").to_string()
}

#[test]
fn wrong_cell_counts_are_named() {
    assert_eq!(error(&PUZZLE[..80]), "found 80 cells, need 81");
    assert_eq!(error(&format!("{PUZZLE}5")), "found 82 cells, need 81");
    assert_eq!(error(""), "found 0 cells, need 81");
    let block = Grid::parse_line(PUZZLE).unwrap().to_block();
    let eight_rows: String = block.lines().take(8).map(|l| format!("{l}\n")).collect();
    assert_eq!(error(&eight_rows), "found 72 cells, need 81");
    let short_row = block.replacen("003020600", "00302060", 1);
    assert_eq!(error(&short_row), "line 1: found 8 cells, need 9");
}

#[test]
fn unexpected_characters_are_named_with_their_place() {
    let mut bad = PUZZLE.to_string();
    bad.replace_range(16..17, "x");
    assert_eq!(error(&bad), "unexpected character 'x' at column 17");
    let block = Grid::parse_line(PUZZLE)
        .unwrap()
        .to_block()
        .replacen("900305001", "9003O5001", 1);
    assert_eq!(
        error(&block),
        "unexpected character 'O' at line 2, column 5"
    );
    assert!(matches!(
        Grid::parse(&bad),
        Err(ParseError::UnexpectedChar { ch: 'x', .. })
    ));
    // A character one cannot see is named by its escape; any other is quoted as it is.
    bad.replace_range(16..17, "\u{7}");
    assert_eq!(error(&bad), "unexpected character '\\u{7}' at column 17");
    bad.replace_range(16..17, "é");
    assert_eq!(error(&bad), "unexpected character 'é' at column 17");
}

#[test]
fn clashing_givens_are_named() {
    let mut row = ".".repeat(81);
    row.replace_range(19..20, "5");
    row.replace_range(25..26, "5");
    assert_eq!(error(&row), "two 5s in row 3: r3c2 and r3c8");
    let mut column = ".".repeat(81);
    column.replace_range(4..5, "7");
    column.replace_range(76..77, "7");
    assert_eq!(error(&column), "two 7s in column 5: r1c5 and r9c5");
    let mut boxed = ".".repeat(81);
    boxed.replace_range(30..31, "2");
    boxed.replace_range(50..51, "2");
    assert_eq!(error(&boxed), "two 2s in box 5: r4c4 and r6c6");
}

/// Odd inputs each get the error that fits them. (Arbitrary text and bytes are the property
/// tests' part, in properties.rs.)
#[test]
fn odd_inputs_are_refused_with_the_reason() {
    let nines = "9".repeat(1000);
    let samples = [
        ("\u{feff}", "found 0 cells, need 81"),
        ("\0\0\0", "unexpected character '\\u{0}' at column 1"),
        ("ÿ€漢字", "unexpected character 'ÿ' at column 1"),
        ("|||||", "unexpected character '|' at column 1"),
        ("+-+-+\n+-+-+", "found 0 cells, need 81"),
        ("1\n2\n3", "line 1: found 1 cell, need 9"),
        (&nines, "found 1000 cells, need 81"),
    ];
    for (text, expected) in samples {
        assert_eq!(error(text), expected, "{text:?}");
    }
}
