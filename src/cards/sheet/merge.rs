//! `forward cards merge SHEET --into DIR`: a sheet read into an existing cards folder,
//! changing only the cards whose rows changed. A card whose JSON value is the same keeps
//! its text byte for byte (even if the file was formatted by hand); a changed, added or
//! removed card is rewritten, added or dropped in its place, and listed.

use super::{Files, SheetError, pretty};
use serde::Serialize;
use serde_json::{Map, Value};
use std::fs;
use std::path::Path;

/// What a merge changed, by card id.
#[derive(Debug, Default, Clone, Serialize, PartialEq)]
pub struct MergeReport {
    pub changed: Vec<String>,
    pub added: Vec<String>,
    pub removed: Vec<String>,
    /// Cards left exactly as they were.
    pub unchanged: usize,
    /// Files rewritten, relative to the folder.
    pub files: Vec<String>,
}

/// Where the `stations` array of a Domain file's text lies: the byte after its `[`, the
/// byte of its `]`, and each element's span.
struct Spans {
    open: usize,
    close: usize,
    items: Vec<(usize, usize)>,
}

/// Finds the top-level `"stations"` array in a JSON text and the spans of its elements.
fn station_spans(text: &str) -> Option<Spans> {
    let b = text.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    let mut in_str = false;
    let mut key_start = None;
    let mut last_key: Option<&str> = None;
    let mut spans: Option<Spans> = None;
    let mut item_start: Option<usize> = None;
    while i < b.len() {
        let c = b[i];
        if in_str {
            if c == b'\\' {
                i += 2;
                continue;
            }
            if c == b'"' {
                in_str = false;
                if depth == 1
                    && let Some(s) = key_start.take()
                {
                    last_key = Some(&text[s..i]);
                }
            }
            i += 1;
            continue;
        }
        let inside = spans.as_ref().is_some_and(|s| s.close == 0);
        if inside && depth == 2 && item_start.is_none() && !c.is_ascii_whitespace() && c != b']' {
            item_start = Some(i);
        }
        match c {
            b'"' => {
                in_str = true;
                if depth == 1 {
                    key_start = Some(i + 1);
                }
            }
            b'[' | b'{' => {
                if depth == 1 && c == b'[' && last_key == Some("stations") {
                    spans = Some(Spans {
                        open: i + 1,
                        close: 0,
                        items: Vec::new(),
                    });
                }
                depth += 1;
            }
            b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                if inside && depth == 1 {
                    let s = spans.as_mut()?;
                    if let Some(st) = item_start.take() {
                        s.items.push((st, trim_end(text, i)));
                    }
                    s.close = i;
                }
            }
            b',' if inside && depth == 2 => {
                let s = spans.as_mut()?;
                if let Some(st) = item_start.take() {
                    s.items.push((st, trim_end(text, i)));
                }
            }
            b',' if depth == 1 => last_key = None,
            _ => {}
        }
        i += 1;
    }
    spans.filter(|s| s.close > 0)
}

/// The end of the text before `i`, without trailing white space.
fn trim_end(text: &str, i: usize) -> usize {
    text[..i].trim_end().len()
}

