//! A description of the card set in play for clients (the protocol's `cards` object with
//! `--describe`, the Guide's screen): names, rules text, flavour and, for the Guide, notes,
//! so that a second-screen app needs no card files.

use crate::cards::CardSet;
use serde::Serialize;

/// One card, Domain, the Guardian or the traveller, as a client shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardInfo {
    pub id: String,
    pub name: String,
    /// `traveller`, `guardian`, `domain` or a Station card's type (`foe`, `caesura`, ...).
    #[serde(rename = "type")]
    pub kind: String,
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flavor: Option<String>,
    /// The Guide's notes; absent from a traveller's description.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guide_notes: Option<String>,
    /// A Station card's Domain.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    /// A foe's (or the Guardian's) six faces, as data: each face's fields as the card
    /// format writes them, and what it does in words.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub faces: Vec<FaceInfo>,
}

/// One face of a foe's die.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FaceInfo {
    /// The face's fields (`name`, `deal`, `block`, ...), as in the card files.
    #[serde(flatten)]
    pub face: crate::cards::model::Face,
    /// What it does, in words ("block and deal 1").
    pub effects: String,
}

fn faces(f: &[crate::cards::model::Face]) -> Vec<FaceInfo> {
    f.iter()
        .map(|face| FaceInfo {
            face: face.clone(),
            effects: super::words::face_summary(face),
        })
        .collect()
}

/// The card set in play: every entry by id order of the set (traveller, Guardian, Domains
/// in map order, then Station cards).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Catalog {
    pub cards: Vec<CardInfo>,
}

/// Describes the set; `guide` keeps the Guide's notes (a traveller's description has none).
pub fn catalog(set: &CardSet, guide: bool) -> Catalog {
    let notes = |n: &Option<String>| if guide { n.clone() } else { None };
    let mut cards = vec![
        CardInfo {
            id: set.traveller.id.0.clone(),
            name: set.traveller.name.clone(),
            kind: "traveller".into(),
            text: set.traveller.text.clone(),
            flavor: set.traveller.flavor.clone(),
            guide_notes: notes(&set.traveller.guide_notes),
            domain: None,
            faces: Vec::new(),
        },
        CardInfo {
            id: set.guardian.id.0.clone(),
            name: set.guardian.name.clone(),
            kind: "guardian".into(),
            text: set.guardian.text.clone(),
            flavor: set.guardian.flavor.clone(),
            guide_notes: notes(&set.guardian.guide_notes),
            domain: None,
            faces: faces(&set.guardian.faces),
        },
    ];
    for d in &set.domains {
        cards.push(CardInfo {
            id: d.id.0.clone(),
            name: d.name.clone(),
            kind: "domain".into(),
            text: d.text.clone(),
            flavor: d.flavor.clone(),
            guide_notes: notes(&d.guide_notes),
            domain: None,
            faces: Vec::new(),
        });
    }
    for d in &set.domains {
        for c in d.stations.iter().map(|&r| set.card(r)) {
            cards.push(CardInfo {
                id: c.id.0.clone(),
                name: c.name.clone(),
                kind: serde_json::to_value(c.card_type)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
                text: c.text.clone(),
                flavor: c.flavor.clone(),
                guide_notes: notes(&c.guide_notes),
                domain: Some(d.id.0.clone()),
                faces: faces(&c.faces),
            });
        }
    }
    Catalog { cards }
}
