//! The desk's form: a Station card's fields as text, the card's JSON object written from
//! them (one key a line), and the loader's problems placed under the fields they concern.
//!
//! Nothing here draws: the form is edited and checked the same way in a window and in a
//! unit test.

use super::field::{Edit, TextField};
use super::rows::{self, Role};
use crate::cards::report::Problem;
use serde_json::Value;
use std::collections::HashMap;

/// What a field holds, and so how its text goes into the card's JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Words, written as a JSON string. Optional ones left empty are left out.
    Words { optional: bool },
    /// A whole number; empty leaves the key out. Anything else is written as text, so
    /// that the loader refuses it in its own words.
    Number,
    /// Words separated by commas: a list of strings (tags).
    List,
    /// JSON as typed (a face's other keys, a nested condition); empty leaves the key out.
    Json,
    /// An amount: a number, dice (`1d6+2`) or `full`.
    Amount,
    /// A row that adds an object to a list (Enter or a click); nothing is typed in it.
    Add,
    /// One of a few words, picked with Left/Right (or the word's first letter), never
    /// typed: the format's own vocabulary. For a yes/no key, "no" leaves it out.
    Choice(&'static [&'static str]),
}

/// A yes/no key of the format (`block`): "no" is its default, left out of the file.
pub const YES_NO: &[&str] = &[NO, "yes"];
const NO: &str = "no";

/// One key of the card object as written: its lines, and the fields on each.
pub(super) type Entry = (String, Lines);
/// Lines of the object's text, each with the fields on it.
pub(super) type Lines = Vec<(String, Vec<usize>)>;

/// A face's keys with fields of their own, in this order, and their labels.
pub(super) const FACE_KEYS: [(&str, &str); 3] =
    [("name", "name"), ("deal", "deals"), ("block", "blocks")];

/// Where a field's value goes in the card object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot {
    /// A key of the card (`name`, `hp`, `effects`, `use`).
    Key(String),
    /// A typed part of one of the card's lists and objects, by its path in the card
    /// (`options[1].effects[0]`): see [`rows`].
    Part(String, Role),
    /// One face of a foe (`faces[2]`): the keys it has beyond its own fields, as JSON.
    Face(usize),
    /// One key of a foe's face with a field of its own (`faces[2].deal`).
    FaceKey(usize, String),
    /// One object of a list of a card that is not a Station card, as JSON on one line:
    /// the map's `domains`.
    Item(String, usize),
}

/// A problem shown under a field: an error (blocks Save) or a warning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub error: bool,
    pub message: String,
}

/// The card's general notes as the desk shows them: each error on its own line, then the
/// warnings one line per kind with its count (`cards::report::warning_kind`), the most
/// frequent first, so a long run of alike warnings takes one line.
pub fn general_lines(general: &[Note]) -> Vec<(bool, String)> {
    use crate::cards::report::warning_kind;
    let mut out: Vec<(bool, String)> = general
        .iter()
        .filter(|n| n.error)
        .map(|n| (true, n.message.clone()))
        .collect();
    let mut kinds: Vec<(String, usize, &str)> = Vec::new();
    for n in general.iter().filter(|n| !n.error) {
        let kind = warning_kind(&n.message);
        match kinds.iter_mut().find(|k| k.0 == kind) {
            Some(k) => k.1 += 1,
            None => kinds.push((kind, 1, &n.message)),
        }
    }
    kinds.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (kind, n, example) in kinds {
        // A lone warning says itself in full; a kind seen more than once, its kind and count.
        let line = if n == 1 {
            example.to_string()
        } else {
            format!("{kind} ({n} times)")
        };
        out.push((false, line));
    }
    out
}

/// `lines` cut to `room` lines: when they do not all fit, the last line that fits says
/// how many more there are, so the list never runs past its place.
pub fn fit_lines(mut lines: Vec<(bool, String)>, room: usize) -> Vec<(bool, String)> {
    if lines.len() <= room {
        return lines;
    }
    if room == 0 {
        return Vec::new();
    }
    let more = lines.len() - (room - 1);
    let error = lines[room - 1..].iter().any(|l| l.0);
    lines.truncate(room - 1);
    lines.push((
        error,
        format!("… and {more} more (forward validate lists them all)"),
    ));
    lines
}