fn id_of(v: &Value) -> String {
    v.get("id")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

/// A Domain file merged: its new text (or `None` if no card changed).
fn merge_domain(old_text: &str, old: &Value, new: &Value, rep: &mut MergeReport) -> Option<String> {
    let stations = |v: &Value| {
        v.get("stations")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let (olds, news) = (stations(old), stations(new));
    let title = |v: &Value| {
        let mut m: Map<String, Value> = v.as_object().cloned().unwrap_or_default();
        m.remove("stations");
        m
    };
    let title_changed = title(old) != title(new);
    let old_spans = station_spans(old_text);
    let mut pieces = Vec::new();
    let mut touched = title_changed;
    if title_changed {
        rep.changed.push(id_of(new));
    } else {
        rep.unchanged += 1;
    }
    for (i, n) in news.iter().enumerate() {
        let id = id_of(n);
        let before = olds.iter().position(|o| id_of(o) == id);
        match before {
            Some(j) if olds[j] == *n => {
                rep.unchanged += 1;
                let keep = old_spans
                    .as_ref()
                    .and_then(|s| s.items.get(j))
                    .map(|(a, b)| old_text[*a..*b].to_string());
                pieces.push(keep.unwrap_or_else(|| pretty::nested(n, 2)));
                touched |= before != Some(i);
            }
            Some(_) => {
                rep.changed.push(id);
                pieces.push(pretty::nested(n, 2));
                touched = true;
            }
            None => {
                rep.added.push(id);
                pieces.push(pretty::nested(n, 2));
                touched = true;
            }
        }
    }
    for o in &olds {
        if !news.iter().any(|n| id_of(n) == id_of(o)) {
            rep.removed.push(id_of(o));
            touched = true;
        }
    }
    if !touched {
        return None;
    }
    // Around the stations: the old text when the title card is the same, else the new.
    let frame = if title_changed {
        pretty::to_pretty(new)
    } else {
        old_text.to_string()
    };
    let s = station_spans(&frame)?;
    let body = if pieces.is_empty() {
        String::new()
    } else {
        format!("\n    {}\n  ", pieces.join(",\n    "))
    };
    Some(format!("{}{body}{}", &frame[..s.open], &frame[s.close..]))
}

/// Merges imported `files` into the folder `dir`, writing only what changed.
pub fn merge(dir: &Path, files: &Files) -> Result<MergeReport, SheetError> {
    let mut rep = MergeReport::default();
    for (rel, new) in files {
        let path = dir.join(rel);
        let old_text = fs::read_to_string(&path).ok();
        let old: Option<Value> = old_text
            .as_deref()
            .and_then(|t| serde_json::from_str(t).ok());
        let text = match (&old_text, &old) {
            (Some(t), Some(o)) if rel.starts_with("domains/") => merge_domain(t, o, new, &mut rep),
            (Some(_), Some(o)) if o == new => {
                if rel == "traveller.json" || rel == "guardian.json" {
                    rep.unchanged += 1;
                }
                None
            }
            _ => {
                let card = rel.starts_with("domains/")
                    || rel == "traveller.json"
                    || rel == "guardian.json";
                if card {
                    let list = if old.is_some() {
                        &mut rep.changed
                    } else {
                        &mut rep.added
                    };
                    if rel.starts_with("domains/") {
                        list.extend(new["stations"].as_array().into_iter().flatten().map(id_of));
                    }
                    list.push(id_of(new));
                }
                Some(pretty::to_pretty(new))
            }
        };
        if let Some(text) = text {
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(|source| SheetError::Write {
                    path: parent.into(),
                    source,
                })?;
            }
            fs::write(&path, text).map_err(|source| SheetError::Write {
                path: path.clone(),
                source,
            })?;
            rep.files.push(rel.clone());
        }
    }
    Ok(rep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn station_spans_find_each_card_even_in_hand_formatting() {
        let text = "{\"id\": \"x\", \"tags\": [\"a]\"], \"stations\": [ {\"id\": \"a\", \"t\": \"}\\\"\"} ,\n{\"id\":\"b\"}]}";
        let s = station_spans(text).unwrap();
        let items: Vec<&str> = s.items.iter().map(|(a, b)| &text[*a..*b]).collect();
        assert_eq!(
            items,
            ["{\"id\": \"a\", \"t\": \"}\\\"\"}", "{\"id\":\"b\"}"]
        );
        let v: Value = serde_json::from_str(text).unwrap();
        let mut new = v.clone();
        new["stations"][1] = json!({"id": "b", "hp": 3});
        let mut rep = MergeReport::default();
        let out = merge_domain(text, &v, &new, &mut rep).unwrap();
        assert!(out.contains("{\"id\": \"a\", \"t\": \"}\\\"\"}"), "{out}");
        assert_eq!(serde_json::from_str::<Value>(&out).unwrap(), new);
        assert_eq!(rep.changed, ["b"]);
    }
}
