//! Rules conformance: one test per ruling of FORWARD.md ("Rulings") and per engine
//! decision taken where the draft is silent. Card sets are built here, in code.

mod common;

use common::*;
use forward::cards::model::Face;
use forward::cards::model::{BonusTarget, Per, SlotKind};
use forward::core::combat::{self, Fighter, FoeStats};
use forward::core::event::SealCheck;
use forward::core::state::{
    ChoiceKind, DuelStatus, EXCHANGE_LIMIT, GuardianPenalties, Phase, Seen, State,
};
use forward::core::{Action, Cause, Die, Event, Outcome, SpendFor, Strike, Zone, check, execute};
use forward::protocol::view;

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

// ---- the combat table -------------------------------------------------------------------

#[test]
fn combat_table_each_traveller_face_against_each_foe_face() {
    // (damage to the foe, damage to the traveller), ATK 1, DEF 0 on both sides.
    // Foe faces:  Miss    Block   Strike  Guard   Mend    Pierce
    let table: [[(i32, i32); 6]; 6] = [
        [(0, 0), (0, 0), (0, 2), (0, 2), (0, 0), (0, 2)], // 1 Miss
        [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 2)], // 2 Parry
        [(2, 0), (0, 0), (2, 2), (0, 2), (2, 0), (2, 2)], // 3 Hit: 1 + ATK
        [(2, 0), (0, 0), (2, 2), (0, 2), (2, 0), (2, 2)], // 4 Hit
        [(3, 0), (0, 0), (3, 2), (0, 2), (3, 0), (3, 2)], // 5 Critical: 2 + ATK
        [(1, 0), (0, 0), (1, 0), (0, 0), (1, 0), (1, 2)], // 6 Counter: blocks, deals 1
    ];
    let strikes = [
        Strike::Miss,
        Strike::Parry,
        Strike::Hit,
        Strike::Hit,
        Strike::Critical,
        Strike::Counter,
    ];
    for t in 1..=6u8 {
        for f in 1..=6u8 {
            let mut s = duel(&[SWORD], &table_foe(), &[t, f]);
            let events = act(&mut s, Action::Roll);
            let expected = table[t as usize - 1][f as usize - 1];
            assert_eq!(
                damage(&events),
                expected,
                "traveller {t} against foe face {f}"
            );
            let strike = events.iter().find_map(|e| match e {
                Event::ExchangeResolved { strike, .. } => Some(*strike),
                _ => None,
            });
            assert_eq!(strike, Some(strikes[t as usize - 1]));
        }
    }
}

#[test]
fn an_exchange_without_rerolls_resolves_at_once_with_exact_events() {
    let mut s = duel(&[SWORD], &table_foe(), &[3, 3]);
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events,
        vec![
            Event::ExchangeRolled {
                traveller: Some(3),
                foe: 3,
                modifier: 0,
                no_rerolls: false,
            },
            Event::ExchangeResolved {
                exchange: 1,
                roll: Some(3),
                strike: Strike::Hit,
                foe_roll: 3,
                face: "Strike",
                to_foe: 2,
                to_traveller: 2,
                reflected: 0,
                foe_healed: 0,
                foe_hp: 8,
                health: 18,
                status: attacks(1),
            },
        ]
    );
    assert_eq!(s.health, 18);
    assert_eq!(s.duel().unwrap().hp, 8);
    assert_eq!(legal(&s)[0], Action::Roll);
}

#[test]
fn foe_heal_face_restores_its_hp_up_to_its_maximum() {
    // A Hit for 2 and the Mend face together: 10 - 2 + 1.
    let mut s = duel(&[SWORD], &table_foe(), &[3, 5, 1, 5]);
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::ExchangeResolved {
            to_foe: 2,
            foe_healed: 1,
            foe_hp: 9,
            ..
        }
    ));
    // At 9 of 10 a Miss and a Mend: back to 10.
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::ExchangeResolved {
            to_foe: 0,
            foe_healed: 1,
            foe_hp: 10,
            ..
        }
    ));
    // At full HP a Mend heals nothing.
    dice(&mut s, &[1, 5]);
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::ExchangeResolved {
            foe_healed: 0,
            foe_hp: 10,
            ..
        }
    ));
}

#[test]
fn def_never_makes_damage_negative() {
    // The traveller's DEF 2 + 2 against a 2-damage face; the foe's DEF 9 against a Hit.
    let plate2 = r#"{"id": "plate2", "type": "equipment", "passive": [{"def": 2}]}"#;
    let foe =
        format!(r#"{{"id": "wall", "type": "foe", "hp": 10, "def": 9, "faces": {TABLE_FACES}}}"#);
    let mut s = duel(&[PLATE, plate2], &foe, &[3, 3, 5, 6]);
    let events = act(&mut s, Action::Roll);
    assert_eq!(damage(&events), (0, 0));
    assert_eq!(s.health, 20);
    assert_eq!(s.duel().unwrap().hp, 10);
    // Even the ignore-block face is only reduced to 0, never below.
    let events = act(&mut s, Action::Roll);
    assert_eq!(damage(&events), (0, 0));
    assert_eq!((s.health, s.duel().unwrap().hp), (20, 10));
}

#[test]
fn def_reduces_hits_but_not_a_counter() {
    let golem =
        format!(r#"{{"id": "golem", "type": "foe", "hp": 10, "def": 1, "faces": {TABLE_FACES}}}"#);
    // Hit 2 - 1; Critical 3 - 1; Counter exactly 1.
    let mut s = duel(&[SWORD], &golem, &[3, 1, 5, 1, 6, 1]);
    let mut got = Vec::new();
    for _ in 0..3 {
        got.push(damage(&act(&mut s, Action::Roll)));
    }
    assert_eq!(got, vec![(1, 0), (2, 0), (1, 0)]);
    // The traveller's DEF reduces a foe's damage.
    let mut s = duel(&[PLATE], &table_foe(), &[1, 3]);
    assert_eq!(damage(&act(&mut s, Action::Roll)), (0, 0));
    let deal3 = foe_with(
        "brute",
        10,
        r#"[{"name": "Smash", "deal": 3}, {"name": "Smash", "deal": 3}, {"name": "Smash", "deal": 3},
            {"name": "Smash", "deal": 3}, {"name": "Smash", "deal": 3}, {"name": "Smash", "deal": 3}]"#,
    );
    let mut s = duel(&[PLATE], &deal3, &[1, 1]);
    assert_eq!(damage(&act(&mut s, Action::Roll)), (0, 1));
}

#[test]
fn parry_blocks_all_incoming_damage() {
    let brute = foe_with(
        "brute",
        10,
        r#"[{"name": "Smash", "deal": 9}, {"name": "Smash", "deal": 9}, {"name": "Smash", "deal": 9},
            {"name": "Smash", "deal": 9}, {"name": "Smash", "deal": 9}, {"name": "Smash", "deal": 9}]"#,
    );
    let mut s = duel(&[], &brute, &[2, 4]);
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::ExchangeResolved {
            strike: Strike::Parry,
            to_foe: 0,
            to_traveller: 0,
            ..
        }
    ));
    assert_eq!(s.health, 20);
}

#[test]
fn counter_deals_exactly_one_through_def_and_is_stopped_by_a_block() {
    // ATK 1 does not add to a Counter; the foe's DEF 3 does not reduce it.
    let armoured =
        format!(r#"{{"id": "knight", "type": "foe", "hp": 10, "def": 3, "faces": {TABLE_FACES}}}"#);
    let mut s = duel(&[SWORD], &armoured, &[6, 3, 6, 2, 6, 4]);
    // Against Strike (deal 2): the Counter blocks it and deals 1.
    assert_eq!(damage(&act(&mut s, Action::Roll)), (1, 0));
    // Against Block: the foe's block stops the Counter's 1.
    assert_eq!(damage(&act(&mut s, Action::Roll)), (0, 0));
    // Against Guard (block and deal 2): both blocked.
    assert_eq!(damage(&act(&mut s, Action::Roll)), (0, 0));
    assert_eq!(s.duel().unwrap().hp, 9);
    assert_eq!(s.health, 20);
}

#[test]
fn a_counter_damage_modifier_adds_to_the_counter() {
    let spikes = r#"{"id": "spikes", "type": "equipment", "passive": [{"counter_damage": 1}]}"#;
    let armoured =
        format!(r#"{{"id": "knight", "type": "foe", "hp": 10, "def": 3, "faces": {TABLE_FACES}}}"#);
    let mut s = duel(&[spikes], &armoured, &[6, 1]);
    assert_eq!(damage(&act(&mut s, Action::Roll)), (2, 0));
}

#[test]
fn both_sides_reaching_zero_in_one_exchange_loses_the_run() {
    let foe = foe_with(
        "duelist",
        2,
        r#"[{"name": "Lunge", "deal": 3}, {"name": "Lunge", "deal": 3}, {"name": "Lunge", "deal": 3},
            {"name": "Lunge", "deal": 3}, {"name": "Lunge", "deal": 3}, {"name": "Lunge", "deal": 3}]"#,
    );
    let mut s = duel(&[SWORD], &foe, &[3, 1]);
    set_health(&mut s, 3);
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events,
        vec![
            Event::ExchangeRolled {
                traveller: Some(3),
                foe: 1,
                modifier: 0,
                no_rerolls: false,
            },
            Event::ExchangeResolved {
                exchange: 1,
                roll: Some(3),
                strike: Strike::Hit,
                foe_roll: 1,
                face: "Lunge",
                to_foe: 2,
                to_traveller: 3,
                reflected: 0,
                foe_healed: 0,
                foe_hp: 0,
                health: 0,
                status: attacks(1),
            },
            Event::RunEnded {
                outcome: Outcome::Lost {
                    cause: Cause::Health,
                    detail: "Fell in a duel (Lunge).".into(),
                },
            },
        ]
    );
    assert!(matches!(
        s.outcome,
        Some(Outcome::Lost {
            cause: Cause::Health,
            ..
        })
    ));
    assert_eq!(s.phase, Phase::Over);
    assert!(legal(&s).is_empty());
}

#[test]
fn health_reaching_zero_in_a_duel_loses_at_once() {
    let mut s = duel(&[], &table_foe(), &[1, 3]);
    set_health(&mut s, 2);
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events.last(),
        Some(Event::RunEnded {
            outcome: Outcome::Lost {
                cause: Cause::Health,
                ..
            }
        })
    ));
    assert_eq!(s.health, 0);
}

// ---- Grace and rerolls ------------------------------------------------------------------

#[test]
fn grace_rerolls_the_travellers_die_and_the_new_value_is_used() {
    let mut s = duel(&[], &table_foe(), &[1, 3, 5]);
    set_grace(&mut s, 1);
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events,
        vec![Event::ExchangeRolled {
            traveller: Some(1),
            foe: 3,
            modifier: 0,
            no_rerolls: false,
        }]
    );
    assert_eq!(
        legal(&s),
        vec![
            reroll(Die::Traveller),
            reroll(Die::Foe),
            Action::Continue,
            Action::Abandon
        ]
    );
    let events = act(&mut s, reroll(Die::Traveller));
    assert_eq!(
        events,
        vec![
            Event::Rerolled {
                die: Die::Traveller,
                index: 0,
                value: 5,
                card: None,
            },
            Event::GraceChanged { by: -1, grace: 0 },
            // No Grace left: the exchange resolves with the new die.
            Event::ExchangeResolved {
                exchange: 1,
                roll: Some(5),
                strike: Strike::Critical,
                foe_roll: 3,
                face: "Strike",
                to_foe: 2,
                to_traveller: 2,
                reflected: 0,
                foe_healed: 0,
                foe_hp: 8,
                health: 18,
                status: attacks(1),
            },
        ]
    );
    assert_eq!(s.grace, 0);
}

#[test]
fn grace_rerolls_the_foes_die_and_may_be_spent_again() {
    // Foe rolls Strike (3), rerolled to Pierce (6), rerolled again to Block (2).
    let mut s = duel(&[], &table_foe(), &[3, 3, 6, 2]);
    set_grace(&mut s, 3);
    act(&mut s, Action::Roll);
    let events = act(&mut s, reroll(Die::Foe));
    assert_eq!(
        events,
        vec![
            Event::Rerolled {
                die: Die::Foe,
                index: 0,
                value: 6,
                card: None,
            },
            Event::GraceChanged { by: -1, grace: 2 },
        ]
    );
    assert_eq!(s.duel().unwrap().rolled.unwrap().foe, 6);
    let events = act(&mut s, reroll(Die::Foe));
    assert_eq!(events.len(), 2);
    assert_eq!(s.grace, 1);
    // Grace is left: the window stays open until the traveller continues.
    assert!(is_legal(&s, &reroll(Die::Foe)));
    let events = act(&mut s, Action::Continue);
    assert!(matches!(
        events[..],
        [Event::ExchangeResolved {
            foe_roll: 2,
            to_foe: 0,
            to_traveller: 0,
            ..
        }]
    ));
    assert_eq!(s.grace, 1);
}

#[test]
fn rerolls_are_offered_only_with_grace() {
    let mut s = duel(&[], &table_foe(), &[3, 3]);
    assert_eq!(s.grace, 0);
    let before = snapshot(&s);
    assert!(check(&s, &reroll(Die::Traveller)).is_err());
    assert_eq!(snapshot(&s), before);
    let events = act(&mut s, Action::Roll);
    assert_eq!(events.len(), 2, "rolled and resolved at once: {events:?}");
    assert!(matches!(events[1], Event::ExchangeResolved { .. }));
}

#[test]
fn no_rerolls_face_forbids_rerolls_in_the_next_exchange_only() {
    let faces = r#"[{"name": "Hush", "no_rerolls": true}, {"name": "Idle"}, {"name": "Idle"},
                    {"name": "Idle"}, {"name": "Idle"}, {"name": "Idle"}]"#;
    let mut s = duel(&[], &foe_with("hush", 10, faces), &[1, 1, 1, 2, 1, 2]);
    set_grace(&mut s, 2);
    // The Hush exchange itself may still be rerolled.
    act(&mut s, Action::Roll);
    assert!(is_legal(&s, &reroll(Die::Foe)));
    let events = act(&mut s, Action::Continue);
    let Event::ExchangeResolved { status: st, .. } = &events[0] else {
        panic!("{events:?}")
    };
    assert!(st.no_rerolls);
    // The next exchange: no window, though Grace is left.
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[..],
        [
            Event::ExchangeRolled {
                no_rerolls: true,
                ..
            },
            Event::ExchangeResolved { .. }
        ]
    ));
    assert_eq!(s.grace, 2);
    // And the one after: the window is back.
    act(&mut s, Action::Roll);
    assert!(is_legal(&s, &reroll(Die::Traveller)));
}

#[test]
fn a_free_reroll_card_works_once_per_fight() {
    let coin = r#"{"id": "coin", "type": "item", "use": {"per": "fight", "reroll": true}}"#;
    let rat = dummy("rat", 2, "");
    let rat2 = dummy("rat2", 1, "");
    let mut s = start_lab(&arr(&[coin, &rat, &rat2]), &[1, 1, 3, 3, 1]);
    get(&mut s, "coin");
    // A reroll card is not used like other abilities.
    assert!(!is_legal(&s, &use_card("coin")));
    flip_id(&mut s, "rat");
    act(&mut s, Action::Roll);
    assert_eq!(
        legal(&s),
        vec![
            reroll_with(Die::Traveller, "coin"),
            reroll_with(Die::Foe, "coin"),
            Action::Continue,
            Action::Abandon
        ]
    );
    let coin_ref = card(&s, "coin");
    let events = act(&mut s, reroll_with(Die::Traveller, "coin"));
    assert_eq!(
        events[..2],
        [
            Event::Rerolled {
                die: Die::Traveller,
                index: 0,
                value: 3,
                card: Some(coin_ref),
            },
            Event::AbilityUsed {
                card: coin_ref,
                per: Per::Fight,
            },
        ]
    );
    assert!(matches!(
        events[2],
        Event::ExchangeResolved {
            roll: Some(3),
            to_foe: 1,
            ..
        }
    ));
    assert_eq!(s.items, vec![coin_ref], "the coin stays");
    // Spent for this fight: the next exchange resolves at once.
    let events = act(&mut s, Action::Roll);
    assert!(matches!(events[1], Event::ExchangeResolved { .. }));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::FoeDefeated { .. }))
    );
    // A new fight: ready again.
    dice(&mut s, &[1, 1]);
    let events = flip_id(&mut s, "rat2");
    assert_eq!(events[1], Event::AbilitiesRefreshed { per: Per::Fight });
    act(&mut s, Action::Roll);
    assert!(is_legal(&s, &reroll_with(Die::Traveller, "coin")));
}

// ---- foe faces ----------------------------------------------------------------------------

/// Six faces: the given ones first, then Idle (miss) faces.
fn faces(first: &[&str]) -> String {
    let mut all: Vec<&str> = first.to_vec();
    while all.len() < 6 {
        all.push(r#"{"name": "Idle"}"#);
    }
    arr(&all)
}

/// Rolls `n` exchanges and returns them (roll, to foe, to traveller, foe HP, Health).
fn roll_n(s: &mut State, n: usize) -> Vec<(Option<u8>, i32, i32, i32, i32)> {
    let mut out = Vec::new();
    for _ in 0..n {
        out.extend(exchanges(&act(s, Action::Roll)));
    }
    out
}

#[test]
fn foe_face_skip_roll_makes_the_next_exchange_roll_only_the_foe_die() {
    let f = faces(&[r#"{"name": "Hex", "skip_roll": true}"#]);
    let mut s = duel(&[], &foe_with("hexer", 10, &f), &[3, 1, 4, 3, 2]);
    let events = act(&mut s, Action::Roll);
    let Event::ExchangeResolved { status: st, .. } = &events[1] else {
        panic!("{events:?}")
    };
    assert!(st.skip);
    // One die only, and it is the foe's.
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events,
        vec![
            Event::ExchangeRolled {
                traveller: None,
                foe: 4,
                modifier: 0,
                no_rerolls: false,
            },
            Event::ExchangeResolved {
                exchange: 2,
                roll: None,
                strike: Strike::Skipped,
                foe_roll: 4,
                face: "Idle",
                to_foe: 0,
                to_traveller: 0,
                reflected: 0,
                foe_healed: 0,
                foe_hp: 9,
                health: 20,
                status: attacks(1),
            },
        ]
    );
    assert_eq!(s.dice.forced_left(), 2);
    // Then back to two dice.
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[0],
        Event::ExchangeRolled {
            traveller: Some(3),
            foe: 2,
            ..
        }
    ));
}

