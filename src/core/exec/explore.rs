//! Exploring: flipping row cards, taking or swapping what is found, Terror options, Rest
//! spends, using and handing over held cards, and moving between Domains.

use super::Exec;
use super::effects::Sourced;
use crate::cards::model::{Amount, Effect, Occasion, Passage, Payment, Per, SlotKind, StationType};
use crate::cards::{CardRef, DomainRef};
use crate::core::action::Id;
use crate::core::action::SpendFor;
use crate::core::event::{Event, Zone};
use crate::core::house::Price;
use crate::core::legal::{next_domains, slot_kind};
use crate::core::modifiers::{mods, rest_heal};
use crate::core::rules::{REST_GRACE, REST_SPEND, ROW};
use crate::core::state::{Cause, ChoiceKind, Phase};

impl<'a> Exec<'a> {
    /// `flip`: turns a row card over; its effects (after any flip triggers) run.
    pub(super) fn flip(&mut self, slot: u8) {
        let Some(rc) = self.s.row[slot as usize] else {
            return;
        };
        let card = rc.card;
        let cards = self.cards();
        let c = cards.card(card);
        // Asked before the flip, as the triggers are read before it.
        let fires = self.s.standing.fires(Occasion::Flip);
        let triggered = if fires {
            self.triggers(Occasion::Flip)
        } else {
            Vec::new()
        };
        self.emit(Event::CardFlipped { slot, card });
        self.learn(&c.reveals, Some(card));
        if c.card_type == StationType::Snare {
            self.emit(Event::SnareCaught { card });
        }
        let own: &[Effect] = if c.card_type != StationType::Companion {
            &c.effects
        } else {
            &[]
        };
        if fires {
            self.run_work(
                triggered
                    .into_iter()
                    .chain(own.iter().map(|e| (e, Some(card)))),
            );
        } else {
            // Most flips: no trigger waits for them, and the card's own effects run from
            // a plain walk of its list (no chain to step through per effect).
            debug_assert!(triggered.is_empty());
            self.run(own, Some(card));
        }
    }

    /// A rumour met: each Guardian entry it names that this run has not learned yet.
    // Inline for its test: most cards and scenes name none (a call on every flip).
    #[inline]
    fn learn(&mut self, reveals: &[crate::cards::model::CardId], card: Option<CardRef>) {
        if !reveals.is_empty() {
            self.learn_each(reveals, card);
        }
    }

    /// [`Self::learn`] for a rumour that names some entries.
    #[inline(never)]
    fn learn_each(&mut self, reveals: &[crate::cards::model::CardId], card: Option<CardRef>) {
        let cards = self.cards();
        for id in reveals {
            let Some(entry) = cards.entry_index(&id.0) else {
                continue;
            };
            if self.s.learned.contains(&entry) {
                continue;
            }
            let Some((id, name)) = cards.entry_names(entry) else {
                continue;
            };
            self.emit(Event::EntryLearned {
                entry,
                id,
                name,
                card,
            });
        }
    }

    /// `go`: enters the Domain chosen on the route.
    /// `peek` (house rule `paid-peek`): pays the price, then looks at the card in `slot`
    /// as a card's peek would.
    pub(super) fn peek(&mut self, slot: u8, price: Price) {
        match price {
            Price::Resolve(n) => self.move_marker(-(n as i8)),
            Price::Health(n) => self.change_health(-i32::from(n)),
        }
        self.see_slot(slot as usize, false);
    }

    pub(super) fn go(&mut self, domain: Id) {
        if let Some(d) = self.cards().domain_named(domain.name()) {
            self.enter_domain(d);
        }
    }

    /// `take`: the card offered goes into a free slot.
    pub(super) fn take(&mut self) {
        if let Phase::Offer { card } = self.s.phase {
            let kind = slot_kind(self.cards().card(card));
            self.emit(Event::CardTaken {
                card,
                kind,
                slot: None,
            });
            self.finish_card(card);
        }
    }

