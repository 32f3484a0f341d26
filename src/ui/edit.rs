//! Notes and the history: Notes (digits entered become notes), Fill notes, Undo and Redo.

use leptos::prelude::*;
use sudoku_app::game::Game;

use super::toggle::Toggle;
use crate::play::Play;

#[component]
pub fn EditBar(play: Play) -> impl IntoView {
    let can_undo = Memo::new(move |_| play.game.with(Game::can_undo));
    let can_redo = Memo::new(move |_| play.game.with(Game::can_redo));
    view! {
        <div class="edit-bar" role="group" aria-label="Notes and history">
            <Toggle play label="Notes" is_on=Game::noting flip=Game::toggle_notes />
            <button type="button" on:click=move |_| play.game.update(Game::fill_notes)>
                "Fill notes"
            </button>
            <button
                type="button"
                disabled=move || !can_undo.get()
                on:click=move |_| play.act(|game, now| game.undo(now))
            >
                "Undo"
            </button>
            <button
                type="button"
                disabled=move || !can_redo.get()
                on:click=move |_| play.act(|game, now| game.redo(now))
            >
                "Redo"
            </button>
        </div>
    }
}
