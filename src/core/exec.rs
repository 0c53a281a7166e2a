//! The rules: which actions are legal, and what an action does (as events).

use super::action::{Action, Die, SpendFor};
use super::apply::apply;
use super::combat::{self, Fighter, FoeStats};
use super::event::{Event, SealCheck, Zone};
use super::state::*;
use crate::cards::model::{
    Amount, Bonus, BonusTarget, Condition, Effect, Face, Immunity, Join, LoseKind, Modifier,
    Occasion, Payment, Per, SealPenalty, SlotKind, StationCard, StationType,
};
use crate::cards::{CardRef, CardSet, DomainRef};
use std::borrow::Cow;
use std::collections::VecDeque;
use std::sync::Arc;

/// An action that is not legal now.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Illegal(pub String);

/// Starts a run: the traveller enters the first Domain. Returns the state and the events
/// of the start.
pub fn new_run(cards: Arc<CardSet>, seed: u64, forced: Vec<u8>) -> (State, Vec<Event>) {
    new_run_with(cards, seed, forced, false)
}

/// [`new_run`], with a Guide (`guide`) or alone.
pub fn new_run_with(
    cards: Arc<CardSet>,
    seed: u64,
    forced: Vec<u8>,
    guide: bool,
) -> (State, Vec<Event>) {
    let start = cards.start;
    let mut state = State::blank(Arc::clone(&cards), seed, forced);
    state.guide = guide;
    let mut x = Exec::new(&mut state, &cards);
    x.enter_domain(start);
    x.settle();
    let events = x.events;
    (state, events)
}

/// The traveller's standing modifiers, summed over the traveller card and everything in
/// force (equipment, companions, snares).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Mods {
    pub atk: i32,
    pub def: i32,
    pub test_rolls: i32,
    pub duel_rolls: i32,
    pub all_rolls: i32,
    pub rest_heal: i32,
    pub counter_damage: i32,
    pub no_spend_resolve: bool,
    pub no_rest: bool,
    pub first_attacks_miss: u8,
}

/// Sums the traveller's modifiers.
pub fn mods(state: &State) -> Mods {
    let t = &state.cards.traveller;
    let mut m = Mods {
        atk: t.atk,
        def: t.def,
        ..Mods::default()
    };
    for c in state.active_cards() {
        for p in &state.cards.card(c).passive {
            match p {
                Modifier::Atk(n) => m.atk += n,
                Modifier::Def(n) => m.def += n,
                Modifier::TestRolls(n) => m.test_rolls += n,
                Modifier::DuelRolls(n) => m.duel_rolls += n,
                Modifier::AllRolls(n) => m.all_rolls += n,
                Modifier::RestHeal(n) => m.rest_heal += n,
                Modifier::CounterDamage(n) => m.counter_damage += n,
                Modifier::NoSpendResolve => m.no_spend_resolve = true,
                Modifier::NoRest => m.no_rest = true,
                Modifier::FirstAttacksMiss(n) => m.first_attacks_miss += n,
            }
        }
    }
    m
}

/// The foe's numbers in a duel: its DEF, immunities and the Guardian's penalties.
pub fn foe_stats(cards: &CardSet, d: &Duel) -> FoeStats {
    let (def, immune): (i32, &[Immunity]) = match d.card {
        Some(c) => {
            let card = cards.card(c);
            (card.def.unwrap_or(0), &card.immune)
        }
        None => (cards.guardian.def, &[]),
    };
    FoeStats {
        def,
        immune_attacks: immune.contains(&Immunity::Attacks),
        immune_counter: immune.contains(&Immunity::Counter),
        invulnerable: d.guardian.invulnerable,
        reflect: d.guardian.reflect,
    }
}

/// Whether a condition holds now.
pub fn holds(state: &State, cond: &Condition) -> bool {
    match cond {
        Condition::ResolveAtLeast(n) => state.marker >= *n,
        Condition::DreadAtLeast(n) => state.marker <= -*n,
        Condition::HealthAtLeast(n) => state.health >= *n,
        Condition::HealthAtMost(n) => state.health <= *n,
        Condition::Holds(id) => state.holds(&id.0),
        Condition::Follows(id) => state.follows(&id.0),
        Condition::Carries(c) => state
            .companions
            .iter()
            .any(|f| f.card.id == c.companion.0 && f.carrying.iter().any(|x| x.id == c.card.0)),
        Condition::FoeTag(tag) => state
            .duel()
            .and_then(|d| d.card)
            .is_some_and(|c| state.cards.card(c).tags.iter().any(|t| t == tag)),
        Condition::SnaresAtLeast(n) => state.snares.len() >= *n as usize,
        Condition::Cleared(id) => state.cleared.iter().any(|d| d.id == id.0),
        Condition::Not(c) => !holds(state, c),
        Condition::All(cs) => cs.iter().all(|c| holds(state, c)),
        Condition::Any(cs) => cs.iter().any(|c| holds(state, c)),
    }
}

fn can_pay(state: &State, m: &Mods, cost: &[Payment]) -> bool {
    cost.iter().all(|p| match p {
        Payment::SpendResolve(n) => !m.no_spend_resolve && state.marker >= *n as i8,
        Payment::SpendGrace(n) => state.grace >= *n,
        Payment::Discard(SlotKind::Item) => !state.items.is_empty(),
        Payment::Discard(SlotKind::Equipment) => !state.equipment.is_empty(),
    })
}

/// What is added to the traveller's duel rolls: standing modifiers, the duel's bonus, less
/// a foe's penalty on the next roll.
fn roll_modifier(state: &State, d: &Duel) -> i32 {
    let m = mods(state);
    m.duel_rolls + m.all_rolls + d.bonus - d.status.penalty
}

/// Cards the traveller holds in slots (items, then equipment).
fn held(state: &State) -> impl Iterator<Item = CardRef> + '_ {
    state.items.iter().chain(&state.equipment).copied()
}

/// Cards whose `use` ability could be used now (ignoring the moment).
fn ability_cards(state: &State) -> impl Iterator<Item = CardRef> + '_ {
    held(state).chain(state.companions.iter().map(|f| f.card))
}

fn usable(state: &State, card: CardRef, in_duel: bool) -> bool {
    let Some(a) = &state.cards.card(card).ability else {
        return false;
    };
    !a.reroll
        && !state.is_spent(card)
        && (in_duel || !a.duel_only)
        && a.requires.as_ref().is_none_or(|c| holds(state, c))
}

/// Cards whose free reroll is ready.
fn free_rerolls(state: &State) -> impl Iterator<Item = CardRef> + '_ {
    ability_cards(state).filter(|&c| {
        let card = state.cards.card(c);
        card.ability.as_ref().is_some_and(|a| a.reroll) && !state.is_spent(c)
    })
}

