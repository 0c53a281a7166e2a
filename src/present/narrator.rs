//! The log told by a narrator (the Guide's screen): the traveller in the third person,
//! the Guide as "you"; and a Guide's choices in the Guide's words.

use super::person::third_person;
use super::words::{action_label, describe, exchange_line};
use crate::cards::CardSet;
use crate::core::state::{Phase, State};
use crate::core::{Action, Event, Outcome};

/// Who tells the log: the traveller's table ("you dealt 2"), or the Guide's screen,
/// where the traveller is "the traveller" and "you" is the Guide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Voice {
    Traveller,
    Narrator,
}

/// The event log's line for an event in a voice, if it deserves one.
pub fn describe_as(cards: &CardSet, e: &Event, voice: Voice) -> Option<String> {
    if voice == Voice::Narrator
        && let Some(line) = narrated(cards, e)
    {
        return Some(line);
    }
    describe(cards, e)
}

/// The lines a narrator tells otherwise than the traveller's table.
fn narrated(cards: &CardSet, e: &Event) -> Option<String> {
    let card = |c: &crate::cards::CardRef| cards.card(*c).name.clone();
    Some(match e {
        Event::CompanionJoined { card: c, .. } => format!("{} follows the traveller.", card(c)),
        Event::RunEnded {
            outcome: Outcome::Lost { detail, .. },
        } => format!(
            "The run is lost: {}",
            detail.replace("You and ", "The traveller and ")
        ),
        // The option's label is the card's own words, quoted as written.
        Event::TerrorChosen { card: c, option } => {
            let label = cards
                .card(*c)
                .options
                .get(*option as usize)
                .map_or(String::new(), |o| o.label.clone());
            format!("The traveller chose: {label}.")
        }
        Event::ExchangeResolved {
            exchange,
            roll,
            strike,
            face,
            to_foe,
            to_traveller,
            ..
        } => exchange_line(
            Voice::Narrator,
            *exchange,
            *roll,
            *strike,
            face,
            (*to_foe, *to_traveller),
        ),
        Event::TravellerRolled { traveller, .. } => match traveller {
            Some(v) => format!("The traveller rolled {v}; now you roll for the foe."),
            None => "The traveller's roll is skipped; now you roll for the foe.".into(),
        },
        Event::FoeRolled { foe } => format!("You rolled {foe} for the foe."),
        Event::GuideChose {
            label, die: None, ..
        } => {
            // A held card lost is named as it is; an option's words are told of the
            // traveller.
            let a_card = cards.card_refs().any(|c| cards.card(c).name == *label);
            if a_card {
                format!("You chose: the traveller loses {label}.")
            } else {
                format!("You chose: {}.", third_person(label))
            }
        }
        Event::EntryLearned { name, card, .. } => match card {
            Some(c) => format!(
                "A rumour from {}: the traveller learns the terms of the Guardian's {name}.",
                cards.card(*c).name
            ),
            None => format!(
                "A rumour on the road: the traveller learns the terms of the Guardian's {name}."
            ),
        },
        Event::TermLost { known: false, .. } => return None,
        Event::TermLost { name, why, by, .. } => match by {
            Some(c) => format!(
                "{name} is lost to the traveller for good, after {}: {why}.",
                cards.card(*c).name
            ),
            None => format!("{name} is lost to the traveller for good: {why}."),
        },
        _ => return None,
    })
}

/// A Guide's action in the Guide's words, for the Guide's screen: what the Guide decides
/// ("The traveller loses Jar of Salvaged Honey", "Roll the foe's die"), the traveller in
/// the third person ("The drop bruises the traveller (they lose 2 Health)").
pub fn guide_label(s: &State, a: &Action) -> String {
    match (a, &s.phase) {
        (Action::RollFoe, _) => "Roll the foe's die".into(),
        (Action::Pick { option }, Phase::Choice(c)) => match &c.kind {
            crate::core::state::ChoiceKind::Lose { cards: held } => {
                held.get(*option as usize).map_or_else(String::new, |c| {
                    format!("The traveller loses {}", s.cards.card(*c).name)
                })
            }
            _ => third_person(&action_label(s, a)),
        },
        _ => action_label(s, a),
    }
}
