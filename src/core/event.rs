//! What happened. Every change to the state is an event, applied by
//! [`super::apply::apply`]; serialising an event gives its public form (hidden cards, such
//! as a shuffled deck's order or a card dealt face down, are left out).

use super::action::Die;
use super::dice::TestDice;
use super::figures::Strike;
use super::state::{ChoiceKind, DuelStatus, GuardianPenalties, Outcome};
use crate::cards::intern::Name;
use crate::cards::model::{BonusTarget, Effect, Per, SlotKind};
use crate::cards::{CardRef, DomainRef};
use serde::Serialize;
use std::sync::Arc;

/// One thing that happened in a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The traveller entered a Domain.
    DomainEntered { domain: DomainRef },
    /// The Domain's deck was shuffled (its order stays hidden).
    DeckShuffled {
        domain: DomainRef,
        cards: usize,
        #[serde(skip)]
        order: Vec<CardRef>,
    },
    /// A face-down card was dealt into a row slot.
    SlotFilled {
        slot: u8,
        #[serde(skip)]
        card: CardRef,
    },
    /// The traveller flipped a card.
    CardFlipped { slot: u8, card: CardRef },
    /// A row card was looked at (`face_up`: turned face up for everyone).
    CardSeen {
        slot: u8,
        card: CardRef,
        face_up: bool,
    },
    /// The top cards of the deck were looked at (top first).
    DeckSeen { cards: Vec<CardRef> },
    /// The top cards of the deck were put back in this order (top first).
    DeckReordered { cards: Vec<CardRef> },
    /// Dice rolled for an effect (e.g. heal 1d6+2).
    EffectRolled { dice: Vec<u8> },
    /// Health changed (`by` is the actual change after caps).
    HealthChanged { by: i32, health: i32 },
    /// Maximum Health changed.
    MaxHealthChanged { by: i32, max_health: i32 },
    /// The Resolve/Dread marker moved.
    MarkerMoved { by: i8, marker: i8 },
    /// Grace changed.
    GraceChanged { by: i8, grace: u8 },
    /// A one-off bonus was gained.
    BonusGained { to: BonusTarget, amount: i32 },
    /// A one-off bonus was used up.
    BonusUsed { to: BonusTarget, amount: i32 },
    /// The card being resolved went into an Item or Equipment slot: the next free one, or
    /// `slot` (the place of a card just swapped out).
    CardTaken {
        card: CardRef,
        kind: SlotKind,
        #[serde(skip_serializing_if = "Option::is_none")]
        slot: Option<u8>,
    },
    /// A card went to the Domain discard.
    CardDiscarded { card: CardRef, from: Zone },
    /// The card being resolved became a caught Snare.
    SnareCaught { card: CardRef },
    /// A Snare was removed (to the discard).
    SnareRemoved { card: CardRef },
    /// A companion joined; `carrying` is the card given to them, if any.
    CompanionJoined {
        card: CardRef,
        carrying: Option<CardRef>,
    },
    /// A held card was handed to a companion who now carries it.
    CardCarried { card: CardRef, by: CardRef },
    /// A held card was given away for good (to a foe or a stranger).
    CardGivenAway { card: CardRef },
    /// A companion did not join (their condition was not met or was turned down).
    CompanionRefused { card: CardRef },
    /// A card was shown.
    CardShown { card: CardRef, to: CardRef },
    /// An ability was used; `per` says when it comes back.
    AbilityUsed { card: CardRef, per: Per },
    /// Abilities used per Domain or per fight are ready again.
    AbilitiesRefreshed { per: Per },
    /// Resolve was spent at a Rest.
    RestSpent {
        card: CardRef,
        purpose: super::action::SpendFor,
    },
    /// A Terror option was chosen.
    TerrorChosen { card: CardRef, option: u8 },
    /// Test dice were rolled (natural values).
    TestRolled { card: CardRef, dice: TestDice },
    /// A test die was rerolled.
    Rerolled {
        die: Die,
        index: u8,
        value: u8,
        /// The card whose free reroll was used (otherwise Grace paid).
        card: Option<CardRef>,
    },
    /// A test roll was judged.
    TestJudged {
        card: CardRef,
        total: i32,
        target: i32,
        success: bool,
        successes: u8,
        failures: u8,
        /// Whether the test is over (always for a single test).
        over: bool,
    },
    /// A foe was slipped past or passed by a card.
    FoePassed { card: CardRef, how: String },
    /// A duel began.
    DuelStarted {
        /// The foe's card id, or `"guardian"`.
        foe: Name,
        hp: i32,
        #[serde(skip)]
        card: Option<CardRef>,
        #[serde(skip_serializing_if = "is_default")]
        guardian: GuardianPenalties,
        /// Bonus to every traveller roll in this duel.
        bonus: i32,
    },
    /// Both dice of an exchange were rolled (natural values; `traveller` is null when the
    /// roll is skipped).
    ExchangeRolled {
        traveller: Option<u8>,
        foe: u8,
        modifier: i32,
        no_rerolls: bool,
    },
    /// With a Guide: the traveller rolled their die of an exchange (`null`: the roll is
    /// skipped); the Guide rolls the foe's next.
    TravellerRolled {
        traveller: Option<u8>,
        modifier: i32,
        no_rerolls: bool,
    },
    /// With a Guide: the Guide rolled the foe's die; the exchange now stands as rolled.
    FoeRolled { foe: u8 },
    /// An option of a `guide_chooses` effect, or the card a `lose` effect takes, was picked:
    /// by the Guide, or alone by the die shown.
    GuideChose {
        option: u8,
        label: String,
        /// The die that picked (a run without a Guide).
        #[serde(skip_serializing_if = "Option::is_none")]
        die: Option<u8>,
    },
    /// An exchange was resolved.
    ExchangeResolved {
        exchange: u32,
        /// The traveller's roll after modifiers (null: skipped).
        roll: Option<u8>,
        strike: Strike,
        foe_roll: u8,
        face: Name,
        to_foe: i32,
        to_traveller: i32,
        /// Damage the traveller dealt that struck them instead (a Guardian seal).
        reflected: i32,
        foe_healed: i32,
        foe_hp: i32,
        health: i32,
        /// What carries over to the next exchange.
        status: DuelStatus,
    },
    /// The foe's damage will be blocked in the next `exchanges` exchanges (a `shield`).
    Shielded { exchanges: u8 },
    /// The foe healed fully (a Guardian seal).
    FoeRestored { hp: i32 },
    /// Damage dealt to the foe by a card.
    FoeHit { amount: i32, foe_hp: i32 },
    /// The foe was defeated.
    FoeDefeated { foe: Name },
    /// A duel that could not end was broken off; the foe is left behind.
    DuelStalemate { foe: Name, reason: String },
    /// An effect needs a choice.
    ChoiceOffered(Box<ChoiceOffer>),
    /// The choice was made; play returns to where it was.
    ChoiceClosed,
    /// The card being resolved is done; back to the row.
    CardResolved { card: CardRef },
    /// The Domain is cleared.
    DomainCleared { domain: DomainRef },
    /// The traveller learned the terms of one of the Guardian's entries from a rumour: a
    /// card just flipped (`card`) or the scene of the Domain just entered (`card` null).
    EntryLearned {
        /// The entry's index among the Guardian's requirements then seals.
        entry: u8,
        id: Name,
        name: Name,
        card: Option<CardRef>,
    },
    /// One of the Guardian's requirements or seals went out of reach for good (a piece
    /// given away, discarded, declined, swapped out or left behind; a route with no way
    /// back to a Domain holding one): the run can no longer meet it. Emitted for every
    /// entry, its terms known or not, once, at the step that lost it, never after the
    /// Guardian's reveal. `known` says whether the traveller knew its terms then; the
    /// traveller's stream and log leave out an entry they did not know (see
    /// [`Event::is_public_to_traveller`]).
    TermLost(Box<TermLoss>),
    /// The Guardian appears; each requirement and seal is checked.
    GuardianRevealed { checks: Vec<SealCheck> },
    /// The run ended.
    RunEnded { outcome: Outcome },
}

