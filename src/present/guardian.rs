//! The Guardian's card as the traveller knows it: every requirement and seal by name, its
//! terms only once learned (a rumour, an earlier run, the setting, the reveal), and where a
//! learned entry points (the Domains holding the pieces it names). The protocol's
//! `state.guardian`, the map panel and the table's seals read it; nothing here shows an
//! unlearned entry's terms.

use crate::core::lore;
use crate::core::plan::{self, TermStatus};
use crate::core::state::State;
use serde::Serialize;

/// The Guardian's card in the traveller's view.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GuardianView {
    pub name: String,
    /// How the terms become known: `road`, `start` or `end`.
    pub terms: &'static str,
    /// Requirements, then seals.
    pub entries: Vec<EntryView>,
}

/// One requirement or seal.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EntryView {
    pub id: String,
    pub name: String,
    /// `requirement` or `seal`.
    pub kind: &'static str,
    pub known: bool,
    /// Where it stands now (`met`, `open` or `lost`; `unknown` while its terms are not
    /// known): [`crate::core::plan::known_status`].
    pub status: TermStatus,
    /// Why it is out of reach, once `lost` ("the Mirror Shard is gone for good").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// Its terms, once known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Once known: each piece it names and the Domain said to hold it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub points_to: Vec<Pointer>,
}

/// A piece of an entry and where it lies.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pointer {
    pub card: String,
    pub domain: String,
}

/// The Guardian's card as the traveller knows it now.
pub fn guardian_view(s: &State) -> GuardianView {
    let reqs = s.cards.guardian.requirements.len();
    let entries = s
        .cards
        .entries()
        .enumerate()
        .filter_map(|(i, e)| Some((u8::try_from(i).ok()?, e)))
        .map(|(ix, e)| {
            let known = lore::known(s, ix);
            let (status, gap) = plan::known_status(s, ix);
            EntryView {
                status,
                why: gap.map(|g| g.now(s)),
                id: e.id.0.clone(),
                name: e.name.clone(),
                kind: if usize::from(ix) < reqs {
                    "requirement"
                } else {
                    "seal"
                },
                known,
                text: known.then(|| e.text.clone()),
                points_to: if known {
                    lore::entry_places(s, ix)
                        .into_iter()
                        .map(|(c, d)| Pointer {
                            card: c.id.to_string(),
                            domain: d.id.to_string(),
                        })
                        .collect()
                } else {
                    Vec::new()
                },
            }
        })
        .collect();
    GuardianView {
        name: s.cards.guardian.name.clone(),
        terms: s.lore.mode.as_str(),
        entries,
    }
}

/// The rumours a learned entry gives the map, in a player's words: "the Ferryman's Bell
/// is said to rest in the Nightsea Expanse", one per piece, with the Domain's map index.
pub fn rumours(s: &State) -> Vec<(usize, String)> {
    let cards = &s.cards;
    let mut out = Vec::new();
    for ix in lore::known_entries(s) {
        for (c, d) in lore::entry_places(s, ix) {
            let card = cards.card(c);
            let verb = if card.card_type == crate::cards::model::StationType::Companion {
                "is said to walk"
            } else {
                "is said to rest"
            };
            let line = format!(
                "{} {verb} in {} ({}).",
                card.name,
                cards.domain(d).name,
                cards.entry(ix).map_or("", |e| e.name.as_str())
            );
            if !out.iter().any(|(_, l)| *l == line) {
                out.push((usize::from(d.index), line));
            }
        }
    }
    out
}

/// Where a learned entry's pieces are said to lie, one line each in a player's words:
/// "Mirror Shard, in Sirocco Wastes". Empty while its terms are not known.
pub fn where_said(s: &State, ix: u8) -> Vec<String> {
    if !lore::known(s, ix) {
        return Vec::new();
    }
    lore::entry_places(s, ix)
        .into_iter()
        .map(|(c, d)| format!("{}, in {}", s.cards.card(c).name, s.cards.domain(d).name))
        .collect()
}

/// How many entries are still sealed.
pub fn sealed_count(s: &State) -> usize {
    s.cards.entry_count() - lore::known_entries(s).len()
}

/// What would have broken each requirement or seal the traveller did not meet at the
/// Guardian, in a player's words: "To break the Seal of Aporia: the Sage, met in Darkwood
/// Brume, with the Ferryman's Bell from The Nightsea Expanse." Empty before the reveal.
pub fn what_would_have_won(s: &State) -> Vec<String> {
    if !s.revealed {
        return Vec::new();
    }
    let cards = &s.cards;
    let mut out = Vec::new();
    for (i, e) in cards.entries().enumerate() {
        let Ok(ix) = u8::try_from(i) else { continue };
        if crate::core::holds(s, &e.broken_by) {
            continue;
        }
        let pieces: Vec<String> = lore::entry_places(s, ix)
            .into_iter()
            .map(|(c, d)| format!("{} ({})", cards.card(c).name, cards.domain(d).name))
            .collect();
        let verb = if usize::from(ix) < cards.guardian.requirements.len() {
            "To meet"
        } else {
            "To break"
        };
        out.push(if pieces.is_empty() {
            format!("{verb} {}: {}", e.name, e.text)
        } else {
            format!("{verb} {}: {}.", e.name, pieces.join(", "))
        });
    }
    out
}
