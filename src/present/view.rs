//! What a player is offered and sees of a run: the traveller's [`View`] (no card still
//! face down and unseen), the Guide's [`GuideView`], whose notes are read now, and the
//! [`Prompt`] with every legal action. The headless protocol serialises these; the window
//! draws them; the simulator's bots read the same traveller's view through
//! `core::Observation`.

use super::words;
use crate::cards::CardRef;
use crate::cards::model::StationType;
use crate::core::state::{ChoiceKind, DuelStatus, Phase, Seen, State};
use crate::core::{Action, Event, Outcome, legal_actions, mods, phase_name};
use serde::Serialize;

/// The player's view of a run (the protocol's `state` object).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// The run's seed; left out of the traveller's stream of a guided run until it ends
    /// (with it, anyone could replay the run and read its face-down cards).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    pub health: i32,
    pub max_health: i32,
    /// The Resolve/Dread marker: +N is Resolve N, -N is Dread N.
    pub resolve: i8,
    pub grace: u8,
    pub atk: i32,
    pub def: i32,
    pub domain: String,
    pub cleared: Vec<String>,
    pub deck_left: usize,
    /// Top cards of the deck the traveller has seen (top first).
    pub deck_seen: Vec<String>,
    /// Three slots: null (empty), "hidden" (face down, unknown) or the card id.
    pub row: [Option<String>; 3],
    pub discard: Vec<String>,
    pub items: Vec<String>,
    pub equipment: Vec<String>,
    pub companions: Vec<String>,
    /// Companion id -> the cards they carry.
    pub carrying: std::collections::BTreeMap<String, Vec<String>>,
    pub snares: Vec<String>,
    /// Abilities used up for now.
    pub spent: Vec<String>,
    /// Held cards and companions whose ability has a limited number of uses: id -> uses
    /// left (absent when there are none).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub uses_left: std::collections::BTreeMap<String, u8>,
    pub bonus: BonusView,
    /// The card being resolved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub foe: Option<FoeView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub test: Option<TestView>,
    pub flips: u32,
    /// Only in a run whose dice are dealt from a deck: each side's half in use.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice_deck: Option<DiceDeckView>,
    /// Only in a run with house rules: each rule on, as `--rule` names it
    /// (`paid-peek=resolve:1`).
    #[serde(skip_serializing_if = "crate::core::HouseRules::is_off")]
    pub house_rules: crate::core::HouseRules,
    /// The Guardian's card as the traveller knows it: entries by name, terms once learned.
    pub guardian: super::guardian::GuardianView,
    /// Only in a run with a Guide: what the Guide sees and the traveller does not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guide: Option<GuideView>,
}

/// Both sides' dice decks as a counting player knows them (the protocol's
/// `state.dice_deck`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DiceDeckView {
    pub traveller: HalfView,
    pub foe: HalfView,
}

/// One side's half in use: which (0 or 1), how many results are left, and which faces
/// (lowest first; the order stays hidden).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HalfView {
    pub half: u8,
    pub left: usize,
    pub faces: Vec<u8>,
}

fn dice_deck_view(s: &State) -> Option<DiceDeckView> {
    let deck = s.dice.deck()?;
    let half = |side| {
        let d = deck.side(side);
        HalfView {
            half: d.half(),
            left: d.left(),
            faces: d.faces_left(),
        }
    };
    Some(DiceDeckView {
        traveller: half(crate::core::Side::Traveller),
        foe: half(crate::core::Side::Foe),
    })
}

/// What only the Guide may see (the protocol's `state.guide`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GuideView {
    /// Every row slot's card, face down or not (null: empty).
    pub row: [Option<String>; 3],
    /// The next cards of the Domain deck, top first (at most three).
    pub next: Vec<String>,
    /// The Guide notes to read aloud: of the card whose choice the Guide is making, else of
    /// the card in play (the foe, the Guardian), else of the Domain.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// The source of `notes` (a card, Domain or Guardian id). Only in a Guide's stream
    /// (`--role guide`), like the fields below.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes_card: Option<String>,
    /// Every note of the run so far, newest first ([`crate::present::journal`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub journal: Option<Vec<crate::present::journal::NoteEntry>>,
    /// At a route choice: the scene notes of each Domain offered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ahead: Option<Vec<crate::present::journal::NoteEntry>>,
}

/// How many of the deck's next cards the Guide sees.
pub const GUIDE_NEXT: usize = 3;

