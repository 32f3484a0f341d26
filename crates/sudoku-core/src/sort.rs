//! One sort for the solver's lists of every element type.
//!
//! Each element type sorted with the standard library's `sort` gets its own copy of the sort
//! code, 2–4 KB of wasm apiece. Here a list is sorted through integer keys, so one copy (of the
//! sort for `u128`) serves every list. Lists keyed by small numbers (nodes, candidates) take a
//! counting sort instead.

/// Sorts `items` by `key`, keeping items with equal keys in their order.
pub fn sort_by_key<T: Copy>(items: &mut [T], key: impl Fn(&T) -> u64) {
    if items.len() < 2 {
        return;
    }
    // The key in the high half, the position in the low half: sorting these plain integers
    // orders by key and keeps ties in place.
    let mut keyed: Vec<u128> = items
        .iter()
        .enumerate()
        .map(|(position, item)| u128::from(key(item)) << 64 | position as u128)
        .collect();
    keyed.sort_unstable();
    let original = items.to_vec();
    for (item, k) in items.iter_mut().zip(keyed) {
        *item = original[k as u64 as usize];
    }
}

/// `items` ordered by `key` (below `keys`), items with equal keys kept in their order.
pub fn counting_sort<T: Copy>(items: &[T], keys: usize, key: impl Fn(&T) -> usize) -> Vec<T> {
    let mut start = vec![0; keys + 1];
    for item in items {
        start[key(item) + 1] += 1;
    }
    for k in 1..=keys {
        start[k] += start[k - 1];
    }
    let mut sorted = items.to_vec();
    for item in items {
        let slot = &mut start[key(item)];
        sorted[*slot] = *item;
        *slot += 1;
    }
    sorted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_by_key_and_keeps_ties_in_order() {
        let mut items = [
            (3, 'a'),
            (1, 'b'),
            (3, 'c'),
            (0, 'd'),
            (1, 'e'),
            (u64::MAX, 'f'),
        ];
        sort_by_key(&mut items, |&(k, _)| k);
        assert_eq!(
            items,
            [
                (0, 'd'),
                (1, 'b'),
                (1, 'e'),
                (3, 'a'),
                (3, 'c'),
                (u64::MAX, 'f')
            ]
        );
    }

    #[test]
    fn agrees_with_the_standard_stable_sort() {
        let mut state = 12345u64;
        let mut items: Vec<(u64, usize)> = (0..1000)
            .map(|i| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 58, i)
            })
            .collect();
        let mut expected = items.clone();
        expected.sort_by_key(|&(k, _)| k);
        sort_by_key(&mut items, |&(k, _)| k);
        assert_eq!(items, expected);
    }
}
