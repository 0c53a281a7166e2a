//! Rules tests: the Guardian's terms judged by the map's order and each piece's price
//! (`core::plan`), on small worlds built for the case.

use super::*;
use forward::cards::CardSet;
use forward::core::TermStatus;
use forward::core::consequence::breaks_all;
use forward::core::lore::{Lore, TermsMode};
use forward::core::plan::{Need, needs, status, together};
use std::sync::Arc;

/// One seal: the Knight must follow. He waits in `b` and joins only when shown the shard,
/// which lies in `c`.
const KNIGHT_SEAL: &str = r#"{
    "id": "guardian", "name": "The Guardian", "type": "guardian", "text": "", "hp": 3,
    "faces": [{"name": "Stare"}, {"name": "Stare"}, {"name": "Stare"},
              {"name": "Stare"}, {"name": "Stare"}, {"name": "Stare"}],
    "requirements": [],
    "seals": [
        {"id": "seal_mirror", "name": "Seal of the Mirror", "text": "The Knight must follow.",
         "broken_by": {"follows": "knight"}, "penalty": "full_heal"}
    ]
}"#;

const SHARD: &str = r#"{"id": "shard", "name": "Mirror Shard", "type": "item"}"#;

/// Unbeatable, with a toll: passed for a price, he stays behind; shown the shard, he joins.
const KNIGHT: &str = r#"{"id": "knight", "name": "Mirror Knight", "type": "foe", "hp": 5,
    "faces": [{"name": "Mirror"}, {"name": "Mirror"}, {"name": "Mirror"},
              {"name": "Mirror"}, {"name": "Mirror"}, {"name": "Mirror"}],
    "unbeatable": true,
    "passage": [{"label": "Show the shard", "show": "shard", "joins": true}],
    "toll": [{"dread": 1}]}"#;

/// `a` leads to `b` and `c`, which lead to each other and to `z`: both orders are open
/// from `a`, but once in `b` the Knight comes before the shard.
fn knight_world(a: &str) -> Arc<CardSet> {
    Lab::new(a)
        .b(&arr(&[KNIGHT]))
        .c(&arr(&[SHARD]))
        .guardian(KNIGHT_SEAL)
        .build()
}

/// The newcomer's route: a Domain that holds a companion's price must come before the
/// companion's. Going the wrong way breaks the seal before it is taken, and the words
/// name the price and the order.
#[test]
fn a_route_that_meets_the_knight_before_his_shard_breaks_the_seal_before_it_is_taken() {
    let cards = knight_world(&arr(&[ROCK]));
    let mut s = start(&cards, &[]);
    assert_eq!(status(&s, 0).0, TermStatus::Open);
    let shard = cards.card_by_str("shard").expect("the shard");
    let knight = cards.card_by_str("knight").expect("the Knight");
    let (b, c) = (
        cards.domain_by_str("b").expect("b"),
        cards.domain_by_str("c").expect("c"),
    );
    assert_eq!(
        needs(&s, 0),
        vec![
            Need::Find {
                card: shard,
                domain: Some(c)
            },
            Need::Win {
                card: knight,
                domain: Some(b),
                price: Some(shard),
                gives: false
            },
        ],
        "first the shard in c, then the Knight in b"
    );
    clear_domain(&mut s);
    assert!(
        breaks_all(&s, &go("b")).is_empty(),
        "unknown terms: no warning"
    );
    s.set_lore(Lore {
        mode: TermsMode::Start,
        ..s.lore.clone()
    });
    // Both Domains are still ahead either way: the old question ("does some route visit
    // b?") said open; the order says otherwise.
    let wrong = breaks_all(&s, &go("b"));
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    assert_eq!(
        wrong[0].1.why,
        "Mirror Knight asks to see Mirror Shard, and no way from here would reach Domain c before Domain b"
    );
    assert!(breaks_all(&s, &go("c")).is_empty());
    let events = act(&mut s, go("b"));
    let lost: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::TermLost(_)))
        .collect();
    assert_eq!(
        lost,
        vec![&Event::TermLost(Box::new(TermLoss {
            entry: 0,
            id: "seal_mirror".into(),
            name: "Seal of the Mirror".into(),
            why: "Mirror Knight asks to see Mirror Shard, and no way from here reaches Domain c before Domain b".into(),
            by: None,
            known: true,
        }))]
    );
    assert_eq!(status(&s, 0).0, TermStatus::Lost);
}