/// How many of the deck's top cards the traveller knows now: those a card has shown
/// them, and, while a card asks them to reorder the top of the deck, the cards it shows.
pub fn deck_known(s: &State) -> usize {
    let reordering = match &s.phase {
        Phase::Choice(c) => match &c.kind {
            ChoiceKind::Reorder { cards } => cards.len(),
            _ => 0,
        },
        _ => 0,
    };
    s.deck_seen.max(reordering)
}

/// The card a Guide's choice comes from, when it is not the card being resolved (a Snare's
/// trigger, an item used).
pub fn choice_card(s: &State) -> Option<crate::cards::CardRef> {
    match &s.phase {
        Phase::Choice(c) => match c.kind {
            ChoiceKind::Guide { card, .. } => card,
            _ => None,
        },
        _ => None,
    }
}

/// Whose Guide notes are read now, by name, and the notes: the card a Guide's choice comes
/// from, else the card in play (or the foe), else the Guardian in a duel with it or at the
/// crossing, else the Domain.
pub fn notes_now(s: &State) -> (&str, Option<String>) {
    let (name, _, notes) = notes_with_source(s);
    (name, notes)
}

/// [`notes_now`] with the id of the notes' source (a card, the Guardian or the Domain).
pub fn notes_with_source(s: &State) -> (&str, &str, Option<String>) {
    let cards = &s.cards;
    match choice_card(s)
        .or(s.resolving)
        .or_else(|| s.duel().and_then(|d| d.card))
    {
        Some(c) => {
            let c = cards.card(c);
            (&c.name, &c.id.0, c.guide_notes.clone())
        }
        None if s.duel().is_some() || s.phase == Phase::Crossing => (
            &cards.guardian.name,
            &cards.guardian.id.0,
            cards.guardian.guide_notes.clone(),
        ),
        None => {
            let d = cards.domain(s.domain);
            (&d.name, &d.id.0, d.guide_notes.clone())
        }
    }
}

/// The card met last, once it has left play, when nothing else has the notes now: the
/// last card flipped since the Domain was entered, if the notes' source is the Domain
/// (a Caesura, a Snare, a Blessing, a companion who joined at once). Its notes are what
/// the Guide was reading when the run moved past it.
pub fn card_just_met(s: &State, journal: &[Event]) -> Option<CardRef> {
    let (_, source, _) = notes_with_source(s);
    if source != s.cards.domain(s.domain).id.0 {
        return None;
    }
    journal
        .iter()
        .rev()
        .take_while(|e| !matches!(e, Event::DomainEntered { .. }))
        .find_map(|e| match e {
            Event::CardFlipped { card, .. } => Some(*card),
            _ => None,
        })
}

/// The notes' source after a step of the run (a card, the Guardian or the Domain): as
/// [`notes_with_source`], except that a card flipped in this step and already out of
/// play keeps the notes (the step's reader has not heard it yet).
pub fn step_source<'a>(s: &'a State, events: &[Event]) -> (&'a str, &'a str, Option<String>) {
    let now = notes_with_source(s);
    if now.1 != s.cards.domain(s.domain).id.0 {
        return now;
    }
    let flipped = events.iter().rev().find_map(|e| match e {
        Event::CardFlipped { card, .. } => Some(*card),
        _ => None,
    });
    match flipped {
        Some(c) => {
            let c = s.cards.card(c);
            (&c.name, &c.id.0, c.guide_notes.clone())
        }
        None => now,
    }
}

/// What only the Guide may see of a run with a Guide; `None` for a run alone.
pub fn guide_view(s: &State) -> Option<GuideView> {
    if !s.guide {
        return None;
    }
    let (_, notes) = notes_now(s);
    Some(GuideView {
        row: s.row.map(|slot| slot.map(|rc| rc.card.id().to_string())),
        next: ids(s.deck.iter().rev().take(GUIDE_NEXT)),
        notes,
        notes_card: None,
        journal: None,
        ahead: None,
    })
}

/// One-off bonuses waiting.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BonusView {
    pub next_duel: i32,
    pub next_test: i32,
    pub next_heal: i32,
}

/// The foe of the duel in progress.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FoeView {
    pub id: String,
    pub hp: i32,
    pub max_hp: i32,
    pub exchange: u32,
    /// The dice of this exchange while rerolls are open: natural values and the modifier.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rolled: Option<RolledView>,
    /// With a Guide: the traveller has rolled (`traveller` null: skipped) and the foe's
    /// die waits for the Guide.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub awaiting_foe: Option<AwaitingView>,
    pub status: DuelStatus,
}

