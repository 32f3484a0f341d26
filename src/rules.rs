//! A puzzle's rules as the page plays them: plain data the worker works out from the core's
//! [`Rules`] when it makes or reads a puzzle, so that the page holds no code to interpret rules
//! (the search, the rules' checks, the f-puzzles format and the drawing all live in the worker).
//!
//! The classic rules are the empty [`PageRules`]: their houses and peers are the core's tables.
//! Other rules list every group with no digit twice by name (rows, columns, boxes or regions,
//! diagonals, windows, extra regions, cages), each cell's peers, the cages with their sums, the
//! cells of its houses beyond the classic 27 (which steps name), the markup that draws it, the
//! payload of its links, the rules themselves as bytes, sent back to the worker with each
//! question about the puzzle, and the rules lowered to checks (digits, pairs, sums) with the rule
//! each one says, which one evaluator here reads.

use serde::{Deserialize, Serialize};
use std::sync::Arc;
use sudoku_core::plain::{capitalized, list};
use sudoku_core::variant::rules::lowered;
use sudoku_core::variant::{Check, Rules};
use sudoku_core::wire::RulesBefore;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Grid, House};

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PageRules {
    /// The rules in postcard's form, as the worker reads them; empty for the classic rules.
    rules: Vec<u8>,
    groups: Vec<(String, CellSet)>,
    /// Each cell's peers, by index (81 of them, or none for the classic rules).
    peers: Vec<CellSet>,
    /// Each cage's cells and sum (0: none).
    cages: Vec<(CellSet, u8)>,
    houses: Vec<(House, CellSet)>,
    jigsaw: bool,
    drawing: String,
    /// f-puzzles' lz-string base64 payload, as links carry it.
    link: Option<String>,
    /// The rules as checks, which the worker works out from the rules' bytes whenever the page
    /// lacks them (neither saved nor sent with a puzzle): none until then.
    #[serde(skip)]
    checks: Option<Arc<Lowered>>,
}

/// The rules lowered to checks (see [`sudoku_core::variant::Check`]) as the worker sends them:
/// their bytes ([`lowered::encode`]), each numbered by the line of `rules_said` that says what a
/// conflict says of its cells.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Checks {
    encoded: Vec<u8>,
    rules_said: String,
    /// Whether the checks say every rule beyond the groups and peers: when not, only the
    /// solution tells a solved board.
    say_all: bool,
    /// The names of the rules the core does not know, which are only drawn, as a sentence's
    /// subject: "Zipper lines and X-sums".
    unchecked: String,
    /// What each cell says of the marks it is on, a line per cell in reading order ("thermometer
    /// bulb, white dot right"); empty when no cell is on any.
    cell_words: String,
}

impl Checks {
    /// The checks of `rules`, the worker's side.
    pub fn of(rules: &Rules) -> Checks {
        let (lowered, say_all) = rules.lowered();
        let mut rules_said: Vec<String> = Vec::new();
        let mut checks = Vec::new();
        for (check, said) in lowered {
            let index = match rules_said.iter().position(|known| *known == said) {
                Some(index) => index,
                None => {
                    rules_said.push(said);
                    rules_said.len() - 1
                }
            };
            checks.push((check, index as u8));
        }
        let unchecked = rules.unknown_rule_names();
        let cell_words = rules.cell_words();
        Checks {
            encoded: lowered::encode(&checks),
            rules_said: rules_said.join("\n"),
            say_all,
            unchecked: capitalized(&list(&unchecked, "and")),
            cell_words: if cell_words.iter().all(String::is_empty) {
                String::new()
            } else {
                cell_words.join("\n")
            },
        }
    }
}

/// The line of `cell_words` ([`PageRules::cell_words`]) that is `cell`'s.
pub fn words_at(cell_words: &str, cell: Cell) -> &str {
    cell_words.lines().nth(cell.index()).unwrap_or_default()
}

