//! Rules conformance: one test per ruling of FORWARD.md ("Rulings") and per engine
//! decision taken where the draft is silent. Card sets are built here, in code.

#[path = "../common/mod.rs"]
mod common;

use common::*;
use forward::cards::model::Face;
use forward::cards::model::{BonusTarget, Per, SlotKind};
use forward::core::combat::{self, Fighter, FoeStats};
use forward::core::event::SealCheck;
use forward::core::state::{
    ChoiceKind, DuelStatus, EXCHANGE_LIMIT, GuardianPenalties, Phase, Seen, State,
};
use forward::core::{
    Action, Cause, ChoiceOffer, Die, Event, Outcome, SpendFor, Strike, TermLoss, Zone, check,
    execute,
};
use forward::protocol::view;

mod combat_table;
mod companions;
mod determinism;
mod foe_faces;
mod format;
mod grace;
mod guardian;
mod guide;
mod house;
mod items;
mod looking;
mod lore;
mod marker;
mod pit;
mod plan;
mod rest;
mod route;
mod rulings;
mod snares;
mod terror;
mod unending;
mod why_not;

#[allow(unused_imports)]
use combat_table::*;
#[allow(unused_imports)]
use companions::*;
#[allow(unused_imports)]
use determinism::*;
#[allow(unused_imports)]
use foe_faces::*;
#[allow(unused_imports)]
use grace::*;
#[allow(unused_imports)]
use guardian::*;
#[allow(unused_imports)]
use items::*;
#[allow(unused_imports)]
use looking::*;
#[allow(unused_imports)]
use marker::*;
#[allow(unused_imports)]
use pit::*;
#[allow(unused_imports)]
use rest::*;
#[allow(unused_imports)]
use route::*;
#[allow(unused_imports)]
use rulings::*;
#[allow(unused_imports)]
use snares::*;
#[allow(unused_imports)]
use terror::*;
#[allow(unused_imports)]
use unending::*;

// ---- cards used by many tests -----------------------------------------------------------

/// A quiet card that keeps the Domain open.
const ROCK: &str = r#"{"id": "rock", "type": "caesura"}"#;
/// Equipment: ATK +1.
const SWORD: &str = r#"{"id": "sword", "type": "equipment", "passive": [{"atk": 1}]}"#;
/// Equipment: DEF +2.
const PLATE: &str = r#"{"id": "plate", "type": "equipment", "passive": [{"def": 2}]}"#;

/// The six faces of the combat-table foe: miss, block, deal 2, block and deal 2, heal 1,
/// deal 2 ignoring the traveller's block.
const TABLE_FACES: &str = r#"[
    {"name": "Miss"},
    {"name": "Block", "block": true},
    {"name": "Strike", "deal": 2},
    {"name": "Guard", "block": true, "deal": 2},
    {"name": "Mend", "heal": 1},
    {"name": "Pierce", "deal": 2, "ignore_block": true}
]"#;

fn table_foe() -> String {
    format!(r#"{{"id": "foe", "type": "foe", "hp": 10, "faces": {TABLE_FACES}}}"#)
}

/// A foe with `hp` whose six faces all miss, plus extra JSON fields.
fn dummy(id: &str, hp: i32, extra: &str) -> String {
    let comma = if extra.is_empty() { "" } else { "," };
    format!(
        r#"{{"id": "{id}", "type": "foe", "hp": {hp}, "faces": [
            {{"name": "Idle"}}, {{"name": "Idle"}}, {{"name": "Idle"}},
            {{"name": "Idle"}}, {{"name": "Idle"}}, {{"name": "Idle"}}]{comma} {extra}}}"#
    )
}

/// A foe with these six faces (a JSON array) and `hp`.
fn foe_with(id: &str, hp: i32, faces: &str) -> String {
    format!(r#"{{"id": "{id}", "type": "foe", "hp": {hp}, "faces": {faces}}}"#)
}

/// Joins card objects into a JSON array.
fn arr(cards: &[&str]) -> String {
    format!("[{}]", cards.join(","))
}

fn id_of(json: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(json).expect("card JSON");
    v["id"].as_str().expect("id").to_string()
}

/// A run in Domain `a` that first gets each `kit` card (takes Items and Equipment, catches
/// Snares, lets Companions join), then flips the foe. A quiet card keeps the Domain open.
fn duel(kit: &[&str], foe: &str, forced: &[u8]) -> State {
    duel_with(false, kit, foe, forced)
}

/// [`duel`], in a run with a Guide (`guide`) or alone.
fn duel_with(guide: bool, kit: &[&str], foe: &str, forced: &[u8]) -> State {
    let mut all: Vec<&str> = kit.to_vec();
    all.push(foe);
    all.push(ROCK);
    let mut s = start_with(&lab(&arr(&all)), forced, guide);
    let ids: Vec<String> = kit.iter().map(|k| id_of(k)).collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    get_all(&mut s, &ids);
    bring_up(&mut s, &id_of(foe));
    flip_id(&mut s, &id_of(foe));
    assert!(s.duel().is_some(), "no duel: {:?}", s.phase);
    s
}

/// The carried-over duel status after `n` attacks by the traveller and nothing else.
fn attacks(n: u8) -> DuelStatus {
    DuelStatus {
        attacks: n,
        ..DuelStatus::default()
    }
}
