//! The f-puzzles format, which f-puzzles and SudokuPad exchange variant puzzles in.
//!
//! A puzzle is a JSON object: `size` (9 here), `grid` (nine rows of nine cells, each with an
//! optional `value`, `given` when the value is the puzzle's, and `region`, 0–8, for a jigsaw's
//! pieces), `title`, `author`, and the constraints' fields, which each kind's file in
//! [`rules`](super::rules) names, reads and writes (`diagonal+`, `killercage`, `thermometer`,
//! `arrow`, `difference`, `odd`, `antiknight`, `quadruple`, `clone`, … — the table in
//! docs/variants.md lists them all; cells are named `"R1C1"`). Links carry that text compressed by lz-string in its
//! base64 form: after `?load=` on f-puzzles, after `fpuzzles` on SudokuPad and in this app's
//! addresses.
//!
//! Every other field is kept as it was read ([`Kept`]) and written back: a drawing (`line`,
//! `text`…) plays, a rule the core does not know is named by
//! [`Rules::cannot_solve`](super::Rules::cannot_solve). The rules' text (`ruleset`) and the
//! solution (`solution`, 81 digits by rows) are read with the title and the author, or from
//! SudokuPad's metadata (`cage` entries with no cells: `title: …`, `rules: …`); other
//! metadata that changes nothing is read past (colours and pencil marks of cells…). A field whose value is empty
//! (`false`, `[]`, `null`, `""`) is as if absent.

pub(crate) mod fields;
mod sudokupad;

pub use sudokupad::SHAPES;

use serde::Serialize;
use serde::ser::SerializeMap;
use serde_json::Value;

pub use fields::FormatError;
#[cfg(test)]
use fields::cell_named;
use fields::{
    Document, Fields, boolean, field, integer, list, metadata_in, not_json, object, required, text,
};

use super::{CellName, Kept, Puzzle, Rules, rules};
use crate::cell::Cell;

/// The longest payload read: real puzzles' are a few kilobytes.
const MAX_PAYLOAD: usize = 100_000;

/// Top-level fields read past: they describe the puzzle without changing its rules.
const METADATA: [&str; 6] = [
    "activeConstraints",
    "successMessage",
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
/// ([`rules::fpuzzles_keys`]), and those of a grid's cell besides the constraints' (an odd or
/// even cell's `parity`: [`rules::fpuzzles_cell_keys`]).
const PUZZLE_FIELDS: [&str; 6] = ["size", "grid", "title", "author", "ruleset", "solution"];
const CELL_FIELDS: [&str; 3] = ["value", "given", "region"];

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

/// The fields of these (in the order of their names) that are neither played nor metadata
/// and say something.
fn unplayed<'a>(
    fields: &'a Fields,
    played: &'a [&str],
    metadata: &'a [&str],
) -> impl Iterator<Item = (&'a String, &'a Value)> {
    fields.iter().filter(|(name, value)| {
        !played.contains(&name.as_str()) && !metadata.contains(&name.as_str()) && !is_empty(value)
    })
}

/// Reads a puzzle from f-puzzles JSON, a link carrying it, or a link's payload; or from
/// SudokuPad's own data ([`sudokupad`]), a link or a payload.
pub fn read(text: &str) -> Result<Puzzle, FormatError> {
    let text = text.trim().trim_start_matches('\u{feff}');
    let is_link = text.starts_with("http");
    let is_fpuzzles_link = text.contains("load=") || text.contains("fpuzzles");
    if text.starts_with('{') {
        read_json(text)
    } else if let Some(payload) =
        sudokupad::payload(text).filter(|_| !(is_link && is_fpuzzles_link))
    {
        read_document(&sudokupad::document(&decompress(payload)?)?)
    } else if is_link && !is_fpuzzles_link {
        Err(FormatError::ShortLink)
    } else {
        read_json(&decompress(payload(text))?)
    }
}

