//! The Guardian's card as the traveller knows it: every requirement and seal by name, its
//! terms only once learned (a rumour, an earlier run, the setting, the reveal), and where a
//! learned entry points (the Domains holding the pieces it names). The protocol's
//! `state.guardian`, the map panel and the table's seals read it; nothing here shows an
//! unlearned entry's terms.

use crate::cards::{CardRef, DomainRef};
use crate::core::lore;
use crate::core::plan::{self, Need, TermStatus};
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
    /// Whether one route can still meet every known entry not lost, together
    /// ([`crate::core::plan::together`]); true once nothing is left to judge.
    pub together: bool,
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
    /// While `open`: what it still needs, in the order a route meets it ("first the
    /// Mirror Shard (The Caelith Spiremaze), then the Mirror Knight (Sirocco Wastes),
    /// shown the Mirror Shard").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub needs: Option<String>,
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
                needs: (status == TermStatus::Open)
                    .then(|| needs_words(s, &plan::needs(s, ix)))
                    .flatten(),
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
                            card: c.id().to_string(),
                            domain: d.id().to_string(),
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
        together: plan::together(s, true),
    }
}

/// Said when no one route meets every term still open: each can be met, not all.
pub const APART: &str =
    "No one road from here meets every term still open: each can be met, but not all of them.";

/// What an open entry still needs, in order, in a player's words; `None` when nothing is
/// left to find.
pub fn needs_words(s: &State, needs: &[Need]) -> Option<String> {
    let cards = &s.cards;
    let name = |c: CardRef| cards.card(c).name.clone();
    let place =
        |d: Option<DomainRef>| d.map_or(String::new(), |d| format!(" ({})", cards.domain(d).name));
    let steps: Vec<String> = needs
        .iter()
        .map(|n| match *n {
            Need::Find { card, domain } => format!("{}{}", name(card), place(domain)),
            Need::Win {
                card,
                domain,
                price,
                gives,
            } => match price {
                Some(p) => format!(
                    "{}{}, {} {}",
                    name(card),
                    place(domain),
                    if gives { "given" } else { "shown" },
                    name(p)
                ),
                None => format!("{}{}", name(card), place(domain)),
            },
            Need::Carry { card, by } => format!("{} handed to {} to carry", name(card), name(by)),
        })
        .collect();
    match steps.as_slice() {
        [] => None,
        [one] => Some(one.clone()),
        [first, rest @ ..] => Some(format!("first {first}, then {}", rest.join(", then "))),
    }
}

/// A piece of an entry as the end screen names it: "the Mirror Knight (Sirocco Wastes),
/// who joins when shown the Mirror Shard (The Caelith Spiremaze)".
fn piece_words(s: &State, c: CardRef, d: DomainRef) -> String {
    use crate::cards::model::Join;
    let cards = &s.cards;
    let card = cards.card(c);
    let mut out = format!("{} ({})", card.name, cards.domain(d).name);
    let price = match &card.join {
        Some(Join::Show(x)) => Some((x, "shown")),
        Some(Join::Give(x)) => Some((x, "given")),
        None => card.passage.iter().filter(|p| p.joins).find_map(|p| {
            p.show
                .as_ref()
                .map(|x| (x, "shown"))
                .or(p.give.as_ref().map(|x| (x, "given")))
        }),
    };
    if let Some((x, how)) = price
        && let Some(x) = cards.card_ref(x)
    {
        let home =
            lore::home_of(s, x).map_or(String::new(), |h| format!(" ({})", cards.domain(h).name));
        out.push_str(&format!(
            ", who joins when {how} {}{home}",
            cards.card(x).name
        ));
    }
    out
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

/// The pieces of known terms said to lie in the Domain at `domain` (its index), each
/// with the term it serves ("Mirror Shard, for the Seal of Acedia"): what a route card
/// tells of the road. Terms not known yet say nothing.
pub fn pieces_in(s: &State, domain: usize) -> Vec<String> {
    let mut out = Vec::new();
    for ix in lore::known_entries(s) {
        let Some(entry) = s.cards.entry(ix) else {
            continue;
        };
        for (card, d) in lore::entry_places(s, ix) {
            if usize::from(d.index) == domain {
                out.push(format!("{}, for {}", s.cards.card(card).name, entry.name));
            }
        }
    }
    out
}

/// What a companion (or a foe who may join) asks to be shown or given, if anything.
fn joins_for(s: &State, c: CardRef) -> Option<CardRef> {
    use crate::cards::model::Join;
    let card = s.cards.card(c);
    let id = match &card.join {
        Some(Join::Show(x) | Join::Give(x)) => Some(x),
        None => card
            .passage
            .iter()
            .filter(|p| p.joins)
            .find_map(|p| p.show.as_ref().or(p.give.as_ref())),
    }?;
    s.cards.card_ref(id)
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
        // The pieces the terms name, each with its price; a price already named with its
        // companion is not listed again.
        let places = lore::entry_places(s, ix);
        let priced: Vec<CardRef> = places
            .iter()
            .filter_map(|(c, _)| joins_for(s, *c))
            .collect();
        let pieces: Vec<String> = places
            .into_iter()
            .filter(|(c, _)| !priced.contains(c))
            .map(|(c, d)| piece_words(s, c, d))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::state::{Lore, TermsMode};

    /// A route card tells the pieces of known terms only: with nothing learned, no Domain
    /// says anything; with every term shown, each piece is named in the Domain that holds
    /// it (an independent look at each Domain's own deck).
    #[test]
    fn a_route_card_names_the_pieces_of_known_terms_only() {
        let (mut s, _) = crate::core::new_run(crate::present::testing::shipped(), 7, vec![]);
        let domains = s.cards.domains.len();
        s.set_lore(Lore {
            mode: TermsMode::End,
            prior: Vec::new(),
            ..Lore::default()
        });
        assert!((0..domains).all(|d| pieces_in(&s, d).is_empty()));
        s.set_lore(Lore {
            mode: TermsMode::Start,
            prior: Vec::new(),
            ..Lore::default()
        });
        let mut named = 0;
        for d in 0..domains {
            for line in pieces_in(&s, d) {
                let card = line.split(", for ").next().unwrap_or_default();
                let here = s.cards.domains[d]
                    .stations
                    .iter()
                    .any(|c| s.cards.card(*c).name == card);
                assert!(here, "{card} is not in {}", s.cards.domains[d].name);
                named += 1;
            }
        }
        assert!(named > 0, "the shipped terms name pieces");
    }
}
