//! Combined Cages: the cages in one row, column, box or region hold different digits there, as
//! every cell of a house does. Each cage alone fits some sets of digits (cage combinations), and
//! a cage partly inside has as many digits of one of them inside as it has cells there; together,
//! only a choice of one set per cage that share no digit, and leave the house's other empty cells
//! digits they can take, can be right. A set no such choice uses goes, with the digits only it
//! gave the cage; a digit that no choice leaves to the other cells goes from them.

use std::ops::ControlFlow;

use rustc_hash::FxHashMap;

use super::sums::{distinct_sum, options, sets_text};
use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text, digits_text};
use crate::words::houses_words;

pub struct CombinedCages;

impl Technique for CombinedCages {
    fn name(&self) -> &'static str {
        "Combined Cages"
    }

    fn about(&self) -> &'static str {
        "The cages inside one row, column or box hold different digits from each other. Each \
         fits only some sets of digits; taken together, only one set per cage with no digit \
         shared, leaving the house's other cells digits they can take, is possible. Sets no such \
         choice uses go, and the digits the cages always take leave the other cells. Two \
         neighbouring rows or columns are taken together the same way: there, each digit is \
         held twice."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let mut areas: Vec<Vec<House>> = marks.houses().iter().map(|&house| vec![house]).collect();
        // Two neighbouring rows or columns hold each digit twice.
        for line in [House::row, House::column] {
            areas.extend((0..8).map(|first| vec![line(first), line(first + 1)]));
        }
        for houses in areas {
            // One cage alone is the other cage techniques'.
            let units = cage_units(marks, area_cells(marks, &houses));
            if units.len() < 2 {
                continue;
            }
            if let Some(step) = combined(marks, &houses, &units, self.name(), held_text(&houses)) {
                found(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// A rule's cells inside an area (a cage with a sum, whole or in part; a line's part…), and the
/// sets of digits they can hold there.
pub(super) struct Unit {
    /// How a step names the rule: "the cage at r7c1 (9)", "the renban line from r2c6"; or the
    /// rules, when they are `many` sharing cells.
    pub name: String,
    pub many: bool,
    /// Whether every cell of the rule is inside.
    pub whole: bool,
    /// Its cells inside the area.
    pub cells: CellSet,
    pub sets: Vec<DigitSet>,
    /// For each set, the digits each cell (in order) can take in it; empty when a cell can take
    /// any digit of the set its marks allow that leaves the other cells the rest.
    pub places: Vec<Vec<DigitSet>>,
    /// The constraints it is made of, by their places among the rules'.
    pub rules: Vec<usize>,
    /// Its rules' cells outside the area, and for each set, the digits each of them (in order)
    /// can take with the cells inside holding it; empty when not known.
    pub beyond: CellSet,
    pub beyond_places: Vec<Vec<DigitSet>>,
}

impl Unit {
    /// `the cage at r7c1 (9) holds 1+8 or 4+5`; for a part, `… has 8+9 in r2c1,r2c2`; with
    /// the cells that can take fewer of those digits, `… (r3c2 only 1/9)`.
    fn text(&self, sets: &[DigitSet], narrowed: &[(Cell, DigitSet)]) -> String {
        let (name, sets) = (&self.name, sets_text(sets));
        let (hold, have) = match self.many {
            true => ("hold", "have"),
            false => ("holds", "has"),
        };
        let held = match self.whole {
            true => format!("{name} {hold} {sets}"),
            false => format!("{name} {have} {sets} in {}", cells_text(self.cells)),
        };
        if narrowed.is_empty() {
            return held;
        }
        let only: Vec<String> = (narrowed.iter())
            .map(|&(cell, digits)| format!("{cell} only {}", digits_text(digits)))
            .collect();
        format!("{held} ({})", only.join(", "))
    }
}

/// The cells of `houses`.
pub(super) fn area_cells(marks: &Candidates, houses: &[House]) -> CellSet {
    houses
        .iter()
        .fold(CellSet::EMPTY, |all, &house| all | marks.cells_of(house))
}

/// The cages with a sum that have cells in `cells` (a house), each with the sets of digits its
/// cells there can hold: a whole cage's fitting sets; for a cage partly inside, as many digits of
/// one of its fitting sets as it has cells inside, each in a cell there that can take it, the
/// rest of the set in its cells outside.
pub(super) fn cage_units(marks: &Candidates, cells: CellSet) -> Vec<Unit> {
    let mut units = Vec::new();
    for cage in marks.cages() {
        let inside = cage.cells & cells;
        let Some(sum) = cage.sum.filter(|_| !inside.is_empty()) else {
            continue;
        };
        let all: Vec<Cell> = cage.cells.iter().collect();
        let fits = distinct_sum(&options(marks, &all), sum).1;
        let sets = if inside == cage.cells {
            fits
        } else {
            let outside: Vec<Cell> = (cage.cells - inside).iter().collect();
            let inside: Vec<Cell> = inside.iter().collect();
            let (options, beyond) = (options(marks, &inside), options(marks, &outside));
            // A part the cells inside can take, leaving the rest of its set to the cells outside.
            let mut parts: Vec<DigitSet> = fits
                .iter()
                .flat_map(|&set| subsets(set, inside.len()).map(move |part| (set, part)))
                .filter(|&(set, part)| fills(&options, part) && fills(&beyond, set - part))
                .map(|(_, part)| part)
                .collect();
            parts.sort_by_key(|part| part.bits());
            parts.dedup();
            parts
        };
        units.push(Unit {
            name: format!("the cage at {} ({sum})", cage.first()),
            many: false,
            whole: inside == cage.cells,
            cells: inside,
            sets,
            places: Vec::new(),
            rules: marks.cage_rule(cage).into_iter().collect(),
            beyond: CellSet::EMPTY,
            beyond_places: Vec::new(),
        });
    }
    units
}

/// The subsets of `set` with `size` digits.
pub(super) fn subsets(set: DigitSet, size: usize) -> impl Iterator<Item = DigitSet> {
    let bits = set.bits();
    // Every submask of the set's bits, from the whole set down to none.
    let mut next = Some(bits);
    std::iter::from_fn(move || {
        let sub = next?;
        next = (sub != 0).then(|| (sub - 1) & bits);
        Some(sub)
    })
    .filter(move |sub| sub.count_ones() as usize == size)
    .map(DigitSet::from_bits)
}

/// For each of the cells with these options, the digits of `set` it can take while the others
/// take other digits of it, one each: the edges of some matching of the cells into the set.
fn matched(options: &[DigitSet], set: DigitSet) -> Vec<DigitSet> {
    // Over the subsets of the set (by bits, digit 1 the lowest): `first[m]`, whether the first
    // |m| cells can take the digits of m, one each; `rest[m]`, whether the cells after them can
    // take digits of the set outside m. Two passes over the set's subsets instead of Hall's
    // condition (every subset of the cells) for every cell and digit.
    let full = usize::from(set.bits() >> 1);
    // The subsets of the set, in increasing order: each after those it is part of.
    let subsets: Vec<usize> =
        std::iter::successors(Some(0), |&m| (m != full).then(|| ((m | !full) + 1) & full))
            .collect();
    let open = |m: usize, k: usize| usize::from(options[k].bits() >> 1) & full & !m;
    let bits = |mut m: usize| {
        std::iter::from_fn(move || {
            let bit = m & m.wrapping_neg();
            m &= !bit;
            (bit != 0).then_some(bit)
        })
    };
    let count = options.len();
    let (mut first, mut rest) = ([false; 512], [false; 512]);
    first[0] = true;
    for &m in &subsets {
        let k = m.count_ones() as usize;
        if first[m] && k < count {
            bits(open(m, k)).for_each(|b| first[m | b] = true);
        }
    }
    for &m in subsets.iter().rev() {
        let k = m.count_ones() as usize;
        rest[m] = k >= count || bits(open(m, k)).any(|b| rest[m | b]);
    }
    let mut able = vec![DigitSet::EMPTY; count];
    for &m in subsets.iter().filter(|&&m| first[m]) {
        let k = m.count_ones() as usize;
        if k < count {
            for b in bits(open(m, k)).filter(|&b| rest[m | b]) {
                able[k] |= DigitSet::from_bits((b as u16) << 1);
            }
        }
    }
    able
}

/// Whether cells with these options can hold the digits of `set`, one each (Hall's condition:
/// every few cells can take as many digits of it between them).
pub(super) fn fills(options: &[DigitSet], set: DigitSet) -> bool {
    (1u32..1 << options.len()).all(|chosen| {
        let reach = options
            .iter()
            .enumerate()
            .filter(|&(i, _)| chosen >> i & 1 != 0)
            .fold(DigitSet::EMPTY, |reach, (_, &option)| {
                reach | (option & set)
            });
        reach.len() >= chosen.count_ones()
    })
}

/// What `units`, with no cell in common, in `houses` (one house, or two neighbouring rows or
/// columns) rule out together, whole or in part. The step is `technique`'s, saying first why
/// the units' sets go together as `held` says.
pub(super) fn combined(
    marks: &Candidates,
    houses: &[House],
    units: &[Unit],
    technique: &'static str,
    held: String,
) -> Option<Step> {
    let cells = area_cells(marks, houses);
    if units.is_empty() || units.iter().any(|unit| unit.sets.is_empty()) {
        return None;
    }
    let covered = units
        .iter()
        .fold(CellSet::EMPTY, |all, unit| all | unit.cells);
    let placed = |cell: Cell| marks.grid().get(cell);
    let rest: CellSet = (cells - covered)
        .iter()
        .filter(|&cell| placed(cell).is_none())
        .collect();
    let sets: Vec<&[DigitSet]> = units.iter().map(|unit| unit.sets.as_slice()).collect();
    let mut taken = [0; 9];
    for digit in (cells - covered).iter().filter_map(placed) {
        taken[digit.index()] += 1;
    }
    let choices = Choices {
        sets: &sets,
        rest: rest.iter().map(|cell| marks.get(cell)).collect(),
        taken,
        times: houses.len() as u8,
    };
    let (flags, left) = choices.possible()?;
    let mut step = houses
        .iter()
        .fold(Step::new(technique), |step, &house| step.house(house))
        .pattern_cells(marks, covered | rest);
    step = (units.iter().flat_map(|unit| &unit.rules)).fold(step, |step, &rule| step.rule(rule));
    let kept: Vec<Vec<DigitSet>> = units
        .iter()
        .zip(&flags)
        .map(|(unit, kept)| {
            let sets = unit.sets.iter().zip(kept).filter(|&(_, &kept)| kept);
            sets.map(|(&set, _)| set).collect()
        })
        .collect();
    // Per unit, its cells narrower than its kept sets say, each with the digits it can take.
    let mut narrowed: Vec<Vec<(Cell, DigitSet)>> = Vec::with_capacity(units.len());
    for ((unit, flags), kept) in units.iter().zip(&flags).zip(&kept) {
        let used = kept.iter().fold(DigitSet::EMPTY, |all, &set| all | set);
        let cells: Vec<Cell> = unit.cells.iter().collect();
        let options = options(marks, &cells);
        let mut narrower = Vec::new();
        let matchings: Vec<Vec<DigitSet>> = match unit.places.is_empty() {
            true => kept.iter().map(|&set| matched(&options, set)).collect(),
            false => Vec::new(),
        };
        for (i, &cell) in cells.iter().enumerate() {
            let places = (unit.places.iter()).zip(flags).filter(|&(_, &kept)| kept);
            let able = match unit.places.is_empty() {
                true => (matchings.iter()).fold(DigitSet::EMPTY, |able, places| able | places[i]),
                false => places.fold(DigitSet::EMPTY, |able, (places, _)| able | places[i]),
            };
            step = step.eliminate_candidates(marks, CellSet::single(cell), DigitSet::ALL - able);
            if able & marks.get(cell) != used & marks.get(cell) {
                narrower.push((cell, able & marks.get(cell)));
            }
        }
        // The rule's cells outside: the digits the kept sets leave them.
        if !unit.beyond_places.is_empty() {
            for (i, cell) in unit.beyond.iter().enumerate() {
                let places = (unit.beyond_places.iter())
                    .zip(flags)
                    .filter(|&(_, &kept)| kept);
                let able = places.fold(DigitSet::EMPTY, |able, (places, _)| able | places[i]);
                let lost = marks.get(cell) - able;
                if !lost.is_empty() {
                    step = step.eliminate_candidates(marks, CellSet::single(cell), lost);
                    narrower.push((cell, able & marks.get(cell)));
                }
            }
        }
        narrowed.push(narrower);
    }
    // The other cells, each with the digits it can take, where that is fewer than all of them
    // are left: what the sets leave has to be shared out among them, one each.
    let any = left.iter().fold(DigitSet::EMPTY, |any, &able| any | able);
    let mut shared = Vec::new();
    for (cell, able) in rest.iter().zip(left) {
        step = step.eliminate_candidates(marks, CellSet::single(cell), DigitSet::ALL - able);
        if able & marks.get(cell) != any & marks.get(cell) {
            shared.push(format!(
                "{cell} only {}",
                digits_text(able & marks.get(cell))
            ));
        }
    }
    if step.eliminations.is_empty() {
        return None;
    }
    // Each unit the step reads: one that lost sets or digits, or is whole; every one when the
    // other cells lost digits, as all the units' sets together leave those digits out.
    let lost: CellSet = step.eliminations.iter().map(|taken| taken.cell).collect();
    let read = |unit: &Unit, kept: &[DigitSet]| {
        kept.len() < unit.sets.len()
            || unit.whole
            || !(lost & (rest | unit.cells | unit.beyond)).is_empty()
    };
    let mut texts: Vec<String> = (units.iter().zip(&kept).zip(&narrowed))
        .filter(|((unit, kept), _)| read(unit, kept))
        .map(|((unit, kept), narrowed)| unit.text(kept, narrowed))
        .collect();
    if !shared.is_empty() {
        texts.push(format!("leaving {}", shared.join(", ")));
    }
    Some(step.explain(|s| {
        format!(
            "{technique}: {held}, so {} {}",
            texts.join(", "),
            s.outcome_text()
        )
    }))
}

/// `the cages in row 1 hold different digits there`, `rows 1 and 2 hold each digit twice`.
fn held_text(houses: &[House]) -> String {
    match houses {
        [house] => format!("the cages in {house} hold different digits there"),
        _ => format!("{} hold each digit twice", houses_words(houses, "and")),
    }
}

/// Digit counts, by digit index.
type Counts = [u8; 9];

/// One set of digits per unit, chosen together.
struct Choices<'a> {
    /// The sets each unit can hold alone.
    sets: &'a [&'a [DigitSet]],
    /// The candidates of the area's empty cells in no unit.
    rest: Vec<DigitSet>,
    /// How often each digit is placed in the area outside the units.
    taken: Counts,
    /// How often the area holds each digit: the number of its houses.
    times: u8,
}

/// The choices a search looks at, at most: the cages of two rows can fit too many sets together
/// to try them all at every step (a search of 20,000 found no more on 200 Killers than one of
/// 2,000, in twice the time).
const CHOICES_TRIED: u32 = 2_000;

impl Choices<'_> {
    /// For each unit, which of its sets some possible choice gives it; and for each of the other
    /// empty cells, the digits possible choices can leave it. `None` if there were too many
    /// choices to try.
    fn possible(&self) -> Option<(Vec<Vec<bool>>, Vec<DigitSet>)> {
        let mut search = Search {
            kept: self
                .sets
                .iter()
                .map(|sets| vec![false; sets.len()])
                .collect(),
            left: vec![DigitSet::EMPTY; self.rest.len()],
            placed: FxHashMap::default(),
            chosen: Vec::with_capacity(self.sets.len()),
            tries_left: CHOICES_TRIED,
        };
        let mut counts = self.taken;
        self.choose(&mut search, &mut counts)?;
        Some((search.kept, search.left))
    }

    /// Tries every set of the next unit that holds no digit as often as the area does already.
    fn choose(&self, search: &mut Search, counts: &mut Counts) -> Option<()> {
        search.tries_left = search.tries_left.checked_sub(1)?;
        let Some(sets) = self.sets.get(search.chosen.len()) else {
            // Every unit has its set: the digits left over go in the other cells.
            let over = self.owed(counts);
            let several;
            let able = match self.times {
                // What one house leaves, the same for many choices, is shared out once.
                1 => (search.placed.entry(over))
                    .or_insert_with(|| self.shared_out(over))
                    .as_deref(),
                _ => {
                    several = self.rest_holds(counts, over);
                    several.as_deref()
                }
            };
            if let Some(able) = able {
                for (kept, &index) in search.kept.iter_mut().zip(&search.chosen) {
                    kept[index] = true;
                }
                for (left, able) in search.left.iter_mut().zip(able) {
                    *left |= *able;
                }
            }
            return Some(());
        };
        // A later unit left no set that fits: nothing chosen from here can be right.
        let later = &self.sets[search.chosen.len() + 1..];
        if !later
            .iter()
            .all(|sets| sets.iter().any(|&set| self.fits(counts, set)))
        {
            return Some(());
        }
        for (index, &set) in sets.iter().enumerate() {
            if self.fits(counts, set) {
                set.iter().for_each(|digit| counts[digit.index()] += 1);
                search.chosen.push(index);
                let done = self.choose(search, counts);
                search.chosen.pop();
                set.iter().for_each(|digit| counts[digit.index()] -= 1);
                done?;
            }
        }
        Some(())
    }

    /// Whether the area can hold the digits of `set` besides those counted.
    fn fits(&self, counts: &Counts, set: DigitSet) -> bool {
        set.iter().all(|digit| counts[digit.index()] < self.times)
    }

    /// The digits the area still owes: those it holds fewer times than it has houses.
    fn owed(&self, counts: &Counts) -> DigitSet {
        DigitSet::ALL
            .iter()
            .filter(|&digit| counts[digit.index()] < self.times)
            .collect()
    }

    /// In one house, the digits each of the other empty cells can take when `over` is left to
    /// them, one each, if they can hold it all: those some matching of the cells into it gives.
    fn shared_out(&self, over: DigitSet) -> Option<Vec<DigitSet>> {
        if over.len() as usize != self.rest.len() {
            return None;
        }
        let able = matched(&self.rest, over);
        // A cell that takes nothing: no matching at all.
        able.iter().all(|able| !able.is_empty()).then_some(able)
    }

    /// In several houses, the digits each of the other empty cells can take when `over` is left
    /// to them, if they can hold it: as many cells as digits owed, and for each digit as many
    /// cells that can take it as times it is owed.
    fn rest_holds(&self, counts: &Counts, over: DigitSet) -> Option<Vec<DigitSet>> {
        let owed = |digit: Digit| self.times - counts[digit.index()];
        let fits = over.iter().map(|d| usize::from(owed(d))).sum::<usize>() == self.rest.len()
            && over.iter().all(|digit| {
                let able = self.rest.iter().filter(|options| options.contains(digit));
                able.count() >= usize::from(owed(digit))
            });
        fits.then(|| self.rest.iter().map(|&options| options & over).collect())
    }
}

