//! Rules tests: Terror.

use super::*;

pub(crate) const TERROR: &str = r#"{"id": "dread_gate", "type": "terror", "options": [
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

#[test]
fn terror_discard_cost_lets_the_traveller_pick_the_item() {
    let terror = r#"{"id": "maw", "type": "terror", "options": [
        {"label": "Feed it", "cost": [{"discard": "item"}], "effects": [{"resolve": 1}]},
        {"label": "Endure", "effects": [{"lose_health": 1}]}
    ]}"#;
    let key = r#"{"id": "key", "type": "item"}"#;
    let bread = r#"{"id": "bread", "type": "item"}"#;
    let mut s = start_lab(&arr(&[key, bread, terror, ROCK]), &[]);
    get_all(&mut s, &["key", "bread"]);
    let (k, b, m) = (card(&s, "key"), card(&s, "bread"), card(&s, "maw"));
    let left = s.items[0];
    let right = s.items[1];
    flip_id(&mut s, "maw");
    let events = act(&mut s, Action::Choose { option: 0 });
    assert_eq!(events[0], Event::TerrorChosen { card: m, option: 0 });
    assert_eq!(events.len(), 2, "the choice waits: {events:?}");
    let discard = |c: forward::cards::CardRef| Action::Discard {
        card: c.id().to_string().into(),
    };
    assert_eq!(
        legal(&s),
        vec![discard(left), discard(right), Action::Abandon]
    );
    // The right-hand card pays; the left one stays, and the option's effects follow.
    let events = act(&mut s, discard(right));
    assert_eq!(
        events,
        vec![
            Event::CardDiscarded {
                card: right,
                from: Zone::Items,
            },
            Event::ChoiceClosed,
            Event::MarkerMoved { by: 1, marker: 1 },
            Event::CardDiscarded {
                card: m,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: m },
        ]
    );
    assert_eq!(s.items, vec![left]);
    assert!(s.items.contains(&k) != s.items.contains(&b));
    assert_eq!(s.phase, Phase::Explore);
}
