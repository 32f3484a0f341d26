//! The daily puzzle: one puzzle per calendar date, the same for everyone, made from the date
//! alone. Anything that makes it (the page's worker in wasm32, the command line natively) gets
//! the same puzzle, since every input to the generator comes from the date.
//!
//! The day of the week sets the level, easiest on Monday and hardest on Sunday:
//!
//! | day | level |
//! | --- | --- |
//! | Monday | Easy |
//! | Tuesday | Medium |
//! | Wednesday | Medium |
//! | Thursday | Hard |
//! | Friday | Hard |
//! | Saturday | Expert |
//! | Sunday | Extreme |
//!
//! The puzzle is [`generate_level`]'s for that level, with clues symmetric under a half turn,
//! drawn from a ChaCha8 generator seeded with [`DAILY_SEED`] mixed with the date's day number.
//! ChaCha8 gives the same numbers on every target, and the generator draws only 32-bit values
//! from it (see `generate`), so the puzzle does not depend on the pointer width either.
//!
//! Dates are those of the proleptic Gregorian calendar from 0001-01-01 to 9999-12-31, without a
//! time zone: which date it is where the player is, is the caller's to say.

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use crate::generate::{Symmetry, generate_level};
use crate::grid::Grid;
use crate::level::Level;
use crate::rating::Rating;

/// What the daily generator's seed mixes with each date's day number. Changing it changes every
/// daily puzzle, past and future, so that the page and the command line would no longer agree
/// with puzzles already played; the golden test in `tests/daily.rs` guards it.
pub const DAILY_SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// A day of the week.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Weekday {
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
    Sunday,
}

impl Weekday {
    /// Monday first, as ISO 8601 counts.
    pub const ALL: [Weekday; 7] = [
        Weekday::Monday,
        Weekday::Tuesday,
        Weekday::Wednesday,
        Weekday::Thursday,
        Weekday::Friday,
        Weekday::Saturday,
        Weekday::Sunday,
    ];

    /// "Monday" … "Sunday".
    pub const fn name(self) -> &'static str {
        match self {
            Weekday::Monday => "Monday",
            Weekday::Tuesday => "Tuesday",
            Weekday::Wednesday => "Wednesday",
            Weekday::Thursday => "Thursday",
            Weekday::Friday => "Friday",
            Weekday::Saturday => "Saturday",
            Weekday::Sunday => "Sunday",
        }
    }
}

/// "Monday" … "Sunday".
impl fmt::Display for Weekday {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A calendar date, from 0001-01-01 to 9999-12-31. Dates compare in calendar order.
///
/// With the `serde` feature it travels as its [day number](Date::day_number), checked when read
/// back.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "i32", into = "i32"))]
pub struct Date {
    // The order of the fields makes the derived order the calendar's.
    year: u16,
    month: u8,
    day: u8,
}

/// Days from 0000-03-01 to 1970-01-01: shifts the count of [`days_from_civil`], whose years
/// start in March, to day numbers counted from 1970.
const DAYS_FROM_YEAR_ZERO_TO_1970: i64 = 719_468;
/// Days in 400 Gregorian years, the period of the calendar.
const DAYS_PER_ERA: i64 = 146_097;

/// Days since 1970-01-01 of a valid date (Howard Hinnant's `days_from_civil`). Counting years
/// from March puts the leap day last, so a month's first day follows from the month alone.
const fn days_from_civil(year: u16, month: u8, day: u8) -> i64 {
    let (year, month, day) = (year as i64, month as i64, day as i64);
    // Valid years are positive, so the March-based year is never negative and plain division
    // finds its 400-year era.
    let march_year = if month <= 2 { year - 1 } else { year };
    let era = march_year / 400;
    let year_of_era = march_year - era * 400;
    let march_month = if month > 2 { month - 3 } else { month + 9 };
    let day_of_year = (153 * march_month + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * DAYS_PER_ERA + day_of_era - DAYS_FROM_YEAR_ZERO_TO_1970
}

/// The date of a day number known to be in range: the inverse of [`days_from_civil`].
const fn civil_from_days(day_number: i64) -> Date {
    let days = day_number + DAYS_FROM_YEAR_ZERO_TO_1970;
    let era = days.div_euclid(DAYS_PER_ERA);
    let day_of_era = days - era * DAYS_PER_ERA;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let march_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * march_month + 2) / 5 + 1;
    let month = if march_month < 10 {
        march_month + 3
    } else {
        march_month - 9
    };
    let year = era * 400 + year_of_era + if month <= 2 { 1 } else { 0 };
    Date {
        year: year as u16,
        month: month as u8,
        day: day as u8,
    }
}

const fn is_leap_year(year: u16) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

const fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// The first date there is.
    pub const MIN: Date = Date {
        year: 1,
        month: 1,
        day: 1,
    };
    /// The last date there is.
    pub const MAX: Date = Date {
        year: 9999,
        month: 12,
        day: 31,
    };

