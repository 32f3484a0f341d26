//! The step log: every step the solver took on this game, newest in view; choosing one shows it
//! on the board again.
//!
//! Each entry is markup made once, when its step is taken: the step's sentence, and for a forcing
//! chain its whole proof, folded until asked for. One handler on the list carries out a click or a
//! key on an entry, and one effect marks the entry shown: entries built element by element, each
//! with its handlers and its own watch on the choice, cost the page's wasm 0.9 KB (gzipped) more.

use std::fmt::Write;

use leptos::prelude::*;
use leptos::web_sys::{Element, Event, KeyboardEvent};
use sudoku_app::game::Game;
use wasm_bindgen::JsCast;

use super::escape;
use crate::play::Play;

#[component]
pub fn StepLog(play: Play) -> impl IntoView {
    // Entries are keyed by id: a new step adds one item, Undo removes the last; the others stay.
    let ids = play.read(Game::log_ids);
    Effect::new(move |_| mark_shown(play.game.with(Game::shown_log)));
    let entry = move |id: u32| play.game.with_untracked(|game| markup(game, id));
    view! {
        <section class="log-panel">
            <h2>"Step log"</h2>
            <p class="empty-log" hidden=move || !ids.with(Vec::is_empty)>
                "Step, Solve and the steps they take appear here."
            </p>
            // The newest entry stays in view without a line of code: the list scrolls in a box that
            // lays out from its end (style/main.css).
            <div class="log-scroll">
                <ol
                    class="log"
                    aria-label="Step log"
                    on:click=move |event| _ = choose(play, &event)
                    on:keydown=move |event: KeyboardEvent| {
                        if matches!(event.key().as_str(), "Enter" | " ") && choose(play, &event) {
                            event.prevent_default();
                        }
                    }
                >
                    <For each=move || ids.get() key=|id| *id let:id>
                        <li tabindex="0" data-id=id inner_html=entry(id)></li>
                    </For>
                </ol>
            </div>
        </section>
    }
}

/// An entry's content: the step's sentence, and for a forcing chain its proof, a fact a line and
/// a nested chain's proof indented under the fact it proves, in a `details.proof`.
fn markup(game: &Game, id: u32) -> String {
    let mut html = String::from("<span>");
    escape(&game.log_text(id), &mut html);
    html.push_str("</span>");
    if let Some((lines, text)) = game.log_proof(id) {
        let _ = write!(
            html,
            "<details class=\"proof\"><summary>Proof, {lines} lines</summary><pre>"
        );
        escape(&text, &mut html);
        html.push_str("</pre></details>");
    }
    html
}

/// Shows the step of the entry an event happened in, unless it happened in the entry's proof
/// (whose keys and clicks open and close it). The entry itself is chosen, so that the sentences,
/// which may name techniques such as "Locked Candidates", never clash with the buttons' names.
/// Returns whether an entry was chosen.
fn choose(play: Play, event: &Event) -> bool {
    let Some(target) = event
        .target()
        .and_then(|target| target.dyn_into::<Element>().ok())
    else {
        return false;
    };
    let in_proof = event.type_() == "keydown" && target.closest("details").ok().flatten().is_some();
    let id = target
        .closest("li[data-id]")
        .ok()
        .flatten()
        .and_then(|entry| entry.get_attribute("data-id"))
        .and_then(|id| id.parse().ok());
    match id {
        Some(id) if !in_proof => {
            play.game.update(|game| game.show_logged(id));
            true
        }
        _ => false,
    }
}

/// Marks the entry of the step shown on the board (class `chosen`, `aria-current`), and only it.
fn mark_shown(shown: Option<u32>) {
    let document = document();
    // An entry has no other class.
    if let Ok(Some(previous)) = document.query_selector(".log li.chosen") {
        let _ = previous.remove_attribute("class");
        let _ = previous.remove_attribute("aria-current");
    }
    let selector = shown.map(|id| format!(".log li[data-id=\"{id}\"]"));
    if let Some(Ok(Some(entry))) = selector.map(|selector| document.query_selector(&selector)) {
        let _ = entry.set_attribute("class", "chosen");
        let _ = entry.set_attribute("aria-current", "true");
    }
}