/// The same world the right way round: the shard, then the Knight, who joins.
#[test]
fn the_shard_then_the_knight_meets_the_seal() {
    let cards = knight_world(&arr(&[ROCK]));
    let mut s = start(&cards, &[]);
    clear_domain(&mut s);
    act(&mut s, go("c"));
    take_id(&mut s, "shard");
    assert_eq!(status(&s, 0).0, TermStatus::Open);
    clear_domain(&mut s);
    act(&mut s, go("b"));
    flip_id(&mut s, "knight");
    let events = act(&mut s, show("shard", "knight"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::CompanionJoined { .. }))
    );
    assert_eq!(status(&s, 0).0, TermStatus::Met);
}

/// Met in the same Domain, the Knight flipped before the shard: the seal is lost at that
/// flip, and the words say he asks for a card the traveller does not hold.
#[test]
fn the_knight_met_before_the_shard_in_one_domain_loses_the_seal_at_the_flip() {
    let cards = Lab::new(&arr(&[KNIGHT, SHARD]))
        .guardian(KNIGHT_SEAL)
        .build();
    let mut s = start(&cards, &[]);
    assert_eq!(status(&s, 0).0, TermStatus::Open);
    let events = flip_id(&mut s, "knight");
    let whys: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::TermLost(t) => Some(t.why.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        whys,
        ["Mirror Knight asks to see Mirror Shard, which the traveller does not hold"]
    );
}

/// Two seals whose pieces lie on two roads that never meet: each is open, but no single
/// route meets both, and `together` says so; choosing a road loses the other seal.
#[test]
fn two_seals_on_roads_that_never_meet_are_open_but_not_together() {
    const FORK: &str = r#"{
        "start": "a", "final": "z",
        "domains": [
            {"id": "a", "file": "domains/a.json", "row": 1, "column": 0, "links": ["b", "c"]},
            {"id": "b", "file": "domains/b.json", "row": 2, "column": 0, "links": ["z"]},
            {"id": "c", "file": "domains/c.json", "row": 2, "column": 1, "links": ["z"]},
            {"id": "z", "file": "domains/z.json", "row": 3, "column": 0, "links": []}
        ]
    }"#;
    const TWO: &str = r#"{
        "id": "guardian", "name": "The Guardian", "type": "guardian", "text": "", "hp": 3,
        "faces": [{"name": "Stare"}, {"name": "Stare"}, {"name": "Stare"},
                  {"name": "Stare"}, {"name": "Stare"}, {"name": "Stare"}],
        "requirements": [],
        "seals": [
            {"id": "seal_left", "name": "Left Seal", "text": "Bring the bell.",
             "broken_by": {"holds": "bell"}, "penalty": "full_heal"},
            {"id": "seal_right", "name": "Right Seal", "text": "Bring the lamp.",
             "broken_by": {"holds": "lamp"}, "penalty": "reflect"}
        ]
    }"#;
    let cards = Lab::new(&arr(&[ROCK]))
        .b(&arr(&[r#"{"id": "bell", "type": "equipment"}"#]))
        .c(&arr(&[r#"{"id": "lamp", "type": "item"}"#]))
        .map(FORK)
        .guardian(TWO)
        .build();
    let mut s = start(&cards, &[]);
    assert_eq!(status(&s, 0).0, TermStatus::Open);
    assert_eq!(status(&s, 1).0, TermStatus::Open);
    assert!(!together(&s, false), "no route passes both b and c");
    clear_domain(&mut s);
    let events = act(&mut s, go("b"));
    let lost: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            Event::TermLost(t) => Some(t.entry),
            _ => None,
        })
        .collect();
    assert_eq!(lost, [1]);
    assert!(together(&s, false), "what is left can be met together");
}
