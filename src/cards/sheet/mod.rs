//! Cards as a spreadsheet: Forward's own CSV layout (one row per card, export and lossless
//! import) and the designer's prototype layout (import only, see [`designer`]).
//!
//! The own layout works on the files' JSON values rather than the typed model, so that
//! whatever a file holds comes back byte-for-byte equal as parsed JSON: every field a
//! designer edits has a column, and everything else (effects, abilities, options...) goes
//! into the `rules` column as one `key: compact JSON` line per field. A column is used only
//! when its cell reads back to exactly the same value; otherwise that field stays in `rules`.

mod build;
pub mod designer;
mod designer_write;
mod faces;
pub mod merge;
pub(crate) mod notation;
pub mod pretty;

use crate::cards::phrasebook::Phrasebook;
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

pub use designer_write::{export_designer, export_designer_of};

/// The columns of Forward's own layout, in order.
pub const COLUMNS: &[&str] = &[
    "id",
    "type",
    "domain",
    "name",
    "art",
    "text",
    "flavor",
    "guide_notes",
    "tags",
    "hp",
    "def",
    "atk",
    "health",
    "faces",
    "rules",
    "theme",
    "row",
    "column",
    "links",
];

/// The file an import of the designer's sheet writes beside the cards: each card number of
/// the sheet and the ids of the cards made from its rows (`{"29": ["salt_wolf"]}`), so that
/// a comparison can follow a card whose title (and so id) changed.
pub const SHEET_NUMBERS: &str = "sheet-numbers.json";

/// One effect line of the designer's notation (`Heal 4 HP`, `Throw for 3 DMG`) read as
/// the effect it means, as JSON; `Err` says why it is not one effect.
pub fn designer_effect(line: &str) -> Result<Value, String> {
    match notation::effect_line(line)? {
        notation::Line::Effect(v) | notation::Line::Thrown(v) => Ok(v),
        other => Err(format!("not an effect: {other:?}")),
    }
}

/// One face line of the designer's notation (`3 Bite (2 DMG)`) read as a face, as JSON.
pub fn designer_face(line: &str) -> Result<Value, String> {
    notation::face_line(line)
}

/// The UTF-8 byte-order mark spreadsheet programs look for to read the file as UTF-8.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Prefix of the `rules` lines of a Domain row that belong to its entry in `map.json`.
const MAP_PREFIX: &str = "map.";

/// What went wrong reading or writing a sheet or a card folder.
#[derive(Debug, thiserror::Error)]
pub enum SheetError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is not valid JSON: {source}")]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("{path}: {message}")]
    Layout { path: PathBuf, message: String },
    #[error("{path}: not a CSV file this can read: {source}")]
    Csv { path: PathBuf, source: csv::Error },
    #[error(
        "{path}: the header is neither Forward's layout (id,type,domain,name,...) nor the designer's (Title,Associated_Location,Card Number,...)"
    )]
    UnknownHeader { path: PathBuf },
    #[error("{path}, line {line} (card {card}): {message}")]
    Row {
        path: PathBuf,
        line: u64,
        card: String,
        message: String,
    },
}

