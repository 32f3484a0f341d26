//! The game driven by random sequences of the player's actions: nothing panics, what the page
//! reads of the game can always be drawn, and stored and read back as the same game, and Undo
//! takes back exactly the changes it recorded, back to the fresh game, which Redo brings back.

use proptest::prelude::*;
use sudoku_core::parse::file::{Contents, read};
use sudoku_core::{Cell, CellSet, DigitSet, Grid, REGISTRY};
use sudoku_test_support::fixed_seed_config;

use super::tests::{PUZZLE, SOLUTION, confirm};
use super::{Action, Game, Logged, ReadPosition, Statistics};

/// A puzzle whose first steps remove candidates rather than place digits.
const ELIMINATIONS_FIRST: &str =
    "9..6....7.6..7..3...7...2..6..5.8..2..4...8..2..3.1..9..1...5...4..5..1.8....9..4";

/// Puzzles to open besides random text: the two to start from, a hard one where logic is stuck
/// at once, one with several solutions, one without a solution, one given in full and one short
/// of a cell.
const OPENABLE: &[&str] = &[
    PUZZLE,
    ELIMINATIONS_FIRST,
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
    "12345678.........9...............................................................",
    SOLUTION,
    ".34678912672195348198342567859761423426853791713924856961537284287419635345286179",
];

/// One thing that happens to the game: an action (the player's or the page's), or what the test
/// does in the worker's place.
#[derive(Clone, Debug)]
enum Event {
    Act(Action),
    /// The worker answers the oldest question, or the rating (late or not).
    Answer,
    Rate,
    /// A file's text opened, as the worker would read it, and confirmed at once.
    Open(String),
    /// A puzzle opened whose confirmation by the worker comes with a later `Answer`, if any: the
    /// game meanwhile is played, and may be given back.
    OpenUnconfirmed(String),
}

fn cell() -> impl Strategy<Value = Cell> {
    (0..81u8).prop_map(|i| Cell::ALL[i as usize])
}

/// The keys the game knows, and anything else a keyboard sends.
fn key() -> impl Strategy<Value = String> {
    let known = [
        "ArrowUp",
        "ArrowDown",
        "ArrowLeft",
        "ArrowRight",
        "Home",
        "End",
        "Backspace",
        "Delete",
        "0",
        "1",
        "5",
        "9",
        "10",
        "-1",
        "+3",
    ];
    prop_oneof![
        3 => prop::sample::select(known.map(String::from).to_vec()),
        1 => any::<String>(),
    ]
}

/// What may be opened: a known puzzle, one with a few cells changed, or any text at all.
fn opened_text() -> impl Strategy<Value = String> {
    let changed = (
        prop::sample::select(OPENABLE.to_vec()),
        prop::collection::vec(
            (0..81usize, prop::sample::select(b".123456789".to_vec())),
            1..4,
        ),
    )
        .prop_map(|(puzzle, changes)| {
            let mut bytes = puzzle.as_bytes().to_vec();
            for (at, to) in changes {
                bytes[at] = to;
            }
            String::from_utf8(bytes).expect("ASCII")
        });
    prop_oneof![
        3 => prop::sample::select(OPENABLE.to_vec()).prop_map(String::from),
        2 => changed,
        1 => any::<String>(),
    ]
}

