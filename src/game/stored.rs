//! The game in progress as one line of text, so that a reload (or closing the tab) never loses
//! what the player typed. The page keeps the line in local storage after every change.
//!
//! The line is `sudoku-game 1` (the format and its version) followed by space-separated fields:
//! - the givens and the board, one-line format (`.` for a blank), 81 characters each;
//! - the cells whose digit the solver placed, 81 characters of `0` and `1`;
//! - the candidates the solver's steps removed, per cell, cells separated by `,`;
//! - the time played in whole milliseconds, or `-`; the time the puzzle was solved in, or `-`;
//! - the player's choices: `h` for Help, `c` for Candidates, the picked digit; `-` for none;
//! - while a puzzle is being entered, the board typed so far.
//!
//! The step log and the history for Undo are not kept.

use sudoku_core::{Cell, Digit, DigitSet, Grid};

use super::Game;

const FORMAT: [&str; 2] = ["sudoku-game", "1"];

impl Game {
    /// The game as one line of text; `now_ms` on the page clock stops the time played.
    pub fn to_stored(&self, now_ms: f64) -> String {
        let (played, entered) = match &self.entering {
            Some(previous) => (previous.as_ref(), Some(&self.board)),
            None => (self, None),
        };
        let mut fields = vec![
            FORMAT.join(" "),
            played.board.givens_only().to_line(),
            played.board.to_line(),
            Cell::all()
                .map(|cell| {
                    if played.by_solver.contains(cell) {
                        '1'
                    } else {
                        '0'
                    }
                })
                .collect(),
            played
                .eliminated
                .iter()
                .map(|digits| digits.iter().map(|d| char::from(b'0' + d.get())).collect())
                .collect::<Vec<String>>()
                .join(","),
            match played.solved_in_ms {
                Some(_) => "-".to_string(),
                None => whole_ms(now_ms - played.started_ms),
            },
            played.solved_in_ms.map_or("-".to_string(), whole_ms),
            self.choices(),
        ];
        if let Some(entered) = entered {
            fields.push(entered.to_line());
        }
        fields.join(" ")
    }

    /// Help, Candidates and the picked digit: `hc7`, or `-` for none.
    fn choices(&self) -> String {
        let mut choices: String = [(self.help, 'h'), (self.candidates, 'c')]
            .iter()
            .filter_map(|&(on, letter)| on.then_some(letter))
            .chain(self.picked.map(|d| char::from(b'0' + d.get())))
            .collect();
        if choices.is_empty() {
            choices.push('-');
        }
        choices
    }

