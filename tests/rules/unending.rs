//! Rules tests: fights that cannot end.

use super::*;

#[test]
fn a_fight_neither_side_can_win_ends_in_stalemate_without_on_defeat() {
    // DEF 2 against 2-damage faces that also block everything.
    let shell = r#"{"name": "Shell", "block": true, "deal": 2}"#;
    let turtle = format!(
        r#"{{"id": "turtle", "type": "foe", "hp": 5, "on_defeat": [{{"resolve": 1}}], "faces": {}}}"#,
        arr(&[shell, shell, shell, shell, shell, shell])
    );
    let mut s = start_lab(&arr(&[PLATE, &turtle, ROCK]), &[]);
    get(&mut s, "plate");
    let events = flip_id(&mut s, "turtle");
    let t = card(&s, "turtle");
    assert_eq!(
        events,
        vec![
            Event::CardFlipped {
                slot: slot_of_flipped(&events),
                card: t,
            },
            Event::DuelStarted {
                foe: "turtle".into(),
                hp: 5,
                card: Some(t),
                guardian: GuardianPenalties::default(),
                bonus: 0,
            },
            Event::DuelStalemate {
                foe: "turtle".into(),
                reason: "neither side can harm the other".into(),
            },
            Event::CardDiscarded {
                card: t,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: t },
        ]
    );
    assert_eq!(s.marker, 0, "no on-defeat effects");
    assert_eq!(s.phase, Phase::Explore);
    assert_eq!(s.outcome, None);
}

