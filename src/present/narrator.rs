//! The log told by a narrator (the Guide's screen): the traveller in the third person,
//! the Guide as "you"; and a Guide's choices in the Guide's words.

use super::person::third_person;
use super::words::{action_label, describe, exchange_line};
use crate::cards::CardSet;
use crate::cards::model::{Effect, Face};
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
        Event::TermLost(t) if !t.known => return None,
        Event::TermLost(t) => match t.by {
            Some(c) => format!(
                "{} is lost to the traveller for good, after {}: {}.",
                t.name,
                cards.card(c).name,
                t.why
            ),
            None => format!("{} is lost to the traveller for good: {}.", t.name, t.why),
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

/// What a foe face does, in a few words, to "you" (the traveller's table).
pub fn face_summary(f: &Face) -> String {
    face_summary_as(f, Voice::Traveller)
}

/// What a foe face does, in a few words, in a voice: the narrator (the Guide's screen)
/// says "the traveller skips a roll" where the table says "you skip a roll".
pub fn face_summary_as(f: &Face, voice: Voice) -> String {
    let told = voice == Voice::Narrator;
    let (you, your) = if told {
        ("the traveller", "the traveller's")
    } else {
        ("you", "your")
    };
    let mut parts = Vec::new();
    if f.block {
        parts.push("block".to_string());
    }
    if f.deal > 0 {
        parts.push(format!("deal {}", f.deal));
    }
    if f.heal > 0 {
        parts.push(format!("heal {}", f.heal));
    }
    if f.ignore_block {
        parts.push("through blocks".into());
    }
    if f.skip_roll {
        let skip = if told { "skips" } else { "skip" };
        parts.push(format!("{you} {skip} a roll"));
    }
    if f.roll_penalty != 0 {
        parts.push(format!("-{} to {your} roll", f.roll_penalty));
    }
    if f.no_rerolls {
        parts.push("no rerolls".into());
    }
    if f.enrage != 0 {
        parts.push(format!("+{} dmg for the fight", f.enrage));
    }
    if f.empower != 0 {
        parts.push(format!("+{} next hit", f.empower));
    }
    if f.copy {
        parts.push(format!("copies {your} roll"));
    }
    if !f.effects.is_empty() {
        parts.push(face_effect_words_as(&f.effects, voice));
    }
    if parts.is_empty() {
        "miss".into()
    } else {
        parts.join(", ")
    }
}

/// What a face's effects do to the traveller, in a few words ("you lose 2 Health, 1 Dread");
/// effects without short words are left to the card's text.
pub fn face_effect_words(effects: &[Effect]) -> String {
    face_effect_words_as(effects, Voice::Traveller)
}

/// [`face_effect_words`] in a voice ("the traveller loses 2 Health" for the narrator).
pub fn face_effect_words_as(effects: &[Effect], voice: Voice) -> String {
    let lose = match voice {
        Voice::Traveller => "you lose",
        Voice::Narrator => "the traveller loses",
    };
    let words: Option<Vec<String>> = effects
        .iter()
        .map(|e| match e {
            Effect::Dread(n) => Some(format!("+{n} Dread")),
            Effect::Heal(_) | Effect::Resolve(_) => None,
            e => super::words::effect_cost(e).map(|w| format!("{lose} {w}")),
        })
        .collect();
    words.map_or_else(|| "a card effect (see its text)".into(), |w| w.join(", "))
}
