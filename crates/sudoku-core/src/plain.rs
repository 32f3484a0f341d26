//! Each step told in plain words, for the three stages of a hint: where to look, why it works,
//! what it changes. Cells read "row 2, column 8", houses by their names, links as "if … then"
//! sentences: no notation at all, unlike [`Step::text`], which the step log keeps.
//!
//! The words are built from the step's own data (its houses, pattern, links and changes), each
//! family of techniques reading it as that family builds it. When a step is not shaped as its
//! technique's steps are, or its technique is not known here, generic words describe its
//! pattern and what it changes: they never claim a reason the data does not show.

use std::collections::BTreeSet;

use crate::cell::{Candidate, Cell, Digit};
use crate::house::{House, HouseKind};
use crate::sets::{CellSet, DigitSet};
use crate::step::{Inference, Link, Node, Step, node_text, rule_link_text};
use crate::techniques::shared_line;
use crate::variant::{Constraint, Kind, Rules};
pub use crate::words::list;
use crate::words::{houses_words, number_word};

/// A step told in plain words, one sentence or more for each of Hint's stages.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Plain {
    /// Stage 1: the technique named simply and where to look, e.g. "Look at box 2: one cell
    /// there is the only place for a 7 (a hidden single)."
    pub look: String,
    /// Stage 2: why it works, on these cells, e.g. "In box 2, 7 can only go in row 3, column 5:
    /// every other cell of the box is filled or cannot take a 7."
    pub why: String,
    /// Stage 3: what it changes, e.g. "So row 3, column 5 is 7." or "So 8 can be removed from
    /// row 3, columns 1 and 2."
    pub what: String,
}

/// `step`, found under `rules`, in plain words.
pub fn plain(step: &Step, rules: &Rules) -> Plain {
    let (look, why) = told(step, rules).unwrap_or_else(|| generic(step));
    Plain {
        look,
        why,
        what: outcome(step),
    }
}

/// The first two stages, in the words of the step's technique; `None` when the technique is not
/// known here or its step is not shaped as expected.
fn told(step: &Step, rules: &Rules) -> Option<(String, String)> {
    match step.technique.as_ref() {
        "Full House" => full_house(step),
        "Hidden Single" => hidden_single(step),
        "Naked Single" => naked_single(step),
        "Locked Candidates (Pointing)" | "Locked Candidates (Claiming)" => locked_candidates(step),
        "Naked Pair" | "Naked Triple" | "Naked Quad" | "Locked Pair" | "Locked Triple" => {
            naked_subset(step)
        }
        "Hidden Pair" | "Hidden Triple" | "Hidden Quad" => hidden_subset(step),
        "X-Wing" | "Swordfish" | "Jellyfish" | "Finned X-Wing" | "Finned Swordfish"
        | "Finned Jellyfish" | "Sashimi X-Wing" | "Sashimi Swordfish" | "Sashimi Jellyfish" => {
            fish(step)
        }
        "Skyscraper" | "2-String Kite" => two_strong_links(step),
        "Empty Rectangle" => empty_rectangle(step),
        "Simple Colors Trap" | "Simple Colors Wrap" => simple_colors(step),
        "X-Chain" | "XY-Chain" | "AIC" | "Grouped AIC" => chain(step),
        "Remote Pair" => remote_pair(step),
        "XY-Wing" => xy_wing(step),
        "W-Wing" => w_wing(step),
        "XYZ-Wing" => xyz_wing(step),
        "Unique Rectangle Type 1"
        | "Unique Rectangle Type 2"
        | "Unique Rectangle Type 3"
        | "Unique Rectangle Type 4" => unique_rectangle(step),
        "Hidden Rectangle" => hidden_rectangle(step),
        "BUG+1" => bug_plus_one(step),
        "ALS-XZ" => als_xz(step),
        "Forcing Chain Contradiction" | "Forcing Chain Verity" | "Nested Forcing Chain" => {
            forcing_chain(step)
        }
        "Cage Combinations" => cage_combinations(step),
        "Combined Cages" => combined_cages(step),
        "Combined Rules" => combined_rules(step),
        "Cage-Locked Candidates" => cage_locked(step, rules),
        "Rule-Locked Candidates" => rule_locked(step, rules),
        "Rule of 45" => rule_of_45(step),
        "Set Theory" => set_theory(step, rules),
        "Cage Split" => cage_split(step),
        "Innie-Outie Difference" => innie_outie(step),
        "Sees All" => sees_all(step),
        "Equal Cells" => equal_cells(step),
        "Rule Fish" => rule_fish(step),
        name => constraint(
            step,
            Kind::ALL
                .iter()
                .find(|kind| kind.technique_name() == Some(name))?,
            rules,
        ),
    }
}

// ---- Singles ----

fn full_house(step: &Step) -> Option<(String, String)> {
    let house = *step.houses.first()?;
    let placed = *step.placements.first()?;
    Some((
        format!("Look at {house}: only one cell is still empty (a full house)."),
        format!(
            "{} has one empty cell left, {}, and {} is the one digit it still lacks.",
            capitalized(&house.to_string()),
            cell_words(placed.cell),
            placed.digit
        ),
    ))
}

fn hidden_single(step: &Step) -> Option<(String, String)> {
    let house = *step.houses.first()?;
    let Candidate { cell, digit } = *step.placements.first()?;
    let a_digit = a(digit);
    Some((
        format!(
            "Look at {house}: one cell there is the only place for {a_digit} (a hidden single)."
        ),
        format!(
            "In {house}, {digit} can only go in {}: every other cell of the {} is filled or \
             cannot take {a_digit}.",
            cell_words(cell),
            house_noun(house)
        ),
    ))
}

fn naked_single(step: &Step) -> Option<(String, String)> {
    let Candidate { cell, digit } = *step.placements.first()?;
    let at = cell_words(cell);
    Some((
        format!("Look at {at}: only one digit can go there (a naked single)."),
        format!(
            "Every digit but {digit} is ruled out in {at}, by the digits it sees or by earlier \
             steps, so {digit} is its only candidate left."
        ),
    ))
}

// ---- Locked candidates and subsets ----

fn locked_candidates(step: &Step) -> Option<(String, String)> {
    let base = *step.houses.first()?;
    let cover = *step.cover_houses.first()?;
    let digit = single_digit(step)?;
    let places = pattern_cells(step);
    Some((
        format!(
            "Look at {digit} in {base}: all its places there lie in {cover} (locked candidates)."
        ),
        format!(
            "In {base}, {digit} can only go in {}, which all lie in {cover}. So the {digit} of \
             {base} is in {cover}, and no other cell of {cover} can be {digit}.",
            cells_words(places, "or")
        ),
    ))
}

fn naked_subset(step: &Step) -> Option<(String, String)> {
    let (cells, digits) = subset(step)?;
    let count = number_word(cells.len());
    let houses = houses_words(&step.houses, "and");
    let described: Vec<String> = cells.iter().map(|c| cell_with(step, c)).collect();
    Some((
        format!(
            "Look at {houses}: {count} cells there hold only {} between them ({}).",
            digits_words(digits, "and"),
            named(&step.technique)
        ),
        format!(
            "{}: between them these {count} cells can only hold {}, so each of those digits is \
             in one of them. No other cell of {} can be {}.",
            capitalized(&list(&described, "and")),
            digits_words(digits, "and"),
            houses_words(&step.houses, "or"),
            digits_words(digits, "or")
        ),
    ))
}

fn hidden_subset(step: &Step) -> Option<(String, String)> {
    let house = *step.houses.first()?;
    let (cells, digits) = subset(step)?;
    let count = number_word(cells.len());
    Some((
        format!(
            "Look at {house}: {count} digits there fit in only {count} cells ({}).",
            named(&step.technique)
        ),
        format!(
            "In {house}, {} can only go in {}. These {count} cells must hold those {count} \
             digits, so they can hold nothing else.",
            digits_words(digits, "and"),
            cells_words(cells, "and")
        ),
    ))
}

/// The cells and digits of a subset's pattern: as many of each, at least two, in a house.
fn subset(step: &Step) -> Option<(CellSet, DigitSet)> {
    let (cells, digits) = (pattern_cells(step), pattern_digits(step));
    let shaped = cells.has_several() && cells.len() == digits.len() && !step.houses.is_empty();
    shaped.then_some((cells, digits))
}

// ---- Fish ----

