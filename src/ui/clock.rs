//! The time played, and Pause (Resume while paused), which stops the clock and hides the
//! digits.

use leptos::prelude::*;
use sudoku_app::game::{Action, Game};

use super::every;
use crate::play::{Play, now_ms};

#[component]
pub fn ClockBar(play: Play) -> impl IntoView {
    let now = RwSignal::new(now_ms());
    let running = play.read(Game::clock_running);
    let pause_label = play.read(|game| if game.paused() { "Resume" } else { "Pause" });
    let shown = Memo::new(move |_| play.game.with(|game| game.clock_text(now.get())));
    // Only a running clock needs the time of day, once a second.
    let ticker = move || running.get().then(|| view! { <Ticker now /> });
    view! {
        <div class="clock-bar">
            <span class="clock" role="timer" aria-label="Time played">
                {shown}
            </span>
            <button type="button" on:click=play.on(|| Action::TogglePause)>
                {pause_label}
            </button>
            {ticker}
        </div>
    }
}

/// Sets `now` to the page clock every second while it is on the page.
#[component]
fn Ticker(now: RwSignal<f64>) -> impl IntoView {
    now.set(now_ms());
    every(1000, Box::new(move || now.set(now_ms())));
}
