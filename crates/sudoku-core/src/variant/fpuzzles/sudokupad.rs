//! SudokuPad's own puzzle data, which its links carry after `scl` (or `ctc`, its older name),
//! compressed as f-puzzles' payloads are (lz-string, base64), read by turning it into the
//! f-puzzles document it stands for.
//!
//! The data is JSON, or the same "zipped": long keys shortened (`cells` to `ce`, `overlays` to
//! `o`: [`SHORT_KEYS`]), keys unquoted, strings in single quotes, `t` and `f` for the booleans,
//! colours `#000000` and `#FFFFFF` as `#0` and `#F`, other colours without their `#`, and an
//! empty object left out between commas (`[,,]` is three). Its fields:
//!
//! - `cells`: rows of cells, a given's digit in `value`;
//! - `regions`: lists of `[row, column]` (from 0), nine of nine cells at 9×9;
//! - `cages`: `cells` and `value`; one whose value is `key: text` and that holds no cell is
//!   metadata (`title`, `author`, `rules`, `solution`, `bgimage`: a background picture's
//!   address, `bgimageopacity`), as in `metadata`;
//! - `lines`, `arrows`, `overlays`, `underlays`: what is drawn, at `[row, column]` places
//!   measured in cells from the grid's top left corner (a cell's centre is at `r + 0.5`), its
//!   sizes in cells, its widths and fonts in pixels of a 64-pixel cell;
//! - `global`: rules of the whole grid by name (`antiknight`, `antiking`, `nonconsecutive`).
//!
//! A cage is a killer cage when it sets a sum or says its digits are `unique`, else it only
//! draws. SudokuPad draws every rule as shapes and reads none of them: what a shape means, only
//! the rules' text says. So the shapes are kept as rules the core does not know
//! ([`Kept`](super::Kept)) under their keys, drawn as SudokuPad draws them, and the puzzle
//! plays against the solution it carries.

use serde_json::{Map, Value, json};

use super::fields::{Fields, FormatError};

/// SudokuPad's short keys of the zipped form, and the keys they stand for.
const SHORT_KEYS: [(&str, &str); 25] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// The keys of what SudokuPad draws, kept as they are.
pub const SHAPES: [&str; 4] = ["lines", "arrows", "overlays", "underlays"];

/// The rules of the whole grid that `global` names and f-puzzles has a key for.
const GLOBAL_RULES: [&str; 3] = ["antiknight", "antiking", "nonconsecutive"];

/// The payload of SudokuPad's data: a bare one (`scl…`, `ctc…`), or a link's
/// (`https://sudokupad.app/scl…`, `…?puzzleid=ctc…`).
pub(super) fn payload(text: &str) -> Option<&str> {
    const PREFIXES: [&str; 2] = ["scl", "ctc"];
    let bare = PREFIXES.iter().find_map(|prefix| text.strip_prefix(prefix));
    let linked = || {
        let path = text.strip_prefix("http")?;
        let at = PREFIXES
            .iter()
            .flat_map(|prefix| ["/", "="].map(|before| format!("{before}{prefix}")))
            .filter_map(|mark| path.find(&mark))
            .min()?;
        Some(&path[at + 4..])
    };
    let rest = bare.or_else(linked)?;
    // A link's own query or fragment ends the payload; base64 holds neither `&`, `?` nor `#`.
    Some(rest.split(['&', '#', '?']).next().unwrap_or(rest))
}

/// The f-puzzles document that SudokuPad's data (JSON or zipped) stands for.
pub(super) fn document(data: &str) -> Result<Fields, FormatError> {
    let mut value: Value = match serde_json::from_str(data) {
        Ok(value) => value,
        Err(_) => serde_json::from_str(&unzip(data)?).map_err(|e| not_sudokupad(&e))?,
    };
    expand_keys(&mut value);
    let Value::Object(puzzle) = value else {
        return Err(FormatError::SudokuPad("not an object".into()));
    };
    translate(&puzzle)
}

fn not_sudokupad(error: &serde_json::Error) -> FormatError {
    FormatError::SudokuPad(error.to_string())
}

