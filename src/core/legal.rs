//! Which actions are legal now, the pure check, and why an action is not offered.

use super::action::{Action, CardOrder, Die, Id, SpendFor};
use super::error::{Illegal, Why};
use super::house::Price;
use super::modifiers::{Mods, mods};
use super::rules::{GRACE_MAX, REORDER_MAX, REST_SPEND, ROW, SLOTS};
use super::state::*;
use crate::cards::model::{Condition, Join, Modifier, Payment, SlotKind, StationCard, StationType};
use crate::cards::{CardRef, DomainRef};

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
            .any(|f| f.card.id() == c.companion.0 && f.carrying.iter().any(|x| x.id() == c.card.0)),
        Condition::FoeTag(tag) => state
            .duel()
            .and_then(|d| d.card)
            .is_some_and(|c| state.cards.card(c).tags.iter().any(|t| t == tag)),
        Condition::SnaresAtLeast(n) => state.snares.len() >= *n as usize,
        Condition::Cleared(id) => state.cleared.iter().any(|d| d.id() == id.0),
        Condition::Not(c) => !holds(state, c),
        Condition::All(cs) => cs.iter().all(|c| holds(state, c)),
        Condition::Any(cs) => cs.iter().any(|c| holds(state, c)),
    }
}

/// Why a Terror option's cost cannot be paid now, or `None` when it can. Resolve is
/// checked before a card forbidding it, so a traveller short of Resolve is told so.
fn cost_block(state: &State, m: &Mods, cost: &[Payment]) -> Option<Why> {
    let payable = |p: &Payment| match p {
        Payment::SpendResolve(n) => state.marker >= *n as i8,
        Payment::SpendGrace(n) => state.grace >= *n,
        Payment::Discard(SlotKind::Item) => !state.items.is_empty(),
        Payment::Discard(SlotKind::Equipment) => !state.equipment.is_empty(),
    };
    if !cost.iter().all(payable) {
        return Some(Why::CannotPay {
            cost: cost_words(cost),
        });
    }
    let spends_resolve = cost.iter().any(|p| matches!(p, Payment::SpendResolve(_)));
    if spends_resolve && m.no_spend_resolve {
        return Some(forbidden(state, |p| matches!(p, Modifier::NoSpendResolve)));
    }
    None
}

/// A cost in words ("costs 1 Resolve and costs a held Item").
pub fn cost_words(cost: &[Payment]) -> String {
    let words: Vec<String> = cost
        .iter()
        .map(|p| match p {
            Payment::SpendResolve(n) => format!("costs {n} Resolve"),
            Payment::SpendGrace(n) => format!("costs {n} Grace"),
            Payment::Discard(SlotKind::Item) => "costs a held Item".into(),
            Payment::Discard(SlotKind::Equipment) => "costs a held Equipment".into(),
        })
        .collect();
    words.join(" and ")
}

/// Why a Rest spend is not possible now, or `None` when it is. The order is the one a
/// player reads: no Resolve to spend, nothing to gain, then a card forbidding it.
fn spend_block(state: &State, m: &Mods, purpose: SpendFor) -> Option<Why> {
    if state.marker < REST_SPEND {
        return Some(Why::NeedResolve);
    }
    match purpose {
        SpendFor::Heal if state.health >= state.max_health => return Some(Why::HealthFull),
        SpendFor::Grace if state.grace >= GRACE_MAX => return Some(Why::GraceFull),
        _ => {}
    }
    if m.no_rest {
        return Some(forbidden(state, |p| matches!(p, Modifier::NoRest)));
    }
    if m.no_spend_resolve {
        return Some(forbidden(state, |p| matches!(p, Modifier::NoSpendResolve)));
    }
    None
}

/// [`Why::ForbiddenBySnare`] naming the first card in force with such a modifier.
fn forbidden(state: &State, is: impl Fn(&Modifier) -> bool) -> Why {
    let card = state
        .active_cards()
        .find(|&c| state.cards.card(c).passive.iter().any(&is));
    Why::ForbiddenBySnare {
        snare: card.map_or_else(|| "a card".into(), |c| state.cards.card(c).name.clone()),
    }
}