fn fish(step: &Step) -> Option<(String, String)> {
    let digit = single_digit(step)?;
    let bases = &step.houses;
    let covers = &step.cover_houses;
    let base_kind = bases.first()?.kind();
    if bases.len() < 2 || bases.len() != covers.len() {
        return None;
    }
    let cover_cells = classic_cells(covers)?;
    let fins = pattern_cells(step) - cover_cells;
    let count = number_word(bases.len() as u32);
    let lines = if base_kind == HouseKind::Row {
        "rows"
    } else {
        "columns"
    };
    let (base_words, cover_words) = (houses_words(bases, "and"), houses_words(covers, "and"));
    let name = named(&step.technique);
    let across = if base_kind == HouseKind::Row {
        "column"
    } else {
        "row"
    };
    let filled = format!(
        "each of these {count} {lines} needs {}, and no two of them can take it in the \
         same {across}, so they fill {cover_words} with {digit}s",
        a(digit)
    );
    let Some(first_fin) = fins.first() else {
        return Some((
            format!("Look at {digit} in {base_words}: it only fits {cover_words} there ({name})."),
            format!(
                "In {base_words}, {digit} can only go in {cover_words}. {}. No other cell of \
                 {cover_words} can be {digit}.",
                capitalized(&filled)
            ),
        ));
    };
    let fin_box = House::box_at(first_fin.box_index());
    let (some_fins, the_fins) = if fins.has_several() {
        (format!("{} fins", number_word(fins.len())), "the fins")
    } else {
        ("a fin".to_string(), "the fin")
    };
    Some((
        format!(
            "Look at {digit} in {base_words}: apart from {some_fins}, it only fits {cover_words} \
             ({name})."
        ),
        format!(
            "In {base_words}, {digit} can only go in {cover_words}, apart from {} ({the_fins}) \
             in {fin_box}. If no fin is {digit}, {filled}. If a fin is {digit}, no other cell of \
             {fin_box} can be. Either way, the cells of {cover_words} in {fin_box}, outside \
             {base_words}, cannot be {digit}.",
            cells_words(fins, "and")
        ),
    ))
}

// ---- Single-digit patterns ----

/// Skyscraper and 2-String Kite: two houses where the digit has two places each, joined by two
/// places (one of each) that see each other.
fn two_strong_links(step: &Step) -> Option<(String, String)> {
    let [first, middle, second] = &step.links[..] else {
        return None;
    };
    if middle.from != first.to || middle.to != second.from {
        return None;
    }
    let digit = first.from.digit;
    let [a, b, c, d] =
        [first.from, first.to, second.from, second.to].map(|node| node.cells.single_cell());
    let (a, b, c, d) = (a?, b?, c?, d?);
    let pair = |x: Cell, y: Cell| CellSet::single(x).with(y);
    let (line_ab, line_cd) = (shared_line(pair(a, b))?, shared_line(pair(c, d))?);
    let (joined, kind) = if step.technique == "Skyscraper" {
        (shared_line(pair(b, c))?, "a skyscraper")
    } else {
        (House::box_at(b.box_index()), "a two-string kite")
    };
    let [a, b, c, d] = [a, b, c, d].map(cell_words);
    Some((
        format!(
            "Look at {digit} in {}: two places in each, joined in {joined} ({kind}).",
            houses_words(&[line_ab, line_cd], "and")
        ),
        format!(
            "In {line_ab}, {digit} can only go in {a} or {b}; in {line_cd}, only in {d} or {c}. \
             {} and {c} both lie in {joined}, so they cannot both be {digit}: one of {a} and {d} \
             is {digit}. No cell that sees both can be {digit}.",
            capitalized(&b)
        ),
    ))
}

fn empty_rectangle(step: &Step) -> Option<(String, String)> {
    let boxed = *step.houses.first()?;
    let digit = single_digit(step)?;
    let [_, _, last] = &step.links[..] else {
        return None;
    };
    let inside = last.from.cells | last.to.cells;
    Some((
        format!(
            "Look at {digit} in {boxed}: its places there lie on one row and one column (an \
             empty rectangle)."
        ),
        format!(
            "In {boxed}, {digit} can only go in {}. {} {}",
            cells_words(inside, "or"),
            chain_words(step)?,
            chain_end(step)?
        ),
    ))
}

fn simple_colors(step: &Step) -> Option<(String, String)> {
    let digit = single_digit(step)?;
    let [one, other] = two_colors(&step.links)?;
    let removed: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
    let colors = format!(
        "Where {digit} has only two places in a house, one of them is {digit}. Following such \
         pairs, {} take one color and {} the other: one color holds {digit} in every cell, the \
         other in none.",
        cells_words(one, "and"),
        cells_words(other, "and")
    );
    let verdict = if step.technique == "Simple Colors Wrap" {
        let seeing = seeing_pair(removed).map_or_else(
            || "Two of its cells see each other".to_string(),
            |(x, y)| {
                format!(
                    "{} and {} see each other",
                    capitalized(&cell_words(x)),
                    cell_words(y)
                )
            },
        );
        format!(
            "{seeing}, so the color of {} cannot hold {digit}.",
            cells_words(removed, "and")
        )
    } else {
        let (sees, cannot) = if removed.has_several() {
            ("each see", "they cannot")
        } else {
            ("sees", "it cannot")
        };
        format!(
            "{} {sees} a cell of each color: whichever color holds {digit}, {cannot}.",
            capitalized(&cells_words(removed, "and"))
        )
    };
    Some((
        format!(
            "Look at {digit}: link its places that are the only two in a house, and color them \
             alternately (simple colors)."
        ),
        format!("{colors} {verdict}"),
    ))
}

/// The cells of `links` in two colors, each link joining two colors; `None` when they cannot be
/// so colored.
fn two_colors(links: &[Link]) -> Option<[CellSet; 2]> {
    let first = links.first()?.from.cells.single_cell()?;
    let mut colors = [CellSet::single(first), CellSet::EMPTY];
    // Each pass colors the links touching a colored cell; a tree of links needs at most as
    // many passes as it has links.
    for _ in 0..links.len() {
        for link in links {
            let (a, b) = (link.from.cells.single_cell()?, link.to.cells.single_cell()?);
            for (x, y) in [(a, b), (b, a)] {
                for color in 0..2 {
                    if colors[color].contains(x) {
                        if colors[color].contains(y) {
                            return None;
                        }
                        colors[1 - color].insert(y);
                    }
                }
            }
        }
    }
    let colored = colors[0] | colors[1];
    let linked = links
        .iter()
        .all(|l| ((l.from.cells | l.to.cells) - colored).is_empty());
    linked.then_some(colors)
}

/// Two cells of `cells` in one row, column or box.
fn seeing_pair(cells: CellSet) -> Option<(Cell, Cell)> {
    cells.iter().find_map(|x| {
        let [row, column, boxed] = x.houses();
        let near = (row.cell_set() | column.cell_set() | boxed.cell_set()) & cells;
        (near - CellSet::single(x)).first().map(|y| (x, y))
    })
}

// ---- Chains ----

fn chain(step: &Step) -> Option<(String, String)> {
    let start = step.links.first()?.from;
    let end = step.links.last()?.to;
    let (intro, name) = match step.technique.as_ref() {
        "X-Chain" => (
            format!(
                "Each link is a house where {} has only two places (if one is not {0}, the other \
                 is) or two places that see each other (if one is {0}, the other is not).",
                start.digit
            ),
            "an X-chain",
        ),
        "XY-Chain" => (
            "Each cell of the chain has only two candidates (if it is not one, it is the \
             other), and each sees the next."
                .to_string(),
            "an XY-chain",
        ),
        "Grouped AIC" => (
            format!(
                "{STRONG_AND_WEAK} A group of cells counts as one place: the digit is in one of \
                 them or in none."
            ),
            "a grouped alternating inference chain",
        ),
        _ => (
            STRONG_AND_WEAK.to_string(),
            "an alternating inference chain",
        ),
    };
    let (from, to) = (
        cells_words(start.cells, "and"),
        cells_words(end.cells, "and"),
    );
    let route = if start == end {
        format!("from {from} back to itself")
    } else {
        format!("from {from} to {to}")
    };
    let look = if step.technique == "X-Chain" {
        format!("Follow {} along a chain {route} ({name}).", start.digit)
    } else {
        format!("Follow a chain {route} ({name}).")
    };
    let look = if look.len() > LOOK_LENGTH {
        format!("Follow a chain ({name}).")
    } else {
        look
    };
    Some((
        look,
        format!("{intro} {} {}", chain_words(step)?, chain_end(step)?),
    ))
}

/// What the links of an alternating inference chain mean.
const STRONG_AND_WEAK: &str = "Each link is strong (of its two ends, if one is false the other \
                               is true) or weak (if one is true the other is false).";

/// The longest first stage that fits a phone's message area with the rest.
const LOOK_LENGTH: usize = 120;

fn remote_pair(step: &Step) -> Option<(String, String)> {
    let cells: Vec<Cell> = step
        .links
        .iter()
        .filter(|l| l.inference == Inference::Strong)
        .map(|l| l.from.cells.single_cell())
        .collect::<Option<_>>()?;
    let (&first, &last) = (cells.first()?, cells.last()?);
    let (a, b) = pattern_digits(step).pair()?;
    let even: CellSet = cells.iter().step_by(2).copied().collect();
    let odd: CellSet = cells.iter().skip(1).step_by(2).copied().collect();
    let in_order: Vec<String> = cells.iter().map(|&c| cell_words(c)).collect();
    Some((
        format!(
            "Look at the cells holding only {a} and {b}, chained from {} to {} (a remote pair).",
            cell_words(first),
            cell_words(last)
        ),
        format!(
            "{} all hold only {a} and {b}, in that order each seeing the next, so the digits \
             alternate along the chain: {} hold one of them, {} the other. A cell that sees a \
             cell of each group can be neither {a} nor {b}.",
            capitalized(&list(&in_order, "and")),
            cells_words(even, "and"),
            cells_words(odd, "and")
        ),
    ))
}

