//! The page: the shared game state, the layout, the keyboard, and what happens on a panic.

use leptos::prelude::*;
use leptos::{ev, web_sys};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use sudoku::{Symmetry, generate};
use wasm_bindgen::JsCast;

use super::board::Board;
use super::controls::Controls;
use super::files::PuzzleList;
use super::game::{Game, Marks};
use super::log::StepLog;
use super::open::OpenBar;
use super::picker::Picker;
use super::solver::SolverBar;
use super::status::Status;
use super::techniques::Techniques;

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
    fn new() -> Play {
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

/// Mounts the app. A panic logs to the console and reveals the page's error notice instead of
/// leaving a dead board behind.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        if let Some(notice) = web_sys::window()
            .and_then(|window| window.document())
            .and_then(|document| document.get_element_by_id("crash"))
        {
            let _ = notice.remove_attribute("hidden");
        }
    }));
    leptos::mount::mount_to_body(App);
}

/// Whether a key press belongs to a form field (the paste box, the speed slider, the list of
/// puzzles) rather than to the board.
fn typing_in_a_field(event: &web_sys::KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|element| {
            matches!(element.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
        })
}

#[component]
fn App() -> impl IntoView {
    let play = Play::new();
    keep_stored(play);
    let solved = Memo::new(move |_| play.game.with(Game::is_solved));
    let entering = Memo::new(move |_| play.game.with(Game::entering));
    let keys = window_event_listener(ev::keydown, move |event| {
        // Leave shortcuts such as Ctrl+R to the browser, and typing in fields to the fields.
        if event.ctrl_key() || event.meta_key() || event.alt_key() || typing_in_a_field(&event) {
            return;
        }
        let mut handled = false;
        play.act(|game, now| handled = game.press_key(&event.key(), now));
        if handled {
            event.prevent_default();
        }
    });
    on_cleanup(move || keys.remove());
    view! {
        <main class="app" class:solved=move || solved.get() class:entering=move || entering.get()>
            <header class="top">
                <h1>"Sudoku"</h1>
                <OpenBar play />
            </header>
            <div class="play">
                <div class="stage">
                    <Board play />
                    <Status play />
                </div>
                <div class="panel">
                    <Picker play />
                    <Controls play />
                    <SolverBar play />
                </div>
                <div class="side">
                    <StepLog play />
                    <Techniques play />
                </div>
            </div>
        </main>
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
fn keep_stored(play: Play) {
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
