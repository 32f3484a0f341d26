//! The dialogs: Statistics (a table of every level's games, with Reset statistics, which asks
//! first), Settings (Show mistakes, Read position), Solved (the report of a game just solved,
//! with New game, Share and Statistics), and "Leave this game?", asked before an action would put another game
//! in place of one with something to lose. Each is a modal `dialog`: Escape or its last button
//! shuts it, and the focus goes back to the Menu button, as the Menu closes when one opens from
//! it. They are built the first time one is wanted (the Menu opened, a question, a solve).
//!
//! Their content is fixed markup, filled in when they open, with one handler each for what is
//! pressed or changed in them: the same dialogs built element by element cost the page's wasm
//! 2 KB (gzipped) more.

use leptos::prelude::*;
use leptos::web_sys::{HtmlDialogElement, HtmlElement, HtmlInputElement, HtmlSelectElement};
use sudoku_app::game::{Action, Game};
use wasm_bindgen::JsCast;

use super::pressed;
use super::share::share;
use crate::play::{Leaving, Play, now_ms, today};

const STATISTICS: &str = r#"<h2 id="statistics-title">Statistics</h2><table id="statistics-table" aria-label="Statistics"></table><p class="note">Solved: finished without Step, Solve, Hint's third press or Solve by search.</p><div class="reset"><button type="button" value="ask" id="reset-ask">Reset statistics</button><div id="reset-confirm" hidden><p>Reset every level's statistics to zero? This cannot be undone.</p><button type="button" value="reset">Reset</button> <button type="button" value="keep">Keep</button></div></div><form method="dialog"><button class="close">Close</button></form>"#;

const SETTINGS: &str = r#"<h2 id="settings-title">Settings</h2><label class="setting"><input type="checkbox" id="show-mistakes"> Show mistakes</label><p class="note">Marks an entry that disagrees with the solution as soon as it is made, and counts it.</p><div class="setting"><label for="read-position">Read position</label><select id="read-position"><option value="first">first</option><option value="last">last</option><option value="never">never</option></select></div><p class="note">Where a cell's name says its row and column.</p><form method="dialog"><button class="close">Close</button></form>"#;

const SOLVED: &str = r#"<h2 id="solved-title">Solved</h2><p id="solved-report"></p><div class="answers"><button type="button" value="new" class="primary">New game</button> <button type="button" value="share">Share</button> <button type="button" value="statistics">Statistics</button></div><form method="dialog"><button class="close">Close</button></form>"#;

const LEAVE: &str = r#"<h2 id="leave-title">Leave this game?</h2><p id="leave-lost"></p><p id="leave-counts">Left, it counts as played, not solved.</p><form method="dialog" class="answers"><button value="leave" class="primary">Leave</button> <button value="keep" autofocus>Keep playing</button></form>"#;

#[component]
pub fn Dialogs(play: Play) -> impl IntoView {
    let statistics_pressed = move |event| match pressed(&event).as_deref() {
        Some("ask") => ask_to_reset(true),
        Some("reset") => {
            play.apply(Action::ResetStatistics);
            draw_table(play);
            ask_to_reset(false);
        }
        Some("keep") => ask_to_reset(false),
        _ => {}
    };
    view! {
        <dialog
            id="statistics"
            aria-labelledby="statistics-title"
            inner_html=STATISTICS
            on:click=statistics_pressed
            on:close=back_to_menu
        ></dialog>
        <dialog
            id="settings"
            aria-labelledby="settings-title"
            inner_html=SETTINGS
            on:change=move |event| {
                if event_target::<HtmlElement>(&event).id() == "read-position" {
                    play.read_position(&event_target_value(&event));
                } else {
                    play.show_mistakes(event_target_checked(&event));
                }
            }
            on:close=back_to_menu
        ></dialog>
        <dialog
            id="solved"
            aria-labelledby="solved-title"
            aria-describedby="solved-report"
            inner_html=SOLVED
            on:click=move |event| {
                let action = pressed(&event);
                if matches!(action.as_deref(), Some("new" | "statistics"))
                    && let Some(dialog) = element::<HtmlDialogElement>("solved")
                {
                    dialog.close();
                }
                match action.as_deref() {
                    Some("new") => leave_for(play, Leaving::NewGame),
                    Some("share") => share(play),
                    Some("statistics") => open_statistics(play),
                    _ => {}
                }
            }
            on:close=back_to_menu
        ></dialog>
        <dialog
            id="leave"
            aria-labelledby="leave-title"
            aria-describedby="leave-lost leave-counts"
            inner_html=LEAVE
            // Leave, Keep playing and Escape all close it; its return value says which.
            on:close=move |event| {
                let dialog: HtmlDialogElement = event_target(&event);
                play.answer_leave(dialog.return_value() == "leave");
                back_to_menu(event);
            }
        ></dialog>
    }
}

