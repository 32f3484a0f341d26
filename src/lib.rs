//! The game model of the browser app: plain Rust, built and tested natively. The page's Leptos
//! components (`src/ui/`, wasm only) show it and send it actions; nothing here knows the browser.

pub mod game;
