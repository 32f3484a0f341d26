//! Chains of strong links on one digit, as SukakuExplainer (SudokuMonster's fork of SE) adds
//! them (`StrongLinks`): Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle with two
//! links, and their three-link forms. (The fork's later versions add four links by default,
//! which the published ratings this follows predate.)
//!
//! A strong link is a house where the digit has two places, or two groups of places: in a row or
//! column, places in two of its three box segments; in a box, places on one row and one column
//! of it (an empty rectangle) or on two of its rows or columns. Links are joined end to start by
//! sharing a house; the digit goes from the cells that see both ends of the chain (outside the
//! links' houses and the joining houses); when the ends share a house too, the chain is a loop
//! and each joint also removes the digit from the cells seeing both its sides.
//!
//! SukakuExplainer rates (`StrongLinksHint`): two links 4.0, three 5.4; plus 0.3 with a
//! grouped link, else plus 0.1 when the links mix rows and columns or use a box, plus 0.2 when
//! they do both. The producer sorts its hints by rating, then by more eliminations first.

use super::board::{Board, CandidateSet};
use super::hint::Hint;
use crate::cell::{Cell, Digit};
use crate::house::{House, HouseKind};
use crate::sets::CellSet;

/// One strong link: the digit's places in `house` split into two ends (which may share a box's
/// corner cell, the "heart" of an empty rectangle).
#[derive(Clone, Copy)]
struct Link {
    house: House,
    places: CellSet,
    ends: [CellSet; 2],
    /// For each end, the column, row and box holding all its cells, where there is one.
    lines: [[Option<House>; 3]; 2],
    grouped: bool,
}

impl Link {
    fn new(house: House, places: CellSet, ends: [CellSet; 2], grouped: bool) -> Link {
        Link {
            house,
            places,
            ends,
            lines: ends.map(houses_holding),
            grouped,
        }
    }
}

/// The column, row and box holding every cell of `cells`, where there is one.
fn houses_holding(cells: CellSet) -> [Option<House>; 3] {
    let Some(first) = cells.first() else {
        return [None; 3];
    };
    [
        House::column(first.col()),
        House::row(first.row()),
        House::box_at(first.box_index()),
    ]
    .map(|h| (cells - h.cell_set()).is_empty().then_some(h))
}

/// The house joining two ends (a column first, then a row, then a box), if any.
fn joint(a: &[Option<House>; 3], b: &[Option<House>; 3]) -> Option<House> {
    (0..3).find_map(|k| a[k].filter(|h| b[k] == Some(*h)))
}

/// The cells of box `b` at its local positions (0..9, row-major).
fn box_cells(house: House, locals: &[usize]) -> CellSet {
    locals.iter().map(|&i| house.cells()[i]).collect()
}

