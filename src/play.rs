//! The state the page's components share: the game in a signal, and what lives beside it
//! (Solve's pace, a file's list of puzzles, the level chosen, the techniques the worker knows,
//! which panels are open); the solver's worker, spoken to in postcard's bytes; the page's clock and date, its local storage (the game, the statistics, the
//! settings) and its address. A leaf: it knows the game model, not the components.

use leptos::prelude::*;
use leptos::web_sys::{self, ErrorEvent, MessageEvent};
use std::cell::RefCell;
use std::time::Duration;

use crate::ui::after_next_frame;
use sudoku_app::game::{Action, Game, Keeping, Outcome, ReadPosition, Statistics};
use sudoku_app::starters::starter;
use sudoku_app::worker::{Answer, Done, Job, Request, TechniqueInfo, decode, encode};
use sudoku_core::parse::file::PuzzleList;
use sudoku_core::variant::Variant;
use sudoku_core::{Date, Level};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The game in a signal, from which every part of the screen reads only what it shows. Beside the game: the pace of Solve, the
/// puzzles of the file opened last, if it held several, the level New game makes, and the list
/// of techniques once the worker has sent it.
#[derive(Clone, Copy)]
pub struct Play {
    pub game: RwSignal<Game>,
    /// Solve's pace, 1 (slow) to 10 (fast).
    pub speed: RwSignal<u8>,
    pub list: RwSignal<Option<PuzzleList>>,
    pub level: RwSignal<Level>,
    pub variant: RwSignal<Variant>,
    pub techniques: RwSignal<Vec<TechniqueInfo>>,
    /// Whether the Menu (the game's actions) and the Solver (the workbench) are open.
    pub menu_open: RwSignal<bool>,
    pub solver_open: RwSignal<bool>,
    /// Whether the dialogs are wanted: they are built the first time they are.
    pub dialogs_wanted: RwSignal<bool>,
    /// What the player asked for that would leave the game, while "Leave this game?" is asked.
    pub leaving: StoredValue<Option<Leaving>>,
    /// The game was just solved: the Solved dialog is to open.
    pub solved_to_say: StoredValue<bool>,
    /// Notified when an action solves the board.
    pub solved: Trigger,
    solver: StoredValue<Option<Solver>, LocalStorage>,
}

/// An action that puts another game (or the same one restarted) in place of the one played.
#[derive(Clone, PartialEq, Debug)]
pub enum Leaving {
    NewGame,
    /// The daily puzzle of that date.
    Daily(Date),
    Restart,
    EnterPuzzle,
    /// A text to open (a file chosen or dropped, a paste, a puzzle of a list), with its name in
    /// the messages.
    Open {
        name: String,
        text: String,
    },
}

