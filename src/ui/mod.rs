//! The web interface, by part of the screen. `game` (the rules of play and the solver's help) and
//! `files` (reading puzzle files) are plain Rust; the other modules are Leptos components over
//! them and exist only in the wasm build.

#[cfg(any(test, target_arch = "wasm32"))]
// Natively only the tests use them, and they do not need every accessor the components use.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod files;
#[cfg(any(test, target_arch = "wasm32"))]
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod game;

#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod board;
#[cfg(target_arch = "wasm32")]
mod controls;
#[cfg(target_arch = "wasm32")]
mod log;
#[cfg(target_arch = "wasm32")]
mod open;
#[cfg(target_arch = "wasm32")]
mod picker;
#[cfg(target_arch = "wasm32")]
mod solver;
#[cfg(target_arch = "wasm32")]
mod status;
#[cfg(target_arch = "wasm32")]
mod techniques;

#[cfg(target_arch = "wasm32")]
pub use app::start;