/// The JSON that zipped data stands for (the module's documentation lists the forms).
fn unzip(zipped: &str) -> Result<String, FormatError> {
    // Single quotes stand for double ones, `\'` for a quote inside a string, unless the data
    // already has double quotes.
    let quoted = if zipped.contains('"') {
        zipped.to_owned()
    } else {
        zipped
            .replace("\\'", "\u{0}")
            .replace('\'', "\"")
            .replace('\u{0}', "'")
    };
    let mut json = String::with_capacity(quoted.len() * 5 / 4);
    let mut rest = quoted.as_str();
    // The last character outside strings, which says what may follow.
    let mut last = ' ';
    while let Some(c) = rest.chars().next() {
        if c == '"' {
            let end = string_end(rest).ok_or(FormatError::Unfinished)?;
            json.push_str(&rest[..end]);
            rest = &rest[end..];
            last = '"';
            continue;
        }
        if matches!(last, ',' | '[') && matches!(c, ',' | ']' | '}') {
            json.push_str("{}");
        }
        let word_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '#' || c == '.' || c == '-'))
            .unwrap_or(rest.len());
        if word_len > 0 {
            let word = &rest[..word_len];
            let after = &rest[word_len..];
            if matches!(last, ',' | '{' | '[') && after.starts_with(':') {
                json.push('"');
                json.push_str(word);
                json.push('"');
            } else if last == ':' {
                push_value(&mut json, word);
            } else {
                json.push_str(word);
            }
            rest = after;
            last = 'w';
            continue;
        }
        json.push(c);
        rest = &rest[c.len_utf8()..];
        if !c.is_whitespace() {
            last = c;
        }
    }
    Ok(json)
}

/// The length of the string that `text` starts with, its quotes included.
fn string_end(text: &str) -> Option<usize> {
    let mut escaped = false;
    for (at, c) in text.char_indices().skip(1) {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => return Some(at + 1),
            _ => {}
        }
    }
    None
}

/// A field's bare value in JSON: the zipped booleans and colours spelled out, a number as it is.
fn push_value(json: &mut String, word: &str) {
    match word {
        "t" => json.push_str("true"),
        "f" => json.push_str("false"),
        "#0" => json.push_str("\"#000000\""),
        "#F" => json.push_str("\"#FFFFFF\""),
        _ if word.len() == 6 && word.bytes().all(|b| b.is_ascii_hexdigit()) => {
            json.push_str("\"#");
            json.push_str(word);
            json.push('"');
        }
        _ => json.push_str(word),
    }
}

/// Every short key given its long name, at every depth.
fn expand_keys(value: &mut Value) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(expand_keys),
        Value::Object(fields) => {
            // Built again rather than renamed in place: a map's removal code would cost the
            // worker more than building one.
            *fields = std::mem::take(fields)
                .into_iter()
                .map(|(key, mut field)| {
                    expand_keys(&mut field);
                    (long_key(&key).map_or(key, str::to_owned), field)
                })
                .collect();
        }
        _ => {}
    }
}

fn long_key(key: &str) -> Option<&'static str> {
    SHORT_KEYS
        .iter()
        .find(|(short, _)| *short == key)
        .map(|&(_, long)| long)
}

