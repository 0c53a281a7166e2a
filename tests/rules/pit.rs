//! Rules tests: Pit.

use super::*;

pub(crate) const LEDGE: &str = r#"{"id": "ledge", "type": "pit", "test": {"target": 4,
    "success": [{"resolve": 1}], "failure": [{"lose_health": 3}]}}"#;

#[test]
fn pit_single_test_success() {
    let mut s = start_lab(&arr(&[LEDGE, ROCK]), &[4]);
    flip_id(&mut s, "ledge");
    assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
    let l = card(&s, "ledge");
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            Event::TestRolled {
                card: l,
                dice: [4].into(),
            },
            Event::TestJudged {
                card: l,
                total: 4,
                target: 4,
                success: true,
                successes: 1,
                failures: 0,
                over: true,
            },
            Event::MarkerMoved { by: 1, marker: 1 },
            Event::CardDiscarded {
                card: l,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: l },
        ]
    );
}

#[test]
fn pit_single_test_failure() {
    let mut s = start_lab(&arr(&[LEDGE, ROCK]), &[3]);
    flip_id(&mut s, "ledge");
    let l = card(&s, "ledge");
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            Event::TestRolled {
                card: l,
                dice: [3].into(),
            },
            Event::TestJudged {
                card: l,
                total: 3,
                target: 4,
                success: false,
                successes: 0,
                failures: 1,
                over: true,
            },
            Event::HealthChanged { by: -3, health: 17 },
            Event::CardDiscarded {
                card: l,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: l },
        ]
    );
}

#[test]
fn pit_test_with_two_dice_adds_them() {
    let wall = r#"{"id": "wall", "type": "pit", "test": {"target": 8, "dice": 2,
        "success": [{"resolve": 1}], "failure": [{"dread": 1}]}}"#;
    let mut s = start_lab(&arr(&[wall, ROCK]), &[3, 5]);
    flip_id(&mut s, "wall");
    let events = act(&mut s, Action::Roll);
    let w = card(&s, "wall");
    assert_eq!(
        events[..2],
        [
            Event::TestRolled {
                card: w,
                dice: [3, 5].into(),
            },
            Event::TestJudged {
                card: w,
                total: 8,
                target: 8,
                success: true,
                successes: 1,
                failures: 0,
                over: true,
            },
        ]
    );
}

pub(crate) const CLIMB: &str = r#"{"id": "climb", "type": "pit", "test": {"target": 4, "extended": true,
    "success": [{"resolve": 2}], "failure": [{"dread": 2}], "each_failure": [{"lose_health": 1}]}}"#;

pub(crate) fn judged(
    card: forward::cards::CardRef,
    total: i32,
    ok: bool,
    s: u8,
    f: u8,
    over: bool,
) -> Event {
    Event::TestJudged {
        card,
        total,
        target: 4,
        success: ok,
        successes: s,
        failures: f,
        over,
    }
}

#[test]
fn pit_extended_three_failures_before_three_successes() {
    let mut s = start_lab(&arr(&[CLIMB, ROCK]), &[2, 5, 2, 2]);
    flip_id(&mut s, "climb");
    let c = card(&s, "climb");
    let rolled = |d: u8| Event::TestRolled {
        card: c,
        dice: [d].into(),
    };
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            rolled(2),
            judged(c, 2, false, 0, 1, false),
            Event::HealthChanged { by: -1, health: 19 },
        ]
    );
    assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![rolled(5), judged(c, 5, true, 1, 1, false)]
    );
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            rolled(2),
            judged(c, 2, false, 1, 2, false),
            Event::HealthChanged { by: -1, health: 18 },
        ]
    );
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            rolled(2),
            judged(c, 2, false, 1, 3, true),
            Event::HealthChanged { by: -1, health: 17 },
            Event::MarkerMoved { by: -2, marker: -2 },
            Event::CardDiscarded {
                card: c,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: c },
        ]
    );
}

