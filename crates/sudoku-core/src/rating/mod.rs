//! A difficulty rating that follows Sudoku Explainer (SE) 1.2.1 by Nicolas Juillerat, as its
//! `serate` command rates: SE's own techniques, tried in SE's order from the easiest, one hint
//! applied per step and the search started over after each; the puzzle's rating is the hardest
//! step (ER), with the hardest step up to the first placement (EP) and the first step (ED).
//!
//! [`Method::SukakuExplainer`] rates as SudokuMonster's fork of SE does, with the techniques it
//! adds; published SE ratings are often made with it.
//!
//! This is separate from the hint order of the technique registry ([`crate::techniques`]): the
//! producers here follow SE's scan orders, because the first hint SE finds decides its path.
//!
//! Layout of the state: `board::Board` holds SE's grid (digits, and candidates both cell by cell
//! and digit by digit as bit boards); each producer reads it and returns its first `hint::Hint`
//! (for chains, the least by SE's sort); the loop in [`rate_steps`] applies it. The producers of
//! a method are a list (`Producer`) in that program's order.

mod aligned;
mod als_wings;
mod board;
mod bug;
mod chaining;
mod combinations;
mod fish;
mod hint;
mod length;
mod locking;
mod singles;
mod strong_links;
mod subsets;
mod unique;
mod wings;

use std::fmt;

use self::board::Board;
use self::chaining::multiple::Family;
use self::hint::Hint;
use crate::candidates::Candidates;
use crate::cell::Candidate;
use crate::difficulty::Difficulty;
use crate::grid::Grid;

/// Which program's rating to follow. The default, the one the game's levels and `sudoku rate`
/// use, is SukakuExplainer's: the published SE ratings of puzzle collections (such as the rated
/// sets the tests read) were made with it, and it rates them exactly.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Method {
    /// Sudoku Explainer 1.2.1 (and 1.2.1.3's `serate`, which rates alike): SE's own techniques.
    SudokuExplainer,
    /// SukakuExplainer, SudokuMonster's fork of SE, with its default techniques of late 2019:
    /// SE's plus chains of two and three strong links (Skyscraper, 2-String Kite, Turbot Fish,
    /// Empty Rectangle and their three-link forms) and the WXYZ- and VWXYZ-Wings, each at its
    /// place in the fork's order. Published ratings made with the fork in that period follow it.
    #[default]
    /// (Its later versions also default to four strong links and the UVWXYZ- and TUVWXYZ-Wings.)
    SukakuExplainer,
}

/// A puzzle's SE rating: ER, the hardest step of the whole solve; EP, the hardest step up to and
/// including the first placement; ED, the first step. `hardest` names the technique of ER.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rating {
    pub er: Difficulty,
    pub ep: Difficulty,
    pub ed: Difficulty,
    pub hardest: &'static str,
}

/// "7.2/1.2/1.2" (ER/EP/ED), as SE prints them.
impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.er, self.ep, self.ed)
    }
}

/// The rating could not finish: no technique up to the deepest one rated here (Dynamic Forcing
/// Chains (+), 9.0 and up) applies. SE itself reports 20.0 for a puzzle it cannot solve.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Beyond {
    /// The steps taken before getting stuck, rated as if the puzzle ended there.
    pub so_far: Rating,
}

impl Beyond {
    /// What SE prints instead of a rating.
    pub const SE_RATING: Difficulty = Difficulty::from_tenths(200);
}

impl fmt::Display for Beyond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("beyond")
    }
}

/// One step of the solve path the rating follows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RatedStep {
    /// SE's name of the technique, e.g. "Hidden Single", "Dynamic Cell Forcing Chains".
    pub technique: &'static str,
    pub difficulty: Difficulty,
    pub placement: Option<Candidate>,
    pub eliminations: Vec<Candidate>,
}

/// The rating of a puzzle given by its digits (candidates: every digit no peer holds), by the
/// default method.
pub fn rate(puzzle: &Grid) -> Result<Rating, Beyond> {
    rate_with(puzzle, Method::default())
}

/// The rating of `method` of a puzzle given by its digits.
pub fn rate_with(puzzle: &Grid, method: Method) -> Result<Rating, Beyond> {
    rate_steps(&Candidates::new(puzzle), method, &mut |_| {})
}

/// The rating of `method` of a position given by its pencil marks; `on_step` sees every step
/// taken.
pub fn rate_steps(
    marks: &Candidates,
    method: Method,
    on_step: &mut dyn FnMut(&RatedStep),
) -> Result<Rating, Beyond> {
    let mut board = Board::new(marks);
    let mut producers = Producers::new(&board, method);
    let mut hardest = (0.0, "");
    let mut diamond = None;
    let mut pearl = None;
    while !board.is_solved() {
        let Some(hint) = producers.next_hint(&board) else {
            return Err(Beyond {
                so_far: rating(hardest, pearl, diamond),
            });
        };
        if hint.difficulty > hardest.0 {
            hardest = (hint.difficulty, hint.technique);
        }
        if !hint.apply(&mut board) {
            // A hint that changes nothing would repeat for ever.
            return Err(Beyond {
                so_far: rating(hardest, pearl, diamond),
            });
        }
        if pearl.is_none() {
            diamond.get_or_insert(hardest.0);
            if hint.placement.is_some() {
                pearl = Some(hardest.0);
            }
        }
        on_step(&RatedStep {
            technique: hint.technique,
            difficulty: tenths(hint.difficulty),
            placement: hint.placement.map(|(c, d)| Candidate::new(c, d)),
            eliminations: hint
                .eliminations
                .iter()
                .map(|(c, d)| Candidate::new(c, d))
                .collect(),
        });
    }
    Ok(rating(hardest, pearl, diamond))
}

