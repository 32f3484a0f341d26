//! Words the explanations share, wherever they are made: numbers as words and digits as a
//! step lists them.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_digits_read_as_steps_say_them() {
        assert_eq!(number_word(2), "two");
        assert_eq!(number_word(12), "12");
        assert_eq!(mask_text(0b1_0000_0101), "1/3/9");
    }
}
