//! The `sudoku` command line: its output contract and its errors.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::{data_dir, obeys_rules};
use sudoku::Grid;

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sudoku binary runs");
    let mut stdin_pipe = child.stdin.take().unwrap();
    let input = stdin.to_string();
    let writer = std::thread::spawn(move || stdin_pipe.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn solve_answers_every_line_in_order() {
    let multi = std::fs::read_to_string(data_dir().join("serg_multi_solution.txt")).expect("data");
    let multi = multi.lines().next().unwrap();
    let unique =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let no_solution = format!("{:.<81}", "12345678.........9");
    let input = format!("{unique}\n{multi}\n{no_solution}\nhello\n{unique},ignored,columns\n");
    let output = run(&["solve"], &input);
    assert!(!output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    let solution = Grid::parse_line(lines[0]).unwrap();
    assert!(obeys_rules(&solution));
    assert_eq!(lines[1], "error: more than one solution");
    assert_eq!(lines[2], "error: no solution");
    assert_eq!(lines[3], "error: unexpected character 'h' at column 1");
    assert_eq!(lines[4], lines[0]);
}

#[test]
fn solve_streams_a_large_file() {
    let path = data_dir().join("17_clue.csv");
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("solve")
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = stdout(&output);
    let expected = std::fs::read_to_string(&path).unwrap();
    let mut count = 0;
    for (got, line) in text.lines().zip(expected.lines()) {
        assert_eq!(Some(got), line.split(',').nth(1));
        count += 1;
    }
    assert_eq!(count, expected.lines().count());
    assert_eq!(text.lines().count(), count);
}

#[test]
fn generate_is_reproducible_and_unique() {
    let first = run(&["generate", "--count", "5", "--seed", "9"], "");
    let again = run(&["generate", "--count", "5", "--seed", "9"], "");
    assert!(first.status.success());
    assert_eq!(stdout(&first), stdout(&again));
    let text = stdout(&first);
    assert_eq!(text.lines().count(), 5);
    for line in text.lines() {
        assert_eq!(line.len(), 81);
        assert!(
            line.chars()
                .all(|c| c == '.' || c.is_ascii_digit() && c != '0')
        );
        assert_eq!(Grid::parse_line(line).unwrap().count_solutions(2), 1);
    }
    let symmetric = run(&["generate", "--symmetric", "--seed", "1"], "");
    let line = stdout(&symmetric);
    let line = line.trim().as_bytes();
    assert!((0..81).all(|i| (line[i] == b'.') == (line[80 - i] == b'.')));
}

#[test]
fn bad_arguments_give_a_message() {
    for args in [
        &["generate", "--count", "many"][..],
        &["frobnicate"],
        &["solve", "/no/such/file"],
    ] {
        let output = run(args, "");
        assert!(!output.status.success(), "{args:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(
            !message.is_empty() && !message.contains("panicked"),
            "{args:?}: {message}"
        );
    }
    let help = run(&["solve", "--help"], "");
    assert!(stdout(&help).contains("Usage"));
}
