//! The page's components, one per part of the screen: the bar above the board, the board, the
//! message, the tools and the digits below it, the Menu and the Solver panels and the dialogs.
//! Each takes the shared [`crate::play::Play`] and reads only what it shows. Beside them, the
//! timer the clock and Solve share, and the wait for a frame to be drawn.

pub mod app;
mod bar;
mod board;
mod calendar;
mod clock;
mod dialogs;
mod log;
mod menu;
mod open;
mod picker;
mod share;
mod solver;
mod status;
mod techniques;
mod toggle;
mod tools;

use std::time::Duration;

use gloo_timers::callback::Interval;
use leptos::prelude::{
    LocalStorage, StoredValue, UpdateValue, on_cleanup, request_animation_frame, set_timeout,
};
use leptos::web_sys::{Element, MouseEvent};
use wasm_bindgen::JsCast;

/// The `value` of the button a click pressed, for a handler of a group of plain buttons.
fn pressed(event: &MouseEvent) -> Option<String> {
    event
        .target()
        .and_then(|target| target.dyn_into::<Element>().ok())
        .and_then(|target| target.closest("button[value]").ok().flatten())
        .and_then(|button| button.get_attribute("value"))
}

/// Runs `then` once the next frame is drawn: a frame's callbacks run before it is drawn, a
/// timeout set in one runs after.
pub(crate) fn after_next_frame(then: impl FnOnce() + 'static) {
    request_animation_frame(move || set_timeout(then, Duration::ZERO));
}

/// Runs `tick` every `delay_ms` while the calling component is on the page. (Boxed, so that the
/// clock and Solve share one timer's code.)
fn every(delay_ms: u32, mut tick: Box<dyn FnMut()>) {
    // A closure, not the box itself: the box as the interval's callback costs 0.3 KB of wasm.
    #[expect(clippy::redundant_closure)]
    let interval = Interval::new(delay_ms, move || tick());
    let timer = StoredValue::<_, LocalStorage>::new_local(Some(interval));
    // Dropping the interval clears it.
    on_cleanup(move || {
        timer.try_update_value(Option::take);
    });
}
