//! The designer's notation read back from a card's own text, so that the text check can
//! judge a card written in either notation by what its text means: a card imported from
//! the designer's sheet keeps the sheet's rules cell as its text (`FIGHT: 4 HP`, `3 Bite
//! (2 DMG)`), and that text is read with the import's own reader and compared with the
//! card's data, rather than asked for the house phrasing ("deals 2").

use super::guardian;
use super::refs::{Kind, Titles};
use super::{DRow, station_type};
use crate::cards::model::{Face, StationCard};
use crate::cards::sheet::notation::normalise;
use crate::cards::text_check::TextProblem;
use serde_json::{Map, Value, json};

/// Whether a card's text is in the designer's notation: it opens with an upper-case
/// keyword and a colon (`EFFECT:`, `FIGHT: 4 HP`), or (the Guardian) holds a combat table.
pub fn is_designer_text(text: &str) -> bool {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    let keyword = first.is_some_and(|l| {
        l.split_once(':').is_some_and(|(k, _)| {
            k.len() >= 2 && k.chars().all(|c| c.is_ascii_uppercase() || c == ' ')
        })
    });
    keyword || text.to_uppercase().contains("COMBAT TABLE (")
}

/// Reads cards' texts in the designer's notation, knowing every Station card's name (a
/// cell may name another card: `Give X`, `Use X`, a seal's break).
pub struct Rereader {
    titles: Titles,
}

/// The designer's type of a Station card (`Beast` for a foe tagged beast).
fn designer_type(card: &Value) -> &'static str {
    let tagged = |t: &str| {
        card["tags"]
            .as_array()
            .is_some_and(|a| a.iter().any(|x| x == t))
    };
    match card["type"].as_str().unwrap_or_default() {
        "foe" if card["label"] == "Companion" => "Companion",
        "foe" if tagged("hollow") => "Hollow",
        "foe" => "Beast",
        "caesura" => "Caesura",
        "terror" => "Terror",
        "rest" => "Rest",
        "pit" => "Pit",
        "snare" => "Snare",
        "blessing" => "Blessing",
        "item" => "Item",
        "equipment" => "Equipment",
        "companion" => "Companion",
        _ => "",
    }
}

/// A card's value in the model's own shape (defaults written out), so that two readings
/// compare equal when they mean the same.
fn canonical(card: Value) -> Result<Value, String> {
    let c: StationCard = serde_json::from_value(card).map_err(|e| e.to_string())?;
    serde_json::to_value(c).map_err(|e| e.to_string())
}

/// The fields a Station card's rules cell decides; the prose and the fields other rows
/// set (a companion's `carries` from a seal) are not compared.
const RULE_FIELDS: &[&str] = &[
    "effects",
    "passive",
    "triggers",
    "use",
    "hp",
    "def",
    "faces",
    "test",
    "join",
    "refused",
    "invulnerable",
];