#[test]
fn foe_face_roll_penalty_lowers_the_next_roll_only() {
    let f = faces(&[r#"{"name": "Daze", "roll_penalty": 2}"#]);
    let mut s = duel(&[], &foe_with("dazer", 20, &f), &[5, 1, 5, 2, 5, 2]);
    let x = roll_n(&mut s, 3);
    // Critical; then 5 - 2 = 3 (Hit); then 5 again.
    assert_eq!(
        x.iter().map(|e| e.0).collect::<Vec<_>>(),
        vec![Some(5), Some(3), Some(5)]
    );
}

#[test]
fn foe_face_enrage_adds_to_every_later_hit() {
    let f = faces(&[
        r#"{"name": "Rage", "enrage": 1}"#,
        r#"{"name": "Claw", "deal": 2}"#,
    ]);
    let mut s = duel(
        &[],
        &foe_with("bear", 20, &f),
        &[1, 2, 1, 1, 1, 2, 1, 1, 1, 2],
    );
    let hurt: Vec<i32> = roll_n(&mut s, 5).iter().map(|e| e.2).collect();
    assert_eq!(hurt, vec![2, 0, 3, 0, 4]);
    assert_eq!(s.duel().unwrap().status.enrage, 2);
}

#[test]
fn foe_face_empower_adds_to_its_next_hit_only() {
    let f = faces(&[
        r#"{"name": "Gather", "empower": 2}"#,
        r#"{"name": "Claw", "deal": 2}"#,
        r#"{"name": "Bite", "deal": 1}"#,
    ]);
    // Gather, an Idle face (no hit: the bonus waits), Bite + 2, Claw.
    let mut s = duel(&[], &foe_with("wolf", 20, &f), &[1, 1, 1, 4, 1, 3, 1, 2]);
    let hurt: Vec<i32> = roll_n(&mut s, 4).iter().map(|e| e.2).collect();
    assert_eq!(hurt, vec![0, 0, 3, 2]);
    assert_eq!(s.duel().unwrap().status.empower, 0);
}

#[test]
fn foe_face_empower_face_waits_for_the_named_face() {
    let f = faces(&[
        r#"{"name": "Focus", "empower": 3, "empower_face": "Smash"}"#,
        r#"{"name": "Claw", "deal": 2}"#,
        r#"{"name": "Smash", "deal": 1}"#,
    ]);
    let mut s = duel(&[], &foe_with("ogre", 20, &f), &[1, 1, 1, 2, 1, 3, 1, 3]);
    let first = act(&mut s, Action::Roll);
    let Event::ExchangeResolved { status: st, .. } = &first[1] else {
        panic!("{first:?}")
    };
    assert_eq!((st.empower, st.empower_face), (3, Some(3)));
    // Claw gets nothing; the Smash gets +3; the next Smash is plain.
    let hurt: Vec<i32> = roll_n(&mut s, 3).iter().map(|e| e.2).collect();
    assert_eq!(hurt, vec![2, 4, 1]);
}

#[test]
fn foe_face_ignore_block_goes_through_parry_and_counter() {
    let f = faces(&[r#"{"name": "Pierce", "deal": 2, "ignore_block": true}"#]);
    let mut s = duel(&[], &foe_with("lancer", 10, &f), &[2, 1, 6, 1]);
    let x: Vec<(i32, i32)> = roll_n(&mut s, 2).iter().map(|e| (e.1, e.2)).collect();
    assert_eq!(x, vec![(0, 2), (1, 2)]);
}

#[test]
fn foe_face_copy_takes_the_travellers_result_with_atk() {
    let copy = r#"{"name": "Mirror", "copy": true}"#;
    let f = arr(&[copy, copy, copy, copy, copy, copy]);
    let shield = r#"{"id": "shield", "type": "equipment", "passive": [{"def": 1}]}"#;
    // ATK 1, DEF 1: Hit 2 each way (2 - 1 to the traveller); Critical 3 (3 - 1);
    // Parry against Parry and Counter against Counter: nothing; Miss: nothing.
    let mut s = duel(
        &[SWORD, shield],
        &foe_with("mimic", 20, &f),
        &[3, 1, 5, 1, 2, 1, 6, 1, 1, 1],
    );
    let x: Vec<(i32, i32)> = roll_n(&mut s, 5).iter().map(|e| (e.1, e.2)).collect();
    assert_eq!(x, vec![(2, 1), (3, 2), (0, 0), (0, 0), (0, 0)]);
}

#[test]
fn foe_immune_to_attacks_still_takes_a_counter() {
    let wraith = dummy("wraith", 10, r#""immune": ["attacks"]"#);
    let mut s = duel(&[SWORD], &wraith, &[3, 1, 5, 1, 6, 1]);
    let x: Vec<i32> = roll_n(&mut s, 3).iter().map(|e| e.1).collect();
    assert_eq!(x, vec![0, 0, 1]);
}

#[test]
fn foe_immune_to_counter_still_takes_hits() {
    let shade = dummy("shade", 10, r#""immune": ["counter"]"#);
    let mut s = duel(&[SWORD], &shade, &[6, 1, 3, 1]);
    let x: Vec<i32> = roll_n(&mut s, 2).iter().map(|e| e.1).collect();
    assert_eq!(x, vec![0, 2]);
}

#[test]
fn foe_immune_to_items_ignores_item_damage() {
    let flask = r#"{"id": "flask", "type": "item", "use": {"duel_only": true, "effects": [{"hit_foe": 2}]}}"#;
    let golem = dummy("golem", 10, r#""immune": ["items"]"#);
    let mut s = duel(&[flask], &golem, &[]);
    let flask_ref = card(&s, "flask");
    let events = act(&mut s, use_card("flask"));
    assert_eq!(
        events,
        vec![Event::AbilityUsed {
            card: flask_ref,
            per: Per::Once,
        }]
    );
    assert_eq!(s.duel().unwrap().hp, 10);
    // The same flask against a foe without the immunity.
    let mut s = duel(&[flask], &dummy("rat", 10, ""), &[]);
    let events = act(&mut s, use_card("flask"));
    assert_eq!(
        events,
        vec![
            Event::AbilityUsed {
                card: flask_ref,
                per: Per::Once,
            },
            Event::FoeHit {
                amount: 2,
                foe_hp: 8,
            },
        ]
    );
}

#[test]
fn foe_on_defeat_effects_run_when_it_falls() {
    let rat = dummy("rat", 1, r#""on_defeat": [{"resolve": 2}]"#);
    let mut s = duel(&[], &rat, &[3, 1]);
    let rat_ref = card(&s, "rat");
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events[2..],
        [
            Event::FoeDefeated { foe: "rat" },
            Event::MarkerMoved { by: 2, marker: 2 },
            Event::CardDiscarded {
                card: rat_ref,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: rat_ref },
        ]
    );
    assert_eq!(s.phase, Phase::Explore);
    assert_eq!(s.discard, vec![rat_ref]);
}

#[test]
fn unbeatable_foe_passes_by_showing_a_card_and_joins_as_companion() {
    let mirror = r#"{"id": "mirror", "type": "item"}"#;
    let ghost = r#"{"id": "ghost", "type": "foe", "hp": 5, "unbeatable": true,
        "faces": [{"name": "Wail", "deal": 1}, {"name": "Wail", "deal": 1}, {"name": "Wail", "deal": 1},
                  {"name": "Wail", "deal": 1}, {"name": "Wail", "deal": 1}, {"name": "Wail", "deal": 1}],
        "passage": [{"label": "Show the mirror", "show": "mirror", "joins": true}]}"#;
    let mut s = start_lab(&arr(&[mirror, ghost, ROCK]), &[]);
    get(&mut s, "mirror");
    flip_id(&mut s, "ghost");
    // No fight offered: only the passage.
    assert_eq!(legal(&s), vec![show("mirror", "ghost"), Action::Abandon]);
    assert!(check(&s, &Action::Fight).is_err());
    let (m, g) = (card(&s, "mirror"), card(&s, "ghost"));
    let events = act(&mut s, show("mirror", "ghost"));
    assert_eq!(
        events,
        vec![
            Event::CardShown { card: m, to: g },
            Event::FoePassed {
                card: g,
                how: "Show the mirror".into(),
            },
            Event::CompanionJoined {
                card: g,
                carrying: None,
            },
            Event::CardResolved { card: g },
        ]
    );
    assert_eq!(s.items, vec![m], "a shown card is kept");
    assert!(s.follows("ghost"));
}

#[test]
fn foe_passage_by_giving_a_card_gives_it_away() {
    let gold = r#"{"id": "gold", "type": "item"}"#;
    let troll = r#"{"id": "troll", "type": "foe", "hp": 9,
        "faces": [{"name": "Club", "deal": 3}, {"name": "Club", "deal": 3}, {"name": "Club", "deal": 3},
                  {"name": "Club", "deal": 3}, {"name": "Club", "deal": 3}, {"name": "Club", "deal": 3}],
        "passage": [{"label": "Pay the troll", "give": "gold"}]}"#;
    let mut s = start_lab(&arr(&[gold, troll, ROCK]), &[]);
    get(&mut s, "gold");
    flip_id(&mut s, "troll");
    assert_eq!(
        legal(&s),
        vec![Action::Fight, give("gold", "troll"), Action::Abandon]
    );
    let (gd, t) = (card(&s, "gold"), card(&s, "troll"));
    let events = act(&mut s, give("gold", "troll"));
    assert_eq!(
        events,
        vec![
            Event::FoePassed {
                card: t,
                how: "Pay the troll".into(),
            },
            Event::CardGivenAway { card: gd },
            Event::CardDiscarded {
                card: t,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: t },
        ]
    );
    assert!(s.items.is_empty());
    assert!(!s.holds("gold"));
}

#[test]
fn foe_toll_slips_past_by_paying_its_effects() {
    let bandit = r#"{"id": "bandit", "type": "foe", "hp": 4,
        "faces": [{"name": "Stab", "deal": 2}, {"name": "Stab", "deal": 2}, {"name": "Stab", "deal": 2},
                  {"name": "Stab", "deal": 2}, {"name": "Stab", "deal": 2}, {"name": "Stab", "deal": 2}],
        "toll": [{"lose_health": 3}]}"#;
    let mut s = start_lab(&arr(&[bandit, ROCK]), &[]);
    let events = flip_id(&mut s, "bandit");
    let b = card(&s, "bandit");
    assert_eq!(
        events,
        vec![Event::CardFlipped {
            slot: slot_of_flipped(&events),
            card: b
        }]
    );
    assert_eq!(
        legal(&s),
        vec![Action::Fight, Action::Toll, Action::Abandon]
    );
    let events = act(&mut s, Action::Toll);
    assert_eq!(
        events,
        vec![
            Event::FoePassed {
                card: b,
                how: "toll".into(),
            },
            Event::HealthChanged { by: -3, health: 17 },
            Event::CardDiscarded {
                card: b,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: b },
        ]
    );
}

fn slot_of_flipped(events: &[Event]) -> u8 {
    events
        .iter()
        .find_map(|e| match e {
            Event::CardFlipped { slot, .. } => Some(*slot),
            _ => None,
        })
        .expect("a flip")
}

#[test]
fn a_plain_foe_starts_a_duel_when_flipped() {
    let mut s = start_lab(&arr(&[&dummy("rat", 3, ""), ROCK]), &[]);
    let events = flip_id(&mut s, "rat");
    let rat = card(&s, "rat");
    assert_eq!(
        events,
        vec![
            Event::CardFlipped {
                slot: slot_of_flipped(&events),
                card: rat,
            },
            Event::DuelStarted {
                foe: "rat",
                hp: 3,
                card: Some(rat),
                guardian: GuardianPenalties::default(),
                bonus: 0,
            },
        ]
    );
    assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
}

// ---- fights that cannot end -------------------------------------------------------------

#[test]
fn a_fight_neither_side_can_win_ends_in_stalemate_without_on_defeat() {
    // DEF 2 against 2-damage faces that also block everything.
    let shell = r#"{"name": "Shell", "block": true, "deal": 2}"#;
    let turtle = format!(
        r#"{{"id": "turtle", "type": "foe", "hp": 5, "on_defeat": [{{"resolve": 1}}], "faces": {}}}"#,
        arr(&[shell, shell, shell, shell, shell, shell])
    );
    let mut s = start_lab(&arr(&[PLATE, &turtle, ROCK]), &[]);
    get(&mut s, "plate");
    let events = flip_id(&mut s, "turtle");
    let t = card(&s, "turtle");
    assert_eq!(
        events,
        vec![
            Event::CardFlipped {
                slot: slot_of_flipped(&events),
                card: t,
            },
            Event::DuelStarted {
                foe: "turtle",
                hp: 5,
                card: Some(t),
                guardian: GuardianPenalties::default(),
                bonus: 0,
            },
            Event::DuelStalemate {
                foe: "turtle",
                reason: "neither side can harm the other".into(),
            },
            Event::CardDiscarded {
                card: t,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: t },
        ]
    );
    assert_eq!(s.marker, 0, "no on-defeat effects");
    assert_eq!(s.phase, Phase::Explore);
    assert_eq!(s.outcome, None);
}

#[test]
fn a_duel_reaching_the_exchange_limit_ends_in_stalemate() {
    // The traveller parries a 1-damage jab every time: both could fall, neither does.
    let f = arr(&[r#"{"name": "Jab", "deal": 1}"#; 6]);
    let forced: Vec<u8> = [2, 1].repeat(EXCHANGE_LIMIT as usize);
    let mut s = duel(&[], &foe_with("dancer", 5, &f), &forced);
    for i in 1..EXCHANGE_LIMIT {
        let events = act(&mut s, Action::Roll);
        assert_eq!(events.len(), 2, "exchange {i}");
    }
    let events = act(&mut s, Action::Roll);
    let d = card(&s, "dancer");
    assert_eq!(
        events[2..],
        [
            Event::DuelStalemate {
                foe: "dancer",
                reason: format!("{EXCHANGE_LIMIT} exchanges without an end"),
            },
            Event::CardDiscarded {
                card: d,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: d },
        ]
    );
    assert!(matches!(
        events[1],
        Event::ExchangeResolved { exchange, .. } if exchange == EXCHANGE_LIMIT
    ));
    assert_eq!(s.outcome, None);
    assert_eq!(s.phase, Phase::Explore);
}

#[test]
fn a_foe_that_cannot_be_hurt_but_can_hurt_fights_on() {
    // The foe blocks everything; the traveller has no DEF: no stalemate.
    let guard = r#"{"name": "Guard", "block": true, "deal": 2}"#;
    let f = arr(&[guard; 6]);
    let mut s = duel(&[], &foe_with("sentinel", 5, &f), &[1, 1]);
    assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
    assert_eq!(damage(&act(&mut s, Action::Roll)), (0, 2));
}

#[test]
fn an_empowered_hit_that_gets_through_defence_is_not_a_stalemate() {
    // DEF 2 stops the plain 2-damage faces, but Gather's +3 gets through: the foe can
    // harm the traveller, so the duel goes on.
    let guard = r#"{"name": "Guard", "block": true, "deal": 2}"#;
    let gather = r#"{"name": "Gather", "block": true, "empower": 3}"#;
    let f = arr(&[gather, guard, guard, guard, guard, guard]);
    let mut s = duel(&[PLATE], &foe_with("brooder", 5, &f), &[1, 1, 1, 2]);
    assert!(s.duel().is_some(), "the duel must go on: {:?}", s.phase);
    let hurt: Vec<i32> = roll_n(&mut s, 2).iter().map(|e| e.2).collect();
    assert_eq!(hurt, vec![0, 3]);
}

#[test]
fn a_skipped_roll_that_lets_damage_through_is_not_a_stalemate() {
    // With +5 to duel rolls the traveller always Counters, which blocks everything, but
    // Hex makes them skip a roll, and a skipped roll blocks nothing.
    let aegis = r#"{"id": "aegis", "type": "equipment", "passive": [{"duel_rolls": 5}]}"#;
    let guard = r#"{"name": "Guard", "block": true, "deal": 2}"#;
    let hex = r#"{"name": "Hex", "block": true, "skip_roll": true}"#;
    let f = arr(&[hex, guard, guard, guard, guard, guard]);
    let mut s = duel(&[aegis], &foe_with("witch", 5, &f), &[1, 1, 2]);
    assert!(s.duel().is_some(), "the duel must go on: {:?}", s.phase);
    let x = roll_n(&mut s, 2);
    assert_eq!(x[1].0, None);
    assert_eq!(x[1].2, 2);
}

#[test]
fn a_roll_penalty_that_lets_damage_through_is_not_a_stalemate() {
    // With +5 the traveller always Counters; Daze's -3 turns the next roll into a Hit,
    // which does not block.
    let aegis = r#"{"id": "aegis", "type": "equipment", "passive": [{"duel_rolls": 5}]}"#;
    let guard = r#"{"name": "Guard", "block": true, "deal": 2}"#;
    let daze = r#"{"name": "Daze", "block": true, "roll_penalty": 3}"#;
    let f = arr(&[daze, guard, guard, guard, guard, guard]);
    let mut s = duel(&[aegis], &foe_with("mesmer", 5, &f), &[1, 1, 1, 2]);
    assert!(s.duel().is_some(), "the duel must go on: {:?}", s.phase);
    let x = roll_n(&mut s, 2);
    assert_eq!(x[1].0, Some(3));
    assert_eq!(x[1].2, 2);
}

// ---- Resolve / Dread --------------------------------------------------------------------

#[test]
fn resolve_is_capped_at_plus_four() {
    let boon = r#"{"id": "boon", "type": "caesura", "effects": [{"resolve": 3}]}"#;
    let boon2 = r#"{"id": "boon2", "type": "caesura", "effects": [{"resolve": 1}]}"#;
    let mut s = start_lab(&arr(&[boon, boon2, ROCK]), &[]);
    set_marker(&mut s, 2);
    let events = flip_id(&mut s, "boon");
    assert_eq!(events[1], Event::MarkerMoved { by: 2, marker: 4 });
    assert_eq!(s.marker, 4);
    // At +4 a Resolve gain changes nothing.
    let events = flip_id(&mut s, "boon2");
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::MarkerMoved { .. }))
    );
    assert_eq!(s.marker, 4);
}

#[test]
fn dread_to_minus_four_is_fine_past_it_loses() {
    let fear = r#"{"id": "fear", "type": "caesura", "effects": [{"dread": 4}]}"#;
    let fear2 = r#"{"id": "fear2", "type": "caesura", "effects": [{"dread": 1}, {"resolve": 4}]}"#;
    let mut s = start_lab(&arr(&[fear, fear2, ROCK]), &[]);
    let events = flip_id(&mut s, "fear");
    assert_eq!(events[1], Event::MarkerMoved { by: -4, marker: -4 });
    assert_eq!(s.outcome, None);
    let events = flip_id(&mut s, "fear2");
    let f2 = card(&s, "fear2");
    assert_eq!(
        events,
        vec![
            Event::CardFlipped {
                slot: slot_of_flipped(&events),
                card: f2,
            },
            // The run ends at once: the rest of the card's effects do not run.
            Event::RunEnded {
                outcome: Outcome::Lost {
                    cause: Cause::Dread,
                    detail: "Dread passed its limit.".into(),
                },
            },
        ]
    );
    assert_eq!(s.marker, -4);
    assert_eq!(s.phase, Phase::Over);
}

#[test]
fn spending_resolve_at_a_rest_needs_marker_at_least_one() {
    let rest = r#"{"id": "camp", "type": "rest"}"#;
    for marker in [0, -2] {
        let mut s = start_lab(&arr(&[rest, ROCK]), &[]);
        set_marker(&mut s, marker);
        set_health(&mut s, 10);
        flip_id(&mut s, "camp");
        assert_eq!(legal(&s), vec![Action::Continue, Action::Abandon]);
        let before = snapshot(&s);
        assert!(execute(&mut s, &spend(SpendFor::Grace)).is_err());
        assert!(execute(&mut s, &spend(SpendFor::Heal)).is_err());
        assert_eq!(snapshot(&s), before);
    }
    let mut s = start_lab(&arr(&[rest, ROCK]), &[]);
    set_marker(&mut s, 1);
    set_health(&mut s, 10);
    flip_id(&mut s, "camp");
    assert_eq!(
        legal(&s),
        vec![
            spend(SpendFor::Grace),
            spend(SpendFor::Heal),
            Action::Continue,
            Action::Abandon
        ]
    );
}

// ---- Rest -------------------------------------------------------------------------------

#[test]
fn rest_trades_resolve_for_grace_and_health_repeatedly_then_continues() {
    let rest = r#"{"id": "camp", "type": "rest"}"#;
    let mut s = start_lab(&arr(&[rest, ROCK]), &[]);
    set_marker(&mut s, 3);
    set_grace(&mut s, 2);
    set_health(&mut s, 12);
    flip_id(&mut s, "camp");
    let camp = card(&s, "camp");
    assert_eq!(
        act(&mut s, spend(SpendFor::Grace)),
        vec![
            Event::MarkerMoved { by: -1, marker: 2 },
            Event::RestSpent {
                card: camp,
                purpose: SpendFor::Grace,
            },
            Event::GraceChanged { by: 1, grace: 3 },
        ]
    );
    // Grace is at 3: no more Grace to buy.
    assert_eq!(
        legal(&s),
        vec![spend(SpendFor::Heal), Action::Continue, Action::Abandon]
    );
    assert_eq!(
        act(&mut s, spend(SpendFor::Heal)),
        vec![
            Event::MarkerMoved { by: -1, marker: 1 },
            Event::RestSpent {
                card: camp,
                purpose: SpendFor::Heal,
            },
            Event::HealthChanged { by: 5, health: 17 },
        ]
    );
    // Capped at the maximum.
    assert_eq!(
        act(&mut s, spend(SpendFor::Heal)),
        vec![
            Event::MarkerMoved { by: -1, marker: 0 },
            Event::RestSpent {
                card: camp,
                purpose: SpendFor::Heal,
            },
            Event::HealthChanged { by: 3, health: 20 },
        ]
    );
    assert_eq!(legal(&s), vec![Action::Continue, Action::Abandon]);
    assert_eq!(
        act(&mut s, Action::Continue),
        vec![
            Event::CardDiscarded {
                card: camp,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: camp },
        ]
    );
    assert_eq!((s.marker, s.grace, s.health), (0, 3, 20));
}

#[test]
fn rest_heal_equipment_adds_to_each_rest_heal() {
    let bedroll = r#"{"id": "bedroll", "type": "equipment", "passive": [{"rest_heal": 2}]}"#;
    let rest = r#"{"id": "camp", "type": "rest"}"#;
    let mut s = start_lab(&arr(&[bedroll, rest, ROCK]), &[]);
    get(&mut s, "bedroll");
    set_marker(&mut s, 1);
    set_health(&mut s, 10);
    flip_id(&mut s, "camp");
    let events = act(&mut s, spend(SpendFor::Heal));
    assert_eq!(events[2], Event::HealthChanged { by: 7, health: 17 });
}

#[test]
fn a_no_rest_snare_and_a_no_spend_resolve_snare_block_the_rest() {
    for snare in [
        r#"{"id": "nightmare", "type": "snare", "passive": ["no_rest"]}"#,
        r#"{"id": "nightmare", "type": "snare", "passive": ["no_spend_resolve"]}"#,
    ] {
        let rest = r#"{"id": "camp", "type": "rest"}"#;
        let mut s = start_lab(&arr(&[snare, rest, ROCK]), &[]);
        flip_id(&mut s, "nightmare");
        assert_eq!(s.snares, vec![card(&s, "nightmare")]);
        set_marker(&mut s, 3);
        set_health(&mut s, 10);
        flip_id(&mut s, "camp");
        assert_eq!(
            legal(&s),
            vec![Action::Continue, Action::Abandon],
            "{snare}"
        );
        assert!(check(&s, &spend(SpendFor::Heal)).is_err());
    }
}

// ---- Items and Equipment ------------------------------------------------------------------

#[test]
fn item_is_taken_into_a_free_slot() {
    let salve = r#"{"id": "salve", "type": "item", "use": {"effects": [{"heal": 3}]}}"#;
    let mut s = start_lab(&arr(&[salve, ROCK]), &[]);
    flip_id(&mut s, "salve");
    assert_eq!(
        legal(&s),
        vec![Action::Take, Action::Decline, Action::Abandon]
    );
    let sv = card(&s, "salve");
    assert_eq!(
        act(&mut s, Action::Take),
        vec![
            Event::CardTaken {
                card: sv,
                kind: SlotKind::Item,
            },
            Event::CardResolved { card: sv },
        ]
    );
    assert_eq!(s.items, vec![sv]);
    assert_eq!(s.resolving, None);
}

#[test]
fn with_both_slots_full_only_swap_or_decline() {
    let items = [
        r#"{"id": "i1", "type": "item"}"#,
        r#"{"id": "i2", "type": "item"}"#,
        r#"{"id": "i3", "type": "item"}"#,
    ];
    let lab_cards = arr(&[items[0], items[1], items[2], ROCK]);
    // Swap: the displaced card goes to the discard.
    let mut s = start_lab(&lab_cards, &[]);
    get_all(&mut s, &["i1", "i2"]);
    flip_id(&mut s, "i3");
    assert_eq!(
        legal(&s),
        vec![
            Action::Swap { slot: 0 },
            Action::Swap { slot: 1 },
            Action::Decline,
            Action::Abandon
        ]
    );
    assert!(check(&s, &Action::Take).is_err());
    let (old, kept, new) = (s.items[0], s.items[1], card(&s, "i3"));
    assert_eq!(
        act(&mut s, Action::Swap { slot: 0 }),
        vec![
            Event::CardDiscarded {
                card: old,
                from: Zone::Items,
            },
            Event::CardTaken {
                card: new,
                kind: SlotKind::Item,
            },
            Event::CardResolved { card: new },
        ]
    );
    assert_eq!(s.items, vec![kept, new]);
    assert_eq!(s.discard, vec![old]);
    // Decline: the new card is discarded.
    let mut s = start_lab(&lab_cards, &[]);
    get_all(&mut s, &["i1", "i2"]);
    flip_id(&mut s, "i3");
    let held = s.items.clone();
    let new = card(&s, "i3");
    assert_eq!(
        act(&mut s, Action::Decline),
        vec![
            Event::CardDiscarded {
                card: new,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: new },
        ]
    );
    assert_eq!(s.items, held);
    assert_eq!(s.discard, vec![new]);
}

#[test]
fn equipment_slots_are_separate_from_item_slots() {
    let cards = arr(&[
        r#"{"id": "e1", "type": "equipment"}"#,
        r#"{"id": "e2", "type": "equipment"}"#,
        r#"{"id": "i1", "type": "item"}"#,
        ROCK,
    ]);
    let mut s = start_lab(&cards, &[]);
    get_all(&mut s, &["e1", "e2"]);
    flip_id(&mut s, "i1");
    assert_eq!(
        legal(&s),
        vec![Action::Take, Action::Decline, Action::Abandon]
    );
    act(&mut s, Action::Take);
    assert_eq!(s.equipment.len(), 2);
    assert_eq!(s.items, vec![card(&s, "i1")]);
}

#[test]
fn a_one_time_item_is_discarded_after_use() {
    let salve = r#"{"id": "salve", "type": "item", "use": {"effects": [{"heal": 3}]}}"#;
    let mut s = start_lab(&arr(&[salve, ROCK]), &[]);
    get(&mut s, "salve");
    set_health(&mut s, 10);
    let sv = card(&s, "salve");
    assert!(is_legal(&s, &use_card("salve")));
    assert_eq!(
        act(&mut s, use_card("salve")),
        vec![
            Event::AbilityUsed {
                card: sv,
                per: Per::Once,
            },
            Event::HealthChanged { by: 3, health: 13 },
        ]
    );
    assert!(s.items.is_empty());
    assert_eq!(s.discard, vec![sv]);
    assert!(!is_legal(&s, &use_card("salve")));
}

#[test]
fn a_per_domain_ability_comes_back_in_the_next_domain() {
    let lantern = r#"{"id": "lantern", "type": "equipment", "use": {"per": "domain", "effects": [{"resolve": 1}]}}"#;
    let mut s = start_lab(&arr(&[lantern, ROCK]), &[]);
    get(&mut s, "lantern");
    let l = card(&s, "lantern");
    assert_eq!(
        act(&mut s, use_card("lantern")),
        vec![
            Event::AbilityUsed {
                card: l,
                per: Per::Domain,
            },
            Event::MarkerMoved { by: 1, marker: 1 },
        ]
    );
    assert_eq!(s.equipment, vec![l], "the card stays");
    assert!(!is_legal(&s, &use_card("lantern")));
    flip_id(&mut s, "rock");
    assert_eq!(s.phase, Phase::Route);
    assert!(!is_legal(&s, &use_card("lantern")));
    let events = act(&mut s, go("b"));
    assert_eq!(events[0], Event::AbilitiesRefreshed { per: Per::Domain });
    assert!(is_legal(&s, &use_card("lantern")));
}

#[test]
fn a_duel_only_item_is_offered_only_between_exchanges() {
    let flask = r#"{"id": "flask", "type": "item", "use": {"duel_only": true, "effects": [{"hit_foe": 2}]}}"#;
    let rat = dummy("rat", 5, "");
    let mut s = start_lab(&arr(&[flask, &rat, ROCK]), &[3, 1, 3, 1]);
    get(&mut s, "flask");
    assert!(!is_legal(&s, &use_card("flask")), "not outside a duel");
    flip_id(&mut s, "rat");
    assert_eq!(
        legal(&s),
        vec![Action::Roll, use_card("flask"), Action::Abandon]
    );
    // Not while dice wait for rerolls.
    set_grace(&mut s, 1);
    act(&mut s, Action::Roll);
    assert!(s.duel().unwrap().rolled.is_some());
    assert!(!is_legal(&s, &use_card("flask")));
    act(&mut s, Action::Continue);
    // Between exchanges again.
    assert!(is_legal(&s, &use_card("flask")));
    let events = act(&mut s, use_card("flask"));
    assert_eq!(
        events[1],
        Event::FoeHit {
            amount: 2,
            foe_hp: 2,
        }
    );
}

// ---- Terror -------------------------------------------------------------------------------

const TERROR: &str = r#"{"id": "dread_gate", "type": "terror", "options": [
    {"label": "Steel yourself", "cost": [{"spend_resolve": 2}], "effects": [{"heal": 5}]},
    {"label": "Run", "effects": [{"dread": 1}]}
]}"#;

#[test]
fn terror_option_that_cannot_be_paid_is_not_offered_and_check_rejects_it() {
    let mut s = start_lab(&arr(&[TERROR, ROCK]), &[]);
    set_marker(&mut s, 1);
    flip_id(&mut s, "dread_gate");
    assert_eq!(
        legal(&s),
        vec![Action::Choose { option: 1 }, Action::Abandon]
    );
    let before = snapshot(&s);
    let err = check(&s, &Action::Choose { option: 0 }).unwrap_err();
    assert!(err.to_string().contains("terror"), "{err}");
    assert!(execute(&mut s, &Action::Choose { option: 0 }).is_err());
    assert_eq!(snapshot(&s), before);
    let t = card(&s, "dread_gate");
    assert_eq!(
        act(&mut s, Action::Choose { option: 1 }),
        vec![
            Event::TerrorChosen { card: t, option: 1 },
            Event::MarkerMoved { by: -1, marker: 0 },
            Event::CardDiscarded {
                card: t,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: t },
        ]
    );
}

#[test]
fn terror_option_with_a_payable_cost_is_offered_and_paid() {
    let mut s = start_lab(&arr(&[TERROR, ROCK]), &[]);
    set_marker(&mut s, 2);
    set_health(&mut s, 10);
    flip_id(&mut s, "dread_gate");
    assert_eq!(
        legal(&s),
        vec![
            Action::Choose { option: 0 },
            Action::Choose { option: 1 },
            Action::Abandon
        ]
    );
    let t = card(&s, "dread_gate");
    let events = act(&mut s, Action::Choose { option: 0 });
    assert_eq!(
        events[..3],
        [
            Event::MarkerMoved { by: -2, marker: 0 },
            Event::TerrorChosen { card: t, option: 0 },
            Event::HealthChanged { by: 5, health: 15 },
        ]
    );
}

#[test]
fn terror_grace_and_discard_costs_and_no_spend_resolve() {
    let terror = r#"{"id": "maw", "type": "terror", "options": [
        {"label": "Pray", "cost": [{"spend_grace": 1}, {"discard": "item"}], "effects": [{"resolve": 1}]},
        {"label": "Endure", "effects": [{"lose_health": 1}]}
    ]}"#;
    let trinket = r#"{"id": "trinket", "type": "item"}"#;
    // Grace but no item: not payable.
    let mut s = start_lab(&arr(&[trinket, terror, ROCK]), &[]);
    set_grace(&mut s, 1);
    flip_id(&mut s, "maw");
    assert_eq!(
        legal(&s),
        vec![Action::Choose { option: 1 }, Action::Abandon]
    );
    // Grace and an item: payable, and the item is discarded.
    let mut s = start_lab(&arr(&[trinket, terror, ROCK]), &[]);
    get(&mut s, "trinket");
    set_grace(&mut s, 1);
    flip_id(&mut s, "maw");
    assert!(is_legal(&s, &Action::Choose { option: 0 }));
    let tr = card(&s, "trinket");
    let events = act(&mut s, Action::Choose { option: 0 });
    assert_eq!(
        events[..2],
        [
            Event::GraceChanged { by: -1, grace: 0 },
            Event::CardDiscarded {
                card: tr,
                from: Zone::Items,
            },
        ]
    );
    assert!(s.items.is_empty());
    // A no-spend-resolve Snare makes a Resolve cost unpayable.
    let despair = r#"{"id": "despair", "type": "snare", "passive": ["no_spend_resolve"]}"#;
    let mut s = start_lab(&arr(&[despair, TERROR, ROCK]), &[]);
    flip_id(&mut s, "despair");
    set_marker(&mut s, 4);
    flip_id(&mut s, "dread_gate");
    assert_eq!(
        legal(&s),
        vec![Action::Choose { option: 1 }, Action::Abandon]
    );
}