/// Dice waiting for rerolls.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RolledView {
    pub traveller: Option<u8>,
    pub foe: u8,
    pub modifier: i32,
}

/// The traveller's half of an exchange, before the Guide rolls the foe's die.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AwaitingView {
    pub traveller: Option<u8>,
    pub modifier: i32,
}

/// The Pit test in progress.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TestView {
    pub target: i32,
    pub extended: bool,
    pub successes: u8,
    pub failures: u8,
    pub dice: Vec<u8>,
}

/// What the game asks now.
#[derive(Debug, Clone, PartialEq)]
pub struct Prompt {
    pub kind: &'static str,
    /// Only in a run with a Guide: who is to act, `"traveller"` or `"guide"`.
    pub role: Option<&'static str>,
    pub text: String,
    pub actions: Vec<Action>,
    /// For each offered action, in the same order, the ids of the Guardian's entries
    /// (known to the traveller) it would put out of reach; empty until
    /// [`Prompt::with_breaks`] fills it (each entry is a trial run of the action, so only
    /// the stream pays for it). Serialised inside each action object as `breaks`.
    pub breaks: Vec<Vec<String>>,
}

impl Prompt {
    /// The prompt with `breaks` filled from [`crate::core::consequence::breaks_all`].
    pub fn with_breaks(mut self, s: &State) -> Prompt {
        self.breaks = self
            .actions
            .iter()
            .map(|a| {
                crate::core::consequence::breaks_all(s, a)
                    .into_iter()
                    .filter_map(|(ix, _)| s.cards.entry(ix).map(|e| e.id.0.clone()))
                    .collect()
            })
            .collect();
        self
    }
}

impl Serialize for Prompt {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Offered<'a> {
            #[serde(flatten)]
            action: &'a Action,
            #[serde(skip_serializing_if = "<[String]>::is_empty")]
            breaks: &'a [String],
        }
        #[derive(Serialize)]
        struct Out<'a> {
            kind: &'static str,
            #[serde(skip_serializing_if = "Option::is_none")]
            role: Option<&'static str>,
            text: &'a str,
            actions: Vec<Offered<'a>>,
        }
        Out {
            kind: self.kind,
            role: self.role,
            text: &self.text,
            actions: self
                .actions
                .iter()
                .enumerate()
                .map(|(i, action)| Offered {
                    action,
                    breaks: self.breaks.get(i).map_or(&[][..], Vec::as_slice),
                })
                .collect(),
        }
        .serialize(ser)
    }
}

fn ids<'a>(v: impl IntoIterator<Item = &'a crate::cards::CardRef>) -> Vec<String> {
    v.into_iter().map(|c| c.id().to_string()).collect()
}

/// What the traveller can see of the state.
pub fn view(s: &State) -> View {
    let m = mods(s);
    let row = s.row.map(|slot| {
        slot.map(|rc| match rc.seen {
            Seen::Hidden => "hidden".to_string(),
            Seen::Peeked | Seen::FaceUp => rc.card.id().to_string(),
        })
    });
    let foe = s.duel().map(|d| FoeView {
        id: d
            .card
            .map_or(s.cards.guardian.id.0.clone(), |c| c.id().to_string()),
        hp: d.hp,
        max_hp: d.max_hp,
        exchange: d.exchange,
        rolled: d.rolled.map(|r| RolledView {
            traveller: r.traveller,
            foe: r.foe,
            modifier: r.modifier,
        }),
        awaiting_foe: d.awaiting_foe.map(|h| AwaitingView {
            traveller: h.traveller,
            modifier: h.modifier,
        }),
        status: d.status.clone(),
    });
    let test = match &s.phase {
        Phase::Pit(t) => s.cards.card(t.card).test.as_ref().map(|spec| TestView {
            target: spec.target,
            extended: spec.extended,
            successes: t.successes,
            failures: t.failures,
            dice: t.dice.to_vec(),
        }),
        _ => None,
    };
    View {
        seed: Some(s.seed),
        health: s.health,
        max_health: s.max_health,
        resolve: s.marker,
        grace: s.grace,
        atk: m.atk,
        def: m.def,
        domain: s.domain.id().to_string(),
        cleared: s.cleared.iter().map(|d| d.id().to_string()).collect(),
        deck_left: s.deck.len(),
        deck_seen: ids(s.deck.iter().rev().take(s.deck_seen)),
        row,
        discard: ids(&s.discard),
        items: ids(&s.items),
        equipment: ids(&s.equipment),
        companions: ids(s.companions.iter().map(|f| &f.card)),
        carrying: s
            .companions
            .iter()
            .filter(|f| !f.carrying.is_empty())
            .map(|f| (f.card.id().to_string(), ids(&f.carrying)))
            .collect(),
        snares: ids(&s.snares),
        spent: ids(s.spent.iter().map(|(c, _)| c)),
        uses_left: s
            .items
            .iter()
            .chain(&s.equipment)
            .chain(s.companions.iter().map(|f| &f.card))
            .filter_map(|&c| Some((c.id().to_string(), s.uses_left(c)?)))
            .collect(),
        bonus: BonusView {
            next_duel: s.bonus.next_duel,
            next_test: s.bonus.next_test,
            next_heal: s.bonus.next_heal,
        },
        card: s.resolving.map(|c| c.id().to_string()),
        foe,
        test,
        flips: s.flips,
        dice_deck: dice_deck_view(s),
        house_rules: s.rules,
        guardian: super::guardian::guardian_view(s),
        guide: guide_view(s),
    }
}

