//! Rules tests: Items and Equipment.

use super::*;

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
                slot: None,
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
                slot: Some(0),
            },
            Event::CardResolved { card: new },
        ]
    );
    // The new card keeps the swapped card's place: the left slot.
    assert_eq!(s.items, vec![new, kept]);
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
