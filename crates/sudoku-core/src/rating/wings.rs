//! XY-Wing and XYZ-Wing: SE 1.2.1's `XYWing` producer, rated 4.2 and 4.4 (`XYWingHint`).

use super::board::{Board, CandidateSet, peers_in_se_order};
use super::hint::Hint;

/// The first wing, pivot cells in reading order and wings in SE's peer order. `with_z` asks for
/// the XYZ form: a pivot of three digits, and victims that see the pivot too.
pub(crate) fn first(board: &Board, with_z: bool) -> Option<Hint> {
    let pivot_size = if with_z { 3 } else { 2 };
    for pivot in board.empty_cells().iter() {
        let xy = board.candidates(pivot);
        if xy.len() != pivot_size {
            continue;
        }
        for &first in peers_in_se_order(pivot) {
            let xz = board.candidates(first);
            if xz.len() != 2 || (xy - xz).len() != 1 {
                continue;
            }
            for &second in peers_in_se_order(pivot) {
                let yz = board.candidates(second);
                if yz.len() != 2 || (xy | xz | yz).len() != 3 {
                    continue;
                }
                let shared = (xy & xz & yz).len();
                if shared != u32::from(with_z) {
                    continue;
                }
                let Some(z) = (xz & yz).first() else {
                    continue;
                };
                let mut victims = first.peers() & second.peers();
                if with_z {
                    victims &= pivot.peers();
                }
                victims.remove(pivot);
                let removed = board.plane(z) & victims;
                if !removed.is_empty() {
                    let mut eliminations = CandidateSet::EMPTY;
                    eliminations.insert_cells(removed, z);
                    let (name, difficulty) = if with_z {
                        ("XYZ-Wing", 4.4)
                    } else {
                        ("XY-Wing", 4.2)
                    };
                    return Some(Hint::eliminating(name, difficulty, eliminations));
                }
            }
        }
    }
    None
}