/// What Tab adds to `typed` in a card-id field: the rest of the first id (in order) that
/// starts with it; `None` when nothing is typed, no id starts so, or `typed` is an id
/// already (Tab then moves on).
pub fn complete_id<'a>(typed: &str, ids: impl IntoIterator<Item = &'a str>) -> Option<String> {
    if typed.is_empty() {
        return None;
    }
    let mut starting: Vec<&str> = ids.into_iter().filter(|id| id.starts_with(typed)).collect();
    if starting.contains(&typed) {
        return None;
    }
    starting.sort_unstable();
    starting.first().map(|id| id[typed.len()..].to_string())
}

/// What a picker's word does, when the picker is one of effects: the glossary line of
/// its spec row (`cards::spec`).
pub fn pick_help(words: &[&str], word: &str) -> Option<&'static str> {
    if words != &crate::cards::vocab::EFFECT_NAMES[..] {
        return None;
    }
    crate::cards::spec::spec(word).map(|s| s.glossary)
}

/// How many other ids the suggestion line names after the one Tab would take.
const MORE_IDS: usize = 3;

/// The line beside a focused card-id field: the card an id names (`= Reliquary Needle`),
/// what Tab would complete and the next ids that start the same way, or that no id starts
/// so. `None` while nothing is typed. `names`: every card's name by id.
pub fn id_suggestion_line(typed: &str, names: &HashMap<String, String>) -> Option<String> {
    if typed.is_empty() {
        return None;
    }
    if let Some(name) = names.get(typed) {
        return Some(format!("= {name}"));
    }
    let mut starting: Vec<&str> = names
        .keys()
        .map(String::as_str)
        .filter(|id| id.starts_with(typed))
        .collect();
    starting.sort_unstable();
    let Some((first, rest)) = starting.split_first() else {
        return Some(format!("no card id starts with \"{typed}\""));
    };
    let name = names.get(*first).map_or("", String::as_str);
    let mut line = format!("Tab: {first} ({name})");
    if !rest.is_empty() {
        let shown: Vec<&str> = rest.iter().take(MORE_IDS).copied().collect();
        line.push_str(&format!(" · also {}", shown.join(", ")));
        if rest.len() > MORE_IDS {
            line.push_str(&format!(" and {} more", rest.len() - MORE_IDS));
        }
    }
    Some(line)
}

/// One row of the form.
#[derive(Debug, Clone)]
pub struct Field {
    pub label: String,
    pub slot: Slot,
    pub kind: Kind,
    pub edit: TextField,
    pub notes: Vec<Note>,
}

/// A card's fields and what the last check found.
#[derive(Debug, Clone)]
pub struct Form {
    /// The card's type as the file spells it (not editable: a new card picks its type).
    pub card_type: String,
    pub fields: Vec<Field>,
    /// The field with the keyboard.
    pub focus: usize,
    /// Problems of the card not tied to one field, and problems the edit causes elsewhere.
    pub general: Vec<Note>,
    /// Keys written first as they were, with no field (`$schema`).
    head: Vec<(String, String)>,
    /// The file's order of the card's keys: the object is written in it (keys the file
    /// does not have go last). Empty: the form's own order (a Station card).
    pub(super) order: Vec<String>,
    /// A whole file's values as read, with their text in the file: a key, or an object
    /// of a list (`seals[]`), whose value the form leaves unchanged is written back in
    /// the file's own text, so that saving an unchanged card changes no byte.
    pub(super) kept: Vec<(String, Value, String)>,
}

/// The keys the form has rows for before the rest (in this order); `type` is fixed.
pub(super) const WORDS: [(&str, &str, bool); 5] = [
    ("id", "Id", false),
    ("name", "Name", false),
    ("text", "Text", false),
    ("flavor", "Flavour", true),
    ("guide_notes", "Guide notes", true),
];
/// Numbers of the card, and numbers inside its objects.
pub(super) const NUMBERS: [(&str, &str); 4] = [
    ("hp", "HP"),
    ("def", "DEF"),
    ("health", "Health"),
    ("atk", "ATK"),
];

