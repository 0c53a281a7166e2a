//! What the traveller knows of the Guardian's terms: its requirements and seals (its
//! *entries*, indexed as [`crate::cards::CardSet::entries`] lists them).
//!
//! A run learns an entry when a rumour (a Station card or Domain scene whose `reveals`
//! names it) is met, and every entry at the Guardian's reveal: those are events, kept in
//! [`RunData::learned`](super::state::RunData::learned). What the traveller brings from earlier runs and how the player
//! chose to learn the terms ([`TermsMode`]) are not game state: they change what is shown,
//! never what happens, so they ride beside the state in [`Lore`] (never saved). Both are
//! plain data, defined with the state (`state.rs`) and re-exported here; this file reads.

use super::event::Event;
use super::state::State;
pub use super::state::{Lore, TermsMode};
use crate::cards::CardRef;
use std::collections::BTreeMap;

/// Whether the traveller knows the terms of entry `ix` now.
pub fn known(s: &State, ix: u8) -> bool {
    if s.revealed {
        return true;
    }
    match s.lore.mode {
        TermsMode::Start => true,
        TermsMode::End => false,
        TermsMode::Road => s.learned.contains(&ix) || s.lore.prior.contains(&ix),
    }
}

/// Every entry index whose terms the traveller knows now, in order.
pub fn known_entries(s: &State) -> Vec<u8> {
    (0..s.cards.entry_count())
        .filter_map(|i| u8::try_from(i).ok())
        .filter(|&i| known(s, i))
        .collect()
}

/// Entries learned in this run (rumours or the reveal) that the traveller keeps for the
/// next run: none with the terms shown from the start (nothing was learned), only the
/// reveal's in the paper's mode (rumours are not read there).
pub fn to_remember(s: &State) -> Vec<u8> {
    match s.lore.mode {
        TermsMode::Start => Vec::new(),
        TermsMode::End if !s.revealed => Vec::new(),
        _ => s.learned.clone(),
    }
}

/// The Station cards the traveller met in each Domain (by index) in these events, in the
/// order first met: flipped, looked at in the row, or seen on top of the deck (a peek or a
/// reorder). What a run keeps for the next one's route cards; it never changes play.
pub fn met_in_domains(journal: &[Event]) -> BTreeMap<u8, Vec<CardRef>> {
    let mut out: BTreeMap<u8, Vec<CardRef>> = BTreeMap::new();
    let mut here = None;
    for e in journal {
        let cards: &[CardRef] = match e {
            Event::DomainEntered { domain } => {
                here = Some(domain.index);
                continue;
            }
            Event::CardFlipped { card, .. } | Event::CardSeen { card, .. } => {
                std::slice::from_ref(card)
            }
            Event::DeckSeen { cards } | Event::DeckReordered { cards } => cards,
            _ => continue,
        };
        if let Some(d) = here {
            let met = out.entry(d).or_default();
            for c in cards {
                if !met.contains(c) {
                    met.push(*c);
                }
            }
        }
    }
    out
}

/// The Station cards met in the Domain at `domain` (its index) on earlier runs of this
/// card set, in the order first met (empty on a first run).
pub fn seen_before(s: &State, domain: usize) -> &[CardRef] {
    u8::try_from(domain)
        .ok()
        .and_then(|d| s.lore.seen.get(&d))
        .map_or(&[], Vec::as_slice)
}

/// The Station cards an entry's condition names, and what a named companion asks before
/// joining (the card to show or give): the pieces of the plan, in the order written.
pub fn entry_cards(s: &State, ix: u8) -> Vec<crate::cards::CardRef> {
    use crate::cards::model::Join;
    let cards = &s.cards;
    let Some(seal) = cards.entry(ix) else {
        return Vec::new();
    };
    let mut ids = Vec::new();
    seal.broken_by.card_ids(&mut ids);
    let mut out: Vec<crate::cards::CardRef> = Vec::new();
    for id in ids {
        let Some(r) = cards.card_by_str(id) else {
            continue;
        };
        if !out.contains(&r) {
            out.push(r);
        }
        if let Some(Join::Show(j) | Join::Give(j)) = &cards.card(r).join
            && let Some(j) = cards.card_ref(j)
            && !out.contains(&j)
        {
            out.push(j);
        }
    }
    out
}

/// The Domain whose deck holds a Station card.
pub fn home_of(s: &State, card: crate::cards::CardRef) -> Option<crate::cards::DomainRef> {
    s.cards
        .domain_refs()
        .iter()
        .copied()
        .find(|d| s.cards.domain(*d).stations.contains(&card))
}

/// Where an entry points: each piece of [`entry_cards`] with the Domain that holds it.
pub fn entry_places(s: &State, ix: u8) -> Vec<(crate::cards::CardRef, crate::cards::DomainRef)> {
    entry_cards(s, ix)
        .into_iter()
        .filter_map(|c| Some((c, home_of(s, c)?)))
        .collect()
}
