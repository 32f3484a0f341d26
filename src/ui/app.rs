//! The page: its layout (the bar, the board, the message, the tools and digits, and the Menu and
//! Solver panels one tap away), the keyboard, the clock's pause in the background, the service
//! worker that keeps the game playable offline.

use std::time::Duration;

use leptos::prelude::*;
use leptos::{ev, web_sys};
use sudoku_app::game::{Action, Game, Keeping};
use wasm_bindgen::JsCast;

use super::after_next_frame;
use super::bar::TopBar;
use super::board::{Board, focus_cell, focus_on_board};
use super::calendar::DailyPuzzles;
use super::dialogs::{Dialogs, announce_solved, ask_to_leave, show_solved};
use super::menu::Menu;
use super::picker::Picker;
use super::solver::SolverPanel;
use super::status::Status;
use super::tools::Tools;
use crate::play::{Play, keep_address, keep_stored, keep_worker_asked};

/// Mounts the app. It is built off the page, in parts, a task each (see [`App`]), and put on the
/// page whole by the last. (A panic stops the wasm with a trap, which index.html's script turns
/// into the page's error notice instead of a dead board.)
pub fn start() {
    let Ok(holder) = document().create_element("div") else {
        return;
    };
    let holder = holder.unchecked_into::<web_sys::HtmlElement>();
    // Not in the task that instantiated the wasm, which is long enough already.
    set_timeout(
        move || leptos::mount::mount_to(holder, App).forget(),
        Duration::ZERO,
    );
    offer_offline_play();
}

/// Builds `part` in `place` (an element that lays out as its children, `display: contents`), in
/// a mount of its own: the component was given the shared [`Play`], so it needs no context.
fn build_in<V: IntoView + 'static>(
    place: NodeRef<leptos::html::Div>,
    part: impl FnOnce() -> V + 'static,
) {
    if let Some(place) = place.get_untracked() {
        leptos::mount::mount_to(place.into(), part).forget();
    }
}

/// Runs `build` the first time `open` turns true, before that change reaches the page (an
/// effect runs in the task that made the change). What it builds belongs to the effect, which
/// then follows nothing, so it never runs again to dispose of it.
fn build_once_opened(open: RwSignal<bool>, build: Box<dyn FnOnce()>) {
    let waiting = std::cell::Cell::new(Some(build));
    Effect::new(move |_| {
        if !open.get_untracked() {
            open.track();
        } else if let Some(build) = waiting.take() {
            untrack(build);
        }
    });
}

/// Runs each stage in a task of its own, one after the other, from the next task on.
fn in_turn(stages: Vec<Box<dyn FnOnce()>>) {
    fn next(mut stages: std::vec::IntoIter<Box<dyn FnOnce()>>) {
        if let Some(stage) = stages.next() {
            set_timeout(
                move || {
                    stage();
                    next(stages);
                },
                Duration::ZERO,
            );
        }
    }
    next(stages.into_iter());
}

/// Registers the service worker (`sw.js`, written by the build with the list of its files) once
/// the frame showing the board is drawn and the page has loaded, so that its downloads never
/// delay the board. Without service workers (an old browser, a private window) the page simply
/// needs the network.
fn offer_offline_play() {
    after_next_frame(register_once_loaded);
}

fn register_once_loaded() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let loaded = window
        .document()
        .is_some_and(|document| document.ready_state() == "complete");
    if loaded {
        register_service_worker();
    } else {
        let options = web_sys::AddEventListenerOptions::new();
        options.set_once(true);
        let on_load = wasm_bindgen::closure::Closure::once_into_js(register_service_worker);
        let _ = window.add_event_listener_with_callback_and_add_event_listener_options(
            "load",
            on_load.unchecked_ref(),
            &options,
        );
    }
}

fn register_service_worker() {
    if let Some(window) = web_sys::window() {
        let registered = window.navigator().service_worker().register("sw.js");
        // Awaited only so that a refusal is not reported as an uncaught error.
        leptos::task::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(registered).await;
        });
    }
}

/// Whether a key press belongs to a form field (the paste box, the speed slider, the list of
/// puzzles) or to a dialog (which Escape closes) rather than to the board.
fn typing_in_a_field(event: &web_sys::KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|element| {
            matches!(element.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                || element.closest("dialog").ok().flatten().is_some()
        })
}