/// The checks as the page reads them, shared by the states of a game.
#[derive(Debug)]
struct Lowered {
    checks: Vec<(Check, u8)>,
    /// A line per rule.
    rules_said: String,
    say_all: bool,
    unchecked: String,
    cell_words: String,
}

/// Rules are the same when what they hold is: the checks follow from the rules' bytes.
impl PartialEq for PageRules {
    fn eq(&self, other: &PageRules) -> bool {
        self.rules == other.rules
            && self.groups == other.groups
            && self.peers == other.peers
            && self.cages == other.cages
            && self.houses == other.houses
            && self.jigsaw == other.jigsaw
            && self.drawing == other.drawing
            && self.link == other.link
    }
}

/// Digits that break a rule beyond a repeat: the filled cells of a check, and what a conflict
/// says after their names (": a white dot joins consecutive digits", " are a knight's move
/// apart").
#[derive(Clone, PartialEq, Debug)]
pub struct Broken {
    pub cells: CellSet,
    pub said: String,
}

/// A digit twice in a group: "two 5s in the cage at r1c1".
#[derive(Clone, PartialEq, Debug)]
pub struct Repeat {
    pub digit: Digit,
    pub group: String,
    pub first: Cell,
    pub second: Cell,
}

impl PageRules {
    /// What the page needs of `rules` (the worker's side), with the payload of its links.
    pub fn of(rules: &Rules, link: Option<String>) -> PageRules {
        if rules.is_classic() {
            return PageRules::default();
        }
        let layout = rules.layout();
        PageRules {
            rules: postcard::to_allocvec(rules).expect("rules always have a serde form"),
            groups: rules
                .named_groups()
                .into_iter()
                .map(|(group, cells)| (group.to_string(), cells))
                .collect(),
            peers: rules.peers().to_vec(),
            cages: rules
                .cages()
                .map(|cage| (cage.cells, cage.sum.unwrap_or(0)))
                .collect(),
            houses: layout
                .houses()
                .iter()
                .filter(|house| house.id() >= House::COUNT)
                .map(|&house| (house, layout.cells_of(house)))
                .collect(),
            jigsaw: rules.is_jigsaw(),
            drawing: rules.drawing(),
            link,
            checks: None,
        }
    }

    /// The rules, as the worker reads them back from their bytes, in their form or in the form
    /// before it (saves of format 9 and before): the classic ones for none (or bytes that are
    /// not rules, from a damaged save).
    pub fn decode(bytes: &[u8]) -> Rules {
        postcard::from_bytes(bytes)
            .ok()
            .or_else(|| {
                let before: RulesBefore = postcard::from_bytes(bytes).ok()?;
                Rules::try_from(before).ok()
            })
            .unwrap_or_default()
    }

    /// The rules' bytes, for the worker.
    pub fn bytes(&self) -> &[u8] {
        &self.rules
    }

    pub fn is_classic(&self) -> bool {
        self.rules.is_empty()
    }

    /// Whether what a save holds could be a variant: a peer set per cell, or none, and cages of
    /// one to nine cells.
    pub fn is_whole(&self) -> bool {
        self.peers.len() == if self.is_classic() { 0 } else { Cell::COUNT }
            && self
                .cages
                .iter()
                .all(|(cells, _)| (1..=9).contains(&cells.len()))
    }

    pub fn is_jigsaw(&self) -> bool {
        self.jigsaw
    }

    /// The SVG markup that draws the rules over the board (empty for the classic ones).
    pub fn drawing(&self) -> &str {
        &self.drawing
    }

    pub fn link(&self) -> Option<&str> {
        self.link.as_deref()
    }

    /// The cells that share a group with `cell`.
    pub fn peers(&self, cell: Cell) -> CellSet {
        self.peers
            .get(cell.index())
            .copied()
            .unwrap_or_else(|| cell.peers())
    }

