//! Where the Guardian's puzzle stands: whether each requirement or seal is met, still within
//! reach, or lost for good (a piece given away, discarded, declined or swapped out; a
//! companion let go; a route with no way back to a Domain that holds a piece). Pure reads
//! of the state, which `execute` uses to tell an entry lost (`TermLost`); only what the
//! traveller may know is read for the traveller's view (where the pieces lie is what the
//! learned terms say; cards still in a deck count as within reach, whatever their order).
//! Whether a choice *would* break a known entry is [`super::consequence::breaks`]'s, which
//! plays it on a copy.

use super::legal::holds;
use super::lore;
use super::state::State;
use crate::cards::{CardRef, DomainRef};
use serde::Serialize;

/// Why an entry is out of reach: the first piece lost, or the Domains no route still visits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gap {
    /// No Domain holds the piece.
    Nowhere(CardRef),
    /// The piece was given away, discarded, declined or left behind in a cleared Domain.
    Gone(CardRef),
    /// No route from here passes through every one of these Domains.
    CutOff(Vec<DomainRef>),
}

impl Gap {
    /// In words, as the outcome of a choice: "the Golden Bangle would be gone for good".
    pub fn would(&self, s: &State) -> String {
        match self {
            Gap::Nowhere(c) => format!("{} is nowhere to be found", s.cards.card(*c).name),
            Gap::Gone(c) => format!("{} would be gone for good", s.cards.card(*c).name),
            Gap::CutOff(ds) => format!("no way would lead back to {}", domain_names(s, ds)),
        }
    }

    /// In words, as a fact: "the Golden Bangle is gone for good".
    pub fn now(&self, s: &State) -> String {
        match self {
            Gap::Nowhere(c) => format!("{} is nowhere to be found", s.cards.card(*c).name),
            Gap::Gone(c) => format!("{} is gone for good", s.cards.card(*c).name),
            Gap::CutOff(ds) => format!("no way leads back to {}", domain_names(s, ds)),
        }
    }
}

fn domain_names(s: &State, ds: &[DomainRef]) -> String {
    let names: Vec<&str> = ds
        .iter()
        .map(|d| s.cards.domain(*d).name.as_str())
        .collect();
    names.join(" and ")
}

/// Whether every piece of entry `ix` is held, follows, or can still be found on one route
/// from here; otherwise why not, as a [`Gap`] (the first piece lost, or the Domains cut
/// off; in words: [`Gap::would`], [`Gap::now`]).
pub fn reach(s: &State, ix: u8) -> Result<(), Gap> {
    let mut needed: Vec<DomainRef> = Vec::new();
    for piece in lore::entry_cards(s, ix) {
        if s.holds(piece.id) || s.follows(piece.id) {
            continue;
        }
        let Some(home) = lore::home_of(s, piece) else {
            return Err(Gap::Nowhere(piece));
        };
        if home == s.domain && !s.cleared.contains(&home) {
            if still_here(s, piece) {
                continue;
            }
            return Err(Gap::Gone(piece));
        }
        if s.cleared.contains(&home) || home == s.domain {
            return Err(Gap::Gone(piece));
        }
        if !needed.contains(&home) {
            needed.push(home);
        }
    }
    if needed.is_empty() || one_route_visits(s, &needed) {
        Ok(())
    } else {
        Err(Gap::CutOff(needed))
    }
}

/// Where one of the Guardian's requirements or seals stands now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TermStatus {
    /// Its terms hold right now, as the Guardian's reveal would judge them.
    Met,
    /// Not met, but every piece can still be had on some route from here.
    Open,
    /// Out of reach for good: a piece is gone or no route still leads to it.
    Lost,
    /// The traveller does not know its terms yet (the traveller's view only: see
    /// [`known_status`]).
    Unknown,
}

impl TermStatus {
    /// The name used in the protocol and files.
    pub fn as_str(self) -> &'static str {
        match self {
            TermStatus::Met => "met",
            TermStatus::Open => "open",
            TermStatus::Lost => "lost",
            TermStatus::Unknown => "unknown",
        }
    }
}

/// The status of entry `ix` now, whatever the traveller knows: `Met` if its terms hold as
/// the reveal judges them, else `Open` while [`reach`] finds it within reach, else `Lost`
/// with the reason. Never `Unknown`.
pub fn status(s: &State, ix: u8) -> (TermStatus, Option<Gap>) {
    let Some(entry) = s.cards.entry(ix) else {
        return (TermStatus::Unknown, None);
    };
    if holds(s, &entry.broken_by) {
        return (TermStatus::Met, None);
    }
    match reach(s, ix) {
        Ok(()) => (TermStatus::Open, None),
        Err(gap) => (TermStatus::Lost, Some(gap)),
    }
}

/// [`status`] as the traveller may see it: `Unknown` (and no reason) for an entry whose
/// terms they do not know, so the status never teaches a hidden term.
pub fn known_status(s: &State, ix: u8) -> (TermStatus, Option<Gap>) {
    if lore::known(s, ix) {
        status(s, ix)
    } else {
        (TermStatus::Unknown, None)
    }
}

/// Every entry that becomes out of reach now and is not yet recorded as lost, with the
/// reason: what `execute` reports as [`super::event::Event::TermLost`]. Every entry, known
/// or not; nothing once the Guardian has appeared (its reveal judges them all) or the run
/// is over.
pub fn newly_lost(s: &State) -> Vec<(u8, Gap)> {
    if s.revealed || s.outcome.is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for i in 0..s.cards.entry_count() {
        let Ok(ix) = u8::try_from(i) else { continue };
        if s.lost.contains(&ix) {
            continue;
        }
        if let (TermStatus::Lost, Some(gap)) = status(s, ix) {
            out.push((ix, gap));
        }
    }
    out
}

/// Whether the card is still to be met in this Domain: in its deck, its row, or being
/// resolved.
fn still_here(s: &State, card: CardRef) -> bool {
    s.deck.contains(&card)
        || s.row.iter().flatten().any(|rc| rc.card == card)
        || s.resolving == Some(card)
}

/// Whether some forward route from the Domain the traveller is in (or goes to next) to the
/// final Domain passes through every Domain of `needed`.
fn one_route_visits(s: &State, needed: &[DomainRef]) -> bool {
    let mut path: Vec<DomainRef> = s.cleared.clone();
    if !path.contains(&s.domain) {
        path.push(s.domain);
    }
    search(s, &mut path, needed)
}

fn search(s: &State, path: &mut Vec<DomainRef>, needed: &[DomainRef]) -> bool {
    let Some(&here) = path.last() else {
        return false;
    };
    if here == s.cards.final_domain {
        return needed.iter().all(|d| path.contains(d));
    }
    for &next in &s.cards.domain(here).links {
        if path.contains(&next) {
            continue;
        }
        path.push(next);
        let found = search(s, path, needed);
        path.pop();
        if found {
            return true;
        }
    }
    false
}
