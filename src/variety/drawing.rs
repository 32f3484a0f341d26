//! A variant's rules drawn over the board, as SVG markup in the board's 900×900 units (a cell is
//! 100 a side): windows and smaller extra regions shaded, the diagonals as lines, a jigsaw's
//! region borders as thick lines, and each cage as a dashed outline inside its cells with its
//! sum in its first cell's corner. The classic rules draw nothing.
//!
//! Classes, part of the page's contract: `cage` (a cage's outline), `cage-sum` (its sum, the
//! text), `diagonal`, `window`, `extra-region`, `region-border`.

use std::fmt::Write;

use sudoku_core::variant::{Rules, windows};
use sudoku_core::{Cell, CellSet};

/// How far inside its cells a cage's outline runs.
const INSET: i32 = 7;

/// The markup of everything `rules` add to the classic grid.
pub fn rules_drawing(rules: &Rules) -> String {
    let mut svg = String::new();
    let windows = windows();
    for &region in rules.extra_regions() {
        if windows.contains(&region) {
            let (top, left) = corner(region);
            let _ = write!(
                svg,
                r#"<rect class="window" x="{left}" y="{top}" width="300" height="300"/>"#
            );
        } else {
            for cell in region.iter() {
                let (top, left) = corner(CellSet::single(cell));
                let _ = write!(
                    svg,
                    r#"<rect class="extra-region" x="{left}" y="{top}" width="100" height="100"/>"#
                );
            }
        }
    }
    if rules.diagonals.falling {
        svg.push_str(r#"<line class="diagonal" x1="0" y1="0" x2="900" y2="900"/>"#);
    }
    if rules.diagonals.rising {
        svg.push_str(r#"<line class="diagonal" x1="0" y1="900" x2="900" y2="0"/>"#);
    }
    if rules.is_jigsaw() {
        svg.push_str(r#"<path class="region-border" d=""#);
        for cell in Cell::all() {
            let (row, col) = (i32::from(cell.row()), i32::from(cell.col()));
            let region = rules.region(cell);
            if col < 8 && rules.region(Cell::at(cell.row(), cell.col() + 1)) != region {
                let x = (col + 1) * 100;
                let _ = write!(svg, "M{x} {}V{}", row * 100, row * 100 + 100);
            }
            if row < 8 && rules.region(Cell::at(cell.row() + 1, cell.col())) != region {
                let y = (row + 1) * 100;
                let _ = write!(svg, "M{} {y}H{}", col * 100, col * 100 + 100);
            }
        }
        svg.push_str(r#""/>"#);
    }
    for cage in rules.cages() {
        svg.push_str(r#"<path class="cage" d=""#);
        for cell in cage.cells.iter() {
            outline(&mut svg, cage.cells, cell);
        }
        svg.push_str(r#""/>"#);
        if let Some(sum) = cage.sum {
            let first = cage.first();
            let x = i32::from(first.col()) * 100 + INSET + 3;
            let y = i32::from(first.row()) * 100 + INSET + 22;
            let _ = write!(
                svg,
                r#"<text class="cage-sum" x="{x}" y="{y}">{sum}</text>"#
            );
        }
    }
    svg
}

/// The top and left of a set's first cell, in the board's units.
fn corner(cells: CellSet) -> (i32, i32) {
    let first = cells.first().unwrap_or(Cell::ALL[0]);
    (i32::from(first.row()) * 100, i32::from(first.col()) * 100)
}

/// The sides of `cell` that face out of `cage`, drawn `INSET` inside the cell. Each side's ends
/// stop short where the outline turns inwards, meet the cell's edge where the cage goes on
/// straight, and reach past it where the outline turns around a corner of the cage.
fn outline(svg: &mut String, cage: CellSet, cell: Cell) {
    let (row, col) = (i32::from(cell.row()), i32::from(cell.col()));
    let inside = |r: i32, c: i32| {
        (0..9).contains(&r) && (0..9).contains(&c) && cage.contains(Cell::at(r as u8, c as u8))
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
    use super::*;
    use sudoku_core::variant::{Cage, Variant};

    fn cells(cells: &[(u8, u8)]) -> CellSet {
        cells.iter().map(|&(r, c)| Cell::at(r, c)).collect()
    }

    #[test]
    fn the_classic_rules_draw_nothing() {
        assert_eq!(rules_drawing(&Rules::classic()), "");
    }

    #[test]
    fn a_cage_is_outlined_inside_its_cells_with_its_sum_in_its_first_corner() {
        let cage = Cage {
            cells: cells(&[(0, 0), (0, 1)]),
            sum: Some(15),
        };
        let rules = Rules::classic().with_cages([cage]).unwrap();
        let svg = rules_drawing(&rules);
        assert_eq!(svg.matches(r#"class="cage""#).count(), 1);
        assert!(
            svg.contains(r#"<text class="cage-sum" x="10" y="29">15</text>"#),
            "{svg}"
        );
        // The top side runs from inside the first cell across the joint to inside the second.
        assert!(svg.contains("M100 7L7 7"), "{svg}");
        assert!(svg.contains("M193 7L100 7"), "{svg}");
        // No side between the two cells.
        assert!(!svg.contains("M93 "), "{svg}");
    }

    #[test]
    fn an_l_shaped_cage_turns_around_its_inner_corner() {
        let cage = Cage {
            cells: cells(&[(0, 0), (1, 0), (1, 1)]),
            sum: None,
        };
        let rules = Rules::classic().with_cages([cage]).unwrap();
        let svg = rules_drawing(&rules);
        // The right side of r1c1 goes down past its cell to meet the top side of r2c2.
        assert!(svg.contains("M93 7L93 107"), "{svg}");
        assert!(svg.contains("M193 107L93 107"), "{svg}");
        assert!(!svg.contains("cage-sum"));
    }

    #[test]
    fn diagonals_windows_and_jigsaw_borders_are_drawn() {
        let x = rules_drawing(&Rules::of(Variant::X));
        assert_eq!(x.matches(r#"class="diagonal""#).count(), 2);
        let windoku = rules_drawing(&Rules::of(Variant::Windoku));
        assert_eq!(windoku.matches(r#"class="window""#).count(), 4);
        assert!(windoku.contains(r#"x="100" y="100" width="300""#));
        let mut regions = *Rules::classic().regions();
        regions.swap(2, 3);
        let jigsaw = Rules::classic().with_regions(regions).unwrap();
        let svg = rules_drawing(&jigsaw);
        assert_eq!(svg.matches("region-border").count(), 1);
        // r1c3 and r1c4 traded regions: a border between r1c2 and r1c3 now.
        assert!(svg.contains("M200 0V100"), "{svg}");
    }
}
