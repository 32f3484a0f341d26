//! The sets of distinct digits by their size and sum, as a table made at compile time: what a
//! Killer cage, an arrow or any sum of distinct digits can hold. A set is nine bits, bit `d - 1`
//! for digit `d`.

/// The largest sum of distinct digits: 1 + 2 + … + 9.
pub(crate) const MAX_SUM: usize = 45;

/// Each set of distinct digits (bit `d - 1` for digit `d`), ordered by size and then by sum.
const COMBINATIONS: [u16; 512] = {
    let mut table = [0; 512];
    let mut next = 0;
    let mut size = 0;
    while size <= 9 {
        let mut sum = 0;
        while sum <= MAX_SUM {
            let mut set: u16 = 0;
            while set < 512 {
                if set.count_ones() == size && digit_sum(set) == sum {
                    table[next] = set;
                    next += 1;
                }
                set += 1;
            }
            sum += 1;
        }
        size += 1;
    }
    table
};

/// Where the sets of each size and sum start in [`COMBINATIONS`] (index `size * 46 + sum`),
/// and one more entry for the end.
const COMBINATION_STARTS: [u16; 10 * (MAX_SUM + 1) + 1] = {
    let mut starts = [0; 10 * (MAX_SUM + 1) + 1];
    let mut set = 0;
    while set < 512 {
        let key = (set as u16).count_ones() as usize * (MAX_SUM + 1) + digit_sum(set as u16);
        starts[key + 1] += 1;
        set += 1;
    }
    let mut key = 1;
    while key < starts.len() {
        starts[key] += starts[key - 1];
        key += 1;
    }
    starts
};

const fn digit_sum(set: u16) -> usize {
    let mut sum = 0;
    let mut digit = 1;
    while digit <= 9 {
        if set & 1 << (digit - 1) != 0 {
            sum += digit;
        }
        digit += 1;
    }
    sum
}

/// The sets of `size` distinct digits that add up to `sum`.
pub(crate) fn combinations(size: u32, sum: usize) -> &'static [u16] {
    if sum > MAX_SUM {
        return &[];
    }
    let key = size as usize * (MAX_SUM + 1) + sum;
    &COMBINATIONS[COMBINATION_STARTS[key] as usize..COMBINATION_STARTS[key + 1] as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_combinations_table_lists_each_set_once_by_size_and_sum() {
        assert_eq!(combinations(2, 3), [0b11]);
        assert_eq!(combinations(2, 17), [0b1_1000_0000]);
        assert_eq!(combinations(3, 6), [0b111]);
        assert_eq!(combinations(9, 45), [0x1ff]);
        assert_eq!(combinations(0, 0), [0]);
        assert!(combinations(2, 2).is_empty());
        assert!(combinations(1, 46).is_empty());
        let total: usize = (0..=9)
            .flat_map(|size| (0..=MAX_SUM).map(move |sum| combinations(size, sum).len()))
            .sum();
        assert_eq!(total, 512);
        for size in 0..=9 {
            for sum in 0..=MAX_SUM {
                for &set in combinations(size, sum) {
                    assert_eq!((set.count_ones(), digit_sum(set)), (size, sum));
                }
            }
        }
    }
}
