//! `sudoku solve FILE` timed as a whole process, beside the same work in one process and beside
//! the equivalent program built on the `sudoku` crate 0.8, on every collection in
//! `../shared/data`.
//!
//! `cargo bench -p sudoku-cli --bench cli` prints puzzles per second of:
//! - the engine in process: each line of the file (already in memory) parsed, solved counting up
//!   to two solutions, and its solution formatted, on one thread, by the thread's CPU time; the
//!   same with the `sudoku` crate;
//! - `sudoku solve FILE` as a process, on one thread (`--threads 1`) and on every core, by the
//!   CPU time (user + system) of the process and by the time it took;
//! - the `sudoku` crate's equivalent as a process: it reads the file line by line, parses each
//!   line, solves it counting up to two solutions and prints the solution's line. This bench
//!   binary is that program when `SUDOKU_BENCH_REFERENCE` names the file to read.
//!
//! Every figure is the best of several rounds; the rounds alternate the programs, so a busy
//! machine slows all alike. Both programs' output is checked against the solution column once.

use std::fs::File;
use std::hint::black_box;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use reference_sudoku::Sudoku as Reference;
use sudoku_core::parse;
use sudoku_core::search::Engine;
use sudoku_test_support::{COLLECTIONS, data_dir};

/// Set to a file's path, this binary is the `sudoku` crate's equivalent of `sudoku solve FILE`.
const REFERENCE_ENV: &str = "SUDOKU_BENCH_REFERENCE";

/// Rounds per set: at least `MIN_ROUNDS`, then more while the set has taken less than
/// `SET_BUDGET` (the small sets, whose rounds are short and vary the most).
const MIN_ROUNDS: usize = 3;
const SET_BUDGET: Duration = Duration::from_secs(6);

fn main() -> io::Result<()> {
    if let Some(path) = std::env::var_os(REFERENCE_ENV) {
        return reference_solve(Path::new(&path));
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut rows = Vec::new();
    for name in COLLECTIONS {
        eprintln!("{name}…");
        rows.push(measure(name));
    }
    println!("`sudoku solve FILE`, puzzles per second (best round)\n");
    println!(
        "| set | puzzles | engine in process | sudoku 0.8 in process | ratio \
         | `sudoku solve`, 1 thread, CPU | sudoku 0.8 program, CPU | ratio \
         | `sudoku solve`, {threads} threads, CPU | ratio |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for row in &rows {
        println!(
            "| {} | {} | {:.0} | {:.0} | {:.2}× | {:.0} | {:.0} | {:.2}× | {:.0} | {:.2}× |",
            row.name,
            row.puzzles,
            row.engine,
            row.reference_in_process,
            row.engine / row.reference_in_process,
            row.one_thread.cpu,
            row.reference.cpu,
            row.one_thread.cpu / row.reference.cpu,
            row.all_threads.cpu,
            row.all_threads.cpu / row.reference.cpu,
        );
    }
    println!("\nThe same processes by the time they took (wall clock)\n");
    println!(
        "| set | `sudoku solve`, 1 thread | `sudoku solve`, {threads} threads | speed-up \
         | sudoku 0.8 program | ratio, {threads} threads |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for row in &rows {
        println!(
            "| {} | {:.0} | {:.0} | {:.2}× | {:.0} | {:.2}× |",
            row.name,
            row.one_thread.wall,
            row.all_threads.wall,
            row.all_threads.wall / row.one_thread.wall,
            row.reference.wall,
            row.all_threads.wall / row.reference.wall,
        );
    }
    Ok(())
}

/// Puzzles per second of one set, each the best round.
struct Row {
    name: &'static str,
    puzzles: usize,
    engine: f64,
    reference_in_process: f64,
    one_thread: Rates,
    all_threads: Rates,
    reference: Rates,
}

/// A process's puzzles per second by CPU time and by wall-clock time.
#[derive(Clone, Copy)]
struct Rates {
    cpu: f64,
    wall: f64,
}

fn measure(name: &'static str) -> Row {
    let path = data_dir().join(name);
    let text = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "test data {} is missing ({e}); the benchmark needs ../shared/data beside the project",
            path.display()
        )
    });
    let expected: Vec<u8> = text
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .flat_map(|line| {
            let solution = line
                .split(|&b| b == b',')
                .nth(1)
                .expect("a solution column");
            [solution, b"\n"].concat()
        })
        .collect();
    let puzzles = expected.len() / 82;
    let lines = std::str::from_utf8(&text).expect("UTF-8");
    let ours = |threads: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku"));
        command.args(threads.map(|t| ["--threads", t]).iter().flatten());
        command.arg("solve").arg(&path);
        command
    };
    let theirs = || {
        let mut command = Command::new(std::env::current_exe().expect("the bench binary"));
        command.env(REFERENCE_ENV, &path);
        command
    };
    for mut program in [ours(None), ours(Some("1")), theirs()] {
        let output = program.output().expect("the program runs");
        assert!(output.status.success(), "{program:?} failed");
        assert!(output.stdout == expected, "{program:?}: wrong solutions");
    }
    let mut answers = Vec::with_capacity(expected.len());
    let mut best = [Duration::MAX; 2];
    let mut best_runs = [Run::NONE; 3];
    let started = Instant::now();
    let mut rounds = 0;
    while rounds < MIN_ROUNDS || started.elapsed() < SET_BUDGET {
        for (best, program) in best_runs
            .iter_mut()
            .zip([ours(None), ours(Some("1")), theirs()])
        {
            *best = best.min(run(program));
        }
        let t = thread_cpu();
        engine_in_process(&text, &mut answers);
        best[0] = best[0].min(thread_cpu() - t);
        assert!(answers == expected);
        let t = thread_cpu();
        reference_in_process(lines, &mut answers);
        best[1] = best[1].min(thread_cpu() - t);
        assert!(answers == expected);
        rounds += 1;
    }
    let per_second = |time: Duration| puzzles as f64 / time.as_secs_f64();
    let rates = |run: Run| Rates {
        cpu: per_second(run.cpu),
        wall: per_second(run.wall),
    };
    Row {
        name,
        puzzles,
        engine: per_second(best[0]),
        reference_in_process: per_second(best[1]),
        all_threads: rates(best_runs[0]),
        one_thread: rates(best_runs[1]),
        reference: rates(best_runs[2]),
    }
}

