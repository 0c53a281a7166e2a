//! Rules tests: house rules (docs/RULES.md "House rules"): the paid peek on the row and
//! hit on six, each off unless the run turns it on.

use super::*;
use forward::core::house::{HouseRules, Price};
use forward::core::modifiers::mods;
use forward::core::{DiceMode, Why, candidates, new_run_opts, why_not};
use std::sync::Arc;

/// A run of seed 1 on a lab Domain under `rules` (`NAME[=VALUE]`), with forced dice.
fn start_ruled(stations: &str, rules: &[&str], forced: &[u8]) -> State {
    let rules = HouseRules::parse_all(rules).expect("known rules");
    let cards = lab(stations);
    new_run_opts(
        Arc::clone(&cards),
        1,
        forced.to_vec(),
        false,
        DiceMode::Rolled,
        rules,
    )
    .0
}

fn rocks() -> String {
    looking::rocks_and(ROCK)
}

fn peek(slot: u8, price: Price) -> Action {
    Action::Peek { slot, price }
}

#[test]
fn the_peek_is_offered_on_each_unknown_row_card_with_its_price() {
    let mut s = start_ruled(&rocks(), &["paid-peek"], &[]);
    set_marker(&mut s, 1);
    let r1 = Price::Resolve(1);
    assert_eq!(
        legal(&s),
        vec![
            Action::Flip { slot: 0 },
            Action::Flip { slot: 1 },
            Action::Flip { slot: 2 },
            peek(0, r1),
            peek(1, r1),
            peek(2, r1),
            Action::Abandon,
        ]
    );
    // The protocol's form: the price travels with the action.
    assert_eq!(
        serde_json::to_string(&peek(2, r1)).expect("json"),
        r#"{"type":"peek","slot":2,"price":{"resolve":1}}"#
    );
}

#[test]
fn a_peek_pays_then_shows_the_card_face_down() {
    let mut s = start_ruled(&rocks(), &["paid-peek"], &[]);
    set_marker(&mut s, 2);
    let card = s.row[1].expect("dealt").card;
    let events = act(&mut s, peek(1, Price::Resolve(1)));
    assert_eq!(
        events,
        vec![
            Event::MarkerMoved { by: -1, marker: 1 },
            Event::CardSeen {
                slot: 1,
                card,
                face_up: false,
            },
        ]
    );
    assert_eq!(s.row[1].map(|rc| rc.seen), Some(Seen::Peeked));
    assert_eq!(view(&s).row[1].as_deref(), Some(card.id()));
    // Known now: no second peek at it; the others still offered.
    assert!(!is_legal(&s, &peek(1, Price::Resolve(1))));
    assert_eq!(
        why_not(&s, &peek(1, Price::Resolve(1))),
        Some(Why::AlreadyKnown)
    );
    assert!(is_legal(&s, &peek(0, Price::Resolve(1))));
}

#[test]
fn a_peek_too_dear_is_refused_with_its_reason_and_shown_greyed() {
    let mut s = start_ruled(&rocks(), &["paid-peek"], &[]);
    let p = peek(0, Price::Resolve(1));
    assert!(!is_legal(&s, &p));
    let why = why_not(&s, &p).expect("refused");
    assert_eq!(
        why.to_string(),
        "A peek costs 1 Resolve: your marker is at 0."
    );
    assert!(check(&s, &p).is_err());
    let shown = candidates(&s);
    assert_eq!(shown.len(), 7, "{shown:?}");
    assert_eq!(shown[4], (peek(0, Price::Resolve(1)), Some(why.clone())));
    set_marker(&mut s, -2);
    assert_eq!(
        why_not(&s, &p).map(|w| w.to_string()).as_deref(),
        Some("A peek costs 1 Resolve: your marker is at Dread 2.")
    );
    // Asked at another price than the run's.
    set_marker(&mut s, 3);
    assert_eq!(
        why_not(&s, &peek(0, Price::Health(1))),
        Some(Why::PeekPriceIs {
            price: "1 Resolve".into()
        })
    );
}

#[test]
fn a_peek_priced_in_health_never_takes_the_last_point() {
    let mut s = start_ruled(&rocks(), &["paid-peek=health:2"], &[]);
    let p = peek(2, Price::Health(2));
    set_health(&mut s, 2);
    assert_eq!(
        why_not(&s, &p).map(|w| w.to_string()).as_deref(),
        Some("A peek costs 2 Health: it would leave you at 0 Health.")
    );
    set_health(&mut s, 10);
    let card = s.row[2].expect("dealt").card;
    assert_eq!(
        act(&mut s, p),
        vec![
            Event::HealthChanged { by: -2, health: 8 },
            Event::CardSeen {
                slot: 2,
                card,
                face_up: false,
            },
        ]
    );
}

