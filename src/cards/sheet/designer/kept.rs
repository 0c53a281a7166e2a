//! What the import keeps beside the cards so that the designer's sheet comes back as it
//! went: every row as it was read (spares, trackers, the combat reference, card numbers,
//! the designer's own wording), the card it made and that card as it was made
//! (`designer-sheet.json`). The export in the designer's layout then writes each row
//! back, a cell whose part of the card did not change byte for byte, and only a changed
//! part anew in the notation.
//!
//! The combat reference (`1 Miss`, `3-4 Hit`, `6 Hit`) is read here too: it is the
//! traveller's combat table.

use super::export::DesignerRow;
use super::readback::is_designer_text;
use super::{HEADER, notation};
use crate::cards::phrasebook::Phrasebook;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// The file the import writes beside the cards: the sheet as it was read.
pub const SHEET_KEPT: &str = "designer-sheet.json";

/// The rules' combat table, 1 to 6, when the traveller card has none.
pub const HOUSE_TABLE: [&str; 6] = ["miss", "parry", "hit", "hit", "critical", "counter"];

/// The combat table a combat reference cell states (`1 Miss, 2 Parry, 3-4 Hit`, one per
/// line or separated by commas; the designer's `Block` is a Parry), if it gives a result
/// to each of the six faces; each line's words that are not a face, with the line (a line
/// of the keyword alone is the cell's heading); and the words in brackets that explain a
/// face, with their line.
pub(super) fn combat_table(rules: &str, book: Option<&Phrasebook>) -> Table {
    let mut table: [Option<&'static str>; 6] = [None; 6];
    let mut left = Vec::new();
    let mut glosses = Vec::new();
    for line in rules.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let heading = line.strip_suffix(':').is_some_and(|k| {
            k.chars()
                .all(|c| c.is_ascii_uppercase() || c == ' ' || c == '-')
        });
        let body = match line.split_once(':') {
            Some((k, rest)) if k.chars().all(|c| c.is_ascii_uppercase() || c == ' ') => rest,
            _ => line,
        };
        if heading || body.trim().is_empty() {
            continue;
        }
        let (faces, read) = notation::table_line(body, book);
        for (lo, hi, result) in faces {
            for slot in &mut table[lo - 1..hi] {
                *slot = Some(result);
            }
        }
        left.extend(read.left.into_iter().map(|w| (line.to_string(), w)));
        glosses.extend(read.glosses.into_iter().map(|w| (line.to_string(), w)));
    }
    Table {
        faces: table.into_iter().collect(),
        left,
        glosses,
    }
}

/// A combat reference read: its six results (if it gives all six), the words no face
/// reads and the glosses, each with its line.
pub(super) struct Table {
    pub faces: Option<Vec<&'static str>>,
    pub left: Vec<(String, String)>,
    pub glosses: Vec<(String, String)>,
}

/// The combat table as the designer writes it, one face a line.
pub(super) fn table_cell(table: &[Value]) -> String {
    let mut out = String::from("SPECIAL:");
    for (i, r) in table.iter().enumerate() {
        let word = r.as_str().unwrap_or("miss");
        let mut c = word.chars();
        let cap = c
            .next()
            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
            .unwrap_or_default();
        out.push_str(&format!("\n{} {cap}", i + 1));
    }
    out
}

/// The card each key names in a set of files or values: `traveller`, `guardian`, `table`
/// (the traveller's combat table), `domain:<id>` (without its stations), `station:<id>`.
pub(in crate::cards::sheet) struct Cards {
    by_key: BTreeMap<String, Value>,
    /// The Domain each Station card is in.
    home: BTreeMap<String, String>,
    /// Keys in the set's order, for the cards no row of the sheet made.
    order: Vec<String>,
}

impl Cards {
    /// The cards of a set: traveller, Guardian and Domain files in the map's order.
    pub(in crate::cards::sheet) fn of(
        traveller: &Value,
        guardian: &Value,
        domains: &[Value],
    ) -> Self {
        let mut c = Cards {
            by_key: BTreeMap::new(),
            home: BTreeMap::new(),
            order: Vec::new(),
        };
        let table = traveller
            .get("table")
            .cloned()
            .unwrap_or_else(|| json!(HOUSE_TABLE));
        c.add("traveller".into(), traveller.clone());
        c.add("table".into(), table);
        c.add("guardian".into(), guardian.clone());
        for d in domains {
            let did = d["id"].as_str().unwrap_or_default().to_string();
            let mut title = d.clone();
            if let Some(m) = title.as_object_mut() {
                m.remove("stations");
            }
            c.add(format!("domain:{did}"), title);
            for s in d["stations"].as_array().into_iter().flatten() {
                let key = format!("station:{}", s["id"].as_str().unwrap_or_default());
                c.home.insert(key.clone(), did.clone());
                c.add(key, s.clone());
            }
        }
        c
    }

