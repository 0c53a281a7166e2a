//! Rules tests: more of the rulings.

use super::*;

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
    assert!(events.contains(&Event::FoeDefeated { foe: "rat".into() }));
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
