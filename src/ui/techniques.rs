//! The techniques of the solver's registry, simplest first, each with its paragraph for players;
//! choosing one shows where it applies on the board now. The list comes from the solver's
//! worker, which holds the techniques.

use leptos::prelude::*;
use sudoku_app::game::Game;

use crate::play::Play;

#[component]
pub fn Techniques(play: Play) -> impl IntoView {
    let shown = play.read(Game::shown_technique);
    // Drawn again, by position, when the list comes or another technique is chosen: both are
    // rare, and plain items cost the page less than items that each watch the choice.
    let items = move || {
        let shown = shown.get();
        play.techniques.with(|techniques| {
            techniques
                .iter()
                .enumerate()
                .map(|(index, technique)| {
                    let about = format!("about-technique-{index}");
                    let name = technique.name.clone();
                    view! {
                        <li class:chosen=shown == Some(index)>
                            <button
                                type="button"
                                aria-describedby=about.clone()
                                on:click=move |_| {
                                    play.game.update(|game| game.show_technique(index, &name));
                                }
                            >
                                {technique.name.clone()}
                            </button>
                            <span class="rating" title="Difficulty on the Sudoku Explainer scale">
                                {technique.difficulty.to_string()}
                            </span>
                            <p id=about>{technique.about.clone()}</p>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <details class="techniques">
            <summary>"Techniques"</summary>
            <p class="intro">"Choose one to see where it applies on the board now."</p>
            <ul aria-label="Techniques">{items}</ul>
        </details>
    }
}
