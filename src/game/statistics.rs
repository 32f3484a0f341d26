//! Statistics per level (Easy … Extreme, and the daily puzzle): games played, games solved by the
//! player, the best and the average time of those, and the streak.
//!
//! The game tells the statistics where it stands after every change that matters
//! ([`Progress`]: which game, of which row, whether an entry was made, how it ended), and
//! [`Statistics::observe`] counts what is new since the last time. Observing is idempotent: the
//! statistics remember what of the open game they have counted, so the same progress seen twice,
//! or again after a reload, counts once; Undo never takes a count back.
//!
//! The daily row also keeps the days whose puzzle was solved, for the calendar of daily puzzles,
//! and its streak counts days in a row whose puzzle was solved on its own day: a day caught up
//! later from the calendar counts as played and solved, not in the streak.
//!
//! The statistics are kept on the device beside the saved game, as text through serde
//! ([`Statistics::to_stored`]); text that cannot be read is put aside by the page, never lost.

use std::fmt::Write;

use serde::{Deserialize, Serialize};
use sudoku_core::Level;

use super::clock;
use super::stored::{from_base64, to_base64};

const FORMAT: &str = "sudoku-statistics";
/// The version of the format; version 1 was this one without the days solved.
const VERSION: u32 = 2;

/// A row of the statistics: a level, or the daily puzzle whatever its level.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Row {
    Level(Level),
    Daily,
}

impl Row {
    /// Every row, in the order the table shows them.
    pub const ALL: [Row; 6] = [
        Row::Level(Level::Easy),
        Row::Level(Level::Medium),
        Row::Level(Level::Hard),
        Row::Level(Level::Expert),
        Row::Level(Level::Extreme),
        Row::Daily,
    ];

    fn index(self) -> usize {
        match self {
            Row::Level(level) => level as usize,
            Row::Daily => 5,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Row::Level(level) => level.name(),
            Row::Daily => "Daily",
        }
    }
}

/// Where a game stands, as the statistics need it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Progress {
    /// The game's serial number ([`Statistics::next_serial`]).
    pub game: u64,
    /// The row it counts in; `None` while that is not known (a puzzle not rated yet, or one being
    /// entered), when it is not counted yet.
    pub row: Option<Row>,
    /// For the daily puzzle, its date as a day number.
    pub day: Option<i64>,
    /// A daily puzzle begun on its own date (not caught up later): only those make the streak.
    pub on_its_day: bool,
    /// Whether a digit has been placed (by the player or by the solver).
    pub played: bool,
    pub finish: Option<Finish>,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Finish {
    /// Solved by the player alone, in this time.
    Solved { ms: u64 },
    /// Solved, but the solver placed digits: played, not solved.
    Helped,
}

/// The counts of one row.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
struct Counts {
    played: u32,
    solved: u32,
    best_ms: Option<u64>,
    /// The sum of the solved games' times, for the average.
    total_ms: u64,
    streak: u32,
    /// The daily row only: the day of the last daily puzzle solved, so the streak counts days.
    last_day: Option<i64>,
}

/// What of the open game has been counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
struct Open {
    game: u64,
    row: Row,
    played: bool,
    finished: bool,
}

#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Statistics {
    rows: [Counts; 6],
    open: Option<Open>,
    /// The serial number given to the last new game.
    last_serial: u64,
    /// The days (day numbers, ascending) whose daily puzzle was solved.
    solved_days: Vec<i64>,
}

/// One row of the table as the page shows it: the row's name, then Played, Solved, Best,
/// Average and Streak.
pub type TableRow = [String; 6];