impl Event {
    /// Whether the traveller may be told of this event: everything but the loss of an
    /// entry whose terms they did not know (its reason would teach them the terms).
    pub fn is_public_to_traveller(&self) -> bool {
        !matches!(self, Event::TermLost(t) if !t.known)
    }

    /// Whether dropping this event frees anything: only the variants that hold a `Vec`, a
    /// `String` or a `Box` do. Exhaustive on purpose: a new variant must say.
    pub(crate) fn owns_heap(&self) -> bool {
        use Event::*;
        match self {
            DeckShuffled { .. }
            | DeckSeen { .. }
            | DeckReordered { .. }
            | EffectRolled { .. }
            | FoePassed { .. }
            | GuideChose { .. }
            | DuelStalemate { .. }
            | ChoiceOffered(_)
            | TermLost(_)
            | GuardianRevealed { .. }
            | RunEnded { .. } => true,
            DomainEntered { .. }
            | SlotFilled { .. }
            | CardFlipped { .. }
            | CardSeen { .. }
            | HealthChanged { .. }
            | MaxHealthChanged { .. }
            | MarkerMoved { .. }
            | GraceChanged { .. }
            | BonusGained { .. }
            | BonusUsed { .. }
            | CardTaken { .. }
            | CardDiscarded { .. }
            | SnareCaught { .. }
            | SnareRemoved { .. }
            | CompanionJoined { .. }
            | CardCarried { .. }
            | CardGivenAway { .. }
            | CompanionRefused { .. }
            | CardShown { .. }
            | AbilityUsed { .. }
            | AbilitiesRefreshed { .. }
            | RestSpent { .. }
            | TerrorChosen { .. }
            | TestRolled { .. }
            | Rerolled { .. }
            | TestJudged { .. }
            | DuelStarted { .. }
            | ExchangeRolled { .. }
            | TravellerRolled { .. }
            | FoeRolled { .. }
            | ExchangeResolved { .. }
            | Shielded { .. }
            | FoeRestored { .. }
            | FoeHit { .. }
            | FoeDefeated { .. }
            | ChoiceClosed
            | CardResolved { .. }
            | EntryLearned { .. }
            | DomainCleared { .. } => false,
        }
    }
}

