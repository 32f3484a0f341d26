//! The Solver panel, the workbench: Candidates, Fill notes, Step, Solve (Stop while running)
//! with its pace, Solve by search once logic is stuck, the questions about the selected cell a
//! player who listens asks (the group "Read", the keys' buttons for touch screens), the step log
//! and the techniques.

use leptos::prelude::*;
use sudoku_app::game::{Action, Game, Question};

use super::log::StepLog;
use super::techniques::Techniques;
use super::toggle::Toggle;
use super::{every, pressed};
use crate::play::Play;

/// Milliseconds between two steps of Solve, by speed 1 to 10.
const DELAYS_MS: [u32; 10] = [1500, 1000, 700, 500, 350, 250, 170, 110, 60, 25];

fn delay_ms(speed: u8) -> u32 {
    DELAYS_MS[usize::from(speed.clamp(1, 10)) - 1]
}

#[component]
pub fn SolverPanel(play: Play) -> impl IntoView {
    view! {
        <section
            id="solver"
            class="solver-panel"
            aria-label="Solver"
            hidden=move || !play.solver_open.get()
        >
            <SolverBar play />
            <ReadBar play />
            <StepLog play />
            <Techniques play />
        </section>
    }
}

#[component]
fn SolverBar(play: Play) -> impl IntoView {
    let running = play.read(Game::running);
    let run_label = play.read(|game| if game.running() { "Stop" } else { "Solve" });
    let not_stuck = play.read(|game| !game.stuck());
    // While Solve runs, a timer of the current pace takes the steps; a new pace or the end of
    // the run drops it.
    let runner = move || {
        running
            .get()
            .then(|| view! { <Runner play delay_ms=delay_ms(play.speed.get()) /> })
    };
    view! {
        <div class="solver-bar" role="group" aria-label="Solver">
            <Toggle
                play
                label="Candidates"
                is_on=Game::candidates
                flip=|| Action::ToggleCandidates
            />
            <button type="button" on:click=play.on(|| Action::FillNotes)>
                "Fill notes"
            </button>
            <button type="button" on:click=play.on(|| Action::Step)>
                "Step"
            </button>
            <button
                type="button"
                class="run"
                class:running=running
                on:click=play.on(|| Action::ToggleSolve)
            >
                {run_label}
            </button>
            <label class="speed">
                <span>"Speed"</span>
                <input
                    type="range"
                    min="1"
                    max="10"
                    prop:value=move || play.speed.get().to_string()
                    on:input=move |event| {
                        if let Ok(speed) = event_target_value(&event).parse() {
                            play.speed.set(speed);
                        }
                    }
                />
            </label>
            // Offered only once logic is stuck. The buttons are written out one by one, as in the
            // other bars: each has its own visibility and action, and the markup is the contract.
            <button
                type="button"
                class="primary search"
                hidden=not_stuck
                on:click=play.on(|| Action::SolveBySearch)
            >
                "Solve by search"
            </button>
            {runner}
        </div>
    }
}

/// The questions' buttons, plain markup named by their `value`, with one handler.
const READ: &str = r#"<button type="button" value="row">Read row</button><button type="button" value="column">Read column</button><button type="button" value="box">Read box</button><button type="button" value="missing">Missing</button><button type="button" value="where">Where is</button><button type="button" value="next">Next empty</button><button type="button" value="previous">Previous empty</button><button type="button" value="position">Where am I</button><button type="button" value="repeat">Repeat</button>"#;

#[component]
fn ReadBar(play: Play) -> impl IntoView {
    view! {
        <div
            class="read-bar"
            role="group"
            aria-label="Read"
            inner_html=READ
            on:click=move |event| {
                let action = match pressed(&event).as_deref() {
                    Some("row") => Action::Ask(Question::Row),
                    Some("column") => Action::Ask(Question::Column),
                    Some("box") => Action::Ask(Question::Box),
                    Some("missing") => Action::Ask(Question::Missing),
                    Some("position") => Action::Ask(Question::Position),
                    Some("where") => Action::AskWhere,
                    Some("next") => Action::SelectEmpty { forward: true },
                    Some("previous") => Action::SelectEmpty { forward: false },
                    Some("repeat") => Action::Repeat,
                    _ => return,
                };
                play.apply(action);
            }
        ></div>
    }
}

/// Takes one step of Solve every `delay_ms` while it is on the page.
#[component]
fn Runner(play: Play, delay_ms: u32) -> impl IntoView {
    every(
        delay_ms,
        Box::new(move || _ = play.apply(Action::SolveTick)),
    );
}