/// A Rest's words, with the figures the spends will give (the same rules as the effect),
/// saying only what is possible now: the core's own reasons name a spend that is not.
fn rest_text(s: &State, name: &str) -> String {
    use crate::core::SpendFor;
    use crate::core::rules::{REST_GRACE, REST_SPEND};
    let heal = crate::core::modifiers::rest_heal(&mods(s));
    let why = |purpose| crate::core::why_not(s, &Action::Spend { purpose });
    match (why(SpendFor::Grace), why(SpendFor::Heal)) {
        (None, None) => format!(
            "{name}: spend {REST_SPEND} Resolve for {REST_GRACE} Grace or for {heal} Health, as often as your Resolve allows, then continue."
        ),
        (None, Some(no)) => format!(
            "{name}: spend {REST_SPEND} Resolve for {REST_GRACE} Grace ({}), then continue.",
            no.short()
        ),
        (Some(no), None) => format!(
            "{name}: spend {REST_SPEND} Resolve for {heal} Health ({}), then continue.",
            no.short()
        ),
        (Some(a), Some(b)) if a == b => {
            format!("{name}: {}, so nothing to buy here. Continue.", a.short())
        }
        (Some(a), Some(b)) => format!(
            "{name}: nothing to buy here ({}; {}). Continue.",
            a.short(),
            b.short()
        ),
    }
}

/// A foe barring the way: only the ways past that are offered now, the toll with its cost.
fn encounter_text(s: &State, name: &str) -> String {
    let mut ways = Vec::new();
    for a in legal_actions(s) {
        match a {
            Action::Fight => ways.push("fight".to_string()),
            Action::Show { card, .. } => {
                ways.push(format!("show {}", words::name_of(&s.cards, &card)))
            }
            Action::Give { card, .. } => {
                ways.push(format!("give {}", words::name_of(&s.cards, &card)))
            }
            Action::Toll => ways.push(match words::toll_cost(s) {
                Some(cost) => format!("pay the toll ({cost})"),
                None => "go past".to_string(),
            }),
            _ => {}
        }
    }
    match ways.len() {
        0 => format!("{name} bars the way."),
        1 => format!("{name} bars the way: {}.", ways[0]),
        n => format!(
            "{name} bars the way: {}, or {}.",
            ways[..n - 1].join(", "),
            ways[n - 1]
        ),
    }
}

/// What can be done before a duel's roll: roll, and each card usable now, a companion
/// called a companion.
fn duel_choices(s: &State) -> String {
    let mut ways = vec!["roll".to_string()];
    for a in legal_actions(s) {
        if let Action::Use { card } = a
            && let Some(c) = s.cards.card_by_str(&card)
        {
            let c = s.cards.card(c);
            ways.push(if c.card_type == StationType::Companion {
                format!("call on your companion {}", c.name)
            } else {
                format!("use {}", c.name)
            });
        }
    }
    match ways.len() {
        1 => ways.remove(0),
        n => format!("{}, or {}", ways[..n - 1].join(", "), ways[n - 1]),
    }
}