// ---- Pit ----------------------------------------------------------------------------------

const LEDGE: &str = r#"{"id": "ledge", "type": "pit", "test": {"target": 4,
    "success": [{"resolve": 1}], "failure": [{"lose_health": 3}]}}"#;

#[test]
fn pit_single_test_success() {
    let mut s = start_lab(&arr(&[LEDGE, ROCK]), &[4]);
    flip_id(&mut s, "ledge");
    assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
    let l = card(&s, "ledge");
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            Event::TestRolled {
                card: l,
                dice: vec![4],
            },
            Event::TestJudged {
                card: l,
                total: 4,
                target: 4,
                success: true,
                successes: 1,
                failures: 0,
                over: true,
            },
            Event::MarkerMoved { by: 1, marker: 1 },
            Event::CardDiscarded {
                card: l,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: l },
        ]
    );
}

#[test]
fn pit_single_test_failure() {
    let mut s = start_lab(&arr(&[LEDGE, ROCK]), &[3]);
    flip_id(&mut s, "ledge");
    let l = card(&s, "ledge");
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            Event::TestRolled {
                card: l,
                dice: vec![3],
            },
            Event::TestJudged {
                card: l,
                total: 3,
                target: 4,
                success: false,
                successes: 0,
                failures: 1,
                over: true,
            },
            Event::HealthChanged { by: -3, health: 17 },
            Event::CardDiscarded {
                card: l,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: l },
        ]
    );
}

