//! `parse::file::read` on any text: never panics; one puzzle reads back from what it writes; a
//! list names real lines, in order, with their text, and each entry parses without panicking.
//! `parse::file::puzzles`, the batch reader, agrees: the one puzzle, or one answer per line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::parse::file::{Contents, PuzzleList, puzzles, read};
use sudoku_core::{Grid, ParseError};
use sudoku_fuzz::check_round_trip;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let unmarked = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = unmarked.lines().collect();
    let filled: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].trim().is_empty())
        .collect();
    let batch = puzzles(text);
    let per_line: Vec<_> = filled.iter().map(|&i| Grid::parse_line(lines[i])).collect();
    match read(text) {
        Contents::One(result) => {
            if filled.is_empty() {
                assert!(batch.is_empty(), "puzzles in blank lines");
            } else if batch.len() == 1 && batch[0] == Grid::parse(unmarked) {
                assert_eq!(batch[0], result, "the batch reads another puzzle");
            } else {
                assert_eq!(
                    batch, per_line,
                    "the batch is neither the puzzle nor its lines"
                );
                assert!(
                    batch.contains(&result),
                    "the one puzzle is not in the batch"
                );
            }
            if let Ok(grid) = &result {
                check_round_trip(grid);
            }
            if let Err(error) = &result {
                assert!(!error.to_string().is_empty());
                // The character named stands where the error says, in the file as it is.
                if let ParseError::UnexpectedChar { ch, at } = *error {
                    let candidates = match at.line {
                        Some(line) => vec![lines[line - 1]],
                        None => filled.iter().map(|&i| lines[i]).collect(),
                    };
                    assert!(
                        candidates.iter().any(|l| {
                            // A byte order mark is invisible: columns may count it or not.
                            let unmarked = l.trim_start_matches('\u{feff}');
                            [*l, unmarked]
                                .iter()
                                .any(|l| l.chars().nth(at.column - 1) == Some(ch))
                        }),
                        "{error}: no such character there"
                    );
                }
            }
        }
        Contents::Many(puzzles) => {
            assert!(puzzles.len() >= 2, "a list of fewer than two");
            for pair in puzzles.windows(2) {
                assert!(pair[0].line < pair[1].line, "out of order");
            }
            assert_eq!(batch, per_line, "the batch of a list is not its lines");
            for listed in &puzzles {
                assert_eq!(listed.text.trim(), lines[listed.line - 1].trim());
                let index = filled
                    .binary_search(&(listed.line - 1))
                    .expect("a filled line");
                assert_eq!(
                    batch[index],
                    listed.parse(),
                    "the batch reads a line differently"
                );
                match listed.parse() {
                    Ok(grid) => {
                        assert_eq!(Ok(&grid), Grid::parse_line(&listed.text).as_ref());
                        check_round_trip(&grid);
                    }
                    Err(error) => assert!(!error.to_string().is_empty()),
                }
            }
            let count = puzzles.len();
            let list = PuzzleList {
                name: "fuzzed.txt".into(),
                puzzles,
            };
            let options = list.options();
            assert_eq!(
                options.matches("<option").count(),
                count + 1,
                "unescaped markup"
            );
        }
    }
});