/// The prompt for the current phase, with every legal action.
pub fn prompt(s: &State) -> Prompt {
    let cards = &s.cards;
    let name = |c: &crate::cards::CardRef| cards.card(*c).name.clone();
    let text = match &s.phase {
        Phase::Explore => format!(
            "{}: choose a face-down card to flip ({} left in the deck).",
            cards.domain(s.domain).name,
            s.deck.len()
        ),
        Phase::Resolving { card } => format!("Resolving {}.", name(card)),
        Phase::Offer { card } => {
            let c = cards.card(*card);
            let kind = if c.card_type == StationType::Equipment {
                "Equipment"
            } else {
                "Item"
            };
            format!(
                "{kind} found: {}. Take it, swap it for a held one, or leave it.",
                c.name
            )
        }
        Phase::Terror { card } => format!("{}: choose one option.", name(card)),
        Phase::Rest { card } => rest_text(s, &name(card)),
        Phase::Pit(t) => {
            let target = cards.card(t.card).test.as_ref().map_or(0, |x| x.target);
            if t.dice.is_empty() {
                format!("{}: roll against {}+.", name(&t.card), target)
            } else {
                format!(
                    "{}: rolled {:?}; reroll with Grace or continue.",
                    name(&t.card),
                    t.dice
                )
            }
        }
        Phase::Encounter { card } => encounter_text(s, &name(card)),
        Phase::Companion { card } => format!("{} would follow you, for a price.", name(card)),
        Phase::Duel(d) => {
            let foe = d.card.map_or(cards.guardian.name.clone(), |c| name(&c));
            match &d.rolled {
                None if d.awaiting_foe.is_some() => format!(
                    "Duel with {foe}: the traveller rolled {}; Guide, roll the foe's die.",
                    d.awaiting_foe
                        .and_then(|h| h.traveller)
                        .map_or("nothing (skipped)".to_string(), |v| v.to_string()),
                ),
                None => format!("Duel with {foe} ({} HP): {}.", d.hp, duel_choices(s)),
                Some(r) => format!(
                    "Duel with {foe}: you rolled {}, the foe rolled {}; reroll with Grace or continue.",
                    r.traveller
                        .map_or("nothing (skipped)".to_string(), |v| v.to_string()),
                    r.foe
                ),
            }
        }
        Phase::Choice(c) => match &c.kind {
            ChoiceKind::Reorder { cards: shown } => format!(
                "Put the top cards back in the order you choose (now, top first: {}).",
                shown.iter().map(name).collect::<Vec<_>>().join(", ")
            ),
            ChoiceKind::Cleanse { left } => format!("Choose a Snare to remove ({left} to go)."),
            ChoiceKind::Guide { options, .. } => format!(
                "Guide, choose what befalls the traveller: {}.",
                options
                    .iter()
                    .map(|o| o.label.as_str())
                    .collect::<Vec<_>>()
                    .join(" / ")
            ),
            ChoiceKind::Lose { cards: held } => format!(
                "Guide, choose the card the traveller loses: {}.",
                held.iter().map(name).collect::<Vec<_>>().join(", ")
            ),
            ChoiceKind::Discard { cards: held, .. } => format!(
                "Choose the card you discard to pay: {}.",
                held.iter().map(name).collect::<Vec<_>>().join(", ")
            ),
            ChoiceKind::Look { left, face_up } => format!(
                "Choose a face-down card to {} ({left} to go).",
                if *face_up { "turn face up" } else { "look at" }
            ),
        },
        Phase::Crossing => format!(
            "{} is cleared. Use or hand over what you carry, then continue to face {}.",
            cards.domain(s.domain).name,
            cards.guardian.name
        ),
        Phase::Route => format!(
            "{} is cleared: choose the next Domain.",
            cards.domain(s.domain).name
        ),
        Phase::Over => match &s.outcome {
            Some(Outcome::Won) => "The Guardian has fallen. The run is won.".to_string(),
            Some(Outcome::Lost { detail, .. }) => format!("The run is lost. {detail}"),
            None => String::new(),
        },
    };
    Prompt {
        kind: phase_name(&s.phase),
        role: s.guide.then(|| s.role().as_str()),
        text,
        actions: legal_actions(s),
        breaks: Vec::new(),
    }
}

/// What a card held up to be read says it did when its events changed nothing.
pub const NOTHING_CHANGES: &str = "Nothing changes.";

