//! Rules tests: foe faces.

use super::*;

/// Six faces: the given ones first, then Idle (miss) faces.
pub(crate) fn faces(first: &[&str]) -> String {
    let mut all: Vec<&str> = first.to_vec();
    while all.len() < 6 {
        all.push(r#"{"name": "Idle"}"#);
    }
    arr(&all)
}

/// Rolls `n` exchanges and returns them (roll, to foe, to traveller, foe HP, Health).
pub(crate) fn roll_n(s: &mut State, n: usize) -> Vec<(Option<u8>, i32, i32, i32, i32)> {
    let mut out = Vec::new();
    for _ in 0..n {
        out.extend(exchanges(&act(s, Action::Roll)));
    }
    out
}

#[test]
fn foe_face_skip_roll_makes_the_next_exchange_roll_only_the_foe_die() {
    let f = faces(&[r#"{"name": "Hex", "skip_roll": true}"#]);
    let mut s = duel(&[], &foe_with("hexer", 10, &f), &[3, 1, 4, 3, 2]);
    let events = act(&mut s, Action::Roll);
    let Event::ExchangeResolved { status: st, .. } = &events[1] else {
        panic!("{events:?}")
    };
    assert!(st.skip);
    // One die only, and it is the foe's.
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events,
        vec![
            Event::ExchangeRolled {
                traveller: None,
                foe: 4,
                modifier: 0,
                no_rerolls: false,
            },
            Event::ExchangeResolved {
                exchange: 2,
                roll: None,
                strike: Strike::Skipped,
                foe_roll: 4,
                face: "Idle".into(),
                to_foe: 0,
                to_traveller: 0,
                reflected: 0,
                foe_healed: 0,
                foe_hp: 9,
                health: 20,
                status: attacks(1),
            },
        ]
    );
    assert_eq!(s.dice.forced_left(), 2);
    // Then back to two dice.
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[0],
        Event::ExchangeRolled {
            traveller: Some(3),
            foe: 2,
            ..
        }
    ));
}

