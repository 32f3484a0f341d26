//! The state the page's components share: the game in a signal, the marks derived from it, and
//! what lives beside the game (Solve's pace, a file's list of puzzles); also the page's clock,
//! its local storage and its address. A leaf: it knows the game model, not the components.

use leptos::prelude::*;
use leptos::web_sys;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use sudoku_app::game::{Game, Marks};
use sudoku_core::parse::file::PuzzleList;
use sudoku_core::{Symmetry, generate};
use wasm_bindgen::JsValue;

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
    /// The game saved on the last visit (or a new one), then the puzzle of the page's address
    /// if it names another; its clock waits if the page opens in the background.
    pub fn new() -> Play {
        let mut first = stored_game();
        if let Some(fragment) = address_fragment() {
            first.open_link(&fragment, now_ms());
        }
        first.set_hidden(document().hidden(), now_ms());
        let game = RwSignal::new(first);
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

/// Where the game in progress is kept between visits, and where a save that cannot be read is
/// put aside rather than lost.
const STORAGE_KEY: &str = "sudoku-game";
const UNREADABLE_KEY: &str = "sudoku-game-unreadable";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The game left on the last visit if the browser kept it, else a new one. A save that cannot
/// be read is put aside, and the new game's message says so.
fn stored_game() -> Game {
    let Some(storage) = local_storage() else {
        return new_game();
    };
    let Some(text) = storage.get_item(STORAGE_KEY).ok().flatten() else {
        return new_game();
    };
    match Game::from_stored(&text, now_ms()) {
        Ok(game) => game,
        Err(why) => {
            let _ = storage.set_item(UNREADABLE_KEY, &text);
            let mut game = new_game();
            game.say(format!(
                "The saved game could not be read: {why}. It is kept aside as \"{UNREADABLE_KEY}\" in this browser's storage; here is a new game."
            ));
            game
        }
    }
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

/// The address's fragment without its `#`, if it has one.
fn address_fragment() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let fragment = hash.strip_prefix('#')?;
    (!fragment.is_empty()).then(|| fragment.to_string())
}

/// Keeps the puzzle played in the page's address, so that the address is a link to it; and
/// plays the puzzle of an address changed by hand. The address is replaced, not pushed: new
/// games do not fill the Back button's list.
pub fn keep_address(play: Play) {
    let line = Memo::new(move |_| play.game.with(Game::puzzle_line));
    Effect::new(move |_| show_in_address(&line.get()));
    let changed = window_event_listener_untyped("hashchange", move |_| {
        if let Some(fragment) = address_fragment() {
            play.act(|game, now| _ = game.open_link(&fragment, now));
            // A link refused leaves the puzzle, and so the address, as they were.
            show_in_address(&line.get_untracked());
        }
    });
    on_cleanup(move || changed.remove());
}

fn show_in_address(line: &str) {
    if let Some(window) = web_sys::window()
        && let Ok(history) = window.history()
    {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("#{line}")));
    }
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
