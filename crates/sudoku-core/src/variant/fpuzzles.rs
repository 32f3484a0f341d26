//! The f-puzzles format, which f-puzzles and SudokuPad exchange variant puzzles in.
//!
//! A puzzle is a JSON object: `size` (9 here), `grid` (nine rows of nine cells, each with an
//! optional `value`, `given` when the value is the puzzle's, and `region`, 0–8, for a jigsaw's
//! pieces), `title`, `author`, and the constraints' fields, which each kind's file in
//! [`rules`](super::rules) names, reads and writes (`diagonal+`, `diagonal-`, `extraregion`,
//! `killercage`; cells are named `"R1C1"`). Links carry that text compressed by lz-string in its
//! base64 form: after `?load=` on f-puzzles, after `fpuzzles` on SudokuPad and in this app's
//! addresses.
//!
//! Every other rule the format can hold (thermometers, arrows, …) is refused by its name, since a
//! puzzle played without one of its rules is another puzzle; so are cosmetic marks that may carry
//! a rule (`text`, `cage`, `line`…). Metadata that changes nothing is read past (`ruleset`,
//! `solution`, colours and pencil marks of cells). A field whose value is empty (`false`, `[]`,
//! `null`, `""`) is as if absent.

use serde::Serialize;
use serde::ser::SerializeMap;
use serde_json::{Map, Value};

use super::{CellName, Puzzle, Rules, RulesError, rules};
use crate::cell::Cell;
use crate::sets::CellSet;

/// Why a text is not a puzzle this app can play.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FormatError {
    #[error("not f-puzzles JSON: {0}")]
    Json(String),
    #[error("not an f-puzzles link or payload")]
    Payload,
    /// A link that names a puzzle kept on a server (`?id=…`, a SudokuPad short link).
    #[error(
        "the link does not hold the puzzle: use the full f-puzzles or SudokuPad link, or the JSON"
    )]
    ShortLink,
    #[error("the f-puzzles JSON ends early: a puzzle must be on one line")]
    Unfinished,
    /// A rule or a size this app does not play, by the format's name for it.
    #[error("cannot play: {0}")]
    CannotPlay(String),
    #[error("the grid needs 9 rows of 9 cells")]
    GridShape,
    #[error("not a cell: \"{0}\"")]
    NotACell(String),
    #[error("{value} at {at} is not a digit")]
    NotADigit { value: i64, at: CellName },
    #[error("region {region} at {at} is not 1 to 9")]
    NotARegion { region: i64, at: CellName },
    #[error("the cage at {at} has the sum \"{sum}\", not a number from 1 to 45")]
    CageSum { sum: String, at: CellName },
    #[error("{0}")]
    Rules(#[from] RulesError),
}

/// The longest payload read: real puzzles' are a few kilobytes.
const MAX_PAYLOAD: usize = 100_000;

/// Top-level fields read past: they describe the puzzle without changing its rules.
const METADATA: [&str; 8] = [
    "ruleset",
    "activeConstraints",
    "successMessage",
    "solution",
    "disabledlogic",
    "truecandidatesoptions",
    "version",
    "highlightConflicts",
];
/// Fields of a cell read past: the solver's marks and colours.
const CELL_METADATA: [&str; 5] = [
    "centerPencilMarks",
    "cornerPencilMarks",
    "c",
    "cArray",
    "highlight",
];

/// The fields of a puzzle that this reader plays besides the constraints'
/// ([`rules::fpuzzles_keys`]), and those of a grid's cell.
const PUZZLE_FIELDS: [&str; 4] = ["size", "grid", "title", "author"];
const CELL_FIELDS: [&str; 3] = ["value", "given", "region"];

/// A JSON object's fields.
pub(crate) type Fields = Map<String, Value>;

/// A field's value; `null` is as if absent.
pub(crate) fn field<'a>(fields: &'a Fields, name: &str) -> Option<&'a Value> {
    fields.get(name).filter(|value| !value.is_null())
}