/// Cards the traveller holds in slots (items, then equipment).
pub(super) fn held(state: &State) -> impl Iterator<Item = CardRef> + '_ {
    state.items.iter().chain(&state.equipment).copied()
}

/// Cards whose `use` ability could be used now (ignoring the moment).
fn ability_cards(state: &State) -> impl Iterator<Item = CardRef> + '_ {
    held(state).chain(state.companions.iter().map(|f| f.card))
}

/// Calls `f` on each of [`ability_cards`], in the same order, with plain loops: this runs
/// on almost every step, where a chain of three iterators costs a branch per card.
fn each_ability_card(state: &State, mut f: impl FnMut(CardRef)) {
    for &c in &state.items {
        f(c);
    }
    for &c in &state.equipment {
        f(c);
    }
    for fw in &state.companions {
        f(fw.card);
    }
}

/// Whether this card's ability could be used now; `conditional` is set when that read a
/// condition the use `requires`.
fn usable(state: &State, card: CardRef, in_duel: bool, conditional: &mut bool) -> bool {
    let Some(a) = &state.cards.card(card).ability else {
        return false;
    };
    // The flags first: the spent list is scanned only for a card that could be used.
    !a.reroll
        && (in_duel || !a.duel_only)
        && !state.is_spent(card)
        && a.requires.as_ref().is_none_or(|c| {
            *conditional = true;
            holds(state, c)
        })
}

/// Row slots whose card a peek (or, with `face_up`, a reveal) would show something new.
pub(super) fn seeable(state: &State, face_up: bool) -> RowSlots {
    let mut slots = RowSlots::default();
    for (slot, rc) in state.row.iter().enumerate() {
        let new = rc.is_some_and(|rc| match rc.seen {
            Seen::Hidden => true,
            Seen::Peeked => face_up,
            Seen::FaceUp => false,
        });
        if new {
            slots.0 |= 1 << slot;
        }
    }
    slots
}

/// Some row slots, in slot order: a bit each, so a list of them allocates nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct RowSlots(u8);
const _: () = assert!(ROW <= u8::BITS as usize);

impl RowSlots {
    /// How many slots.
    pub(super) fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl IntoIterator for RowSlots {
    type Item = usize;
    type IntoIter = RowSlotsIter;
    fn into_iter(self) -> RowSlotsIter {
        RowSlotsIter(self.0)
    }
}

/// The slots of a [`RowSlots`], lowest first.
pub(super) struct RowSlotsIter(u8);

impl Iterator for RowSlotsIter {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let slot = self.0.trailing_zeros() as usize;
        // Clears the lowest bit.
        self.0 &= self.0 - 1;
        Some(slot)
    }
}

/// Held cards and companions whose ability could be used now in a duel.
pub(super) fn usable_in_duel(state: &State) -> impl Iterator<Item = CardRef> + '_ {
    ability_cards(state).filter(|&c| usable(state, c, true, &mut false))
}

/// Whether this card's free reroll is ready.
fn free_reroll_ready(state: &State, c: CardRef) -> bool {
    let card = state.cards.card(c);
    card.ability.as_ref().is_some_and(|a| a.reroll) && !state.is_spent(c)
}

/// Whether a card held or a companion has its free reroll ready: the state's derived
/// [`RunData::free_reroll`], checked against the cards in debug builds.
fn free_reroll(state: &State) -> bool {
    debug_assert_eq!(state.free_reroll, {
        let mut free = false;
        each_ability_card(state, |c| free = free || free_reroll_ready(state, c));
        free
    });
    state.free_reroll
}

/// Whether any reroll (Grace or a free reroll card) could be made now.
pub(super) fn can_reroll(state: &State, no_rerolls: bool) -> bool {
    !no_rerolls && (state.grace > 0 || free_reroll(state))
}

