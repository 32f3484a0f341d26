//! Help, Check, New game and Restart.

use leptos::prelude::*;

use crate::play::Play;
use sudoku_app::game::Game;

#[component]
pub fn Controls(play: Play) -> impl IntoView {
    let help = Memo::new(move |_| play.game.with(Game::help));
    view! {
        <div class="controls">
            <button
                type="button"
                aria-pressed=move || help.get().to_string()
                on:click=move |_| play.game.update(Game::toggle_help)
            >
                "Help"
            </button>
            <button type="button" on:click=move |_| play.game.update(Game::check)>
                "Check"
            </button>
            <button type="button" on:click=move |_| play.act(|game, now| game.restart(now))>
                "Restart"
            </button>
            <button type="button" class="primary" on:click=move |_| play.new_game()>
                "New game"
            </button>
        </div>
    }
}