/// Whether any reroll (Grace or a free reroll card) could be made now.
fn can_reroll(state: &State, no_rerolls: bool) -> bool {
    !no_rerolls && (state.grace > 0 || free_rerolls(state).next().is_some())
}

/// Rerolls possible for the dice just rolled.
fn reroll_actions(state: &State, dice: &[(Die, u8)], no_rerolls: bool, out: &mut Vec<Action>) {
    if no_rerolls {
        return;
    }
    let free: Vec<CardRef> = free_rerolls(state).collect();
    for &(die, index) in dice {
        if state.grace > 0 {
            out.push(Action::Reroll {
                die,
                index,
                card: None,
            });
        }
        for c in &free {
            out.push(Action::Reroll {
                die,
                index,
                card: Some(Cow::Borrowed(c.id)),
            });
        }
    }
}

fn encounter_options(card: &StationCard) -> bool {
    card.unbeatable || !card.passage.is_empty() || card.toll.is_some()
}

/// Every action legal now. Empty once the run is over.
pub fn legal_actions(state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    legal_actions_into(state, &mut out);
    out
}

/// [`legal_actions`] into a reused buffer (cleared first).
pub fn legal_actions_into(state: &State, out: &mut Vec<Action>) {
    out.clear();
    let cards = &state.cards;
    match &state.phase {
        Phase::Over => return,
        Phase::Explore | Phase::Route | Phase::Crossing => {
            match state.phase {
                Phase::Explore => {
                    for (i, s) in state.row.iter().enumerate() {
                        if s.is_some() {
                            out.push(Action::Flip { slot: i as u8 });
                        }
                    }
                }
                Phase::Route => {
                    for d in next_domains(state) {
                        out.push(Action::Go {
                            domain: Cow::Borrowed(d.id),
                        });
                    }
                }
                _ => out.push(Action::Continue),
            }
            uses_and_gifts(state, false, out);
        }
        Phase::Resolving { .. } => {}
        Phase::Offer { card } => {
            let kind = slot_kind(cards.card(*card));
            let slots = match kind {
                SlotKind::Item => &state.items,
                SlotKind::Equipment => &state.equipment,
            };
            if slots.len() < SLOTS {
                out.push(Action::Take);
            } else {
                for i in 0..slots.len() {
                    out.push(Action::Swap { slot: i as u8 });
                }
            }
            out.push(Action::Decline);
        }
        Phase::Terror { card } => {
            let m = mods(state);
            for (i, o) in cards.card(*card).options.iter().enumerate() {
                if can_pay(state, &m, &o.cost) {
                    out.push(Action::Choose { option: i as u8 });
                }
            }
        }
        Phase::Rest { .. } => {
            let m = mods(state);
            if !m.no_rest && !m.no_spend_resolve && state.marker >= 1 {
                if state.grace < GRACE_MAX {
                    out.push(Action::Spend {
                        purpose: SpendFor::Grace,
                    });
                }
                if state.health < state.max_health {
                    out.push(Action::Spend {
                        purpose: SpendFor::Heal,
                    });
                }
            }
            out.push(Action::Continue);
        }
        Phase::Pit(t) => {
            if t.dice.is_empty() {
                out.push(Action::Roll);
            } else {
                let dice: Vec<(Die, u8)> =
                    (0..t.dice.len()).map(|i| (Die::Test, i as u8)).collect();
                reroll_actions(state, &dice, false, out);
                out.push(Action::Continue);
            }
        }
        Phase::Encounter { card } => {
            let c = cards.card(*card);
            if !c.unbeatable {
                out.push(Action::Fight);
            }
            for p in &c.passage {
                if let Some(id) = &p.show
                    && state.holds(&id.0)
                {
                    out.push(Action::Show {
                        card: id.0.clone().into(),
                        to: Cow::Borrowed(card.id),
                    });
                }
                if let Some(id) = &p.give
                    && state.holds(&id.0)
                {
                    out.push(Action::Give {
                        card: id.0.clone().into(),
                        to: Cow::Borrowed(card.id),
                    });
                }
            }
            // An unbeatable foe with no toll and no usable passage lets the traveller by
            // for nothing rather than trapping the run (the validator warns about it).
            let stuck = c.unbeatable && !out.iter().any(|a| !matches!(a, Action::Fight));
            if c.toll.is_some() || stuck {
                out.push(Action::Toll);
            }
        }
        Phase::Companion { card } => {
            match &cards.card(*card).join {
                Some(Join::Give(id)) if state.holds(&id.0) => out.push(Action::Give {
                    card: id.0.clone().into(),
                    to: Cow::Borrowed(card.id),
                }),
                Some(Join::Show(id)) if state.holds(&id.0) => out.push(Action::Show {
                    card: id.0.clone().into(),
                    to: Cow::Borrowed(card.id),
                }),
                _ => {}
            }
            out.push(Action::Decline);
        }
        Phase::Duel(d) if d.awaiting_foe.is_some() => out.push(Action::RollFoe),
        Phase::Duel(d) => match &d.rolled {
            None => {
                out.push(Action::Roll);
                uses_and_gifts(state, true, out);
            }
            Some(r) => {
                let mut dice = Vec::new();
                if r.traveller.is_some() {
                    dice.push((Die::Traveller, 0));
                }
                dice.push((Die::Foe, 0));
                reroll_actions(state, &dice, r.no_rerolls, out);
                out.push(Action::Continue);
            }
        },
        Phase::Choice(c) => match &c.kind {
            ChoiceKind::Reorder { cards: shown } => {
                for p in permutations(shown.len()) {
                    out.push(Action::Order { order: p });
                }
            }
            ChoiceKind::Cleanse { .. } => {
                for s in &state.snares {
                    out.push(Action::Cleanse {
                        card: Cow::Borrowed(s.id),
                    });
                }
            }
            ChoiceKind::Guide { options, .. } => {
                out.extend((0..options.len() as u8).map(|option| Action::Pick { option }));
            }
            ChoiceKind::Lose { cards: held } => {
                out.extend((0..held.len() as u8).map(|option| Action::Pick { option }));
            }
        },
    }
    out.push(Action::Abandon);
}

/// Where the traveller may go from the Domain just cleared: a linked Domain not cleared
/// yet, in the same row or above (never down, even if a faulty map links down).
fn next_domains(state: &State) -> impl Iterator<Item = DomainRef> + '_ {
    let here = state.cards.domain(state.domain);
    here.links
        .iter()
        .copied()
        .filter(move |d| !state.cleared.contains(d) && state.cards.domain(*d).row >= here.row)
}

