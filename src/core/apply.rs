//! The one place that changes a [`State`]: `apply(state, event)`.
//!
//! Rules logic (in `exec`) decides what happens and emits events; each event is applied here
//! at once, so later logic sees its effect. Replaying a run's events on its starting state
//! rebuilds the run exactly, dice included: events that carry dice results draw them from
//! the state's generator here, and in debug builds check they match. In play, a roll or a
//! shuffle is drawn once, by [`apply_drawing`], into the event `exec` leaves blank.

use super::dice::{Side, TestDice};
use super::event::{Event, Zone};
use super::state::*;
use crate::cards::model::{Per, SlotKind, StationType};
use std::sync::Arc;

/// Draws the dice an event carries from the state's generator (or its forced results), in
/// order, so that the stream stands where it stood when they were rolled; debug builds
/// check each one matches. `side` is whose deck they are dealt from in deck mode (`None`:
/// always rolled).
fn replay_dice(state: &mut RunData, side: Option<Side>, dice: impl IntoIterator<Item = u8>) {
    for want in dice {
        let v = match side {
            Some(side) => state.dice.roll_for(side),
            None => state.dice.roll(),
        };
        debug_assert_eq!(v, want);
    }
}

/// Applies one event to the state.
#[inline]
pub fn apply(state: &mut State, event: &Event) {
    // The one door that writes a run (see `State::run_mut`).
    apply_as(state.run_mut(), event, Drawing::Replay);
}

/// Applies a roll or a shuffle whose dice are drawn now: draws them from the state's
/// generator into the event (`exec` leaves them blank), then applies it, so each die is
/// drawn once; [`apply`] on the event draws them again on replay and finds the same.
#[inline]
pub(super) fn apply_drawing(state: &mut State, event: &mut Event) {
    let state = state.run_mut();
    draw(state, event);
    apply_as(state, event, Drawing::Done);
}

/// The event's change: one body for both doors (kept out of line, so that each door stays
/// a call small enough to inline where events are emitted).
#[inline(never)]
fn apply_as(state: &mut RunData, event: &Event, dice: Drawing) {
    change(state, event, dice);
    let moved = super::plan::moves_a_piece(event, state.cards.puzzle(), &state.cards);
    state.piece_moves = state.piece_moves.wrapping_add(u32::from(moved));
    debug_assert_eq!(
        state.standing,
        super::standing::Standing::sum(&state.cards, &state.rules, state.active_cards()),
        "the standing kept is not the cards' in force after {event:?}"
    );
}

/// Whether [`change`] draws the dice an event carries (a replay) or finds them drawn
/// already (by [`draw`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Drawing {
    Replay,
    Done,
}

/// Draws the dice of a roll or a shuffle into the event, as a replay of it will.
fn draw(state: &mut RunData, event: &mut Event) {
    match event {
        Event::DeckShuffled { domain, order, .. } => {
            order.clear();
            order.extend_from_slice(&state.cards.domain(*domain).stations);
            state.dice.shuffle(order);
        }
        Event::TestRolled { dice, .. } => {
            for d in dice.iter_mut() {
                *d = state.dice.roll_for(Side::Traveller);
            }
        }
        Event::Rerolled { die, value, .. } => *value = state.dice.roll_for(die.side()),
        Event::ExchangeRolled { traveller, foe, .. } => {
            if let Some(t) = traveller {
                *t = state.dice.roll_for(Side::Traveller);
            }
            *foe = state.dice.roll_for(Side::Foe);
        }
        _ => debug_assert!(false, "{event:?} draws no dice"),
    }
}

