//! The pieces of f-puzzles JSON that every constraint's file reads and writes: a document's
//! fields, its lists of entries, cells by name, and the typed document being written.

use serde::Serialize;
use serde::ser::SerializeMap;
use serde_json::{Map, Value};

use crate::cell::Cell;
use crate::sets::CellSet;
use crate::variant::{CellName, RulesError};

/// Why a text is not a puzzle this app can play.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FormatError {
    #[error("not f-puzzles JSON: {0}")]
    Json(String),
    #[error("not an f-puzzles or SudokuPad link or payload")]
    Payload,
    /// A link that names a puzzle kept on a server (`?id=…`, a SudokuPad short link).
    #[error(
        "the link names a puzzle stored on a server, which cannot be opened offline: use the \
         puzzle's full f-puzzles or SudokuPad link, or its JSON"
    )]
    ShortLink,
    /// SudokuPad's own data (`scl…`, `ctc…`) that could not be read, and why.
    #[error("not SudokuPad's puzzle data: {0}")]
    SudokuPad(String),
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
    /// An entry's number out of what its kind takes (a clue's sum, a whispers line's
    /// difference), by the f-puzzles key of its kind.
    #[error("the {key} at {at} has the value \"{value}\", not a number from {low} to {high}")]
    Value {
        key: &'static str,
        value: String,
        at: String,
        low: u16,
        high: u16,
    },
    /// A mark between two cells (by its key: `difference`, `xv`) whose value this app cannot
    /// read: a dot's that is not a number, an XV mark's that is not X or V.
    #[error("the {kind} mark at {at} has the value \"{value}\"")]
    MarkValue {
        kind: &'static str,
        value: String,
        at: CellName,
    },
    #[error("{0}")]
    Rules(#[from] RulesError),
}

/// A JSON object's fields.
pub(crate) type Fields = Map<String, Value>;

/// Each cell of the grid whose object has the field `name` (not null), with its value: a grid of
/// another shape has none (reading the grid says what is wrong with it).
pub(crate) fn grid_cells_with<'a>(
    document: &'a Fields,
    name: &'a str,
) -> impl Iterator<Item = (Cell, &'a Value)> {
    let rows = field(document, "grid").and_then(Value::as_array);
    let rows = rows.filter(|rows| {
        rows.len() == 9
            && (rows.iter()).all(|row| row.as_array().is_some_and(|cells| cells.len() == 9))
    });
    let cells = rows
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().into_iter().flatten());
    Cell::all()
        .zip(cells)
        .filter_map(move |(cell, entry)| Some((cell, field(entry.as_object()?, name)?)))
}

/// SudokuPad's metadata among cages: the value `key: text` of a cage with no cells (`title: …`,
/// `author: …`, `rules: …`, `solution: …`, `bgimage: …`), the text trimmed; several entries of
/// one key are joined by lines.
pub(crate) fn metadata_in(cages: &[Value], key: &str) -> Option<String> {
    let texts: Vec<&str> = cages
        .iter()
        .filter(|entry| (entry.get("cells").and_then(Value::as_array)).is_none_or(Vec::is_empty))
        .filter_map(|entry| entry.get("value")?.as_str())
        .filter_map(|value| {
            let (name, text) = value.split_once(':')?;
            (name.trim() == key)
                .then(|| text.trim())
                .filter(|text| !text.is_empty())
        })
        .collect();
    (!texts.is_empty()).then(|| texts.join("\n"))
}

/// A field's value; `null` is as if absent.
pub(crate) fn field<'a>(fields: &'a Fields, name: &str) -> Option<&'a Value> {
    fields.get(name).filter(|value| !value.is_null())
}

pub(crate) fn not_json(text: String) -> FormatError {
    FormatError::Json(text)
}

/// A field that must be there.
pub(crate) fn required<'a>(fields: &'a Fields, name: &str) -> Result<&'a Value, FormatError> {
    field(fields, name).ok_or_else(|| not_json(format!("missing field `{name}`")))
}

pub(super) fn integer(value: &Value, name: &str) -> Result<i64, FormatError> {
    value
        .as_i64()
        .ok_or_else(|| not_json(format!("`{name}` is not a whole number: {value}")))
}

pub(crate) fn boolean(value: &Value, name: &str) -> Result<bool, FormatError> {
    value
        .as_bool()
        .ok_or_else(|| not_json(format!("`{name}` is not true or false: {value}")))
}

pub(crate) fn text(value: &Value, name: &str) -> Result<String, FormatError> {
    value
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| not_json(format!("`{name}` is not a string: {value}")))
}

pub(super) fn list<'a>(value: &'a Value, name: &str) -> Result<&'a [Value], FormatError> {
    value
        .as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| not_json(format!("`{name}` is not a list: {value}")))
}

pub(super) fn object<'a>(value: &'a Value, name: &str) -> Result<&'a Fields, FormatError> {
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
    Ok(cell_list(required(entry, "cells")?, name)?
        .into_iter()
        .collect())
}

