//! Writing a set in the designer's layout: over the sheet it was imported from when the
//! folder keeps one (each row that did not change as its own bytes), else fresh rows.

use super::{BOM, SheetError, designer, read_json, set_values};
use crate::cards::phrasebook::{PHRASEBOOK, Phrasebook};
use serde_json::Value;
use std::fs;
use std::path::Path;

/// Writes the set in the designer's layout to `out`; returns the number of rows and what
/// the notation could not say (card id, field).
/// With the sheet the set was imported from (`kept`, see [`designer::kept`]), every row
/// of it comes back, each cell whose part of the card did not change as it was.
fn write_designer(
    out: &Path,
    set: (Value, Value, Vec<Value>),
    kept: Option<&Value>,
    book: Option<&Phrasebook>,
) -> Result<(usize, designer::export::Unsaid), SheetError> {
    let (header, rows, unsaid) = designer_rows(&set, kept, book);
    let werr = |source| SheetError::Write {
        path: out.into(),
        source,
    };
    let crlf = kept.is_some_and(|k| k["crlf"] == true);
    let cerr = |source| SheetError::Csv {
        path: out.into(),
        source,
    };
    let record = |cells: &[String]| -> Result<Vec<u8>, SheetError> {
        let mut w = csv::WriterBuilder::new()
            .quote_style(csv::QuoteStyle::Necessary)
            .terminator(if crlf {
                csv::Terminator::CRLF
            } else {
                csv::Terminator::Any(b'\n')
            })
            .from_writer(Vec::new());
        w.write_record(cells).map_err(cerr)?;
        w.into_inner().map_err(|e| werr(e.into_error()))
    };
    let mut bytes: Vec<u8> = Vec::new();
    match kept.and_then(|k| k["raw_header"].as_str()) {
        Some(raw) => bytes.extend_from_slice(raw.as_bytes()),
        None => {
            bytes.extend_from_slice(BOM);
            bytes.extend(record(&header)?);
        }
    }
    for r in &rows {
        // A row after a last row that had no line end starts on a line of its own.
        if !bytes.is_empty() && !bytes.ends_with(b"\n") {
            bytes.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
        }
        match &r.raw {
            Some(raw) => bytes.extend_from_slice(raw.as_bytes()),
            None => bytes.extend(record(&r.cells)?),
        }
    }
    fs::write(out, bytes).map_err(werr)?;
    Ok((rows.len(), unsaid))
}

/// The header and rows of a set in the designer's layout, over the kept sheet if any; and
/// what the notation could not say of the cells written anew.
fn designer_rows(
    set: &(Value, Value, Vec<Value>),
    kept: Option<&Value>,
    book: Option<&Phrasebook>,
) -> (
    Vec<String>,
    Vec<designer::kept::OutRow>,
    designer::export::Unsaid,
) {
    let (keyed, unsaid) = designer::export::keyed_rows(&set.0, &set.1, &set.2, book);
    let header: Vec<String> = designer::export::header()
        .iter()
        .map(|h| h.to_string())
        .collect();
    let Some(kept) = kept else {
        let rows = keyed
            .into_iter()
            .map(|(_, r)| designer::kept::OutRow {
                cells: r.to_vec(),
                raw: None,
            })
            .collect();
        return (header, rows, unsaid);
    };
    let now = designer::kept::Cards::of(&set.0, &set.1, &set.2);
    let (header, rows, rewritten) = designer::kept::rows(kept, &keyed, &now);
    let unsaid = unsaid
        .into_iter()
        .filter(|(id, _)| {
            rewritten
                .iter()
                .any(|k| k == id || k.split_once(':').is_some_and(|(_, x)| x == id))
        })
        .collect();
    (header, rows, unsaid)
}

/// Exports the card folder `dir` to `out` in the designer's layout (over the sheet it was
/// imported from, when the folder keeps one).
pub fn export_designer(
    dir: &Path,
    out: &Path,
) -> Result<(usize, designer::export::Unsaid), SheetError> {
    let kept_path = dir.join(designer::kept::SHEET_KEPT);
    let mut kept = if kept_path.is_file() {
        Some(read_json(&kept_path)?)
    } else {
        None
    };
    // A card renamed since the import is still its row's card.
    if let Some(k) = kept.as_mut() {
        crate::cards::renames::apply(k, &crate::cards::renames::read(dir));
    }
    // The designer's own words, kept beside the cards by the import.
    let book = match fs::read_to_string(dir.join(PHRASEBOOK)) {
        Ok(text) => Some(Phrasebook::parse(&text).map_err(|m| SheetError::Layout {
            path: dir.join(PHRASEBOOK),
            message: m,
        })?),
        Err(_) => None,
    };
    write_designer(
        out,
        set_values(dir, &|p: &Path| read_json(p))?,
        kept.as_ref(),
        book.as_ref(),
    )
}

/// Exports a loaded set to `out` in the designer's layout.
pub fn export_designer_of(
    files: &crate::cards::CardFiles,
    out: &Path,
) -> Result<(usize, designer::export::Unsaid), SheetError> {
    let json = |v: Result<Value, serde_json::Error>| {
        v.map_err(|source| SheetError::Json {
            path: out.into(),
            source,
        })
    };
    let domains = files
        .map
        .domains
        .iter()
        .filter_map(|e| files.domains.iter().find(|d| d.id == e.id))
        .map(|d| json(serde_json::to_value(d)))
        .collect::<Result<Vec<_>, _>>()?;
    let set = (
        json(serde_json::to_value(&files.traveller))?,
        json(serde_json::to_value(&files.guardian))?,
        domains,
    );
    write_designer(out, set, None, None)
}