thread_local! {
    /// The save as this tab last read or wrote it: a save that differs was written by another
    /// tab. (A plain cell rather than a reactive value: nothing draws it.)
    static SAVED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The solver's worker and the requests it has been sent. (gloo-worker's bridge does the same
/// with more code, 1.2 KB of the gzipped page, and does not tell the page when its worker stops on
/// an error.)
struct Solver {
    worker: web_sys::Worker,
    /// Whether the worker has said it listens: what is posted to it before is lost, so the
    /// requests wait until then.
    listening: bool,
    /// The requests the game wanted when they were last sent.
    sent: Vec<Request>,
    /// Those posted and not answered yet, in the order posted, each with its number: the worker
    /// answers each in turn, so the first is the one it works on.
    unanswered: Vec<(u32, Request)>,
    /// How many requests have been posted to it.
    posted: u32,
    /// How many workers in a row stopped on an error before answering: after two, none is started.
    failures: u8,
    /// The worker's handlers, kept as long as it runs.
    _handlers: WorkerHandlers,
}

/// What the page does with a worker's messages and with its errors.
type WorkerHandlers = (
    Closure<dyn FnMut(MessageEvent)>,
    Closure<dyn FnMut(ErrorEvent)>,
);

impl Play {
    /// The game saved on the last visit (or a new one), then the puzzle of the page's address
    /// if it names another; its clock waits if the page opens in the background.
    pub fn new() -> Play {
        let level = RwSignal::new(stored_level().unwrap_or(Level::Medium));
        let (mut first, saved) = stored(level.get_untracked());
        SAVED.set(saved);
        if let Some(fragment) = address_fragment() {
            first.apply(Action::OpenLink(fragment), now_ms());
        }
        first.apply(Action::SetHidden(document().hidden()), now_ms());
        let game = RwSignal::new(first);
        let techniques = RwSignal::new(Vec::new());
        Play {
            game,
            speed: RwSignal::new(6),
            list: RwSignal::new(None),
            level,
            variant: RwSignal::new(stored_variant().unwrap_or(Variant::Classic)),
            techniques,
            menu_open: RwSignal::new(false),
            solver_open: RwSignal::new(false),
            dialogs_wanted: RwSignal::new(false),
            leaving: StoredValue::new(None),
            solved_to_say: StoredValue::new(false),
            solved: Trigger::new(),
            solver: StoredValue::new_local(None),
        }
    }

    /// Starts the solver's worker: once the board is on the page, so that its files are fetched
    /// after the page's own.
    pub fn start_worker(self) {
        self.start_solver(0);
    }

    /// Applies `action` to the game at the present time (a key that means nothing to it leaves
    /// it untouched: no redraw, no save); a solve it brings is celebrated.
    pub fn apply(self, action: Action) -> Outcome {
        let now = now_ms();
        let mut outcome = Outcome::default();
        self.game.maybe_update(|game| {
            outcome = game.apply(action, now);
            outcome.changed
        });
        if outcome.solved {
            self.solved.notify();
        }
        outcome
    }

    // The components bind the page to the game through the two functions below: every derived
    // value of one type, and every event handler, is then one type, so the reactive system's
    // code for it is compiled once rather than once per button (a fifth of the page's wasm
    // otherwise).

    /// A value read from the game, recomputed when the game changes and passed on only when it
    /// differs.
    pub fn read<T>(self, read: fn(&Game) -> T) -> Memo<T>
    where
        T: PartialEq + Send + Sync + 'static,
    {
        Memo::new(move |_| self.game.with(read))
    }

    /// An event handler that applies the action `action` makes to the game at the present time.
    /// (A function rather than the action itself: no action is cloned, and every handler is one
    /// type.)
    pub fn on<E>(self, action: fn() -> Action) -> impl Fn(E) + Copy + 'static {
        move |_| _ = self.apply(action())
    }

    /// The answer to "Leave this game?": Leave carries out what was asked for, the game counted
    /// as played; Keep playing (or the dialog closed) forgets it.
    pub fn answer_leave(self, leave: bool) {
        let Some(leaving) = self.leaving.try_update_value(Option::take).flatten() else {
            return;
        };
        if leave {
            self.apply(Action::Leave);
            self.carry_out(leaving);
        }
    }

    /// Puts another game in place of this one, as `leaving` asks.
    pub fn carry_out(self, leaving: Leaving) {
        match leaving {
            Leaving::NewGame => self.new_game(),
            Leaving::Daily(date) => self.daily(date),
            Leaving::Restart => _ = self.apply(Action::Restart),
            Leaving::EnterPuzzle => _ = self.apply(Action::BeginEntry),
            Leaving::Open { name, text } => _ = self.apply(Action::Read { name, text }),
        }
    }

    /// New game: a puzzle of the variant and level chosen, made by the worker.
    pub fn new_game(&self) {
        let level = self.level.get_untracked();
        let variant = self.variant.get_untracked();
        self.apply(Action::Make {
            variant,
            level,
            seed: random_seed(),
        });
    }

    /// Take over: plays here the game another tab saved last, and keeps it from now on.
    pub fn take_over(&self) {
        let (game, saved) = stored(self.level.get_untracked());
        SAVED.set(saved);
        self.apply(Action::TakeOver(Box::new(game)));
    }

    /// The daily puzzle of `date` (today or before, by the player's date), made by the worker.
    pub fn daily(&self, date: Date) {
        self.apply(Action::MakeDaily {
            date,
            today: today(),
        });
    }

    /// Show mistakes, on or off, remembered.
    pub fn show_mistakes(&self, on: bool) {
        self.apply(Action::ShowMistakes(on));
        if let Some(storage) = local_storage() {
            let _ = storage.set_item(SHOW_MISTAKES_KEY, if on { "on" } else { "off" });
        }
    }

    /// Read position, by the select's value, remembered.
    pub fn read_position(&self, key: &str) {
        if let Some(position) = ReadPosition::from_key(key) {
            self.apply(Action::ReadPosition(position));
            if let Some(storage) = local_storage() {
                let _ = storage.set_item(READ_POSITION_KEY, key);
            }
        }
    }

    /// Chooses the level of the next New game, and remembers it.
    pub fn choose_level(&self, level: Level) {
        self.level.set(level);
        if let Some(storage) = local_storage() {
            let _ = storage.set_item(LEVEL_KEY, level.key());
        }
    }

    /// Chooses the variant of the next New game, and remembers it.
    pub fn choose_variant(&self, variant: Variant) {
        self.variant.set(variant);
        if let Some(storage) = local_storage() {
            let _ = storage.set_item(VARIANT_KEY, variant.name());
        }
    }

    /// Cancel: stops making the new puzzle, and the worker busy making it; a new one takes over.
    pub fn cancel_new_game(&self) {
        self.apply(Action::CancelMaking);
        self.start_solver(0);
    }

    /// Starts a worker in place of the one before, if any; it is sent the requests once it says
    /// it listens. `failures`: how many workers before it stopped on an error in a row.
    fn start_solver(self, failures: u8) {
        // The worker's classic-script loader (src/bin/worker_loader.js), beside its glue and wasm.
        let Ok(worker) = web_sys::Worker::new("./worker_loader.js") else {
            self.stop_solver();
            self.apply(Action::SolverFailed { restarted: false });
            return;
        };
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            self.hear(event.data());
        });
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
            // Handled here: not an error of the page.
            event.prevent_default();
            self.solver_failed();
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let solver = Solver {
            worker,
            listening: false,
            sent: Vec::new(),
            unanswered: Vec::new(),
            posted: 0,
            failures,
            _handlers: (on_message, on_error),
        };
        if let Some(old) = self
            .solver
            .try_update_value(|current| current.replace(solver))
            .flatten()
        {
            old.stop();
        }
    }

    fn stop_solver(self) {
        if let Some(old) = self.solver.try_update_value(Option::take).flatten() {
            old.stop();
        }
    }

    /// A message of the worker: that it listens (an empty message), or an answer.
    fn hear(self, data: JsValue) {
        if data.is_null() {
            let list_wanted = self.techniques.with_untracked(Vec::is_empty);
            self.solver.update_value(|solver| {
                if let Some(solver) = solver {
                    solver.listening = true;
                    if list_wanted {
                        solver.post(&TECHNIQUES_REQUEST);
                    }
                }
            });
            self.game.with_untracked(|game| self.send(&game.requests()));
            return;
        }
        // Each message answers the request posted first of those unanswered.
        self.solver.update_value(|solver| {
            if let Some(solver) = solver {
                solver.failures = 0;
                if !solver.unanswered.is_empty() {
                    solver.unanswered.remove(0);
                }
            }
        });
        self.watch_abandoned();
        let bytes = js_sys::Uint8Array::new(&data).to_vec();
        let Some(answer) = decode::<Answer>(&bytes) else {
            return;
        };
        match answer.done {
            Done::Techniques(list) => self.techniques.set(list),
            Done::Listed(puzzles) => {
                let count = puzzles.len();
                let listed = self.apply(Action::Listed {
                    id: answer.id,
                    count,
                });
                if let Some(name) = listed.listed {
                    self.list.set(Some(PuzzleList { name, puzzles }));
                    self.menu_open.set(true);
                }
            }
            _ => {
                // A text read and opened: the Paste box and the Menu close.
                if self.apply(Action::Receive(Box::new(answer))).opened {
                    close_paste_box();
                    self.menu_open.set(false);
                }
            }
        }
    }

    /// The worker stopped on an error (a trap in its wasm): the game stops waiting for it, and a
    /// new worker takes over, unless the one before it failed as well without answering, which
    /// the same request would make fail again.
    fn solver_failed(self) {
        let failures = self
            .solver
            .with_value(|solver| solver.as_ref().map_or(0, |solver| solver.failures))
            + 1;
        let again = failures < 2;
        self.apply(Action::SolverFailed { restarted: again });
        if again {
            self.start_solver(failures);
        } else {
            self.stop_solver();
        }
    }

    /// Sends the worker those of `requests` not sent yet: each request goes once.
    fn send(&self, requests: &[Request]) {
        self.solver.update_value(|solver| {
            let Some(solver) = solver.as_mut().filter(|solver| solver.listening) else {
                return;
            };
            for request in requests {
                if !solver.sent.contains(request) {
                    solver.post(request);
                }
            }
            solver.sent = requests.to_vec();
        });
        self.watch_abandoned();
    }

    /// When the request the worker works on is one the game no longer wants (a step of a game
    /// left, a Solve stopped), it is given half a second to end; a worker still on it then (a
    /// forcing net of a hard variant may take a minute) is replaced, so that what the game asks
    /// now is not held up behind it.
    fn watch_abandoned(self) {
        if let Some(number) = self.abandoned() {
            set_timeout(
                move || {
                    if self.abandoned() == Some(number) {
                        let failures = (self.solver).with_value(|solver| {
                            solver.as_ref().map_or(0, |solver| solver.failures)
                        });
                        self.start_solver(failures);
                    }
                },
                Duration::from_millis(500),
            );
        }
    }

    /// The number of the request the worker works on, if the game no longer wants it.
    fn abandoned(self) -> Option<u32> {
        self.solver.with_value(|solver| {
            let solver = solver.as_ref()?;
            let (number, working_on) = solver.unanswered.first()?;
            let wanted = solver.sent.contains(working_on) || *working_on == TECHNIQUES_REQUEST;
            (!wanted).then_some(*number)
        })
    }
}

