//! The solver's worker: what the page asks it, what it answers, and the answering itself.
//!
//! The explaining solver, the rating and the generator by level take from a millisecond to a
//! second, so they run in a web worker (a second wasm module, `src/bin/worker.rs`), and so does
//! the search that finds a puzzle's solution: the page's thread keeps only the board and the game. Messages pass through serde in
//! postcard's form ([`encode`], [`decode`]), as the save does, so the page holds one binary
//! format. [`answer`] is a plain function, tested natively; the worker's module only hands it
//! each request, once it has told the page it listens.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde::{Deserialize, Serialize};
use sudoku_core::{
    Candidate, Candidates, Date, Difficulty, Grid, Level, REGISTRY, SolveError, Step, Symmetry,
    daily_level, daily_puzzle, generate_level, next_step, rate,
};

/// One request; the answer carries the same `id`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Request {
    pub id: u32,
    pub job: Job,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Job {
    /// The techniques of the explaining solver, simplest first, for the list on the page.
    Techniques,
    /// The simplest step on the pencil marks of `board` less `eliminated`; with `only`, the first
    /// instance of that technique of the registry.
    Step {
        board: Grid,
        eliminated: Vec<Candidate>,
        only: Option<usize>,
    },
    /// The SE rating of a puzzle.
    Rate { puzzle: Grid },
    /// The one solution of a puzzle, or why it has none.
    Solve { puzzle: Grid },
    /// A new puzzle of `level`, made from `seed`.
    Make { level: Level, seed: u64 },
    /// The daily puzzle of `date`, the same on every device.
    Daily { date: Date },
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Answer {
    pub id: u32,
    pub done: Done,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Done {
    Techniques(Vec<TechniqueInfo>),
    /// `None`: no technique applies.
    Step(Option<Step>),
    Rated {
        puzzle: Grid,
        rating: PuzzleRating,
    },
    Solved {
        puzzle: Grid,
        solution: Result<Grid, SolveError>,
    },
    Made {
        puzzle: Grid,
        solution: Grid,
        rating: PuzzleRating,
    },
}

/// The id of a [`Job::Solve`]: its answer is matched by its puzzle, as a rating is, so it holds
/// whenever it comes. (The game's own ids count up from 1, the list of techniques has `u32::MAX`.)
pub const SOLVE_ID: u32 = u32::MAX - 1;

/// A technique as the page lists it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct TechniqueInfo {
    pub name: String,
    pub about: String,
    pub difficulty: Difficulty,
}

/// A puzzle's level and ER; `er` is `None` when the rating cannot finish (SE's 20.0), a puzzle
/// beyond every level's techniques, shown as Extreme.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PuzzleRating {
    pub level: Level,
    pub er: Option<Difficulty>,
}

impl PuzzleRating {
    pub fn of(puzzle: &Grid) -> PuzzleRating {
        match rate(puzzle) {
            Ok(rating) => PuzzleRating {
                level: Level::of(rating.er),
                er: Some(rating.er),
            },
            Err(_) => PuzzleRating {
                level: Level::Extreme,
                er: None,
            },
        }
    }
}

/// "Hard · 3.8"; "Extreme · beyond" for a puzzle the rating cannot finish.
impl std::fmt::Display for PuzzleRating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.er {
            Some(er) => write!(f, "{} · {er}", self.level.name()),
            None => write!(f, "{} · beyond", self.level.name()),
        }
    }
}

/// The pencil marks of `board`: in every empty cell the digits no peer holds, less `eliminated`.
pub fn pencil_marks(board: &Grid, eliminated: impl IntoIterator<Item = Candidate>) -> Candidates {
    let mut marks = Candidates::new(board);
    for candidate in eliminated {
        if board.get(candidate.cell).is_none() {
            marks.eliminate(candidate.cell, candidate.digit);
        }
    }
    marks
}

/// The worker's work: one answer per request.
pub fn answer(request: Request) -> Answer {
    let done = match request.job {
        Job::Techniques => Done::Techniques(
            REGISTRY
                .iter()
                .map(|entry| TechniqueInfo {
                    name: entry.technique.name().into(),
                    about: entry.technique.about().into(),
                    difficulty: entry.difficulty,
                })
                .collect(),
        ),
        Job::Step {
            board,
            eliminated,
            only,
        } => {
            let marks = pencil_marks(&board, eliminated);
            Done::Step(match only {
                Some(index) => REGISTRY
                    .get(index)
                    .and_then(|entry| entry.technique.first(&marks)),
                None => next_step(&marks).map(|(step, _)| step),
            })
        }
        Job::Rate { puzzle } => Done::Rated {
            rating: PuzzleRating::of(&puzzle),
            puzzle,
        },
        Job::Solve { puzzle } => Done::Solved {
            solution: puzzle.solve(),
            puzzle,
        },
        Job::Make { level, seed } => {
            let mut rng = SmallRng::seed_from_u64(seed);
            let (puzzle, rating) = generate_level(&mut rng, level, Symmetry::Central);
            Done::Made {
                solution: solution_of(&puzzle),
                puzzle,
                rating: PuzzleRating {
                    level,
                    er: Some(rating.er),
                },
            }
        }
        Job::Daily { date } => {
            let (puzzle, rating) = daily_puzzle(date);
            Done::Made {
                solution: solution_of(&puzzle),
                puzzle,
                rating: PuzzleRating {
                    level: daily_level(date),
                    er: Some(rating.er),
                },
            }
        }
    };
    Answer {
        id: request.id,
        done,
    }
}

