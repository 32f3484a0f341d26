//! Choices of `k` out of `n` items in SE's order (`tools.Permutations`): as bit masks in rising
//! numeric order, so {0,1}, {0,2}, {1,2}, {0,3}, … The first hint a producer reports depends on
//! this order.

/// Every `k`-element subset of `0..n` as a bit mask, smallest mask first (`n` < 32); for `k = 0`
/// the empty set once, as SE's `Permutations(0, n)` gives.
pub(crate) fn masks(n: u32, k: u32) -> impl Iterator<Item = u32> {
    let limit = 1u64 << n;
    let first = if k > n { limit } else { (1u64 << k) - 1 };
    std::iter::successors(Some(first), move |&mask| {
        if mask == 0 {
            return Some(limit);
        }
        // Gosper's hack: the next larger number with the same count of ones.
        let lowest = mask & mask.wrapping_neg();
        let ripple = mask + lowest;
        let next = (((ripple ^ mask) >> 2) / lowest) | ripple;
        Some(next)
    })
    .take_while(move |&mask| mask < limit)
    .map(|mask| mask as u32)
}

/// Every `k`-element subset of the set bits of `set`, in rising numeric order (the order
/// [`masks`] gives them among all subsets).
pub(crate) fn subsets_of(set: u32, k: u32) -> impl Iterator<Item = u32> {
    let positions: Vec<usize> = bits(set).collect();
    masks(positions.len() as u32, k)
        .map(move |compressed| bits(compressed).fold(0, |mask, i| mask | (1 << positions[i])))
}

/// The mask of the items (by position) whose count is two to `degree`: the ones that can be part
/// of a set of `degree` in which each has two or more.
pub(crate) fn with_two_to(degree: u32, counts: impl IntoIterator<Item = u32>) -> u32 {
    counts.into_iter().enumerate().fold(0, |acc, (i, count)| {
        if (2..=degree).contains(&count) {
            acc | (1 << i)
        } else {
            acc
        }
    })
}

/// The set bits of a mask, lowest first.
pub(crate) fn bits(mask: u32) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let bit = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        Some(bit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_come_in_rising_mask_order() {
        let pairs: Vec<u32> = masks(4, 2).collect();
        assert_eq!(pairs, [0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(masks(9, 3).count(), 84);
        assert_eq!(masks(3, 4).count(), 0);
        assert_eq!(masks(5, 0).collect::<Vec<_>>(), [0]);
        assert_eq!(bits(0b1010).collect::<Vec<_>>(), [1, 3]);
        let within: Vec<u32> = subsets_of(0b1_0110, 2).collect();
        let filtered: Vec<u32> = masks(5, 2).filter(|m| m & !0b1_0110 == 0).collect();
        assert_eq!(within, filtered);
    }
}
