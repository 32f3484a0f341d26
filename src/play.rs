//! The state the page's components share: the game in a signal, the marks derived from it, and
//! what lives beside the game (Solve's pace, a file's list of puzzles); also the page's clock and
//! its local storage. A leaf: it knows the game model, not the components.

use leptos::prelude::*;
use leptos::web_sys;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use sudoku_app::game::{Game, Marks};
use sudoku_core::parse::file::PuzzleList;
use sudoku_core::{Symmetry, generate};

/// The game in a signal, and the board-wide marks derived from it once per change; every part of
/// the screen reads only what it shows from these. Beside the game: the pace of Solve and the
/// puzzles of the file opened last, if it held several.
#[derive(Clone, Copy)]
pub struct Play {
    pub game: RwSignal<Game>,
    pub marks: Memo<Marks>,
    /// Solve's pace, 1 (slow) to 10 (fast).
    pub speed: RwSignal<u8>,
    pub list: RwSignal<Option<PuzzleList>>,
}

impl Play {
    pub fn new() -> Play {
        let game = RwSignal::new(stored_game().unwrap_or_else(new_game));
        let marks = Memo::new(move |_| game.with(Game::marks));
        Play {
            game,
            marks,
            speed: RwSignal::new(6),
            list: RwSignal::new(None),
        }
    }

    /// Applies an action that may need the time (to stop the clock when the board is solved).
    pub fn act(&self, action: impl FnOnce(&mut Game, f64)) {
        let now = now_ms();
        self.game.update(|game| action(game, now));
    }

    pub fn new_game(&self) {
        let next = new_game();
        self.game.update(|game| game.start(next));
    }
}

/// Where the game in progress is kept between visits.
const STORAGE_KEY: &str = "sudoku-game";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The game left on the last visit, if the browser kept it.
fn stored_game() -> Option<Game> {
    let text = local_storage()?.get_item(STORAGE_KEY).ok()??;
    Game::from_stored(&text, now_ms())
}

/// Writes the game to local storage after every change, so a reload or a closed tab loses
/// nothing. Without storage (a private window may refuse it) the game plays on regardless.
pub fn keep_stored(play: Play) {
    Effect::new(move |_| {
        let text = play.game.with(|game| game.to_stored(now_ms()));
        if let Some(storage) = local_storage() {
            let _ = storage.set_item(STORAGE_KEY, &text);
        }
    });
}

/// A fresh puzzle with exactly one solution, seeded from the browser's random source.
fn new_game() -> Game {
    let now = now_ms();
    // Without a random source, the clock still gives a different game each time.
    let seed = getrandom::u64().unwrap_or(now.to_bits());
    let mut rng = SmallRng::seed_from_u64(seed);
    // The generator only returns puzzles with one solution, so this loop runs once; it retries
    // rather than panic should that ever fail.
    loop {
        if let Ok(game) = Game::new(generate(&mut rng, Symmetry::Central), now) {
            return game;
        }
    }
}

/// Milliseconds since the page loaded.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|window| window.performance())
        .map_or(0.0, |performance| performance.now())
}
