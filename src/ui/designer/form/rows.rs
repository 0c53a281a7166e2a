//! Typed fields for a card's lists and objects: its effects (and a foe's `on_defeat` and
//! `toll`, a companion's `refused`, the Guardian's `setup`), a Terror's options with their
//! costs, a Pit's test with its outcomes, a card's passive modifiers, and (in
//! `objects.rs`) the Guardian's requirements and seals, triggers, an ability, a foe's
//! ways past. Each effect (condition, payment, modifier) is a picker of the format's words
//! (from [`crate::cards::vocab`]) and a field for its value, typed by what the value is;
//! an object is added by its list's "+" row and removed with Ctrl-Delete.
//!
//! A field here names its place by a path into the card (`options[1].effects[0]`); the
//! card's key is written back on one line from its fields, in the fields' order (the
//! model's order of keys).

use super::field::TextField;
use super::model::{Field, Form, Kind, Slot, YES_NO, compact, number, spaced};
use super::objects;
use crate::cards::vocab::{self, Arg};
use serde_json::Value;

/// Which list of objects a row belongs to, and so which words its picker offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vocab {
    Effects,
    Payments,
    /// A Terror's options (objects with a label, a cost and effects).
    Options,
    /// Conditions (what breaks a Guardian's seal).
    Conditions,
    /// The Guardian's requirements and seals (objects with an id, words, the condition
    /// that breaks them and a penalty).
    Seals,
    /// A card's triggers (objects with an occasion and effects).
    Triggers,
    /// A foe's ways past (objects with a label, a card to show or give, whether it joins,
    /// and effects).
    Passages,
    /// Standing modifiers (a card's `passive`).
    Modifiers,
}

impl Vocab {
    fn list(self) -> &'static [(&'static str, Arg)] {
        match self {
            Vocab::Effects => &vocab::EFFECTS,
            Vocab::Payments => &vocab::PAYMENTS,
            Vocab::Conditions => &vocab::CONDITIONS,
            Vocab::Modifiers => &vocab::MODIFIERS,
            Vocab::Options | Vocab::Seals | Vocab::Triggers | Vocab::Passages => &[],
        }
    }

    fn names(self) -> &'static [&'static str] {
        match self {
            Vocab::Effects => &vocab::EFFECT_NAMES,
            Vocab::Payments => &vocab::PAYMENT_NAMES,
            Vocab::Conditions => &vocab::CONDITION_NAMES,
            Vocab::Modifiers => &vocab::MODIFIER_NAMES,
            Vocab::Options | Vocab::Seals | Vocab::Triggers | Vocab::Passages => &[],
        }
    }

    /// What a new object of the list is.
    fn blank(self) -> Value {
        match self {
            Vocab::Options => serde_json::json!({"label": "", "effects": []}),
            Vocab::Seals => serde_json::json!({
                "id": "", "name": "", "text": "",
                "broken_by": {"holds": ""},
                "penalty": vocab::SEAL_PENALTIES[0],
            }),
            Vocab::Triggers => serde_json::json!({"on": vocab::OCCASIONS[0], "effects": []}),
            Vocab::Passages => serde_json::json!({"label": ""}),
            v => {
                let key = v.names()[0];
                serde_json::json!({ key: vocab::blank(v.list(), key) })
            }
        }
    }

    /// The list a key of the card holds (`None`: not a list of objects the desk types).
    fn of_key(key: &str) -> Option<Vocab> {
        match key {
            "effects" | "on_defeat" | "refused" | "success" | "failure" | "each_failure"
            | "setup" | "toll" => Some(Vocab::Effects),
            "cost" => Some(Vocab::Payments),
            "options" => Some(Vocab::Options),
            "requirements" | "seals" => Some(Vocab::Seals),
            "triggers" => Some(Vocab::Triggers),
            "passage" => Some(Vocab::Passages),
            "passive" => Some(Vocab::Modifiers),
            _ => None,
        }
    }
}

/// What a typed field is at its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A value at the path (an option's label, a test's target; an object the desk does
    /// not type, as JSON).
    Value,
    /// Which object of the vocabulary the one-key object at the path is (`heal`).
    Key(Vocab),
    /// The value of that object; for a bonus, one of its keys (`to`, `amount`).
    Arg(&'static str),
    /// The row that adds an object to the list at the path.
    Add(Vocab),
}

