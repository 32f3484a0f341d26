//! Pairs of cells side by side, which dots and X and V marks sit between and which the rules
//! about unmarked pairs (nonconsecutive, the negative rules) speak of; what the rules' marks tell
//! those rules ([`Marked`]); and how a relation between the digits of a pair narrows its cells,
//! shared by the kinds of those files.

use super::lowered::Check;
use super::{Dead, Narrow};
use crate::cell::{Cell, Digit};
use crate::house::House;
use crate::sets::CellSet;
use crate::variant::Violation;
use crate::words::mask_text;

/// For each digit `d` (at `d - 1`), the digits it may or may not sit beside, bit `e - 1` for
/// digit `e`: a relation between the two digits of a pair.
pub(crate) type Partners = [u16; 9];

/// The relation of the digits for which `holds` is true.
pub(crate) fn partners(holds: impl Fn(u8, u8) -> bool) -> Partners {
    std::array::from_fn(|i| {
        (1..=9u8)
            .filter(|&e| holds(i as u8 + 1, e))
            .fold(0, |bits, e| bits | 1 << (e - 1))
    })
}

/// Whether two cells are side by side, in a row or a column.
pub(crate) fn side_by_side(a: Cell, b: Cell) -> bool {
    (a.row() == b.row() && a.col().abs_diff(b.col()) == 1)
        || (a.col() == b.col() && a.row().abs_diff(b.row()) == 1)
}

/// Where `other`, side by side with `cell`, lies from it: "right", "left", "below" or "above".
fn side(cell: Cell, other: Cell) -> &'static str {
    if other.row() == cell.row() {
        if other.col() > cell.col() {
            "right"
        } else {
            "left"
        }
    } else if other.row() > cell.row() {
        "below"
    } else {
        "above"
    }
}

/// A mark between two cells side by side, as each of them says it: "white dot right" in the
/// left one, "white dot left" in the right one.
pub(crate) fn describe_pair(cells: [Cell; 2], mark: &str, said: &mut dyn FnMut(Cell, String)) {
    let [a, b] = cells;
    said(a, format!("{mark} {}", side(a, b)));
    said(b, format!("{mark} {}", side(b, a)));
}

/// Every pair of cells side by side on the grid (144), the first above or left of the second.
pub(crate) fn all_pairs() -> impl Iterator<Item = [Cell; 2]> {
    Cell::all().flat_map(|cell| {
        let (row, col) = (cell.row(), cell.col());
        let right = (col < 8).then(|| [cell, Cell::at(row, col + 1)]);
        let down = (row < 8).then(|| [cell, Cell::at(row + 1, col)]);
        right.into_iter().chain(down)
    })
}

/// A set of pairs of cells side by side, each by its first cell (above or left of the other):
/// those running right and those running down.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Pairs {
    right: CellSet,
    down: CellSet,
}

impl Pairs {
    /// Adds the pair of two cells side by side, in either order; any other two cells are no pair.
    pub fn insert(&mut self, [a, b]: [Cell; 2]) {
        let first = if a.index() < b.index() { a } else { b };
        if a.row() == b.row() && a.col().abs_diff(b.col()) == 1 {
            self.right.insert(first);
        } else if a.col() == b.col() && a.row().abs_diff(b.row()) == 1 {
            self.down.insert(first);
        }
    }

    /// Whether it holds the pair of `a` and `b`, in either order.
    pub fn contains(&self, [a, b]: [Cell; 2]) -> bool {
        let first = if a.index() < b.index() { a } else { b };
        if a.row() == b.row() {
            self.right.contains(first)
        } else {
            self.down.contains(first)
        }
    }
}

/// What the marks of rules tell the rules about the cells with no mark: which pairs carry a dot
/// (white or black), which an X or a V, and the values of the black dots; which cells are minima
/// and which maxima (not compared with each other).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Marked {
    pub dots: Pairs,
    pub xv: Pairs,
    /// The values of the black dots, bit `v` for the ratio `v`.
    pub ratios: u16,
    pub minima: CellSet,
    pub maxima: CellSet,
}

/// Keeps in each cell of a pair the digits that some digit of the other cell stands in the
/// relation with; true if any went. For a pair that is marked; one pass leaves both cells
/// consistent, a digit kept in the first having its partner kept in the second.
pub(crate) fn narrow_pair(
    marks: &mut dyn Narrow,
    [a, b]: [Cell; 2],
    partners: &Partners,
) -> Result<bool, Dead> {
    let mut changed = marks.keep(a, supported(marks.digits(a), marks.digits(b), partners))?;
    changed |= marks.keep(b, supported(marks.digits(b), marks.digits(a), partners))?;
    Ok(changed)
}