fn rating(hardest: (f64, &'static str), pearl: Option<f64>, diamond: Option<f64>) -> Rating {
    Rating {
        er: tenths(hardest.0),
        ep: tenths(pearl.unwrap_or(0.0)),
        ed: tenths(diamond.unwrap_or(0.0)),
        hardest: hardest.1,
    }
}

/// SE's rounding to one decimal, half up (`serate`: `(int)((x + 0.05) * 10)`).
fn tenths(difficulty: f64) -> Difficulty {
    Difficulty::from_tenths(((difficulty + 0.05) * 10.0) as u16)
}

/// One of SE's (or SukakuExplainer's) hint producers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Producer {
    HiddenSingle,
    DirectLocking,
    DirectHidden(u32),
    NakedSingle,
    Locking,
    Naked(u32),
    Hidden(u32),
    Fish(u32),
    XyWing,
    XyzWing,
    UniqueLoops,
    Bug,
    AlignedPair,
    ForcingChainsAndCycles,
    AlignedTriplet,
    Chains(Family),
    StrongLinks(usize),
    AlsWing(usize),
}

/// SE 1.2.1's order (the `Solver` constructor; the rating loop runs every list, the advanced
/// and experimental producers included).
const SE_ORDER: [Producer; 26] = [
    Producer::HiddenSingle,
    Producer::DirectLocking,
    Producer::DirectHidden(2),
    Producer::NakedSingle,
    Producer::DirectHidden(3),
    Producer::Locking,
    Producer::Naked(2),
    Producer::Fish(2),
    Producer::Hidden(2),
    Producer::Naked(3),
    Producer::Fish(3),
    Producer::Hidden(3),
    Producer::XyWing,
    Producer::XyzWing,
    Producer::UniqueLoops,
    Producer::Naked(4),
    Producer::Fish(4),
    Producer::Hidden(4),
    Producer::Bug,
    Producer::AlignedPair,
    Producer::ForcingChainsAndCycles,
    Producer::AlignedTriplet,
    Producer::Chains(Family::Nishio),
    Producer::Chains(Family::Multiple),
    Producer::Chains(Family::Dynamic(0)),
    Producer::Chains(Family::Dynamic(1)),
];

/// SukakuExplainer's default order (SudokuMonster's `Solver` and `Settings.init`, as of December
/// 2019). Written out in full rather than derived from `SE_ORDER`: each list then reads as its
/// program's, entry for entry.
const SUKAKU_ORDER: [Producer; 30] = [
    Producer::HiddenSingle,
    Producer::DirectLocking,
    Producer::DirectHidden(2),
    Producer::NakedSingle,
    Producer::DirectHidden(3),
    Producer::Locking,
    Producer::Naked(2),
    Producer::Fish(2),
    Producer::Hidden(2),
    Producer::Naked(3),
    Producer::Fish(3),
    Producer::Hidden(3),
    Producer::StrongLinks(2),
    Producer::XyWing,
    Producer::XyzWing,
    Producer::UniqueLoops,
    Producer::Naked(4),
    Producer::Fish(4),
    Producer::Hidden(4),
    Producer::StrongLinks(3),
    Producer::AlsWing(3),
    Producer::Bug,
    Producer::AlsWing(4),
    Producer::AlignedPair,
    Producer::ForcingChainsAndCycles,
    Producer::AlignedTriplet,
    Producer::Chains(Family::Nishio),
    Producer::Chains(Family::Multiple),
    Producer::Chains(Family::Dynamic(0)),
    Producer::Chains(Family::Dynamic(1)),
];

/// The producers of one method in order, with the buffers the chaining ones reuse.
struct Producers {
    order: &'static [Producer],
    cycles: chaining::cycles::Scratch,
    chains: chaining::multiple::Scratch,
}

impl Producers {
    fn new(board: &Board, method: Method) -> Producers {
        Producers {
            order: match method {
                Method::SudokuExplainer => &SE_ORDER,
                Method::SukakuExplainer => &SUKAKU_ORDER,
            },
            cycles: chaining::cycles::Scratch::default(),
            chains: chaining::multiple::Scratch::new(board),
        }
    }

    /// The first hint of the first producer that has one.
    fn next_hint(&mut self, board: &Board) -> Option<Hint> {
        let order = self.order;
        order.iter().find_map(|&producer| self.run(producer, board))
    }

    fn run(&mut self, producer: Producer, board: &Board) -> Option<Hint> {
        match producer {
            Producer::HiddenSingle => singles::hidden_single(board),
            Producer::DirectLocking => locking::direct(board),
            Producer::DirectHidden(degree) => subsets::direct_hidden(board, degree),
            Producer::NakedSingle => singles::naked_single(board),
            Producer::Locking => locking::indirect(board),
            Producer::Naked(degree) => subsets::naked(board, degree),
            Producer::Hidden(degree) => subsets::hidden(board, degree),
            Producer::Fish(degree) => fish::first(board, degree),
            Producer::XyWing => wings::first(board, false),
            Producer::XyzWing => wings::first(board, true),
            Producer::UniqueLoops => unique::first(board),
            Producer::Bug => bug::first(board),
            Producer::AlignedPair => aligned::pair(board),
            Producer::ForcingChainsAndCycles => chaining::cycles::first(board, &mut self.cycles),
            Producer::AlignedTriplet => aligned::triplet(board),
            Producer::Chains(family) => chaining::multiple::first(board, &mut self.chains, family),
            Producer::StrongLinks(count) => strong_links::first(board, count),
            Producer::AlsWing(size) => als_wings::first(board, size),
        }
    }
}
