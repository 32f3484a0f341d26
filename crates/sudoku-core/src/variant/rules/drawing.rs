//! Rules drawn over the board, as SVG markup in the board's 900×900 units (a cell is 100 a
//! side), in layers whatever the order of the constraints: shading under the lines (diagonals),
//! under a jigsaw's region borders, under outlines and their text (cages and their sums). The
//! classic rules draw nothing.
//!
//! Classes, part of the page's contract: `cage` (a cage's outline), `cage-sum` (its sum, the
//! text), `diagonal`, `window`, `extra-region`, `region-border`; and groups named after the
//! f-puzzles key of their kind: `fp-killercage` (a cage's outline and sum), `fp-extraregion` (a
//! window, or an extra region's cells), `fp-thermometer`, `fp-difference` and `fp-ratio` (a
//! white or black dot, a circle and its value when not the usual one), `fp-xv` (the letter),
//! `fp-odd`, `fp-even`, `fp-minimum`, `fp-maximum`, `fp-quadruple` (a circle on the corner and
//! its digits), `fp-clone`, `fp-givenPencilMarks` (a cell's pencil marks given, after the
//! field of the grid's cell); `outside` beside them on what lies outside the grid (a little
//! killer's or a sandwich's clue).

use std::fmt::Write;

use crate::cell::Cell;
use crate::sets::CellSet;
use crate::variant::Rules;

/// How far inside its cells an outline runs.
pub(crate) const INSET: i32 = 7;

/// The markup of each layer, which constraints add to.
#[derive(Default)]
pub(crate) struct Drawing {
    shading: String,
    lines: String,
    outlines: String,
}

impl Drawing {
    /// How long each layer is.
    fn lengths(&self) -> [usize; 3] {
        [self.shading.len(), self.lines.len(), self.outlines.len()]
    }

