//! The browser app's model, plain Rust built and tested natively: the game, the puzzles shipped
//! for a first visit, a variant's rules as the page keeps them, and the solver's worker (its
//! messages and its work). The page's Leptos
//! components (`src/ui/`, wasm only) show the game and send it actions.

pub mod game;
pub mod rules;
pub mod starters;
pub mod worker;