/// Rerolls possible for the dice just rolled.
fn reroll_actions(
    state: &State,
    dice: impl Iterator<Item = (Die, u8)>,
    no_rerolls: bool,
    out: &mut Vec<Action>,
) {
    if no_rerolls {
        return;
    }
    let free = free_reroll(state);
    for (die, index) in dice {
        if state.grace > 0 {
            out.push(Action::Reroll {
                die,
                index,
                card: None,
            });
        }
        if free {
            each_ability_card(state, |c| {
                if free_reroll_ready(state, c) {
                    out.push(Action::Reroll {
                        die,
                        index,
                        card: Some(Id::from(c)),
                    });
                }
            });
        }
    }
}

/// Whether the traveller has no way past this foe: it cannot be fought, has no toll, and
/// asks (to be shown or given) only cards the traveller does not hold.
pub(super) fn no_way_past(state: &State, card: &StationCard) -> bool {
    let can_hand =
        |id: &Option<crate::cards::model::CardId>| id.as_ref().is_some_and(|id| state.holds(&id.0));
    card.unbeatable
        && card.toll.is_none()
        && !card
            .passage
            .iter()
            .any(|p| can_hand(&p.show) || can_hand(&p.give))
}

pub(super) fn encounter_options(card: &StationCard) -> bool {
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
    actions_into(state, None, out);
}

/// [`legal_actions_into`], taking the uses and gifts from `cache` while it holds them
/// (the same list: debug builds check it at every step). One cache serves one run.
pub fn legal_actions_cached(state: &State, cache: &mut LegalCache, out: &mut Vec<Action>) {
    actions_into(state, Some(cache), out);
}

/// The uses and gifts offered between moments, out of a duel and in one, each remembered
/// with the count of changes to the cards held it was read at ([`RunData::held_changes`]):
/// they read nothing else, unless a card's use `requires` a condition (then they are read
/// afresh each time). Forget them before another run: the count starts again.
#[derive(Debug, Default)]
pub struct LegalCache {
    /// Out of a duel (0) and in one (1).
    lists: [Remembered; 2],
}

/// One list of uses and gifts, and the count of changes it was read at (`None`: nothing
/// remembered).
#[derive(Debug, Default)]
struct Remembered {
    at: Option<u32>,
    uses: Vec<Offer>,
}

/// A use or a gift remembered: its action is built again from it, more cheaply than a
/// clone of any [`Action`].
#[derive(Debug, Clone, Copy, PartialEq)]
enum Offer {
    Use(Id),
    Give { card: Id, to: Id },
}

impl Offer {
    /// The offer an action of [`uses_and_gifts`] makes.
    fn of(action: &Action) -> Option<Offer> {
        match *action {
            Action::Use { card } => Some(Offer::Use(card)),
            Action::Give { card, to } => Some(Offer::Give { card, to }),
            _ => None,
        }
    }

    fn action(self) -> Action {
        match self {
            Offer::Use(card) => Action::Use { card },
            Offer::Give { card, to } => Action::Give { card, to },
        }
    }
}

impl LegalCache {
    /// Forgets what was remembered (for a new run), keeping the room.
    pub fn forget(&mut self) {
        for list in &mut self.lists {
            list.at = None;
            list.uses.clear();
        }
    }
}

/// [`uses_and_gifts`] through the cache, if any. Inlined, with the miss out of line: it
/// runs on most steps, where a hit is a compare and a short copy.
#[inline]
fn uses_and_gifts_via(
    state: &State,
    in_duel: bool,
    cache: Option<&mut LegalCache>,
    out: &mut Vec<Action>,
) {
    let Some(cache) = cache else {
        uses_and_gifts(state, in_duel, out);
        return;
    };
    let list = &mut cache.lists[usize::from(in_duel)];
    if list.at == Some(state.held_changes) {
        debug_assert_eq!(list.uses.iter().map(|o| o.action()).collect::<Vec<_>>(), {
            let mut fresh = Vec::new();
            uses_and_gifts(state, in_duel, &mut fresh);
            fresh
        });
        out.extend(list.uses.iter().map(|o| o.action()));
        return;
    }
    remember_uses_and_gifts(state, in_duel, list, out);
}

