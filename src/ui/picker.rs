//! The digits: nine buttons. With a cell selected and no digit picked, a digit goes into that
//! cell (cell first); otherwise it is picked, and each tap on a cell places it (digit first), at
//! most one pressed. A digit placed nine times is marked complete. In Colour mode they are nine
//! colours, which paint the cells the same ways.

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
    let colouring = play.read(Game::colouring);
    let buttons = Digit::all().map(|digit| {
        let picked = picked.clone();
        view! {
            <button
                type="button"
                class="digit"
                class:complete=move || complete.get().contains(digit)
                aria-pressed=move || picked.selected(&Some(u32::from(digit.get()))).to_string()
                on:click=move |_| play.act(|game, now| game.press_digit(digit, now))
            >
                {digit.get()}
            </button>
        }
    });
    view! {
        <div class="picker" class:colours=colouring role="group" aria-label="Digit or colour">
            {buttons.collect_view()}
        </div>
    }
}