/// What the card flipped last did, in the log's words: the lines its events wrote since
/// its flip (never a note of the table's own), oldest first. Empty when it changed
/// nothing.
pub fn what_it_did(scene: &super::scene::Scene, card: crate::cards::CardRef) -> Vec<String> {
    let flipped = format!("Flipped {}", scene.state.cards.card(card).name);
    let log = &scene.log;
    let since = log
        .iter()
        .rposition(|l| l.starts_with(&flipped))
        .map_or(log.len(), |i| i + 1);
    let events = scene.from_events.get(since..).unwrap_or_default();
    log[since..]
        .iter()
        .zip(events.iter().chain(std::iter::repeat(&true)))
        .filter(|(_, event)| **event)
        .map(|(l, _)| l.clone())
        .collect()
}

#[cfg(test)]
mod what_it_did_tests {
    use super::*;
    use crate::core::state::{RowCard, Seen};
    use crate::core::testing::StateBuilder;
    use crate::core::{Action, Event, execute, legal_actions, new_run_with};
    use crate::present::scene::Scene;
    use crate::present::stage::Stage;

    /// The events that change what the traveller has or is.
    fn changes(e: &Event) -> bool {
        matches!(
            e,
            Event::HealthChanged { .. }
                | Event::MaxHealthChanged { .. }
                | Event::MarkerMoved { .. }
                | Event::GraceChanged { .. }
                | Event::BonusGained { .. }
                | Event::CardTaken { .. }
                | Event::CompanionJoined { .. }
                | Event::SnareCaught { .. }
                | Event::SnareRemoved { .. }
                | Event::CardGivenAway { .. }
        )
    }

    /// Every shipped card, flipped from the row of a fresh run and played to its end with
    /// the first action offered: what it did names every change its events made, and says
    /// "Nothing changes" only when none did. A card that resolves by itself is held up
    /// after its effects are on the table (Health, marker, Grace, holdings as they end).
    #[test]
    fn what_a_card_did_names_every_change_and_is_held_after_its_effects() {
        let cards = crate::present::testing::shipped();
        let (mut held, mut quiet) = (0, 0);
        for sc in &cards.cards {
            let c = cards.card_by_str(&sc.id.0).expect("a card of the set");
            let (s, _) = new_run_with(cards.clone(), 1, vec![], false);
            // The card dealt face down into the first slot, out of the deck.
            let mut s = StateBuilder::from(s)
                .with(|r| {
                    r.deck.retain(|&d| d != c);
                    r.row[0] = Some(RowCard {
                        card: c,
                        seen: Seen::Hidden,
                    });
                })
                .build();
            let mut stage = Stage::new(Scene::new(s.clone()));
            let mut all = Vec::new();
            let mut action = Action::Flip { slot: 0 };
            for step in 0..60 {
                let before = s.clone();
                let events = execute(&mut s, &action).expect("offered");
                stage.push(&before, &events);
                let resolved = events
                    .iter()
                    .any(|e| matches!(e, Event::CardResolved { card } if *card == c));
                all.extend(events);
                if step == 0 && resolved {
                    // Resolved by itself: it is held up to be read, its effects played.
                    for _ in 0..400 {
                        if stage.holding() || stage.idle() {
                            break;
                        }
                        stage.advance(0.05);
                    }
                    assert!(stage.holding(), "{} is held up", sc.name);
                    let shown = stage.shown();
                    assert_eq!(
                        (shown.health, shown.marker, shown.grace, shown.snares.len()),
                        (s.health, s.marker, s.grace, s.snares.len()),
                        "{}: held before its effects were on the table",
                        sc.name
                    );
                    assert_eq!(shown.companions.len(), s.companions.len(), "{}", sc.name);
                    assert_eq!(shown.items, s.items, "{}", sc.name);
                    held += 1;
                }
                if resolved || s.is_over() {
                    break;
                }
                action = legal_actions(&s)
                    .into_iter()
                    .find(|a| !matches!(a, Action::Abandon))
                    .expect("an action");
            }
            stage.finish_all();
            let did = what_it_did(stage.scene(), c);
            let changed: Vec<String> = all
                .iter()
                .filter(|e| changes(e))
                .filter_map(|e| crate::present::words::describe(&cards, e))
                .collect();
            for line in &changed {
                assert!(
                    did.iter().any(|d| d.ends_with(line.as_str())),
                    "{}: what it did {did:?} does not say {line:?}",
                    sc.name
                );
            }
            if did.is_empty() {
                assert!(
                    changed.is_empty(),
                    "{}: 'Nothing changes' after {changed:?}",
                    sc.name
                );
                quiet += 1;
            }
        }
        assert!(cards.cards.len() >= 150, "{} cards", cards.cards.len());
        assert!(held > 20, "{held} held, {quiet} changing nothing");
    }
}