#[test]
fn pit_extended_three_successes_before_three_failures() {
    let mut s = start_lab(&arr(&[CLIMB, ROCK]), &[5, 1, 6, 4]);
    flip_id(&mut s, "climb");
    let c = card(&s, "climb");
    for _ in 0..3 {
        act(&mut s, Action::Roll);
    }
    assert_eq!(s.health, 19);
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            Event::TestRolled {
                card: c,
                dice: [4].into(),
            },
            judged(c, 4, true, 3, 1, true),
            Event::MarkerMoved { by: 2, marker: 2 },
            Event::CardDiscarded {
                card: c,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: c },
        ]
    );
}

#[test]
fn pit_test_modifiers_from_equipment_and_a_next_test_bonus() {
    let boots = r#"{"id": "boots", "type": "equipment", "passive": [{"test_rolls": 1}]}"#;
    let omen = r#"{"id": "omen", "type": "caesura", "effects": [{"bonus": {"to": "next_test", "amount": 2}}]}"#;
    // Equipment alone: 3 + 1 = 4.
    let mut s = start_lab(&arr(&[boots, LEDGE, ROCK]), &[3]);
    get(&mut s, "boots");
    flip_id(&mut s, "ledge");
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::TestJudged {
            total: 4,
            success: true,
            ..
        }
    ));
    // The bonus alone: 2 + 2 = 4, used up by the test.
    let mut s = start_lab(&arr(&[omen, LEDGE, ROCK]), &[2]);
    let events = flip_id(&mut s, "omen");
    assert_eq!(
        events[1],
        Event::BonusGained {
            to: BonusTarget::NextTest,
            amount: 2,
        }
    );
    flip_id(&mut s, "ledge");
    let l = card(&s, "ledge");
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events[..3],
        [
            Event::TestRolled {
                card: l,
                dice: [2].into(),
            },
            Event::BonusUsed {
                to: BonusTarget::NextTest,
                amount: 2,
            },
            Event::TestJudged {
                card: l,
                total: 4,
                target: 4,
                success: true,
                successes: 1,
                failures: 0,
                over: true,
            },
        ]
    );
    assert_eq!(s.bonus.next_test, 0);
    // Both: 1 + 1 + 2 = 4.
    let mut s = start_lab(&arr(&[boots, omen, LEDGE]), &[1]);
    get_all(&mut s, &["boots", "omen"]);
    flip_id(&mut s, "ledge");
    let events = act(&mut s, Action::Roll);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::TestJudged {
            total: 4,
            success: true,
            ..
        }
    )));
}

#[test]
fn pit_next_test_bonus_applies_to_every_roll_of_an_extended_test() {
    let omen = r#"{"id": "omen", "type": "caesura", "effects": [{"bonus": {"to": "next_test", "amount": 1}}]}"#;
    let mut s = start_lab(&arr(&[omen, CLIMB, ROCK]), &[3, 3, 3]);
    flip_id(&mut s, "omen");
    flip_id(&mut s, "climb");
    act(&mut s, Action::Roll);
    act(&mut s, Action::Roll);
    assert_eq!(s.bonus.next_test, 1, "kept until the test is over");
    let events = act(&mut s, Action::Roll);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::TestJudged {
            successes: 3,
            over: true,
            ..
        }
    )));
    assert_eq!(s.bonus.next_test, 0);
}

#[test]
fn pit_grace_rerolls_a_test_die_and_the_window_works_like_a_duel() {
    let mut s = start_lab(&arr(&[LEDGE, ROCK]), &[2, 5]);
    set_grace(&mut s, 1);
    flip_id(&mut s, "ledge");
    let l = card(&s, "ledge");
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![Event::TestRolled {
            card: l,
            dice: [2].into(),
        }]
    );
    assert_eq!(
        legal(&s),
        vec![reroll(Die::Test), Action::Continue, Action::Abandon]
    );
    let events = act(&mut s, reroll(Die::Test));
    assert_eq!(
        events[..3],
        [
            Event::Rerolled {
                die: Die::Test,
                index: 0,
                value: 5,
                card: None,
            },
            Event::GraceChanged { by: -1, grace: 0 },
            Event::TestJudged {
                card: l,
                total: 5,
                target: 4,
                success: true,
                successes: 1,
                failures: 0,
                over: true,
            },
        ]
    );
}
