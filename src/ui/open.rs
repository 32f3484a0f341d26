//! Getting a puzzle in: Open (a file picker; files dropped on the board come here too), a paste
//! box, and the list of a file's puzzles. The worker reads the text (any format the app reads,
//! f-puzzles and its links included); a puzzle opened closes the Menu, a list of several keeps it
//! open to choose from.

use leptos::html;
use leptos::prelude::*;
use leptos::web_sys::{File, HtmlInputElement};
use sudoku_app::game::Action;
use sudoku_core::parse::file::PuzzleList;
use wasm_bindgen_futures::JsFuture;

use super::dialogs::leave_for;
use crate::play::{Leaving, Play};

/// Reads a file the player chose or dropped, then opens what it holds.
pub fn open_file(play: Play, file: File) {
    let name = file.name();
    leptos::task::spawn_local(async move {
        match JsFuture::from(file.text()).await {
            Ok(text) => open_text(play, &name, &text.as_string().unwrap_or_default()),
            Err(_) => {
                play.apply(Action::Stop);
                play.apply(Action::Tell(format!(
                    "Cannot open {name}: the file could not be read"
                )));
            }
        }
    });
}

/// Gives a text to the worker to read, once the player agrees to leave the game if it has
/// something to lose: a puzzle it holds is opened, a list of several is offered to choose from
/// (see [`Play::hear`](crate::play::Play)); the message says why a text is not a puzzle, and the
/// game stays as it was. The list of the text read before goes.
pub fn open_text(play: Play, name: &str, text: &str) {
    play.list.set(None);
    leave_for(
        play,
        Leaving::Open {
            name: name.into(),
            text: text.into(),
        },
    );
}

/// Opens the puzzle at `index` of the list.
fn open_listed(play: Play, index: usize) {
    let chosen = play.list.with_untracked(|list| {
        let list = list.as_ref()?;
        let listed = list.puzzles.get(index)?;
        let name = format!(
            "puzzle {} (line {}) of {}",
            index + 1,
            listed.line,
            list.name
        );
        Some((name, listed.text.clone()))
    });
    if let Some((name, text)) = chosen {
        leave_for(play, Leaving::Open { name, text });
    }
}

/// Open: the file picker for a puzzle file, hidden; the Menu's Open button opens it.
#[component]
pub fn FilePicker(play: Play) -> impl IntoView {
    let chose_file = move |event: leptos::ev::Event| {
        let input: HtmlInputElement = event_target(&event);
        if let Some(file) = input.files().and_then(|files| files.get(0)) {
            open_file(play, file);
        }
        // Choosing the same file again must read it again.
        input.set_value("");
    };
    view! {
        <input
            type="file"
            id="open-file"
            hidden
            accept=".sud,.txt,.csv,.sdk,.json,text/plain,application/json"
            on:change=chose_file
        />
    }
}

/// Paste: a box for a puzzle as text, opened on demand.
#[component]
pub fn PasteBox(play: Play) -> impl IntoView {
    let pasted = NodeRef::<html::Textarea>::new();
    // Taken, the box closes (with the Menu, once the worker has read the text); refused, it stays
    // open for a correction.
    let load = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        let text = pasted.get().map(|area| area.value()).unwrap_or_default();
        open_text(play, "the pasted puzzle", &text);
    };
    view! {
        <details class="paste">
            <summary>"Paste"</summary>
            <form on:submit=load>
                <textarea
                    node_ref=pasted
                    aria-label="Puzzle text"
                    rows="4"
                    spellcheck="false"
                    placeholder="81 digits in a line (0 or . for blanks), 9 lines of 9, or f-puzzles JSON or link"
                ></textarea>
                <button type="submit">"Load"</button>
            </form>
        </details>
    }
}

/// A file's puzzles as a numbered list; choosing one opens it. Hidden until a file holds several.
#[component]
pub fn PuzzleChooser(play: Play) -> impl IntoView {
    let caption = move || {
        play.list.with(|list| {
            list.as_ref()
                .map(|list| format!("{} puzzles in {}", list.puzzles.len(), list.name))
        })
    };
    // The options go in as one piece of markup: a file may hold thousands.
    let options = move || {
        play.list
            .with(|list| list.as_ref().map(PuzzleList::options))
    };
    view! {
        <label class="chooser" hidden=move || play.list.with(Option::is_none)>
            <span>{caption}</span>
            <select
                inner_html=options
                on:change=move |event| {
                    if let Ok(index) = event_target_value(&event).parse() {
                        open_listed(play, index);
                    }
                }
            ></select>
        </label>
    }
}