pub(super) fn field(label: &str, slot: Slot, kind: Kind, text: &str) -> Field {
    Field {
        label: label.to_string(),
        slot,
        kind,
        edit: TextField::new(text),
        notes: Vec::new(),
    }
}

/// A JSON value as one line of text (strings without their quotes are for Words fields).
pub(super) fn compact(v: &Value) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// The fields of face `i`: its name, damage and block, then its other keys as JSON.
pub(super) fn face_fields(i: usize, face: &Value, fields: &mut Vec<Field>) {
    for (key, label) in FACE_KEYS {
        let v = face.get(key);
        let (kind, text) = match key {
            "name" => (
                Kind::Words { optional: false },
                v.and_then(Value::as_str).unwrap_or("").to_string(),
            ),
            "block" => {
                let on = v.and_then(Value::as_bool).unwrap_or(false);
                (Kind::Choice(YES_NO), YES_NO[usize::from(on)].to_string())
            }
            _ => (Kind::Number, v.map(compact).unwrap_or_default()),
        };
        let label = format!("Face {} {label}", i + 1);
        fields.push(field(&label, Slot::FaceKey(i, key.into()), kind, &text));
    }
    let mut rest = face.clone();
    if let Some(obj) = rest.as_object_mut() {
        for (key, _) in FACE_KEYS {
            obj.remove(key);
        }
    }
    let text = match &rest {
        Value::Object(m) if m.is_empty() => String::new(),
        v => spaced(v),
    };
    let label = format!("Face {} other", i + 1);
    fields.push(field(&label, Slot::Face(i), Kind::Json, &text));
}

/// A JSON value on one line in the files' own style: `{ "holds": "ancient_sword" }`,
/// `["a", "b"]`.
pub fn spaced(v: &Value) -> String {
    match v {
        Value::Object(m) if m.is_empty() => "{}".into(),
        Value::Object(m) => {
            let items: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{}: {}", compact(&Value::from(k.as_str())), spaced(v)))
                .collect();
            format!("{{ {} }}", items.join(", "))
        }
        Value::Array(a) => {
            let items: Vec<String> = a.iter().map(spaced).collect();
            format!("[{}]", items.join(", "))
        }
        v => compact(v),
    }
}

impl Form {
    /// The form of a Station card, given as its JSON object.
    pub fn of(card: &Value) -> Form {
        Form::build(card, Vec::new(), &|_| None)
    }

    /// The form of a card that is a whole file, or a Domain file's title card (the
    /// traveller, the Guardian, the map, a Domain): `order` is the file's order of its
    /// keys, kept when the object is written.
    /// `verbatim` gives a value's text as the file writes it (by path: `seals[1]`), so
    /// that the keys inside keep the file's order too, and a value left unchanged is
    /// written back as it was.
    pub fn of_file(
        card: &Value,
        order: Vec<String>,
        verbatim: &dyn Fn(&str) -> Option<String>,
    ) -> Form {
        Form::build(card, order, verbatim)
    }

