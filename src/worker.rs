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
use std::sync::Arc;

use crate::rules::{Checks, PageRules};
use sudoku_core::parse::file::{self, Contents, Listed};
use sudoku_core::variant::generate::generate_variant_near;
use sudoku_core::variant::{Puzzle, Rules, Variant, fpuzzles, search};
use sudoku_core::{
    Candidate, Candidates, Date, Difficulty, Digit, Grid, Level, Plain, REGISTRY, SolveError, Step,
    Symmetry, daily_level, daily_puzzle, generate_level, next_step, plain, rate,
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
    /// The simplest step on the pencil marks of `board` under `rules`, less `eliminated`; with
    /// `only`, the first instance of that technique of the registry.
    ///
    /// `rules` here and below: the puzzle's rules as [`PageRules`] keeps them (none: classic).
    Step {
        board: Grid,
        rules: Vec<u8>,
        eliminated: Vec<Candidate>,
        only: Option<usize>,
    },
    /// The rating of a puzzle: SE's for a classic one, the hardest technique's for a variant.
    Rate { puzzle: Grid, rules: Vec<u8> },
    /// The one solution of a puzzle, or why it has none.
    Solve { puzzle: Grid, rules: Vec<u8> },
    /// A new puzzle of the variant and `level`, made from `seed`.
    Make {
        variant: Variant,
        level: Level,
        seed: u64,
    },
    /// The daily puzzle of `date`, the same on every device.
    Daily { date: Date },
    /// What a text opened, dropped or pasted holds: a puzzle in any format the app reads (the
    /// one-line and block forms, f-puzzles JSON, an f-puzzles or SudokuPad link or its payload),
    /// or a list of one-line puzzles.
    Read { text: String },
    /// The rules lowered to checks, for a page that has their bytes only (a game read back).
    Lower { rules: Vec<u8> },
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Answer {
    pub id: u32,
    pub done: Done,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Done {
    Techniques(Vec<TechniqueInfo>),
    /// The step with its plain words, for a hint; `None`: no technique applies.
    Step(Option<(Step, Plain)>),
    /// `None`: the rating could not finish in [`RATING_MS`] (a variant whose logical solve is
    /// long), shown as "unrated".
    Rated {
        puzzle: Grid,
        rating: Option<PuzzleRating>,
    },
    Solved {
        puzzle: Grid,
        rules: Vec<u8>,
        solution: Result<Grid, SolveError>,
    },
    /// A new puzzle; `rating` none when it could not be rated in time.
    Made {
        puzzle: Playable,
        solution: Grid,
        rating: Option<PuzzleRating>,
    },
    /// One puzzle, or why the text is not one (a sentence); or a list to choose from.
    Read(Result<Playable, String>),
    Listed(Vec<Listed>),
    /// The checks of the rules of these bytes.
    Lowered {
        rules: Vec<u8>,
        checks: Checks,
    },
}

/// A puzzle as the page plays it: its givens and its rules as the page keeps them, with the
/// payload of a variant's links (f-puzzles' lz-string base64); for a variant read, the rules'
/// checks, and the solution it carries when that fits its givens and the rules the core knows.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Playable {
    pub grid: Grid,
    pub rules: PageRules,
    pub checks: Option<Checks>,
    pub solution: Option<Grid>,
    pub about: Option<About>,
}

/// The rules the setter wrote beside a puzzle read, as plain text (the page never reads it as
/// markup), with its title and its author.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct About {
    pub title: Option<String>,
    pub author: Option<String>,
    pub rules: String,
}

impl About {
    /// Its title and author as the Rules dialog heads them: "“T” by A", "“T”", "By A", or
    /// nothing.
    pub fn byline(&self) -> String {
        match (&self.title, &self.author) {
            (Some(title), Some(author)) => format!("“{title}” by {author}"),
            (Some(title), None) => format!("“{title}”"),
            (None, Some(author)) => format!("By {author}"),
            (None, None) => String::new(),
        }
    }

    /// The puzzle's own: none when it came without rules.
    fn of(puzzle: &Puzzle) -> Option<About> {
        Some(About {
            title: puzzle.title.clone(),
            author: puzzle.author.clone(),
            rules: puzzle.ruleset.clone()?,
        })
    }
}

impl Playable {
    /// A classic puzzle.
    pub fn classic(grid: Grid) -> Playable {
        Playable {
            grid,
            rules: PageRules::default(),
            checks: None,
            solution: None,
            about: None,
        }
    }