/// The words of an alternating chain, from its first node false to its last node true: "If
/// row 6, column 5 is not 6, it is 9; then row 6, column 8 is not 9, so it is 1; …".
fn chain_words(step: &Step) -> Option<String> {
    let links = &step.links;
    let first = links.first()?;
    let mut words = format!("If {}, ", node_is_not(first.from));
    for (i, link) in links.iter().enumerate() {
        let expected = if i % 2 == 0 {
            Inference::Strong
        } else {
            Inference::Weak
        };
        if link.inference != expected || (i > 0 && links[i - 1].to != link.from) {
            return None;
        }
        let same_cell = link.from.cells == link.to.cells && !link.to.cells.has_several();
        let (from_rest, to_rest) = (rest_of(step, link.from), rest_of(step, link.to));
        match link.inference {
            Inference::Strong => {
                if i > 0 {
                    words.push_str(", so ");
                }
                if let (true, Some(rest)) = (same_cell, to_rest) {
                    words.push_str(&format!("it is {}", digits_words(rest, "or")));
                } else if same_cell {
                    words.push_str(&format!("it is {}", link.to.digit));
                } else {
                    words.push_str(&node_is(link.to));
                    if by_rule(step, link.from, link.to, true) {
                        let grouped = link.from.cells.has_several() || link.to.cells.has_several();
                        words.push_str(match grouped {
                            false => " (a rule drawn through both cells needs one of the two)",
                            true => " (a rule drawn through these cells needs one of the two)",
                        });
                    } else if link.from.digit != link.to.digit {
                        // Only an almost locked set links two digits in different cells.
                        words.push_str(&format!(
                            " (both lie in a group of cells with one digit more than cells, an \
                             almost locked set: without {}, the group needs {})",
                            link.from.digit, link.to.digit
                        ));
                    }
                }
            }
            Inference::Weak if same_cell => {
                words.push_str(&format!("; then it is not {}", link.to.digit));
            }
            Inference::Weak if to_rest.is_some() || from_rest.is_some() => {
                let cell = link.to.cells.single_cell()?;
                words.push_str(&match to_rest {
                    Some(rest) => format!(
                        "; then {} is none of {} (a rule drawn through both cells forbids them \
                         with it)",
                        cell_words(cell),
                        digits_words(rest, "and")
                    ),
                    None => format!(
                        "; then {} (a rule drawn through both cells forbids it with each of \
                         them)",
                        node_is_not(link.to)
                    ),
                })
            }
            Inference::Weak if by_rule(step, link.from, link.to, false) => {
                words.push_str(&format!(
                    "; then {} (a rule drawn through both cells forbids the two together)",
                    node_is_not(link.to)
                ))
            }
            Inference::Weak => words.push_str(&format!("; then {}", node_is_not(link.to))),
        }
    }
    words.push('.');
    Some(words)
}

/// The digits a node of a chain stands for when it is a cell's rest, all the cell's digits but
/// the one it links strongly to (written `(789=4)r4c7`): the step's detail names them in the
/// rule's link into it, `(1)r4c8-(789)r4c7: the arrow from r4c7`.
fn rest_of(step: &Step, node: Node) -> Option<DigitSet> {
    let cell = node.cells.single_cell()?;
    let named = format!("){cell}");
    step.detail.iter().find_map(|line| {
        let (link, _) = line.split_once(": ")?;
        link.split(['-', '='])
            .filter_map(|end| end.strip_prefix('(')?.strip_suffix(named.as_str()))
            .filter(|digits| {
                digits.len() > 1 && digits.starts_with(char::from(b'0' + node.digit.get()))
            })
            .find_map(|digits| {
                digits
                    .chars()
                    .map(|d| Digit::new(d.to_digit(10)? as u8))
                    .collect()
            })
    })
}

/// Whether a rule drawn through the cells links two nodes of a chain, strongly or weakly: the
/// step's detail names each such link (see [`Step::detail`]).
fn by_rule(step: &Step, a: Node, b: Node, strong: bool) -> bool {
    [(a, b), (b, a)].into_iter().any(|(x, y)| {
        let named = format!("{}: ", rule_link_text(&node_text(x), &node_text(y), strong));
        step.detail.iter().any(|line| line.starts_with(&named))
    })
}

/// What a chain from its first node to its last proves, as its eliminations or placement use it.
fn chain_end(step: &Step) -> Option<String> {
    let start = step.links.first()?.from;
    let end = step.links.last()?.to;
    if start == end {
        return Some(format!(
            "The chain comes back to where it began: if {}, then {} after all, which cannot be. \
             So {1}.",
            node_is_not(start),
            node_is(start)
        ));
    }
    let either = format!("Either {} or {}", node_is(start), node_is(end));
    let ruled = (step.eliminations.iter()).any(|&taken| {
        [start, end]
            .iter()
            .any(|&end| by_rule(step, end, Node::single(taken.cell, taken.digit), false))
    });
    if ruled {
        return Some(format!(
            "{either}, and whichever it is rules out {}: it sees them, shares their cell, or a \
             rule drawn through both cells forbids the two together.",
            candidates_words(&step.eliminations)
        ));
    }
    if start.digit == end.digit {
        let ends = if (start.cells | end.cells).len() > 2 {
            "all of these cells"
        } else {
            "both"
        };
        return Some(format!(
            "{either}, so no cell that sees {ends} can be {}.",
            start.digit
        ));
    }
    if start.cells == end.cells && !start.cells.has_several() {
        return Some(format!("{either}: it can be nothing else."));
    }
    let mut words = format!("{either}.");
    for e in &step.eliminations {
        for (near, far) in [(start, end), (end, start)] {
            if near.cells == CellSet::single(e.cell) && e.digit == far.digit {
                words.push_str(&format!(
                    " {} cannot be {}: it would then not be {}, and it would rule out {} in {}, \
                     so neither end would hold.",
                    capitalized(&cell_words(e.cell)),
                    e.digit,
                    near.digit,
                    far.digit,
                    cells_words(far.cells, "and")
                ));
            }
        }
    }
    Some(words)
}

// ---- Wings ----

fn xy_wing(step: &Step) -> Option<(String, String)> {
    let [start, _, middle, _, end] = &step.links[..] else {
        return None;
    };
    let (a, b, pivot) = (
        start.from.cells.single_cell()?,
        end.to.cells.single_cell()?,
        middle.from.cells.single_cell()?,
    );
    let (z, x, y) = (start.from.digit, start.to.digit, middle.to.digit);
    let [a, b, pivot] = [a, b, pivot].map(cell_words);
    Some((
        format!("Look at {pivot} and two cells it sees, {a} and {b} (an XY-Wing)."),
        format!(
            "{} can only be {x} or {y}; {a} can only be {x} or {z}, and {b} only {y} or {z}. If \
             {pivot} is {x}, {a} is {z}; if it is {y}, {b} is {z}. Either way one of {a} and {b} \
             is {z}, so no cell that sees both can be {z}.",
            capitalized(&pivot)
        ),
    ))
}

fn w_wing(step: &Step) -> Option<(String, String)> {
    let house = *step.houses.first()?;
    let [start, _, middle, _, end] = &step.links[..] else {
        return None;
    };
    let (p, q) = (start.from.cells.single_cell()?, end.to.cells.single_cell()?);
    let (s, t) = (
        middle.from.cells.single_cell()?,
        middle.to.cells.single_cell()?,
    );
    let (y, x) = (start.from.digit, start.to.digit);
    let [p, q, s, t] = [p, q, s, t].map(cell_words);
    Some((
        format!("Look at {p} and {q}: both hold only {x} and {y} (a W-Wing)."),
        format!(
            "{} and {q} can only be {x} or {y}. In {house}, {x} can only go in {s} or {t}; {s} \
             sees {p} and {t} sees {q}. If {s} is {x}, {p} is not {x}, so it is {y}; if {t} is \
             {x}, {q} is {y}. Either way one of {p} and {q} is {y}, so no cell that sees both \
             can be {y}.",
            capitalized(&p)
        ),
    ))
}

fn xyz_wing(step: &Step) -> Option<(String, String)> {
    let z = step.eliminations.first()?.digit;
    let cells = pattern_cells(step);
    let pivot = cells.iter().find(|&c| candidates_of(step, c).len() == 3)?;
    let (a, b) = (cells - CellSet::single(pivot)).pair()?;
    let zs = DigitSet::single(z);
    let x = (candidates_of(step, a) - zs).single_digit()?;
    let y = (candidates_of(step, b) - zs).single_digit()?;
    let [pivot_words, a_words, b_words] = [pivot, a, b].map(cell_words);
    Some((
        format!(
            "Look at {pivot_words} and two cells it sees, {a_words} and {b_words} (an XYZ-Wing)."
        ),
        format!(
            "{} can only be {}; {a_words} only {x} or {z}, and {b_words} only {y} or {z}. If \
             {pivot_words} is {x}, {a_words} is {z}; if it is {y}, {b_words} is {z}; otherwise \
             it is {z} itself. So one of the three is {z}, and no cell that sees all three can \
             be {z}.",
            capitalized(&pivot_words),
            digits_words(candidates_of(step, pivot), "or")
        ),
    ))
}