#[test]
fn pit_test_with_two_dice_adds_them() {
    let wall = r#"{"id": "wall", "type": "pit", "test": {"target": 8, "dice": 2,
        "success": [{"resolve": 1}], "failure": [{"dread": 1}]}}"#;
    let mut s = start_lab(&arr(&[wall, ROCK]), &[3, 5]);
    flip_id(&mut s, "wall");
    let events = act(&mut s, Action::Roll);
    let w = card(&s, "wall");
    assert_eq!(
        events[..2],
        [
            Event::TestRolled {
                card: w,
                dice: vec![3, 5],
            },
            Event::TestJudged {
                card: w,
                total: 8,
                target: 8,
                success: true,
                successes: 1,
                failures: 0,
                over: true,
            },
        ]
    );
}

const CLIMB: &str = r#"{"id": "climb", "type": "pit", "test": {"target": 4, "extended": true,
    "success": [{"resolve": 2}], "failure": [{"dread": 2}], "each_failure": [{"lose_health": 1}]}}"#;

fn judged(card: forward::cards::CardRef, total: i32, ok: bool, s: u8, f: u8, over: bool) -> Event {
    Event::TestJudged {
        card,
        total,
        target: 4,
        success: ok,
        successes: s,
        failures: f,
        over,
    }
}

#[test]
fn pit_extended_three_failures_before_three_successes() {
    let mut s = start_lab(&arr(&[CLIMB, ROCK]), &[2, 5, 2, 2]);
    flip_id(&mut s, "climb");
    let c = card(&s, "climb");
    let rolled = |d: u8| Event::TestRolled {
        card: c,
        dice: vec![d],
    };
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            rolled(2),
            judged(c, 2, false, 0, 1, false),
            Event::HealthChanged { by: -1, health: 19 },
        ]
    );
    assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![rolled(5), judged(c, 5, true, 1, 1, false)]
    );
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            rolled(2),
            judged(c, 2, false, 1, 2, false),
            Event::HealthChanged { by: -1, health: 18 },
        ]
    );
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            rolled(2),
            judged(c, 2, false, 1, 3, true),
            Event::HealthChanged { by: -1, health: 17 },
            Event::MarkerMoved { by: -2, marker: -2 },
            Event::CardDiscarded {
                card: c,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: c },
        ]
    );
}

#[test]
fn pit_extended_three_successes_before_three_failures() {
    let mut s = start_lab(&arr(&[CLIMB, ROCK]), &[5, 1, 6, 4]);
    flip_id(&mut s, "climb");
    let c = card(&s, "climb");
    for _ in 0..3 {
        act(&mut s, Action::Roll);
    }
    assert_eq!(s.health, 19);
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            Event::TestRolled {
                card: c,
                dice: vec![4],
            },
            judged(c, 4, true, 3, 1, true),
            Event::MarkerMoved { by: 2, marker: 2 },
            Event::CardDiscarded {
                card: c,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: c },
        ]
    );
}

#[test]
fn pit_test_modifiers_from_equipment_and_a_next_test_bonus() {
    let boots = r#"{"id": "boots", "type": "equipment", "passive": [{"test_rolls": 1}]}"#;
    let omen = r#"{"id": "omen", "type": "caesura", "effects": [{"bonus": {"to": "next_test", "amount": 2}}]}"#;
    // Equipment alone: 3 + 1 = 4.
    let mut s = start_lab(&arr(&[boots, LEDGE, ROCK]), &[3]);
    get(&mut s, "boots");
    flip_id(&mut s, "ledge");
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::TestJudged {
            total: 4,
            success: true,
            ..
        }
    ));
    // The bonus alone: 2 + 2 = 4, used up by the test.
    let mut s = start_lab(&arr(&[omen, LEDGE, ROCK]), &[2]);
    let events = flip_id(&mut s, "omen");
    assert_eq!(
        events[1],
        Event::BonusGained {
            to: BonusTarget::NextTest,
            amount: 2,
        }
    );
    flip_id(&mut s, "ledge");
    let l = card(&s, "ledge");
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events[..3],
        [
            Event::TestRolled {
                card: l,
                dice: vec![2],
            },
            Event::BonusUsed {
                to: BonusTarget::NextTest,
                amount: 2,
            },
            Event::TestJudged {
                card: l,
                total: 4,
                target: 4,
                success: true,
                successes: 1,
                failures: 0,
                over: true,
            },
        ]
    );
    assert_eq!(s.bonus.next_test, 0);
    // Both: 1 + 1 + 2 = 4.
    let mut s = start_lab(&arr(&[boots, omen, LEDGE]), &[1]);
    get_all(&mut s, &["boots", "omen"]);
    flip_id(&mut s, "ledge");
    let events = act(&mut s, Action::Roll);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::TestJudged {
            total: 4,
            success: true,
            ..
        }
    )));
}

#[test]
fn pit_next_test_bonus_applies_to_every_roll_of_an_extended_test() {
    let omen = r#"{"id": "omen", "type": "caesura", "effects": [{"bonus": {"to": "next_test", "amount": 1}}]}"#;
    let mut s = start_lab(&arr(&[omen, CLIMB, ROCK]), &[3, 3, 3]);
    flip_id(&mut s, "omen");
    flip_id(&mut s, "climb");
    act(&mut s, Action::Roll);
    act(&mut s, Action::Roll);
    assert_eq!(s.bonus.next_test, 1, "kept until the test is over");
    let events = act(&mut s, Action::Roll);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::TestJudged {
            successes: 3,
            over: true,
            ..
        }
    )));
    assert_eq!(s.bonus.next_test, 0);
}

#[test]
fn pit_grace_rerolls_a_test_die_and_the_window_works_like_a_duel() {
    let mut s = start_lab(&arr(&[LEDGE, ROCK]), &[2, 5]);
    set_grace(&mut s, 1);
    flip_id(&mut s, "ledge");
    let l = card(&s, "ledge");
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![Event::TestRolled {
            card: l,
            dice: vec![2],
        }]
    );
    assert_eq!(
        legal(&s),
        vec![reroll(Die::Test), Action::Continue, Action::Abandon]
    );
    let events = act(&mut s, reroll(Die::Test));
    assert_eq!(
        events[..3],
        [
            Event::Rerolled {
                die: Die::Test,
                index: 0,
                value: 5,
                card: None,
            },
            Event::GraceChanged { by: -1, grace: 0 },
            Event::TestJudged {
                card: l,
                total: 5,
                target: 4,
                success: true,
                successes: 1,
                failures: 0,
                over: true,
            },
        ]
    );
}

// ---- Snares -------------------------------------------------------------------------------

#[test]
fn snare_on_flip_trigger_costs_health_on_every_later_flip_across_domains() {
    let thorn = r#"{"id": "thorn", "type": "snare",
        "triggers": [{"on": "flip", "effects": [{"lose_health": 2}]}]}"#;
    let rock2 = r#"{"id": "rock2", "type": "caesura"}"#;
    let mut s = start_lab(&arr(&[thorn, ROCK, rock2]), &[]);
    let th = card(&s, "thorn");
    let events = flip_id(&mut s, "thorn");
    assert_eq!(
        events,
        vec![
            Event::CardFlipped {
                slot: slot_of_flipped(&events),
                card: th,
            },
            Event::SnareCaught { card: th },
            Event::CardResolved { card: th },
        ]
    );
    let events = flip_id(&mut s, "rock");
    let r = card(&s, "rock");
    assert_eq!(
        events,
        vec![
            Event::CardFlipped {
                slot: slot_of_flipped(&events),
                card: r,
            },
            Event::HealthChanged { by: -2, health: 18 },
            Event::CardDiscarded {
                card: r,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: r },
        ]
    );
    flip_id(&mut s, "rock2");
    assert_eq!(s.health, 16);
    // It stays across Domains.
    act(&mut s, go("b"));
    assert_eq!(s.snares, vec![th]);
    flip_id(&mut s, "b_calm");
    assert_eq!(s.health, 14);
}

#[test]
fn snare_duel_roll_penalty_shifts_the_face_clamped() {
    let limp = r#"{"id": "limp", "type": "snare", "passive": [{"duel_rolls": -1}]}"#;
    let mut s = duel(&[limp], &table_foe(), &[1, 1, 6, 1, 4, 1]);
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events[0],
        Event::ExchangeRolled {
            traveller: Some(1),
            foe: 1,
            modifier: -1,
            no_rerolls: false,
        }
    );
    let x = exchanges(&events);
    let mut rolls = vec![x[0].0];
    rolls.extend(roll_n(&mut s, 2).iter().map(|e| e.0));
    // 1 - 1 stays 1; 6 - 1 is a Critical, not a Counter; 4 - 1 is still a Hit.
    assert_eq!(rolls, vec![Some(1), Some(5), Some(3)]);
}

#[test]
fn a_plus_one_next_duel_bonus_is_clamped_at_six_and_used_by_one_duel() {
    let blessing = r#"{"id": "vigil", "type": "blessing", "effects": [{"bonus": {"to": "next_duel", "amount": 1}}]}"#;
    let rat = dummy("rat", 1, "");
    let mut s = start_lab(&arr(&[blessing, &rat, ROCK]), &[6, 1]);
    flip_id(&mut s, "vigil");
    let events = flip_id(&mut s, "rat");
    assert_eq!(
        events[1],
        Event::BonusUsed {
            to: BonusTarget::NextDuel,
            amount: 1,
        }
    );
    assert!(matches!(events[2], Event::DuelStarted { bonus: 1, .. }));
    let x = roll_n(&mut s, 1);
    assert_eq!(x[0].0, Some(6));
    assert_eq!(s.bonus.next_duel, 0);
}

#[test]
fn snare_first_two_attacks_miss() {
    let curse = r#"{"id": "curse", "type": "snare", "passive": [{"first_attacks_miss": 2}]}"#;
    // Hit (void), Parry (not an attack), Hit (void), Hit (lands).
    let mut s = duel(&[curse], &dummy("rat", 10, ""), &[3, 1, 2, 1, 3, 1, 3, 1]);
    let dealt: Vec<i32> = roll_n(&mut s, 4).iter().map(|e| e.1).collect();
    assert_eq!(dealt, vec![0, 0, 0, 1]);
}

#[test]
fn snare_domain_enter_trigger_fires_on_entering_a_domain() {
    let haunt = r#"{"id": "haunt", "type": "snare",
        "triggers": [{"on": "domain_enter", "effects": [{"dread": 1}]}]}"#;
    let mut s = start_lab(&arr(&[haunt]), &[]);
    flip_id(&mut s, "haunt");
    assert_eq!(s.phase, Phase::Route);
    let b = dom(&s, "b");
    let order = s.dice.peek_shuffle(&s.cards.domain(b).stations);
    let calm = card(&s, "b_calm");
    assert_eq!(
        act(&mut s, go("b")),
        vec![
            Event::DomainEntered { domain: b },
            Event::DeckShuffled {
                domain: b,
                cards: 1,
                order,
            },
            Event::SlotFilled {
                slot: 0,
                card: calm,
            },
            Event::MarkerMoved { by: -1, marker: -1 },
        ]
    );
}

#[test]
fn snare_duel_start_trigger_fires_at_each_duel() {
    let dread = r#"{"id": "omen", "type": "snare",
        "triggers": [{"on": "duel_start", "effects": [{"lose_health": 1}]}]}"#;
    let s = duel(&[dread], &dummy("rat", 3, ""), &[]);
    assert_eq!(s.health, 19);
}

#[test]
fn blessing_cleanse_removes_the_only_snare() {
    let s1 = r#"{"id": "s1", "type": "snare"}"#;
    let mercy = r#"{"id": "mercy", "type": "blessing", "effects": [{"cleanse": 1}]}"#;
    let mut s = start_lab(&arr(&[s1, mercy, ROCK]), &[]);
    flip_id(&mut s, "s1");
    let (sn, m) = (card(&s, "s1"), card(&s, "mercy"));
    let events = flip_id(&mut s, "mercy");
    assert_eq!(
        events[1..],
        [
            Event::SnareRemoved { card: sn },
            Event::CardDiscarded {
                card: m,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: m },
        ]
    );
    assert!(s.snares.is_empty());
}

#[test]
fn blessing_cleanse_asks_which_when_there_are_more_snares() {
    let s1 = r#"{"id": "s1", "type": "snare", "passive": [{"def": -1}]}"#;
    let s2 = r#"{"id": "s2", "type": "snare", "passive": [{"atk": -1}]}"#;
    let mercy =
        r#"{"id": "mercy", "type": "blessing", "effects": [{"cleanse": 1}, {"resolve": 1}]}"#;
    let mut s = start_lab(&arr(&[s1, s2, mercy, ROCK]), &[]);
    get_all(&mut s, &["s1", "s2"]);
    bring_up(&mut s, "mercy");
    let (a1, a2, m) = (card(&s, "s1"), card(&s, "s2"), card(&s, "mercy"));
    let events = flip_id(&mut s, "mercy");
    assert!(matches!(
        &events[1],
        Event::ChoiceOffered {
            kind: ChoiceKind::Cleanse { left: 1 },
            ..
        }
    ));
    let mut offered: Vec<Action> = s
        .snares
        .iter()
        .map(|c| Action::Cleanse { card: c.id.into() })
        .collect();
    offered.push(Action::Abandon);
    assert_eq!(legal(&s), offered);
    assert_eq!(offered.len(), 3);
    let events = act(&mut s, Action::Cleanse { card: "s2".into() });
    assert_eq!(
        events[..5],
        [
            Event::SnareRemoved { card: a2 },
            Event::ChoiceClosed,
            // The rest of the Blessing runs after the choice.
            Event::MarkerMoved { by: 1, marker: 1 },
            Event::CardDiscarded {
                card: m,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: m },
        ]
    );
    assert_eq!(s.snares, vec![a1]);
    assert!(s.discard.contains(&a2));
}

// ---- looking at cards -----------------------------------------------------------------------

