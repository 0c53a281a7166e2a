//! Writes card JSON the way a designer reads it: known keys first in a fixed order (id,
//! name, type, text...), the rest alphabetically, two-space indents, small arrays and
//! objects of plain values kept on one line.

use serde_json::Value;

/// Keys in the order a card file lists them; keys not named here follow alphabetically.
const KEY_ORDER: &[&str] = &[
    "$schema",
    "start",
    "final",
    "id",
    "file",
    "row",
    "column",
    "links",
    "name",
    "art",
    "label",
    "type",
    "text",
    "flavor",
    "guide_notes",
    "art_note",
    "theme",
    "tags",
    "health",
    "hp",
    "atk",
    "def",
    "faces",
];

/// Longest line a flat array or object may take before it is broken over lines.
const INLINE_LIMIT: usize = 90;

/// The pretty text of `v`, with a final newline.
pub fn to_pretty(v: &Value) -> String {
    let mut out = String::new();
    write(&mut out, v, 0);
    out.push('\n');
    out
}

/// The pretty text of `v` as it stands `depth` levels deep in a file (its inner lines
/// indented to match), without a final newline.
pub fn nested(v: &Value, depth: usize) -> String {
    let mut out = String::new();
    write(&mut out, v, depth);
    out
}

fn ordered_keys(m: &serde_json::Map<String, Value>) -> Vec<&String> {
    let mut keys: Vec<&String> = m.keys().collect();
    keys.sort_by_key(|k| {
        (
            KEY_ORDER
                .iter()
                .position(|o| o == k)
                .unwrap_or(KEY_ORDER.len()),
            k.to_string(),
        )
    });
    keys
}

/// One-line form of a value, if it is short and holds no nested arrays of objects.
fn inline(v: &Value) -> Option<String> {
    let flat = match v {
        Value::Array(a) => a
            .iter()
            .all(|x| !x.is_array() && !x.is_object() || small(x)),
        Value::Object(m) => m
            .values()
            .all(|x| !x.is_array() && !x.is_object() || small(x)),
        _ => true,
    };
    if !flat {
        return None;
    }
    let s = one_line(v);
    (s.len() <= INLINE_LIMIT).then_some(s)
}

fn small(v: &Value) -> bool {
    one_line(v).len() <= 40
}

fn one_line(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let parts: Vec<String> = ordered_keys(m)
                .into_iter()
                .map(|k| format!("{}: {}", Value::String(k.clone()), one_line(&m[k])))
                .collect();
            if parts.is_empty() {
                "{}".into()
            } else {
                format!("{{ {} }}", parts.join(", "))
            }
        }
        Value::Array(a) => {
            let parts: Vec<String> = a.iter().map(one_line).collect();
            format!("[{}]", parts.join(", "))
        }
        other => other.to_string(),
    }
}

fn write(out: &mut String, v: &Value, depth: usize) {
    // The top level always opens up, so that a file reads one key per line.
    if depth > 0
        && let Some(s) = inline(v)
    {
        out.push_str(&s);
        return;
    }
    let pad = "  ".repeat(depth + 1);
    let end = "  ".repeat(depth);
    match v {
        Value::Object(m) if !m.is_empty() => {
            out.push_str("{\n");
            let keys = ordered_keys(m);
            for (i, k) in keys.iter().enumerate() {
                out.push_str(&pad);
                out.push_str(&Value::String((*k).clone()).to_string());
                out.push_str(": ");
                write(out, &m[*k], depth + 1);
                if i + 1 < keys.len() {
                    out.push(',');
                }
                out.push('\n');
            }
            out.push_str(&end);
            out.push('}');
        }
        Value::Array(a) if !a.is_empty() => {
            out.push_str("[\n");
            for (i, x) in a.iter().enumerate() {
                out.push_str(&pad);
                write(out, x, depth + 1);
                if i + 1 < a.len() {
                    out.push(',');
                }
                out.push('\n');
            }
            out.push_str(&end);
            out.push(']');
        }
        other => out.push_str(&one_line(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pretty_text_parses_back_to_the_same_value() {
        let v = json!({"type": "foe", "id": "x", "$schema": "../schema.json",
            "faces": [{"name": "A", "deal": 1}, {"name": "B"}],
            "toll": [{"if": {"when": {"holds": "y"}, "then": [{"heal": 2}]}}], "text": "q\"\n"});
        let s = to_pretty(&v);
        assert_eq!(serde_json::from_str::<Value>(&s).unwrap(), v);
        assert!(s.starts_with("{\n  \"$schema\": \"../schema.json\",\n  \"id\": \"x\",\n"));
    }
}
