//! Which cards of a compared set B are cards of set A under a new id: from a rename map
//! (`{"old_id": "new_id"}`) and, for sets imported from the designer's sheet, from the
//! sheet's card numbers (`sheet-numbers.json`, written by the import), a number that names
//! one card on each side pairing them.

use crate::cards::CardSource;
use crate::cards::sheet::SHEET_NUMBERS;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// Card number -> id, for numbers that name exactly one card.
fn numbers(dir: &Path) -> BTreeMap<String, String> {
    let Ok(text) = std::fs::read_to_string(dir.join(SHEET_NUMBERS)) else {
        return BTreeMap::new();
    };
    let Ok(Value::Object(m)) = serde_json::from_str::<Value>(&text) else {
        return BTreeMap::new();
    };
    m.into_iter()
        .filter_map(|(n, ids)| match ids.as_array().map(Vec::as_slice) {
            Some([one]) => one.as_str().map(|id| (n, id.to_string())),
            _ => None,
        })
        .collect()
}

/// B's id -> A's id for every renamed card: the rename map first (`--renames FILE`, else
/// the one B's folder keeps, which the desk writes on a rename), then the card numbers.
pub fn renames(
    a: &CardSource,
    dir_b: &Path,
    map: Option<&Path>,
) -> Result<BTreeMap<String, String>, String> {
    let mut out = BTreeMap::new();
    if map.is_none() {
        for (old, new) in crate::cards::renames::read(dir_b) {
            out.insert(new, old);
        }
    }
    if let Some(p) = map {
        let text = std::fs::read_to_string(p)
            .map_err(|e| format!("cannot read the rename map {}: {e}", p.display()))?;
        let v: BTreeMap<String, String> = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{}: a rename map is one JSON object {{\"old_id\": \"new_id\"}}: {e}",
                p.display()
            )
        })?;
        for (old, new) in v {
            out.insert(new, old);
        }
    }
    if let CardSource::Dir(dir_a) = a {
        let (na, nb) = (numbers(dir_a), numbers(dir_b));
        for (n, id_b) in &nb {
            if let Some(id_a) = na.get(n)
                && id_a != id_b
            {
                out.entry(id_b.clone()).or_insert_with(|| id_a.clone());
            }
        }
    }
    Ok(out)
}