    fn build(card: &Value, order: Vec<String>, verbatim: &dyn Fn(&str) -> Option<String>) -> Form {
        let empty = serde_json::Map::new();
        let obj = card.as_object().unwrap_or(&empty);
        let card_type = obj.get("type").and_then(Value::as_str).unwrap_or("");
        let station = order.is_empty();
        let mut fields = Vec::new();
        let head = obj
            .get("$schema")
            .map(|v| ("$schema".to_string(), compact(v)))
            .into_iter()
            .collect();
        // The map has no id, name or text: it is not a card to read, only to edit.
        let words = station || obj.contains_key("type");
        for (key, label, optional) in WORDS.into_iter().filter(|_| words) {
            let text = obj.get(key).and_then(Value::as_str).unwrap_or("");
            fields.push(field(
                label,
                Slot::Key(key.into()),
                Kind::Words { optional },
                text,
            ));
        }
        if !station {
            Form::file_fields(obj, &mut fields, verbatim);
            return Form {
                card_type: card_type.to_string(),
                fields,
                focus: 0,
                general: Vec::new(),
                head,
                order,
                kept: super::whole::kept_values(obj, verbatim),
            };
        }
        let tags: Vec<&str> = obj
            .get("tags")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        fields.push(field(
            "Tags",
            Slot::Key("tags".into()),
            Kind::List,
            &tags.join(", "),
        ));
        let foe = card_type == "foe";
        for (key, label) in NUMBERS {
            if foe || obj.contains_key(key) {
                let text = obj.get(key).map(compact).unwrap_or_default();
                fields.push(field(label, Slot::Key(key.into()), Kind::Number, &text));
            }
        }
        if let Some(faces) = obj.get("faces").and_then(Value::as_array) {
            for (i, f) in faces.iter().enumerate() {
                face_fields(i, f, &mut fields);
            }
        }
        // The art: an icon name, with the picker while the field has the keyboard.
        let art = obj.get("art").and_then(Value::as_str).unwrap_or("");
        let art_kind = Kind::Words { optional: true };
        fields.push(field("Art", Slot::Key("art".into()), art_kind, art));
        let listed = |k: &str| {
            k == "type"
                || k == "art"
                || k == "tags"
                || k == "faces"
                || WORDS.iter().any(|w| w.0 == k)
                || NUMBERS.iter().any(|n| n.0 == k)
        };
        if !obj.contains_key("effects") && !foe {
            rows::typed_fields("effects", &Value::Array(Vec::new()), &mut fields);
        }
        for (k, v) in obj.iter().filter(|(k, _)| !listed(k)) {
            if rows::TYPED.contains(&k.as_str()) {
                rows::typed_fields(k, v, &mut fields);
                continue;
            }
            let label = format!("{k} (JSON)");
            let slot = Slot::Key(k.clone());
            fields.push(field(&label, slot, Kind::Json, &compact(v)));
        }
        Form {
            card_type: card_type.to_string(),
            fields,
            focus: 0,
            general: Vec::new(),
            head,
            order,
            kept: Vec::new(),
        }
    }

    /// The value of the field at `slot`, if the form has one.
    #[cfg(test)]
    pub fn text(&self, slot: &Slot) -> Option<&str> {
        self.fields
            .iter()
            .find(|f| &f.slot == slot)
            .map(|f| f.edit.text())
    }

    /// Applies an edit to the focused field; returns whether its text changed.
    pub fn edit(&mut self, e: Edit) -> bool {
        let Some(f) = self.fields.get_mut(self.focus) else {
            return false;
        };
        let words = match f.kind {
            Kind::Choice(words) => words,
            // Nothing is typed in a "+" row (Enter adds).
            Kind::Add => return false,
            _ => return f.edit.apply(e),
        };
        // A choice steps through its words; a letter picks the word it starts.
        let n = words.len();
        let at = words.iter().position(|w| *w == f.edit.text()).unwrap_or(0);
        let to = match e {
            Edit::Right | Edit::Insert(' ') => (at + 1) % n,
            Edit::Left => (at + n - 1) % n,
            Edit::Insert(c) => {
                let c = c.to_ascii_lowercase();
                match words.iter().position(|w| w.starts_with(c)) {
                    Some(to) => to,
                    None => return false,
                }
            }
            _ => return false,
        };
        if words.get(to).is_none_or(|w| *w == f.edit.text()) {
            return false;
        }
        f.edit = TextField::new(words[to]);
        self.rekind();
        true
    }

    /// Picks `word` in the focused choice (a click on it); returns whether it changed.
    pub fn pick(&mut self, word: &str) -> bool {
        let Some(f) = self.fields.get_mut(self.focus) else {
            return false;
        };
        let ok = matches!(f.kind, Kind::Choice(w) if w.contains(&word));
        if !ok || f.edit.text() == word {
            return false;
        }
        f.edit = TextField::new(word);
        self.rekind();
        true
    }

    /// Moves the keyboard to the next (or previous) field, round the form.
    pub fn step(&mut self, forward: bool) {
        let n = self.fields.len().max(1);
        self.focus = if forward {
            (self.focus + 1) % n
        } else {
            (self.focus + n - 1) % n
        };
    }

