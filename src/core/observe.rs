//! What a player may know about a run: a read-only window on the state that hides every
//! face-down card the traveller has not been shown. Bots decide from this, never from the
//! state itself, so a bot cannot cheat by reading the deck.

use super::modifiers::{Mods, mods, test_modifier};
use super::state::{Bonuses, Duel, Follower, Phase, PitTest, Seen, State};
use crate::cards::{CardRef, CardSet, DomainRef};

/// A row slot as the traveller sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    Empty,
    /// Face down and unknown.
    Hidden,
    /// Peeked at or face up.
    Known(CardRef),
}

/// The traveller's knowledge of a run.
#[derive(Clone, Copy)]
pub struct Observation<'a> {
    s: &'a State,
}

impl<'a> Observation<'a> {
    /// Looks at the state through the traveller's eyes.
    pub fn of(s: &'a State) -> Self {
        Observation { s }
    }

    /// Every card's printed text and numbers (public: anyone can read the card list).
    pub fn cards(&self) -> &'a CardSet {
        &self.s.cards
    }
    pub fn health(&self) -> i32 {
        self.s.health
    }
    pub fn max_health(&self) -> i32 {
        self.s.max_health
    }
    pub fn marker(&self) -> i8 {
        self.s.marker
    }
    pub fn grace(&self) -> u8 {
        self.s.grace
    }
    pub fn mods(&self) -> Mods {
        mods(self.s)
    }
    /// What is added to a Pit test's dice total now.
    pub fn test_modifier(&self) -> i32 {
        test_modifier(self.s)
    }
    /// One-off bonuses waiting for their occasion.
    pub fn bonus(&self) -> Bonuses {
        self.s.bonus
    }
    pub fn items(&self) -> &'a [CardRef] {
        &self.s.items
    }
    pub fn equipment(&self) -> &'a [CardRef] {
        &self.s.equipment
    }
    pub fn companions(&self) -> &'a [Follower] {
        &self.s.companions
    }
    pub fn snares(&self) -> &'a [CardRef] {
        &self.s.snares
    }
    pub fn domain(&self) -> DomainRef {
        self.s.domain
    }
    pub fn cleared(&self) -> &'a [DomainRef] {
        &self.s.cleared
    }
    pub fn deck_left(&self) -> usize {
        self.s.deck.len()
    }
    /// The top cards of the deck the traveller has been shown, top first.
    pub fn deck_seen(&self) -> impl Iterator<Item = CardRef> + 'a {
        self.s.deck.iter().rev().take(self.s.deck_seen).copied()
    }
    /// A row slot.
    pub fn slot(&self, i: usize) -> Slot {
        match self.s.row.get(i).copied().flatten() {
            None => Slot::Empty,
            Some(rc) if rc.seen == Seen::Hidden => Slot::Hidden,
            Some(rc) => Slot::Known(rc.card),
        }
    }
    /// Whether the traveller holds the card (slots or a companion's hands).
    pub fn holds(&self, id: &str) -> bool {
        self.s.holds(id)
    }
    pub fn follows(&self, id: &str) -> bool {
        self.s.follows(id)
    }
    /// Whether the ability is used up for now.
    pub fn is_spent(&self, card: CardRef) -> bool {
        self.s.is_spent(card)
    }
    /// The card being resolved (it is face up).
    pub fn resolving(&self) -> Option<CardRef> {
        match &self.s.phase {
            Phase::Resolving { card }
            | Phase::Offer { card }
            | Phase::Terror { card }
            | Phase::Rest { card }
            | Phase::Encounter { card }
            | Phase::Companion { card } => Some(*card),
            Phase::Pit(t) => Some(t.card),
            Phase::Duel(d) => d.card,
            _ => self.s.resolving,
        }
    }
    /// The duel in progress.
    pub fn duel(&self) -> Option<&'a Duel> {
        self.s.duel()
    }
    /// The Pit test in progress.
    pub fn test(&self) -> Option<&'a PitTest> {
        match &self.s.phase {
            Phase::Pit(t) => Some(t),
            _ => None,
        }
    }
    /// What the game waits for. (Phases carry only public cards.)
    pub fn phase(&self) -> &'a Phase {
        &self.s.phase
    }
    /// The Guardian's entries whose terms the traveller knows (bit i: entry i, for the
    /// first 32).
    pub fn known_mask(&self) -> u32 {
        (0..self.s.cards.entry_count().min(32))
            .filter(|&i| super::lore::known(self.s, i as u8))
            .fold(0, |m, i| m | 1 << i)
    }
    /// The entries this run learned that a player keeps for the next run.
    pub fn to_remember(&self) -> Vec<u8> {
        super::lore::to_remember(self.s)
    }
    pub fn flips(&self) -> u32 {
        self.s.flips
    }
    /// The Domains still to enter on a route that meets every entry of `want` (bit i:
    /// entry i) it can, each piece after its price ([`super::plan::route_for`]). It reads
    /// where the pieces lie and which cards of this Domain are still to come, as a player
    /// who has read the cards and watched the row knows them.
    pub fn route_for(&self, want: u32) -> Option<Vec<DomainRef>> {
        super::plan::route_for(self.s, want)
    }
    /// The cards the entries of `want` depend on (the pieces and their prices).
    pub fn pieces_for(&self, want: u32) -> Vec<CardRef> {
        super::plan::pieces_for(self.s, want)
    }
}
