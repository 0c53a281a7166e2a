//! A whole file's card at the desk (the traveller, the Guardian, the map, a Domain's
//! title card): its fields from the file's own text, and its object written back in the
//! file's order of keys, a value the form leaves unchanged in the file's own text (so
//! that saving an unchanged card changes no byte), the Guardian's requirements and seals
//! an object over several lines as the file has them.

use super::model::{
    Entry, FACE_KEYS, Field, Form, Kind, Lines, NUMBERS, Slot, WORDS, compact, face_fields, field,
    spaced,
};
use super::rows;
use serde_json::Value;

/// The lists of a whole-file card whose objects get a JSON field each, and their labels
/// (the Guardian's faces, requirements and seals have typed fields).
const ITEMS: [(&str, &str); 1] = [("domains", "Domain")];

/// A key as a field's label: `final` → `Final`, `on_enter` → `On enter`.
fn label_of(key: &str) -> String {
    let words = key.replace('_', " ");
    let mut c = words.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A value's text from a file on one line: each run of white space that holds a line
/// break (outside strings) becomes one space (none just inside `[` and `]`).
fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    let mut run = String::new();
    for c in text.chars() {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        if c.is_whitespace() {
            run.push(c);
            continue;
        }
        if !run.is_empty() {
            if !run.contains('\n') {
                out.push_str(&run);
            } else if !(out.ends_with('[') || c == ']') {
                out.push(' ');
            }
            run.clear();
        }
        if c == '"' {
            in_string = true;
        }
        out.push(c);
    }
    out
}

/// A whole file's values with their text in `file` (see [`Form::kept`]): each key's,
/// and each object's of its lists (`seals[]`).
pub(super) fn kept_values(
    obj: &serde_json::Map<String, Value>,
    file: &dyn Fn(&str) -> Option<String>,
) -> Vec<(String, Value, String)> {
    let mut kept = Vec::new();
    for (key, v) in obj {
        if let Some(raw) = file(key) {
            kept.push((key.clone(), v.clone(), raw));
        }
        for (i, item) in v.as_array().into_iter().flatten().enumerate() {
            if let Some(raw) = file(&format!("{key}[{i}]")) {
                kept.push((format!("{key}[]"), item.clone(), raw));
            }
        }
    }
    kept
}

/// A list of the card's object as lines: `open` (`  "seals": [`), its objects' lines
/// with a comma after each object but the last, and `  ]`.
pub(super) fn list_lines(open: String, items: Vec<Lines>) -> Lines {
    let mut lines = vec![(open, Vec::new())];
    let n = items.len();
    for (j, mut item) in items.into_iter().enumerate() {
        if let Some(last) = item.last_mut().filter(|_| j + 1 < n) {
            last.0.push(',');
        }
        lines.extend(item);
    }
    lines.push(("  ]".to_string(), Vec::new()));
    lines
}

impl Form {
    /// The fields of a whole-file card after its words: its numbers, its strings, its
    /// faces (as a foe's), its requirements and seals (typed, see [`rows`]), one field
    /// for each object of its other lists, and the rest as JSON.
    pub(super) fn file_fields(
        obj: &serde_json::Map<String, Value>,
        fields: &mut Vec<Field>,
        verbatim: &dyn Fn(&str) -> Option<String>,
    ) {
        let text_of = |path: String, v: &Value| {
            verbatim(&path)
                .map(|t| one_line(&t))
                .unwrap_or_else(|| spaced(v))
        };
        let known = |k: &str| k == "type" || k == "$schema" || WORDS.iter().any(|w| w.0 == k);
        for (key, label) in NUMBERS {
            if let Some(v) = obj.get(key) {
                fields.push(field(
                    label,
                    Slot::Key(key.into()),
                    Kind::Number,
                    &compact(v),
                ));
            }
        }
        for (key, v) in obj {
            let counted = NUMBERS.iter().any(|n| n.0 == key);
            if known(key) || counted {
                continue;
            }
            if let Value::String(text) = v {
                let kind = Kind::Words { optional: true };
                fields.push(field(&label_of(key), Slot::Key(key.clone()), kind, text));
            }
        }
        if let Some(faces) = obj.get("faces").and_then(Value::as_array) {
            for (i, f) in faces.iter().enumerate() {
                face_fields(i, f, fields);
            }
        }
        let typed =
            |k: &str, v: &Value| (k == "faces" || rows::FILE_TYPED.contains(&k)) && v.is_array();
        for (key, v) in obj.iter().filter(|(k, v)| typed(k, v)) {
            if key != "faces" {
                rows::typed_fields(key, v, fields);
            }
        }
        for (key, label) in ITEMS {
            let Some(items) = obj.get(key).and_then(Value::as_array) else {
                continue;
            };
            for (i, item) in items.iter().enumerate() {
                let slot = Slot::Item(key.into(), i);
                let label = format!("{label} {}", i + 1);
                let text = text_of(format!("{key}[{i}]"), item);
                fields.push(field(&label, slot, Kind::Json, &text));
            }
        }
        for (key, v) in obj {
            let listed = known(key)
                || NUMBERS.iter().any(|n| n.0 == key)
                || ITEMS.iter().any(|i| i.0 == key && v.is_array())
                || typed(key, v)
                || v.is_string();
            if !listed {
                let label = format!("{} (JSON)", label_of(key));
                let text = text_of(key.clone(), v);
                fields.push(field(&label, Slot::Key(key.clone()), Kind::Json, &text));
            }
        }
    }