fn event() -> impl Strategy<Value = Event> {
    use Action as A;
    let act = |action: Action| Event::Act(action);
    let digit = || (1..=9u8).prop_map(super::tests::digit);
    prop_oneof![
        8 => cell().prop_map(move |cell| act(A::Click(cell))),
        3 => cell().prop_map(move |cell| act(A::Clear(cell))),
        2 => Just(act(A::Erase)),
        4 => digit().prop_map(move |d| act(A::PressDigit(d))),
        1 => any::<bool>().prop_map(move |on| act(A::ShowMistakes(on))),
        1 => prop::sample::select(ReadPosition::ALL.to_vec()).prop_map(move |at| act(A::ReadPosition(at))),
        6 => digit().prop_map(move |d| act(A::TypeDigit(d))),
        3 => key().prop_map(move |key| act(A::Key(key))),
        4 => digit().prop_map(move |d| act(A::TogglePick(d))),
        2 => (any::<i8>(), any::<i8>()).prop_map(move |(rows, cols)| act(A::MoveSelection { rows, cols })),
        1 => Just(act(A::Escape)),
        1 => Just(act(A::ToggleHelp)),
        1 => Just(act(A::ToggleCandidates)),
        8 => Just(act(A::Step)),
        1 => Just(act(A::ToggleSolve)),
        2 => Just(act(A::SolveTick)),
        1 => Just(act(A::Stop)),
        2 => Just(act(A::Hint)),
        1 => (0..REGISTRY.len() + 2).prop_map(move |index| act(A::ShowTechnique { index, name: "Technique".into() })),
        1 => (0..40u32).prop_map(move |id| act(A::ShowLogged(id))),
        2 => Just(act(A::Check)),
        1 => Just(act(A::SolveBySearch)),
        1 => Just(act(A::Restart)),
        6 => Just(act(A::Undo)),
        4 => Just(act(A::Redo)),
        1 => (prop::sample::select(vec!["z", "Z", "y", "Y", "x"]), any::<bool>())
            .prop_map(move |(key, shift)| act(A::Shortcut { key: key.to_string(), shift })),
        3 => Just(act(A::ToggleNotes)),
        1 => Just(act(A::FillNotes)),
        1 => Just(act(A::TogglePause)),
        1 => any::<bool>().prop_map(move |hidden| act(A::SetHidden(hidden))),
        1 => Just(act(A::BeginEntry)),
        1 => Just(act(A::FinishEntry)),
        1 => Just(act(A::CancelEntry)),
        1 => opened_text().prop_map(Event::Open),
        1 => opened_text().prop_map(Event::OpenUnconfirmed),
        10 => Just(Event::Answer),
        1 => Just(Event::Rate),
        // The Hard and Medium ones take the longest to make; a few cases of each suffice.
        1 => (0..5u64).prop_map(move |seed| act(A::Make {
            variant: sudoku_core::variant::Variant::Classic,
            level: sudoku_core::Level::ALL[seed as usize % 5],
            seed,
        })),
        1 => Just(act(A::CancelMaking)),
        2 => Just(act(A::BackToMistake)),
        3 => cell().prop_map(move |cell| act(A::SelectMore(cell))),
        2 => (cell(), cell()).prop_map(move |(from, to)| act(A::DragOver { from, to })),
        2 => Just(act(A::ToggleColouring)),
    ]
}

/// Any event but an opening left unconfirmed, whose refusal later brings back a game with a
/// history of its own, which the model of Undo below does not follow.
fn confirmed() -> impl Strategy<Value = Event> {
    event().prop_filter("confirmed at once", |event| {
        !matches!(event, Event::OpenUnconfirmed(_))
    })
}

/// One of the puzzles to start from.
fn start() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![PUZZLE, ELIMINATIONS_FIRST])
}

fn fresh_game(puzzle: &str) -> Game {
    Game::new(Grid::parse(puzzle).expect("a puzzle"), 0.0).expect("one solution")
}

/// Carries out `event` at `now_ms` on the page clock, as the page (and its worker) would;
/// returns whether it started a new game (a puzzle opened, or one entered and accepted).
fn act(game: &mut Game, event: &Event, now_ms: f64) -> bool {
    let was_entering = game.entering();
    match event {
        Event::Act(action) => {
            game.apply(action.clone(), now_ms);
            if *action == Action::FinishEntry {
                confirm(game, now_ms);
                return was_entering && !game.entering();
            }
        }
        Event::Answer | Event::Rate => {
            let asked = game
                .requests()
                .into_iter()
                .find(|request| (request.id == 0) == matches!(event, Event::Rate));
            if let Some(request) = asked {
                let made = game.making().is_some();
                let answer = Box::new(crate::worker::answer(request));
                game.apply(Action::Receive(answer), now_ms);
                return made && game.making().is_none();
            }
        }
        Event::Open(text) => {
            return game.open("the file", first_puzzle(text), now_ms) && confirm(game, now_ms);
        }
        Event::OpenUnconfirmed(text) => _ = game.open("the file", first_puzzle(text), now_ms),
    }
    false
}

/// The puzzle of a file's text, or its list's first.
fn first_puzzle(text: &str) -> Result<crate::worker::Playable, String> {
    match read(text) {
        Contents::One(puzzle) => puzzle,
        Contents::Many(list) => list[0].parse(),
    }
    .map(crate::worker::Playable::classic)
    .map_err(|why| why.to_string())
}

/// What Undo restores: the board, the notes, the colours, the solver's eliminations and digits,
/// the log and the time the puzzle was solved in.
#[derive(Clone, PartialEq)]
struct Restored {
    board: Grid,
    notes: [DigitSet; 81],
    colours: [u8; 81],
    eliminated: [DigitSet; 81],
    by_solver: CellSet,
    log: Vec<std::sync::Arc<Logged>>,
    solved_in_ms: Option<f64>,
}

