//! The digits: nine buttons. With cells selected, a digit goes into them (cell first);
//! otherwise it is picked, and each tap on a cell places it (digit first), at most one pressed.
//! Each shows how many of its digit are still to place, and a check mark once none are (class
//! `complete`). In Colour mode they are nine colours, which paint the cells the same ways.

use leptos::prelude::*;
use sudoku_app::game::{Action, Game};
use sudoku_core::Digit;

use crate::play::Play;

#[component]
pub fn Picker(play: Play) -> impl IntoView {
    // A selector wakes only the two buttons whose pressed state flips. Keyed by number like the
    // step log's, so that the page holds the code of one selector type.
    let picked = Selector::new(move || {
        play.game
            .with(|game| game.picked().map(|digit| u32::from(digit.get())))
    });
    let remaining = play.read(Game::remaining);
    let colouring = play.read(Game::colouring);
    let buttons = Digit::all().map(|digit| {
        let picked = picked.clone();
        let left = move || remaining.with(|left| left[digit.index()]);
        let figure = digit.get();
        view! {
            <button
                type="button"
                class="digit"
                class:complete=move || left() == 0
                aria-describedby=format!("left-{figure}")
                aria-pressed=move || picked.selected(&Some(u32::from(figure))).to_string()
                on:click=move |_| _ = play.apply(Action::PressDigit(digit))
            >
                {figure}
                // Out of the button's name, which is the digit alone; its description.
                <span
                    class="remaining"
                    id=format!("left-{figure}")
                    aria-hidden="true"
                    inner_html=move || left_markup(left())
                ></span>
            </button>
        }
    });
    view! {
        <div class="picker" class:colours=colouring role="group" aria-label="Digit or colour">
            {buttons.collect_view()}
        </div>
    }
}

/// What is left of a digit: its count, or a check mark (drawn by the style sheet) once none is,
/// with the words a screen reader says of it, "3 left" or "all placed".
fn left_markup(left: u8) -> String {
    match left {
        0 => r#"<span class="visually-hidden">all placed</span>"#.into(),
        left => format!(r#"{left}<span class="visually-hidden"> left</span>"#),
    }
}