    /// The cells of a house that a step names.
    pub fn house_cells(&self, house: House) -> CellSet {
        match self.houses.iter().find(|(h, _)| *h == house) {
            Some(&(_, cells)) => cells,
            None if house.id() < House::COUNT => house.cell_set(),
            None => CellSet::EMPTY,
        }
    }

    /// The cage of `cell`, if it is in one: its sum (0: none) and its number of cells.
    pub fn cage_of(&self, cell: Cell) -> Option<(u8, u8)> {
        self.cages
            .iter()
            .find(|(cells, _)| cells.contains(cell))
            .map(|&(cells, sum)| (sum, cells.len() as u8))
    }

    /// Whether `cell` bears its cage's sum in its corner (the drawing writes it in the cage's
    /// first cell): the small digits there keep clear of it.
    pub fn bears_cage_sum(&self, cell: Cell) -> bool {
        self.cages
            .iter()
            .any(|&(cells, sum)| sum > 0 && cells.first() == Some(cell))
    }

    /// Every digit twice in a group of `board`, group by group.
    pub fn repeats(&self, board: &Grid) -> Vec<Repeat> {
        if self.is_classic() {
            return board
                .conflicts()
                .into_iter()
                .map(|c| Repeat {
                    digit: c.digit,
                    group: c.house.to_string(),
                    first: c.first,
                    second: c.second,
                })
                .collect();
        }
        let mut repeats = Vec::new();
        for (group, cells) in &self.groups {
            for (digit, first, second) in cells.repeats(board.digits()) {
                repeats.push(Repeat {
                    digit,
                    group: group.clone(),
                    first,
                    second,
                });
            }
        }
        repeats
    }

    /// Whether the checks are still to be worked out: a variant's, read back or sent.
    pub fn lacks_checks(&self) -> bool {
        !self.is_classic() && self.checks.is_none()
    }

    /// Takes the checks the worker worked out from `bytes`, if they are these rules'.
    pub fn take_checks(&mut self, bytes: &[u8], checks: Checks) {
        if bytes == self.rules {
            self.checks = lowered::decode(&checks.encoded).map(|decoded| {
                Arc::new(Lowered {
                    checks: decoded,
                    rules_said: checks.rules_said,
                    say_all: checks.say_all,
                    unchecked: checks.unchecked,
                    cell_words: checks.cell_words,
                })
            });
        }
    }

    /// The checks, none while they are worked out.
    fn checks(&self) -> &[(Check, u8)] {
        self.checks.as_ref().map_or(&[], |checks| &checks.checks)
    }

    /// Every check the digits of `board` break, with the rule it says.
    pub fn broken(&self, board: &Grid) -> Vec<Broken> {
        let Some(checks) = &self.checks else {
            return Vec::new();
        };
        let values = values(board);
        let filled = board.filled();
        checks
            .checks
            .iter()
            .filter(|(check, _)| !check.holds(&values))
            .map(|(check, said)| Broken {
                cells: check.cells() & filled,
                said: (checks.rules_said.lines().nth(usize::from(*said)))
                    .unwrap_or_default()
                    .to_string(),
            })
            .collect()
    }

    /// For each empty cell of `board`, the digits its checks still allow, the other cells as
    /// they are; every digit for a filled cell. Peers are the caller's.
    pub fn allowed_digits(&self, board: &Grid) -> [DigitSet; Cell::COUNT] {
        let mut values = values(board);
        let mut allowed = [DigitSet::ALL; Cell::COUNT];
        for (check, _) in self.checks() {
            let blanks = check.cells() - board.filled();
            for cell in blanks.iter() {
                for digit in allowed[cell.index()].iter() {
                    values[cell.index()] = digit.get();
                    if !check.holds(&values) {
                        allowed[cell.index()].remove(digit);
                    }
                }
                values[cell.index()] = 0;
            }
        }
        allowed
    }