#[component]
fn App() -> impl IntoView {
    let play = Play::new();
    keep_stored(play);
    keep_worker_asked(play);
    keep_address(play);
    let solved = play.read(Game::is_solved);
    // Solved by an action, not read back solved: the Solved dialog says so.
    Effect::new(move |first: Option<()>| {
        play.solved.track();
        if first.is_some() {
            announce_solved(play);
        }
    });
    let entering = play.read(Game::entering);
    let elsewhere = play.read(|game| game.keeping() == Keeping::Elsewhere);
    let app = NodeRef::<leptos::html::Main>::new();
    let keys = window_event_listener(ev::keydown, move |event| {
        // Typing in fields belongs to the fields, and shortcuts other than Undo and Redo (such
        // as Ctrl+R) to the browser.
        // Nor does a key belong to a game another tab keeps.
        if event.alt_key()
            || typing_in_a_field(&event)
            || play.game.with_untracked(Game::keeping) == Keeping::Elsewhere
            // Keys pressed before the app is on the page are the picture's to replay.
            || !app.get_untracked().is_some_and(|app| app.is_connected())
        {
            return;
        }
        let key = event.key();
        // Escape closes the Menu (a dialog closes itself) and gives the focus back to its button.
        if key == "Escape" && play.menu_open.get_untracked() {
            play.menu_open.set(false);
            if let Some(button) = document()
                .get_element_by_id("menu-button")
                .and_then(|element| element.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = button.focus();
            }
            return;
        }
        let on_board = focus_on_board();
        // Home and End belong to the board only while it has the focus.
        if (key == "Home" || key == "End") && !on_board {
            return;
        }
        // The board reached by Tab, nothing selected: a key acts on the cell with the focus.
        if on_board
            && play.game.with_untracked(|game| game.selected().is_none())
            && (key.chars().count() == 1
                || key.starts_with("Arrow")
                || key == "Backspace"
                || key == "Delete")
        {
            play.apply(Action::MoveSelection { rows: 0, cols: 0 });
        }
        let action = if event.ctrl_key() || event.meta_key() {
            Action::Shortcut {
                key,
                shift: event.shift_key(),
            }
        } else {
            Action::Key(key)
        };
        // A key that means nothing to the game (Shift, Ctrl+C) is the browser's.
        if play.apply(action).changed {
            event.prevent_default();
            // On the board, the focus follows the cell selected (the grid pattern's roving
            // focus): arrows, Home, End, E.
            if on_board && let Some(cell) = play.game.with_untracked(Game::selected) {
                focus_cell(cell);
            }
        }
    });
    // The clock stops while the page is in the background (another tab, a locked phone).
    let visibility = window_event_listener_untyped("visibilitychange", move |_| {
        let hidden = document().hidden();
        play.apply(Action::SetHidden(hidden));
    });
    on_cleanup(move || {
        keys.remove();
        visibility.remove();
    });
    // The page is built in tasks short enough not to hold up a phone (each compiles, the first
    // time, the code it runs): this one builds the bar, the message and the places of the rest off
    // the page, the next the board, the next the tools and the digits, and puts the whole on the
    // page. What stays hidden until asked for is built when first asked for, in the task that
    // opens it: the Menu with the dialogs it opens, and the Solver panel. So a first visit's load
    // spends nothing on them.
    let [
        board_place,
        pad_place,
        menu_place,
        solver_place,
        dialogs_place,
    ] = [(); 5].map(|()| NodeRef::new());
    build_once_opened(
        play.menu_open,
        Box::new(move || {
            build_in(menu_place, move || view! { <Menu play /> });
            play.dialogs_wanted.set(true);
        }),
    );
    build_once_opened(
        play.dialogs_wanted,
        Box::new(move || {
            build_in(
                dialogs_place,
                move || view! { <Dialogs play /> <DailyPuzzles play /> },
            );
            // Wanted first by an action that asks "Leave this game?", or by a solve.
            ask_to_leave(play);
            show_solved(play);
        }),
    );
    build_once_opened(
        play.solver_open,
        Box::new(move || build_in(solver_place, move || view! { <SolverPanel play /> })),
    );
    let shown_parts: Vec<Box<dyn FnOnce()>> = vec![
        Box::new(move || build_in(board_place, move || view! { <Board play /> })),
        Box::new(move || {
            build_in(pad_place, move || view! { <Tools play /> <Picker play /> });
            if let Some(app) = app.get_untracked() {
                let _ = document().body().map(|body| body.append_child(&app));
            }
            play.start_worker();
        }),
    ];
    in_turn(shown_parts);
    view! {
        <main
            node_ref=app
            class="app"
            class:solved=solved
            class:entering=entering
            class:elsewhere=elsewhere
            class:solver-open=move || play.solver_open.get()
        >
            <TopBar play />
            <div class="place" node_ref=menu_place></div>
            <div class="place" node_ref=board_place></div>
            <Status play />
            <div class="pad" node_ref=pad_place></div>
            <div class="place" node_ref=solver_place></div>
            <div class="place" node_ref=dialogs_place></div>
        </main>
    }
}
