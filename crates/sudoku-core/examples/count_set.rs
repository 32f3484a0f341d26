//! Counts the solutions (up to 2) of every puzzle of a shared collection, a given number of
//! rounds: a fixed amount of work to time as a whole process, for example two builds against
//! each other with `farm-bench --vs`. Prints how many puzzles have one solution.
//!
//! `cargo run --release -p sudoku-core --example count_set -- se_rated_hard_a.csv 15`

use std::hint::black_box;
use std::process::ExitCode;

use sudoku_core::search::count_solutions;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(Ok(rounds))) = (args.first(), args.get(1).map(|r| r.parse::<usize>()))
    else {
        eprintln!("usage: count_set COLLECTION.csv ROUNDS");
        return ExitCode::from(2);
    };
    let puzzles = sudoku_test_support::puzzle_values(name);
    let mut unique = 0;
    for _ in 0..rounds {
        unique = puzzles
            .iter()
            .filter(|puzzle| count_solutions(black_box(puzzle), 2) == 1)
            .count();
    }
    println!("{unique} of {} puzzles have one solution", puzzles.len());
    ExitCode::SUCCESS
}
