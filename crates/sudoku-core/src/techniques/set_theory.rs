//! Set Theory: houses taken together add up to 45 each; less the known sums lying wholly inside
//! them (cages, little killers), the cells left over, the innies, add up to the rest. Split by
//! house, each part of the innies holds different digits, so it adds up to at least its smallest
//! possible digits and at most its largest, and the other parts bound it further: the innies'
//! sum less what the others can reach at most and at least. Two areas sharing a part bound it
//! from both sides. On The Barbed Cross, disjoint groups 1, 5 and 9 leave twelve cells adding up
//! to 80 and groups 3, 5 and 7 twelve adding up to 40; they share the four of group 5, which add
//! up to 20 at least in the first (80 less twice 30) and at most in the second (40 less twice
//! 10), so the other parts of the first take 6+7+8+9 and those of the second 1+2+3+4.

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::sums::{distinct_sum, options};
use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::Cell;
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::step::{Step, cells_text, houses_text};

pub struct SetTheory;

impl Technique for SetTheory {
    fn name(&self) -> &'static str {
        "Set Theory"
    }

    fn about(&self) -> &'static str {
        "One to three houses with no cell in common add up to 45 each. Less the cages and little \
         killers lying wholly inside them, the cells left over add up to the rest. Split by \
         house, each part holds different digits, so it adds up to at least its smallest digits \
         and at most its largest; what the other parts can reach bounds it more, and another \
         area sharing the part may bound it from the other side. A part whose sum is so bounded \
         keeps only the digits that can make it."
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        let areas = areas(marks);
        if areas.is_empty() {
            return ControlFlow::Continue(());
        }
        // The tightest bounds each part gets from one area, with the area that gave them.
        let mut told: HashMap<CellSet, Told> = HashMap::new();
        for (index, area) in areas.iter().enumerate() {
            for (at, part) in area.parts.iter().enumerate() {
                let (low, high) = area.bounds(at, &|other| other.own);
                let entry = told.entry(part.cells).or_insert(Told {
                    low: (part.own.0, None),
                    high: (part.own.1, None),
                });
                if low > entry.low.0 {
                    entry.low = (low, Some(index));
                }
                if high < entry.high.0 {
                    entry.high = (high, Some(index));
                }
            }
        }
        let best = |part: &Part| {
            told.get(&part.cells)
                .map_or(part.own, |t| (t.low.0, t.high.0))
        };
        for area in &areas {
            for (at, part) in area.parts.iter().enumerate() {
                let (low, high) = area.bounds(at, &best);
                if (low, high) == part.own {
                    continue;
                }
                let cells: Vec<Cell> = part.cells.iter().collect();
                let kept = kept(marks, &cells, low, high);
                // No way at all only in a broken position: nothing to explain.
                if kept.iter().any(|digits| digits.is_empty()) {
                    continue;
                }
                let mut step = Step::new(self.name()).pattern_cells(marks, area.innies);
                for &house in &area.houses {
                    step = step.house(house);
                }
                for &rule in &area.rules {
                    step = step.rule(rule);
                }
                for (&cell, &kept) in cells.iter().zip(&kept) {
                    step = step.eliminate(CellSet::single(cell), marks.get(cell) - kept);
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                // The other areas whose bounds this one read, named with their rules.
                let others: Vec<&Area> = (area.parts.iter().enumerate())
                    .filter(|&(other, _)| other != at)
                    .filter_map(|(_, other)| told.get(&other.cells))
                    .flat_map(|t| [t.low.1, t.high.1])
                    .flatten()
                    .map(|index| &areas[index])
                    .filter(|other| !std::ptr::eq(*other, area))
                    .collect();
                for other in &others {
                    for &rule in &other.rules {
                        step = step.rule(rule);
                    }
                }
                let text = area.told(at, &best, &told, &areas, (low, high));
                found(step.explain(|s| format!("Set Theory: {text} {}", s.outcome_text())))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The bounds on a part's sum one area gave, with that area's index (none: its own digits).
struct Told {
    low: (i32, Option<usize>),
    high: (i32, Option<usize>),
}

/// Houses with no cell in common, the known sums wholly inside them, and what they leave.
struct Area {
    houses: Vec<House>,
    /// The rules whose sums lie inside, by index, and what they are (`little killers`).
    rules: Vec<usize>,
    what: String,
    inside: i32,
    innies: CellSet,
    /// What the innies add up to.
    sum: i32,
    parts: Vec<Part>,
}

/// The innies in one house of an area, with the least and most their digits can add up to.
struct Part {
    house: House,
    cells: CellSet,
    own: (i32, i32),
}

impl Area {
    /// The least and most part `at` can add up to, given what the others can (by `bounds`).
    fn bounds(&self, at: usize, bounds: &dyn Fn(&Part) -> (i32, i32)) -> (i32, i32) {
        let (mut low, mut high) = (self.sum, self.sum);
        for (other, part) in self.parts.iter().enumerate() {
            if other != at {
                let (least, most) = bounds(part);
                low -= most;
                high -= least;
            }
        }
        let own = self.parts[at].own;
        (low.max(own.0), high.min(own.1))
    }

    /// `disjoint groups 1,5,9 add up to 135 and the little killers inside add up to 55, so
    /// r1c4,… add up to 80`
    fn total_text(&self) -> String {
        let houses = houses_text(&self.houses);
        format!(
            "{houses} add up to {} and the {} inside add up to {}, so {} add up to {}",
            45 * self.houses.len(),
            self.what,
            self.inside,
            cells_text(self.innies),
            self.sum
        )
    }

    /// Why part `at` adds up to `low`–`high`: the area's total, and what the other parts reach,
    /// with the area that told each bound read from another.
    fn told(
        &self,
        at: usize,
        best: &dyn Fn(&Part) -> (i32, i32),
        told: &HashMap<CellSet, Told>,
        areas: &[Area],
        (low, high): (i32, i32),
    ) -> String {
        let mut others = Vec::new();
        for part in (self.parts.iter().enumerate())
            .filter(|&(i, _)| i != at)
            .map(|(_, part)| part)
        {
            let from = told.get(&part.cells);
            let (low_from, high_from) = (from.and_then(|t| t.low.1), from.and_then(|t| t.high.1));
            // A bound another area gave: that area's total less what its other parts reach.
            let why = |side: Option<usize>, reach: String| match side.map(|i| &areas[i]) {
                Some(area) if !std::ptr::eq(area, self) => format!(
                    " ({}, and their cells in other houses to {reach})",
                    area.total_text(),
                ),
                _ => String::new(),
            };
            let reach = |side: Option<usize>, most: bool| {
                let rest = side.map_or(0, |i| areas[i].rest(part.cells, most));
                format!("{rest} {}", if most { "at most" } else { "at least" })
            };
            let why = match low_from == high_from {
                true => why(low_from, {
                    let area = low_from.map(|i| &areas[i]);
                    let rest = |most| area.map_or(0, |a| a.rest(part.cells, most));
                    range_text((rest(false), rest(true)))
                }),
                false => {
                    why(low_from, reach(low_from, true)) + &why(high_from, reach(high_from, false))
                }
            };
            others.push(format!(
                "{} in {} add up to {}{why}",
                cells_text(part.cells),
                part.house,
                range_text(best(part)),
            ));
        }
        let part = &self.parts[at];
        format!(
            "{}; {}, so {} in {} add up to {}",
            self.total_text(),
            others.join(", "),
            cells_text(part.cells),
            part.house,
            range_text((low, high))
        )
    }

    /// What the parts other than the one of `cells` reach together: at most when `most`, else
    /// at least.
    fn rest(&self, cells: CellSet, most: bool) -> i32 {
        (self.parts.iter())
            .filter(|part| part.cells != cells)
            .map(|part| if most { part.own.1 } else { part.own.0 })
            .sum()
    }
}

/// `20`, or `between 10 and 30`.
fn range_text((low, high): (i32, i32)) -> String {
    match low == high {
        true => low.to_string(),
        false => format!("between {low} and {high}"),
    }
}

/// The digits each of `cells` can take when they hold different digits adding up to `low` to
/// `high`.
fn kept(marks: &Candidates, cells: &[Cell], low: i32, high: i32) -> Vec<DigitSet> {
    let options = options(marks, cells);
    let mut kept = vec![DigitSet::EMPTY; cells.len()];
    for sum in low.max(1)..=high.min(45) {
        for (kept, able) in kept.iter_mut().zip(distinct_sum(&options, sum as u8).0) {
            *kept |= able;
        }
    }
    kept
}

/// The least and most different digits from `options`, one per cell, can add up to (taken over
/// all the digits the cells allow, which bounds them); none when too few digits are left.
fn own_bounds(options: &[DigitSet]) -> Option<(i32, i32)> {
    let all = options.iter().fold(DigitSet::EMPTY, |all, &set| all | set);
    let digits: Vec<i32> = all.iter().map(|d| i32::from(d.get())).collect();
    let count = options.len();
    (digits.len() >= count).then(|| {
        (
            digits[..count].iter().sum(),
            digits[digits.len() - count..].iter().sum(),
        )
    })
}

/// A rule with a known sum: a cage with one, a little killer.
struct Sum {
    rule: usize,
    cells: CellSet,
    total: i32,
    noun: &'static str,
}

/// Most houses joined into one area.
const MOST_HOUSES: usize = 3;

/// Every area of one to three houses with no cell in common that holds a known sum wholly and
/// leaves innies in two houses or more (one is the Rule of 45's).
fn areas(marks: &Candidates) -> Vec<Area> {
    let Some(layout) = marks.layout() else {
        return Vec::new();
    };
    let sums: Vec<Sum> = (layout.constraints().iter().enumerate())
        .filter_map(|(index, constraint)| {
            let rule = constraint.rule();
            Some(Sum {
                rule: index,
                cells: rule.cells(),
                total: i32::from(rule.fixed_sum()?),
                noun: rule.noun(),
            })
        })
        .collect();
    if sums.is_empty() {
        return Vec::new();
    }
    let houses: Vec<(House, CellSet)> = (marks.houses().iter())
        .map(|&house| (house, marks.cells_of(house)))
        .collect();
    let mut areas = Vec::new();
    let mut chosen = Vec::with_capacity(MOST_HOUSES);
    gather(
        marks,
        &houses,
        &sums,
        0,
        CellSet::EMPTY,
        &mut chosen,
        &mut areas,
    );
    areas
}

/// The areas of `chosen` and of the houses from `from` on added to it.
fn gather(
    marks: &Candidates,
    houses: &[(House, CellSet)],
    sums: &[Sum],
    from: usize,
    cells: CellSet,
    chosen: &mut Vec<usize>,
    areas: &mut Vec<Area>,
) {
    if chosen.len() > 1
        && let Some(area) = area(marks, houses, sums, chosen, cells)
    {
        areas.push(area);
    }
    if chosen.len() == MOST_HOUSES {
        return;
    }
    for next in from..houses.len() {
        if (houses[next].1 & cells).is_empty() {
            chosen.push(next);
            gather(
                marks,
                houses,
                sums,
                next + 1,
                cells | houses[next].1,
                chosen,
                areas,
            );
            chosen.pop();
        }
    }
}

/// The area of the houses `chosen`, covering `cells`, if a sum lies inside and the innies fall
/// in two of its houses or more.
fn area(
    marks: &Candidates,
    houses: &[(House, CellSet)],
    sums: &[Sum],
    chosen: &[usize],
    cells: CellSet,
) -> Option<Area> {
    let (mut covered, mut inside, mut rules, mut nouns) =
        (CellSet::EMPTY, 0, Vec::new(), Vec::new());
    for sum in sums {
        if (sum.cells - cells).is_empty() && (sum.cells & covered).is_empty() {
            covered |= sum.cells;
            inside += sum.total;
            rules.push(sum.rule);
            if !nouns.contains(&sum.noun) {
                nouns.push(sum.noun);
            }
        }
    }
    let innies = cells - covered;
    if rules.is_empty() || innies.is_empty() {
        return None;
    }
    let mut parts = Vec::new();
    for &index in chosen {
        let (house, house_cells) = houses[index];
        let part = innies & house_cells;
        if !part.is_empty() {
            let cells: Vec<Cell> = part.iter().collect();
            let own = own_bounds(&options(marks, &cells))?;
            parts.push(Part {
                house,
                cells: part,
                own,
            });
        }
    }
    (parts.len() > 1).then(|| Area {
        houses: chosen.iter().map(|&index| houses[index].0).collect(),
        rules,
        what: match nouns[..] {
            [noun] => format!("{noun}s"),
            _ => "sums".to_string(),
        },
        inside,
        innies,
        sum: 45 * chosen.len() as i32 - inside,
        parts,
    })
}
