//! The play tools under the board, where a thumb reaches them: Undo and Redo (greyed out when
//! there is nothing to take back or bring back), Erase, Notes, Help, Colour (the digits then paint
//! the cells selected), Check and Hint.

use leptos::prelude::*;
use sudoku_app::game::Game;

use super::toggle::Toggle;
use crate::play::Play;

#[component]
pub fn Tools(play: Play) -> impl IntoView {
    let cannot_undo = play.read(|game| !game.can_undo());
    let cannot_redo = play.read(|game| !game.can_redo());
    view! {
        <div class="tools" role="group" aria-label="Tools">
            <button type="button" disabled=cannot_undo on:click=play.on(Game::undo)>
                "Undo"
            </button>
            <button type="button" disabled=cannot_redo on:click=play.on(Game::redo)>
                "Redo"
            </button>
            <button type="button" on:click=play.on(Game::erase)>
                "Erase"
            </button>
            <Toggle play label="Notes" is_on=Game::noting flip=|game, _| game.toggle_notes() />
            <Toggle play label="Help" is_on=Game::help flip=|game, _| game.toggle_help() />
            <Toggle play label="Colour" is_on=Game::colouring flip=|game, _| game.toggle_colouring() />
            <button type="button" on:click=play.on(|game, _| game.check())>
                "Check"
            </button>
            <button type="button" on:click=play.on(Game::hint)>
                "Hint"
            </button>
        </div>
    }
}