fn read_json(path: &Path) -> Result<Value, SheetError> {
    let text = fs::read_to_string(path).map_err(|source| SheetError::Read {
        path: path.into(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| SheetError::Json {
        path: path.into(),
        source,
    })
}

fn layout(path: &Path, message: impl Into<String>) -> SheetError {
    SheetError::Layout {
        path: path.into(),
        message: message.into(),
    }
}

/// The default `$schema` of a card file: `"schema.json"` at the top, `"../schema.json"` in
/// `domains/`.
fn default_schema(kind: &str) -> &'static str {
    if kind == "domain" {
        "../schema.json"
    } else {
        "schema.json"
    }
}

/// One spreadsheet row, by column name.
#[derive(Debug, Default, Clone)]
pub struct Row(BTreeMap<&'static str, String>);

impl Row {
    fn get(&self, col: &str) -> &str {
        self.0.get(col).map_or("", |s| s.as_str())
    }
    fn cells(&self) -> Vec<&str> {
        COLUMNS.iter().map(|c| self.get(c)).collect()
    }
}

/// How a column's cell encodes a JSON value; `None` when it cannot say it exactly.
fn encode(col: &str, v: &Value) -> Option<String> {
    let cell = match (col, v) {
        ("tags" | "links", Value::Array(a)) if !a.is_empty() => {
            let words: Option<Vec<&str>> = a.iter().map(Value::as_str).collect();
            words?.join(", ")
        }
        ("hp" | "def" | "atk" | "health" | "row" | "column", Value::Number(n)) => n.to_string(),
        ("faces", Value::Array(a)) => faces::encode(a)?,
        (_, Value::String(s)) if !s.is_empty() => s.clone(),
        _ => return None,
    };
    (decode(col, &cell).as_ref() == Some(v)).then_some(cell)
}

/// The JSON value a non-empty cell stands for.
fn decode(col: &str, cell: &str) -> Option<Value> {
    match col {
        "tags" | "links" => Some(Value::Array(
            cell.split(',')
                .map(|w| Value::String(w.trim().to_string()))
                .collect(),
        )),
        "hp" | "def" | "atk" | "health" | "row" | "column" => {
            cell.trim().parse::<i64>().ok().map(Value::from)
        }
        "faces" => faces::decode(cell).map(Value::Array),
        _ => Some(Value::String(cell.to_string())),
    }
}

/// Moves every field of `obj` that has a column into `row`; the rest become `rules` lines.
fn fill_row(row: &mut Row, mut obj: Map<String, Value>, kind: &str, extra_rules: Vec<String>) {
    let schema = (kind != "station").then(|| obj.remove("$schema"));
    for col in COLUMNS {
        if matches!(*col, "domain" | "rules" | "row" | "column" | "links") {
            continue;
        }
        if let Some(v) = obj.get(*col)
            && let Some(cell) = encode(col, v)
        {
            row.0.insert(col, cell);
            obj.remove(*col);
        }
    }
    let mut rules = Vec::new();
    match schema {
        None => {}
        Some(Some(Value::String(s))) if s == default_schema(kind) => {}
        Some(Some(v)) => rules.push(format!("$schema: {v}")),
        Some(None) => rules.push("$schema: null".to_string()),
    }
    let keys: Vec<String> = obj.keys().cloned().collect();
    for k in keys {
        if k == "stations" {
            continue;
        }
        rules.push(format!("{k}: {}", obj[&k]));
    }
    rules.extend(extra_rules);
    row.0.insert("rules", rules.join("\n"));
}

/// The rows of a card folder in Forward's layout: the traveller, the Guardian, then each
/// Domain of `map.json` in order, its title card followed by its Station cards.
pub fn export_rows(dir: &Path) -> Result<Vec<Row>, SheetError> {
    rows_from(dir, &|path: &Path| read_json(path))
}

/// The rows of a loaded card set (for the gallery, which holds the set, not its folder).
/// Fields left at their defaults in the files may show here with their default value.
pub fn rows_of(files: &crate::cards::CardFiles) -> Result<Vec<Row>, SheetError> {
    let value = |path: &Path| -> Result<Value, SheetError> {
        let json = |r: Result<Value, serde_json::Error>| {
            r.map_err(|source| SheetError::Json {
                path: path.into(),
                source,
            })
        };
        let rel = path.to_string_lossy();
        match rel.as_ref() {
            "map.json" => json(serde_json::to_value(&files.map)),
            "traveller.json" => json(serde_json::to_value(&files.traveller)),
            "guardian.json" => json(serde_json::to_value(&files.guardian)),
            _ => {
                let entry = files.map.domains.iter().find(|d| d.file == rel);
                match entry.and_then(|e| files.domains.iter().find(|d| d.id == e.id)) {
                    Some(d) => json(serde_json::to_value(d)),
                    None => Err(layout(path, "no such Domain in the set")),
                }
            }
        }
    };
    rows_from(Path::new(""), &value)
}

/// The rows, reading each file (relative to `dir`) through `read`.
fn rows_from(
    dir: &Path,
    read_json: &dyn Fn(&Path) -> Result<Value, SheetError>,
) -> Result<Vec<Row>, SheetError> {
    let map_path = dir.join("map.json");
    let map = read_json(&map_path)?;
    let mut rows = Vec::new();
    for (file, kind) in [
        ("traveller.json", "traveller"),
        ("guardian.json", "guardian"),
    ] {
        let path = dir.join(file);
        let Value::Object(obj) = read_json(&path)? else {
            return Err(layout(&path, "the file is not a JSON object"));
        };
        let mut row = Row::default();
        fill_row(&mut row, obj, kind, Vec::new());
        rows.push(row);
    }
    let Value::Object(mut map) = map else {
        return Err(layout(&map_path, "the file is not a JSON object"));
    };
    let Some(Value::Array(entries)) = map.remove("domains") else {
        return Err(layout(&map_path, "no \"domains\" list"));
    };
    let mut map_rules: Vec<String> = Vec::new();
    match map.remove("$schema") {
        Some(Value::String(s)) if s == "schema.json" => {}
        Some(v) => map_rules.push(format!("{MAP_PREFIX}$schema: {v}")),
        None => map_rules.push(format!("{MAP_PREFIX}$schema: null")),
    }
    // The map's other keys (start, final) are told by the Domain rows themselves.
    let start = map.remove("start");
    let fin = map.remove("final");
    for (i, entry) in entries.into_iter().enumerate() {
        let Value::Object(mut entry) = entry else {
            return Err(layout(&map_path, format!("domains[{i}] is not an object")));
        };
        let id = entry
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let file = match entry.get("file").and_then(Value::as_str) {
            Some(f) => f.to_string(),
            None => return Err(layout(&map_path, format!("domains[{i}] has no \"file\""))),
        };
        let path = dir.join(&file);
        let Value::Object(mut obj) = read_json(&path)? else {
            return Err(layout(&path, "the file is not a JSON object"));
        };
        let stations = match obj.remove("stations") {
            Some(Value::Array(a)) => a,
            _ => return Err(layout(&path, "no \"stations\" list")),
        };
        let mut extra = if i == 0 {
            std::mem::take(&mut map_rules)
        } else {
            Vec::new()
        };
        if start.as_ref().and_then(Value::as_str) == Some(id.as_str()) {
            extra.push(format!("{MAP_PREFIX}start: true"));
        }
        if fin.as_ref().and_then(Value::as_str) == Some(id.as_str()) {
            extra.push(format!("{MAP_PREFIX}final: true"));
        }
        let mut row = Row::default();
        row.0.insert("domain", id.clone());
        entry.remove("id");
        if file == format!("domains/{id}.json") {
            entry.remove("file");
        }
        for col in ["row", "column", "links"] {
            if let Some(v) = entry.get(col)
                && let Some(cell) = encode(col, v)
            {
                row.0.insert(col, cell);
                entry.remove(col);
            }
        }
        for (k, v) in &entry {
            extra.push(format!("{MAP_PREFIX}{k}: {v}"));
        }
        fill_row(&mut row, obj, "domain", extra);
        rows.push(row);
        for (j, s) in stations.into_iter().enumerate() {
            let Value::Object(s) = s else {
                return Err(layout(&path, format!("stations[{j}] is not an object")));
            };
            let mut row = Row::default();
            row.0.insert("domain", id.clone());
            fill_row(&mut row, s, "station", Vec::new());
            rows.push(row);
        }
    }
    Ok(rows)
}

/// Writes `rows` as a CSV file in Forward's layout (UTF-8 with a byte-order mark).
pub fn write_csv(path: &Path, rows: &[Row]) -> Result<(), SheetError> {
    let werr = |source| SheetError::Write {
        path: path.into(),
        source,
    };
    let mut file = fs::File::create(path).map_err(werr)?;
    file.write_all(BOM).map_err(werr)?;
    let mut w = csv::WriterBuilder::new()
        .quote_style(csv::QuoteStyle::Necessary)
        .from_writer(file);
    let cerr = |source| SheetError::Csv {
        path: path.into(),
        source,
    };
    w.write_record(COLUMNS).map_err(cerr)?;
    for row in rows {
        w.write_record(row.cells()).map_err(cerr)?;
    }
    w.flush().map_err(werr)
}

/// Exports the card folder `dir` to `out`; returns the number of rows written.
pub fn export(dir: &Path, out: &Path) -> Result<usize, SheetError> {
    let rows = export_rows(dir)?;
    write_csv(out, &rows)?;
    Ok(rows.len())
}

/// The files of a card set, read through `read` (relative to `dir`): traveller, Guardian
/// and the Domain files in the map's order.
fn set_values(
    dir: &Path,
    read: &dyn Fn(&Path) -> Result<Value, SheetError>,
) -> Result<(Value, Value, Vec<Value>), SheetError> {
    let map_path = dir.join("map.json");
    let map = read(&map_path)?;
    let mut domains = Vec::new();
    for e in map["domains"].as_array().into_iter().flatten() {
        let file = e["file"]
            .as_str()
            .ok_or_else(|| layout(&map_path, "a Domain entry has no \"file\""))?;
        domains.push(read(&dir.join(file))?);
    }
    Ok((
        read(&dir.join("traveller.json"))?,
        read(&dir.join("guardian.json"))?,
        domains,
    ))
}

/// One row the import could not fully read.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Attention {
    /// Line of the CSV file where the row starts.
    pub line: u64,
    /// The designer's card number (empty in Forward's layout).
    pub card_number: String,
    pub title: String,
    /// The line of the rules cell that could not be read.
    pub unread: String,
    /// Why.
    pub reason: String,
}

/// What an import did.
#[derive(Debug, Clone, Serialize)]
pub struct ImportSummary {
    /// `"forward"` or `"designer"`.
    pub layout: &'static str,
    pub rows_read: usize,
    pub cards_made: usize,
    /// Cards made per type (`domain`, `foe`, ...).
    pub by_type: BTreeMap<String, usize>,
    /// Rows skipped on purpose (the designer's combat reference, trackers, spares).
    pub skipped: Vec<String>,
    pub attention: Vec<Attention>,
    /// Notes on rows that still made working cards (an empty rules cell, a card named
    /// loosely).
    pub warnings: Vec<Attention>,
    /// Rows that make the sheet unfit to write: a card other cards refer to that could not
    /// be read.
    pub errors: Vec<Attention>,
    /// Files written, relative to the output folder.
    pub files: Vec<String>,
    /// The designer's layout: each row's cell beside the read-back of the card it made
    /// (see `designer::readback`).
    pub readback: Vec<designer::readback::RowReadBack>,
}

/// The card files an import produces, as JSON values by relative path.
pub type Files = BTreeMap<String, Value>;

/// Reads a CSV file in either layout into card files, and a summary; the designer's
/// phrasebook is the one beside the sheet (`phrasebook.json`), if there is one.
pub fn read_sheet(path: &Path) -> Result<(Files, ImportSummary), SheetError> {
    read_sheet_with(path, None)
}

/// The phrasebook of an import: the file named (`--phrasebook`), else `phrasebook.json`
/// beside the sheet if there is one.
pub fn phrasebook_for(
    sheet: &Path,
    named: Option<&Path>,
) -> Result<Option<(PathBuf, Phrasebook)>, SheetError> {
    let beside = sheet
        .parent()
        .map(|d| d.join(crate::cards::phrasebook::PHRASEBOOK));
    let path = match (named, beside) {
        (Some(p), _) => p.to_path_buf(),
        (None, Some(p)) if p.is_file() => p,
        _ => return Ok(None),
    };
    let text = fs::read_to_string(&path).map_err(|source| SheetError::Read {
        path: path.clone(),
        source,
    })?;
    let book = Phrasebook::parse(&text).map_err(|m| layout(&path, m))?;
    Ok(Some((path, book)))
}

/// [`read_sheet`] with the phrasebook named (`None`: the one beside the sheet, if any);
/// the phrasebook goes into the cards folder with the cards.
pub fn read_sheet_with(
    path: &Path,
    phrasebook: Option<&Path>,
) -> Result<(Files, ImportSummary), SheetError> {
    let book = phrasebook_for(path, phrasebook)?.map(|(_, b)| b);
    let bytes = fs::read(path).map_err(|source| SheetError::Read {
        path: path.into(),
        source,
    })?;
    let mut rdr = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(bytes.as_slice());
    let cerr = |source| SheetError::Csv {
        path: path.into(),
        source,
    };
    let header: Vec<String> = rdr
        .headers()
        .map_err(cerr)?
        .iter()
        .map(|h| h.trim().trim_start_matches('\u{feff}').to_string())
        .collect();
    let mut records = Vec::new();
    // Every record as read, blank ones too, with the byte it starts at: the designer's
    // sheet keeps each row's own bytes (see `designer::kept::attach_raw`).
    let mut every: Vec<(usize, Vec<String>, bool)> = Vec::new();
    for rec in rdr.records() {
        let rec = rec.map_err(cerr)?;
        let line = rec.position().map_or(0, |p| p.line());
        let byte = rec.position().map_or(0, |p| p.byte()) as usize;
        let cells: Vec<String> = rec.iter().map(str::to_string).collect();
        let blank = cells.iter().all(|c| c.trim().is_empty());
        every.push((byte, cells.clone(), blank));
        if !blank {
            records.push((line, cells));
        }
    }
    if header.first().map(String::as_str) == Some("id") && header.iter().any(|h| h == "rules") {
        import_forward(path, &header, &records)
    } else if designer::is_designer_header(&header) {
        let (mut files, summary) = designer::import(&header, &records, book.as_ref());
        if let Some(b) = &book
            && let Ok(v) = serde_json::to_value(b)
        {
            files.insert(crate::cards::phrasebook::PHRASEBOOK.to_string(), v);
        }
        // The export writes rows back with the line ends the sheet had, and each row it
        // does not change as its own bytes.
        if let Some(Value::Object(k)) = files.get_mut(designer::kept::SHEET_KEPT) {
            k.insert(
                "crlf".into(),
                Value::Bool(bytes.windows(2).any(|w| w == b"\r\n")),
            );
            designer::kept::attach_raw(k, &bytes, &every);
        }
        Ok((files, summary))
    } else {
        Err(SheetError::UnknownHeader { path: path.into() })
    }
}

/// A Domain read from Forward's layout: id, file, title card, Station cards.
type DomainRow = (String, String, Map<String, Value>, Vec<Value>);

/// One record of Forward's layout, with where it came from for error messages.
struct Record<'a> {
    path: &'a Path,
    header: &'a [String],
    line: u64,
    cells: &'a [String],
}

