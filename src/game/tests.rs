use sudoku_core::{Cell, CellSet, Date, Digit, DigitSet, Grid};

use super::assist::STUCK;
use super::*;

/// A puzzle with one solution, and that solution.
pub(super) const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
pub(super) const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Answers what the game asks of the solver's worker (steps and new puzzles, not the rating),
/// as the worker would.
pub(super) fn settle(game: &mut Game, now_ms: f64) {
    while let Some(request) = game.requests().into_iter().find(|request| request.id != 0) {
        game.receive(crate::worker::answer(request), now_ms);
    }
}

/// Answers at once the worker's word on the solution of a puzzle just opened, entered or read
/// back, as the page's worker does a moment later; returns whether it has one.
pub(super) fn confirm(game: &mut Game, now_ms: f64) -> bool {
    let Some(request) = game
        .requests()
        .into_iter()
        .find(|request| request.id == crate::worker::SOLVE_ID)
    else {
        return false;
    };
    let answer = crate::worker::answer(request);
    let solved = matches!(
        answer.done,
        crate::worker::Done::Solved {
            solution: Ok(_),
            ..
        }
    );
    game.receive(answer, now_ms);
    solved
}

/// A text read as a classic puzzle, as the worker reads a file.
pub(super) fn readable(text: &str) -> Result<crate::worker::Playable, String> {
    Grid::parse(text)
        .map(crate::worker::Playable::classic)
        .map_err(|why| why.to_string())
}

pub(super) fn step(game: &mut Game, now_ms: f64) {
    game.step();
    settle(game, now_ms);
}

pub(super) fn hint(game: &mut Game, now_ms: f64) {
    game.hint(now_ms);
    settle(game, now_ms);
}

fn toggle_solve(game: &mut Game, now_ms: f64) {
    game.toggle_solve();
    settle(game, now_ms);
}

fn solve_tick(game: &mut Game, now_ms: f64) {
    game.solve_tick();
    settle(game, now_ms);
}

pub(super) fn game() -> Game {
    Game::new(Grid::parse(PUZZLE).expect("a valid puzzle"), 0.0).expect("one solution")
}

pub(super) fn digit(value: u8) -> Digit {
    Digit::new(value).expect("1..=9")
}

fn solution_at(cell: Cell) -> Digit {
    digit(SOLUTION.as_bytes()[cell.index()] - b'0')
}

fn view(game: &Game, cell: Cell) -> CellView {
    game.cell_view(&game.marks(), cell)
}

/// The cells whose view says `shown`.
fn cells_where(game: &Game, shown: impl Fn(&CellView) -> bool) -> CellSet {
    Cell::all()
        .filter(|&cell| shown(&view(game, cell)))
        .collect()
}

/// The cell's accessible name, with the small digits it draws.
fn label(game: &Game, cell: Cell) -> String {
    let marks = game.marks();
    game.cell_view(&marks, cell).label(
        cell,
        marks.candidates_at(cell).as_ref(),
        game.rules.words_at(cell),
    )
}

// The tests spell out the player's actions one by one, though many start alike: a helper for
// the common openings would hide what each test does.
#[test]
fn a_picked_digit_is_placed_by_a_tap_that_selects_nothing_and_cleared_by_the_next() {
    let mut game = game();
    let cell = Cell::at(0, 2);
    game.toggle_pick(digit(4));
    game.click(cell, 1.0);
    assert_eq!(label(&game, cell), "row 1, column 3, 4");
    assert!(game.selected_cells().is_empty());
    assert_eq!(game.picked(), Some(digit(4)));
    game.click(cell, 2.0);
    assert_eq!(label(&game, cell), "row 1, column 3, empty");
    assert_eq!(label(&game, Cell::at(0, 1)), "row 1, column 2, 3, given");
}

#[test]
fn the_picker_holds_at_most_one_digit() {
    let mut game = game();
    game.toggle_pick(digit(4));
    game.toggle_pick(digit(7));
    assert_eq!(game.picked(), Some(digit(7)));
    game.toggle_pick(digit(7));
    assert_eq!(game.picked(), None);
}

#[test]
fn givens_never_change() {
    let mut game = game();
    let given = Cell::at(0, 0);
    game.toggle_pick(digit(5));
    game.click(given, 1.0);
    game.clear(given, 1.0);
    game.type_digit(digit(1), 1.0);
    assert_eq!(game.board.get(given), Some(digit(5)));
    assert_eq!(game.message(), "r1c1 is a given: it cannot change");
}

#[test]
fn a_repeated_digit_marks_both_cells_and_is_explained() {
    let mut game = game();
    game.toggle_pick(digit(5));
    game.click(Cell::at(0, 2), 1.0);
    assert!(view(&game, Cell::at(0, 2)).conflict);
    assert!(view(&game, Cell::at(0, 0)).conflict);
    assert_eq!(game.message(), "5 is already in row 1 at r1c1");
}

#[test]
fn help_marks_the_empty_cells_where_the_picked_digit_is_legal() {
    let mut game = game();
    game.toggle_help();
    game.toggle_pick(digit(1));
    let marked: CellSet = Cell::all().filter(|&c| view(&game, c).help).collect();
    let legal: CellSet = Cell::all()
        .filter(|&c| game.board.get(c).is_none() && game.board.is_legal(c, digit(1)))
        .collect();
    assert_eq!(marked, legal);
    assert!(!marked.is_empty());
    game.toggle_help();
    assert!(Cell::all().all(|c| !view(&game, c).help));
}

#[test]
fn check_colours_entries_until_the_next_edit() {
    let mut game = game();
    let (right, wrong) = (Cell::at(0, 2), Cell::at(0, 3));
    game.view.selected = Some(right);
    game.type_digit(solution_at(right), 1.0);
    game.click(wrong, 1.0);
    game.type_digit(digit(2), 1.0);
    game.check();
    assert!(view(&game, right).correct && view(&game, wrong).wrong);
    assert_eq!(game.message(), "1 wrong: row 1, column 4 is first");
    game.erase(2.0);
    assert!(!view(&game, right).correct);
}

#[test]
fn check_counts_the_wrong_entries_names_the_first_by_reading_order_and_offers_back_to_mistake() {
    let mut game = game();
    // Made first, though later in reading order.
    let (made_first, made_next) = (Cell::at(1, 1), Cell::at(0, 3));
    for cell in [made_first, made_next] {
        game.apply(Action::Click(cell), 1.0);
        let wrong = (1..=9)
            .map(digit)
            .find(|&d| d != solution_at(cell) && game.board.is_legal(cell, d))
            .expect("a wrong digit that breaks no rule");
        game.apply(Action::TypeDigit(wrong), 1.0);
    }
    game.apply(Action::Check, 2.0);
    assert_eq!(game.message(), "2 wrong: row 1, column 4 is first");
    assert!(game.mistake_found(), "Back to mistake offered");
    // Back to the cell named: the entries made before it stay.
    game.apply(Action::BackToMistake, 3.0);
    assert_eq!(game.board.get(made_next), None);
    assert!(game.board.get(made_first).is_some(), "made before it: kept");
    assert_eq!(game.selected(), Some(made_next), "the focus goes there");
    assert!(
        game.message().starts_with("Back to just before the ")
            && game.message().ends_with(" in row 1, column 4"),
        "{}",
        game.message()
    );
    game.apply(Action::Check, 4.0);
    assert_eq!(game.message(), "1 wrong: row 2, column 2 is first");
    game.apply(Action::BackToMistake, 4.0);
    assert_eq!(game.board.get(made_first), None);
    // All right: no offer.
    game.view.selected = Some(made_first);
    game.apply(Action::TypeDigit(solution_at(made_first)), 5.0);
    game.apply(Action::Check, 5.0);
    assert_eq!(game.message(), "All 1 entries are right so far");
    assert!(!game.mistake_found());
}

#[test]
fn a_cell_name_says_what_the_board_draws_in_it_with_the_position_where_the_player_chose() {
    let mut game = game();
    let (given, empty) = (Cell::at(0, 0), Cell::at(0, 2));
    assert_eq!(label(&game, given), "row 1, column 1, 5, given");
    assert_eq!(label(&game, empty), "row 1, column 3, empty");
    game.apply(Action::ToggleCandidates, 1.0);
    assert_eq!(
        label(&game, empty),
        "row 1, column 3, empty, candidates 1 2 4"
    );
    // A repeat: both cells say so; after Check, the entry is wrong.
    game.apply(Action::Click(empty), 1.0);
    game.apply(Action::TypeDigit(digit(5)), 1.0);
    assert_eq!(label(&game, empty), "row 1, column 3, 5, conflict");
    assert_eq!(label(&game, given), "row 1, column 1, 5, given, conflict");
    game.apply(Action::Check, 2.0);
    assert_eq!(label(&game, empty), "row 1, column 3, 5, conflict, wrong");
    game.apply(Action::TypeDigit(solution_at(empty)), 3.0);
    game.apply(Action::Check, 3.0);
    assert_eq!(label(&game, empty), "row 1, column 3, 4, right");
    game.apply(Action::ReadPosition(ReadPosition::Last), 4.0);
    assert_eq!(label(&game, given), "5, given, row 1, column 1");
    game.apply(Action::ReadPosition(ReadPosition::Never), 4.0);
    assert_eq!(label(&game, given), "5, given");
    for position in ReadPosition::ALL {
        assert_eq!(ReadPosition::from_key(position.key()), Some(position));
    }
}

#[test]
fn home_end_and_ctrl_home_end_go_to_the_row_ends_and_the_corners_and_the_tab_stop_follows() {
    let mut game = game();
    let stop = |game: &Game| cells_where(game, |view| view.tab_stop);
    assert_eq!(
        stop(&game),
        CellSet::single(Cell::at(0, 0)),
        "the first cell, with none selected"
    );
    game.apply(Action::Click(Cell::at(4, 4)), 1.0);
    game.apply(Action::Key("End".into()), 1.0);
    assert_eq!(game.selected(), Some(Cell::at(4, 8)));
    game.apply(Action::Key("Home".into()), 1.0);
    assert_eq!(game.selected(), Some(Cell::at(4, 0)));
    let end = Action::Shortcut {
        key: "End".into(),
        shift: false,
    };
    assert!(game.apply(end, 1.0).changed);
    assert_eq!(game.selected(), Some(Cell::at(8, 8)));
    assert_eq!(stop(&game), CellSet::single(Cell::at(8, 8)));
    let home = Action::Shortcut {
        key: "Home".into(),
        shift: false,
    };
    game.apply(home, 1.0);
    assert_eq!(game.selected(), Some(Cell::at(0, 0)));
    // A given is read-only: its view says it is a given.
    assert!(view(&game, Cell::at(0, 0)).given);
}

#[test]
fn each_move_is_said_once_in_a_sentence_and_moving_about_is_not_news() {
    let mut game = game();
    game.apply(Action::Click(Cell::at(0, 2)), 1.0);
    assert!(!game.message_is_news(), "moving: the prompt is not spoken");
    // Row 1 filled up to its last cell.
    let row: Vec<Cell> = (0..9).map(|col| Cell::at(0, col)).collect();
    let open: Vec<Cell> = row
        .into_iter()
        .filter(|&c| game.board.get(c).is_none())
        .collect();
    let (last, before) = open.split_last().expect("open cells in row 1");
    for &cell in before {
        game.view.selected = Some(cell);
        game.apply(Action::TypeDigit(solution_at(cell)), 1.0);
        assert_eq!(
            game.message(),
            format!(
                "{} placed in row 1, column {}",
                solution_at(cell),
                cell.col() + 1
            )
        );
        assert!(game.message_is_news());
    }
    game.view.selected = Some(*last);
    game.apply(Action::TypeDigit(solution_at(*last)), 2.0);
    assert!(
        game.message().ends_with("; row 1 complete"),
        "{}",
        game.message()
    );
    game.apply(Action::Erase, 3.0);
    assert_eq!(game.message(), "Row 1, column 9 erased");
    game.apply(Action::ToggleNotes, 3.0);
    assert_eq!(game.message(), "Notes on");
    game.apply(Action::TypeDigit(digit(5)), 3.0);
    assert_eq!(game.message(), "Note 5 added to row 1, column 9");
    game.apply(Action::TypeDigit(digit(5)), 3.0);
    assert_eq!(game.message(), "Note 5 removed from row 1, column 9");
    // The same words again are news again.
    let told = game.told();
    game.apply(Action::Repeat, 4.0);
    assert_eq!(game.message(), "Note 5 removed from row 1, column 9");
    assert_ne!(game.told(), told);
    game.apply(Action::MoveSelection { rows: 1, cols: 0 }, 4.0);
    assert!(!game.message_is_news());
    // Paused, then moving about: the pause was news once, not again.
    game.apply(Action::TogglePause, 5.0);
    assert!(game.message_is_news());
    assert!(game.message().starts_with("Paused"));
    game.apply(Action::TogglePause, 6.0);
    game.apply(Action::MoveSelection { rows: 0, cols: -1 }, 6.0);
    assert!(!game.message_is_news());
}

