//! The rules lowered to data: a small closed set of checks that one evaluator reads, so that a
//! program playing a puzzle (the page) follows every rule without the rules' code. Each kind says
//! through [`Constrain::lower`](super::Constrain::lower) which checks it comes to, and whether
//! they say all of it; what they leave out only the puzzle's solution can tell.
//!
//! A digit is 1–9 and a blank 0, as in [`Constrain::check`](super::Constrain::check); sets of
//! digits are nine bits, bit `d - 1` for digit `d`.
//!
//! Checks travel as bytes ([`encode`], [`decode`]), each with a number the sender gives it (the
//! rule it says): a tag, then its fields, numbers of two bytes little-endian, cells by index.
//!
//! | check | bytes |
//! | --- | --- |
//! | `Digits` | 0, cell, digits (2), number |
//! | `Pair` | 1, cell, cell, nine sets of digits (2 each), number |
//! | `Sum` | 2, count, count × (cell, weight), total (2), number |

use crate::cell::Cell;
use crate::sets::CellSet;

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Check {
    /// The cell holds one of these digits.
    Digits { cell: Cell, digits: u16 },
    /// Two cells hold digits that go together: for each digit of the first (at `d - 1`), the
    /// digits the second may hold beside it.
    Pair { cells: [Cell; 2], allowed: [u16; 9] },
    /// Each cell's digit times its weight adds up to `total` (an arrow's circle of two cells
    /// weighs -10 and -1 against its line's 1s, for a total of 0).
    Sum { terms: Vec<(Cell, i8)>, total: i16 },
}

impl Check {
    /// Two cells whose digits differ.
    pub fn differ(cells: [Cell; 2]) -> Check {
        Check::Pair {
            cells,
            allowed: std::array::from_fn(|i| 0x1ff & !(1 << i)),
        }
    }

    /// Two cells that hold the same digit.
    pub fn same(cells: [Cell; 2]) -> Check {
        Check::Pair {
            cells,
            allowed: std::array::from_fn(|i| 1 << i),
        }
    }

    /// The cells it reads.
    pub fn cells(&self) -> CellSet {
        match self {
            Check::Digits { cell, .. } => CellSet::single(*cell),
            Check::Pair { cells, .. } => cells.iter().copied().collect(),
            Check::Sum { terms, .. } => terms.iter().map(|&(cell, _)| cell).collect(),
        }
    }

    /// Whether the digits of `values` can still meet it: a blank may become any digit, so a
    /// pair with a blank holds, and a sum holds while its total lies between the least and the
    /// most its blanks can make of it.
    pub fn holds(&self, values: &[u8; Cell::COUNT]) -> bool {
        let value = |cell: &Cell| values[cell.index()];
        match self {
            Check::Digits { cell, digits } => {
                value(cell) == 0 || digits >> (value(cell) - 1) & 1 != 0
            }
            Check::Pair {
                cells: [a, b],
                allowed,
            } => match (value(a), value(b)) {
                (0, _) | (_, 0) => true,
                (x, y) => allowed[usize::from(x - 1)] >> (y - 1) & 1 != 0,
            },
            Check::Sum { terms, total } => {
                let (mut least, mut most) = (0i32, 0i32);
                for (cell, weight) in terms {
                    let weight = i32::from(*weight);
                    match value(cell) {
                        0 => {
                            least += weight.min(9 * weight);
                            most += weight.max(9 * weight);
                        }
                        digit => {
                            least += weight * i32::from(digit);
                            most += weight * i32::from(digit);
                        }
                    }
                }
                (least..=most).contains(&i32::from(*total))
            }
        }
    }
}

/// The bytes of `checks`, each with its number.
pub fn encode(checks: &[(Check, u8)]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for (check, number) in checks {
        match check {
            Check::Digits { cell, digits } => {
                bytes.extend([0, cell.index() as u8]);
                bytes.extend(digits.to_le_bytes());
            }
            Check::Pair { cells, allowed } => {
                bytes.extend([1, cells[0].index() as u8, cells[1].index() as u8]);
                allowed
                    .iter()
                    .for_each(|set| bytes.extend(set.to_le_bytes()));
            }
            Check::Sum { terms, total } => {
                bytes.extend([2, terms.len() as u8]);
                for (cell, weight) in terms {
                    bytes.extend([cell.index() as u8, *weight as u8]);
                }
                bytes.extend(total.to_le_bytes());
            }
        }
        bytes.push(*number);
    }
    bytes
}