/// A miss of [`uses_and_gifts_via`]: the list read afresh into `out`, and remembered
/// unless it read a condition.
#[inline(never)]
fn remember_uses_and_gifts(
    state: &State,
    in_duel: bool,
    list: &mut Remembered,
    out: &mut Vec<Action>,
) {
    let start = out.len();
    // A use that `requires` a condition may read anything (Health, the foe...): such a
    // list is not remembered.
    let conditional = uses_and_gifts(state, in_duel, out);
    list.uses.clear();
    list.at = None;
    if !conditional {
        list.uses.extend(out[start..].iter().filter_map(Offer::of));
        list.at = Some(state.held_changes);
    }
}

fn actions_into(state: &State, mut cache: Option<&mut LegalCache>, out: &mut Vec<Action>) {
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
                    peeks(state, out);
                }
                Phase::Route => {
                    for d in next_domains(state) {
                        out.push(Action::Go {
                            domain: Id::from(d),
                        });
                    }
                }
                _ => out.push(Action::Continue),
            }
            uses_and_gifts_via(state, false, cache.take(), out);
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
                if cost_block(state, &m, &o.cost).is_none() {
                    out.push(Action::Choose { option: i as u8 });
                }
            }
        }
        Phase::Rest { .. } => {
            let m = mods(state);
            for purpose in [SpendFor::Grace, SpendFor::Heal] {
                if spend_block(state, &m, purpose).is_none() {
                    out.push(Action::Spend { purpose });
                }
            }
            out.push(Action::Continue);
        }
        Phase::Pit(t) => {
            if t.dice.is_empty() {
                out.push(Action::Roll);
            } else {
                let dice = (0..t.dice.len()).map(|i| (Die::Test, i as u8));
                reroll_actions(state, dice, false, out);
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
                        card: set_id(cards, &id.0),
                        to: Id::from(*card),
                    });
                }
                if let Some(id) = &p.give
                    && state.holds(&id.0)
                {
                    out.push(Action::Give {
                        card: set_id(cards, &id.0),
                        to: Id::from(*card),
                    });
                }
            }
            // An unbeatable foe with no toll and no usable passage is no free pass: it ends
            // the run as soon as it is met (see `no_way_past`).
            if c.toll.is_some() {
                out.push(Action::Toll);
            }
        }
        Phase::Companion { card } => {
            match &cards.card(*card).join {
                Some(Join::Give(id)) if state.holds(&id.0) => out.push(Action::Give {
                    card: set_id(cards, &id.0),
                    to: Id::from(*card),
                }),
                Some(Join::Show(id)) if state.holds(&id.0) => out.push(Action::Show {
                    card: set_id(cards, &id.0),
                    to: Id::from(*card),
                }),
                _ => {}
            }
            out.push(Action::Decline);
        }
        Phase::Duel(d) if d.awaiting_foe.is_some() => out.push(Action::RollFoe),
        Phase::Duel(d) => match &d.rolled {
            None => {
                out.push(Action::Roll);
                uses_and_gifts_via(state, true, cache.take(), out);
            }
            Some(r) => {
                let mine = r.traveller.map(|_| (Die::Traveller, 0));
                let dice = mine.into_iter().chain([(Die::Foe, 0)]);
                reroll_actions(state, dice, r.no_rerolls, out);
                out.push(Action::Continue);
            }
        },
        Phase::Choice(c) => match &c.kind {
            ChoiceKind::Reorder { cards: shown } => {
                orders(shown.len(), out);
            }
            ChoiceKind::Cleanse { .. } => {
                for s in &state.snares {
                    out.push(Action::Cleanse { card: Id::from(*s) });
                }
            }
            ChoiceKind::Guide { options, .. } => {
                out.extend((0..options.len() as u8).map(|option| Action::Pick { option }));
            }
            ChoiceKind::Lose { cards: held } => {
                out.extend((0..held.len() as u8).map(|option| Action::Pick { option }));
            }
            ChoiceKind::Discard { cards: held, .. } => {
                out.extend(held.iter().map(|c| Action::Discard { card: Id::from(*c) }));
            }
            ChoiceKind::Look { face_up, .. } => {
                out.extend(
                    seeable(state, *face_up)
                        .into_iter()
                        .map(|slot| Action::Look { slot: slot as u8 }),
                );
            }
        },
    }
    out.push(Action::Abandon);
}