// ---- Uniqueness ----

/// The four corners of a uniqueness step's rectangle: its pattern names them first.
fn rectangle(step: &Step) -> Option<CellSet> {
    let corners: CellSet = cells_in_order(step).into_iter().take(4).collect();
    let rows: BTreeSet<u8> = corners.iter().map(Cell::row).collect();
    let columns: BTreeSet<u8> = corners.iter().map(Cell::col).collect();
    (corners.len() == 4 && rows.len() == 2 && columns.len() == 2).then_some(corners)
}

/// "the rectangle on rows 1 and 2, columns 1 and 4"
fn rectangle_words(corners: CellSet) -> String {
    let rows: BTreeSet<u8> = corners.iter().map(|c| c.row() + 1).collect();
    let columns: BTreeSet<u8> = corners.iter().map(|c| c.col() + 1).collect();
    let numbers = |set: BTreeSet<u8>| set.iter().map(u8::to_string).collect::<Vec<_>>();
    format!(
        "the rectangle on rows {}, columns {}",
        list(&numbers(rows), "and"),
        list(&numbers(columns), "and")
    )
}

/// The two digits that every cell of `cells` holds and nothing else.
fn only_pair(step: &Step, cells: CellSet) -> Option<DigitSet> {
    let pair = candidates_of(step, cells.first()?);
    let same = cells.iter().all(|c| candidates_of(step, c) == pair);
    (same && pair.len() == 2).then_some(pair)
}

/// Why a rectangle's corners cannot hold only the pair.
fn deadly(pair: DigitSet) -> String {
    format!(
        "the four corners would hold only {}, which could be swapped, and the puzzle would have \
         two solutions",
        digits_words(pair, "and")
    )
}

fn unique_rectangle(step: &Step) -> Option<(String, String)> {
    let corners = rectangle(step)?;
    let removed = *step.eliminations.first()?;
    // The corners beside the pair's: the one losing the pair (type 1), the two holding the
    // extra digit (type 2), or the two in the house the step names (types 3 and 4).
    let roof: CellSet = match step.technique.as_ref() {
        "Unique Rectangle Type 1" => CellSet::single(removed.cell),
        "Unique Rectangle Type 2" => corners
            .iter()
            .filter(|&c| candidates_of(step, c).contains(removed.digit))
            .collect(),
        _ => corners & classic_cells(step.houses.get(..1)?)?,
    };
    let floor = corners - roof;
    let pair = only_pair(step, floor)?;
    let holds = format!(
        "{} hold only {}",
        capitalized(&cells_words(floor, "and")),
        digits_words(pair, "and")
    );
    let why = match step.technique.as_ref() {
        "Unique Rectangle Type 1" => format!(
            "{holds}. If {} were {} as well, {}. A proper puzzle has one, so it cannot be {}.",
            cell_words(removed.cell),
            digits_words(pair, "or"),
            deadly(pair),
            digits_words(removed_digits(step), "or")
        ),
        "Unique Rectangle Type 2" => {
            let x = removed.digit;
            format!(
                "{holds}; {}. If neither of them were {x}, {}. So one of them is {x}, and no \
                 cell that sees both can be {x}.",
                with_candidates(step, roof),
                deadly(pair)
            )
        }
        "Unique Rectangle Type 3" => {
            let houses = &step.houses;
            let extra = digits_of(step, roof) - pair;
            let subset = pattern_cells(step) - corners;
            let digits = extra | digits_of(step, subset);
            let described: Vec<String> = subset.iter().map(|c| cell_with(step, c)).collect();
            format!(
                "{holds}. One of {} must hold {} (otherwise {}), so together they act as one \
                 cell holding {1}. With {}, that makes {} cells holding only {} between them in \
                 {}: they take those digits, and no other cell of {} can be {}.",
                cells_words(roof, "and"),
                digits_words(extra, "or"),
                deadly(pair),
                list(&described, "and"),
                number_word(subset.len() + 1),
                digits_words(digits, "and"),
                houses_words(houses, "and"),
                houses_words(houses, "or"),
                digits_words(digits, "or")
            )
        }
        _ => {
            let house = *step.houses.first()?;
            let v = removed.digit;
            let u = (pair - DigitSet::single(v)).single_digit()?;
            format!(
                "{holds}. In {house}, {u} can only go in {}, so one of them is {u}. If the other \
                 were {v}, {}. So neither of them can be {v}.",
                cells_words(roof, "or"),
                deadly(pair)
            )
        }
    };
    Some((
        format!("Look at {} (a unique rectangle).", rectangle_words(corners)),
        why,
    ))
}

fn hidden_rectangle(step: &Step) -> Option<(String, String)> {
    let corners = rectangle(step)?;
    let Candidate {
        cell: target,
        digit: v,
    } = *step.eliminations.first()?;
    let anchor = corners
        .iter()
        .find(|c| c.row() != target.row() && c.col() != target.col())?;
    let pair = only_pair(step, CellSet::single(anchor))?;
    let u = (pair - DigitSet::single(v)).single_digit()?;
    let [row, column, _] = target.houses();
    let (target, anchor) = (cell_words(target), cell_words(anchor));
    Some((
        format!("Look at {} (a hidden rectangle).", rectangle_words(corners)),
        format!(
            "{} holds only {u} and {v}. In {row} and in {column}, {u} can only go on the \
             rectangle's corners. If {target} were {v}, {u} would go in both its neighbours on \
             the rectangle and {anchor} would be {v}: {}. So {target} is not {v}.",
            capitalized(&anchor),
            deadly(pair)
        ),
    ))
}

fn bug_plus_one(step: &Step) -> Option<(String, String)> {
    let Candidate { cell, digit } = *step.pattern.first()?;
    if step
        .eliminations
        .iter()
        .any(|e| e.cell != cell || e.digit == digit)
    {
        return None;
    }
    let at = cell_words(cell);
    Some((
        format!("Look at {at}: the only empty cell with three candidates (a BUG+1)."),
        format!(
            "Every other empty cell has just two candidates, and without {digit} in {at} every \
             candidate would appear exactly twice in each of its houses. Such a grid of pairs \
             never has exactly one solution, so {at} must be {digit}."
        ),
    ))
}

// ---- Almost locked sets ----

fn als_xz(step: &Step) -> Option<(String, String)> {
    let [first, second] = [step.houses.first()?, step.houses.get(1)?];
    let (a, b) = als_pair(step)?;
    let restricted: DigitSet = step.links.iter().map(|l| l.from.digit).collect();
    let (in_a, in_b) = (digits_of(step, a), digits_of(step, b));
    let describe = |cells: CellSet, digits: DigitSet| {
        format!(
            "{} hold only {} between them: {} cells, {} digits",
            cells_words(cells, "and"),
            digits_words(digits, "and"),
            cells.len(),
            digits.len()
        )
    };
    let link = if restricted.has_several() {
        format!(
            "Every {} of the first group sees every {0} of the second, and so does every {}: \
             each is in one group at most. A group missing both would have fewer digits than \
             cells, so each group holds one of them and is left with exactly as many digits as \
             cells. So each group holds all its digits but {}, and each of {} is in one group or \
             the other: no cell that sees all the places of such a digit in the groups can hold \
             it.",
            restricted.first()?,
            restricted.iter().nth(1)?,
            digits_words(restricted, "or"),
            digits_words(restricted, "and")
        )
    } else {
        let x = restricted.first()?;
        let shared = (in_a & in_b) - restricted;
        let (each, its) = if shared.has_several() {
            ("each of ", "a digit's")
        } else {
            ("", "its")
        };
        format!(
            "Every {x} of the first group sees every {x} of the second, so at most one group \
             holds {x}, and the other is left with exactly as many digits as cells: it holds all \
             of them. So {each}{} is in one of the groups, and no cell that sees all {its} places \
             in both can hold it.",
            digits_words(shared, "and")
        )
    };
    Some((
        format!(
            "Look at two groups of cells, in {first} and in {second}, where a digit links them \
             (almost locked sets)."
        ),
        format!(
            "{}. {}. {link}",
            capitalized(&describe(a, in_a)),
            capitalized(&describe(b, in_b))
        ),
    ))
}

