//! Words for the table: readable labels of actions (card names, not ids), the event log's
//! lines, foe faces and Terror costs. Pure functions of the card set, so they are tested
//! without a window.

pub use super::narrator::{
    Voice, describe_as, face_effect_words, face_effect_words_as, face_summary, face_summary_as,
    guide_label,
};
use crate::cards::CardSet;
use crate::cards::model::{Amount, Effect, LoseKind, Payment, SlotKind, StationCard, StationType};
use crate::core::combat::Table;
use crate::core::state::{ChoiceKind, Phase, State};
use crate::core::{Action, Die, Event, Outcome, SpendFor, Strike};

/// A card's name from its id (the Guardian's too); the id itself if unknown.
pub fn name_of(cards: &CardSet, id: &str) -> String {
    if let Some(c) = cards.card_by_str(id) {
        return cards.card(c).name.clone();
    }
    if let Some(d) = cards.domain_by_str(id) {
        return cards.domain(d).name.clone();
    }
    if cards.guardian.id.0 == id {
        return cards.guardian.name.clone();
    }
    id.to_string()
}

/// The type a Station card shows: its `label` if it has one ("Beast"), else its type's
/// title ("Caesura").
pub fn type_label(sc: &StationCard) -> &str {
    sc.label.as_deref().unwrap_or(sc.card_type.title())
}