fn not_json(text: String) -> FormatError {
    FormatError::Json(text)
}

/// A field that must be there.
fn required<'a>(fields: &'a Fields, name: &str) -> Result<&'a Value, FormatError> {
    field(fields, name).ok_or_else(|| not_json(format!("missing field `{name}`")))
}

fn integer(value: &Value, name: &str) -> Result<i64, FormatError> {
    value
        .as_i64()
        .ok_or_else(|| not_json(format!("`{name}` is not a whole number: {value}")))
}

pub(crate) fn boolean(value: &Value, name: &str) -> Result<bool, FormatError> {
    value
        .as_bool()
        .ok_or_else(|| not_json(format!("`{name}` is not true or false: {value}")))
}

fn text(value: &Value, name: &str) -> Result<String, FormatError> {
    value
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| not_json(format!("`{name}` is not a string: {value}")))
}

fn list<'a>(value: &'a Value, name: &str) -> Result<&'a [Value], FormatError> {
    value
        .as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| not_json(format!("`{name}` is not a list: {value}")))
}

fn object<'a>(value: &'a Value, name: &str) -> Result<&'a Fields, FormatError> {
    value
        .as_object()
        .ok_or_else(|| not_json(format!("`{name}` is not an object: {value}")))
}

/// The entries of a list of objects (`killercage`, `extraregion`); none when it is absent.
pub(crate) fn entries<'a>(
    document: &'a Fields,
    name: &str,
) -> Result<Vec<&'a Fields>, FormatError> {
    match field(document, name) {
        None => Ok(Vec::new()),
        Some(entries) => list(entries, name)?
            .iter()
            .map(|entry| object(entry, name))
            .collect(),
    }
}

/// The cells of an entry of a list (`killercage`, `extraregion`), by their names.
pub(crate) fn entry_cells(entry: &Fields, name: &str) -> Result<CellSet, FormatError> {
    list(required(entry, "cells")?, name)?
        .iter()
        .map(|cell| cell_named(&text(cell, name)?))
        .collect()
}

/// Whether a field's value says nothing: `false`, `null`, empty.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::String(text) => text.is_empty(),
        Value::Array(items) => items.is_empty(),
        Value::Object(fields) => fields.is_empty(),
        Value::Bool(true) | Value::Number(_) => false,
    }
}

/// The first field of these (in the order of their names) that is neither played nor metadata
/// and says something.
fn unplayable<'a>(fields: &'a Fields, played: &[&str], metadata: &[&str]) -> Option<&'a str> {
    fields
        .iter()
        .find(|(name, value)| {
            !played.contains(&name.as_str())
                && !metadata.contains(&name.as_str())
                && !is_empty(value)
                && !is_metadata_cages(name, value)
        })
        .map(|(name, _)| name.as_str())
}

/// SudokuPad keeps its metadata (`title: …`, `rules: …`, `msgcorrect: …`) in `cage` entries
/// without cells: such cages hold no rule.
fn is_metadata_cages(name: &str, value: &Value) -> bool {
    let Value::Array(cages) = value else {
        return false;
    };
    name == "cage"
        && cages.iter().all(|cage| {
            let no_cells = cage.get("cells").is_none_or(is_empty);
            let labelled = cage
                .get("value")
                .and_then(Value::as_str)
                .is_some_and(|text| {
                    text.split_once(": ").is_some_and(|(key, _)| {
                        !key.is_empty() && key.bytes().all(|b| b.is_ascii_lowercase())
                    })
                });
            no_cells && labelled
        })
}

/// A cell named `R1C1` (any case).
fn cell_named(name: &str) -> Result<Cell, FormatError> {
    let not_a_cell = || FormatError::NotACell(name.to_string());
    let upper = name.trim().to_ascii_uppercase();
    let (row, col) = upper
        .strip_prefix('R')
        .and_then(|rest| rest.split_once('C'))
        .ok_or_else(not_a_cell)?;
    let index = |text: &str| match text.parse::<u8>() {
        Ok(n @ 1..=9) if !text.starts_with('+') => Ok(n - 1),
        _ => Err(not_a_cell()),
    };
    Ok(Cell::at(index(row)?, index(col)?))
}

