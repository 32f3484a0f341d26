//! The 9×9 board: drawn once, after which each cell redraws only when its own view changes. A
//! puzzle file (or text) dropped on the board is opened.

use leptos::prelude::*;
use leptos::web_sys::{DragEvent, Element, HtmlElement, MouseEvent, PointerEvent};
use sudoku_app::game::{Action, CandidatesView, CellView, Game};
use sudoku_core::{Cell, CellSet};
use wasm_bindgen::JsCast;

use super::open::{open_file, open_text};
use crate::play::Play;
use sudoku_app::rules::words_at;

#[component]
pub fn Board(play: Play) -> impl IntoView {
    // A variant's cages, diagonals, windows or regions, drawn by the worker.
    let rules_drawn = play.read(|game| game.rules().drawing().to_string());
    let shown = cells_shown(play, rules_drawn);
    // What each cell says of the rules' marks it is on: a line per cell, the same all game.
    let marks = play.read(|game| game.rules().cell_words().to_string());
    let rows = (0..9).map(|row| {
        let cells = (0..9).map(|col| {
            let cell = Cell::at(row, col);
            view! { <BoardCell cell shown=shown[cell.index()] marks /> }
        });
        view! { <div class="row" role="row">{cells.collect_view()}</div> }
    });
    let link_lines = play.read(Game::link_lines);
    light_rules(play, rules_drawn);
    let jigsaw = play.read(|game| game.rules().is_jigsaw());
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
    // A press on the board, then a move over other cells, selects them all: the cell pressed,
    // and the one the pointer was over last.
    let dragged = StoredValue::new(None::<(Cell, Cell)>);
    let press = move |event: PointerEvent| {
        dragged.set_value(cell_under(&event).map(|cell| (cell, cell)));
    };
    let drag = move |event: PointerEvent| {
        // Only while pressed: the board's box is read then, not at every move of a mouse.
        let Some((from, last)) = dragged.get_value().filter(|_| event.buttons() & 1 == 1) else {
            return;
        };
        let Some(to) = cell_under(&event) else {
            return;
        };
        if to != last {
            dragged.set_value(Some((from, to)));
            play.apply(Action::DragOver { from, to });
        }
    };
    view! {
        <div
            class="board"
            class:dragging=dragging
            class:paused=paused
            class:jigsaw=jigsaw
            role="grid"
            aria-label="Sudoku board"
            aria-multiselectable="true"
            on:dragover=move |event| {
                // Accepting the drag is what allows the drop.
                event.prevent_default();
                dragging.set(true);
            }
            on:dragleave=move |_| dragging.set(false)
            on:drop=drop
            on:pointerdown=press
            on:pointermove=drag
            on:pointerup=move |_| dragged.set_value(None)
            // One handler for the 81 cells: fewer to make while the page loads.
            on:click=move |event: MouseEvent| {
                let Some(cell) = cell_of(&event) else {
                    return;
                };
                play.apply(if event.shift_key() || event.ctrl_key() || event.meta_key() {
                    Action::SelectMore(cell)
                } else {
                    Action::Click(cell)
                });
            }
            on:contextmenu=move |event: MouseEvent| {
                if let Some(cell) = cell_of(&event) {
                    event.prevent_default();
                    play.apply(Action::Clear(cell));
                }
            }
        >
            {rows.collect_view()}
            <svg class="rules" viewBox="0 0 900 900" aria-hidden="true" inner_html=rules_drawn></svg>
            <svg class="links" viewBox="0 0 900 900" aria-hidden="true" inner_html=link_lines></svg>
        </div>
    }
}

/// Lights the marks of the rules the step shown reads (class `proof`) in the worker's drawing,
/// whose groups, children of `svg.rules`, carry their rule's number (`data-rule`): the page
/// numbers nothing itself.
fn light_rules(play: Play, drawing: Memo<String>) {
    let lit = play.read(Game::shown_rules);
    // With none lit before or now, a new drawing has none lit either.
    let mut was_lit = false;
    Effect::new(move |_| {
        let lit = lit.read();
        drawing.track();
        if lit.is_empty() && !was_lit {
            return;
        }
        was_lit = !lit.is_empty();
        let Some(svg) = document().query_selector(".board svg.rules").ok().flatten() else {
            return;
        };
        let groups = svg.children();
        for group in (0..groups.length()).filter_map(|i| groups.item(i)) {
            let on = (group.get_attribute("data-rule"))
                .is_some_and(|number| lit.split(' ').any(|n| n == number));
            let _ = match on {
                true => group.set_attribute("class", "proof"),
                false => group.remove_attribute("class"),
            };
        }
    });
}

/// Whether a cell of the board has the focus.
pub fn focus_on_board() -> bool {
    document()
        .active_element()
        .is_some_and(|element| element.get_attribute("role").as_deref() == Some("gridcell"))
}

