//! `sudoku`: solve, explain, rate and generate puzzles from the command line.

mod daily;
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
use clap::builder::TypedValueParser;
use clap::{Parser, Subcommand};
use sudoku_core::variant::Variant;
use sudoku_core::{Date, Level, Method, NotADate, Symmetry, UnknownLevel};

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
    /// Solve puzzles, one per input line: 81 characters (`0` or `.` for a blank; anything after
    /// a `,` is ignored), or a variant puzzle (Killer, thermometers, arrows, kropki dots…) as
    /// f-puzzles JSON on one line, an f-puzzles or SudokuPad link, or a link's payload. Prints
    /// one line per input line: the solution's 81 digits, or `error: <reason>`.
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
    /// Rate puzzles, one per line, as Sudoku Explainer does. Prints one line per input line:
    /// `ER EP ED level technique` (`7.2 1.2 1.2 expert Forcing Chain`: the hardest step, the
    /// hardest up to the first placement, the first step, the level, the technique of ER),
    /// `20.0 EP ED beyond ...` when the rating cannot finish, or `error: <reason>`.
    Rate {
        /// Whose rating: SukakuExplainer's, which published ratings follow, or classic Sudoku
        /// Explainer 1.2.1's.
        #[arg(long, value_enum, default_value_t = RatingMethod::Sukaku)]
        method: RatingMethod,
        /// The file to read; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
    /// List the techniques of the logical solver in the order it tries them, with their
    /// difficulty and what each one looks for.
    Techniques,
    /// Print new puzzles with exactly one solution, one per line (`.` for a blank), minimal, with
    /// clues symmetric under a half turn about the centre.
    Generate {
        /// How many puzzles.
        #[arg(long, default_value_t = 1)]
        count: u64,
        /// The random seed; the same seed gives the same puzzles.
        #[arg(long)]
        seed: Option<u64>,
        /// Only puzzles whose rating falls in this level.
        #[arg(long, value_parser = parse_level)]
        level: Option<Level>,
        /// Clues symmetric under a half turn (the default; kept for older scripts).
        #[arg(long, conflicts_with = "asymmetric")]
        symmetric: bool,
        /// Any clue pattern.
        #[arg(long)]
        asymmetric: bool,
        /// A variant puzzle instead, printed as f-puzzles JSON on one line (Killer puzzles have
        /// no givens; the others are minimal with clues symmetric under a half turn). With
        /// --level, the level of the hardest technique its logical solve needs.
        #[arg(long, value_parser = variant_parser(), conflicts_with = "asymmetric")]
        variant: Option<Variant>,
    },
    /// Print the daily puzzle of a date, the same for everyone, as `<puzzle> <level>` (`.` for a
    /// blank). Its level follows the day of the week: easy on Monday, medium on Tuesday and
    /// Wednesday, hard on Thursday and Friday, expert on Saturday, extreme on Sunday.
    Daily {
        /// The date, YYYY-MM-DD; today on this machine's clock and time zone when not given.
        #[arg(value_parser = parse_date)]
        date: Option<Date>,
    },
}

/// The variants of `sudoku generate --variant`, by their keys: all but the classic one, which is
/// what `generate` makes without it.
fn variant_parser() -> impl TypedValueParser<Value = Variant> {
    let variants = Variant::ALL.into_iter().filter(|&v| v != Variant::Classic);
    clap::builder::PossibleValuesParser::new(variants.clone().map(Variant::key)).map(move |key| {
        variants
            .clone()
            .find(|variant| variant.key() == key)
            .expect("clap took one of the keys")
    })
}

/// The rating methods of `sudoku rate --method`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum RatingMethod {
    /// SukakuExplainer's techniques and order (published SE ratings follow it).
    Sukaku,
    /// Classic Sudoku Explainer 1.2.1.
    Se,
}

impl From<RatingMethod> for Method {
    fn from(method: RatingMethod) -> Method {
        match method {
            RatingMethod::Sukaku => Method::SukakuExplainer,
            RatingMethod::Se => Method::SudokuExplainer,
        }
    }
}

fn parse_level(text: &str) -> Result<Level, UnknownLevel> {
    text.parse()
}

fn parse_date(text: &str) -> Result<Date, NotADate> {
    text.parse()
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
        Command::Rate { method, file } => {
            start_threads(cli.threads)?;
            let method = Method::from(method);
            lines::answer_each(
                lines::open(file)?,
                rate::PARTS_PER_THREAD,
                |line, answers| rate::answer(method, line, answers),
            )
        }
        Command::Techniques => techniques::techniques(),
        Command::Generate {
            count,
            seed,
            level,
            asymmetric,
            variant,
            ..
        } => generate::generate_puzzles(generate::Request {
            count,
            seed,
            symmetry: if asymmetric {
                Symmetry::None
            } else {
                Symmetry::Central
            },
            level,
            variant,
        }),
        Command::Daily { date } => daily::daily(date),
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