/// Reads a puzzle from f-puzzles JSON, a link carrying it, or a link's payload.
pub fn read(text: &str) -> Result<Puzzle, FormatError> {
    let text = text.trim().trim_start_matches('\u{feff}');
    if text.starts_with('{') {
        read_json(text)
    } else if text.starts_with("http") && !text.contains("load=") && !text.contains("fpuzzles") {
        Err(FormatError::ShortLink)
    } else {
        read_json(&decompress(payload(text))?)
    }
}

/// Whether a text is meant as f-puzzles: JSON, a link, a bare `fpuzzles…` payload, or
/// lz-string's base64 of a JSON object (which starts `N4Ig`).
pub fn is_meant_as_fpuzzles(text: &str) -> bool {
    let text = text.trim_start();
    text.starts_with('{')
        || text.starts_with("N4Ig")
        || text.starts_with("fpuzzles")
        || text.starts_with("http")
}

/// The payload of a link (`?load=…`, `…fpuzzles…`), or the text itself.
fn payload(text: &str) -> &str {
    let start = if let Some(at) = text.find("load=") {
        at + "load=".len()
    } else if let Some(at) = text.rfind("fpuzzles") {
        at + "fpuzzles".len()
    } else {
        0
    };
    let rest = &text[start..];
    rest.split(['&', '#', '?']).next().unwrap_or(rest)
}

/// lz-string's base64, as links carry it: percent-escaped or not, `+` perhaps turned to a space.
fn decompress(payload: &str) -> Result<String, FormatError> {
    // lz-string's decoder holds every dictionary entry whole, so its memory grows with the
    // square of its input: a payload longer than any real puzzle's is refused unread.
    if payload.len() > MAX_PAYLOAD {
        return Err(FormatError::Payload);
    }
    let unescaped = percent_encoding::percent_decode_str(payload)
        .decode_utf8()
        .map_err(|_| FormatError::Payload)?
        .replace(' ', "+");
    if unescaped.is_empty() {
        return Err(FormatError::Payload);
    }
    let wide = lz_str::decompress_from_base64(&unescaped).ok_or(FormatError::Payload)?;
    let json = String::from_utf16(&wide).map_err(|_| FormatError::Payload)?;
    if json.trim_start().starts_with('{') {
        Ok(json)
    } else {
        Err(FormatError::Payload)
    }
}

