//! What an offered choice will cost the traveller, said before it is taken: a choice that
//! ends the run, one that spends a use of a card for nothing, or one that puts a known
//! requirement or seal of the Guardian out of reach ([`breaks`]; where each stands now is
//! [`super::plan`]'s).
//!
//! The answer comes from the rules themselves: the action is played on a copy of the state
//! and the events it emits are read. A choice that rolls dice is not judged (what it does
//! depends on a die not yet rolled, and the copy must not tell the player the future).
//! This sits beside `legal` rather than in it: it uses `exec`, which uses `legal`.

use super::action::Action;
use super::event::{Event, Zone};
use super::exec::execute;
use super::state::{Outcome, Phase, State};
use super::{lore, plan};
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
    /// The choice puts a requirement or seal whose terms the traveller knows out of reach
    /// (see [`breaks`]).
    BreaksPlan(Break),
}

impl Warning {
    /// A few words for a button: `kills you`, `changes nothing now`, `breaks the Seal of
    /// Aporia`.
    pub fn short(&self) -> String {
        match self {
            Warning::Fatal => "kills you".into(),
            Warning::Wasted { .. } => "changes nothing now".into(),
            // The reason is the tooltip's (Display): a button holds the entry only.
            Warning::BreaksPlan(b) => format!("breaks {}", b.entry),
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
            Warning::BreaksPlan(b) => b.fmt(f),
        }
    }
}

/// What taking the offered `action` will cost beyond what it says, if anything worth a
/// warning. `None` for an action not offered, one that rolls dice, and harmless ones.
pub fn consequence(state: &State, action: &Action) -> Option<Warning> {
    if !judged(action) {
        return breaks(state, action).map(Warning::BreaksPlan);
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
    wasted(state, &events).or_else(|| breaks(state, action).map(Warning::BreaksPlan))
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
    breaks_all(state, action).into_iter().next().map(|(_, b)| b)
}

/// Every known entry `action` would put out of reach, in the Guardian's order, each with
/// its index among the entries (empty: none, or an action not offered).
pub fn breaks_all(state: &State, action: &Action) -> Vec<(u8, Break)> {
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
        return Vec::new();
    }
    let known = lore::known_entries(state);
    if known.is_empty() {
        return Vec::new();
    }
    let mut after = state.clone();
    if execute(&mut after, action).is_err() {
        return Vec::new();
    }
    let mut out = Vec::new();
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
            out.push((ix, Break { why, entry }));
        }
    }
    out
}

/// Whether every piece of entry `ix` is held, follows, or can still be found on one route
/// from here; otherwise why not (the first piece lost, or the Domain cut off), as the
/// outcome of a choice not yet taken ("would be gone for good").
pub fn within_reach(s: &State, ix: u8) -> Result<(), String> {
    plan::reach(s, ix).map_err(|gap| gap.would(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::load::load_dir;
    use crate::core::apply::apply;
    use crate::core::exec::new_run;
    use crate::core::testing::StateBuilder;

    use std::sync::Arc;

    fn run() -> State {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let cards = Arc::new(load_dir(&dir).expect("the shipped cards load").0);
        new_run(cards, 1, Vec::new()).0
    }

    #[test]
    fn a_once_a_run_cleanse_with_no_snare_is_marked_wasted() {
        let mut s = run();
        let tamsin = s.cards.card_by_str("tamsin_herbwife").unwrap();
        let joined = Event::CompanionJoined {
            card: tamsin,
            carrying: None,
        };
        apply(&mut s, &joined);
        let use_her = Action::Use {
            card: "tamsin_herbwife".into(),
        };
        assert!(s.snares.is_empty());
        let w = consequence(&s, &use_her).expect("a warning");
        assert_eq!(
            w,
            Warning::Wasted {
                card: "Tamsin the Herbwife".into(),
                used_up: false
            }
        );
        assert_eq!(
            w.to_string(),
            "Tamsin the Herbwife's once-a-run ability would be spent for nothing: it changes nothing now"
        );
        // Flipping a card is never judged.
        assert_eq!(consequence(&s, &Action::Flip { slot: 0 }), None);
    }

    #[test]
    fn a_terror_option_that_takes_the_last_health_is_marked_fatal() {
        let s = run();
        let raid = s.cards.card_by_str("termina_the_raid_remembered").unwrap();
        let facing = |health| {
            StateBuilder::from(s.clone())
                .with(|r| {
                    r.phase = Phase::Terror { card: raid };
                    r.health = health;
                })
                .build()
        };
        let relive = Action::Choose { option: 0 };
        assert_eq!(consequence(&facing(7), &relive), Some(Warning::Fatal));
        assert_eq!(Warning::Fatal.short(), "kills you");
        let s = facing(8);
        assert_eq!(consequence(&s, &relive), None);
        // The other option (1 Dread from the neutral marker) costs no life.
        assert_eq!(consequence(&s, &Action::Choose { option: 1 }), None);
    }
}
