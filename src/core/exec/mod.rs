//! What an action does, as events. [`Exec`] runs one action: `act` dispatches to one
//! function per action, each emitting events that are applied at once. The work is split
//! by concern: exploring (`explore`), duels (`duel`), Pit tests (`test`), the Guardian
//! (`guardian`), the Guide's choices (`guide`) and the effect interpreter (`effects`).

mod duel;
mod effects;
mod explore;
mod guardian;
mod guide;
mod test;

use super::action::Action;
use super::apply::{apply, apply_drawing};
use super::dice::DiceMode;
use super::error::Illegal;
use super::event::{Event, TermLoss};
use super::house::HouseRules;
use super::legal::{can_reroll, check, encounter_options, no_way_past};
use super::plan::Reading;
use super::rules::SETTLE_STEPS;
use super::state::*;
use crate::cards::CardSet;
use std::sync::Arc;

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
    new_run_in(cards, seed, forced, guide, DiceMode::Rolled)
}

/// [`new_run_with`], with the run's dice rolled or dealt from a deck (`mode`).
pub fn new_run_in(
    cards: Arc<CardSet>,
    seed: u64,
    forced: Vec<u8>,
    guide: bool,
    mode: DiceMode,
) -> (State, Vec<Event>) {
    new_run_opts(cards, seed, forced, guide, mode, HouseRules::OFF)
}

/// [`new_run_in`], under house rules (`rules`, fixed for the run).
pub fn new_run_opts(
    cards: Arc<CardSet>,
    seed: u64,
    forced: Vec<u8>,
    guide: bool,
    mode: DiceMode,
    rules: HouseRules,
) -> (State, Vec<Event>) {
    let start = cards.start;
    let mut state = State::blank_opts(Arc::clone(&cards), seed, forced, guide, mode, rules);
    let mut x = Exec::new(&mut state, &cards);
    x.enter_domain(start);
    x.settle();
    // A card set may hide a piece nowhere at all: such an entry is lost from the start.
    x.terms_lost(None);
    let events = x.events;
    (state, events)
}

/// Checks and performs an action, returning what happened. On an illegal action nothing
/// changes.
pub fn execute(state: &mut State, action: &Action) -> Result<Vec<Event>, Illegal> {
    check(state, action)?;
    let cards = Arc::clone(&state.cards);
    let mut x = Exec::new(state, &cards);
    x.act(action, &mut None);
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
    execute_offered_moving(state, action, buffer).0
}

/// [`execute_offered_into`], also telling whether an event of the step moved a piece of
/// the Guardian's puzzle ([`super::plan::moves_a_piece`]): only then can where the terms
/// stand have changed, so a caller that follows it (the simulator) asks no more.
pub fn execute_offered_moving(
    state: &mut State,
    action: &Action,
    buffer: Vec<Event>,
) -> (Vec<Event>, bool) {
    let cards = Arc::clone(&state.cards);
    execute_offered_with(state, &cards, action, buffer, &mut None)
}

/// [`execute_offered_moving`] with the state's own card set (`cards`) borrowed from the
/// caller, who holds it anyway: no reference count is touched (two atomic operations a
/// step in the simulator). When a piece moved, `reading` is where the puzzle stands after
/// the step: read once, for the entries the step put out of reach and for a caller who
/// asks next whether the rest can be met together (written only then, so a step that
/// moves nothing copies nothing).
// Inline: it is the simulator's step, called from one loop.
#[inline]
pub fn execute_offered_with(
    state: &mut State,
    cards: &CardSet,
    action: &Action,
    buffer: Vec<Event>,
    reading: &mut Option<Reading>,
) -> (Vec<Event>, bool) {
    debug_assert!(check(state, action).is_ok(), "{action:?} was not offered");
    debug_assert!(
        std::ptr::eq(cards, &*state.cards),
        "the cards lent are not the state's own"
    );
    let mut x = Exec::with_buffer(state, cards, buffer);
    let moved = x.act(action, reading);
    (x.events, moved)
}

/// One action in progress: emits events, applying each at once.
struct Exec<'a> {
    s: &'a mut State,
    /// The card set, borrowed apart from the state so that rules code can read cards
    /// while emitting events (one reference-count increment per action, not per lookup).
    cards: &'a CardSet,
    events: Vec<Event>,
}

impl<'a> Exec<'a> {
    fn new(s: &'a mut State, cards: &'a CardSet) -> Self {
        Exec::with_buffer(s, cards, Vec::new())
    }

    fn with_buffer(s: &'a mut State, cards: &'a CardSet, mut events: Vec<Event>) -> Self {
        super::event::clear(&mut events);
        Exec { s, cards, events }
    }

    fn emit(&mut self, e: Event) {
        apply(self.s, &e);
        self.events.push(e);
    }

