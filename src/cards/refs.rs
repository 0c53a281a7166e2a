//! The references to an id across a set's files, and a rename that carries them along.
//!
//! A reference is a string value equal to the id anywhere in a file's data, except under
//! the keys that hold words for people or paths (`name`, `text`, `flavor`, `guide_notes`,
//! `label`, `theme`, `art`, `art_note`, `file`, `type`, `$schema`). Ids are written in
//! snake case, so prose never spells one by accident; what the format calls a card, a
//! Domain or a companion is always a plain id string. Rewriting keeps every other byte of
//! each file: only the spans of the referring strings change.

use super::locate::Locator;
use std::ops::Range;

/// Keys whose strings are words or paths, never references.
const NOT_REFERENCES: [&str; 11] = [
    "name",
    "text",
    "flavor",
    "guide_notes",
    "label",
    "theme",
    "art",
    "art_note",
    "file",
    "type",
    "$schema",
];

/// One place that names the id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ref {
    /// The file, relative to the cards folder (`domains/termina.json`).
    pub file: String,
    /// The card the reference is in: a Station card's id, else the file's own `id`
    /// (a Domain's title card, the traveller, the Guardian), else the file's name.
    pub card: String,
    /// Where in that card (`passage[0].give`; `links[1]` in the map).
    pub field: String,
    /// The string's bytes in the file's text, quotes included.
    span: Range<usize>,
}

impl std::fmt::Display for Ref {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} · {}", self.file, self.card, self.field)
    }
}

/// The last key of a path (`passage[0].give` → `give`; `links[1]` → `links`).
fn last_key(path: &str) -> &str {
    let end = path.trim_end_matches(|c: char| c == ']' || c.is_ascii_digit());
    let end = end.strip_suffix('[').unwrap_or(end);
    end.rsplit('.').next().unwrap_or(end)
}

/// The card a path of `file` belongs to, and the path under that card.
fn owner(loc: &Locator, file: &str, path: &str) -> (String, String) {
    if let Some(rest) = path.strip_prefix("stations[")
        && let Some(close) = rest.find(']')
    {
        let card = format!("stations[{}]", &rest[..close]);
        let under = rest[close + 1..].trim_start_matches('.');
        if let Some(id) = loc.string(&format!("{card}.id")) {
            return (id.to_string(), under.to_string());
        }
        return (card, under.to_string());
    }
    let card = loc.string("id").map_or_else(
        || {
            file.rsplit('/')
                .next()
                .unwrap_or(file)
                .trim_end_matches(".json")
                .to_string()
        },
        str::to_string,
    );
    (card, path.to_string())
}

/// Every reference to `id` in `files` (`(path, text)` pairs), file by file in the order
/// given, in each file in text order. Files that do not read as JSON are skipped (the
/// loader reports them; a rename waits until they are fixed).
pub fn find(files: &[(String, String)], id: &str) -> Vec<Ref> {
    let mut refs = Vec::new();
    for (file, text) in files {
        let loc = Locator::scan(text);
        if loc.failure.is_some() {
            continue;
        }
        let mut here: Vec<Ref> = loc
            .strings()
            .filter(|(path, v)| *v == id && !NOT_REFERENCES.contains(&last_key(path)))
            .filter_map(|(path, _)| {
                let span = loc.span(path)?;
                let (card, field) = owner(&loc, file, path);
                Some(Ref {
                    file: file.clone(),
                    card,
                    field,
                    span,
                })
            })
            .collect();
        here.sort_by_key(|r| r.span.start);
        refs.extend(here);
    }
    refs
}

/// `text` (the file `file`) with each of `refs` that is in it made to name `new`.
pub fn rewrite(file: &str, text: &str, refs: &[Ref], new: &str) -> String {
    let quoted = serde_json::Value::from(new).to_string();
    let mut spans: Vec<&Range<usize>> = refs
        .iter()
        .filter(|r| r.file == file)
        .map(|r| &r.span)
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.start));
    let mut out = text.to_string();
    for s in spans {
        if s.end <= out.len() {
            out.replace_range(s.clone(), &quoted);
        }
    }
    out
}

/// A rename carried through `files`: the references to `old` found, and the new text of
/// every file that has one (files without a reference are left out).
pub fn follow(
    files: &[(String, String)],
    old: &str,
    new: &str,
) -> (Vec<Ref>, Vec<(String, String)>) {
    let refs = find(files, old);
    let changed = files
        .iter()
        .filter(|(f, _)| refs.iter().any(|r| &r.file == f))
        .map(|(f, t)| (f.clone(), rewrite(f, t, &refs, new)))
        .collect();
    (refs, changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files() -> Vec<(String, String)> {
        let map = r#"{
  "$schema": "schema.json",
  "start": "home",
  "domains": [ { "id": "home", "file": "domains/home.json", "links": ["wood", "home_2"] } ]
}"#;
        let home = r#"{
  "id": "home",
  "name": "Home",
  "text": "Say home, or hound.",
  "stations": [
    { "id": "hound", "name": "Hound", "type": "foe", "text": "A hound." },
    { "id": "gate",  "name": "Gate", "type": "rest", "text": "hound",
      "passage": [ { "label": "hound", "show": "hound", "give": "bell" } ] }
  ]
}"#;
        let guardian = r#"{ "id": "guardian", "name": "G",
  "seals": [ { "id": "s", "name": "hound", "broken_by": { "holds": "hound" } } ] }"#;
        vec![
            ("map.json".into(), map.into()),
            ("domains/home.json".into(), home.into()),
            ("guardian.json".into(), guardian.into()),
        ]
    }

    #[test]
    fn references_are_found_with_their_card_and_field_and_prose_is_not() {
        let refs = find(&files(), "hound");
        let places: Vec<String> = refs.iter().map(ToString::to_string).collect();
        assert_eq!(
            places,
            [
                // The card's own id is listed too: a rename changes it with the rest.
                "domains/home.json: hound · id",
                "domains/home.json: gate · passage[0].show",
                "guardian.json: guardian · seals[0].broken_by.holds",
            ]
        );
        // A Domain id: the map's start, its entry's id and nothing in `file` or `links`
        // that only starts with it.
        let domain: Vec<String> = find(&files(), "home")
            .iter()
            .map(|r| r.field.clone())
            .collect();
        assert_eq!(domain, ["start", "domains[0].id", "id"]);
        assert!(find(&files(), "nobody").is_empty());
    }

    #[test]
    fn a_rename_changes_only_the_referring_strings() {
        let all = files();
        let (refs, changed) = follow(&all, "hound", "ash_hound");
        assert_eq!(refs.len(), 3);
        assert_eq!(changed.len(), 2, "the map does not name the hound");
        let home = &changed[0].1;
        let want = all[1]
            .1
            .replacen(r#""id": "hound""#, r#""id": "ash_hound""#, 1)
            .replace(r#""show": "hound""#, r#""show": "ash_hound""#);
        assert_eq!(home, &want, "every other byte stays");
        assert!(home.contains(r#""text": "hound""#) && home.contains(r#""label": "hound""#));
        assert!(changed[1].1.contains(r#""holds": "ash_hound""#));
        assert!(changed[1].1.contains(r#""name": "hound""#));
        // Broken JSON is left alone (the loader says why).
        let broken = vec![("x.json".to_string(), "{ \"a\": \"hound\"".to_string())];
        assert!(find(&broken, "hound").is_empty());
    }
}
