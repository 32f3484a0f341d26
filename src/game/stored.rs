//! The game in progress as text, so that a reload (or closing the tab) never loses it: the model
//! through serde in postcard's compact form, written in base64 after the format's name and
//! version. The page keeps the text in local storage after every change.
//!
//! Everything of the game is kept (entries, notes, Undo and Redo, the clock, the player's
//! choices) but the step log, whose steps would cost the page more code than they are worth, and
//! what only shows the last action. A save is read back only if it is this
//! version's and describes a game that could have been played: the same givens in every state
//! of the history, the solver's digits on entries, solved only when the board is; once the worker
//! has sent the solution, removed candidates that are a cell's answer (a damaged save) are dropped.

use std::fmt;

use serde::de::Error;
use serde::{Deserialize, Deserializer, Serializer};
use sudoku_core::{Cell, Grid};

use super::{Game, PageRules, Record, Saved, Solution};

const FORMAT: &str = "sudoku-game";
/// The version of the format; version 1 was a line of text fields, version 2 the same as this
/// one without the game's [`Record`], rules, colours, unconfirmed puzzle and digits to check at
/// its end, version 3 without the rules and what follows them, version 4 without the colours and
/// what follows them, version 5 without the unconfirmed puzzle, version 6 without the digits
/// still to check against the solution, version 7 without the count of hints, version 8 without
/// whether a daily puzzle was begun on its day, version 9 the same as this one but for a
/// variant's rules, kept in the form before [`sudoku_core::wire::RulesForm`] (which the worker
/// still reads: [`PageRules::decode`]), version 10 the same as this one without the title,
/// author and rules of a puzzle read and the solution it carried.
const VERSION: u32 = 11;

/// Why a save cannot be read back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unreadable {
    /// Written by an earlier version of the game.
    Older,
    /// Not a save of this game, or changed since it was written.
    Damaged,
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unreadable::Older => "it was saved by an earlier version of the game",
            Unreadable::Damaged => "it is damaged",
        })
    }
}

impl Game {
    /// The game as text; the time played is counted up to `now_ms` on the page clock.
    pub fn to_stored(&self, now_ms: f64) -> String {
        let mut game = self.clone();
        game.ready_to_store(now_ms);
        let bytes = postcard::to_allocvec(&game).expect("the game's values all have a serde form");
        format!("{FORMAT} {VERSION} {}", to_base64(&bytes))
    }

    /// The game kept by [`Game::to_stored`], its clock going on from `now_ms`.
    pub fn from_stored(text: &str, now_ms: f64) -> Result<Game, Unreadable> {
        let mut fields = text.splitn(3, ' ');
        let (Some(FORMAT), Some(version), body) = (fields.next(), fields.next(), fields.next())
        else {
            return Err(Unreadable::Damaged);
        };
        let version = match version.parse::<u32>() {
            Ok(version @ 2..=VERSION) => version,
            Ok(earlier) if earlier < VERSION => return Err(Unreadable::Older),
            _ => return Err(Unreadable::Damaged),
        };
        let mut bytes = from_base64(body.unwrap_or_default()).ok_or(Unreadable::Damaged)?;
        // A game of version 2 reads as one whose record is empty, one of versions 2 and 3 as a
        // classic game; only a puzzle being entered, which holds an older game inside, cannot be
        // read so. A game of version 9 reads as it is: its rules' bytes, in the form before, go
        // to the worker as they are, which reads either form.
        if version == 2 {
            bytes.extend(postcard::to_allocvec(&Record::default()).unwrap_or_default());
        }
        if version < 4 {
            bytes.extend(postcard::to_allocvec(&PageRules::default()).unwrap_or_default());
        }
        if version < 5 {
            // No colours: 81 zeros, and none for the states of the history.
            let none: (Vec<u8>, Vec<Vec<u8>>) = (vec![0; 81], Vec::new());
            bytes.extend(postcard::to_allocvec(&none).unwrap_or_default());
        }
        if version < 6 {
            // No unconfirmed puzzle: `None`.
            bytes.push(0);
        }
        if version < 7 {
            // No digits to check: an empty list.
            bytes.push(0);
        }
        if version < 8 {
            // No hints counted.
            bytes.push(0);
        }
        if version < 9 {
            // A daily puzzle begun when only today's was offered was begun on its day (a game
            // of another kind ignores it).
            bytes.push(1);
        }
        if version < 11 {
            // No title, author or rules, no solution carried: `None` twice.
            bytes.extend([0, 0]);
        }
        let unreadable = if version < VERSION {
            Unreadable::Older
        } else {
            Unreadable::Damaged
        };
        match postcard::take_from_bytes::<Game>(&bytes) {
            Ok((mut game, [])) => game.resume(now_ms).then_some(game).ok_or(unreadable),
            _ => Err(unreadable),
        }
    }