/// Where a search of choices stands.
struct Search {
    /// For each unit, which of its sets a possible choice gave it.
    kept: Vec<Vec<bool>>,
    /// For each of the other empty cells, the digits possible choices left it.
    left: Vec<DigitSet>,
    /// In one house, what each of those cells can take, by the digits left to them all, if they
    /// can hold them: a few sets are left by many choices.
    placed: FxHashMap<DigitSet, Option<Vec<DigitSet>>>,
    /// The index of the set chosen for each unit so far.
    chosen: Vec<usize>,
    tries_left: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Candidate;
    use crate::variant::{Cage, Puzzle, Rules};

    /// Every way for cells with these options to take distinct digits of `set`, tried one by
    /// one: the digits each cell takes in one of them.
    fn matched_by_trying(options: &[DigitSet], set: DigitSet) -> Vec<DigitSet> {
        fn go(options: &[DigitSet], left: DigitSet, taken: &mut Vec<Digit>, able: &mut [DigitSet]) {
            let Some((&first, rest)) = options.split_first() else {
                for (able, &digit) in able.iter_mut().zip(taken.iter()) {
                    able.insert(digit);
                }
                return;
            };
            for digit in (first & left).iter() {
                taken.push(digit);
                go(rest, left - DigitSet::single(digit), taken, able);
                taken.pop();
            }
        }
        let mut able = vec![DigitSet::EMPTY; options.len()];
        go(options, set, &mut Vec::new(), &mut able);
        able
    }

