//! Playing one run with a bot, and the per-run facts the statistics need.

use super::policy::{BotRng, Policy, mix};
use crate::cards::{CardRef, CardSet, DomainRef};
use crate::core::{
    Action, Cause, DiceMode, Event, Observation, Outcome, execute_offered_into, legal_actions_into,
    new_run_in,
};
use std::sync::Arc;

/// A run that has not ended after this many actions is abandoned (a safety net: the
/// rules guarantee every run ends; the simulator must never hang).
pub const ACTION_LIMIT: usize = 50_000;

/// Flips before a loss that count as "lost within a few flips" of a card.
pub const NEAR_FLIPS: usize = 3;

/// What one run did, for the statistics.
#[derive(Debug, Clone, Default)]
pub struct RunFacts {
    pub won: bool,
    pub cause: Option<Cause>,
    /// Where the run ended: the Domain, or `None` at the Guardian.
    pub ended_in: Option<DomainRef>,
    /// Domains in the order entered.
    pub path: Vec<DomainRef>,
    /// Each flip: the card and the Health change until the next flip (or the end).
    pub flips: Vec<(CardRef, i32)>,
    /// Health, marker and Grace after each Domain cleared.
    pub after_domain: Vec<(DomainRef, i32, i8, u8)>,
    pub exchanges: u32,
    /// The card being resolved (or last flipped) when the run was lost.
    pub killer: Option<CardRef>,
}

/// The seed of run `index` of a batch: the same whatever thread plays it.
pub fn run_seed(base: u64, index: u64) -> u64 {
    mix(base ^ mix(index.wrapping_add(1)))
}

/// Follows Health, marker and Grace through the events, so that figures can be taken
/// between flips (one action may flip and resolve a card at once).
struct Tracker {
    health: i32,
    marker: i8,
    grace: u8,
    at_flip: i32,
}

impl Tracker {
    fn record(&mut self, facts: &mut RunFacts, events: &[Event]) {
        for e in events {
            match e {
                Event::DomainEntered { domain } => facts.path.push(*domain),
                Event::CardFlipped { card, .. } => {
                    self.close_flip(facts);
                    self.at_flip = self.health;
                    facts.flips.push((*card, 0));
                }
                Event::HealthChanged { health, .. } | Event::ExchangeResolved { health, .. } => {
                    self.health = *health
                }
                Event::MaxHealthChanged { max_health, .. } => {
                    self.health = self.health.min(*max_health)
                }
                Event::MarkerMoved { marker, .. } => self.marker = *marker,
                Event::GraceChanged { grace, .. } => self.grace = *grace,
                Event::ExchangeRolled { .. } => facts.exchanges += 1,
                Event::DomainCleared { domain } => {
                    facts
                        .after_domain
                        .push((*domain, self.health, self.marker, self.grace));
                }
                _ => {}
            }
        }
    }

    fn close_flip(&self, facts: &mut RunFacts) {
        if let Some((_, delta)) = facts.flips.last_mut() {
            *delta = self.health - self.at_flip;
        }
    }
}

/// Plays one run to its end with `policy`.
pub fn play(cards: &Arc<CardSet>, seed: u64, policy: &mut dyn Policy) -> RunFacts {
    play_in(cards, seed, DiceMode::Rolled, policy)
}

/// [`play`] with the run's dice rolled or dealt from a deck (`mode`).
pub fn play_in(
    cards: &Arc<CardSet>,
    seed: u64,
    mode: DiceMode,
    policy: &mut dyn Policy,
) -> RunFacts {
    let (mut state, events) = new_run_in(Arc::clone(cards), seed, Vec::new(), false, mode);
    let mut rng = BotRng::new(mix(seed ^ 0x5EED_B075));
    let mut facts = RunFacts::default();
    let mut t = Tracker {
        health: state.health,
        marker: state.marker,
        grace: state.grace,
        at_flip: state.health,
    };
    t.record(&mut facts, &events);
    policy.start(&Observation::of(&state));
    let mut steps = 0;
    // Buffers reused across steps: the loop allocates little.
    let mut actions = Vec::new();
    let mut events = Vec::new();
    while !state.is_over() {
        legal_actions_into(&state, &mut actions);
        let action = if steps >= ACTION_LIMIT {
            Action::Abandon
        } else {
            let i = policy.choose(&Observation::of(&state), &actions, &mut rng);
            actions.swap_remove(i.min(actions.len() - 1))
        };
        events = execute_offered_into(&mut state, &action, events);
        t.record(&mut facts, &events);
        steps += 1;
    }
    t.close_flip(&mut facts);
    match &state.outcome {
        Some(Outcome::Won) => facts.won = true,
        Some(Outcome::Lost { cause, .. }) => {
            facts.cause = Some(*cause);
            // A loss at the Guardian is nobody's card: it is counted with the Guardian.
            if !state.cleared.contains(&cards.final_domain) {
                facts.killer = state.resolving.or(facts.flips.last().map(|f| f.0));
            }
        }
        None => facts.cause = Some(Cause::Abandoned),
    }
    facts.ended_in = if state.cleared.contains(&cards.final_domain) {
        None
    } else {
        Some(state.domain)
    };
    facts
}