    fn of(puzzle: &Puzzle) -> Playable {
        let variant = !puzzle.rules.is_classic();
        let link = variant.then(|| fpuzzles::to_payload(puzzle));
        // The solution carried, if it agrees with the givens and the rules the core knows (the
        // search, given it whole, finds it again or nothing).
        let solution = (puzzle.solution)
            .filter(|digits| {
                (puzzle.givens.iter().zip(digits))
                    .all(|(&given, &digit)| given == 0 || given == digit)
            })
            .map(|digits| Grid::from_givens(digits.map(Digit::new)))
            .filter(|solution| search::solve(solution, &puzzle.rules).is_ok());
        Playable {
            grid: puzzle.grid(),
            rules: PageRules::of(&puzzle.rules, link),
            checks: variant.then(|| Checks::of(&puzzle.rules)),
            solution,
            about: About::of(puzzle),
        }
    }
}

/// How long a rating may take before the worker gives up on it: the page says "unrated" rather
/// than wait, and the requests after it are not held up. A step is never cut short, and the
/// longest seen (a forcing net on an Extreme Killer) takes under 0.8 s natively, so the answer
/// comes within about 2 s.
pub const RATING_MS: f64 = 1000.0;

/// Milliseconds on a clock that only moves forward: the worker's own in the browser.
fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64()
            * 1000.0
    }
}

/// The id of a [`Job::Solve`]: its answer is matched by its puzzle, as a rating is, so it holds
/// whenever it comes. (The game's own ids count up from 1, the list of techniques has `u32::MAX`.)
pub const SOLVE_ID: u32 = u32::MAX - 1;

/// The id of a [`Job::Lower`]: its answer is matched by the rules' bytes.
pub const LOWER_ID: u32 = u32::MAX - 2;

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
    /// A puzzle's rating under its rules.
    pub fn under(puzzle: &Grid, rules: &Rules) -> PuzzleRating {
        if rules.is_classic() {
            return PuzzleRating::of(puzzle);
        }
        let givens = puzzle.digits().map(|digit| digit.map_or(0, |d| d.get()));
        PuzzleRating::of_variant(Puzzle::new(givens, rules.clone()).difficulty())
    }

    /// [`PuzzleRating::under`] while `keep_going` says so: `None` if it says to stop first. (A
    /// classic puzzle's rating takes milliseconds; a variant's logical solve may take seconds.)
    /// `None` as well for a puzzle with a rule only drawn: a solve that does not follow it says
    /// nothing of the puzzle's difficulty.
    pub fn within(
        puzzle: &Grid,
        rules: &Rules,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<PuzzleRating> {
        if rules.cannot_solve().is_some() {
            return None;
        }
        if rules.is_classic() {
            return Some(PuzzleRating::of(puzzle));
        }
        let givens = puzzle.digits().map(|digit| digit.map_or(0, |d| d.get()));
        let difficulty = Puzzle::new(givens, rules.clone()).difficulty_while(keep_going);
        difficulty.ok().map(PuzzleRating::of_variant)
    }

    /// A variant puzzle's rating: the difficulty of the hardest technique its logical solve
    /// needs, on SE's scale; beyond when logic alone does not solve it.
    fn of_variant(difficulty: Option<Difficulty>) -> PuzzleRating {
        PuzzleRating {
            level: difficulty.map_or(Level::Extreme, Level::of),
            er: difficulty,
        }
    }

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

/// The pencil marks of `board` under `rules`: in every empty cell the digits no peer holds, less
/// `eliminated`.
pub fn pencil_marks(
    board: &Grid,
    rules: &Rules,
    eliminated: impl IntoIterator<Item = Candidate>,
) -> Candidates {
    let mut marks = if rules.is_classic() {
        Candidates::new(board)
    } else {
        Candidates::with_layout(board, Arc::new(rules.layout()))
    };
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
            rules,
            eliminated,
            only,
        } => {
            let rules = PageRules::decode(&rules);
            let marks = pencil_marks(&board, &rules, eliminated);
            let step = match only {
                Some(index) => REGISTRY
                    .get(index)
                    .and_then(|entry| entry.technique.first(&marks)),
                None => next_step(&marks).map(|(step, _)| step),
            };
            Done::Step(step.map(|step| {
                let words = plain(&step, &rules);
                (step, words)
            }))
        }
        Job::Rate { puzzle, rules } => {
            let started = now_ms();
            let mut in_time = || now_ms() - started < RATING_MS;
            Done::Rated {
                rating: PuzzleRating::within(&puzzle, &PageRules::decode(&rules), &mut in_time),
                puzzle,
            }
        }
        Job::Solve { puzzle, rules } => Done::Solved {
            solution: search::solve(&puzzle, &PageRules::decode(&rules)),
            puzzle,
            rules,
        },
        Job::Make {
            variant: Variant::Classic,
            level,
            seed,
        } => {
            let mut rng = SmallRng::seed_from_u64(seed);
            let (puzzle, rating) = generate_level(&mut rng, level, Symmetry::Central);
            Done::Made {
                solution: solution_of(&puzzle, &Rules::classic()),
                puzzle: Playable::classic(puzzle),
                rating: Some(PuzzleRating {
                    level,
                    er: Some(rating.er),
                }),
            }
        }
        Job::Make {
            variant,
            level,
            seed,
        } => {
            let mut rng = SmallRng::seed_from_u64(seed);
            let deadline = now_ms() + MAKING_MS;
            let (puzzle, difficulty) =
                generate_variant_near(variant, level, VARIANT_TRIES, &mut rng, &mut || {
                    now_ms() < deadline
                });
            Done::Made {
                solution: solution_of(&puzzle.grid(), &puzzle.rules),
                rating: difficulty.ok().map(PuzzleRating::of_variant),
                puzzle: Playable::of(&puzzle),
            }
        }
        Job::Daily { date } => {
            let (puzzle, rating) = daily_puzzle(date);
            Done::Made {
                solution: solution_of(&puzzle, &Rules::classic()),
                puzzle: Playable::classic(puzzle),
                rating: Some(PuzzleRating {
                    level: daily_level(date),
                    er: Some(rating.er),
                }),
            }
        }
        Job::Read { text } => read(&text),
        Job::Lower { rules } => Done::Lowered {
            checks: Checks::of(&PageRules::decode(&rules)),
            rules,
        },
    };
    Answer {
        id: request.id,
        done,
    }
}