/// Why [`narrow_pair`] took what it took from `before`, leaving `after`, for a mark that joins
/// `joins` ("consecutive digits"): the digits with no partner at all, then each cell that lost
/// more: kept to the partners of the other's few digits, or losing the digits whose partners the
/// other lacks.
pub(crate) fn pair_reason(
    [a, b]: [Cell; 2],
    partners: &Partners,
    joins: &str,
    before: &dyn Narrow,
    after: &dyn Narrow,
) -> String {
    let lonely = (0..9)
        .filter(|&i| partners[i] == 0)
        .fold(0u16, |lonely, i| lonely | 1 << i);
    let lost = |cell: Cell| before.digits(cell) & !after.digits(cell);
    let mut said = Vec::new();
    let alone: Vec<String> = [a, b]
        .into_iter()
        .filter(|&cell| lost(cell) & lonely != 0)
        .map(|cell| cell.to_string())
        .collect();
    if !alone.is_empty() {
        let lonely = mask_text(lonely);
        let alone = alone.join(" and ");
        said.push(format!(
            "no digit goes with {lonely}, so {alone} ≠ {lonely}"
        ));
    }
    for [cell, other] in [[a, b], [b, a]] {
        let gone = lost(cell) & !lonely;
        if gone == 0 {
            continue;
        }
        let theirs = after.digits(other);
        // What the other can be when it has few digits that this step left alone, else the
        // partners the lost digits lack (which the other lacks before and after the step).
        if theirs.count_ones() <= 3 && lost(other) == 0 {
            let (theirs, mine) = (mask_text(theirs), mask_text(after.digits(cell)));
            said.push(format!("{other} is {theirs}, so {cell} is {mine}"));
        } else {
            let needed = (0..9)
                .filter(|&i| gone >> i & 1 != 0)
                .fold(0, |needed, i| needed | partners[i]);
            let (need, them) = match gone.count_ones() {
                1 => ("needs", "it"),
                _ => ("need", "them"),
            };
            let (gone, needed) = (mask_text(gone), mask_text(needed));
            said.push(format!(
                "{cell} ≠ {gone} ({gone} {need} {needed} beside {them}: {other} has none)"
            ));
        }
    }
    format!("{joins}: {}", said.join("; "))
}

/// Why cells that hold one digit two by two (a palindrome's mirrored cells, clones) lost what
/// they lost: each pair that lost digits, and the digits one cell lost for the other lacks them.
pub(crate) fn same_digit_reason(
    pairs: impl Iterator<Item = (Cell, Cell)>,
    before: &dyn Narrow,
    after: &dyn Narrow,
) -> String {
    let lost = |cell: Cell| before.digits(cell) & !after.digits(cell);
    let said: Vec<String> = pairs
        .filter(|&(a, b)| lost(a) | lost(b) != 0)
        .map(|(a, b)| {
            let sides: Vec<String> = [(a, b), (b, a)]
                .into_iter()
                .filter(|&(cell, _)| lost(cell) != 0)
                .map(|(cell, other)| format!("{cell} ≠ {} (not in {other})", mask_text(lost(cell))))
                .collect();
            format!("{a} and {b} hold one digit: {}", sides.join(", "))
        })
        .collect();
    said.join("; ")
}

/// The digits of `digits` with a partner among `other`.
fn supported(digits: u16, other: u16, partners: &Partners) -> u16 {
    (0..9)
        .filter(|&i| digits >> i & 1 != 0 && partners[i] & other != 0)
        .fold(0, |kept, i| kept | 1 << i)
}

/// Removes from each cell of every unmarked pair (those not in `exempt`) a digit that every
/// digit of the other cell would sit beside in the forbidden relation: the digits beside a known
/// digit, and more when the other cell has few left. True if any went.
pub(crate) fn narrow_unmarked(
    marks: &mut dyn Narrow,
    exempt: &Pairs,
    forbidden: &Partners,
) -> Result<bool, Dead> {
    // A digit goes only when the other cell's digits are all among its forbidden partners: a
    // cell with more digits than any digit has such partners takes nothing from its neighbour.
    let widest = forbidden.iter().map(|bits| bits.count_ones()).max();
    let widest = widest.unwrap_or(0);
    let allowed = forbidden.map(|bits| !bits & 0x1ff);
    // Each cell's digits read once, the pass keeping them up to date (the forcing chains ask
    // this of the whole grid at every turn).
    let mut digits: [u16; Cell::COUNT] = std::array::from_fn(|i| marks.digits(Cell::ALL[i]));
    let mut changed = false;
    for pair in all_pairs() {
        if exempt.contains(pair) {
            continue;
        }
        for [cell, other] in [pair, [pair[1], pair[0]]] {
            let theirs = digits[other.index()];
            if theirs.count_ones() <= widest {
                let kept = supported(digits[cell.index()], theirs, &allowed);
                if kept != digits[cell.index()] {
                    marks.keep(cell, kept)?;
                    digits[cell.index()] = kept;
                    changed = true;
                }
            }
        }
    }
    Ok(changed)
}

