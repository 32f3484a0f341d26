//! The SE rating against published Sudoku Explainer ratings, and its speed.
//!
//! `cargo bench -p sudoku-core --bench rating [-- LIMIT]` rates the first LIMIT puzzles of each
//! set (default: all), by both methods (SukakuExplainer, which the published ratings follow, and
//! Sudoku Explainer). For the two sets with a published rating (`puzzle,solution,rating`) it prints Spearman's ρ, the mean absolute difference, the shares
//! of exact matches and of differences within 0.1 and 0.2, the time per puzzle (median and 99th
//! percentile) and a histogram of ours minus published. For the other sets it checks that every
//! puzzle gets a number and prints the time.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use sudoku_core::{Grid, Method, rate_with};
use sudoku_test_support::spearman;

const RATED: [&str; 2] = ["se_rated_hard_a.csv", "se_rated_hard_b.csv"];
const UNRATED: [&str; 2] = ["unbiased_1000.csv", "magictour_top1465.csv"];

/// A puzzle and its published rating in tenths, if the file has one.
fn load(name: &str, limit: usize) -> Vec<(Grid, Option<i32>)> {
    sudoku_test_support::read_data(name)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(limit)
        .filter_map(|line| {
            let mut fields = line.split(',');
            let puzzle = Grid::parse_line(fields.next()?).ok()?;
            let published = fields
                .nth(1)
                .and_then(|r| r.trim().parse::<f64>().ok())
                .map(|r| (r * 10.0).round() as i32);
            Some((puzzle, published))
        })
        .collect()
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Rates every puzzle: ER in tenths (`None` when beyond) and the time each took, sorted.
fn rate_all(puzzles: &[(Grid, Option<i32>)], method: Method) -> (Vec<Option<i32>>, Vec<Duration>) {
    let mut ours = Vec::with_capacity(puzzles.len());
    let mut times = Vec::with_capacity(puzzles.len());
    for (puzzle, _) in puzzles {
        let started = Instant::now();
        let rating = rate_with(puzzle, method);
        times.push(started.elapsed());
        ours.push(rating.ok().map(|r| i32::from(r.er.tenths())));
    }
    times.sort_unstable();
    (ours, times)
}

fn percentile(times: &[Duration], q: f64) -> f64 {
    times
        .get(((times.len().saturating_sub(1)) as f64 * q) as usize)
        .map_or(0.0, |&t| millis(t))
}

/// Each set of `names` with each method, SukakuExplainer first.
fn both_methods(names: &'static [&'static str]) -> impl Iterator<Item = (&'static str, Method)> {
    names
        .iter()
        .flat_map(|&name| [Method::SukakuExplainer, Method::SudokuExplainer].map(|m| (name, m)))
}

fn main() {
    let limit = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    for (name, method) in both_methods(&RATED) {
        let puzzles = load(name, limit);
        let (ours, times) = rate_all(&puzzles, method);
        let beyond = ours.iter().filter(|r| r.is_none()).count();
        let pairs: Vec<(f64, f64)> = ours
            .iter()
            .zip(&puzzles)
            .filter_map(|(o, (_, p))| Some((f64::from(o.unwrap_or(200)), f64::from((*p)?))))
            .collect();
        let (x, y): (Vec<f64>, Vec<f64>) = pairs.iter().copied().unzip();
        let n = pairs.len() as f64;
        let diffs: Vec<i32> = pairs.iter().map(|(a, b)| (a - b) as i32).collect();
        let mad = diffs.iter().map(|d| f64::from(d.abs())).sum::<f64>() / n / 10.0;
        let share = |max: i32| 100.0 * diffs.iter().filter(|d| d.abs() <= max).count() as f64 / n;
        println!(
            "{name} ({method:?}): {} puzzles, ρ {:.3}, mean |diff| {:.3}, exact {:.1}%, within 0.1 {:.1}%, within 0.2 {:.1}%, beyond {beyond}, median {:.3} ms, p99 {:.3} ms",
            pairs.len(),
            spearman(&x, &y),
            mad,
            share(0),
            share(1),
            share(2),
            percentile(&times, 0.5),
            percentile(&times, 0.99),
        );
        let mut histogram: BTreeMap<i32, usize> = BTreeMap::new();
        for d in &diffs {
            *histogram.entry((*d).clamp(-20, 20)).or_default() += 1;
        }
        let shown: Vec<String> = histogram
            .iter()
            .map(|(d, count)| format!("{:+.1}:{count}", f64::from(*d) / 10.0))
            .collect();
        println!("  ours − published (±2.0 = at least): {}", shown.join(" "));
        let mut by_published: BTreeMap<i32, (usize, i64)> = BTreeMap::new();
        for ((o, (_, p)), _) in ours.iter().zip(&puzzles).zip(0..) {
            if let Some(p) = p {
                let entry = by_published.entry(*p).or_default();
                entry.0 += 1;
                entry.1 += i64::from(o.unwrap_or(200) - p);
            }
        }
        let rows: Vec<String> = by_published
            .iter()
            .filter(|(_, (count, _))| *count >= 10)
            .map(|(p, (count, sum))| {
                format!(
                    "{:.1}:{:+.2}",
                    f64::from(*p) / 10.0,
                    *sum as f64 / *count as f64 / 10.0
                )
            })
            .collect();
        println!("  mean diff by published rating: {}", rows.join(" "));
    }
    for (name, method) in both_methods(&UNRATED) {
        let puzzles = load(name, limit);
        let (ours, times) = rate_all(&puzzles, method);
        let beyond = ours.iter().filter(|r| r.is_none()).count();
        let highest = ours.iter().flatten().max().copied().unwrap_or(0);
        println!(
            "{name} ({method:?}): {} puzzles, rated {}, beyond {beyond}, highest {:.1}, median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            puzzles.len(),
            puzzles.len() - beyond,
            f64::from(highest) / 10.0,
            percentile(&times, 0.5),
            percentile(&times, 0.99),
            percentile(&times, 1.0),
        );
    }
}