#[test]
fn foe_face_roll_penalty_lowers_the_next_roll_only() {
    let f = faces(&[r#"{"name": "Daze", "roll_penalty": 2}"#]);
    let mut s = duel(&[], &foe_with("dazer", 20, &f), &[5, 1, 5, 2, 5, 2]);
    let x = roll_n(&mut s, 3);
    // Critical; then 5 - 2 = 3 (Hit); then 5 again.
    assert_eq!(
        x.iter().map(|e| e.0).collect::<Vec<_>>(),
        vec![Some(5), Some(3), Some(5)]
    );
}

#[test]
fn foe_face_enrage_adds_to_every_later_hit() {
    let f = faces(&[
        r#"{"name": "Rage", "enrage": 1}"#,
        r#"{"name": "Claw", "deal": 2}"#,
    ]);
    let mut s = duel(
        &[],
        &foe_with("bear", 20, &f),
        &[1, 2, 1, 1, 1, 2, 1, 1, 1, 2],
    );
    let hurt: Vec<i32> = roll_n(&mut s, 5).iter().map(|e| e.2).collect();
    assert_eq!(hurt, vec![2, 0, 3, 0, 4]);
    assert_eq!(s.duel().unwrap().status.enrage, 2);
}

#[test]
fn foe_face_empower_adds_to_its_next_hit_only() {
    let f = faces(&[
        r#"{"name": "Gather", "empower": 2}"#,
        r#"{"name": "Claw", "deal": 2}"#,
        r#"{"name": "Bite", "deal": 1}"#,
    ]);
    // Gather, an Idle face (no hit: the bonus waits), Bite + 2, Claw.
    let mut s = duel(&[], &foe_with("wolf", 20, &f), &[1, 1, 1, 4, 1, 3, 1, 2]);
    let hurt: Vec<i32> = roll_n(&mut s, 4).iter().map(|e| e.2).collect();
    assert_eq!(hurt, vec![0, 0, 3, 2]);
    assert_eq!(s.duel().unwrap().status.empower, 0);
}

#[test]
fn foe_face_empower_face_waits_for_the_named_face() {
    let f = faces(&[
        r#"{"name": "Focus", "empower": 3, "empower_face": "Smash"}"#,
        r#"{"name": "Claw", "deal": 2}"#,
        r#"{"name": "Smash", "deal": 1}"#,
    ]);
    let mut s = duel(&[], &foe_with("ogre", 20, &f), &[1, 1, 1, 2, 1, 3, 1, 3]);
    let first = act(&mut s, Action::Roll);
    let Event::ExchangeResolved { status: st, .. } = &first[1] else {
        panic!("{first:?}")
    };
    assert_eq!((st.empower, st.empower_face), (3, Some(3)));
    // Claw gets nothing; the Smash gets +3; the next Smash is plain.
    let hurt: Vec<i32> = roll_n(&mut s, 3).iter().map(|e| e.2).collect();
    assert_eq!(hurt, vec![2, 4, 1]);
}

#[test]
fn foe_face_ignore_block_goes_through_parry_and_counter() {
    let f = faces(&[r#"{"name": "Pierce", "deal": 2, "ignore_block": true}"#]);
    let mut s = duel(&[], &foe_with("lancer", 10, &f), &[2, 1, 6, 1]);
    let x: Vec<(i32, i32)> = roll_n(&mut s, 2).iter().map(|e| (e.1, e.2)).collect();
    assert_eq!(x, vec![(0, 2), (1, 2)]);
}

#[test]
fn foe_face_copy_takes_the_travellers_result_with_atk() {
    let copy = r#"{"name": "Mirror", "copy": true}"#;
    let f = arr(&[copy, copy, copy, copy, copy, copy]);
    let shield = r#"{"id": "shield", "type": "equipment", "passive": [{"def": 1}]}"#;
    // ATK 1, DEF 1: Hit 2 each way (2 - 1 to the traveller); Critical 3 (3 - 1);
    // Parry against Parry and Counter against Counter: nothing; Miss: nothing.
    let mut s = duel(
        &[SWORD, shield],
        &foe_with("mimic", 20, &f),
        &[3, 1, 5, 1, 2, 1, 6, 1, 1, 1],
    );
    let x: Vec<(i32, i32)> = roll_n(&mut s, 5).iter().map(|e| (e.1, e.2)).collect();
    assert_eq!(x, vec![(2, 1), (3, 2), (0, 0), (0, 0), (0, 0)]);
}

#[test]
fn foe_immune_to_attacks_still_takes_a_counter() {
    let wraith = dummy("wraith", 10, r#""immune": ["attacks"]"#);
    let mut s = duel(&[SWORD], &wraith, &[3, 1, 5, 1, 6, 1]);
    let x: Vec<i32> = roll_n(&mut s, 3).iter().map(|e| e.1).collect();
    assert_eq!(x, vec![0, 0, 1]);
}

#[test]
fn foe_immune_to_counter_still_takes_hits() {
    let shade = dummy("shade", 10, r#""immune": ["counter"]"#);
    let mut s = duel(&[SWORD], &shade, &[6, 1, 3, 1]);
    let x: Vec<i32> = roll_n(&mut s, 2).iter().map(|e| e.1).collect();
    assert_eq!(x, vec![0, 2]);
}

#[test]
fn foe_immune_to_items_ignores_item_damage() {
    let flask = r#"{"id": "flask", "type": "item", "use": {"duel_only": true, "effects": [{"hit_foe": 2}]}}"#;
    let golem = dummy("golem", 10, r#""immune": ["items"]"#);
    let mut s = duel(&[flask], &golem, &[]);
    let flask_ref = card(&s, "flask");
    let events = act(&mut s, use_card("flask"));
    assert_eq!(
        events,
        vec![Event::AbilityUsed {
            card: flask_ref,
            per: Per::Once,
        }]
    );
    assert_eq!(s.duel().unwrap().hp, 10);
    // The same flask against a foe without the immunity.
    let mut s = duel(&[flask], &dummy("rat", 10, ""), &[]);
    let events = act(&mut s, use_card("flask"));
    assert_eq!(
        events,
        vec![
            Event::AbilityUsed {
                card: flask_ref,
                per: Per::Once,
            },
            Event::FoeHit {
                amount: 2,
                foe_hp: 8,
            },
        ]
    );
}

#[test]
fn foe_on_defeat_effects_run_when_it_falls() {
    let rat = dummy("rat", 1, r#""on_defeat": [{"resolve": 2}]"#);
    let mut s = duel(&[], &rat, &[3, 1]);
    let rat_ref = card(&s, "rat");
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events[2..],
        [
            Event::FoeDefeated { foe: "rat".into() },
            Event::MarkerMoved { by: 2, marker: 2 },
            Event::CardDiscarded {
                card: rat_ref,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: rat_ref },
        ]
    );
    assert_eq!(s.phase, Phase::Explore);
    assert_eq!(s.discard, vec![rat_ref]);
}

#[test]
fn unbeatable_foe_passes_by_showing_a_card_and_joins_as_companion() {
    let mirror = r#"{"id": "mirror", "type": "item"}"#;
    let ghost = r#"{"id": "ghost", "type": "foe", "hp": 5, "unbeatable": true,
        "faces": [{"name": "Wail", "deal": 1}, {"name": "Wail", "deal": 1}, {"name": "Wail", "deal": 1},
                  {"name": "Wail", "deal": 1}, {"name": "Wail", "deal": 1}, {"name": "Wail", "deal": 1}],
        "passage": [{"label": "Show the mirror", "show": "mirror", "joins": true}]}"#;
    let mut s = start_lab(&arr(&[mirror, ghost, ROCK]), &[]);
    get(&mut s, "mirror");
    flip_id(&mut s, "ghost");
    // No fight offered: only the passage.
    assert_eq!(legal(&s), vec![show("mirror", "ghost"), Action::Abandon]);
    assert!(check(&s, &Action::Fight).is_err());
    let (m, g) = (card(&s, "mirror"), card(&s, "ghost"));
    let events = act(&mut s, show("mirror", "ghost"));
    assert_eq!(
        events,
        vec![
            Event::CardShown { card: m, to: g },
            Event::FoePassed {
                card: g,
                how: "Show the mirror".into(),
            },
            Event::CompanionJoined {
                card: g,
                carrying: None,
            },
            Event::CardResolved { card: g },
        ]
    );
    assert_eq!(s.items, vec![m], "a shown card is kept");
    assert!(s.follows("ghost"));
}

#[test]
fn unbeatable_foe_without_a_toll_is_no_free_pass() {
    // The ghost asks to see the mirror; it has no toll. Without the mirror there is no
    // way past it: the run ends where it is met (no toll, no free passing).
    let ghost = r#"{"id": "ghost", "name": "Ghost", "type": "foe", "unbeatable": true,
        "passage": [{"label": "Show the mirror", "show": "mirror", "joins": true}]}"#;
    let mut s = start_lab(&arr(&[ghost, ROCK]), &[]);
    let events = flip_id(&mut s, "ghost");
    assert_eq!(
        events,
        vec![
            Event::CardFlipped {
                slot: slot_of_flipped(&events),
                card: card(&s, "ghost"),
            },
            Event::RunEnded {
                outcome: Outcome::Lost {
                    cause: Cause::Stranded,
                    detail: "Ghost bars the way, and the traveller holds nothing it asks for \
                             (Show the mirror)."
                        .into(),
                },
            },
        ]
    );
    assert_eq!(s.phase, Phase::Over);
    assert!(legal(&s).is_empty());
}

#[test]
fn foe_passage_by_giving_a_card_gives_it_away() {
    let gold = r#"{"id": "gold", "type": "item"}"#;
    let troll = r#"{"id": "troll", "type": "foe", "hp": 9,
        "faces": [{"name": "Club", "deal": 3}, {"name": "Club", "deal": 3}, {"name": "Club", "deal": 3},
                  {"name": "Club", "deal": 3}, {"name": "Club", "deal": 3}, {"name": "Club", "deal": 3}],
        "passage": [{"label": "Pay the troll", "give": "gold"}]}"#;
    let mut s = start_lab(&arr(&[gold, troll, ROCK]), &[]);
    get(&mut s, "gold");
    flip_id(&mut s, "troll");
    assert_eq!(
        legal(&s),
        vec![Action::Fight, give("gold", "troll"), Action::Abandon]
    );
    let (gd, t) = (card(&s, "gold"), card(&s, "troll"));
    let events = act(&mut s, give("gold", "troll"));
    assert_eq!(
        events,
        vec![
            Event::FoePassed {
                card: t,
                how: "Pay the troll".into(),
            },
            Event::CardGivenAway { card: gd },
            Event::CardDiscarded {
                card: t,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: t },
        ]
    );
    assert!(s.items.is_empty());
    assert!(!s.holds("gold"));
}

#[test]
fn foe_toll_slips_past_by_paying_its_effects() {
    let bandit = r#"{"id": "bandit", "type": "foe", "hp": 4,
        "faces": [{"name": "Stab", "deal": 2}, {"name": "Stab", "deal": 2}, {"name": "Stab", "deal": 2},
                  {"name": "Stab", "deal": 2}, {"name": "Stab", "deal": 2}, {"name": "Stab", "deal": 2}],
        "toll": [{"lose_health": 3}]}"#;
    let mut s = start_lab(&arr(&[bandit, ROCK]), &[]);
    let events = flip_id(&mut s, "bandit");
    let b = card(&s, "bandit");
    assert_eq!(
        events,
        vec![Event::CardFlipped {
            slot: slot_of_flipped(&events),
            card: b
        }]
    );
    assert_eq!(
        legal(&s),
        vec![Action::Fight, Action::Toll, Action::Abandon]
    );
    let events = act(&mut s, Action::Toll);
    assert_eq!(
        events,
        vec![
            Event::FoePassed {
                card: b,
                how: "toll".into(),
            },
            Event::HealthChanged { by: -3, health: 17 },
            Event::CardDiscarded {
                card: b,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: b },
        ]
    );
}

pub(crate) fn slot_of_flipped(events: &[Event]) -> u8 {
    events
        .iter()
        .find_map(|e| match e {
            Event::CardFlipped { slot, .. } => Some(*slot),
            _ => None,
        })
        .expect("a flip")
}

#[test]
fn a_plain_foe_starts_a_duel_when_flipped() {
    let mut s = start_lab(&arr(&[&dummy("rat", 3, ""), ROCK]), &[]);
    let events = flip_id(&mut s, "rat");
    let rat = card(&s, "rat");
    assert_eq!(
        events,
        vec![
            Event::CardFlipped {
                slot: slot_of_flipped(&events),
                card: rat,
            },
            Event::DuelStarted {
                foe: "rat".into(),
                hp: 3,
                card: Some(rat),
                guardian: GuardianPenalties::default(),
                bonus: 0,
            },
        ]
    );
    assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
}