/// The card's keys the desk types, in the order they are offered when missing.
pub const TYPED: [&str; 10] = [
    "effects",
    "options",
    "test",
    "on_defeat",
    "refused",
    "triggers",
    "use",
    "toll",
    "passage",
    "passive",
];

/// The lists of a whole-file card the desk types: the Guardian's. Its requirements and
/// seals are written an object over several lines, as the file has them.
pub const FILE_TYPED: [&str; 3] = ["requirements", "seals", "setup"];

/// The test's keys, in the model's order, and whether each is a list of effects.
const TEST_KEYS: [&str; 6] = [
    "target",
    "dice",
    "extended",
    "success",
    "failure",
    "each_failure",
];

/// One step of a path: a key, or an index in a list.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Seg {
    Key(String),
    At(usize),
}

fn segments(path: &str) -> Vec<Seg> {
    let mut out = Vec::new();
    for part in path.split('.') {
        let mut rest = part;
        if let Some(open) = rest.find('[') {
            out.push(Seg::Key(rest[..open].to_string()));
            rest = &rest[open..];
            while let Some(body) = rest.strip_prefix('[') {
                let close = body.find(']').unwrap_or(body.len());
                out.push(Seg::At(body[..close].parse().unwrap_or(0)));
                rest = body.get(close + 1..).unwrap_or("");
            }
        } else {
            out.push(Seg::Key(rest.to_string()));
        }
    }
    out
}

/// A key as words in a label.
pub(super) fn word(key: &str) -> &str {
    match key {
        "effects" => "effect",
        "options" => "option",
        "on_defeat" => "on defeat",
        "success" => "pass",
        "failure" => "fail",
        "each_failure" => "each fail",
        "seals" => "seal",
        "requirements" => "requirement",
        "broken_by" => "broken by",
        "triggers" => "trigger",
        "duel_only" => "duel only",
        k => k,
    }
}

/// A field's label from its path: `options[1].effects[0]` → `Option 2 effect 1`.
pub fn label_for(path: &str) -> String {
    let segs = segments(path);
    // A seal's id heads it (`Seal 2`); its other keys are indented under it, so that
    // the labels stay short (the messages' place names them in full: `Seal 2 penalty`).
    if let [.., Seg::Key(list), Seg::At(_), Seg::Key(k)] = &segs[..]
        && Vocab::of_key(list) == Some(Vocab::Seals)
    {
        return match k.as_str() {
            "id" => label_for(&path[..path.len() - ".id".len()]),
            k => format!("   {}", word(k)),
        };
    }
    let words: Vec<String> = segs
        .into_iter()
        .map(|s| match s {
            Seg::Key(k) => word(&k).to_string(),
            Seg::At(i) => (i + 1).to_string(),
        })
        .collect();
    capital(&words.join(" "))
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The label of the row adding to the list at `path`: `Option 1 + effect`, `+ effect`.
fn add_label(path: &str) -> String {
    let (parent, last) = path.rsplit_once('.').unwrap_or(("", path));
    let plus = format!("+ {}", word(last));
    match parent {
        "" => plus,
        p => format!("{} {plus}", label_for(p)),
    }
}

pub(super) fn part(label: String, path: &str, role: Role, kind: Kind, text: &str) -> Field {
    Field {
        label,
        slot: Slot::Part(path.to_string(), role),
        kind,
        edit: TextField::new(text),
        notes: Vec::new(),
    }
}

/// An amount as typed: `3`, `full`, `1d6+2`.
fn amount_text(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let d = m.get("d6").map(compact).unwrap_or_default();
            // A written `"plus": 0` stays written (`1d6+0`), as the model writes it.
            match m.get("plus").and_then(Value::as_i64) {
                None => format!("{d}d6"),
                Some(p) if p >= 0 => format!("{d}d6+{p}"),
                Some(p) => format!("{d}d6{p}"),
            }
        }
        Value::String(s) => s.clone(),
        v => compact(v),
    }
}