#[test]
fn the_keys_move_from_the_cell_selected_last_which_stays_the_tab_stop() {
    let mut game = game();
    game.apply(Action::Click(Cell::at(4, 4)), 1.0);
    game.apply(Action::Escape, 1.0);
    assert_eq!(game.selected(), None);
    assert!(view(&game, Cell::at(4, 4)).tab_stop, "the tab stop stays");
    game.apply(Action::MoveSelection { rows: 0, cols: 0 }, 1.0);
    assert_eq!(game.selected(), Some(Cell::at(4, 4)));
    game.apply(Action::MoveSelection { rows: 0, cols: 1 }, 1.0);
    assert_eq!(game.selected(), Some(Cell::at(4, 5)));
}

#[test]
fn arrows_move_and_stop_at_the_edges_and_keys_place_and_clear() {
    let mut game = game();
    assert!(game.press_key("ArrowRight", 0.0));
    assert_eq!(game.view.selected, Some(Cell::at(0, 0)));
    game.press_key("ArrowUp", 0.0);
    game.press_key("ArrowRight", 0.0);
    game.press_key("ArrowRight", 0.0);
    assert_eq!(game.view.selected, Some(Cell::at(0, 2)));
    assert!(game.press_key("4", 1.0));
    assert_eq!(game.board.get(Cell::at(0, 2)), Some(digit(4)));
    assert_eq!(game.picked(), None, "a key never picks");
    assert!(game.press_key("Backspace", 1.0));
    assert_eq!(game.board.get(Cell::at(0, 2)), None);
    (0..10).for_each(|_| _ = game.press_key("ArrowDown", 1.0));
    assert_eq!(game.view.selected, Some(Cell::at(8, 2)));
    assert!(!game.press_key("x", 1.0) && !game.press_key("10", 1.0));
}

#[test]
fn filling_in_the_solution_solves_with_the_time_taken_and_restart_clears() {
    let mut game = game();
    let open = CellSet::ALL - game.board.givens();
    for cell in open.iter() {
        game.view.selected = Some(cell);
        game.type_digit(solution_at(cell), 187_000.0);
    }
    assert!(game.is_solved());
    assert_eq!(game.message(), "Solved! in 3:07");
    game.restart(200_000.0);
    assert!(!game.is_solved());
    assert_eq!(game.board, game.board.givens_only());
}

/// Steps until logic is done; returns how many steps it took.
fn step_to_the_end(game: &mut Game) -> usize {
    let mut steps = 0;
    loop {
        let logged = game.log.len();
        step(game, 1.0);
        if game.log.len() == logged {
            return steps;
        }
        steps += 1;
        assert!(steps < 2000, "Step keeps going");
    }
}

#[test]
fn candidates_follow_the_board_and_the_solvers_eliminations() {
    let mut game = game();
    let cell = Cell::at(0, 2);
    assert!(game.marks().candidates_at(cell).is_none(), "off by default");
    game.toggle_candidates();
    let shown = |game: &Game| game.marks().candidates_at(cell).expect("drawn").digits;
    let legal: DigitSet = Digit::all()
        .filter(|&d| game.board.is_legal(cell, d))
        .collect();
    assert_eq!(shown(&game), legal);
    // A digit placed in the same row leaves the cell's candidates.
    game.view.selected = Some(Cell::at(0, 3));
    game.type_digit(solution_at(Cell::at(0, 3)), 1.0);
    assert!(!shown(&game).contains(solution_at(Cell::at(0, 3))));
    // An elimination made by a step stays out until the player takes a digit back.
    game.eliminated[cell.index()].insert(digit(1));
    game.eliminated[cell.index()].insert(digit(2));
    assert!(!shown(&game).contains(digit(1)) && !shown(&game).contains(digit(2)));
    game.clear(Cell::at(0, 3), 2.0);
    assert!(shown(&game).contains(digit(2)));
}

#[test]
fn step_applies_logs_and_shows_one_step() {
    let mut game = game();
    let before = game.board.clone();
    step(&mut game, 1.0);
    assert_eq!(game.log.len(), 1);
    let step = game.log[0].step.clone();
    assert_eq!(game.message(), step.text);
    assert_eq!(game.shown_log(), Some(game.log[0].id));
    assert!(
        !step.placements.is_empty(),
        "this puzzle starts with a single"
    );
    let marks = game.marks();
    for p in &step.placements {
        assert_eq!(game.board.get(p.cell), Some(p.digit));
        let view = game.cell_view(&marks, p.cell);
        assert!(view.placed && view.solver && view.fresh);
        assert!(view.classes().contains("solver"));
    }
    assert_ne!(game.board, before);
    // The highlight lasts until the next change.
    let empty = Cell::all().find(|&c| game.board.get(c).is_none()).unwrap();
    game.view.selected = Some(empty);
    game.type_digit(solution_at(empty), 2.0);
    assert!(game.view.shown.is_none());
    assert_eq!(game.view.fresh, CellSet::single(empty));
    assert!(!view(&game, empty).solver, "the player's digit");
}

#[test]
fn a_step_that_removes_candidates_draws_them_as_removed() {
    // An SE-rated puzzle: singles first, then techniques that remove candidates.
    let rated = "2...5...6.1.....9.6..8.1..3..7.9.6.....7.3...9...8...21.......5.6.9.2.1...3.6.2..";
    let mut game = Game::new(Grid::parse(rated).unwrap(), 0.0).unwrap();
    while game
        .log
        .last()
        .is_none_or(|logged| logged.step.eliminations.is_empty())
    {
        assert!(
            !game.stuck(),
            "logic removes a candidate before it is stuck"
        );
        step(&mut game, 1.0);
    }
    let step = game.log.last().expect("a step").step.clone();
    let marks = game.marks();
    for e in &step.eliminations {
        assert!(!game.pencil_marks().has(e.cell, e.digit));
        let drawn = marks
            .candidates_at(e.cell)
            .expect("the cell shows the removed digit");
        assert_eq!(drawn.class_of(e.digit), "cand removed");
    }
}

#[test]
fn every_step_agrees_with_the_solution_and_ends_solved_or_stuck() {
    let mut game = game();
    while !game.is_solved() && !game.stuck() {
        step(&mut game, 1.0);
        for cell in game.board.filled().iter() {
            assert_eq!(game.board.get(cell), Some(solution_at(cell)));
        }
    }
    // This puzzle is easy: singles finish it.
    assert!(game.is_solved());
    let logged = game.log.len();
    assert_eq!(
        game.message(),
        format!("Solved! {logged} logical steps in the log")
    );
    step(&mut game, 2.0);
    assert_eq!(game.log.len(), logged, "nothing more on a solved board");
    assert_eq!(
        game.message(),
        "The puzzle is solved: there is nothing left to find"
    );
}

/// One of the hardest puzzles known (the first of forum_hardest_1106): it takes nested forcing
/// chains.
const HARD: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

#[test]
fn logic_alone_finishes_one_of_the_hardest_puzzles() {
    let mut game = Game::new(Grid::parse(HARD).unwrap(), 0.0).unwrap();
    let steps = step_to_the_end(&mut game);
    assert!(game.is_solved(), "solved by logic in {steps} steps");
    assert!(!game.stuck());
}

#[test]
fn a_puzzle_logic_cannot_finish_offers_solve_by_search() {
    let mut game = game();
    game.step();
    let asked = game
        .requests()
        .into_iter()
        .find(|r| r.id != 0)
        .expect("a step asked");
    // The worker's answer when no technique applies.
    game.receive(
        crate::worker::Answer {
            id: asked.id,
            done: crate::worker::Done::Step(None),
        },
        1.0,
    );
    assert!(!game.is_solved() && game.stuck());
    assert_eq!(game.message(), STUCK);
    game.solve_by_search(5.0);
    assert!(game.is_solved());
    assert_eq!(game.solution, Solution::Known(game.board.clone()));
    assert!(!game.stuck());
}

#[test]
fn solve_runs_until_done_and_any_edit_stops_it() {
    let mut game = game();
    toggle_solve(&mut game, 1.0);
    assert!(game.running() && game.log.len() == 1);
    solve_tick(&mut game, 2.0);
    assert_eq!(game.log.len(), 2);
    toggle_solve(&mut game, 3.0);
    assert!(!game.running());
    solve_tick(&mut game, 4.0);
    assert_eq!(game.log.len(), 2, "a stopped Solve takes no more steps");
    toggle_solve(&mut game, 5.0);
    let empty = Cell::all().find(|&c| game.board.get(c).is_none()).unwrap();
    game.view.selected = Some(empty);
    game.type_digit(solution_at(empty), 6.0);
    assert!(!game.running());
    toggle_solve(&mut game, 7.0);
    while game.running() {
        solve_tick(&mut game, 8.0);
    }
    assert!(game.is_solved());
}

#[test]
fn undo_steps_back_over_moves_and_steps_alike() {
    let mut game = game();
    let start = game.board.clone();
    game.undo(9_000.0);
    assert_eq!(game.message(), "Nothing to undo");
    let cell = Cell::at(0, 2);
    game.view.selected = Some(cell);
    game.type_digit(solution_at(cell), 1.0);
    let after_move = game.board.clone();
    step(&mut game, 2.0);
    step(&mut game, 3.0);
    assert_eq!(game.log.len(), 2);
    let second = game.log[1].step.text.clone();
    game.undo(9_000.0);
    assert_eq!(game.message(), format!("Undone: {second}"));
    assert_eq!(game.log.len(), 1);
    game.undo(9_000.0);
    assert_eq!(game.board, after_move);
    assert!(game.log.is_empty());
    game.undo(9_000.0);
    assert_eq!(game.message(), "Undone: r1c3");
    assert_eq!(game.board, start);
    assert!(!game.can_undo());
}

#[test]
fn hint_says_where_to_look_then_why_marking_its_cells_then_applies_it_in_plain_words() {
    let mut game = game();
    let before = game.board.clone();
    hint(&mut game, 1.0);
    assert_eq!(game.board, before);
    let words = game.view.hint.as_ref().expect("a hint").words.clone();
    assert_eq!(
        words,
        sudoku_core::plain(
            &game.view.hint.as_ref().unwrap().step,
            &sudoku_core::variant::Rules::classic()
        )
    );
    assert_eq!(game.message(), words.look);
    assert!(words.look.starts_with("Look at "), "{}", words.look);
    let marked = || Cell::all().filter(|&c| view(&game, c).hint).count();
    assert_eq!(marked(), 0, "the first press marks nothing");
    hint(&mut game, 2.0);
    assert_eq!(game.board, before);
    assert_eq!(game.message(), format!("{} Hint again does it.", words.why));
    assert!(
        Cell::all().any(|c| view(&game, c).hint),
        "the second marks cells"
    );
    hint(&mut game, 3.0);
    assert_eq!(game.log.len(), 1, "the third applies the step");
    assert_ne!(game.board, before);
    assert_eq!(game.message(), words.what);
    for message in [&words.look, &words.why, &words.what] {
        assert!(
            !["<>", "=>", "="]
                .iter()
                .any(|notation| message.contains(notation)),
            "{message}"
        );
    }
    assert!(words.what.contains(", column "), "{}", words.what);
}

#[test]
fn any_other_action_starts_the_hint_over() {
    let mut game = game();
    hint(&mut game, 1.0);
    let named = game.message();
    hint(&mut game, 2.0);
    game.move_selection(0, 1);
    assert!(Cell::all().all(|c| !view(&game, c).hint));
    hint(&mut game, 3.0);
    assert_eq!(game.message(), named, "back to the first stage");
    assert!(game.log.is_empty());
}

#[test]
fn an_answer_the_game_no_longer_waits_for_is_dropped() {
    let mut game = game();
    game.step();
    let asked = game.requests().pop().expect("a step asked");
    game.click(Cell::at(0, 2), 1.0);
    game.type_digit(solution_at(Cell::at(0, 2)), 1.0);
    assert!(!game.thinking(), "an edit drops the question");
    let board = game.board.clone();
    game.receive(crate::worker::answer(asked), 2.0);
    assert_eq!(game.board, board);
    assert!(game.log.is_empty());
}

