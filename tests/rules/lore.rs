//! Rules tests: learning the Guardian's terms on the road (rumours), at the reveal, and
//! what the terms mode shows.

use super::guardian::{BLADE, GUARDIAN_SEALED};
use super::*;
use forward::core::lore::{self, Lore, TermsMode};

/// A rumour card revealing the blade requirement and the flame seal.
const RUMOUR: &str =
    r#"{"id": "rumour", "type": "caesura", "reveals": ["req_blade", "seal_flame"]}"#;

fn learned_events(events: &[Event]) -> Vec<(u8, String, Option<String>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::EntryLearned {
                entry, id, card, ..
            } => Some((*entry, id.to_string(), card.map(|c| c.id().to_string()))),
            _ => None,
        })
        .collect()
}

#[test]
fn flipping_a_rumour_card_learns_the_entries_it_names_once() {
    let cards = Lab::new(&arr(&[RUMOUR, BLADE]))
        .guardian(GUARDIAN_SEALED)
        .build();
    let mut s = start(&cards, &[]);
    assert!(s.learned.is_empty());
    assert!(!lore::known(&s, 0), "nothing is known before the rumour");
    let events = flip_id(&mut s, "rumour");
    assert_eq!(
        learned_events(&events),
        vec![
            (0, "req_blade".to_string(), Some("rumour".to_string())),
            (2, "seal_flame".to_string(), Some("rumour".to_string())),
        ]
    );
    assert_eq!(s.learned, vec![0, 2]);
    assert!(lore::known(&s, 0) && lore::known(&s, 2));
    assert!(!lore::known(&s, 1) && !lore::known(&s, 3));
    // The public form names the entry, never its terms.
    let json = serde_json::to_string(&events).expect("events serialise");
    assert!(json.contains("entry_learned"), "{json}");
    assert!(!json.contains("Only the blade"), "{json}");
}