fn uses_and_gifts(state: &State, in_duel: bool, out: &mut Vec<Action>) {
    for c in ability_cards(state) {
        if usable(state, c, in_duel) {
            out.push(Action::Use {
                card: Cow::Borrowed(c.id),
            });
        }
    }
    if in_duel {
        return;
    }
    for f in &state.companions {
        for want in &state.cards.card(f.card).carries {
            if let Some(c) = held(state).find(|c| c.id == want.0) {
                out.push(Action::Give {
                    card: Cow::Borrowed(c.id),
                    to: Cow::Borrowed(f.card.id),
                });
            }
        }
    }
}

fn permutations(n: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut cur: Vec<u8> = Vec::new();
    fn go(n: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == n {
            out.push(cur.clone());
            return;
        }
        for i in 0..n as u8 {
            if !cur.contains(&i) {
                cur.push(i);
                go(n, cur, out);
                cur.pop();
            }
        }
    }
    go(n, &mut cur, &mut out);
    out
}

fn slot_kind(card: &StationCard) -> SlotKind {
    if card.card_type == StationType::Equipment {
        SlotKind::Equipment
    } else {
        SlotKind::Item
    }
}

/// The pure check: is this action legal now? The error says what the game waits for.
pub fn check(state: &State, action: &Action) -> Result<(), Illegal> {
    if legal_actions(state).contains(action) {
        return Ok(());
    }
    let waiting = match &state.phase {
        Phase::Over => "the run is over".to_string(),
        p => format!("the game is waiting for: {}", phase_name(p)),
    };
    let json = serde_json::to_string(action).unwrap_or_default();
    Err(Illegal(format!(
        "{json} is not a legal action now; {waiting}"
    )))
}

/// A short name for what a phase waits for (the protocol's prompt kind).
pub fn phase_name(p: &Phase) -> &'static str {
    match p {
        Phase::Explore => "explore",
        Phase::Resolving { .. } => "resolving",
        Phase::Offer { .. } => "offer",
        Phase::Terror { .. } => "terror",
        Phase::Rest { .. } => "rest",
        Phase::Pit(t) if t.dice.is_empty() => "test",
        Phase::Pit(_) => "test_reroll",
        Phase::Encounter { .. } => "encounter",
        Phase::Companion { .. } => "companion",
        Phase::Duel(d) if d.awaiting_foe.is_some() => "foe_roll",
        Phase::Duel(d) if d.rolled.is_none() => "duel",
        Phase::Duel(_) => "duel_reroll",
        Phase::Choice(c) => match c.kind {
            ChoiceKind::Reorder { .. } => "reorder",
            ChoiceKind::Cleanse { .. } => "cleanse",
            ChoiceKind::Guide { .. } => "guide_choice",
            ChoiceKind::Lose { .. } => "guide_lose",
        },
        Phase::Route => "route",
        Phase::Crossing => "crossing",
        Phase::Over => "over",
    }
}

/// Checks and performs an action, returning what happened. On an illegal action nothing
/// changes.
pub fn execute(state: &mut State, action: &Action) -> Result<Vec<Event>, Illegal> {
    check(state, action)?;
    let cards = Arc::clone(&state.cards);
    let mut x = Exec::new(state, &cards);
    x.act(action);
    Ok(x.events)
}

/// Performs an action taken from `legal_actions(state)` of this very state, without
/// checking it again (for the simulator's hot loop; debug builds still check).
pub fn execute_offered(state: &mut State, action: &Action) -> Vec<Event> {
    execute_offered_into(state, action, Vec::new())
}

/// [`execute_offered`] reusing `buffer` (cleared first) for the events, so a hot loop
/// allocates nothing per step.
pub fn execute_offered_into(state: &mut State, action: &Action, buffer: Vec<Event>) -> Vec<Event> {
    debug_assert!(check(state, action).is_ok(), "{action:?} was not offered");
    let cards = Arc::clone(&state.cards);
    let mut x = Exec::with_buffer(state, &cards, buffer);
    x.act(action);
    x.events
}

/// One action in progress: emits events, applying each at once.
struct Exec<'a> {
    s: &'a mut State,
    /// The card set, borrowed apart from the state so that rules code can read cards
    /// while emitting events (one reference-count increment per action, not per lookup).
    cards: &'a CardSet,
    events: Vec<Event>,
    /// Whether this action may have changed what decides if a duel can end (the
    /// traveller's modifiers): rolling and rerolling cannot, so their exchanges skip the
    /// check (see `check_unending`).
    recheck: bool,
}

impl<'a> Exec<'a> {
    fn new(s: &'a mut State, cards: &'a CardSet) -> Self {
        Exec::with_buffer(s, cards, Vec::new())
    }

    fn with_buffer(s: &'a mut State, cards: &'a CardSet, mut events: Vec<Event>) -> Self {
        events.clear();
        Exec {
            s,
            cards,
            events,
            recheck: true,
        }
    }

    fn emit(&mut self, e: Event) {
        apply(self.s, &e);
        self.events.push(e);
    }

    fn over(&self) -> bool {
        self.s.outcome.is_some()
    }

