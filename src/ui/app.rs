//! The page: its layout, the keyboard, and what happens on a panic.

use leptos::prelude::*;
use leptos::{ev, web_sys};
use sudoku_app::game::Game;
use wasm_bindgen::JsCast;

use super::board::Board;
use super::controls::Controls;
use super::log::StepLog;
use super::open::OpenBar;
use super::picker::Picker;
use super::solver::SolverBar;
use super::status::{PuzzleLevel, Status};
use super::techniques::Techniques;
use crate::play::{Play, keep_stored, keep_worker_asked};

/// Mounts the app. A panic logs to the console and reveals the page's error notice instead of
/// leaving a dead board behind.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        if let Some(notice) = web_sys::window()
            .and_then(|window| window.document())
            .and_then(|document| document.get_element_by_id("crash"))
        {
            let _ = notice.remove_attribute("hidden");
        }
    }));
    leptos::mount::mount_to_body(App);
}

/// Whether a key press belongs to a form field (the paste box, the speed slider, the list of
/// puzzles) rather than to the board.
fn typing_in_a_field(event: &web_sys::KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|element| {
            matches!(element.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
        })
}

#[component]
fn App() -> impl IntoView {
    let play = Play::new();
    keep_stored(play);
    keep_worker_asked(play);
    let solved = Memo::new(move |_| play.game.with(Game::is_solved));
    let entering = Memo::new(move |_| play.game.with(Game::entering));
    let keys = window_event_listener(ev::keydown, move |event| {
        // Leave shortcuts such as Ctrl+R to the browser, and typing in fields to the fields.
        if event.ctrl_key() || event.meta_key() || event.alt_key() || typing_in_a_field(&event) {
            return;
        }
        let mut handled = false;
        play.act(|game, now| handled = game.press_key(&event.key(), now));
        if handled {
            event.prevent_default();
        }
    });
    on_cleanup(move || keys.remove());
    view! {
        <main class="app" class:solved=move || solved.get() class:entering=move || entering.get()>
            <header class="top">
                <h1>"Sudoku"</h1>
                <PuzzleLevel play />
                <OpenBar play />
            </header>
            <div class="play">
                <div class="stage">
                    <Board play />
                    <Status play />
                </div>
                <div class="panel">
                    <Picker play />
                    <Controls play />
                    <SolverBar play />
                </div>
                <div class="side">
                    <StepLog play />
                    <Techniques play />
                </div>
            </div>
        </main>
    }
}
