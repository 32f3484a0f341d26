//! Human solving techniques: one file per technique (or tight family), each a [`Technique`],
//! and the [`REGISTRY`] that orders them from simplest to hardest.

use std::ops::ControlFlow;

use super::candidates::Candidates;
use super::step::Step;

mod aic;
mod als_xz;
mod bug_plus_one;
mod chain_links;
mod empty_rectangle;
mod fish;
mod forcing_chains;
mod full_house;
mod hidden_rectangle;
mod hidden_single;
mod hidden_subset;
mod locked_candidates;
mod naked_single;
mod naked_subset;
mod remote_pair;
mod simple_colors;
mod skyscraper;
mod two_string_kite;
mod unique_rectangle;
mod w_wing;
mod x_chain;
mod xy_chain;
mod xy_wing;
mod xyz_wing;

/// What every technique does: look at the pencil marks and report each instance it sees.
pub trait Technique: Sync {
    /// The name in steps and in the list of techniques, e.g. "Naked Pair".
    fn name(&self) -> &'static str;

    /// One paragraph for the player: what to look for and why it works.
    fn about(&self) -> &'static str;

    /// Calls `found` with every instance in `marks` that changes something, until `found`
    /// returns `Break`.
    fn search(
        &self,
        marks: &Candidates,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// The first instance, if any.
    fn first(&self, marks: &Candidates) -> Option<Step> {
        let mut first = None;
        let _ = self.search(marks, &mut |step| {
            first = Some(step);
            ControlFlow::Break(())
        });
        first
    }
}

/// A technique with its place in the order and its difficulty.
pub struct Entry {
    pub technique: &'static dyn Technique,
    /// On the Sudoku Explainer scale, in tenths: 12 is 1.2.
    pub difficulty: u16,
}

/// Every technique, tried in this order: simplest first. Order and difficulty live only here.
#[rustfmt::skip]
pub static REGISTRY: &[Entry] = &[
    Entry { technique: &full_house::FullHouse, difficulty: 10 },
    Entry { technique: &hidden_single::HiddenSingle, difficulty: 12 },
    Entry { technique: &naked_single::NakedSingle, difficulty: 23 },
    Entry { technique: &locked_candidates::POINTING, difficulty: 26 },
    Entry { technique: &locked_candidates::CLAIMING, difficulty: 28 },
    Entry { technique: &naked_subset::LOCKED_PAIR, difficulty: 29 },
    Entry { technique: &naked_subset::NAKED_PAIR, difficulty: 30 },
    Entry { technique: &naked_subset::LOCKED_TRIPLE, difficulty: 31 },
    Entry { technique: &fish::X_WING, difficulty: 32 },
    Entry { technique: &hidden_subset::HIDDEN_PAIR, difficulty: 34 },
    Entry { technique: &skyscraper::Skyscraper, difficulty: 34 },
    Entry { technique: &two_string_kite::TwoStringKite, difficulty: 34 },
    Entry { technique: &fish::FINNED_X_WING, difficulty: 34 },
    Entry { technique: &empty_rectangle::EmptyRectangle, difficulty: 35 },
    Entry { technique: &fish::SASHIMI_X_WING, difficulty: 35 },
    Entry { technique: &naked_subset::NAKED_TRIPLE, difficulty: 36 },
    Entry { technique: &fish::SWORDFISH, difficulty: 38 },
    Entry { technique: &hidden_subset::HIDDEN_TRIPLE, difficulty: 40 },
    Entry { technique: &fish::FINNED_SWORDFISH, difficulty: 40 },
    Entry { technique: &fish::SASHIMI_SWORDFISH, difficulty: 41 },
    Entry { technique: &xy_wing::XyWing, difficulty: 42 },
    Entry { technique: &xyz_wing::XyzWing, difficulty: 44 },
    Entry { technique: &w_wing::WWing, difficulty: 44 },
    Entry { technique: &simple_colors::SIMPLE_COLORS_TRAP, difficulty: 45 },
    Entry { technique: &simple_colors::SIMPLE_COLORS_WRAP, difficulty: 45 },
    Entry { technique: &remote_pair::RemotePair, difficulty: 45 },
    Entry { technique: &unique_rectangle::TYPE_1, difficulty: 45 },
    Entry { technique: &unique_rectangle::TYPE_2, difficulty: 46 },
    Entry { technique: &unique_rectangle::TYPE_3, difficulty: 46 },
    Entry { technique: &unique_rectangle::TYPE_4, difficulty: 46 },
    Entry { technique: &hidden_rectangle::HiddenRectangle, difficulty: 47 },
    Entry { technique: &naked_subset::NAKED_QUAD, difficulty: 50 },
    Entry { technique: &fish::JELLYFISH, difficulty: 52 },
    Entry { technique: &hidden_subset::HIDDEN_QUAD, difficulty: 54 },
    Entry { technique: &fish::FINNED_JELLYFISH, difficulty: 54 },
    Entry { technique: &fish::SASHIMI_JELLYFISH, difficulty: 55 },
    Entry { technique: &bug_plus_one::BugPlusOne, difficulty: 56 },
    Entry { technique: &x_chain::XChain, difficulty: 65 },
    Entry { technique: &xy_chain::XyChain, difficulty: 66 },
    Entry { technique: &aic::AIC, difficulty: 70 },
    Entry { technique: &aic::GROUPED_AIC, difficulty: 72 },
    Entry { technique: &als_xz::AlsXz, difficulty: 75 },
    Entry { technique: &forcing_chains::CONTRADICTION, difficulty: 85 },
    Entry { technique: &forcing_chains::VERITY, difficulty: 86 },
];

/// The registry entry of the technique called `name`.
pub fn by_name(name: &str) -> Option<&'static Entry> {
    REGISTRY.iter().find(|e| e.technique.name() == name)
}

/// The first step of the simplest technique that applies, with its registry entry.
pub fn next_step(marks: &Candidates) -> Option<(Step, &'static Entry)> {
    REGISTRY
        .iter()
        .find_map(|entry| entry.technique.first(marks).map(|step| (step, entry)))
}

/// Calls `f` with every choice of `k` indices out of `0..n`, in lexicographic order, until it
/// returns `Break`.
pub(crate) fn for_each_combination(
    n: usize,
    k: usize,
    f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn extend(
        chosen: &mut Vec<usize>,
        next: usize,
        n: usize,
        k: usize,
        f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if chosen.len() == k {
            return f(chosen);
        }
        for i in next..=n - (k - chosen.len()) {
            chosen.push(i);
            extend(chosen, i + 1, n, k, f)?;
            chosen.pop();
        }
        ControlFlow::Continue(())
    }
    if k > n {
        return ControlFlow::Continue(());
    }
    extend(&mut Vec::with_capacity(k), 0, n, k, f)
}