/// House rule `paid-peek`: a peek at each face-down card not known yet, when the price
/// can be paid.
fn peeks(state: &State, out: &mut Vec<Action>) {
    let Some(price) = state.rules.paid_peek else {
        return;
    };
    if peek_block(state, &mods(state), price).is_some() {
        return;
    }
    for slot in 0..ROW {
        if state.row[slot].is_some_and(|rc| rc.seen == Seen::Hidden) {
            out.push(Action::Peek {
                slot: slot as u8,
                price,
            });
        }
    }
}

/// Why a paid peek at this price cannot be paid now, or `None` when it can. Resolve is
/// spent as at a Rest (a card forbidding it forbids the peek); Health may not fall to 0.
fn peek_block(state: &State, m: &Mods, price: Price) -> Option<Why> {
    let short = match price {
        Price::Resolve(n) if state.marker < n as i8 => Some(match state.marker {
            0 => "your marker is at 0".to_string(),
            m if m > 0 => format!("you have only Resolve {m}"),
            m => format!("your marker is at Dread {}", -m),
        }),
        Price::Health(n) if state.health <= i32::from(n) => {
            Some("it would leave you at 0 Health".to_string())
        }
        _ => None,
    };
    if let Some(short) = short {
        return Some(Why::PeekPrice {
            price: price.words(),
            short,
        });
    }
    if matches!(price, Price::Resolve(n) if n > 0) && m.no_spend_resolve {
        return Some(forbidden(state, |p| matches!(p, Modifier::NoSpendResolve)));
    }
    None
}

/// Why a peek asked for is not offered (in the row's moment).
fn peek_why(state: &State, slot: u8, price: Price) -> Why {
    let Some(own) = state.rules.paid_peek else {
        return Why::NoPaidPeek;
    };
    match state.row.get(slot as usize).copied().flatten() {
        None => Why::NoSuchSlot,
        Some(rc) if rc.seen != Seen::Hidden => Why::AlreadyKnown,
        Some(_) if own != price => Why::PeekPriceIs { price: own.words() },
        Some(_) => peek_block(state, &mods(state), own).unwrap_or(Why::NotOffered),
    }
}

/// Where the traveller may go from the Domain just cleared: a linked Domain not cleared
/// yet, in the same row or above (never down, even if a faulty map links down).
pub(super) fn next_domains(state: &State) -> impl Iterator<Item = DomainRef> + '_ {
    let here = state.cards.domain(state.domain);
    here.links
        .iter()
        .copied()
        .filter(move |d| !state.cleared.contains(d) && state.cards.domain(*d).row >= here.row)
}

/// The uses (and, out of a duel, the gifts to companions) offered now. Returns whether a
/// condition a use `requires` was read (the list then reads more than the cards held).
fn uses_and_gifts(state: &State, in_duel: bool, out: &mut Vec<Action>) -> bool {
    let mut conditional = false;
    each_ability_card(state, |c| {
        if usable(state, c, in_duel, &mut conditional) {
            out.push(Action::Use { card: Id::from(c) });
        }
    });
    if in_duel {
        return conditional;
    }
    for f in &state.companions {
        for &want in state.cards.carries(f.card) {
            // Interned ids: the same text is the same name.
            if let Some(c) = held(state).find(|c| c.name() == want) {
                out.push(Action::Give {
                    card: Id::from(c),
                    to: Id::from(f.card),
                });
            }
        }
    }
    conditional
}

