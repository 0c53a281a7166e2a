//! Typed fields for the format's objects that are more than one effect: a Guardian's
//! requirement or seal, a card's trigger, an item's or companion's ability (`use`), a
//! foe's way past (`passage`). Each
//! key is a field typed by what it holds (words, a picker of the format's words, a yes/no
//! choice, a number, a list of effects with its "+" row); what the desk does not type (an
//! ability's `requires`, a value of an unexpected shape) stays JSON, for the loader to
//! judge. The fields' order is the model's order of keys.

use super::model::{Field, Kind, YES_NO, compact, spaced};
use super::rows::{Role, Vocab, item_fields, label_for, list_fields, part};
use crate::cards::vocab;
use serde_json::Value;

/// The keys of a requirement or seal, in the model's (and the file's) order.
const SEAL_KEYS: [&str; 5] = ["id", "name", "text", "broken_by", "penalty"];

/// A way past a foe's keys, in the model's order.
const PASSAGE_KEYS: [&str; 5] = ["label", "show", "give", "joins", "effects"];

/// An ability's keys, in the model's order.
const ABILITY_KEYS: [&str; 6] = ["per", "duel_only", "requires", "effects", "reroll", "uses"];

/// The fields of a Guardian's requirement or seal at `path`: its id, name and text, a
/// picker of the condition that breaks it (and that condition's value), a picker of its
/// penalty. A value of another shape, and a key the format does not have, stay JSON for
/// the loader to judge.
pub(super) fn seal_fields(path: &str, item: &Value, out: &mut Vec<Field>) {
    for key in SEAL_KEYS {
        let at = format!("{path}.{key}");
        let v = item.get(key);
        let (kind, text) = match (key, v) {
            ("broken_by", _) => {
                let empty = Value::Object(serde_json::Map::new());
                item_fields(&at, Vocab::Conditions, v.unwrap_or(&empty), out);
                continue;
            }
            ("penalty", None | Some(Value::String(_))) => (
                Kind::Choice(vocab::SEAL_PENALTIES),
                v.and_then(Value::as_str)
                    .unwrap_or(vocab::SEAL_PENALTIES[0]),
            ),
            (_, None | Some(Value::String(_))) => (
                Kind::Words { optional: false },
                v.and_then(Value::as_str).unwrap_or(""),
            ),
            (_, Some(other)) => {
                let text = spaced(other);
                out.push(part(label_for(&at), &at, Role::Value, Kind::Json, &text));
                continue;
            }
        };
        out.push(part(label_for(&at), &at, Role::Value, kind, text));
    }
    json_rest(path, item, &SEAL_KEYS, out);
}

/// The fields of a trigger at `path`: a picker of its occasion and its effects.
pub(super) fn trigger_fields(path: &str, item: &Value, out: &mut Vec<Field>) {
    let at = format!("{path}.on");
    match item.get("on") {
        None | Some(Value::String(_)) => {
            let on = item
                .get("on")
                .and_then(Value::as_str)
                .unwrap_or(vocab::OCCASIONS[0]);
            let kind = Kind::Choice(vocab::OCCASIONS);
            out.push(part(label_for(&at), &at, Role::Value, kind, on));
        }
        Some(other) => out.push(part(
            label_for(&at),
            &at,
            Role::Value,
            Kind::Json,
            &spaced(other),
        )),
    }
    let effects = item
        .get("effects")
        .cloned()
        .unwrap_or(Value::Array(Vec::new()));
    list_fields(&format!("{path}.effects"), &effects, out);
    json_rest(path, item, &["on", "effects"], out);
}

/// The fields of a foe's way past at `path`: its label (words), the card shown and the
/// card given (card ids; empty leaves them out), whether the foe joins (yes/no) and its
/// effects.
pub(super) fn passage_fields(path: &str, item: &Value, out: &mut Vec<Field>) {
    for key in PASSAGE_KEYS {
        let at = format!("{path}.{key}");
        let inner = item.get(key);
        let (kind, text) = match (key, inner) {
            ("effects", _) => {
                let items = inner.cloned().unwrap_or(Value::Array(Vec::new()));
                list_fields(&at, &items, out);
                continue;
            }
            ("joins", None | Some(Value::Bool(_))) => {
                let on = inner.and_then(Value::as_bool).unwrap_or(false);
                (Kind::Choice(YES_NO), YES_NO[usize::from(on)].to_string())
            }
            (_, None | Some(Value::String(_))) => (
                Kind::Words {
                    optional: key != "label",
                },
                inner.and_then(Value::as_str).unwrap_or("").to_string(),
            ),
            (_, Some(other)) => (Kind::Json, spaced(other)),
        };
        out.push(part(label_for(&at), &at, Role::Value, kind, &text));
    }
    json_rest(path, item, &PASSAGE_KEYS, out);
}

/// The fields of the ability at `path` (`use`): how often (a picker), whether only in a
/// duel and whether a reroll (yes/no), what it requires (a condition, as JSON: empty when
/// it has none), its effects, and its number of uses (empty: no limit beyond `per`).
pub(super) fn ability_fields(path: &str, v: &Value, out: &mut Vec<Field>) {
    for key in ABILITY_KEYS {
        let at = format!("{path}.{key}");
        let inner = v.get(key);
        let (kind, text) = match (key, inner) {
            ("effects", _) => {
                let items = inner.cloned().unwrap_or(Value::Array(Vec::new()));
                list_fields(&at, &items, out);
                continue;
            }
            ("per", None | Some(Value::String(_))) => (
                Kind::Choice(vocab::PER),
                inner
                    .and_then(Value::as_str)
                    .unwrap_or(vocab::PER[0])
                    .to_string(),
            ),
            ("duel_only" | "reroll", None | Some(Value::Bool(_))) => {
                let on = inner.and_then(Value::as_bool).unwrap_or(false);
                (Kind::Choice(YES_NO), YES_NO[usize::from(on)].to_string())
            }
            ("uses", None | Some(Value::Number(_))) => {
                (Kind::Number, inner.map(compact).unwrap_or_default())
            }
            (_, _) => (Kind::Json, inner.map(spaced).unwrap_or_default()),
        };
        out.push(part(label_for(&at), &at, Role::Value, kind, &text));
    }
    json_rest(path, v, &ABILITY_KEYS, out);
}

/// A field of JSON for each key of the object at `path` the format does not have (for
/// the loader to refuse by name).
fn json_rest(path: &str, item: &Value, known: &[&str], out: &mut Vec<Field>) {
    let others = item.as_object().into_iter().flatten();
    for (key, v) in others.filter(|(k, _)| !known.contains(&k.as_str())) {
        let at = format!("{path}.{key}");
        out.push(part(
            label_for(&at),
            &at,
            Role::Value,
            Kind::Json,
            &spaced(v),
        ));
    }
}