#[test]
fn the_rating_is_asked_once_and_named_when_solved() {
    let mut game = game();
    let rate = game.requests().pop().expect("the rating asked");
    assert!(matches!(rate.job, crate::worker::Job::Rate { .. }));
    game.receive(crate::worker::answer(rate), 0.0);
    assert!(game.requests().is_empty());
    let rating = game.rating().expect("rated");
    assert_eq!(rating.to_string(), "Easy · 1.2");
    let empty: Vec<Cell> = Cell::all()
        .filter(|&c| game.board.get(c).is_none())
        .collect();
    for cell in empty {
        game.click(cell, 0.0);
        game.type_digit(solution_at(cell), 187_000.0);
    }
    assert_eq!(game.message(), "Solved! Easy puzzle in 3:07");
}

#[test]
fn new_game_waits_for_the_worker_and_cancel_keeps_the_game() {
    let mut game = game();
    game.make(
        sudoku_core::variant::Variant::Classic,
        sudoku_core::Level::Hard,
        5,
    );
    assert_eq!(game.message(), "Making a new Hard puzzle…");
    game.cancel_making();
    assert!(
        game.requests().iter().all(|r| r.id == 0),
        "nothing but the rating asked"
    );
    assert_eq!(game.message(), "No new Hard puzzle: the game goes on");
    let old = game.board.clone();
    game.make(
        sudoku_core::variant::Variant::Classic,
        sudoku_core::Level::Hard,
        5,
    );
    settle(&mut game, 1.0);
    assert_ne!(game.board, old);
    assert_eq!(
        game.rating().map(|r| r.level),
        Some(sudoku_core::Level::Hard)
    );
    assert_eq!(game.making(), None);
}

#[test]
fn a_puzzle_made_without_its_rating_in_time_asks_for_it() {
    let mut game = game();
    game.make(
        sudoku_core::variant::Variant::Classic,
        sudoku_core::Level::Hard,
        5,
    );
    let request = game
        .requests()
        .into_iter()
        .find(|r| r.id != 0)
        .expect("asked");
    let crate::worker::Done::Made {
        puzzle, solution, ..
    } = crate::worker::answer(request.clone()).done
    else {
        panic!("made");
    };
    let made = crate::worker::Answer {
        id: request.id,
        done: crate::worker::Done::Made {
            puzzle,
            solution,
            rating: None,
        },
    };
    game.receive(made, 1.0);
    assert_eq!(game.rating(), None);
    assert!(
        game.requests()
            .iter()
            .any(|r| matches!(r.job, crate::worker::Job::Rate { .. })),
        "the rating is asked"
    );
    let rate = game
        .requests()
        .into_iter()
        .find(|r| r.id == 0)
        .expect("a rating asked");
    game.receive(crate::worker::answer(rate), 2.0);
    assert_eq!(
        game.rating().map(|r| r.level),
        Some(sudoku_core::Level::Hard)
    );
}

#[test]
fn a_failed_solver_is_no_longer_waited_for_and_the_game_says_so() {
    let mut game = game();
    let board = game.board.clone();
    game.make(
        sudoku_core::variant::Variant::Classic,
        sudoku_core::Level::Hard,
        5,
    );
    game.solver_failed(true);
    assert_eq!(game.making(), None);
    assert_eq!(
        game.message(),
        "The solver stopped on an error and was started again: ask it once more"
    );
    game.toggle_solve();
    assert!(game.running() && game.requests().iter().any(|r| r.id != 0));
    game.solver_failed(false);
    assert!(!game.running());
    assert!(
        game.requests().iter().all(|r| r.id == 0),
        "nothing but the rating asked"
    );
    assert_eq!(
        game.message(),
        "The solver stopped on an error again: reload the page to use it"
    );
    assert_eq!(game.board, board, "the board as it was");
}

#[test]
fn each_technique_is_shown_where_it_applies_or_said_to_be_absent() {
    let mut game = game();
    for (index, entry) in sudoku_core::REGISTRY.iter().enumerate() {
        game.show_technique(index, entry.technique.name());
        settle(&mut game, 1.0);
        match game.shown_technique() {
            Some(shown) => {
                assert_eq!(shown, index);
                let step = &game.view.shown.as_ref().unwrap().step;
                assert_eq!(step.technique, entry.technique.name());
                assert_eq!(game.message(), step.text);
            }
            None => assert_eq!(
                game.message(),
                format!("No {} on the board right now", entry.technique.name())
            ),
        }
    }
    assert!(game.log.is_empty(), "showing applies nothing");
}

#[test]
fn choosing_a_log_entry_shows_that_step_again() {
    let mut game = game();
    step(&mut game, 1.0);
    step(&mut game, 2.0);
    let first = game.log[0].clone();
    game.show_logged(first.id);
    assert_eq!(game.message(), first.step.text);
    assert_eq!(game.shown_log(), Some(first.id));
    assert_eq!(game.log_text(first.id), first.step.text);
    assert_eq!(game.log_ids().len(), 2);
    let placed = first.step.placements.first().expect("a single").cell;
    assert!(view(&game, placed).placed);
}

#[test]
fn a_wrong_entry_or_a_conflict_keeps_the_solver_from_going_astray() {
    let mut game = game();
    let cell = Cell::at(0, 2);
    let wrong = Digit::all()
        .find(|&d| d != solution_at(cell) && game.board.is_legal(cell, d))
        .unwrap();
    game.view.selected = Some(cell);
    game.type_digit(wrong, 1.0);
    step(&mut game, 2.0);
    assert!(game.log.is_empty());
    assert_eq!(
        game.message(),
        "An entry is wrong, so logic would go astray: Check shows which"
    );
    game.type_digit(digit(5), 3.0);
    step(&mut game, 4.0);
    assert_eq!(
        game.message(),
        "Fix this first: 5 is already in row 1 at r1c1"
    );
    // Hint names the entry that went wrong first instead.
    hint(&mut game, 5.0);
    assert_eq!(game.message(), "The 5 in row 1, column 3 is wrong");
}

#[test]
fn a_bad_puzzle_opened_leaves_the_game_as_it_was() {
    let mut game = game();
    game.view.selected = Some(Cell::at(0, 2));
    game.type_digit(digit(4), 1.0);
    let before = game.clone();
    assert!(!game.open("bad.sud", readable("1234"), 2.0));
    assert_eq!(
        game.message(),
        "Cannot open bad.sud: found 4 cells, need 81"
    );
    // Played at once, then given back when the worker finds it has two solutions.
    let multiple =
        "8.........95.......76.........426798...571243...893165......916....3.487....1.532";
    assert!(game.open("line 3 of many.txt", readable(multiple), 2.0));
    assert_eq!(game.board, Grid::parse(multiple).unwrap());
    settle(&mut game, 2.0);
    assert_eq!(
        game.message(),
        "Cannot open line 3 of many.txt: more than one solution"
    );
    let unsolvable = format!("11{}", ".".repeat(79));
    assert!(!game.open("x", readable(&unsolvable), 2.0));
    assert_eq!(
        game.message(),
        "Cannot open x: two 1s in row 1: r1c1 and r1c2"
    );
    game.view.notice = before.view.notice.clone();
    // The clock was stopped while the refused puzzle was played and runs on: the same time.
    assert_eq!(game.played_ms(9.0), before.played_ms(9.0));
    game.clock = before.clock;
    assert_eq!(game, before);
    assert!(game.open("good.sud", readable(SOLVED_BUT_ONE), 3.0));
    settle(&mut game, 3.0);
    assert_eq!(game.message(), "Opened good.sud");
    assert_eq!(game.board.filled_count(), 80);
    assert!(game.log.is_empty() && !game.can_undo());
}

/// The solution with its first cell blank.
const SOLVED_BUT_ONE: &str =
    ".34678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn enter_puzzle_refuses_what_is_not_a_puzzle_and_keeps_the_digits_typed() {
    let mut game = game();
    let previous = game.board.clone();
    game.begin_entry(0.0);
    assert!(game.entering());
    assert_eq!(game.board.filled_count(), 0);
    game.finish_entry(1.0);
    assert_eq!(
        game.message(),
        "The board is empty: type the puzzle's digits first"
    );
    step(&mut game, 1.0);
    assert!(game.message().starts_with("The board is empty"));
    // Two digits: many solutions.
    game.view.selected = Some(Cell::at(0, 0));
    game.type_digit(digit(5), 1.0);
    assert!(view(&game, Cell::at(0, 0)).given, "typed digits are givens");
    game.view.selected = Some(Cell::at(4, 4));
    game.type_digit(digit(3), 1.0);
    game.finish_entry(2.0);
    settle(&mut game, 2.0);
    assert!(game.entering());
    assert_eq!(
        game.message(),
        "Cannot play this puzzle: it has more than one solution (add more digits)"
    );
    assert_eq!(game.board.filled_count(), 2);
    // A repeat in a house.
    game.view.selected = Some(Cell::at(0, 8));
    game.type_digit(digit(5), 1.0);
    game.finish_entry(2.0);
    assert_eq!(
        game.message(),
        "Cannot play this puzzle: two 5s in row 1: r1c1 and r1c9"
    );
    assert_eq!(game.board.filled_count(), 3);
    // Typed digits can be changed and cleared while entering.
    game.clear(Cell::at(0, 8), 3.0);
    assert_eq!(game.board.filled_count(), 2);
    game.cancel_entry(4.0);
    assert!(!game.entering());
    assert_eq!(game.board, previous);
}

#[test]
fn the_time_spent_entering_a_puzzle_is_not_played() {
    let mut game = game();
    game.begin_entry(1_000.0);
    assert!(!game.clock_running(), "no clock while a puzzle is entered");
    game.set_hidden(true, 2_000.0);
    game.set_hidden(false, 3_000.0);
    assert!(!game.clock_running(), "not even after the page comes back");
    game.cancel_entry(60_000.0);
    assert!(game.clock_running());
    assert_eq!(game.played_ms(61_000.0), 2_000.0);
}

#[test]
fn an_entered_puzzle_with_one_solution_is_played() {
    let mut game = game();
    game.toggle_candidates();
    game.begin_entry(0.0);
    for (i, ch) in PUZZLE.bytes().enumerate() {
        if ch != b'.' {
            game.view.selected = Cell::new(i as u8);
            game.type_digit(digit(ch - b'0'), 1.0);
        }
    }
    game.finish_entry(2.0);
    settle(&mut game, 2.0);
    assert!(!game.entering());
    assert_eq!(game.message(), "Your puzzle has one solution: play on");
    assert_eq!(game.board, Grid::parse(PUZZLE).unwrap());
    assert!(game.candidates(), "display choices carry over");
    assert!(!game.can_undo());
    step(&mut game, 3.0);
    assert_eq!(game.log.len(), 1);
}

#[test]
fn solve_by_search_fills_the_board_in_one_undoable_change() {
    let mut game = game();
    game.solve_by_search(10_000.0);
    assert!(game.is_solved());
    assert_eq!(game.solution, Solution::Known(game.board.clone()));
    let marks = game.marks();
    assert!(game.cell_view(&marks, Cell::at(0, 2)).solver);
    assert!(!game.cell_view(&marks, Cell::at(0, 0)).solver);
    game.undo(9_000.0);
    assert!(!game.is_solved());
    assert_eq!(game.board, game.board.givens_only());
}

#[test]
fn candidates_are_drawn_as_small_digits_in_their_places() {
    let mut game = game();
    game.toggle_candidates();
    step(&mut game, 1.0);
    let marks = game.marks();
    let drawn = marks.candidates_at(Cell::at(0, 2)).expect("r1c3 is empty");
    let markup = drawn.markup();
    assert_eq!(
        markup.matches("<span class=\"cand").count() as u32,
        drawn.digits.len()
    );
    for digit in Digit::all() {
        let shown = markup.contains(&format!(" d{digit}\">{digit}</span>"));
        assert_eq!(shown, drawn.digits.contains(digit));
    }
    let name = label(&game, Cell::at(0, 2));
    let said = name
        .split(", candidates")
        .nth(1)
        .expect("candidates in the name");
    assert_eq!(said.split(' ').count() as u32, 1 + drawn.digits.len());
}