/// Every order of `n` cards (index lists, in lexicographic order), each pushed as an
/// [`Action::Order`]. Only the cards of a reorder are shown, at most [`REORDER_MAX`]: a
/// longer list (never dealt) offers no order.
fn orders(n: usize, out: &mut Vec<Action>) {
    let mut order = [0u8; REORDER_MAX];
    let Some(order) = order.get_mut(..n) else {
        return;
    };
    for (i, x) in order.iter_mut().enumerate() {
        *x = i as u8;
    }
    loop {
        out.extend(CardOrder::new(order).map(|order| Action::Order { order }));
        // The next order in lexicographic order: the last rise `order[i] < order[i + 1]`,
        // its left side swapped with the smallest larger index after it, the tail reversed.
        let Some(i) = (1..n)
            .rev()
            .find(|&i| order[i - 1] < order[i])
            .map(|i| i - 1)
        else {
            return;
        };
        let j = (i + 1..n).rev().find(|&j| order[j] > order[i]).unwrap_or(i);
        order.swap(i, j);
        order[i + 1..].reverse();
    }
}

pub(super) fn slot_kind(card: &StationCard) -> SlotKind {
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
    let action = serde_json::to_string(action).unwrap_or_default();
    Err(match &state.phase {
        Phase::Over => Illegal::RunOver { action },
        p => Illegal::NotOffered {
            action,
            waiting: phase_name(p),
        },
    })
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
            ChoiceKind::Discard { .. } => "discard",
            ChoiceKind::Look { .. } => "look",
        },
        Phase::Route => "route",
        Phase::Crossing => "crossing",
        Phase::Over => "over",
    }
}

/// Why `action` is not offered now, or `None` when it is legal. The reasons come from the
/// same checks `legal_actions` makes, so `why_not(s, a).is_none()` exactly when `a` is in
/// `legal_actions(s)`.
pub fn why_not(state: &State, action: &Action) -> Option<Why> {
    if legal_actions(state).contains(action) {
        return None;
    }
    let phase = &state.phase;
    if *phase == Phase::Over {
        return Some(Why::RunOver);
    }
    let m = mods(state);
    let why = match (phase, action) {
        (Phase::Terror { card }, Action::Choose { option }) => {
            match state.cards.card(*card).options.get(*option as usize) {
                Some(o) => cost_block(state, &m, &o.cost),
                None => Some(Why::NoSuchSlot),
            }
        }
        (Phase::Rest { .. }, Action::Spend { purpose }) => spend_block(state, &m, *purpose),
        (Phase::Offer { .. }, Action::Take) => Some(Why::SlotsFull),
        (Phase::Explore, Action::Peek { slot, price }) => Some(peek_why(state, *slot, *price)),
        (_, Action::Peek { .. }) if state.rules.paid_peek.is_none() => Some(Why::NoPaidPeek),
        (Phase::Explore, Action::Flip { .. }) | (Phase::Offer { .. }, Action::Swap { .. }) => {
            Some(Why::NoSuchSlot)
        }
        (_, Action::Reroll { card, .. }) if rolled(phase) => Some(reroll_block(state, card)),
        (_, Action::Use { .. }) if usable_now(phase) => Some(Why::CannotUse),
        (_, Action::Give { .. } | Action::Show { .. }) if usable_now(phase) => Some(Why::NotHeld),
        (
            Phase::Encounter { .. } | Phase::Companion { .. },
            Action::Give { .. } | Action::Show { .. },
        ) => Some(Why::NotHeld),
        _ if offered_kind(state, action) => Some(Why::NotOffered),
        _ => None,
    };
    Some(why.unwrap_or(Why::NotNow {
        phase: phase_name(phase),
    }))
}