/// The event's own change to the state (`dice`: whether the dice it carries are still to be
/// drawn from the generator). Where the cards in force (equipment, companions, Snares)
/// change, the standing modifiers are summed again, there and only there.
fn change(state: &mut RunData, event: &Event, dice: Drawing) {
    let replay = dice == Drawing::Replay;
    match event {
        Event::DomainEntered { domain } => {
            state.domain = *domain;
            // Anything discarded since the last Domain was cleared (an item used on the
            // road) leaves play with that Domain's pile.
            state.gone.append(&mut state.deck);
            state.gone.append(&mut state.discard);
            state.deck_seen = 0;
            set_phase(state, Phase::Explore);
        }
        Event::DeckShuffled { domain, order, .. } => {
            // Dealt into the old deck's room (empty now: it went with the last Domain).
            let mut deck = std::mem::take(&mut state.deck);
            deck.clear();
            if replay {
                deck.extend_from_slice(&state.cards.domain(*domain).stations);
                state.dice.shuffle(&mut deck);
                debug_assert_eq!(&deck, order, "shuffle replay diverged");
            } else {
                deck.extend_from_slice(order);
            }
            state.deck = deck;
        }
        Event::SlotFilled { slot, card } => {
            let drawn = state.deck.pop();
            debug_assert_eq!(drawn, Some(*card));
            // A card the traveller saw on top of the deck stays known once dealt.
            let seen = if state.deck_seen > 0 {
                Seen::Peeked
            } else {
                Seen::Hidden
            };
            state.deck_seen = state.deck_seen.saturating_sub(1);
            state.row[*slot as usize] = Some(RowCard { card: *card, seen });
        }
        Event::CardFlipped { slot, card } => {
            state.row[*slot as usize] = None;
            state.resolving = Some(*card);
            state.flipped_slot = Some(*slot);
            state.flips += 1;
            let c = state.cards.card(*card);
            let phase = match c.card_type {
                StationType::Item | StationType::Equipment => Phase::Offer { card: *card },
                StationType::Terror => Phase::Terror { card: *card },
                StationType::Rest => Phase::Rest { card: *card },
                StationType::Pit => Phase::Pit(PitTest {
                    card: *card,
                    successes: 0,
                    failures: 0,
                    dice: TestDice::default(),
                }),
                StationType::Foe => Phase::Encounter { card: *card },
                StationType::Companion => Phase::Companion { card: *card },
                StationType::Caesura | StationType::Snare | StationType::Blessing => {
                    Phase::Resolving { card: *card }
                }
            };
            set_phase(state, phase);
        }
        Event::CardSeen { slot, face_up, .. } => {
            if let Some(rc) = state.row[*slot as usize].as_mut() {
                rc.seen = if *face_up { Seen::FaceUp } else { Seen::Peeked };
            }
        }
        Event::DeckSeen { cards } => {
            state.deck_seen = state.deck_seen.max(cards.len());
        }
        Event::DeckReordered { cards } => {
            let n = cards.len();
            let len = state.deck.len();
            // The deck's top is its end: write the new order back top first.
            for (i, c) in cards.iter().enumerate() {
                state.deck[len - 1 - i] = *c;
            }
            state.deck_seen = state.deck_seen.max(n);
        }
        Event::EffectRolled { dice } => {
            replay_dice(state, None, dice.iter().copied());
        }
        Event::HealthChanged { health, .. } => state.health = *health,
        Event::MaxHealthChanged { max_health, .. } => {
            state.max_health = *max_health;
            state.health = state.health.min(*max_health);
        }
        Event::MarkerMoved { marker, .. } => state.marker = *marker,
        Event::GraceChanged { grace, .. } => state.grace = *grace,
        Event::BonusGained { to, amount } => *bonus_mut(state, *to) += amount,
        Event::BonusUsed { to, .. } => *bonus_mut(state, *to) = 0,
        Event::CardTaken { card, kind, slot } => {
            take_resolving(state, *card);
            let slots = match kind {
                SlotKind::Item => &mut state.items,
                SlotKind::Equipment => &mut state.equipment,
            };
            match slot {
                Some(i) => slots.insert((*i as usize).min(slots.len()), *card),
                None => slots.push(*card),
            }
            state.held_changed();
            if *kind == SlotKind::Equipment {
                state.refresh_standing();
            }
        }
        Event::CardDiscarded { card, from } => {
            match from {
                Zone::Resolving => take_resolving(state, *card),
                Zone::Items => state.items.retain(|c| c != card),
                Zone::Equipment => state.equipment.retain(|c| c != card),
                Zone::Snares => state.snares.retain(|c| c != card),
            }
            let spent = state.spent.len();
            // Most runs have nothing spent at most discards: no list to walk.
            if spent != 0 {
                state.spent.retain(|(c, _)| c != card);
            }
            // Most discards are of the card just resolved: nothing held changes.
            if matches!(from, Zone::Items | Zone::Equipment) || state.spent.len() != spent {
                state.held_changed();
            }
            state.discard.push(*card);
            // A card discarded after resolving, the common case, was never in force.
            if matches!(from, Zone::Equipment | Zone::Snares) {
                state.refresh_standing();
            }
        }
        Event::SnareCaught { card } => {
            take_resolving(state, *card);
            // A Snare holds the traveller once, however often it catches them.
            if !state.snares.contains(card) {
                state.snares.push(*card);
                // The Snare is the last card the standing is summed over (see
                // `RunData::active_cards`), so adding it alone gives the same sum.
                let snare = state.cards.card(*card);
                state.standing.add(snare);
            }
        }
        Event::SnareRemoved { card } => {
            state.snares.retain(|c| c != card);
            state.discard.push(*card);
            state.refresh_standing();
        }
        Event::CompanionJoined { card, carrying } => {
            take_resolving(state, *card);
            if matches!(
                state.phase,
                Phase::Companion { .. } | Phase::Encounter { .. }
            ) {
                set_phase(state, Phase::Resolving { card: *card });
            }
            let mut follower = Follower {
                card: *card,
                carrying: Vec::new(),
            };
            if let Some(given) = carrying {
                remove_held(state, *given);
                follower.carrying.push(*given);
            }
            state.companions.push(follower);
            state.held_changed();
            state.refresh_standing();
        }
        Event::CardCarried { card, by } => {
            give_up_held(state, *card);
            if let Some(f) = state.companions.iter_mut().find(|f| f.card == *by) {
                f.carrying.push(*card);
            }
            state.held_changed();
        }
        Event::CardGivenAway { card } => {
            give_up_held(state, *card);
            state.gone.push(*card);
            state.held_changed();
        }
        Event::CardShown { .. } => {}
        Event::AbilityUsed { card, per } => {
            let in_slot = state.items.contains(card) || state.equipment.contains(card);
            let limit = state
                .cards
                .card(*card)
                .ability
                .as_ref()
                .and_then(|a| a.uses);
            if let Some(limit) = limit {
                let made = match state.used.iter_mut().find(|(c, _)| c == card) {
                    Some(u) => {
                        u.1 = u.1.saturating_add(1);
                        u.1
                    }
                    None => {
                        state.used.push((*card, 1));
                        1
                    }
                };
                if made >= limit {
                    // The last use: a card in a slot is used up; a companion's ability ends.
                    if in_slot {
                        give_up_held(state, *card);
                        state.discard.push(*card);
                    } else {
                        state.spent.push((*card, Per::Run));
                    }
                } else if *per != Per::Once {
                    state.spent.push((*card, *per));
                }
            } else if *per == Per::Once && in_slot {
                // A one-time card is used up: it leaves its slot for the discard.
                give_up_held(state, *card);
                state.discard.push(*card);
            } else {
                state.spent.push((*card, *per));
            }
            state.held_changed();
        }
        Event::AbilitiesRefreshed { per } => {
            let spent = state.spent.len();
            state.spent.retain(|(_, p)| p != per);
            if state.spent.len() != spent {
                state.held_changed();
            }
        }
        Event::RestSpent { .. } => {}
        Event::TerrorChosen { card, .. } => set_phase(state, Phase::Resolving { card: *card }),
        Event::TestRolled { dice, .. } => {
            if replay {
                replay_dice(state, Some(Side::Traveller), dice.iter().copied());
            }
            if let Phase::Pit(t) = &mut state.phase {
                t.dice = *dice;
            }
        }
        Event::Rerolled {
            die, index, value, ..
        } => {
            if replay {
                replay_dice(state, Some(die.side()), [*value]);
            }
            match (&mut state.phase, die) {
                (Phase::Pit(t), _) => {
                    if let Some(d) = t.dice.get_mut(*index as usize) {
                        *d = *value;
                    }
                }
                (Phase::Duel(d), super::action::Die::Traveller) => {
                    if let Some(r) = d.rolled.as_mut() {
                        r.traveller = Some(*value);
                    }
                }
                (Phase::Duel(d), super::action::Die::Foe) => {
                    if let Some(r) = d.rolled.as_mut() {
                        r.foe = *value;
                    }
                }
                _ => {}
            }
        }
        Event::TestJudged {
            card,
            successes,
            failures,
            over,
            ..
        } => {
            if *over {
                set_phase(state, Phase::Resolving { card: *card });
            } else if let Phase::Pit(t) = &mut state.phase {
                t.successes = *successes;
                t.failures = *failures;
                t.dice = TestDice::default();
            }
        }
        Event::FoePassed { card, .. } | Event::CompanionRefused { card } => {
            set_phase(state, Phase::Resolving { card: *card })
        }
        Event::DuelStarted {
            hp,
            card,
            guardian,
            bonus,
            ..
        } => {
            set_phase(
                state,
                Phase::Duel(Box::new(Duel {
                    card: *card,
                    hp: *hp,
                    max_hp: *hp,
                    exchange: 0,
                    awaiting_foe: None,
                    rolled: None,
                    status: DuelStatus::default(),
                    guardian: *guardian,
                    bonus: *bonus,
                })),
            );
        }
        Event::ExchangeRolled {
            traveller,
            foe,
            modifier,
            no_rerolls,
        } => {
            if replay {
                replay_dice(state, Some(Side::Traveller), *traveller);
                replay_dice(state, Some(Side::Foe), [*foe]);
            }
            if let Phase::Duel(d) = &mut state.phase {
                d.rolled = Some(Rolls {
                    traveller: *traveller,
                    foe: *foe,
                    modifier: *modifier,
                    no_rerolls: *no_rerolls,
                });
            }
        }
        Event::TravellerRolled {
            traveller,
            modifier,
            no_rerolls,
        } => {
            replay_dice(state, Some(Side::Traveller), *traveller);
            if let Phase::Duel(d) = &mut state.phase {
                d.awaiting_foe = Some(TravellerRoll {
                    traveller: *traveller,
                    modifier: *modifier,
                    no_rerolls: *no_rerolls,
                });
            }
        }
        Event::FoeRolled { foe } => {
            replay_dice(state, Some(Side::Foe), [*foe]);
            if let Phase::Duel(d) = &mut state.phase
                && let Some(half) = d.awaiting_foe.take()
            {
                d.rolled = Some(Rolls {
                    traveller: half.traveller,
                    foe: *foe,
                    modifier: half.modifier,
                    no_rerolls: half.no_rerolls,
                });
            }
        }
        Event::GuideChose { die, .. } => {
            replay_dice(state, None, *die);
        }
        Event::ExchangeResolved {
            exchange,
            foe_hp,
            health,
            status,
            ..
        } => {
            state.health = *health;
            state.exchanges += 1;
            if let Phase::Duel(d) = &mut state.phase {
                d.exchange = *exchange;
                d.hp = *foe_hp;
                d.rolled = None;
                d.status = status.clone();
            }
        }
        Event::Shielded { exchanges } => {
            if let Phase::Duel(d) = &mut state.phase {
                d.status.shield = d.status.shield.saturating_add(*exchanges);
            }
        }
        Event::FoeRestored { hp } | Event::FoeHit { foe_hp: hp, .. } => {
            if let Phase::Duel(d) = &mut state.phase {
                d.hp = *hp;
            }
        }
        Event::FoeDefeated { .. } | Event::DuelStalemate { .. } => {
            if let Phase::Duel(d) = &state.phase {
                state.phase = match d.card {
                    Some(card) => Phase::Resolving { card },
                    None => Phase::Over,
                };
            }
        }
        Event::ChoiceOffered(offer) => {
            let resume = std::mem::replace(&mut state.phase, Phase::Explore);
            state.phase = Phase::Choice(Box::new(Choice {
                kind: offer.kind.clone(),
                pending: Arc::clone(&offer.pending),
                sources: Arc::clone(&offer.sources),
                resume,
            }));
        }
        Event::ChoiceClosed => {
            if let Phase::Choice(c) = std::mem::replace(&mut state.phase, Phase::Explore) {
                set_phase(state, c.resume);
            }
        }
        Event::CardResolved { card } => {
            if state.resolving == Some(*card) {
                state.resolving = None;
            }
            set_phase(state, Phase::Explore);
        }
        Event::DomainCleared { domain } => {
            state.cleared.push(*domain);
            state.gone.append(&mut state.discard);
            state.flipped_slot = None;
            let next = if *domain == state.cards.final_domain {
                Phase::Crossing
            } else {
                Phase::Route
            };
            set_phase(state, next);
        }
        Event::EntryLearned { entry, .. } => {
            if !state.learned.contains(entry) {
                state.learned.push(*entry);
            }
        }
        Event::TermLost(t) => {
            if !state.lost.contains(&t.entry) {
                state.lost.push(t.entry);
            }
        }
        Event::GuardianRevealed { .. } => {
            // Every term is read at the reveal.
            state.revealed = true;
            for i in 0..state.cards.entry_count() {
                if let Ok(i) = u8::try_from(i)
                    && !state.learned.contains(&i)
                {
                    state.learned.push(i);
                }
            }
        }
        Event::RunEnded { outcome } => {
            state.outcome = Some(outcome.clone());
            set_phase(state, Phase::Over);
        }
    }
}