/// The two almost locked sets of an ALS-XZ step: its pattern lists the first set's candidates,
/// then the second's. The split kept is one where each set has one digit more than cells and
/// each linking digit's places in each set are the ends of its link.
fn als_pair(step: &Step) -> Option<(CellSet, CellSet)> {
    let cells = cells_in_order(step);
    (1..cells.len()).find_map(|k| {
        let a: CellSet = cells[..k].iter().copied().collect();
        let b: CellSet = cells[k..].iter().copied().collect();
        let almost_locked = |set: CellSet| digits_of(step, set).len() == set.len() + 1;
        let holding = |set: CellSet, digit: Digit| -> CellSet {
            set.iter()
                .filter(|&c| candidates_of(step, c).contains(digit))
                .collect()
        };
        let linked = step.links.iter().all(|l| {
            holding(a, l.from.digit) == l.from.cells && holding(b, l.to.digit) == l.to.cells
        });
        (almost_locked(a) && almost_locked(b) && linked).then_some((a, b))
    })
}

// ---- Forcing chains ----

/// A fact of a forcing chain's proof: a candidate true (`on`) or false.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Fact {
    candidate: Candidate,
    on: bool,
}

impl Fact {
    /// "row 1, column 9 is 8" or "row 1, column 9 is not 8"
    fn words(self) -> String {
        let Candidate { cell, digit } = self.candidate;
        let not = if self.on { "" } else { "not " };
        format!("{} is {not}{digit}", cell_words(cell))
    }
}

/// The facts proved by a forcing chain's links, in the order of the proof: each link runs from a
/// premise into a fact, strong into a true one and weak into a false one.
fn proved(links: &[Link]) -> Option<Vec<Fact>> {
    let mut facts: Vec<Fact> = Vec::new();
    for link in links {
        let fact = Fact {
            candidate: Candidate::new(link.to.cells.single_cell()?, link.to.digit),
            on: link.inference == Inference::Strong,
        };
        if !facts.contains(&fact) {
            facts.push(fact);
        }
    }
    Some(facts)
}

/// The most facts one stretch of a forcing chain names; the rest are counted.
const FACTS_NAMED: usize = 4;

/// "row 2, column 3 is 5 and row 4, column 1 is 2": the placements among `facts` (or the
/// eliminations, when there is no placement), the first few of them.
fn some_facts(facts: &[Fact]) -> Option<String> {
    if facts.is_empty() {
        return None;
    }
    let placed: Vec<Fact> = facts.iter().copied().filter(|f| f.on).collect();
    let shown = if placed.is_empty() { facts } else { &placed };
    let words: Vec<String> = shown.iter().take(FACTS_NAMED).map(|f| f.words()).collect();
    let more = if facts.len() > words.len() {
        format!(" ({} steps in all)", facts.len())
    } else {
        String::new()
    };
    Some(format!("{}{more}", list(&words, "and")))
}

fn forcing_chain(step: &Step) -> Option<(String, String)> {
    let nested = step.technique == "Nested Forcing Chain";
    let name = if nested {
        "a nested forcing chain"
    } else {
        "a forcing chain"
    };
    let inner = if nested {
        " Some of these facts come from shorter forcing chains tried inside this one."
    } else {
        ""
    };
    let (look, why) = if step.pattern.len() == 1 && step.eliminations == step.pattern {
        contradiction(step, name)?
    } else {
        verity(step, name)?
    };
    Some((look, format!("{why}{inner}")))
}

/// A forcing chain whose one assumption breaks the grid.
fn contradiction(step: &Step, name: &str) -> Option<(String, String)> {
    let assumed = *step.pattern.first()?;
    let facts = proved(&step.links)?;
    let supposed = Fact {
        candidate: assumed,
        on: true,
    }
    .words();
    Some((
        format!(
            "Suppose {supposed} and follow what must happen: it leads to an impossible grid \
             ({name})."
        ),
        format!(
            "Suppose {supposed}. Then, one fact leading to the next, {}. In the end {}: that \
             cannot be.",
            some_facts(&facts)?,
            impossibility(step, assumed, &facts)
        ),
    ))
}

/// What is impossible at the end of a contradiction's proof, read from its last facts: a
/// candidate proved both true and false, else a digit without a place in the step's house, else
/// a cell without a candidate.
fn impossibility(step: &Step, assumed: Candidate, facts: &[Fact]) -> String {
    let true_ones: Vec<Candidate> = std::iter::once(assumed)
        .chain(facts.iter().filter(|f| f.on).map(|f| f.candidate))
        .collect();
    if let Some(both) = facts
        .iter()
        .find(|f| !f.on && true_ones.contains(&f.candidate))
    {
        let Candidate { cell, digit } = both.candidate;
        return format!(
            "{} would have to be {digit} and could not be {digit}",
            cell_words(cell)
        );
    }
    match (facts.last(), step.houses.first()) {
        (Some(last), Some(house)) if !last.on => format!(
            "{} would have no place left in {house}",
            last.candidate.digit
        ),
        (Some(last), None) if !last.on => format!(
            "{} would have no candidate left",
            cell_words(last.candidate.cell)
        ),
        _ => "the grid would break a rule".to_string(),
    }
}

/// A forcing chain whose every branch (each candidate of a cell, or each place of a digit in a
/// house) leads to the same fact.
fn verity(step: &Step, name: &str) -> Option<(String, String)> {
    let members: Vec<Candidate> = step.pattern.clone();
    let conclusion = match (step.placements.first(), step.eliminations.first()) {
        (Some(&candidate), _) => Fact {
            candidate,
            on: true,
        },
        (None, Some(&candidate)) => Fact {
            candidate,
            on: false,
        },
        _ => return None,
    };
    let first = *members.first()?;
    let one_cell = members.iter().all(|m| m.cell == first.cell);
    let (look, intro) = if one_cell {
        let at = cell_words(first.cell);
        let digits: DigitSet = members.iter().map(|m| m.digit).collect();
        (
            format!(
                "Try each candidate of {at} in turn: they all lead to the same result ({name})."
            ),
            format!(
                "{} can only be {}.",
                capitalized(&at),
                digits_words(digits, "or")
            ),
        )
    } else {
        let digit = first.digit;
        let cells: CellSet = members.iter().map(|m| m.cell).collect();
        (
            format!(
                "Try each place of {digit} in a house, one by one: they all lead to the same \
                 result ({name})."
            ),
            format!(
                "{digit} has to go in {}: they are its only places in a house they share.",
                cells_words(cells, "or")
            ),
        )
    };
    let branches = branches(&step.links, &members, conclusion)?;
    let mut why = intro;
    for (member, facts) in members.iter().zip(&branches) {
        let supposed = if one_cell {
            format!("it is {}", member.digit)
        } else {
            format!("{} is {}", cell_words(member.cell), member.digit)
        };
        let before: Vec<Fact> = facts.iter().copied().filter(|&f| f != conclusion).collect();
        let then =
            some_facts(&before).map_or_else(String::new, |facts| format!("{facts}, and so "));
        why.push_str(&format!(
            " If {supposed}, then {then}{}.",
            conclusion.words()
        ));
    }
    why.push_str(&format!(" Either way, {}.", conclusion.words()));
    Some((look, why))
}

/// The facts of each branch of a verity, in the order of `members`: the links run branch after
/// branch, each from its member to the conclusion, which is proved last in each.
fn branches(links: &[Link], members: &[Candidate], conclusion: Fact) -> Option<Vec<Vec<Fact>>> {
    let end = Node::single(conclusion.candidate.cell, conclusion.candidate.digit);
    let into_conclusion =
        |link: &Link| link.to == end && (link.inference == Inference::Strong) == conclusion.on;
    let mut parts: Vec<&[Link]> = Vec::new();
    let mut start = 0;
    for i in 1..links.len() {
        let ended = into_conclusion(&links[i - 1]);
        // A branch ends at the links into the conclusion; the next begins from its own member.
        let next_member = members
            .get(parts.len() + 1)
            .map(|m| Node::single(m.cell, m.digit));
        let begins = !into_conclusion(&links[i]) || Some(links[i].from) == next_member;
        if ended && begins {
            parts.push(&links[start..i]);
            start = i;
        }
    }
    parts.push(&links[start..]);
    if parts.len() != members.len() {
        return None;
    }
    parts.into_iter().map(proved).collect()
}

// ---- Variant constraints ----

/// A step of a constraint's technique: its rule, and what each of its cells keeps. The rule is
/// said for the step's own mark ("a black dot joins a digit and its double") when the step
/// names it, else for the kind's every mark.
fn constraint(step: &Step, kind: &Kind, rules: &Rules) -> Option<(String, String)> {
    let cells = pattern_cells(step);
    let read = the_rule(step, rules).filter(|constraint| constraint.kind() == *kind);
    let name = match read {
        Some(constraint) => constraint.rule().noun().to_string(),
        None => kind.technique_name()?.to_lowercase(),
    };
    let rule = read.map_or_else(|| kind.rule(), |constraint| constraint.broken_rule());
    // The cells that keep their digits are what the others are read against; a phone's message
    // shows about three lines, so the cells that change are not named twice.
    let unchanged = cells - changed_cells(step);
    let given = if unchanged.is_empty() {
        "With what its cells can still hold".to_string()
    } else {
        format!(
            "Given what {} can still hold",
            cells_words(unchanged, "and")
        )
    };
    Some((
        format!("Look at the {name} through {}.", cell_words(cells.first()?)),
        format!("{}. {given}, {}.", capitalized(rule), kept_words(step)?),
    ))
}