impl Solver {
    fn post(&mut self, request: &Request) {
        let bytes = encode(request);
        let _ = (self.worker).post_message(&js_sys::Uint8Array::from(bytes.as_slice()));
        self.posted += 1;
        self.unanswered.push((self.posted, request.clone()));
    }

    /// Stops the worker. Its handlers go first: a worker that failed on one request may have
    /// failed on the next too, and those events, already queued, must not reach handlers that are
    /// dropped with it.
    fn stop(self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// The request for the list of techniques; the game's own ids count up from 1.
const TECHNIQUES_REQUEST: Request = Request {
    id: u32::MAX,
    job: Job::Techniques,
};

/// Closes the Menu's Paste box, whose text was opened.
fn close_paste_box() {
    let paste_box = document()
        .query_selector("details.paste")
        .ok()
        .flatten()
        .and_then(|element| element.dyn_into::<web_sys::HtmlDetailsElement>().ok());
    if let Some(paste_box) = paste_box {
        paste_box.set_open(false);
    }
}

/// Whenever the game asks the worker something new, sends it, once the change that asked is
/// drawn: on two cores, the worker working while the page draws (a puzzle just opened being
/// rated, the next step of Solve) took that frame from 20 to 50 ms. A page in the background
/// draws no frame: it sends at once.
pub fn keep_worker_asked(play: Play) {
    let requests = play.read(Game::requests);
    Effect::new(move |_| {
        let send = move || requests.with_untracked(|requests| play.send(requests));
        requests.track();
        if document().hidden() {
            send();
        } else {
            after_next_frame(send);
        }
    });
}

/// Where the game in progress is kept between visits, where a save that cannot be read is put
/// aside rather than lost, and where the level chosen is kept.
const STORAGE_KEY: &str = "sudoku-game";
const UNREADABLE_KEY: &str = "sudoku-game-unreadable";
const LEVEL_KEY: &str = "sudoku-level";
const VARIANT_KEY: &str = "sudoku-variant";
const STATISTICS_KEY: &str = "sudoku-statistics";
const UNREADABLE_STATISTICS_KEY: &str = "sudoku-statistics-unreadable";
const SHOW_MISTAKES_KEY: &str = "sudoku-show-mistakes";
const READ_POSITION_KEY: &str = "sudoku-read-position";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The game kept on the device, with the statistics and the settings beside it, and the save's
/// text as read.
fn stored(level: Level) -> (Game, Option<String>) {
    let (mut game, saved) = stored_game(level);
    game.apply(Action::ShowMistakes(stored_flag(SHOW_MISTAKES_KEY)), 0.0);
    let read_position = local_storage()
        .and_then(|storage| storage.get_item(READ_POSITION_KEY).ok()?)
        .and_then(|key| ReadPosition::from_key(&key))
        .unwrap_or_default();
    game.apply(Action::ReadPosition(read_position), 0.0);
    let statistics = stored_statistics(&mut game);
    game.set_statistics(statistics);
    (game, saved)
}

/// The game left on the last visit if the browser kept it, else a shipped puzzle of `level`; and
/// the save as read. A save that cannot be read is put aside, and the new game's message says so.
fn stored_game(level: Level) -> (Game, Option<String>) {
    // Always the first puzzle of the level: the page's HTML draws it before the wasm runs
    // (tools/first-screen.mjs).
    let first_game = || starter(level, now_ms());
    let Some(storage) = local_storage() else {
        return (first_game(), None);
    };
    let Some(text) = storage.get_item(STORAGE_KEY).ok().flatten() else {
        return (first_game(), None);
    };
    let game = match Game::from_stored(&text, now_ms()) {
        Ok(game) => game,
        Err(why) => {
            let _ = storage.set_item(UNREADABLE_KEY, &text);
            let mut game = first_game();
            let why = format!(
                "The saved game could not be read: {why}. It is kept aside as \"{UNREADABLE_KEY}\" in this browser's storage; here is a new game."
            );
            game.apply(Action::Tell(why), 0.0);
            game
        }
    };
    (game, Some(text))
}

/// The statistics kept on the device (none yet: empty ones). Statistics that cannot be read are
/// put aside, never overwritten, and `game`'s message says so.
fn stored_statistics(game: &mut Game) -> Statistics {
    let Some(storage) = local_storage() else {
        return Statistics::default();
    };
    let Some(text) = storage.get_item(STATISTICS_KEY).ok().flatten() else {
        return Statistics::default();
    };
    Statistics::from_stored(&text).unwrap_or_else(|| {
        let _ = storage.set_item(UNREADABLE_STATISTICS_KEY, &text);
        let why = format!(
            "The statistics could not be read. They are kept aside as \"{UNREADABLE_STATISTICS_KEY}\" in this browser's storage; new ones start now."
        );
        game.apply(Action::Tell(why), 0.0);
        Statistics::default()
    })
}

fn stored_flag(key: &str) -> bool {
    local_storage()
        .and_then(|storage| storage.get_item(key).ok().flatten())
        .is_some_and(|value| value == "on")
}

fn stored_level() -> Option<Level> {
    local_storage()?.get_item(LEVEL_KEY).ok()??.parse().ok()
}

fn stored_variant() -> Option<Variant> {
    let name = local_storage()?.get_item(VARIANT_KEY).ok()??;
    Variant::ALL
        .into_iter()
        .find(|variant| variant.name() == name)
}

/// Writes the game to local storage after every change (after a Solve, once it stops), so a
/// reload or a closed tab loses nothing, and the statistics beside it when they changed. One tab keeps the game at a time:
/// a tab whose save another tab has replaced since (told by the `storage` event, or found when
/// it writes) stops writing and says so, so that no tab overwrites a newer save than the one it
/// read. Without storage (a private window, a full quota) the game plays on, and says once that
/// progress will not be kept.
pub fn keep_stored(play: Play) {
    Effect::new(move |_| {
        // While Solve runs, the save waits for it to stop: its steps are no one's typing, and
        // writing the whole history at every step would take longer as the log grows.
        let texts = play.game.with(|game| {
            let writing = !game.running() && game.keeping() != Keeping::Elsewhere;
            writing.then(|| (game.to_stored(now_ms()), game.statistics().to_stored()))
        });
        let Some((game, statistics)) = texts else {
            return;
        };
        let was = play.game.with_untracked(Game::keeping);
        let now = keep(&game, &statistics).err().unwrap_or(Keeping::Here);
        // Said to the game only when it changes, which runs this once more, to no effect.
        if now != was {
            play.apply(Action::Keep(now));
        }
    });
    let other_tab = window_event_listener_untyped("storage", move |_| {
        let saved =
            local_storage().and_then(|storage| storage.get_item(STORAGE_KEY).ok().flatten());
        let replaced = SAVED.with_borrow(|known| *known != saved);
        if replaced && play.game.with_untracked(Game::keeping) == Keeping::Here {
            play.apply(Action::Keep(Keeping::Elsewhere));
        }
    });
    on_cleanup(move || other_tab.remove());
}

/// Writes the game's and the statistics' texts, unless the save is no longer the one this tab
/// read or wrote last (another tab wrote since) or the browser refuses.
fn keep(game: &str, statistics: &str) -> Result<(), Keeping> {
    let storage = local_storage().ok_or(Keeping::Refused)?;
    let current = storage
        .get_item(STORAGE_KEY)
        .map_err(|_| Keeping::Refused)?;
    if SAVED.with_borrow(|known| *known != current) {
        return Err(Keeping::Elsewhere);
    }
    storage
        .set_item(STORAGE_KEY, game)
        .map_err(|_| Keeping::Refused)?;
    SAVED.set(Some(game.to_string()));
    if storage.get_item(STATISTICS_KEY).ok().flatten().as_deref() != Some(statistics) {
        storage
            .set_item(STATISTICS_KEY, statistics)
            .map_err(|_| Keeping::Refused)?;
    }
    Ok(())
}

/// A seed from the browser's random source, or else from the clock.
fn random_seed() -> u64 {
    getrandom::u64().unwrap_or(now_ms().to_bits())
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
    let line = play.read(Game::puzzle_line);
    // In a task of its own: the browser's history may keep the page waiting a few milliseconds,
    // which the task that draws the new puzzle need not add to.
    Effect::new(move |_| {
        let line = line.get();
        set_timeout(move || show_in_address(&line), Duration::ZERO);
    });
    let changed = window_event_listener_untyped("hashchange", move |_| {
        if let Some(fragment) = address_fragment() {
            play.apply(Action::OpenLink(fragment));
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

/// The player's date, by the device's clock and time zone.
pub fn today() -> Date {
    let now = js_sys::Date::new_0();
    Date::new(
        now.get_full_year() as u16,
        now.get_month() as u8 + 1,
        now.get_date() as u8,
    )
    .unwrap_or(Date::MIN)
}

/// Milliseconds since the page loaded.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|window| window.performance())
        .map_or(0.0, |performance| performance.now())
}
