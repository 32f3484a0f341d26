//! The 9×9 board: drawn once, after which each cell redraws only when its own view changes.

use leptos::prelude::*;
use sudoku::Cell;

use super::app::Play;
use super::game::CellView;

#[component]
pub fn Board(play: Play) -> impl IntoView {
    let rows = (0..9).map(|row| {
        let cells = (0..9).map(|col| view! { <BoardCell play cell=Cell::at(row, col) /> });
        view! { <div class="row" role="row">{cells.collect_view()}</div> }
    });
    view! {
        <div class="board" role="grid" aria-label="Sudoku board">
            {rows.collect_view()}
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
    view! {
        <div
            role="gridcell"
            class=move || shown.with(CellView::classes)
            aria-label=move || shown.with(|view| view.label(cell))
            aria-selected=move || shown.with(|view| view.selected.to_string())
            on:click=move |_| play.act(|game, now| game.click(cell, now))
            on:contextmenu=move |event| {
                event.prevent_default();
                play.act(|game, now| game.clear(cell, now));
            }
        >
            {move || shown.with(|view| view.digit.map(|digit| digit.get()))}
        </div>
    }
}
