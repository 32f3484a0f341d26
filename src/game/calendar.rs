//! The calendar of daily puzzles, a month at a time, weeks from Monday (as ISO 8601 counts):
//! every day up to today is a button that plays its puzzle, today's marked as the current date
//! and each day solved described so; days after today are shown, not offered. One day at a time
//! takes the focus by Tab (a roving focus, as the WAI-ARIA grid pattern has it), and the keys
//! move it by [`moved`].
//!
//! Pure functions of the dates: the page draws the month from [`month_markup`] and keeps which
//! day has the focus.

use std::fmt::Write;

use sudoku_core::{Date, Weekday};

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The id of the page's element whose text, "solved", describes a day solved.
pub const SOLVED_ID: &str = "daily-solved";

/// "November 2026".
pub fn month_name(date: Date) -> String {
    format!("{} {}", MONTHS[usize::from(date.month() - 1)], date.year())
}

/// The date `months` months after `date` (before it, if negative): the same day of the month,
/// or that month's last day if it is shorter; `None` outside the calendar.
pub fn months_away(date: Date, months: i32) -> Option<Date> {
    let index = i32::from(date.year()) * 12 + i32::from(date.month()) - 1 + months;
    let year = u16::try_from(index.div_euclid(12)).ok()?;
    let month = index.rem_euclid(12) as u8 + 1;
    let first = Date::new(year, month, 1)?;
    Date::new(year, month, date.day().min(first.days_in_month()))
}

/// Where `key` moves the focus from the day `focus`: a day (Arrow Left and Right), a week (Arrow
/// Up and Down), to the week's first or last day (Home, End), a month (Page Up and Down), never
/// past `today`; `None` for another key, or with nowhere to go.
pub fn moved(focus: Date, key: &str, today: Date) -> Option<Date> {
    let weekday = focus.weekday() as i64;
    let by_days = |days: i64| Date::from_day_number(focus.day_number() + days);
    let target = match key {
        "ArrowLeft" => by_days(-1),
        "ArrowRight" => by_days(1),
        "ArrowUp" => by_days(-7),
        "ArrowDown" => by_days(7),
        "Home" => by_days(-weekday),
        "End" => by_days(6 - weekday),
        "PageUp" => months_away(focus, -1),
        "PageDown" => months_away(focus, 1),
        _ => None,
    }?
    .min(today);
    (target != focus).then_some(target)
}