/// Short enough to read in a failure: the board in the one-line format, the rest in brief.
impl std::fmt::Debug for Restored {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let eliminated: Vec<String> = Cell::all()
            .filter(|c| !self.eliminated[c.index()].is_empty())
            .map(|c| format!("{c}<>{:?}", self.eliminated[c.index()]))
            .collect();
        let log: Vec<&str> = self.log.iter().map(|l| l.step.text.as_str()).collect();
        let notes: Vec<String> = Cell::all()
            .filter(|c| !self.notes[c.index()].is_empty())
            .map(|c| format!("{c}:{:?}", self.notes[c.index()]))
            .collect();
        f.debug_struct("Restored")
            .field("board", &self.board.to_line())
            .field("notes", &notes)
            .field(
                "colours",
                &self
                    .colours
                    .iter()
                    .map(|c| char::from(b'0' + c))
                    .collect::<String>(),
            )
            .field("givens", &self.board.givens().len())
            .field("eliminated", &eliminated)
            .field(
                "by_solver",
                &self
                    .by_solver
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>(),
            )
            .field("log", &log)
            .field("solved_in_ms", &self.solved_in_ms)
            .finish()
    }
}

fn restored(game: &Game) -> Restored {
    Restored {
        board: game.board.clone(),
        notes: game.notes,
        colours: game.colours,
        eliminated: game.eliminated,
        by_solver: game.by_solver,
        log: game.log.clone(),
        solved_in_ms: game.solved_in_ms,
    }
}

/// Reads everything the page reads of the game, and checks what must always hold of it.
fn look_at(game: &Game, now_ms: f64) -> Result<(), TestCaseError> {
    let marks = game.marks();
    for cell in Cell::all() {
        let view = game.cell_view(&marks, cell);
        let candidates = marks.candidates_at(cell);
        let _ = (
            view.classes(),
            view.label(cell, candidates.as_ref(), game.rules().words_at(cell)),
        );
        if let Some(candidates) = candidates {
            let _ = candidates.markup();
        }
    }
    prop_assert!(!game.message().is_empty());
    let _ = (game.link_lines(), game.shown_log(), game.shown_technique());
    for id in game.log_ids() {
        prop_assert!(!game.log_text(id).is_empty());
    }
    // The page's own pencil marks are the worker's, which the techniques read.
    let shown = game.pencil_marks();
    let eliminated = Cell::all().flat_map(|cell| {
        game.eliminated[cell.index()]
            .iter()
            .map(move |digit| sudoku_core::Candidate::new(cell, digit))
    });
    let solvers = crate::worker::pencil_marks(
        &game.board,
        &super::PageRules::decode(game.rules.bytes()),
        eliminated,
    );
    for cell in Cell::all() {
        prop_assert_eq!(shown.get(cell), solvers.get(cell));
    }
    // The solver's digits are entries, never givens or blanks.
    let entries = game.board.filled() - game.board.givens();
    prop_assert!(
        (game.by_solver - entries).is_empty(),
        "solver digits off the entries"
    );
    if !game.entering()
        && let super::Solution::Known(solution) = &game.solution
    {
        prop_assert_eq!(solution.givens(), game.board.givens());
        prop_assert!(solution.is_solved());
        if game.is_solved() {
            prop_assert_eq!(&game.board, solution);
        }
        // The solver's eliminations never remove a solution digit.
        for cell in Cell::all() {
            let truth = solution.get(cell).expect("a full solution");
            prop_assert!(
                !game.eliminated[cell.index()].contains(truth),
                "{} lost its digit",
                cell
            );
        }
    }
    // The statistics are always ones that playing could make, and read back as themselves.
    let statistics = game.statistics();
    let read_back = Statistics::from_stored(&statistics.to_stored());
    prop_assert_eq!(read_back.as_ref(), Some(statistics));
    // What the page stores comes back as the same game, all but what only shows the last
    // action, and stores as the same text.
    let stored = game.to_stored(now_ms);
    let resumed = Game::from_stored(&stored, now_ms);
    prop_assert!(resumed.is_ok(), "cannot resume {}", stored);
    let resumed = resumed.expect("checked");
    prop_assert_eq!(resumed.played_ms(now_ms), game.played_ms(now_ms));
    prop_assert_eq!(lasting(&resumed), lasting(game));
    prop_assert_eq!(resumed.to_stored(now_ms), stored);
    Ok(())
}