impl Statistics {
    /// Counts what `progress` adds to what was counted of its game; returns whether it is a
    /// solve faster than the row's best time before it.
    pub fn observe(&mut self, progress: &Progress) -> bool {
        if self.open.is_some_and(|open| open.game != progress.game) {
            self.leave();
        }
        let Some(row) = progress.row else {
            return false;
        };
        let open = self.open.get_or_insert(Open {
            game: progress.game,
            row,
            played: false,
            finished: false,
        });
        let counts = &mut self.rows[open.row.index()];
        if (progress.played || progress.finish.is_some()) && !open.played {
            open.played = true;
            counts.played += 1;
        }
        let Some(finish) = progress.finish.filter(|_| !open.finished) else {
            return false;
        };
        open.finished = true;
        let daily = open.row == Row::Daily;
        // A day caught up from the calendar neither makes nor breaks the streak.
        let streaks = !daily || progress.on_its_day;
        match finish {
            Finish::Solved { ms } => {
                let new_best = counts.best_ms.is_some_and(|best| ms < best);
                counts.solved += 1;
                counts.total_ms += ms;
                counts.best_ms = Some(counts.best_ms.map_or(ms, |best| best.min(ms)));
                if streaks {
                    counts.streak = match (daily, progress.day, counts.last_day) {
                        (false, ..) => counts.streak + 1,
                        // The same day solved again: the streak stands.
                        (true, Some(day), Some(last)) if day == last => counts.streak,
                        (true, Some(day), Some(last)) if day == last + 1 => counts.streak + 1,
                        _ => 1,
                    };
                    if daily {
                        counts.last_day = progress.day.or(counts.last_day);
                    }
                }
                if let Some(day) = progress.day.filter(|_| daily)
                    && let Err(place) = self.solved_days.binary_search(&day)
                {
                    self.solved_days.insert(place, day);
                }
                new_best
            }
            Finish::Helped => {
                if streaks {
                    counts.streak = 0;
                }
                false
            }
        }
    }

    /// The open game is left for another puzzle: left with entries and unsolved, it ends its
    /// level's streak. (The daily streak is of days: the next day tells.)
    fn leave(&mut self) {
        if let Some(open) = self.open.take()
            && open.played
            && !open.finished
            && open.row != Row::Daily
        {
            self.rows[open.row.index()].streak = 0;
        }
    }

    /// A serial number for a new game, never given before on this device (while the statistics
    /// are kept): it tells the statistics one game from the next, even of the same puzzle.
    pub fn next_serial(&mut self) -> u64 {
        self.last_serial += 1;
        self.last_serial
    }

    /// Every count back to zero; the open game stays as counted, so it is not counted again.
    pub fn reset(&mut self) {
        self.rows = Default::default();
        self.solved_days.clear();
    }

    /// Whether the daily puzzle of `day` (a day number) was solved.
    pub fn solved_on(&self, day: i64) -> bool {
        self.solved_days.binary_search(&day).is_ok()
    }

    /// The daily streak as of `today` (a day number): one whose last day is before yesterday is
    /// over.
    pub fn daily_streak(&self, today: i64) -> u32 {
        let counts = &self.rows[Row::Daily.index()];
        match counts.last_day {
            Some(last) if last < today - 1 => 0,
            _ => counts.streak,
        }
    }

    /// The table, a row per level and one for the daily puzzle. `today` (a day number): a daily
    /// streak whose last day is before yesterday is over.
    pub fn table(&self, today: i64) -> [TableRow; 6] {
        Row::ALL.map(|row| {
            let counts = &self.rows[row.index()];
            let time = |ms: Option<u64>| ms.map_or_else(|| "–".to_string(), |ms| clock(ms as f64));
            let streak = match row {
                Row::Daily => self.daily_streak(today),
                Row::Level(_) => counts.streak,
            };
            [
                row.name().to_string(),
                counts.played.to_string(),
                counts.solved.to_string(),
                time(counts.best_ms),
                time(counts.total_ms.checked_div(u64::from(counts.solved))),
                streak.to_string(),
            ]
        })
    }

