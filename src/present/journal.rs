//! The Guide's notes journal, read from a session's journal of events: every card, Domain
//! and Guardian the run has met with its words, newest first, and a recap at the end of
//! each Domain. Each entry keeps two kinds of words apart: prose to read aloud (a card's
//! flavour, a Domain's scene) and direction for the Guide alone (`guide_notes`).
//!
//! Because the journal is read from events, a card that resolves within the action that
//! flipped it (a Caesura, a Snare, a companion who joins at once) is in the journal of that
//! very step: the Guide never misses its words.

use crate::cards::CardSet;
use crate::core::event::Zone;
use crate::core::state::{Phase, State};
use crate::core::{Action, Event, legal_actions};
use serde::Serialize;

/// What a journal entry is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// A Station card flipped.
    Card,
    /// A Domain entered.
    Domain,
    /// The Guardian revealed.
    Guardian,
    /// The end of a Domain: what happened in it.
    Recap,
}

/// One entry of the notes journal.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NoteEntry {
    /// The source: a card id, a Domain id or the Guardian's id.
    pub card: String,
    pub name: String,
    pub kind: EntryKind,
    /// Prose meant to be read aloud (flavour, a Domain's scene).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_aloud: Option<String>,
    /// Direction for the Guide alone (never to be read out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub direction: Option<String>,
    /// Number of the flip the entry came with (0 before the first flip).
    pub flip: u32,
    /// A Station card's type, as a player names it ("Foe", "Pit").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card_type: Option<&'static str>,
}

fn join(a: Option<&str>, b: Option<&str>) -> Option<String> {
    let parts: Vec<&str> = [a, b]
        .into_iter()
        .flatten()
        .filter(|t| !t.trim().is_empty())
        .collect();
    (!parts.is_empty()).then(|| parts.join("\n\n"))
}

/// The entry of a Station card (its flavour to read, its notes for the Guide).
pub fn card_entry(cards: &CardSet, card: crate::cards::CardRef, flip: u32) -> NoteEntry {
    let c = cards.card(card);
    NoteEntry {
        card: c.id.0.clone(),
        name: c.name.clone(),
        kind: EntryKind::Card,
        read_aloud: join(c.flavor.as_deref(), None),
        direction: c.guide_notes.clone(),
        flip,
        card_type: Some(c.card_type.title()),
    }
}

/// The entry of a Domain (its scene text and flavour to read, its notes for the Guide).
pub fn domain_entry(cards: &CardSet, domain: crate::cards::DomainRef, flip: u32) -> NoteEntry {
    let d = cards.domain(domain);
    NoteEntry {
        card: d.id.0.clone(),
        name: d.name.clone(),
        kind: EntryKind::Domain,
        read_aloud: join(Some(&d.text), d.flavor.as_deref()),
        direction: d.guide_notes.clone(),
        flip,
        card_type: None,
    }
}

fn guardian_entry(cards: &CardSet, flip: u32) -> NoteEntry {
    let g = &cards.guardian;
    NoteEntry {
        card: g.id.0.clone(),
        name: g.name.clone(),
        kind: EntryKind::Guardian,
        read_aloud: join(g.flavor.as_deref(), None),
        direction: g.guide_notes.clone(),
        flip,
        card_type: None,
    }
}

/// The notes at hand now (the card, the Guardian or the Domain that
/// [`super::notes_with_source`] picks), with the prose to read aloud apart from the
/// direction for the Guide.
pub fn entry_now(s: &State) -> NoteEntry {
    let cards = &s.cards;
    let (_, id, _) = super::notes_with_source(s);
    match cards.card_by_str(id) {
        Some(c) => card_entry(cards, c, s.flips),
        None if id == cards.guardian.id.0 => guardian_entry(cards, s.flips),
        None => domain_entry(cards, s.domain, s.flips),
    }
}

/// What happened in one Domain, gathered for its recap.
#[derive(Default)]
struct Tally {
    met: Vec<String>,
    beaten: Vec<String>,
    passed: Vec<String>,
    gained: Vec<String>,
    lost: Vec<String>,
    health: i32,
}

impl Tally {
    fn words(&self) -> String {
        let list = |v: &[String]| v.join(", ");
        let mut out = Vec::new();
        if !self.met.is_empty() {
            out.push(format!("Met: {}.", list(&self.met)));
        }
        if !self.beaten.is_empty() {
            out.push(format!("Beaten: {}.", list(&self.beaten)));
        }
        if !self.passed.is_empty() {
            out.push(format!("Passed by other ways: {}.", list(&self.passed)));
        }
        if !self.gained.is_empty() {
            out.push(format!("Gained: {}.", list(&self.gained)));
        }
        if !self.lost.is_empty() {
            out.push(format!("Lost: {}.", list(&self.lost)));
        }
        out.push(match self.health {
            0 => "Health unchanged.".to_string(),
            h if h > 0 => format!("Health +{h} overall."),
            h => format!("Health {h} overall."),
        });
        out.join(" ")
    }
}