/// The solution of a puzzle the generator made, which has exactly one.
fn solution_of(puzzle: &Grid) -> Grid {
    puzzle
        .solve()
        .expect("the generator makes puzzles with one solution")
}

/// A message's bytes: postcard's form of `message`.
pub fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    postcard::to_allocvec(message).expect("a message always has a serde form")
}

/// The message of `bytes`, if they are one (a page and a worker of two releases may meet).
pub fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Option<T> {
    postcard::from_bytes(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: Serialize + for<'de> Deserialize<'de>>(value: &T) -> T {
        decode(&encode(value)).unwrap()
    }

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn a_step_answer_is_the_registry_step_and_travels_whole() {
        let board = Grid::parse_line(PUZZLE).unwrap();
        let request = Request {
            id: 7,
            job: Job::Step {
                board: board.clone(),
                eliminated: Vec::new(),
                only: None,
            },
        };
        let answer = answer(round_trip(&request));
        let expected = next_step(&Candidates::new(&board)).map(|(step, _)| step);
        assert_eq!(answer.id, 7);
        assert_eq!(answer.done, Done::Step(expected));
        assert_eq!(round_trip(&answer), answer);
    }

    #[test]
    fn a_made_puzzle_has_one_solution_and_its_level() {
        for level in [Level::Easy, Level::Hard, Level::Extreme] {
            let answer = answer(Request {
                id: 1,
                job: Job::Make { level, seed: 3 },
            });
            let Done::Made {
                puzzle,
                solution,
                rating,
            } = answer.done
            else {
                panic!("not a puzzle: {answer:?}");
            };
            assert_eq!(puzzle.solve(), Ok(solution));
            assert_eq!(rating.level, level);
            assert_eq!(PuzzleRating::of(&puzzle), rating);
        }
    }

    #[test]
    fn a_solve_answer_gives_the_solution_or_why_there_is_none() {
        let puzzle = Grid::parse_line(PUZZLE).unwrap();
        let solve = |puzzle: &Grid| {
            answer(round_trip(&Request {
                id: SOLVE_ID,
                job: Job::Solve {
                    puzzle: puzzle.clone(),
                },
            }))
        };
        let solved = solve(&puzzle);
        assert_eq!(solved.id, SOLVE_ID);
        let Done::Solved {
            puzzle: asked,
            solution: Ok(solution),
        } = round_trip(&solved).done
        else {
            panic!("no solution: {solved:?}");
        };
        assert_eq!(asked, puzzle);
        assert!(solution.is_solved());
        assert!(
            puzzle
                .givens()
                .iter()
                .all(|cell| solution.get(cell) == puzzle.get(cell))
        );
        let open = Grid::parse_line(&format!("1{}", ".".repeat(80))).unwrap();
        assert!(matches!(
            solve(&open).done,
            Done::Solved {
                solution: Err(SolveError::MultipleSolutions),
                ..
            }
        ));
    }

    #[test]
    fn ratings_read_like_the_page_shows_them() {
        let hard = PuzzleRating {
            level: Level::Hard,
            er: Some(Difficulty::from_tenths(38)),
        };
        assert_eq!(hard.to_string(), "Hard · 3.8");
        let beyond = PuzzleRating {
            level: Level::Extreme,
            er: None,
        };
        assert_eq!(beyond.to_string(), "Extreme · beyond");
    }

    #[test]
    fn bytes_that_are_no_message_decode_to_none() {
        assert_eq!(decode::<Answer>(&[]), None);
        assert_eq!(decode::<Request>(&[0xff; 3]), None);
    }

    #[test]
    fn eliminations_of_filled_cells_are_ignored() {
        let board = Grid::parse_line(PUZZLE).unwrap();
        let given = board.givens().first().unwrap();
        let digit = board.get(given).unwrap();
        let marks = pencil_marks(&board, [Candidate::new(given, digit)]);
        assert_eq!(marks, Candidates::new(&board));
    }
}