    proptest::proptest! {
        /// The digits a cell can take in a matching, from the passes over the set's subsets, are
        /// those of the ways tried one by one.
        #[test]
        fn matched_finds_the_digits_of_every_way(
            options in proptest::collection::vec(0u16..0x200, 0..=7),
            set in 0u16..0x200,
        ) {
            let options: Vec<DigitSet> = options.iter().map(|&bits| DigitSet::from_bits(bits << 1)).collect();
            let set = DigitSet::from_bits(set << 1);
            proptest::prop_assert_eq!(matched(&options, set), matched_by_trying(&options, set));
        }
    }

    fn cage(cells: &[(u8, u8)], sum: u8) -> Cage {
        Cage {
            cells: cells.iter().map(|&(r, c)| Cell::at(r, c)).collect(),
            sum: Some(sum),
        }
    }

    fn eliminated(step: &Step, cell: Cell) -> DigitSet {
        step.eliminations
            .iter()
            .filter(|e| e.cell == cell)
            .map(|e| e.digit)
            .collect()
    }

    #[test]
    fn two_cages_of_a_row_keep_the_sets_that_share_no_digit() {
        // Row 1: 1+2 in the first cage leaves 3+4 to the second (not 1+6 nor 2+5), and the
        // row's other cells none of 1–4.
        let rules = Rules::classic()
            .with([cage(&[(0, 0), (0, 1)], 3), cage(&[(0, 2), (0, 3)], 7)])
            .unwrap();
        let marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let step = CombinedCages.first(&marks).expect("a step");
        let digits = |ds: &[u8]| ds.iter().map(|&d| Digit::new(d).unwrap()).collect();
        assert_eq!(
            eliminated(&step, Cell::at(0, 2)),
            DigitSet::ALL - digits(&[3, 4])
        );
        assert_eq!(eliminated(&step, Cell::at(0, 8)), digits(&[1, 2, 3, 4]));
        assert!(
            step.text.starts_with(
                "Combined Cages: the cages in row 1 hold different digits there, so the cage at \
                 r1c1 (3) holds 1+2, the cage at r1c3 (7) holds 3+4 =>"
            ),
            "{}",
            step.text
        );
    }