    /// The table as markup (a header row, then a row per level), for the page: numbers and names
    /// only, nothing to escape.
    pub fn markup(&self, today: i64) -> String {
        let mut html = String::from("<thead><tr>");
        for heading in ["Level", "Played", "Solved", "Best", "Average", "Streak"] {
            let _ = write!(html, "<th scope=\"col\">{heading}</th>");
        }
        html.push_str("</tr></thead><tbody>");
        for [name, cells @ ..] in self.table(today) {
            let _ = write!(html, "<tr><th scope=\"row\">{name}</th>");
            for cell in cells {
                let _ = write!(html, "<td>{cell}</td>");
            }
            html.push_str("</tr>");
        }
        html.push_str("</tbody>");
        html
    }

    /// The statistics as text, for the device's storage.
    pub fn to_stored(&self) -> String {
        let bytes = postcard::to_allocvec(self).expect("the statistics all have a serde form");
        format!("{FORMAT} {VERSION} {}", to_base64(&bytes))
    }

    /// The statistics kept by [`Statistics::to_stored`], if `text` is that.
    pub fn from_stored(text: &str) -> Option<Statistics> {
        let body = text.strip_prefix(FORMAT)?.strip_prefix(' ')?;
        let (version, body) = body.split_once(' ')?;
        let mut bytes = from_base64(body)?;
        match version.parse::<u32>().ok()? {
            // No days solved: an empty list.
            1 => bytes.push(0),
            VERSION => {}
            _ => return None,
        }
        match postcard::take_from_bytes::<Statistics>(&bytes) {
            Ok((statistics, [])) if statistics.is_sound() => Some(statistics),
            _ => None,
        }
    }