#[test]
fn a_domain_scene_reveals_its_entries_on_entering() {
    let cards = Lab::new(&arr(&[r#"{"id": "rock", "type": "caesura"}"#]))
        .guardian(GUARDIAN_SEALED)
        .scene_reveals("b", &["seal_gate"])
        .build();
    let mut s = start(&cards, &[]);
    clear_domain(&mut s);
    assert!(s.learned.is_empty());
    let events = act(&mut s, go("b"));
    assert_eq!(
        learned_events(&events),
        vec![(1, "seal_gate".to_string(), None)]
    );
    assert_eq!(s.learned, vec![1]);
}

#[test]
fn the_reveal_learns_every_entry() {
    let (s, _) = super::guardian::to_guardian(&[BLADE], false, &[]);
    assert!(s.revealed);
    let mut all = s.learned.clone();
    all.sort();
    assert_eq!(all, vec![0, 1, 2, 3]);
}

#[test]
fn the_terms_mode_decides_what_is_shown() {
    let cards = Lab::new(&arr(&[RUMOUR])).guardian(GUARDIAN_SEALED).build();
    let mut s = start(&cards, &[]);
    flip_id(&mut s, "rumour");
    // Learned on the road: this run's rumours and what earlier runs learned.
    s.set_lore(Lore::road(vec![3]));
    assert_eq!(lore::known_entries(&s), vec![0, 2, 3]);
    assert_eq!(lore::to_remember(&s), vec![0, 2]);
    // Shown from the start: everything, and nothing to remember.
    s.set_lore(Lore {
        mode: TermsMode::Start,
        ..s.lore.clone()
    });
    assert_eq!(lore::known_entries(&s), vec![0, 1, 2, 3]);
    assert!(lore::to_remember(&s).is_empty());
    // Revealed at the end: nothing before the Guardian appears, whatever was heard.
    s.set_lore(Lore {
        mode: TermsMode::End,
        ..s.lore.clone()
    });
    assert!(lore::known_entries(&s).is_empty());
    assert!(lore::to_remember(&s).is_empty());
}

#[test]
fn an_entry_points_at_the_domains_of_its_pieces() {
    const FERRYMAN_JOINS: &str = r#"{"id": "ferryman", "type": "companion", "carries": ["mirror"],
        "join": {"show": "ember"}}"#;
    let cards = Lab::new(&arr(&[BLADE]))
        .b(&arr(&[FERRYMAN_JOINS, super::guardian::MIRROR]))
        .c(&arr(&[super::guardian::EMBER]))
        .guardian(GUARDIAN_SEALED)
        .build();
    let s = start(&cards, &[]);
    let places = |ix| -> Vec<(String, String)> {
        lore::entry_places(&s, ix)
            .into_iter()
            .map(|(c, d)| (c.id().to_string(), d.id().to_string()))
            .collect()
    };
    let p = |c: &str, d: &str| (c.to_string(), d.to_string());
    assert_eq!(places(0), vec![p("blade", "a")]);
    // The gate asks for the ferryman, who asks to see the ember first.
    assert_eq!(places(1), vec![p("ferryman", "b"), p("ember", "c")]);
    assert_eq!(
        places(3),
        vec![p("ferryman", "b"), p("ember", "c"), p("mirror", "b")]
    );
}

/// The table's mark on a choice that breaks a known plan: declining a piece, and a route
/// with no way back to the Domain that holds one; the same choices are unmarked while the
/// terms are unknown.
#[test]
fn a_choice_that_puts_a_known_entry_out_of_reach_is_marked() {
    use forward::core::consequence::{Warning, consequence};
    let cards = Lab::new(&arr(&[BLADE])).guardian(GUARDIAN_SEALED).build();
    let mut s = start(&cards, &[]);
    flip_id(&mut s, "blade");
    assert!(matches!(s.phase, Phase::Offer { .. }));
    assert_eq!(
        consequence(&s, &Action::Decline),
        None,
        "unknown terms: no mark"
    );
    s.set_lore(Lore {
        mode: TermsMode::Start,
        ..s.lore.clone()
    });
    match consequence(&s, &Action::Decline) {
        Some(Warning::BreaksPlan(b)) => {
            assert_eq!(b.entry, "The Blade");
            assert_eq!(b.why, "blade would be gone for good");
            assert_eq!(
                b.to_string(),
                "blade would be gone for good, and The Blade needs it"
            );
        }
        other => panic!("expected a broken plan, got {other:?}"),
    }
    assert_eq!(consequence(&s, &Action::Take), None);

    // A route that never comes back to the ember's Domain.
    const ONE_WAY: &str = r#"{
        "start": "a", "final": "z",
        "domains": [
            {"id": "a", "file": "domains/a.json", "row": 1, "column": 0, "links": ["b", "c"]},
            {"id": "b", "file": "domains/b.json", "row": 2, "column": 0, "links": ["c", "z"]},
            {"id": "c", "file": "domains/c.json", "row": 2, "column": 1, "links": ["z"]},
            {"id": "z", "file": "domains/z.json", "row": 3, "column": 0, "links": []}
        ]
    }"#;
    let cards = Lab::new(&arr(&[r#"{"id": "rock", "type": "caesura"}"#]))
        .b(&arr(&[super::guardian::EMBER]))
        .map(ONE_WAY)
        .guardian(GUARDIAN_SEALED)
        .build();
    let mut s = start(&cards, &[]);
    s.set_lore(Lore::road(vec![2]));
    clear_domain(&mut s);
    match consequence(&s, &go("c")) {
        Some(Warning::BreaksPlan(b)) => {
            assert_eq!(b.entry, "The Flame");
            assert_eq!(b.why, "no way would lead back to Domain b");
        }
        other => panic!("expected a broken plan, got {other:?}"),
    }
    assert_eq!(consequence(&s, &go("b")), None);
}

/// The step that puts an entry out of reach says so, once, naming the card behind it:
/// declining the blade (its only copy) loses the blade requirement. The exact events of the
/// step, with the terms known and unknown (the fact is the same; `known` differs).
#[test]
fn declining_the_only_blade_loses_the_blade_requirement_once() {
    use super::guardian::{EMBER, FERRYMAN, MIRROR};
    use forward::core::TermStatus;
    use forward::core::plan::{known_status, status};
    let cards = Lab::new(&arr(&[BLADE]))
        .b(&arr(&[FERRYMAN, MIRROR, EMBER]))
        .guardian(GUARDIAN_SEALED)
        .build();
    for mode in [TermsMode::Road, TermsMode::Start] {
        let mut s = start(&cards, &[]);
        s.set_lore(Lore {
            mode,
            ..Lore::default()
        });
        assert!(s.lost.is_empty(), "every piece lies somewhere");
        assert_eq!(status(&s, 0).0, TermStatus::Open);
        flip_id(&mut s, "blade");
        let events = act(&mut s, Action::Decline);
        let blade = card(&s, "blade");
        assert_eq!(
            events,
            vec![
                Event::CardDiscarded {
                    card: blade,
                    from: forward::core::Zone::Resolving
                },
                Event::CardResolved { card: blade },
                Event::DomainCleared {
                    domain: dom(&s, "a")
                },
                Event::TermLost(Box::new(TermLoss {
                    entry: 0,
                    id: "req_blade".into(),
                    name: "The Blade".into(),
                    why: "blade is gone for good".into(),
                    by: Some(blade),
                    known: mode == TermsMode::Start,
                })),
            ],
            "{mode:?}"
        );
        assert_eq!(s.lost, vec![0]);
        let (st, gap) = status(&s, 0);
        assert_eq!(st, TermStatus::Lost);
        assert_eq!(
            gap.map(|g| g.now(&s)).as_deref(),
            Some("blade is gone for good")
        );
        // The traveller's view: the status only of a known entry.
        let shown = known_status(&s, 0).0;
        assert_eq!(
            shown,
            if mode == TermsMode::Start {
                TermStatus::Lost
            } else {
                TermStatus::Unknown
            }
        );
        assert_eq!(status(&s, 1).0, TermStatus::Open, "the others stay open");
        // Told once: the next step says nothing more of it.
        let events = act(&mut s, go("b"));
        assert!(
            !events.iter().any(|e| matches!(e, Event::TermLost(_))),
            "{events:?}"
        );
        // The log's line, only when the terms were known.
        let lost = Event::TermLost(Box::new(TermLoss {
            entry: 0,
            id: "req_blade".into(),
            name: "The Blade".into(),
            why: "blade is gone for good".into(),
            by: Some(blade),
            known: true,
        }));
        assert_eq!(
            forward::present::words::describe(&cards, &lost).as_deref(),
            Some(
                "The Blade is lost for good, after blade: blade is gone for good. The run can no longer meet it."
            )
        );
        let hidden = Event::TermLost(Box::new(TermLoss {
            entry: 0,
            id: "req_blade".into(),
            name: "The Blade".into(),
            why: "blade is gone for good".into(),
            by: Some(blade),
            known: false,
        }));
        assert_eq!(forward::present::words::describe(&cards, &hidden), None);
    }
}

/// A route that leaves a piece's Domain behind loses its entry at the step that goes,
/// with no card named; an entry met (held) is `met`.
#[test]
fn a_route_away_from_the_ember_loses_the_flame() {
    use forward::core::TermStatus;
    use forward::core::plan::status;
    const ONE_WAY: &str = r#"{
        "start": "a", "final": "z",
        "domains": [
            {"id": "a", "file": "domains/a.json", "row": 1, "column": 0, "links": ["b", "c"]},
            {"id": "b", "file": "domains/b.json", "row": 2, "column": 0, "links": ["c", "z"]},
            {"id": "c", "file": "domains/c.json", "row": 2, "column": 1, "links": ["z"]},
            {"id": "z", "file": "domains/z.json", "row": 3, "column": 0, "links": []}
        ]
    }"#;
    use super::guardian::{EMBER, FERRYMAN, MIRROR};
    let cards = Lab::new(&arr(&[BLADE]))
        .b(&arr(&[EMBER]))
        .c(&arr(&[FERRYMAN, MIRROR]))
        .map(ONE_WAY)
        .guardian(GUARDIAN_SEALED)
        .build();
    let mut s = start(&cards, &[]);
    clear_domain(&mut s);
    assert_eq!(status(&s, 0).0, TermStatus::Met, "the blade is held");
    assert_eq!(status(&s, 2).0, TermStatus::Open);
    let events = act(&mut s, go("c"));
    let lost: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::TermLost(_)))
        .collect();
    assert_eq!(
        lost,
        vec![&Event::TermLost(Box::new(TermLoss {
            entry: 2,
            id: "seal_flame".into(),
            name: "The Flame".into(),
            why: "no way leads back to Domain b".into(),
            by: None,
            known: false,
        }))]
    );
    assert_eq!(status(&s, 2).0, TermStatus::Lost);
    assert_eq!(s.lost, vec![2]);
}
