//! Rules tests: Domains and the route.

use super::*;

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
    let names: Vec<&str> = s.cleared.iter().map(|d| d.id()).collect();
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
                foe: "guardian".into(),
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