/// An amount field's JSON: a number, `"full"`, dice for `NdM+K`; anything else as text
/// (for the loader to refuse in its own words); `None` when empty.
pub fn amount_json(text: &str) -> Option<String> {
    let t = text.trim();
    if let Some((d, rest)) = t.split_once("d6")
        && let Ok(d) = d.trim().parse::<u8>()
    {
        let plus = rest.replace(' ', "");
        let plus = plus.strip_prefix('+').unwrap_or(&plus);
        if plus.is_empty() {
            return Some(format!("{{\"d6\": {d}}}"));
        }
        if let Ok(p) = plus.parse::<i64>() {
            return Some(format!("{{\"d6\": {d}, \"plus\": {p}}}"));
        }
    }
    number(t)
}

/// The labels of the fields that hold another card's id (an effect's or a condition's),
/// which Tab completes from the set's ids.
pub const ID_LABELS: [&str; 2] = ["   card id", "   companion id"];

/// The fields of the value of a one-key object of kind `key`.
fn arg_fields(path: &str, list: &[(&str, Arg)], key: &str, v: &Value, out: &mut Vec<Field>) {
    let arg = vocab::arg_of(list, key).unwrap_or(Arg::Json);
    let (label, kind, text) = match arg {
        Arg::Amount => ("   amount", Kind::Amount, amount_text(v)),
        Arg::Number => ("   number", Kind::Number, compact(v)),
        Arg::Card => (
            ID_LABELS[0],
            Kind::Words { optional: false },
            v.as_str().unwrap_or("").to_string(),
        ),
        Arg::Words => (
            "   words",
            Kind::Words { optional: false },
            v.as_str().unwrap_or("").to_string(),
        ),
        Arg::Pick(words) => (
            "   which",
            Kind::Choice(words),
            v.as_str().unwrap_or("").to_string(),
        ),
        Arg::Carry => {
            let words = Kind::Words { optional: false };
            for (inner, label) in [("companion", ID_LABELS[1]), ("card", ID_LABELS[0])] {
                let id = v.get(inner).and_then(Value::as_str).unwrap_or("");
                out.push(part(label.into(), path, Role::Arg(inner), words, id));
            }
            return;
        }
        Arg::Bonus => {
            let to = v.get("to").and_then(Value::as_str).unwrap_or("");
            let kind = Kind::Choice(vocab::BONUS_TARGETS);
            out.push(part("   to".into(), path, Role::Arg("to"), kind, to));
            let n = v.get("amount").map(compact).unwrap_or_default();
            let role = Role::Arg("amount");
            out.push(part("   amount".into(), path, role, Kind::Number, &n));
            return;
        }
        Arg::Json => ("   JSON", Kind::Json, spaced(v)),
        Arg::Bare => return,
    };
    out.push(part(label.into(), path, Role::Arg(""), kind, &text));
}

/// The fields of object `item` at `path` of a list of `v`.
pub(super) fn item_fields(path: &str, v: Vocab, item: &Value, out: &mut Vec<Field>) {
    if v == Vocab::Options {
        let label = item.get("label").and_then(Value::as_str).unwrap_or("");
        let at = format!("{path}.label");
        let kind = Kind::Words { optional: false };
        out.push(part(label_for(&at), &at, Role::Value, kind, label));
        for key in ["cost", "effects"] {
            let items = item.get(key).cloned().unwrap_or(Value::Array(Vec::new()));
            list_fields(&format!("{path}.{key}"), &items, out);
        }
        return;
    }
    match v {
        Vocab::Seals => return objects::seal_fields(path, item, out),
        Vocab::Triggers => return objects::trigger_fields(path, item, out),
        Vocab::Passages => return objects::passage_fields(path, item, out),
        _ => {}
    }
    // A bare word of the vocabulary (`"no_rest"`): its picker alone.
    if let Some(w) = item.as_str()
        && vocab::arg_of(v.list(), w) == Some(Arg::Bare)
    {
        out.push(part(
            label_for(path),
            path,
            Role::Key(v),
            Kind::Choice(v.names()),
            w,
        ));
        return;
    }
    let one = item.as_object().filter(|m| m.len() == 1);
    match one.and_then(|m| m.iter().next()) {
        Some((key, value)) if v.names().contains(&key.as_str()) => {
            let names = v.names();
            let kind = Kind::Choice(names);
            out.push(part(label_for(path), path, Role::Key(v), kind, key));
            arg_fields(path, v.list(), key, value, out);
        }
        // Not an object of the vocabulary: JSON as typed, for the loader to judge.
        _ => out.push(part(
            label_for(path),
            path,
            Role::Value,
            Kind::Json,
            &spaced(item),
        )),
    }
}