/// What a digit in a cell would take, by the houses and the rules through the cell: another
/// cell's every digit, or every place of a digit in a house (the step's one house).
fn sees_all(step: &Step) -> Option<(String, String)> {
    let Candidate { cell, digit } = *step.eliminations.first()?;
    let others: Vec<Candidate> = step
        .pattern
        .iter()
        .filter(|c| c.cell != cell)
        .copied()
        .collect();
    let supposed = format!(
        "If {} were {digit}, the cells that see it could not be {digit}, and the rules drawn \
         through it, or through those cells, would take from the cells along them what then \
         cannot be",
        cell_words(cell),
    );
    let (left, why) = match step.houses.first() {
        Some(&house) => {
            let lost = others.first().map_or(digit, |c| c.digit);
            let places = (step.pattern.iter())
                .filter(|&&c| c.digit == lost && c != Candidate { cell, digit })
                .map(|c| c.cell)
                .collect();
            (
                format!("{house} no place for {}", a(lost)),
                format!(
                    "{supposed}: {lost} could go in none of {}, its places in {house}, and \
                     {house} must hold {}.",
                    cells_words(places, "or"),
                    a(lost)
                ),
            )
        }
        None => {
            let other = others.first()?.cell;
            let digits = others.iter().map(|c| c.digit).collect();
            (
                format!("{} no digit at all", cell_words(other)),
                format!(
                    "{supposed}: {} could hold none of {}, and every cell holds a digit.",
                    cell_words(other),
                    digits_words(digits, "or")
                ),
            )
        }
    };
    Some((
        format!(
            "Look at {}: {} there would leave {left} (it sees all).",
            cell_words(cell),
            a(digit)
        ),
        why,
    ))
}

// ---- Killer cages ----

fn cage_combinations(step: &Step) -> Option<(String, String)> {
    let cells = pattern_cells(step);
    Some((
        format!(
            "Look at the cage holding {}: only some sets of digits add up to its sum (cage \
             combinations).",
            cell_words(cells.first()?)
        ),
        format!(
            "Its cells, {}, hold different digits that add up to the cage's sum. Only some sets \
             of digits do, with what each cell can still hold; here {}.",
            cells_words(cells, "and"),
            kept_words(step)?
        ),
    ))
}

fn combined_cages(step: &Step) -> Option<(String, String)> {
    if let [house] = step.houses[..] {
        return Some((
            format!(
                "Look at the cages inside {house}: together they hold different digits (combined \
                 cages)."
            ),
            format!(
                "Each cage inside {house} fits only some sets of digits, and the cages cannot \
                 share a digit, as no two cells of {house} can. {}",
                sets_kept(step, "cage", &house.to_string())?
            ),
        ));
    }
    // Two neighbouring rows or columns: each digit twice.
    let area = houses_words(&step.houses, "and");
    Some((
        format!(
            "Look at the cages inside {area}: together they hold each digit twice (combined cages)."
        ),
        format!(
            "Each cage inside {area} fits only some sets of digits, and {area} hold each digit \
             twice, so no digit is in more than two of those sets. {}",
            sets_kept(step, "cage", &area)?
        ),
    ))
}

/// The rules drawn through one house (lines, dots, arrows, cages) take different digits there.
fn combined_rules(step: &Step) -> Option<(String, String)> {
    let [house] = step.houses[..] else {
        return None;
    };
    Some((
        format!(
            "Look at the rules drawn through {house}: their cells there hold different digits \
             (combined rules)."
        ),
        format!(
            "Each rule drawn through {house} (a line, a dot, an arrow, a cage) allows only some \
             sets of digits in its cells there, each set placed in only some ways, and the rules \
             cannot share a digit, as no two cells of {house} can. {}",
            sets_kept(step, "rule", &house.to_string())?
        ),
    ))
}

/// How Combined Cages and Combined Rules end: "Only some sets, one per cage, go together and
/// leave the other cells of row 1 digits they can take; here …".
fn sets_kept(step: &Step, unit: &str, area: &str) -> Option<String> {
    Some(format!(
        "Only some sets, one per {unit}, go together and leave the other cells of {area} digits \
         they can take; here {}.",
        kept_words(step)?
    ))
}

/// A digit a rule cannot be met without, in its places on the rule (the pattern): the cells that
/// see them all lose it, or its one place takes it.
/// Cells the rules make hold one digit, whatever it is: a digit that would leave a house no
/// place (the step takes it from them), or a cell that would be a house's only place for each
/// of their digits (the step's house; the cell keeps only their digits).
fn equal_cells(step: &Step) -> Option<(String, String)> {
    let eliminated: CellSet = step.eliminations.iter().map(|c| c.cell).collect();
    let cells = pattern_cells(step);
    let look = |equal: CellSet| {
        Some(format!(
            "Look at {}: the rules make it and {} more hold one digit (equal cells).",
            cell_words(equal.first()?),
            number_word(equal.len() - 1)
        ))
    };
    let digits: DigitSet = step.eliminations.iter().map(|c| c.digit).collect();
    match step.houses.first() {
        Some(&house) => {
            let cell = eliminated.single_cell()?;
            let equal = cells - eliminated;
            let kept = candidates_of(step, cell);
            Some((
                look(equal)?,
                format!(
                    "Whatever digit {} hold, the cells that see them cannot hold it, nor what \
                     the rules then forbid, and {house} is left no other place for it than {}. \
                     So {} holds that digit too: it can only be {}, not {}.",
                    cells_words(equal, "and"),
                    cell_words(cell),
                    cell_words(cell),
                    digits_words(kept, "or"),
                    digits_words(digits, "or"),
                ),
            ))
        }
        None => Some((
            look(cells)?,
            format!(
                "With {} in all of them, the cells that see them could not hold it, nor what the \
                 rules then forbid, and a row, column or box would be left no place for it (or a \
                 rule broken). So none of them is {}.",
                digits_words(digits, "or"),
                digits_words(digits, "or"),
            ),
        )),
    }
}

/// Rule Fish: sets of cells apart, each holding the digit at least once (a rule's needed places
/// or a house's), filling as many cover houses; fins are the sets' cells outside the covers.
fn rule_fish(step: &Step) -> Option<(String, String)> {
    let digit = single_digit(step)?;
    let covers = &step.cover_houses;
    let count = number_word(covers.len() as u32);
    let cover_words = houses_words(covers, "and");
    let filled = format!(
        "Each of {count} rules or houses cannot do without {} among the marked cells, and no two \
         share a cell, so those cells hold {count} {digit}s. {} hold one {digit} each",
        a(digit),
        capitalized(&cover_words)
    );
    let fins = classic_cells(covers).map(|covered| pattern_cells(step) - covered);
    let why = match fins {
        Some(fins) if fins.is_empty() => format!(
            "{filled} and take in all of those cells, so their {digit}s are there: no other cell \
             of {cover_words} can be {digit}."
        ),
        Some(fins) => format!(
            "{filled} and take in all of those cells but {}. If none of those is {digit}, the \
             {digit}s of {cover_words} are in the marked cells; if one is, the cells that see it \
             cannot be {digit}. Either way, a cell of {cover_words} that sees {} cannot be {digit}.",
            cells_words(fins, "and"),
            if fins.has_several() {
                "all of them"
            } else {
                "it"
            }
        ),
        None => format!(
            "{filled}, so unless a marked cell outside them is {digit}, their {digit}s are the \
             marked ones; the cells of {cover_words} that go without {digit} either way are \
             those that see every such cell."
        ),
    };
    Some((
        format!(
            "Look at {digit} in {cover_words}: the rules need it {count} times there, in cells \
             apart (rule fish)."
        ),
        why,
    ))
}

fn rule_locked(step: &Step, rules: &Rules) -> Option<(String, String)> {
    let digit = single_digit(step)?;
    let places = pattern_cells(step);
    let a_digit = a(digit);
    let rule = the_rule(step, rules).map_or("rule drawn", |constraint| constraint.rule().noun());
    let why = match places.single_cell() {
        Some(cell) => format!(
            "The {rule} through {} cannot be met without {a_digit} on it, and {} is the only \
             cell on it that can take it.",
            cell_words(cell),
            cell_words(cell)
        ),
        None => format!(
            "Without {a_digit} in {}, the {rule} through them could not be met, so one of \
             them is {digit}. No other cell that sees all of them can be {digit}.",
            cells_words(places, "or")
        ),
    };
    Some((
        format!(
            "Look at {digit} on the {rule} through {}: it cannot be met without one \
             (rule-locked candidates).",
            cell_words(places.first()?)
        ),
        why,
    ))
}

/// The one constraint of the puzzle's rules the step reads; `None` when it reads none or several.
fn the_rule<'r>(step: &Step, rules: &'r Rules) -> Option<&'r Constraint> {
    match step.rules.as_slice() {
        &[index] => rules.constraints().get(usize::from(index)),
        _ => None,
    }
}