    /// The date, if there is one: years 1 to 9999, months 1 to 12, days of the month's length
    /// (February 29 in leap years only).
    pub const fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        let in_calendar = year >= 1 && year <= 9999 && month >= 1 && month <= 12;
        if in_calendar && day >= 1 && day <= days_in_month(year, month) {
            Some(Date { year, month, day })
        } else {
            None
        }
    }

    pub const fn year(self) -> u16 {
        self.year
    }

    /// 1 (January) to 12.
    pub const fn month(self) -> u8 {
        self.month
    }

    /// 1 to 31.
    pub const fn day(self) -> u8 {
        self.day
    }

    /// Days since 1970-01-01 (negative before it): consecutive dates have consecutive numbers.
    pub const fn day_number(self) -> i64 {
        days_from_civil(self.year, self.month, self.day)
    }

    /// The date of a day number, if it falls between [`Date::MIN`] and [`Date::MAX`].
    pub const fn from_day_number(day_number: i64) -> Option<Date> {
        if day_number < Date::MIN.day_number() || day_number > Date::MAX.day_number() {
            return None;
        }
        Some(civil_from_days(day_number))
    }

    /// The number of days of this date's month, 28 to 31.
    pub const fn days_in_month(self) -> u8 {
        days_in_month(self.year, self.month)
    }

    /// The day of the week.
    pub const fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday, three days after a Monday.
        Weekday::ALL[(self.day_number() + 3).rem_euclid(7) as usize]
    }

    /// The day after, unless this is [`Date::MAX`].
    pub const fn next_day(self) -> Option<Date> {
        Date::from_day_number(self.day_number() + 1)
    }

    /// The day before, unless this is [`Date::MIN`].
    pub const fn previous_day(self) -> Option<Date> {
        Date::from_day_number(self.day_number() - 1)
    }
}

/// `YYYY-MM-DD`, as it is read.
impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Text that is not a date in the form `YYYY-MM-DD`, or names a day the calendar lacks.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("not a date (YYYY-MM-DD): \"{}\"", .0.escape_debug())]
pub struct NotADate(pub String);

/// Exactly `YYYY-MM-DD`: four, two and two ASCII digits, with no sign, space or other width.
impl FromStr for Date {
    type Err = NotADate;
    fn from_str(text: &str) -> Result<Date, NotADate> {
        let not_a_date = || NotADate(text.to_string());
        let bytes = text.as_bytes();
        let [y0, y1, y2, y3, b'-', m0, m1, b'-', d0, d1] = *bytes else {
            return Err(not_a_date());
        };
        let number = |digits: &[u8]| {
            digits.iter().try_fold(0u16, |value, &digit| {
                digit
                    .is_ascii_digit()
                    .then(|| value * 10 + u16::from(digit - b'0'))
            })
        };
        let (Some(year), Some(month), Some(day)) = (
            number(&[y0, y1, y2, y3]),
            number(&[m0, m1]),
            number(&[d0, d1]),
        ) else {
            return Err(not_a_date());
        };
        // Two digits are below 100, so the month and day fit a u8.
        Date::new(year, month as u8, day as u8).ok_or_else(not_a_date)
    }
}

/// The level of a date's puzzle, by its day of the week (see the table above).
pub const fn daily_level(date: Date) -> Level {
    match date.weekday() {
        Weekday::Monday => Level::Easy,
        Weekday::Tuesday | Weekday::Wednesday => Level::Medium,
        Weekday::Thursday | Weekday::Friday => Level::Hard,
        Weekday::Saturday => Level::Expert,
        Weekday::Sunday => Level::Extreme,
    }
}

/// The puzzle of a date, with its rating: of [`daily_level`]'s level, one solution, minimal
/// among clue patterns symmetric under a half turn. The same on every machine and target.
pub fn daily_puzzle(date: Date) -> (Grid, Rating) {
    // The cast keeps all 64 bits of the day number; seed_from_u64 spreads them over the whole
    // ChaCha key, so neighbouring days get unrelated streams.
    let mut rng = ChaCha8Rng::seed_from_u64(DAILY_SEED ^ date.day_number() as u64);
    generate_level(&mut rng, daily_level(date), Symmetry::Central)
}
