//! The message area: a live region, so screen readers announce what the game says; and the
//! puzzle's level and rating.

use leptos::prelude::*;
use sudoku_app::game::Game;

use crate::play::Play;

#[component]
pub fn Status(play: Play) -> impl IntoView {
    let message = play.read(Game::message);
    // While Solve runs, every step is a new message: screen readers wait for the last one.
    let busy = play.read(|game| if game.running() { "true" } else { "false" });
    view! {
        <p class="status" role="status" aria-busy=busy>
            {message}
        </p>
    }
}

/// "Hard · 3.8": the puzzle's level and SE rating, once the worker has rated it.
#[component]
pub fn PuzzleLevel(play: Play) -> impl IntoView {
    let shown = play.read(|game| match game.rating() {
        Some(rating) => rating.to_string(),
        None => "Rating…".to_string(),
    });
    view! {
        <p class="level" title="Level, and the rating on the Sudoku Explainer scale">
            {shown}
        </p>
    }
}
