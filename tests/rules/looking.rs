//! Rules tests: looking at cards.

use super::*;
use forward::core::CardOrder;

/// Ten quiet cards plus `extra`, for tests that look at the row and the deck.
pub(crate) fn rocks_and(extra: &str) -> String {
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
    act(&mut s, Action::Flip { slot: k as u8 });
    // Two face-down cards and one peek: the traveller picks which.
    let other = (0..3).find(|&i| i != k && i != j).unwrap();
    let mut looks = vec![
        Action::Look { slot: j as u8 },
        Action::Look { slot: other as u8 },
    ];
    looks.sort_by_key(|a| match a {
        Action::Look { slot } => *slot,
        _ => 9,
    });
    looks.push(Action::Abandon);
    assert_eq!(legal(&s), looks);
    let events = act(&mut s, Action::Look { slot: j as u8 });
    assert_eq!(
        events[..2],
        [
            Event::CardSeen {
                slot: j as u8,
                card: target,
                face_up: false,
            },
            Event::ChoiceClosed,
        ]
    );
    assert_eq!(s.row[j].unwrap().seen, Seen::Peeked);
    let row = view(&s).row;
    assert_eq!(row[j], Some(target.id().to_string()));
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
        assert_eq!(v.row[i], Some(rc.card.id().to_string()));
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
    assert_eq!(v.deck_seen, vec![top[1].id().to_string()]);
    assert_eq!(v.row[k as usize], Some(top[0].id().to_string()));
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
        Event::ChoiceOffered(o) if matches!(&o.kind, ChoiceKind::Reorder { cards } if *cards == top)
    ));
    // Every order is offered.
    let offered = legal(&s);
    assert_eq!(offered.len(), 6 + 1);
    assert!(offered.contains(&Action::Order {
        order: CardOrder::new(&[0, 1, 2]).expect("a short order")
    }));
    let chosen = vec![top[2], top[0], top[1]];
    assert_eq!(
        act(
            &mut s,
            Action::Order {
                order: CardOrder::new(&[2, 0, 1]).expect("a short order")
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
    assert_eq!(view(&s).row[k as usize], Some(chosen[0].id().to_string()));
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

#[test]
fn peek_lets_the_traveller_pick_any_face_down_card() {
    // A lantern held in Explore: three face-down cards, two peeks. The traveller picks
    // the rightmost first, then the middle one; the leftmost stays unknown.
    let lantern =
        r#"{"id": "lantern", "type": "item", "use": {"per": "run", "effects": [{"peek": 2}]}}"#;
    let mut s = start_lab(&rocks_and(lantern), &[]);
    bring_up(&mut s, "lantern");
    get(&mut s, "lantern");
    assert!(
        s.row
            .iter()
            .all(|r| r.is_some_and(|rc| rc.seen == Seen::Hidden))
    );
    act(&mut s, use_card("lantern"));
    assert_eq!(
        legal(&s),
        vec![
            Action::Look { slot: 0 },
            Action::Look { slot: 1 },
            Action::Look { slot: 2 },
            Action::Abandon
        ]
    );
    let right = s.row[2].unwrap().card;
    let events = act(&mut s, Action::Look { slot: 2 });
    let asked = |left: u8| {
        Event::ChoiceOffered(Box::new(ChoiceOffer {
            kind: ChoiceKind::Look {
                left,
                face_up: false,
            },
            pending: Vec::new().into(),
            sources: Vec::new().into(),
        }))
    };
    assert_eq!(
        events,
        vec![
            Event::CardSeen {
                slot: 2,
                card: right,
                face_up: false,
            },
            Event::ChoiceClosed,
            asked(1),
        ]
    );
    assert_eq!(
        legal(&s),
        vec![
            Action::Look { slot: 0 },
            Action::Look { slot: 1 },
            Action::Abandon
        ]
    );
    let middle = s.row[1].unwrap().card;
    let events = act(&mut s, Action::Look { slot: 1 });
    assert_eq!(
        events,
        vec![
            Event::CardSeen {
                slot: 1,
                card: middle,
                face_up: false,
            },
            Event::ChoiceClosed,
        ]
    );
    assert_eq!(s.row[0].unwrap().seen, Seen::Hidden);
    assert_eq!(s.phase, Phase::Explore);
}