/// Ten quiet cards plus `extra`, for tests that look at the row and the deck.
fn rocks_and(extra: &str) -> String {
    let mut all: Vec<String> = (0..10)
        .map(|i| format!(r#"{{"id": "rock{i}", "type": "caesura"}}"#))
        .collect();
    all.push(extra.to_string());
    format!("[{}]", all.join(","))
}

#[test]
fn peek_shows_a_row_card_to_the_traveller_only() {
    let scout = r#"{"id": "scout", "type": "caesura", "effects": [{"peek": 1}]}"#;
    let mut s = start_lab(&rocks_and(scout), &[]);
    bring_up(&mut s, "scout");
    let k = slot_of(&s, "scout") as usize;
    let j = (0..3).find(|&i| i != k).unwrap();
    let target = s.row[j].unwrap().card;
    assert_eq!(view(&s).row[j], Some("hidden".to_string()));
    let events = act(&mut s, Action::Flip { slot: k as u8 });
    assert_eq!(
        events[1],
        Event::CardSeen {
            slot: j as u8,
            card: target,
            face_up: false,
        }
    );
    assert_eq!(s.row[j].unwrap().seen, Seen::Peeked);
    let row = view(&s).row;
    assert_eq!(row[j], Some(target.id.to_string()));
    let other = (0..3).find(|&i| i != k && i != j).unwrap();
    assert_eq!(row[other], Some("hidden".to_string()));
}

#[test]
fn reveal_turns_row_cards_face_up() {
    let flare = r#"{"id": "flare", "type": "caesura", "effects": [{"reveal": 2}]}"#;
    let mut s = start_lab(&rocks_and(flare), &[]);
    bring_up(&mut s, "flare");
    let k = slot_of(&s, "flare") as usize;
    act(&mut s, Action::Flip { slot: k as u8 });
    let v = view(&s);
    for i in (0..3).filter(|&i| i != k) {
        let rc = s.row[i].unwrap();
        assert_eq!(rc.seen, Seen::FaceUp);
        assert_eq!(v.row[i], Some(rc.card.id.to_string()));
    }
}

#[test]
fn peek_deck_shows_the_top_cards_of_the_deck() {
    let map = r#"{"id": "chart", "type": "caesura", "effects": [{"peek_deck": 2}]}"#;
    let mut s = start_lab(&rocks_and(map), &[]);
    bring_up(&mut s, "chart");
    let top: Vec<_> = s.deck.iter().rev().take(2).copied().collect();
    let k = slot_of(&s, "chart");
    let events = act(&mut s, Action::Flip { slot: k });
    assert_eq!(events[1], Event::DeckSeen { cards: top.clone() });
    // The flipped slot is refilled with the first of them; the second is still seen on
    // top of the deck, and the dealt card stays known to the traveller.
    assert_eq!(
        events.last(),
        Some(&Event::SlotFilled {
            slot: k,
            card: top[0],
        })
    );
    let v = view(&s);
    assert_eq!(v.deck_seen, vec![top[1].id.to_string()]);
    assert_eq!(v.row[k as usize], Some(top[0].id.to_string()));
}

#[test]
fn reorder_puts_the_top_cards_back_in_the_chosen_order() {
    let weave = r#"{"id": "weave", "type": "caesura", "effects": [{"reorder": 3}]}"#;
    let mut s = start_lab(&rocks_and(weave), &[]);
    bring_up(&mut s, "weave");
    assert!(s.deck.len() >= 4);
    let top: Vec<_> = s.deck.iter().rev().take(3).copied().collect();
    let k = slot_of(&s, "weave");
    let w = card(&s, "weave");
    let events = act(&mut s, Action::Flip { slot: k });
    assert!(matches!(
        &events[1],
        Event::ChoiceOffered { kind: ChoiceKind::Reorder { cards }, .. } if *cards == top
    ));
    // Every order is offered.
    let offered = legal(&s);
    assert_eq!(offered.len(), 6 + 1);
    assert!(offered.contains(&Action::Order {
        order: vec![0, 1, 2]
    }));
    let chosen = vec![top[2], top[0], top[1]];
    assert_eq!(
        act(
            &mut s,
            Action::Order {
                order: vec![2, 0, 1]
            }
        ),
        vec![
            Event::DeckReordered {
                cards: chosen.clone(),
            },
            Event::ChoiceClosed,
            Event::CardDiscarded {
                card: w,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: w },
            Event::SlotFilled {
                slot: k,
                card: chosen[0],
            },
        ]
    );
    // The dealt card was seen while reordering: it stays known.
    assert_eq!(view(&s).row[k as usize], Some(chosen[0].id.to_string()));
    // The next draws follow the order.
    let mut drawn = Vec::new();
    for _ in 0..2 {
        let slot = s
            .row
            .iter()
            .position(|rc| rc.is_some_and(|rc| !chosen.contains(&rc.card)))
            .expect("a card to flip") as u8;
        let events = act(&mut s, Action::Flip { slot });
        drawn.extend(events.iter().filter_map(|e| match e {
            Event::SlotFilled { card, .. } => Some(*card),
            _ => None,
        }));
    }
    assert_eq!(drawn, chosen[1..]);
}

// ---- Domains and the route ------------------------------------------------------------------

#[test]
fn the_last_card_clears_the_domain_and_the_route_offers_linked_domains() {
    let mut s = start_lab(&arr(&[ROCK]), &[]);
    let r = card(&s, "rock");
    let a = dom(&s, "a");
    assert_eq!(
        flip_id(&mut s, "rock"),
        vec![
            Event::CardFlipped { slot: 0, card: r },
            Event::CardDiscarded {
                card: r,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: r },
            Event::DomainCleared { domain: a },
        ]
    );
    assert_eq!(s.phase, Phase::Route);
    assert_eq!(s.cleared, vec![a]);
    assert_eq!(legal(&s), vec![go("b"), go("c"), Action::Abandon]);
    // The cleared Domain's pile leaves play.
    assert!(s.discard.is_empty());
    assert!(s.gone.contains(&r));
}

#[test]
fn go_enters_a_domain_with_a_fresh_shuffled_deck() {
    let b_cards = arr(&[
        r#"{"id": "b1", "type": "caesura"}"#,
        r#"{"id": "b2", "type": "caesura"}"#,
        r#"{"id": "b3", "type": "caesura"}"#,
        r#"{"id": "b4", "type": "caesura"}"#,
        r#"{"id": "b5", "type": "caesura"}"#,
    ]);
    let cards = Lab::new(&arr(&[ROCK])).b(&b_cards).build();
    let mut s = start(&cards, &[]);
    flip_id(&mut s, "rock");
    let b = dom(&s, "b");
    let stations = s.cards.domain(b).stations.clone();
    let order = s.dice.peek_shuffle(&stations);
    let top = |i: usize| order[order.len() - 1 - i];
    assert_eq!(
        act(&mut s, go("b")),
        vec![
            Event::DomainEntered { domain: b },
            Event::DeckShuffled {
                domain: b,
                cards: 5,
                order: order.clone(),
            },
            Event::SlotFilled {
                slot: 0,
                card: top(0),
            },
            Event::SlotFilled {
                slot: 1,
                card: top(1),
            },
            Event::SlotFilled {
                slot: 2,
                card: top(2),
            },
        ]
    );
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(sorted, stations, "a permutation of the Domain's cards");
    assert_eq!(s.domain, b);
    assert_eq!(s.deck.len(), 2);
    assert!(s.discard.is_empty());
    assert_eq!(
        view(&s).row,
        [
            Some("hidden".to_string()),
            Some("hidden".to_string()),
            Some("hidden".to_string())
        ]
    );
    assert_eq!(s.phase, Phase::Explore);
}

#[test]
fn route_never_offers_a_cleared_domain_and_goes_sideways_or_up() {
    let mut s = start_lab(&arr(&[ROCK]), &[]);
    flip_id(&mut s, "rock");
    act(&mut s, go("b"));
    flip_id(&mut s, "b_calm");
    // From b: sideways to c, up to z; a is below and cleared.
    assert_eq!(legal(&s), vec![go("c"), go("z"), Action::Abandon]);
    let before = snapshot(&s);
    assert!(execute(&mut s, &go("a")).is_err());
    assert!(execute(&mut s, &go("b")).is_err());
    assert_eq!(snapshot(&s), before);
    act(&mut s, go("c"));
    flip_id(&mut s, "c_calm");
    // From c: b is cleared, so only z.
    assert_eq!(legal(&s), vec![go("z"), Action::Abandon]);
    let names: Vec<&str> = s.cleared.iter().map(|d| d.id).collect();
    assert_eq!(names, vec!["a", "b", "c"]);
}

#[test]
fn route_never_goes_down_even_if_a_map_links_down() {
    // A faulty map (the validator rejects it) where b, in row 2, links down to a.
    let map = r#"{
        "start": "b", "final": "z",
        "domains": [
            {"id": "a", "file": "a", "row": 1, "column": 0, "links": ["b"]},
            {"id": "b", "file": "b", "row": 2, "column": 0, "links": ["a", "c", "z"]},
            {"id": "c", "file": "c", "row": 2, "column": 1, "links": ["z"]},
            {"id": "z", "file": "z", "row": 3, "column": 0, "links": []}
        ]}"#;
    let cards = Lab::new(&arr(&[ROCK])).map(map).build();
    let mut s = start(&cards, &[]);
    assert_eq!(s.domain, dom(&s, "b"));
    flip_id(&mut s, "b_calm");
    assert_eq!(legal(&s), vec![go("c"), go("z"), Action::Abandon]);
}

#[test]
fn clearing_the_final_domain_reveals_the_guardian() {
    let mut s = start_lab(&arr(&[ROCK]), &[]);
    flip_id(&mut s, "rock");
    act(&mut s, go("b"));
    flip_id(&mut s, "b_calm");
    act(&mut s, go("z"));
    let z = dom(&s, "z");
    let events = flip_id(&mut s, "z_calm");
    assert_eq!(events[3..], [Event::DomainCleared { domain: z }]);
    // A last moment before the Guardian: use or hand over cards, then continue.
    assert_eq!(s.phase, Phase::Crossing);
    assert_eq!(legal(&s), vec![Action::Continue, Action::Abandon]);
    let events = act(&mut s, Action::Continue);
    assert_eq!(
        events,
        [
            Event::GuardianRevealed { checks: vec![] },
            Event::DuelStarted {
                foe: "guardian",
                hp: 2,
                card: None,
                guardian: GuardianPenalties::default(),
                bonus: 0,
            },
        ]
    );
    assert_eq!(view(&s).foe.unwrap().id, "guardian");
    assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
}

// ---- Companions ---------------------------------------------------------------------------

const BREAD: &str = r#"{"id": "bread", "type": "item"}"#;
const HOUND: &str = r#"{"id": "hound", "type": "companion", "join": {"give": "bread"},
    "effects": [{"resolve": 1}], "refused": [{"dread": 1}]}"#;

#[test]
fn a_companion_joins_only_when_given_the_card_and_carries_it() {
    let mut s = start_lab(&arr(&[BREAD, HOUND, ROCK]), &[]);
    get(&mut s, "bread");
    let events = flip_id(&mut s, "hound");
    let (b, h) = (card(&s, "bread"), card(&s, "hound"));
    assert_eq!(events.len(), 1, "waits for the player: {events:?}");
    assert_eq!(
        legal(&s),
        vec![give("bread", "hound"), Action::Decline, Action::Abandon]
    );
    assert_eq!(
        act(&mut s, give("bread", "hound")),
        vec![
            Event::CompanionJoined {
                card: h,
                carrying: Some(b),
            },
            Event::MarkerMoved { by: 1, marker: 1 },
            Event::CardResolved { card: h },
        ]
    );
    assert!(s.items.is_empty(), "the bread left its slot");
    assert_eq!(s.companions.len(), 1);
    assert_eq!(s.companions[0].card, h);
    assert_eq!(s.companions[0].carrying, vec![b]);
    // The traveller still counts as holding it.
    assert!(s.holds("bread"));
    assert!(forward::core::holds(
        &s,
        &forward::cards::model::Condition::Holds("bread".into())
    ));
    assert_eq!(view(&s).carrying["hound"], vec!["bread".to_string()]);
}

#[test]
fn a_companion_without_the_card_can_only_be_refused() {
    let mut s = start_lab(&arr(&[HOUND, ROCK]), &[]);
    flip_id(&mut s, "hound");
    assert_eq!(legal(&s), vec![Action::Decline, Action::Abandon]);
    let h = card(&s, "hound");
    assert_eq!(
        act(&mut s, Action::Decline),
        vec![
            Event::CompanionRefused { card: h },
            Event::MarkerMoved { by: -1, marker: -1 },
            Event::CardDiscarded {
                card: h,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: h },
        ]
    );
    assert!(s.companions.is_empty());
}

#[test]
fn refusing_a_companion_while_holding_the_card_keeps_it() {
    let mut s = start_lab(&arr(&[BREAD, HOUND, ROCK]), &[]);
    get(&mut s, "bread");
    flip_id(&mut s, "hound");
    let events = act(&mut s, Action::Decline);
    assert_eq!(
        events[0],
        Event::CompanionRefused {
            card: card(&s, "hound")
        }
    );
    assert_eq!(s.marker, -1);
    assert_eq!(s.items, vec![card(&s, "bread")]);
    assert!(s.companions.is_empty());
}

#[test]
fn a_companion_shown_a_card_joins_and_the_card_is_kept() {
    let seer = r#"{"id": "seer", "type": "companion", "join": {"show": "bread"}}"#;
    let mut s = start_lab(&arr(&[BREAD, seer, ROCK]), &[]);
    get(&mut s, "bread");
    flip_id(&mut s, "seer");
    let (b, sr) = (card(&s, "bread"), card(&s, "seer"));
    assert_eq!(
        act(&mut s, show("bread", "seer")),
        vec![
            Event::CardShown { card: b, to: sr },
            Event::CompanionJoined {
                card: sr,
                carrying: None,
            },
            Event::CardResolved { card: sr },
        ]
    );
    assert_eq!(s.items, vec![b]);
    assert!(s.follows("seer"));
}

#[test]
fn a_companion_with_no_condition_joins_at_once() {
    let guide = r#"{"id": "guide", "type": "companion", "effects": [{"resolve": 1}]}"#;
    let mut s = start_lab(&arr(&[guide, ROCK]), &[]);
    let events = flip_id(&mut s, "guide");
    let g = card(&s, "guide");
    assert_eq!(
        events[1..],
        [
            Event::CompanionJoined {
                card: g,
                carrying: None,
            },
            Event::MarkerMoved { by: 1, marker: 1 },
            Event::CardResolved { card: g },
        ]
    );
}

#[test]
fn a_held_card_can_be_given_later_to_a_companion_who_carries_it() {
    let porter = r#"{"id": "porter", "type": "companion", "carries": ["anvil"]}"#;
    let anvil = r#"{"id": "anvil", "type": "equipment"}"#;
    let other = r#"{"id": "other", "type": "equipment"}"#;
    let mut s = start_lab(&arr(&[porter, anvil, other]), &[]);
    get_all(&mut s, &["porter", "anvil"]);
    let (p, a) = (card(&s, "porter"), card(&s, "anvil"));
    assert_eq!(s.equipment, vec![a]);
    // Offered only for the card the companion carries.
    assert!(is_legal(&s, &give("anvil", "porter")));
    get(&mut s, "other");
    assert!(!is_legal(&s, &give("other", "porter")));
    assert_eq!(s.phase, Phase::Route);
    assert_eq!(
        act(&mut s, give("anvil", "porter")),
        vec![Event::CardCarried { card: a, by: p }]
    );
    assert_eq!(
        s.equipment,
        vec![card(&s, "other")],
        "the slot is free again"
    );
    assert_eq!(s.companions[0].carrying, vec![a]);
    assert!(s.holds("anvil"));
    assert!(!is_legal(&s, &give("anvil", "porter")));
}

// ---- the Guardian -----------------------------------------------------------------------------

const GUARDIAN_SEALED: &str = r#"{
    "id": "guardian", "name": "The Guardian", "type": "guardian", "text": "", "hp": 3,
    "faces": [{"name": "Stare"}, {"name": "Stare"}, {"name": "Stare"},
              {"name": "Stare"}, {"name": "Stare"}, {"name": "Stare"}],
    "requirements": [
        {"id": "req_blade", "name": "The Blade", "text": "Only the blade can cut it.",
         "broken_by": {"holds": "blade"}, "penalty": "invulnerable"}
    ],
    "seals": [
        {"id": "seal_gate", "name": "The Gate", "text": "The ferryman must follow you.",
         "broken_by": {"follows": "ferryman"}, "penalty": "barred"},
        {"id": "seal_flame", "name": "The Flame", "text": "Bring the ember.",
         "broken_by": {"holds": "ember"}, "penalty": "full_heal"},
        {"id": "seal_mirror", "name": "The Mirror", "text": "The ferryman must carry the mirror.",
         "broken_by": {"carries": {"companion": "ferryman", "card": "mirror"}}, "penalty": "reflect"}
    ]
}"#;

/// Needed to harm the Guardian at all (adds nothing to ATK).
const BLADE: &str = r#"{"id": "blade", "type": "equipment"}"#;
/// ATK +1.
const WHET: &str = r#"{"id": "whet", "type": "equipment", "passive": [{"atk": 1}]}"#;
const EMBER: &str = r#"{"id": "ember", "type": "item"}"#;
const MIRROR: &str = r#"{"id": "mirror", "type": "item"}"#;
const FERRYMAN: &str = r#"{"id": "ferryman", "type": "companion", "carries": ["mirror"]}"#;

/// Gets these cards in Domain `a` (handing the mirror to the ferryman if `carry`), then
/// goes a → b → z and clears z. Returns the run and the events of the last flip.
fn to_guardian(a: &[&str], carry: bool, forced: &[u8]) -> (State, Vec<Event>) {
    let cards = Lab::new(&arr(a)).guardian(GUARDIAN_SEALED).build();
    let mut s = start(&cards, forced);
    clear_domain(&mut s);
    if carry {
        act(&mut s, give("mirror", "ferryman"));
    }
    act(&mut s, go("b"));
    clear_domain(&mut s);
    act(&mut s, go("z"));
    let mut events = clear_domain(&mut s);
    // Clearing the final Domain waits at the crossing; continue to face the Guardian.
    assert_eq!(s.phase, Phase::Crossing);
    events.extend(act(&mut s, Action::Continue));
    (s, events)
}

fn checks(blade: bool, gate: bool, flame: bool, mirror: bool) -> Vec<SealCheck> {
    let c = |id: &str, name: &str, met| SealCheck {
        id: id.into(),
        name: name.into(),
        met,
    };
    vec![
        c("req_blade", "The Blade", blade),
        c("seal_gate", "The Gate", gate),
        c("seal_flame", "The Flame", flame),
        c("seal_mirror", "The Mirror", mirror),
    ]
}

fn lost_to_guardian(detail: &str) -> Event {
    Event::RunEnded {
        outcome: Outcome::Lost {
            cause: Cause::Guardian,
            detail: detail.into(),
        },
    }
}

/// The events from the Guardian's reveal on.
fn from_reveal(events: &[Event]) -> &[Event] {
    let i = events
        .iter()
        .position(|e| matches!(e, Event::GuardianRevealed { .. }))
        .expect("the Guardian is revealed");
    &events[i..]
}

#[test]
fn guardian_with_every_requirement_met_and_seal_broken_can_be_beaten() {
    let (mut s, events) = to_guardian(&[BLADE, WHET, EMBER, MIRROR, FERRYMAN], true, &[5, 1]);
    assert_eq!(
        from_reveal(&events),
        [
            Event::GuardianRevealed {
                checks: checks(true, true, true, true),
            },
            Event::DuelStarted {
                foe: "guardian",
                hp: 3,
                card: None,
                guardian: GuardianPenalties::default(),
                bonus: 0,
            },
        ]
    );
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            Event::ExchangeRolled {
                traveller: Some(5),
                foe: 1,
                modifier: 0,
                no_rerolls: false,
            },
            Event::ExchangeResolved {
                exchange: 1,
                roll: Some(5),
                strike: Strike::Critical,
                foe_roll: 1,
                face: "Stare",
                to_foe: 3,
                to_traveller: 0,
                reflected: 0,
                foe_healed: 0,
                foe_hp: 0,
                health: 20,
                status: attacks(1),
            },
            Event::FoeDefeated { foe: "guardian" },
            Event::RunEnded {
                outcome: Outcome::Won,
            },
        ]
    );
    assert_eq!(s.outcome, Some(Outcome::Won));
    assert_eq!(s.phase, Phase::Over);
}

#[test]
fn guardian_barred_seal_unbroken_loses_at_the_reveal_naming_it() {
    // No ferryman: the Gate (barred) and the Mirror are unbroken.
    let (s, events) = to_guardian(&[BLADE, WHET, EMBER, MIRROR], false, &[]);
    assert_eq!(
        from_reveal(&events),
        [
            Event::GuardianRevealed {
                checks: checks(true, false, true, false),
            },
            lost_to_guardian("The Gate is unbroken: The ferryman must follow you."),
        ]
    );
    assert!(s.duel().is_none());
    assert_eq!(s.phase, Phase::Over);
}

#[test]
fn guardian_invulnerable_requirement_unmet_loses_naming_it() {
    let (s, events) = to_guardian(&[WHET, EMBER, MIRROR, FERRYMAN], true, &[]);
    assert_eq!(
        from_reveal(&events),
        [
            Event::GuardianRevealed {
                checks: checks(false, true, true, true),
            },
            Event::DuelStarted {
                foe: "guardian",
                hp: 3,
                card: None,
                guardian: GuardianPenalties {
                    invulnerable: true,
                    ..GuardianPenalties::default()
                },
                bonus: 0,
            },
            lost_to_guardian("The Blade is not met: Only the blade can cut it."),
        ]
    );
    assert!(matches!(
        s.outcome,
        Some(Outcome::Lost {
            cause: Cause::Guardian,
            ..
        })
    ));
}