/// What `sudoku solve` does per line, in process and on one thread.
fn engine_in_process(text: &[u8], answers: &mut Vec<u8>) {
    answers.clear();
    let engine = Engine::best();
    for line in text.split_inclusive(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let values = parse::line::values(black_box(line)).expect("a puzzle");
        let found = engine
            .solutions(&values, 2)
            .expect("an engine that runs here");
        assert_eq!(found.count, 1, "one solution");
        let solution = found.first.expect("the solution");
        answers.extend(solution.map(|value| b'0' + value));
        answers.push(b'\n');
    }
}

/// The same with the `sudoku` crate.
fn reference_in_process(text: &str, answers: &mut Vec<u8>) {
    answers.clear();
    for line in text.lines() {
        let solution = Reference::from_str_line(black_box(line))
            .expect("a puzzle")
            .solution()
            .expect("one solution");
        answers.extend_from_slice(solution.to_str_line().as_bytes());
        answers.push(b'\n');
    }
}

/// The CPU time (user and system) and the wall-clock time of a finished process.
#[derive(Clone, Copy)]
struct Run {
    cpu: Duration,
    wall: Duration,
}

impl Run {
    const NONE: Run = Run {
        cpu: Duration::MAX,
        wall: Duration::MAX,
    };

    fn min(self, other: Run) -> Run {
        Run {
            cpu: self.cpu.min(other.cpu),
            wall: self.wall.min(other.wall),
        }
    }
}

/// Runs a program to its end, its output thrown away.
fn run(mut program: Command) -> Run {
    let before = children_cpu();
    let started = Instant::now();
    let status = program
        .stdout(Stdio::null())
        .status()
        .expect("the program runs");
    let wall = started.elapsed();
    assert!(status.success(), "{program:?} failed");
    Run {
        cpu: children_cpu() - before,
        wall,
    }
}

/// The CPU time of every child process this one has waited for.
fn children_cpu() -> Duration {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage), 0);
        usage
    };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// The CPU time of this thread: the in-process figures count what the processes' figures count,
/// and a busy machine does not add the time other programs ran.
fn thread_cpu() -> Duration {
    // SAFETY: clock_gettime only writes the struct it is given.
    let time = unsafe {
        let mut time = std::mem::zeroed::<libc::timespec>();
        assert_eq!(
            libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time),
            0
        );
        time
    };
    Duration::new(time.tv_sec as u64, time.tv_nsec as u32)
}

/// The equivalent of `sudoku solve FILE` on the `sudoku` crate, as one would write it: line by
/// line, each answered with its unique solution or an error.
fn reference_solve(path: &Path) -> io::Result<()> {
    let mut input = BufReader::with_capacity(1 << 16, File::open(PathBuf::from(path))?);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut line = String::new();
    while {
        line.clear();
        input.read_line(&mut line)? > 0
    } {
        match Reference::from_str_line(&line) {
            Ok(puzzle) => match puzzle.solution() {
                Some(solution) => writeln!(out, "{}", solution.to_str_line())?,
                None => writeln!(out, "error: not exactly one solution")?,
            },
            Err(e) => writeln!(out, "error: {e}")?,
        }
    }
    out.flush()
}
