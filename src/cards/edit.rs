//! Writing one Station card back into its Domain file, for the designer's desk: the card's
//! object is found by its byte span (see [`super::locate`]) and replaced by the card
//! pretty-printed at the same indent, so the rest of the file keeps its bytes. Files are
//! written atomically (a temporary file renamed over the old one), and the text before
//! the last save is kept for undo.

use super::locate::Locator;
use super::model::{StationCard, StationType};
use std::path::{Path, PathBuf};

/// Why a card could not be written back.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    #[error("cannot read `{path}`: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write `{path}`: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("`{file}` is not valid JSON, so its cards cannot be found: fix it first")]
    Unreadable { file: String },
    #[error("`{file}` has no Station card number {index}")]
    NoSuchCard { file: String, index: usize },
    #[error("cannot write the card as JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// A save that can be undone: the file and its text before and after the save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved {
    pub path: PathBuf,
    pub before: String,
    pub after: String,
}

/// The card pretty-printed as it sits in a file at `indent` columns: its first line
/// unindented (it replaces the old object from its `{`), the others indented.
fn pretty_at(card: &StationCard, indent: usize) -> Result<String, EditError> {
    let pretty = serde_json::to_string_pretty(card)?;
    let pad = " ".repeat(indent);
    Ok(pretty
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 {
                l.to_string()
            } else {
                format!("{pad}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n"))
}

/// The indent (in columns) of the line holding byte `at`.
fn indent_of(text: &str, at: usize) -> usize {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    text[start..at].chars().take_while(|c| *c == ' ').count()
}

/// `text` (a Domain file) with Station card `index` replaced by `card`; every byte
/// outside that card's object stays as it was.
pub fn splice_card(
    file: &str,
    text: &str,
    index: usize,
    card: &StationCard,
) -> Result<String, EditError> {
    place(file, text, Some(index), |indent| pretty_at(card, indent)).map(|(t, _)| t)
}

/// `text` (a Domain file) with `card` added after its last Station card.
pub fn append_card(file: &str, text: &str, card: &StationCard) -> Result<String, EditError> {
    place(file, text, None, |indent| pretty_at(card, indent)).map(|(t, _)| t)
}

/// `text` with the object text `object` in place of Station card `index` (or after the
/// last card, for `None`), and the byte where the object starts: the desk checks a card
/// being edited in its file before it is saved.
pub fn splice_text(
    file: &str,
    text: &str,
    index: Option<usize>,
    object: &str,
) -> Result<(String, usize), EditError> {
    place(file, text, index, |_| Ok(object.to_string()))
}

/// Puts the object `object(indent)` in place of card `index`, or after the last card.
fn place(
    file: &str,
    text: &str,
    index: Option<usize>,
    object: impl FnOnce(usize) -> Result<String, EditError>,
) -> Result<(String, usize), EditError> {
    let loc = Locator::scan(text);
    let unreadable = || EditError::Unreadable {
        file: file.to_string(),
    };
    if loc.failure.is_some() {
        return Err(unreadable());
    }
    if let Some(index) = index {
        let span =
            loc.span(&format!("stations[{index}]"))
                .ok_or_else(|| EditError::NoSuchCard {
                    file: file.to_string(),
                    index,
                })?;
        let object = object(indent_of(text, span.start))?;
        let spliced = format!("{}{object}{}", &text[..span.start], &text[span.end..]);
        return Ok((spliced, span.start));
    }
    let list = loc.span("stations").ok_or_else(unreadable)?;
    let count = (0..)
        .take_while(|i| loc.span(&format!("stations[{i}]")).is_some())
        .count();
    let (at, indent, sep) = match count.checked_sub(1) {
        Some(last) => {
            let s = loc
                .span(&format!("stations[{last}]"))
                .ok_or_else(unreadable)?;
            (s.end, indent_of(text, s.start), ",\n")
        }
        // An empty list: `[]` becomes `[\n  {...}\n]` one level in from the key.
        None => (list.start + 1, indent_of(text, list.start) + 2, "\n"),
    };
    let object = object(indent)?;
    let close = if count == 0 {
        format!("\n{}", " ".repeat(indent.saturating_sub(2)))
    } else {
        String::new()
    };
    let head = format!("{}{sep}{}", &text[..at], " ".repeat(indent));
    let start = head.len();
    Ok((format!("{head}{object}{close}{}", &text[at..]), start))
}

/// Writes `text` to `path` atomically: a temporary file beside it, renamed over it.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), EditError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.saving"));
    let write = |p: &Path, e| EditError::Write {
        path: p.to_path_buf(),
        source: e,
    };
    std::fs::write(&tmp, text).map_err(|e| write(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| write(path, e))
}

/// Writes several files under `dir` (`(path, text)` pairs) as one step: each goes to a
/// temporary file first, and only when all are written are they renamed over the old
/// ones; if a rename fails, the files already replaced are put back. Returns what undo
/// needs, file by file. Files whose text does not change are left alone.
pub fn write_files(dir: &Path, files: &[(String, String)]) -> Result<Vec<Saved>, EditError> {
    let mut saved = Vec::new();
    for (rel, after) in files {
        let path = dir.join(rel);
        let before = std::fs::read_to_string(&path).map_err(|e| EditError::Read {
            path: path.clone(),
            source: e,
        })?;
        if before != *after {
            saved.push(Saved {
                path,
                before,
                after: after.clone(),
            });
        }
    }
    let tmp = |p: &Path| {
        let name = p.file_name().map(|n| n.to_string_lossy().to_string());
        p.with_file_name(format!(".{}.saving", name.unwrap_or_default()))
    };
    let write = |p: &Path, e| EditError::Write {
        path: p.to_path_buf(),
        source: e,
    };
    for s in &saved {
        let t = tmp(&s.path);
        if let Err(e) = std::fs::write(&t, &s.after) {
            for s in &saved {
                let _ = std::fs::remove_file(tmp(&s.path));
            }
            return Err(write(&t, e));
        }
    }
    for (n, s) in saved.iter().enumerate() {
        if let Err(e) = std::fs::rename(tmp(&s.path), &s.path) {
            for done in &saved[..n] {
                let _ = write_atomic(&done.path, &done.before);
            }
            for rest in &saved[n..] {
                let _ = std::fs::remove_file(tmp(&rest.path));
            }
            return Err(write(&s.path, e));
        }
    }
    Ok(saved)
}

/// Saves `card` as Station card `index` of the Domain file `rel` under `dir`; returns
/// what [`undo`] needs.
pub fn save_card(
    dir: &Path,
    rel: &str,
    index: usize,
    card: &StationCard,
) -> Result<Saved, EditError> {
    let path = dir.join(rel);
    let before = std::fs::read_to_string(&path).map_err(|e| EditError::Read {
        path: path.clone(),
        source: e,
    })?;
    let after = splice_card(rel, &before, index, card)?;
    write_atomic(&path, &after)?;
    Ok(Saved {
        path,
        before,
        after,
    })
}

/// Adds `card` after the last Station card of the Domain file `rel` under `dir`; returns
/// what [`undo`] needs.
pub fn save_new_card(dir: &Path, rel: &str, card: &StationCard) -> Result<Saved, EditError> {
    let path = dir.join(rel);
    let before = std::fs::read_to_string(&path).map_err(|e| EditError::Read {
        path: path.clone(),
        source: e,
    })?;
    let after = append_card(rel, &before, card)?;
    write_atomic(&path, &after)?;
    Ok(Saved {
        path,
        before,
        after,
    })
}

/// Puts back the file as it was before a save.
pub fn undo(saved: &Saved) -> Result<(), EditError> {
    write_atomic(&saved.path, &saved.before)
}

/// Writes `text` as the file at `path` (a version kept from this sitting), returning
/// the step as a save of its own so that it can be put back in turn.
pub fn restore(path: &Path, text: &str) -> Result<Saved, EditError> {
    let before = std::fs::read_to_string(path).map_err(|e| EditError::Read {
        path: path.to_path_buf(),
        source: e,
    })?;
    write_atomic(path, text)?;
    Ok(Saved {
        path: path.to_path_buf(),
        before,
        after: text.to_string(),
    })
}

/// A new card of type `t` with the fields that type needs, for the designer to fill in.
pub fn template(t: StationType, id: &str) -> StationCard {
    use super::model::*;
    let mut card = StationCard {
        id: CardId(id.to_string()),
        name: "New card".to_string(),
        card_type: t,
        label: None,
        text: "Say here what the card does.".to_string(),
        flavor: None,
        guide_notes: None,
        art: None,
        art_note: None,
        tags: Vec::new(),
        effects: Vec::new(),
        passive: Vec::new(),
        triggers: Vec::new(),
        ability: None,
        hp: None,
        def: None,
        faces: Vec::new(),
        immune: Vec::new(),
        on_defeat: Vec::new(),
        unbeatable: false,
        invulnerable: false,
        passage: Vec::new(),
        toll: None,
        options: Vec::new(),
        test: None,
        join: None,
        refused: Vec::new(),
        carries: Vec::new(),
        reveals: Vec::new(),
    };
    let face = |name: &str, deal: i32| Face {
        name: name.to_string(),
        deal,
        ..Face::default()
    };
    match t {
        StationType::Foe => {
            card.hp = Some(FoeHp::Fixed(3));
            card.faces = vec![
                face("Miss", 0),
                Face {
                    block: true,
                    ..face("Guard", 0)
                },
                face("Graze", 1),
                face("Strike", 1),
                face("Bite", 2),
                face("Maul", 2),
            ];
        }
        StationType::Terror => {
            let option = |label: &str, effects| TerrorOption {
                label: label.to_string(),
                cost: Vec::new(),
                effects,
            };
            card.options = vec![
                option("Endure it", vec![Effect::LoseHealth(Amount::Fixed(1))]),
                option("Turn away", vec![Effect::Dread(1)]),
            ];
        }
        StationType::Pit => {
            card.test = Some(Test {
                target: 4,
                dice: 1,
                extended: false,
                success: Vec::new(),
                failure: vec![Effect::LoseHealth(Amount::Fixed(1))],
                each_failure: Vec::new(),
            });
        }
        StationType::Item | StationType::Equipment => {
            card.ability = Some(Ability {
                per: Per::Once,
                duel_only: false,
                requires: None,
                effects: vec![Effect::Heal(Amount::Fixed(1))],
                reroll: false,
                uses: None,
            });
        }
        StationType::Snare => card.passive = vec![Modifier::TestRolls(-1)],
        StationType::Blessing => card.effects = vec![Effect::Resolve(1)],
        StationType::Caesura | StationType::Companion | StationType::Rest => {}
    }
    card
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "{\n  \"id\": \"d\",\n  \"stations\": [\n    {\n      \"id\": \"a\", \"name\": \"A\", \"type\": \"rest\", \"text\": \"Rest.\"\n    },\n    { \"id\": \"b\",   \"name\": \"B\", \"type\": \"rest\", \"text\": \"Rest.\" }\n  ]\n}\n";

    #[test]
    fn a_splice_changes_only_that_card() {
        let mut card = template(StationType::Rest, "a");
        card.name = "Á".to_string();
        let after = splice_card("d.json", FILE, 0, &card).unwrap();
        let start = FILE.find("{\n      \"id\": \"a\"").unwrap();
        assert_eq!(&after[..start], &FILE[..start]);
        let tail = "\n    { \"id\": \"b\",   \"name\": \"B\"";
        assert_eq!(
            &after[after.find(tail).unwrap()..],
            &FILE[FILE.find(tail).unwrap()..]
        );
        assert!(after.contains("\n      \"name\": \"Á\",\n"), "{after}");
        assert!(after.contains("\n    },\n    { \"id\": \"b\""), "{after}");
        let v: serde_json::Value = serde_json::from_str(&after).unwrap();
        assert_eq!(v["stations"][0]["name"], "Á");
        assert_eq!(v["stations"][1]["name"], "B");
        assert!(matches!(
            splice_card("d.json", FILE, 2, &card),
            Err(EditError::NoSuchCard { index: 2, .. })
        ));
    }

    #[test]
    fn a_new_card_goes_after_the_last() {
        let after = append_card("d.json", FILE, &template(StationType::Foe, "c")).unwrap();
        let v: serde_json::Value = serde_json::from_str(&after).unwrap();
        assert_eq!(v["stations"][2]["id"], "c");
        assert_eq!(v["stations"][2]["faces"].as_array().map(Vec::len), Some(6));
        let empty = "{\n  \"stations\": []\n}";
        let after = append_card("d.json", empty, &template(StationType::Rest, "r")).unwrap();
        assert!(
            after.starts_with("{\n  \"stations\": [\n    {\n      \"id\": \"r\""),
            "{after}"
        );
        assert!(after.ends_with("\n    }\n  ]\n}"), "{after}");
    }
}