/// Reads f-puzzles JSON.
pub fn read_json(json: &str) -> Result<Puzzle, FormatError> {
    let document: Value = serde_json::from_str(json).map_err(|e| {
        if e.is_eof() {
            FormatError::Unfinished
        } else {
            not_json(e.to_string())
        }
    })?;
    let document = object(&document, "the puzzle")?;
    let played: Vec<&str> = PUZZLE_FIELDS
        .into_iter()
        .chain(rules::fpuzzles_keys())
        .collect();
    if let Some(name) = unplayable(document, &played, &METADATA) {
        return Err(FormatError::CannotPlay(name.to_string()));
    }
    let size = integer(required(document, "size")?, "size")?;
    if size != 9 {
        return Err(FormatError::CannotPlay(format!("size {size}")));
    }
    let rows = list(required(document, "grid")?, "grid")?;
    let grid = rows
        .iter()
        .map(|row| list(row, "grid"))
        .collect::<Result<Vec<_>, _>>()?;
    if grid.len() != 9 || grid.iter().any(|row| row.len() != 9) {
        return Err(FormatError::GridShape);
    }
    let mut givens = [0; Cell::COUNT];
    let mut regions = Cell::ALL.map(Cell::box_index);
    for (cell, entry) in Cell::all().zip(grid.iter().flat_map(|row| row.iter())) {
        let at = CellName(cell);
        let entry = object(entry, "a cell of the grid")?;
        if let Some(name) = unplayable(entry, &CELL_FIELDS, &CELL_METADATA) {
            return Err(FormatError::CannotPlay(name.to_string()));
        }
        // Absent: the box's; null: no region at all.
        match entry.get("region") {
            None => {}
            Some(Value::Null) => {
                return Err(FormatError::CannotPlay(
                    "a cell outside every region".into(),
                ));
            }
            Some(region) => match integer(region, "region")? {
                region @ 0..=8 => regions[cell.index()] = region as u8,
                region => {
                    return Err(FormatError::NotARegion {
                        region: region.saturating_add(1),
                        at,
                    });
                }
            },
        }
        // A value that is not given is the solver's, not the puzzle's.
        let given = field(entry, "given")
            .map(|given| boolean(given, "given"))
            .transpose()?;
        let value = field(entry, "value")
            .map(|value| integer(value, "value"))
            .transpose()?;
        if let (Some(value), Some(true)) = (value, given) {
            match value {
                1..=9 => givens[cell.index()] = value as u8,
                _ => return Err(FormatError::NotADigit { value, at }),
            }
        }
    }
    let rules = Rules::classic()
        .with_regions(regions)?
        .with(rules::read_fpuzzles(document)?)?;
    let label = |name| {
        field(document, name)
            .map(|value| text(value, name))
            .transpose()
            .map(|label| label.filter(|label| !label.is_empty()))
    };
    Ok(Puzzle {
        givens,
        rules,
        title: label("title")?,
        author: label("author")?,
    })
}

#[derive(Serialize)]
struct Written<'a> {
    size: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    author: Option<&'a str>,
    grid: Vec<Vec<WrittenCell>>,
    #[serde(flatten)]
    constraints: Document,
}

#[derive(Serialize)]
struct WrittenCell {
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<u8>,
    #[serde(skip_serializing_if = "is_false")]
    given: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<u8>,
}

fn is_false(flag: &bool) -> bool {
    !flag
}

/// The constraints' fields of a document being written, in the order of
/// [`rules::fpuzzles_keys`]: every key, empty until a constraint writes it. Its values are typed,
/// as the format's are, rather than JSON values: what writes them stays small in the worker.
pub(crate) struct Document {
    fields: Vec<(&'static str, FieldValue)>,
}

/// The value of a constraint's field: a flag, or a list of entries.
#[derive(Serialize)]
#[serde(untagged)]
enum FieldValue {
    Flag(bool),
    List(Vec<Entry>),
}

/// An entry of a list: its cells and, for some kinds, a value (a cage's sum).
#[derive(Serialize)]
pub(crate) struct Entry {
    pub cells: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

impl Document {
    fn new() -> Document {
        Document {
            fields: rules::fpuzzles_keys()
                .map(|key| (key, FieldValue::List(Vec::new())))
                .collect(),
        }
    }

    fn get(&mut self, key: &str) -> &mut FieldValue {
        let (_, value) = self
            .fields
            .iter_mut()
            .find(|(name, _)| *name == key)
            .expect("a constraint writes only the keys its kind names");
        value
    }

    /// Sets the flag `key`.
    pub fn set(&mut self, key: &str) {
        *self.get(key) = FieldValue::Flag(true);
    }

