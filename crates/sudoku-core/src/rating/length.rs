//! The length bonus of a chain: SE adds 0.1 each time a chain's length passes the next threshold
//! of 4, 6, 8, 12, 16, 24, 32, 48, 64, … (alternately ×3/2 and ×4/3).
//!
//! SE 1.2.1 (`ChainingHint.getLengthDifficulty`) takes as length the chain's complexity (the
//! number of distinct nodes over all its branches, nested chains included) minus 2, and sums the
//! steps as repeated `+= 0.1` on a double; [`bonus`] does the same, so that sorting on the result
//! breaks ties exactly as SE does (6.6 + 0.1 is below 6.5 + 0.2 there).

/// How many thresholds `complexity − 2` is strictly above.
pub(crate) fn steps(complexity: usize) -> u32 {
    let length = complexity.saturating_sub(2);
    let mut ceiling = 4;
    let mut steps = 0;
    let mut times_three_halves = true;
    while length > ceiling {
        steps += 1;
        ceiling = if times_three_halves {
            ceiling * 3 / 2
        } else {
            ceiling * 4 / 3
        };
        times_three_halves = !times_three_halves;
    }
    steps
}

/// The bonus as SE's double: 0.1 added `steps` times.
pub(crate) fn bonus(complexity: usize) -> f64 {
    (0..steps(complexity)).fold(0.0, |added, _| added + 0.1)
}

/// The largest complexity whose bonus is at most `steps` steps.
pub(crate) fn max_complexity_within(steps: u32) -> usize {
    let mut ceiling = 4;
    let mut times_three_halves = true;
    for _ in 0..steps {
        ceiling = if times_three_halves {
            ceiling * 3 / 2
        } else {
            ceiling * 4 / 3
        };
        times_three_halves = !times_three_halves;
    }
    ceiling + 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spec's table: complexity ranges and the tenths they add.
    #[test]
    fn thresholds_follow_the_table() {
        let table: [(usize, usize, u32); 19] = [
            (0, 6, 0),
            (7, 8, 1),
            (9, 10, 2),
            (11, 14, 3),
            (15, 18, 4),
            (19, 26, 5),
            (27, 34, 6),
            (35, 50, 7),
            (51, 66, 8),
            (67, 98, 9),
            (99, 130, 10),
            (131, 194, 11),
            (195, 258, 12),
            (259, 386, 13),
            (387, 514, 14),
            (515, 770, 15),
            (771, 1026, 16),
            (1027, 1538, 17),
            (1539, 2050, 18),
        ];
        for (low, high, added) in table {
            for complexity in low..=high {
                assert_eq!(steps(complexity), added, "complexity {complexity}");
            }
            assert_eq!(max_complexity_within(added), high);
        }
    }

    #[test]
    fn the_bonus_is_summed_like_se() {
        assert_eq!(6.6 + bonus(8), 6.6 + 0.1);
        assert!(6.6 + bonus(8) < 6.5 + bonus(10));
        assert_eq!(6.5 + bonus(20), 7.0);
    }
}