/// The fields of the list at `path` (its key names its vocabulary) and its "+" row.
pub(super) fn list_fields(path: &str, items: &Value, out: &mut Vec<Field>) {
    let key = path.rsplit('.').next().unwrap_or(path);
    let Some(v) = Vocab::of_key(key) else {
        return;
    };
    for (i, item) in items.as_array().into_iter().flatten().enumerate() {
        item_fields(&format!("{path}[{i}]"), v, item, out);
    }
    out.push(part(add_label(path), path, Role::Add(v), Kind::Add, ""));
}

/// The typed fields of the card's key `key` (one of [`TYPED`]) holding `v`.
pub fn typed_fields(key: &str, v: &Value, out: &mut Vec<Field>) {
    match key {
        "test" => {}
        "use" => return objects::ability_fields(key, v, out),
        _ => return list_fields(key, v, out),
    }
    for k in TEST_KEYS {
        let path = format!("test.{k}");
        let inner = v.get(k);
        match k {
            "target" | "dice" => {
                let text = inner.map(compact).unwrap_or_default();
                out.push(part(
                    label_for(&path),
                    &path,
                    Role::Value,
                    Kind::Number,
                    &text,
                ));
            }
            "extended" => {
                let on = inner.and_then(Value::as_bool).unwrap_or(false);
                let text = YES_NO[usize::from(on)];
                let kind = Kind::Choice(YES_NO);
                out.push(part(label_for(&path), &path, Role::Value, kind, text));
            }
            _ => list_fields(&path, inner.unwrap_or(&Value::Array(Vec::new())), out),
        }
    }
}

/// A tree of the typed fields' values, in the fields' order, written as JSON text.
#[derive(Debug)]
enum Node {
    Empty,
    Leaf(String),
    Obj(Vec<(String, Node)>),
    Arr(Vec<(usize, Node)>),
}

impl Node {
    fn at(&mut self, segs: &[Seg]) -> &mut Node {
        let Some((first, rest)) = segs.split_first() else {
            return self;
        };
        match first {
            Seg::Key(k) => {
                if !matches!(self, Node::Obj(_)) {
                    *self = Node::Obj(Vec::new());
                }
                let Node::Obj(entries) = self else {
                    unreachable!("made an object above")
                };
                let i = match entries.iter().position(|(e, _)| e == k) {
                    Some(i) => i,
                    None => {
                        entries.push((k.clone(), Node::Empty));
                        entries.len() - 1
                    }
                };
                entries[i].1.at(rest)
            }
            Seg::At(n) => {
                if !matches!(self, Node::Arr(_)) {
                    *self = Node::Arr(Vec::new());
                }
                let Node::Arr(items) = self else {
                    unreachable!("made a list above")
                };
                let i = match items.iter().position(|(e, _)| e == n) {
                    Some(i) => i,
                    None => {
                        items.push((*n, Node::Empty));
                        items.len() - 1
                    }
                };
                items[i].1.at(rest)
            }
        }
    }

