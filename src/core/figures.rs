//! The figures of a duel, as plain data: what a roll gives on the combat table
//! ([`Strike`], [`Table`]), each side's numbers ([`Fighter`], [`FoeStats`]), and the
//! unending check's first answers ([`Wearing`]) with what they depend on ([`WearingKey`]),
//! which the state remembers. The arithmetic over them is [`super::combat`]'s.

use super::rules::{DIE_MAX, DIE_MIN};
use crate::cards::CardRef;
use crate::cards::model::TableResult;
use serde::Serialize;
use std::hash::{Hash, Hasher};

/// The traveller's result on the combat table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Strike {
    /// 1: deal nothing.
    Miss,
    /// 2: block all incoming damage.
    Parry,
    /// 3-4: deal 1 + ATK.
    Hit,
    /// 5: deal 2 + ATK.
    Critical,
    /// 6: block all incoming and deal 1 that DEF does not reduce.
    Counter,
    /// The roll was skipped.
    Skipped,
}

/// The traveller's numbers that matter in a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Fighter {
    pub atk: i32,
    pub def: i32,
    pub counter_damage: i32,
    /// The combat table in force (the traveller card's, with any face a card changes).
    pub table: Table,
}

/// A combat table: the result of each (modified) roll, 1 to 6.
#[derive(Debug, Clone, Copy)]
pub struct Table(pub [Strike; 6]);

impl PartialEq for Table {
    fn eq(&self, other: &Self) -> bool {
        // Compared as bytes, at once: the unending check compares tables before every
        // exchange, and an array of enums is compared one element at a time.
        self.0.map(|s| s as u8) == other.0.map(|s| s as u8)
    }
}

impl Eq for Table {}

impl Hash for Table {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // As compared: the bytes.
        self.0.map(|s| s as u8).hash(state);
    }
}

impl Table {
    /// The rules' table: 1 Miss, 2 Parry, 3-4 Hit, 5 Critical, 6 Counter.
    pub const RULES: Table = Table([
        Strike::Miss,
        Strike::Parry,
        Strike::Hit,
        Strike::Hit,
        Strike::Critical,
        Strike::Counter,
    ]);

    /// The table a traveller card prints (`None`, or a list that is not six long: the
    /// rules' table).
    pub fn of(printed: Option<&[TableResult]>) -> Table {
        let mut t = Table::RULES;
        if let Some(list) = printed.filter(|l| l.len() == t.0.len()) {
            for (slot, r) in t.0.iter_mut().zip(list) {
                *slot = result_strike(*r);
            }
        }
        t
    }

    /// Changes the result of one roll (1 to 6; anything else is ignored).
    pub fn set(&mut self, roll: u8, result: TableResult) {
        if let Some(slot) = self.0.get_mut(usize::from(roll).wrapping_sub(1)) {
            *slot = result_strike(result);
        }
    }

    /// The result of a (modified) roll; `None` is a skipped roll.
    pub fn strike(&self, roll: Option<u8>) -> Strike {
        match roll {
            None => Strike::Skipped,
            Some(r) => self.0[(r.clamp(DIE_MIN as u8, DIE_MAX as u8) - 1) as usize],
        }
    }
}

impl Default for Table {
    fn default() -> Self {
        Table::RULES
    }
}

/// The strike a table result gives.
pub fn result_strike(r: TableResult) -> Strike {
    match r {
        TableResult::Miss => Strike::Miss,
        TableResult::Parry => Strike::Parry,
        TableResult::Hit => Strike::Hit,
        TableResult::Critical => Strike::Critical,
        TableResult::Counter => Strike::Counter,
    }
}

/// The foe's numbers that matter in a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FoeStats {
    pub def: i32,
    pub immune_attacks: bool,
    pub immune_counter: bool,
    /// A Guardian requirement unmet: it cannot be harmed.
    pub invulnerable: bool,
    /// A Guardian seal unbroken: the traveller's damage strikes the traveller.
    pub reflect: bool,
}

/// The answers of [`who_can_fall`](super::combat::who_can_fall) that hold from any HP, Health and roll status in force:
/// whether some face, coming up again and again, wears each side down a little each time.
/// They depend on the foe's faces and numbers and the traveller's standing figures only
/// (not on HP, Health, the status in force or held cards), so the core works them out once
/// for as long as those stay the same (see [`State::wearing`](super::state::State::wearing)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wearing {
    pub foe: bool,
    pub traveller: bool,
}

/// What [`Wearing`] depends on, beside the card set: the foe (its card, or the Guardian),
/// its numbers, and the traveller's standing figures in this duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WearingKey {
    pub foe_card: Option<CardRef>,
    pub me: Fighter,
    pub foe: FoeStats,
    pub shift: i32,
    pub enrage_possible: bool,
    pub full_heal: bool,
}