/// Whether dice were just rolled and rerolls could be asked for.
fn rolled(phase: &Phase) -> bool {
    match phase {
        Phase::Pit(t) => !t.dice.is_empty(),
        Phase::Duel(d) => d.rolled.is_some(),
        _ => false,
    }
}

/// Whether held cards may be used or given at this moment (abilities between exchanges
/// in a duel too).
fn usable_now(phase: &Phase) -> bool {
    matches!(phase, Phase::Explore | Phase::Route | Phase::Crossing)
        || matches!(phase, Phase::Duel(d) if d.rolled.is_none() && d.awaiting_foe.is_none())
}

/// Why a reroll just asked for is not offered. (Dice a face forbids to reroll are never
/// left waiting: the exchange resolves at once.)
fn reroll_block(state: &State, card: &Option<Id>) -> Why {
    match card {
        None if state.grace == 0 => Why::NoReroll,
        Some(_) => Why::CannotUse,
        None => Why::NoSuchSlot,
    }
}

/// Whether an action of the same kind is offered now (then the one asked for is only the
/// wrong instance: a missing slot, option or card).
fn offered_kind(state: &State, action: &Action) -> bool {
    legal_actions(state)
        .iter()
        .any(|a| std::mem::discriminant(a) == std::mem::discriminant(action))
}

/// The actions a table shows now, in button order, each with why it is not offered
/// (`None` when it is legal): every legal action, plus the ones a player expects to see
/// greyed. At a Terror its options come first, in card order, then the other offered
/// actions; at a Rest both spends (Grace, then Heal) come first.
pub fn candidates(state: &State) -> Vec<(Action, Option<Why>)> {
    let offered = legal_actions(state);
    let mut out: Vec<(Action, Option<Why>)> = Vec::new();
    let first: Vec<Action> = match &state.phase {
        Phase::Terror { card } => (0..state.cards.card(*card).options.len())
            .map(|i| Action::Choose { option: i as u8 })
            .collect(),
        Phase::Rest { .. } => [SpendFor::Grace, SpendFor::Heal]
            .map(|purpose| Action::Spend { purpose })
            .to_vec(),
        _ => Vec::new(),
    };
    // A peek too dear now is shown greyed on each unknown card, with its reason.
    let greyed_peeks: Vec<Action> = match (&state.phase, state.rules.paid_peek) {
        (Phase::Explore, Some(price)) => (0..ROW)
            .filter(|&i| state.row[i].is_some_and(|rc| rc.seen == Seen::Hidden))
            .map(|i| Action::Peek {
                slot: i as u8,
                price,
            })
            .filter(|a| !offered.contains(a))
            .collect(),
        _ => Vec::new(),
    };
    for a in first {
        let why = why_not(state, &a);
        out.push((a, why));
    }
    for a in offered {
        if !out.iter().any(|(b, _)| *b == a) {
            out.push((a, None));
        }
    }
    for a in greyed_peeks {
        let why = why_not(state, &a);
        out.push((a, why));
    }
    out
}

/// The action id of a card the card set names in its own data: the set's interned id
/// (no lock, no copy), or the text interned if the set does not know it.
fn set_id(cards: &crate::cards::CardSet, text: &str) -> Id {
    cards
        .card_by_str(text)
        .map_or_else(|| Id::new(text), Id::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_come_in_lexicographic_order() {
        let mut out = Vec::new();
        orders(3, &mut out);
        let got: Vec<Vec<u8>> = out
            .iter()
            .filter_map(|a| match a {
                Action::Order { order } => Some(order.to_vec()),
                _ => None,
            })
            .collect();
        let want: [[u8; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        assert_eq!(got, want.map(|o| o.to_vec()));
        for n in 0..=2 {
            out.clear();
            orders(n, &mut out);
            assert_eq!(out.len(), [1, 1, 2][n]);
        }
    }
}