/// The button text of an action in the state it is offered in.
pub fn action_label(s: &State, a: &Action) -> String {
    let cards = &s.cards;
    let name = |id: &str| name_of(cards, id);
    match a {
        Action::Flip { slot } => format!("Flip card {}", slot + 1),
        Action::Take => match offered(s) {
            Some(n) => format!("Take {n}"),
            None => "Take it".into(),
        },
        Action::Swap { slot } => {
            let held = match offered_kind(s) {
                Some(SlotKind::Equipment) => s.equipment.get(*slot as usize),
                _ => s.items.get(*slot as usize),
            };
            match held {
                Some(c) => format!("Swap for {}", cards.card(*c).name),
                None => format!("Swap slot {}", slot + 1),
            }
        }
        Action::Decline => match &s.phase {
            Phase::Companion { .. } => "Turn them down".into(),
            _ => "Leave it".into(),
        },
        Action::Choose { option } => terror_option(s, *option)
            .map(|(label, _)| label)
            .unwrap_or_else(|| format!("Option {}", option + 1)),
        Action::Roll => match &s.phase {
            Phase::Duel(_) if s.guide => "Roll your die".into(),
            _ => "Roll".into(),
        },
        Action::RollFoe => "Guide: roll the foe's die".into(),
        Action::Pick { option } => match &s.phase {
            Phase::Choice(c) => match &c.kind {
                crate::core::state::ChoiceKind::Guide { options, .. } => options
                    .get(*option as usize)
                    .map_or_else(|| format!("Option {}", option + 1), |o| o.label.clone()),
                crate::core::state::ChoiceKind::Lose { cards: held } => held
                    .get(*option as usize)
                    .map_or_else(String::new, |c| format!("Take {}", cards.card(*c).name)),
                _ => format!("Option {}", option + 1),
            },
            _ => format!("Option {}", option + 1),
        },
        Action::Reroll { die, index, card } => {
            let which = match die {
                Die::Traveller => "your die".to_string(),
                Die::Foe => "the foe's die".to_string(),
                Die::Test if test_dice(s) > 1 => format!("test die {}", index + 1),
                Die::Test => "the die".to_string(),
            };
            match card {
                Some(c) => format!("Reroll {which} ({})", name(c)),
                None => format!("Reroll {which} (1 Grace)"),
            }
        }
        Action::Continue => match &s.phase {
            Phase::Rest { .. } => "Leave the Rest".into(),
            Phase::Crossing => format!("Face {}", cards.guardian.name),
            Phase::Duel(_) | Phase::Pit(_) => "Accept the dice".into(),
            _ => "Continue".into(),
        },
        Action::Spend { purpose } => match purpose {
            SpendFor::Grace => format!(
                "{} Resolve: +{} Grace",
                crate::core::rules::REST_SPEND,
                crate::core::rules::REST_GRACE
            ),
            SpendFor::Heal => format!(
                "{} Resolve: +{} Health",
                crate::core::rules::REST_SPEND,
                crate::core::modifiers::rest_heal(&crate::core::mods(s))
            ),
        },
        Action::Use { card } => match cards.card_by_str(card).and_then(|c| s.uses_left(c)) {
            Some(1) => format!("Use {} (last use)", name(card)),
            Some(n) => format!("Use {} ({n} uses left)", name(card)),
            None => format!("Use {}", name(card)),
        },
        Action::Give { card, to } => format!("Give {} to {}", name(card), name(to)),
        Action::Show { card, to } => format!("Show {} to {}", name(card), name(to)),
        Action::Fight => "Fight".into(),
        Action::Toll => match (toll_cost(s), has_toll(s)) {
            (Some(cost), _) => format!("Pay the toll ({cost})"),
            (None, true) => "Pay the toll".into(),
            // An unbeatable foe with no toll and no way past lets the traveller by.
            (None, false) => "Go past".into(),
        },
        Action::Order { order } => {
            let shown = match &s.phase {
                Phase::Choice(c) => match &c.kind {
                    crate::core::state::ChoiceKind::Reorder { cards: shown } => shown.clone(),
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            };
            let names: Vec<String> = order
                .iter()
                .filter_map(|i| shown.get(*i as usize))
                .map(|c| cards.card(*c).name.clone())
                .collect();
            format!("Top first: {}", names.join(", "))
        }
        Action::Cleanse { card } => format!("Remove {}", name(card)),
        Action::Discard { card } => format!("Discard {}", name(card)),
        Action::Look { slot } => match &s.phase {
            Phase::Choice(c) if matches!(c.kind, ChoiceKind::Look { face_up: true, .. }) => {
                format!("Turn up card {}", slot + 1)
            }
            _ => format!("Look at card {}", slot + 1),
        },
        Action::Peek { slot, price } => format!("Peek at card {} ({})", slot + 1, price.words()),
        Action::Go { domain } => format!("Go to {}", name(domain)),
        Action::Abandon => "Abandon the run".into(),
    }
}

/// What paying the toll of the foe barring the way takes, from the card's toll effects
/// (never by trying it: a toll that rolls must not tell its roll in advance).
pub fn toll_cost(s: &State) -> Option<String> {
    let Phase::Encounter { card } = &s.phase else {
        return None;
    };
    cost_words(s.cards.card(*card).toll.as_deref()?)
}

fn has_toll(s: &State) -> bool {
    matches!(&s.phase, Phase::Encounter { card } if s.cards.card(*card).toll.is_some())
}

/// A list of costs in a few words: "1 Dread, then 3 Health or an Item". `None` when one
/// of the effects has no short words (the card's text then says it).
pub fn cost_words(effects: &[Effect]) -> Option<String> {
    let parts: Option<Vec<String>> = effects.iter().map(effect_cost).collect();
    let parts = parts?;
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            // A choice comes after what is paid first.
            out.push_str(if p.contains(" or ") { ", then " } else { ", " });
        }
        out.push_str(p);
    }
    (!out.is_empty()).then_some(out)
}

pub(super) fn effect_cost(e: &Effect) -> Option<String> {
    Some(match e {
        Effect::LoseHealth(a) => format!("{} Health", amount_words(a)),
        Effect::Dread(n) => format!("{n} Dread"),
        Effect::MaxHealth(n) if *n < 0 => format!("{} max Health", -n),
        Effect::Lose(LoseKind::Item) => "an Item".into(),
        Effect::Lose(LoseKind::Equipment) => "an Equipment".into(),
        Effect::Lose(LoseKind::Any) => "a held card".into(),
        Effect::GuideChooses(options) => {
            let each: Option<Vec<String>> =
                options.iter().map(|o| cost_words(&o.effects)).collect();
            each?.join(" or ")
        }
        _ => return None,
    })
}

