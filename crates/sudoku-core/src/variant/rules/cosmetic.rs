//! What an f-puzzles document only draws — `line`, `circle`, `rectangle`, `text` and `cage`
//! (an outline, perhaps with a label, that sets no sum) — drawn as f-puzzles draws it, in the
//! colours and sizes each entry gives, one group of class `fp-` and its key per entry.
//!
//! A rule the core does not know (`zipperline`, `xsum`…) is drawn alike from what its entries
//! hold: its lines, its cells shaded, its value, with the class `unchecked` beside its key's.
//!
//! An entry's places are cells or places just outside the grid (`R0C3`); a shape or a text sits
//! at the middle of its places, `width` and `height` (a line's `width`, a text's `size`) in
//! cells. Colours are `#` and 3 to 8 hexadecimal digits, or kept to the default; texts are
//! escaped: nothing in a puzzle's file is ever read as markup. An entry reaching outside the grid
//! has the class `outside` too.

use std::fmt::Write;

use serde_json::Value;

use super::drawing::{Drawing, centre, outline_data, push_polyline};
use crate::parse::file::push_html_text;
use crate::sets::CellSet;
use crate::variant::fpuzzles::fields::{cell_named, metadata_in, position_named};

/// Draws the entries of the f-puzzles field `key`. Entries that name no place are left out,
/// and a key that could not be a class.
pub(crate) fn draw(key: &str, entries: &[Value], drawing: &mut Drawing) {
    if !key
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return;
    }
    if key == "cage" {
        background(entries, drawing);
    }
    for entry in entries {
        // A drawn cage outlines only the grid's cells.
        let outside = if key != "cage" && reaches_outside(entry) {
            " outside"
        } else {
            ""
        };
        let class = format!("fp-{key}{outside}");
        match key {
            "line" => line(&class, entry, drawing),
            "circle" | "rectangle" => shape(&class, key == "circle", entry, drawing),
            "text" => label(&class, entry, drawing),
            "cage" => cage(&class, entry, drawing),
            _ => unknown(&class, entry, drawing),
        }
    }
}

/// Polylines through the centres of each list of `lines`.
fn line(class: &str, entry: &Value, drawing: &mut Drawing) {
    let lines: Vec<Vec<(i32, i32)>> = entry
        .get("lines")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(places_of)
        .filter(|line| line.len() > 1)
        .collect();
    if lines.is_empty() {
        return;
    }
    let colour = colour(entry, "outlineC", "#000");
    let width = size(entry, "width", 5);
    let svg = drawing.lines_layer();
    let _ = write!(
        svg,
        r#"<g class="{class}{}" stroke="{colour}" stroke-width="{width}" fill="none">"#,
        ink(colour)
    );
    for line in &lines {
        push_polyline(svg, line);
    }
    svg.push_str("</g>");
}

/// An ellipse or a rectangle `width` by `height`, turned by `angle` degrees, with its text.
fn shape(class: &str, round: bool, entry: &Value, drawing: &mut Drawing) {
    let Some((x, y)) = middle(&cells_of(entry)) else {
        return;
    };
    let (width, height) = (size(entry, "width", 50), size(entry, "height", 50));
    let fill = colour(entry, "baseC", "none");
    let stroke = colour(entry, "outlineC", "none");
    let svg = drawing.shading_layer();
    let _ = write!(
        svg,
        r#"<g class="{class}{}"{}>"#,
        ink(if fill == "none" { stroke } else { fill }),
        turned(entry, (x, y))
    );
    push_box(svg, round, (x, y), (width, height));
    let _ = write!(
        svg,
        r#" fill="{fill}" stroke="{stroke}" stroke-width="3"/>"#
    );
    text_at(svg, entry, (x, y), height.min(width) * 3 / 5);
    svg.push_str("</g>");
}

