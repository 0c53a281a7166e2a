//! Rules tests: Grace and rerolls.

use super::*;

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
