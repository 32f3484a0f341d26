//! The game model driven by actions decoded from the input, on one of the example puzzles (as
//! the input changes it): no action panics, nor does drawing the board after it; givens never
//! change; the solver places only the solution's digits and never removes its candidates; a
//! stored game resumes as it was, its statistics too; and undoing every change returns the board
//! that the game (or the puzzle being entered) started from.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use sudoku_app::game::{Action as GameAction, Game, ReadPosition, Statistics};
use sudoku_core::{Cell, Digit, Grid};
use sudoku_fuzz::{PUZZLES, line, unique_puzzle};

/// Actions per input: enough for a game's worth of moves, few enough to keep each run short.
const ACTIONS: usize = 64;

/// The fuzzer's bytes as the game's actions ([`GameAction`], by [`game_action`]: cells and digits
/// as bytes to wrap around) or as what the harness does in the page's and the worker's place.
#[derive(Arbitrary, Debug)]
enum Action {
    Click(u8),
    Clear(u8),
    TypeDigit(u8),
    Key(Key),
    Pick(u8),
    Move(i8, i8),
    Erase,
    /// A digit of the picker: placed in the selected cell, or picked.
    PressDigit(u8),
    ShowMistakes(bool),
    /// The setting Read position, by its place in the select.
    ReadPosition(u8),
    Help,
    Candidates,
    Check,
    Step,
    Solve,
    Tick,
    Stop,
    Hint,
    ShowTechnique(u8),
    ShowLogged(u8),
    SolveBySearch,
    Undo,
    Redo,
    Notes,
    FillNotes,
    Pause,
    Restart,
    BeginEntry,
    FinishEntry,
    CancelEntry,
    Open(Opened),
    /// The page closed and opened again: the game goes through its stored text.
    Reload,
    Wait(u16),
    /// Shift- or Ctrl-click, a drag from one cell to another, Colour mode on or off.
    SelectMore(u8),
    DragOver(u8, u8),
    Colour,
}

#[derive(Arbitrary, Debug)]
enum Key {
    Up,
    Down,
    Left,
    Right,
    Backspace,
    Delete,
    Escape,
    Digit(u8),
    Other(String),
}

#[derive(Arbitrary, Debug)]
enum Opened {
    Example(u8),
    Text(String),
}

/// Each cell's digit and whether it is a given, as the page shows them.
type Board = Vec<(Option<Digit>, bool)>;

fn board(game: &Game) -> Board {
    let marks = game.marks();
    Cell::all()
        .map(|cell| {
            let view = game.cell_view(&marks, cell);
            (view.digit, view.given)
        })
        .collect()
}

fn givens(board: &Board) -> Vec<Option<Digit>> {
    board
        .iter()
        .map(|&(digit, given)| digit.filter(|_| given))
        .collect()
}

fn grid(board: &Board) -> Grid {
    let mut grid = Grid::from_givens(givens(board).try_into().expect("81 cells"));
    for (cell, &(digit, given)) in Cell::all().zip(board) {
        if !given {
            grid.set_entry(cell, digit);
        }
    }
    grid
}

/// A game, or a puzzle being entered, from its start: what Undo goes back to, and while playing
/// the solution.
struct Segment {
    start: Board,
    solution: Option<Grid>,
}

impl Segment {
    fn of(game: &Game) -> Segment {
        let start = board(game);
        let solution = (!game.entering())
            .then(|| {
                Grid::from_givens(givens(&start).try_into().expect("81"))
                    .solve()
                    .ok()
            })
            .flatten();
        assert!(
            game.entering() || solution.is_some(),
            "a game without one solution"
        );
        Segment { start, solution }
    }
}

/// Everything the page draws; only a panic matters. (The game's property tests walk the same
/// views from their test module, which this crate cannot reach.)
fn draw(game: &Game) {
    let marks = game.marks();
    for cell in Cell::all() {
        let view = game.cell_view(&marks, cell);
        let candidates = marks.candidates_at(cell);
        let _ = (view.classes(), view.label(cell, candidates.as_ref(), game.rules().words_at(cell)));
        if let Some(candidates) = candidates {
            let _ = candidates.markup();
        }
    }
    let _ = (
        game.message(),
        game.mistakes_text(),
        game.link_lines(),
        game.shown_log(),
        game.shown_technique(),
        game.statistics().markup(20_000),
    );
    for id in game.log_ids() {
        let _ = game.log_text(id);
    }
}

/// Panics unless undoing every change returns `start`.
fn check_undo_all(game: &Game, start: &Board) {
    let mut game = game.clone();
    let mut undone = 0;
    while game.can_undo() {
        game.apply(GameAction::Undo, 0.0);
        undone += 1;
        assert!(undone <= 10_000, "Undo never runs out");
    }
    assert!(
        board(&game) == *start,
        "undoing all {undone} changes does not return the start: {}",
        grid(&board(&game)).to_line()
    );
}

