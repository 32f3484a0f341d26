//! The techniques of the solver's registry, simplest first, each with its paragraph for players;
//! choosing one shows where it applies on the board now. The list comes from the solver's
//! worker, which holds the techniques.
//!
//! The list is markup, drawn again when it comes or another technique is chosen (both rare), with
//! one handler for the button pressed: items built one by one in Leptos' view cost the page's
//! wasm 1.2 KB (gzipped) more.

use std::fmt::Write;

use leptos::prelude::*;
use sudoku_app::game::{Action, Game};
use sudoku_app::worker::TechniqueInfo;

use sudoku_core::parse::file::push_html_text;

use super::pressed;
use crate::play::Play;

#[component]
pub fn Techniques(play: Play) -> impl IntoView {
    let shown = play.read(Game::shown_technique);
    let items = move || {
        let shown = shown.get();
        play.techniques.with(|techniques| markup(techniques, shown))
    };
    let choose = move |event| {
        let Some(index) = pressed(&event).and_then(|value| value.parse::<usize>().ok()) else {
            return;
        };
        let name = play
            .techniques
            .with_untracked(|techniques| techniques.get(index).map(|t| t.name.clone()));
        if let Some(name) = name {
            play.apply(Action::ShowTechnique { index, name });
        }
    };
    view! {
        <details class="techniques">
            <summary>"Techniques"</summary>
            <p class="intro">"Choose one to see where it applies on the board now."</p>
            <ul aria-label="Techniques" inner_html=items on:click=choose></ul>
        </details>
    }
}

/// An item per technique: its button (valued by its index), its difficulty, and its paragraph,
/// which describes the button; the item of the one `shown` is marked chosen.
fn markup(techniques: &[TechniqueInfo], shown: Option<usize>) -> String {
    let mut html = String::new();
    for (index, technique) in techniques.iter().enumerate() {
        let chosen = if shown == Some(index) {
            " class=\"chosen\""
        } else {
            ""
        };
        let _ = write!(
            html,
            "<li{chosen}><button type=\"button\" value=\"{index}\" aria-describedby=\"about-technique-{index}\">"
        );
        push_html_text(&mut html, &technique.name);
        let _ = write!(
            html,
            "</button><span class=\"rating\" title=\"Difficulty on the Sudoku Explainer scale\">{}</span><p id=\"about-technique-{index}\">",
            technique.difficulty
        );
        push_html_text(&mut html, &technique.about);
        html.push_str("</p></li>");
    }
    html
}