/// The checks of [`encode`]'s bytes, each with its number; None for bytes that are not checks.
pub fn decode(bytes: &[u8]) -> Option<Vec<(Check, u8)>> {
    let mut rest = bytes;
    let mut take = |count: usize| -> Option<&[u8]> {
        let (taken, left) = rest.split_at_checked(count)?;
        rest = left;
        Some(taken)
    };
    let cell = |byte: u8| Cell::ALL.get(usize::from(byte)).copied();
    let mut checks = Vec::new();
    while let Some(&[tag]) = take(1) {
        let check = match tag {
            0 => {
                let field = take(3)?;
                Check::Digits {
                    cell: cell(field[0])?,
                    digits: u16::from_le_bytes([field[1], field[2]]),
                }
            }
            1 => {
                let field = take(20)?;
                Check::Pair {
                    cells: [cell(field[0])?, cell(field[1])?],
                    allowed: std::array::from_fn(|i| {
                        u16::from_le_bytes([field[2 + 2 * i], field[3 + 2 * i]])
                    }),
                }
            }
            2 => {
                let count = usize::from(take(1)?[0]);
                let field = take(2 * count + 2)?;
                let terms = field[..2 * count]
                    .chunks(2)
                    .map(|term| Some((cell(term[0])?, term[1] as i8)))
                    .collect::<Option<Vec<_>>>()?;
                let total = i16::from_le_bytes([field[2 * count], field[2 * count + 1]]);
                Check::Sum { terms, total }
            }
            _ => return None,
        };
        checks.push((check, take(1)?[0]));
    }
    Some(checks)
}

/// Pairs for every two cells of `cells` (in order) that `allowed` gives a table: a line whose
/// every two cells are bound (a renban's, a thermometer's).
pub(crate) fn pairs_along(
    cells: &[Cell],
    checks: &mut Vec<Check>,
    allowed: impl Fn(usize, usize) -> [u16; 9],
) {
    for (i, &a) in cells.iter().enumerate() {
        for (j, &b) in cells.iter().enumerate().skip(i + 1) {
            checks.push(Check::Pair {
                cells: [a, b],
                allowed: allowed(i, j),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(placed: &[((u8, u8), u8)]) -> [u8; Cell::COUNT] {
        let mut values = [0; Cell::COUNT];
        for &((row, col), digit) in placed {
            values[Cell::at(row, col).index()] = digit;
        }
        values
    }

    #[test]
    fn checks_travel_as_bytes_and_back() {
        let checks = vec![
            (
                Check::Digits {
                    cell: Cell::at(8, 8),
                    digits: 0x155,
                },
                0,
            ),
            (Check::differ([Cell::at(0, 0), Cell::at(2, 1)]), 1),
            (
                Check::Sum {
                    terms: vec![
                        (Cell::at(0, 0), -10),
                        (Cell::at(0, 1), -1),
                        (Cell::at(4, 4), 1),
                    ],
                    total: -3,
                },
                2,
            ),
        ];
        let bytes = encode(&checks);
        assert_eq!(decode(&bytes), Some(checks));
        assert_eq!(decode(&bytes[..bytes.len() - 1]), None, "cut short");
        assert_eq!(decode(&[3]), None, "no such check");
        assert_eq!(decode(&[0, 81, 0, 0, 0]), None, "no such cell");
        assert_eq!(decode(&[]), Some(Vec::new()));
    }

    #[test]
    fn a_pair_holds_until_both_digits_are_there_and_apart() {
        let pair = Check::differ([Cell::at(0, 0), Cell::at(2, 1)]);
        assert!(pair.holds(&values(&[((0, 0), 4)])));
        assert!(pair.holds(&values(&[((0, 0), 4), ((2, 1), 5)])));
        assert!(!pair.holds(&values(&[((0, 0), 4), ((2, 1), 4)])));
        let same = Check::same([Cell::at(0, 0), Cell::at(2, 1)]);
        assert!(!same.holds(&values(&[((0, 0), 4), ((2, 1), 5)])));
    }

    #[test]
    fn a_sum_holds_while_its_blanks_can_make_up_the_total() {
        // An arrow: r1c1 = r1c2 + r1c3.
        let arrow = Check::Sum {
            terms: vec![
                (Cell::at(0, 0), -1),
                (Cell::at(0, 1), 1),
                (Cell::at(0, 2), 1),
            ],
            total: 0,
        };
        assert!(arrow.holds(&values(&[])));
        assert!(arrow.holds(&values(&[((0, 0), 5), ((0, 1), 4)])));
        assert!(!arrow.holds(&values(&[((0, 0), 5), ((0, 1), 5)])));
        assert!(!arrow.holds(&values(&[((0, 0), 9), ((0, 1), 5), ((0, 2), 3)])));
        assert!(arrow.holds(&values(&[((0, 0), 8), ((0, 1), 5), ((0, 2), 3)])));
        let digits = Check::Digits {
            cell: Cell::at(0, 0),
            digits: 0b1_0101_0101,
        };
        assert!(digits.holds(&values(&[((0, 0), 9)])));
        assert!(!digits.holds(&values(&[((0, 0), 2)])));
        assert_eq!(arrow.cells().len(), 3);
    }
}