    /// The JSON text; `None` leaves the key out. `key` is the key holding this node:
    /// a test's outcomes and an option's effects are written even when empty, as the
    /// model writes them. `spaced`: objects in the whole files' style, `{ "a": 1 }`.
    fn write(&self, key: &str, nested: bool, spaced: bool) -> Option<String> {
        match self {
            Node::Empty => None,
            Node::Leaf(s) => Some(s.clone()),
            Node::Arr(items) => {
                // A toll is kept even when empty: `"toll": []` is a toll of nothing.
                let kept = matches!(key, "success" | "failure")
                    || (nested && key == "effects")
                    || (!nested && key == "toll");
                if items.is_empty() && !kept {
                    return None;
                }
                let texts: Vec<String> = items
                    .iter()
                    .map(|(_, n)| {
                        let item = format!("{key}[]");
                        n.write(&item, true, spaced).unwrap_or_else(|| "{}".into())
                    })
                    .collect();
                Some(format!("[{}]", texts.join(", ")))
            }
            Node::Obj(entries) => {
                let texts: Vec<String> = entries
                    .iter()
                    .filter_map(|(k, n)| {
                        // A passage's effects are left out when it has none.
                        let none = matches!(n, Node::Arr(items) if items.is_empty());
                        if key == "passage[]" && k == "effects" && none {
                            return None;
                        }
                        let v = n.write(k, true, spaced)?;
                        Some(format!("{}: {v}", compact(&Value::from(k.as_str()))))
                    })
                    .collect();
                Some(match (spaced, texts.is_empty()) {
                    (true, false) => format!("{{ {} }}", texts.join(", ")),
                    _ => format!("{{{}}}", texts.join(", ")),
                })
            }
        }
    }
}

/// A typed field's value as JSON text (`None`: left out).
fn value_of(f: &Field) -> Option<String> {
    let text = f.edit.text();
    match f.kind {
        Kind::Words { optional } if optional && text.trim().is_empty() => None,
        Kind::Words { .. } => Some(compact(&Value::from(text))),
        Kind::Number => number(text),
        Kind::Amount => amount_json(text),
        Kind::Choice(w) if w == YES_NO => (text != YES_NO[0]).then(|| "true".into()),
        Kind::Choice(_) => Some(compact(&Value::from(text))),
        Kind::Json | Kind::List => (!text.trim().is_empty()).then(|| text.trim().to_string()),
        Kind::Add => None,
    }
}

/// The root key of a typed field's path.
pub fn root_of(path: &str) -> &str {
    path.split(['.', '[']).next().unwrap_or(path)
}

/// The card's key `root` as JSON text, written from its typed fields (`None`: left out).
pub fn write_root(fields: &[Field], root: &str, spaced: bool) -> Option<String> {
    tree(fields, root).write(root, false, spaced)
}

/// The objects of the card's list `root` (a Guardian's seals), each as lines in the
/// whole files' style: `{`, a key a line (`"id": "seal_of_acedia",`), `}`, indented
/// for a list of the card's object; with each line, the fields on it.
pub fn item_lines(fields: &[Field], root: &str) -> Vec<Vec<(String, Vec<usize>)>> {
    let Node::Arr(items) = tree(fields, root) else {
        return Vec::new();
    };
    let on = |at: &str| -> Vec<usize> {
        let inside = |p: &str| {
            p == at || p.starts_with(&format!("{at}.")) || p.starts_with(&format!("{at}["))
        };
        (0..fields.len())
            .filter(|&i| matches!(&fields[i].slot, Slot::Part(p, _) if inside(p)))
            .collect()
    };
    let mut out = Vec::new();
    for (n, node) in &items {
        let at = format!("{root}[{n}]");
        let Node::Obj(entries) = node else {
            let text = node.write("", true, true).unwrap_or_else(|| "{}".into());
            out.push(vec![(format!("    {text}"), on(&at))]);
            continue;
        };
        let keys: Vec<(String, String)> = entries
            .iter()
            .filter_map(|(k, node)| Some((k.clone(), node.write(k, true, true)?)))
            .collect();
        let mut lines = vec![("    {".to_string(), Vec::new())];
        let last = keys.len().saturating_sub(1);
        for (j, (k, v)) in keys.iter().enumerate() {
            let comma = if j < last { "," } else { "" };
            let line = format!("      {}: {v}{comma}", compact(&Value::from(k.as_str())));
            lines.push((line, on(&format!("{at}.{k}"))));
        }
        lines.push(("    }".to_string(), Vec::new()));
        out.push(lines);
    }
    out
}