impl Rereader {
    /// A reader knowing these Station cards (JSON values as the model writes them).
    pub fn new<'a>(cards: impl IntoIterator<Item = &'a Value>) -> Self {
        let mut titles = Titles::default();
        for c in cards {
            let kind = match c["type"].as_str().unwrap_or_default() {
                "item" | "equipment" => Kind::Thing,
                "companion" | "foe" => Kind::Being,
                _ => Kind::Other,
            };
            titles.push(
                c["id"].as_str().unwrap_or_default().to_string(),
                c["name"].as_str().unwrap_or_default(),
                kind,
            );
        }
        Rereader { titles }
    }

    /// Where a Station card's text (in the designer's notation) and its data differ: one
    /// line per field, or why the text does not read.
    pub fn station(&self, card: &Value) -> Vec<String> {
        let text = card["text"].as_str().unwrap_or_default();
        let kind = designer_type(card);
        let Some((stype, tag)) = station_type(kind) else {
            return Vec::new();
        };
        let r = DRow {
            line: 0,
            title: card["name"].as_str().unwrap_or_default(),
            location: "",
            number: "",
            flavor: "",
            art: "",
            rules: text,
            kind,
        };
        let mut c = Map::new();
        for k in ["id", "name", "text"] {
            c.insert(k.into(), card[k].clone());
        }
        c.insert("type".into(), json!(stype));
        if let Some(tag) = tag {
            c.insert("tags".into(), json!([tag]));
        }
        let mut cx = super::cells::Cx {
            titles: &self.titles,
            notes: Vec::new(),
            refs: Vec::new(),
        };
        if let Err(u) = super::cells::station_body(&normalise(kind), &r, &mut c, &mut cx) {
            return vec![format!(
                "its designer notation does not read at `{}`: {}",
                u.line, u.reason
            )];
        }
        let (read, data) = match (canonical(Value::Object(c)), canonical(card.clone())) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                return vec![format!(
                    "its designer notation reads as no card of this type: {e}"
                )];
            }
        };
        let mut out = Vec::new();
        for k in RULE_FIELDS {
            if *k == "faces" {
                faces_differ(&read[k], &data[k], &mut out);
            } else if read[k] != data[k] {
                out.push(differs(k, &read[k], &data[k]));
            }
        }
        options_differ(&read["options"], &data["options"], &mut out);
        passages_differ(&read["passage"], &data["passage"], &mut out);
        out
    }

    /// Where the Guardian's text (in the designer's notation) and its data differ: its HP,
    /// each face, each seal's condition and penalty.
    pub fn guardian(&self, card: &Value) -> Vec<TextProblem> {
        let r = DRow {
            line: 0,
            title: card["name"].as_str().unwrap_or_default(),
            location: "",
            number: "",
            flavor: "",
            art: "",
            rules: card["text"].as_str().unwrap_or_default(),
            kind: "Special",
        };
        let g = guardian::read(&r, &self.titles);
        let mut out: Vec<String> = g
            .unread
            .iter()
            .map(|u| {
                format!(
                    "its designer notation does not read at `{}`: {}",
                    u.line, u.reason
                )
            })
            .collect();
        if let Some(hp) = g.hp
            && card["hp"].as_i64() != Some(hp)
        {
            out.push(differs("hp", &json!(hp), &card["hp"]));
        }
        let faces = |v: Vec<Value>| {
            serde_json::from_value::<Vec<Face>>(Value::Array(v))
                .ok()
                .and_then(|f| serde_json::to_value(f).ok())
                .unwrap_or(Value::Null)
        };
        let data = card["faces"].as_array().cloned().unwrap_or_default();
        faces_differ(&faces(g.faces.clone()), &faces(data), &mut out);
        let mut out: Vec<TextProblem> = out.into_iter().map(TextProblem::of_text).collect();
        // A Guardian whose text names no requirement and no seal has the prototype's
        // puzzle, which the import wires in then (`sheet::build`): nothing to compare.
        let named = !g.requirements.is_empty() || !g.seals.is_empty();
        for (list, read) in [("requirements", &g.requirements), ("seals", &g.seals)] {
            if !named {
                break;
            }
            let have = card[list].as_array().cloned().unwrap_or_default();
            for (i, (a, b)) in read.iter().zip(have.iter()).enumerate() {
                for k in ["broken_by", "penalty"] {
                    if a[k] != b[k] {
                        // Filed under the seal whose data differs from what the text says.
                        out.push(TextProblem {
                            message: differs(&format!("{list}[{i}].{k}"), &a[k], &b[k]),
                            field: format!("{list}[{i}].{k}"),
                        });
                    }
                }
            }
            if read.len() != have.len() {
                out.push(TextProblem::of_text(format!(
                    "the text names {} {list}, the data has {}",
                    read.len(),
                    have.len()
                )));
            }
        }
        out
    }
}

/// One field whose reading and data differ.
fn differs(field: &str, read: &Value, data: &Value) -> String {
    format!("the text says `{field}` {read}, the data has {data}")
}

/// Face by face: what the text's face line says against the face's data.
fn faces_differ(read: &Value, data: &Value, out: &mut Vec<String>) {
    let (a, b) = (
        read.as_array().cloned().unwrap_or_default(),
        data.as_array().cloned().unwrap_or_default(),
    );
    if a.len() != b.len() {
        out.push(format!(
            "the text lists {} faces, the data has {}",
            a.len(),
            b.len()
        ));
        return;
    }
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        if x != y {
            out.push(differs(&format!("face {}", i + 1), x, y));
        }
    }
}

/// A Terror's options: what each costs and does (the label is the text itself).
fn options_differ(read: &Value, data: &Value, out: &mut Vec<String>) {
    let strip = |v: &Value| -> Vec<Value> {
        v.as_array()
            .into_iter()
            .flatten()
            .map(|o| json!({"cost": o["cost"], "effects": o["effects"]}))
            .collect()
    };
    if strip(read) != strip(data) {
        out.push(differs("options", &json!(strip(read)), &json!(strip(data))));
    }
}

/// A foe's ways past: what is shown or given and whether it joins (the label is prose).
fn passages_differ(read: &Value, data: &Value, out: &mut Vec<String>) {
    let strip = |v: &Value| -> Vec<Value> {
        v.as_array()
            .into_iter()
            .flatten()
            .map(|p| json!({"show": p["show"], "give": p["give"], "joins": p["joins"], "effects": p["effects"]}))
            .collect()
    };
    // A text that names no way past leaves it to the prototype's puzzle, which the import
    // wires in where the sheet says none (`sheet::build`): the same rule here.
    if !strip(read).is_empty() && strip(read) != strip(data) {
        out.push(differs("passage", &json!(strip(read)), &json!(strip(data))));
    }
}
