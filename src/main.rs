//! The browser game: a Leptos app over the core, built for wasm32 by trunk (see `index.html`).
//! Natively there is nothing to run, but the game rules in `ui::game` are tested with `cargo test`.

mod ui;

#[cfg(target_arch = "wasm32")]
fn main() {
    ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}

// Talc in place of the default allocator (dlmalloc): 0.4 KiB less of the gzipped page.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