impl Tally {
    /// Counts one event in.
    fn record(&mut self, cards: &CardSet, e: &Event) {
        let name = |c: crate::cards::CardRef| cards.card(c).name.clone();
        match e {
            Event::CardFlipped { card, .. } => self.met.push(name(*card)),
            Event::FoeDefeated { foe } => {
                self.beaten.push(crate::present::words::name_of(cards, foe))
            }
            Event::FoePassed { card, .. } => self.passed.push(name(*card)),
            Event::CardTaken { card, .. } | Event::CompanionJoined { card, .. } => {
                self.gained.push(name(*card))
            }
            Event::CardGivenAway { card } => self.lost.push(name(*card)),
            Event::CardDiscarded {
                card,
                from: Zone::Items | Zone::Equipment,
            } => self.lost.push(name(*card)),
            Event::HealthChanged { by, .. } => self.health += by,
            _ => {}
        }
    }
}

/// Every note of the run so far, newest first, from the session's journal of events.
pub fn notes_journal(cards: &CardSet, events: &[Event]) -> Vec<NoteEntry> {
    let mut out = Vec::new();
    let mut flips = 0;
    // This Domain's and the whole run's.
    let (mut tally, mut whole) = (Tally::default(), Tally::default());
    let mut crossed: Vec<String> = Vec::new();
    let mut here = String::new();
    let recap = |card: String, name: String, words: String, flip: u32| NoteEntry {
        card,
        name,
        kind: EntryKind::Recap,
        read_aloud: None,
        direction: Some(words),
        flip,
        card_type: None,
    };
    for e in events {
        if matches!(e, Event::DomainEntered { .. }) {
            tally = Tally::default();
        }
        tally.record(cards, e);
        whole.record(cards, e);
        match e {
            Event::DomainEntered { domain } => {
                here = domain.id().to_string();
                crossed.push(cards.domain(*domain).name.clone());
                out.push(domain_entry(cards, *domain, flips));
            }
            Event::CardFlipped { card, .. } => {
                flips += 1;
                out.push(card_entry(cards, *card, flips));
            }
            Event::GuardianRevealed { .. } => out.push(guardian_entry(cards, flips)),
            Event::DomainCleared { domain } => {
                let d = cards.domain(*domain);
                let name = format!("{}: recap", d.name);
                out.push(recap(d.id.0.clone(), name, tally.words(), flips));
            }
            Event::RunEnded { .. } => {
                // The whole run: the Domains crossed, then everything met, beaten,
                // gained and lost on the way.
                let met = std::mem::take(&mut whole.met).len();
                let words = format!(
                    "Domains crossed: {}. Cards met: {met}. {}",
                    crossed.join(", "),
                    whole.words()
                );
                out.push(recap(here.clone(), "The run: recap".into(), words, flips));
            }
            _ => {}
        }
    }
    out.reverse();
    out
}

/// The scene notes of each Domain the traveller may choose at a route choice (empty
/// otherwise), in the order the actions offer them.
pub fn route_notes(s: &State) -> Vec<NoteEntry> {
    if s.phase != Phase::Route {
        return Vec::new();
    }
    legal_actions(s)
        .iter()
        .filter_map(|a| match a {
            Action::Go { domain } => s.cards.domain_by_str(domain.as_ref()),
            _ => None,
        })
        .map(|d| domain_entry(&s.cards, d, s.flips))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notes_now_keep_prose_to_read_apart_from_direction() {
        let cards = crate::cards::load::load_source(&crate::cards::CardSource::Builtin)
            .map(|(set, _)| std::sync::Arc::new(set))
            .expect("the built-in set loads");
        let (s, _) = crate::core::new_run(cards.clone(), 1, Vec::new());
        // At the start of a Domain: its scene to read, its notes for the Guide alone.
        let e = entry_now(&s);
        let d = cards.domain(s.domain);
        assert_eq!(e.kind, EntryKind::Domain);
        assert_eq!(e.name, d.name);
        assert!(
            e.read_aloud
                .as_deref()
                .is_some_and(|t| t.starts_with(&d.text))
        );
        assert_eq!(e.direction, d.guide_notes);
    }
}