    /// What each cell says of the marks it is on, a line per cell ([`Checks`]): empty for none
    /// (or until the worker has sent the checks).
    pub fn cell_words(&self) -> &str {
        self.checks.as_ref().map_or("", |checks| &checks.cell_words)
    }

    /// What `cell` says of the marks it is on.
    pub fn words_at(&self, cell: Cell) -> &str {
        words_at(self.cell_words(), cell)
    }

    /// The names of the rules only drawn ("Zipper lines and X-sums"), once the checks came and
    /// if there are any.
    pub fn unchecked(&self) -> Option<&str> {
        (self.checks.as_ref())
            .and_then(|checks| Some(checks.unchecked.as_str()).filter(|keys| !keys.is_empty()))
    }

    /// Whether the checks say every rule beyond groups and peers: if not, a board that passes
    /// them may still break a rule only the solution knows.
    pub fn checks_say_all(&self) -> bool {
        self.is_classic() || self.checks.as_ref().is_some_and(|checks| checks.say_all)
    }

    /// Whether `board` is full, repeats no digit in a group and every check (a cage's sum
    /// among them) holds.
    pub fn solves(&self, board: &Grid) -> bool {
        board.filled_count() == Cell::COUNT
            && self.repeats(board).is_empty()
            && self.broken(board).is_empty()
    }
}

/// The digits of `board`, 0 for a blank: what checks read.
fn values(board: &Grid) -> [u8; Cell::COUNT] {
    Cell::ALL.map(|cell| board.get(cell).map_or(0, Digit::get))
}