/// The f-puzzles document of SudokuPad's puzzle.
fn translate(puzzle: &Fields) -> Result<Fields, FormatError> {
    let mut document = Map::new();
    let rows = puzzle
        .get("cells")
        .and_then(Value::as_array)
        .ok_or_else(|| FormatError::SudokuPad("no cells".into()))?;
    if rows.len() != 9 {
        return Err(FormatError::CannotPlay(format!("size {}", rows.len())));
    }
    let regions = regions(puzzle)?;
    let mut grid = Vec::with_capacity(9);
    for (row, cells) in rows.iter().enumerate() {
        let cells = cells.as_array().filter(|cells| cells.len() == 9);
        let cells = cells.ok_or(FormatError::GridShape)?;
        let row = cells
            .iter()
            .enumerate()
            .map(|(col, cell)| {
                let mut entry = Map::new();
                if let Some(digit) = cell.get("value").and_then(digit_of) {
                    entry.insert("value".into(), json!(digit));
                    entry.insert("given".into(), json!(true));
                }
                entry.insert("region".into(), json!(regions[row * 9 + col]));
                Value::Object(entry)
            })
            .collect();
        grid.push(Value::Array(row));
    }
    document.insert("size".into(), json!(9));
    document.insert("grid".into(), Value::Array(grid));
    cages(puzzle, &mut document);
    if let Some(Value::Object(metadata)) = puzzle.get("metadata") {
        for (key, name) in [
            ("title", "title"),
            ("author", "author"),
            ("rules", "ruleset"),
        ] {
            if let Some(text) = joined(metadata.get(key)) {
                document.insert(name.into(), Value::String(text));
            }
        }
        if let Some(Value::String(digits)) = metadata.get("solution") {
            let digits = digits.chars().map(|c| Value::String(c.to_string()));
            document.insert("solution".into(), Value::Array(digits.collect()));
        }
        // The background picture, which f-puzzles has no field for, goes where SudokuPad's
        // older data puts metadata: a cage with no cells, `bgimage: <address>`.
        for key in ["bgimage", "bgimageopacity"] {
            if let Some(text) = joined(metadata.get(key)) {
                let cages = document.entry("cage").or_insert_with(|| json!([]));
                if let Value::Array(cages) = cages {
                    cages.push(json!({ "value": format!("{key}: {text}") }));
                }
            }
        }
    }
    for name in (puzzle.get("global").and_then(Value::as_array))
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        // A rule of the whole grid f-puzzles has no key for is kept, and said not known.
        let key = if GLOBAL_RULES.contains(&name) {
            name
        } else {
            "global"
        };
        document.insert(key.into(), json!(true));
    }
    for key in SHAPES {
        if let Some(shapes) = puzzle.get(key).filter(|shapes| !is_nothing(shapes)) {
            document.insert(key.into(), shapes.clone());
        }
    }
    Ok(document)
}

/// A cell's digit, written as a number or a string; anything else (a letter, `?`) is none.
fn digit_of(value: &Value) -> Option<u8> {
    let number = match value {
        Value::Number(number) => number.as_u64(),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    };
    number.filter(|n| (1..=9).contains(n)).map(|n| n as u8)
}

/// A place `[row, column]` of a cell of the grid.
fn cell_at(place: &Value) -> Option<usize> {
    let place = place.as_array().filter(|place| place.len() == 2)?;
    let row = place[0].as_u64().filter(|&row| row < 9)?;
    let col = place[1].as_u64().filter(|&col| col < 9)?;
    Some(row as usize * 9 + col as usize)
}

/// The region (0–8) of each cell: the `regions` given, else the boxes.
fn regions(puzzle: &Fields) -> Result<[usize; 81], FormatError> {
    let Some(regions) = puzzle.get("regions").and_then(Value::as_array) else {
        return Ok(std::array::from_fn(|cell| cell / 27 * 3 + cell % 9 / 3));
    };
    let mut of = [usize::MAX; 81];
    for (region, cells) in regions.iter().enumerate() {
        for cell in cells.as_array().into_iter().flatten().filter_map(cell_at) {
            of[cell] = region;
        }
    }
    if regions.len() != 9 || of.contains(&usize::MAX) {
        return Err(FormatError::CannotPlay(
            "regions other than nine of nine cells".into(),
        ));
    }
    Ok(of)
}

/// The cages as f-puzzles has them: killer cages, drawn ones, and the metadata.
fn cages(puzzle: &Fields, document: &mut Fields) {
    let mut killer = Vec::new();
    let mut drawn = Vec::new();
    for cage in (puzzle.get("cages").and_then(Value::as_array))
        .into_iter()
        .flatten()
    {
        let names: Vec<Value> = (cage.get("cells").and_then(Value::as_array))
            .into_iter()
            .flatten()
            .filter_map(cell_at)
            .map(|cell| Value::String(format!("R{}C{}", cell / 9 + 1, cell % 9 + 1)))
            .collect();
        let value = match cage.get("value") {
            Some(Value::Number(number)) => Some(number.to_string()),
            Some(Value::String(text)) => Some(text.trim().to_owned()),
            _ => None,
        };
        let mut entry = Map::new();
        if !names.is_empty() {
            entry.insert("cells".into(), Value::Array(names.clone()));
        }
        if let Some(value) = &value {
            entry.insert("value".into(), Value::String(value.clone()));
        }
        let sum = value.as_deref().and_then(|v| v.parse::<u32>().ok());
        let unique = cage.get("unique") == Some(&Value::Bool(true));
        let styled = (cage.get("style").and_then(Value::as_str)).is_some_and(|s| s != "killer");
        if !names.is_empty() && !styled && (sum.is_some() || (unique && value.is_none())) {
            killer.push(Value::Object(entry));
        } else {
            for (from, to) in [("borderColor", "outlineC"), ("color", "fontC")] {
                if let Some(colour) = cage.get(from) {
                    entry.insert(to.into(), colour.clone());
                }
            }
            drawn.push(Value::Object(entry));
        }
    }
    for (key, cages) in [("killercage", killer), ("cage", drawn)] {
        if !cages.is_empty() {
            document.insert(key.into(), Value::Array(cages));
        }
    }
}