impl Record<'_> {
    /// The cell under column `col`, or `""`.
    fn cell(&self, col: &str) -> &str {
        self.header
            .iter()
            .position(|h| h == col)
            .and_then(|i| self.cells.get(i))
            .map_or("", |s| s.as_str())
    }

    /// An error about this row.
    fn err(&self, message: String) -> SheetError {
        SheetError::Row {
            path: self.path.into(),
            line: self.line,
            card: self.cell("id").to_string(),
            message,
        }
    }

    /// The value of column `col`'s cell, `None` when it is empty.
    fn decoded(&self, col: &str) -> Result<Option<Value>, SheetError> {
        let c = self.cell(col);
        if c.is_empty() {
            return Ok(None);
        }
        decode(col, c)
            .map(Some)
            .ok_or_else(|| self.err(format!("the {col} cell `{c}` cannot be read")))
    }
}

/// Reads Forward's own layout.
fn import_forward(
    path: &Path,
    header: &[String],
    records: &[(u64, Vec<String>)],
) -> Result<(Files, ImportSummary), SheetError> {
    let mut files = Files::new();
    let mut map = Map::new();
    map.insert("$schema".into(), Value::from("schema.json"));
    let mut entries: Vec<Value> = Vec::new();
    // (id, file, title card, Station cards) of each Domain row, in order.
    let mut domains: Vec<DomainRow> = Vec::new();
    let mut by_type: BTreeMap<String, usize> = BTreeMap::new();
    for (line, cells) in records {
        let r = Record {
            path,
            header,
            line: *line,
            cells,
        };
        let kind = r.cell("type").trim().to_string();
        let mut obj = card_columns(&r, &kind)?;
        let entry = rules_lines(&r, &mut obj, &mut map)?;
        *by_type.entry(kind.clone()).or_default() += 1;
        match kind.as_str() {
            "traveller" | "guardian" => {
                files.insert(format!("{kind}.json"), Value::Object(obj));
            }
            "domain" => {
                let id = r.cell("domain").to_string();
                let e = map_entry(&r, &id, entry)?;
                let file = e
                    .get("file")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string();
                entries.push(Value::Object(e));
                domains.push((id, file, obj, Vec::new()));
            }
            _ => {
                let domain = r.cell("domain");
                let Some(d) = domains.iter_mut().rev().find(|d| d.0 == domain) else {
                    return Err(r.err(format!("its domain `{domain}` has no Domain row above it")));
                };
                obj.remove("$schema");
                d.3.push(Value::Object(obj));
            }
        }
    }
    let cards_made = records.len();
    for (_, file, mut obj, stations) in domains {
        obj.insert("stations".into(), Value::Array(stations));
        files.insert(file, Value::Object(obj));
    }
    map.insert("domains".into(), Value::Array(entries));
    files.insert("map.json".into(), Value::Object(map));
    let summary = ImportSummary {
        layout: "forward",
        rows_read: records.len(),
        cards_made,
        by_type,
        skipped: Vec::new(),
        attention: Vec::new(),
        warnings: Vec::new(),
        errors: Vec::new(),
        files: files.keys().cloned().collect(),
        readback: Vec::new(),
    };
    Ok((files, summary))
}

