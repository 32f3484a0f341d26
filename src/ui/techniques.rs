//! The techniques of the solver's registry, simplest first, each with its paragraph for players;
//! choosing one shows where it applies on the board now.

use leptos::prelude::*;
use sudoku_app::game::Game;
use sudoku_core::REGISTRY;

use super::board::reveal_board;
use crate::play::Play;

#[component]
pub fn Techniques(play: Play) -> impl IntoView {
    let shown = Selector::new(move || play.game.with(Game::shown_technique));
    let items = REGISTRY.iter().enumerate().map(|(index, entry)| {
        let technique = entry.technique;
        let shown = shown.clone();
        let about = format!("about-technique-{index}");
        let rating = entry.difficulty.to_string();
        view! {
            <li class:chosen=move || shown.selected(&Some(index))>
                <button
                    type="button"
                    aria-describedby=about.clone()
                    on:click=move |_| {
                        play.game.update(|game| game.show_technique(index));
                        reveal_board();
                    }
                >
                    {technique.name()}
                </button>
                <span class="rating" title="Difficulty on the Sudoku Explainer scale">
                    {rating}
                </span>
                <p id=about>{technique.about()}</p>
            </li>
        }
    });
    view! {
        <details class="techniques">
            <summary>"Techniques"</summary>
            <p class="intro">"Choose one to see where it applies on the board now."</p>
            <ul aria-label="Techniques">{items.collect_view()}</ul>
        </details>
    }
}