/// The tree of the typed fields of the card's key `root`.
fn tree(fields: &[Field], root: &str) -> Node {
    let mut tree = Node::Empty;
    for f in fields {
        let Slot::Part(path, role) = &f.slot else {
            continue;
        };
        if root_of(path) != root {
            continue;
        }
        let segs = segments(path);
        let node = tree.at(&segs[1..]);
        match role {
            Role::Value => {
                if let Some(v) = value_of(f) {
                    *node = Node::Leaf(v);
                }
            }
            Role::Key(v) => {
                let key = f.edit.text();
                *node = match vocab::arg_of(v.list(), key) {
                    Some(Arg::Bare) => Node::Leaf(compact(&Value::from(key))),
                    _ => Node::Obj(vec![(key.to_string(), Node::Empty)]),
                }
            }
            Role::Arg(inner) => {
                let (Node::Obj(entries), Some(v)) = (node, value_of(f)) else {
                    continue;
                };
                let Some((_, value)) = entries.first_mut() else {
                    continue;
                };
                if inner.is_empty() {
                    *value = Node::Leaf(v);
                } else {
                    *value.at(&[Seg::Key(inner.to_string())]) = Node::Leaf(v);
                }
            }
            Role::Add(_) => {
                if matches!(node, Node::Empty) {
                    *node = Node::Arr(Vec::new());
                }
            }
        }
    }
    tree
}

/// The field a loader's path inside the card concerns (`options[0].effects[1].heal`),
/// among the typed fields: the deepest one whose path it starts with.
pub fn field_at(fields: &[Field], rest: &str) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (i, f) in fields.iter().enumerate() {
        let Slot::Part(path, role) = &f.slot else {
            continue;
        };
        let inside = rest == path
            || rest.starts_with(&format!("{path}."))
            || rest.starts_with(&format!("{path}["));
        if !inside {
            continue;
        }
        // Inside the object (`.heal`): its value's field, else the picker.
        let depth = path.len() * 4
            + match role {
                // A carry's companion or card, a bonus's amount: the field of that key.
                Role::Arg(inner) if rest.len() > path.len() => {
                    3 + usize::from(!inner.is_empty() && rest.ends_with(inner))
                }
                Role::Key(_) => 2,
                Role::Value => 2,
                _ => 0,
            };
        if best.is_none_or(|(d, _)| depth > d) {
            best = Some((depth, i));
        }
    }
    best.map(|(_, i)| i)
}

/// The list and index of the item a typed field belongs to: `("options[0].effects", 1)`
/// for any field of `options[0].effects[1]`.
fn item_of(path: &str, role: Role) -> Option<(String, usize)> {
    if matches!(role, Role::Add(_)) {
        return None;
    }
    // The path up to its last index: an option's label and a seal's condition stand for
    // their option and seal; a test's number for nothing.
    let body = &path[..path.rfind(']')?];
    let open = body.rfind('[')?;
    Some((body[..open].to_string(), body[open + 1..].parse().ok()?))
}

/// `path` with the index of item `list[n]` (and of the items inside it) moved by `by`,
/// when the path is inside an item of `list` at or after `from`.
fn shifted(path: &str, list: &str, from: usize, by: isize) -> Option<String> {
    let rest = path.strip_prefix(list)?.strip_prefix('[')?;
    let close = rest.find(']')?;
    let n: usize = rest[..close].parse().ok()?;
    if n < from {
        return None;
    }
    let moved = n.checked_add_signed(by)?;
    Some(format!("{list}[{moved}]{}", &rest[close + 1..]))
}

/// Whether the field heads an item of a list (it gets a remove button).
pub fn removable(slot: &Slot) -> bool {
    match slot {
        Slot::Part(path, role @ (Role::Key(_) | Role::Value)) => {
            item_of(path, *role).is_some()
                && (path.ends_with(']')
                    || [".label", ".id", ".on"].iter().any(|e| path.ends_with(e)))
        }
        _ => false,
    }
}

impl Form {
    /// Renumbers the items of `list` from `from` by `by`, and relabels them.
    fn shift(&mut self, list: &str, from: usize, by: isize) {
        for f in &mut self.fields {
            let Slot::Part(path, role) = &mut f.slot else {
                continue;
            };
            if let Some(p) = shifted(path, list, from, by) {
                *path = p;
                f.label = match role {
                    Role::Add(_) => add_label(path),
                    Role::Arg(_) => continue,
                    _ => label_for(path),
                };
            }
        }
    }