/// A text of `size` cells (f-puzzles' default, a half), turned by `angle` degrees.
fn label(class: &str, entry: &Value, drawing: &mut Drawing) {
    let Some(centre) = middle(&cells_of(entry)) else {
        return;
    };
    let svg = drawing.top_layer();
    let _ = write!(svg, r#"<g class="{class}"{}>"#, turned(entry, centre));
    text_at(svg, entry, centre, size(entry, "size", 50));
    svg.push_str("</g>");
}

/// An outline inside its cells, as a killer cage's, its `value` in the corner of the first.
fn cage(class: &str, entry: &Value, drawing: &mut Drawing) {
    let cells: CellSet = entry
        .get("cells")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter_map(|name| cell_named(name).ok())
        .collect();
    let Some(first) = cells.first() else {
        return;
    };
    let stroke = colour(entry, "outlineC", "#000");
    let svg = drawing.top_layer();
    let _ = write!(svg, r#"<g class="{class}" stroke="{stroke}"><path d=""#);
    outline_data(svg, cells);
    svg.push_str(r#""/>"#);
    if let Some(value) = value_of(entry) {
        let font = colour(entry, "fontC", "#000");
        let (x, y) = centre(first);
        let _ = write!(
            svg,
            r#"<text x="{}" y="{}" fill="{font}" stroke="none">{value}</text>"#,
            x - 40,
            y - 28
        );
    }
    svg.push_str("</g>");
}

/// SudokuPad's background picture, named by a cage with no cells (its metadata) whose value is
/// `bgimage: <address>`, stretched over the grid at the opacity `bgimageopacity: <0 to 1>` gives
/// (a fifth by default, as SudokuPad has it). Only an `https:` address or an image's `data:`,
/// and nothing that would end the attribute.
fn background(entries: &[Value], drawing: &mut Drawing) {
    let Some(address) = metadata_in(entries, "bgimage").filter(|address| {
        (address.starts_with("https://") || address.starts_with("data:image/"))
            && !address.contains(['"', '<', '>', ' ', '\n'])
    }) else {
        return;
    };
    let opacity = metadata_in(entries, "bgimageopacity")
        // Read as JSON, as `number` reads: `str::parse` would bring a float reader of its own.
        .and_then(|text| serde_json::from_str::<Value>(&text).ok()?.as_f64())
        .map_or(20, |opacity| {
            (opacity.clamp(0.0, 1.0) * 100.0).round() as u8
        });
    let svg = drawing.shading_layer();
    svg.push_str(r#"<image class="fp-cage bgimage" href=""#);
    push_html_text(svg, &address);
    let _ = write!(
        svg,
        r#"" x="0" y="0" width="900" height="900" preserveAspectRatio="none" opacity="{}.{:02}"/>"#,
        opacity / 100,
        opacity % 100
    );
}

/// A rule the core does not know: its `lines` as grey lines, its `cells` (or `cell`) shaded,
/// its `value` in the middle of them.
fn unknown(class: &str, entry: &Value, drawing: &mut Drawing) {
    let lines: Vec<Vec<(i32, i32)>> = (entry.get("lines").and_then(Value::as_array))
        .into_iter()
        .flatten()
        .map(places_of)
        .collect();
    let mut cells = cells_of(entry);
    cells.extend(entry.get("cell").and_then(Value::as_str).and_then(place));
    let Some(centre) = middle(&cells).or_else(|| lines.first().and_then(|line| middle(line)))
    else {
        return;
    };
    let svg = drawing.lines_layer();
    let _ = write!(svg, r#"<g class="{class} unchecked unknown">"#);
    for (x, y) in &cells {
        let _ = write!(
            svg,
            r#"<rect x="{}" y="{}" width="100" height="100"/>"#,
            x - 50,
            y - 50
        );
    }
    for line in lines.iter().filter(|line| line.len() > 1) {
        push_polyline(svg, line);
    }
    text_at(svg, entry, centre, 40);
    svg.push_str("</g>");
}

/// The entry's `value` centred at `(x, y)`, `font_size` high, in its `fontC`.
fn text_at(svg: &mut String, entry: &Value, (x, y): (i32, i32), font_size: i32) {
    if let Some(value) = value_of(entry) {
        let fill = colour(entry, "fontC", "#000");
        let _ = write!(
            svg,
            r#"<text x="{x}" y="{y}" font-size="{font_size}" fill="{fill}" text-anchor="middle" dominant-baseline="central">{value}</text>"#
        );
    }
}

/// An ellipse (`round`) or a rectangle `width` by `height` about `(x, y)`, its tag left open for
/// the paint's attributes.
pub(super) fn push_box(
    svg: &mut String,
    round: bool,
    (x, y): (i32, i32),
    (width, height): (i32, i32),
) {
    if round {
        let _ = write!(
            svg,
            r#"<ellipse cx="{x}" cy="{y}" rx="{}" ry="{}""#,
            width / 2,
            height / 2
        );
    } else {
        let _ = write!(
            svg,
            r#"<rect x="{}" y="{}" width="{width}" height="{height}""#,
            x - width / 2,
            y - height / 2
        );
    }
}

/// ` transform="rotate(…)"` for an entry turned by `angle` degrees (whole) about `(x, y)`, else
/// nothing.
pub(super) fn turned(entry: &Value, (x, y): (i32, i32)) -> String {
    match number(entry, "angle").map(|angle| angle.round() as i32) {
        Some(angle @ -360..=360) if angle != 0 => {
            format!(r#" transform="rotate({angle} {x} {y})""#)
        }
        _ => String::new(),
    }
}

/// Whether an entry names a place outside the grid (row or column 0 or 10), for which the page
/// gives the board a margin.
fn reaches_outside(entry: &Value) -> bool {
    let lines = (entry.get("lines").and_then(Value::as_array))
        .into_iter()
        .flatten();
    let places = (lines.chain(entry.get("cells")))
        .flat_map(places_of)
        .chain(entry.get("cell").and_then(Value::as_str).and_then(place));
    places
        .into_iter()
        .any(|(x, y)| !(0..900).contains(&x) || !(0..900).contains(&y))
}

/// The centres of the places an entry's `cells` name, in the board's units.
fn cells_of(entry: &Value) -> Vec<(i32, i32)> {
    entry.get("cells").map(places_of).unwrap_or_default()
}

/// The centres of a list of place names; names that are no place are left out.
fn places_of(list: &Value) -> Vec<(i32, i32)> {
    list.as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter_map(place)
        .collect()
}

/// The centre of the place named so (`R1C1`, `R0C3`).
fn place(name: &str) -> Option<(i32, i32)> {
    let (row, col) = position_named(name).ok()?;
    Some((i32::from(col) * 100 - 50, i32::from(row) * 100 - 50))
}

/// The middle of some places.
fn middle(places: &[(i32, i32)]) -> Option<(i32, i32)> {
    let count = i32::try_from(places.len()).ok().filter(|&n| n > 0)?;
    let (x, y) = places
        .iter()
        .fold((0, 0), |(x, y), &(px, py)| (x + px, y + py));
    Some((x / count, y / count))
}

/// A field holding a number, finite: JSON's, or a string of one.
pub(super) fn number(entry: &Value, key: &str) -> Option<f64> {
    let value = entry.get(key)?;
    let number = value.as_f64().or_else(|| {
        let text = value.as_str()?.trim();
        serde_json::from_str::<Value>(text).ok()?.as_f64()
    })?;
    number.is_finite().then_some(number)
}

/// A size given in cells, in the board's units (hundredths of a cell), from 1 to 10 cells' worth;
/// `default` when absent or out of reach. (Whole units: the markup never needs a fraction, and
/// writing one would bring float formatting into the worker.)
fn size(entry: &Value, key: &str, default: i32) -> i32 {
    number(entry, key)
        .map(|cells| (cells * 100.0).round())
        .filter(|size| (1.0..=1000.0).contains(size))
        .map_or(default, |size| size as i32)
}

/// A colour as f-puzzles writes it, `#` and 3 to 8 hexadecimal digits; else `default`.
pub(super) fn colour<'a>(entry: &'a Value, key: &str, default: &'a str) -> &'a str {
    entry
        .get(key)
        .and_then(Value::as_str)
        .filter(|colour| {
            colour.strip_prefix('#').is_some_and(|digits| {
                (3..=8).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_hexdigit())
            })
        })
        .unwrap_or(default)
}

/// ` dark-ink` for a colour of [`colour`] darker than the middle grey, opaque enough to be seen:
/// on a dark board the page lightens what lies under the setter's light colours, so that a digit
/// under them stays seen, but draws the dark ones as they are, which lightening would hide.
pub(super) fn ink(colour: &str) -> &'static str {
    // `colour` has checked the digits: each is hexadecimal, read here by its low bits.
    let hex = colour.as_bytes().get(1..).unwrap_or_default();
    let nibble = |at: usize| {
        hex.get(at).map_or(0, |&digit| {
            u32::from(digit & 15) + if digit > b'9' { 9 } else { 0 }
        })
    };
    let wide = hex.len() >= 6;
    let channel = |at: usize| {
        if wide {
            nibble(2 * at) * 16 + nibble(2 * at + 1)
        } else {
            nibble(at) * 17
        }
    };
    let alpha = if matches!(hex.len(), 4 | 8) {
        channel(3)
    } else {
        255
    };
    // Luma by Rec. 709's weights on the encoded values: near enough to tell dark from light.
    let luma = 2126 * channel(0) + 7152 * channel(1) + 722 * channel(2);
    if colour.starts_with('#') && luma < 128 * 10_000 && alpha >= 128 {
        " dark-ink"
    } else {
        ""
    }
}

/// The entry's `value` (text or number), escaped for markup; none when empty.
fn value_of(entry: &Value) -> Option<String> {
    let text = match entry.get("value")? {
        Value::String(text) => text.clone(),
        Value::Number(number) => number.to_string(),
        _ => return None,
    };
    let text = text.trim();
    (!text.is_empty()).then(|| {
        let mut html = String::new();
        push_html_text(&mut html, text);
        html
    })
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
    fn a_background_picture_is_drawn_from_an_https_or_data_address_only() {
        let picture = |value: &str| {
            let svg = drawn("cage", &format!(r#"[{{"value":"{value}"}}]"#));
            svg.split(r#"href=""#).nth(1).map(|rest| {
                let end = rest.find('"').unwrap_or(rest.len());
                rest[..end].to_string()
            })
        };
        assert_eq!(
            picture("bgimage: https://example.com/a.png?x=1&y=2").as_deref(),
            Some("https://example.com/a.png?x=1&amp;y=2")
        );
        assert_eq!(
            picture("bgimage: data:image/png;base64,iVBORw0K").as_deref(),
            Some("data:image/png;base64,iVBORw0K")
        );
        for refused in [
            "bgimage: http://example.com/a.png",
            "bgimage: javascript:alert(1)",
            "bgimage: data:text/html,hello",
            r#"bgimage: https://example.com/\" onload=\"x"#,
            "bgimage: https://example.com/<a>",
            "title: https://example.com/a.png",
        ] {
            assert_eq!(picture(refused), None, "{refused}");
        }
        // A fifth opaque unless told, from nothing to whole.
        let svg = drawn("cage", r#"[{"value":"bgimage: https://a.example/b.png"}]"#);
        assert!(svg.contains(r#"opacity="0.20""#), "{svg}");
        let svg = drawn(
            "cage",
            r#"[{"value":"bgimage: https://a.example/b.png"},{"value":"bgimageopacity: 7"}]"#,
        );
        assert!(svg.contains(r#"opacity="1.00""#), "{svg}");
        // A cage with cells is no metadata.
        let svg = drawn(
            "cage",
            r#"[{"cells":["R1C1"],"value":"bgimage: https://a.example/b.png"}]"#,
        );
        assert!(!svg.contains("<image"), "{svg}");
    }

    #[test]
    fn dark_inks_are_told_from_light_ones() {
        for dark in ["#000", "#cc0000", "#1b2029", "#00000080", "#333f"] {
            assert_eq!(ink(dark), " dark-ink", "{dark}");
        }
        for light in ["#fff", "#CFCFCF", "#ffd0d0", "#00000000", "#0007", "none"] {
            assert_eq!(ink(light), "", "{light}");
        }
    }

    #[test]
    fn a_line_goes_through_its_cells_in_its_colour_and_width() {
        let svg = drawn(
            "line",
            r##"[{"lines":[["R1C1","R2C2","R2C3"]],"outlineC":"#cc0000","width":0.1}]"##,
        );
        assert_eq!(
            svg,
            r##"<g class="fp-line dark-ink" stroke="#cc0000" stroke-width="10" fill="none"><polyline points="50,50 150,150 250,150"/></g>"##
        );
    }

    #[test]
    fn shapes_sit_between_their_cells_turned_with_their_text() {
        let svg = drawn(
            "circle",
            r##"[{"cells":["R1C1","R1C2"],"baseC":"#FFFFFF","outlineC":"#000000","fontC":"#123","width":0.6,"height":0.4,"angle":45,"value":"7"}]"##,
        );
        assert!(svg.starts_with(r##"<g class="fp-circle" transform="rotate(45 100 50)"><ellipse cx="100" cy="50" rx="30" ry="20" fill="#FFFFFF""##), "{svg}");
        assert!(
            svg.contains(
                r##"fill="#123" text-anchor="middle" dominant-baseline="central">7</text>"##
            ),
            "{svg}"
        );
        let rect = drawn(
            "rectangle",
            r#"[{"cells":["R0C1"],"width":1,"height":0.5}]"#,
        );
        assert!(
            rect.starts_with(r#"<g class="fp-rectangle outside">"#),
            "{rect}"
        );
        assert!(
            rect.contains(r#"<rect x="0" y="-75" width="100" height="50" fill="none""#),
            "{rect}"
        );
    }

    #[test]
    fn nothing_in_a_file_is_read_as_markup() {
        let svg = drawn(
            "text",
            r##"[{"cells":["R5C5"],"value":"<script>alert(1)</script> & \"x\"","fontC":"red\" onload=\"x"}]"##,
        );
        assert!(!svg.contains("<script"), "{svg}");
        assert!(
            svg.contains(r#"&lt;script&gt;alert(1)&lt;/script&gt; &amp; "x"</text>"#),
            "{svg}"
        );
        assert!(
            svg.contains(r##"fill="#000""##),
            "an unreadable colour is the default: {svg}"
        );
    }

    #[test]
    fn entries_without_a_place_draw_nothing() {
        assert_eq!(drawn("text", r#"[{"cells":["nowhere"],"value":"x"}]"#), "");
        assert_eq!(drawn("line", r#"[{"lines":[["R1C1"]]}]"#), "");
        assert_eq!(drawn("cage", "not json"), "");
    }

    #[test]
    fn a_rule_not_known_is_drawn_from_its_lines_cells_and_value() {
        let svg = drawn(
            "zipperline",
            r#"[{"lines":[["R1C1","R1C2","R1C3"]]},{"cells":["R2C2"],"value":"5"}]"#,
        );
        assert_eq!(
            svg,
            concat!(
                r#"<g class="fp-zipperline unchecked unknown"><polyline points="50,50 150,50 250,50"/></g>"#,
                r#"<g class="fp-zipperline unchecked unknown"><rect x="100" y="100" width="100" height="100"/>"#,
                r##"<text x="150" y="150" font-size="40" fill="#000" text-anchor="middle" dominant-baseline="central">5</text></g>"##,
            )
        );
        assert_eq!(
            drawn("x\"y", r#"[{"cells":["R2C2"]}]"#),
            "",
            "no class from a strange key"
        );
    }

    #[test]
    fn a_drawn_cage_outlines_its_cells_with_its_label() {
        let svg = drawn("cage", r#"[{"cells":["R1C2","R1C1","R0C1"],"value":"A"}]"#);
        assert!(
            svg.starts_with(r##"<g class="fp-cage" stroke="#000"><path d="M100 7L7 7M"##),
            "{svg}"
        );
        assert!(
            svg.ends_with(r##"<text x="10" y="22" fill="#000" stroke="none">A</text></g>"##),
            "{svg}"
        );
    }
}
