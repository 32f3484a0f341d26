//! Counting solutions up to 2 (the uniqueness check) on every collection in `../shared/data`,
//! our search solver side by side with the `sudoku` crate 0.8 (JCZSolve), and with tdoku when its
//! source is given, in one run.
//!
//! `cargo bench --bench search` prints puzzles per second for both and the ratio;
//! `TDOKU_SRC=/path/to/tdoku cargo bench --bench search` adds tdoku's DPLL triad solver, compiled
//! at tdoku's own flags (`-O3 -march=native`) by `sudoku-test-support`'s build script, and the
//! ratio of ours to it. `cargo bench --bench search -- forum` measures only the sets whose names
//! hold one of the words given. Each figure is the best of several alternating rounds over the whole set
//! (ours against each other solver in turn); the time to parse is not counted.

use std::hint::black_box;
use std::time::{Duration, Instant};

use reference_sudoku::Sudoku as Reference;
use sudoku_core::search::count_solutions;
use sudoku_test_support::{chosen_collections, puzzle_values, tdoku};

/// Puzzles per second of two solvers: the best of at least five rounds each, and of as many as
/// fit in about two seconds. The rounds alternate, so a busy machine slows both alike.
fn rates(puzzles: usize, mut ours: impl FnMut(), mut theirs: impl FnMut()) -> (f64, f64) {
    let mut best = (Duration::MAX, Duration::MAX);
    let started = Instant::now();
    let mut rounds = 0;
    while rounds < 5 || started.elapsed() < Duration::from_secs(2) {
        let t = Instant::now();
        ours();
        best.0 = best.0.min(t.elapsed());
        let t = Instant::now();
        theirs();
        best.1 = best.1.min(t.elapsed());
        rounds += 1;
    }
    (
        puzzles as f64 / best.0.as_secs_f64(),
        puzzles as f64 / best.1.as_secs_f64(),
    )
}

fn main() {
    let with_tdoku = tdoku::count_solutions(&[0; 81], 2).is_some();
    println!("Counting solutions up to 2, puzzles per second (best round)\n");
    if with_tdoku {
        println!(
            "| set | puzzles | this crate | sudoku 0.8 | ratio | this crate | tdoku | ratio |"
        );
        println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    } else {
        println!("| set | puzzles | this crate | sudoku 0.8 | ratio |");
        println!("| --- | ---: | ---: | ---: | ---: |");
    }
    for name in chosen_collections() {
        let puzzles = puzzle_values(name);
        let reference: Vec<Reference> = puzzles
            .iter()
            .map(|p| Reference::from_bytes(*p).expect("a valid puzzle"))
            .collect();
        for (ours, theirs) in puzzles.iter().zip(&reference) {
            assert_eq!(
                count_solutions(ours, 2),
                1,
                "{name}: a puzzle with one solution"
            );
            assert_eq!(theirs.solutions_count_up_to(2), 1);
        }
        let (ours, theirs) = rates(
            puzzles.len(),
            || {
                for p in &puzzles {
                    black_box(count_solutions(black_box(p), 2));
                }
            },
            || {
                for s in &reference {
                    black_box(black_box(*s).solutions_count_up_to(2));
                }
            },
        );
        print!(
            "| {name} | {} | {:.0} | {:.0} | {:.2}× |",
            puzzles.len(),
            ours,
            theirs,
            ours / theirs
        );
        if with_tdoku {
            for p in &puzzles {
                assert_eq!(
                    tdoku::count_solutions(p, 2),
                    Some(1),
                    "{name}: tdoku agrees"
                );
            }
            let ours_solve = || {
                for p in &puzzles {
                    black_box(count_solutions(black_box(p), 2));
                }
            };
            let (ours, theirs) = rates(puzzles.len(), ours_solve, || {
                for p in &puzzles {
                    black_box(tdoku::count_solutions(black_box(p), 2));
                }
            });
            print!(" {ours:.0} | {theirs:.0} | {:.2}× |", ours / theirs);
        }
        println!();
    }
}
