//! What SudokuPad draws — its `lines`, `arrows`, `overlays` (over the lines) and `underlays`
//! (under them) — drawn as it draws them, in the colours and widths each entry gives.
//!
//! Places are `[row, column]` measured in cells from the grid's top left corner (a cell's centre
//! is at `row + 0.5`), sizes in cells; widths (`thickness`, `borderSize`) and fonts
//! (`fontSize`) in pixels of SudokuPad's 64-pixel cell. Each entry is a group of class `fp-` and
//! its key, with `unchecked` (a shape's meaning is only in the rules' text), `dark-ink` for a
//! dark colour (see [`ink`]) and `outside` when it reaches beyond the grid. Texts are escaped:
//! nothing in a puzzle is ever read as markup.

use std::fmt::Write;

use serde_json::Value;

use super::cosmetic::{colour, ink, number, push_box, turned};
use super::drawing::{Drawing, head, push_polyline};
use crate::parse::file::push_html_text;

/// The board's units (a cell is 100) in one of SudokuPad's pixels.
const UNITS_PER_PIXEL: f64 = 100.0 / 64.0;

/// Draws the entries of SudokuPad's field `key`, one of
/// [`SHAPES`](crate::variant::fpuzzles::SHAPES).
pub(crate) fn draw(key: &str, entries: &[Value], drawing: &mut Drawing) {
    for entry in entries {
        match key {
            "lines" | "arrows" => line(key, entry, drawing),
            _ => shape(key, entry, drawing),
        }
    }
}

/// A line through its `wayPoints`, an arrow's with a head at its end `headLength` cells long.
fn line(key: &str, entry: &Value, drawing: &mut Drawing) {
    let points: Vec<(i32, i32)> = (entry.get("wayPoints").and_then(Value::as_array))
        .into_iter()
        .flatten()
        .filter_map(place)
        .collect();
    if points.len() < 2 {
        return;
    }
    let colour = colour(entry, "color", "#000");
    let width = pixels(entry, "thickness").unwrap_or(3);
    let svg = drawing.lines_layer();
    let _ = write!(
        svg,
        r#"<g class="fp-{key} unchecked{}{}" stroke="{colour}" stroke-width="{width}" fill="none" stroke-linecap="round" stroke-linejoin="round"{}>"#,
        outside(&points),
        ink(colour),
        opacity(entry)
    );
    push_polyline(svg, &points);
    if key == "arrows" {
        let length = number(entry, "headLength").map_or(0.3, |cells| cells.clamp(0.0, 1.0));
        push_polyline(svg, &head(&points, length * 100.0));
    }
    svg.push_str("</g>");
}

/// An overlay or an underlay: a rectangle or, `rounded`, an ellipse `width` by `height` about its
/// `center`, turned by `angle` degrees, with its `text`.
fn shape(key: &str, entry: &Value, drawing: &mut Drawing) {
    let Some((x, y)) = entry.get("center").and_then(place) else {
        return;
    };
    let cells =
        |key| number(entry, key).map_or(100, |cells| (cells.clamp(0.0, 10.0) * 100.0) as i32);
    let (width, height) = (cells("width"), cells("height"));
    let corners = [
        (x - width / 2, y - height / 2),
        (x + width / 2, y + height / 2),
    ];
    let svg = if key == "underlays" {
        drawing.shading_layer()
    } else {
        drawing.top_layer()
    };
    let fill = colour(entry, "backgroundColor", "none");
    let stroke = colour(entry, "borderColor", "none");
    let _ = write!(
        svg,
        r#"<g class="fp-{key} unchecked{}{}"{}{}>"#,
        outside(&corners),
        ink(if fill == "none" { stroke } else { fill }),
        opacity(entry),
        turned(entry, (x, y))
    );
    let stroke_width = pixels(entry, "thickness")
        .or_else(|| pixels(entry, "borderSize"))
        .unwrap_or(2);
    let round = entry.get("rounded") == Some(&Value::Bool(true));
    push_box(svg, round, (x, y), (width, height));
    let _ = write!(
        svg,
        r#" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"/>"#
    );
    let text = match entry.get("text") {
        Some(Value::String(text)) => text.trim().to_owned(),
        Some(Value::Number(number)) => number.to_string(),
        _ => String::new(),
    };
    if !text.is_empty() {
        let font = pixels(entry, "fontSize").unwrap_or(25);
        let fill = colour(entry, "color", "#000");
        let _ = write!(
            svg,
            r#"<text x="{x}" y="{y}" font-size="{font}" fill="{fill}" stroke="none" text-anchor="middle" dominant-baseline="central">"#
        );
        push_html_text(svg, &text);
        svg.push_str("</text>");
    }
    svg.push_str("</g>");
}