    /// Enter (or a click) on a "+" row: a new object at the end of its list, the keyboard
    /// on its first field. Returns whether the form changed.
    pub fn add_item(&mut self) -> bool {
        let Some(Slot::Part(list, Role::Add(v))) = self.fields.get(self.focus).map(|f| &f.slot)
        else {
            return false;
        };
        let (list, v) = (list.clone(), *v);
        let n = self
            .fields
            .iter()
            .filter_map(|f| match &f.slot {
                Slot::Part(p, r) => item_of(p, *r).filter(|(l, _)| *l == list),
                _ => None,
            })
            .map(|(_, i)| i + 1)
            .max()
            .unwrap_or(0);
        let mut new = Vec::new();
        item_fields(&format!("{list}[{n}]"), v, &v.blank(), &mut new);
        let at = self.focus;
        self.fields.splice(at..at, new);
        true
    }

    /// Ctrl-Delete: removes the effect, payment or option the focused field belongs to.
    pub fn remove_item(&mut self) -> bool {
        let Some(Slot::Part(path, role)) = self.fields.get(self.focus).map(|f| &f.slot) else {
            return false;
        };
        let Some((list, n)) = item_of(path, *role) else {
            return false;
        };
        let item = format!("{list}[{n}]");
        let inside = |p: &str| p == item || p.starts_with(&format!("{item}."));
        let first = self
            .fields
            .iter()
            .position(|f| matches!(&f.slot, Slot::Part(p, _) if inside(p)));
        self.fields
            .retain(|f| !matches!(&f.slot, Slot::Part(p, _) if inside(p)));
        self.shift(&list, n + 1, -1);
        self.focus = first
            .unwrap_or(self.focus)
            .min(self.fields.len().saturating_sub(1));
        true
    }

    /// After the focused picker changed which effect (or payment) its object is: the
    /// value's fields follow, with a starting value of the new kind.
    pub(super) fn rekind(&mut self) {
        let Some(Slot::Part(path, Role::Key(v))) = self.fields.get(self.focus).map(|f| &f.slot)
        else {
            return;
        };
        let (path, v) = (path.clone(), *v);
        let key = self.fields[self.focus].edit.text().to_string();
        self.fields
            .retain(|f| !matches!(&f.slot, Slot::Part(p, Role::Arg(_)) if *p == path));
        let mut new = Vec::new();
        arg_fields(
            &path,
            v.list(),
            &key,
            &vocab::blank(v.list(), &key),
            &mut new,
        );
        let at = self.focus + 1;
        self.fields.splice(at..at, new);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_their_rows_and_shift_with_their_lists() {
        assert_eq!(label_for("options[1].effects[0]"), "Option 2 effect 1");
        assert_eq!(label_for("test.each_failure[2]"), "Test each fail 3");
        assert_eq!(add_label("options[0].cost"), "Option 1 + cost");
        assert_eq!(add_label("effects"), "+ effect");
        assert_eq!(label_for("seals[1].id"), "Seal 2");
        assert_eq!(label_for("requirements[0].broken_by"), "   broken by");
        assert_eq!(add_label("seals"), "+ seal");
        assert_eq!(
            item_of("seals[2].broken_by", Role::Arg("card")),
            Some(("seals".into(), 2))
        );
        assert_eq!(
            shifted("options[2].effects[1]", "options", 1, -1).as_deref(),
            Some("options[1].effects[1]")
        );
        assert_eq!(shifted("options[0].label", "options", 1, -1), None);
        assert_eq!(
            item_of("options[1].label", Role::Value),
            Some(("options".into(), 1))
        );
        assert_eq!(item_of("test.target", Role::Value), None);
    }

    #[test]
    fn amounts_read_as_typed() {
        assert_eq!(amount_json("3").as_deref(), Some("3"));
        assert_eq!(amount_json("full").as_deref(), Some("\"full\""));
        assert_eq!(
            amount_json("1d6+2").as_deref(),
            Some("{\"d6\": 1, \"plus\": 2}")
        );
        assert_eq!(
            amount_json("2d6 - 1").as_deref(),
            Some("{\"d6\": 2, \"plus\": -1}")
        );
        assert_eq!(amount_json("").as_deref(), None);
        let dice = serde_json::json!({"d6": 1, "plus": -2});
        assert_eq!(amount_text(&dice), "1d6-2");
    }
}