    /// The card a key names.
    pub(in crate::cards::sheet) fn get(&self, key: &str) -> Option<&Value> {
        self.by_key.get(key)
    }

    fn add(&mut self, key: String, v: Value) {
        self.order.push(key.clone());
        self.by_key.insert(key, v);
    }

    /// The Domain a key's card belongs to (a Location is its own).
    fn domain_of(&self, key: &str) -> Option<String> {
        key.strip_prefix("domain:")
            .map(str::to_string)
            .or_else(|| self.home.get(key).cloned())
    }
}

/// One row an export writes: its cells, and its bytes as read when none of its cells
/// changed (so the designer's quoting, spacing and line ends come back as they were).
pub(in crate::cards::sheet) struct OutRow {
    pub cells: Vec<String>,
    pub raw: Option<String>,
}

/// Adds to the kept sheet (`kept`, made by [`keep`] from the records that are not blank)
/// the bytes of the file as read: `raw_header`, everything before the first record (the
/// byte-order mark and the header), each row's `raw`, its bytes up to the next record, and
/// the blank records as rows of their own. `every`: each record's first byte, cells, and
/// whether it is blank, in the file's order.
pub(in crate::cards::sheet) fn attach_raw(
    kept: &mut Map<String, Value>,
    bytes: &[u8],
    every: &[(usize, Vec<String>, bool)],
) {
    let text = |a: usize, b: usize| String::from_utf8_lossy(&bytes[a.min(b)..b]).into_owned();
    // The reader places a record after the CR of a CR LF that ended the one before; its
    // bytes start at its first cell, the line end belonging to the row before.
    let start = |i: usize| {
        let mut at = every.get(i).map_or(bytes.len(), |r| r.0.min(bytes.len()));
        while at < bytes.len() && matches!(bytes[at], b'\r' | b'\n') {
            at += 1;
        }
        at
    };
    let end = |i: usize| start(i + 1);
    let first = start(0);
    kept.insert("raw_header".into(), json!(text(0, first)));
    let mut made = kept
        .get_mut("rows")
        .and_then(Value::as_array_mut)
        .map(std::mem::take)
        .unwrap_or_default()
        .into_iter();
    let mut rows = Vec::new();
    for (i, (_, cells, blank)) in every.iter().enumerate() {
        let raw = text(start(i), end(i));
        let mut row = if *blank {
            Map::from_iter([("cells".to_string(), json!(cells))])
        } else {
            match made.next() {
                Some(Value::Object(r)) => r,
                _ => continue,
            }
        };
        row.insert("raw".into(), json!(raw));
        rows.push(Value::Object(row));
    }
    kept.insert("rows".into(), Value::Array(rows));
}

/// The kept sheet: the header as read, and each row's cells, the card it made (its key)
/// and that card as made. `crlf`: the file's rows ended with CR LF.
pub(super) fn keep(
    header: &[String],
    records: &[(u64, Vec<String>)],
    made: &BTreeMap<u64, String>,
    cards: &Cards,
) -> Value {
    let rows: Vec<Value> = records
        .iter()
        .map(|(line, cells)| {
            let key = made.get(line);
            let mut r = Map::new();
            r.insert("cells".into(), json!(cells));
            if let Some(k) = key {
                r.insert("card".into(), json!(k));
                r.insert(
                    "was".into(),
                    cards.by_key.get(k).cloned().unwrap_or(Value::Null),
                );
                if let Some(d) = cards.domain_of(k) {
                    r.insert("domain".into(), json!(d));
                }
            }
            Value::Object(r)
        })
        .collect();
    json!({ "header": header, "rows": rows })
}

/// A card without what a rules cell does not say (its prose, picture and place).
fn rules_part(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(m) = v.as_object_mut() {
        for k in [
            "name",
            "flavor",
            "art_note",
            "theme",
            "text",
            "guide_notes",
            "art",
            "$schema",
            "table",
        ] {
            m.remove(k);
        }
    }
    v
}

