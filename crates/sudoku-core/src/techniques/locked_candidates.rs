//! Locked Candidates: where a box and a line cross, a digit confined to the crossing in one of
//! them cannot be elsewhere in the other. Pointing confines it within a box (or a variant's
//! region, diagonal or window), Claiming within a row or column.

use std::ops::ControlFlow;

use super::{Found, Technique};
use crate::candidates::Candidates;
use crate::cell::Digit;
use crate::sets::DigitSet;
use crate::step::Step;

pub struct LockedCandidates {
    /// The house the digit is confined in: a box (Pointing) or a line (Claiming).
    confined_in_box: bool,
}

pub static POINTING: LockedCandidates = LockedCandidates {
    confined_in_box: true,
};
pub static CLAIMING: LockedCandidates = LockedCandidates {
    confined_in_box: false,
};

// Like Simple Colors, each variant picks its name and paragraph inline: a helper shared for two
// choices of two strings would hide more than it saves.
impl Technique for LockedCandidates {
    fn name(&self) -> &'static str {
        if self.confined_in_box {
            "Locked Candidates (Pointing)"
        } else {
            "Locked Candidates (Claiming)"
        }
    }

    fn about(&self) -> &'static str {
        if self.confined_in_box {
            "When a digit's places in a box all lie in one row or column, the digit must go in \
             that box's part of the line, so it cannot go anywhere else in the line."
        } else {
            "When a digit's places in a row or column all lie in one box, the digit must go in \
             that part of the box, so it cannot go anywhere else in the box."
        }
    }

    fn search(&self, marks: &Candidates, found: Found<'_>) -> ControlFlow<()> {
        for digit in Digit::all() {
            for &base in marks.houses() {
                if base.is_line() == self.confined_in_box {
                    continue;
                }
                let places = marks.places_in(digit, base);
                // One place is a single, not locked candidates.
                let Some(first) = places.first().filter(|_| places.len() >= 2) else {
                    continue;
                };
                for &cover in marks.houses_of(first) {
                    // Pointing covers any other house; Claiming, a box or the like.
                    if cover == base
                        || (!self.confined_in_box && cover.is_line())
                        || !(places - marks.cells_of(cover)).is_empty()
                    {
                        continue;
                    }
                    let removed = marks.places_in(digit, cover) - marks.cells_of(base);
                    if removed.is_empty() {
                        continue;
                    }
                    let step = Step::new(self.name())
                        .pattern(places, DigitSet::single(digit))
                        .house(base)
                        .cover_house(cover)
                        .eliminate(removed, DigitSet::single(digit))
                        .explain(|s| {
                            format!(
                                "{}: {digit} in {base} is confined to {cover} {}",
                                self.name(),
                                s.outcome_text()
                            )
                        });
                    found(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}
