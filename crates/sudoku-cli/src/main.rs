//! `sudoku`: solve, explain, rate and generate puzzles from the command line.

mod generate;
mod lines;
mod rate;
mod solve;
mod steps;
mod techniques;

use std::io::{self, ErrorKind};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "sudoku", version, about = "Solve and generate Sudoku puzzles")]
struct Cli {
    /// Threads for `solve`, `rate` and `steps`; one per core when not given.
    #[arg(long, global = true)]
    threads: Option<NonZeroUsize>,
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
    match run(cli) {
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

/// Ok(false) when some puzzle got an error or was not solved.
fn run(cli: Cli) -> Result<bool> {
    match cli.command {
        Command::Solve { file } => {
            start_threads(cli.threads)?;
            lines::answer_each(lines::open(file)?, solve::PARTS_PER_THREAD, solve::answer)
        }
        Command::Steps { json, file } => {
            start_threads(cli.threads)?;
            steps::steps(lines::open(file)?, json)
        }
        Command::Rate { file } => {
            start_threads(cli.threads)?;
            lines::answer_each(lines::open(file)?, rate::PARTS_PER_THREAD, rate::answer)
        }
        Command::Techniques => techniques::techniques(),
        Command::Generate {
            count,
            seed,
            symmetric,
        } => generate::generate_puzzles(count, seed, symmetric),
    }
}

/// The threads that share a batch's puzzles, one per core unless told. This thread is one of
/// them: one fewer to start, and none at all for `--threads 1`.
fn start_threads(threads: Option<NonZeroUsize>) -> Result<()> {
    let mut pool = rayon::ThreadPoolBuilder::new().use_current_thread();
    if let Some(threads) = threads {
        pool = pool.num_threads(threads.get());
    }
    Ok(pool.build_global()?)
}