/// An amount in words: "3", "1d6+2", "all".
pub fn amount_words(a: &Amount) -> String {
    match a {
        Amount::Fixed(n) => n.to_string(),
        Amount::Dice { d6, plus: 0 } => format!("{d6}d6"),
        Amount::Dice { d6, plus } => format!("{d6}d6{plus:+}"),
        Amount::Full(_) => "all".into(),
    }
}

fn offered(s: &State) -> Option<String> {
    match &s.phase {
        Phase::Offer { card } => Some(s.cards.card(*card).name.clone()),
        _ => None,
    }
}

fn offered_kind(s: &State) -> Option<SlotKind> {
    match &s.phase {
        Phase::Offer { card } => Some(match s.cards.card(*card).card_type {
            StationType::Equipment => SlotKind::Equipment,
            _ => SlotKind::Item,
        }),
        _ => None,
    }
}

fn test_dice(s: &State) -> u8 {
    match &s.phase {
        Phase::Pit(t) => s.cards.card(t.card).test.as_ref().map_or(1, |t| t.dice),
        _ => 1,
    }
}

/// A Terror option's label and, if it has one, its cost in words.
pub fn terror_option(s: &State, option: u8) -> Option<(String, Option<String>)> {
    let Phase::Terror { card } = &s.phase else {
        return None;
    };
    let o = s.cards.card(*card).options.get(option as usize)?;
    let cost =
        (!o.cost.is_empty()).then(|| o.cost.iter().map(payment).collect::<Vec<_>>().join(" and "));
    Some((o.label.clone(), cost))
}

/// A Terror payment in words.
pub fn payment(p: &Payment) -> String {
    match p {
        Payment::SpendResolve(n) => format!("costs {n} Resolve"),
        Payment::SpendGrace(n) => format!("costs {n} Grace"),
        Payment::Discard(SlotKind::Item) => "costs a held Item".into(),
        Payment::Discard(SlotKind::Equipment) => "costs a held Equipment".into(),
    }
}

/// A row of the traveller's combat table: the die faces it covers ("3-4"), its result and
/// what that does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CombatRow {
    /// The first and last die face of the row.
    pub first: u8,
    pub last: u8,
    pub faces: String,
    pub strike: Strike,
    pub what: &'static str,
}

/// The rows of the combat table in force (the traveller card's, with any face a card
/// changes): neighbouring faces with the same result share a row.
pub fn combat_rows(table: &Table) -> Vec<CombatRow> {
    let mut rows: Vec<(u8, u8, Strike)> = Vec::new();
    for (i, &strike) in table.0.iter().enumerate() {
        let face = i as u8 + 1;
        match rows.last_mut() {
            Some((_, last, s)) if *s == strike => *last = face,
            _ => rows.push((face, face, strike)),
        }
    }
    rows.into_iter()
        .map(|(first, last, strike)| CombatRow {
            first,
            last,
            faces: if first == last {
                first.to_string()
            } else {
                format!("{first}-{last}")
            },
            strike,
            what: strike_effect(strike),
        })
        .collect()
}

/// What a result of the combat table does.
fn strike_effect(s: Strike) -> &'static str {
    match s {
        Strike::Miss | Strike::Skipped => "nothing",
        Strike::Parry => "block",
        Strike::Hit => "1 + ATK",
        Strike::Critical => "2 + ATK",
        Strike::Counter => "block, 1",
    }
}

/// The row of [`combat_rows`] a (modified) roll falls on.
pub fn roll_row(table: &Table, roll: u8) -> usize {
    let roll = roll.clamp(1, 6);
    let rows = combat_rows(table);
    rows.iter()
        .position(|r| (r.first..=r.last).contains(&roll))
        .unwrap_or(rows.len().saturating_sub(1))
}

/// The row of a result, when it was rolled with `roll` (`None`: its first row).
pub fn strike_row(table: &Table, strike: Strike, roll: Option<u8>) -> Option<usize> {
    if strike == Strike::Skipped {
        return None;
    }
    let rows = combat_rows(table);
    roll.map(|r| roll_row(table, r))
        .filter(|&i| rows[i].strike == strike)
        .or_else(|| rows.iter().position(|r| r.strike == strike))
}

