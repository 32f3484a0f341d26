//! Daily puzzles: a dialog with the calendar of daily puzzles ([`sudoku_app::game::calendar`]),
//! a month at a time, Previous and Next month beside its name, the daily streak above. A day
//! pressed plays its puzzle (asking "Leave this game?" first if need be). The month is markup
//! drawn again when it changes, with one handler for the buttons pressed and one for the keys.

use leptos::prelude::*;
use leptos::web_sys::{HtmlDialogElement, HtmlElement, KeyboardEvent};
use sudoku_app::game::calendar::{month_markup, month_name, months_away, moved};
use sudoku_core::Date;
use wasm_bindgen::JsCast;

use super::dialogs::{back_to_menu, element, leave_for};
use super::pressed;
use crate::play::{Leaving, Play, today};

const DAILY: &str = r#"<h2 id="daily-title">Daily puzzles</h2><p id="daily-streak" class="note"></p><div class="month"><button type="button" value="previous" aria-label="Previous month">‹</button><h3 id="daily-month" aria-live="polite"></h3><button type="button" value="next" aria-label="Next month">›</button></div><table role="grid" id="daily-days" aria-labelledby="daily-title" aria-describedby="daily-month"></table><span id="daily-solved" hidden>solved</span><form method="dialog"><button class="close">Close</button></form>"#;

#[component]
pub fn DailyPuzzles(play: Play) -> impl IntoView {
    view! {
        <dialog
            id="daily"
            aria-labelledby="daily-title"
            inner_html=DAILY
            on:click=move |event| match pressed(&event).as_deref() {
                Some("previous") => turn_month(play, -1),
                Some("next") => turn_month(play, 1),
                Some(value) => {
                    if let Some(date) = day(value) {
                        if let Some(dialog) = element::<HtmlDialogElement>("daily") {
                            dialog.close();
                        }
                        leave_for(play, Leaving::Daily(date));
                    }
                }
                None => {}
            }
            on:keydown=move |event: KeyboardEvent| {
                if let Some(date) = focused_day()
                    .and_then(|focus| moved(focus, &event.key(), today()))
                {
                    event.prevent_default();
                    show_day(play, date, true);
                }
            }
            on:close=back_to_menu
        ></dialog>
    }
}

/// Daily puzzles, on today's month, today's button focused.
pub fn open_calendar(play: Play) {
    let today = today();
    let streak = play
        .game
        .with_untracked(|game| game.statistics().daily_streak(today.day_number()));
    if let Some(text) = document().get_element_by_id("daily-streak") {
        let days = if streak == 1 { "day" } else { "days" };
        text.set_text_content(Some(&format!(
            "Streak: {streak} {days} in a row solved on the day. ✓ marks the days solved."
        )));
    }
    if let Some(dialog) = element::<HtmlDialogElement>("daily") {
        let _ = dialog.show_modal();
    }
    show_day(play, today, true);
}

/// Shows the month before (-1) or after (1) the one shown, Tab reaching the same day (or the
/// month's last, or today); the focus stays on the button pressed.
fn turn_month(play: Play, months: i32) {
    let shown = focused_day().unwrap_or_else(today);
    if let Some(date) = months_away(shown, months) {
        show_day(play, date.min(today()), false);
    }
}

/// Draws the month of `date`, Tab reaching `date`, and focuses it if `focus`.
fn show_day(play: Play, date: Date, focus: bool) {
    let today = today();
    let markup = play.game.with_untracked(|game| {
        month_markup(date, today, |day| {
            game.statistics().solved_on(day.day_number())
        })
    });
    if let Some(table) = document().get_element_by_id("daily-days") {
        table.set_inner_html(&markup);
    }
    if let Some(month) = document().get_element_by_id("daily-month") {
        month.set_text_content(Some(&month_name(date)));
    }
    let this_month = (date.year(), date.month()) == (today.year(), today.month());
    let next = document()
        .query_selector("#daily [value=next]")
        .ok()
        .flatten();
    if let Some(next) = next {
        let _ = next.toggle_attribute_with_force("disabled", this_month);
    }
    let day = document()
        .query_selector(&format!("#daily-days [value=\"{date}\"]"))
        .ok()
        .flatten()
        .and_then(|button| button.dyn_into::<HtmlElement>().ok());
    if let Some(day) = day.filter(|_| focus) {
        let _ = day.focus();
    }
}

/// The day that Tab reaches in the month shown.
fn focused_day() -> Option<Date> {
    let button = document()
        .query_selector("#daily-days [tabindex=\"0\"]")
        .ok()
        .flatten()?;
    day(&button.get_attribute("value")?)
}

/// The date of a day's button, by its value.
fn day(value: &str) -> Option<Date> {
    value.parse().ok()
}