fn cage_locked(step: &Step, rules: &Rules) -> Option<(String, String)> {
    let digit = single_digit(step)?;
    let places = pattern_cells(step);
    if step.eliminations.iter().any(|e| places.contains(e.cell)) {
        return None;
    }
    // Given a house, the digit's places there lie in the cage, or some cells see them all
    // through their cages; without, the cage needs the digit.
    if let Some(&house) = step.houses.first() {
        let in_one_cage = matches!(
            the_rule(step, rules),
            Some(Constraint::Cage(cage)) if (places - cage.cells).is_empty()
        );
        if !in_one_cage {
            let targets: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
            let (seers, shares, cannot) = match targets.has_several() {
                true => ("cells outside it see", "share", "none of them can"),
                false => ("a cell outside it sees", "shares", "it cannot"),
            };
            return Some((
                format!(
                    "Look at {digit} in {house}: {seers} all its places there, some through a \
                     cage (cage-locked candidates)."
                ),
                format!(
                    "In {house}, {digit} can only go in {}. {} {shares} a row, column, box or \
                     cage with each of those cells, so {cannot} be {digit}.",
                    cells_words(places, "or"),
                    capitalized(&cells_words(targets, "and"))
                ),
            ));
        }
        return Some((
            format!(
                "Look at {digit} in {house}: its places there all lie in one cage (cage-locked \
                 candidates)."
            ),
            format!(
                "In {house}, {digit} can only go in {}, all in one cage. So that cage's {digit} \
                 is there, and no other cell of the cage can be {digit}.",
                cells_words(places, "or")
            ),
        ));
    }
    let a_digit = a(digit);
    let every_set = format!(
        "Every set of different digits that adds up to the cage's sum has {a_digit}, so the cage \
         holds {a_digit}"
    );
    let why = if places.has_several() {
        format!(
            "{every_set}, and only {} can take it. No cell outside the cage that sees all of \
             them can be {digit}.",
            cells_words(places, "or")
        )
    } else {
        format!(
            "{every_set}, and {} is the only cell of the cage that can take it.",
            cells_words(places, "and")
        )
    };
    Some((
        format!(
            "Look at the cage holding {}: every set of digits that fits it has {a_digit} \
             (cage-locked candidates).",
            cell_words(places.first()?)
        ),
        why,
    ))
}

fn innie_outie(step: &Step) -> Option<(String, String)> {
    let area = houses_words(&step.houses, "and");
    let total = 45 * step.houses.len();
    let cells = pattern_cells(step);
    let (verb, their) = if step.houses.len() == 1 {
        ("adds", "its")
    } else {
        ("add", "their")
    };
    Some((
        format!(
            "Look at {area}: cells left inside and cells sticking out differ by a known number."
        ),
        format!(
            "{} {verb} up to {total}. Take away the cages inside; a cage crossing {their} edge \
             adds up to its sum, so its cells inside are that sum less its cells outside. So {} \
             differ by a known number, and each keeps only the digits the other can answer; here {}.",
            capitalized(&area),
            cells_words(cells, "and"),
            kept_words(step)?
        ),
    ))
}

fn rule_of_45(step: &Step) -> Option<(String, String)> {
    let area = houses_words(&step.houses, "and");
    let total = 45 * step.houses.len();
    let cells = pattern_cells(step);
    let inside = classic_cells(&step.houses).map(|area| (cells - area).is_empty());
    let (verb, their) = if step.houses.len() == 1 {
        ("adds", "its")
    } else {
        ("add", "their")
    };
    let sum = match inside {
        Some(true) => format!(
            "Take away the cages lying wholly inside it: the cells left over (those still empty: \
             {}) make up the rest of {total}.",
            cells_words(cells, "and")
        ),
        Some(false) => format!(
            "The cages covering it add up to more than {total}: their cells outside it (those \
             still empty: {}) make up the excess.",
            cells_words(cells, "and")
        ),
        None => format!(
            "With the sums of the cages over it, {} make up a known sum.",
            cells_words(cells, "and")
        ),
    };
    Some((
        format!("Look at {area}: {their} digits add up to {total} (the rule of 45)."),
        format!(
            "{} {verb} up to {total}. {sum} Only some digits can make that sum; here {}.",
            capitalized(&area),
            kept_words(step)?
        ),
    ))
}

fn set_theory(step: &Step, rules: &Rules) -> Option<(String, String)> {
    let area = houses_words(&step.houses, "and");
    let total = 45 * step.houses.len();
    let mut nouns: Vec<&str> = Vec::new();
    for &index in &step.rules {
        let noun = rules.constraints().get(usize::from(index))?.rule().noun();
        if !nouns.contains(&noun) {
            nouns.push(noun);
        }
    }
    let sums = match nouns[..] {
        [noun] => format!("{noun}s"),
        _ => "cages and lines with a sum".to_string(),
    };
    Some((
        format!("Look at {area}: together they add up to {total} (set theory)."),
        format!(
            "{} add up to {total}. Take away the {sums} lying wholly inside: the cells left \
             over add up to the rest. Split by house, each part of them holds different digits, \
             so it adds up to at least its smallest digits and at most its largest, and what the \
             other parts can reach, here and where another area shares the part, bounds it more: \
             {} keep only the digits that can make such a sum.",
            capitalized(&area),
            cells_words(changed_cells(step), "and")
        ),
    ))
}

fn cage_split(step: &Step) -> Option<(String, String)> {
    let area = houses_words(&step.houses, "and");
    let total = 45 * step.houses.len();
    let cage = pattern_cells(step);
    let verb = if step.houses.len() == 1 {
        "adds"
    } else {
        "add"
    };
    Some((
        format!(
            "Look at the cage holding {}: {area} cuts it in two (a split cage).",
            cell_words(cage.first()?)
        ),
        format!(
            "{} {verb} up to {total}. The cages inside it and this cage's part inside it fill \
             it, so that part's sum is known, and the rest of the cage makes up the cage's sum \
             less that. Only some sets of different digits do; here {}.",
            capitalized(&area),
            kept_words(step)?
        ),
    ))
}

/// What a sum leaves the cells it changes: "row 1, column 2 keeps only 1 or 5 and …", or "only 5
/// fits row 1, column 9"; `None` if a cell would keep nothing.
fn kept_words(step: &Step) -> Option<String> {
    let mut kept: Vec<String> = step
        .placements
        .iter()
        .map(|p| format!("only {} fits {}", p.digit, cell_words(p.cell)))
        .collect();
    let removed: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
    for cell in removed.iter() {
        let left = candidates_of(step, cell) - removed_from(step, cell);
        if left.is_empty() {
            return None;
        }
        kept.push(format!(
            "{} keeps only {}",
            cell_words(cell),
            digits_words(left, "or")
        ));
    }
    Some(list(&kept, "and"))
}

// ---- Generic words ----

/// Words for any step, from its structure alone.
fn generic(step: &Step) -> (String, String) {
    let cells = pattern_cells(step);
    let place = if !step.houses.is_empty() {
        houses_words(&step.houses, "and")
    } else if !cells.is_empty() {
        cells_words(cells, "and")
    } else {
        cells_words(changed_cells(step), "and")
    };
    let look = format!("Look at {place} ({}).", named(&step.technique));
    let look = if look.len() > LOOK_LENGTH {
        format!(
            "Look at the cells of the pattern ({}).",
            named(&step.technique)
        )
    } else {
        look
    };
    let chained = chain_words(step).zip(chain_end(step));
    let why = match chained {
        Some((words, end)) => format!("{words} {end}"),
        None if cells.is_empty() => format!("The {} pattern proves it.", step.technique),
        None => format!(
            "The {} pattern is made of {}.",
            step.technique,
            candidates_words(&step.pattern)
        ),
    };
    (look, why)
}

// ---- What a step changes ----

/// The third stage: "So row 3, column 5 is 7." or "So 8 can be removed from row 3, columns 1
/// and 2; 5 from row 4, column 6."
fn outcome(step: &Step) -> String {
    let mut parts = Vec::new();
    if !step.placements.is_empty() {
        let placed: Vec<String> = step
            .placements
            .iter()
            .map(|p| format!("{} is {}", cell_words(p.cell), p.digit))
            .collect();
        parts.push(list(&placed, "and"));
    }
    if !step.eliminations.is_empty() {
        parts.push(removals(&step.eliminations));
    }
    if parts.is_empty() {
        return "Nothing changes.".to_string();
    }
    format!("So {}.", parts.join(", and "))
}

/// The eliminations in as few groups as they allow.
fn removals(eliminations: &[Candidate]) -> String {
    let words: Vec<String> = grouped(eliminations)
        .iter()
        .enumerate()
        .map(|(i, &(digits, cells))| {
            let verb = if i == 0 { " can be removed" } else { "" };
            format!(
                "{}{verb} from {}",
                digits_words(digits, "and"),
                cells_words(cells, "and")
            )
        })
        .collect();
    words.join("; ")
}