    /// Stops the clocks of this game and of the games kept inside it at `now_ms`, and puts the
    /// colours of their histories where a save keeps them.
    fn ready_to_store(&mut self, now_ms: f64) {
        self.clock.run(false, now_ms);
        self.keep_colours();
        for inside in self.kept_inside() {
            inside.ready_to_store(now_ms);
        }
    }

    /// The games kept inside this one: the one Enter puzzle returns to, the one before a puzzle
    /// not confirmed yet.
    fn kept_inside(&mut self) -> impl Iterator<Item = &mut Box<Game>> {
        let unconfirmed = self.unconfirmed.as_mut().map(|it| &mut it.previous);
        self.entering.iter_mut().chain(unconfirmed)
    }

    /// Puts the colours of the history's states where a save keeps them.
    fn keep_colours(&mut self) {
        self.stored_colours = self
            .history
            .iter()
            .chain(&self.redo)
            .map(|state| {
                state
                    .colours
                    .map_or_else(Vec::new, |colours| colours.to_vec())
            })
            .collect();
    }

    /// Gives the history's states back the colours a save kept apart; false if they cannot be
    /// colours (more of them than states, or values that are no colour).
    fn take_colours(&mut self) -> bool {
        let kept = std::mem::take(&mut self.stored_colours);
        if kept.len() > self.history.len() + self.redo.len() {
            return false;
        }
        for (state, colours) in self.history.iter_mut().chain(&mut self.redo).zip(kept) {
            state.colours = match colours.try_into() {
                Ok(colours) => Some(colours),
                Err(colours) if colours.is_empty() => None,
                Err(_) => return false,
            };
        }
        let states = self.history.iter().chain(&self.redo);
        states
            .filter_map(|state| state.colours.as_ref())
            .chain([&self.colours])
            .all(|colours| colours.iter().all(|&colour| colour <= 9))
    }

    /// Makes a game read back playable, its clock running, and its solution asked of the worker;
    /// false if it is not one that could have been played.
    fn resume(&mut self, now_ms: f64) -> bool {
        if !self.rules.is_whole() || !self.take_colours() {
            return false;
        }
        if let Some(carried) = &self.carried {
            self.solution = Solution::Known(carried.clone());
        }
        let states = [self.snapshot(String::new())];
        let mut all = states.iter().chain(&self.history).chain(&self.redo);
        let playable = match &self.entering {
            None => all.all(|state| self.could_be_played(state)),
            // Every digit typed while entering a puzzle is a given.
            Some(previous) => {
                previous.entering.is_none()
                    && all.all(|state| {
                        state.board.filled() == state.board.givens()
                            && state.by_solver.is_empty()
                            && state.solved_in_ms.is_none()
                    })
            }
        };
        // The games kept inside wait, their clocks stopped.
        let inside_playable = self.kept_inside().all(|inside| {
            let playable = inside.resume(now_ms);
            inside.clock.run(false, now_ms);
            playable
        });
        self.run_clock(now_ms);
        playable && inside_playable
    }

    /// Whether `state` is one of this puzzle: the same givens, the solver's digits on entries,
    /// and solved only when the board obeys the rules (as far as the page checks them before
    /// the worker's answers come).
    fn could_be_played(&self, state: &Saved) -> bool {
        let givens: Grid = self.board.givens_only();
        let entries = state.board.filled() - state.board.givens();
        state.board.givens_only() == givens
            && (state.by_solver - entries).is_empty()
            && (state.solved_in_ms.is_none() || self.rules.solves(&state.board))
    }
}

/// A value per cell (notes, removed candidates, colours) as a sequence: serde's derive stops at
/// arrays of 32.
pub(super) mod per_cell {
    use super::*;
    use serde::Serialize;

