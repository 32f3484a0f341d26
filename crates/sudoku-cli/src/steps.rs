//! `sudoku steps`: every step of the logical solve of each puzzle, classic or variant, as text
//! or JSON lines.

use std::io::{self, Read, Write};

use anyhow::{Context, Result};
use rayon::prelude::*;
use serde::Serialize;
use sudoku_core::parse::file;
use sudoku_core::variant::{Puzzle, fpuzzles};
use sudoku_core::{Candidate, CellSet, Step, solve_marks_logically};

use crate::lines::{any_puzzle, check_unique};

/// Puzzles solved between two writes: enough to share among the threads, few enough that the
/// steps of a large file are not all held at once.
const BATCH: usize = 256;

/// One line of `steps --json`.
#[derive(Serialize)]
#[serde(untagged)]
enum StepRecord<'a> {
    Step {
        puzzle: usize,
        technique: &'a str,
        placements: Vec<CandidateRecord>,
        eliminations: Vec<CandidateRecord>,
        /// The cells the step reads (its pattern: a rule's marks, a chain's cells), in reading
        /// order, and the houses it names.
        cells: Vec<String>,
        houses: Vec<String>,
        /// The constraints of the puzzle's rules it reads.
        rules: Vec<RuleRecord>,
        text: &'a str,
    },
    End {
        puzzle: usize,
        solved: bool,
    },
    Error {
        puzzle: usize,
        error: String,
    },
}

/// A constraint a step reads: its f-puzzles key, how the step names it, and its cells.
#[derive(Serialize)]
struct RuleRecord {
    key: &'static str,
    name: String,
    cells: Vec<String>,
}

#[derive(Serialize)]
struct CandidateRecord {
    cell: String,
    digit: u8,
}

fn records(candidates: &[Candidate]) -> Vec<CandidateRecord> {
    candidates
        .iter()
        .map(|c| CandidateRecord {
            cell: c.cell.to_string(),
            digit: c.digit.get(),
        })
        .collect()
}

/// Reads the whole input (a block needs all its lines), then explains each puzzle, several at
/// once, in order. Ok(false) if any puzzle was invalid or not solved by logic.
pub fn steps(mut input: impl Read, json: bool) -> Result<bool> {
    let mut text = String::new();
    input
        .read_to_string(&mut text)
        .context("cannot read the input")?;
    // A file with an f-puzzles line is read line by line; any other as files are.
    let puzzles: Vec<Result<Puzzle, String>> = if text.lines().any(fpuzzles::is_meant_as_fpuzzles) {
        text.lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| any_puzzle(line.trim()))
            .collect()
    } else {
        file::puzzles(&text)
            .into_iter()
            .map(|puzzle| {
                puzzle
                    .map(|grid| Puzzle::classic(&grid))
                    .map_err(|e| e.to_string())
            })
            .collect()
    };
    let mut out = io::stdout().lock();
    let mut all_solved = true;
    for (batch_index, batch) in puzzles.chunks(BATCH).enumerate() {
        // One puzzle per task: logic takes from a tenth of a millisecond to a second per puzzle.
        let explained = batch
            .par_iter()
            .with_max_len(1)
            .enumerate()
            .map(|(i, puzzle)| explain(batch_index * BATCH + i + 1, puzzle, json))
            .collect::<Result<Vec<_>>>()?;
        for (lines, solved) in explained {
            out.write_all(&lines)?;
            all_solved &= solved;
        }
        out.flush()?;
    }
    Ok(all_solved)
}

/// The lines for puzzle `number`, and whether logic solved it.
fn explain(number: usize, puzzle: &Result<Puzzle, String>, json: bool) -> Result<(Vec<u8>, bool)> {
    let mut out = Vec::new();
    // Logic may assume a unique solution, so the puzzle must have exactly one.
    let checked = match puzzle {
        Ok(puzzle) => check_unique(puzzle).map(|()| puzzle),
        Err(e) => Err(e.clone()),
    };
    let puzzle = match checked {
        Ok(puzzle) => puzzle,
        Err(error) => {
            if json {
                let record = StepRecord::Error {
                    puzzle: number,
                    error,
                };
                writeln!(out, "{}", serde_json::to_string(&record)?)?;
            } else {
                writeln!(out, "puzzle {number}: error: {error}\n")?;
            }
            return Ok((out, false));
        }
    };
    let outcome = solve_marks_logically(puzzle.marks());
    if !json {
        writeln!(out, "puzzle {number}: {}", puzzle.grid().to_line())?;
    }
    for step in &outcome.steps {
        write_step(&mut out, (number, puzzle), step, json)?;
    }
    let solved = outcome.is_solved();
    if json {
        let record = StepRecord::End {
            puzzle: number,
            solved,
        };
        writeln!(out, "{}", serde_json::to_string(&record)?)?;
    } else if solved {
        writeln!(out, "solved in {} steps\n", outcome.steps.len())?;
    } else {
        writeln!(
            out,
            "no logical step found after {} steps: {}\n",
            outcome.steps.len(),
            outcome.marks.grid().to_line()
        )?;
    }
    Ok((out, solved))
}

fn write_step(
    out: &mut impl Write,
    (number, puzzle): (usize, &Puzzle),
    step: &Step,
    json: bool,
) -> Result<()> {
    if json {
        let constraints = puzzle.rules.constraints();
        let rules = (step.rules.iter())
            .map(|&index| &constraints[usize::from(index)])
            .map(|constraint| RuleRecord {
                key: constraint.fpuzzles_field(),
                name: constraint.describe(),
                cells: cell_names(constraint.cells()),
            })
            .collect();
        let record = StepRecord::Step {
            puzzle: number,
            technique: &step.technique,
            placements: records(&step.placements),
            eliminations: records(&step.eliminations),
            cells: cell_names(step.pattern.iter().map(|c| c.cell).collect()),
            houses: step.houses.iter().map(|house| house.to_string()).collect(),
            rules,
            text: &step.text,
        };
        writeln!(out, "{}", serde_json::to_string(&record)?)?;
    } else {
        writeln!(out, "{}", step.text)?;
    }
    Ok(())
}

/// The cells' names in reading order.
fn cell_names(cells: CellSet) -> Vec<String> {
    cells.iter().map(|cell| cell.to_string()).collect()
}
