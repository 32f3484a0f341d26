//! The number picker: nine toggle buttons, at most one pressed; a digit placed nine times is
//! marked complete.

use leptos::prelude::*;
use sudoku_app::game::Game;
use sudoku_core::Digit;

use crate::play::Play;

#[component]
pub fn Picker(play: Play) -> impl IntoView {
    // A selector wakes only the two buttons whose pressed state flips. Keyed by number like the
    // step log's, so that the page holds the code of one selector type.
    let picked = Selector::new(move || {
        play.game
            .with(|game| game.picked().map(|digit| u32::from(digit.get())))
    });
    let complete = play.read(Game::complete_digits);
    let buttons = Digit::all().map(|digit| {
        let picked = picked.clone();
        view! {
            <button
                type="button"
                class="digit"
                class:complete=move || complete.get().contains(digit)
                aria-pressed=move || picked.selected(&Some(u32::from(digit.get()))).to_string()
                on:click=move |_| play.game.update(|game| game.toggle_pick(digit))
            >
                {digit.get()}
            </button>
        }
    });
    view! {
        <div class="picker" role="group" aria-label="Digit to place">
            {buttons.collect_view()}
        </div>
    }
}