    pub fn serialize<S: Serializer, T: Serialize>(
        values: &[T; 81],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(values)
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        deserializer: D,
    ) -> Result<[T; 81], D::Error> {
        let values = Vec::<T>::deserialize(deserializer)?;
        let count = values.len();
        values
            .try_into()
            .map_err(|_| D::Error::invalid_length(count, &"a value for each of the 81 cells"))
    }
}

/// The digit picked, never kept: picked on the last visit, it would turn the first tap on a cell
/// into a placement. Its place in the save stays (as no digit), so that saves of every version
/// read alike.
pub(super) mod not_kept {
    use sudoku_core::Digit;

    use super::*;

    pub fn serialize<S: Serializer>(_: &Option<Digit>, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_none()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Digit>, D::Error> {
        Option::<Digit>::deserialize(deserializer).map(|_| None)
    }
}

/// A puzzle not confirmed yet as the game it would come back to. How it came (its file's name, a
/// link, Enter puzzle) is not kept: read back, it is "this puzzle" in the message should the
/// worker refuse it, which costs the page far less code than a name or an enum of its own.
pub(super) mod unconfirmed {
    use serde::Serialize;

    use super::super::{Opening, Unconfirmed};
    use super::*;

    pub fn serialize<S: Serializer>(
        unconfirmed: &Option<Unconfirmed>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        unconfirmed
            .as_ref()
            .map(|it| &it.previous)
            .serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Unconfirmed>, D::Error> {
        let kept = Option::<Box<Game>>::deserialize(deserializer)?;
        Ok(kept.map(|previous| Unconfirmed {
            opening: read_back(),
            previous,
        }))
    }

    /// How a puzzle not yet confirmed came, once read back.
    pub fn read_back() -> Opening {
        Opening::Named("this puzzle".into())
    }
}

/// A board as 81 numbers: the digit, plus 16 for a given; 0 for an empty cell. (Smaller, and less
/// code in the page, than the core's two lines of text.)
pub(super) mod board {
    use sudoku_core::Digit;

    use super::*;

    const GIVEN: u8 = 16;

