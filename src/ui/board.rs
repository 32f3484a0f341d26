//! The 9×9 board: drawn once, after which each cell redraws only when its own view changes. A
//! puzzle file (or text) dropped on the board is opened.

use leptos::prelude::*;
use leptos::web_sys::DragEvent;
use sudoku_app::game::{CellView, Game};
use sudoku_core::Cell;

use super::open::{open_file, open_text};
use crate::play::Play;

#[component]
pub fn Board(play: Play) -> impl IntoView {
    let rows = (0..9).map(|row| {
        let cells = (0..9).map(|col| view! { <BoardCell play cell=Cell::at(row, col) /> });
        view! { <div class="row" role="row">{cells.collect_view()}</div> }
    });
    let link_lines = play.read(Game::link_lines);
    let paused = play.read(Game::paused);
    let dragging = RwSignal::new(false);
    let drop = move |event: DragEvent| {
        event.prevent_default();
        dragging.set(false);
        let Some(data) = event.data_transfer() else {
            return;
        };
        if let Some(file) = data.files().and_then(|files| files.get(0)) {
            open_file(play, file);
        } else if let Ok(text) = data.get_data("text/plain") {
            open_text(play, "the dropped text", &text);
        }
    };
    view! {
        <div
            class="board"
            class:dragging=dragging
            class:paused=paused
            role="grid"
            aria-label="Sudoku board"
            on:dragover=move |event| {
                // Accepting the drag is what allows the drop.
                event.prevent_default();
                dragging.set(true);
            }
            on:dragleave=move |_| dragging.set(false)
            on:drop=drop
        >
            {rows.collect_view()}
            <svg class="links" viewBox="0 0 900 900" aria-hidden="true" inner_html=link_lines></svg>
        </div>
    }
}

#[component]
fn BoardCell(play: Play, cell: Cell) -> impl IntoView {
    // Recomputed on every change of the game, but equal views stop there: only the cells whose
    // view changed touch the page.
    let shown = Memo::new(move |_| {
        play.marks
            .with(|marks| play.game.with(|game| game.cell_view(marks, cell)))
    });
    let candidates = Memo::new(move |_| play.marks.with(|marks| marks.candidates_at(cell)));
    // The small digits go in as one piece of markup: one update per change of this cell's
    // candidates.
    let small_digits = move || candidates.with(|drawn| drawn.map(|drawn| drawn.markup()));
    view! {
        <div
            role="gridcell"
            class=move || shown.with(CellView::classes)
            aria-label=move || shown.with(|view| view.label(cell))
            aria-description=move || candidates.with(|drawn| drawn.and_then(|d| d.description()))
            aria-selected=move || shown.with(|view| view.selected.to_string())
            on:click=move |_| play.act(|game, now| game.click(cell, now))
            on:contextmenu=move |event| {
                event.prevent_default();
                play.act(|game, now| game.clear(cell, now));
            }
        >
            // Each dynamic part in its own element, so that one appearing or going never moves
            // the other.
            <span class="value">{move || shown.with(|view| view.digit.map(|digit| digit.get()))}</span>
            <span class="cands" aria-hidden="true" inner_html=small_digits></span>
        </div>
    }
}