/// Answers the steps the game asks of the solver's worker, as the worker would.
fn answer_steps(game: &mut Game, now: f64) {
    for request in game
        .requests()
        .into_iter()
        .filter(|request| request.id != 0)
    {
        let answer = Box::new(sudoku_app::worker::answer(request));
        game.apply(GameAction::Receive(answer), now);
    }
}

/// Answers at once the worker's word on the solution of a puzzle just opened, entered or read
/// back, as the page's worker does a moment later; returns whether it has one.
fn confirm(game: &mut Game, now: f64) -> bool {
    let Some(request) = game
        .requests()
        .into_iter()
        .find(|request| request.id == sudoku_app::worker::SOLVE_ID)
    else {
        return false;
    };
    let answer = sudoku_app::worker::answer(request);
    let solved = matches!(
        answer.done,
        sudoku_app::worker::Done::Solved {
            solution: Ok(_),
            ..
        }
    );
    game.apply(GameAction::Receive(Box::new(answer)), now);
    solved
}

/// Whether every entry agrees with the solution.
fn entries_right(board: &Board, solution: &Grid) -> bool {
    Cell::all()
        .zip(board)
        .all(|(cell, &(digit, given))| given || digit.is_none() || digit == solution.get(cell))
}

/// The game's action that `action` stands for, its bytes read as cells and digits; `None` for
/// what the harness does itself (open a puzzle as the worker would read it, reload, wait), and
/// for an entry of an empty step log.
fn game_action(action: &Action, game: &Game) -> Option<GameAction> {
    let cell = |b: u8| Cell::ALL[usize::from(b) % 81];
    let digit = |b: u8| Digit::ALL[usize::from(b) % 9];
    Some(match action {
        Action::Click(c) => GameAction::Click(cell(*c)),
        Action::Clear(c) => GameAction::Clear(cell(*c)),
        Action::SelectMore(c) => GameAction::SelectMore(cell(*c)),
        Action::DragOver(from, to) => GameAction::DragOver {
            from: cell(*from),
            to: cell(*to),
        },
        Action::Colour => GameAction::ToggleColouring,
        Action::TypeDigit(d) => GameAction::TypeDigit(digit(*d)),
        Action::Key(key) => GameAction::Key(match key {
            Key::Up => "ArrowUp".to_string(),
            Key::Down => "ArrowDown".to_string(),
            Key::Left => "ArrowLeft".to_string(),
            Key::Right => "ArrowRight".to_string(),
            Key::Backspace => "Backspace".to_string(),
            Key::Delete => "Delete".to_string(),
            Key::Escape => "Escape".to_string(),
            Key::Digit(d) => (d % 10).to_string(),
            Key::Other(text) => text.clone(),
        }),
        Action::Pick(d) => GameAction::TogglePick(digit(*d)),
        Action::Move(rows, cols) => GameAction::MoveSelection {
            rows: *rows,
            cols: *cols,
        },
        Action::Erase => GameAction::Erase,
        Action::PressDigit(d) => GameAction::PressDigit(digit(*d)),
        Action::ShowMistakes(on) => GameAction::ShowMistakes(*on),
        Action::ReadPosition(at) => {
            GameAction::ReadPosition(ReadPosition::ALL[usize::from(*at) % ReadPosition::ALL.len()])
        }
        Action::Help => GameAction::ToggleHelp,
        Action::Candidates => GameAction::ToggleCandidates,
        Action::Check => GameAction::Check,
        Action::Step => GameAction::Step,
        Action::Solve => GameAction::ToggleSolve,
        Action::Tick => GameAction::SolveTick,
        Action::Stop => GameAction::Stop,
        Action::Hint => GameAction::Hint,
        Action::ShowTechnique(i) => GameAction::ShowTechnique {
            index: usize::from(*i) % 50,
            name: "Technique".into(),
        },
        Action::ShowLogged(i) => {
            let ids = game.log_ids();
            GameAction::ShowLogged(*ids.get(usize::from(*i) % ids.len().max(1))?)
        }
        Action::SolveBySearch => GameAction::SolveBySearch,
        Action::Undo => GameAction::Undo,
        Action::Redo => GameAction::Redo,
        Action::Notes => GameAction::ToggleNotes,
        Action::FillNotes => GameAction::FillNotes,
        Action::Pause => GameAction::TogglePause,
        Action::Restart => GameAction::Restart,
        Action::BeginEntry => GameAction::BeginEntry,
        Action::FinishEntry => GameAction::FinishEntry,
        Action::CancelEntry => GameAction::CancelEntry,
        Action::Open(_) | Action::Reload | Action::Wait(_) => return None,
    })
}