pub fn strike_word(s: Strike) -> &'static str {
    match s {
        Strike::Miss => "Miss",
        Strike::Parry => "Parry",
        Strike::Hit => "Hit",
        Strike::Critical => "Critical",
        Strike::Counter => "Counter",
        Strike::Skipped => "no roll (skipped)",
    }
}

/// The event log's line for an event, if it deserves one.
pub fn describe(cards: &CardSet, e: &Event) -> Option<String> {
    let card = |c: &crate::cards::CardRef| cards.card(*c).name.clone();
    Some(match e {
        Event::DomainEntered { domain } => format!("Entered {}.", cards.domain(*domain).name),
        Event::CardFlipped { card: c, .. } => {
            let sc = cards.card(*c);
            format!("Flipped {} ({}).", sc.name, type_label(sc).to_lowercase())
        }
        Event::CardSeen { card: c, .. } => format!("Saw {}.", card(c)),
        Event::DeckSeen { cards: cs } => format!(
            "Top of the deck: {}.",
            cs.iter().map(card).collect::<Vec<_>>().join(", ")
        ),
        Event::EffectRolled { dice } => format!("Rolled {}.", join_dice(dice)),
        Event::HealthChanged { by, health } => {
            if *by >= 0 {
                format!("+{by} Health ({health}).")
            } else {
                format!("{by} Health ({health}).")
            }
        }
        Event::MaxHealthChanged { by, max_health } => {
            format!("Max Health {by:+} ({max_health}).")
        }
        Event::MarkerMoved { by, marker } => {
            let now = marker_words(*marker);
            // Neutral words: the marker also moves down when Resolve is spent.
            if *by > 0 {
                format!("The marker moves {by} toward Resolve (now {now}).")
            } else {
                format!("The marker moves {} toward Dread (now {now}).", -by)
            }
        }
        Event::GraceChanged { by, grace } => format!("Grace {by:+} ({grace})."),
        Event::BonusGained { amount, .. } => format!("A bonus of {amount:+} waits."),
        Event::CardTaken { card: c, .. } => format!("Took {}.", card(c)),
        Event::CardDiscarded { card: c, .. } => format!("{} discarded.", card(c)),
        Event::SnareCaught { card: c } => format!("Caught in {}.", card(c)),
        Event::SnareRemoved { card: c } => format!("Free of {}.", card(c)),
        Event::CompanionJoined { card: c, .. } => format!("{} follows you.", card(c)),
        Event::CardCarried { card: c, by } => format!("{} carries {}.", card(by), card(c)),
        Event::CardGivenAway { card: c } => format!("Gave away {}.", card(c)),
        Event::CompanionRefused { card: c } => format!("{} stays behind.", card(c)),
        Event::CardShown { card: c, to } => format!("Showed {} to {}.", card(c), card(to)),
        Event::AbilityUsed { card: c, .. } => format!("Used {}.", card(c)),
        Event::RestSpent { purpose, .. } => match purpose {
            SpendFor::Grace => "Spent Resolve for Grace.".into(),
            SpendFor::Heal => "Spent Resolve for Health.".into(),
        },
        Event::TerrorChosen { card: c, option } => {
            let label = cards
                .card(*c)
                .options
                .get(*option as usize)
                .map_or(String::new(), |o| o.label.clone());
            format!("Chose: {label}.")
        }
        Event::TestRolled { dice, .. } => format!("Test roll: {}.", join_dice(dice)),
        Event::Rerolled { value, .. } => format!("Rerolled: {value}."),
        Event::TestJudged {
            total,
            target,
            success,
            ..
        } => format!(
            "{total} against {target}+: {}.",
            if *success { "success" } else { "failure" }
        ),
        Event::FoePassed { card: c, how } => format!("Past {} ({how}).", card(c)),
        Event::DuelStarted { foe, hp, .. } => {
            format!("Duel with {} ({hp} HP).", name_of(cards, foe))
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
            Voice::Traveller,
            *exchange,
            *roll,
            *strike,
            face,
            (*to_foe, *to_traveller),
        ),
        Event::TravellerRolled { traveller, .. } => match traveller {
            Some(v) => format!("You rolled {v}; the Guide rolls for the foe."),
            None => "Your roll is skipped; the Guide rolls for the foe.".into(),
        },
        Event::FoeRolled { foe } => format!("The Guide rolled {foe} for the foe."),
        Event::GuideChose { label, die, .. } => match die {
            Some(d) => format!("The die chose ({d}): {label}."),
            None => format!("The Guide chose: {label}."),
        },
        Event::FoeRestored { hp } => format!("The foe is restored to {hp} HP."),
        Event::Shielded { exchanges: 1 } => "Shielded: the foe's next blow is blocked.".into(),
        Event::Shielded { exchanges } => {
            format!("Shielded: the foe's blows in the next {exchanges} exchanges are blocked.")
        }
        Event::FoeHit { amount, foe_hp } => format!("The foe takes {amount} ({foe_hp} HP)."),
        Event::FoeDefeated { foe } => format!("{} is defeated.", name_of(cards, foe)),
        Event::DuelStalemate { reason, .. } => format!("The duel is broken off: {reason}"),
        Event::DomainCleared { domain } => format!("{} is cleared.", cards.domain(*domain).name),
        Event::EntryLearned { name, card, .. } => match card {
            Some(c) => format!(
                "A rumour from {}: you learn the terms of the Guardian's {name}.",
                cards.card(*c).name
            ),
            None => format!("A rumour on the road: you learn the terms of the Guardian's {name}."),
        },
        // An entry whose terms the traveller does not know: its loss would teach them.
        Event::TermLost(t) if !t.known => return None,
        Event::TermLost(t) => match t.by {
            Some(c) => format!(
                "{} is lost for good, after {}: {}. The run can no longer meet it.",
                t.name,
                cards.card(c).name,
                t.why
            ),
            None => format!(
                "{} is lost for good: {}. The run can no longer meet it.",
                t.name, t.why
            ),
        },
        Event::GuardianRevealed { checks } => {
            let met = checks.iter().filter(|c| c.met).count();
            format!(
                "{} appears: {met} of {} {} met.",
                cards.guardian.name,
                checks.len(),
                checks_word(cards, checks)
            )
        }
        Event::RunEnded { outcome } => match outcome {
            Outcome::Won => "The run is won.".into(),
            Outcome::Lost { detail, .. } => format!("The run is lost: {detail}"),
        },
        _ => return None,
    })
}