    /// The card's object text, one key a line (a list of objects one object a line), and
    /// for each line the fields on it (line 0 is the `{`).
    pub fn object(&self) -> (String, Vec<Vec<usize>>) {
        // Each key's lines, with the fields on each line.
        let mut entries: Vec<Entry> = Vec::new();
        let push = |entries: &mut Vec<Entry>, key: &str, value: String, fields: Vec<usize>| {
            let line = format!("  {}: {value}", compact(&Value::from(key)));
            entries.push((key.to_string(), vec![(line, fields)]));
        };
        for (key, value) in &self.head {
            push(&mut entries, key, value.clone(), vec![]);
        }
        let mut typed = self.card_type.is_empty();
        let mut written: Vec<&str> = Vec::new();
        for (i, f) in self.fields.iter().enumerate() {
            let text = f.edit.text();
            if let Slot::Part(path, _) = &f.slot {
                let root = rows::root_of(path);
                if !written.contains(&root) {
                    written.push(root);
                    entries.extend(self.root_entry(root));
                }
                continue;
            }
            let Slot::Key(key) = &f.slot else {
                continue;
            };
            if !typed && key != "id" {
                // `type` after the id, as the files write it.
                push(
                    &mut entries,
                    "type",
                    compact(&Value::from(self.card_type.as_str())),
                    vec![],
                );
                typed = true;
            }
            let value = match f.kind {
                Kind::Words { optional } if optional && text.trim().is_empty() => None,
                Kind::Words { .. } => Some(compact(&Value::from(text))),
                Kind::List => {
                    let items: Vec<Value> = text
                        .split(',')
                        .map(str::trim)
                        .filter(|t| !t.is_empty())
                        .map(Value::from)
                        .collect();
                    (!items.is_empty()).then(|| compact(&Value::Array(items)))
                }
                Kind::Number => number(text),
                Kind::Amount => rows::amount_json(text),
                Kind::Choice(_) => (text != NO).then(|| "true".to_string()),
                Kind::Json => (!text.trim().is_empty()).then(|| text.to_string()),
                Kind::Add => None,
            };
            if let Some(value) = value {
                push(&mut entries, key, value, vec![i]);
            }
            if key == "def" || (key == "hp" && !self.has_key("def")) {
                entries.extend(self.faces_entry());
            }
        }
        if !self.has_key("hp") && !self.has_key("def") {
            entries.extend(self.faces_entry());
        }
        entries.extend(self.item_entries());
        for (key, lines) in &mut entries {
            self.keep_key(key, lines);
        }
        if !self.order.is_empty() {
            let rank = |k: &str| self.order.iter().position(|o| o == k).unwrap_or(usize::MAX);
            entries.sort_by_key(|(k, _)| rank(k));
        }
        let mut text = String::from("{\n");
        let mut map = vec![Vec::new()];
        let last = entries.len().saturating_sub(1);
        for (n, (_, lines)) in entries.into_iter().enumerate() {
            let end = lines.len().saturating_sub(1);
            for (l, (line, fields)) in lines.into_iter().enumerate() {
                text.push_str(&line);
                text.push_str(if l == end && n != last { ",\n" } else { "\n" });
                map.push(fields);
            }
        }
        text.push('}');
        map.push(Vec::new());
        (text, map)
    }

    fn has_key(&self, key: &str) -> bool {
        self.fields
            .iter()
            .any(|f| matches!(&f.slot, Slot::Key(k) if k == key))
    }

    /// A foe's faces, one face a line: each written from its fields (name, deal, block)
    /// and the rest of its keys as typed in its "other" field.
    fn faces_entry(&self) -> Option<Entry> {
        let count = self
            .fields
            .iter()
            .filter_map(|f| match f.slot {
                Slot::Face(i) | Slot::FaceKey(i, _) => Some(i + 1),
                _ => None,
            })
            .max()?;
        let mut items = Vec::new();
        for face in 0..count {
            let mine: Vec<usize> = (0..self.fields.len())
                .filter(|&i| {
                    matches!(&self.fields[i].slot,
                        Slot::Face(n) | Slot::FaceKey(n, _) if *n == face)
                })
                .collect();
            let mut pieces = Vec::new();
            let mut rest = String::new();
            for &i in &mine {
                let f = &self.fields[i];
                let text = f.edit.text();
                let value = match (&f.slot, f.kind) {
                    (Slot::Face(_), _) => {
                        rest = text.to_string();
                        None
                    }
                    (_, Kind::Words { .. }) => Some(compact(&Value::from(text))),
                    (_, Kind::Number) => number(text),
                    (_, Kind::Choice(_)) => (text != NO).then(|| "true".to_string()),
                    _ => Some(text.to_string()),
                };
                if let (Slot::FaceKey(_, key), Some(v)) = (&f.slot, value) {
                    pieces.push(format!("{}: {v}", compact(&Value::from(key.as_str()))));
                }
            }
            let object = if pieces.is_empty() && rest.trim().is_empty() {
                "{}".to_string()
            } else if pieces.is_empty() {
                rest.trim().to_string()
            } else {
                with_inner(&rest, &pieces)
            };
            let object = match self.order.is_empty() {
                true => object,
                false => self.file_face(face, object),
            };
            items.push(self.keep("faces", vec![(format!("    {object}"), mine)]));
        }
        let open = "  \"faces\": [".to_string();
        Some(("faces".to_string(), super::whole::list_lines(open, items)))
    }