    /// Emits a roll or a shuffle whose dice are left blank (0, or an empty order): `apply`
    /// draws them into it, so the generator is not run twice (once to foresee them).
    fn emit_drawn(&mut self, mut e: Event) {
        apply_drawing(self.s, &mut e);
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

    /// Performs one action, then carries on with whatever needs no decision, then tells
    /// which of the Guardian's entries it put out of reach. Whether an event moved a piece
    /// of the puzzle; if one did, where the puzzle stands now goes to `reading`.
    fn act(&mut self, action: &Action, reading: &mut Option<Reading>) -> bool {
        let at = self.s.resolving;
        let moves = self.s.piece_moves;
        self.perform(action);
        self.settle();
        // Most steps are dice, figures and cards that are no piece of the Guardian's
        // puzzle: nothing in them moves a piece or a way.
        let moved = self.s.piece_moves != moves;
        debug_assert_eq!(
            moved,
            self.events.iter().any(|e| super::plan::moves_a_piece(
                e,
                self.cards.puzzle(),
                self.cards
            )),
            "the count of piece moves disagrees with the events"
        );
        if !moved {
            return false;
        }
        // Read even when the run is over, when no entry is told lost any more: a caller
        // may still ask whether the rest can be met together.
        *reading = super::plan::read(self.s);
        let lost = super::plan::newly_lost_from(self.s, *reading);
        if !lost.is_empty() {
            let by = self.culprit(action, at);
            self.tell_lost(lost, by);
        }
        true
    }

    /// The card behind an action's consequences: the card the action names (used, given,
    /// shown, discarded), else the card flipped, else the card being resolved before the
    /// action (`at`: an offer declined or swapped, a toll paid, a Terror's option); none
    /// for a route.
    fn culprit(
        &self,
        action: &Action,
        at: Option<crate::cards::CardRef>,
    ) -> Option<crate::cards::CardRef> {
        let cards = self.cards();
        let named = match action {
            Action::Use { card } | Action::Discard { card } => cards.card_named(card.name()),
            Action::Give { card, .. } | Action::Show { card, .. } => cards.card_named(card.name()),
            Action::Go { .. } => return None,
            _ => None,
        };
        let flipped = self.events.iter().find_map(|e| match e {
            Event::CardFlipped { card, .. } => Some(*card),
            _ => None,
        });
        named.or(flipped).or(at)
    }

    /// Emits [`Event::TermLost`] for every entry now out of reach and not yet told, naming
    /// the card behind it (`by`).
    fn terms_lost(&mut self, by: Option<crate::cards::CardRef>) {
        let lost = super::plan::newly_lost(self.s);
        self.tell_lost(lost, by);
    }

    /// [`Self::terms_lost`] for the entries `lost` (just found by `plan::newly_lost`).
    fn tell_lost(&mut self, lost: Vec<(u8, super::plan::Gap)>, by: Option<crate::cards::CardRef>) {
        let cards = self.cards();
        for (entry, gap) in lost {
            let Some(e) = cards.entry(entry) else {
                continue;
            };
            let why = gap.now(self.s);
            self.emit(Event::TermLost(Box::new(TermLoss {
                entry,
                id: e.id.0.clone(),
                name: e.name.clone(),
                why,
                by,
                known: super::lore::known(self.s, entry),
            })));
        }
    }

    /// The action itself.
    fn perform(&mut self, action: &Action) {
        match action {
            Action::Abandon => {
                self.lose(Cause::Abandoned, "The traveller turned back.".into());
            }
            Action::Flip { slot } => self.flip(*slot),
            Action::Go { domain } => self.go(*domain),
            Action::Take => self.take(),
            Action::Swap { slot } => self.swap(*slot),
            Action::Decline => self.decline(),
            Action::Choose { option } => self.choose(*option),
            Action::Spend { purpose } => self.spend(*purpose),
            Action::Continue => self.carry_on(),
            Action::Roll => self.roll(),
            Action::RollFoe => self.roll_foe(),
            Action::Pick { option } => self.pick(*option),
            Action::Reroll { die, index, card } => self.reroll(*die, *index, *card),
            Action::Use { card } => self.use_card(*card),
            Action::Give { card, to } => self.hand_over(*card, *to, true),
            Action::Show { card, to } => self.hand_over(*card, *to, false),
            Action::Fight => self.fight(),
            Action::Toll => self.toll(),
            Action::Order { order } => self.order(order),
            Action::Cleanse { card } => self.cleanse(*card),
            Action::Discard { card } => self.discard_chosen(*card),
            Action::Look { slot } => self.look(*slot),
            Action::Peek { slot, price } => self.peek(*slot, *price),
        }
    }

    /// `continue`: whatever the phase waits for next (the Guardian, leaving a Rest,
    /// judging a test, resolving an exchange).
    fn carry_on(&mut self) {
        match &self.s.phase {
            Phase::Crossing => self.guardian(),
            Phase::Rest { card } => {
                let card = *card;
                self.finish_card(card);
            }
            Phase::Pit(_) => self.judge_test(),
            Phase::Duel(_) => self.resolve_exchange(),
            _ => {}
        }
    }

    /// `roll`: a Pit test's dice or a duel exchange.
    fn roll(&mut self) {
        match &self.s.phase {
            Phase::Pit(_) => self.roll_test(),
            Phase::Duel(_) => self.roll_exchange(),
            _ => {}
        }
    }

    /// After an action: carry on with whatever needs no decision from the player.
    fn settle(&mut self) {
        let cards = self.cards();
        for _ in 0..SETTLE_STEPS {
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
                Phase::Encounter { card } if no_way_past(self.s, cards.card(*card)) => {
                    let c = cards.card(*card);
                    let asks: Vec<&str> = c.passage.iter().map(|p| p.label.as_str()).collect();
                    let detail = format!(
                        "{} bars the way, and the traveller holds nothing it asks for ({}).",
                        c.name,
                        asks.join("; ")
                    );
                    self.lose(Cause::Stranded, detail);
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
                    self.run(&cards.card(card).effects, Some(card));
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
