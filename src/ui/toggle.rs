//! A button that turns one of the game's display choices on and off, announced by `aria-pressed`.

use leptos::prelude::*;
use sudoku_app::game::Game;

use crate::play::Play;

#[component]
pub fn Toggle(
    play: Play,
    label: &'static str,
    is_on: fn(&Game) -> bool,
    flip: fn(&mut Game),
) -> impl IntoView {
    let pressed = play.read(is_on);
    view! {
        <button
            type="button"
            aria-pressed=move || pressed.get().to_string()
            on:click=play.on(flip)
        >
            {label}
        </button>
    }
}