fn run(u: &mut Unstructured) -> arbitrary::Result<()> {
    let puzzle = match unique_puzzle(u)? {
        Some((puzzle, _)) => puzzle,
        None => line(PUZZLES[0].0),
    };
    let mut now = 1_000.0;
    let solution = puzzle.solve().expect("one solution");
    let mut game = Game::solved_by(puzzle, solution, now);
    // As the page does: the statistics (none yet) beside the game, which counts in them.
    game.set_statistics(Statistics::default());
    let mut segment = Segment::of(&game);
    let mut outer: Option<Segment> = None;
    for action in u.arbitrary_iter::<Action>()?.take(ACTIONS) {
        let action = action?;
        let entering = game.entering();
        let ends_segment = matches!(
            action,
            Action::BeginEntry | Action::FinishEntry | Action::CancelEntry | Action::Open(_)
        );
        if ends_segment {
            check_undo_all(&game, &segment.start);
        }
        let right_before = segment
            .solution
            .as_ref()
            .is_some_and(|s| entries_right(&board(&game), s));
        match game_action(&action, &game) {
            Some(game_action) => {
                game.apply(game_action, now);
                match &action {
                    Action::Step | Action::Solve | Action::Tick | Action::Hint => {
                        answer_steps(&mut game, now);
                    }
                    Action::ShowTechnique(_) => answer_steps(&mut game, now),
                    Action::BeginEntry if !entering => {
                        outer = Some(std::mem::replace(&mut segment, Segment::of(&game)));
                    }
                    Action::FinishEntry => {
                        confirm(&mut game, now);
                        if entering && !game.entering() {
                            segment = Segment::of(&game);
                            outer = None;
                        }
                    }
                    Action::CancelEntry if entering => {
                        segment = outer.take().expect("a game to return to");
                    }
                    _ => {}
                }
            }
            None => match &action {
                Action::Open(opened) => {
                    let puzzle = match opened {
                        Opened::Example(i) => Ok(line(PUZZLES[usize::from(*i) % PUZZLES.len()].0)),
                        Opened::Text(text) => Grid::parse(text),
                    };
                    let puzzle = puzzle
                        .map(sudoku_app::worker::Playable::classic)
                        .map_err(|why| why.to_string());
                    if game.open("fuzzed.sud", puzzle, now) && confirm(&mut game, now) {
                        segment = Segment::of(&game);
                        outer = None;
                    }
                }
                Action::Reload => {
                    let text = game.to_stored(now);
                    let mut resumed = Game::from_stored(&text, now)
                        .unwrap_or_else(|why| panic!("a stored game does not resume, {why}: {text}"));
                    // The statistics are kept beside the game; read back, they count nothing again.
                    let kept = game.statistics().to_stored();
                    let statistics = Statistics::from_stored(&kept)
                        .unwrap_or_else(|| panic!("statistics that do not read back: {kept}"));
                    resumed.set_statistics(statistics);
                    resumed.apply(GameAction::ShowMistakes(game.shows_mistakes()), now);
                    resumed.apply(GameAction::ReadPosition(game.read_position()), now);
                    assert!(
                        resumed.statistics() == game.statistics(),
                        "the statistics changed across a reload: {kept}"
                    );
                    assert!(
                        board(&resumed) == board(&game),
                        "resumed another board: {text}"
                    );
                    assert_eq!(resumed.entering(), game.entering(), "{text}");
                    assert_eq!(resumed.to_stored(now), text, "resumed another game");
                    // The history comes back too: Undo still leads to the segment's start.
                    game = resumed;
                    confirm(&mut game, now);
                }
                Action::Wait(ms) => now += f64::from(*ms),
                // An entry of the step log shown again while the log is empty.
                _ => {}
            },
        }
        draw(&game);
        let now_board = board(&game);
        if game.entering() {
            assert!(
                now_board.iter().all(|&(d, given)| d.is_none() || given),
                "an entered digit that is not a given"
            );
            continue;
        }
        assert!(
            givens(&now_board) == givens(&segment.start),
            "a given changed"
        );
        let solution = segment.solution.as_ref().expect("a game has a solution");
        if game.is_solved() {
            assert_eq!(
                grid(&now_board).digits(),
                solution.digits(),
                "solved, but not so"
            );
        }
        if right_before && matches!(action, Action::Step | Action::Solve | Action::Tick) {
            assert!(
                entries_right(&now_board, solution),
                "a step placed a wrong digit"
            );
        }
        // The solver removes a candidate only by sound logic, so never a solution's digit.
        let on_board = grid(&now_board);
        let marks = game.pencil_marks();
        for cell in Cell::all().filter(|&c| on_board.get(c).is_none()) {
            let digit = solution.get(cell).expect("complete");
            if on_board.is_legal(cell, digit) {
                assert!(
                    marks.has(cell, digit),
                    "{cell}<>{digit} removed, its solution"
                );
            }
        }
    }
    check_undo_all(&game, &segment.start);
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