pub use crate::core::combat::duel_loss;

/// Dice values in words: "3", "3 and 5".
fn join_dice(dice: &[u8]) -> String {
    let v: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
    v.join(" and ")
}

/// The marker in words: "Resolve 2", "Dread 1", "neutral".
pub fn marker_words(m: i8) -> String {
    match m {
        0 => "neutral".into(),
        m if m > 0 => format!("Resolve {m}"),
        m => format!("Dread {}", -m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::load::load_dir;
    use crate::core::{apply, execute, legal_actions, new_run, new_run_with};
    use std::sync::Arc;

    fn shipped() -> Arc<CardSet> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        Arc::new(load_dir(&dir).expect("the shipped cards load").0)
    }

    #[test]
    fn the_narrator_tells_the_traveller_in_the_third_person() {
        let cards = shipped();
        let mut told = 0;
        for seed in 0..10u64 {
            let (mut s, _) = new_run_with(cards.clone(), seed, Vec::new(), true);
            for _ in 0..300 {
                let Some(a) = legal_actions(&s)
                    .into_iter()
                    .find(|a| !matches!(a, Action::Abandon))
                else {
                    break;
                };
                let Ok(events) = execute(&mut s, &a) else {
                    break;
                };
                for e in &events {
                    let Some(line) = describe_as(&cards, e, Voice::Narrator) else {
                        continue;
                    };
                    // A foe's face is named in the card's own words.
                    let line = match e {
                        Event::ExchangeResolved { face, .. } => line.replace(&face.to_string(), ""),
                        _ => line,
                    };
                    let words: Vec<&str> = line.split(|c: char| !c.is_alphabetic()).collect();
                    if matches!(e, Event::FoeRolled { .. } | Event::GuideChose { .. }) {
                        continue; // "you" is the Guide there
                    }
                    if matches!(
                        e,
                        Event::TravellerRolled { .. } | Event::TerrorChosen { .. }
                    ) {
                        assert!(line.starts_with("The traveller"), "{line}");
                        continue;
                    }
                    assert!(
                        !words
                            .iter()
                            .any(|w| *w == "you" || *w == "You" || *w == "your"),
                        "{line}"
                    );
                    told += 1;
                }
            }
        }
        assert!(told > 100, "{told} lines told");
    }

    #[test]
    fn labels_name_cards_never_ids() {
        let cards = shipped();
        // Play a few hundred random-ish steps over several seeds; every label must be
        // readable (no snake_case ids) and every event describable without panicking.
        for seed in 0..20u64 {
            let (mut s, events) = new_run(cards.clone(), seed, Vec::new());
            for e in &events {
                let _ = describe(&cards, e);
            }
            for step in 0..300usize {
                let acts = legal_actions(&s);
                if acts.is_empty() {
                    break;
                }
                for a in &acts {
                    let label = action_label(&s, a);
                    assert!(!label.is_empty());
                    assert!(
                        !label.contains('_'),
                        "seed {seed}: label `{label}` for {a:?} shows an id"
                    );
                }
                let playable: Vec<&Action> =
                    acts.iter().filter(|a| **a != Action::Abandon).collect();
                let Some(a) = playable.get((seed as usize + step) % playable.len().max(1)) else {
                    break;
                };
                let events = execute(&mut s, a).expect("offered actions are legal");
                for e in &events {
                    if let Some(line) = describe(&cards, e) {
                        assert!(!line.is_empty());
                    }
                }
            }
        }
    }

    #[test]
    fn the_toll_shows_its_cost_from_the_card_and_a_duel_loss_names_the_foe() {
        let cards = shipped();
        let knight = cards.card(cards.card_by_str("mirror_knight").unwrap());
        assert_eq!(
            cost_words(knight.toll.as_deref().unwrap()).as_deref(),
            Some("1 Dread, then 3 Health or an Item")
        );
        assert_eq!(
            duel_loss("Glassback Scorpion", "Sting", false),
            "Fell in the duel with Glassback Scorpion (Sting)."
        );
        assert!(
            duel_loss("Glassback Scorpion", "Sting", true)
                .starts_with("You and Glassback Scorpion fell together")
        );
        assert_eq!(amount_words(&Amount::Dice { d6: 1, plus: 2 }), "1d6+2");
    }

    #[test]
    fn a_snare_biting_at_a_duels_start_is_named_on_its_change() {
        let cards = shipped();
        let (mut s, _) = new_run(cards.clone(), 1, Vec::new());
        let needle = cards.card_by_str("shrine_reliquary_needle").unwrap();
        let scorpion = cards.card_by_str("glassback_scorpion").unwrap();
        apply(&mut s, &Event::SnareCaught { card: needle });
        let mut scene = crate::present::scene::Scene::new(s);
        let start = Event::DuelStarted {
            foe: scorpion.name(),
            hp: 6,
            card: Some(scorpion),
            guardian: Default::default(),
            bonus: 0,
        };
        scene.remember(&start);
        scene.remember(&Event::HealthChanged { by: -1, health: 9 });
        let name = &cards.card(needle).name;
        assert_eq!(
            scene.log.last().unwrap(),
            &format!("{name}: -1 Health (9).")
        );
        // Once the duel goes on, changes are no longer the Snare's.
        scene.remember(&Event::FoeRolled { foe: 3 });
        scene.remember(&Event::HealthChanged { by: -2, health: 7 });
        assert_eq!(scene.log.last().unwrap(), "-2 Health (7).");
    }

    #[test]
    fn combat_rows_follow_the_table() {
        let rules = Table::RULES;
        let faces: Vec<String> = combat_rows(&rules).into_iter().map(|r| r.faces).collect();
        assert_eq!(faces, ["1", "2", "3-4", "5", "6"]);
        let rows: Vec<usize> = (1..=6).map(|r| roll_row(&rules, r)).collect();
        assert_eq!(rows, [0, 1, 2, 2, 3, 4]);
        assert_eq!(strike_row(&rules, Strike::Critical, None), Some(3));
        assert_eq!(strike_row(&rules, Strike::Skipped, None), None);
        // A card that turns the 6 into a Critical: 5-6 share a row.
        let mut sharp = Table::RULES;
        sharp.set(6, crate::cards::model::TableResult::Critical);
        let rows = combat_rows(&sharp);
        assert_eq!(
            rows.last().map(|r| (r.faces.as_str(), r.strike)),
            Some(("5-6", Strike::Critical))
        );
        assert_eq!(roll_row(&sharp, 6), 3);
        // A 1 that counters: the same result on two rows lights the one rolled.
        let mut odd = Table::RULES;
        odd.set(1, crate::cards::model::TableResult::Counter);
        assert_eq!(strike_row(&odd, Strike::Counter, Some(1)), Some(0));
        assert_eq!(strike_row(&odd, Strike::Counter, Some(6)), Some(4));
        assert_eq!(marker_words(-2), "Dread 2");
        assert_eq!(face_summary(&crate::cards::model::Face::default()), "miss");
    }
}

/// What the Guardian's checks are called together: "seals" when all are seals, "terms"
/// when a requirement is among them (a requirement is met, not broken; "terms" covers
/// both).
pub fn checks_word(cards: &CardSet, checks: &[crate::core::event::SealCheck]) -> &'static str {
    let requirement = checks.iter().any(|c| {
        cards
            .guardian
            .requirements
            .iter()
            .any(|r| r.id.0.as_ref() as &str == c.id.as_str())
    });
    if requirement { "terms" } else { "seals" }
}