/// Empties a list of events (keeping its capacity), dropping only those that own heap
/// memory. A step's list is emptied at every step; the generic drop of each event, a
/// call through a jump table, cost more than the few events that own anything.
pub(crate) fn clear(events: &mut Vec<Event>) {
    for e in events.iter_mut() {
        if e.owns_heap() {
            // Frees what it owns now (a light event in its place owns nothing).
            *e = Event::ChoiceClosed;
        }
    }
    // SAFETY: a length of 0 is always valid (nothing left to read). The events it hides
    // are not dropped, and none of them owns anything (see `owns_heap`), so none leaks.
    unsafe { events.set_len(0) };
}

/// Empties a list of events that the caller has read through and found to hold none that
/// owns heap memory ([`Event::owns_heap`]): there is nothing to drop, so nothing is walked.
/// (Were one missed, its memory would leak, never be misread; debug builds check.)
pub(crate) fn clear_plain(events: &mut Vec<Event>) {
    debug_assert!(
        !events.iter().any(Event::owns_heap),
        "an event that owns memory was taken for plain"
    );
    // SAFETY: a length of 0 is always valid (nothing left to read), and the events it
    // hides own nothing (checked above in debug builds), so none leaks.
    unsafe { events.set_len(0) };
}

/// The payload of [`Event::ChoiceOffered`], boxed: it is large and rare, and every event
/// is as large as its largest variant (each step moves and drops hundreds of them).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChoiceOffer {
    pub kind: ChoiceKind,
    /// Shared with the state's choice (see [`super::state::Choice::pending`]).
    #[serde(skip)]
    pub pending: Arc<[Effect]>,
    /// The card each pending effect comes from (`None`: the card being resolved), so
    /// that a Guide's choice among them is named after it.
    #[serde(skip)]
    pub sources: Arc<[Option<CardRef>]>,
}

/// The payload of [`Event::TermLost`], boxed for the same reason as [`ChoiceOffer`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TermLoss {
    /// The entry's index among the Guardian's requirements then seals.
    pub entry: u8,
    pub id: String,
    pub name: String,
    /// Why, in a player's words ("the Mirror Shard is gone for good").
    pub why: String,
    /// The card whose play lost it (the card flipped, resolved, used, given or
    /// discarded); null for a route taken.
    pub by: Option<CardRef>,
    pub known: bool,
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// Where a discarded card came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// The card being resolved.
    Resolving,
    Items,
    Equipment,
    Snares,
}

/// The check of one Guardian requirement or seal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SealCheck {
    pub id: String,
    pub name: String,
    /// Met (requirement) or broken (seal).
    pub met: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every event is as large as its largest variant, and a run builds, moves and drops
    /// hundreds: large, rare payloads are boxed so that the common events stay small.
    /// The bound is the largest common variant, [`Event::ExchangeResolved`].
    #[test]
    fn events_stay_small() {
        assert!(std::mem::size_of::<Event>() <= 56);
    }

    /// [`clear`] does not drop the events that [`Event::owns_heap`] says own nothing: the
    /// types of their fields must have no drop glue.
    #[test]
    fn the_light_events_fields_own_nothing() {
        use crate::core::action::SpendFor;
        use std::mem::needs_drop;
        assert!(!needs_drop::<CardRef>() && !needs_drop::<DomainRef>());
        assert!(!needs_drop::<DuelStatus>() && !needs_drop::<GuardianPenalties>());
        assert!(!needs_drop::<Strike>() && !needs_drop::<Zone>() && !needs_drop::<Die>());
        assert!(!needs_drop::<BonusTarget>() && !needs_drop::<Per>());
        assert!(!needs_drop::<SlotKind>() && !needs_drop::<SpendFor>());
        assert!(!needs_drop::<TestDice>());
    }
}