/// A row's card fields from its columns (all but the map's), with the default `$schema`
/// of its kind.
fn card_columns(r: &Record, kind: &str) -> Result<Map<String, Value>, SheetError> {
    let mut obj = Map::new();
    obj.insert("$schema".into(), Value::from(default_schema(kind)));
    for col in COLUMNS {
        if matches!(*col, "domain" | "rules" | "row" | "column" | "links") {
            continue;
        }
        if let Some(v) = r.decoded(col)? {
            obj.insert(col.to_string(), v);
        }
    }
    Ok(obj)
}

/// Sorts a row's `rules` lines: `map.start`/`map.final`/`map.$schema` go to the map,
/// other `map.` keys to the row's map entry (returned), the rest into the card `obj`
/// (`$schema: null` removes the card's `$schema`).
fn rules_lines(
    r: &Record,
    obj: &mut Map<String, Value>,
    map: &mut Map<String, Value>,
) -> Result<Map<String, Value>, SheetError> {
    let mut entry = Map::new();
    for (k, v) in parse_rules(r.cell("rules")).map_err(|m| r.err(m))? {
        if let Some(mk) = k.strip_prefix(MAP_PREFIX) {
            match mk {
                "start" | "final" if v == Value::Bool(true) => {
                    map.insert(mk.into(), Value::from(r.cell("domain")));
                }
                "$schema" if v.is_null() => {
                    map.remove(mk);
                }
                "$schema" => {
                    map.insert(mk.into(), v);
                }
                _ => {
                    entry.insert(mk.to_string(), v);
                }
            }
        } else if k == "$schema" && v.is_null() {
            obj.remove("$schema");
        } else {
            obj.insert(k, v);
        }
    }
    Ok(entry)
}