#[test]
fn guardian_full_heal_seal_unbroken_restores_it_after_each_exchange() {
    // No ember. A Critical with ATK 1 deals 3 = its HP in one exchange, so it can fall.
    let (mut s, events) = to_guardian(&[BLADE, WHET, MIRROR, FERRYMAN], true, &[3, 1, 5, 1]);
    assert_eq!(
        from_reveal(&events)[1],
        Event::DuelStarted {
            foe: "guardian",
            hp: 3,
            card: None,
            guardian: GuardianPenalties {
                full_heal: true,
                ..GuardianPenalties::default()
            },
            bonus: 0,
        }
    );
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::ExchangeResolved {
            to_foe: 2,
            foe_hp: 1,
            ..
        }
    ));
    assert_eq!(events[2], Event::FoeRestored { hp: 3 });
    assert_eq!(s.duel().unwrap().hp, 3);
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events.last(),
        Some(&Event::RunEnded {
            outcome: Outcome::Won
        })
    );
}

#[test]
fn guardian_full_heal_seal_unbroken_when_it_can_never_fall_loses_naming_it() {
    // Without the whetstone the best exchange deals 2 < 3 HP, and it heals fully.
    let (s, events) = to_guardian(&[BLADE, MIRROR, FERRYMAN], true, &[]);
    let tail = from_reveal(&events);
    assert_eq!(
        tail[0],
        Event::GuardianRevealed {
            checks: checks(true, true, false, true)
        }
    );
    assert_eq!(
        tail[2],
        lost_to_guardian("The Flame is unbroken: Bring the ember.")
    );
    assert_eq!(tail.len(), 3);
    assert_eq!(s.phase, Phase::Over);
}

#[test]
fn guardian_reflect_seal_unbroken_means_it_can_never_fall_and_names_the_seal() {
    // The ferryman follows but does not carry the mirror: every blow would come back,
    // so the Guardian can never fall and the run is lost at once.
    let (_, events) = to_guardian(&[BLADE, WHET, EMBER, MIRROR, FERRYMAN], false, &[]);
    let tail = from_reveal(&events);
    assert_eq!(
        tail[0],
        Event::GuardianRevealed {
            checks: checks(true, true, true, false)
        }
    );
    assert!(matches!(
        &tail[1],
        Event::DuelStarted {
            guardian: GuardianPenalties {
                reflect: true,
                invulnerable: false,
                full_heal: false
            },
            ..
        }
    ));
    assert_eq!(
        tail[2],
        lost_to_guardian("The Mirror is unbroken: The ferryman must carry the mirror.")
    );
}

#[test]
fn reflect_turns_the_damage_dealt_back_on_the_traveller() {
    let me = Fighter {
        atk: 2,
        def: 5,
        counter_damage: 0,
    };
    let foe = FoeStats {
        def: 1,
        reflect: true,
        ..FoeStats::default()
    };
    let idle = Face {
        name: "Stare".into(),
        ..Face::default()
    };
    // A Critical: 2 + 2 - 1 = 3 dealt, all of it reflected; the traveller's DEF does not
    // reduce it.
    let x = combat::exchange(Some(5), &idle, me, foe, 0, false);
    assert_eq!((x.to_foe, x.reflected, x.to_traveller), (0, 3, 0));
    // A Counter's 1 comes back too.
    let x = combat::exchange(Some(6), &idle, me, foe, 0, false);
    assert_eq!((x.to_foe, x.reflected), (0, 1));
}

#[test]
fn a_guardian_duel_reaching_the_exchange_limit_is_lost() {
    let jab = r#"{"name": "Jab", "deal": 1}"#;
    let guardian = format!(
        r#"{{"id": "guardian", "name": "The Guardian", "type": "guardian", "text": "",
            "hp": 5, "faces": {}}}"#,
        arr(&[jab; 6])
    );
    let cards = Lab::new(&arr(&[ROCK])).guardian(&guardian).build();
    let forced: Vec<u8> = [2, 1].repeat(EXCHANGE_LIMIT as usize);
    let mut s = start(&cards, &forced);
    clear_domain(&mut s);
    act(&mut s, go("b"));
    clear_domain(&mut s);
    act(&mut s, go("z"));
    clear_domain(&mut s);
    act(&mut s, Action::Continue);
    assert!(s.duel().is_some());
    let mut last = Vec::new();
    for _ in 0..EXCHANGE_LIMIT {
        last = act(&mut s, Action::Roll);
    }
    assert_eq!(
        last[2..],
        [lost_to_guardian(
            "The Guardian still stood after 100 exchanges."
        )]
    );
    assert!(matches!(
        s.outcome,
        Some(Outcome::Lost {
            cause: Cause::Guardian,
            ..
        })
    ));
}

// ---- determinism and illegal actions -------------------------------------------------------

/// A Domain with a bit of everything that rolls dice or shuffles.
fn busy_lab() -> std::sync::Arc<forward::cards::CardSet> {
    let a = arr(&[
        ROCK,
        SWORD,
        LEDGE,
        CLIMB,
        &table_foe(),
        r#"{"id": "mend", "type": "caesura", "effects": [{"heal": {"d6": 1}}]}"#,
        r#"{"id": "rock2", "type": "caesura"}"#,
        r#"{"id": "rock3", "type": "caesura"}"#,
        r#"{"id": "rock4", "type": "caesura"}"#,
    ]);
    Lab::new(&a).build()
}

/// Plays the first legal action other than abandoning, until the run ends or `steps`.
fn autoplay(seed: u64, steps: usize) -> (Vec<Event>, String) {
    let (mut s, mut all) = forward::core::new_run(busy_lab(), seed, vec![]);
    for _ in 0..steps {
        let Some(a) = legal(&s).into_iter().find(|a| *a != Action::Abandon) else {
            break;
        };
        all.extend(act(&mut s, a));
    }
    (all, serde_json::to_string(&s).unwrap())
}

#[test]
fn the_same_seed_and_actions_give_identical_events() {
    let (e1, s1) = autoplay(42, 300);
    let (e2, s2) = autoplay(42, 300);
    assert!(e1.len() > 30, "the run went somewhere: {}", e1.len());
    assert!(e1.iter().any(|e| matches!(e, Event::ExchangeRolled { .. })));
    assert!(e1.iter().any(|e| matches!(e, Event::TestRolled { .. })));
    assert_eq!(e1, e2);
    assert_eq!(format!("{e1:?}"), format!("{e2:?}"));
    assert_eq!(s1, s2);
}

#[test]
fn different_seeds_give_different_shuffles() {
    let order = |seed| {
        let (_, events) = forward::core::new_run(busy_lab(), seed, vec![]);
        events
            .iter()
            .find_map(|e| match e {
                Event::DeckShuffled { order, .. } => Some(order.clone()),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(order(1), order(1));
    assert_ne!(order(1), order(2));
    assert_ne!(order(2), order(3));
}

/// Checks that `check` and `execute` refuse the action and change nothing.
fn refused_without_change(s: &mut State, a: Action) {
    let before = snapshot(s);
    let legal_before = legal(s);
    assert!(check(s, &a).is_err(), "{a:?} should be illegal");
    assert_eq!(snapshot(s), before);
    let err = execute(s, &a).unwrap_err();
    assert!(err.to_string().contains("not a legal action"), "{err}");
    assert_eq!(snapshot(s), before, "{a:?} changed the state");
    assert_eq!(legal(s), legal_before);
}

#[test]
fn illegal_actions_leave_the_state_unchanged() {
    let mut s = start_lab(&arr(&[SWORD, &table_foe(), ROCK]), &[3, 3]);
    // Exploring.
    refused_without_change(&mut s, Action::Flip { slot: 7 });
    refused_without_change(&mut s, Action::Take);
    refused_without_change(&mut s, Action::Roll);
    refused_without_change(&mut s, go("b"));
    refused_without_change(&mut s, use_card("sword"));
    refused_without_change(&mut s, reroll(Die::Traveller));
    // An offer.
    flip_id(&mut s, "sword");
    refused_without_change(&mut s, Action::Flip { slot: 0 });
    refused_without_change(&mut s, Action::Swap { slot: 0 });
    refused_without_change(&mut s, Action::Continue);
    act(&mut s, Action::Take);
    // A duel.
    flip_id(&mut s, "foe");
    refused_without_change(&mut s, Action::Continue);
    refused_without_change(&mut s, reroll(Die::Foe));
    refused_without_change(&mut s, Action::Fight);
    refused_without_change(
        &mut s,
        Action::Spend {
            purpose: SpendFor::Heal,
        },
    );
    // A finished run accepts nothing, not even abandoning.
    act(&mut s, Action::Abandon);
    assert!(matches!(
        s.outcome,
        Some(Outcome::Lost {
            cause: Cause::Abandoned,
            ..
        })
    ));
    refused_without_change(&mut s, Action::Abandon);
    refused_without_change(&mut s, Action::Roll);
}

#[test]
fn a_test_modifier_is_added_once_to_a_two_dice_roll() {
    // "+1 to tests" adds 1 to the test's roll, not 1 to each die: 3 + 4 + 1 = 8 < 9.
    let boots = r#"{"id": "boots", "type": "equipment", "passive": [{"test_rolls": 1}]}"#;
    let wall = r#"{"id": "wall", "type": "pit", "test": {"target": 9, "dice": 2,
        "success": [{"resolve": 1}], "failure": [{"dread": 1}]}}"#;
    let mut s = start_lab(&arr(&[boots, wall, ROCK]), &[3, 4]);
    get(&mut s, "boots");
    flip_id(&mut s, "wall");
    let events = act(&mut s, Action::Roll);
    assert!(
        matches!(
            events[1],
            Event::TestJudged {
                total: 8,
                success: false,
                ..
            }
        ),
        "{events:?}"
    );
}

// ---- more of the rulings ----------------------------------------------------------------------

#[test]
fn the_row_has_three_face_down_slots_and_a_flipped_slot_is_refilled_from_the_deck() {
    let mut s = start_lab(&rocks_and(LEDGE), &[]);
    assert_eq!(s.deck.len(), 8);
    // Only flips (and abandoning) at the start: no paid peek.
    assert_eq!(
        legal(&s),
        vec![
            Action::Flip { slot: 0 },
            Action::Flip { slot: 1 },
            Action::Flip { slot: 2 },
            Action::Abandon
        ]
    );
    let quiet = (0..3)
        .find(|&i| {
            let c = s.row[i].unwrap().card;
            s.cards.card(c).card_type == forward::cards::model::StationType::Caesura
                && s.cards.card(c).effects.is_empty()
        })
        .expect("a quiet card in the row") as u8;
    let flipped = s.row[quiet as usize].unwrap().card;
    let top = *s.deck.last().unwrap();
    let events = act(&mut s, Action::Flip { slot: quiet });
    assert_eq!(
        events,
        vec![
            Event::CardFlipped {
                slot: quiet,
                card: flipped,
            },
            Event::CardDiscarded {
                card: flipped,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: flipped },
            Event::SlotFilled {
                slot: quiet,
                card: top,
            },
        ]
    );
    assert_eq!(s.deck.len(), 7);
    assert_eq!(s.row[quiet as usize].unwrap().seen, Seen::Hidden);
}

#[test]
fn a_domain_title_card_applies_its_scene_effects_on_entering_before_triggers() {
    let haunt = r#"{"id": "haunt", "type": "snare",
        "triggers": [{"on": "domain_enter", "effects": [{"dread": 1}]}]}"#;
    let cards = Lab::new(&arr(&[haunt]))
        .on_enter("b", r#"[{"resolve": 2}]"#)
        .build();
    let mut s = start(&cards, &[]);
    flip_id(&mut s, "haunt");
    let events = act(&mut s, go("b"));
    assert_eq!(
        events[3..],
        [
            Event::MarkerMoved { by: 2, marker: 2 },
            Event::MarkerMoved { by: -1, marker: 1 },
        ]
    );
    // The start Domain's scene applies when the run begins.
    let cards = Lab::new(&arr(&[ROCK]))
        .on_enter("a", r#"[{"lose_health": 1}]"#)
        .build();
    let (s, events) = forward::core::new_run(cards, 1, vec![]);
    assert_eq!(
        events.last(),
        Some(&Event::HealthChanged { by: -1, health: 19 })
    );
    assert_eq!(s.health, 19);
}

#[test]
fn resolve_at_least_and_dread_at_least_read_the_signed_marker() {
    let probe = r#"{"id": "probe", "type": "caesura", "effects": [
        {"if": {"when": {"resolve_at_least": 2}, "then": [{"heal": 1}]}},
        {"if": {"when": {"dread_at_least": 2}, "then": [{"lose_health": 1}]}}
    ]}"#;
    for (marker, health) in [(2, 11), (1, 10), (0, 10), (-1, 10), (-2, 9), (-4, 9)] {
        let mut s = start_lab(&arr(&[probe, ROCK]), &[]);
        set_marker(&mut s, marker);
        set_health(&mut s, 10);
        flip_id(&mut s, "probe");
        assert_eq!(s.health, health, "marker {marker}");
    }
}

#[test]
fn health_heals_up_to_a_raised_maximum_and_zero_loses_outside_a_duel() {
    let vigour =
        r#"{"id": "vigour", "type": "blessing", "effects": [{"max_health": 2}, {"heal": 10}]}"#;
    let mut s = start_lab(&arr(&[vigour, ROCK]), &[]);
    set_health(&mut s, 15);
    let events = flip_id(&mut s, "vigour");
    assert_eq!(
        events[1..3],
        [
            Event::MaxHealthChanged {
                by: 2,
                max_health: 22,
            },
            Event::HealthChanged { by: 7, health: 22 },
        ]
    );
    let pit =
        r#"{"id": "drop", "type": "caesura", "effects": [{"lose_health": 30}, {"resolve": 1}]}"#;
    let mut s = start_lab(&arr(&[pit, ROCK]), &[]);
    let events = flip_id(&mut s, "drop");
    assert_eq!(
        events[1..],
        [
            Event::HealthChanged { by: -20, health: 0 },
            Event::RunEnded {
                outcome: Outcome::Lost {
                    cause: Cause::Health,
                    detail: "Health fell to 0.".into(),
                },
            },
        ]
    );
}

#[test]
fn a_card_can_refer_to_a_foe_tag() {
    let salt = r#"{"id": "salt", "type": "item", "use": {"duel_only": true, "effects": [
        {"if": {"when": {"foe_tag": "hollow"}, "then": [{"hit_foe": 2}]}}]}}"#;
    let hollow = dummy("husk", 5, r#""tags": ["hollow"]"#);
    let mut s = duel(&[salt], &hollow, &[]);
    act(&mut s, use_card("salt"));
    assert_eq!(s.duel().unwrap().hp, 3);
    let mut s = duel(&[salt], &dummy("wolf", 5, r#""tags": ["beast"]"#), &[]);
    act(&mut s, use_card("salt"));
    assert_eq!(s.duel().unwrap().hp, 5);
}

#[test]
fn companions_have_no_slot_limit_and_their_passives_apply() {
    let c: Vec<String> = (0..4)
        .map(|i| format!(r#"{{"id": "pal{i}", "type": "companion", "passive": [{{"def": 1}}]}}"#))
        .collect();
    let mut s = start_lab(&arr(&[&c[0], &c[1], &c[2], &c[3], ROCK]), &[]);
    get_all(&mut s, &["pal0", "pal1", "pal2", "pal3"]);
    assert_eq!(s.companions.len(), 4);
    assert_eq!(view(&s).def, 4);
}

#[test]
fn a_once_per_run_companion_ability_never_comes_back() {
    let sage = r#"{"id": "sage", "type": "companion", "use": {"per": "run", "effects": [{"resolve": 1}]}}"#;
    let mut s = start_lab(&arr(&[sage]), &[]);
    get(&mut s, "sage");
    let sg = card(&s, "sage");
    assert_eq!(
        act(&mut s, use_card("sage")),
        vec![
            Event::AbilityUsed {
                card: sg,
                per: Per::Run,
            },
            Event::MarkerMoved { by: 1, marker: 1 },
        ]
    );
    act(&mut s, go("b"));
    assert!(s.follows("sage"));
    assert!(!is_legal(&s, &use_card("sage")));
}

#[test]
fn a_per_fight_ability_comes_back_in_the_next_duel() {
    let horn = r#"{"id": "horn", "type": "equipment", "use": {"per": "fight", "duel_only": true,
        "effects": [{"hit_foe": 1}]}}"#;
    let rat = dummy("rat", 1, "");
    let rat2 = dummy("rat2", 3, "");
    let mut s = start_lab(&arr(&[horn, &rat, &rat2]), &[]);
    get(&mut s, "horn");
    flip_id(&mut s, "rat");
    let events = act(&mut s, use_card("horn"));
    assert!(events.contains(&Event::FoeDefeated { foe: "rat" }));
    flip_id(&mut s, "rat2");
    act(&mut s, use_card("horn"));
    assert_eq!(s.duel().unwrap().hp, 2);
    assert!(!is_legal(&s, &use_card("horn")));
}

#[test]
fn replaying_the_events_on_a_blank_state_rebuilds_the_run() {
    let cards = busy_lab();
    let (mut s, mut all) = forward::core::new_run(std::sync::Arc::clone(&cards), 9, vec![]);
    for _ in 0..200 {
        let Some(a) = legal(&s).into_iter().find(|a| *a != Action::Abandon) else {
            break;
        };
        all.extend(act(&mut s, a));
    }
    let mut replay = State::blank(cards, 9, vec![]);
    for e in &all {
        forward::core::apply(&mut replay, e);
    }
    assert_eq!(
        serde_json::to_string(&replay).unwrap(),
        serde_json::to_string(&s).unwrap()
    );
    assert_eq!(replay.dice.preview(6), s.dice.preview(6));
}

#[test]
fn grace_rerolls_either_die_of_a_two_dice_test() {
    let wall = r#"{"id": "wall", "type": "pit", "test": {"target": 9, "dice": 2,
        "success": [{"resolve": 1}], "failure": [{"dread": 1}]}}"#;
    let mut s = start_lab(&arr(&[wall, ROCK]), &[6, 1, 4]);
    set_grace(&mut s, 1);
    flip_id(&mut s, "wall");
    act(&mut s, Action::Roll);
    let second = Action::Reroll {
        die: Die::Test,
        index: 1,
        card: None,
    };
    assert_eq!(
        legal(&s),
        vec![
            reroll(Die::Test),
            second.clone(),
            Action::Continue,
            Action::Abandon
        ]
    );
    let events = act(&mut s, second);
    assert_eq!(
        events[0],
        Event::Rerolled {
            die: Die::Test,
            index: 1,
            value: 4,
            card: None,
        }
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::TestJudged {
            total: 10,
            success: true,
            ..
        }
    )));
}

