//! A button that turns one of the game's display choices on and off, announced by `aria-pressed`.

use leptos::prelude::*;
use sudoku_app::game::{Action, Game};

use crate::play::Play;

#[component]
pub fn Toggle(
    play: Play,
    label: &'static str,
    is_on: fn(&Game) -> bool,
    flip: fn() -> Action,
) -> impl IntoView {
    let pressed = Memo::new(move |_| {
        if play.game.with(is_on) {
            "true"
        } else {
            "false"
        }
    });
    view! {
        <button
            type="button"
            aria-pressed=pressed
            on:click=play.on(flip)
        >
            {label}
        </button>
    }
}
