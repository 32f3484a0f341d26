//! The step log: every step the solver took on this game, newest in view; choosing one shows it
//! on the board again.

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;
use sudoku_app::game::{Action, Game};

use crate::play::Play;

#[component]
pub fn StepLog(play: Play) -> impl IntoView {
    // Entries are keyed by id: a new step adds one item, Undo removes the last; the others stay.
    let ids = play.read(Game::log_ids);
    let chosen = Selector::new(move || play.game.with(Game::shown_log));
    // The box keeps its newest entry in view as entries come, unless the player has scrolled
    // back from the end to read older ones. (Laid out from its end instead, with
    // `column-reverse`, every new entry moved all the others in the box, and repainting them took
    // Solve's frames over 50 ms on a slow processor.) It scrolls at the frame, when the page is
    // laid out anyway.
    //
    // The list's height at its last change; 0 while the Solver is closed, so that it opens at the
    // end.
    let height_before = Rc::new(Cell::new(0));
    Effect::new(move |_| {
        ids.track();
        if !play.solver_open.get() {
            height_before.set(0);
            return;
        }
        let height_before = Rc::clone(&height_before);
        request_animation_frame(move || {
            let Ok(Some(scroller)) = document().query_selector(".log-scroll") else {
                return;
            };
            let (seen_to, height) = (
                scroller.scroll_top() + scroller.client_height(),
                scroller.scroll_height(),
            );
            let last = height_before.get();
            // A shorter list (Undo, a new game) is followed from its end as well.
            if seen_to + 8 >= last || height < last {
                scroller.set_scroll_top(height);
            }
            height_before.set(height);
        });
    });
    view! {
        <section class="log-panel">
            <h2>"Step log"</h2>
            <p class="empty-log" hidden=move || !ids.with(Vec::is_empty)>
                "Step, Solve and the steps they take appear here."
            </p>
            <div class="log-scroll">
                <ol class="log" aria-label="Step log">
                    <For each=move || ids.get() key=|id| *id let:id>
                        <LogEntry play id chosen=chosen.clone() />
                    </For>
                </ol>
            </div>
        </section>
    }
}

/// One entry: the step's sentence, and for a forcing chain its whole proof, folded until asked
/// for. The item itself is chosen (click, Enter or Space), so that the sentences, which may name
/// techniques such as "Locked Candidates", never clash with the names of the buttons.
#[component]
fn LogEntry(play: Play, id: u32, chosen: Selector<Option<u32>>) -> impl IntoView {
    let (text, proof) = play
        .game
        .with_untracked(|game| (game.log_text(id), game.log_proof(id)));
    let is_chosen = Memo::new(move |_| chosen.selected(&Some(id)));
    let choose = move || {
        play.apply(Action::ShowLogged(id));
    };
    view! {
        <li
            tabindex="0"
            class:chosen=move || is_chosen.get()
            aria-current=move || is_chosen.get().then_some("true")
            on:click=move |_| choose()
            on:keydown=move |event| {
                if matches!(event.key().as_str(), "Enter" | " ") {
                    event.prevent_default();
                    choose();
                }
            }
        >
            <span>{text}</span>
            {proof.map(|(lines, text)| view! { <Proof lines text /> })}
        </li>
    }
}

/// A proof, shown on demand: a forcing chain's, one fact a line and a nested chain's proof
/// indented under the fact it proves, or the links the rules make in a chain, one a line. Its
/// keys open and close it without choosing the entry.
#[component]
fn Proof(lines: usize, text: String) -> impl IntoView {
    let summary = match lines {
        1 => "Proof, 1 line".to_string(),
        _ => format!("Proof, {lines} lines"),
    };
    view! {
        <details class="proof" on:keydown=|event| event.stop_propagation()>
            <summary>{summary}</summary>
            <pre>{text}</pre>
        </details>
    }
}
