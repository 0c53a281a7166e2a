//! The effect interpreter: runs card effects in order, each with the card it comes from,
//! and the changes they make to Health, the marker, Grace and the row.

use super::Exec;
use crate::cards::CardRef;
use crate::cards::model::{Amount, Bonus, BonusTarget, Effect, GuideOption, LoseKind, MarkerAt};
use crate::core::event::{ChoiceOffer, Event};
use crate::core::legal::{held, holds, seeable};
use crate::core::rules::{GRACE_MAX, MARKER_MAX, MARKER_MIN, REORDER_MAX};
use crate::core::state::{Cause, ChoiceKind, Phase};

/// An effect waiting to run, with the card it comes from (`None`: the card being
/// resolved), so that a Guide's choice it asks for is named after that card. Borrowed
/// (from the card set, or a choice's pending list held by the caller): running an effect
/// copies nothing.
pub(super) type Sourced<'e> = (&'e Effect, Option<CardRef>);

/// What [`Exec::step`] leaves to do.
pub(super) enum Next {
    Go,
    /// A choice was offered: the rest waits in it.
    Wait,
}

/// The effects still to run: those the running effect unfolded into (`front`, a stack
/// whose last is next), then the rest of the list (`rest`, read as it goes, so a list
/// that unfolds nothing is never collected).
pub(super) struct Work<'e, 'w> {
    front: Vec<Sourced<'e>>,
    rest: &'w mut dyn Iterator<Item = Sourced<'e>>,
}

impl<'e> Work<'e, '_> {
    fn next(&mut self) -> Option<Sourced<'e>> {
        self.front.pop().or_else(|| self.rest.next())
    }

    /// Puts `effects` (all from `from`) first, in their order.
    pub(super) fn push_front(&mut self, effects: &'e [Effect], from: Option<CardRef>) {
        self.front.extend(effects.iter().rev().map(|e| (e, from)));
    }

    /// Everything left, in order (for a choice to hold).
    fn take_all(&mut self) -> Vec<Sourced<'e>> {
        let mut all: Vec<Sourced<'e>> = self.front.drain(..).rev().collect();
        all.extend(&mut *self.rest);
        all
    }
}

impl<'a> Exec<'a> {
    /// Runs `effects`, all from card `from` (`None`: the card being resolved).
    #[inline]
    pub(super) fn run(&mut self, effects: &[Effect], from: Option<CardRef>) {
        self.run_work(effects.iter().map(|e| (e, from)));
    }

