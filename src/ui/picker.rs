//! The digits: nine buttons. With cells selected, a digit goes into them (cell first);
//! otherwise it is picked, and each tap on a cell places it (digit first), at most one pressed.
//! Each shows how many of its digit are still to place, and a check mark once none are. In
//! Colour mode they are nine colours, which paint the cells the same ways.

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
    let remaining = play.read(Game::remaining);
    let colouring = play.read(Game::colouring);
    let buttons = Digit::all().map(|digit| {
        let picked = picked.clone();
        let left = move || remaining.with(|left| left[digit.index()]);
        view! {
            <button
                type="button"
                class="digit"
                class:complete=move || left() == 0
                aria-label=digit.get().to_string()
                aria-description=move || match left() {
                    0 => "all placed".to_string(),
                    left => format!("{left} left"),
                }
                aria-pressed=move || picked.selected(&Some(u32::from(digit.get()))).to_string()
                on:click=move |_| play.act(|game, now| game.press_digit(digit, now))
            >
                {digit.get()}
                <span class="remaining" aria-hidden="true">
                    {move || match left() {
                        0 => "✓".to_string(),
                        left => left.to_string(),
                    }}
                </span>
            </button>
        }
    });
    view! {
        <div class="picker" class:colours=colouring role="group" aria-label="Digit or colour">
            {buttons.collect_view()}
        </div>
    }
}
