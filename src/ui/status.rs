//! The message area: a live region, so screen readers announce what the game says.

use leptos::prelude::*;

use super::app::Play;
use super::game::Game;

#[component]
pub fn Status(play: Play) -> impl IntoView {
    let message = Memo::new(move |_| play.game.with(Game::message));
    view! {
        <p class="status" role="status">
            {move || message.get()}
        </p>
    }
}