    /// The game kept by [`Game::to_stored`], played on from `now_ms`. `None` if `text` is not
    /// such a line (another format or version, a board that is not the same puzzle, a solved
    /// time on an unsolved board) or its puzzle does not have exactly one solution.
    pub fn from_stored(text: &str, now_ms: f64) -> Option<Game> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [
            format,
            version,
            givens,
            board,
            by_solver,
            eliminated,
            played_ms,
            solved_ms,
            choices,
            rest @ ..,
        ] = fields.as_slice()
        else {
            return None;
        };
        if [*format, *version] != FORMAT {
            return None;
        }
        let mut game = Game::new(Grid::from_givens(digits(givens)?), now_ms).ok()?;
        // The stored board must be the same puzzle: its givens, plus entries in the other cells
        // (which may clash: a player's mistakes are kept too).
        let board = digits(board)?;
        for cell in Cell::all() {
            let digit = board[cell.index()];
            if game.board.is_given(cell) {
                if digit != game.board.get(cell) {
                    return None;
                }
            } else {
                game.board.set_entry(cell, digit);
            }
        }
        if by_solver.len() != 81 {
            return None;
        }
        for (cell, flag) in Cell::all().zip(by_solver.bytes()) {
            match flag {
                b'1' if game.entries().contains(cell) => game.by_solver.insert(cell),
                b'0' => {}
                _ => return None,
            }
        }
        let eliminated: Vec<&str> = eliminated.split(',').collect();
        if eliminated.len() != 81 {
            return None;
        }
        for (digits, text) in game.eliminated.iter_mut().zip(eliminated) {
            *digits = text
                .bytes()
                .map(|b| Digit::new(b.wrapping_sub(b'0')))
                .collect::<Option<DigitSet>>()?;
        }
        // The solver removes candidates only by sound logic, so never a cell's solution; should
        // the stored ones say otherwise, the pencil marks start again from the board.
        let unsound = Cell::all().any(|cell| {
            game.solution
                .get(cell)
                .is_some_and(|digit| game.eliminated[cell.index()].contains(digit))
        });
        if unsound {
            game.eliminated = [DigitSet::EMPTY; 81];
        }
        game.solved_in_ms = match *solved_ms {
            "-" => None,
            ms => Some(ms.parse::<u64>().ok()? as f64),
        };
        // (A puzzle given in full equals its solution without having been solved.)
        if game.solved_in_ms.is_some() && game.board != game.solution {
            return None;
        }
        if game.solved_in_ms.is_none() {
            game.started_ms = now_ms - played_ms.parse::<u64>().ok()? as f64;
        }
        game.help = choices.contains('h');
        game.candidates = choices.contains('c');
        game.picked = choices
            .bytes()
            .find_map(|b| Digit::new(b.wrapping_sub(b'0')));
        match rest {
            [] => {}
            [entered] => {
                let entered = digits(entered)?;
                game.begin_entry();
                game.board = Grid::from_givens(entered);
            }
            _ => return None,
        }
        Some(game)
    }
}

/// Milliseconds as a whole number. (Formatting and parsing floats would bring their large code
/// into the wasm.)
fn whole_ms(ms: f64) -> String {
    (ms.max(0.0) as u64).to_string()
}