/// Gives `cell` the focus, found by its place in the board (its row, then itself).
pub fn focus_cell(cell: Cell) {
    let element = document()
        .query_selector(".board")
        .ok()
        .flatten()
        .and_then(|board| board.children().item(cell.row().into()))
        .and_then(|row| row.children().item(cell.col().into()))
        .and_then(|element| element.dyn_into::<HtmlElement>().ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

/// The cell under a pointer on the board, by its place in the board's box.
fn cell_under(event: &PointerEvent) -> Option<Cell> {
    let board = event_target::<Element>(event).closest(".board").ok()??;
    let area = board.get_bounding_client_rect();
    let at = |offset: f64, size: f64| {
        let index = (offset / size * 9.0).floor();
        (0.0..9.0).contains(&index).then_some(index as u8)
    };
    let row = at(f64::from(event.client_y()) - area.top(), area.height())?;
    let col = at(f64::from(event.client_x()) - area.left(), area.width())?;
    Some(Cell::at(row, col))
}

/// The cell an event on the board happened in: by its element's place in its row, and the row's
/// in the board (a click replayed by script has no position to go by).
fn cell_of(event: &MouseEvent) -> Option<Cell> {
    let element = event_target::<Element>(event)
        .closest("[role=gridcell]")
        .ok()??;
    let row = element.parent_element()?;
    let (row, col) = (elements_before(&row), elements_before(&element));
    (row < 9 && col < 9).then(|| Cell::at(row, col))
}

fn elements_before(element: &Element) -> u8 {
    let before = std::iter::successors(
        element.previous_element_sibling(),
        Element::previous_element_sibling,
    );
    u8::try_from(before.count()).unwrap_or(u8::MAX)
}

/// What one cell shows: its view, and its small digits if it draws any.
#[derive(Clone, Copy)]
struct CellShown {
    view: RwSignal<CellView>,
    small_digits: RwSignal<Option<CandidatesView>>,
}

/// One pair of signals per cell, set from each change of the game only where that cell's view
/// changed (the pattern of Leptos's `Selector`, for a value rather than a flag): a change costs
/// one pass over the board, and reaches the page only in the cells it changed. (A memo per cell
/// would rerun all 162 memos, and their bookkeeping, at every change.)
fn cells_shown(play: Play, drawing: Memo<String>) -> [CellShown; 81] {
    let shown = play.game.with_untracked(|game| {
        let marks = game.marks();
        Cell::ALL.map(|cell| CellShown {
            view: RwSignal::new(game.cell_view(&marks, cell)),
            small_digits: RwSignal::new(marks.candidates_at(cell)),
        })
    });
    // The cells that draw a digit or small digits, which hide the setter's pencil marks, as last
    // set on the drawing, and that drawing: a new one shows all its marks.
    let mut covering = CellSet::EMPTY;
    let mut drawn = String::new();
    Effect::new(move || {
        drawing.with(|markup| {
            if *markup != drawn {
                drawn.clone_from(markup);
                covering = CellSet::EMPTY;
            }
        });
        play.game.with(|game| {
            let marks = game.marks();
            let mut covered = CellSet::EMPTY;
            for (cell, shown) in Cell::ALL.into_iter().zip(shown) {
                let view = game.cell_view(&marks, cell);
                let candidates = marks.candidates_at(cell);
                if view.digit.is_some() || candidates.is_some() {
                    covered.insert(cell);
                }
                set_if_changed(shown.view, view);
                set_if_changed(shown.small_digits, candidates);
            }
            if covered != covering && hide_covered_marks(covered) {
                covering = covered;
            }
        });
    });
    shown
}

/// Hides the setter's pencil marks in the cells of `covered`, as f-puzzles does under what a
/// cell draws itself, and shows them in the others: the worker draws them in a group naming the
/// cell's index (`data-cell`), the first in its rule's group. False while the board is not on the
/// page (it is built off the page as the app loads).
fn hide_covered_marks(covered: CellSet) -> bool {
    let Some(svg) = document().query_selector(".board svg.rules").ok().flatten() else {
        return false;
    };
    let groups = svg.children();
    for marks in (0..groups.length()).filter_map(|i| groups.item(i)?.first_element_child()) {
        let Some(index) = marks.get_attribute("data-cell") else {
            continue;
        };
        let hidden = (index.parse().ok())
            .and_then(Cell::new)
            .is_some_and(|cell| covered.contains(cell));
        let _ = marks.set_attribute("visibility", if hidden { "hidden" } else { "visible" });
    }
    true
}

fn set_if_changed<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    signal.maybe_update(|current| {
        let changed = *current != value;
        if changed {
            *current = value;
        }
        changed
    });
}

#[component]
fn BoardCell(cell: Cell, shown: CellShown, marks: Memo<String>) -> impl IntoView {
    let CellShown {
        view: shown,
        small_digits: candidates,
    } = shown;
    // The small digits go in as one piece of markup: one update per change of this cell's
    // candidates.
    let small_digits = move || candidates.with(|drawn| drawn.map(|drawn| drawn.markup()));
    view! {
        <div
            role="gridcell"
            class=move || shown.with(CellView::classes)
            aria-label=move || {
                shown
                    .with(|view| {
                        candidates
                            .with(|drawn| {
                                marks.with(|marks| view.label(cell, drawn.as_ref(), words_at(marks, cell)))
                            })
                    })
            }
            aria-selected=move || shown.with(|view| view.selected.to_string())
            aria-readonly=move || shown.with(|view| if view.read_only { "true" } else { "false" })
            tabindex=move || shown.with(|view| if view.tab_stop { "0" } else { "-1" })
        >
            // Each dynamic part in its own element, so that one appearing or going never moves
            // the other.
            <span class="value">{move || shown.with(|view| view.digit.map(|digit| digit.get()))}</span>
            <span class="cands" aria-hidden="true" inner_html=small_digits></span>
        </div>
    }
}
