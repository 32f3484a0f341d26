//! The Menu: the game's actions, one tap away. New game with its level and variant (remembered),
//! Daily (the calendar of daily puzzles), Restart, Share, Open, Paste, Enter puzzle, Statistics and Settings. An action on the game
//! closes the Menu, so the board is in view again; a dialog opens over it.
//!
//! The buttons are plain markup, each named by its `value`, and one handler on the Menu carries
//! out the one pressed: less code in the page than a handler per button.

use leptos::prelude::*;
use leptos::web_sys::{HtmlElement, MouseEvent};
use sudoku_core::Level;
use sudoku_core::variant::Variant;
use wasm_bindgen::JsCast;

use super::calendar::open_calendar;
use super::dialogs::{leave_for, open_settings, open_statistics};
use super::open::{FilePicker, PasteBox, PuzzleChooser};
use super::pressed;
use super::share::share;
use crate::play::{Leaving, Play};

#[component]
pub fn Menu(play: Play) -> impl IntoView {
    // The choosers' options as markup: each select keeps the choice from then on.
    let chosen = play.level.get_untracked();
    let levels = options(Level::ALL.map(|level| (level.key(), level.name(), level == chosen)));
    let chosen = play.variant.get_untracked();
    let variants = options(Variant::ALL.map(|v| (v.name(), v.name(), v == chosen)));
    view! {
        <section
            id="menu"
            class="menu"
            aria-label="Menu"
            hidden=move || !play.menu_open.get()
            on:click=move |event| act(play, &event)
        >
            <div class="new-game">
                <button type="button" class="primary" value="new">
                    "New game"
                </button>
                <select
                    aria-label="Level"
                    inner_html=levels
                    on:change=move |event| {
                        if let Ok(level) = event_target_value(&event).parse() {
                            play.choose_level(level);
                        }
                    }
                ></select>
                <select
                    aria-label="Variant"
                    inner_html=variants
                    on:change=move |event| {
                        let name = event_target_value(&event);
                        if let Some(variant) = Variant::ALL.into_iter().find(|v| v.name() == name) {
                            play.choose_variant(variant);
                        }
                    }
                ></select>
            </div>
            <button type="button" value="daily">"Daily"</button>
            <button type="button" value="restart">"Restart"</button>
            <button type="button" value="share">"Share"</button>
            <button type="button" value="open">"Open"</button>
            <PasteBox play />
            <PuzzleChooser play />
            <button type="button" value="enter">"Enter puzzle"</button>
            <button type="button" value="statistics">"Statistics"</button>
            <button type="button" value="settings">"Settings"</button>
        </section>
        // Outside the Menu: the click that opens the file picker must not reach the Menu's
        // handler again.
        <FilePicker play />
        // A tap beside the open Menu closes it.
        <div
            class="scrim"
            aria-hidden="true"
            hidden=move || !play.menu_open.get()
            on:click=move |_| play.menu_open.set(false)
        ></div>
    }
}

/// The markup of a select's options, each `(value, name, selected)`.
fn options<const N: usize>(items: [(&str, &str, bool); N]) -> String {
    items
        .iter()
        .map(|&(value, name, selected)| {
            let selected = if selected { " selected" } else { "" };
            format!("<option value=\"{value}\"{selected}>{name}</option>")
        })
        .collect()
}

/// Carries out the action of the Menu's button that was pressed, if one was: the Menu closes,
/// and an action that would leave the game asks first.
fn act(play: Play, event: &MouseEvent) {
    let Some(action) = pressed(event) else {
        return;
    };
    play.menu_open.set(false);
    match action.as_str() {
        "new" => leave_for(play, Leaving::NewGame),
        "daily" => open_calendar(play),
        "restart" => leave_for(play, Leaving::Restart),
        "enter" => leave_for(play, Leaving::EnterPuzzle),
        "share" => share(play),
        "statistics" => open_statistics(play),
        "settings" => open_settings(play),
        "open" => {
            let picker = document()
                .get_element_by_id("open-file")
                .and_then(|input| input.dyn_into::<HtmlElement>().ok());
            if let Some(picker) = picker {
                picker.click();
            }
        }
        _ => {}
    }
}
