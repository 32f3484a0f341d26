//! The play tools under the board, where a thumb reaches them: Undo and Redo (greyed out when
//! there is nothing to take back or bring back), Erase, Notes, Help, Colour (the digits then paint
//! the cells selected), Check and Hint.

use leptos::prelude::*;
use sudoku_app::game::{Action, Game};

use super::toggle::Toggle;
use crate::play::Play;

#[component]
pub fn Tools(play: Play) -> impl IntoView {
    let cannot_undo = play.read(|game| !game.can_undo());
    let cannot_redo = play.read(|game| !game.can_redo());
    view! {
        <div class="tools" role="group" aria-label="Tools">
            <button type="button" disabled=cannot_undo on:click=play.on(|| Action::Undo)>
                "Undo"
            </button>
            <button type="button" disabled=cannot_redo on:click=play.on(|| Action::Redo)>
                "Redo"
            </button>
            <button type="button" on:click=play.on(|| Action::Erase)>
                "Erase"
            </button>
            <Toggle play label="Notes" is_on=Game::noting flip=|| Action::ToggleNotes />
            <Toggle play label="Help" is_on=Game::help flip=|| Action::ToggleHelp />
            <Toggle play label="Colour" is_on=Game::colouring flip=|| Action::ToggleColouring />
            <button type="button" on:click=play.on(|| Action::Check)>
                "Check"
            </button>
            <button type="button" on:click=play.on(|| Action::Hint)>
                "Hint"
            </button>
        </div>
    }
}
