//! The rename map of a cards folder (`renames.json`: `{"old_id": "new_id"}`): the desk
//! records each card it renames, and `simulate --compare`, the sheet merge and the
//! designer export follow it by default, so a renamed card stays the same card.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// The rename map's file, in the cards folder.
pub const RENAMES: &str = "renames.json";

/// Old id -> current id.
pub type Renames = BTreeMap<String, String>;

/// The folder's rename map; empty when there is none or it does not read (a map that
/// cannot be read renames nothing rather than stopping a command).
pub fn read(dir: &Path) -> Renames {
    std::fs::read_to_string(dir.join(RENAMES))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// The map with `old` renamed to `new`: every earlier name of `old` now points at `new`
/// too, and a card renamed back to an earlier id drops out (it is no longer renamed).
pub fn with_rename(mut map: Renames, old: &str, new: &str) -> Renames {
    for v in map.values_mut() {
        if v == old {
            *v = new.to_string();
        }
    }
    map.insert(old.to_string(), new.to_string());
    map.retain(|k, v| k != v);
    map
}

/// The folder's map text with `old` renamed to `new`, for the desk to write with the
/// card's files (so that reverting the save puts the map back too). A folder without a
/// map gets an empty one first, so that there is a text to put back.
pub fn renamed_text(dir: &Path, old: &str, new: &str) -> std::io::Result<String> {
    let path = dir.join(RENAMES);
    if !path.exists() {
        std::fs::write(&path, "{}\n")?;
    }
    let map = with_rename(read(dir), old, new);
    Ok(serde_json::to_string_pretty(&map).map_err(std::io::Error::other)? + "\n")
}

/// Makes every id in `v` that the map renames its current id: a string equal to an old
/// id, or a kept sheet's key naming it (`station:<id>`, `domain:<id>`).
pub fn apply(v: &mut Value, map: &Renames) {
    if map.is_empty() {
        return;
    }
    match v {
        Value::String(s) => {
            let (prefix, id) = match s.split_once(':') {
                Some((p, id)) if p == "station" || p == "domain" => (format!("{p}:"), id),
                _ => (String::new(), s.as_str()),
            };
            if let Some(new) = map.get(id) {
                *s = format!("{prefix}{new}");
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| apply(x, map)),
        Value::Object(m) => m.values_mut().for_each(|x| apply(x, map)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn renames_chain_and_follow_every_reference() {
        let m = with_rename(Renames::new(), "wolf", "salt_wolf");
        let m = with_rename(m, "salt_wolf", "grey_wolf");
        assert_eq!(m.get("wolf").map(String::as_str), Some("grey_wolf"));
        assert_eq!(m.get("salt_wolf").map(String::as_str), Some("grey_wolf"));
        let back = with_rename(m.clone(), "grey_wolf", "wolf");
        assert!(!back.contains_key("wolf"), "renamed back: not renamed");
        let mut v = json!({"id": "wolf", "card": "station:salt_wolf", "text": "a wolf"});
        apply(&mut v, &m);
        assert_eq!(
            v,
            json!({"id": "grey_wolf", "card": "station:grey_wolf", "text": "a wolf"})
        );
    }
}