/// A Domain row's entry in `map.json`: id, file, its row/column/links cells, then the
/// `map.` lines of its rules (`entry`).
fn map_entry(
    r: &Record,
    id: &str,
    entry: Map<String, Value>,
) -> Result<Map<String, Value>, SheetError> {
    let mut e = Map::new();
    e.insert("id".into(), Value::from(id));
    e.insert("file".into(), Value::from(format!("domains/{id}.json")));
    for col in ["row", "column", "links"] {
        if let Some(v) = r.decoded(col)? {
            e.insert(col.into(), v);
        }
    }
    e.extend(entry);
    Ok(e)
}

/// Splits a `rules` cell into `key: JSON` entries; a line that does not start a new key
/// continues the previous value (so a designer may spread a long value over lines).
fn parse_rules(cell: &str) -> Result<Vec<(String, Value)>, String> {
    let mut raw: Vec<(String, String)> = Vec::new();
    for line in cell.lines() {
        if line.trim().is_empty() {
            continue;
        }
        let key = line.split_once(": ").map(|(k, _)| k).filter(|k| {
            !k.is_empty()
                && k.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_.$".contains(c))
        });
        match key {
            Some(k) => raw.push((k.to_string(), line[k.len() + 2..].to_string())),
            None => match raw.last_mut() {
                Some((_, v)) => {
                    v.push('\n');
                    v.push_str(line);
                }
                None => return Err(format!("the rules line `{line}` has no `key:` before it")),
            },
        }
    }
    raw.into_iter()
        .map(|(k, v)| {
            serde_json::from_str(&v)
                .map(|j| (k.clone(), j))
                .map_err(|e| format!("the rules entry `{k}` is not valid JSON ({e}): {v}"))
        })
        .collect()
}