#[test]
fn hint_finds_the_first_wrong_entry_and_back_to_mistake_returns_before_it() {
    let mut game = game();
    let empty: Vec<Cell> = Cell::all()
        .filter(|&c| game.board.get(c).is_none())
        .collect();
    let wrong = |cell: Cell| digit(solution_at(cell).get() % 9 + 1);
    // A right click selects without placing the picked digit.
    let place = |game: &mut Game, cell: Cell, d: Digit| {
        game.clear(cell, 1.0);
        game.type_digit(d, 1.0);
    };
    place(&mut game, empty[0], solution_at(empty[0]));
    let before_mistake = game.board.clone();
    place(&mut game, empty[1], wrong(empty[1]));
    place(&mut game, empty[2], solution_at(empty[2]));
    place(&mut game, empty[3], wrong(empty[3]));
    hint(&mut game, 2.0);
    assert_eq!(
        game.message(),
        format!(
            "The {} in row {}, column {} is wrong",
            wrong(empty[1]),
            empty[1].row() + 1,
            empty[1].col() + 1
        )
    );
    assert!(game.mistake_found());
    let now = game.board.clone();
    game.back_to_mistake(2.5);
    assert_eq!(game.board, before_mistake);
    assert!(!game.mistake_found());
    game.undo(3.0);
    assert_eq!(game.board, now, "one change for Undo");
}

#[test]
fn with_notes_on_a_digit_toggles_a_note_of_an_empty_cell() {
    let mut game = game();
    let cell = Cell::at(0, 2);
    assert!(game.press_key("N", 1.0));
    assert!(game.noting());
    game.toggle_pick(digit(9));
    game.click(cell, 1.0);
    game.toggle_pick(digit(9));
    game.click(cell, 1.5);
    game.type_digit(digit(1), 2.0);
    game.type_digit(digit(4), 3.0);
    assert_eq!(game.board.get(cell), None, "notes are not entries");
    assert_eq!(label(&game, cell), "row 1, column 3, empty, notes 1 4 9");
    game.type_digit(digit(4), 4.0);
    assert_eq!(label(&game, cell), "row 1, column 3, empty, notes 1 9");
    // A filled cell takes no notes.
    game.click(Cell::at(0, 0), 5.0);
    assert_eq!(game.notes[0], DigitSet::EMPTY);
    assert!(game.press_key("n", 6.0));
    assert!(!game.noting());
}

#[test]
fn notes_are_drawn_in_place_of_candidates_and_hide_under_a_digit() {
    let mut game = game();
    let cell = Cell::at(0, 2);
    game.toggle_candidates();
    game.toggle_notes();
    game.toggle_pick(digit(2));
    game.click(cell, 1.0);
    let drawn = game.marks().candidates_at(cell).expect("notes drawn");
    assert!(drawn.notes && !label(&game, cell).contains("candidates"));
    assert_eq!(drawn.digits, DigitSet::single(digit(2)));
    assert_eq!(drawn.markup(), "<span class=\"note d2\">2</span>");
    // The cell beside it draws its candidates still.
    assert!(
        !game
            .marks()
            .candidates_at(Cell::at(0, 3))
            .expect("drawn")
            .notes
    );
    game.toggle_notes();
    game.toggle_pick(digit(4));
    game.click(cell, 2.0);
    assert_eq!(game.marks().candidates_at(cell), None);
    assert_eq!(label(&game, cell), "row 1, column 3, 4");
}

#[test]
fn placing_a_digit_takes_it_out_of_its_peers_notes() {
    let mut game = game();
    game.fill_notes();
    let filled = game.notes;
    assert_eq!(game.notes[2], game.pencil_marks().get(Cell::at(0, 2)));
    game.toggle_pick(digit(4));
    game.click(Cell::at(0, 2), 1.0);
    for cell in Cell::all() {
        let expected = if Cell::at(0, 2).sees(cell) {
            let mut notes = filled[cell.index()];
            notes.remove(digit(4));
            notes
        } else {
            filled[cell.index()]
        };
        assert_eq!(game.notes[cell.index()], expected, "{cell}");
    }
}

#[test]
fn fill_notes_is_one_change_and_restart_clears_notes_and_entries() {
    let mut game = game();
    game.toggle_pick(digit(4));
    game.click(Cell::at(0, 2), 1.0);
    game.fill_notes();
    assert_eq!(game.history.len(), 2);
    game.fill_notes();
    assert_eq!(game.history.len(), 2, "nothing new to fill");
    game.restart(2.0);
    assert_eq!(game.notes, [DigitSet::EMPTY; 81]);
    assert_eq!(game.board, game.board.givens_only());
    game.undo(3.0);
    assert_eq!(game.message(), "Undone: Restart");
    assert!(!game.notes[3].is_empty());
    game.undo(4.0);
    assert_eq!(game.notes, [DigitSet::EMPTY; 81]);
    assert_eq!(game.board.get(Cell::at(0, 2)), Some(digit(4)));
}

#[test]
fn redo_brings_back_what_undo_took_and_a_new_change_drops_it() {
    let mut game = game();
    let cell = Cell::at(0, 2);
    game.redo(1.0);
    assert_eq!(game.message(), "Nothing to redo");
    game.view.selected = Some(cell);
    game.type_digit(solution_at(cell), 1.0);
    step(&mut game, 2.0);
    let stepped = game.clone();
    game.undo(3.0);
    game.undo(4.0);
    assert!(game.can_redo() && !game.can_undo());
    game.redo(5.0);
    assert_eq!(game.message(), "Redone: r1c3");
    game.redo(6.0);
    assert_eq!(game.board, stepped.board);
    assert_eq!(game.log, stepped.log, "the step is back in the log");
    assert_eq!(game.eliminated, stepped.eliminated);
    assert!(!game.can_redo());
    game.undo(7.0);
    game.toggle_notes();
    game.view.selected = Some(Cell::at(0, 3));
    game.type_digit(digit(5), 8.0);
    game.type_digit(digit(6), 8.0);
    assert!(!game.can_redo(), "a note is a change too");
    assert!(game.press_shortcut("z", false, 9.0));
    assert!(game.press_shortcut("Z", true, 10.0));
    assert_eq!(game.notes[Cell::at(0, 3).index()].len(), 2);
    assert!(game.press_shortcut("Z", false, 11.0) && game.press_shortcut("y", false, 12.0));
    assert!(game.press_shortcut("Y", true, 13.0));
    assert!(!game.press_shortcut("x", false, 14.0));
}

#[test]
fn undo_of_a_solving_move_starts_the_clock_again() {
    let mut game = game();
    let open = CellSet::ALL - game.board.givens();
    for cell in open.iter() {
        game.view.selected = Some(cell);
        game.type_digit(solution_at(cell), 10_000.0);
    }
    assert!(game.is_solved() && !game.clock_running());
    game.undo(20_000.0);
    assert!(!game.is_solved() && game.clock_running());
    assert_eq!(game.clock_text(25_000.0), "0:15");
}

#[test]
fn each_digit_counts_down_what_is_left_to_place() {
    let mut game = game();
    let eights: Vec<Cell> = (CellSet::ALL - game.board.givens())
        .iter()
        .filter(|&cell| solution_at(cell) == digit(8))
        .collect();
    let placed = |game: &Game, d: u8| {
        Cell::all()
            .filter(|&cell| game.board.get(cell) == Some(digit(d)))
            .count() as u8
    };
    let counts = |game: &Game| (1..=9).map(|d| 9 - placed(game, d)).collect::<Vec<_>>();
    assert_eq!(game.remaining().to_vec(), counts(&game));
    game.toggle_pick(digit(8));
    for (done, &cell) in eights.iter().enumerate() {
        assert_eq!(
            game.remaining()[7] as usize,
            eights.len() - done,
            "8s left before {cell}"
        );
        game.click(cell, 1.0);
    }
    assert_eq!(game.remaining()[7], 0);
    assert_eq!(game.remaining().to_vec(), counts(&game));
    // A wrong 8 counts as placed too: the count is of the board, never below zero.
    game.toggle_pick(digit(8));
    game.clear(eights[0], 2.0);
    assert_eq!(game.remaining()[7], 1);
    let other = Cell::all().find(|&cell| game.board.get(cell).is_none() && cell != eights[0]);
    game.view.selected = other;
    game.type_digit(digit(8), 3.0);
    game.view.selected = Some(eights[0]);
    game.type_digit(digit(8), 3.0);
    assert_eq!(game.remaining()[7], 0);
}

#[test]
fn the_clock_counts_only_time_in_play() {
    let mut game = game();
    assert_eq!(game.clock_text(65_000.0), "1:05");
    game.toggle_pause(10_000.0);
    assert!(game.paused() && !game.clock_running());
    assert_eq!(game.message(), "Paused: Resume shows the board again");
    // Paused, the board takes no input.
    game.toggle_pick(digit(4));
    game.click(Cell::at(0, 2), 20_000.0);
    game.toggle_notes();
    game.click(Cell::at(0, 2), 20_000.0);
    game.fill_notes();
    assert_eq!(game.board, game.board.givens_only());
    assert_eq!(game.notes, [DigitSet::EMPTY; 81]);
    game.toggle_pause(70_000.0);
    assert_eq!(game.clock_text(75_000.0), "0:15");
    game.set_hidden(true, 80_000.0);
    assert_eq!(game.clock_text(200_000.0), "0:20");
    game.set_hidden(false, 200_000.0);
    assert_eq!(game.clock_text(201_000.0), "0:21");
    game.restart(300_000.0);
    assert_eq!(game.clock_text(302_000.0), "0:02");
}

/// The game, rated as the worker would rate it (Easy: singles alone).
fn rated_game() -> Game {
    game().rated(crate::worker::PuzzleRating::of(
        &Grid::parse(PUZZLE).expect("a puzzle"),
    ))
}

/// Types the solution into every empty cell at `now_ms`.
fn fill_in_solution(game: &mut Game, now_ms: f64) {
    let empty = CellSet::ALL - game.board.filled();
    for cell in empty.iter() {
        game.view.selected = Some(cell);
        game.type_digit(solution_at(cell), now_ms);
    }
}

fn table_row(game: &Game, name: &str) -> Vec<String> {
    game.statistics()
        .table(0)
        .into_iter()
        .find(|row| row[0] == name)
        .expect("a row")
        .to_vec()
}

#[test]
fn erase_clears_the_entry_else_the_notes_in_one_change_each() {
    let mut game = game();
    let cell = Cell::at(0, 2);
    game.view.selected = Some(cell);
    game.toggle_notes();
    game.type_digit(digit(1), 1.0);
    game.type_digit(digit(2), 1.0);
    game.toggle_notes();
    game.type_digit(digit(4), 1.0);
    assert_eq!(label(&game, cell), "row 1, column 3, 4");
    game.erase(2.0);
    assert_eq!(label(&game, cell), "row 1, column 3, empty, notes 1 2");
    game.erase(3.0);
    assert_eq!(label(&game, cell), "row 1, column 3, empty");
    game.undo(4.0);
    assert_eq!(label(&game, cell), "row 1, column 3, empty, notes 1 2");
    // Backspace erases the same way; a given stays.
    assert!(game.press_key("Backspace", 5.0));
    assert_eq!(label(&game, cell), "row 1, column 3, empty");
    game.view.selected = Some(Cell::at(0, 0));
    game.erase(6.0);
    assert_eq!(game.message(), "r1c1 is a given: it cannot change");
}

#[test]
fn a_digit_pressed_with_a_cell_selected_and_none_picked_goes_into_the_cell() {
    let mut game = game();
    let cell = Cell::at(0, 2);
    game.click(cell, 1.0);
    game.press_digit(digit(4), 1.0);
    assert_eq!(game.board.get(cell), Some(digit(4)));
    assert_eq!(game.picked(), None, "cell first picks nothing");
    // Another digit replaces it; with Notes on, digits become notes of an empty cell.
    game.press_digit(digit(9), 2.0);
    assert_eq!(game.board.get(cell), Some(digit(9)));
    game.erase(3.0);
    game.toggle_notes();
    game.press_digit(digit(3), 4.0);
    game.press_digit(digit(5), 4.0);
    assert_eq!(label(&game, cell), "row 1, column 3, empty, notes 3 5");
    game.toggle_notes();
    // A given selected, or nothing selected: the digit is picked, digit first.
    game.click(Cell::at(0, 0), 5.0);
    game.press_digit(digit(4), 5.0);
    assert_eq!(game.picked(), Some(digit(4)));
    // With a digit picked, pressing a digit picks another or releases it, and the selection
    // with it: the next digit is picked, not placed in the last cell tapped.
    game.click(Cell::at(0, 3), 6.0);
    assert_eq!(game.board.get(Cell::at(0, 3)), Some(digit(4)));
    game.press_digit(digit(4), 7.0);
    assert_eq!((game.picked(), game.view.selected), (None, None));
    game.press_digit(digit(6), 8.0);
    assert_eq!(game.picked(), Some(digit(6)));
    assert_eq!(game.board.get(Cell::at(0, 3)), Some(digit(4)));
    // Released, then a cell tapped: cell first again.
    game.press_digit(digit(6), 9.0);
    game.click(Cell::at(0, 3), 10.0);
    game.press_digit(digit(6), 11.0);
    assert_eq!(game.board.get(Cell::at(0, 3)), Some(digit(6)));
}