    #[test]
    fn a_cell_keeps_only_the_digits_a_kept_set_can_give_it() {
        // Row 1: the cage of 6 is 1+5, so the cage of 13 is 2+3+8, 2+4+7 or 3+4+6, and as r1c1
        // is 5 to 8 it takes the 8, the 7 or the 6: r1c2 and r1c3 are 2, 3 or 4. (Alone, 2+5+6
        // would let them be 2 or 6.)
        let rules = Rules::classic()
            .with([
                cage(&[(0, 0), (0, 1), (0, 2)], 13),
                cage(&[(0, 3), (0, 4)], 6),
            ])
            .unwrap();
        let mut marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let keep = |marks: &mut Candidates, cell: Cell, digits: &[u8]| {
            for digit in Digit::all().filter(|d| !digits.contains(&d.get())) {
                marks.eliminate(cell, digit);
            }
        };
        keep(&mut marks, Cell::at(0, 0), &[5, 6, 7, 8]);
        keep(&mut marks, Cell::at(0, 3), &[1, 5]);
        keep(&mut marks, Cell::at(0, 4), &[1, 5]);
        let step = CombinedCages.first(&marks).expect("a step");
        let digits = |ds: &[u8]| ds.iter().map(|&d| Digit::new(d).unwrap()).collect();
        for cell in [Cell::at(0, 1), Cell::at(0, 2)] {
            assert_eq!(
                eliminated(&step, cell),
                DigitSet::ALL - digits(&[2, 3, 4]),
                "{}",
                step.text
            );
        }
        assert!(
            step.text.starts_with(
                "Combined Cages: the cages in row 1 hold different digits there, so the cage at \
                 r1c1 (13) holds 2+3+8 or 2+4+7 or 3+4+6 (r1c2 only 2/3/4, r1c3 only 2/3/4), the \
                 cage at r1c4 (6) holds 1+5 =>"
            ),
            "{}",
            step.text
        );
    }