/// Writes card files under `out` (creating folders) plus a fresh `schema.json`.
pub fn write_files(out: &Path, files: &Files) -> Result<(), SheetError> {
    for (rel, v) in files {
        let path = out.join(rel);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|source| SheetError::Write {
                path: parent.into(),
                source,
            })?;
        }
        fs::write(&path, pretty::to_pretty(v)).map_err(|source| SheetError::Write {
            path: path.clone(),
            source,
        })?;
    }
    let schema = out.join("schema.json");
    fs::write(
        &schema,
        format!("{}\n", crate::cards::schema::schema_json()),
    )
    .map_err(|source| SheetError::Write {
        path: schema.clone(),
        source,
    })
}

/// Imports `sheet` into the folder `out`.
pub fn import(sheet: &Path, out: &Path) -> Result<ImportSummary, SheetError> {
    let (files, summary) = read_sheet(sheet)?;
    write_files(out, &files)?;
    Ok(summary)
}

/// The ids of the cards of `files` that differ from (or are missing in) an earlier export
/// in Forward's layout: what a playtester needs reprinted.
pub fn changed_since(
    files: &crate::cards::CardFiles,
    earlier: &Path,
) -> Result<std::collections::BTreeSet<String>, SheetError> {
    use crate::cards::model::{DomainFile, GuardianFile, StationCard, TravellerFile};
    let (old, _) = read_sheet(earlier)?;
    let mut out = std::collections::BTreeSet::new();
    let old_t: Option<TravellerFile> = old
        .get("traveller.json")
        .and_then(|v| serde_json::from_value(v.clone()).ok());
    if old_t.as_ref() != Some(&files.traveller) {
        out.insert(files.traveller.id.0.clone());
    }
    let old_g: Option<GuardianFile> = old
        .get("guardian.json")
        .and_then(|v| serde_json::from_value(v.clone()).ok());
    if old_g.as_ref() != Some(&files.guardian) {
        out.insert(files.guardian.id.0.clone());
    }
    let old_domains: Vec<DomainFile> = old
        .iter()
        .filter(|(k, _)| k.starts_with("domains/"))
        .filter_map(|(_, v)| serde_json::from_value(v.clone()).ok())
        .collect();
    let old_stations: Vec<&StationCard> = old_domains.iter().flat_map(|d| &d.stations).collect();
    for d in &files.domains {
        let bare = |d: &DomainFile| DomainFile {
            stations: Vec::new(),
            ..d.clone()
        };
        if !old_domains.iter().any(|o| bare(o) == bare(d)) {
            out.insert(d.id.0.clone());
        }
        for s in &d.stations {
            if !old_stations.contains(&s) {
                out.insert(s.id.0.clone());
            }
        }
    }
    Ok(out)
}