#[test]
fn a_duel_reaching_the_exchange_limit_ends_in_stalemate() {
    // The traveller parries a 1-damage jab every time: both could fall, neither does.
    let f = arr(&[r#"{"name": "Jab", "deal": 1}"#; 6]);
    let forced: Vec<u8> = [2, 1].repeat(EXCHANGE_LIMIT as usize);
    let mut s = duel(&[], &foe_with("dancer", 5, &f), &forced);
    for i in 1..EXCHANGE_LIMIT {
        let events = act(&mut s, Action::Roll);
        assert_eq!(events.len(), 2, "exchange {i}");
    }
    let events = act(&mut s, Action::Roll);
    let d = card(&s, "dancer");
    assert_eq!(
        events[2..],
        [
            Event::DuelStalemate {
                foe: "dancer".into(),
                reason: format!("{EXCHANGE_LIMIT} exchanges without an end"),
            },
            Event::CardDiscarded {
                card: d,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: d },
        ]
    );
    assert!(matches!(
        events[1],
        Event::ExchangeResolved { exchange, .. } if exchange == EXCHANGE_LIMIT
    ));
    assert_eq!(s.outcome, None);
    assert_eq!(s.phase, Phase::Explore);
}

#[test]
fn a_foe_that_cannot_be_hurt_but_can_hurt_fights_on() {
    // The foe blocks everything; the traveller has no DEF: no stalemate.
    let guard = r#"{"name": "Guard", "block": true, "deal": 2}"#;
    let f = arr(&[guard; 6]);
    let mut s = duel(&[], &foe_with("sentinel", 5, &f), &[1, 1]);
    assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
    assert_eq!(damage(&act(&mut s, Action::Roll)), (0, 2));
}

#[test]
fn an_empowered_hit_that_gets_through_defence_is_not_a_stalemate() {
    // DEF 2 stops the plain 2-damage faces, but Gather's +3 gets through: the foe can
    // harm the traveller, so the duel goes on.
    let guard = r#"{"name": "Guard", "block": true, "deal": 2}"#;
    let gather = r#"{"name": "Gather", "block": true, "empower": 3}"#;
    let f = arr(&[gather, guard, guard, guard, guard, guard]);
    let mut s = duel(&[PLATE], &foe_with("brooder", 5, &f), &[1, 1, 1, 2]);
    assert!(s.duel().is_some(), "the duel must go on: {:?}", s.phase);
    let hurt: Vec<i32> = roll_n(&mut s, 2).iter().map(|e| e.2).collect();
    assert_eq!(hurt, vec![0, 3]);
}

#[test]
fn a_skipped_roll_that_lets_damage_through_is_not_a_stalemate() {
    // With +5 to duel rolls the traveller always Counters, which blocks everything, but
    // Hex makes them skip a roll, and a skipped roll blocks nothing.
    let aegis = r#"{"id": "aegis", "type": "equipment", "passive": [{"duel_rolls": 5}]}"#;
    let guard = r#"{"name": "Guard", "block": true, "deal": 2}"#;
    let hex = r#"{"name": "Hex", "block": true, "skip_roll": true}"#;
    let f = arr(&[hex, guard, guard, guard, guard, guard]);
    let mut s = duel(&[aegis], &foe_with("witch", 5, &f), &[1, 1, 2]);
    assert!(s.duel().is_some(), "the duel must go on: {:?}", s.phase);
    let x = roll_n(&mut s, 2);
    assert_eq!(x[1].0, None);
    assert_eq!(x[1].2, 2);
}

#[test]
fn a_roll_penalty_that_lets_damage_through_is_not_a_stalemate() {
    // With +5 the traveller always Counters; Daze's -3 turns the next roll into a Hit,
    // which does not block.
    let aegis = r#"{"id": "aegis", "type": "equipment", "passive": [{"duel_rolls": 5}]}"#;
    let guard = r#"{"name": "Guard", "block": true, "deal": 2}"#;
    let daze = r#"{"name": "Daze", "block": true, "roll_penalty": 3}"#;
    let f = arr(&[daze, guard, guard, guard, guard, guard]);
    let mut s = duel(&[aegis], &foe_with("mesmer", 5, &f), &[1, 1, 1, 2]);
    assert!(s.duel().is_some(), "the duel must go on: {:?}", s.phase);
    let x = roll_n(&mut s, 2);
    assert_eq!(x[1].0, Some(3));
    assert_eq!(x[1].2, 2);
}

/// The events of flipping a foe that is broken off before its first exchange.
fn broken_off_at_once(s: &State, events: &[Event], id: &'static str, hp: i32) -> Vec<Event> {
    let c = card(s, id);
    vec![
        Event::CardFlipped {
            slot: slot_of_flipped(events),
            card: c,
        },
        Event::DuelStarted {
            foe: id.into(),
            hp,
            card: Some(c),
            guardian: GuardianPenalties::default(),
            bonus: 0,
        },
        Event::DuelStalemate {
            foe: id.into(),
            reason: "neither side can harm the other".into(),
        },
        Event::CardDiscarded {
            card: c,
            from: Zone::Resolving,
        },
        Event::CardResolved { card: c },
    ]
}

/// The events after an exchange that leaves a duel unending (the exchange's own two
/// events come first).
fn broken_off_after(s: &State, id: &'static str) -> Vec<Event> {
    let c = card(s, id);
    vec![
        Event::DuelStalemate {
            foe: id.into(),
            reason: "neither side can harm the other".into(),
        },
        Event::CardDiscarded {
            card: c,
            from: Zone::Resolving,
        },
        Event::CardResolved { card: c },
    ]
}

#[test]
fn a_foe_that_only_makes_the_traveller_skip_is_broken_off_before_a_useless_exchange() {
    // Hex deals nothing and makes the traveller skip every roll after the first. At 3 HP
    // the first roll's best (a Critical, 2) cannot fell it: broken off at once.
    let hex = r#"{"name": "Hex", "skip_roll": true}"#;
    let f = arr(&[hex; 6]);
    let mut s = start_lab(&arr(&[&foe_with("hexer", 3, &f), ROCK]), &[]);
    let events = flip_id(&mut s, "hexer");
    assert_eq!(events, broken_off_at_once(&s, &events, "hexer", 3));
    assert_eq!(s.phase, Phase::Explore);

    // At 2 HP the first roll could fell it; a Miss leaves only skipped rolls: broken off
    // right after that exchange, before a second.
    let mut s = duel(&[], &foe_with("hexer", 2, &f), &[1, 4]);
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::ExchangeResolved {
            exchange: 1,
            strike: Strike::Miss,
            to_foe: 0,
            foe_hp: 2,
            ..
        }
    ));
    assert_eq!(events[2..], broken_off_after(&s, "hexer")[..]);
    assert_eq!(s.phase, Phase::Explore);
}

