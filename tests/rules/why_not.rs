//! Rules tests: why an action is not offered (`why_not`) and what a table shows
//! (`candidates`), with each reason at least once.

use super::*;
use forward::core::rules::GRACE_MAX;
use forward::core::{Why, candidates, legal_actions, why_not};

const CAMP: &str = r#"{"id": "camp", "type": "rest"}"#;

/// Every candidate at a Rest: both spends (with their reasons), then the rest offered.
fn rest_candidates(
    marker: i8,
    grace: u8,
    health: i32,
    snare: Option<&str>,
) -> Vec<(Action, Option<Why>)> {
    let mut cards = vec![CAMP, ROCK];
    if let Some(s) = snare {
        cards.insert(0, s);
    }
    let mut s = start_lab(&arr(&cards), &[]);
    if snare.is_some() {
        flip_id(&mut s, "nightmare");
    }
    set_marker(&mut s, marker);
    set_grace(&mut s, grace);
    set_health(&mut s, health);
    flip_id(&mut s, "camp");
    candidates(&s)
}

#[test]
fn at_a_rest_both_spends_are_shown_first_with_why_they_are_not_offered() {
    let grace = spend(SpendFor::Grace);
    let heal = spend(SpendFor::Heal);
    let rest = |g: Option<Why>, h: Option<Why>| {
        vec![
            (grace.clone(), g),
            (heal.clone(), h),
            (Action::Continue, None),
            (Action::Abandon, None),
        ]
    };
    assert_eq!(
        rest_candidates(0, 0, 10, None),
        rest(Some(Why::NeedResolve), Some(Why::NeedResolve))
    );
    assert_eq!(
        rest_candidates(3, GRACE_MAX, 20, None),
        rest(Some(Why::GraceFull), Some(Why::HealthFull))
    );
    assert_eq!(rest_candidates(3, 0, 10, None), rest(None, None));
    let forbidden = || {
        Some(Why::ForbiddenBySnare {
            snare: "nightmare".into(),
        })
    };
    for passive in ["no_rest", "no_spend_resolve"] {
        let snare = format!(r#"{{"id": "nightmare", "type": "snare", "passive": ["{passive}"]}}"#);
        assert_eq!(
            rest_candidates(3, 0, 10, Some(&snare)),
            rest(forbidden(), forbidden()),
            "{passive}"
        );
    }
    assert_eq!(
        Why::NeedResolve.to_string(),
        "You need Resolve 1 or more to spend."
    );
    assert_eq!(Why::HealthFull.to_string(), "Your Health is full.");
    assert_eq!(Why::GraceFull.to_string(), "Grace is at most 3.");
    assert_eq!(
        forbidden().unwrap().to_string(),
        "Not possible now (nightmare forbids it)."
    );
}

#[test]
fn at_a_terror_every_option_is_shown_in_card_order_with_its_cost_when_unpaid() {
    let mut s = start_lab(&arr(&[TERROR, ROCK]), &[]);
    set_marker(&mut s, 1);
    flip_id(&mut s, "dread_gate");
    let cannot = Why::CannotPay {
        cost: "costs 2 Resolve".into(),
    };
    assert_eq!(
        candidates(&s),
        vec![
            (Action::Choose { option: 0 }, Some(cannot.clone())),
            (Action::Choose { option: 1 }, None),
            (Action::Abandon, None),
        ]
    );
    assert_eq!(
        cannot.to_string(),
        "Cannot be chosen: it costs 2 Resolve, which you cannot pay."
    );
    assert_eq!(
        why_not(&s, &Action::Choose { option: 9 }),
        Some(Why::NoSuchSlot)
    );
    // With Resolve enough but a Snare forbidding its spending, the Snare is named.
    let snare = r#"{"id": "gag", "type": "snare", "passive": ["no_spend_resolve"]}"#;
    let mut s = start_lab(&arr(&[snare, TERROR, ROCK]), &[]);
    flip_id(&mut s, "gag");
    set_marker(&mut s, 3);
    flip_id(&mut s, "dread_gate");
    assert_eq!(
        why_not(&s, &Action::Choose { option: 0 }),
        Some(Why::ForbiddenBySnare {
            snare: "gag".into()
        })
    );
}

#[test]
fn exploring_names_a_missing_slot_another_moment_and_a_card_not_held() {
    let mut s = start_lab(&arr(&[ROCK]), &[]);
    assert_eq!(why_not(&s, &Action::Flip { slot: 0 }), None);
    assert_eq!(
        why_not(&s, &Action::Flip { slot: 7 }),
        Some(Why::NoSuchSlot)
    );
    let waiting = Why::NotNow { phase: "explore" };
    assert_eq!(why_not(&s, &Action::Roll), Some(waiting.clone()));
    assert_eq!(
        waiting.to_string(),
        "Not now: the game is waiting for explore."
    );
    assert_eq!(why_not(&s, &give("rope", "hound")), Some(Why::NotHeld));
    // Outside a phase with choices, the candidates are the legal actions.
    let offered: Vec<(Action, Option<Why>)> =
        legal_actions(&s).into_iter().map(|a| (a, None)).collect();
    assert_eq!(candidates(&s), offered);
    act(&mut s, Action::Abandon);
    assert_eq!(why_not(&s, &Action::Flip { slot: 0 }), Some(Why::RunOver));
    assert_eq!(candidates(&s), vec![]);
}

#[test]
fn a_full_slot_kind_refuses_take_and_a_route_refuses_an_unlinked_domain() {
    let items = arr(&[
        r#"{"id": "i1", "type": "item"}"#,
        r#"{"id": "i2", "type": "item"}"#,
        r#"{"id": "i3", "type": "item"}"#,
    ]);
    let mut s = start_lab(&items, &[]);
    get(&mut s, "i1");
    get(&mut s, "i2");
    flip_id(&mut s, "i3");
    assert_eq!(why_not(&s, &Action::Take), Some(Why::SlotsFull));
    assert_eq!(
        why_not(&s, &Action::Swap { slot: 5 }),
        Some(Why::NoSuchSlot)
    );
    let mut s = start_lab(&arr(&[ROCK]), &[]);
    clear_domain(&mut s);
    assert_eq!(why_not(&s, &go("b")), None);
    assert_eq!(why_not(&s, &go("z")), Some(Why::NotOffered));
    assert_eq!(Why::NotOffered.to_string(), "Not possible now.");
}

#[test]
fn abilities_and_rerolls_not_ready_say_so() {
    let flask = r#"{"id": "flask", "type": "item", "use": {"duel_only": true, "effects": [{"hit_foe": 2}]}}"#;
    let mut s = start_lab(&arr(&[flask, ROCK]), &[]);
    get(&mut s, "flask");
    assert_eq!(why_not(&s, &use_card("flask")), Some(Why::CannotUse));
    // A free reroll card waiting, no Grace: a Grace reroll has nothing to pay with.
    let coin = r#"{"id": "coin", "type": "item", "use": {"per": "fight", "reroll": true}}"#;
    let rat = dummy("rat", 2, "");
    let mut s = start_lab(&arr(&[coin, &rat, ROCK]), &[1, 1, 3, 3, 1]);
    get(&mut s, "coin");
    flip_id(&mut s, "rat");
    act(&mut s, Action::Roll);
    assert!(is_legal(&s, &reroll_with(Die::Traveller, "coin")));
    assert_eq!(why_not(&s, &reroll(Die::Traveller)), Some(Why::NoReroll));
    assert_eq!(
        why_not(&s, &reroll_with(Die::Traveller, "flask")),
        Some(Why::CannotUse)
    );
}
