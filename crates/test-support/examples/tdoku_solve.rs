//! `sudoku solve --threads 1`'s work done by tdoku, as a whole process, for timing the two side
//! by side (`.ci/bench-process`): each line's puzzle (81 characters, anything after a `,`
//! ignored) counted up to 2, and `unique` or `error: ...` printed. (tdoku hands back no solution
//! when it counts to 2; `sudoku solve` prints each one, a little more work.)
//!
//! Built only with `TDOKU_SRC` set: `cargo build --release --example tdoku_solve -p
//! sudoku-test-support`.

use std::io::{BufRead, BufWriter, Write};

use sudoku_test_support::tdoku;

fn main() -> std::io::Result<()> {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: tdoku_solve FILE");
        std::process::exit(2);
    };
    let input = std::io::BufReader::new(std::fs::File::open(path)?);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in input.lines() {
        let line = line?;
        let mut values = [0u8; 81];
        let cells = line.bytes().take_while(|&b| b != b',');
        for (value, byte) in values.iter_mut().zip(cells) {
            *value = if byte.is_ascii_digit() {
                byte - b'0'
            } else {
                0
            };
        }
        let count = tdoku::count_solutions(&values, 2).expect("built with TDOKU_SRC set");
        match count {
            1 => out.write_all(b"unique\n")?,
            0 => out.write_all(b"error: no solution\n")?,
            _ => out.write_all(b"error: more than one solution\n")?,
        }
    }
    out.flush()
}
