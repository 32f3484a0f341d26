//! The page's components, one per part of the screen; each takes the shared [`crate::play::Play`]
//! and reads only what it shows. Beside them, the timer the clock and Solve share.

pub mod app;
mod board;
mod clock;
mod controls;
mod edit;
mod log;
mod open;
mod picker;
mod share;
mod solver;
mod status;
mod techniques;
mod toggle;

use gloo_timers::callback::Interval;
use leptos::prelude::{LocalStorage, StoredValue, UpdateValue, on_cleanup};

/// Runs `tick` every `delay_ms` while the calling component is on the page. (Boxed, so that the
/// clock and Solve share one timer's code.)
fn every(delay_ms: u32, mut tick: Box<dyn FnMut()>) {
    let interval = Interval::new(delay_ms, move || tick());
    let timer = StoredValue::<_, LocalStorage>::new_local(Some(interval));
    // Dropping the interval clears it.
    on_cleanup(move || {
        timer.try_update_value(Option::take);
    });
}