/// A place `[row, column]` in the board's units, `(x, y)`; none beyond three cells from the grid.
fn place(value: &Value) -> Option<(i32, i32)> {
    let place = value.as_array().filter(|place| place.len() == 2)?;
    let units = |at: &Value| {
        at.as_f64()
            .filter(|cells| (-3.0..=12.0).contains(cells))
            .map(|cells| (cells * 100.0).round() as i32)
    };
    Some((units(&place[1])?, units(&place[0])?))
}

/// A width in pixels, in the board's units, from a tenth of a pixel to two cells.
fn pixels(entry: &Value, key: &str) -> Option<i32> {
    number(entry, key)
        .filter(|pixels| (0.1..=128.0).contains(pixels))
        .map(|pixels| ((pixels * UNITS_PER_PIXEL).round() as i32).max(1))
}

/// ` outside` when a point lies beyond the grid, for which the page gives the board a margin.
fn outside(points: &[(i32, i32)]) -> &'static str {
    let beyond = |at: i32| !(0..=900).contains(&at);
    if points.iter().any(|&(x, y)| beyond(x) || beyond(y)) {
        " outside"
    } else {
        ""
    }
}

/// ` opacity="0.NN"` for an entry's `opacity` below 1 (in hundredths: the markup never needs
/// a float's formatting), else nothing.
fn opacity(entry: &Value) -> String {
    match number(entry, "opacity").map(|opacity| (opacity.clamp(0.0, 1.0) * 100.0).round() as u8) {
        Some(hundredths @ 0..=99) => format!(r#" opacity="0.{hundredths:02}""#),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(key: &str, json: &str) -> String {
        let mut drawing = Drawing::default();
        let entries: Vec<Value> = serde_json::from_str(json).unwrap_or_default();
        draw(key, &entries, &mut drawing);
        drawing.into_markup()
    }

    #[test]
    fn a_line_runs_through_its_points_in_its_colour_and_width() {
        let line = drawn(
            "lines",
            r##"[{"wayPoints":[[0.5,0.5],[1.5,2.5]],"color":"#FF0000","thickness":6.4,"opacity":0.5}]"##,
        );
        assert!(
            line.starts_with(
                r##"<g class="fp-lines unchecked dark-ink" stroke="#FF0000" stroke-width="10""##
            ),
            "{line}"
        );
        assert!(line.contains(r#"opacity="0.50""#), "{line}");
        assert!(
            line.contains(r#"<polyline points="50,50 250,150"/>"#),
            "{line}"
        );
    }

    #[test]
    fn an_arrow_has_a_head_at_its_end() {
        let arrow = drawn(
            "arrows",
            r#"[{"wayPoints":[[0.5,0.5],[0.5,2.5]],"headLength":0.3}]"#,
        );
        assert!(
            arrow.contains(r#"<polyline points="229,29 250,50 229,71"/>"#),
            "{arrow}"
        );
    }

    #[test]
    fn overlays_sit_on_their_centre_with_their_text_escaped() {
        let dot = drawn(
            "overlays",
            r##"[{"center":[1,0.5],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000","thickness":1.28}]"##,
        );
        assert_eq!(
            dot,
            r##"<g class="fp-overlays unchecked"><ellipse cx="50" cy="100" rx="15" ry="15" fill="#FFFFFF" stroke="#000000" stroke-width="2"/></g>"##
        );
        let clue = drawn(
            "underlays",
            r#"[{"center":[-0.5,3.5],"width":1,"height":1,"text":"<b>12</b>","fontSize":28}]"#,
        );
        assert!(clue.starts_with(r#"<g class="fp-underlays unchecked outside"><rect x="300" y="-100" width="100" height="100""#), "{clue}");
        assert!(clue.contains(r#"font-size="44""#), "{clue}");
        assert!(clue.contains("&lt;b&gt;12&lt;/b&gt;</text>"), "{clue}");
    }

    #[test]
    fn entries_without_a_place_or_with_a_far_one_draw_nothing() {
        assert_eq!(drawn("lines", r#"[{"wayPoints":[[0.5,0.5]]},{}]"#), "");
        assert_eq!(
            drawn("overlays", r#"[{"center":[100,1]},{"center":"R1C1"}]"#),
            ""
        );
        assert_eq!(drawn("arrows", "not json"), "");
    }
}