#[test]
fn test_modifiers_add_to_the_total_without_clamping() {
    // A 7+ test cannot be passed by one die alone, but a natural 6 with +1 reaches it,
    // and a -1 Snare on a natural 1 gives a total of 0.
    let boots = r#"{"id": "boots", "type": "equipment", "passive": [{"test_rolls": 1}]}"#;
    let cliff = r#"{"id": "cliff", "type": "pit", "test": {"target": 7, "success": [{"resolve": 1}], "failure": [{"lose_health": 1}]}}"#;
    let mut s = start_lab(&arr(&[boots, cliff, ROCK]), &[6]);
    get(&mut s, "boots");
    flip_id(&mut s, "cliff");
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::TestJudged {
            total: 7,
            success: true,
            ..
        }
    ));
    let gloom = r#"{"id": "gloom", "type": "snare", "passive": [{"all_rolls": -1}]}"#;
    let mut s = start_lab(&arr(&[gloom, cliff, ROCK]), &[1]);
    flip_id(&mut s, "gloom");
    flip_id(&mut s, "cliff");
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::TestJudged {
            total: 0,
            success: false,
            ..
        }
    ));
}

#[test]
fn a_card_found_last_can_still_be_handed_over_before_the_guardian() {
    // The ferryman follows; the mirror he must carry is the final Domain's last card.
    let cards = Lab::new(&arr(&[FERRYMAN]))
        .z(&arr(&[MIRROR]))
        .guardian(GUARDIAN_SEALED)
        .build();
    let mut s = start(&cards, &[]);
    clear_domain(&mut s);
    act(&mut s, go("b"));
    clear_domain(&mut s);
    act(&mut s, go("z"));
    flip_id(&mut s, "mirror");
    act(&mut s, Action::Take);
    assert_eq!(s.phase, Phase::Crossing);
    assert_eq!(
        legal(&s),
        vec![
            Action::Continue,
            give("mirror", "ferryman"),
            Action::Abandon
        ]
    );
    act(&mut s, give("mirror", "ferryman"));
    let events = act(&mut s, Action::Continue);
    let Event::GuardianRevealed { checks } = &events[0] else {
        panic!("{events:?}")
    };
    let gate = checks.iter().find(|c| c.id == "seal_gate").expect("gate");
    assert!(gate.met, "{checks:?}");
}

// ---- playing with a Guide --------------------------------------------------------------------

mod guide {
    //! Guide mode: the Guide rolls the foe's die and picks where a card says the Guide
    //! chooses; alone, a die picks. The rules, the dice and their order are the same.

    use super::*;
    use forward::cards::model::{Effect, GuideOption};
    use forward::core::phase_name;
    use forward::core::state::{Role, TravellerRoll};
    use forward::protocol::{AwaitingView, prompt};
    use forward::sim::BotRng;

    fn pick(option: u8) -> Action {
        Action::Pick { option }
    }

    fn options(json: &str) -> Vec<GuideOption> {
        serde_json::from_str(json).expect("guide options")
    }