/// Whether a text is meant as a puzzle of f-puzzles or SudokuPad: JSON, a link, a bare
/// `fpuzzles…`, `scl…` or `ctc…` payload, or lz-string's base64 of a JSON object (which starts
/// `N4Ig`).
pub fn is_meant_as_fpuzzles(text: &str) -> bool {
    let text = text.trim_start();
    ["{", "N4Ig", "fpuzzles", "http", "scl", "ctc"]
        .iter()
        .any(|start| text.starts_with(start))
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

/// Reads f-puzzles JSON, or SudokuPad's: a puzzle with `cells` and no `grid`.
pub fn read_json(json: &str) -> Result<Puzzle, FormatError> {
    let document: Value = serde_json::from_str(json).map_err(|e| {
        if e.is_eof() {
            FormatError::Unfinished
        } else {
            not_json(e.to_string())
        }
    })?;
    let document = object(&document, "the puzzle")?;
    if document.contains_key("cells") && !document.contains_key("grid") {
        return read_document(&sudokupad::document(json)?);
    }
    read_document(document)
}

/// Reads an f-puzzles document.
fn read_document(document: &Fields) -> Result<Puzzle, FormatError> {
    let played: Vec<&str> = PUZZLE_FIELDS
        .into_iter()
        .chain(rules::fpuzzles_keys())
        .collect();
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
    let played_on_cells: Vec<&str> = CELL_FIELDS
        .into_iter()
        .chain(rules::fpuzzles_cell_keys())
        .collect();
    for (cell, entry) in Cell::all().zip(grid.iter().flat_map(|row| row.iter())) {
        let at = CellName(cell);
        let entry = object(entry, "a cell of the grid")?;
        if let Some((name, _)) = unplayed(entry, &played_on_cells, &CELL_METADATA).next() {
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
    let kept = unplayed(document, &played, &METADATA).map(|(key, value)| Kept {
        key: key.clone(),
        json: value.to_string(),
    });
    let rules = Rules::classic()
        .with_regions(regions)?
        .with(rules::read_fpuzzles(document)?)?
        .with(kept)?;
    let label = |name| {
        field(document, name)
            .map(|value| text(value, name))
            .transpose()
            .map(|label| label.filter(|label| !label.is_empty()))
    };
    let meta = |key| sudokupad_metadata(document, key);
    Ok(Puzzle {
        givens,
        rules,
        title: label("title")?.or_else(|| meta("title")),
        author: label("author")?.or_else(|| meta("author")),
        ruleset: label("ruleset")?.or_else(|| meta("rules")),
        solution: (field(document, "solution").and_then(solution)).or_else(|| {
            meta("solution").and_then(|digits| {
                solution(
                    &digits
                        .chars()
                        .map(|c| Value::String(c.to_string()))
                        .collect(),
                )
            })
        }),
    })
}

/// SudokuPad's metadata in an f-puzzles document ([`metadata_in`] its cages).
fn sudokupad_metadata(document: &Fields, key: &str) -> Option<String> {
    metadata_in(field(document, "cage")?.as_array()?, key)
}

/// A solution as f-puzzles writes it: 81 digits by rows, numbers or strings. One with a blank or
/// anything else is no solution, and read past.
fn solution(value: &Value) -> Option<[u8; Cell::COUNT]> {
    let digits = value
        .as_array()
        .filter(|digits| digits.len() == Cell::COUNT)?;
    let mut solution = [0; Cell::COUNT];
    for (digit, value) in solution.iter_mut().zip(digits) {
        let number = match value {
            Value::Number(number) => number.as_u64(),
            Value::String(text) => text.trim().parse().ok(),
            _ => None,
        };
        *digit = number.filter(|n| (1..=9).contains(n))? as u8;
    }
    Some(solution)
}

#[derive(Serialize)]
struct Written<'a> {
    size: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    author: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ruleset: Option<&'a str>,
    grid: Vec<Vec<WrittenCell<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<&'a [u8]>,
    #[serde(flatten)]
    constraints: &'a Document,
}

struct WrittenCell<'a> {
    value: Option<u8>,
    given: bool,
    region: Option<u8>,
    /// What the rules write on the cell (given pencil marks), by key.
    digits: Vec<(&'static str, &'a [u8])>,
}

/// The fields that say something, in order: `value`, `given`, `region`, then the rules'.
impl Serialize for WrittenCell<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if let Some(value) = self.value {
            map.serialize_entry("value", &value)?;
        }
        if self.given {
            map.serialize_entry("given", &true)?;
        }
        if let Some(region) = self.region {
            map.serialize_entry("region", &region)?;
        }
        for (key, digits) in &self.digits {
            map.serialize_entry(key, digits)?;
        }
        map.end()
    }
}