/// The 81 cells of a line in the one-line format, clashes allowed.
fn digits(line: &str) -> Option<[Option<Digit>; 81]> {
    let mut digits = [None; 81];
    if line.len() != 81 {
        return None;
    }
    for (digit, b) in digits.iter_mut().zip(line.bytes()) {
        if b != b'.' {
            *digit = Some(Digit::new(b.wrapping_sub(b'0'))?);
        }
    }
    Some(digits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::{PUZZLE, SOLUTION, digit, game, step};

    fn round_trip(game: &Game) -> Game {
        let text = game.to_stored(5_000.0);
        Game::from_stored(&text, 60_000.0).unwrap_or_else(|| panic!("resumes {text}"))
    }

    #[test]
    fn a_game_in_progress_comes_back_as_it_was() {
        let mut game = game();
        game.toggle_pick(digit(4));
        game.click(Cell::at(0, 2), 1_000.0);
        game.toggle_pick(digit(6));
        game.click(Cell::at(0, 3), 2_000.0);
        game.toggle_candidates();
        game.toggle_help();
        step(&mut game, 3_000.0);
        // A wrong entry is the player's too.
        game.toggle_pick(digit(9));
        game.click(Cell::at(8, 0), 3_500.0);
        let resumed = round_trip(&game);
        assert_eq!(resumed.board, game.board);
        assert_eq!(resumed.by_solver, game.by_solver);
        assert!(!resumed.by_solver.is_empty(), "the step placed a digit");
        assert_eq!(resumed.eliminated, game.eliminated);
        assert!(resumed.help && resumed.candidates);
        assert_eq!(resumed.picked, Some(digit(9)));
        // The same pencil marks, conflicts and Help marks; only the selection is not kept.
        game.selected = None;
        assert_eq!(resumed.marks(), game.marks());
        // The clock goes on from the 5 s played, not from the time away.
        assert_eq!(resumed.started_ms, 55_000.0);
        assert_eq!(resumed.to_stored(60_000.0), game.to_stored(5_000.0));
    }

    #[test]
    fn candidates_removed_by_the_solver_are_kept() {
        let mut game = game();
        game.eliminated[4] = [1, 2, 9].into_iter().map(digit).collect();
        assert_eq!(round_trip(&game).eliminated, game.eliminated);
    }

    #[test]
    fn a_solved_game_stays_solved_in_its_time() {
        let mut game = game();
        while !game.is_solved() {
            step(&mut game, 1_000.0);
        }
        let resumed = round_trip(&game);
        assert!(resumed.is_solved());
        assert_eq!(resumed.message(), "Solved! in 0:01");
    }

    // Opens as some tests of the game do; the actions are spelled out so the test reads alone.
    #[test]
    fn a_puzzle_being_entered_keeps_its_digits_and_the_game_to_return_to() {
        let mut game = game();
        game.toggle_pick(digit(4));
        game.click(Cell::at(0, 2), 1_000.0);
        let before = game.board.clone();
        game.begin_entry();
        game.type_digit(digit(7), 2_000.0);
        let mut resumed = round_trip(&game);
        assert!(resumed.entering());
        assert_eq!(resumed.board, game.board);
        assert_eq!(resumed.board.get(Cell::at(0, 0)), Some(digit(7)));
        resumed.cancel_entry();
        assert_eq!(resumed.board, before);
    }

    #[test]
    fn a_puzzle_given_in_full_comes_back() {
        let full = Game::new(Grid::parse_line(SOLUTION).expect("a grid"), 0.0).expect("solved");
        assert_eq!(round_trip(&full).board, full.board);
    }

    #[test]
    fn removed_candidates_that_contradict_the_solution_are_dropped() {
        let mut game = game();
        // r1c3 holds 4 in the solution.
        game.eliminated[2] = [4, 6].into_iter().map(digit).collect();
        game.eliminated[3] = DigitSet::single(digit(2));
        assert_eq!(round_trip(&game).eliminated, [DigitSet::EMPTY; 81]);
    }

    /// The stored line of a fresh game with field `index` (0 is the format's name) replaced.
    fn with_field(index: usize, value: &str) -> String {
        let stored = game().to_stored(0.0);
        let mut fields: Vec<&str> = stored.split(' ').collect();
        fields[index] = value;
        fields.join(" ")
    }

    #[test]
    fn anything_else_is_refused() {
        let stored = game().to_stored(0.0);
        let changed_given = PUZZLE.replacen('5', "4", 1);
        let entry_on_empty = {
            let mut flags = "0".repeat(81).into_bytes();
            flags[2] = b'1';
            String::from_utf8(flags).expect("ascii")
        };
        let flag_on_given = format!("1{}", "0".repeat(80));
        let short_eliminations = ",".repeat(79);
        for text in [
            String::new(),
            "sudoku-game 1".to_string(),
            stored.replacen("sudoku-game 1", "sudoku-game 2", 1),
            stored.replacen("sudoku-game 1 ", "sudoku-game 1", 1),
            stored[..stored.len() - 2].to_string(),
            format!("{stored} {PUZZLE} extra"),
            // Not the same puzzle: a given changed on the board, or givens without one solution.
            with_field(3, &changed_given),
            with_field(2, &".".repeat(81)),
            with_field(3, &PUZZLE[1..]),
            with_field(4, &entry_on_empty),
            with_field(4, &flag_on_given),
            with_field(4, &"2".repeat(81)),
            with_field(5, &short_eliminations),
            with_field(5, &format!("0{}", ",".repeat(80))),
            with_field(6, "soon"),
            // Solved in 1 s, but the board is not solved.
            with_field(7, "1000"),
            format!("{stored} {}", &PUZZLE[..80]),
        ] {
            assert!(Game::from_stored(&text, 0.0).is_none(), "{text:?}");
        }
        assert!(Game::from_stored(&stored, 0.0).is_some());
    }
}
