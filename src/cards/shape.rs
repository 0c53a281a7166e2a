//! Card files write every structure as a JSON object. serde would also take a struct
//! written as an array of its fields in order (`[]` gives "expected struct Face with 12
//! elements", and an array of the right length is silently read). This check walks a
//! file's JSON along the format's schema before it is read, and finds the first place
//! where an object is expected but an array was written.

use schemars::JsonSchema;
use serde_json::{Map, Value};

/// Where an object was written as an array: its path (`stations[3].faces[0]`) and the
/// structure's name when the schema gives one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArrayForObject {
    pub path: String,
    pub name: Option<String>,
}

impl ArrayForObject {
    /// The message a designer reads.
    pub fn message(&self) -> String {
        let what = self
            .name
            .as_deref()
            .map_or_else(|| "this".to_string(), |n| format!("a {n}"));
        format!("{what} is written as an object, {{\"field\": value, ...}}, not as an array [...]")
    }
}

/// The first object written as an array in `value`, a file of type `T`.
pub fn find<T: JsonSchema + 'static>(value: &Value) -> Option<ArrayForObject> {
    let schema = schema_of::<T>();
    walk(value, &schema.0, &schema.1, String::new(), None)
}

/// A type's schema and its definitions, made once per type and process (a set has a
/// dozen files of four types; making the schema is most of this check's cost).
fn schema_of<T: JsonSchema + 'static>() -> std::sync::Arc<(Value, Map<String, Value>)> {
    use std::any::TypeId;
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Made = Mutex<HashMap<TypeId, Arc<(Value, Map<String, Value>)>>>;
    static MADE: OnceLock<Made> = OnceLock::new();
    let made = MADE.get_or_init(Made::default);
    // A poisoned lock still holds whole schemas: a panic elsewhere cannot half-write one.
    let mut made = made.lock().unwrap_or_else(|e| e.into_inner());
    Arc::clone(made.entry(TypeId::of::<T>()).or_insert_with(|| {
        let schema = schemars::schema_for!(T).to_value();
        let defs = schema
            .get("$defs")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        Arc::new((schema, defs))
    }))
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// The JSON types a schema node declares (empty: not said).
fn types(node: &Value) -> Vec<&str> {
    match node.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn accepts(node: &Value, value: &Value) -> bool {
    let ts = types(node);
    let k = kind(value);
    ts.is_empty() || ts.contains(&k) || (k == "integer" && ts.contains(&"number"))
}

fn walk(
    value: &Value,
    node: &Value,
    defs: &Map<String, Value>,
    path: String,
    name: Option<&str>,
) -> Option<ArrayForObject> {
    // Only an array or an object can hold an array written for an object: a number or a
    // text is never walked into (nor its path spelt).
    if !nested(value) {
        return None;
    }
    if let Some(r) = node.get("$ref").and_then(Value::as_str) {
        let def = r.rsplit('/').next().unwrap_or(r);
        let target = defs.get(def)?;
        return walk(value, target, defs, path, Some(def));
    }
    for key in ["allOf"] {
        if let Some(all) = node.get(key).and_then(Value::as_array) {
            for branch in all {
                if let Some(found) = walk(value, branch, defs, path.clone(), name) {
                    return Some(found);
                }
            }
        }
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(branches) = node.get(key).and_then(Value::as_array) {
            // One branch that takes the value as written is enough.
            let mut first = None;
            for b in branches {
                match walk(value, b, defs, path.clone(), name) {
                    None if fits(value, b, defs) => return None,
                    None => {}
                    Some(found) => {
                        first.get_or_insert(found);
                    }
                }
            }
            return first;
        }
    }
    let ts = types(node);
    match value {
        Value::Array(_) if ts == ["object"] => Some(ArrayForObject {
            path,
            name: name.map(str::to_string),
        }),
        Value::Array(items) => {
            let prefix = node.get("prefixItems").and_then(Value::as_array);
            items
                .iter()
                .enumerate()
                .filter(|(_, v)| nested(v))
                .find_map(|(i, item)| {
                    let sub = prefix
                        .and_then(|p| p.get(i))
                        .or_else(|| node.get("items"))?;
                    walk(item, sub, defs, format!("{path}[{i}]"), None)
                })
        }
        Value::Object(fields) => {
            let props = node.get("properties").and_then(Value::as_object);
            fields.iter().filter(|(_, v)| nested(v)).find_map(|(k, v)| {
                let sub = props
                    .and_then(|p| p.get(k))
                    .or_else(|| node.get("additionalProperties").filter(|a| a.is_object()))?;
                walk(v, sub, defs, join(&path, k), None)
            })
        }
        _ => None,
    }
}

/// The value has the JSON type a branch declares (references followed).
fn nested(value: &Value) -> bool {
    matches!(value, Value::Array(_) | Value::Object(_))
}

fn fits(value: &Value, node: &Value, defs: &Map<String, Value>) -> bool {
    if let Some(r) = node.get("$ref").and_then(Value::as_str) {
        let def = r.rsplit('/').next().unwrap_or(r);
        return defs.get(def).is_some_and(|d| fits(value, d, defs));
    }
    if let Some(bs) = node
        .get("anyOf")
        .or_else(|| node.get("oneOf"))
        .and_then(Value::as_array)
    {
        return bs.iter().any(|b| fits(value, b, defs));
    }
    accepts(node, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::DomainFile;

    #[test]
    fn a_face_written_as_an_array_is_found() {
        let text = std::fs::read_to_string("cards/domains/amara_rot_glade.json")
            .expect("a shipped domain file");
        let mut v: Value = serde_json::from_str(&text).expect("json");
        assert_eq!(find::<DomainFile>(&v), None, "the shipped file is fine");
        let stations = v["stations"].as_array_mut().expect("stations");
        let i = stations
            .iter()
            .position(|s| s.get("faces").is_some_and(Value::is_array))
            .expect("a card with faces");
        stations[i]["faces"][0] = Value::Array(Vec::new());
        let found = find::<DomainFile>(&v).expect("found");
        assert_eq!(found.path, format!("stations[{i}].faces[0]"));
        assert!(
            found.message().contains("not as an array"),
            "{}",
            found.message()
        );
    }
}