#[test]
fn taps_do_what_the_player_means() {
    let mut game = game();
    let (cell, other) = (Cell::at(0, 2), Cell::at(0, 3));
    // A key places in the cell selected and picks nothing, so the next tap only selects.
    game.click(cell, 1.0);
    assert_eq!(game.message(), "Tap a digit for row 1, column 3");
    game.press_key("4", 1.5);
    game.click(other, 2.0);
    assert_eq!(
        game.board.get(other),
        None,
        "the tap selected, placed nothing"
    );
    assert_eq!(game.selected_cells(), CellSet::single(other));
    // A digit button with a cell selected places it and picks nothing, even with one picked.
    game.escape();
    game.press_digit(digit(7), 3.0);
    assert_eq!(game.picked(), Some(digit(7)));
    assert_eq!(game.message(), "Tap a cell to place 7");
    for _ in 0..4 {
        game.press_key("ArrowRight", 3.5);
    }
    let selected = game.view.selected.expect("the arrows select");
    assert_eq!(selected, other);
    game.press_digit(solution_at(other), 4.0);
    assert_eq!(game.board.get(selected), Some(solution_at(other)));
    assert_eq!(
        game.picked(),
        Some(digit(7)),
        "the picked digit stays picked"
    );
    // A tap on the only cell selected ends the selection, as Escape does.
    game.escape();
    game.press_digit(digit(7), 5.0);
    assert_eq!(game.picked(), None);
    game.click(other, 5.5);
    game.click(other, 6.0);
    assert!(game.selected_cells().is_empty());
    game.click(other, 6.5);
    assert!(game.press_key("Escape", 7.0));
    assert!(game.selected_cells().is_empty());
    // A given selected, then a digit pressed: the digit is picked and highlighted, not the
    // given's.
    let given = Cell::at(0, 0);
    game.click(given, 8.0);
    assert_eq!(game.message(), "Row 1, column 1 is a given");
    game.press_digit(digit(4), 8.5);
    assert_eq!(game.picked(), Some(digit(4)));
    assert!(game.selected_cells().is_empty());
    assert!(
        !view(&game, given).same_digit,
        "the given's 5 is no longer highlighted"
    );
    assert!(view(&game, cell).same_digit, "the 4s are");
    // Escape with nothing selected releases the digit.
    game.escape();
    assert_eq!(game.picked(), None);
    assert_eq!(
        game.message(),
        "Tap a cell, then a digit; or a digit, then cells"
    );
}

#[test]
fn completing_a_row_column_or_box_waves_over_its_cells_and_the_solve_over_all() {
    let mut game = game();
    let waving = |game: &Game| cells_where(game, |view| view.wave);
    // Row 1 but one cell, then that cell: row 1 waves, and nothing else is complete.
    let row: Vec<Cell> = (0..9)
        .map(|col| Cell::at(0, col))
        .filter(|&cell| game.board.get(cell).is_none())
        .collect();
    for &cell in &row {
        assert!(waving(&game).is_empty(), "before {cell}");
        game.view.selected = Some(cell);
        game.type_digit(solution_at(cell), 1.0);
    }
    let row_cells: CellSet = (0..9).map(|col| Cell::at(0, col)).collect();
    assert_eq!(waving(&game) & row_cells, row_cells);
    // The next change stops it; a row full of a repeat does not wave.
    let elsewhere = Cell::at(4, 4);
    game.view.selected = Some(elsewhere);
    game.type_digit(solution_at(elsewhere), 2.0);
    assert!(waving(&game).is_empty());
    let last = *row.last().unwrap();
    game.view.selected = Some(last);
    game.type_digit(solution_at(row[0]), 3.0);
    assert!(
        (waving(&game) & row_cells).is_empty(),
        "a repeat: not complete"
    );
    game.type_digit(solution_at(last), 4.0);
    fill_in_solution(&mut game, 5.0);
    assert!(game.is_solved());
    assert_eq!(
        waving(&game),
        CellSet::ALL,
        "the solve waves over the board"
    );
}

#[test]
fn the_solved_report_gives_the_puzzle_its_time_mistakes_and_hints_and_why_a_helped_one_is_not_counted()
 {
    let mut game = rated_game();
    assert_eq!(game.solved_report(), None);
    game.set_show_mistakes(true);
    // One hint, to its second stage; then a mistake, put right.
    hint(&mut game, 1.0);
    hint(&mut game, 2.0);
    let cell = Cell::at(0, 2);
    game.view.selected = Some(cell);
    game.type_digit(digit(solution_at(cell).get() % 9 + 1), 3.0);
    game.type_digit(solution_at(cell), 4.0);
    fill_in_solution(&mut game, 187_000.0);
    assert_eq!(
        game.solved_report().as_deref(),
        Some("Easy · 1.2, solved in 3:07.\nMistakes: 1 · Hints: 1")
    );
    // Finished by Hint's third press: said not to count, and why.
    let mut helped = rated_game();
    let empty = CellSet::ALL - helped.board.filled();
    for cell in empty.iter().skip(1) {
        helped.view.selected = Some(cell);
        helped.type_digit(solution_at(cell), 1.0);
    }
    for stage in 0..3 {
        hint(&mut helped, 2.0 + f64::from(stage));
    }
    assert!(helped.is_solved());
    let report = helped.solved_report().expect("solved");
    assert!(report.contains("Hints: 1"), "{report}");
    assert!(
        report.ends_with(
            "Not counted as solved in Statistics: the solver placed digits (Hint's third press, \
             Step, Solve or Solve by search)."
        ),
        "{report}"
    );
    // The count of hints is kept by the save.
    let resumed = Game::from_stored(&helped.to_stored(9.0), 9.0).expect("read back");
    assert_eq!(resumed.hints, 1);
}

#[test]
fn a_reload_never_brings_back_a_picked_digit() {
    let mut game = game();
    game.toggle_pick(digit(3));
    let mut resumed = Game::from_stored(&game.to_stored(1.0), 1.0).expect("read back");
    assert_eq!(resumed.picked(), None);
    let empty = Cell::at(0, 2);
    resumed.click(empty, 2.0);
    assert_eq!(resumed.board.get(empty), None, "the first tap selects");
}

#[test]
fn leaving_a_game_with_something_to_lose_is_asked_and_counts_it_as_played() {
    let mut game = rated_game();
    assert_eq!(game.at_stake(1.0), None, "nothing to lose yet");
    // Notes alone are something to lose.
    game.click(Cell::at(0, 2), 1.0);
    game.toggle_notes();
    game.press_digit(digit(1), 2.0);
    game.toggle_notes();
    assert_eq!(
        game.at_stake(63_000.0).as_deref(),
        Some("You have played 1:03 and filled 0 cells.")
    );
    game.press_digit(solution_at(Cell::at(0, 2)), 3.0);
    game.click(Cell::at(0, 3), 3.5);
    game.press_digit(solution_at(Cell::at(0, 3)), 4.0);
    assert_eq!(
        game.at_stake(4_000.0).as_deref(),
        Some("You have played 0:04 and filled 2 cells.")
    );
    game.leave();
    game.start(rated_game());
    assert_eq!(game.statistics().table(0)[0][..3], ["Easy", "1", "0"]);
    // A game solved has nothing to lose; a puzzle being typed in has its digits.
    fill_in_solution(&mut game, 5_000.0);
    assert!(game.is_solved());
    assert_eq!(game.at_stake(6_000.0), None);
    game.begin_entry(7_000.0);
    assert_eq!(game.at_stake(7_000.0), None);
    game.press_key("5", 8_000.0);
    assert_eq!(
        game.at_stake(8_000.0).as_deref(),
        Some("The digits typed in 1 cell will be lost.")
    );
}

#[test]
fn show_mistakes_marks_wrong_entries_as_made_and_counts_them() {
    let mut game = game();
    let wrong_cell = Cell::at(0, 2);
    let right_cell = Cell::at(0, 3);
    game.view.selected = Some(wrong_cell);
    game.type_digit(digit(9), 1.0);
    assert!(
        !view(&game, wrong_cell).classes().contains("wrong"),
        "off by default"
    );
    assert_eq!(game.mistakes_text(), "");
    game.set_show_mistakes(true);
    assert!(view(&game, wrong_cell).classes().contains("wrong"));
    assert_eq!(
        game.mistakes_text(),
        "Mistakes: 0",
        "made while not shown, it does not count"
    );
    game.type_digit(digit(8), 1.5);
    assert_eq!(game.mistakes_text(), "Mistakes: 1");
    game.view.selected = Some(right_cell);
    game.type_digit(solution_at(right_cell), 2.0);
    assert!(!view(&game, right_cell).classes().contains("wrong"));
    assert!(!view(&game, right_cell).classes().contains("correct"));
    // Changed, the cell loses the mark; Undo does not take a mistake back.
    game.view.selected = Some(wrong_cell);
    game.type_digit(solution_at(wrong_cell), 3.0);
    assert!(!view(&game, wrong_cell).classes().contains("wrong"));
    game.undo(4.0);
    assert!(view(&game, wrong_cell).classes().contains("wrong"));
    assert_eq!(game.mistakes_text(), "Mistakes: 1");
    // The setting stays for the next game, and the count starts again.
    game.start(self::game());
    assert_eq!(game.mistakes_text(), "Mistakes: 0");
}

#[test]
fn the_digits_typed_before_the_solution_comes_are_counted_after_a_reload() {
    let mut game = Game::awaiting(Grid::parse(PUZZLE).unwrap(), 0.0);
    game.set_show_mistakes(true);
    let (wrong_cell, right_cell) = (Cell::at(0, 2), Cell::at(0, 3));
    game.view.selected = Some(wrong_cell);
    game.type_digit(digit(9), 1.0);
    // Erased again: still a mistake made, as without the reload.
    game.clear(wrong_cell, 1.5);
    game.view.selected = Some(right_cell);
    game.type_digit(solution_at(right_cell), 2.0);
    let mut resumed = Game::from_stored(&game.to_stored(3.0), 3.0).expect("read back");
    settle(&mut game, 4.0);
    settle(&mut resumed, 4.0);
    assert_eq!(game.record.mistakes, 1);
    assert_eq!(resumed.record.mistakes, 1);
    // Read back once the solution is known, nothing is counted twice.
    let mut again = Game::from_stored(&resumed.to_stored(5.0), 5.0).expect("read back");
    settle(&mut again, 6.0);
    assert_eq!(again.record.mistakes, 1);
}

#[test]
fn a_game_played_before_its_solution_comes_counts_its_mistakes_when_it_does() {
    let mut game = Game::awaiting(Grid::parse(PUZZLE).unwrap(), 0.0);
    game.set_show_mistakes(true);
    let (wrong_cell, right_cell) = (Cell::at(0, 2), Cell::at(0, 3));
    game.view.selected = Some(wrong_cell);
    game.type_digit(digit(9), 1.0);
    game.view.selected = Some(right_cell);
    game.type_digit(solution_at(right_cell), 2.0);
    // Nothing is marked or counted that is not known yet, and Check waits.
    assert!(!view(&game, wrong_cell).classes().contains("wrong"));
    assert_eq!(game.mistakes_text(), "Mistakes: 0");
    game.check();
    assert_eq!(game.message(), assist::SOLUTION_AWAITED);
    game.solve_by_search(3.0);
    assert_eq!(game.message(), assist::SOLUTION_AWAITED);
    assert!(!game.is_solved());
    settle(&mut game, 4.0);
    assert_eq!(game.mistakes_text(), "Mistakes: 1");
    assert!(view(&game, wrong_cell).classes().contains("wrong"));
    game.check();
    assert_eq!(game.message(), "1 wrong: row 1, column 3 is first");
    // A puzzle opened is played at once; the message waits for the worker's word.
    assert!(game.open("a.sud", readable(SOLVED_BUT_ONE), 5.0));
    assert_eq!(game.board, Grid::parse(SOLVED_BUT_ONE).unwrap());
    settle(&mut game, 5.0);
    assert_eq!(game.message(), "Opened a.sud");
    game.view.selected = Some(Cell::at(0, 0));
    game.type_digit(digit(5), 6.0);
    assert!(game.is_solved());
}