    /// `swap`: the card offered replaces the one in `slot`, which is discarded.
    pub(super) fn swap(&mut self, slot: u8) {
        if let Phase::Offer { card } = self.s.phase {
            let kind = slot_kind(self.cards().card(card));
            let (old, zone) = match kind {
                SlotKind::Item => (self.s.items[slot as usize], Zone::Items),
                SlotKind::Equipment => (self.s.equipment[slot as usize], Zone::Equipment),
            };
            self.emit(Event::CardDiscarded {
                card: old,
                from: zone,
            });
            // The new card takes the swapped card's place in the row of slots.
            self.emit(Event::CardTaken {
                card,
                kind,
                slot: Some(slot),
            });
            self.finish_card(card);
        }
    }

    /// `decline`: leaves a card offered, or refuses a companion (its `refused` effects run).
    pub(super) fn decline(&mut self) {
        match self.s.phase {
            Phase::Offer { card } => self.finish_card(card),
            Phase::Companion { card } => {
                self.emit(Event::CompanionRefused { card });
                self.run(&self.cards().card(card).refused, Some(card));
            }
            _ => {}
        }
    }

    /// `choose`: pays a Terror option's cost, then runs its effects.
    pub(super) fn choose(&mut self, option: u8) {
        if let Phase::Terror { card } = self.s.phase {
            let opt = &self.cards().card(card).options[option as usize];
            let mut discards = Vec::new();
            for p in &opt.cost {
                match p {
                    Payment::Discard(kind) => discards.push(*kind),
                    _ => self.pay(p),
                }
            }
            let work: Vec<Sourced> = opt.effects.iter().map(|e| (e, Some(card))).collect();
            let held = |k: &SlotKind| match k {
                SlotKind::Item => self.s.items.len(),
                SlotKind::Equipment => self.s.equipment.len(),
            };
            if discards.iter().any(|k| held(k) > 1) {
                // The traveller picks what to discard once the option is taken.
                self.emit(Event::TerrorChosen { card, option });
                self.pay_discards(discards, work);
            } else {
                self.pay_discards(discards, Vec::new());
                self.emit(Event::TerrorChosen { card, option });
                self.run_work(work);
            }
        }
    }

    /// `spend` at a Rest: one Resolve for Grace or for a heal.
    pub(super) fn spend(&mut self, purpose: SpendFor) {
        if let Phase::Rest { card } = self.s.phase {
            self.move_marker(-REST_SPEND);
            self.emit(Event::RestSpent { card, purpose });
            match purpose {
                SpendFor::Grace => self.change_grace(REST_GRACE),
                SpendFor::Heal => self.heal(Amount::Fixed(rest_heal(&mods(self.s)))),
            }
        }
    }

    /// `use`: a held card's or companion's ability.
    pub(super) fn use_card(&mut self, card: Id) {
        let cards = self.cards();
        if let Some(c) = cards.card_named(card.name())
            && let Some(a) = &cards.card(c).ability
        {
            self.emit(Event::AbilityUsed {
                card: c,
                per: a.per,
            });
            self.run(&a.effects, Some(c));
        }
    }

