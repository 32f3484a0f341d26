//! The page's components, one per part of the screen; each takes the shared [`crate::play::Play`]
//! and reads only what it shows.

pub mod app;
mod board;
mod clock;
mod controls;
mod edit;
mod log;
mod open;
mod picker;
mod share;
mod solver;
mod status;
mod techniques;
mod toggle;