/// The game less what is not saved: what shows the last action, the step log, the page's
/// visibility, where the page clock stood and what was asked of the worker.
fn lasting(game: &Game) -> Game {
    let mut game = game.clone();
    game.view.checked = false;
    game.view.last_edit = None;
    game.view.notice = None;
    game.session.hidden = false;
    game.view.fresh = CellSet::EMPTY;
    game.view.shown = None;
    game.running = false;
    game.stuck = false;
    game.clock.running_since = None;
    game.clock.counted_ms = 0.0;
    game.log.clear();
    for saved in game.history.iter_mut().chain(&mut game.redo) {
        saved.log_len = 0;
        saved.log_tail.clear();
    }
    game.waiting.asked = None;
    game.waiting.making = None;
    game.waiting.reading = None;
    // Cells selected with the one selected, and Colour mode, last a visit.
    game.view.also_selected = CellSet::EMPTY;
    game.view.cursor = None;
    game.view.colouring = false;
    // The digit picked lasts a visit too, so that a reload never turns a tap into a placement.
    game.view.picked = None;
    game.waiting.next_id = 0;
    game.view.hint = None;
    game.view.mistake = None;
    game.view.notes_hint = None;
    game.session.show_mistakes = false;
    game.session.read_position = ReadPosition::First;
    game.session.statistics = Default::default();
    // The solution is asked of the worker again.
    game.solution = super::Solution::Awaited;
    game.entering = game
        .entering
        .as_deref()
        .map(|previous| Box::new(lasting(previous)));
    if let Some(unconfirmed) = &mut game.unconfirmed {
        unconfirmed.opening = super::stored::unconfirmed::read_back();
        *unconfirmed.previous = lasting(&unconfirmed.previous);
    }
    game
}

/// A character of base64 mostly, so that a changed save still decodes to (other) bytes.
fn base64_or_any() -> impl Strategy<Value = char> {
    let base64: Vec<char> = ('A'..='Z')
        .chain('a'..='z')
        .chain('0'..='9')
        .chain(['+', '/'])
        .collect();
    prop_oneof![4 => prop::sample::select(base64), 1 => any::<char>()]
}