#[test]
fn no_peek_without_the_rule_nor_once_a_card_is_flipped() {
    let mut s = start_lab(&rocks(), &[]);
    set_marker(&mut s, 4);
    let p = peek(0, Price::Resolve(1));
    assert!(!is_legal(&s, &p));
    assert_eq!(why_not(&s, &p), Some(Why::NoPaidPeek));
    assert!(
        !candidates(&s)
            .iter()
            .any(|(a, _)| matches!(a, Action::Peek { .. }))
    );

    let camp = r#"{"id": "camp", "type": "rest"}"#;
    let mut s = start_ruled(&looking::rocks_and(camp), &["paid-peek"], &[]);
    set_marker(&mut s, 4);
    bring_up(&mut s, "camp");
    flip_id(&mut s, "camp");
    assert!(!legal(&s).iter().any(|a| matches!(a, Action::Peek { .. })));
    assert_eq!(why_not(&s, &p), Some(Why::NotNow { phase: "rest" }));
}

#[test]
fn a_snare_forbidding_resolve_spends_forbids_a_resolve_peek_but_not_a_free_one() {
    let snare =
        r#"{"id": "gloom", "name": "Gloom", "type": "snare", "passive": ["no_spend_resolve"]}"#;
    let mut s = start_ruled(&looking::rocks_and(snare), &["paid-peek"], &[]);
    bring_up(&mut s, "gloom");
    flip_id(&mut s, "gloom");
    set_marker(&mut s, 2);
    let hidden = (0..3u8)
        .find(|&i| s.row[i as usize].is_some_and(|rc| rc.seen == Seen::Hidden))
        .expect("a face-down card");
    assert_eq!(
        why_not(&s, &peek(hidden, Price::Resolve(1))),
        Some(Why::ForbiddenBySnare {
            snare: "Gloom".into()
        })
    );
    let mut s = start_ruled(&looking::rocks_and(snare), &["paid-peek=resolve:0"], &[]);
    bring_up(&mut s, "gloom");
    flip_id(&mut s, "gloom");
    assert!(legal(&s).iter().any(|a| matches!(a, Action::Peek { .. })));
}

#[test]
fn hit_on_six_changes_the_sixth_face_only() {
    let plain = start_lab(&rocks(), &[]);
    let ruled = start_ruled(&rocks(), &["hit-on-six"], &[]);
    let (a, b) = (mods(&plain).table.0, mods(&ruled).table.0);
    assert_eq!(a[..5], b[..5]);
    assert_eq!(a[5], Strike::Counter);
    assert_eq!(b[5], Strike::Hit);
    // In a duel: a 6 against the foe's Strike face deals 1 + ATK (0) and blocks nothing.
    let foe = table_foe();
    for (rules, expected) in [(&[][..], (1, 0)), (&["hit-on-six"][..], (1, 2))] {
        let mut s = start_ruled(&arr(&[&foe, ROCK]), rules, &[6, 3]);
        bring_up(&mut s, "foe");
        flip_id(&mut s, "foe");
        let events = act(&mut s, Action::Roll);
        assert_eq!(damage(&events), expected, "{rules:?}");
    }
}

#[test]
fn a_traveller_card_with_its_own_table_keeps_it_under_hit_on_six() {
    let traveller = TRAVELLER.replace(
        r#""def": 0"#,
        r#""def": 0, "table": ["miss", "miss", "hit", "hit", "critical", "critical"]"#,
    );
    let cards = Lab::new(&rocks()).traveller(&traveller).build();
    let rules = HouseRules::parse_all(&["hit-on-six"]).expect("known");
    let s = new_run_opts(cards, 1, vec![], false, DiceMode::Rolled, rules).0;
    assert_eq!(mods(&s).table.0[5], Strike::Critical);
    // Printing the rules' own table (as the shipped traveller does) names no table of its
    // own: the house rule applies.
    let traveller = TRAVELLER.replace(
        r#""def": 0"#,
        r#""def": 0, "table": ["miss", "parry", "hit", "hit", "critical", "counter"]"#,
    );
    let cards = Lab::new(&rocks()).traveller(&traveller).build();
    let s = new_run_opts(cards, 1, vec![], false, DiceMode::Rolled, rules).0;
    assert_eq!(mods(&s).table.0[5], Strike::Hit);
}