#[test]
fn hint_names_notes_that_leave_out_the_answer_before_teaching() {
    let mut game = game();
    let cell = Cell::at(0, 2);
    game.view.selected = Some(cell);
    game.toggle_notes();
    // r1c3 holds 4: notes of 1 and 2 leave it out.
    game.type_digit(digit(1), 1.0);
    game.type_digit(digit(2), 1.0);
    hint(&mut game, 2.0);
    assert_eq!(
        game.message(),
        "Your notes in row 1, column 3 leave out a digit that belongs there"
    );
    assert!(view(&game, cell).classes().contains("hint"));
    assert!(!game.message().contains('4'), "the digit is not given away");
    // A wrong entry still comes first.
    game.toggle_notes();
    game.view.selected = Some(Cell::at(0, 3));
    game.type_digit(digit(9), 3.0);
    hint(&mut game, 4.0);
    assert_eq!(game.message(), "The 9 in row 1, column 4 is wrong");
    game.erase(5.0);
    // Notes that hold the answer: the hint teaches a step.
    game.view.selected = Some(cell);
    game.toggle_notes();
    game.type_digit(digit(4), 6.0);
    hint(&mut game, 7.0);
    assert!(
        !game.message().starts_with("Your notes"),
        "{}",
        game.message()
    );
    assert!(!view(&game, cell).classes().contains("hint") || game.view.hint.is_some());
}

#[test]
fn hint_skips_a_step_whose_eliminations_the_notes_show_already() {
    // A puzzle whose first step removes candidates rather than place a digit.
    let puzzle =
        "9..6....7.6..7..3...7...2..6..5.8..2..4...8..2..3.1..9..1...5...4..5..1.8....9..4";
    let mut game = Game::new(Grid::parse(puzzle).expect("a puzzle"), 0.0).expect("unique");
    let first = crate::worker::answer(crate::worker::Request {
        id: 1,
        job: crate::worker::Job::Step {
            board: game.board.clone(),
            rules: Vec::new(),
            eliminated: Vec::new(),
            only: None,
        },
    });
    let crate::worker::Done::Step(Some((first, _))) = first.done else {
        panic!("a step");
    };
    assert!(first.placements.is_empty(), "{}", first.text);
    // The player's notes: every candidate, less what the first step removes.
    game.fill_notes();
    for elimination in &first.eliminations {
        game.notes[elimination.cell.index()].remove(elimination.digit);
    }
    hint(&mut game, 1.0);
    hint(&mut game, 2.0);
    let offered = game.view.hint.as_ref().expect("a hint").step.clone();
    assert_ne!(offered, first, "the step the notes show is not offered");
    let noted = |c: &sudoku_core::Candidate| game.notes[c.cell.index()].contains(c.digit);
    assert!(
        !offered.placements.is_empty() || offered.eliminations.iter().any(noted),
        "the hint teaches something the notes do not show: {}",
        offered.text
    );
}

#[test]
fn the_time_said_at_a_solve_is_the_time_the_statistics_keep() {
    // Half a second less a little: the clock shows whole seconds passed, and so does the table.
    let mut game = rated_game();
    fill_in_solution(&mut game, 4_499.6);
    assert_eq!(game.message(), "Solved! Easy puzzle in 0:04");
    assert_eq!(
        table_row(&game, "Easy"),
        ["Easy", "1", "1", "0:04", "0:04", "1"]
    );
}

#[test]
fn a_solve_counts_in_its_level_and_a_faster_one_is_a_new_best() {
    let mut game = rated_game();
    fill_in_solution(&mut game, 367_000.0);
    assert_eq!(game.message(), "Solved! Easy puzzle in 6:07");
    assert_eq!(
        table_row(&game, "Easy"),
        ["Easy", "1", "1", "6:07", "6:07", "1"]
    );
    let mut next = rated_game();
    next.clock = Clock::started(0.0);
    game.start(next);
    fill_in_solution(&mut game, 61_000.0);
    assert_eq!(game.message(), "Solved! Easy puzzle in 1:01, a new best");
    // The same puzzle again is another game; the statistics came along.
    assert_eq!(
        table_row(&game, "Easy"),
        ["Easy", "2", "2", "1:01", "3:34", "2"]
    );
}

#[test]
fn a_game_solved_with_help_counts_as_played_only() {
    let mut game = rated_game();
    game.view.selected = Some(Cell::at(0, 2));
    game.type_digit(digit(4), 1.0);
    assert_eq!(table_row(&game, "Easy"), ["Easy", "1", "0", "–", "–", "0"]);
    step(&mut game, 2.0);
    fill_in_solution(&mut game, 3.0);
    assert!(game.is_solved());
    assert_eq!(table_row(&game, "Easy"), ["Easy", "1", "0", "–", "–", "0"]);
    // Solve by search too.
    let mut searched = rated_game();
    searched.solve_by_search(1.0);
    assert_eq!(
        table_row(&searched, "Easy"),
        ["Easy", "1", "0", "–", "–", "0"]
    );
}

#[test]
fn the_record_and_the_statistics_survive_the_save_and_a_save_of_version_2_reads() {
    let mut game = rated_game();
    game.set_show_mistakes(true);
    game.view.selected = Some(Cell::at(0, 2));
    game.type_digit(digit(9), 1.0);
    let text = game.to_stored(2.0);
    let mut resumed = Game::from_stored(&text, 3.0).expect("a save");
    assert_eq!(resumed.record, game.record);
    resumed.set_statistics(game.statistics().clone());
    assert_eq!(resumed.statistics(), game.statistics(), "counted once");
    // A save of version 2: the same bytes without the record and the rules...
    let mut bytes = postcard::to_allocvec(&rated_game()).expect("bytes");
    let record = postcard::to_allocvec(&Record::default()).expect("bytes");
    let rules = postcard::to_allocvec(&PageRules::default()).expect("bytes");
    let colours = postcard::to_allocvec(&(vec![0u8; 81], Vec::<Vec<u8>>::new())).expect("bytes");
    // ... nor the colours, the unconfirmed puzzle (`None`, one byte), the digits to check (an
    // empty list, one byte), the count of hints (0, one byte), whether a daily puzzle was begun
    // on its day (one byte), the title, author and rules and the solution carried (`None` twice)
    // after them.
    bytes.truncate(bytes.len() - record.len() - rules.len() - colours.len() - 6);
    let old = format!("sudoku-game 2 {}", super::stored::to_base64(&bytes));
    let read = Game::from_stored(&old, 0.0).expect("version 2 reads");
    assert_eq!(read.board, rated_game().board);
}

/// Answers the game's request for the daily puzzle of `date` as the worker would, by the core's
/// puzzle of that date.
fn answer_daily(game: &mut Game, date: Date) {
    let request = game
        .requests()
        .into_iter()
        .find(|r| r.id != 0)
        .expect("asked");
    assert_eq!(request.job, crate::worker::Job::Daily { date });
    let (puzzle, rating) = sudoku_core::daily_puzzle(date);
    game.receive(
        crate::worker::Answer {
            id: request.id,
            done: crate::worker::Done::Made {
                solution: puzzle.solve().expect("one solution"),
                puzzle: crate::worker::Playable::classic(puzzle.clone()),
                rating: Some(crate::worker::PuzzleRating {
                    level: sudoku_core::daily_level(date),
                    er: Some(rating.er),
                }),
            },
        },
        0.0,
    );
    assert_eq!(game.daily(), Some(date));
    assert_eq!(game.board, puzzle);
}

#[test]
fn a_digit_picked_while_the_next_puzzle_is_made_stays_picked_when_it_comes() {
    let date = Date::new(2026, 11, 30).expect("a Monday");
    let mut game = game();
    game.make_daily(date, date);
    game.toggle_pick(digit(5));
    answer_daily(&mut game, date);
    assert_eq!(game.picked(), Some(digit(5)));
}

#[test]
fn daily_asks_for_the_puzzle_of_the_date_and_counts_in_its_row() {
    let date = Date::new(2026, 11, 30).expect("a Monday");
    let mut game = game();
    game.make_daily(date, date);
    answer_daily(&mut game, date);
    assert!(game.on_its_day);
    assert!(
        game.message()
            .starts_with("The daily puzzle of 2026-11-30, a Monday")
    );
    game.make_daily(date, date);
    assert!(game.making().is_none(), "the same date is the game played");
    game.view.selected = Cell::all().find(|&c| game.board.get(c).is_none());
    game.type_digit(digit(1), 1.0);
    assert_eq!(table_row(&game, "Daily")[1], "1");
    assert_eq!(table_row(&game, "Easy")[1], "0");
}

#[test]
fn a_day_from_the_calendar_is_caught_up_not_played_on_its_day() {
    let today = Date::new(2026, 11, 30).expect("a date");
    let earlier = Date::new(2026, 11, 2).expect("a date");
    let mut game = game();
    game.make_daily(earlier, today);
    answer_daily(&mut game, earlier);
    assert!(!game.on_its_day);
    game.make_daily(today, today);
    answer_daily(&mut game, today);
    assert!(game.on_its_day, "today's puzzle");
}

#[test]
fn another_tab_keeping_the_game_is_said_first_and_a_refused_storage_once() {
    let mut game = game();
    game.set_keeping(Keeping::Refused);
    assert!(
        game.message()
            .ends_with("progress will not be kept after this page closes")
    );
    game.toggle_help();
    game.set_keeping(Keeping::Refused);
    assert!(!game.message().contains("not be kept"), "said once");
    game.set_keeping(Keeping::Elsewhere);
    game.toggle_pause(1.0);
    assert!(game.message().contains("another tab"), "{}", game.message());
    // Taken over, the game read back replaces this one; the page's own state stays.
    game.set_hidden(true, 2.0);
    let mut stored = self::game();
    stored.view.selected = Some(Cell::at(4, 4));
    game.replace_with(stored);
    assert!(game.session.hidden && game.view.selected == Some(Cell::at(4, 4)));
    assert_eq!(game.keeping(), Keeping::Here);
}

/// A puzzle played before the worker confirms it: what the statistics, the clock, a New game
/// asked meanwhile and the mistakes make of it, confirmed or refused.
mod unconfirmed {
    use super::*;

    /// The first game goes on after what was tried: the statistics count it once.
    fn assert_plays_on_as_one_game(game: &mut Game) {
        game.view.selected = Some(Cell::at(0, 3));
        game.type_digit(solution_at(Cell::at(0, 3)), 5.0);
        assert_eq!(
            table_row(game, "Easy"),
            ["Easy", "1", "0", "–", "–", "0"],
            "one game played"
        );
    }

    const MULTIPLE: &str =
        "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

    /// A game with one right digit typed, then a puzzle of two solutions opened over it.
    fn opened_over_a_game_played() -> Game {
        let mut game = rated_game();
        game.view.selected = Some(Cell::at(0, 2));
        game.type_digit(solution_at(Cell::at(0, 2)), 1.0);
        assert_eq!(table_row(&game, "Easy"), ["Easy", "1", "0", "–", "–", "0"]);
        assert!(game.open("two.sud", readable(MULTIPLE), 2.0));
        game
    }

    #[test]
    fn a_refused_puzzle_typed_in_leaves_one_game_played() {
        let mut game = opened_over_a_game_played();
        // The player types before the worker's answer.
        game.view.selected = Some(Cell::at(0, 1));
        game.type_digit(digit(1), 3.0);
        confirm(&mut game, 4.0);
        assert_eq!(
            game.message(),
            "Cannot open two.sud: more than one solution"
        );
        // Back to the first game, which goes on.
        assert_plays_on_as_one_game(&mut game);
    }

    #[test]
    fn entering_from_an_unconfirmed_game_is_saved_and_counts_one_game() {
        let mut game = opened_over_a_game_played();
        game.begin_entry(3.0);
        // What is typed while entering is saved; the game entered from still waits.
        assert!(game.entering() && game.unconfirmed.is_none());
        game.cancel_entry(3.0);
        confirm(&mut game, 4.0);
        assert_plays_on_as_one_game(&mut game);
    }

    /// `game` saved at `now_ms` and read back, as by a page reloaded then, with its statistics
    /// (kept beside the save).
    fn reloaded(game: &Game, now_ms: f64) -> Game {
        let mut resumed = Game::from_stored(&game.to_stored(now_ms), now_ms).expect("read back");
        resumed.set_statistics(game.statistics().clone());
        resumed
    }