    /// Puts what the `index`th constraint drew on each layer since `before` in a group carrying
    /// its number, `data-rule`, by which the page finds the marks a step reads.
    fn number(&mut self, index: usize, before: [usize; 3]) {
        let layers = [&mut self.shading, &mut self.lines, &mut self.outlines];
        for (layer, from) in layers.into_iter().zip(before) {
            if layer.len() > from {
                layer.insert_str(from, &format!(r#"<g data-rule="{index}">"#));
                layer.push_str("</g>");
            }
        }
    }

    /// A square `size` a side shading `cells` from their first cell's corner.
    pub fn shade(&mut self, class: &str, cells: CellSet, size: u16) {
        let (top, left) = corner(cells);
        let _ = write!(
            self.shading,
            r#"<rect class="{class}" x="{left}" y="{top}" width="{size}" height="{size}"/>"#
        );
    }

    /// A line from one point to another, in the board's units.
    pub fn line(&mut self, class: &str, (x1, y1): (u16, u16), (x2, y2): (u16, u16)) {
        let _ = write!(
            self.lines,
            r#"<line class="{class}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#
        );
    }

    /// The layer under the lines, for markup written whole.
    #[cfg(feature = "fpuzzles")]
    pub fn shading_layer(&mut self) -> &mut String {
        &mut self.shading
    }

    /// The lines' layer.
    pub fn lines_layer(&mut self) -> &mut String {
        &mut self.lines
    }

    /// The top layer, over the lines and a jigsaw's borders.
    pub fn top_layer(&mut self) -> &mut String {
        &mut self.outlines
    }

    /// The layers' markup in their order, without a jigsaw's borders.
    #[cfg(test)]
    pub fn into_markup(self) -> String {
        self.shading + &self.lines + &self.outlines
    }

    /// A group of shapes on the lines' layer, `class` on the group: a circle of `radius` (in
    /// hundredths of a cell) on each of `circles`, then a line through the centres of `line`;
    /// `hollow` circles (which leave the digits under them seen) stop the line at their edge.
    /// One element per constraint, as the page finds each by its class.
    pub fn figure(&mut self, class: &str, circles: &[(Cell, u16)], line: &[Cell], hollow: bool) {
        let _ = write!(self.lines, r#"<g class="{class}">"#);
        for &(cell, radius) in circles {
            let (x, y) = centre(cell);
            let _ = write!(self.lines, r#"<circle cx="{x}" cy="{y}" r="{radius}"/>"#);
        }
        let mut points: Vec<(i32, i32)> = line.iter().map(|&cell| centre(cell)).collect();
        if hollow && points.len() > 1 {
            let radius = |cell: Cell| circles.iter().find(|&&(c, _)| c == cell).map(|&(_, r)| r);
            let last = points.len() - 1;
            for (end, next) in [(0, 1), (last, last - 1)] {
                if let Some(radius) = radius(line[end]) {
                    points[end] = towards(points[end], points[next], radius);
                }
            }
        }
        if points.len() > 1 {
            push_polyline(&mut self.lines, &points);
        }
        self.lines.push_str("</g>");
    }

    /// A circle of `radius` at the centre of `cell`, on the shading layer.
    pub fn circle(&mut self, class: &str, cell: Cell, radius: u16) {
        let (x, y) = centre(cell);
        let _ = write!(
            self.shading,
            r#"<circle class="{class}" cx="{x}" cy="{y}" r="{radius}"/>"#
        );
    }

    /// A square `side` a side at the centre of `cell`, on the shading layer.
    pub fn square(&mut self, class: &str, cell: Cell, side: u16) {
        let (x, y) = centre(cell);
        let half = i32::from(side / 2);
        let (left, top) = (x - half, y - half);
        let _ = write!(
            self.shading,
            r#"<rect class="{class}" x="{left}" y="{top}" width="{side}" height="{side}"/>"#
        );
    }

    /// Each of `cells` shaded whole, as one group on the shading layer.
    pub fn shade_cells(&mut self, class: &str, cells: impl IntoIterator<Item = Cell>) {
        let _ = write!(self.shading, r#"<g class="{class}">"#);
        for cell in cells {
            let (x, y) = (i32::from(cell.col()) * 100, i32::from(cell.row()) * 100);
            let _ = write!(
                self.shading,
                r#"<rect x="{x}" y="{y}" width="100" height="100"/>"#
            );
        }
        self.shading.push_str("</g>");
    }

    /// A clue written outside the grid as one group of class `class` and `outside` (the page
    /// gives the board a margin for it): its text centred on
    /// `centre` (in the board's units, beyond its edges) and, when given, a short line from one
    /// point to another (a little killer's arrow).
    pub fn clue(
        &mut self,
        class: &str,
        (x, y): (i32, i32),
        text: &str,
        pointer: Option<((i32, i32), (i32, i32))>,
    ) {
        let _ = write!(
            self.outlines,
            r#"<g class="{class} outside"><text x="{x}" y="{y}">{text}</text>"#
        );
        if let Some(((x1, y1), (x2, y2))) = pointer {
            let _ = write!(
                self.outlines,
                r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#
            );
        }
        self.outlines.push_str("</g>");
    }

    /// A mark between two cells side by side, on the top layer: a group of `class` with a
    /// circle of `radius` (none for 0) and a text, centred where the cells meet.
    pub fn mark(&mut self, class: &str, [a, b]: [Cell; 2], radius: u16, text: Option<&str>) {
        let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
        let (x, y) = ((x1 + x2) / 2, (y1 + y2) / 2);
        let _ = write!(self.outlines, r#"<g class="{class}">"#);
        if radius > 0 {
            let _ = write!(self.outlines, r#"<circle cx="{x}" cy="{y}" r="{radius}"/>"#);
        }
        if let Some(text) = text {
            let _ = write!(self.outlines, r#"<text x="{x}" y="{y}">{text}</text>"#);
        }
        self.outlines.push_str("</g>");
    }
}

impl Rules {
    /// The markup of everything these rules add to the classic grid.
    pub fn drawing(&self) -> String {
        let mut drawing = Drawing::default();
        for (index, constraint) in self.constraints().iter().enumerate() {
            let before = drawing.lengths();
            constraint.rule().draw(&mut drawing);
            drawing.number(index, before);
        }
        let mut svg = drawing.shading;
        svg.push_str(&drawing.lines);
        if self.is_jigsaw() {
            self.draw_region_borders(&mut svg);
        }
        svg.push_str(&drawing.outlines);
        svg
    }

    /// Thick lines between cells of different regions.
    fn draw_region_borders(&self, svg: &mut String) {
        svg.push_str(r#"<path class="region-border" d=""#);
        for cell in Cell::all() {
            let (row, col) = (i32::from(cell.row()), i32::from(cell.col()));
            let region = self.region(cell);
            if col < 8 && self.region(Cell::at(cell.row(), cell.col() + 1)) != region {
                let x = (col + 1) * 100;
                let _ = write!(svg, "M{x} {}V{}", row * 100, row * 100 + 100);
            }
            if row < 8 && self.region(Cell::at(cell.row() + 1, cell.col())) != region {
                let y = (row + 1) * 100;
                let _ = write!(svg, "M{} {y}H{}", col * 100, col * 100 + 100);
            }
        }
        svg.push_str(r#""/>"#);
    }
}

/// The centre of a cell, in the board's units.
pub(crate) fn centre(cell: Cell) -> (i32, i32) {
    (
        i32::from(cell.col()) * 100 + 50,
        i32::from(cell.row()) * 100 + 50,
    )
}

/// A polyline through `points`.
pub(crate) fn push_polyline(svg: &mut String, points: &[(i32, i32)]) {
    svg.push_str(r#"<polyline points=""#);
    for (i, (x, y)) in points.iter().enumerate() {
        let space = if i == 0 { "" } else { " " };
        let _ = write!(svg, "{space}{x},{y}");
    }
    svg.push_str(r#""/>"#);
}

/// The two strokes of an arrow's head at the end of `points`, `length` long, at 45° to the
/// line's last stretch; as one polyline through the tip.
pub(crate) fn head(points: &[(i32, i32)], length: f64) -> [(i32, i32); 3] {
    let (tip_x, tip_y) = points[points.len() - 1];
    let (from_x, from_y) = points[points.len() - 2];
    let (dx, dy) = (f64::from(tip_x - from_x), f64::from(tip_y - from_y));
    let norm = (dx * dx + dy * dy).sqrt().max(1.0);
    let (back_x, back_y) = (-dx / norm * length, -dy / norm * length);
    // Half a right angle either side of going back along the line.
    let half = std::f64::consts::FRAC_1_SQRT_2;
    let side = |turn: f64| {
        (
            tip_x + ((back_x - turn * back_y) * half).round() as i32,
            tip_y + ((back_y + turn * back_x) * half).round() as i32,
        )
    };
    [side(1.0), (tip_x, tip_y), side(-1.0)]
}

/// The point `by` units from `from` towards `to` (`from` itself when they are one point).
pub(crate) fn towards((x1, y1): (i32, i32), (x2, y2): (i32, i32), by: u16) -> (i32, i32) {
    let (dx, dy) = (f64::from(x2 - x1), f64::from(y2 - y1));
    let length = (dx * dx + dy * dy).sqrt();
    if length == 0.0 {
        return (x1, y1);
    }
    let scale = f64::from(by) / length;
    (
        x1 + (dx * scale).round() as i32,
        y1 + (dy * scale).round() as i32,
    )
}

/// The top and left of a set's first cell, in the board's units.
fn corner(cells: CellSet) -> (i32, i32) {
    let first = cells.first().unwrap_or(Cell::ALL[0]);
    (i32::from(first.row()) * 100, i32::from(first.col()) * 100)
}

/// A path's data outlining `cells` inside them.
pub(crate) fn outline_data(svg: &mut String, cells: CellSet) {
    for cell in cells.iter() {
        outline(svg, cells, cell);
    }
}

/// The sides of `cell` that face out of `cells`, drawn `INSET` inside the cell. Each side's ends
/// stop short where the outline turns inwards, meet the cell's edge where the outline goes on
/// straight, and reach past it where the outline turns around a corner of the set.
fn outline(svg: &mut String, cells: CellSet, cell: Cell) {
    let (row, col) = (i32::from(cell.row()), i32::from(cell.col()));
    let inside = |r: i32, c: i32| {
        (0..9).contains(&r) && (0..9).contains(&c) && cells.contains(Cell::at(r as u8, c as u8))
    };
    // Each side by its outward direction (dr, dc); its ends lie along (dc, dr) and back.
    for (dr, dc) in [(-1, 0), (0, 1), (1, 0), (0, -1)] {
        if inside(row + dr, col + dc) {
            continue;
        }
        let (tr, tc) = (dc, dr);
        let reach = |sign: i32| {
            let (r, c) = (row + sign * tr, col + sign * tc);
            match (inside(r, c), inside(r + dr, c + dc)) {
                (false, _) => 50 - INSET,
                (true, false) => 50,
                (true, true) => 50 + INSET,
            }
        };
        let (centre_x, centre_y) = (col * 100 + 50, row * 100 + 50);
        let out = 50 - INSET;
        let (x, y) = (centre_x + dc * out, centre_y + dr * out);
        let (from, to) = (reach(-1), reach(1));
        let _ = write!(
            svg,
            "M{} {}L{} {}",
            x - tc * from,
            y - tr * from,
            x + tc * to,
            y + tr * to
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::{Cage, Rules, Variant};
    use crate::{Cell, CellSet};

    #[test]
    fn the_classic_rules_draw_nothing() {
        assert_eq!(Rules::classic().drawing(), "");
    }

    #[test]
    fn diagonals_windows_and_jigsaw_borders_are_drawn() {
        let x = Rules::of(Variant::X).drawing();
        assert_eq!(x.matches(r#"class="diagonal""#).count(), 2);
        let windoku = Rules::of(Variant::Windoku).drawing();
        assert_eq!(
            windoku.matches(r#"class="window fp-extraregion""#).count(),
            4
        );
        assert!(windoku.contains(r#"x="100" y="100" width="300""#));
        let mut regions = *Rules::classic().regions();
        regions.swap(2, 3);
        let jigsaw = Rules::classic().with_regions(regions).unwrap();
        let svg = jigsaw.drawing();
        assert_eq!(svg.matches("region-border").count(), 1);
        // r1c3 and r1c4 traded regions: a border between r1c2 and r1c3 now.
        assert!(svg.contains("M200 0V100"), "{svg}");
    }

    #[test]
    fn each_constraint_is_numbered_on_every_layer_it_draws_on() {
        use crate::variant::{Cage, Diagonal, Thermometer};
        let rules = Rules::classic()
            .with([Cage {
                cells: CellSet::at(&[(0, 0), (0, 1)]),
                sum: Some(3),
            }])
            .and_then(|rules| {
                rules.with([Thermometer {
                    cells: vec![Cell::at(2, 0), Cell::at(2, 1)],
                }])
            })
            .and_then(|rules| rules.with([Diagonal::Falling]))
            .unwrap();
        let svg = rules.drawing();
        for (index, constraint) in rules.constraints().iter().enumerate() {
            let class = match constraint {
                crate::variant::Constraint::Cage(_) => "fp-killercage",
                crate::variant::Constraint::Thermometer(_) => "fp-thermometer",
                _ => "diagonal",
            };
            let group = format!(r#"<g data-rule="{index}"><"#);
            let at = svg.find(&group).unwrap_or_else(|| panic!("{index}: {svg}"));
            // The group holds the constraint's own element first.
            let inner = &svg[at + group.len()..];
            assert!(inner[..inner.find('>').unwrap()].contains(class), "{svg}");
            assert_eq!(svg.matches(&group).count(), 1, "{svg}");
        }
    }

    #[test]
    fn an_extra_region_shades_its_cells_as_one_group() {
        use crate::variant::ExtraRegion;
        let region = ExtraRegion {
            cells: CellSet::at(&[(0, 0), (4, 4), (8, 8)]),
        };
        let svg = Rules::classic().with([region]).unwrap().drawing();
        assert_eq!(
            svg,
            concat!(
                r#"<g data-rule="0"><g class="extra-region fp-extraregion">"#,
                r#"<rect x="0" y="0" width="100" height="100"/>"#,
                r#"<rect x="400" y="400" width="100" height="100"/>"#,
                r#"<rect x="800" y="800" width="100" height="100"/>"#,
                "</g></g>"
            )
        );
    }

    #[test]
    fn a_between_line_stops_at_its_hollow_circles() {
        use crate::variant::BetweenLine;
        let line = BetweenLine {
            cells: [(0, 0), (0, 1), (0, 2)]
                .map(|(r, c)| Cell::at(r, c))
                .to_vec(),
        };
        let svg = Rules::classic().with([line]).unwrap().drawing();
        assert!(
            svg.contains(r#"<polyline points="88,50 150,50 212,50"/>"#),
            "{svg}"
        );
    }

    #[test]
    fn dots_and_letters_sit_where_their_cells_meet() {
        use crate::variant::{Colour, Dot, Letter, Negated, Negative, Xv};
        let three = Dot {
            value: 3,
            ..Dot::new(Colour::White, [Cell::at(0, 0), Cell::at(0, 1)])
        };
        let svg = Rules::classic()
            .with([
                three,
                Dot::new(Colour::Black, [Cell::at(4, 4), Cell::at(5, 4)]),
            ])
            .unwrap()
            .with([Xv {
                cells: [Cell::at(1, 0), Cell::at(2, 0)],
                letter: Letter::V,
            }])
            .unwrap()
            .with([Negative::new(Negated::Ratio)])
            .unwrap()
            .drawing();
        assert!(
            svg.contains(
                r#"<g class="fp-difference"><circle cx="100" cy="50" r="13"/><text x="100" y="50">3</text></g>"#
            ),
            "{svg}"
        );
        assert!(
            svg.contains(r#"<g class="fp-ratio"><circle cx="450" cy="500" r="13"/></g>"#),
            "{svg}"
        );
        assert!(
            svg.contains(r#"<g class="fp-xv"><text x="50" y="200">V</text></g>"#),
            "{svg}"
        );
    }

    #[test]
    fn layers_keep_their_order_whatever_the_constraints_order() {
        let cage = Cage {
            cells: CellSet::at(&[(1, 1)]),
            sum: Some(5),
        };
        let svg = Rules::of(Variant::Windoku)
            .with([cage])
            .unwrap()
            .with(crate::variant::Diagonal::BOTH)
            .unwrap()
            .drawing();
        let window = svg.find("window").unwrap();
        let diagonal = svg.find("diagonal").unwrap();
        let cage = svg.find(r#"class="cage""#).unwrap();
        assert!(window < diagonal && diagonal < cage, "{svg}");
    }
}