    fn cards(&self) -> &'a CardSet {
        self.cards
    }

    fn lose(&mut self, cause: Cause, detail: String) {
        if !self.over() {
            self.emit(Event::RunEnded {
                outcome: Outcome::Lost { cause, detail },
            });
        }
    }

    // ---- actions ---------------------------------------------------------------------

    fn act(&mut self, action: &Action) {
        self.recheck = !matches!(
            action,
            Action::Roll | Action::RollFoe | Action::Reroll { .. } | Action::Continue
        );
        let cards = self.cards();
        match action {
            Action::Abandon => {
                self.lose(Cause::Abandoned, "The traveller turned back.".into());
                return;
            }
            Action::Flip { slot } => self.flip(*slot),
            Action::Go { domain } => {
                if let Some(d) = cards.domain_by_str(domain) {
                    self.enter_domain(d);
                }
            }
            Action::Take => {
                if let Phase::Offer { card } = self.s.phase {
                    let kind = slot_kind(cards.card(card));
                    self.emit(Event::CardTaken { card, kind });
                    self.finish_card(card);
                }
            }
            Action::Swap { slot } => {
                if let Phase::Offer { card } = self.s.phase {
                    let kind = slot_kind(cards.card(card));
                    let (old, zone) = match kind {
                        SlotKind::Item => (self.s.items[*slot as usize], Zone::Items),
                        SlotKind::Equipment => (self.s.equipment[*slot as usize], Zone::Equipment),
                    };
                    self.emit(Event::CardDiscarded {
                        card: old,
                        from: zone,
                    });
                    self.emit(Event::CardTaken { card, kind });
                    self.finish_card(card);
                }
            }
            Action::Decline => match self.s.phase {
                Phase::Offer { card } => self.finish_card(card),
                Phase::Companion { card } => {
                    self.emit(Event::CompanionRefused { card });
                    self.run(cards.card(card).refused.clone());
                }
                _ => {}
            },
            Action::Choose { option } => {
                if let Phase::Terror { card } = self.s.phase {
                    let opt = &cards.card(card).options[*option as usize];
                    for p in &opt.cost {
                        self.pay(p);
                    }
                    self.emit(Event::TerrorChosen {
                        card,
                        option: *option,
                    });
                    self.run(opt.effects.clone());
                }
            }
            Action::Spend { purpose } => {
                if let Phase::Rest { card } = self.s.phase {
                    self.move_marker(-1);
                    self.emit(Event::RestSpent {
                        card,
                        purpose: *purpose,
                    });
                    match purpose {
                        SpendFor::Grace => self.change_grace(1),
                        SpendFor::Heal => {
                            let extra = mods(self.s).rest_heal;
                            self.heal(Amount::Fixed(5 + extra));
                        }
                    }
                }
            }
            Action::Continue => match &self.s.phase {
                Phase::Crossing => self.guardian(),
                Phase::Rest { card } => {
                    let card = *card;
                    self.finish_card(card);
                }
                Phase::Pit(_) => self.judge_test(),
                Phase::Duel(_) => self.resolve_exchange(),
                _ => {}
            },
            Action::Roll => match &self.s.phase {
                Phase::Pit(t) => {
                    let card = t.card;
                    let n = cards.card(card).test.as_ref().map_or(1, |t| t.dice.max(1));
                    let dice = self.s.dice.preview(n as usize);
                    self.emit(Event::TestRolled { card, dice });
                }
                Phase::Duel(d) if self.s.guide => {
                    // The same dice in the same order as alone: the traveller's first,
                    // then (at the Guide's hand) the foe's.
                    let traveller = (!d.status.skip).then(|| self.s.dice.peek());
                    self.emit(Event::TravellerRolled {
                        traveller,
                        modifier: roll_modifier(self.s, d),
                        no_rerolls: d.status.no_rerolls,
                    });
                }
                Phase::Duel(d) => {
                    let skip = d.status.skip;
                    let modifier = roll_modifier(self.s, d);
                    let no_rerolls = d.status.no_rerolls;
                    let (first, second) = self.s.dice.preview_pair();
                    let (traveller, foe) = if skip {
                        (None, first)
                    } else {
                        (Some(first), second)
                    };
                    self.emit(Event::ExchangeRolled {
                        traveller,
                        foe,
                        modifier,
                        no_rerolls,
                    });
                }
                _ => {}
            },
            Action::RollFoe => {
                if matches!(&self.s.phase, Phase::Duel(d) if d.awaiting_foe.is_some()) {
                    let foe = self.s.dice.peek();
                    self.emit(Event::FoeRolled { foe });
                }
            }
            Action::Pick { option } => {
                if let Phase::Choice(c) = &self.s.phase {
                    let picked = match &c.kind {
                        ChoiceKind::Guide { options, .. } => options
                            .get(*option as usize)
                            .map(|o| (o.label.clone(), o.effects.clone(), None)),
                        ChoiceKind::Lose { cards: held } => held
                            .get(*option as usize)
                            .map(|&card| (cards.card(card).name.clone(), Vec::new(), Some(card))),
                        _ => None,
                    };
                    if let Some((label, mut effects, lost)) = picked {
                        let pending = c.pending.clone();
                        self.emit(Event::GuideChose {
                            option: *option,
                            label,
                            die: None,
                        });
                        if let Some(card) = lost {
                            self.discard_held(card);
                        }
                        self.emit(Event::ChoiceClosed);
                        effects.extend(pending);
                        self.run(effects);
                    }
                }
            }
            Action::Reroll { die, index, card } => {
                let value = self.s.dice.peek();
                let with = card.as_ref().and_then(|id| cards.card_by_str(id));
                self.emit(Event::Rerolled {
                    die: *die,
                    index: *index,
                    value,
                    card: with,
                });
                match with {
                    Some(c) => {
                        let per = cards.card(c).ability.as_ref().map_or(Per::Fight, |a| a.per);
                        self.emit(Event::AbilityUsed { card: c, per });
                    }
                    None => self.change_grace(-1),
                }
            }
            Action::Use { card } => {
                if let Some(c) = cards.card_by_str(card)
                    && let Some(a) = &cards.card(c).ability
                {
                    self.emit(Event::AbilityUsed {
                        card: c,
                        per: a.per,
                    });
                    self.run(a.effects.clone());
                }
            }
            Action::Give { card, to } => self.hand_over(card, to, true),
            Action::Show { card, to } => self.hand_over(card, to, false),
            Action::Fight => {
                if let Phase::Encounter { card } = self.s.phase {
                    self.start_duel(Some(card));
                }
            }
            Action::Toll => {
                if let Phase::Encounter { card } = self.s.phase {
                    let toll = cards.card(card).toll.clone().unwrap_or_default();
                    self.emit(Event::FoePassed {
                        card,
                        how: "toll".into(),
                    });
                    self.run(toll);
                }
            }
            Action::Order { order } => {
                if let Phase::Choice(c) = &self.s.phase
                    && let ChoiceKind::Reorder { cards: shown } = &c.kind
                {
                    let new: Vec<CardRef> = order.iter().map(|&i| shown[i as usize]).collect();
                    let pending = c.pending.clone();
                    self.emit(Event::DeckReordered { cards: new });
                    self.emit(Event::ChoiceClosed);
                    self.run(pending);
                }
            }
            Action::Cleanse { card } => {
                if let Phase::Choice(c) = &self.s.phase
                    && let ChoiceKind::Cleanse { left } = c.kind
                    && let Some(snare) = cards.card_by_str(card)
                {
                    let mut pending = c.pending.clone();
                    self.emit(Event::SnareRemoved { card: snare });
                    self.emit(Event::ChoiceClosed);
                    if left > 1 {
                        pending.insert(0, Effect::Cleanse(left - 1));
                    }
                    self.run(pending);
                }
            }
        }
        self.settle();
    }

    /// Gives (`give`) or shows a held card to the companion or foe in front of the
    /// traveller, or gives it to a following companion who carries it.
    fn hand_over(&mut self, card: &str, to: &str, give: bool) {
        let cards = self.cards();
        let (Some(c), Some(t)) = (cards.card_by_str(card), cards.card_by_str(to)) else {
            return;
        };
        if !give {
            self.emit(Event::CardShown { card: c, to: t });
        }
        match self.s.phase {
            Phase::Companion { .. } => {
                self.emit(Event::CompanionJoined {
                    card: t,
                    carrying: give.then_some(c),
                });
                self.run(cards.card(t).effects.clone());
            }
            Phase::Encounter { .. } => {
                let wanted = |p: &&crate::cards::model::Passage| {
                    let asked = if give { &p.give } else { &p.show };
                    asked.as_ref().is_some_and(|x| x.0 == card)
                };
                if let Some(p) = cards.card(t).passage.iter().find(wanted) {
                    let given = give.then_some(c);
                    self.pass_foe(t, p.label.clone(), p.joins, given, p.effects.clone());
                }
            }
            _ if give => self.emit(Event::CardCarried { card: c, by: t }),
            _ => {}
        }
    }

    fn pass_foe(
        &mut self,
        foe: CardRef,
        how: String,
        joins: bool,
        given: Option<CardRef>,
        effects: Vec<Effect>,
    ) {
        self.emit(Event::FoePassed { card: foe, how });
        if joins {
            self.emit(Event::CompanionJoined {
                card: foe,
                carrying: given,
            });
        } else if let Some(g) = given {
            self.emit(Event::CardGivenAway { card: g });
        }
        self.run(effects);
    }

    fn pay(&mut self, p: &Payment) {
        match p {
            Payment::SpendResolve(n) => self.move_marker(-(*n as i8)),
            Payment::SpendGrace(n) => self.change_grace(-(*n as i8)),
            Payment::Discard(kind) => {
                let (card, from) = match kind {
                    SlotKind::Item => (self.s.items.first().copied(), Zone::Items),
                    SlotKind::Equipment => (self.s.equipment.first().copied(), Zone::Equipment),
                };
                if let Some(card) = card {
                    self.emit(Event::CardDiscarded { card, from });
                }
            }
        }
    }

    // ---- flow --------------------------------------------------------------------------

    fn enter_domain(&mut self, d: DomainRef) {
        let cards = self.cards();
        if self.s.spent.iter().any(|(_, p)| *p == Per::Domain) {
            self.emit(Event::AbilitiesRefreshed { per: Per::Domain });
        }
        self.emit(Event::DomainEntered { domain: d });
        let order = self.s.dice.peek_shuffle(&cards.domain(d).stations);
        self.emit(Event::DeckShuffled {
            domain: d,
            cards: order.len(),
            order,
        });
        for slot in 0..ROW as u8 {
            self.refill(slot);
        }
        let mut work = cards.domain(d).on_enter.clone();
        work.extend(self.triggers(Occasion::DomainEnter));
        self.run(work);
    }

    fn refill(&mut self, slot: u8) {
        if self.s.row[slot as usize].is_none()
            && let Some(&card) = self.s.deck.last()
        {
            self.emit(Event::SlotFilled { slot, card });
        }
    }

    fn triggers(&self, on: Occasion) -> Vec<Effect> {
        let mut out = Vec::new();
        for c in self.s.active_cards() {
            for t in &self.s.cards.card(c).triggers {
                if t.on == on {
                    out.extend(t.effects.iter().cloned());
                }
            }
        }
        out
    }

    fn flip(&mut self, slot: u8) {
        let Some(rc) = self.s.row[slot as usize] else {
            return;
        };
        let card = rc.card;
        let cards = self.cards();
        let c = cards.card(card);
        let mut work = self.triggers(Occasion::Flip);
        self.emit(Event::CardFlipped { slot, card });
        if c.card_type == StationType::Snare {
            self.emit(Event::SnareCaught { card });
        }
        if c.card_type != StationType::Companion {
            work.extend(c.effects.iter().cloned());
        }
        self.run(work);
    }

    /// Discards the card if it is still in hand, returns to the row, refills the slot, and
    /// clears the Domain when nothing is left.
    fn finish_card(&mut self, card: CardRef) {
        if self.s.resolving == Some(card) {
            self.emit(Event::CardDiscarded {
                card,
                from: Zone::Resolving,
            });
        }
        self.emit(Event::CardResolved { card });
        if let Some(slot) = self.s.flipped_slot {
            self.refill(slot);
        }
    }

    fn domain_cleared(&mut self) {
        let cards = self.cards();
        let here = self.s.domain;
        self.emit(Event::DomainCleared { domain: here });
        if here == cards.final_domain {
            // The Guardian waits for the traveller's `continue` (Phase::Crossing), so that
            // a card found last can still be handed over or used.
            return;
        }
        if next_domains(self.s).next().is_none() {
            let name = cards.domain(here).name.clone();
            self.lose(
                Cause::Stranded,
                format!("No uncleared Domain is linked from {name}."),
            );
        }
    }

    fn guardian(&mut self) {
        let cards = self.cards();
        let g = &cards.guardian;
        let mut checks = Vec::new();
        let mut pen = GuardianPenalties::default();
        let mut barred = None;
        for (seal, is_req) in g
            .requirements
            .iter()
            .map(|s| (s, true))
            .chain(g.seals.iter().map(|s| (s, false)))
        {
            let met = holds(self.s, &seal.broken_by);
            checks.push(SealCheck {
                id: seal.id.0.clone(),
                name: seal.name.clone(),
                met,
            });
            if !met {
                let what = if is_req { "is not met" } else { "is unbroken" };
                let detail = format!("{} {what}: {}", seal.name, seal.text);
                match seal.penalty {
                    SealPenalty::Barred => barred = barred.or(Some(detail.clone())),
                    SealPenalty::Invulnerable => pen.invulnerable = true,
                    SealPenalty::FullHeal => pen.full_heal = true,
                    SealPenalty::Reflect => pen.reflect = true,
                }
            }
        }
        self.emit(Event::GuardianRevealed { checks });
        if let Some(detail) = barred {
            self.lose(Cause::Guardian, detail);
            return;
        }
        self.start_duel_with(None, pen);
    }

    fn start_duel(&mut self, card: Option<CardRef>) {
        self.start_duel_with(card, GuardianPenalties::default());
    }

    fn start_duel_with(&mut self, card: Option<CardRef>, guardian: GuardianPenalties) {
        let cards = self.cards();
        if self.s.spent.iter().any(|(_, p)| *p == Per::Fight) {
            self.emit(Event::AbilitiesRefreshed { per: Per::Fight });
        }
        let bonus = self.s.bonus.next_duel;
        if bonus != 0 {
            self.emit(Event::BonusUsed {
                to: BonusTarget::NextDuel,
                amount: bonus,
            });
        }
        let (foe, hp) = match card {
            Some(c) => (c.id, cards.card(c).hp.unwrap_or(1)),
            None => (cards.guardian_id(), cards.guardian.hp),
        };
        self.emit(Event::DuelStarted {
            foe,
            hp,
            card,
            guardian,
            bonus,
        });
        let work = self.triggers(Occasion::DuelStart);
        self.run(work);
    }

    // ---- effects -----------------------------------------------------------------------

    /// Runs effects in order. Stops early if the run ends, or when an effect asks the
    /// player to choose: the rest then waits in the choice and runs after it.
    fn run(&mut self, effects: Vec<Effect>) {
        let mut work: VecDeque<Effect> = effects.into();
        while let Some(e) = work.pop_front() {
            if self.over() {
                return;
            }
            match e {
                Effect::If(b) => {
                    let branch = if holds(self.s, &b.when) {
                        b.then
                    } else {
                        b.otherwise
                    };
                    for x in branch.into_iter().rev() {
                        work.push_front(x);
                    }
                }
                Effect::Heal(a) => self.heal(a),
                Effect::LoseHealth(a) => {
                    let n = self.amount(a);
                    self.change_health(-n);
                }
                Effect::Resolve(n) => self.move_marker(n as i8),
                Effect::Dread(n) => self.move_marker(-(n as i8)),
                Effect::MaxHealth(n) => {
                    let max_health = (self.s.max_health + n).max(1);
                    self.emit(Event::MaxHealthChanged {
                        by: max_health - self.s.max_health,
                        max_health,
                    });
                }
                Effect::HitFoe(n) => {
                    let extra = self.hit_foe(n);
                    for x in extra.into_iter().rev() {
                        work.push_front(x);
                    }
                }
                Effect::Peek(n) => self.see_row(n, false),
                Effect::Reveal(n) => self.see_row(n, true),
                Effect::PeekDeck(n) => {
                    let top = self.top_of_deck(n as usize);
                    if !top.is_empty() {
                        self.emit(Event::DeckSeen { cards: top });
                    }
                }
                Effect::Reorder(n) => {
                    let top = self.top_of_deck((n as usize).min(3));
                    if top.len() == 1 {
                        self.emit(Event::DeckSeen { cards: top });
                    } else if top.len() > 1 {
                        self.emit(Event::ChoiceOffered {
                            kind: ChoiceKind::Reorder { cards: top },
                            pending: work.into(),
                        });
                        return;
                    }
                }
                Effect::Cleanse(n) => {
                    if self.s.snares.len() <= n as usize {
                        for card in self.s.snares.clone() {
                            self.emit(Event::SnareRemoved { card });
                        }
                    } else {
                        self.emit(Event::ChoiceOffered {
                            kind: ChoiceKind::Cleanse { left: n },
                            pending: work.into(),
                        });
                        return;
                    }
                }
                Effect::Bonus(Bonus { to, amount }) => {
                    self.emit(Event::BonusGained { to, amount });
                }
                Effect::GuideChooses(options) => {
                    if options.is_empty() {
                        continue;
                    }
                    if self.s.guide {
                        // Named after the card it comes from: a held card or Snare whose
                        // trigger or ability this is (a Snare fires while another card is
                        // resolved), else the card being resolved.
                        let card = self
                            .source_of(&Effect::GuideChooses(options.clone()))
                            .or(self.s.resolving)
                            .or(match self.s.phase {
                                Phase::Resolving { card } => Some(card),
                                _ => None,
                            });
                        self.emit(Event::ChoiceOffered {
                            kind: ChoiceKind::Guide { card, options },
                            pending: work.into(),
                        });
                        return;
                    }
                    let (option, die) = self.die_picks(options.len());
                    let chosen = &options[option];
                    self.emit(Event::GuideChose {
                        option: option as u8,
                        label: chosen.label.clone(),
                        die,
                    });
                    for x in chosen.effects.iter().rev() {
                        work.push_front(x.clone());
                    }
                }
                Effect::Lose(kind) => {
                    let candidates: Vec<CardRef> = match kind {
                        LoseKind::Item => self.s.items.clone(),
                        LoseKind::Equipment => self.s.equipment.clone(),
                        LoseKind::Any => held(self.s).collect(),
                    };
                    if candidates.len() > 1 && self.s.guide {
                        self.emit(Event::ChoiceOffered {
                            kind: ChoiceKind::Lose { cards: candidates },
                            pending: work.into(),
                        });
                        return;
                    }
                    if candidates.is_empty() {
                        continue;
                    }
                    let (option, die) = self.die_picks(candidates.len());
                    let card = candidates[option];
                    self.emit(Event::GuideChose {
                        option: option as u8,
                        label: self.cards().card(card).name.clone(),
                        die,
                    });
                    self.discard_held(card);
                }
            }
        }
    }

    /// The held card (or Snare) whose trigger or ability holds `e`: where a Guide's choice
    /// comes from when no card is being resolved (a Snare firing on entering a Domain, an
    /// item used), so that the table and the Guide can name it.
    fn source_of(&self, e: &Effect) -> Option<CardRef> {
        fn within(list: &[Effect], e: &Effect) -> bool {
            list.iter().any(|x| {
                x == e
                    || match x {
                        Effect::If(b) => within(&b.then, e) || within(&b.otherwise, e),
                        Effect::GuideChooses(o) => o.iter().any(|o| within(&o.effects, e)),
                        _ => false,
                    }
            })
        }
        let cards = self.cards();
        let s = &*self.s;
        s.snares
            .iter()
            .chain(&s.equipment)
            .chain(s.companions.iter().map(|f| &f.card))
            .chain(&s.items)
            .copied()
            .find(|&c| {
                let sc = cards.card(c);
                sc.triggers.iter().any(|t| within(&t.effects, e))
                    || sc.ability.as_ref().is_some_and(|a| within(&a.effects, e))
            })
    }

    /// The world's pick among `n` options in a run without a Guide: a die, counted along
    /// the options from the first and round again (as a player alone would do it with a
    /// real die). A single option needs no die.
    fn die_picks(&mut self, n: usize) -> (usize, Option<u8>) {
        if n <= 1 {
            return (0, None);
        }
        let d = self.s.dice.peek();
        ((d as usize - 1) % n, Some(d))
    }

    /// Discards a card from the traveller's Item or Equipment slots.
    fn discard_held(&mut self, card: CardRef) {
        let from = if self.s.items.contains(&card) {
            Zone::Items
        } else {
            Zone::Equipment
        };
        self.emit(Event::CardDiscarded { card, from });
    }

    fn top_of_deck(&self, n: usize) -> Vec<CardRef> {
        self.s.deck.iter().rev().take(n).copied().collect()
    }

    fn see_row(&mut self, n: u8, face_up: bool) {
        let mut left = n;
        for slot in 0..ROW {
            if left == 0 {
                break;
            }
            if let Some(rc) = self.s.row[slot] {
                let new = match rc.seen {
                    Seen::Hidden => true,
                    Seen::Peeked => face_up,
                    Seen::FaceUp => false,
                };
                if new {
                    self.emit(Event::CardSeen {
                        slot: slot as u8,
                        card: rc.card,
                        face_up,
                    });
                    left -= 1;
                }
            }
        }
    }

    /// Rolls an amount's dice (if any). `Full` counts as the Health missing.
    fn amount(&mut self, a: Amount) -> i32 {
        match a {
            Amount::Fixed(n) => n,
            Amount::Full(_) => self.s.max_health - self.s.health,
            Amount::Dice { d6, plus } => {
                let dice = self.s.dice.preview(d6 as usize);
                let sum: i32 = dice.iter().map(|&d| d as i32).sum();
                self.emit(Event::EffectRolled { dice });
                sum + plus
            }
        }
    }

    fn heal(&mut self, a: Amount) {
        let mut n = self.amount(a);
        let bonus = self.s.bonus.next_heal;
        if bonus != 0 {
            self.emit(Event::BonusUsed {
                to: BonusTarget::NextHeal,
                amount: bonus,
            });
            n += bonus;
        }
        self.change_health(n.max(0));
    }

    /// Changes Health within 0..=max; at 0 the run is lost.
    fn change_health(&mut self, by: i32) {
        let health = (self.s.health + by).clamp(0, self.s.max_health);
        let actual = health - self.s.health;
        if actual != 0 {
            self.emit(Event::HealthChanged { by: actual, health });
        }
        if health == 0 {
            self.lose(Cause::Health, "Health fell to 0.".into());
        }
    }

    /// Moves the marker: up is Resolve (capped at +4), down is Dread; past -4 loses.
    fn move_marker(&mut self, by: i8) {
        let target = self.s.marker as i32 + by as i32;
        let marker = target.clamp(MARKER_MIN as i32, MARKER_MAX as i32) as i8;
        if marker != self.s.marker {
            self.emit(Event::MarkerMoved {
                by: marker - self.s.marker,
                marker,
            });
        }
        if target < MARKER_MIN as i32 {
            self.lose(Cause::Dread, "Dread passed its limit.".into());
        }
    }

    fn change_grace(&mut self, by: i8) {
        let grace = (self.s.grace as i8 + by).clamp(0, GRACE_MAX as i8) as u8;
        if grace != self.s.grace {
            self.emit(Event::GraceChanged {
                by: grace as i8 - self.s.grace as i8,
                grace,
            });
        }
    }

    /// Damage from a card to the foe; returns the foe's on-defeat effects if it falls.
    fn hit_foe(&mut self, n: i32) -> Vec<Effect> {
        let Some(d) = self.s.duel() else {
            return Vec::new();
        };
        let cards = self.cards();
        let immune = d
            .card
            .is_some_and(|c| cards.card(c).immune.contains(&Immunity::Items));
        if d.guardian.reflect {
            self.change_health(-n);
            return Vec::new();
        }
        if immune || d.guardian.invulnerable || n <= 0 {
            return Vec::new();
        }
        let foe_hp = (d.hp - n).max(0);
        self.emit(Event::FoeHit { amount: n, foe_hp });
        if foe_hp == 0 {
            return self.defeat_foe();
        }
        Vec::new()
    }

    fn defeat_foe(&mut self) -> Vec<Effect> {
        let cards = self.cards();
        let Some(d) = self.s.duel() else {
            return Vec::new();
        };
        let card = d.card;
        let foe = card.map_or(cards.guardian_id(), |c| c.id);
        self.emit(Event::FoeDefeated { foe });
        match card {
            None => {
                self.emit(Event::RunEnded {
                    outcome: Outcome::Won,
                });
                Vec::new()
            }
            Some(c) => {
                let mut work = cards.card(c).on_defeat.clone();
                work.extend(self.triggers(Occasion::FoeDefeated));
                work
            }
        }
    }

    // ---- duels and tests ---------------------------------------------------------------

    fn foe_faces<'c>(cards: &'c CardSet, d: &Duel) -> &'c [Face] {
        match d.card {
            Some(c) => &cards.card(c).faces,
            None => &cards.guardian.faces,
        }
    }

    fn foe_stats(&self, d: &Duel) -> FoeStats {
        foe_stats(self.cards, d)
    }

    fn fighter(m: &Mods) -> Fighter {
        Fighter {
            atk: m.atk,
            def: m.def,
            counter_damage: m.counter_damage,
        }
    }

    fn resolve_exchange(&mut self) {
        let Some(d) = self.s.duel().cloned() else {
            return;
        };
        let Some(r) = d.rolled else {
            return;
        };
        let m = mods(self.s);
        let cards = self.cards();
        let faces = Self::foe_faces(cards, &d);
        let face_ix = (r.foe.clamp(1, 6) - 1) as usize;
        let Some(face) = faces.get(face_ix) else {
            return;
        };
        let roll = r
            .traveller
            .map(|v| (v as i32 + r.modifier).clamp(1, 6) as u8);
        let mut status = d.status.clone();
        let strike = combat::strike(roll);
        let attacks_miss = combat::is_attack(strike) && status.attacks < m.first_attacks_miss;
        if combat::is_attack(strike) {
            status.attacks = status.attacks.saturating_add(1);
        }
        // The foe's bonus damage: enrage always, empower when its face comes up (or on the
        // next hit when it names no face).
        let empower_now = status.empower > 0
            && status
                .empower_face
                .is_none_or(|f| f as usize == face_ix + 1);
        let would_hit = face.copy || face.deal > 0;
        let extra = status.enrage + if empower_now { status.empower } else { 0 };
        let x = combat::exchange(
            roll,
            face,
            Self::fighter(&m),
            self.foe_stats(&d),
            extra,
            attacks_miss,
        );
        if empower_now && would_hit && x.foe_hit {
            status.empower = 0;
            status.empower_face = None;
        }
        status.skip = face.skip_roll;
        status.penalty = face.roll_penalty;
        status.no_rerolls = face.no_rerolls;
        status.enrage += face.enrage;
        if face.empower > 0 {
            status.empower += face.empower;
            status.empower_face = face
                .empower_face
                .as_ref()
                .and_then(|n| faces.iter().position(|f| &f.name == n))
                .map(|i| i as u8 + 1);
        }
        let foe_hp = (d.hp - x.to_foe + x.foe_heal).min(d.max_hp);
        let foe_healed = (foe_hp - (d.hp - x.to_foe)).max(0);
        let health = (self.s.health - x.to_traveller - x.reflected).clamp(0, self.s.max_health);
        self.emit(Event::ExchangeResolved {
            exchange: d.exchange + 1,
            roll,
            strike,
            foe_roll: r.foe,
            face: cards.face_name(d.card, face_ix),
            to_foe: x.to_foe,
            to_traveller: x.to_traveller,
            reflected: x.reflected,
            foe_healed,
            foe_hp: foe_hp.max(0),
            health,
            status,
        });
        if health == 0 {
            // Both falling together is a loss: the traveller must survive the exchange.
            self.lose(Cause::Health, format!("Fell in a duel ({}).", face.name));
            return;
        }
        if foe_hp <= 0 {
            let work = self.defeat_foe();
            self.run(work);
            return;
        }
        if d.guardian.full_heal && foe_hp < d.max_hp {
            self.emit(Event::FoeRestored { hp: d.max_hp });
        }
    }

    /// Before each exchange: a duel that can no longer end is broken off (see RULES.md).
    fn check_unending(&mut self) {
        let Some(d) = self.s.duel() else {
            return;
        };
        // Whether either side can still fall depends on the foe's printed card and the
        // traveller's modifiers (every face's effects are taken as possible), so it is
        // worked out when a duel starts and after actions that may change modifiers; in
        // between, only the exchange limit needs watching.
        if !self.recheck && d.exchange > 0 && d.exchange < EXCHANGE_LIMIT {
            return;
        }
        let d = d.clone();
        let m = mods(self.s);
        let cards = self.cards();
        let faces = Self::foe_faces(cards, &d);
        let shift = m.duel_rolls + m.all_rolls + d.bonus;
        // Every roll the traveller could still make: with any roll penalty a face can
        // give, or skipped (a skipped roll blocks nothing). A set of at most 7 values,
        // kept on the stack: this runs before every exchange.
        let mut reachable = [false; 7];
        let penalties = faces
            .iter()
            .map(|f| f.roll_penalty)
            .chain([0, d.status.penalty]);
        for p in penalties {
            for v in 1..=6 {
                reachable[(v + shift - p).clamp(1, 6) as usize] = true;
            }
        }
        reachable[0] = d.status.skip || faces.iter().any(|f| f.skip_roll);
        let mut buf = [None; 7];
        let mut n = 0;
        for (i, _) in reachable.iter().enumerate().filter(|(_, r)| **r) {
            buf[n] = if i == 0 { None } else { Some(i as u8) };
            n += 1;
        }
        let rolls = &buf[..n];
        // Enrage and empower can lift a hit through the traveller's DEF.
        let enrage_possible = faces.iter().any(|f| f.enrage > 0 || f.empower > 0)
            || d.status.enrage > 0
            || d.status.empower > 0;
        let (foe_can, me_can) = combat::who_can_fall(
            rolls,
            faces,
            Self::fighter(&m),
            self.foe_stats(&d),
            enrage_possible,
            d.guardian.full_heal.then_some(d.max_hp),
        );
        let limit = d.exchange >= EXCHANGE_LIMIT;
        match d.card {
            None if !foe_can || limit => {
                let detail = match self.guardian_reason() {
                    Some(reason) if !foe_can => reason,
                    _ if limit => {
                        format!("The Guardian still stood after {EXCHANGE_LIMIT} exchanges.")
                    }
                    _ => "The Guardian cannot be brought down.".into(),
                };
                self.lose(Cause::Guardian, detail);
            }
            Some(c) if (!foe_can && !me_can) || limit => {
                let reason = if limit {
                    format!("{EXCHANGE_LIMIT} exchanges without an end")
                } else {
                    "neither side can harm the other".to_string()
                };
                self.emit(Event::DuelStalemate { foe: c.id, reason });
            }
            _ => {}
        }
    }

    /// The first unmet requirement or unbroken seal that makes the Guardian unbeatable.
    fn guardian_reason(&self) -> Option<String> {
        let g = &self.s.cards.guardian;
        let order = [
            SealPenalty::Invulnerable,
            SealPenalty::FullHeal,
            SealPenalty::Reflect,
        ];
        for pen in order {
            for (seal, is_req) in g
                .requirements
                .iter()
                .map(|s| (s, true))
                .chain(g.seals.iter().map(|s| (s, false)))
            {
                if seal.penalty == pen && !holds(self.s, &seal.broken_by) {
                    let what = if is_req { "is not met" } else { "is unbroken" };
                    return Some(format!("{} {what}: {}", seal.name, seal.text));
                }
            }
        }
        None
    }

    fn judge_test(&mut self) {
        let cards = self.cards();
        let Phase::Pit(t) = &self.s.phase else {
            return;
        };
        let t = t.clone();
        let Some(test) = cards.card(t.card).test.clone() else {
            return;
        };
        let m = mods(self.s);
        let shift = m.test_rolls + m.all_rolls + self.s.bonus.next_test;
        // A test is a sum against a target: the modifiers are added once to the dice's
        // total, with no clamping (unlike a duel die, a test has no faces to stay within).
        let natural: i32 = t.dice.iter().map(|&d| d as i32).sum();
        let total = natural + shift;
        let success = total >= test.target;
        let (mut successes, mut failures) = (t.successes, t.failures);
        if success {
            successes += 1;
        } else {
            failures += 1;
        }
        let over = !test.extended || successes >= EXTENDED_TALLY || failures >= EXTENDED_TALLY;
        if over && self.s.bonus.next_test != 0 {
            self.emit(Event::BonusUsed {
                to: BonusTarget::NextTest,
                amount: self.s.bonus.next_test,
            });
        }
        self.emit(Event::TestJudged {
            card: t.card,
            total,
            target: test.target,
            success,
            successes,
            failures,
            over,
        });
        let mut work = Vec::new();
        if test.extended && !success {
            work.extend(test.each_failure.iter().cloned());
        }
        if over {
            work.extend(if success { test.success } else { test.failure });
        }
        self.run(work);
    }

    /// After an action: carry on with whatever needs no decision from the player.
    fn settle(&mut self) {
        let cards = self.cards();
        for _ in 0..10_000 {
            if self.over() {
                return;
            }
            match &self.s.phase {
                Phase::Resolving { card } => {
                    let card = *card;
                    self.finish_card(card);
                }
                Phase::Explore
                    if self.s.row.iter().all(Option::is_none) && self.s.deck.is_empty() =>
                {
                    self.domain_cleared();
                }
                Phase::Encounter { card } if !encounter_options(cards.card(*card)) => {
                    let card = *card;
                    self.start_duel(Some(card));
                }
                Phase::Companion { card } if cards.card(*card).join.is_none() => {
                    let card = *card;
                    self.emit(Event::CompanionJoined {
                        card,
                        carrying: None,
                    });
                    self.run(cards.card(card).effects.clone());
                }
                Phase::Duel(d) => match d.rolled {
                    None => {
                        let before = self.events.len();
                        self.check_unending();
                        if self.events.len() == before {
                            return;
                        }
                    }
                    Some(r) => {
                        if can_reroll(self.s, r.no_rerolls) {
                            return;
                        }
                        self.resolve_exchange();
                    }
                },
                // No reroll to offer: judge at once.
                Phase::Pit(t) if !t.dice.is_empty() && !can_reroll(self.s, false) => {
                    self.judge_test();
                }
                _ => return,
            }
        }
    }
}
