//! `sudoku daily`: the puzzle of a date, the same one the page offers that day.

use std::io::{self, Write};
use std::time::SystemTime;

use anyhow::{Context, Result};
use jiff::ZonedDateTime;
use sudoku_core::{Date, daily_level, daily_puzzle};

/// Prints `<puzzle line> <level key>` for `date`, or for today when not given.
pub fn daily(date: Option<Date>) -> Result<bool> {
    let date = match date {
        Some(date) => date,
        None => today()?,
    };
    let (puzzle, _) = daily_puzzle(date);
    let mut out = io::stdout().lock();
    writeln!(out, "{} {}", puzzle.to_line(), daily_level(date).key())?;
    out.flush()?;
    Ok(true)
}

/// Today's date on this machine's clock in its local time zone (`TZ`, else the system's), as a
/// player there would call it.
pub fn today() -> Result<Date> {
    let now = ZonedDateTime::try_from(SystemTime::now()).context("reading the clock")?;
    let today = now.date();
    let date = match (
        u16::try_from(today.year()),
        u8::try_from(today.month()),
        u8::try_from(today.day()),
    ) {
        (Ok(year), Ok(month), Ok(day)) => Date::new(year, month, day),
        _ => None,
    };
    date.with_context(|| format!("today, {today}, is not between years 1 and 9999"))
}
