//! Whether a choice breaks a known part of the Guardian's puzzle: a requirement or seal
//! whose terms the traveller knows, still within reach before the choice and out of reach
//! after it (a piece given away, discarded, declined or swapped out; a companion let go; a
//! route with no way back to a Domain that holds a piece). A pure check: the choice is
//! played on a copy of the state; only what the traveller may know is read (where the
//! pieces lie is what the learned terms say; cards still in a deck count as within reach,
//! whatever their order).

use super::action::Action;
use super::exec::execute;
use super::lore;
use super::state::State;
use crate::cards::{CardRef, DomainRef};

/// A known entry the choice would put out of reach, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Break {
    /// The requirement's or seal's name.
    pub entry: String,
    /// Why, in a player's words ("the Golden Bangle would be gone for good").
    pub why: String,
}

impl std::fmt::Display for Break {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}, and {} needs it", self.why, self.entry)
    }
}

/// The first known entry `action` would put out of reach (`None`: no such entry, or an
/// action not offered). Only choices that can lose a piece or a way are judged.
pub fn breaks(state: &State, action: &Action) -> Option<Break> {
    if !matches!(
        action,
        Action::Swap { .. }
            | Action::Decline
            | Action::Use { .. }
            | Action::Give { .. }
            | Action::Discard { .. }
            | Action::Choose { .. }
            | Action::Toll
            | Action::Go { .. }
    ) {
        return None;
    }
    let known = lore::known_entries(state);
    if known.is_empty() {
        return None;
    }
    let mut after = state.clone();
    execute(&mut after, action).ok()?;
    for ix in known {
        if within_reach(state, ix).is_err() {
            // Already out of reach: nothing this choice can break.
            continue;
        }
        if let Err(why) = within_reach(&after, ix) {
            let entry = state
                .cards
                .entry(ix)
                .map_or(String::new(), |e| e.name.clone());
            return Some(Break { why, entry });
        }
    }
    None
}

/// Whether every piece of entry `ix` is held, follows, or can still be found on one route
/// from here; otherwise why not (the first piece lost, or the Domain cut off).
pub fn within_reach(s: &State, ix: u8) -> Result<(), String> {
    let cards = &s.cards;
    let mut needed: Vec<DomainRef> = Vec::new();
    for piece in lore::entry_cards(s, ix) {
        let name = &cards.card(piece).name;
        if s.holds(piece.id) || s.follows(piece.id) {
            continue;
        }
        let Some(home) = lore::home_of(s, piece) else {
            return Err(format!("{name} is nowhere to be found"));
        };
        if home == s.domain && !s.cleared.contains(&home) {
            if still_here(s, piece) {
                continue;
            }
            return Err(format!("{name} would be gone for good"));
        }
        if s.cleared.contains(&home) || home == s.domain {
            return Err(format!("{name} would be gone for good"));
        }
        if !needed.contains(&home) {
            needed.push(home);
        }
    }
    if needed.is_empty() || one_route_visits(s, &needed) {
        Ok(())
    } else {
        let names: Vec<&str> = needed
            .iter()
            .map(|d| cards.domain(*d).name.as_str())
            .collect();
        Err(format!("no way would lead back to {}", names.join(" and ")))
    }
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