/// The month of `focus` as the content of a table: a row of weekdays, then a row per week.
/// Each day up to `today` is a button named by its number, whose value is its date; only
/// `focus` is reached by Tab; today has `aria-current`; a day `solved` (class `solved`) is
/// described by the element [`SOLVED_ID`]. Numbers and names only: nothing to escape.
pub fn month_markup(focus: Date, today: Date, solved: impl Fn(Date) -> bool) -> String {
    let mut html = String::from("<thead><tr>");
    for weekday in Weekday::ALL {
        let name = weekday.name();
        let _ = write!(
            html,
            r#"<th scope="col" aria-label="{name}">{}</th>"#,
            &name[..2]
        );
    }
    html.push_str("</tr></thead><tbody><tr>");
    let first = Date::new(focus.year(), focus.month(), 1).unwrap_or(focus);
    let lead = first.weekday() as usize;
    html.push_str(&"<td></td>".repeat(lead));
    for day in 1..=first.days_in_month() {
        let Some(date) = Date::new(first.year(), first.month(), day) else {
            break;
        };
        if (lead + usize::from(day) - 1).is_multiple_of(7) && day > 1 {
            html.push_str("</tr><tr>");
        }
        if date > today {
            let _ = write!(html, r#"<td aria-disabled="true">{day}</td>"#);
            continue;
        }
        let tabindex = if date == focus { 0 } else { -1 };
        let _ = write!(
            html,
            r#"<td><button type="button" value="{date}" tabindex="{tabindex}""#
        );
        if date == today {
            html.push_str(r#" aria-current="date""#);
        }
        if solved(date) {
            let _ = write!(html, r#" class="solved" aria-describedby="{SOLVED_ID}""#);
        }
        let _ = write!(html, ">{day}</button></td>");
    }
    let trail = (7 - (lead + usize::from(first.days_in_month())) % 7) % 7;
    html.push_str(&"<td></td>".repeat(trail));
    html.push_str("</tr></tbody>");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> Date {
        text.parse().expect("a date")
    }

    #[test]
    fn months_away_keep_the_day_or_take_the_month_s_last() {
        assert_eq!(
            months_away(date("2026-03-31"), -1),
            Some(date("2026-02-28"))
        );
        assert_eq!(
            months_away(date("2024-03-31"), -1),
            Some(date("2024-02-29"))
        );
        assert_eq!(
            months_away(date("2026-01-15"), -1),
            Some(date("2025-12-15"))
        );
        assert_eq!(months_away(date("2026-12-15"), 1), Some(date("2027-01-15")));
        assert_eq!(
            months_away(date("2026-12-15"), -24),
            Some(date("2024-12-15"))
        );
        assert_eq!(months_away(Date::MIN, -1), None);
        assert_eq!(months_away(Date::MAX, 1), None);
    }

    #[test]
    fn keys_move_the_focus_by_day_week_and_month_never_past_today() {
        let today = date("2026-11-29");
        let focus = date("2026-11-18"); // a Wednesday
        let moves = [
            ("ArrowLeft", Some("2026-11-17")),
            ("ArrowRight", Some("2026-11-19")),
            ("ArrowUp", Some("2026-11-11")),
            ("ArrowDown", Some("2026-11-25")),
            ("Home", Some("2026-11-16")),
            ("End", Some("2026-11-22")),
            ("PageUp", Some("2026-10-18")),
            ("PageDown", Some("2026-11-29")),
            ("Enter", None),
        ];
        for (key, to) in moves {
            assert_eq!(moved(focus, key, today), to.map(date), "{key}");
        }
        assert_eq!(
            moved(today, "ArrowRight", today),
            None,
            "nothing after today"
        );
        assert_eq!(moved(date("2026-11-27"), "End", today), Some(today));
    }

    #[test]
    fn a_month_is_its_days_in_weeks_from_monday_offered_up_to_today() {
        let today = date("2026-11-29");
        let solved = [date("2026-11-03"), date("2026-11-29")];
        let markup = month_markup(date("2026-11-10"), today, |day| solved.contains(&day));
        assert_eq!(month_name(today), "November 2026");
        assert!(markup.starts_with(r#"<thead><tr><th scope="col" aria-label="Monday">Mo</th>"#));
        // November 2026 begins on a Sunday: six empty cells first, then 1 to 29 as buttons, and
        // the 30th shown but not offered, last in a row of its own.
        assert!(markup.contains(&format!("<tbody><tr>{}<td><button", "<td></td>".repeat(6))));
        assert_eq!(markup.matches("<button").count(), 29);
        assert_eq!(markup.matches("<tr>").count(), 7);
        assert!(markup.ends_with(&format!(
            r#"<td aria-disabled="true">30</td>{}</tr></tbody>"#,
            "<td></td>".repeat(6)
        )));
        assert_eq!(markup.matches(r#"tabindex="0""#).count(), 1);
        assert!(markup.contains(r#"value="2026-11-10" tabindex="0">10<"#));
        assert!(markup.contains(&format!(
            r#"value="2026-11-29" tabindex="-1" aria-current="date" class="solved" aria-describedby="{SOLVED_ID}">29<"#
        )));
        assert_eq!(markup.matches(r#"class="solved""#).count(), 2);
        // A month entirely past: every day offered, in whole weeks.
        let february = month_markup(date("2021-02-01"), today, |_| false);
        assert_eq!(february.matches("<button").count(), 28);
        assert_eq!(
            february.matches("<td></td>").count(),
            0,
            "Monday 1 to Sunday 28"
        );
    }
}
