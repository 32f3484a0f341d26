//! The solver's web worker: a second wasm module that answers the page's requests (see
//! `sudoku_app::worker`). Natively there is nothing to run.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gloo_worker::Registrable;
    sudoku_app::worker::SolverWorker::registrar().register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