    /// The lists of objects of a whole-file card, one object a line:
    /// `"seals": [`, `{ ... },`, ..., `]`.
    pub(super) fn item_entries(&self) -> Vec<Entry> {
        // Each list's objects, each as its lines.
        let mut lists: Vec<(String, Vec<Lines>)> = Vec::new();
        for (i, f) in self.fields.iter().enumerate() {
            let Slot::Item(key, _) = &f.slot else {
                continue;
            };
            let at = match lists.iter().position(|(k, _)| k == key) {
                Some(at) => at,
                None => {
                    lists.push((key.clone(), Vec::new()));
                    lists.len() - 1
                }
            };
            let line = (format!("    {}", f.edit.text().trim()), vec![i]);
            lists[at].1.push(self.keep(key, vec![line]));
        }
        lists
            .into_iter()
            .map(|(key, items)| {
                let open = format!("  {}: [", compact(&Value::from(key.as_str())));
                (key, list_lines(open, items))
            })
            .collect()
    }

    /// The entry of a typed key of the card (`seals`, `effects`): a Guardian's
    /// requirements and seals an object over several lines, as the file has them; other
    /// keys on one line.
    pub(super) fn root_entry(&self, root: &str) -> Option<Entry> {
        let key = compact(&Value::from(root));
        let whole = !self.order.is_empty();
        if !whole || !matches!(root, "requirements" | "seals") {
            let value = rows::write_root(&self.fields, root, whole)?;
            let line = format!("  {key}: {value}");
            return Some((root.to_string(), vec![(line, self.root_fields(root))]));
        }
        let items = rows::item_lines(&self.fields, root);
        if items.is_empty() {
            let line = format!("  {key}: []");
            return Some((root.to_string(), vec![(line, self.root_fields(root))]));
        }
        let items = items.into_iter().map(|i| self.keep(root, i)).collect();
        Some((root.to_string(), list_lines(format!("  {key}: ["), items)))
    }

    /// The file's text of a value it had, if `text` (JSON) reads as that value.
    pub(super) fn kept_text(&self, at: &str, text: &str) -> Option<&str> {
        // A Station card keeps nothing: no text to read on every frame.
        if !self.kept.iter().any(|(k, _, _)| k == at) {
            return None;
        }
        let v: Value = serde_json::from_str(text).ok()?;
        self.kept
            .iter()
            .find(|(k, value, _)| k == at && *value == v)
            .map(|(_, _, raw)| raw.as_str())
    }

    /// An object of the list `list` as written (`lines`, the first indented four
    /// spaces, no comma after the last): the file's own text of it when it is unchanged.
    pub(super) fn keep(&self, list: &str, lines: Lines) -> Lines {
        let text: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
        let Some(raw) = self.kept_text(&format!("{list}[]"), &text.join("\n")) else {
            return lines;
        };
        let fields: Vec<usize> = lines.iter().flat_map(|(_, f)| f.clone()).collect();
        raw.lines()
            .enumerate()
            .map(|(i, l)| match i {
                0 => (format!("    {l}"), fields.clone()),
                _ => (l.to_string(), fields.clone()),
            })
            .collect()
    }

    /// A key of the card as written (`lines`, the first `  "key": ...`): the file's own
    /// text of its value when it is unchanged.
    pub(super) fn keep_key(&self, key: &str, lines: &mut Lines) {
        let prefix = format!("  {}: ", compact(&Value::from(key)));
        let text: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
        let text = text.join("\n");
        let Some(raw) = text
            .strip_prefix(&prefix)
            .and_then(|body| self.kept_text(key, body))
        else {
            return;
        };
        let fields: Vec<usize> = lines.iter().flat_map(|(_, f)| f.clone()).collect();
        *lines = raw
            .lines()
            .enumerate()
            .map(|(i, l)| match i {
                0 => (format!("{prefix}{l}"), fields.clone()),
                _ => (l.to_string(), fields.clone()),
            })
            .collect();
    }

    /// Face `face` of a whole file's card, written from its fields as `object`, in the
    /// file's style (`{ "name": "Undertow", "deal": 3 }`) with its keys in the file's
    /// order (keys the face did not have after them, in the form's order).
    pub(super) fn file_face(&self, face: usize, object: String) -> String {
        let Ok(Value::Object(m)) = serde_json::from_str::<Value>(&object) else {
            return object;
        };
        let raw = self
            .kept
            .iter()
            .filter(|(k, _, _)| k == "faces[]")
            .nth(face)
            .map(|(_, _, raw)| crate::cards::locate::Locator::scan(raw));
        let form_rank = |k: &str| {
            FACE_KEYS
                .iter()
                .position(|f| f.0 == k)
                .unwrap_or(FACE_KEYS.len())
        };
        let mut keys: Vec<&String> = m.keys().collect();
        keys.sort_by_key(|k| {
            let at = raw.as_ref().and_then(|loc| loc.key_or_value(k));
            (at.is_none(), at, form_rank(k))
        });
        let pieces: Vec<String> = keys
            .iter()
            .map(|k| format!("{}: {}", compact(&Value::from(k.as_str())), spaced(&m[*k])))
            .collect();
        match pieces.is_empty() {
            true => "{}".to_string(),
            false => format!("{{ {} }}", pieces.join(", ")),
        }
    }
}