/// A Guardian's entry named with its kind ("Requirement A Blade Old Enough"), once: an
/// entry whose name already says its kind ("Seal of Aporia") is its name alone, never
/// "Seal Seal of Aporia".
pub fn entry_title(kind: &str, name: &str) -> String {
    let says = name
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w.eq_ignore_ascii_case(kind));
    if says {
        name.to_string()
    } else {
        let mut k = kind.chars();
        let kind: String = k
            .next()
            .map(|f| f.to_uppercase().chain(k).collect())
            .unwrap_or_default();
        format!("{kind} {name}")
    }
}

/// What a card says about the Guide, worded for a run without one: a die stands in for the
/// Guide's choices, so "the Guide chooses (alone, roll a die)" reads "a die chooses" and
/// "(the Guide picks which; alone, roll a die)" reads "(a die picks which)". A guided run
/// reads the card as printed.
pub fn text_for_seat(text: &str, guided: bool) -> std::borrow::Cow<'_, str> {
    if guided || !text.contains("Guide") {
        return std::borrow::Cow::Borrowed(text);
    }
    const SOLO: [(&str, &str); 6] = [
        ("the Guide chooses (alone, roll a die)", "a die chooses"),
        ("The Guide chooses (alone, roll a die)", "A die chooses"),
        (
            "the Guide picks which; alone, roll a die",
            "a die picks which",
        ),
        ("the Guide picks which", "a die picks which"),
        ("the Guide chooses", "a die chooses"),
        ("The Guide chooses", "A die chooses"),
    ];
    let mut out = text.to_string();
    for (guided, alone) in SOLO {
        out = out.replace(guided, alone);
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod seat_tests {
    use super::text_for_seat;

    #[test]
    fn a_solo_run_reads_a_die_where_the_card_says_the_guide_chooses() {
        let text = "Fail: the Guide chooses (alone, roll a die): lose 2 Health; or lose one of \
                    your items (the Guide picks which; alone, roll a die).";
        assert_eq!(
            text_for_seat(text, false),
            "Fail: a die chooses: lose 2 Health; or lose one of your items (a die picks which)."
        );
        assert_eq!(text_for_seat(text, true), text);
        assert_eq!(
            text_for_seat(
                "The Guide chooses (alone, roll a die): gain 1 Dread.",
                false
            ),
            "A die chooses: gain 1 Dread."
        );
        assert_eq!(
            text_for_seat("Stop and listen (the Guide chooses: lose 2 Health)", false),
            "Stop and listen (a die chooses: lose 2 Health)"
        );
    }
}

#[cfg(test)]
mod solo_words_tests {
    use super::text_for_seat;

    /// Every text a shipped card prints (its text, its options' labels), read in a solo
    /// run, names no Guide.
    #[test]
    fn no_shipped_card_names_the_guide_in_a_solo_run() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let cards = crate::cards::load::load_dir(&dir).unwrap().0;
        let mut left = Vec::new();
        for r in cards.card_refs() {
            let c = cards.card(r);
            let mut texts = vec![c.text.clone()];
            texts.extend(c.options.iter().map(|o| o.label.clone()));
            for t in texts {
                let solo = text_for_seat(&t, false);
                if solo.contains("Guide") {
                    left.push(format!("{}: {solo}", c.name));
                }
            }
        }
        assert!(left.is_empty(), "{left:#?}");
    }
}

