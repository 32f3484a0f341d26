//! The browser game: Leptos components over the game model, built for wasm32 by trunk (see
//! `index.html`). Natively there is nothing to run; the game model is the library's and is tested
//! with `cargo test`.

#[cfg(target_arch = "wasm32")]
mod play;
#[cfg(target_arch = "wasm32")]
mod ui;

#[cfg(target_arch = "wasm32")]
fn main() {
    ui::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}

// Talc in place of the default allocator (dlmalloc): 0.4 KiB less of the gzipped page.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
