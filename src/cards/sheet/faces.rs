//! The `faces` column: one line per face, `N Name` for a miss and `N Name (deal 2, block)`
//! otherwise; flags are bare field names, numbers follow their field, text is quoted JSON
//! (`empower_face "Lunge"`).

use serde_json::{Map, Value};

/// The cell for a list of faces, or `None` if a face cannot be written this way.
pub fn encode(faces: &[Value]) -> Option<String> {
    let mut lines = Vec::new();
    for (i, f) in faces.iter().enumerate() {
        let m = f.as_object()?;
        let name = m.get("name")?.as_str()?;
        let mut props = Vec::new();
        for (k, v) in m {
            if k == "name" {
                continue;
            }
            props.push(match v {
                Value::Bool(true) => k.clone(),
                Value::Number(n) => format!("{k} {n}"),
                Value::String(_) => format!("{k} {v}"),
                _ => return None,
            });
        }
        let n = i + 1;
        lines.push(if props.is_empty() {
            format!("{n} {name}")
        } else {
            format!("{n} {name} ({})", props.join(", "))
        });
    }
    Some(lines.join("\n"))
}

/// The faces a cell stands for, or `None` if a line is not in the form above.
pub fn decode(cell: &str) -> Option<Vec<Value>> {
    let mut faces = Vec::new();
    for line in cell.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (_, rest) = line.split_once(' ')?;
        let (name, props) = match rest.strip_suffix(')').and_then(|r| r.rsplit_once(" (")) {
            Some((name, props)) => (name, props),
            None => (rest, ""),
        };
        let mut m = Map::new();
        m.insert("name".into(), Value::from(name));
        for p in props.split(", ").filter(|p| !p.is_empty()) {
            match p.split_once(' ') {
                None => {
                    m.insert(p.into(), Value::Bool(true));
                }
                Some((k, v)) => {
                    m.insert(k.into(), serde_json::from_str(v).ok()?);
                }
            }
        }
        faces.push(Value::Object(m));
    }
    Some(faces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn faces_read_back_exactly() {
        let faces = json!([{"name": "Cowers"}, {"name": "Circles (Warily)", "block": true},
            {"name": "Feint", "empower": 1, "empower_face": "Lunge"},
            {"name": "Undertow", "deal": 3, "ignore_block": true}]);
        let cell = encode(faces.as_array().unwrap()).unwrap();
        assert_eq!(
            cell,
            "1 Cowers\n2 Circles (Warily) (block)\n3 Feint (empower 1, empower_face \"Lunge\")\n4 Undertow (deal 3, ignore_block)"
        );
        assert_eq!(Value::Array(decode(&cell).unwrap()), faces);
    }
}