#[cfg(test)]
mod guardian_words_tests {
    use super::*;
    use crate::core::event::SealCheck;

    #[test]
    fn each_entry_is_named_once_and_a_count_with_a_requirement_says_terms() {
        assert_eq!(entry_title("seal", "Seal of Aporia"), "Seal of Aporia");
        assert_eq!(
            entry_title("requirement", "A Blade Old Enough"),
            "Requirement A Blade Old Enough"
        );
        assert_eq!(
            entry_title("seal", "The Drowned Bell"),
            "Seal The Drowned Bell"
        );
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let cards = crate::cards::load::load_dir(&dir).unwrap().0;
        let check = |id: &str, name: &str| SealCheck {
            id: id.into(),
            name: name.into(),
            met: false,
        };
        let g = &cards.guardian;
        let req = &g.requirements[0];
        let seal = &g.seals[0];
        let all: Vec<SealCheck> = [req, seal]
            .iter()
            .map(|e| check(e.id.0.as_ref(), &e.name))
            .collect();
        let line = describe(&cards, &Event::GuardianRevealed { checks: all }).unwrap();
        assert!(line.ends_with(": 0 of 2 terms met."), "{line}");
        let seals = vec![check(seal.id.0.as_ref(), &seal.name)];
        let line = describe(&cards, &Event::GuardianRevealed { checks: seals }).unwrap();
        assert!(line.ends_with(": 0 of 1 seals met."), "{line}");
    }
}

/// An exchange's log line, in either voice: "Exchange 2: 3 Hit, foe Butts; you dealt 2,
/// took 1." or, told by the narrator, "... the traveller rolled 3, Hit, the foe Butts; the
/// traveller dealt 2, took 1.".
pub(super) fn exchange_line(
    voice: Voice,
    exchange: u32,
    roll: Option<u8>,
    strike: Strike,
    face: &str,
    (to_foe, to_traveller): (i32, i32),
) -> String {
    let strike = strike_word(strike);
    match voice {
        Voice::Traveller => format!(
            "Exchange {exchange}: {} {strike}, foe {face}; you dealt {to_foe}, took {to_traveller}.",
            roll.map_or(String::new(), |r| r.to_string()),
        ),
        Voice::Narrator => format!(
            "Exchange {exchange}: the traveller {} {strike}, the foe {face}; the traveller dealt {to_foe}, took {to_traveller}.",
            roll.map_or("rolled no die:".into(), |r| format!("rolled {r},")),
        ),
    }
}