/// The focus back on the Menu button once a dialog closes: the Menu closed when it opened.
pub(super) fn back_to_menu(_: leptos::ev::Event) {
    if let Some(button) = element::<HtmlElement>("menu-button") {
        let _ = button.focus();
    }
}

/// Carries out `leaving` at once if the game has nothing to lose, else asks "Leave this game?"
/// first: at once if the dialogs are on the page, else once they are built.
pub fn leave_for(play: Play, leaving: Leaving) {
    let nothing_to_lose = play.game.with_untracked(|game| {
        game.at_stake(now_ms()).is_none()
            || matches!(leaving, Leaving::Daily(date) if game.daily() == Some(date))
    });
    if nothing_to_lose {
        return play.carry_out(leaving);
    }
    // The question opens over the board: the Menu closes (a paste keeps its text for later).
    play.menu_open.set(false);
    play.leaving.set_value(Some(leaving));
    if play.dialogs_wanted.get_untracked() {
        ask_to_leave(play);
    } else {
        play.dialogs_wanted.set(true);
    }
}

/// The game was just solved: the Solved dialog opens, once the dialogs are on the page and the
/// board has waved.
pub fn announce_solved(play: Play) {
    play.solved_to_say.set_value(true);
    if play.dialogs_wanted.get_untracked() {
        show_solved(play);
    } else {
        play.dialogs_wanted.set(true);
    }
}

/// Opens the Solved dialog, if the game was just solved, a moment later: the wave over the
/// board comes first.
pub fn show_solved(play: Play) {
    if !play
        .solved_to_say
        .try_update_value(std::mem::take)
        .unwrap_or(false)
    {
        return;
    }
    set_timeout(
        move || {
            let report = play.game.with_untracked(Game::solved_report);
            let (Some(report), Some(dialog), Some(text)) = (
                report,
                element::<HtmlDialogElement>("solved"),
                document().get_element_by_id("solved-report"),
            ) else {
                return;
            };
            text.set_text_content(Some(&report));
            if !dialog.open() {
                let _ = dialog.show_modal();
            }
        },
        std::time::Duration::from_millis(SOLVED_AFTER_MS),
    );
}

/// How long the board waves before the Solved dialog covers it.
const SOLVED_AFTER_MS: u64 = 700;

/// Shows "Leave this game?" with what the game would lose, if an action waits for the answer.
pub fn ask_to_leave(play: Play) {
    let lost = play.game.with_untracked(|game| game.at_stake(now_ms()));
    let (Some(lost), Some(dialog), Some(text)) = (
        lost.filter(|_| play.leaving.with_value(Option::is_some)),
        element::<HtmlDialogElement>("leave"),
        document().get_element_by_id("leave-lost"),
    ) else {
        return;
    };
    text.set_text_content(Some(&lost));
    dialog.set_return_value("");
    let _ = dialog.show_modal();
}

pub(super) fn element<T: JsCast>(id: &str) -> Option<T> {
    document().get_element_by_id(id)?.dyn_into().ok()
}

fn show(id: &str) {
    if let Some(dialog) = element::<HtmlDialogElement>(id) {
        let _ = dialog.show_modal();
    }
}

/// Statistics: the table drawn with the date of this moment (a daily streak ends with a day
/// missed), Reset statistics not yet asked.
pub fn open_statistics(play: Play) {
    draw_table(play);
    ask_to_reset(false);
    show("statistics");
}

/// Settings: Show mistakes and Read position as they are now.
pub fn open_settings(play: Play) {
    if let Some(checkbox) = element::<HtmlInputElement>("show-mistakes") {
        checkbox.set_checked(play.game.with_untracked(Game::shows_mistakes));
    }
    if let Some(select) = element::<HtmlSelectElement>("read-position") {
        select.set_value(play.game.with_untracked(Game::read_position).key());
    }
    show("settings");
}

fn draw_table(play: Play) {
    let markup = play
        .game
        .with_untracked(|game| game.statistics().markup(today().day_number()));
    if let Some(table) = document().get_element_by_id("statistics-table") {
        table.set_inner_html(&markup);
    }
}

/// Shows the question "Reset every level's statistics?" with its answers in place of Reset
/// statistics, or the other way round.
fn ask_to_reset(asking: bool) {
    for (id, hidden) in [("reset-ask", asking), ("reset-confirm", !asking)] {
        if let Some(part) = document().get_element_by_id(id) {
            let _ = part.toggle_attribute_with_force("hidden", hidden);
        }
    }
}
