//! The links of the chain shown on the board, drawn as lines between candidates: solid for a
//! strong link (one end or the other is true), dashed for a weak one (not both are true).
//!
//! The lines are SVG markup on a 900 × 900 board: a cell is 100 units, and a candidate sits in
//! its cell's 3 × 3 grid, digit 1 top left, 9 bottom right. A grouped node is drawn from the
//! middle of its candidates.

use std::fmt::Write;

use sudoku_core::{Inference, Node};

use super::{Game, Showing};

/// How far a line stops short of a candidate's centre, so that the digit stays readable; a link
/// between two candidates of one cell keeps at least its middle third.
const CLEARANCE: f32 = 13.0;

impl Game {
    /// The constraints the step shown reads (a hint's too: they are where to look), whose marks
    /// the board lights: their places among the rules' constraints, as the drawing numbers its
    /// groups (`data-rule`), each followed by a space ("3 17 "); empty without a step. (Text,
    /// as the board compares it with the drawing's attributes.)
    pub fn shown_rules(&self) -> String {
        let mut numbers = String::new();
        for rule in self.view.shown.iter().flat_map(|shown| &shown.step.rules) {
            let _ = write!(numbers, "{rule} ");
        }
        numbers
    }

    /// The shown step's links as SVG markup: one `<path>` of every weak link (classed `weak`),
    /// then one of every strong link (`strong`), drawn over them; empty when the step shown (if
    /// any) is not a chain, or is a hint. Two elements however long the chain: a forcing net of
    /// 300 links drawn as 300 lines took a slow processor over 50 ms a frame during Solve.
    pub fn link_lines(&self) -> String {
        let mut markup = String::new();
        let Some(shown) = self
            .view
            .shown
            .as_ref()
            .filter(|shown| shown.how != Showing::Hint)
        else {
            return markup;
        };
        for (inference, class) in [(Inference::Weak, "weak"), (Inference::Strong, "strong")] {
            let mut path = String::new();
            for link in shown
                .step
                .links
                .iter()
                .filter(|link| link.inference == inference)
            {
                push_segment(&mut path, centre(link.from), centre(link.to));
            }
            if !path.is_empty() {
                let _ = write!(markup, r#"<path class="{class}" d="{path}"/>"#);
            }
        }
        markup
    }
}

/// "M x1 y1 L x2 y2": a line from `from` to `to` that stops short of both candidates, in whole
/// units (formatting floats would bring its large code into the wasm). Nothing for a link from a
/// node to itself.
fn push_segment(path: &mut String, from: (f32, f32), to: (f32, f32)) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt();
    if length == 0.0 {
        return;
    }
    let cut = CLEARANCE.min(length / 3.0) / length;
    let _ = write!(
        path,
        "M{} {}L{} {}",
        (from.0 + dx * cut).round() as i32,
        (from.1 + dy * cut).round() as i32,
        (to.0 - dx * cut).round() as i32,
        (to.1 - dy * cut).round() as i32,
    );
}

/// The middle of a node's candidates on the 900 × 900 board.
fn centre(node: Node) -> (f32, f32) {
    let spot = node.digit.index() as f32;
    let (across, down) = (spot % 3.0, (spot / 3.0).floor());
    let cells = node.cells.len().max(1) as f32;
    let (mut x, mut y) = (0.0, 0.0);
    for cell in node.cells.iter() {
        x += f32::from(cell.col()) * 100.0 + across * 100.0 / 3.0 + 50.0 / 3.0;
        y += f32::from(cell.row()) * 100.0 + down * 100.0 / 3.0 + 50.0 / 3.0;
    }
    (x / cells, y / cells)
}

#[cfg(test)]
mod tests {
    use sudoku_core::{Cell, CellSet, Step};

    use super::*;
    use crate::game::Shown;
    use crate::game::tests::{digit, game};

    fn showing(step: Step, how: Showing) -> Game {
        let mut game = game();
        game.view.shown = Some(Shown { step, how });
        game
    }

    #[test]
    fn a_chain_is_drawn_link_by_link_between_its_candidates_weak_ones_first() {
        // r1c1 digit 1 (top left of the board) to r1c9 digit 1, then a weak link down to r9c9
        // digit 9 (bottom right), then a strong link within that cell to its digit 5.
        let step = Step::new("Test").chain([
            (Cell::at(0, 0), digit(1)),
            (Cell::at(0, 8), digit(1)),
            (Cell::at(8, 8), digit(9)),
            (Cell::at(8, 8), digit(5)),
        ]);
        assert_eq!(
            showing(step, Showing::Applied).link_lines(),
            concat!(
                r#"<path class="weak" d="M818 30L882 870"/>"#,
                // Within one cell, too, the line stops short of both digits.
                r#"<path class="strong" d="M30 17L804 17M874 874L859 859"/>"#,
            )
        );
    }

    #[test]
    fn a_grouped_node_is_drawn_from_the_middle_of_its_cells() {
        let group = Node {
            cells: [Cell::at(0, 0), Cell::at(0, 2)]
                .into_iter()
                .collect::<CellSet>(),
            digit: digit(5),
        };
        let step = Step::new("Test").chain([group, Node::single(Cell::at(8, 1), digit(5))]);
        // Both ends in column 2, digit 5 in the middle of its cell: a vertical line.
        assert_eq!(
            showing(step, Showing::Applied).link_lines(),
            r#"<path class="strong" d="M150 63L150 837"/>"#
        );
    }

    #[test]
    fn nothing_is_drawn_without_a_chain_or_for_a_hint() {
        assert_eq!(game().link_lines(), "");
        let single = Step::new("Test").place(Cell::at(0, 2), digit(4));
        assert_eq!(showing(single, Showing::Applied).link_lines(), "");
        let chain =
            Step::new("Test").chain([(Cell::at(0, 0), digit(1)), (Cell::at(0, 8), digit(1))]);
        assert_eq!(showing(chain, Showing::Hint).link_lines(), "");
    }
}
