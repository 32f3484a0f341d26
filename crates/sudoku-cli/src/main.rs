//! `sudoku`: solve and generate puzzles from the command line.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, ErrorKind, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use serde::Serialize;
use sudoku_core::{Candidate, Grid, REGISTRY, Step, Symmetry, generate, solve_logically};

#[derive(Parser)]
#[command(name = "sudoku", version, about = "Solve and generate Sudoku puzzles")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve puzzles, one per input line (81 characters, `0` or `.` for a blank; anything after
    /// a `,` is ignored). Prints one line per input line: the solution, or `error: <reason>`.
    Solve {
        /// The file to read; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
    /// Solve puzzles by logic alone and print every step, simplest technique first. Reads one
    /// puzzle per line, or one puzzle in the 9-line block format of `.sud` files.
    Steps {
        /// One JSON object per step per line, then `{"puzzle":N,"solved":true|false}`.
        #[arg(long)]
        json: bool,
        /// The file to read; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
    /// Rate puzzles, one per line, by the hardest technique logic needs. Prints one line per
    /// input line: the rating and that technique (`4.2 XY-Wing`, on the Sudoku Explainer scale),
    /// `unsolved: no logical step found` when logic alone cannot finish, or `error: <reason>`.
    Rate {
        /// The file to read; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
    /// List the techniques of the logical solver in the order it tries them, with their
    /// difficulty and what each one looks for.
    Techniques,
    /// Print new puzzles with exactly one solution, one per line (`.` for a blank).
    Generate {
        /// How many puzzles.
        #[arg(long, default_value_t = 1)]
        count: u64,
        /// The random seed; the same seed gives the same puzzles.
        #[arg(long)]
        seed: Option<u64>,
        /// Clues symmetric under a half turn about the centre.
        #[arg(long)]
        symmetric: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Solve { file } => solve(file),
        Command::Steps { json, file } => steps(file, json),
        Command::Rate { file } => rate(file),
        Command::Techniques => techniques(),
        Command::Generate {
            count,
            seed,
            symmetric,
        } => generate_puzzles(count, seed, symmetric),
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        // A reader that stopped early (`| head`) is not an error.
        Err(e)
            if e.downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sudoku: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn open_input(file: Option<PathBuf>) -> Result<Box<dyn BufRead>> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let file =
                File::open(&path).with_context(|| format!("cannot open {}", path.display()))?;
            Ok(Box::new(BufReader::new(file)))
        }
        _ => Ok(Box::new(io::stdin().lock())),
    }
}

/// Streams: each line is answered before the next is read. Ok(false) if any line failed.
fn solve(file: Option<PathBuf>) -> Result<bool> {
    for_each_line(file, |line| {
        Grid::parse_line(line)
            .map_err(|e| e.to_string())
            .and_then(|p| p.solve().map_err(|e| e.to_string()))
            .map(|solution| solution.to_line())
    })
}

/// Streams like `solve`.
fn rate(file: Option<PathBuf>) -> Result<bool> {
    for_each_line(file, |line| {
        let puzzle = Grid::parse_line(line).map_err(|e| e.to_string())?;
        puzzle.solve().map_err(|e| e.to_string())?;
        let outcome = solve_logically(&puzzle);
        match outcome.hardest {
            Some(name) if outcome.is_solved() => Ok(format!("{} {name}", outcome.difficulty)),
            _ if outcome.is_solved() => Ok("0.0 (already solved)".to_string()),
            _ => Ok("unsolved: no logical step found".to_string()),
        }
    })
}

fn techniques() -> Result<bool> {
    let mut out = BufWriter::new(io::stdout().lock());
    for entry in REGISTRY {
        writeln!(
            out,
            "{} {}\n    {}",
            entry.difficulty,
            entry.technique.name(),
            entry.technique.about()
        )?;
    }
    out.flush()?;
    Ok(true)
}

/// Answers each input line with one output line: `answer(line)`, or `error: <reason>`.
/// Ok(false) if any line failed.
fn for_each_line(
    file: Option<PathBuf>,
    mut answer: impl FnMut(&str) -> Result<String, String>,
) -> Result<bool> {
    let mut input = open_input(file)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut all_answered = true;
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input
            .read_until(b'\n', &mut bytes)
            .context("cannot read the input")?
            == 0
        {
            break;
        }
        let line = String::from_utf8_lossy(&bytes);
        let line = line.trim_end_matches(['\n', '\r']);
        match answer(line) {
            Ok(text) => writeln!(out, "{text}")?,
            Err(reason) => {
                all_answered = false;
                writeln!(out, "error: {reason}")?;
            }
        }
    }
    out.flush()?;
    Ok(all_answered)
}

/// One line of `steps --json`.
#[derive(Serialize)]
#[serde(untagged)]
enum StepRecord<'a> {
    Step {
        puzzle: usize,
        technique: &'a str,
        placements: Vec<CandidateRecord>,
        eliminations: Vec<CandidateRecord>,
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

/// The puzzles of the input: a single block-format puzzle, or one per non-empty line.
fn puzzles(text: &str) -> Vec<Result<Grid, String>> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.len() > 1
        && let Ok(grid) = Grid::parse_block(text)
    {
        return vec![Ok(grid)];
    }
    lines
        .iter()
        .map(|line| Grid::parse_line(line).map_err(|e| e.to_string()))
        .collect()
}

/// Ok(false) if any puzzle was invalid or not solved by logic.
fn steps(file: Option<PathBuf>, json: bool) -> Result<bool> {
    let mut text = String::new();
    open_input(file)?
        .read_to_string(&mut text)
        .context("cannot read the input")?;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut all_solved = true;
    for (index, puzzle) in puzzles(&text).into_iter().enumerate() {
        let number = index + 1;
        // Logic may assume a unique solution, so the puzzle must have exactly one.
        let checked = puzzle.and_then(|p| p.solve().map(|_| p).map_err(|e| e.to_string()));
        let grid = match checked {
            Ok(grid) => grid,
            Err(error) => {
                all_solved = false;
                if json {
                    let record = StepRecord::Error {
                        puzzle: number,
                        error,
                    };
                    writeln!(out, "{}", serde_json::to_string(&record)?)?;
                } else {
                    writeln!(out, "puzzle {number}: error: {error}\n")?;
                }
                continue;
            }
        };
        let outcome = solve_logically(&grid);
        if !json {
            writeln!(out, "puzzle {number}: {}", grid.to_line())?;
        }
        for step in &outcome.steps {
            write_step(&mut out, number, step, json)?;
        }
        let solved = outcome.is_solved();
        all_solved &= solved;
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
    }
    out.flush()?;
    Ok(all_solved)
}

fn write_step(out: &mut impl Write, puzzle: usize, step: &Step, json: bool) -> Result<()> {
    if json {
        let record = StepRecord::Step {
            puzzle,
            technique: step.technique,
            placements: records(&step.placements),
            eliminations: records(&step.eliminations),
            text: &step.text,
        };
        writeln!(out, "{}", serde_json::to_string(&record)?)?;
    } else {
        writeln!(out, "{}", step.text)?;
    }
    Ok(())
}

fn generate_puzzles(count: u64, seed: Option<u64>, symmetric: bool) -> Result<bool> {
    let mut rng = match seed {
        Some(seed) => ChaCha8Rng::seed_from_u64(seed),
        None => rand::make_rng(),
    };
    let symmetry = if symmetric {
        Symmetry::Central
    } else {
        Symmetry::None
    };
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..count {
        writeln!(out, "{}", generate(&mut rng, symmetry).to_line())?;
    }
    out.flush()?;
    Ok(true)
}