    /// Runs effects in order. Stops early if the run ends, or when an effect asks the
    /// player to choose: the rest then waits in the choice and runs after it.
    // Inline for its test: most lists run are empty (a card, a face, a trigger with no
    // effects), and then there is no work to set up. The lists are slices, vectors and
    // chains of them, whose upper bound is exact.
    #[inline]
    pub(super) fn run_work<'e>(&mut self, effects: impl IntoIterator<Item = Sourced<'e>>)
    where
        'a: 'e,
    {
        let rest = effects.into_iter();
        if rest.size_hint().1 != Some(0) {
            self.run_each(rest);
        }
    }

    /// [`Self::run_work`] for a list that may hold effects.
    #[inline(never)]
    fn run_each<'e>(&mut self, mut rest: impl Iterator<Item = Sourced<'e>>)
    where
        'a: 'e,
    {
        let mut work = Work {
            front: Vec::new(),
            rest: &mut rest,
        };
        while let Some((e, from)) = work.next() {
            if self.over() {
                return;
            }
            if let Next::Wait = self.step(e, from, &mut work) {
                return;
            }
        }
    }

    /// Runs one effect; effects it unfolds into go to the front of `work`.
    fn step<'e>(&mut self, e: &'e Effect, from: Option<CardRef>, work: &mut Work<'e, '_>) -> Next
    where
        'a: 'e,
    {
        match e {
            Effect::If(b) => {
                let branch = if holds(self.s, &b.when) {
                    &b.then
                } else {
                    &b.otherwise
                };
                work.push_front(branch, from);
            }
            Effect::Heal(a) => self.heal(*a),
            Effect::LoseHealth(a) => {
                let n = self.amount(*a);
                self.change_health(-n);
            }
            Effect::Resolve(n) => self.move_marker(*n as i8),
            Effect::Dread(n) => self.move_marker(-(*n as i8)),
            Effect::MaxHealth(n) => {
                let max_health = (self.s.max_health + n).max(1);
                self.emit(Event::MaxHealthChanged {
                    by: max_health - self.s.max_health,
                    max_health,
                });
            }
            Effect::HitFoe(n) => {
                let extra = self.hit_foe(*n);
                work.front.extend(extra.effects().rev());
            }
            Effect::Peek(n) => return self.see_row(*n, false, work),
            Effect::Reveal(n) => return self.see_row(*n, true, work),
            Effect::PeekDeck(n) => {
                let top = self.top_of_deck(*n as usize);
                if !top.is_empty() {
                    self.emit(Event::DeckSeen { cards: top });
                }
            }
            Effect::Reorder(n) => {
                let top = self.top_of_deck((*n as usize).min(REORDER_MAX));
                if top.len() == 1 {
                    self.emit(Event::DeckSeen { cards: top });
                } else if top.len() > 1 {
                    return self.ask(ChoiceKind::Reorder { cards: top }, work);
                }
            }
            Effect::Cleanse(n) => {
                if self.s.snares.len() <= *n as usize {
                    for card in self.s.snares.clone() {
                        self.emit(Event::SnareRemoved { card });
                    }
                } else {
                    return self.ask(ChoiceKind::Cleanse { left: *n }, work);
                }
            }
            Effect::Bonus(Bonus { to, amount }) => {
                self.emit(Event::BonusGained {
                    to: *to,
                    amount: *amount,
                });
            }
            Effect::GuideChooses(options) => return self.guide_chooses(options, from, work),
            Effect::Lose(kind) => return self.lose_held(*kind, work),
            Effect::Marker(MarkerAt::Neutral) => self.move_marker(-self.s.marker),
            Effect::Catch(id) => {
                let cards = self.cards();
                if let Some(card) = cards.card_by_str(&id.0)
                    && !self.s.snares.contains(&card)
                {
                    self.emit(Event::SnareCaught { card });
                    work.push_front(&cards.card(card).effects, Some(card));
                }
            }
            Effect::Release(id) => {
                if let Some(card) = self.cards().card_by_str(&id.0)
                    && self.s.snares.contains(&card)
                {
                    self.emit(Event::SnareRemoved { card });
                }
            }
            Effect::EndRun(why) => self.lose(Cause::Stranded, why.clone()),
            Effect::Shield(n) => {
                if self.s.duel().is_some() && *n > 0 {
                    self.emit(Event::Shielded { exchanges: *n });
                }
            }
        }
        Next::Go
    }

    /// Offers a choice; the effects left in `work` wait in it.
    pub(super) fn ask(&mut self, kind: ChoiceKind, work: &mut Work<'_, '_>) -> Next {
        self.offer(kind, work.take_all());
        Next::Wait
    }

    /// Offers a choice; `then` waits in it (copied: the choice outlives the card's borrow).
    pub(super) fn offer(&mut self, kind: ChoiceKind, then: Vec<Sourced<'_>>) {
        let pending = then.iter().map(|(e, _)| (*e).clone()).collect();
        let sources = then.iter().map(|(_, from)| *from).collect();
        self.emit(Event::ChoiceOffered(Box::new(ChoiceOffer {
            kind,
            pending,
            sources,
        })));
    }

    /// A card's options: the Guide picks (the choice is named after `from`, else the card
    /// being resolved), or alone a die picks and the option's effects run at once.
    fn guide_chooses<'e>(
        &mut self,
        options: &'e [GuideOption],
        from: Option<CardRef>,
        work: &mut Work<'e, '_>,
    ) -> Next {
        if options.is_empty() {
            return Next::Go;
        }
        if self.s.guide {
            let card = from.or(self.s.resolving).or(match self.s.phase {
                Phase::Resolving { card } => Some(card),
                _ => None,
            });
            let options = options.to_vec();
            return self.ask(ChoiceKind::Guide { card, options }, work);
        }
        let (option, die) = self.die_picks(options.len());
        let chosen = &options[option];
        self.emit(Event::GuideChose {
            option: option as u8,
            label: chosen.label.clone(),
            die,
        });
        work.push_front(&chosen.effects, from);
        Next::Go
    }

    /// One held card is lost: the Guide picks which when there is a choice, alone a die.
    fn lose_held(&mut self, kind: LoseKind, work: &mut Work<'_, '_>) -> Next {
        let candidates: Vec<CardRef> = match kind {
            LoseKind::Item => self.s.items.clone(),
            LoseKind::Equipment => self.s.equipment.clone(),
            LoseKind::Any => held(self.s).collect(),
        };
        if candidates.len() > 1 && self.s.guide {
            return self.ask(ChoiceKind::Lose { cards: candidates }, work);
        }
        if candidates.is_empty() {
            return Next::Go;
        }
        let (option, die) = self.die_picks(candidates.len());
        let card = candidates[option];
        self.emit(Event::GuideChose {
            option: option as u8,
            label: self.cards().card(card).name.clone(),
            die,
        });
        self.discard_held(card);
        Next::Go
    }

    fn top_of_deck(&self, n: usize) -> Vec<CardRef> {
        self.s.deck.iter().rev().take(n).copied().collect()
    }

    /// Looks at `n` face-down cards of the row (turns them face up with `face_up`): the
    /// traveller picks which when there are more than `n` to choose from.
    fn see_row(&mut self, n: u8, face_up: bool, work: &mut Work<'_, '_>) -> Next {
        let slots = seeable(self.s, face_up);
        if slots.len() > n as usize {
            return self.ask(ChoiceKind::Look { left: n, face_up }, work);
        }
        for slot in slots {
            self.see_slot(slot, face_up);
        }
        Next::Go
    }

    /// Looks at (or turns up) the card in one row slot.
    pub(super) fn see_slot(&mut self, slot: usize, face_up: bool) {
        if let Some(rc) = self.s.row.get(slot).copied().flatten() {
            self.emit(Event::CardSeen {
                slot: slot as u8,
                card: rc.card,
                face_up,
            });
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

    /// Heals an amount, plus a next-heal bonus waiting.
    pub(super) fn heal(&mut self, a: Amount) {
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
    pub(super) fn change_health(&mut self, by: i32) {
        self.change_health_or_fall(by, None);
    }

    /// [`Self::change_health`], losing with `fall` (cause and detail) instead of the plain
    /// Health loss when Health reaches 0.
    pub(super) fn change_health_or_fall(&mut self, by: i32, fall: Option<(Cause, String)>) {
        let health = (self.s.health + by).clamp(0, self.s.max_health);
        let actual = health - self.s.health;
        if actual != 0 {
            self.emit(Event::HealthChanged { by: actual, health });
        }
        if health == 0 {
            let (cause, detail) = fall.unwrap_or((Cause::Health, "Health fell to 0.".into()));
            self.lose(cause, detail);
        }
    }

    /// Moves the marker: up is Resolve (capped at +4), down is Dread; past -4 loses.
    pub(super) fn move_marker(&mut self, by: i8) {
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

    /// Changes Grace within 0..=GRACE_MAX.
    pub(super) fn change_grace(&mut self, by: i8) {
        let grace = (self.s.grace as i8 + by).clamp(0, GRACE_MAX as i8) as u8;
        if grace != self.s.grace {
            self.emit(Event::GraceChanged {
                by: grace as i8 - self.s.grace as i8,
                grace,
            });
        }
    }
}
