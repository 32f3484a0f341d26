//! The bar above the board: Menu, the puzzle's level and rating (and the count of mistakes while
//! Show mistakes is on), the clock with Pause, and Solver.

use leptos::prelude::*;
use sudoku_app::game::Game;

use super::clock::ClockBar;
use crate::play::Play;

#[component]
pub fn TopBar(play: Play) -> impl IntoView {
    let level = play.read(|game| match (game.daily(), game.rating()) {
        (Some(_), Some(rating)) => format!("Daily · {rating}"),
        (None, Some(rating)) => rating.to_string(),
        // A puzzle being typed in has no rating yet, and none is asked for.
        (_, None) if game.entering() => "New puzzle".to_string(),
        (_, None) if game.unrated() => "unrated".to_string(),
        (_, None) => "Rating…".to_string(),
    });
    let mistakes = play.read(Game::mistakes_text);
    // Red only once there is a mistake to count.
    let no_mistake = play.read(|game| game.mistakes() == 0);
    view! {
        <header class="bar">
            <h1 class="visually-hidden">"Sudoku"</h1>
            <PanelButton label="Menu" id="menu-button" controls="menu" open=play.menu_open />
            <div class="about">
                <p class="level" title="Level, and the rating on the Sudoku Explainer scale">
                    {level}
                </p>
                <p class="mistakes" class:none=no_mistake>{mistakes}</p>
            </div>
            <ClockBar play />
            <PanelButton label="Solver" id="solver-button" controls="solver" open=play.solver_open />
        </header>
    }
}

/// A button that shows and hides a panel of controls, announced by `aria-expanded`.
#[component]
fn PanelButton(
    label: &'static str,
    id: &'static str,
    controls: &'static str,
    open: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="panel-button"
            id=id
            aria-controls=controls
            aria-expanded=move || if open.get() { "true" } else { "false" }
            on:click=move |_| open.update(|open| *open = !*open)
        >
            {label}
        </button>
    }
}
