//! The message area: a live region, so screen readers announce what the game says.

use leptos::prelude::*;
use sudoku_app::game::Game;

use crate::play::Play;

#[component]
pub fn Status(play: Play) -> impl IntoView {
    let message = Memo::new(move |_| play.game.with(Game::message));
    // While Solve runs, every step is a new message: screen readers wait for the last one.
    let running = Memo::new(move |_| play.game.with(Game::running));
    view! {
        <p class="status" role="status" aria-busy=move || running.get().to_string()>
            {move || message.get()}
        </p>
    }
}
