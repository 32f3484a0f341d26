//! Answering the input line by line on every core, the answers in input order.
//!
//! The input is read in large pieces; the complete lines of each are shared among the threads,
//! and their answers written, before more is read. A file is thus answered at full speed, and a
//! line that comes down a pipe on its own is answered before the program waits for the next.

use std::fs::File;
use std::io::{self, ErrorKind, Read, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use rayon::prelude::*;
use sudoku_core::Grid;
use sudoku_core::variant::{Puzzle, Variant, fpuzzles, search};

/// Bytes asked of the input at a time: some six thousand lines of a `.csv` collection, several
/// milliseconds of work for each thread, so that waking the threads for them costs little.
const READ_SIZE: usize = 1 << 20;

/// The file, or standard input for `-` or none.
pub fn open(file: Option<PathBuf>) -> Result<Box<dyn Read>> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let file =
                File::open(&path).with_context(|| format!("cannot open {}", path.display()))?;
            Ok(Box::new(file))
        }
        _ => Ok(Box::new(io::stdin().lock())),
    }
}

/// Writes one output line per input line: `answer` gets the line without its `\n` and writes
/// its answer with the `\n`, returning false for an error. Ok(false) if any line failed.
///
/// The lines at hand are cut into `parts_per_thread` parts per thread: more than one, so that a
/// thread done early takes over parts of another's share instead of waiting, and the more the
/// less alike the lines' answers take.
pub fn answer_each(
    mut input: impl Read,
    parts_per_thread: usize,
    answer: impl Fn(&[u8], &mut Vec<u8>) -> bool + Sync,
) -> Result<bool> {
    // Standard output writes a whole batch of complete lines at once, unbuffered.
    let mut out = io::stdout().lock();
    let mut all_answered = true;
    let mut buffer = vec![0; READ_SIZE];
    // The start of a line not complete yet, kept at the front of the buffer.
    let mut kept = 0;
    loop {
        if kept == buffer.len() {
            // A line longer than the buffer.
            buffer.resize(2 * buffer.len(), 0);
        }
        let read = read_some(&mut input, &mut buffer[kept..])?;
        let filled = kept + read;
        let complete = if read == 0 {
            // At the end, a last line without a `\n` is a line too.
            filled
        } else {
            memchr::memrchr(b'\n', &buffer[kept..filled]).map_or(0, |i| kept + i + 1)
        };
        if complete > 0 {
            let (answers, answered) = answer_lines(&buffer[..complete], parts_per_thread, &answer);
            out.write_all(&answers)?;
            out.flush()?;
            all_answered &= answered;
        }
        if read == 0 {
            return Ok(all_answered);
        }
        buffer.copy_within(complete..filled, 0);
        kept = filled - complete;
    }
}

fn read_some(input: &mut impl Read, buffer: &mut [u8]) -> Result<usize> {
    loop {
        match input.read(buffer) {
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            read => return read.context("cannot read the input"),
        }
    }
}

/// The answers to complete lines, in order, and whether all were answered without an error.
fn answer_lines(
    text: &[u8],
    parts_per_thread: usize,
    answer: &(impl Fn(&[u8], &mut Vec<u8>) -> bool + Sync),
) -> (Vec<u8>, bool) {
    let parts = match rayon::current_num_threads() {
        1 => vec![text],
        threads => split_at_lines(text, threads * parts_per_thread),
    };
    if let [only] = parts[..] {
        // One thread, or one line (typed, or piped one at a time): answered right here.
        return answer_part(only, answer);
    }
    let answered: Vec<(Vec<u8>, bool)> = parts
        .par_iter()
        .map(|part| answer_part(part, answer))
        .collect();
    let mut answers = Vec::with_capacity(answered.iter().map(|(a, _)| a.len()).sum());
    let mut all_answered = true;
    for (part, ok) in answered {
        answers.extend_from_slice(&part);
        all_answered &= ok;
    }
    (answers, all_answered)
}

fn answer_part(
    text: &[u8],
    answer: &(impl Fn(&[u8], &mut Vec<u8>) -> bool + Sync),
) -> (Vec<u8>, bool) {
    // About one 81-character answer per 164-byte `puzzle,solution` line.
    let mut answers = Vec::with_capacity(text.len() / 2 + 128);
    let mut all_answered = true;
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', text) {
        all_answered &= answer(&text[start..end], &mut answers);
        start = end + 1;
    }
    if start < text.len() {
        all_answered &= answer(&text[start..], &mut answers);
    }
    (answers, all_answered)
}

/// Up to `count` parts of about equal size, each ending after a `\n` (the last at the end).
fn split_at_lines(text: &[u8], count: usize) -> Vec<&[u8]> {
    let mut parts = Vec::with_capacity(count);
    let mut start = 0;
    for k in 1..=count {
        let end = if k == count {
            text.len()
        } else {
            let aim = (text.len() * k / count).max(start);
            memchr::memchr(b'\n', &text[aim..]).map_or(text.len(), |i| aim + i + 1)
        };
        if end > start {
            parts.push(&text[start..end]);
            start = end;
        }
    }
    parts
}

/// A line's classic puzzle: the 81-character form, or f-puzzles (JSON, a link or its payload) with
/// no rule beyond the classic ones. A variant puzzle is refused by name: only the search reads
/// variants so far.
pub fn classic_puzzle(line: &str, verb: &str) -> Result<Grid, String> {
    let puzzle = any_puzzle(line)?;
    if !puzzle.rules.is_classic() {
        let name = puzzle.rules.variant().map_or("variant", Variant::name);
        return Err(format!("cannot {verb} a {name} puzzle yet"));
    }
    Ok(puzzle.grid())
}

/// A line's puzzle under any rules the solvers follow: the 81-character form (classic) or
/// f-puzzles; a rule kept but not known is refused by its key.
pub fn any_puzzle(line: &str) -> Result<Puzzle, String> {
    let puzzle = match Grid::parse_line(line) {
        Ok(grid) => Puzzle::classic(&grid),
        Err(_) if fpuzzles::is_meant_as_fpuzzles(line) => {
            fpuzzles::read(line).map_err(|e| e.to_string())?
        }
        Err(error) => return Err(error.to_string()),
    };
    match puzzle.rules.cannot_solve() {
        Some(key) => Err(format!("cannot solve: {key}")),
        None => Ok(puzzle),
    }
}

/// Ok when the puzzle has exactly one solution; else why not, givens that break a rule named
/// with the rule (a repeated digit by its group).
pub fn check_unique(puzzle: &Puzzle) -> Result<(), String> {
    // Classic puzzles keep their answers.
    if !puzzle.rules.is_classic() {
        puzzle
            .rules
            .check(&puzzle.givens)
            .map_err(|e| e.to_string())?;
    }
    let found = search::solutions(&puzzle.givens, &puzzle.rules, 2).map_err(|e| e.to_string())?;
    found.only().map(|_| ()).map_err(|e| e.to_string())
}

/// The line `error: <reason>`; false, for the caller to return.
pub fn write_error(answers: &mut Vec<u8>, reason: impl std::fmt::Display) -> bool {
    answers.extend_from_slice(format!("error: {reason}\n").as_bytes());
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_end_after_a_line_and_cover_the_text() {
        let text = b"one\ntwo\nthree\nfour\nfive";
        for count in 1..12 {
            let parts = split_at_lines(text, count);
            assert!(parts.len() <= count);
            assert_eq!(parts.concat(), text);
            assert!(parts[..parts.len() - 1].iter().all(|p| p.ends_with(b"\n")));
        }
        assert_eq!(split_at_lines(b"only\n", 16), [b"only\n"]);
    }
}