    /// The options of [`fork`].
    const FORK_OPTIONS: &str = r#"[
        {"label": "The cold path", "effects": [{"lose_health": 2}]},
        {"label": "The warm path", "effects": [{"heal": 1}, {"resolve": 2}]}
    ]"#;

    /// A Caesura where the Guide chooses between two paths, then Resolve +1 either way.
    fn fork() -> String {
        format!(
            r#"{{"id": "fork", "type": "caesura",
                "effects": [{{"guide_chooses": {FORK_OPTIONS}}}, {{"resolve": 1}}]}}"#
        )
    }

    const LAMP: &str = r#"{"id": "lamp", "type": "item"}"#;
    const ROPE: &str = r#"{"id": "rope", "type": "item"}"#;

    /// A Caesura that takes one held card of this kind (`item`, `equipment`, `any`).
    fn thief(kind: &str) -> String {
        format!(r#"{{"id": "thief", "type": "caesura", "effects": [{{"lose": "{kind}"}}]}}"#)
    }

    /// Ten quiet cards and these, in a run with a Guide (`guide`) or alone; gets `kit`
    /// (taking Items and Equipment), then brings `card` into the row.
    fn ready(guide: bool, kit: &[&str], card: &str, forced: &[u8]) -> State {
        let mut all: Vec<String> = (0..10)
            .map(|i| format!(r#"{{"id": "rock{i}", "type": "caesura"}}"#))
            .collect();
        all.extend(kit.iter().map(|k| k.to_string()));
        all.push(card.to_string());
        let mut s = start_with(&lab(&format!("[{}]", all.join(","))), forced, guide);
        for k in kit {
            let id = id_of(k);
            bring_up(&mut s, &id);
            get(&mut s, &id);
        }
        bring_up(&mut s, &id_of(card));
        s
    }

    /// The refill of slot `k` once the card flipped from it is done (none when the deck
    /// is empty).
    fn refill(s: &State, k: u8) -> Vec<Event> {
        s.deck
            .last()
            .map(|&card| Event::SlotFilled { slot: k, card })
            .into_iter()
            .collect()
    }

    // ---- the foe's die -------------------------------------------------------------------

    #[test]
    fn the_traveller_rolls_first_then_the_guide_rolls_the_foes_die() {
        let mut s = duel_with(true, &[SWORD], &table_foe(), &[3, 3]);
        assert_eq!(s.role(), Role::Traveller);
        assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
        refused_without_change(&mut s, Action::RollFoe);
        let events = act(&mut s, Action::Roll);
        assert_eq!(
            events,
            vec![Event::TravellerRolled {
                traveller: Some(3),
                modifier: 0,
                no_rerolls: false,
            }]
        );
        // The foe's die waits for the Guide: nothing else may happen but abandoning.
        assert_eq!(s.role(), Role::Guide);
        assert_eq!(legal(&s), vec![Action::RollFoe, Action::Abandon]);
        assert_eq!(phase_name(&s.phase), "foe_roll");
        let d = s.duel().unwrap();
        assert_eq!(
            d.awaiting_foe,
            Some(TravellerRoll {
                traveller: Some(3),
                modifier: 0,
                no_rerolls: false,
            })
        );
        assert_eq!(d.rolled, None);
        assert_eq!(s.dice.forced_left(), 1, "only the traveller's die is drawn");
        let p = prompt(&s);
        assert_eq!((p.kind, p.role), ("foe_roll", Some("guide")));
        for a in [
            Action::Roll,
            Action::Continue,
            reroll(Die::Foe),
            reroll(Die::Traveller),
            Action::Fight,
        ] {
            refused_without_change(&mut s, a);
        }
        // Then the exchange stands exactly as it would alone.
        let events = act(&mut s, Action::RollFoe);
        assert_eq!(
            events,
            vec![
                Event::FoeRolled { foe: 3 },
                Event::ExchangeResolved {
                    exchange: 1,
                    roll: Some(3),
                    strike: Strike::Hit,
                    foe_roll: 3,
                    face: "Strike",
                    to_foe: 2,
                    to_traveller: 2,
                    reflected: 0,
                    foe_healed: 0,
                    foe_hp: 8,
                    health: 18,
                    status: attacks(1),
                },
            ]
        );
        assert_eq!(s.role(), Role::Traveller);
        assert_eq!((s.health, s.duel().unwrap().hp), (18, 8));
        assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
        assert_eq!(prompt(&s).role, Some("traveller"));
    }

    #[test]
    fn alone_the_foes_die_is_never_the_guides() {
        let mut s = duel(&[], &table_foe(), &[3, 3, 1, 3]);
        assert_eq!(prompt(&s).role, None);
        refused_without_change(&mut s, Action::RollFoe);
        act(&mut s, Action::Roll);
        set_grace(&mut s, 1);
        act(&mut s, Action::Roll);
        assert_eq!(s.role(), Role::Traveller);
        refused_without_change(&mut s, Action::RollFoe);
    }

    #[test]
    fn the_grace_window_opens_once_both_dice_are_down() {
        let mut s = duel_with(true, &[], &table_foe(), &[1, 3, 1, 3, 3]);
        set_grace(&mut s, 1);
        assert_eq!(
            act(&mut s, Action::Roll),
            vec![Event::TravellerRolled {
                traveller: Some(1),
                modifier: 0,
                no_rerolls: false,
            }]
        );
        // No reroll before the foe's die is down.
        assert_eq!(legal(&s), vec![Action::RollFoe, Action::Abandon]);
        assert_eq!(
            act(&mut s, Action::RollFoe),
            vec![Event::FoeRolled { foe: 3 }]
        );
        // The window is the traveller's: Grace rerolls either die, the foe's included.
        assert_eq!(s.role(), Role::Traveller);
        assert_eq!(phase_name(&s.phase), "duel_reroll");
        assert_eq!(
            legal(&s),
            vec![
                reroll(Die::Traveller),
                reroll(Die::Foe),
                Action::Continue,
                Action::Abandon
            ]
        );
        assert_eq!(
            act(&mut s, reroll(Die::Foe)),
            vec![
                Event::Rerolled {
                    die: Die::Foe,
                    index: 0,
                    value: 1,
                    card: None,
                },
                Event::GraceChanged { by: -1, grace: 0 },
                Event::ExchangeResolved {
                    exchange: 1,
                    roll: Some(1),
                    strike: Strike::Miss,
                    foe_roll: 1,
                    face: "Miss",
                    to_foe: 0,
                    to_traveller: 0,
                    reflected: 0,
                    foe_healed: 0,
                    foe_hp: 10,
                    health: 20,
                    status: DuelStatus::default(),
                },
            ]
        );
        // `continue` accepts the dice as they fell.
        set_grace(&mut s, 1);
        act(&mut s, Action::Roll);
        act(&mut s, Action::RollFoe);
        assert_eq!(legal(&s).last(), Some(&Action::Abandon));
        assert_eq!(damage(&act(&mut s, Action::Continue)), (1, 2));
    }

    #[test]
    fn a_no_rerolls_face_closes_the_window_after_the_guides_die_too() {
        let f = faces(&[r#"{"name": "Glare", "no_rerolls": true}"#]);
        let mut s = duel_with(true, &[], &foe_with("glarer", 10, &f), &[3, 1, 3, 2]);
        set_grace(&mut s, 1);
        act(&mut s, Action::Roll);
        act(&mut s, Action::RollFoe);
        act(&mut s, Action::Continue);
        assert_eq!(
            act(&mut s, Action::Roll),
            vec![Event::TravellerRolled {
                traveller: Some(3),
                modifier: 0,
                no_rerolls: true,
            }]
        );
        let events = act(&mut s, Action::RollFoe);
        assert_eq!(events[0], Event::FoeRolled { foe: 2 });
        assert!(
            matches!(events[1], Event::ExchangeResolved { exchange: 2, .. }),
            "Grace is left but no reroll may be made: {events:?}"
        );
        assert_eq!(s.grace, 1);
    }

    #[test]
    fn a_skipped_roll_draws_no_traveller_die_and_the_guide_still_rolls() {
        let f = faces(&[r#"{"name": "Hex", "skip_roll": true}"#]);
        let mut s = duel_with(true, &[], &foe_with("hexer", 10, &f), &[3, 1, 4, 3, 2]);
        act(&mut s, Action::Roll);
        let events = act(&mut s, Action::RollFoe);
        assert!(
            matches!(&events[1], Event::ExchangeResolved { status, .. } if status.skip),
            "{events:?}"
        );
        let events = act(&mut s, Action::Roll);
        assert_eq!(
            events,
            vec![Event::TravellerRolled {
                traveller: None,
                modifier: 0,
                no_rerolls: false,
            }]
        );
        assert_eq!(s.dice.forced_left(), 3, "a skipped roll draws no die");
        assert_eq!(s.role(), Role::Guide);
        assert_eq!(legal(&s), vec![Action::RollFoe, Action::Abandon]);
        assert_eq!(
            prompt(&s).text,
            "Duel with hexer: the traveller rolled nothing (skipped); Guide, roll the foe's die."
        );
        assert_eq!(
            view(&s).foe.unwrap().awaiting_foe,
            Some(AwaitingView {
                traveller: None,
                modifier: 0,
            })
        );
        assert_eq!(
            act(&mut s, Action::RollFoe),
            vec![
                Event::FoeRolled { foe: 4 },
                Event::ExchangeResolved {
                    exchange: 2,
                    roll: None,
                    strike: Strike::Skipped,
                    foe_roll: 4,
                    face: "Idle",
                    to_foe: 0,
                    to_traveller: 0,
                    reflected: 0,
                    foe_healed: 0,
                    foe_hp: 9,
                    health: 20,
                    status: attacks(1),
                },
            ]
        );
        assert_eq!(s.dice.forced_left(), 2);
        // Then both dice again, in the same order as alone.
        act(&mut s, Action::Roll);
        assert_eq!(act(&mut s, Action::RollFoe)[0], Event::FoeRolled { foe: 2 });
    }

    /// A foe whose faces use every lasting status, for comparing runs alone and guided.
    fn brawler() -> String {
        foe_with(
            "brawler",
            12,
            r#"[
                {"name": "Hex", "skip_roll": true},
                {"name": "Daze", "roll_penalty": 1, "deal": 1},
                {"name": "Jab", "deal": 1},
                {"name": "Glare", "no_rerolls": true, "deal": 1},
                {"name": "Rage", "enrage": 1},
                {"name": "Bite", "deal": 2}]"#,
        )
    }

    /// One decision, the same alone and with a Guide: in the Grace window, reroll a low die
    /// of the traveller's or a Bite of the foe's; otherwise the first action offered (the
    /// foe's die, when the Guide is to roll it).
    fn same_decision(s: &State) -> Action {
        let offered = legal(s);
        if let Some(r) = s.duel().and_then(|d| d.rolled) {
            if r.traveller.is_some_and(|t| t <= 2) && offered.contains(&reroll(Die::Traveller)) {
                return reroll(Die::Traveller);
            }
            if r.foe == 6 && offered.contains(&reroll(Die::Foe)) {
                return reroll(Die::Foe);
            }
            return Action::Continue;
        }
        offered[0].clone()
    }

    /// A guided run's events with each `TravellerRolled` and its `FoeRolled` merged into the
    /// `ExchangeRolled` a run alone would show.
    fn merged(events: &[Event]) -> Vec<Event> {
        let mut out = Vec::new();
        let mut half = None;
        for e in events {
            match e {
                Event::TravellerRolled {
                    traveller,
                    modifier,
                    no_rerolls,
                } => half = Some((*traveller, *modifier, *no_rerolls)),
                Event::FoeRolled { foe } => {
                    let (traveller, modifier, no_rerolls) = half.take().expect("the first die");
                    out.push(Event::ExchangeRolled {
                        traveller,
                        foe: *foe,
                        modifier,
                        no_rerolls,
                    });
                }
                e => out.push(e.clone()),
            }
        }
        assert!(half.is_none(), "a foe's die never rolled");
        out
    }

    /// Plays a whole lab run with [`same_decision`]; returns its events and final state.
    fn whole_run(seed: u64, guide: bool) -> (Vec<Event>, State) {
        let cards = Lab::new(&arr(&[SWORD, &brawler(), ROCK]))
            .z(&arr(&[
                &table_foe(),
                r#"{"id": "z_calm", "type": "caesura"}"#,
            ]))
            .build();
        let (mut s, mut all) = forward::core::new_run_with(cards, seed, vec![], guide);
        set_grace(&mut s, 3);
        for _ in 0..2_000 {
            if s.is_over() {
                break;
            }
            let a = same_decision(&s);
            all.extend(act(&mut s, a));
        }
        assert!(s.is_over(), "seed {seed}: the run did not end");
        (all, s)
    }

    #[test]
    fn the_same_seed_and_decisions_give_the_same_run_alone_and_with_a_guide() {
        let (mut rerolls, mut skipped, mut exchanges_seen) = (0, 0, 0);
        for seed in 1..=40 {
            let (solo, alone) = whole_run(seed, false);
            let (guided, with) = whole_run(seed, true);
            assert!(with.guide && !alone.guide);
            // The same dice, the same exchanges, the same everything else.
            assert_eq!(merged(&guided), solo, "seed {seed}");
            assert_eq!(exchanges(&guided), exchanges(&solo), "seed {seed}");
            assert_eq!(
                (with.health, with.marker, with.grace, with.exchanges),
                (alone.health, alone.marker, alone.grace, alone.exchanges)
            );
            assert_eq!(with.dice.preview(8), alone.dice.preview(8), "seed {seed}");
            assert_eq!(with.dice.generated(), alone.dice.generated());
            let mut a = serde_json::to_value(&alone).unwrap();
            let mut b = serde_json::to_value(&with).unwrap();
            assert_eq!(
                b.as_object_mut().unwrap().remove("guide"),
                Some(true.into())
            );
            assert_eq!(a.as_object_mut().unwrap().remove("guide"), None);
            assert_eq!(a, b, "seed {seed}");
            rerolls += solo
                .iter()
                .filter(|e| matches!(e, Event::Rerolled { .. }))
                .count();
            skipped += solo
                .iter()
                .filter(|e| {
                    matches!(
                        e,
                        Event::ExchangeRolled {
                            traveller: None,
                            ..
                        }
                    )
                })
                .count();
            exchanges_seen += exchanges(&solo).len();
        }
        // The comparison met rerolls and skipped rolls, not only plain exchanges.
        assert!(rerolls > 10 && skipped > 5 && exchanges_seen > 100);
    }

    #[test]
    fn replaying_a_guided_runs_events_rebuilds_it() {
        let (events, s) = whole_run(7, true);
        let mut replay = State::blank(std::sync::Arc::clone(&s.cards), 7, vec![]);
        replay.guide = true;
        set_grace(&mut replay, 3);
        for e in &events {
            forward::core::apply(&mut replay, e);
        }
        assert_eq!(
            serde_json::to_string(&replay).unwrap(),
            serde_json::to_string(&s).unwrap()
        );
        assert_eq!(replay.dice.preview(6), s.dice.preview(6));
    }

    // ---- "the Guide chooses" ---------------------------------------------------------------

    #[test]
    fn alone_a_die_counts_along_the_options() {
        for n in 2..=6usize {
            let opts: Vec<String> = (0..n)
                .map(|i| format!(r#"{{"label": "option {i}"}}"#))
                .collect();
            let card = format!(
                r#"{{"id": "oracle", "type": "caesura", "effects": [{{"guide_chooses": [{}]}}]}}"#,
                opts.join(",")
            );
            for d in 1..=6u8 {
                let mut s = ready(false, &[], &card, &[]);
                dice(&mut s, &[d]);
                let events = flip_id(&mut s, "oracle");
                let option = (d as usize - 1) % n;
                assert_eq!(
                    events[1],
                    Event::GuideChose {
                        option: option as u8,
                        label: format!("option {option}"),
                        die: Some(d),
                    },
                    "{n} options, die {d}"
                );
                assert_eq!(s.dice.forced_left(), 0, "the die is drawn from the dice");
                assert_eq!(s.phase, Phase::Explore);
            }
        }
    }

    #[test]
    fn alone_a_guide_choice_runs_the_picked_option_then_the_rest() {
        // Two options and a 5: counting 1, 2, 3, 4, 5 along them lands on the first.
        let mut s = ready(false, &[], &fork(), &[]);
        dice(&mut s, &[5]);
        let f = card(&s, "fork");
        let k = slot_of(&s, "fork");
        let mut want = vec![
            Event::CardFlipped { slot: k, card: f },
            Event::GuideChose {
                option: 0,
                label: "The cold path".into(),
                die: Some(5),
            },
            Event::HealthChanged { by: -2, health: 18 },
            Event::MarkerMoved { by: 1, marker: 1 },
            Event::CardDiscarded {
                card: f,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: f },
        ];
        want.extend(refill(&s, k));
        assert_eq!(act(&mut s, Action::Flip { slot: k }), want);
        // A 6 lands on the second.
        let mut s = ready(false, &[], &fork(), &[]);
        set_health(&mut s, 15);
        dice(&mut s, &[6]);
        let events = flip_id(&mut s, "fork");
        assert_eq!(
            events[1..5],
            [
                Event::GuideChose {
                    option: 1,
                    label: "The warm path".into(),
                    die: Some(6),
                },
                Event::HealthChanged { by: 1, health: 16 },
                Event::MarkerMoved { by: 2, marker: 2 },
                Event::MarkerMoved { by: 1, marker: 3 },
            ]
        );
    }

    /// A Guide's choice fired by a Snare while another card is flipped is named after the
    /// Snare (the table shows it and the Guide reads its notes), not the card flipped.
    #[test]
    fn a_guide_choice_from_a_snares_trigger_names_the_snare() {
        let snare = format!(
            r#"{{"id": "needle", "type": "snare",
                "triggers": [{{"on": "flip", "effects": [{{"guide_chooses": {FORK_OPTIONS}}}]}}]}}"#
        );
        let mut s = ready(true, &[], &snare, &[]);
        flip_id(&mut s, "needle");
        let needle = card(&s, "needle");
        assert_eq!(s.snares, vec![needle]);
        let slot = s
            .row
            .iter()
            .position(|rc| rc.is_some_and(|rc| rc.card.id.starts_with("rock")))
            .expect("a rock in the row") as u8;
        let events = act(&mut s, Action::Flip { slot });
        let offered = events.iter().find_map(|e| match e {
            Event::ChoiceOffered {
                kind: ChoiceKind::Guide { card, .. },
                ..
            } => Some(*card),
            _ => None,
        });
        assert_eq!(offered, Some(Some(needle)), "{events:?}");
        assert_eq!(forward::protocol::choice_card(&s), Some(needle));
    }

    #[test]
    fn with_a_guide_the_guide_picks_then_the_option_and_the_rest_run() {
        let mut s = ready(true, &[], &fork(), &[6]);
        set_health(&mut s, 15);
        let f = card(&s, "fork");
        let k = slot_of(&s, "fork");
        let refilled = refill(&s, k);
        let events = act(&mut s, Action::Flip { slot: k });
        assert_eq!(
            events,
            vec![
                Event::CardFlipped { slot: k, card: f },
                Event::ChoiceOffered {
                    kind: ChoiceKind::Guide {
                        card: Some(f),
                        options: options(FORK_OPTIONS),
                    },
                    pending: vec![Effect::Resolve(1)],
                    sources: vec![Some(f)],
                },
            ]
        );
        assert_eq!(s.role(), Role::Guide);
        assert_eq!(legal(&s), vec![pick(0), pick(1), Action::Abandon]);
        let p = prompt(&s);
        assert_eq!((p.kind, p.role), ("guide_choice", Some("guide")));
        assert_eq!(
            p.text,
            "Guide, choose what befalls the traveller: The cold path / The warm path."
        );
        // Out of range, or not a choice of the Guide's: refused with the reason.
        assert_eq!(
            check(&s, &pick(2)).unwrap_err().to_string(),
            r#"{"type":"pick","option":2} is not a legal action now; the game is waiting for: guide_choice"#
        );
        for a in [
            pick(2),
            pick(255),
            Action::Choose { option: 0 },
            Action::Continue,
        ] {
            refused_without_change(&mut s, a);
        }
        let events = act(&mut s, pick(1));
        let mut want = vec![
            Event::GuideChose {
                option: 1,
                label: "The warm path".into(),
                die: None,
            },
            Event::ChoiceClosed,
            Event::HealthChanged { by: 1, health: 16 },
            Event::MarkerMoved { by: 2, marker: 2 },
            // The effect after `guide_chooses` waited for the pick.
            Event::MarkerMoved { by: 1, marker: 3 },
            Event::CardDiscarded {
                card: f,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: f },
        ];
        want.extend(refilled);
        assert_eq!(events, want);
        assert_eq!(s.dice.forced_left(), 1, "no die was drawn for the pick");
        assert_eq!(s.role(), Role::Traveller);
        refused_without_change(&mut s, pick(0));
    }

    #[test]
    fn a_guide_choice_can_lead_to_a_lose_choice_and_the_rest_still_waits() {
        let bandit = r#"{"id": "bandit", "type": "caesura", "effects": [
            {"guide_chooses": [
                {"label": "They rob you", "effects": [{"lose": "item"}, {"dread": 1}]},
                {"label": "They let you pass"}]},
            {"resolve": 2}]}"#;
        let mut s = ready(true, &[LAMP, ROPE], bandit, &[]);
        let held = s.items.clone();
        let b = card(&s, "bandit");
        let k = slot_of(&s, "bandit");
        let refilled = refill(&s, k);
        act(&mut s, Action::Flip { slot: k });
        assert_eq!(
            act(&mut s, pick(0)),
            vec![
                Event::GuideChose {
                    option: 0,
                    label: "They rob you".into(),
                    die: None,
                },
                Event::ChoiceClosed,
                Event::ChoiceOffered {
                    kind: ChoiceKind::Lose {
                        cards: held.clone(),
                    },
                    pending: vec![Effect::Dread(1), Effect::Resolve(2)],
                    sources: vec![Some(b), Some(b)],
                },
            ]
        );
        assert_eq!(s.role(), Role::Guide);
        assert_eq!(phase_name(&s.phase), "guide_lose");
        assert_eq!(legal(&s), vec![pick(0), pick(1), Action::Abandon]);
        let mut want = vec![
            Event::GuideChose {
                option: 1,
                label: held[1].id.to_string(),
                die: None,
            },
            Event::CardDiscarded {
                card: held[1],
                from: Zone::Items,
            },
            Event::ChoiceClosed,
            Event::MarkerMoved { by: -1, marker: -1 },
            Event::MarkerMoved { by: 2, marker: 1 },
            Event::CardDiscarded {
                card: b,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: b },
        ];
        want.extend(refilled);
        assert_eq!(act(&mut s, pick(1)), want);
        assert_eq!(s.items, vec![held[0]]);
        assert!(s.discard.contains(&held[1]));
    }

    // ---- losing a held card ---------------------------------------------------------------

    #[test]
    fn alone_a_die_picks_the_card_lost() {
        for (d, option) in [(1u8, 0usize), (2, 1), (3, 0), (4, 1), (5, 0), (6, 1)] {
            let mut s = ready(false, &[LAMP, ROPE], &thief("item"), &[]);
            let held = s.items.clone();
            let t = card(&s, "thief");
            dice(&mut s, &[d]);
            let events = flip_id(&mut s, "thief");
            assert_eq!(
                events[1..5],
                [
                    Event::GuideChose {
                        option: option as u8,
                        label: held[option].id.to_string(),
                        die: Some(d),
                    },
                    Event::CardDiscarded {
                        card: held[option],
                        from: Zone::Items,
                    },
                    Event::CardDiscarded {
                        card: t,
                        from: Zone::Resolving,
                    },
                    Event::CardResolved { card: t },
                ],
                "die {d}"
            );
            assert_eq!(s.items, vec![held[1 - option]]);
            assert_eq!(s.dice.forced_left(), 0);
        }
    }

    #[test]
    fn with_a_guide_the_guide_picks_the_card_lost() {
        let mut s = ready(true, &[LAMP, ROPE], &thief("item"), &[4]);
        let held = s.items.clone();
        let t = card(&s, "thief");
        let k = slot_of(&s, "thief");
        let events = act(&mut s, Action::Flip { slot: k });
        assert_eq!(
            events,
            vec![
                Event::CardFlipped { slot: k, card: t },
                Event::ChoiceOffered {
                    kind: ChoiceKind::Lose {
                        cards: held.clone(),
                    },
                    pending: vec![],
                    sources: vec![],
                },
            ]
        );
        let p = prompt(&s);
        assert_eq!((p.kind, p.role), ("guide_lose", Some("guide")));
        assert_eq!(
            p.text,
            format!(
                "Guide, choose the card the traveller loses: {}, {}.",
                held[0].id, held[1].id
            )
        );
        refused_without_change(&mut s, pick(2));
        let events = act(&mut s, pick(0));
        assert_eq!(
            events[..4],
            [
                Event::GuideChose {
                    option: 0,
                    label: held[0].id.to_string(),
                    die: None,
                },
                Event::CardDiscarded {
                    card: held[0],
                    from: Zone::Items,
                },
                Event::ChoiceClosed,
                Event::CardDiscarded {
                    card: t,
                    from: Zone::Resolving,
                },
            ]
        );
        assert_eq!(s.items, vec![held[1]]);
        assert_eq!(s.dice.forced_left(), 1, "no die was drawn");
    }

    #[test]
    fn a_single_candidate_is_lost_without_a_die_or_a_choice() {
        for guide in [false, true] {
            let mut s = ready(guide, &[LAMP, SWORD], &thief("item"), &[6]);
            let (l, t) = (card(&s, "lamp"), card(&s, "thief"));
            let events = flip_id(&mut s, "thief");
            assert_eq!(
                events[1..4],
                [
                    Event::GuideChose {
                        option: 0,
                        label: "lamp".into(),
                        die: None,
                    },
                    Event::CardDiscarded {
                        card: l,
                        from: Zone::Items,
                    },
                    Event::CardDiscarded {
                        card: t,
                        from: Zone::Resolving,
                    },
                ],
                "guide: {guide}"
            );
            assert!(s.items.is_empty());
            assert_eq!(
                s.equipment,
                vec![card(&s, "sword")],
                "equipment is not an item"
            );
            assert_eq!(s.dice.forced_left(), 1);
            assert_eq!(s.phase, Phase::Explore);
        }
    }

    #[test]
    fn with_nothing_to_lose_nothing_happens() {
        for guide in [false, true] {
            // Equipment only, and the thief wants an Item; then nothing held at all.
            for (kit, kind) in [
                (vec![SWORD], "item"),
                (vec![LAMP], "equipment"),
                (vec![], "any"),
            ] {
                let mut s = ready(guide, &kit, &thief(kind), &[6]);
                let t = card(&s, "thief");
                let before = (s.items.clone(), s.equipment.clone());
                let events = flip_id(&mut s, "thief");
                assert_eq!(
                    events[1..3],
                    [
                        Event::CardDiscarded {
                            card: t,
                            from: Zone::Resolving,
                        },
                        Event::CardResolved { card: t },
                    ],
                    "guide: {guide}, {kind}"
                );
                assert_eq!((s.items.clone(), s.equipment.clone()), before);
                assert_eq!(s.dice.forced_left(), 1);
            }
        }
    }

    #[test]
    fn lose_any_counts_items_then_equipment() {
        // Alone: a 2 counts to the second candidate, the Equipment.
        let mut s = ready(false, &[LAMP, SWORD], &thief("any"), &[]);
        let sw = card(&s, "sword");
        dice(&mut s, &[2]);
        let events = flip_id(&mut s, "thief");
        assert_eq!(
            events[1..3],
            [
                Event::GuideChose {
                    option: 1,
                    label: "sword".into(),
                    die: Some(2),
                },
                Event::CardDiscarded {
                    card: sw,
                    from: Zone::Equipment,
                },
            ]
        );
        assert!(s.equipment.is_empty() && s.items.len() == 1);
        // With a Guide: the choice lists the Item first, then the Equipment.
        let mut s = ready(true, &[LAMP, SWORD], &thief("any"), &[]);
        let (l, sw) = (card(&s, "lamp"), card(&s, "sword"));
        let events = flip_id(&mut s, "thief");
        assert!(matches!(
            &events[1],
            Event::ChoiceOffered { kind: ChoiceKind::Lose { cards }, .. } if *cards == vec![l, sw]
        ));
        let events = act(&mut s, pick(1));
        assert_eq!(
            events[1],
            Event::CardDiscarded {
                card: sw,
                from: Zone::Equipment,
            }
        );
        assert_eq!(s.items, vec![l]);
        assert!(s.equipment.is_empty());
        // Losing the Equipment took its bonus with it.
        assert_eq!(forward::core::mods(&s).atk, 0);
    }

    // ---- whose turn it is ----------------------------------------------------------------

    /// A lab with something of everything, and Guide choices and losses in each Domain.
    fn everything() -> std::sync::Arc<forward::cards::CardSet> {
        let a = arr(&[
            LAMP,
            ROPE,
            SWORD,
            &fork(),
            &thief("any"),
            &brawler(),
            TERROR,
            LEDGE,
            r#"{"id": "camp", "type": "rest"}"#,
            r#"{"id": "s1", "type": "snare"}"#,
            r#"{"id": "s2", "type": "snare"}"#,
            r#"{"id": "mercy", "type": "blessing", "effects": [{"cleanse": 1}, {"resolve": 2}]}"#,
            r#"{"id": "weave", "type": "caesura", "effects": [{"reorder": 2}]}"#,
            r#"{"id": "pilgrim", "type": "companion", "join": {"show": "lamp"}}"#,
            r#"{"id": "bandit", "type": "foe", "hp": 3, "toll": [{"lose": "item"}],
                "faces": [{"name": "Stab", "deal": 1}, {"name": "Miss"}, {"name": "Miss"},
                          {"name": "Miss"}, {"name": "Miss"}, {"name": "Stab", "deal": 1}]}"#,
            ROCK,
        ]);
        let b = arr(&[
            &fork().replace("\"fork\"", "\"fork_b\""),
            &thief("item").replace("\"thief\"", "\"thief_b\""),
            r#"{"id": "b_camp", "type": "rest"}"#,
        ]);
        Lab::new(&a)
            .b(&b)
            .c(&b.replace("_b\"", "_c\""))
            .z(&arr(&[
                &table_foe(),
                r#"{"id": "z_calm", "type": "caesura"}"#,
            ]))
            .build()
    }

    #[test]
    fn the_guide_acts_exactly_for_the_foes_die_and_the_guides_choices() {
        let cards = everything();
        let mut seen = std::collections::BTreeMap::new();
        for guide in [false, true] {
            for seed in 0..200u64 {
                let (mut s, _) = forward::core::new_run_with(cards.clone(), seed, vec![], guide);
                let mut rng = BotRng::new(seed * 3 + 1);
                while !s.is_over() {
                    let offered = legal(&s);
                    let kind = phase_name(&s.phase);
                    let role = s.role();
                    let guides = offered.iter().all(|a| {
                        matches!(a, Action::RollFoe | Action::Pick { .. } | Action::Abandon)
                    });
                    assert_eq!(role == Role::Guide, guides, "{kind}: {offered:?}");
                    assert_eq!(prompt(&s).role, guide.then(|| role.as_str()));
                    if !guide {
                        assert_eq!(role, Role::Traveller);
                    }
                    seen.insert((guide, kind), role);
                    let choices: Vec<&Action> =
                        offered.iter().filter(|a| **a != Action::Abandon).collect();
                    let a = choices[rng.below(choices.len())].clone();
                    act(&mut s, a);
                }
                seen.insert((guide, phase_name(&s.phase)), s.role());
            }
        }
        let guide_kinds = ["foe_roll", "guide_choice", "guide_lose"];
        let traveller_kinds = [
            "explore",
            "offer",
            "terror",
            "rest",
            "test",
            "test_reroll",
            "encounter",
            "companion",
            "duel",
            "duel_reroll",
            "reorder",
            "cleanse",
            "route",
            "crossing",
            "over",
        ];
        for kind in traveller_kinds {
            for guide in [false, true] {
                assert_eq!(seen.get(&(guide, kind)), Some(&Role::Traveller), "{kind}");
            }
        }
        for kind in guide_kinds {
            assert_eq!(seen.get(&(true, kind)), Some(&Role::Guide), "{kind}");
            assert_eq!(seen.get(&(false, kind)), None, "alone, no {kind}");
        }
        assert_eq!(seen.len(), 2 * traveller_kinds.len() + guide_kinds.len());
    }
}
