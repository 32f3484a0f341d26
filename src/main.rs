//! The browser game: a Leptos app over the core, built for wasm32 by trunk (see `index.html`).
//! Natively there is nothing to run, but the game rules in `ui::game` are tested with `cargo test`.

mod ui;

#[cfg(target_arch = "wasm32")]
fn main() {
    ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