    /// The typed fields of the card's key `root` (all on its line of the object).
    pub(super) fn root_fields(&self, root: &str) -> Vec<usize> {
        (0..self.fields.len())
            .filter(
                |&i| matches!(&self.fields[i].slot, Slot::Part(p, _) if rows::root_of(p) == root),
            )
            .collect()
    }

    /// The card as JSON (for Save), or why the object text does not read.
    pub fn value(&self) -> Result<Value, String> {
        serde_json::from_str(&self.object().0).map_err(|e| e.to_string())
    }

    /// Whether the last check found errors (Save waits until there are none).
    pub fn errors(&self) -> usize {
        self.fields
            .iter()
            .flat_map(|f| &f.notes)
            .chain(&self.general)
            .filter(|n| n.error)
            .count()
    }

    /// Places the loader's problems: those of the card at `path` (`stations[3]`) or on
    /// the object's lines (from 1-based `first_line`) under their fields, the rest of the
    /// errors in [`Form::general`]. `file` is the card's file as problems name it.
    pub fn place(&mut self, report: &[(bool, Problem)], file: &str, path: &str, first_line: usize) {
        for f in &mut self.fields {
            f.notes.clear();
        }
        self.general.clear();
        let map = self.object().1;
        for (error, p) in report {
            let note = Note {
                error: *error,
                message: p.message.clone(),
            };
            let here = p.file == file || p.file.ends_with(&format!("/{file}"));
            // A whole file's card (`path` empty): its paths are the file's own.
            let dotted = p.path.as_deref().map(|q| match (path.is_empty(), q) {
                (true, "") => String::new(),
                (true, q) => format!(".{q}"),
                (false, q) => q.to_string(),
            });
            let rest = dotted
                .as_deref()
                .filter(|_| here)
                .and_then(|q| q.strip_prefix(path))
                .filter(|r| r.is_empty() || r.starts_with('.') || r.starts_with('['));
            let by_line = p
                .line
                .filter(|_| here && p.path.is_none())
                .and_then(|l| l.checked_sub(first_line))
                .and_then(|l| map.get(l))
                .and_then(|fields| fields.last().copied());
            let target = match (rest, by_line) {
                (Some(rest), _) => self.field_at(rest),
                (None, Some(i)) => Some(i),
                _ => None,
            };
            match target {
                Some(i) => self.fields[i].notes.push(note),
                None if rest.is_some() || *error => {
                    let message = if rest.is_some() || by_line.is_some() {
                        note.message
                    } else {
                        p.to_string()
                    };
                    self.general.push(Note {
                        error: note.error,
                        message,
                    });
                }
                None => {}
            }
        }
    }