    /// Adds an entry to the list `key`.
    pub fn push(&mut self, key: &str, entry: Entry) {
        if let FieldValue::List(entries) = self.get(key) {
            entries.push(entry);
        }
    }
}

/// The fields written, in their order; those no constraint wrote left out.
impl Serialize for Document {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let written = self
            .fields
            .iter()
            .filter(|(_, value)| !matches!(value, FieldValue::List(entries) if entries.is_empty()));
        let mut map = serializer.serialize_map(None)?;
        for (key, value) in written {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// Cells by their names, `R1C1`.
pub(crate) fn names(cells: CellSet) -> Vec<String> {
    cells
        .iter()
        .map(|cell| CellName(cell).to_string())
        .collect()
}

/// The puzzle as f-puzzles JSON on one line: regions written only for a jigsaw.
pub fn to_json(puzzle: &Puzzle) -> String {
    let rules = &puzzle.rules;
    let jigsaw = rules.is_jigsaw();
    let grid = (0..9)
        .map(|row| {
            (0..9)
                .map(|col| {
                    let cell = Cell::at(row, col);
                    let value = puzzle.givens[cell.index()];
                    WrittenCell {
                        value: (value != 0).then_some(value),
                        given: value != 0,
                        region: jigsaw.then(|| rules.region(cell)),
                    }
                })
                .collect()
        })
        .collect();
    let mut constraints = Document::new();
    for constraint in rules.constraints() {
        constraint.rule().write_fpuzzles(&mut constraints);
    }
    let written = Written {
        size: 9,
        title: puzzle.title.as_deref(),
        author: puzzle.author.as_deref(),
        grid,
        constraints,
    };
    serde_json::to_string(&written).expect("the written form holds only strings and numbers")
}

/// The payload links carry: the JSON compressed by lz-string, in base64.
pub fn to_payload(puzzle: &Puzzle) -> String {
    lz_str::compress_to_base64(to_json(puzzle).as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Cage, Variant, windows};

    fn killer_x() -> Puzzle {
        let cage = |names: &[&str], sum| Cage {
            cells: names.iter().map(|name| cell_named(name).unwrap()).collect(),
            sum,
        };
        let mut givens = [0; Cell::COUNT];
        givens[40] = 5;
        let rules = Rules::of(Variant::KillerX)
            .with([cage(&["R1C1", "R1C2"], Some(3)), cage(&["R9C9"], None)])
            .unwrap();
        Puzzle {
            givens,
            rules,
            title: Some("Test".into()),
            author: None,
        }
    }

    #[test]
    fn written_json_and_payload_read_back_the_same() {
        let mut jigsaw = Rules::classic();
        // Two boxes trade a cell: still nine cells each.
        let mut regions = *jigsaw.regions();
        regions.swap(2, 3);
        jigsaw = jigsaw.with_regions(regions).unwrap();
        let windoku = Rules::of(Variant::Windoku);
        for puzzle in [
            killer_x(),
            Puzzle::new([0; 81], jigsaw),
            Puzzle::new([0; 81], windoku),
        ] {
            assert_eq!(read(&to_json(&puzzle)).unwrap(), puzzle);
            let payload = to_payload(&puzzle);
            assert!(payload.starts_with("N4Ig"), "{payload}");
            assert_eq!(read(&payload).unwrap(), puzzle);
            let link = format!("https://www.f-puzzles.com/?load={payload}");
            assert_eq!(read(&link).unwrap(), puzzle);
            let escaped = payload.replace('+', "%2B").replace('/', "%2F");
            let link = format!("https://sudokupad.app/fpuzzles{escaped}");
            assert_eq!(read(&link).unwrap(), puzzle);
            assert!(is_meant_as_fpuzzles(&link));
        }
        assert_eq!(
            read(&to_json(&Puzzle::new([0; 81], Rules::of(Variant::Windoku))))
                .unwrap()
                .rules
                .variant(),
            Some(Variant::Windoku)
        );
        let windoku = Rules::of(Variant::Windoku);
        let regions: Vec<CellSet> = windoku
            .constraints()
            .iter()
            .map(|constraint| match constraint {
                crate::variant::Constraint::ExtraRegion(region) => region.cells,
                other => panic!("not a window: {other:?}"),
            })
            .collect();
        assert_eq!(regions, windows());
    }

    #[test]
    fn fields_that_change_nothing_are_read_past() {
        let json = r##"{"size":9,"title":"","ruleset":"Normal sudoku rules apply.","antiknight":false,
            "thermometer":[],"grid":[[{"value":3,"given":true,"c":"#FF0000","centerPencilMarks":[1]},
            {"value":4}],[],[],[],[],[],[],[],[]]}"##;
        // Rows of the wrong length are the one thing wrong here.
        assert_eq!(read(json), Err(FormatError::GridShape));
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!(
            r#"[[{{"value":3,"given":true,"c":"x"}},{{"value":4}},{{}},{{}},{{}},{{}},{{}},{{}},{{}}],{}]"#,
            [row; 8].join(",")
        );
        let json = format!(r#"{{"size":9,"antiknight":false,"thermometer":[],"grid":{grid}}}"#);
        let puzzle = read(&json).unwrap();
        assert_eq!(puzzle.givens[0], 3);
        assert_eq!(puzzle.givens[1], 0, "a value not given is the solver's");
        assert!(puzzle.rules.is_classic());
    }

    #[test]
    fn sudokupad_metadata_cages_are_read_past() {
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let meta =
            r#"[{"value":"title: Tiny"},{"cells":[],"value":"rules: Normal sudoku rules."}]"#;
        let json = format!(r#"{{"size":9,"grid":{grid},"cage":{meta}}}"#);
        assert!(read(&json).unwrap().rules.is_classic());
        let rule = r#"[{"cells":["R1C1","R1C2"],"value":"rules: sum"}]"#;
        let json = format!(r#"{{"size":9,"grid":{grid},"cage":{rule}}}"#);
        assert_eq!(read(&json).unwrap_err().to_string(), "cannot play: cage");
        let colours = grid.replacen("{}", r##"{"cArray":["#FF0000"]}"##, 1);
        assert!(read(&format!(r#"{{"size":9,"grid":{colours}}}"#)).is_ok());
        assert_eq!(
            read(&"A".repeat(MAX_PAYLOAD + 1)),
            Err(FormatError::Payload)
        );
        assert!(!is_meant_as_fpuzzles("# a note about fpuzzles and load="));
        assert_eq!(
            read("https://f-puzzles.com/?id=abc123"),
            Err(FormatError::ShortLink)
        );
        assert_eq!(
            read("https://sudokupad.app/abc123"),
            Err(FormatError::ShortLink)
        );
        assert_eq!(read(r#"{"size":9,"#), Err(FormatError::Unfinished));
    }

    #[test]
    fn rules_it_cannot_play_are_refused_by_name() {
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        for (field, value) in [
            ("thermometer", r#"[{"lines":[["R1C1","R1C2"]]}]"#),
            ("arrow", r#"[{"cells":["R1C1"],"lines":[]}]"#),
            ("antiknight", "true"),
            ("text", r#"[{"cells":["R1C1"],"value":"odd"}]"#),
        ] {
            let json = format!(r#"{{"size":9,"grid":{grid},"{field}":{value}}}"#);
            assert_eq!(
                read(&json).unwrap_err().to_string(),
                format!("cannot play: {field}")
            );
        }
        let json = format!(r#"{{"size":6,"grid":{grid}}}"#);
        assert_eq!(read(&json).unwrap_err().to_string(), "cannot play: size 6");
    }

    #[test]
    fn mistakes_are_named() {
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let with = |extra: &str| read(&format!(r#"{{"size":9,"grid":{grid}{extra}}}"#));
        assert_eq!(
            with(r#","killercage":[{"cells":["R1C1","R10C1"],"value":"5"}]"#),
            Err(FormatError::NotACell("R10C1".into()))
        );
        assert_eq!(
            with(r#","killercage":[{"cells":["R1C1","R1C2"],"value":"x"}]"#)
                .unwrap_err()
                .to_string(),
            "the cage at R1C1 has the sum \"x\", not a number from 1 to 45"
        );
        let cage = with(r#","killercage":[{"cells":["r2c3"],"value":7}]"#).unwrap();
        assert_eq!(cage.rules.cages().next().unwrap().sum, Some(7));
        assert!(matches!(with("x"), Err(FormatError::Json(_))));
        assert_eq!(read("N4IgA"), Err(FormatError::Payload));
        assert_eq!(
            read("https://www.f-puzzles.com/?load="),
            Err(FormatError::Payload)
        );
    }
}