/// How long the logical solves that rate the variant puzzles New game makes may take in all:
/// past it, the nearest puzzle so far comes, or the first unrated (a sparse Kropki's solve may
/// take seconds), which the page then asks to rate as any puzzle without a rating.
const MAKING_MS: f64 = 2000.0;

/// How many variant puzzles New game makes at most for one of the level asked (some variants
/// seldom reach some levels: the nearest comes then). Each takes from 2 to 30 ms to make and
/// as much to rate, seconds for the rare Killer whose logic needs forcing chains.
const VARIANT_TRIES: usize = 12;

/// The solution of a puzzle the generator made, which has exactly one.
fn solution_of(puzzle: &Grid, rules: &Rules) -> Grid {
    search::solve(puzzle, rules).expect("the generator makes puzzles with one solution")
}

/// What a text holds, as [`Job::Read`] answers it.
fn read(text: &str) -> Done {
    if fpuzzles::is_meant_as_fpuzzles(text) {
        let puzzle = fpuzzles::read(text).map_err(|why| why.to_string());
        return Done::Read(puzzle.map(|puzzle| Playable::of(&puzzle)));
    }
    match file::read(text) {
        Contents::One(puzzle) => {
            Done::Read(puzzle.map(Playable::classic).map_err(|why| why.to_string()))
        }
        Contents::Many(listed) => Done::Listed(listed),
    }
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
    use sudoku_core::Cell;

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
                rules: Vec::new(),
                eliminated: Vec::new(),
                only: None,
            },
        };
        let answer = answer(round_trip(&request));
        let expected = next_step(&Candidates::new(&board)).map(|(step, _)| step);
        assert_eq!(answer.id, 7);
        let Done::Step(Some((step, words))) = &answer.done else {
            panic!("a step");
        };
        assert_eq!(Some(step), expected.as_ref());
        assert_eq!(
            *words,
            plain(step, &Rules::classic()),
            "with its plain words"
        );
        assert_eq!(round_trip(&answer), answer);
    }

    #[test]
    fn a_made_puzzle_has_one_solution_and_its_level() {
        for level in [Level::Easy, Level::Hard, Level::Extreme] {
            let answer = answer(Request {
                id: 1,
                job: Job::Make {
                    variant: Variant::Classic,
                    level,
                    seed: 3,
                },
            });
            let Done::Made {
                puzzle,
                solution,
                rating,
            } = answer.done
            else {
                panic!("not a puzzle: {answer:?}");
            };
            assert_eq!(puzzle.grid.solve(), Ok(solution));
            assert_eq!(puzzle.rules, PageRules::default());
            let rating = rating.expect("a classic puzzle is rated");
            assert_eq!(rating.level, level);
            assert_eq!(PuzzleRating::of(&puzzle.grid), rating);
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
                    rules: Vec::new(),
                },
            }))
        };
        let solved = solve(&puzzle);
        assert_eq!(solved.id, SOLVE_ID);
        let Done::Solved {
            puzzle: asked,
            solution: Ok(solution),
            ..
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
    fn a_made_variant_has_its_rules_its_link_and_one_solution_under_them() {
        for variant in [Variant::Killer, Variant::Jigsaw, Variant::X] {
            let answer = answer(round_trip(&Request {
                id: 2,
                job: Job::Make {
                    variant,
                    level: Level::Medium,
                    seed: 11,
                },
            }));
            let Done::Made {
                puzzle,
                solution,
                rating,
            } = round_trip(&answer).done
            else {
                panic!("not a puzzle: {answer:?}");
            };
            let rules = PageRules::decode(puzzle.rules.bytes());
            assert_eq!(rules.variant(), Some(variant));
            assert!(puzzle.rules.solves(&solution));
            assert!(
                puzzle
                    .grid
                    .givens()
                    .iter()
                    .all(|cell| solution.get(cell) == puzzle.grid.get(cell))
            );
            let rating = rating.expect("rated in time");
            assert_eq!(PuzzleRating::under(&puzzle.grid, &rules), rating);
            assert_eq!(
                PuzzleRating::within(&puzzle.grid, &rules, &mut || true),
                Some(rating)
            );
            // The link reads back as the same puzzle.
            let link = format!("fpuzzles{}", puzzle.rules.link().expect("a link"));
            assert_eq!(read(&link), Done::Read(Ok(puzzle)));
        }
    }

    #[test]
    fn a_text_read_is_a_puzzle_a_list_or_why_not() {
        assert_eq!(
            read(PUZZLE),
            Done::Read(Ok(Playable::classic(Grid::parse_line(PUZZLE).unwrap())))
        );
        let Done::Listed(list) = read(&format!("# two\n{PUZZLE}\n{PUZZLE}\n")) else {
            panic!("a list");
        };
        assert_eq!(list.iter().map(|l| l.line).collect::<Vec<_>>(), [2, 3]);
        let Done::Read(Err(why)) = read(r#"{"size":9,"grid":[],"thermometer":[{"lines":[]}]}"#)
        else {
            panic!("refused");
        };
        assert!(why.contains("thermometer") || why.contains("grid"), "{why}");
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        // What only draws plays, drawn by its key; a rule the core does not know as well, said
        // to be unchecked.
        for (key, value) in [
            ("line", r#"[{"lines":[["R1C1","R2C2"]]}]"#),
            ("cage", r#"[{"cells":["R1C1","R1C2"],"value":"odd"}]"#),
            ("text", r#"[{"cells":["R0C1"],"value":"A"}]"#),
            ("zipperline", r#"[{"lines":[["R1C1","R1C2","R1C3"]]}]"#),
        ] {
            let json = format!(r#"{{"size":9,"grid":{grid},"{key}":{value}}}"#);
            let Done::Read(Ok(mut playable)) = read(&json) else {
                panic!("{key} plays");
            };
            assert!(
                playable
                    .rules
                    .drawing()
                    .contains(&format!(r#"class="fp-{key}"#)),
                "{key} is drawn"
            );
            let bytes = playable.rules.bytes().to_vec();
            playable
                .rules
                .take_checks(&bytes, playable.checks.expect("checks"));
            let unchecked = (key == "zipperline").then_some("Zipper lines");
            assert_eq!(playable.rules.unchecked(), unchecked);
        }
        // A rule the core knows plays, and the worker lowers it for the page on request.
        let json =
            format!(r#"{{"size":9,"grid":{grid},"thermometer":[{{"lines":[["R1C1","R1C2"]]}}]}}"#);
        let Done::Read(Ok(playable)) = read(&json) else {
            panic!("a thermometer plays");
        };
        let bytes = playable.rules.bytes().to_vec();
        let lowered = answer(Request {
            id: LOWER_ID,
            job: Job::Lower {
                rules: bytes.clone(),
            },
        });
        let Done::Lowered { rules, checks } = lowered.done else {
            panic!("lowered");
        };
        assert_eq!(rules, bytes);
        let mut page = round_trip(&playable.rules);
        assert!(page.lacks_checks(), "the checks travel apart");
        page.take_checks(&rules, checks);
        assert!(!page.lacks_checks() && page.checks_say_all());
        let mut board = Grid::empty();
        board.set_entry(Cell::at(0, 0), Digit::new(5));
        board.set_entry(Cell::at(0, 1), Digit::new(4));
        assert_eq!(page.broken(&board).len(), 1);
        let metadata = r#"[{"value":"title: Tiny"},{"cells":[],"value":"rules: Normal."}]"#;
        let json = format!(r#"{{"size":9,"grid":{grid},"cage":{metadata}}}"#);
        assert!(matches!(read(&json), Done::Read(Ok(_))), "metadata plays");
        let Done::Read(Err(why)) = read("12") else {
            panic!("refused");
        };
        assert!(!why.is_empty());
    }

    #[test]
    fn a_variant_is_solved_and_stepped_under_its_rules() {
        let puzzle = Grid::parse_line(PUZZLE).unwrap();
        // The classic puzzle's solution breaks Sudoku X's diagonals: under X it has none.
        let x = Rules::of(Variant::X);
        assert_eq!(search::solve(&puzzle, &x), Err(SolveError::NoSolution));
        let step = answer(Request {
            id: 1,
            job: Job::Step {
                board: Grid::parse_line(PUZZLE).unwrap(),
                rules: postcard::to_allocvec(&x).unwrap(),
                eliminated: Vec::new(),
                only: None,
            },
        });
        let layout_marks = pencil_marks(&puzzle, &x, []);
        let Done::Step(Some((step, _))) = step.done else {
            panic!("a step");
        };
        assert_eq!(Some(step), next_step(&layout_marks).map(|(step, _)| step));
    }

    #[test]
    fn a_rating_stops_when_told_and_a_slow_one_comes_within_its_time() {
        let killer = include_str!("../crates/sudoku-cli/tests/puzzles/killer.json");
        let puzzle = fpuzzles::read(killer.trim()).expect("a Killer");
        let (grid, rules) = (puzzle.grid(), puzzle.rules.clone());
        assert_eq!(PuzzleRating::within(&grid, &rules, &mut || false), None);
        let classic = Grid::parse_line(PUZZLE).unwrap();
        assert_eq!(
            PuzzleRating::within(&classic, &Rules::default(), &mut || false),
            Some(PuzzleRating::of(&classic)),
            "a classic rating is quick: never stopped"
        );
        // An Extreme Killer whose logical solve takes 8-10 s here (its longest step 0.75 s, a
        // forcing net): answered unrated soon after the time allowed, as a step is never cut
        // short (the bound leaves room for a slower machine, or a build without optimisations).
        let slow = include_str!("../crates/sudoku-cli/tests/puzzles/killer-extreme.json");
        let slow = fpuzzles::read(slow.trim()).expect("a Killer");
        let started = now_ms();
        let answer = answer(Request {
            id: 0,
            job: Job::Rate {
                puzzle: slow.grid(),
                rules: postcard::to_allocvec(&slow.rules).unwrap(),
            },
        });
        let took = now_ms() - started;
        assert!(took < 4.0 * RATING_MS, "{took} ms");
        assert!(matches!(answer.done, Done::Rated { rating: None, .. }));
    }

    #[test]
    fn a_puzzle_with_a_rule_only_drawn_is_unrated_at_once() {
        let thermo = include_str!("../crates/sudoku-cli/tests/puzzles/thermo.json");
        let zipper = r#"{"zipperline":[{"lines":[["R1C1","R1C2","R1C3"]]}],"#;
        let puzzle = fpuzzles::read(&thermo.trim().replacen('{', zipper, 1)).expect("a puzzle");
        assert_eq!(puzzle.rules.cannot_solve(), Some("zipperline"));
        let (grid, rules) = (puzzle.grid(), puzzle.rules.clone());
        assert_eq!(PuzzleRating::within(&grid, &rules, &mut || true), None);
        // The thermometers alone are rated.
        let thermo = fpuzzles::read(thermo.trim()).expect("a Thermo");
        assert!(PuzzleRating::within(&thermo.grid(), &thermo.rules, &mut || true).is_some());
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
        let marks = pencil_marks(&board, &Rules::classic(), [Candidate::new(given, digit)]);
        assert_eq!(marks, Candidates::new(&board));
    }
}