/// A metadata text, or several joined by lines.
fn joined(value: Option<&Value>) -> Option<String> {
    let text = match value? {
        Value::String(text) => text.trim().to_owned(),
        Value::Number(number) => number.to_string(),
        Value::Array(texts) => texts
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("\n"),
        _ => return None,
    };
    (!text.is_empty()).then_some(text)
}

fn is_nothing(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.is_empty(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::super::read;
    use super::*;
    use crate::cell::Cell;

    /// A puzzle as SudokuPad zips it: empty cells left out between commas, keys short and
    /// unquoted, single quotes, `t`, `#0`, a colour without its `#`.
    const ZIPPED: &str = "{id:'test',metadata:{t:'Fish \\'n\\' dots',author:'Someone',\
        rules:'Normal rules.\\nDots join consecutive digits.',solution:'SOLUTION',\
        bgimage:'https://example.com/fish.png',bgimageopacity:0.35},\
        ce:[[{v:1},,,,,,,,],[,,,,,,,,],[,,,,,,,,],[,,,,,,,,],[,,,,,,,,],[,,,,,,,,],[,,,,,,,,],\
        [,,,,,,,,],[,,,,,{v:'5'},,,]],\
        ca:[{ce:[[0,1],[0,2]],v:3,c1:#0},{v:'msgcorrect: Well done'},{ce:[[4,4]],c1:FF0000}],\
        o:[{ct:[1,0.5],w:0.34,h:0.34,th:1.28,te:'',c:#0,r:t,c2:#F,c1:#0}],\
        l:[{wp:[[0.5,0.5],[2.5,2.5]],c:CC0000,th:8}]}";

    fn solution() -> String {
        // A valid grid: row r is 1..9 shifted by 3r + r/3.
        (0..81)
            .map(|i| char::from(b'1' + ((i % 9 + i / 9 * 3 + i / 27) % 9) as u8))
            .collect()
    }

    #[test]
    fn zipped_data_reads_as_its_json() {
        let json =
            unzip("{a:[,,],b:t,c:f,d:#0,e:#F,f:CC0000,g:-0.5,h:'it\\'s, {not} [a] key:'}").unwrap();
        let value: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(
            value,
            json!({"a":[{},{},{}],"b":true,"c":false,"d":"#000000","e":"#FFFFFF","f":"#CC0000",
                "g":-0.5,"h":"it's, {not} [a] key:"})
        );
        assert!(unzip("{a:'open").is_err());
    }

    #[test]
    fn a_payload_reads_its_givens_cages_metadata_and_shapes() {
        let zipped = ZIPPED.replace("SOLUTION", &solution());
        let payload = lz_str::compress_to_base64(zipped.as_str());
        for text in [
            format!("scl{payload}"),
            format!("https://sudokupad.app/scl{payload}"),
            format!("https://sudokupad.app/?puzzleid=ctc{payload}&setting-nogrid=1"),
        ] {
            let puzzle = read(&text).unwrap();
            assert_eq!(puzzle.givens[0], 1);
            assert_eq!(puzzle.givens[Cell::at(8, 5).index()], 5);
            assert_eq!(puzzle.givens.iter().filter(|&&g| g != 0).count(), 2);
            assert_eq!(puzzle.title.as_deref(), Some("Fish 'n' dots"));
            assert_eq!(puzzle.author.as_deref(), Some("Someone"));
            assert_eq!(
                puzzle.ruleset.as_deref(),
                Some("Normal rules.\nDots join consecutive digits.")
            );
            assert_eq!(puzzle.solution.map(|s| s[10]), Some(5));
            let cages: Vec<_> = puzzle.rules.cages().collect();
            assert_eq!(cages.len(), 1, "only the cage with a sum is a killer cage");
            assert_eq!(cages[0].sum, Some(3));
            let unknown: Vec<&str> = puzzle.rules.unknown_rules().collect();
            assert_eq!(unknown, ["lines", "overlays"]);
            assert_eq!(puzzle.rules.unknown_rule_names(), ["lines", "marks"]);
            let drawing = puzzle.rules.drawing();
            assert!(
                drawing.contains(r#"<g class="fp-overlays unchecked"><ellipse cx="50" cy="100""#),
                "{drawing}"
            );
            assert!(
                drawing.contains(r##"<g class="fp-lines unchecked dark-ink" stroke="#CC0000""##),
                "{drawing}"
            );
            assert!(
                drawing.contains(r#"class="fp-cage""#),
                "the red cage is drawn: {drawing}"
            );
            assert!(
                drawing.contains(
                    r#"<image class="fp-cage bgimage" href="https://example.com/fish.png" x="0" y="0" width="900" height="900" preserveAspectRatio="none" opacity="0.35"/>"#
                ),
                "the background picture is drawn: {drawing}"
            );
            // Written as f-puzzles, it reads back the same, shapes and all.
            assert_eq!(read(&super::super::to_json(&puzzle)), Ok(puzzle));
        }
    }

    #[test]
    fn givens_and_a_killer_cage_alone_are_solved() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let solved =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let rows: Vec<String> = line
            .as_bytes()
            .chunks(9)
            .map(|row| {
                let cells: Vec<String> = (row.iter())
                    .map(|&c| match c {
                        b'.' => String::new(),
                        digit => format!("{{v:{}}}", char::from(digit)),
                    })
                    .collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        // r1c2 + r1c3 = 1 + 7.
        let zipped = format!("{{ce:[{}],ca:[{{ce:[[0,1],[0,2]],v:8}}]}}", rows.join(","));
        let puzzle = read(&format!(
            "scl{}",
            lz_str::compress_to_base64(zipped.as_str())
        ))
        .unwrap();
        assert_eq!(puzzle.rules.cannot_solve(), None);
        let solution = crate::variant::search::solve(&puzzle.grid(), &puzzle.rules).unwrap();
        assert_eq!(solution.to_line(), solved);
    }

    #[test]
    fn plain_json_jigsaw_regions_and_rules_of_the_whole_grid_are_read() {
        let row = |r: usize| {
            let cells: Vec<String> = (0..9).map(|c| format!("[{r},{c}]")).collect();
            format!("[{}]", cells.join(","))
        };
        // Each row a region: no box rule then, a jigsaw.
        let regions: Vec<String> = (0..9).map(row).collect();
        let json = format!(
            r#"{{"cells":[{}],"regions":[{}],"global":["antiknight"]}}"#,
            ["[{},{},{},{},{},{},{},{},{}]"; 9].join(","),
            regions.join(",")
        );
        let puzzle = read(&json).unwrap();
        assert!(puzzle.rules.is_jigsaw());
        assert_eq!(puzzle.rules.unknown_rules().count(), 0);
        let eight = json.replacen("[[0,0]", "[[9,9]", 1);
        assert!(matches!(read(&eight), Err(FormatError::CannotPlay(_))));
        let small = r#"{"cells":[[{},{}],[{},{}]]}"#;
        assert_eq!(read(small), Err(FormatError::CannotPlay("size 2".into())));
        let unknown = json.replace("antiknight", "skyscraper");
        assert_eq!(read(&unknown).unwrap().rules.cannot_solve(), Some("global"));
    }

    #[test]
    fn what_is_not_sudokupad_data_is_answered() {
        let garbage = lz_str::compress_to_base64("{cells:[[{v:1}");
        assert!(read(&format!("scl{garbage}")).is_err());
        assert_eq!(read("sclnot-base64!"), Err(FormatError::Payload));
        assert!(matches!(
            read(&format!("scl{}", lz_str::compress_to_base64("{a:1}"))),
            Err(FormatError::SudokuPad(_))
        ));
    }
}