/// [`narrow_unmarked`] on digit planes, by bits: per digit, the cells that no digit it may sit
/// beside can fill take it from their neighbours across an unmarked pair. True if any went; dead
/// when a cell is left with none.
pub(crate) fn narrow_unmarked_planes(
    places: &mut [CellSet; Digit::COUNT],
    exempt: &Pairs,
    forbidden: &Partners,
) -> Result<bool, Dead> {
    let (right, down) = unmarked_firsts(exempt);
    let mut changed = false;
    for (digit, forbidden) in forbidden.iter().enumerate() {
        let allowed = !forbidden & 0x1ff;
        let fillers = (0..Digit::COUNT)
            .filter(|&other| allowed >> other & 1 != 0)
            .fold(CellSet::EMPTY, |cells, other| cells | places[other]);
        let blocking = CellSet::ALL - fillers;
        if blocking.is_empty() {
            continue;
        }
        // Across each unmarked pair both ways: a pair running right joins its first cell to the
        // next bit, one running down to the bit nine on.
        let bits = blocking.bits();
        let beside = CellSet::from_bits(
            (bits & right.bits()) << 1
                | (bits >> 1 & right.bits())
                | (bits & down.bits()) << 9
                | (bits >> 9 & down.bits()),
        );
        let gone = places[digit] & beside;
        if !gone.is_empty() {
            places[digit] = places[digit] - gone;
            changed = true;
        }
    }
    let filled = places
        .iter()
        .fold(CellSet::EMPTY, |cells, &plane| cells | plane);
    match changed && filled != CellSet::ALL {
        true => Err(Dead),
        false => Ok(changed),
    }
}

/// Why [`narrow_unmarked`] took what it took from `before`, leaving `after`: each neighbour
/// whose every digit forbids the digits a cell lost, with the cells it took them from: "r5c5
/// is 5, so r4c5 ≠ 4/6, r5c4 ≠ 4/6".
pub(crate) fn unmarked_reason(
    exempt: &Pairs,
    forbidden: &Partners,
    before: &dyn Narrow,
    after: &dyn Narrow,
) -> String {
    // What every digit of a mark forbids beside it.
    let forbids = |digits: u16| {
        (0..9)
            .filter(|&i| digits >> i & 1 != 0)
            .fold(0x1ff, |all, i| all & forbidden[i])
    };
    let mut sources: Vec<(Cell, Vec<String>)> = Vec::new();
    let mut explained = [0u16; Cell::COUNT];
    for pair in all_pairs().filter(|&pair| !exempt.contains(pair)) {
        for [cell, other] in [pair, [pair[1], pair[0]]] {
            let lost = before.digits(cell) & !after.digits(cell) & !explained[cell.index()];
            let taken = lost & forbids(after.digits(other));
            if taken == 0 {
                continue;
            }
            explained[cell.index()] |= taken;
            let clause = format!("{cell} ≠ {}", mask_text(taken));
            match sources.iter_mut().find(|(source, _)| *source == other) {
                Some((_, clauses)) => clauses.push(clause),
                None => sources.push((other, vec![clause])),
            }
        }
    }
    let said: Vec<String> = sources
        .into_iter()
        .map(|(source, clauses)| {
            let digits = mask_text(after.digits(source));
            format!("{source} is {digits}, so {}", clauses.join(", "))
        })
        .collect();
    said.join("; ")
}

/// A check per unmarked pair: its digits stand in no forbidden relation.
pub(crate) fn lower_unmarked(exempt: &Pairs, forbidden: &Partners, checks: &mut Vec<Check>) {
    let allowed = forbidden.map(|bits| !bits & 0x1ff);
    for cells in all_pairs().filter(|&pair| !exempt.contains(pair)) {
        checks.push(Check::Pair { cells, allowed });
    }
}

