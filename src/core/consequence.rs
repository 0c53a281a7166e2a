//! What an offered choice will cost the traveller, said before it is taken: a choice that
//! ends the run, or one that spends a use of a card for nothing.
//!
//! The answer comes from the rules themselves: the action is played on a copy of the state
//! and the events it emits are read. A choice that rolls dice is not judged (what it does
//! depends on a die not yet rolled, and the copy must not tell the player the future).
//! This sits beside `legal` rather than in it: it uses `exec`, which uses `legal`.

use super::action::Action;
use super::event::{Event, Zone};
use super::exec::execute;
use super::state::{Outcome, Phase, State};
use crate::cards::model::Per;
use std::fmt;

/// A consequence worth a word on the choice's button.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// The choice ends the run: the traveller falls.
    Fatal,
    /// The choice uses up this card, or its once-a-run ability, and changes nothing now.
    Wasted {
        /// The card's name.
        card: String,
        /// The card is discarded (an item used up), not only its ability spent.
        used_up: bool,
    },
}

impl Warning {
    /// A few words for a button: `kills you`, `changes nothing now`.
    pub fn short(&self) -> &'static str {
        match self {
            Warning::Fatal => "kills you",
            Warning::Wasted { .. } => "changes nothing now",
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::Fatal => write!(f, "this will kill the traveller"),
            Warning::Wasted {
                card,
                used_up: true,
            } => write!(
                f,
                "{card} would be used up for nothing: it changes nothing now"
            ),
            Warning::Wasted { card, .. } => write!(
                f,
                "{card}'s once-a-run ability would be spent for nothing: it changes nothing now"
            ),
        }
    }
}

/// What taking the offered `action` will cost beyond what it says, if anything worth a
/// warning. `None` for an action not offered, one that rolls dice, and harmless ones.
pub fn consequence(state: &State, action: &Action) -> Option<Warning> {
    if !judged(action) {
        return None;
    }
    let mut after = state.clone();
    let events = execute(&mut after, action).ok()?;
    let rolled = events.iter().any(|e| {
        matches!(
            e,
            Event::EffectRolled { .. }
                | Event::TestRolled { .. }
                | Event::ExchangeRolled { .. }
                | Event::TravellerRolled { .. }
                | Event::FoeRolled { .. }
        )
    });
    if rolled {
        return None;
    }
    let lost = matches!(after.phase, Phase::Over)
        && events.iter().any(|e| {
            matches!(
                e,
                Event::RunEnded {
                    outcome: Outcome::Lost { .. }
                }
            )
        })
        && !matches!(action, Action::Abandon);
    if lost || (after.health <= 0 && state.health > 0) {
        return Some(Warning::Fatal);
    }
    wasted(state, &events)
}

/// The actions judged: choices whose effects are known before they are taken.
fn judged(action: &Action) -> bool {
    matches!(
        action,
        Action::Choose { .. } | Action::Use { .. } | Action::Spend { .. } | Action::Pick { .. }
    )
}

/// A card's use (once, or once a run) whose other events change nothing.
fn wasted(state: &State, events: &[Event]) -> Option<Warning> {
    let (card, per) = events.iter().find_map(|e| match e {
        Event::AbilityUsed { card, per } => Some((*card, *per)),
        _ => None,
    })?;
    if !matches!(per, Per::Once | Per::Run) {
        return None;
    }
    let idle = events.iter().all(|e| match e {
        Event::AbilityUsed { .. } | Event::ChoiceClosed => true,
        Event::CardDiscarded { card: c, from } => {
            *c == card && matches!(from, Zone::Items | Zone::Equipment)
        }
        Event::HealthChanged { by, .. } | Event::MaxHealthChanged { by, .. } => *by == 0,
        Event::MarkerMoved { by, .. } => *by == 0,
        Event::GraceChanged { by, .. } => *by == 0,
        _ => false,
    });
    idle.then(|| Warning::Wasted {
        card: state.cards.card(card).name.clone(),
        used_up: per == Per::Once,
    })
}
