//! Help, Check, Restart, New game with its level (and Cancel while a puzzle is made), and Share.

use leptos::prelude::*;
use sudoku_app::game::Game;
use sudoku_core::Level;

use super::share::Share;
use super::toggle::Toggle;
use crate::play::Play;

#[component]
pub fn Controls(play: Play) -> impl IntoView {
    let not_making = play.read(|game| game.making().is_none());
    let options = Level::ALL.map(|level| {
        view! {
            <option value=level.key() selected=move || play.level.get() == level>
                {level.name()}
            </option>
        }
    });
    view! {
        <div class="controls">
            <Toggle play label="Help" is_on=Game::help flip=|game, _| game.toggle_help() />
            <button type="button" on:click=play.on(|game, _| game.check())>
                "Check"
            </button>
            <button type="button" on:click=play.on(Game::restart)>
                "Restart"
            </button>
            <div class="new-game">
                <select
                    aria-label="Level"
                    on:change=move |event| {
                        if let Ok(level) = event_target_value(&event).parse() {
                            play.choose_level(level);
                        }
                    }
                >
                    {options.collect_view()}
                </select>
                <button type="button" class="primary" on:click=move |_| play.new_game()>
                    "New game"
                </button>
                <button
                    type="button"
                    hidden=not_making
                    on:click=move |_| play.cancel_new_game()
                >
                    "Cancel"
                </button>
            </div>
            <Share play />
        </div>
    }
}
