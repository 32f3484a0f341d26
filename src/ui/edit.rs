//! Notes and the history: Notes (digits entered become notes), Fill notes, Undo and Redo.

use leptos::prelude::*;
use sudoku_app::game::Game;

use super::toggle::Toggle;
use crate::play::Play;

#[component]
pub fn EditBar(play: Play) -> impl IntoView {
    let cannot_undo = play.read(|game| !game.can_undo());
    let cannot_redo = play.read(|game| !game.can_redo());
    view! {
        <div class="edit-bar" role="group" aria-label="Notes and history">
            <Toggle play label="Notes" is_on=Game::noting flip=|game, _| game.toggle_notes() />
            <button type="button" on:click=play.on(|game, _| game.fill_notes())>
                "Fill notes"
            </button>
            <button
                type="button"
                disabled=cannot_undo
                on:click=play.on(Game::undo)
            >
                "Undo"
            </button>
            <button
                type="button"
                disabled=cannot_redo
                on:click=play.on(Game::redo)
            >
                "Redo"
            </button>
        </div>
    }
}