    /// Gives (`give`) or shows a held card to the companion or foe in front of the
    /// traveller, or gives it to a following companion who carries it.
    pub(super) fn hand_over(&mut self, card: Id, to: Id, give: bool) {
        let cards = self.cards();
        let (Some(c), Some(t)) = (cards.card_named(card.name()), cards.card_named(to.name()))
        else {
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
                self.run(&cards.card(t).effects, Some(t));
            }
            Phase::Encounter { .. } => {
                let wanted = |p: &&Passage| {
                    let asked = if give { &p.give } else { &p.show };
                    asked.as_ref().is_some_and(|x| card == x.0.as_str())
                };
                if let Some(p) = cards.card(t).passage.iter().find(wanted) {
                    let given = give.then_some(c);
                    self.pass_foe(t, p.label.clone(), p.joins, given, &p.effects);
                }
            }
            _ if give => self.emit(Event::CardCarried { card: c, by: t }),
            _ => {}
        }
    }

    /// A foe lets the traveller by (a passage or a toll); it may join as a companion.
    pub(super) fn pass_foe(
        &mut self,
        foe: CardRef,
        how: String,
        joins: bool,
        given: Option<CardRef>,
        effects: &[Effect],
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
        self.run(effects, Some(foe));
    }

    /// Pays one part of a Terror option's cost.
    fn pay(&mut self, p: &Payment) {
        match p {
            Payment::SpendResolve(n) => self.move_marker(-(*n as i8)),
            Payment::SpendGrace(n) => self.change_grace(-(*n as i8)),
            Payment::Discard(kind) => self.pay_discards(vec![*kind], Vec::new()),
        }
    }

    /// Pays "discard a held card of this kind" costs in turn, then runs `then`. A single
    /// card of the kind pays at once; with more the traveller picks which (the choice
    /// holds `then` and the kinds still to pay).
    pub(super) fn pay_discards(&mut self, mut kinds: Vec<SlotKind>, then: Vec<Sourced<'_>>) {
        while !kinds.is_empty() {
            let kind = kinds.remove(0);
            let held = match kind {
                SlotKind::Item => self.s.items.clone(),
                SlotKind::Equipment => self.s.equipment.clone(),
            };
            match held.as_slice() {
                [] => {}
                [card] => self.discard_held(*card),
                _ => {
                    let kind = ChoiceKind::Discard {
                        cards: held,
                        more: kinds,
                    };
                    self.offer(kind, then);
                    return;
                }
            }
        }
        self.run_work(then);
    }

    /// Enters a Domain: a fresh shuffled deck, a dealt row, then its scene effects and
    /// any on-entering triggers.
    pub(super) fn enter_domain(&mut self, d: DomainRef) {
        let cards = self.cards();
        if self.s.spent.iter().any(|(_, p)| *p == Per::Domain) {
            self.emit(Event::AbilitiesRefreshed { per: Per::Domain });
        }
        self.emit(Event::DomainEntered { domain: d });
        self.learn(&cards.domain(d).reveals, None);
        self.emit_drawn(Event::DeckShuffled {
            domain: d,
            cards: cards.domain(d).stations.len(),
            order: Vec::new(),
        });
        for slot in 0..ROW as u8 {
            self.refill(slot);
        }
        let scene = cards.domain(d).on_enter.iter().map(|e| (e, None));
        let triggered = self.triggers(Occasion::DomainEnter);
        self.run_work(scene.chain(triggered));
    }

    /// Deals the top card of the deck into an empty row slot.
    fn refill(&mut self, slot: u8) {
        if self.s.row[slot as usize].is_none()
            && let Some(&card) = self.s.deck.last()
        {
            self.emit(Event::SlotFilled { slot, card });
        }
    }

    /// The effects of every trigger in force for this occasion, each with its card.
    // Inline for its test: most of the time no card in force waits for this occasion
    // (kept by `apply`), and the answer is an empty list, which allocates nothing.
    #[inline]
    pub(super) fn triggers(&self, on: Occasion) -> Vec<Sourced<'a>> {
        if !self.s.standing.fires(on) {
            debug_assert!(
                self.s
                    .active_cards()
                    .all(|c| { self.cards().card(c).triggers.iter().all(|t| t.on != on) })
            );
            return Vec::new();
        }
        self.triggers_firing(on)
    }

    /// [`Self::triggers`] when some card in force waits for the occasion.
    #[inline(never)]
    fn triggers_firing(&self, on: Occasion) -> Vec<Sourced<'a>> {
        let cards = self.cards();
        let mut out = Vec::new();
        for c in self.s.active_cards() {
            for t in &cards.card(c).triggers {
                if t.on == on {
                    out.extend(t.effects.iter().map(|e| (e, Some(c))));
                }
            }
        }
        out
    }

    /// Discards the card if it is still in hand, returns to the row, refills the slot, and
    /// clears the Domain when nothing is left.
    pub(super) fn finish_card(&mut self, card: CardRef) {
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

    /// The last card of a Domain is done: the route opens, or the run is stranded.
    pub(super) fn domain_cleared(&mut self) {
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
}
