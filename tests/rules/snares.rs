//! Rules tests: Snares.

use super::*;

#[test]
fn snare_on_flip_trigger_costs_health_on_every_later_flip_across_domains() {
    let thorn = r#"{"id": "thorn", "type": "snare",
        "triggers": [{"on": "flip", "effects": [{"lose_health": 2}]}]}"#;
    let rock2 = r#"{"id": "rock2", "type": "caesura"}"#;
    let mut s = start_lab(&arr(&[thorn, ROCK, rock2]), &[]);
    let th = card(&s, "thorn");
    let events = flip_id(&mut s, "thorn");
    assert_eq!(
        events,
        vec![
            Event::CardFlipped {
                slot: slot_of_flipped(&events),
                card: th,
            },
            Event::SnareCaught { card: th },
            Event::CardResolved { card: th },
        ]
    );
    let events = flip_id(&mut s, "rock");
    let r = card(&s, "rock");
    assert_eq!(
        events,
        vec![
            Event::CardFlipped {
                slot: slot_of_flipped(&events),
                card: r,
            },
            Event::HealthChanged { by: -2, health: 18 },
            Event::CardDiscarded {
                card: r,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: r },
        ]
    );
    flip_id(&mut s, "rock2");
    assert_eq!(s.health, 16);
    // It stays across Domains.
    act(&mut s, go("b"));
    assert_eq!(s.snares, vec![th]);
    flip_id(&mut s, "b_calm");
    assert_eq!(s.health, 14);
}

#[test]
fn snare_duel_roll_penalty_shifts_the_face_clamped() {
    let limp = r#"{"id": "limp", "type": "snare", "passive": [{"duel_rolls": -1}]}"#;
    let mut s = duel(&[limp], &table_foe(), &[1, 1, 6, 1, 4, 1]);
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events[0],
        Event::ExchangeRolled {
            traveller: Some(1),
            foe: 1,
            modifier: -1,
            no_rerolls: false,
        }
    );
    let x = exchanges(&events);
    let mut rolls = vec![x[0].0];
    rolls.extend(roll_n(&mut s, 2).iter().map(|e| e.0));
    // 1 - 1 stays 1; 6 - 1 is a Critical, not a Counter; 4 - 1 is still a Hit.
    assert_eq!(rolls, vec![Some(1), Some(5), Some(3)]);
}

#[test]
fn a_plus_one_next_duel_bonus_is_clamped_at_six_and_used_by_one_duel() {
    let blessing = r#"{"id": "vigil", "type": "blessing", "effects": [{"bonus": {"to": "next_duel", "amount": 1}}]}"#;
    let rat = dummy("rat", 1, "");
    let mut s = start_lab(&arr(&[blessing, &rat, ROCK]), &[6, 1]);
    flip_id(&mut s, "vigil");
    let events = flip_id(&mut s, "rat");
    assert_eq!(
        events[1],
        Event::BonusUsed {
            to: BonusTarget::NextDuel,
            amount: 1,
        }
    );
    assert!(matches!(events[2], Event::DuelStarted { bonus: 1, .. }));
    let x = roll_n(&mut s, 1);
    assert_eq!(x[0].0, Some(6));
    assert_eq!(s.bonus.next_duel, 0);
}

#[test]
fn snare_first_two_attacks_miss() {
    let curse = r#"{"id": "curse", "type": "snare", "passive": [{"first_attacks_miss": 2}]}"#;
    // Hit (void), Parry (not an attack), Hit (void), Hit (lands).
    let mut s = duel(&[curse], &dummy("rat", 10, ""), &[3, 1, 2, 1, 3, 1, 3, 1]);
    let dealt: Vec<i32> = roll_n(&mut s, 4).iter().map(|e| e.1).collect();
    assert_eq!(dealt, vec![0, 0, 0, 1]);
}

#[test]
fn snare_domain_enter_trigger_fires_on_entering_a_domain() {
    let haunt = r#"{"id": "haunt", "type": "snare",
        "triggers": [{"on": "domain_enter", "effects": [{"dread": 1}]}]}"#;
    let mut s = start_lab(&arr(&[haunt]), &[]);
    flip_id(&mut s, "haunt");
    assert_eq!(s.phase, Phase::Route);
    let b = dom(&s, "b");
    let order = s.dice.peek_shuffle(&s.cards.domain(b).stations);
    let calm = card(&s, "b_calm");
    assert_eq!(
        act(&mut s, go("b")),
        vec![
            Event::DomainEntered { domain: b },
            Event::DeckShuffled {
                domain: b,
                cards: 1,
                order,
            },
            Event::SlotFilled {
                slot: 0,
                card: calm,
            },
            Event::MarkerMoved { by: -1, marker: -1 },
        ]
    );
}

#[test]
fn snare_duel_start_trigger_fires_at_each_duel() {
    let dread = r#"{"id": "omen", "type": "snare",
        "triggers": [{"on": "duel_start", "effects": [{"lose_health": 1}]}]}"#;
    let s = duel(&[dread], &dummy("rat", 3, ""), &[]);
    assert_eq!(s.health, 19);
}

#[test]
fn blessing_cleanse_removes_the_only_snare() {
    let s1 = r#"{"id": "s1", "type": "snare"}"#;
    let mercy = r#"{"id": "mercy", "type": "blessing", "effects": [{"cleanse": 1}]}"#;
    let mut s = start_lab(&arr(&[s1, mercy, ROCK]), &[]);
    flip_id(&mut s, "s1");
    let (sn, m) = (card(&s, "s1"), card(&s, "mercy"));
    let events = flip_id(&mut s, "mercy");
    assert_eq!(
        events[1..],
        [
            Event::SnareRemoved { card: sn },
            Event::CardDiscarded {
                card: m,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: m },
        ]
    );
    assert!(s.snares.is_empty());
}

#[test]
fn blessing_cleanse_asks_which_when_there_are_more_snares() {
    let s1 = r#"{"id": "s1", "type": "snare", "passive": [{"def": -1}]}"#;
    let s2 = r#"{"id": "s2", "type": "snare", "passive": [{"atk": -1}]}"#;
    let mercy =
        r#"{"id": "mercy", "type": "blessing", "effects": [{"cleanse": 1}, {"resolve": 1}]}"#;
    let mut s = start_lab(&arr(&[s1, s2, mercy, ROCK]), &[]);
    get_all(&mut s, &["s1", "s2"]);
    bring_up(&mut s, "mercy");
    let (a1, a2, m) = (card(&s, "s1"), card(&s, "s2"), card(&s, "mercy"));
    let events = flip_id(&mut s, "mercy");
    assert!(matches!(
        &events[1],
        Event::ChoiceOffered(o) if matches!(o.kind, ChoiceKind::Cleanse { left: 1 })
    ));
    let mut offered: Vec<Action> = s
        .snares
        .iter()
        .map(|c| Action::Cleanse {
            card: c.id().into(),
        })
        .collect();
    offered.push(Action::Abandon);
    assert_eq!(legal(&s), offered);
    assert_eq!(offered.len(), 3);
    let events = act(&mut s, Action::Cleanse { card: "s2".into() });
    assert_eq!(
        events[..5],
        [
            Event::SnareRemoved { card: a2 },
            Event::ChoiceClosed,
            // The rest of the Blessing runs after the choice.
            Event::MarkerMoved { by: 1, marker: 1 },
            Event::CardDiscarded {
                card: m,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: m },
        ]
    );
    assert_eq!(s.snares, vec![a1]);
    assert!(s.discard.contains(&a2));
}
