//! Words the explanations share, wherever they are made: numbers as words, digits as a step
//! lists them, houses and lists as a sentence names them.

use crate::house::{House, HouseKind};

/// "two", "three" …: how many cells, digits or houses a pattern has.
pub(crate) fn number_word(count: u32) -> String {
    const WORDS: [&str; 10] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    WORDS
        .get(count as usize)
        .map_or_else(|| count.to_string(), |word| word.to_string())
}

/// Digits of a nine-bit mask (bit `d - 1` for digit `d`) as a step lists them: `1/2/3`.
pub(crate) fn mask_text(mask: u16) -> String {
    let digits: Vec<String> = (1..=9)
        .filter(|d| mask >> (d - 1) & 1 != 0)
        .map(|d: u8| d.to_string())
        .collect();
    digits.join("/")
}

/// Whole numbers of a set (bit `n` for `n`) as a sentence says them: runs of three or more as
/// "6 to 15", the last after "or": `3, 5 or 7 to 9`.
pub(crate) fn numbers_text(mut numbers: u128) -> String {
    let mut parts = Vec::new();
    while numbers != 0 {
        let low = numbers.trailing_zeros();
        let run = (numbers >> low).trailing_ones();
        let high = low + run - 1;
        match run {
            1 => parts.push(low.to_string()),
            2 => parts.extend([low.to_string(), high.to_string()]),
            _ => parts.push(format!("{low} to {high}")),
        }
        numbers &= !((u128::MAX >> (128 - run)) << low);
    }
    alternatives(&parts)
}

/// Parts as a sentence offers them: "a", "a or b", "a, b or c".
pub(crate) fn alternatives(parts: &[String]) -> String {
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => parts.concat(),
    }
}

/// "rows 2 and 5", "row 3 and box 2", "rows 1, 2, 3 and box 5"
pub(crate) fn houses_words(houses: &[House], last: &str) -> String {
    let mut distinct: Vec<House> = Vec::new();
    for &house in houses {
        if !distinct.contains(&house) {
            distinct.push(house);
        }
    }
    let Some(first) = distinct.first() else {
        return String::new();
    };
    let plural = match first.kind() {
        HouseKind::Row => "rows",
        HouseKind::Column => "columns",
        HouseKind::Box => "boxes",
        _ => "",
    };
    // All of one kind, or several of one kind first (a band of rows and a box), named together.
    let run = match plural {
        "" => 0,
        _ => (distinct.iter())
            .take_while(|h| h.kind() == first.kind())
            .count(),
    };
    let (same, rest) = distinct.split_at(if run > 1 { run } else { 0 });
    let mut names: Vec<String> = Vec::with_capacity(distinct.len());
    if !same.is_empty() {
        let numbers: Vec<String> = same.iter().map(|h| (h.index() + 1).to_string()).collect();
        let together = match rest.is_empty() {
            true => list(&numbers, last),
            false => numbers.join(", "),
        };
        names.push(format!("{plural} {together}"));
    }
    names.extend(rest.iter().map(House::to_string));
    list(&names, last)
}

/// "a", "a and b", "a, b and c"; `last` joins the last item.
pub fn list(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., end] => format!("{} {last} {end}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_digits_read_as_steps_say_them() {
        assert_eq!(number_word(2), "two");
        assert_eq!(number_word(12), "12");
        assert_eq!(mask_text(0b1_0000_0101), "1/3/9");
        assert_eq!(numbers_text(1 << 20), "20");
        assert_eq!(numbers_text(0b1110_1000), "3 or 5 to 7");
        assert_eq!(numbers_text(0b1101_1000_0110), "1, 2, 7, 8, 10 or 11");
        assert_eq!(numbers_text(u128::MAX << 120), "120 to 127");
    }
}
