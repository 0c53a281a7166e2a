//! The traveller's standing modifiers: what the traveller card and everything in force
//! (equipment, companions, Snares) add to rolls, the duel figures and Rests, and the
//! occasions their triggers wait for. A pure sum over the cards; the state keeps the
//! result (see [`super::state::RunData::standing`]).

use super::figures::Table;
use super::house::HouseRules;
use crate::cards::model::{Modifier, Occasion, StationCard, TableResult};
use crate::cards::{CardRef, CardSet};

/// What the cards in force add up to: the standing modifiers, and which occasions some
/// card in force has a trigger for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Standing {
    pub mods: Mods,
    /// One bit per [`Occasion`] (see [`occasion_bit`]).
    triggered: u8,
}

/// The face `hit-on-six` changes.
pub const HIT_ON_SIX_FACE: u8 = 6;

/// The bit of an occasion in [`Standing`].
fn occasion_bit(on: Occasion) -> u8 {
    1 << (on as u8)
}

impl Standing {
    /// Sums the traveller card (under the run's house rules) and the cards in force
    /// (`active`, in the order equipment, companions, Snares).
    pub fn sum(
        cards: &CardSet,
        rules: &HouseRules,
        active: impl Iterator<Item = CardRef>,
    ) -> Standing {
        let mut s = Standing::traveller(cards, rules);
        for c in active {
            s.add(cards.card(c));
        }
        s
    }

    /// The traveller card's own figures (under the run's house rules), nothing in force.
    pub fn traveller(cards: &CardSet, rules: &HouseRules) -> Standing {
        Standing {
            mods: Mods::traveller(cards, rules),
            triggered: 0,
        }
    }

    /// Adds one card in force (cards later in the order equipment, companions, Snares win
    /// a face of the table): [`Standing::sum`] one card at a time, for a caller that walks
    /// its own lists.
    pub fn add(&mut self, card: &StationCard) {
        self.mods.add(card);
        for t in &card.triggers {
            self.triggered |= occasion_bit(t.on);
        }
    }

    /// Whether some card in force has a trigger for this occasion.
    pub fn fires(&self, on: Occasion) -> bool {
        self.triggered & occasion_bit(on) != 0
    }
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
    /// The combat table in force: the traveller card's, with the faces cards change.
    pub table: Table,
}

impl Mods {
    /// Sums the traveller card's figures and the passives of the cards in force
    /// (`active`, in the order equipment, companions, Snares).
    pub fn sum(cards: &CardSet, active: impl Iterator<Item = CardRef>) -> Mods {
        Mods::sum_in(cards, &HouseRules::OFF, active)
    }

    /// [`Mods::sum`] under house rules: with `hit-on-six`, the sixth face of the
    /// traveller's table is a Hit, unless the traveller card prints a table of its own (one
    /// that differs from the rules' table: printing the rules' table names none).
    pub fn sum_in(
        cards: &CardSet,
        rules: &HouseRules,
        active: impl Iterator<Item = CardRef>,
    ) -> Mods {
        let mut m = Mods::traveller(cards, rules);
        for c in active {
            m.add(cards.card(c));
        }
        m
    }

    /// The traveller card's figures and table (under the run's house rules).
    fn traveller(cards: &CardSet, rules: &HouseRules) -> Mods {
        let t = &cards.traveller;
        let mut table = Table::of(t.table.as_deref());
        if rules.hit_on_six && table == Table::RULES {
            table.set(HIT_ON_SIX_FACE, TableResult::Hit);
        }
        Mods {
            atk: t.atk,
            def: t.def,
            table,
            ..Mods::default()
        }
    }

    /// Adds the passives of one card in force.
    fn add(&mut self, card: &StationCard) {
        let m = self;
        for p in &card.passive {
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
                // Cards in force later in the order (equipment, companions, Snares) win.
                Modifier::TableFace(f) => m.table.set(f.roll, f.result),
            }
        }
    }
}
