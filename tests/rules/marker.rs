//! Rules tests: Resolve / Dread.

use super::*;

#[test]
fn resolve_is_capped_at_plus_four() {
    let boon = r#"{"id": "boon", "type": "caesura", "effects": [{"resolve": 3}]}"#;
    let boon2 = r#"{"id": "boon2", "type": "caesura", "effects": [{"resolve": 1}]}"#;
    let mut s = start_lab(&arr(&[boon, boon2, ROCK]), &[]);
    set_marker(&mut s, 2);
    let events = flip_id(&mut s, "boon");
    assert_eq!(events[1], Event::MarkerMoved { by: 2, marker: 4 });
    assert_eq!(s.marker, 4);
    // At +4 a Resolve gain changes nothing.
    let events = flip_id(&mut s, "boon2");
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::MarkerMoved { .. }))
    );
    assert_eq!(s.marker, 4);
}

#[test]
fn marker_neutral_sets_the_marker_to_zero_from_either_side() {
    let calm = r#"{"id": "calm", "type": "caesura", "effects": [{"marker": "neutral"}]}"#;
    let calm2 = r#"{"id": "calm2", "type": "caesura", "effects": [{"marker": "neutral"}]}"#;
    let calm3 = r#"{"id": "calm3", "type": "caesura", "effects": [{"marker": "neutral"}]}"#;
    let mut s = start_lab(&arr(&[calm, calm2, calm3]), &[]);
    set_marker(&mut s, -3);
    let events = flip_id(&mut s, "calm");
    assert_eq!(events[1], Event::MarkerMoved { by: 3, marker: 0 });
    set_marker(&mut s, 4);
    let events = flip_id(&mut s, "calm2");
    assert_eq!(events[1], Event::MarkerMoved { by: -4, marker: 0 });
    // Already neutral: nothing moves.
    let events = flip_id(&mut s, "calm3");
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::MarkerMoved { .. }))
    );
    assert_eq!(s.marker, 0);
}

#[test]
fn dread_to_minus_four_is_fine_past_it_loses() {
    let fear = r#"{"id": "fear", "type": "caesura", "effects": [{"dread": 4}]}"#;
    let fear2 = r#"{"id": "fear2", "type": "caesura", "effects": [{"dread": 1}, {"resolve": 4}]}"#;
    let mut s = start_lab(&arr(&[fear, fear2, ROCK]), &[]);
    let events = flip_id(&mut s, "fear");
    assert_eq!(events[1], Event::MarkerMoved { by: -4, marker: -4 });
    assert_eq!(s.outcome, None);
    let events = flip_id(&mut s, "fear2");
    let f2 = card(&s, "fear2");
    assert_eq!(
        events,
        vec![
            Event::CardFlipped {
                slot: slot_of_flipped(&events),
                card: f2,
            },
            // The run ends at once: the rest of the card's effects do not run.
            Event::RunEnded {
                outcome: Outcome::Lost {
                    cause: Cause::Dread,
                    detail: "Dread passed its limit.".into(),
                },
            },
        ]
    );
    assert_eq!(s.marker, -4);
    assert_eq!(s.phase, Phase::Over);
}

#[test]
fn spending_resolve_at_a_rest_needs_marker_at_least_one() {
    let rest = r#"{"id": "camp", "type": "rest"}"#;
    for marker in [0, -2] {
        let mut s = start_lab(&arr(&[rest, ROCK]), &[]);
        set_marker(&mut s, marker);
        set_health(&mut s, 10);
        flip_id(&mut s, "camp");
        assert_eq!(legal(&s), vec![Action::Continue, Action::Abandon]);
        let before = snapshot(&s);
        assert!(execute(&mut s, &spend(SpendFor::Grace)).is_err());
        assert!(execute(&mut s, &spend(SpendFor::Heal)).is_err());
        assert_eq!(snapshot(&s), before);
    }
    let mut s = start_lab(&arr(&[rest, ROCK]), &[]);
    set_marker(&mut s, 1);
    set_health(&mut s, 10);
    flip_id(&mut s, "camp");
    assert_eq!(
        legal(&s),
        vec![
            spend(SpendFor::Grace),
            spend(SpendFor::Heal),
            Action::Continue,
            Action::Abandon
        ]
    );
}
