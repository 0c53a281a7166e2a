//! Rules tests: Rest.

use super::*;

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