/// The puzzle as f-puzzles JSON on one line: regions written only for a jigsaw.
pub fn to_json(puzzle: &Puzzle) -> String {
    let rules = &puzzle.rules;
    let jigsaw = rules.is_jigsaw();
    let mut constraints = Document::new(rules::fpuzzles_keys());
    for constraint in rules.constraints() {
        constraint.rule().write_fpuzzles(&mut constraints);
    }
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
                        digits: constraints.digits_on(cell),
                    }
                })
                .collect()
        })
        .collect();
    let written = Written {
        size: 9,
        title: puzzle.title.as_deref(),
        author: puzzle.author.as_deref(),
        ruleset: puzzle.ruleset.as_deref(),
        grid,
        solution: puzzle.solution.as_ref().map(|solution| &solution[..]),
        constraints: &constraints,
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
    use crate::sets::CellSet;
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
            ruleset: Some("Normal killer rules <b>apply</b>.".into()),
            solution: None,
        }
    }

    #[test]
    fn a_solution_is_read_only_whole() {
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let with = |solution: &str| {
            read(&format!(
                r#"{{"size":9,"grid":{grid},"solution":{solution}}}"#
            ))
            .unwrap()
            .solution
        };
        let digits: Vec<String> = (0..81).map(|i| ((i % 9) + 1).to_string()).collect();
        let solution = with(&format!("[{}]", digits.join(",")));
        assert_eq!(solution.map(|s| s[..9].to_vec()), Some((1..=9).collect()));
        assert_eq!(with(&format!("{:?}", digits)).map(|s| s[80]), Some(9));
        let blank = format!("[0,{}]", digits[1..].join(","));
        assert_eq!(with(&blank), None);
        assert_eq!(with("[1,2,3]"), None);
        assert_eq!(with(r#""123""#), None);
    }

    #[test]
    fn written_json_and_payload_read_back_the_same() {
        let mut jigsaw = Rules::classic();
        // Two boxes trade a cell: still nine cells each.
        let mut regions = *jigsaw.regions();
        regions.swap(2, 3);
        jigsaw = jigsaw.with_regions(regions).unwrap();
        let windoku = Rules::of(Variant::Windoku);
        let solved = Puzzle {
            solution: Some(std::array::from_fn(|i| {
                (i % 9 + i / 9 * 3 + i / 27) as u8 % 9 + 1
            })),
            ..Puzzle::new([0; 81], windoku.clone())
        };
        for puzzle in [
            killer_x(),
            Puzzle::new([0; 81], jigsaw),
            Puzzle::new([0; 81], windoku),
            solved,
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
    fn sudokupad_metadata_cages_are_kept_as_drawings() {
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let meta =
            r#"[{"value":"title: Tiny"},{"cells":[],"value":"rules: Normal sudoku rules."}]"#;
        let json = format!(r#"{{"size":9,"grid":{grid},"cage":{meta}}}"#);
        let puzzle = read(&json).unwrap();
        assert_eq!(puzzle.rules.cannot_solve(), None);
        assert_eq!(puzzle.title.as_deref(), Some("Tiny"));
        assert_eq!(puzzle.ruleset.as_deref(), Some("Normal sudoku rules."));
        assert_eq!(puzzle.author, None);
        assert_eq!(read(&to_json(&puzzle)), Ok(puzzle));
        let digits = "123456789".repeat(9);
        let meta = format!(r#"[{{"value":"solution: {digits}"}},{{"value":"author: Someone"}}]"#);
        let json = format!(r#"{{"size":9,"grid":{grid},"cage":{meta}}}"#);
        let puzzle = read(&json).unwrap();
        assert_eq!(puzzle.author.as_deref(), Some("Someone"));
        assert_eq!(puzzle.solution.map(|s| s[10]), Some(2));
        let drawn = r#"[{"cells":["R1C1","R1C2"],"value":"sum"}]"#;
        let json = format!(r#"{{"size":9,"grid":{grid},"cage":{drawn}}}"#);
        assert_eq!(read(&json).unwrap().rules.cannot_solve(), None);
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
        for own in [
            "https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA",
            "sclN4IgzglgXgpiBcBOANCA",
            "https://sudokupad.app/?puzzleid=ctcN4Ig",
        ] {
            assert!(is_meant_as_fpuzzles(own));
            assert!(read(own).is_err(), "a truncated payload: {own}");
        }
        assert_eq!(read(r#"{"size":9,"#), Err(FormatError::Unfinished));
    }

    #[test]
    fn rules_and_drawings_it_does_not_play_are_kept_and_written_back() {
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        for (field, value, rule) in [
            (
                "zipperline",
                r#"[{"lines":[["R1C1","R1C2","R1C3"]]}]"#,
                true,
            ),
            ("xsum", r#"[{"cell":"R0C1","value":"10"}]"#, true),
            ("text", r#"[{"cells":["R1C1"],"value":"odd"}]"#, false),
            (
                "line",
                r##"[{"lines":[["R1C1","R2C2"]],"outlineC":"#FFA0A0"}]"##,
                false,
            ),
        ] {
            let json = format!(r#"{{"size":9,"grid":{grid},"{field}":{value}}}"#);
            let puzzle = read(&json).unwrap();
            let kept = Kept {
                key: field.into(),
                json: serde_json::from_str::<Value>(value).unwrap().to_string(),
            };
            assert_eq!(puzzle.rules.constraints(), [kept.into()]);
            assert_eq!(puzzle.rules.cannot_solve(), rule.then_some(field));
            assert_eq!(read(&to_json(&puzzle)), Ok(puzzle));
        }
        let json = format!(r#"{{"size":6,"grid":{grid}}}"#);
        assert_eq!(read(&json).unwrap_err().to_string(), "cannot play: size 6");
    }

    #[test]
    fn marks_between_cells_and_the_rules_of_unmarked_pairs_read_and_write_back() {
        use crate::variant::{Colour, Constraint, Negated};
        let row = r#"[{},{},{},{},{},{},{},{},{}]"#;
        let grid = format!("[{}]", [row; 9].join(","));
        let fields = r#""difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R3C1"],"value":"3"}],
            "ratio":[{"cells":["R5C5","R5C6"],"value":""}],"xv":[{"cells":["R9C9","R9C8"],"value":"x"},
            {"cells":["R1C9","R2C9"],"value":"V"}],"negative":["xv","ratio"],"nonconsecutive":true"#;
        let json = format!(r#"{{"size":9,"grid":{grid},{fields}}}"#);
        let puzzle = read(&json).unwrap();
        let kinds: Vec<Kind> = puzzle
            .rules
            .constraints()
            .iter()
            .map(Constraint::kind)
            .collect();
        use crate::variant::Kind;
        assert_eq!(
            kinds,
            [
                Kind::Dot,
                Kind::Dot,
                Kind::Dot,
                Kind::Xv,
                Kind::Xv,
                Kind::Negative,
                Kind::Negative,
                Kind::Nonconsecutive
            ]
        );
        let Constraint::Dot(three) = &puzzle.rules.constraints()[1] else {
            panic!("a dot")
        };
        assert_eq!((three.colour, three.value), (Colour::White, 3));
        let Constraint::Negative(first) = &puzzle.rules.constraints()[5] else {
            panic!("a negative rule")
        };
        assert_eq!(first.negated, Negated::Xv);
        let written = to_json(&puzzle);
        assert!(
            written.contains(r#""negative":["xv","ratio"]"#),
            "{written}"
        );
        assert!(written.contains(r#""nonconsecutive":true"#), "{written}");
        assert!(
            written.contains(
                r#""difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R3C1"],"value":"3"}]"#
            ),
            "{written}"
        );
        assert!(
            written.contains(r#""xv":[{"cells":["R9C9","R9C8"],"value":"X"}"#),
            "{written}"
        );
        assert_eq!(read(&written), Ok(puzzle));
        let with = |extra: &str| read(&format!(r#"{{"size":9,"grid":{grid},{extra}}}"#));
        assert_eq!(
            with(r#""negative":["difference"]"#),
            Err(FormatError::CannotPlay("negative difference".into()))
        );
        assert_eq!(
            with(r#""xv":[{"cells":["R1C1","R1C2"],"value":"Q"}]"#)
                .unwrap_err()
                .to_string(),
            "the xv mark at R1C1 has the value \"Q\""
        );
        assert_eq!(
            with(r#""ratio":[{"cells":["R1C1","R1C2"],"value":"x"}]"#)
                .unwrap_err()
                .to_string(),
            "the ratio mark at R1C1 has the value \"x\""
        );
        assert_eq!(
            with(r#""difference":[{"cells":["R1C1","R2C2"]}]"#)
                .unwrap_err()
                .to_string(),
            "the difference at R1C1 is not between two cells side by side"
        );
        assert_eq!(
            with(r#""xv":[{"cells":["R1C1"],"value":"X"}]"#)
                .unwrap_err()
                .to_string(),
            "the xv at R1C1 is not between two cells side by side"
        );
        assert!(
            with(r#""negative":[],"nonconsecutive":false"#)
                .unwrap()
                .rules
                .is_classic()
        );
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
