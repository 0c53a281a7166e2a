//! Every roll and test modifier, each computed in one function: the traveller's standing
//! modifiers, the foe's numbers, the duel roll modifier and the test modifier.

use super::figures::{Fighter, FoeStats};
use super::rules::{DIE_MAX, DIE_MIN};
use super::state::{Duel, State};
use crate::cards::CardSet;
use crate::cards::model::Immunity;

pub use super::standing::Mods;

/// The traveller's standing modifiers now. They are kept in the state by
/// [`super::apply::apply`] (they change only when what the traveller holds changes);
/// debug builds check them against a fresh sum.
pub fn mods(state: &State) -> Mods {
    debug_assert_eq!(
        state.standing.mods,
        Mods::sum_in(&state.cards, &state.rules, state.active_cards()),
        "the standing modifiers were not kept up to date"
    );
    state.standing.mods
}

/// The traveller's side of an exchange: ATK, DEF and counter damage.
pub fn fighter(m: &Mods) -> Fighter {
    Fighter {
        atk: m.atk,
        def: m.def,
        counter_damage: m.counter_damage,
        table: m.table,
    }
}

/// The foe's numbers in a duel: its DEF, immunities and the Guardian's penalties.
pub fn foe_stats(cards: &CardSet, d: &Duel) -> FoeStats {
    let (def, immune, invulnerable): (i32, &[Immunity], bool) = match d.card {
        Some(c) => {
            let card = cards.card(c);
            (card.def.unwrap_or(0), &card.immune, card.invulnerable)
        }
        None => (cards.guardian.def, &[], false),
    };
    FoeStats {
        def,
        immune_attacks: immune.contains(&Immunity::Attacks),
        immune_counter: immune.contains(&Immunity::Counter),
        invulnerable: d.guardian.invulnerable || invulnerable,
        reflect: d.guardian.reflect,
    }
}

/// What is added to every duel roll of this duel whatever the foe does: standing duel and
/// all-roll modifiers plus the duel's bonus (a foe's one-roll penalty comes on top, see
/// [`roll_modifier`]).
pub fn duel_shift(m: &Mods, d: &Duel) -> i32 {
    m.duel_rolls + m.all_rolls + d.bonus
}

/// What is added to the traveller's next duel roll: [`duel_shift`] less a foe's penalty
/// on the next roll.
pub fn roll_modifier(state: &State, d: &Duel) -> i32 {
    duel_shift(&mods(state), d) - d.status.penalty
}

/// A natural duel roll with a modifier, kept within the die's faces.
pub fn modified_roll(natural: i32, modifier: i32) -> i32 {
    (natural + modifier).clamp(DIE_MIN, DIE_MAX)
}

/// What is added to a Pit test's dice total: standing test and all-roll modifiers plus a
/// next-test bonus. Added once to the total, with no clamping (a test is a sum against a
/// target, not a die face).
pub fn test_modifier(state: &State) -> i32 {
    let m = mods(state);
    m.test_rolls + m.all_rolls + state.bonus.next_test
}

/// Health one Rest spend restores: the rule's heal plus Rest-heal modifiers (a next-heal
/// bonus is added when the heal happens).
pub fn rest_heal(m: &Mods) -> i32 {
    super::rules::REST_HEAL + m.rest_heal
}