/// The cell of an entry (`odd`, `minimum`), by its name.
pub(crate) fn entry_cell(entry: &Fields, name: &str) -> Result<Cell, FormatError> {
    cell_named(&text(required(entry, "cell")?, name)?)
}

/// A key of marks on single cells and what makes its mark of a cell.
pub(crate) type CellMark<T> = (&'static str, fn(Cell) -> T);

/// The marks of single cells under each of `keys` (`odd`, `even`), each made by its function.
pub(crate) fn cell_marks<T>(
    document: &Fields,
    keys: [CellMark<T>; 2],
) -> Result<Vec<T>, FormatError> {
    let mut marks = Vec::new();
    for (key, mark) in keys {
        for entry in entries(document, key)? {
            marks.push(mark(entry_cell(entry, key)?));
        }
    }
    Ok(marks)
}

/// The entry of a mark on one cell.
pub(crate) fn cell_entry(cell: Cell) -> Entry {
    Entry {
        cell: Some(CellName(cell).to_string()),
        ..Entry::default()
    }
}

/// The digits an entry lists in `values` (a quadruple's), as [`digit_list`] reads them.
pub(crate) fn entry_digits(entry: &Fields, name: &str, at: Cell) -> Result<Vec<u8>, FormatError> {
    match field(entry, "values") {
        None => Ok(Vec::new()),
        Some(values) => digit_list(values, name, at),
    }
}

/// The digits a list holds (a quadruple's `values`, a cell's `givenPencilMarks`), each a number
/// or a number as text; `at` names the cell in the error for a value that is no digit.
pub(crate) fn digit_list(values: &Value, name: &str, at: Cell) -> Result<Vec<u8>, FormatError> {
    list(values, name)?
        .iter()
        .map(|value| {
            let number = match value {
                Value::String(text) => text.trim().parse().ok(),
                _ => value.as_i64(),
            }
            .ok_or_else(|| {
                not_json(format!("`{name}` lists a value that is no number: {value}"))
            })?;
            match number {
                1..=9 => Ok(number as u8),
                _ => Err(FormatError::NotADigit {
                    value: number,
                    at: CellName(at),
                }),
            }
        })
        .collect()
}

/// Cells in the order a list names them (a line's, an arrow's circle).
pub(crate) fn cell_list(value: &Value, name: &str) -> Result<Vec<Cell>, FormatError> {
    list(value, name)?
        .iter()
        .map(|cell| cell_named(&text(cell, name)?))
        .collect()
}

/// The lines of an entry (`thermometer`, `arrow`, `renban`…), each its cells in order; none
/// when it has no `lines`.
pub(crate) fn entry_lines(entry: &Fields, name: &str) -> Result<Vec<Vec<Cell>>, FormatError> {
    match field(entry, "lines") {
        None => Ok(Vec::new()),
        Some(lines) => list(lines, name)?
            .iter()
            .map(|line| cell_list(line, name))
            .collect(),
    }
}

/// The two cells of a mark between cells (`difference`, `ratio`, `xv`), in the order named.
pub(crate) fn entry_pair(entry: &Fields, kind: &'static str) -> Result<[Cell; 2], FormatError> {
    let cells = cell_list(required(entry, "cells")?, kind)?;
    let at = CellName(cells.first().copied().unwrap_or(Cell::ALL[0]));
    <[Cell; 2]>::try_from(cells).map_err(|_| RulesError::Pair { kind, at }.into())
}

/// The `value` of an entry as text, trimmed, a number's written out; None when absent, null or
/// empty.
pub(crate) fn entry_value(entry: &Fields) -> Option<String> {
    let text = match field(entry, "value")? {
        Value::String(text) => text.trim().to_string(),
        other => other.to_string(),
    };
    (!text.is_empty()).then_some(text)
}

/// The names of a list of names (`negative`); none when it is absent.
pub(crate) fn names_in(document: &Fields, name: &str) -> Result<Vec<String>, FormatError> {
    match field(document, name) {
        None => Ok(Vec::new()),
        Some(names) => list(names, name)?
            .iter()
            .map(|item| text(item, name))
            .collect(),
    }
}

/// Every line of every entry of `key` (each entry may hold several), made a constraint each.
pub(crate) fn read_lines<T>(
    document: &Fields,
    key: &str,
    make: impl Fn(Vec<Cell>) -> T,
) -> Result<Vec<T>, FormatError> {
    let mut made = Vec::new();
    for entry in entries(document, key)? {
        made.extend(entry_lines(entry, key)?.into_iter().map(&make));
    }
    Ok(made)
}

/// An entry holding one line, as a line's constraint is written.
pub(crate) fn line_entry(cells: &[Cell]) -> Entry {
    Entry {
        lines: vec![cell_names(cells)],
        ..Entry::default()
    }
}

/// Cells in the order given, by their names.
pub(crate) fn cell_names(cells: &[Cell]) -> Vec<String> {
    cells
        .iter()
        .map(|&cell| CellName(cell).to_string())
        .collect()
}

/// A cell named `R1C1` (any case).
pub(crate) fn cell_named(name: &str) -> Result<Cell, FormatError> {
    match position_named(name)? {
        (row @ 1..=9, col @ 1..=9) => Ok(Cell::at(row - 1, col - 1)),
        _ => Err(FormatError::NotACell(name.to_string())),
    }
}

/// The row and column, 0 to 10, of a place named `R0C3` (any case): a cell, or a place just
/// outside the grid where a clue is written (row or column 0 or 10).
pub(crate) fn position_named(name: &str) -> Result<(u8, u8), FormatError> {
    let not_a_cell = || FormatError::NotACell(name.to_string());
    let upper = name.trim().to_ascii_uppercase();
    let (row, col) = upper
        .strip_prefix('R')
        .and_then(|rest| rest.split_once('C'))
        .ok_or_else(not_a_cell)?;
    let number = |text: &str| match text.parse::<u8>() {
        Ok(n @ 0..=10) if !text.starts_with('+') => Ok(n),
        _ => Err(not_a_cell()),
    };
    Ok((number(row)?, number(col)?))
}

/// An entry's `value`, a whole number from `low` to `high` written as a string or a number; None
/// when it is absent or empty. `key` and `at` name the entry in an error.
pub(crate) fn entry_number(
    entry: &Fields,
    key: &'static str,
    at: &str,
    (low, high): (u16, u16),
) -> Result<Option<u16>, FormatError> {
    let text = match field(entry, "value") {
        None => return Ok(None),
        Some(Value::String(text)) if text.trim().is_empty() => return Ok(None),
        Some(Value::String(text)) => text.trim().to_string(),
        Some(other) => other.to_string(),
    };
    match text.parse::<u16>() {
        Ok(number) if (low..=high).contains(&number) && !text.starts_with('+') => Ok(Some(number)),
        _ => Err(FormatError::Value {
            key,
            value: text,
            at: at.to_string(),
            low,
            high,
        }),
    }
}

/// The constraints' fields of a document being written, in the order of
/// [`rules::fpuzzles_keys`](crate::variant::rules::fpuzzles_keys): every key, empty until a constraint writes it. Its values are typed,
/// as the format's are, rather than JSON values: what writes them stays small in the worker.
pub(crate) struct Document {
    fields: Vec<(&'static str, FieldValue)>,
    /// Fields kept as they were read, by their key: rules and drawings this app does not play.
    kept: Vec<(String, Value)>,
    /// Lists of digits written on cells of the grid rather than at the top (given pencil marks),
    /// by cell index.
    cells: Vec<(usize, &'static str, Vec<u8>)>,
}

/// The value of a constraint's field: a flag, a list of entries, or a list of names
/// (`negative`).
#[derive(Serialize)]
#[serde(untagged)]
enum FieldValue {
    Flag(bool),
    List(Vec<Entry>),
    Names(Vec<&'static str>),
}

/// An entry of a list, with the fields its kind uses: a cell or cells (by name), lines of cells
/// in order, a value (a cage's sum, a dot's ratio, "X"), values (a quadruple's digits), a
/// direction (a little killer's) and cloned cells.
#[derive(Serialize, Default)]
pub(crate) struct Entry {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub direction: Option<&'static str>,
    #[serde(rename = "cloneCells", skip_serializing_if = "Vec::is_empty")]
    pub clone_cells: Vec<String>,
}

impl Document {
    /// A document for the constraints' fields `keys`, in their order (a key named twice, once).
    pub(super) fn new(keys: impl Iterator<Item = &'static str>) -> Document {
        let mut fields: Vec<(&'static str, FieldValue)> = Vec::new();
        for key in keys {
            if fields.iter().all(|(name, _)| *name != key) {
                fields.push((key, FieldValue::List(Vec::new())));
            }
        }
        Document {
            fields,
            kept: Vec::new(),
            cells: Vec::new(),
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

    /// Adds a name to the list of names `key`, once.
    pub fn name(&mut self, key: &str, name: &'static str) {
        let value = self.get(key);
        match value {
            FieldValue::Names(names) if names.contains(&name) => {}
            FieldValue::Names(names) => names.push(name),
            _ => *value = FieldValue::Names(vec![name]),
        }
    }

    /// Adds a field as it was read.
    pub fn keep(&mut self, key: &str, value: Value) {
        self.kept.push((key.to_string(), value));
    }

    /// Writes the list of digits `key` on `cell` of the grid.
    pub fn cell_digits(&mut self, cell: Cell, key: &'static str, digits: Vec<u8>) {
        self.cells.push((cell.index(), key, digits));
    }

    /// The lists of digits written on `cell`, each with its key.
    pub(super) fn digits_on(&self, cell: Cell) -> Vec<(&'static str, &[u8])> {
        (self.cells.iter())
            .filter(|&&(index, _, _)| index == cell.index())
            .map(|(_, key, digits)| (*key, digits.as_slice()))
            .collect()
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
        for (key, value) in &self.kept {
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