/// Sets the phase. The phase left is dropped only when it owns heap memory: most phase
/// changes leave a plain one (a card's), and its drop glue would be an out-of-line call on
/// some of the commonest events.
#[inline(always)]
fn set_phase(state: &mut RunData, phase: Phase) {
    if owns_heap(&state.phase) {
        state.phase = phase;
    } else {
        std::mem::forget(std::mem::replace(&mut state.phase, phase));
    }
}

/// Whether a phase owns heap memory (to drop). Every phase is named, so that a new one
/// must be sorted here.
fn owns_heap(phase: &Phase) -> bool {
    match phase {
        Phase::Pit(_) | Phase::Duel(_) | Phase::Choice(_) => true,
        Phase::Explore
        | Phase::Resolving { .. }
        | Phase::Offer { .. }
        | Phase::Terror { .. }
        | Phase::Rest { .. }
        | Phase::Encounter { .. }
        | Phase::Companion { .. }
        | Phase::Route
        | Phase::Crossing
        | Phase::Over => false,
    }
}

fn bonus_mut(state: &mut RunData, to: crate::cards::model::BonusTarget) -> &mut i32 {
    use crate::cards::model::BonusTarget::*;
    match to {
        NextDuel => &mut state.bonus.next_duel,
        NextTest => &mut state.bonus.next_test,
        NextHeal => &mut state.bonus.next_heal,
    }
}

#[inline]
fn take_resolving(state: &mut RunData, card: crate::cards::CardRef) {
    if state.resolving == Some(card) {
        state.resolving = None;
    }
}

/// Removes a card from wherever the traveller holds it (slots or a companion's hands).
/// Whether it was equipment (in force).
fn remove_held(state: &mut RunData, card: crate::cards::CardRef) -> bool {
    let equipped = state.equipment.len();
    state.items.retain(|c| *c != card);
    state.equipment.retain(|c| *c != card);
    for f in &mut state.companions {
        f.carrying.retain(|c| *c != card);
    }
    state.spent.retain(|(c, _)| *c != card);
    state.equipment.len() != equipped
}

/// [`remove_held`], and the standing modifiers follow when the card was in force (most
/// cards used, carried or given are items or carried already: nothing to sum again).
fn give_up_held(state: &mut RunData, card: crate::cards::CardRef) {
    if remove_held(state, card) {
        state.refresh_standing();
    }
}
