//! The save loader on any text: `Game::from_stored` never panics, and a game it accepts stores
//! as text that resumes the same game, which stores as the same text. The same for the
//! statistics kept beside it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_app::game::{Game, Statistics};

/// The page clock at the reload, in milliseconds: any fixed time will do.
const NOW: f64 = 3_600_000.0;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Some(statistics) = Statistics::from_stored(text) {
        let stored = statistics.to_stored();
        assert!(
            Statistics::from_stored(&stored).as_ref() == Some(&statistics),
            "statistics read back as others: {stored}"
        );
        let _ = statistics.markup(20_000);
    }
    let Ok(game) = Game::from_stored(text, NOW) else {
        return;
    };
    let stored = game.to_stored(NOW);
    let resumed = Game::from_stored(&stored, NOW)
        .unwrap_or_else(|why| panic!("its own text does not resume, {why}: {stored}"));
    assert_eq!(
        resumed.to_stored(NOW),
        stored,
        "stored differently after resuming"
    );
    assert!(resumed == game, "resumed another game from {stored}");
    // Drawing the resumed game must not panic either.
    let marks = resumed.marks();
    for cell in sudoku_core::Cell::all() {
        let _ = resumed.cell_view(&marks, cell).classes();
    }
    let _ = resumed.message();
});
