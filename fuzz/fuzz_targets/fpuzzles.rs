//! `fpuzzles::read` on any text (JSON, a link, a payload): never panics; an error has a message;
//! a puzzle it reads reads back the same from the JSON and from the payload it writes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::variant::fpuzzles::{read, to_json, to_payload};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match read(text) {
        Ok(puzzle) => {
            assert_eq!(read(&to_json(&puzzle)).as_ref(), Ok(&puzzle));
            assert_eq!(read(&to_payload(&puzzle)).as_ref(), Ok(&puzzle));
            assert!(puzzle.givens.iter().all(|&given| given <= 9));
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