    #[test]
    fn what_is_typed_before_the_confirmation_survives_a_reload_and_counts_once_confirmed() {
        let mut game = rated_game();
        game.set_show_mistakes(true);
        assert!(game.open("a.sud", readable(PUZZLE), 1.0));
        let cell = Cell::at(0, 2);
        game.view.selected = Some(cell);
        game.toggle_notes();
        game.type_digit(solution_at(cell), 2.0);
        game.toggle_notes();
        let wrong = Cell::at(0, 3);
        game.view.selected = Some(wrong);
        game.type_digit(digit(solution_at(wrong).get() % 9 + 1), 2.5);
        let resumed = reloaded(&game, 3.0);
        assert!(
            resumed.unconfirmed.is_some(),
            "still waits for the worker's word"
        );
        assert_eq!(resumed.notes, game.notes, "the note typed is kept");
        assert_eq!(resumed.board, game.board, "the digit typed is kept");
        // Played on, it counts as the same game would have without the reload: the wrong digit
        // as a mistake once the solution is known.
        let counted = [game, resumed].map(|mut game| {
            assert!(confirm(&mut game, 4.0));
            assert!(game.unconfirmed.is_none());
            let mistakes = game.record.mistakes;
            game.clear(wrong, 4.5);
            let rate = game.requests().into_iter().find(|request| request.id == 0);
            game.receive(crate::worker::answer(rate.expect("a rating asked")), 5.0);
            fill_in_solution(&mut game, 60_000.0);
            assert!(game.is_solved());
            (mistakes, game.statistics().table(0))
        });
        assert_eq!(counted[0], counted[1]);
        assert_eq!(counted[0].0, 1);
        assert_eq!(counted[0].1[0][..3], ["Easy", "1", "1"]);
    }

    #[test]
    fn a_refused_puzzle_read_back_gives_back_the_game_before_as_it_was() {
        let mut game = opened_over_a_game_played();
        game.view.selected = Some(Cell::at(0, 1));
        game.type_digit(digit(1), 3.0);
        let mut resumed = reloaded(&game, 4.0);
        assert_eq!(resumed.board.get(Cell::at(0, 1)), Some(digit(1)));
        assert!(!confirm(&mut resumed, 10.0));
        assert_eq!(
            resumed.message(),
            "Cannot open this puzzle: more than one solution"
        );
        assert_eq!(resumed.played_ms(10.0), 2.0, "its clock stopped meanwhile");
        assert_plays_on_as_one_game(&mut resumed);
    }

    #[test]
    fn a_new_game_asked_while_unconfirmed_still_comes_when_refused() {
        let mut game = rated_game();
        assert!(game.open("two.sud", readable(MULTIPLE), 2.0));
        game.make(
            sudoku_core::variant::Variant::Classic,
            sudoku_core::Level::Easy,
            7,
        );
        assert!(game.making().is_some());
        confirm(&mut game, 3.0);
        assert!(game.making().is_some(), "New game still being made");
    }

    #[test]
    fn a_wrong_digit_corrected_before_the_solution_comes_still_counts() {
        let mut known = game();
        let mut awaited = Game::awaiting(Grid::parse(PUZZLE).unwrap(), 0.0);
        for game in [&mut known, &mut awaited] {
            game.set_show_mistakes(true);
            game.view.selected = Some(Cell::at(0, 2));
            game.type_digit(digit(9), 1.0);
            game.type_digit(solution_at(Cell::at(0, 2)), 2.0);
            settle(game, 3.0);
        }
        assert_eq!(known.mistakes_text(), "Mistakes: 1");
        assert_eq!(awaited.mistakes_text(), known.mistakes_text());
    }

    #[test]
    fn without_a_worker_an_opened_puzzle_is_played_as_it_stands() {
        let mut game = game();
        assert!(game.open("a.sud", readable(SOLVED_BUT_ONE), 1.0));
        game.solver_failed(false);
        assert!(
            game.unconfirmed.is_none(),
            "no answer will come: it is played as it stands"
        );
        game.check();
        assert_eq!(game.message(), super::assist::SOLVER_GONE);
    }

    #[test]
    fn a_refused_puzzle_typed_in_keeps_the_streak_of_the_game_before() {
        let mut game = rated_game();
        fill_in_solution(&mut game, 60_000.0);
        game.start(rated_game());
        game.view.selected = Some(Cell::at(0, 2));
        game.type_digit(solution_at(Cell::at(0, 2)), 1.0);
        assert!(game.open("two.sud", readable(MULTIPLE), 2.0));
        game.view.selected = Some(Cell::at(0, 1));
        game.type_digit(digit(1), 3.0);
        confirm(&mut game, 4.0);
        fill_in_solution(&mut game, 60_000.0);
        assert_eq!(table_row(&game, "Easy")[5], "2", "streak of two solves");
    }

    #[test]
    fn the_game_given_back_keeps_its_clock_stopped_in_the_background() {
        let mut game = game();
        assert!(game.open("two.sud", readable(MULTIPLE), 1.0));
        game.set_hidden(true, 2.0);
        confirm(&mut game, 3.0);
        assert!(!game.clock_running(), "hidden, yet the clock runs");
    }
}

/// Variant puzzles played through the game: read by the worker, their rules kept, named,
/// checked and saved.
mod variants {
    use super::*;

    const KILLER: &str = include_str!("../../crates/sudoku-cli/tests/puzzles/killer.json");

    /// A Killer read from its f-puzzles JSON as the page reads a paste, confirmed by the worker.
    fn killer() -> Game {
        let mut game = game();
        game.read("the pasted puzzle", KILLER.trim());
        settle(&mut game, 1.0);
        assert_eq!(game.message(), "Opened the pasted puzzle");
        assert!(confirm(&mut game, 1.0) || game.answer(Cell::at(0, 0)).is_some());
        game
    }

    #[test]
    fn a_killer_without_givens_is_rated_or_said_unrated() {
        let rate_request = |game: &Game| {
            game.requests()
                .into_iter()
                .find(|request| matches!(request.job, crate::worker::Job::Rate { .. }))
        };
        let mut game = killer();
        assert_eq!(game.board.filled_count(), 0, "no givens");
        let asked = rate_request(&game).expect("a variant with no givens asks for its rating");
        let mut unrated = game.clone();
        game.receive(crate::worker::answer(asked), 2.0);
        assert!(game.rating().is_some() && !game.unrated());
        // Not rated in time: said so, and not asked again on this visit.
        let puzzle = unrated.board.givens_only();
        unrated.receive(
            crate::worker::Answer {
                id: 0,
                done: crate::worker::Done::Rated {
                    puzzle,
                    rating: None,
                },
            },
            2.0,
        );
        assert!(unrated.unrated() && unrated.rating().is_none());
        assert!(rate_request(&unrated).is_none());
    }

    #[test]
    fn a_killer_read_by_the_worker_is_played_by_its_rules() {
        let mut game = killer();
        assert!(!game.rules().is_classic());
        let solution: Vec<Digit> = Cell::all().map(|cell| game.answer(cell).unwrap()).collect();
        let cell = Cell::at(0, 0);
        let label = label(&game, cell);
        assert!(
            label.starts_with("row 1, column 1, empty, cage "),
            "{label}"
        );
        assert!(game.puzzle_line().starts_with("fpuzzles"));
        // The same digit twice in a cage that shares no row, column or box is named by the cage.
        let (cage, sum) = (0..81)
            .filter_map(|i| game.rules.cage_of(Cell::ALL[i]).map(|c| (Cell::ALL[i], c)))
            .find(|(cell, _)| {
                game.rules.peers(*cell).iter().any(|peer| {
                    peer.row() != cell.row()
                        && peer.col() != cell.col()
                        && peer.box_index() != cell.box_index()
                })
            })
            .map(|(cell, (sum, _))| (cell, sum))
            .expect("a cage across two boxes");
        let other = game
            .rules
            .peers(cage)
            .iter()
            .find(|peer| {
                peer.row() != cage.row()
                    && peer.col() != cage.col()
                    && peer.box_index() != cage.box_index()
            })
            .unwrap();
        game.view.selected = Some(cage);
        game.type_digit(digit(3), 2.0);
        game.view.selected = Some(other);
        game.type_digit(digit(3), 2.0);
        assert!(
            game.message().starts_with("3 is already in the cage at "),
            "{} (sum {sum})",
            game.message()
        );
        // Help leaves out the cells of the cage that holds the digit.
        game.clear(other, 2.0);
        game.toggle_help();
        game.toggle_pick(digit(3));
        assert!(!view(&game, other).help);
        game.toggle_help();
        game.toggle_pick(digit(3));
        // Played to the end by its solution: solved, and kept so by a reload.
        for (cell, answer) in Cell::all().zip(solution) {
            game.view.selected = Some(cell);
            game.type_digit(answer, 3.0);
        }
        assert!(game.is_solved());
        let resumed = Game::from_stored(&game.to_stored(4.0), 4.0).expect("read back");
        assert_eq!(resumed.rules, game.rules);
        assert!(resumed.is_solved());
    }

    const THERMO: &str = include_str!("../../crates/sudoku-cli/tests/puzzles/thermo.json");

    /// A thermometer puzzle read as the page reads a paste, the worker's answers all in.
    fn thermo() -> Game {
        let mut game = game();
        game.read("the pasted puzzle", THERMO.trim());
        settle(&mut game, 1.0);
        assert_eq!(game.message(), "Opened the pasted puzzle");
        settle(&mut game, 1.0);
        assert!(!game.rules.lacks_checks(), "the worker lowered the rules");
        game
    }

