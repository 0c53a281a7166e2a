//! Choices asked in the middle of effects: the Guide's picks (an option of a card, or
//! which held card is lost), reordering the deck's top and choosing Snares to cleanse.
//! Without a Guide the world picks with a die.

use super::Exec;
use crate::cards::CardRef;
use crate::cards::model::Effect;
use crate::core::action::Id;
use crate::core::event::{Event, Zone};
use crate::core::state::{ChoiceKind, Phase};

impl Exec<'_> {
    /// `pick`: the Guide's pick of an option (its effects run with the card's name) or of
    /// the held card to lose; then the effects that waited run.
    pub(super) fn pick(&mut self, option: u8) {
        let cards = self.cards();
        let Phase::Choice(c) = &self.s.phase else {
            return;
        };
        let picked = match &c.kind {
            ChoiceKind::Guide { options, card } => options
                .get(option as usize)
                .map(|o| (o.label.clone(), o.effects.clone(), *card, None)),
            ChoiceKind::Lose { cards: held } => held
                .get(option as usize)
                .map(|&card| (cards.card(card).name.clone(), Vec::new(), None, Some(card))),
            _ => None,
        };
        let Some((label, effects, from, lost)) = picked else {
            return;
        };
        let pending = c.resumed();
        self.emit(Event::GuideChose {
            option,
            label,
            die: None,
        });
        if let Some(card) = lost {
            self.discard_held(card);
        }
        self.emit(Event::ChoiceClosed);
        self.run_work(effects.iter().map(|e| (e, from)).chain(pending.iter()));
    }

    /// `discard`: the held card the traveller picked pays a discard cost; any further
    /// discard costs follow, then the effects that waited.
    pub(super) fn discard_chosen(&mut self, card: Id) {
        if let Phase::Choice(c) = &self.s.phase
            && let ChoiceKind::Discard { more, .. } = &c.kind
            && let Some(held) = self.cards().card_named(card.name())
        {
            let (more, pending) = (more.clone(), c.resumed());
            self.discard_held(held);
            self.emit(Event::ChoiceClosed);
            self.pay_discards(more, pending.iter().collect());
        }
    }

    /// `look`: the face-down card the traveller picked is looked at (or turned up); more
    /// may be asked for.
    pub(super) fn look(&mut self, slot: u8) {
        if let Phase::Choice(c) = &self.s.phase
            && let ChoiceKind::Look { left, face_up } = c.kind
        {
            let pending = c.resumed();
            self.see_slot(slot as usize, face_up);
            self.emit(Event::ChoiceClosed);
            let more = if face_up {
                Effect::Reveal(left.saturating_sub(1))
            } else {
                Effect::Peek(left.saturating_sub(1))
            };
            let more = (left > 1).then_some((&more, None));
            self.run_work(more.into_iter().chain(pending.iter()));
        }
    }

    /// `order`: puts the deck's top cards back in the order chosen.
    pub(super) fn order(&mut self, order: &[u8]) {
        if let Phase::Choice(c) = &self.s.phase
            && let ChoiceKind::Reorder { cards: shown } = &c.kind
        {
            let new: Vec<CardRef> = order.iter().map(|&i| shown[i as usize]).collect();
            let pending = c.resumed();
            self.emit(Event::DeckReordered { cards: new });
            self.emit(Event::ChoiceClosed);
            self.run_work(pending.iter());
        }
    }

    /// `cleanse`: removes the Snare chosen; more may be asked for.
    pub(super) fn cleanse(&mut self, card: Id) {
        if let Phase::Choice(c) = &self.s.phase
            && let ChoiceKind::Cleanse { left } = c.kind
            && let Some(snare) = self.cards().card_named(card.name())
        {
            let pending = c.resumed();
            self.emit(Event::SnareRemoved { card: snare });
            self.emit(Event::ChoiceClosed);
            let more = Effect::Cleanse(left.saturating_sub(1));
            let more = (left > 1).then_some((&more, None));
            self.run_work(more.into_iter().chain(pending.iter()));
        }
    }

    /// The world's pick among `n` options in a run without a Guide: a die, counted along
    /// the options from the first and round again (as a player alone would do it with a
    /// real die). A single option needs no die.
    pub(super) fn die_picks(&mut self, n: usize) -> (usize, Option<u8>) {
        if n <= 1 {
            return (0, None);
        }
        let d = self.s.dice.peek();
        ((d as usize - 1) % n, Some(d))
    }

    /// Discards a card from the traveller's Item or Equipment slots.
    pub(super) fn discard_held(&mut self, card: CardRef) {
        let from = if self.s.items.contains(&card) {
            Zone::Items
        } else {
            Zone::Equipment
        };
        self.emit(Event::CardDiscarded { card, from });
    }
}
