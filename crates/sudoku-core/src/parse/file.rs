//! Reading a file of puzzles: one puzzle (a `.sud` block of 9 lines of 9, or one line of 81), or a
//! list of one-line puzzles, one per line as in the `.csv` collections (anything after the first
//! `,` or space on a line is ignored). The page reads what the player opens, drops or pastes with
//! [`read`], to offer a list's puzzles to choose from; a batch that answers every puzzle of a
//! file reads it with [`puzzles`]. Both tell a block from a list alike.

use std::fmt::Write;

use crate::error::ParseError;
use crate::grid::Grid;

/// What a file holds.
#[derive(Clone, PartialEq, Debug)]
pub enum Contents {
    /// One puzzle, or why it is not one.
    One(Result<Grid, ParseError>),
    /// Several one-line puzzles, each parsed only when chosen.
    Many(Vec<Listed>),
}

/// One puzzle of a list: its line in the file (1-based) and its text.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Listed {
    pub line: usize,
    pub text: String,
}

impl Listed {
    pub fn parse(&self) -> Result<Grid, ParseError> {
        Grid::parse_line(&self.text)
    }
}

/// The puzzles of a file with several, to choose from.
#[derive(Clone, PartialEq, Debug)]
pub struct PuzzleList {
    /// The file's name, for the messages.
    pub name: String,
    pub puzzles: Vec<Listed>,
}

impl PuzzleList {
    /// The markup of a select's options: a disabled prompt, then "1. <the line>" and so on, each
    /// valued by its index.
    pub fn options(&self) -> String {
        let mut html =
            String::from("<option value=\"\" disabled selected>Choose a puzzle</option>");
        for (i, listed) in self.puzzles.iter().enumerate() {
            let _ = write!(html, "<option value=\"{i}\">{}. ", i + 1);
            push_html_text(&mut html, &listed.text);
            html.push_str("</option>");
        }
        html
    }
}

/// Appends `text` to `html` as HTML text, its markup characters escaped.
pub fn push_html_text(html: &mut String, text: &str) {
    for ch in text.chars() {
        match ch {
            '<' => html.push_str("&lt;"),
            '>' => html.push_str("&gt;"),
            '&' => html.push_str("&amp;"),
            _ => html.push(ch),
        }
    }
}

/// A line is a one-line puzzle when its first field is longer than any row of a block could be.
fn is_one_line_puzzle(line: &str) -> bool {
    let field = line
        .trim_start()
        .split(|c: char| c == ',' || c.is_whitespace())
        .next()
        .unwrap_or("");
    field.chars().count() > 30
}

/// A text is a list when one of its lines is a one-line puzzle; otherwise it holds one puzzle.
fn is_list(text: &str) -> bool {
    text.lines().any(is_one_line_puzzle)
}

/// Sorts the text into one puzzle or a list. Lines that are not one-line puzzles (a header, a
/// comment) are left out of a list.
pub fn read(text: &str) -> Contents {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if !is_list(text) {
        return Contents::One(Grid::parse(text));
    }
    let mut listed: Vec<Listed> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| is_one_line_puzzle(line))
        .map(|(i, line)| Listed {
            line: i + 1,
            // Leading white space stays, so that an error names the column of the file.
            text: line.trim_end().to_string(),
        })
        .collect();
    match listed.len() {
        1 => Contents::One(listed.remove(0).parse()),
        _ => Contents::Many(listed),
    }
}

/// Every puzzle of a text, in order, for a batch that answers each: the one puzzle of a text that
/// is not a list, or one per non-blank line of a list, where a line that is not a puzzle (a
/// header, a typo) is an error in its place. A text of blank lines holds none.
pub fn puzzles(text: &str) -> Vec<Result<Grid, ParseError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .peekable();
    if lines.peek().is_none() {
        Vec::new()
    } else if is_list(text) {
        lines.map(Grid::parse_line).collect()
    } else {
        vec![Grid::parse(text)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn a_sud_block_is_one_puzzle() {
        let block = "062300900\n000080007\n800005004\n005020006\n030946050\n\
                     400050700\n700600003\n500030000\n003007890\n";
        let Contents::One(Ok(grid)) = read(block) else {
            panic!("one puzzle");
        };
        assert_eq!(grid.to_block(), block);
    }

    #[test]
    fn a_bad_block_says_where() {
        let block = "06230090\n000080007\n";
        let Contents::One(Err(error)) = read(block) else {
            panic!("an error");
        };
        assert_eq!(error.to_string(), "line 1: found 8 cells, need 9");
    }

    #[test]
    fn one_line_with_a_solution_column_is_one_puzzle() {
        let Contents::One(Ok(grid)) = read(&format!("{LINE},534678912\n")) else {
            panic!("one puzzle");
        };
        assert_eq!(grid.to_line(), LINE);
    }

    #[test]
    fn several_lines_are_a_list_without_the_header() {
        let text = format!("puzzle,solution\n{LINE}\n\n{}\n", LINE.replace('5', "."));
        let Contents::Many(list) = read(&text) else {
            panic!("a list");
        };
        assert_eq!(list.iter().map(|l| l.line).collect::<Vec<_>>(), [2, 4]);
        assert!(list[1].parse().is_ok());
    }

    #[test]
    fn the_list_is_offered_as_numbered_options_with_the_text_escaped() {
        let list = PuzzleList {
            name: "x".into(),
            puzzles: vec![Listed {
                line: 3,
                text: format!("{LINE},<b>&"),
            }],
        };
        assert_eq!(
            list.options(),
            format!(
                "<option value=\"\" disabled selected>Choose a puzzle</option>\
                 <option value=\"0\">1. {LINE},&lt;b&gt;&amp;</option>"
            )
        );
    }

    #[test]
    fn a_batch_answers_every_line_of_a_list_and_a_block_once() {
        let text = format!("puzzle,solution\n{LINE}\n\n{}\n", LINE.replace('5', "."));
        let found = puzzles(&text);
        assert_eq!(found.len(), 3);
        assert_eq!(
            found[0].as_ref().unwrap_err().to_string(),
            "unexpected character 'p' at column 1"
        );
        assert!(found[1..].iter().all(Result::is_ok));
        let block = "\u{feff}06230090\n000080007\n";
        let Contents::One(from_read) = read(block) else {
            panic!("one puzzle");
        };
        assert_eq!(puzzles(block), [from_read]);
        assert_eq!(puzzles(LINE).len(), 1);
        assert!(puzzles("\n \n").is_empty());
    }

    #[test]
    fn a_short_line_is_an_error_not_a_block() {
        let Contents::One(Err(error)) = read(&LINE[..70]) else {
            panic!("an error");
        };
        assert_eq!(error.to_string(), "found 70 cells, need 81");
    }
}