/// The rows of an export in the designer's layout over a kept sheet: each kept row with
/// its cells as they were where the card's part of them did not change, the rows of new
/// cards after the last row of their Domain; and the keys whose rules cell was written
/// anew (only those can have fields the notation has no words for).
pub(in crate::cards::sheet) fn rows(
    kept: &Value,
    fresh: &[(String, DesignerRow)],
    now: &Cards,
) -> (Vec<String>, Vec<OutRow>, Vec<String>) {
    let header: Vec<String> = kept["header"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|h| h.as_str().map(str::to_string))
        .collect();
    let at: Vec<Option<usize>> = HEADER
        .iter()
        .map(|h| header.iter().position(|x| x == h))
        .collect();
    let fresh: BTreeMap<&str, &DesignerRow> = fresh.iter().map(|(k, r)| (k.as_str(), r)).collect();
    let mut out: Vec<OutRow> = Vec::new();
    let mut rewritten = Vec::new();
    let mut last_of: BTreeMap<String, usize> = BTreeMap::new();
    let mut used = std::collections::BTreeSet::new();
    let mut top = 0u64;
    for row in kept["rows"].as_array().into_iter().flatten() {
        let mut cells: Vec<String> = row["cells"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| c.as_str().unwrap_or_default().to_string())
            .collect();
        if let Some(n) = at[2].and_then(|i| cells.get(i)) {
            top = top.max(n.trim().parse().unwrap_or(0));
        }
        if let Some(key) = row["card"].as_str() {
            // The combat reference has no row of its own in a fresh export.
            let blank = DesignerRow::default();
            let new = fresh
                .get(key)
                .copied()
                .or((key == "table").then_some(&blank));
            let (Some(card), Some(new)) = (now.by_key.get(key), new) else {
                // The card is gone (removed, or renamed and so a new card below).
                continue;
            };
            used.insert(key.to_string());
            if merge_cells(&mut cells, &at, row, card, new, key, now) {
                rewritten.push(key.to_string());
            }
        }
        if let Some(d) = row["card"].as_str().and_then(|k| now.domain_of(k)) {
            last_of.insert(d, out.len());
        }
        let same = row["cells"].as_array().is_some_and(|was| {
            was.len() == cells.len() && was.iter().zip(&cells).all(|(a, b)| a == b)
        });
        let raw = row["raw"].as_str().filter(|_| same).map(str::to_string);
        out.push(OutRow { cells, raw });
    }
    // Cards no row made: after the last row of their Domain (else at the end), numbered on.
    let mut extra: Vec<(usize, OutRow)> = Vec::new();
    for key in now
        .order
        .iter()
        .filter(|k| !used.contains(*k) && *k != "table")
    {
        let Some(new) = fresh.get(key.as_str()) else {
            continue;
        };
        top += 1;
        let mut cells = vec![String::new(); header.len()];
        for (i, pos) in at.iter().enumerate() {
            if let Some(p) = pos {
                cells[*p] = if i == 2 {
                    top.to_string()
                } else {
                    new[i].clone()
                };
            }
        }
        let after = now
            .domain_of(key)
            .and_then(|d| last_of.get(&d).copied())
            .map_or(out.len(), |i| i + 1);
        extra.push((after, OutRow { cells, raw: None }));
        rewritten.push(key.clone());
    }
    // Insert from the back so that earlier positions stay right.
    extra.sort_by_key(|(i, _)| *i);
    for (i, cells) in extra.into_iter().rev() {
        out.insert(i.min(out.len()), cells);
    }
    (header, out, rewritten)
}

/// Writes into `cells` the parts of the card that changed since the import (the kept
/// row's `was`), in the export's words (`new`); returns whether its rules cell was
/// written anew.
fn merge_cells(
    cells: &mut [String],
    at: &[Option<usize>],
    row: &Value,
    now: &Value,
    new: &DesignerRow,
    key: &str,
    set: &Cards,
) -> bool {
    let (was, was_home) = (&row["was"], &row["domain"]);
    let mut put = |col: usize, v: &str| {
        if let Some(c) = at[col].and_then(|i| cells.get_mut(i)) {
            *c = v.to_string();
        }
    };
    if key == "table" {
        if was != now {
            put(
                5,
                &table_cell(now.as_array().map_or(&[][..], Vec::as_slice)),
            );
            return true;
        }
        return false;
    }
    let changed = |k: &str| was.get(k) != now.get(k);
    if changed("name") {
        put(0, &new[0]);
    }
    if key.starts_with("station:") && set.domain_of(key).as_deref() != was_home.as_str() {
        put(1, &new[1]);
    }
    if changed("flavor") {
        put(3, &new[3]);
    }
    let art = if key.starts_with("domain:") {
        "theme"
    } else {
        "art_note"
    };
    if (key.starts_with("domain:") || key.starts_with("station:")) && changed(art) {
        put(4, &new[4]);
    }
    let station = key.starts_with("station:");
    if station && super::export::designer_type(was) != super::export::designer_type(now) {
        put(6, &new[6]);
    }
    if rules_part(was) != rules_part(now) {
        put(5, &new[5]);
        return true;
    }
    // The same rules in other words: the designer's notation is kept as edited.
    let text = now["text"].as_str().unwrap_or_default();
    if changed("text") && is_designer_text(text) {
        put(5, text);
    }
    false
}