    /// THERMO with a rule the core does not know, and the fields `more` after it.
    fn thermo_with_zipper(more: &str) -> String {
        let json = THERMO.trim().strip_suffix('}').expect("an object");
        format!(r#"{json},"zipperline":[{{"lines":[["R1C1","R1C2","R1C3"]]}}]{more}}}"#)
    }

    #[test]
    fn a_rule_only_drawn_is_played_by_the_solution_the_puzzle_carries() {
        let solution: Vec<Digit> = {
            let game = thermo();
            Cell::all()
                .map(|cell| game.answer(cell).expect("solved"))
                .collect()
        };
        let digits: Vec<String> = solution.iter().map(|d| d.get().to_string()).collect();
        let mut game = game();
        let text = thermo_with_zipper(&format!(r#","solution":[{}]"#, digits.join(",")));
        game.read("the pasted puzzle", &text);
        settle(&mut game, 1.0);
        assert_eq!(
            game.message(),
            "Opened the pasted puzzle. Zipper lines are drawn but not checked; the solution the \
             puzzle carries checks your digits"
        );
        assert!(game.rules.drawing().contains("fp-zipperline"));
        assert_eq!(game.answer(Cell::at(8, 8)), Some(solution[80]));
        // A reload knows it again at once, though the worker could not find it.
        let resumed = Game::from_stored(&game.to_stored(2.0), 2.0).expect("read back");
        assert_eq!(resumed.answer(Cell::at(8, 8)), Some(solution[80]));
        assert_eq!(resumed.about(), None, "a title alone is no rules");
        for (cell, answer) in Cell::all().zip(solution) {
            game.view.selected = Some(cell);
            game.type_digit(answer, 2.0);
        }
        assert!(game.is_solved());
        // A solution that breaks the givens is none: the rules checked alone are left.
        let mut game = super::game();
        let wrong = format!(r#","solution":[{}]"#, ["1"; 81].join(","));
        game.read("the pasted puzzle", &thermo_with_zipper(&wrong));
        settle(&mut game, 1.0);
        assert!(
            game.message()
                .ends_with("the game ends when the grid is full and breaks no rule checked")
        );
    }

    #[test]
    fn a_puzzle_with_a_title_an_author_and_rules_says_them_and_keeps_them() {
        let mut game = game();
        let json = THERMO.trim().replacen(
            r#""title":"Thermo""#,
            r#""title":"Warm <b>up</b>","author":"A. Setter","ruleset":"Normal rules.\nThermos rise.""#,
            1,
        );
        game.read("the pasted puzzle", &json);
        settle(&mut game, 1.0);
        assert_eq!(
            game.message(),
            "Opened “Warm <b>up</b>” by A. Setter (rules under Rules)"
        );
        let about = game.about().expect("about").clone();
        assert_eq!(about.rules, "Normal rules.\nThermos rise.");
        let resumed = Game::from_stored(&game.to_stored(2.0), 2.0).expect("read back");
        assert_eq!(resumed.about(), Some(&about));
        // Another puzzle has none.
        let classic = Grid::parse_line(PUZZLE).expect("a puzzle");
        game.open("a file", Ok(crate::worker::Playable::classic(classic)), 3.0);
        assert_eq!(game.about(), None);
    }

    #[test]
    fn a_rule_only_drawn_without_a_solution_ends_when_the_rules_checked_hold() {
        let mut game = game();
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let json = format!(
            r#"{{"size":9,"grid":{grid},"xsum":[{{"cell":"R0C1","value":"10"}}],"zipperline":[{{"lines":[["R1C1","R1C2"]]}}]}}"#
        );
        game.read("the pasted puzzle", &json);
        settle(&mut game, 1.0);
        assert_eq!(
            game.message(),
            "Opened the pasted puzzle. X-sums and zipper lines are drawn but not checked; the game \
             ends when the grid is full and breaks no rule checked"
        );
        assert_eq!(
            game.board.filled_count(),
            0,
            "several solutions, and the game plays on"
        );
        // Any grid the rules checked allow ends it; one breaking them does not.
        let grid = Grid::parse_line(
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
        )
        .unwrap();
        let cells: Vec<Cell> = Cell::all().collect();
        for &cell in &cells[..80] {
            game.view.selected = Some(cell);
            game.type_digit(grid.get(cell).unwrap(), 2.0);
        }
        game.view.selected = Some(cells[80]);
        game.type_digit(digit(1), 2.0);
        assert!(!game.is_solved());
        game.type_digit(grid.get(cells[80]).unwrap(), 2.0);
        assert!(game.is_solved());
    }

    #[test]
    fn a_thermometer_is_followed_by_conflicts_help_and_the_end_of_the_game() {
        let mut game = thermo();
        // The thermometer r3c1 (a given 7), r2c2, r2c3 rises.
        let (bulb, middle, tip) = (Cell::at(2, 0), Cell::at(1, 1), Cell::at(1, 2));
        assert_eq!(game.board.get(bulb), Some(digit(7)));
        game.view.selected = Some(middle);
        game.type_digit(digit(5), 2.0);
        assert_eq!(
            game.message(),
            "r2c2 and r3c1: digits increase along a thermometer from its bulb"
        );
        assert!(game.marks().conflicts.contains(middle) && game.marks().conflicts.contains(bulb));
        game.clear(middle, 2.0);
        assert!(game.marks().conflicts.is_empty());
        // Help marks a cell for a digit only where the thermometer allows it.
        game.toggle_help();
        game.toggle_pick(digit(8));
        assert!(view(&game, middle).help && !view(&game, tip).help);
        game.toggle_pick(digit(5));
        assert!(!view(&game, middle).help);
        game.toggle_pick(digit(5));
        game.toggle_help();
        // Read back, the rules' checks are asked of the worker again, and followed.
        let mut resumed = Game::from_stored(&game.to_stored(3.0), 3.0).expect("read back");
        assert!(resumed.rules.lacks_checks());
        assert!(
            resumed
                .requests()
                .iter()
                .any(|request| matches!(request.job, crate::worker::Job::Lower { .. }))
        );
        settle(&mut resumed, 3.0);
        assert!(!resumed.rules.lacks_checks());
        resumed.view.selected = Some(tip);
        resumed.type_digit(digit(8), 4.0);
        assert!(
            resumed
                .message()
                .ends_with("digits increase along a thermometer from its bulb")
        );
        // Played to the end by its solution: solved.
        let solution: Vec<Digit> = Cell::all().map(|cell| game.answer(cell).unwrap()).collect();
        for (cell, answer) in Cell::all().zip(solution) {
            if !game.board.is_given(cell) {
                game.view.selected = Some(cell);
                game.type_digit(answer, 5.0);
            }
        }
        assert!(game.is_solved());
    }

    #[test]
    fn a_digit_repeated_a_knights_move_away_is_a_conflict_said_of_both_cells() {
        // Made by `sudoku generate --variant anti-knight --level easy --seed 3`.
        const ANTI_KNIGHT: &str = r#"{"size":9,"title":"Anti-Knight","grid":[[{},{"value":6,"given":true},{"value":5,"given":true},{"value":7,"given":true},{},{},{},{},{}],[{"value":1,"given":true},{"value":8,"given":true},{},{},{},{},{},{"value":2,"given":true},{}],[{"value":4,"given":true},{},{},{},{"value":8,"given":true},{},{},{},{"value":6,"given":true}],[{},{},{},{},{"value":5,"given":true},{},{},{},{}],[{},{},{},{"value":6,"given":true},{},{"value":3,"given":true},{},{},{}],[{},{},{},{},{"value":9,"given":true},{},{},{},{}],[{"value":9,"given":true},{},{},{},{"value":1,"given":true},{},{},{},{"value":2,"given":true}],[{},{"value":1,"given":true},{},{},{},{},{},{"value":3,"given":true},{"value":9,"given":true}],[{},{},{},{},{},{"value":9,"given":true},{"value":4,"given":true},{"value":5,"given":true},{}]],"antiknight":true}"#;
        let mut game = game();
        game.read("the pasted puzzle", ANTI_KNIGHT);
        settle(&mut game, 1.0);
        settle(&mut game, 1.0);
        assert!(!game.rules.lacks_checks(), "the worker lowered the rules");
        // r2c5 and r4c4 share no house, and no 4 is in their houses.
        for cell in [Cell::at(1, 4), Cell::at(3, 3)] {
            game.view.selected = Some(cell);
            game.type_digit(digit(4), 2.0);
        }
        assert_eq!(game.message(), "r2c5 and r4c4 are a knight's move apart");
        assert!(game.marks().conflicts.contains(Cell::at(1, 4)));
    }

    #[test]
    fn a_puzzle_entered_from_a_variant_is_a_classic_one_and_cancel_brings_the_variant_back() {
        let mut game = killer();
        let rules = game.rules.clone();
        game.begin_entry(0.0);
        assert!(game.rules().is_classic());
        assert!(!label(&game, Cell::at(0, 0)).contains("cage"));
        game.cancel_entry(0.0);
        assert_eq!(game.rules, rules);
    }
}

/// Several cells selected at once, and the colours painted on them.
mod selection_and_colours {
    use super::*;

    /// Two empty cells of the first row of [`PUZZLE`], and a given.
    const A: Cell = Cell::at(0, 2);
    const B: Cell = Cell::at(0, 3);
    const GIVEN: Cell = Cell::at(0, 0);

    fn both_selected() -> Game {
        let mut game = game();
        game.click(A, 1.0);
        game.select_more(B);
        assert_eq!(
            game.selected_cells(),
            CellSet::single(A) | CellSet::single(B)
        );
        game
    }

    #[test]
    fn a_digit_goes_into_every_cell_selected_in_one_change() {
        let mut game = both_selected();
        game.press_digit(digit(4), 2.0);
        assert_eq!(
            (game.board.get(A), game.board.get(B)),
            (Some(digit(4)), Some(digit(4)))
        );
        assert!(view(&game, A).selected && view(&game, B).selected);
        game.undo(3.0);
        assert_eq!((game.board.get(A), game.board.get(B)), (None, None));
        assert_eq!(game.message(), "Undone: r1c3,r1c4");
        // Erase clears them all, in one change too.
        game.redo(4.0);
        game.erase(5.0);
        assert_eq!((game.board.get(A), game.board.get(B)), (None, None));
        game.undo(6.0);
        assert_eq!(game.board.get(B), Some(digit(4)));
    }

    #[test]
    fn a_note_goes_into_all_or_out_of_all() {
        let mut game = both_selected();
        game.toggle_notes();
        game.notes[A.index()].insert(digit(6));
        game.press_digit(digit(6), 2.0);
        assert!(
            game.notes[A.index()].contains(digit(6)) && game.notes[B.index()].contains(digit(6))
        );
        game.press_digit(digit(6), 2.0);
        assert!(
            !game.notes[A.index()].contains(digit(6)) && !game.notes[B.index()].contains(digit(6))
        );
        game.undo(3.0);
        assert!(game.notes[B.index()].contains(digit(6)));
    }

    #[test]
    fn a_click_selects_one_cell_again_and_a_drag_selects_the_cells_passed() {
        let mut game = both_selected();
        game.select_more(B);
        assert_eq!(
            game.selected_cells(),
            CellSet::single(A),
            "Ctrl-click takes a cell out"
        );
        game.click(GIVEN, 1.0);
        assert_eq!(game.selected_cells(), CellSet::single(GIVEN));
        game.drag_over(A, B);
        game.drag_over(A, Cell::at(1, 3));
        assert_eq!(game.selected_cells().len(), 3);
        assert_eq!(game.view.selected, Some(Cell::at(1, 3)));
        game.move_selection(1, 0);
        assert_eq!(game.selected_cells(), CellSet::single(Cell::at(2, 3)));
    }

    #[test]
    fn colours_paint_the_cells_selected_are_undone_kept_and_cleared_by_restart() {
        let mut game = both_selected();
        game.select_more(GIVEN);
        game.toggle_colouring();
        assert!(game.colouring());
        game.press_digit(digit(4), 2.0);
        for cell in [A, B, GIVEN] {
            assert_eq!(game.colours[cell.index()], 4);
            assert!(view(&game, cell).classes().contains("colour-4"));
        }
        assert_eq!(label(&game, GIVEN), "row 1, column 1, 5, given, colour 4");
        assert_eq!(game.board.get(A), None, "a colour places no digit");
        // The save keeps them.
        let resumed = Game::from_stored(&game.to_stored(3.0), 3.0).expect("read back");
        assert_eq!(resumed.colours, game.colours);
        // Undo and Redo.
        game.undo(3.0);
        assert_eq!(game.colours, [0; 81]);
        game.redo(3.0);
        assert_eq!(game.colours[A.index()], 4);
        // The same colour again takes it off; Erase in Colour mode clears colours.
        game.press_digit(digit(7), 3.0);
        assert_eq!(game.colours[A.index()], 7);
        game.erase(3.0);
        assert_eq!(game.colours[A.index()], 0);
        game.press_digit(digit(7), 3.0);
        game.press_digit(digit(7), 3.0);
        assert_eq!(game.colours[A.index()], 0);
        // Digit first: a colour picked paints each cell tapped.
        game.click(A, 4.0);
        game.toggle_pick(digit(2));
        game.click(B, 4.0);
        assert_eq!(game.colours[B.index()], 2);
        game.restart(5.0);
        assert_eq!(game.colours, [0; 81]);
        game.undo(6.0);
        assert_eq!(
            game.colours[B.index()],
            2,
            "Undo brings them back after Restart"
        );
    }
}

#[test]
fn keys_ask_about_the_selected_cell_and_change_nothing_of_the_game() {
    let mut game = game();
    game.apply(Action::Key("r".into()), 1.0);
    assert_eq!(game.message(), "Select a cell first, then ask");
    game.apply(Action::Key("e".into()), 1.0);
    let first_empty = Cell::all().find(|&c| game.board.get(c).is_none());
    assert_eq!(game.view.selected, first_empty, "E: the first empty cell");
    let board = game.board.clone();
    let cell = first_empty.expect("an empty cell");
    for (key, starts) in [
        ("r", format!("Row {}: ", cell.row() + 1)),
        ("C", format!("Column {}: ", cell.col() + 1)),
        ("b", format!("Box {}: ", cell.box_index() + 1)),
        ("m", format!("Row {} needs ", cell.row() + 1)),
        (
            "l",
            format!("Row {}, column {}, box", cell.row() + 1, cell.col() + 1),
        ),
    ] {
        assert!(game.apply(Action::Key(key.into()), 2.0).changed);
        assert!(
            game.message().starts_with(&starts),
            "{key}: {}",
            game.message()
        );
    }
    // W, then a digit: where it is, the digit neither placed nor picked.
    game.apply(Action::Key("w".into()), 3.0);
    game.apply(Action::Key("5".into()), 3.0);
    assert!(
        game.message().starts_with("5 is placed"),
        "{}",
        game.message()
    );
    assert_eq!(game.board, board);
    assert_eq!(game.picked(), None);
    // "." says the message again; Shift+E goes back around the board's start.
    let said = game.message();
    game.apply(Action::Key(".".into()), 4.0);
    assert_eq!(game.message(), said);
    game.apply(Action::Key("E".into()), 4.0);
    let last_empty = Cell::all().filter(|&c| game.board.get(c).is_none()).last();
    assert_eq!(game.view.selected, last_empty);
    assert!(!game.can_undo(), "nothing to undo: the game did not change");
}

#[test]
fn where_is_takes_the_next_digit_button_and_another_action_forgets_it() {
    let mut game = game();
    game.apply(Action::Click(Cell::at(0, 2)), 1.0);
    game.apply(Action::AskWhere, 1.0);
    game.apply(Action::PressDigit(digit(7)), 1.0);
    assert!(
        game.message().starts_with("7 is placed"),
        "{}",
        game.message()
    );
    assert_eq!(game.board.get(Cell::at(0, 2)), None, "7 not placed");
    game.apply(Action::AskWhere, 2.0);
    game.apply(Action::Click(Cell::at(0, 3)), 2.0);
    game.apply(Action::PressDigit(digit(6)), 2.0);
    assert_eq!(
        game.board.get(Cell::at(0, 3)),
        Some(digit(6)),
        "placed: Where is was left"
    );
}