/// Whether the digits of a pair (0 for a blank) can still stand in the relation: both known and
/// related, or one known with some partner.
pub(crate) fn pair_allows(
    values: &[u8; Cell::COUNT],
    [a, b]: [Cell; 2],
    partners: &Partners,
) -> bool {
    let bit = |value: u8| 1u16 << (value - 1);
    match (values[a.index()], values[b.index()]) {
        (0, 0) => true,
        (value, 0) | (0, value) => partners[usize::from(value - 1)] != 0,
        (x, y) => partners[usize::from(x - 1)] & bit(y) != 0,
    }
}

/// The first unmarked pair whose two known digits stand in the forbidden relation, as `rule`
/// broken at its first cell.
pub(crate) fn check_unmarked(
    values: &[u8; Cell::COUNT],
    exempt: &Pairs,
    forbidden: &Partners,
    rule: &'static str,
) -> Option<Violation> {
    all_pairs()
        .filter(|&pair| !exempt.contains(pair))
        .find(|&[a, b]| {
            let (x, y) = (values[a.index()], values[b.index()]);
            x != 0 && y != 0 && forbidden[usize::from(x - 1)] >> (y - 1) & 1 != 0
        })
        .map(|[at, _]| Violation::Broken { rule, at })
}

/// The cells of the unmarked pairs.
pub(crate) fn unmarked_cells(exempt: &Pairs) -> CellSet {
    // By bits, as the forcing chains ask it at every turn: the first cells of the unmarked pairs
    // running right and down, and the cells one to the right (one bit on) and one below (nine
    // bits on).
    let (right, down) = unmarked_firsts(exempt);
    right | down | CellSet::from_bits(right.bits() << 1 | down.bits() << 9)
}

/// The first cells of the unmarked pairs running right, and of those running down.
fn unmarked_firsts(exempt: &Pairs) -> (CellSet, CellSet) {
    let right = CellSet::ALL - House::column(8).cell_set() - exempt.right;
    let down = CellSet::ALL - House::row(8).cell_set() - exempt.down;
    (right, down)
}

