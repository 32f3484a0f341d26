//! The solver's web worker: a second wasm module that answers the page's requests (see
//! `sudoku_app::worker`). Natively there is nothing to run.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gloo_worker::Registrable;
    use sudoku_app::worker::{Postcard, SolverWorker};
    SolverWorker::registrar().encoding::<Postcard>().register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}

// Talc in place of the default allocator, as in the page: less code to download.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
