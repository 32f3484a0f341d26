//! The message area: a live region, so screen readers announce what the game says; and the
//! puzzle's level and rating.

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

/// "Hard · 3.8": the puzzle's level and SE rating, once the worker has rated it.
#[component]
pub fn PuzzleLevel(play: Play) -> impl IntoView {
    let rating = Memo::new(move |_| play.game.with(Game::rating));
    view! {
        <p class="level" title="Level, and the rating on the Sudoku Explainer scale">
            {move || match rating.get() {
                Some(rating) => rating.to_string(),
                None => "Rating…".to_string(),
            }}
        </p>
    }
}
