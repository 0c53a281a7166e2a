//! Rules tests: Companions.

use super::*;

pub(crate) const BREAD: &str = r#"{"id": "bread", "type": "item"}"#;
pub(crate) const HOUND: &str = r#"{"id": "hound", "type": "companion", "join": {"give": "bread"},
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