    /// Whether the counts could have been made by playing.
    fn is_sound(&self) -> bool {
        self.rows.iter().all(|counts| {
            counts.solved <= counts.played
                && counts.streak <= counts.solved.max(counts.played)
                && (counts.solved == 0) == counts.best_ms.is_none()
                && counts.best_ms.is_none_or(|best| best <= counts.total_ms)
        }) && self.solved_days.is_sorted_by(|a, b| a < b)
            && self.solved_days.len() <= self.rows[Row::Daily.index()].solved as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HARD: Row = Row::Level(Level::Hard);

    fn progress(game: u64, row: Row) -> Progress {
        Progress {
            game,
            row: Some(row),
            day: None,
            on_its_day: false,
            played: false,
            finish: None,
        }
    }

    fn played(puzzle: u64, row: Row) -> Progress {
        Progress {
            played: true,
            ..progress(puzzle, row)
        }
    }

    fn solved(puzzle: u64, row: Row, ms: u64) -> Progress {
        Progress {
            finish: Some(Finish::Solved { ms }),
            ..played(puzzle, row)
        }
    }

    /// The daily puzzle of `day` solved on its day.
    fn daily(puzzle: u64, day: i64, ms: u64) -> Progress {
        Progress {
            day: Some(day),
            on_its_day: true,
            ..solved(puzzle, Row::Daily, ms)
        }
    }

    /// The daily puzzle of `day` solved later, from the calendar.
    fn caught_up(puzzle: u64, day: i64, ms: u64) -> Progress {
        Progress {
            on_its_day: false,
            ..daily(puzzle, day, ms)
        }
    }

    fn row(statistics: &Statistics, row: Row, today: i64) -> Vec<String> {
        statistics.table(today)[row.index()].to_vec()
    }

    #[test]
    fn a_game_counts_once_when_played_and_once_when_solved() {
        let mut statistics = Statistics::default();
        assert!(!statistics.observe(&progress(1, HARD)));
        assert_eq!(row(&statistics, HARD, 0), ["Hard", "0", "0", "–", "–", "0"]);
        for _ in 0..3 {
            statistics.observe(&played(1, HARD));
        }
        assert_eq!(row(&statistics, HARD, 0), ["Hard", "1", "0", "–", "–", "0"]);
        for _ in 0..3 {
            statistics.observe(&solved(1, HARD, 367_000));
        }
        assert_eq!(
            row(&statistics, HARD, 0),
            ["Hard", "1", "1", "6:07", "6:07", "1"]
        );
        // Undo after the solve, then the solve again: nothing more.
        statistics.observe(&played(1, HARD));
        statistics.observe(&solved(1, HARD, 400_000));
        assert_eq!(
            row(&statistics, HARD, 0),
            ["Hard", "1", "1", "6:07", "6:07", "1"]
        );
    }

    #[test]
    fn a_faster_solve_is_a_new_best_and_the_average_is_of_solved_games() {
        let mut statistics = Statistics::default();
        assert!(
            !statistics.observe(&solved(1, HARD, 400_000)),
            "nothing to beat yet"
        );
        assert!(!statistics.observe(&solved(2, HARD, 500_000)));
        assert!(statistics.observe(&solved(3, HARD, 300_000)));
        statistics.observe(&played(4, HARD));
        assert_eq!(
            row(&statistics, HARD, 0),
            ["Hard", "4", "3", "5:00", "6:40", "3"]
        );
        // Other levels are untouched.
        assert_eq!(
            row(&statistics, Row::Level(Level::Easy), 0),
            ["Easy", "0", "0", "–", "–", "0"]
        );
    }

    #[test]
    fn help_counts_as_played_not_solved_and_ends_the_streak() {
        let mut statistics = Statistics::default();
        statistics.observe(&solved(1, HARD, 60_000));
        statistics.observe(&solved(2, HARD, 60_000));
        statistics.observe(&Progress {
            finish: Some(Finish::Helped),
            ..played(3, HARD)
        });
        assert_eq!(
            row(&statistics, HARD, 0),
            ["Hard", "3", "2", "1:00", "1:00", "0"]
        );
    }

    #[test]
    fn leaving_a_game_with_entries_unsolved_ends_the_streak_but_an_untouched_one_does_not() {
        let mut statistics = Statistics::default();
        statistics.observe(&solved(1, HARD, 60_000));
        statistics.observe(&progress(2, HARD));
        statistics.observe(&solved(3, HARD, 60_000));
        assert_eq!(row(&statistics, HARD, 0)[5], "2");
        statistics.observe(&played(4, HARD));
        // A puzzle not rated yet is not counted, but leaving the last one is.
        statistics.observe(&Progress {
            row: None,
            ..played(5, HARD)
        });
        assert_eq!(
            row(&statistics, HARD, 0),
            ["Hard", "3", "2", "1:00", "1:00", "0"]
        );
        statistics.observe(&played(5, Row::Level(Level::Easy)));
        assert_eq!(row(&statistics, Row::Level(Level::Easy), 0)[1], "1");
    }

    #[test]
    fn the_daily_streak_counts_days_in_a_row() {
        let mut statistics = Statistics::default();
        statistics.observe(&daily(1, 100, 60_000));
        statistics.observe(&daily(2, 101, 60_000));
        assert_eq!(row(&statistics, Row::Daily, 101)[5], "2");
        // The same day's puzzle again, and another puzzle left unsolved: the streak stands.
        statistics.observe(&played(9, HARD));
        statistics.observe(&daily(2, 101, 50_000));
        statistics.observe(&played(8, Row::Daily));
        statistics.observe(&played(7, HARD));
        assert_eq!(
            row(&statistics, Row::Daily, 102)[5],
            "2",
            "yesterday's still counts"
        );
        assert_eq!(row(&statistics, Row::Daily, 103)[5], "0", "a day missed");
        statistics.observe(&daily(3, 104, 60_000));
        assert_eq!(
            row(&statistics, Row::Daily, 104),
            ["Daily", "5", "4", "0:50", "0:57", "1"]
        );
    }

    #[test]
    fn a_day_caught_up_counts_as_solved_and_marked_but_not_in_the_streak() {
        let mut statistics = Statistics::default();
        statistics.observe(&daily(1, 100, 60_000));
        statistics.observe(&caught_up(2, 90, 30_000));
        assert_eq!(
            row(&statistics, Row::Daily, 100),
            ["Daily", "2", "2", "0:30", "0:45", "1"]
        );
        statistics.observe(&daily(3, 101, 60_000));
        // A day caught up and then given up (the solver finished it) breaks nothing either.
        statistics.observe(&Progress {
            finish: Some(Finish::Helped),
            ..caught_up(4, 95, 0)
        });
        assert_eq!(row(&statistics, Row::Daily, 101)[5], "2");
        assert!([90, 100, 101].iter().all(|&day| statistics.solved_on(day)));
        assert!(![89, 95, 102].iter().any(|&day| statistics.solved_on(day)));
        statistics.reset();
        assert!(!statistics.solved_on(100), "reset forgets the days solved");
    }

    #[test]
    fn statistics_of_the_first_version_read_with_no_day_solved() {
        let mut statistics = Statistics::default();
        statistics.observe(&solved(1, HARD, 61_000));
        let mut bytes = postcard::to_allocvec(&statistics).expect("bytes");
        assert_eq!(bytes.pop(), Some(0), "the empty list of days solved");
        let first = format!("{FORMAT} 1 {}", to_base64(&bytes));
        assert_eq!(Statistics::from_stored(&first), Some(statistics));
        let next = format!("{FORMAT} 3 {}", to_base64(&bytes));
        assert_eq!(Statistics::from_stored(&next), None, "a later version");
    }

    #[test]
    fn statistics_come_back_from_their_text_and_nothing_else_reads_as_them() {
        let mut statistics = Statistics::default();
        statistics.observe(&solved(1, HARD, 61_000));
        statistics.observe(&daily(2, 100, 60_000));
        statistics.observe(&played(3, HARD));
        let text = statistics.to_stored();
        assert!(text.starts_with("sudoku-statistics 2 "));
        assert_eq!(Statistics::from_stored(&text), Some(statistics.clone()));
        // The open game stays counted across a reload.
        let mut resumed = Statistics::from_stored(&text).expect("statistics");
        resumed.observe(&played(3, HARD));
        assert_eq!(resumed, statistics);
        for bad in [
            String::new(),
            "sudoku-statistics 9 AAAA".to_string(),
            text.replace(" 2 ", " 2  "),
            text[..text.len() - 3].to_string(),
            format!("{text}AAAA"),
            Statistics {
                rows: [Counts {
                    played: 1,
                    solved: 2,
                    ..Counts::default()
                }; 6],
                open: None,
                last_serial: 0,
                solved_days: Vec::new(),
            }
            .to_stored(),
            Statistics {
                solved_days: vec![100, 100],
                ..statistics.clone()
            }
            .to_stored(),
        ] {
            assert_eq!(Statistics::from_stored(&bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_markup_has_a_header_row_and_a_row_per_level() {
        let mut statistics = Statistics::default();
        statistics.observe(&solved(1, HARD, 367_000));
        let html = statistics.markup(0);
        assert!(
            html.starts_with(
                "<thead><tr><th scope=\"col\">Level</th><th scope=\"col\">Played</th>"
            )
        );
        assert!(html.contains("<tr><th scope=\"row\">Hard</th><td>1</td><td>1</td><td>6:07</td><td>6:07</td><td>1</td></tr>"));
        assert_eq!(html.matches("<tr>").count(), 7);
        assert!(html.ends_with("</tbody>"));
    }

    #[test]
    fn reset_clears_the_counts_but_keeps_the_open_game_counted() {
        let mut statistics = Statistics::default();
        statistics.observe(&played(1, HARD));
        statistics.reset();
        statistics.observe(&played(1, HARD));
        assert_eq!(row(&statistics, HARD, 0)[1], "0");
        statistics.observe(&solved(1, HARD, 1_000));
        assert_eq!(row(&statistics, HARD, 0)[2], "1");
    }
}