/// The cells that took digits from those of `narrowed` across an unmarked pair: the neighbours
/// with few enough digits to forbid one (a known digit, or two around a digit), as `marks` had
/// them before. What a step of a rule about unmarked pairs shows as its reason.
pub(crate) fn unmarked_reasons(
    exempt: &Pairs,
    forbidden: &Partners,
    narrowed: CellSet,
    marks: &dyn Narrow,
) -> CellSet {
    let widest = forbidden.iter().map(|bits| bits.count_ones()).max();
    let widest = widest.unwrap_or(0);
    let mut reasons = CellSet::EMPTY;
    for pair in all_pairs().filter(|&pair| !exempt.contains(pair)) {
        for [cell, other] in [pair, [pair[1], pair[0]]] {
            if narrowed.contains(cell) && marks.digits(other).count_ones() <= widest {
                reasons.insert(other);
            }
        }
    }
    reasons
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::rules::Marks;

    #[test]
    fn there_are_144_pairs_each_found_in_either_order() {
        let mut pairs = Pairs::default();
        for pair in all_pairs() {
            assert!(side_by_side(pair[0], pair[1]));
            assert!(!pairs.contains(pair));
            pairs.insert([pair[1], pair[0]]);
            assert!(pairs.contains(pair));
        }
        assert_eq!(all_pairs().count(), 144);
        assert_eq!(unmarked_cells(&pairs), CellSet::EMPTY);
        assert_eq!(unmarked_cells(&Pairs::default()), CellSet::ALL);
    }

    #[test]
    fn the_cells_of_the_unmarked_pairs_are_those_of_some_pair_with_no_mark() {
        // Marks around r1c1 (both its pairs), between r5c5 and r5c6, and below r9c8.
        let mut exempt = Pairs::default();
        for pair in [
            [Cell::at(0, 0), Cell::at(0, 1)],
            [Cell::at(0, 0), Cell::at(1, 0)],
            [Cell::at(4, 4), Cell::at(4, 5)],
            [Cell::at(7, 7), Cell::at(8, 7)],
        ] {
            exempt.insert(pair);
        }
        let by_pairs: CellSet = (all_pairs())
            .filter(|&pair| !exempt.contains(pair))
            .flatten()
            .collect();
        assert_eq!(unmarked_cells(&exempt), by_pairs);
        assert_eq!(by_pairs, CellSet::ALL - CellSet::single(Cell::at(0, 0)));
    }

    /// The marks `narrow` leaves when called until nothing more goes; `None` when dead.
    fn narrowed_to_the_end(
        mut marks: Marks,
        narrow: impl Fn(&mut Marks) -> Result<bool, Dead>,
    ) -> Option<Marks> {
        while narrow(&mut marks).ok()? {}
        Some(marks)
    }

    /// A cell's digits, most of them few, so that the rules about unmarked pairs find something.
    fn few_digits() -> impl proptest::strategy::Strategy<Value = u16> {
        use proptest::prelude::*;
        prop_oneof![
            (0..9u16).prop_map(|d| 1 << d),
            (0..9u16, 0..9u16).prop_map(|(d, e)| 1 << d | 1 << e),
            1..0x200u16,
        ]
    }

    proptest::proptest! {
        #[test]
        fn by_planes_the_rules_about_unmarked_pairs_narrow_as_by_cells(
            digits in proptest::collection::vec(few_digits(), Cell::COUNT),
            marked in proptest::collection::vec(proptest::bool::weighted(0.2), 2 * Cell::COUNT),
            sums in proptest::bool::ANY,
        ) {
            let forbidden = match sums {
                false => partners(|a, b| a.abs_diff(b) == 1),
                true => partners(|a, b| a + b == 10 || a + b == 5),
            };
            let mut exempt = Pairs::default();
            for (pair, _) in all_pairs().zip(marked).filter(|(_, marked)| *marked) {
                exempt.insert(pair);
            }
            let marks = Marks(std::array::from_fn(|i| digits[i]));
            let by_cells = narrowed_to_the_end(Marks(marks.0), |marks| {
                narrow_unmarked(marks, &exempt, &forbidden)
            });
            let by_planes = narrowed_to_the_end(marks, |marks| {
                let mut places: [CellSet; Digit::COUNT] = std::array::from_fn(|digit| {
                    Cell::all().filter(|cell| marks.0[cell.index()] >> digit & 1 != 0).collect()
                });
                let changed = narrow_unmarked_planes(&mut places, &exempt, &forbidden)?;
                *marks = Marks(std::array::from_fn(|i| {
                    (0..Digit::COUNT)
                        .filter(|&digit| places[digit].contains(Cell::ALL[i]))
                        .fold(0, |bits, digit| bits | 1 << digit)
                }));
                Ok(changed)
            });
            proptest::prop_assert_eq!(by_cells.map(|marks| marks.0), by_planes.map(|marks| marks.0));
        }
    }

    #[test]
    fn side_by_side_means_sharing_an_edge() {
        assert!(!side_by_side(Cell::at(0, 8), Cell::at(1, 0)));
        assert!(!side_by_side(Cell::at(0, 0), Cell::at(1, 1)));
    }

    #[test]
    fn a_pair_keeps_the_digits_with_a_partner() {
        let consecutive = partners(|a, b| a.abs_diff(b) == 1);
        let (a, b) = (Cell::at(0, 0), Cell::at(0, 1));
        let mut marks = Marks::open();
        marks.set(a, &[1, 5]);
        marks.set(b, &[2, 3, 9]);
        assert_eq!(narrow_pair(&mut marks, [a, b], &consecutive), Ok(true));
        assert_eq!((marks.list(a), marks.list(b)), (vec![1], vec![2]));
        marks.set(b, &[7]);
        assert_eq!(narrow_pair(&mut marks, [a, b], &consecutive), Err(Dead));
    }

    #[test]
    fn an_unmarked_pair_loses_what_every_digit_beside_forbids() {
        let consecutive = partners(|a, b| a.abs_diff(b) == 1);
        let (a, b, c) = (Cell::at(4, 4), Cell::at(4, 5), Cell::at(5, 4));
        let mut marks = Marks::open();
        marks.set(a, &[5]);
        let mut exempt = Pairs::default();
        exempt.insert([a, c]);
        assert_eq!(narrow_unmarked(&mut marks, &exempt, &consecutive), Ok(true));
        assert_eq!(marks.list(b), [1, 2, 3, 5, 7, 8, 9]);
        assert_eq!(marks.list(c).len(), 9, "a marked pair is exempt");
        // Two digits beside: 3 is consecutive with both 2 and 4.
        let mut marks = Marks::open();
        marks.set(a, &[2, 4]);
        narrow_unmarked(&mut marks, &Pairs::default(), &consecutive).unwrap();
        assert_eq!(marks.list(b), [1, 2, 4, 5, 6, 7, 8, 9]);
        let mut values = [0; Cell::COUNT];
        values[a.index()] = 5;
        values[c.index()] = 6;
        assert_eq!(
            check_unmarked(&values, &exempt, &consecutive, "no two digits so"),
            None
        );
        assert_eq!(
            check_unmarked(&values, &Pairs::default(), &consecutive, "no two digits so"),
            Some(Violation::Broken {
                rule: "no two digits so",
                at: a
            })
        );
    }
}
