//! Help, Check, Restart, New game and Share.

use leptos::prelude::*;
use sudoku_app::game::Game;

use super::share::Share;
use super::toggle::Toggle;
use crate::play::Play;

#[component]
pub fn Controls(play: Play) -> impl IntoView {
    view! {
        <div class="controls">
            <Toggle play label="Help" is_on=Game::help flip=Game::toggle_help />
            <button type="button" on:click=move |_| play.game.update(Game::check)>
                "Check"
            </button>
            <button type="button" on:click=move |_| play.act(|game, now| game.restart(now))>
                "Restart"
            </button>
            <button type="button" class="primary" on:click=move |_| play.new_game()>
                "New game"
            </button>
            <Share play />
        </div>
    }
}