/// A grouped box link: cells that must hold none of the places, the two blades (places on
/// them make the two ends) and the heart where the blades cross, if any (it joins both ends).
struct BoxPattern {
    empty: &'static [usize],
    blades: [&'static [usize]; 2],
    heart: Option<usize>,
}

/// SukakuExplainer's grouped box links, in its order: an empty rectangle around each heart
/// (blades: the rest of the heart's column, the rest of its row), then two rows of the box, then
/// two columns (the third empty). A table rather than computed from the heart's row and column, so
/// that it can be checked against the fork's list entry by entry.
const BOX_PATTERNS: [BoxPattern; 15] = [
    BoxPattern {
        empty: &[4, 5, 7, 8],
        blades: [&[3, 6], &[1, 2]],
        heart: Some(0),
    },
    BoxPattern {
        empty: &[3, 5, 6, 8],
        blades: [&[4, 7], &[0, 2]],
        heart: Some(1),
    },
    BoxPattern {
        empty: &[3, 4, 6, 7],
        blades: [&[5, 8], &[0, 1]],
        heart: Some(2),
    },
    BoxPattern {
        empty: &[1, 2, 7, 8],
        blades: [&[0, 6], &[4, 5]],
        heart: Some(3),
    },
    BoxPattern {
        empty: &[0, 2, 6, 8],
        blades: [&[1, 7], &[3, 5]],
        heart: Some(4),
    },
    BoxPattern {
        empty: &[0, 1, 6, 7],
        blades: [&[2, 8], &[3, 4]],
        heart: Some(5),
    },
    BoxPattern {
        empty: &[1, 2, 4, 5],
        blades: [&[0, 3], &[7, 8]],
        heart: Some(6),
    },
    BoxPattern {
        empty: &[0, 2, 3, 5],
        blades: [&[1, 4], &[6, 8]],
        heart: Some(7),
    },
    BoxPattern {
        empty: &[0, 1, 3, 4],
        blades: [&[2, 5], &[6, 7]],
        heart: Some(8),
    },
    BoxPattern {
        empty: &[6, 7, 8],
        blades: [&[0, 1, 2], &[3, 4, 5]],
        heart: None,
    },
    BoxPattern {
        empty: &[3, 4, 5],
        blades: [&[0, 1, 2], &[6, 7, 8]],
        heart: None,
    },
    BoxPattern {
        empty: &[0, 1, 2],
        blades: [&[3, 4, 5], &[6, 7, 8]],
        heart: None,
    },
    BoxPattern {
        empty: &[2, 5, 8],
        blades: [&[0, 3, 6], &[1, 4, 7]],
        heart: None,
    },
    BoxPattern {
        empty: &[1, 4, 7],
        blades: [&[0, 3, 6], &[2, 5, 8]],
        heart: None,
    },
    BoxPattern {
        empty: &[0, 3, 6],
        blades: [&[1, 4, 7], &[2, 5, 8]],
        heart: None,
    },
];

/// The strong links of `digit`, in houses of up to six places.
fn links(board: &Board, digit: Digit) -> Vec<Link> {
    let mut result = Vec::new();
    for house in House::all() {
        let places = board.positions(house, digit);
        let count = places.len();
        if !(2..=6).contains(&count) {
            continue;
        }
        if count == 2 {
            let Some((a, b)) = places.pair() else {
                continue;
            };
            let same_line = a.row() == b.row() || a.col() == b.col();
            if house.kind() == HouseKind::Box && same_line {
                continue;
            }
            let ends = [CellSet::single(a), CellSet::single(b)];
            result.push(Link::new(house, places, ends, false));
            continue;
        }
        let grouped = if house.kind() == HouseKind::Box {
            box_link(house, places)
        } else {
            line_link(house, places)
        };
        if let Some(ends) = grouped {
            result.push(Link::new(house, places, ends, true));
        }
    }
    result
}

/// The first pattern (in SukakuExplainer's order) whose empty cells hold none of the places; a
/// link if both blades hold some.
fn box_link(house: House, places: CellSet) -> Option<[CellSet; 2]> {
    for (k, pattern) in BOX_PATTERNS.iter().enumerate() {
        if k >= 9 && places.len() < 4 {
            continue;
        }
        if !(box_cells(house, pattern.empty) & places).is_empty() {
            continue;
        }
        let heart = pattern
            .heart
            .map_or(CellSet::EMPTY, |h| box_cells(house, &[h]) & places);
        let [a, b] = pattern.blades.map(|blade| box_cells(house, blade) & places);
        return (!a.is_empty() && !b.is_empty()).then_some([a | heart, b | heart]);
    }
    None
}

/// A row or column whose places lie in two of its box segments.
fn line_link(house: House, places: CellSet) -> Option<[CellSet; 2]> {
    let cells = house.cells();
    for empty in 0..3 {
        let segment = |s: usize| box_cells_of(cells, s) & places;
        if !segment(empty).is_empty() {
            continue;
        }
        let (a, b) = (segment((empty + 1) % 3), segment((empty + 2) % 3));
        let (a, b) = if (empty + 1) % 3 < (empty + 2) % 3 {
            (a, b)
        } else {
            (b, a)
        };
        return (!a.is_empty() && !b.is_empty()).then_some([a, b]);
    }
    None
}

fn box_cells_of(cells: &[Cell; 9], segment: usize) -> CellSet {
    cells[segment * 3..segment * 3 + 3]
        .iter()
        .copied()
        .collect()
}

/// The cells seeing every cell of `cells`.
fn seeing_all(cells: CellSet) -> CellSet {
    cells.iter().fold(CellSet::ALL, |acc, c| acc & c.peers())
}

/// A chain being built: links in order, each with the index of its starting end.
struct Chain {
    links: Vec<(usize, usize)>,
    joints: Vec<House>,
    places: CellSet,
}

struct Found {
    difficulty: f64,
    eliminations: usize,
    hint: Hint,
}

/// The first hint of `count` strong links (2 or 3) by SukakuExplainer's sort.
pub(crate) fn first(board: &Board, count: usize) -> Option<Hint> {
    let mut found = Vec::new();
    for digit in Digit::all() {
        let links = links(board, digit);
        for (i, link) in links.iter().enumerate() {
            for start in 0..2 {
                let mut chain = Chain {
                    links: vec![(i, start)],
                    joints: Vec::new(),
                    places: link.places,
                };
                extend(board, digit, &links, count, &mut chain, &mut found);
            }
        }
    }
    found.sort_by(|a, b| {
        a.difficulty
            .total_cmp(&b.difficulty)
            .then(b.eliminations.cmp(&a.eliminations))
    });
    found.into_iter().next().map(|f| f.hint)
}

fn end_of(links: &[Link], (i, start): (usize, usize)) -> CellSet {
    links[i].ends[1 - start]
}

fn start_of(links: &[Link], (i, start): (usize, usize)) -> CellSet {
    links[i].ends[start]
}

fn extend(
    board: &Board,
    digit: Digit,
    links: &[Link],
    count: usize,
    chain: &mut Chain,
    found: &mut Vec<Found>,
) {
    if chain.links.len() == count {
        conclude(board, digit, links, chain, found);
        return;
    }
    let Some(&(last, last_start)) = chain.links.last() else {
        return;
    };
    let tail = links[last].lines[1 - last_start];
    for (i, link) in links.iter().enumerate() {
        if !(link.places & chain.places).is_empty() {
            continue;
        }
        for start in 0..2 {
            let Some(joint) = joint(&tail, &link.lines[start]) else {
                continue;
            };
            chain.links.push((i, start));
            chain.joints.push(joint);
            chain.places |= link.places;
            extend(board, digit, links, count, chain, found);
            chain.places = chain.places - link.places;
            chain.joints.pop();
            chain.links.pop();
        }
    }
}

fn conclude(board: &Board, digit: Digit, links: &[Link], chain: &Chain, found: &mut Vec<Found>) {
    let (Some(&first), Some(&last)) = (chain.links.first(), chain.links.last()) else {
        return;
    };
    // Each chain is met once from each end: keep the one starting with the smaller link.
    if first.0 > last.0 {
        return;
    }
    let head = start_of(links, first);
    let tail = end_of(links, last);
    let bases = chain.links.iter().fold(CellSet::EMPTY, |acc, &(i, _)| {
        acc | links[i].house.cell_set()
    });
    let mut victims = seeing_all(head | tail) - bases;
    let ring = joint(
        &links[first.0].lines[first.1],
        &links[last.0].lines[1 - last.1],
    );
    if ring.is_some() {
        for pair in chain.links.windows(2) {
            let joint = end_of(links, pair[0]) | start_of(links, pair[1]);
            victims |= seeing_all(joint) - bases;
        }
    } else {
        for joint in &chain.joints {
            victims = victims - joint.cell_set();
        }
    }
    let removed = victims & board.plane(digit);
    if removed.is_empty() {
        return;
    }
    let grouped = chain.links.iter().any(|&(i, _)| links[i].grouped);
    let kinds: Vec<HouseKind> = chain
        .links
        .iter()
        .map(|&(i, _)| links[i].house.kind())
        .collect();
    let has_box = kinds.contains(&HouseKind::Box);
    let mixed_lines = kinds.contains(&HouseKind::Row) && kinds.contains(&HouseKind::Column);
    let base = if chain.links.len() == 2 { 4.0 } else { 5.4 };
    let difficulty = if grouped {
        base + 0.3
    } else if has_box && mixed_lines {
        base + 0.2
    } else if has_box || mixed_lines {
        base + 0.1
    } else {
        base
    };
    let name = match (chain.links.len(), grouped, has_box, mixed_lines) {
        (2, true, ..) => "Empty Rectangle",
        (2, false, false, false) => "Skyscraper",
        (2, false, false, true) => "2-String Kite",
        (2, ..) => "Turbot Fish",
        _ => "3 Strong Links",
    };
    let mut eliminations = CandidateSet::EMPTY;
    eliminations.insert_cells(removed, digit);
    found.push(Found {
        difficulty,
        eliminations: removed.len() as usize,
        hint: Hint::eliminating(name, difficulty, eliminations),
    });
}