    pub fn serialize<S: Serializer>(board: &Grid, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(Cell::all().map(|cell| {
            board.get(cell).map_or(0, |digit| {
                digit.get() + if board.is_given(cell) { GIVEN } else { 0 }
            })
        }))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Grid, D::Error> {
        let values = Vec::<u8>::deserialize(deserializer)?;
        let bad = || D::Error::custom("not a board");
        if values.len() != Cell::COUNT {
            return Err(bad());
        }
        let digit = |value: u8| Digit::new(value & !GIVEN);
        let mut givens = [None; Cell::COUNT];
        for (given, &value) in givens.iter_mut().zip(&values) {
            if value & GIVEN != 0 {
                *given = Some(digit(value).ok_or_else(bad)?);
            }
        }
        let mut board = Grid::from_givens(givens);
        for (cell, &value) in Cell::all().zip(&values) {
            match value {
                0 => {}
                _ if value & GIVEN != 0 => {}
                _ => _ = board.set_entry(cell, Some(digit(value).ok_or_else(bad)?)),
            }
        }
        Ok(board)
    }
}

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Base64 without padding. (A few lines here cost less of the page than a crate.)
pub(super) fn to_base64(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let bits = chunk.iter().enumerate().fold(0u32, |bits, (i, &byte)| {
            bits | u32::from(byte) << (16 - 8 * i)
        });
        for i in 0..=chunk.len() {
            text.push(char::from(BASE64[(bits >> (18 - 6 * i) & 63) as usize]));
        }
    }
    text
}

pub(super) fn from_base64(text: &str) -> Option<Vec<u8>> {
    let sextet = |c: u8| -> Option<u32> {
        Some(u32::from(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        }))
    };
    let mut bytes = Vec::with_capacity(text.len() / 4 * 3 + 2);
    for chunk in text.as_bytes().chunks(4) {
        if chunk.len() == 1 {
            return None;
        }
        let mut bits = 0;
        for (i, &c) in chunk.iter().enumerate() {
            bits |= sextet(c)? << (18 - 6 * i);
        }
        for i in 0..chunk.len() - 1 {
            bytes.push((bits >> (16 - 8 * i)) as u8);
        }
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::{SOLUTION, digit, game, settle, step};
    use sudoku_core::DigitSet;

    /// `game` saved and read back, its solution sent by the worker as on the page.
    fn round_trip(game: &Game) -> Game {
        let text = game.to_stored(5_000.0);
        let mut resumed =
            Game::from_stored(&text, 60_000.0).unwrap_or_else(|why| panic!("{why}: {text}"));
        settle(&mut resumed, 60_000.0);
        resumed
    }

    #[test]
    fn base64_round_trips_every_length() {
        let bytes: Vec<u8> = (0..=255).collect();
        for len in 0..bytes.len() {
            let text = to_base64(&bytes[..len]);
            assert_eq!(text.len(), (len * 4).div_ceil(3));
            assert_eq!(from_base64(&text).as_deref(), Some(&bytes[..len]));
        }
        assert_eq!(to_base64(b"Man"), "TWFu");
        assert_eq!(from_base64("TWE"), Some(b"Ma".to_vec()));
        assert_eq!(from_base64("TWFuT"), None);
        assert_eq!(from_base64("TW=u"), None);
    }

    #[test]
    fn a_board_reads_back_only_as_81_digits_each_given_or_not() {
        let read = |values: &[u8]| {
            let bytes = postcard::to_allocvec(values).expect("bytes");
            board::deserialize(&mut postcard::Deserializer::from_bytes(&bytes)).ok()
        };
        let mut values = [0u8; 81];
        values[0] = 5 + 16;
        values[1] = 3;
        let grid = read(&values).expect("a board");
        assert!(grid.is_given(Cell::at(0, 0)) && !grid.is_given(Cell::at(0, 1)));
        assert_eq!(grid.get(Cell::at(0, 1)), Some(digit(3)));
        for bad in [10, 16, 26, 32, 48, 255] {
            values[2] = bad;
            assert!(read(&values).is_none(), "{bad}");
        }
        assert!(read(&[0; 80]).is_none());
        assert!(read(&[0; 82]).is_none());
    }

    #[test]
    fn a_game_in_progress_comes_back_exactly() {
        let mut game = game();
        game.toggle_pick(digit(4));
        game.click(Cell::at(0, 2), 1_000.0);
        game.toggle_notes();
        game.click(Cell::at(0, 3), 1_500.0);
        game.toggle_notes();
        game.toggle_pick(digit(6));
        game.click(Cell::at(0, 3), 2_000.0);
        game.toggle_candidates();
        game.toggle_help();
        step(&mut game, 3_000.0);
        game.fill_notes();
        // A wrong entry is the player's too.
        game.toggle_pick(digit(9));
        game.click(Cell::at(8, 0), 3_500.0);
        game.undo(3_600.0);
        game.undo(3_700.0);
        game.toggle_notes();
        let mut resumed = round_trip(&game);
        assert!(resumed.can_redo() && resumed.noting());
        // The clock goes on from the 5 s played, not from the time away.
        assert_eq!(resumed.played_ms(61_000.0), 6_000.0);
        // What only shows the last action is not kept.
        game.view.notice = None;
        game.view.shown = None;
        game.view.fresh = sudoku_core::CellSet::EMPTY;
        game.view.selected = resumed.view.selected;
        game.view.cursor = resumed.view.cursor;
        assert_eq!(resumed.view.picked, None, "no digit picked after a reload");
        game.view.picked = None;
        game.clock = resumed.clock;
        game.waiting.next_id = resumed.waiting.next_id;
        // The statistics are kept beside the save, not in it.
        game.session.statistics = resumed.session.statistics.clone();
        game.log.clear();
        for saved in game.history.iter_mut().chain(&mut game.redo) {
            saved.log_len = 0;
            saved.log_tail.clear();
        }
        assert_eq!(resumed, game);
        resumed.redo(62_000.0);
        resumed.redo(62_000.0);
        assert_eq!(resumed.board.get(Cell::at(8, 0)), Some(digit(9)));
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

    #[test]
    fn a_puzzle_being_entered_keeps_its_digits_and_the_game_to_return_to() {
        let mut game = game();
        game.toggle_pick(digit(4));
        game.click(Cell::at(0, 2), 1_000.0);
        let before = game.board.clone();
        game.begin_entry(1_500.0);
        game.type_digit(digit(7), 2_000.0);
        let mut resumed = round_trip(&game);
        assert!(resumed.entering());
        assert_eq!(resumed.board, game.board);
        assert_eq!(resumed.board.get(Cell::at(0, 0)), Some(digit(7)));
        resumed.cancel_entry(70_000.0);
        assert_eq!(resumed.board, before);
        assert_eq!(
            resumed.played_ms(80_000.0),
            1_500.0 + 10_000.0,
            "played until Enter puzzle, then since Cancel"
        );
    }

    #[test]
    fn a_puzzle_given_in_full_comes_back() {
        let full = Game::new(Grid::parse_line(SOLUTION).expect("a grid"), 0.0).expect("solved");
        assert_eq!(round_trip(&full).board, full.board);
    }

    /// The save of `game` with its bytes changed by `change`.
    fn tampered(game: &Game, change: impl FnOnce(&mut Game)) -> String {
        let mut game = game.clone();
        change(&mut game);
        game.to_stored(0.0)
    }

    #[test]
    fn a_save_of_a_game_that_could_not_be_played_is_damaged() {
        let game = game();
        let mut moved = game.clone();
        moved.toggle_pick(digit(4));
        moved.click(Cell::at(0, 2), 1.0);
        let damaged = [
            // Givens changed between the board and its history.
            tampered(&moved, |g| {
                g.history[0].board = Grid::parse_line(SOLUTION).expect("grid")
            }),
            // The solver's digit on a given.
            tampered(&game, |g| g.by_solver.insert(Cell::at(0, 0))),
            // Solved, but the board is not.
            tampered(&game, |g| g.solved_in_ms = Some(1_000.0)),
            // Colours that are none of the nine, now or in the history.
            tampered(&game, |g| g.colours[5] = 10),
            tampered(&moved, |g| g.history[0].colours = Some([200; 81])),
        ];
        for text in damaged {
            assert_eq!(Game::from_stored(&text, 0.0), Err(Unreadable::Damaged));
        }
    }

    #[test]
    fn what_only_the_solution_shows_damaged_is_mended_or_said_once_it_comes() {
        // A removed candidate that is the cell's answer (r1c3 holds 4): the removals go.
        let mut game = game();
        step(&mut game, 1_000.0);
        let text = tampered(&game, |g| g.eliminated[2] = DigitSet::single(digit(4)));
        let mut resumed = Game::from_stored(&text, 0.0).expect("read back");
        assert!(resumed.eliminated[2].contains(digit(4)));
        settle(&mut resumed, 0.0);
        assert_eq!(resumed.eliminated, [DigitSet::EMPTY; 81]);
        assert!(
            resumed
                .history
                .iter()
                .all(|state| state.eliminated == [DigitSet::EMPTY; 81])
        );
        assert_eq!(resumed.board, game.board);
        // Givens without a single solution: played on, but nothing can be checked.
        let text = tampered(&crate::game::tests::game(), |g| g.board = Grid::empty());
        let mut resumed = Game::from_stored(&text, 0.0).expect("read back");
        settle(&mut resumed, 0.0);
        assert_eq!(
            resumed.message(),
            "This puzzle cannot be checked: it has more than one solution"
        );
        for action in [Game::check as fn(&mut Game), |g| g.solve_by_search(1.0)] {
            action(&mut resumed);
            assert_eq!(
                resumed.message(),
                "This puzzle has no single solution to check the entries against"
            );
        }
    }

    #[test]
    fn saves_of_version_2_read_back_but_a_puzzle_being_entered() {
        let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/game_stored");
        let read = |name: &str| {
            let text = std::fs::read_to_string(seeds.join(name)).expect("a seed");
            assert!(text.starts_with("sudoku-game 2 "), "{name}");
            Game::from_stored(&text, 0.0)
        };
        for name in ["fresh", "in_progress", "eliminations", "solved"] {
            let game = read(name).unwrap_or_else(|why| panic!("{name}: {why}"));
            assert_eq!(game.record, Record::default(), "{name}");
        }
        assert_eq!(read("entering"), Err(Unreadable::Older));
    }

    #[test]
    fn saves_of_versions_10_9_8_7_6_5_and_3_read_back() {
        let mut game = game();
        // As an earlier version's game reads.
        game.on_its_day = true;
        game.toggle_pick(digit(4));
        game.click(Cell::at(0, 2), 1.0);
        let stored = game.to_stored(1.0);
        let body = stored
            .strip_prefix("sudoku-game 11 ")
            .expect("this version");
        let mut bytes = from_base64(body).expect("base64");
        // Version 10: no title, author, rules or solution carried at the end.
        assert_eq!(bytes.split_off(bytes.len() - 2), [0, 0]);
        let older = format!("sudoku-game 10 {}", to_base64(&bytes));
        let resumed = Game::from_stored(&older, 1.0).expect("read back");
        assert_eq!(resumed.to_stored(1.0), stored);
        // Version 9: the same bytes (a classic game's rules are none in either form).
        let older = format!("sudoku-game 9 {}", to_base64(&bytes));
        let resumed = Game::from_stored(&older, 1.0).expect("read back");
        assert_eq!(resumed.to_stored(1.0), stored);
        // Version 8: not whether a daily puzzle was begun on its day, at the end.
        assert_eq!(bytes.pop(), Some(1));
        let older = format!("sudoku-game 8 {}", to_base64(&bytes));
        let resumed = Game::from_stored(&older, 1.0).expect("read back");
        assert_eq!(resumed.to_stored(1.0), stored);
        // Version 7: no count of hints, at the end.
        assert_eq!(bytes.pop(), Some(0));
        let older = format!("sudoku-game 7 {}", to_base64(&bytes));
        let resumed = Game::from_stored(&older, 1.0).expect("read back");
        assert_eq!(resumed.to_stored(1.0), stored);
        // Version 6: no digits to check either, an empty list, at the end.
        assert_eq!(bytes.pop(), Some(0));
        let older = format!("sudoku-game 6 {}", to_base64(&bytes));
        let resumed = Game::from_stored(&older, 1.0).expect("read back");
        assert_eq!(resumed.to_stored(1.0), stored);
        // Version 5: no unconfirmed puzzle either, `None`.
        assert_eq!(bytes.pop(), Some(0));
        let older = format!("sudoku-game 5 {}", to_base64(&bytes));
        let resumed = Game::from_stored(&older, 1.0).expect("read back");
        assert_eq!(resumed.to_stored(1.0), stored);
        // Version 3: no colours either, nor the rules, so a classic game.
        let history_colours = vec![vec![0u8; 81]; game.history.len()];
        let colours = postcard::to_allocvec(&(vec![0u8; 81], history_colours)).unwrap();
        assert!(bytes.ends_with(&colours));
        bytes.truncate(bytes.len() - colours.len());
        let classic = postcard::to_allocvec(&PageRules::default()).unwrap();
        assert!(bytes.ends_with(&classic));
        bytes.truncate(bytes.len() - classic.len());
        let older = format!("sudoku-game 3 {}", to_base64(&bytes));
        let resumed = Game::from_stored(&older, 1.0).expect("read back");
        assert_eq!(resumed.board, game.board);
        assert!(resumed.rules.is_classic());
    }

    #[test]
    fn a_variant_saved_in_version_9_reads_back_its_rules_in_the_form_before() {
        let (rules, read) = PageRules::in_the_form_before();
        let game = game().under(rules.clone());
        let stored = game.to_stored(1.0);
        let body = stored
            .strip_prefix("sudoku-game 11 ")
            .expect("this version");
        let mut bytes = from_base64(body).expect("base64");
        // Without the title, author, rules and solution carried of version 11.
        bytes.truncate(bytes.len() - 2);
        let older = format!("sudoku-game 9 {}", to_base64(&bytes));
        let resumed = Game::from_stored(&older, 1.0).expect("read back");
        assert_eq!(resumed.rules, rules);
        // The worker reads the rules it is sent as they were.
        assert_eq!(PageRules::decode(resumed.rules.bytes()), read);
        assert_eq!(resumed.to_stored(1.0), stored);
    }

    #[test]
    fn anything_else_is_refused_and_an_earlier_version_is_named() {
        let stored = game().to_stored(0.0);
        let earlier = "sudoku-game 1 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        assert_eq!(Game::from_stored(earlier, 0.0), Err(Unreadable::Older));
        for text in [
            String::new(),
            "sudoku-game".to_string(),
            "sudoku-game 11".to_string(),
            "sudoku-game 12 AAAA".to_string(),
            stored.replacen("sudoku-game", "sudoku-gamf", 1),
            stored[..stored.len() - 8].to_string(),
            format!("{stored}AAAA"),
            stored.replacen(' ', "  ", 1),
            format!("{stored}!"),
        ] {
            assert_eq!(
                Game::from_stored(&text, 0.0),
                Err(Unreadable::Damaged),
                "{text:?}"
            );
        }
        assert!(Game::from_stored(&stored, 0.0).is_ok());
    }
}
