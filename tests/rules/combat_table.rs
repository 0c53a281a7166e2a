//! Rules tests: the combat table.

use super::*;

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
                face: "Strike".into(),
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
fn a_fall_in_a_duel_names_the_foe_not_only_its_face() {
    let foe = foe_with(
        "duelist",
        10,
        r#"[{"name": "Lunge", "deal": 3}, {"name": "Lunge", "deal": 3}, {"name": "Lunge", "deal": 3},
            {"name": "Lunge", "deal": 3}, {"name": "Lunge", "deal": 3}, {"name": "Lunge", "deal": 3}]"#,
    );
    let mut s = duel(&[SWORD], &foe, &[3, 1]);
    set_health(&mut s, 3);
    act(&mut s, Action::Roll);
    assert_eq!(
        s.outcome,
        Some(Outcome::Lost {
            cause: Cause::Health,
            detail: "Fell in the duel with duelist (Lunge).".into(),
        })
    );
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
                face: "Lunge".into(),
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
                    detail: "You and duelist fell together (Lunge): a duel is won only by living through its last exchange.".into(),
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