    /// The field a path inside the card concerns (`.faces[2].deal`, `.test.target`).
    fn field_at(&self, rest: &str) -> Option<usize> {
        let rest = rest.strip_prefix('.')?;
        let end = rest.find(['.', '[']).unwrap_or(rest.len());
        let (key, tail) = rest.split_at(end);
        let find = |slot: &Slot| self.fields.iter().position(|f| &f.slot == slot);
        if let Some(n) = tail.strip_prefix('[').and_then(|t| t.split(']').next())
            && let Ok(n) = n.parse::<usize>()
            && let Some(i) = find(&Slot::Item(key.into(), n))
        {
            return Some(i);
        }
        if key == "faces" {
            let index = tail
                .strip_prefix('[')
                .and_then(|t| t.split(']').next())
                .and_then(|n| n.parse().ok())?;
            let inner = tail
                .split_once("].")
                .map(|(_, k)| k.split(['.', '[']).next().unwrap_or(""));
            let at_key = inner.and_then(|k| find(&Slot::FaceKey(index, k.into())));
            return at_key
                .or_else(|| find(&Slot::Face(index)))
                .or_else(|| find(&Slot::FaceKey(index, "name".into())));
        }
        rows::field_at(&self.fields, rest).or_else(|| find(&Slot::Key(key.into())))
    }
}

/// A number field's JSON: the number, or the text as a string (for the loader to refuse
/// in its words); `None` when empty.
pub(super) fn number(text: &str) -> Option<String> {
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    Some(match t.parse::<i64>() {
        Ok(n) => n.to_string(),
        Err(_) => compact(&Value::from(t)),
    })
}

/// An object's text as typed (`{"failure": [...]}`) with `pieces` written first inside it.
fn with_inner(text: &str, pieces: &[String]) -> String {
    let head = pieces.join(", ");
    let t = text.trim();
    match t.strip_prefix('{') {
        Some(body) if body.trim_start().starts_with('}') => format!("{{{head}}}"),
        Some(body) => format!("{{{head}, {body}"),
        None if t.is_empty() => format!("{{{head}}}"),
        // Not an object: written as typed after the numbers, for the loader to refuse.
        None => format!("{{{head}, {t}}}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cards_warnings_show_one_line_per_kind_and_fit_their_place() {
        let note = |error, m: &str| Note {
            error,
            message: m.into(),
        };
        let (a, b) = (
            "the text does not say 3 (heal)",
            "the text does not say 5 (heal)",
        );
        let general = [note(false, a), note(true, "`x` is no card"), note(false, b)];
        let lines = general_lines(&[general.to_vec(), vec![note(false, "no art")]].concat());
        assert_eq!(lines[0], (true, "`x` is no card".to_string()));
        assert!(lines[1].1.ends_with("(2 times)"), "{lines:?}");
        assert_eq!(lines[2], (false, "no art".to_string()));
        let fit = fit_lines(lines.clone(), 2);
        assert!(fit.len() == 2 && fit[1].1.contains("2 more"), "{fit:?}");
        assert_eq!(fit_lines(lines.clone(), 3), lines);
    }

    #[test]
    fn the_suggestion_line_names_the_card_or_what_tab_completes() {
        let names: HashMap<String, String> = [
            ("wren", "Wren"),
            ("wolf_pack", "Wolf Pack"),
            ("wolf_den", "Wolf Den"),
            ("reliquary_needle", "Reliquary Needle"),
        ]
        .into_iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        assert_eq!(id_suggestion_line("", &names), None);
        assert_eq!(
            id_suggestion_line("wren", &names).as_deref(),
            Some("= Wren")
        );
        assert_eq!(
            id_suggestion_line("wo", &names).as_deref(),
            Some("Tab: wolf_den (Wolf Den) · also wolf_pack")
        );
        assert_eq!(
            id_suggestion_line("w", &names).as_deref(),
            Some("Tab: wolf_den (Wolf Den) · also wolf_pack, wren")
        );
        assert_eq!(
            id_suggestion_line("x", &names).as_deref(),
            Some("no card id starts with \"x\"")
        );
    }

    #[test]
    fn an_effects_picker_says_what_the_effect_picked_does() {
        use crate::cards::vocab::{EFFECT_NAMES, MODIFIER_NAMES};
        let heal = pick_help(&EFFECT_NAMES, "heal");
        assert_eq!(heal, crate::cards::spec::spec("heal").map(|s| s.glossary));
        assert!(heal.is_some_and(|h| h.contains("Health")));
        for key in EFFECT_NAMES {
            assert!(pick_help(&EFFECT_NAMES, key).is_some(), "{key}");
        }
        assert_eq!(pick_help(&MODIFIER_NAMES, "atk"), None);
    }
}
