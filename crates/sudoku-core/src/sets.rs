//! Typed bitsets: a set of digits (one `u16` per cell) and a set of cells (one `u128` per board).
//! Two types so that a digit mask can never be passed where a cell mask is meant.

use crate::cell::{Cell, Digit, const_table};

/// A set whose members can be counted, for code written once for both sets (the techniques'
/// search over unions of sets).
pub(crate) trait Counted: Copy + std::ops::BitOr<Output = Self> {
    fn count(self) -> u32;
}

/// What the two sets share: the bitwise operators, collecting, and walking the members, lowest
/// bit first. Bit `i` stands for the member `$member::new(i)`.
macro_rules! bitset {
    ($set:ident of $member:ident) => {
        impl Counted for $set {
            fn count(self) -> u32 {
                self.len()
            }
        }

        impl $set {
            pub const fn len(self) -> u32 {
                self.0.count_ones()
            }
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }
            /// Whether there are two members or more: cheaper than `len`, which targets without a
            /// bit-count instruction (x86-64 by default) count with a dozen operations.
            pub const fn has_several(self) -> bool {
                self.0 & self.0.wrapping_sub(1) != 0
            }
            /// The lowest member: the smallest digit, or the first cell in reading order.
            pub fn first(self) -> Option<$member> {
                $member::new(self.0.trailing_zeros() as u8)
            }
            /// The two members of a two-element set, lowest first.
            pub fn pair(self) -> Option<($member, $member)> {
                let first = self.first()?;
                let rest = self - $set::single(first);
                if rest.has_several() {
                    return None;
                }
                Some((first, rest.first()?))
            }
            /// The members, lowest first.
            pub fn iter(self) -> impl Iterator<Item = $member> {
                let mut bits = self.0;
                std::iter::from_fn(move || {
                    let member = $member::new(bits.trailing_zeros() as u8)?;
                    bits &= bits - 1;
                    Some(member)
                })
            }
        }
        impl std::ops::BitOr for $set {
            type Output = $set;
            fn bitor(self, rhs: $set) -> $set {
                $set(self.0 | rhs.0)
            }
        }
        impl std::ops::BitAnd for $set {
            type Output = $set;
            fn bitand(self, rhs: $set) -> $set {
                $set(self.0 & rhs.0)
            }
        }
        impl std::ops::Sub for $set {
            type Output = $set;
            fn sub(self, rhs: $set) -> $set {
                $set(self.0 & !rhs.0)
            }
        }
        impl std::ops::BitOrAssign for $set {
            fn bitor_assign(&mut self, rhs: $set) {
                self.0 |= rhs.0;
            }
        }
        impl std::ops::BitAndAssign for $set {
            fn bitand_assign(&mut self, rhs: $set) {
                self.0 &= rhs.0;
            }
        }
        impl FromIterator<$member> for $set {
            fn from_iter<I: IntoIterator<Item = $member>>(iter: I) -> $set {
                let mut set = $set::EMPTY;
                iter.into_iter().for_each(|member| set.insert(member));
                set
            }
        }
    };
}

/// A set of digits 1–9; bit `d` stands for digit `d` (bit 0 is unused).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u16", into = "u16"))]
pub struct DigitSet(u16);

bitset!(DigitSet of Digit);

impl DigitSet {
    pub const EMPTY: DigitSet = DigitSet(0);
    pub const ALL: DigitSet = DigitSet(0b11_1111_1110);

    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & Self::ALL.0)
    }
    pub const fn single(digit: Digit) -> DigitSet {
        DigitSet(1 << digit.get())
    }
    pub const fn bits(self) -> u16 {
        self.0
    }
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << digit.get()) != 0
    }
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << digit.get();
    }
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << digit.get());
    }
    /// The only digit of a one-element set.
    pub fn single_digit(self) -> Option<Digit> {
        if self.has_several() {
            None
        } else {
            self.first()
        }
    }
}

impl std::fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("{")?;
        self.iter().try_for_each(|d| write!(f, "{d}"))?;
        f.write_str("}")
    }
}