proptest! {
    #![proptest_config(fixed_seed_config(64))]

    /// Any sequence of actions: nothing panics, and the game stays drawable, consistent and
    /// storable after each.
    #[test]
    fn random_actions_never_panic(puzzle in start(), actions in prop::collection::vec(event(), 1..60)) {
        let mut game = fresh_game(puzzle);
        for (i, action) in actions.iter().enumerate() {
            let now_ms = 1000.0 * (i + 1) as f64;
            let _ = act(&mut game, action, now_ms);
            look_at(&game, now_ms)?;
        }
    }

    /// Undo takes back each recorded change in turn, newest first: after each Undo the board,
    /// the notes, the solver's eliminations and digits, the log and the solved time are as they
    /// were before that change, and undoing everything gives the fresh game back. Redo brings
    /// back each state Undo left, until a new change drops them.
    #[test]
    fn undo_takes_back_every_change(puzzle in start(), actions in prop::collection::vec(confirmed(), 1..60)) {
        let mut game = fresh_game(puzzle);
        let mut fresh = game.clone();
        // The states before each change that Undo should go back to, newest last, and those
        // Redo should bring back; while a puzzle is being entered, those of the game to return
        // to on Cancel.
        let mut undo_to: Vec<Restored> = Vec::new();
        let mut redo_to: Vec<Restored> = Vec::new();
        let mut before_entry: Option<(Restored, Vec<Restored>, Vec<Restored>)> = None;
        for (i, action) in actions.iter().enumerate() {
            let now_ms = 1000.0 * (i + 1) as f64;
            let was_entering = game.entering();
            let before = restored(&game);
            let new_game = act(&mut game, action, now_ms);
            let after = restored(&game);
            if new_game {
                // Its own history from here, and its own start.
                prop_assert!(!game.entering() && !game.can_undo() && !game.can_redo());
                before_entry = None;
                undo_to.clear();
                redo_to.clear();
                fresh = game.clone();
                continue;
            }
            let undo = match action {
                Event::Act(Action::Shortcut { key, shift }) if key.eq_ignore_ascii_case("z") => {
                    Some(!*shift)
                }
                Event::Act(Action::Shortcut { key, .. }) if key.eq_ignore_ascii_case("y") => {
                    Some(false)
                }
                Event::Act(Action::Undo) => Some(true),
                Event::Act(Action::Redo) => Some(false),
                _ => None,
            };
            match action {
                _ if undo.is_some() => {
                    let (from, to) = if undo == Some(true) {
                        (&mut undo_to, &mut redo_to)
                    } else {
                        (&mut redo_to, &mut undo_to)
                    };
                    match from.pop() {
                        Some(expected) => {
                            prop_assert_eq!(after, expected, "{:?} at action {}", action, i);
                            to.push(before);
                        }
                        None => prop_assert_eq!(after, before, "nothing to do at action {}", i),
                    }
                }
                Event::Act(Action::BeginEntry) if !was_entering => {
                    before_entry = Some((before, std::mem::take(&mut undo_to), std::mem::take(&mut redo_to)));
                    prop_assert!(!game.can_undo() && !game.can_redo(), "entering starts a history of its own");
                }
                Event::Act(Action::CancelEntry) if was_entering => {
                    let (state, history, redo) = before_entry.take().expect("entering");
                    prop_assert_eq!(after, state, "Cancel at action {}", i);
                    undo_to = history;
                    redo_to = redo;
                }
                // A puzzle not opened, or not accepted, leaves everything as it was.
                Event::Act(Action::FinishEntry) | Event::Open(_) => {
                    prop_assert_eq!(after, before, "{:?} at action {}", action, i);
                    prop_assert_eq!(game.entering(), was_entering);
                }
                _ if after != before => {
                    undo_to.push(before);
                    redo_to.clear();
                    prop_assert!(game.can_undo(), "action {} cannot be undone", i);
                    prop_assert!(!game.can_redo(), "action {} kept Redo", i);
                }
                _ => {}
            }
            prop_assert_eq!(game.can_undo(), !undo_to.is_empty());
            prop_assert_eq!(game.can_redo(), !redo_to.is_empty());
        }
        // Back to the game played, then undo everything, and redo it all.
        if game.entering() {
            game.apply(Action::CancelEntry, 1000.0 * (actions.len() + 1) as f64);
            let (state, history, redo) = before_entry.take().expect("entering");
            prop_assert_eq!(restored(&game), state);
            undo_to = history;
            redo_to = redo;
        }
        let mut undone = Vec::new();
        while let Some(expected) = undo_to.pop() {
            undone.push(restored(&game));
            game.undo(0.0);
            prop_assert_eq!(restored(&game), expected);
        }
        prop_assert!(!game.can_undo(), "Undo has more than was changed");
        let mut after_all = game.clone();
        while let Some(expected) = undone.pop() {
            after_all.redo(0.0);
            prop_assert_eq!(restored(&after_all), expected);
        }
        while let Some(expected) = redo_to.pop() {
            after_all.redo(0.0);
            prop_assert_eq!(restored(&after_all), expected);
        }
        prop_assert!(!after_all.can_redo(), "Redo has more than was undone");
        let start = restored(&fresh);
        prop_assert_eq!(restored(&game), start);
        prop_assert_eq!(&game.board, &game.board.givens_only());
        prop_assert_eq!(game.eliminated, [DigitSet::EMPTY; 81]);
        prop_assert_eq!(game.by_solver, CellSet::EMPTY);
    }

    /// Text that is not a stored game, or a stored game garbled, never makes resuming panic.
    #[test]
    fn resuming_arbitrary_text_never_panics(
        text in any::<String>(),
        entering in any::<bool>(),
        changes in prop::collection::vec((any::<prop::sample::Index>(), base64_or_any()), 0..4),
    ) {
        let _ = Game::from_stored(&text, 0.0);
        let mut played = super::tests::game();
        super::tests::step(&mut played, 1.0);
        played.apply(Action::ToggleNotes, 1.5);
        played.apply(Action::TypeDigit(super::tests::digit(3)), 2.0);
        played.apply(Action::Undo, 3.0);
        if entering {
            played.apply(Action::BeginEntry, 3.5);
            played.apply(Action::TypeDigit(super::tests::digit(5)), 4.0);
        }
        let mut stored: Vec<char> = played.to_stored(0.0).chars().collect();
        for (at, ch) in changes {
            let at = at.index(stored.len());
            stored[at] = ch;
        }
        let stored: String = stored.into_iter().collect();
        if let Ok(resumed) = Game::from_stored(&stored, 0.0) {
            look_at(&resumed, 0.0)?;
        }
    }
}