/// "5 in row 2, columns 5 and 8; 3 in …": candidates in as few groups as they allow.
fn candidates_words(candidates: &[Candidate]) -> String {
    let words: Vec<String> = grouped(candidates)
        .iter()
        .map(|&(digits, cells)| {
            format!(
                "{} in {}",
                digits_words(digits, "and"),
                cells_words(cells, "and")
            )
        })
        .collect();
    words.join("; ")
}

/// Candidates grouped by digit (the cells holding it) or by cell (its digits), whichever makes
/// fewer groups, merging groups of the same cells or the same digits.
fn grouped(candidates: &[Candidate]) -> Vec<(DigitSet, CellSet)> {
    let mut by_digit: Vec<(DigitSet, CellSet)> = Vec::new();
    for digit in Digit::all() {
        let cells: CellSet = candidates
            .iter()
            .filter(|c| c.digit == digit)
            .map(|c| c.cell)
            .collect();
        if !cells.is_empty() {
            merge(&mut by_digit, DigitSet::single(digit), cells);
        }
    }
    let mut by_cell: Vec<(DigitSet, CellSet)> = Vec::new();
    let cells: CellSet = candidates.iter().map(|c| c.cell).collect();
    for cell in cells.iter() {
        let digits: DigitSet = candidates
            .iter()
            .filter(|c| c.cell == cell)
            .map(|c| c.digit)
            .collect();
        merge(&mut by_cell, digits, CellSet::single(cell));
    }
    if by_cell.len() < by_digit.len() {
        by_cell
    } else {
        by_digit
    }
}

/// Adds `digits` in `cells` to `groups`, into the group losing the same cells (by digit) or the
/// same digits (by cell).
fn merge(groups: &mut Vec<(DigitSet, CellSet)>, digits: DigitSet, cells: CellSet) {
    match groups.iter_mut().find(|(d, c)| *c == cells || *d == digits) {
        Some((d, c)) => {
            *d |= digits;
            *c |= cells;
        }
        None => groups.push((digits, cells)),
    }
}

// ---- Reading the step ----

/// The cells of the pattern.
fn pattern_cells(step: &Step) -> CellSet {
    step.pattern.iter().map(|c| c.cell).collect()
}

/// The digits of the pattern.
fn pattern_digits(step: &Step) -> DigitSet {
    step.pattern.iter().map(|c| c.digit).collect()
}

/// The one digit of a single-digit pattern.
fn single_digit(step: &Step) -> Option<Digit> {
    pattern_digits(step).single_digit()
}

/// The pattern's digits in `cell`.
fn candidates_of(step: &Step, cell: Cell) -> DigitSet {
    step.pattern
        .iter()
        .filter(|c| c.cell == cell)
        .map(|c| c.digit)
        .collect()
}

/// The pattern's digits in all of `cells`.
fn digits_of(step: &Step, cells: CellSet) -> DigitSet {
    cells
        .iter()
        .fold(DigitSet::EMPTY, |acc, c| acc | candidates_of(step, c))
}

/// The digits the step removes from `cell`.
fn removed_from(step: &Step, cell: Cell) -> DigitSet {
    step.eliminations
        .iter()
        .filter(|e| e.cell == cell)
        .map(|e| e.digit)
        .collect()
}

/// Every digit the step removes.
fn removed_digits(step: &Step) -> DigitSet {
    step.eliminations.iter().map(|e| e.digit).collect()
}

/// The cells the step places in or removes from.
fn changed_cells(step: &Step) -> CellSet {
    step.placements
        .iter()
        .chain(&step.eliminations)
        .map(|c| c.cell)
        .collect()
}

/// The pattern's cells in the order it first names them.
fn cells_in_order(step: &Step) -> Vec<Cell> {
    let mut cells: Vec<Cell> = Vec::new();
    for c in &step.pattern {
        if !cells.contains(&c.cell) {
            cells.push(c.cell);
        }
    }
    cells
}

/// The cells of classic houses (rows, columns and boxes); `None` if one is a variant's, whose
/// cells only its layout knows.
fn classic_cells(houses: &[House]) -> Option<CellSet> {
    houses.iter().try_fold(CellSet::EMPTY, |acc, house| {
        (house.id() < House::COUNT).then(|| acc | house.cell_set())
    })
}

// ---- Words ----

/// "row 3, column 5": a cell as a sentence names it.
pub fn cell_words(cell: Cell) -> String {
    format!("row {}, column {}", cell.row() + 1, cell.col() + 1)
}

/// "row 3, column 5 (4 or 9)": a cell with the pattern's candidates there.
fn cell_with(step: &Step, cell: Cell) -> String {
    format!(
        "{} ({})",
        cell_words(cell),
        digits_words(candidates_of(step, cell), "or")
    )
}

/// "row 1, column 2 can be 1 or 5 and row 4, column 4 can be 1, 5 or 8"
fn with_candidates(step: &Step, cells: CellSet) -> String {
    let described: Vec<String> = cells
        .iter()
        .map(|c| {
            format!(
                "{} can be {}",
                cell_words(c),
                digits_words(candidates_of(step, c), "or")
            )
        })
        .collect();
    list(&described, "and")
}

/// Cells, those of one row together: "row 3, columns 1, 2 and 5", "row 3, column 1 and row 5,
/// column 2", or cells of one column "column 4, rows 1 and 7"; `last` joins the last item ("and"
/// or "or").
fn cells_words(cells: CellSet, last: &str) -> String {
    if let Some(column) = shared_line(cells).filter(|line| line.kind() == HouseKind::Column) {
        let rows: Vec<String> = cells.iter().map(|c| (c.row() + 1).to_string()).collect();
        return format!("{column}, rows {}", list(&rows, last));
    }
    let mut groups = Vec::new();
    let mut several_in_a_row = false;
    for row in 0..9 {
        let in_row = cells & House::row(row).cell_set();
        let columns: Vec<String> = in_row.iter().map(|c| (c.col() + 1).to_string()).collect();
        match columns.len() {
            0 => {}
            1 => groups.push(format!("row {}, column {}", row + 1, columns[0])),
            _ => {
                several_in_a_row = true;
                groups.push(format!("row {}, columns {}", row + 1, list(&columns, last)));
            }
        }
    }
    match &groups[..] {
        // A comma before the last group keeps it apart from a list of columns.
        [rest @ .., end] if several_in_a_row && !rest.is_empty() => {
            format!("{}, {last} {end}", rest.join(", "))
        }
        _ => list(&groups, last),
    }
}

/// "4, 6 or 9"
fn digits_words(digits: DigitSet, last: &str) -> String {
    let items: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    list(&items, last)
}

/// What a house is called in "every other cell of the box".
fn house_noun(house: House) -> &'static str {
    match house.kind() {
        HouseKind::Row => "row",
        HouseKind::Column => "column",
        HouseKind::Box => "box",
        HouseKind::Region | HouseKind::ExtraRegion => "region",
        HouseKind::Diagonal => "diagonal",
        HouseKind::Window => "window",
        HouseKind::DisjointGroup => "group",
        HouseKind::Cage => "cage",
    }
}

/// "row 2, column 6 is 9", or for a group "9 is in row 2, columns 4 or 5".
fn node_is(node: Node) -> String {
    match node.cells.single_cell() {
        Some(cell) => format!("{} is {}", cell_words(cell), node.digit),
        None => format!("{} is in {}", node.digit, cells_words(node.cells, "or")),
    }
}

/// "row 2, column 6 is not 9", or for a group "9 is not in row 2, columns 4 or 5".
fn node_is_not(node: Node) -> String {
    match node.cells.single_cell() {
        Some(cell) => format!("{} is not {}", cell_words(cell), node.digit),
        None => format!("{} is not in {}", node.digit, cells_words(node.cells, "or")),
    }
}

/// "a 7", "an 8"
fn a(digit: Digit) -> String {
    let article = if digit.get() == 8 { "an" } else { "a" };
    format!("{article} {digit}")
}

/// A technique's name as a phrase: "a naked pair", "an X-Wing", "a finned swordfish", "cage
/// combinations". Words with capitals inside (X-Wing, AIC) keep them.
fn named(technique: &str) -> String {
    let words: Vec<String> = technique
        .split(' ')
        .map(|word| {
            if word.bytes().skip(1).any(|byte| byte.is_ascii_uppercase()) {
                word.to_string()
            } else {
                word.to_ascii_lowercase()
            }
        })
        .collect();
    let name = words.join(" ");
    // "an X-Wing", "an almost …", but "a unique …", and none for "cage combinations".
    if name
        .split(' ')
        .next_back()
        .is_some_and(|word| word.ends_with('s'))
    {
        return name;
    }
    let article = match name.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'A' | 'E' | 'I' | 'O' | 'X') => "an",
        Some('u' | 'U') if !name.to_ascii_lowercase().starts_with("uni") => "an",
        _ => "a",
    };
    format!("{article} {name}")
}

/// The text with its first letter a capital, to begin a sentence. (The words here are ASCII:
/// Unicode's case tables would cost the worker's wasm kilobytes.)
pub fn capitalized(text: &str) -> String {
    let mut text = text.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}