/// A set of the 81 cells; bit `i` stands for the cell with index `i` (row-major).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Vec<Cell>", into = "Vec<Cell>"))]
pub struct CellSet(u128);

bitset!(CellSet of Cell);

/// The bit of each cell. (Read from a table: wasm has no 128-bit shift, and calling one at each
/// use costs both code and time.)
const CELL_BIT: [u128; Cell::COUNT] = const_table!(Cell::COUNT, 0, |i| 1 << i);

impl CellSet {
    pub const EMPTY: CellSet = CellSet(0);
    pub const ALL: CellSet = CellSet((1 << Cell::COUNT) - 1);

    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & Self::ALL.0)
    }
    pub const fn single(cell: Cell) -> CellSet {
        CellSet(CELL_BIT[cell.index()])
    }
    pub const fn bits(self) -> u128 {
        self.0
    }
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & CELL_BIT[cell.index()] != 0
    }
    pub const fn with(self, cell: Cell) -> CellSet {
        CellSet(self.0 | CELL_BIT[cell.index()])
    }
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= CELL_BIT[cell.index()];
    }
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !CELL_BIT[cell.index()];
    }
    /// The pairs of this set's cells that hold the same digit (`digits`: each cell's, by index),
    /// in reading order: what makes a group of cells break "no digit twice".
    pub fn repeats(self, digits: &[Option<Digit>; 81]) -> Vec<(Digit, Cell, Cell)> {
        let mut pairs = Vec::new();
        for (i, first) in self.iter().enumerate() {
            let Some(digit) = digits[first.index()] else {
                continue;
            };
            for second in self.iter().skip(i + 1) {
                if digits[second.index()] == Some(digit) {
                    pairs.push((digit, first, second));
                }
            }
        }
        pairs
    }
    /// The only cell of a one-element set.
    pub fn single_cell(self) -> Option<Cell> {
        if self.has_several() {
            None
        } else {
            self.first()
        }
    }
}

impl std::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// What the unit tests write sets of cells with.
#[cfg(test)]
impl CellSet {
    /// The cells at these (row, column) places, 0–8 each.
    pub fn at(places: &[(u8, u8)]) -> CellSet {
        places
            .iter()
            .map(|&(row, col)| Cell::at(row, col))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_are_the_pairs_holding_one_digit_in_reading_order() {
        let set = cells(&[0, 5, 9, 40, 80]);
        let digit = |value| Digit::new(value);
        let holds: [Option<Digit>; 81] = std::array::from_fn(|index| match index {
            0 | 40 | 80 => digit(7),
            5 => digit(2),
            _ => None,
        });
        let pairs: Vec<(u8, usize, usize)> = set
            .repeats(&holds)
            .into_iter()
            .map(|(d, a, b)| (d.get(), a.index(), b.index()))
            .collect();
        assert_eq!(pairs, [(7, 0, 40), (7, 0, 80), (7, 40, 80)]);
        assert!(cells(&[1, 2]).repeats(&[None; 81]).is_empty());
    }

    fn cells(indices: &[u8]) -> CellSet {
        indices.iter().filter_map(|&i| Cell::new(i)).collect()
    }

    #[test]
    fn single_cell_and_pair_need_exactly_that_many() {
        assert_eq!(cells(&[]).single_cell(), None);
        assert_eq!(cells(&[40]).single_cell(), Cell::new(40));
        assert_eq!(cells(&[3, 40]).single_cell(), None);
        assert_eq!(cells(&[40]).pair(), None);
        assert_eq!(cells(&[80, 3]).pair(), Cell::new(3).zip(Cell::new(80)));
        assert_eq!(cells(&[3, 40, 80]).pair(), None);
        let digits = |values: &[u8]| {
            values
                .iter()
                .filter_map(|&v| Digit::new(v))
                .collect::<DigitSet>()
        };
        assert_eq!(digits(&[9, 2]).pair(), Digit::new(2).zip(Digit::new(9)));
        assert_eq!(digits(&[2]).pair(), None);
        assert_eq!(digits(&[1, 2, 3]).pair(), None);
    }
}