    #[test]
    fn two_rows_hold_each_digit_twice_across_their_cages() {
        // Rows 1 and 2 of a solution (123456789 over 456789123) in nine upright pairs: alone,
        // each pair fits several sets; with every digit twice in the two rows, fewer.
        let solution = [[1, 2, 3, 4, 5, 6, 7, 8, 9], [4, 5, 6, 7, 8, 9, 1, 2, 3]];
        let cages = (0..9).map(|col| {
            cage(
                &[(0, col), (1, col)],
                solution[0][col as usize] + solution[1][col as usize],
            )
        });
        let marks = Puzzle::new([0; Cell::COUNT], Rules::classic().with(cages).unwrap()).marks();
        let houses = [House::row(0), House::row(1)];
        let units = cage_units(&marks, area_cells(&marks, &houses));
        let held = held_text(&houses);
        let step = combined(&marks, &houses, &units, "Combined Cages", held).expect("a step");
        assert!(!step.eliminations.is_empty());
        for elimination in &step.eliminations {
            let Candidate { cell, digit } = *elimination;
            assert_ne!(
                solution[usize::from(cell.row())][usize::from(cell.col())],
                digit.get(),
                "{}",
                step.text
            );
        }
        assert!(
            step.text.starts_with(
                "Combined Cages: rows 1 and 2 hold each digit twice, so the cage at r1c1 (5) holds"
            ),
            "{}",
            step.text
        );
    }

