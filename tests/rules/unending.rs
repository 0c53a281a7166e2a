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
                foe: "turtle",
                hp: 5,
                card: Some(t),
                guardian: GuardianPenalties::default(),
                bonus: 0,
            },
            Event::DuelStalemate {
                foe: "turtle",
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
                foe: "dancer",
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
