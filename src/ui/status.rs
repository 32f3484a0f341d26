//! The message area under the board: a live region, so screen readers announce what the game
//! says; beside it the buttons that belong to the moment: Back to mistake after Hint found a
//! wrong entry, Cancel while a new puzzle is made, Done and Cancel while a puzzle is entered.
//! While another tab keeps the game (the message says so), Take over. While a puzzle read with
//! rules is played, Rules, which opens the dialog of that name with them, its title and author.

use leptos::prelude::*;
use leptos::web_sys::{HtmlDialogElement, HtmlElement};
use sudoku_app::game::{Action, Game};

use sudoku_app::game::Keeping;

use super::board::focus_cell;
use super::dialogs::element;
use crate::play::Play;

/// The Rules dialog (fixed markup in index.html, as nothing in it is pressed but Close) with
/// what the setter wrote, as text: nothing in it is read as markup.
fn show_rules(play: Play) {
    let Some(about) = play.game.with_untracked(|game| game.about().cloned()) else {
        return;
    };
    for (id, text) in [
        ("rules-byline", about.byline()),
        ("rules-text", about.rules),
    ] {
        if let Some(part) = element::<HtmlElement>(id) {
            part.set_text_content(Some(&text));
        }
    }
    if let Some(dialog) = element::<HtmlDialogElement>("rules") {
        let _ = dialog.show_modal();
    }
}

/// Back to mistake, with the focus on the cell of the mistake.
fn back_to_mistake(play: Play) {
    play.apply(Action::BackToMistake);
    if let Some(cell) = play.game.with_untracked(Game::selected) {
        focus_cell(cell);
    }
}

#[component]
pub fn Status(play: Play) -> impl IntoView {
    let message = play.read(Game::message);
    let even = play.read(|game| game.told() % 2 == 0);
    // Only news is spoken: moving about changes the prompt without a word.
    let live = play.read(|game| {
        if game.message_is_news() {
            "polite"
        } else {
            "off"
        }
    });
    // While Solve runs, every step is a new message: screen readers wait for the last one.
    let busy = play.read(|game| if game.running() { "true" } else { "false" });
    let no_mistake = play.read(|game| !game.mistake_found());
    let not_making = play.read(|game| game.making().is_none());
    let not_entering = play.read(|game| !game.entering());
    let here = play.read(|game| game.keeping() != Keeping::Elsewhere);
    let no_rules = play.read(|game| game.about().is_none());
    view! {
        <div class="status-bar">
            <p class="status" role="status" aria-live=live aria-busy=busy>
                // A notice worded as the last moves to the other element, so that it is said
                // again.
                <span>{move || if even.get() { message.get() } else { String::new() }}</span>
                <span>{move || if even.get() { String::new() } else { message.get() }}</span>
            </p>
            <div class="moment">
                <button type="button" hidden=no_rules on:click=move |_| show_rules(play)>
                    "Rules"
                </button>
                <button type="button" hidden=no_mistake on:click=move |_| back_to_mistake(play)>
                    "Back to mistake"
                </button>
                <button type="button" hidden=not_making on:click=move |_| play.cancel_new_game()>
                    "Cancel"
                </button>
                <button
                    type="button"
                    class="primary"
                    hidden=not_entering
                    on:click=play.on(|| Action::FinishEntry)
                >
                    "Done"
                </button>
                <button
                    type="button"
                    hidden=not_entering
                    on:click=play.on(|| Action::CancelEntry)
                >
                    "Cancel"
                </button>
                <button
                    type="button"
                    class="primary"
                    hidden=here
                    on:click=move |_| play.take_over()
                >
                    "Take over"
                </button>
            </div>
        </div>
    }
}