    #[test]
    fn a_part_inside_leaves_the_rest_of_its_set_to_the_cells_outside() {
        // The cage of 17 over r1c1, r1c2 and r2c1 has 1+9 in row 1 only with 7 in r2c1 (1+7+9
        // is its one set with both): with no 7 in r2c1, not at all.
        let rules = Rules::classic()
            .with([cage(&[(0, 0), (0, 1), (1, 0)], 17)])
            .unwrap();
        let mut marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let part = |marks: &Candidates| {
            let units = cage_units(marks, marks.cells_of(House::row(0)));
            let one_nine = [1, 9].into_iter().flat_map(Digit::new).collect();
            units[0].sets.contains(&one_nine)
        };
        assert!(part(&marks));
        marks.eliminate(Cell::at(1, 0), Digit::new(7).unwrap());
        assert!(!part(&marks));
    }

    #[test]
    fn a_cage_partly_inside_gives_the_house_some_digits_of_one_of_its_sets() {
        // Box 1: the cage of 3 inside takes 1+2; the cage of 4 from r3c3 into box 2 holds 1+3
        // and has one of them in box 1, which can only be 3.
        let rules = Rules::classic()
            .with([cage(&[(0, 0), (0, 1)], 3), cage(&[(2, 2), (2, 3)], 4)])
            .unwrap();
        let marks = Puzzle::new([0; Cell::COUNT], rules).marks();
        let step = CombinedCages.first(&marks).expect("a step");
        assert!(eliminated(&step, Cell::at(2, 2)).contains(Digit::new(1).unwrap()));
        assert!(!eliminated(&step, Cell::at(2, 2)).contains(Digit::new(3).unwrap()));
        assert!(
            step.text.contains("the cage at r3c3 (4) has 3 in r3c3"),
            "{}",
            step.text
        );
    }
}