#[test]
fn roll_penalties_that_leave_only_misses_are_broken_off_before_a_useless_exchange() {
    // -5 on every next roll: even a natural 6 becomes a 1, a Miss.
    let daze = r#"{"name": "Daze", "roll_penalty": 5}"#;
    let f = arr(&[daze; 6]);
    let mut s = start_lab(&arr(&[&foe_with("mesmer", 3, &f), ROCK]), &[]);
    let events = flip_id(&mut s, "mesmer");
    assert_eq!(events, broken_off_at_once(&s, &events, "mesmer", 3));

    // At 2 HP the first roll's Critical could fell it; a Hit leaves 1 HP, and after it
    // only Misses are possible: broken off before a second exchange.
    let mut s = duel(&[], &foe_with("mesmer", 2, &f), &[3, 2]);
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::ExchangeResolved {
            exchange: 1,
            strike: Strike::Hit,
            to_foe: 1,
            foe_hp: 1,
            ..
        }
    ));
    assert_eq!(events[2..], broken_off_after(&s, "mesmer")[..]);
}

#[test]
fn healing_that_outpaces_the_best_damage_is_broken_off_at_once() {
    // It heals 3 every exchange; the traveller's best is a Critical for 2.
    let mend = r#"{"name": "Mend", "heal": 3}"#;
    let f = arr(&[mend; 6]);
    let mut s = start_lab(&arr(&[&foe_with("hydra", 5, &f), ROCK]), &[]);
    let events = flip_id(&mut s, "hydra");
    assert_eq!(events, broken_off_at_once(&s, &events, "hydra", 5));

    // Healing 2 only matches a Critical: still no way down.
    let mend2 = r#"{"name": "Mend", "heal": 2}"#;
    let mut s = start_lab(&arr(&[&foe_with("hydra", 5, &arr(&[mend2; 6])), ROCK]), &[]);
    let events = flip_id(&mut s, "hydra");
    assert_eq!(events, broken_off_at_once(&s, &events, "hydra", 5));

    // One face that heals less than a Critical deals wears it down: the duel goes on.
    let f = arr(&[
        mend,
        mend,
        mend,
        mend,
        mend,
        r#"{"name": "Doze", "heal": 1}"#,
    ]);
    let s = duel(&[], &foe_with("hydra", 5, &f), &[]);
    assert!(s.duel().is_some(), "the duel must go on: {:?}", s.phase);
}

/// A flask thrown for 3 damage (once).
const FLASK: &str = r#"{"id": "flask", "type": "item", "use": {"per": "once", "duel_only": true, "effects": [{"hit_foe": 3}]}}"#;

#[test]
fn a_held_item_that_can_fell_the_foe_keeps_the_duel_going() {
    // Immune to attacks and Counters, it can only be harmed by a card. With the flask
    // held, the duel goes on and the flask fells it: its on-defeat reward comes.
    let warden = r#"{"id": "warden", "type": "foe", "hp": 3, "immune": ["attacks", "counter"],
        "on_defeat": [{"resolve": 2}],
        "faces": [{"name": "Idle"}, {"name": "Idle"}, {"name": "Idle"},
                  {"name": "Idle"}, {"name": "Idle"}, {"name": "Idle"}]}"#;
    let mut s = duel(&[FLASK], warden, &[]);
    assert!(is_legal(&s, &use_card("flask")));
    let w = card(&s, "warden");
    let events = act(&mut s, use_card("flask"));
    assert_eq!(
        events,
        vec![
            Event::AbilityUsed {
                card: card(&s, "flask"),
                per: Per::Once,
            },
            Event::FoeHit {
                amount: 3,
                foe_hp: 0,
            },
            Event::FoeDefeated {
                foe: "warden".into()
            },
            Event::MarkerMoved { by: 2, marker: 2 },
            Event::CardDiscarded {
                card: w,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: w },
        ]
    );
    assert_eq!(s.marker, 2);

    // Without the flask nothing can harm it: broken off at once.
    let mut s = start_lab(&arr(&[warden, ROCK]), &[]);
    let events = flip_id(&mut s, "warden");
    assert_eq!(events, broken_off_at_once(&s, &events, "warden", 3));

    // A flask too weak for its 4 HP is not enough: broken off at once too.
    let big = warden.replace(r#""hp": 3"#, r#""hp": 4"#);
    let mut s = start_lab(&arr(&[FLASK, &big, ROCK]), &[]);
    get(&mut s, "flask");
    let events = flip_id(&mut s, "warden");
    assert_eq!(events, broken_off_at_once(&s, &events, "warden", 4));
}