#[cfg(test)]
impl PageRules {
    /// Rules as a save of format 9 holds them: what the page needs of a variant's rules, their
    /// bytes in the form before; and the rules those bytes read as.
    pub(crate) fn in_the_form_before() -> (PageRules, Rules) {
        let rules = tests::rules_before();
        let page = PageRules {
            rules: tests::RULES_BEFORE.to_vec(),
            ..PageRules::of(&rules, None)
        };
        (page, rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::variant::{Cage, Variant};

    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn killer(sum: u8) -> PageRules {
        let cage = Cage {
            cells: [Cell::at(0, 0), Cell::at(0, 1)].into_iter().collect(),
            sum: Some(sum),
        };
        let rules = Rules::classic().with([cage]).unwrap();
        let mut page = PageRules::of(&rules, None);
        // Owned: the page is borrowed again to take them.
        let bytes = page.bytes().to_vec();
        page.take_checks(&bytes, Checks::of(&rules));
        page
    }

    #[test]
    fn the_classic_rules_are_the_empty_page_rules() {
        let classic = PageRules::of(&Rules::classic(), None);
        assert_eq!(classic, PageRules::default());
        assert!(classic.is_classic() && classic.is_whole());
        assert_eq!(classic.peers(Cell::at(4, 4)), Cell::at(4, 4).peers());
        assert_eq!(PageRules::decode(classic.bytes()), Rules::classic());
        let solution = Grid::parse_line(SOLUTION).unwrap();
        assert!(classic.solves(&solution));
    }

    #[test]
    fn a_variant_keeps_what_the_page_needs_of_its_rules() {
        let x = Rules::of(Variant::X);
        let rules = PageRules::of(&x, Some("N4Ig".into()));
        assert_eq!(PageRules::decode(rules.bytes()), x);
        assert!(rules.is_whole() && !rules.is_jigsaw());
        assert!(rules.peers(Cell::at(0, 0)).contains(Cell::at(8, 8)));
        assert_eq!(rules.house_cells(House::FALLING_DIAGONAL).len(), 9);
        assert_eq!(rules.house_cells(House::row(1)), House::row(1).cell_set());
        assert!(rules.drawing().contains("diagonal"));
        assert_eq!(rules.link(), Some("N4Ig"));
        // The classic solution repeats digits on the diagonals.
        let solution = Grid::parse_line(SOLUTION).unwrap();
        assert!(!rules.solves(&solution));
        let repeat = &rules.repeats(&solution)[0];
        assert_eq!(repeat.group, "the diagonal from top left");
    }

    /// The bytes of rules in a save of format 9: a jigsaw's regions (two boxes trading a cell),
    /// the rising diagonal, a window and an extra region of two cells, and two cages.
    pub(super) const RULES_BEFORE: [u8; 106] = [
        81, 0, 0, 1, 0, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3,
        3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7,
        7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8, 0, 1, 2, 9, 10, 11, 12,
        19, 20, 21, 28, 29, 30, 2, 8, 80, 2, 2, 0, 1, 3, 1, 80, 0,
    ];

    /// The rules that [`RULES_BEFORE`] holds.
    pub(super) fn rules_before() -> Rules {
        use sudoku_core::variant::{Diagonal, ExtraRegion, windows};
        let cells = |cells: &[(u8, u8)]| cells.iter().map(|&(r, c)| Cell::at(r, c)).collect();
        let mut regions = *Rules::classic().regions();
        regions.swap(2, 3);
        let extra_regions = [windows()[0], cells(&[(8, 8), (0, 8)])];
        let cages = [
            Cage {
                cells: cells(&[(0, 0), (0, 1)]),
                sum: Some(3),
            },
            Cage {
                cells: cells(&[(8, 8)]),
                sum: None,
            },
        ];
        Rules::classic()
            .with_regions(regions)
            .and_then(|rules| rules.with([Diagonal::Rising]))
            .and_then(|rules| rules.with(extra_regions.map(|cells| ExtraRegion { cells })))
            .and_then(|rules| rules.with(cages))
            .unwrap()
    }

    #[test]
    fn rules_saved_in_the_form_before_read_the_same() {
        let rules = rules_before();
        assert_eq!(PageRules::decode(&RULES_BEFORE), rules);
        let bytes = postcard::to_allocvec(&rules).unwrap();
        assert_eq!(PageRules::decode(&bytes), rules);
        assert_ne!(
            bytes[..],
            RULES_BEFORE,
            "the form changed: its tag comes first"
        );
    }

    #[test]
    fn a_save_whose_cages_or_peers_are_no_variant_s_is_not_whole() {
        let mut rules = killer(8);
        assert!(rules.is_whole());
        rules.cages[0].0 = CellSet::ALL;
        assert!(!rules.is_whole());
        let mut rules = killer(8);
        rules.peers.pop();
        assert!(!rules.is_whole());
    }

    #[test]
    fn a_cage_names_its_cells_and_must_add_up() {
        let solution = Grid::parse_line(SOLUTION).unwrap();
        assert!(killer(8).solves(&solution));
        assert!(!killer(9).solves(&solution));
        // The sum is a check: broken once the cage is full, or as soon as its digits cannot
        // make it, and said by its rule.
        let mut over = Grid::empty();
        over.set_entry(Cell::at(0, 0), Digit::new(8));
        assert_eq!(
            killer(8).broken(&over),
            [Broken {
                cells: CellSet::single(Cell::at(0, 0)),
                said: ": a cage's digits differ and add up to its sum".into(),
            }]
        );
        let allowed = killer(8).allowed_digits(&Grid::empty());
        let digit = |d| Digit::new(d).unwrap();
        assert!(!allowed[0].contains(digit(8)) && allowed[0].contains(digit(7)));
        assert_eq!(killer(8).cage_of(Cell::at(0, 1)), Some((8, 2)));
        assert_eq!(killer(8).cage_of(Cell::at(1, 1)), None);
        let mut twice = Grid::empty();
        twice.set_entry(Cell::at(0, 0), Digit::new(4));
        twice.set_entry(Cell::at(0, 1), Digit::new(4));
        let groups: Vec<String> = killer(8)
            .repeats(&twice)
            .into_iter()
            .map(|r| r.group)
            .collect();
        assert_eq!(groups, ["row 1", "box 1", "the cage at r1c1"]);
    }
}
