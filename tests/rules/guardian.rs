//! Rules tests: the Guardian.

use super::*;

pub(crate) const GUARDIAN_SEALED: &str = r#"{
    "id": "guardian", "name": "The Guardian", "type": "guardian", "text": "", "hp": 3,
    "faces": [{"name": "Stare"}, {"name": "Stare"}, {"name": "Stare"},
              {"name": "Stare"}, {"name": "Stare"}, {"name": "Stare"}],
    "requirements": [
        {"id": "req_blade", "name": "The Blade", "text": "Only the blade can cut it.",
         "broken_by": {"holds": "blade"}, "penalty": "invulnerable"}
    ],
    "seals": [
        {"id": "seal_gate", "name": "The Gate", "text": "The ferryman must follow you.",
         "broken_by": {"follows": "ferryman"}, "penalty": "barred"},
        {"id": "seal_flame", "name": "The Flame", "text": "Bring the ember.",
         "broken_by": {"holds": "ember"}, "penalty": "full_heal"},
        {"id": "seal_mirror", "name": "The Mirror", "text": "The ferryman must carry the mirror.",
         "broken_by": {"carries": {"companion": "ferryman", "card": "mirror"}}, "penalty": "reflect"}
    ]
}"#;

/// Needed to harm the Guardian at all (adds nothing to ATK).
pub(crate) const BLADE: &str = r#"{"id": "blade", "type": "equipment"}"#;
/// ATK +1.
pub(crate) const WHET: &str = r#"{"id": "whet", "type": "equipment", "passive": [{"atk": 1}]}"#;
pub(crate) const EMBER: &str = r#"{"id": "ember", "type": "item"}"#;
pub(crate) const MIRROR: &str = r#"{"id": "mirror", "type": "item"}"#;
pub(crate) const FERRYMAN: &str =
    r#"{"id": "ferryman", "type": "companion", "carries": ["mirror"]}"#;

/// Gets these cards in Domain `a` (handing the mirror to the ferryman if `carry`), then
/// goes a → b → z and clears z. Returns the run and the events of the last flip.
pub(crate) fn to_guardian(a: &[&str], carry: bool, forced: &[u8]) -> (State, Vec<Event>) {
    let cards = Lab::new(&arr(a)).guardian(GUARDIAN_SEALED).build();
    let mut s = start(&cards, forced);
    clear_domain(&mut s);
    if carry {
        act(&mut s, give("mirror", "ferryman"));
    }
    act(&mut s, go("b"));
    clear_domain(&mut s);
    act(&mut s, go("z"));
    let mut events = clear_domain(&mut s);
    // Clearing the final Domain waits at the crossing; continue to face the Guardian.
    assert_eq!(s.phase, Phase::Crossing);
    events.extend(act(&mut s, Action::Continue));
    (s, events)
}

pub(crate) fn checks(blade: bool, gate: bool, flame: bool, mirror: bool) -> Vec<SealCheck> {
    let c = |id: &str, name: &str, met| SealCheck {
        id: id.into(),
        name: name.into(),
        met,
    };
    vec![
        c("req_blade", "The Blade", blade),
        c("seal_gate", "The Gate", gate),
        c("seal_flame", "The Flame", flame),
        c("seal_mirror", "The Mirror", mirror),
    ]
}

pub(crate) fn lost_to_guardian(detail: &str) -> Event {
    Event::RunEnded {
        outcome: Outcome::Lost {
            cause: Cause::Guardian,
            detail: detail.into(),
        },
    }
}

/// The events from the Guardian's reveal on.
pub(crate) fn from_reveal(events: &[Event]) -> &[Event] {
    let i = events
        .iter()
        .position(|e| matches!(e, Event::GuardianRevealed { .. }))
        .expect("the Guardian is revealed");
    &events[i..]
}

#[test]
fn guardian_with_every_requirement_met_and_seal_broken_can_be_beaten() {
    let (mut s, events) = to_guardian(&[BLADE, WHET, EMBER, MIRROR, FERRYMAN], true, &[5, 1]);
    assert_eq!(
        from_reveal(&events),
        [
            Event::GuardianRevealed {
                checks: checks(true, true, true, true),
            },
            Event::DuelStarted {
                foe: "guardian".into(),
                hp: 3,
                card: None,
                guardian: GuardianPenalties::default(),
                bonus: 0,
            },
        ]
    );
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![
            Event::ExchangeRolled {
                traveller: Some(5),
                foe: 1,
                modifier: 0,
                no_rerolls: false,
            },
            Event::ExchangeResolved {
                exchange: 1,
                roll: Some(5),
                strike: Strike::Critical,
                foe_roll: 1,
                face: "Stare".into(),
                to_foe: 3,
                to_traveller: 0,
                reflected: 0,
                foe_healed: 0,
                foe_hp: 0,
                health: 20,
                status: attacks(1),
            },
            Event::FoeDefeated {
                foe: "guardian".into()
            },
            Event::RunEnded {
                outcome: Outcome::Won,
            },
        ]
    );
    assert_eq!(s.outcome, Some(Outcome::Won));
    assert_eq!(s.phase, Phase::Over);
}

#[test]
fn guardian_barred_seal_unbroken_loses_at_the_reveal_naming_it() {
    // No ferryman: the Gate (barred) and the Mirror are unbroken.
    let (s, events) = to_guardian(&[BLADE, WHET, EMBER, MIRROR], false, &[]);
    assert_eq!(
        from_reveal(&events),
        [
            Event::GuardianRevealed {
                checks: checks(true, false, true, false),
            },
            lost_to_guardian("The Gate is unbroken: The ferryman must follow you."),
        ]
    );
    assert!(s.duel().is_none());
    assert_eq!(s.phase, Phase::Over);
}

#[test]
fn guardian_invulnerable_requirement_unmet_loses_naming_it() {
    let (s, events) = to_guardian(&[WHET, EMBER, MIRROR, FERRYMAN], true, &[]);
    assert_eq!(
        from_reveal(&events),
        [
            Event::GuardianRevealed {
                checks: checks(false, true, true, true),
            },
            Event::DuelStarted {
                foe: "guardian".into(),
                hp: 3,
                card: None,
                guardian: GuardianPenalties {
                    invulnerable: true,
                    ..GuardianPenalties::default()
                },
                bonus: 0,
            },
            lost_to_guardian("The Blade is not met: Only the blade can cut it."),
        ]
    );
    assert!(matches!(
        s.outcome,
        Some(Outcome::Lost {
            cause: Cause::Guardian,
            ..
        })
    ));
}

#[test]
fn guardian_full_heal_seal_unbroken_restores_it_after_each_exchange() {
    // No ember. A Critical with ATK 1 deals 3 = its HP in one exchange, so it can fall.
    let (mut s, events) = to_guardian(&[BLADE, WHET, MIRROR, FERRYMAN], true, &[3, 1, 5, 1]);
    assert_eq!(
        from_reveal(&events)[1],
        Event::DuelStarted {
            foe: "guardian".into(),
            hp: 3,
            card: None,
            guardian: GuardianPenalties {
                full_heal: true,
                ..GuardianPenalties::default()
            },
            bonus: 0,
        }
    );
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::ExchangeResolved {
            to_foe: 2,
            foe_hp: 1,
            ..
        }
    ));
    assert_eq!(events[2], Event::FoeRestored { hp: 3 });
    assert_eq!(s.duel().unwrap().hp, 3);
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events.last(),
        Some(&Event::RunEnded {
            outcome: Outcome::Won
        })
    );
}

#[test]
fn guardian_full_heal_seal_unbroken_when_it_can_never_fall_loses_naming_it() {
    // Without the whetstone the best exchange deals 2 < 3 HP, and it heals fully.
    let (s, events) = to_guardian(&[BLADE, MIRROR, FERRYMAN], true, &[]);
    let tail = from_reveal(&events);
    assert_eq!(
        tail[0],
        Event::GuardianRevealed {
            checks: checks(true, true, false, true)
        }
    );
    assert_eq!(
        tail[2],
        lost_to_guardian("The Flame is unbroken: Bring the ember.")
    );
    assert_eq!(tail.len(), 3);
    assert_eq!(s.phase, Phase::Over);
}

#[test]
fn full_heal_guardian_an_item_and_a_hit_can_finish_is_fought() {
    // No ember: it heals fully after each exchange, and without the whetstone the best
    // exchange deals 2 of its 3 HP. A held flask (1 damage) plus a Critical can finish it
    // within one exchange, so the duel is fought, and won.
    let flask = r#"{"id": "flask", "type": "item", "use": {"per": "once", "duel_only": true, "effects": [{"hit_foe": 1}]}}"#;
    let (mut s, events) = to_guardian(&[BLADE, MIRROR, FERRYMAN, flask], true, &[5, 1]);
    let tail = from_reveal(&events);
    assert_eq!(tail.len(), 2, "the duel goes on: {tail:?}");
    let events = act(&mut s, use_card("flask"));
    assert_eq!(
        events[1],
        Event::FoeHit {
            amount: 1,
            foe_hp: 2
        }
    );
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::ExchangeResolved {
            strike: Strike::Critical,
            to_foe: 2,
            foe_hp: 0,
            ..
        }
    ));
    assert_eq!(
        events.last(),
        Some(&Event::RunEnded {
            outcome: Outcome::Won
        })
    );
}

#[test]
fn guardian_reflect_seal_unbroken_is_fought_as_written_and_a_fall_names_the_seal() {
    // The ferryman follows but does not carry the mirror: the duel is fought, every blow
    // the traveller lands comes back on them, and the fall it ends in names the seal.
    let (mut s, events) = to_guardian(&[BLADE, WHET, EMBER, MIRROR, FERRYMAN], false, &[5, 1]);
    let tail = from_reveal(&events);
    assert_eq!(
        tail[0],
        Event::GuardianRevealed {
            checks: checks(true, true, true, false)
        }
    );
    assert!(matches!(
        &tail[1],
        Event::DuelStarted {
            guardian: GuardianPenalties {
                reflect: true,
                invulnerable: false,
                full_heal: false
            },
            ..
        }
    ));
    assert_eq!(tail.len(), 2, "the duel goes on: {tail:?}");
    // A Critical with ATK 1 deals 3: all of it strikes the traveller (20 -> 17).
    let events = act(&mut s, Action::Roll);
    assert!(matches!(
        events[1],
        Event::ExchangeResolved {
            strike: Strike::Critical,
            to_foe: 0,
            reflected: 3,
            foe_hp: 3,
            health: 17,
            ..
        }
    ));
    assert_eq!(events.len(), 2);
    // Down to 3 Health, one more Critical: the fall names the seal.
    set_health(&mut s, 3);
    dice(&mut s, &[5, 1]);
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events[2..],
        [lost_to_guardian(
            "The Mirror is unbroken: The ferryman must carry the mirror."
        )]
    );
    assert!(matches!(
        events[1],
        Event::ExchangeResolved { health: 0, .. }
    ));
}

#[test]
fn reflect_turns_the_damage_dealt_back_on_the_traveller() {
    let me = Fighter {
        atk: 2,
        def: 5,
        ..Fighter::default()
    };
    let foe = FoeStats {
        def: 1,
        reflect: true,
        ..FoeStats::default()
    };
    let idle = Face {
        name: "Stare".into(),
        ..Face::default()
    };
    // A Critical: 2 + 2 - 1 = 3 dealt, all of it reflected; the traveller's DEF does not
    // reduce it.
    let x = combat::exchange(Some(5), &idle, me, foe, 0, false);
    assert_eq!((x.to_foe, x.reflected, x.to_traveller), (0, 3, 0));
    // A Counter's 1 comes back too.
    let x = combat::exchange(Some(6), &idle, me, foe, 0, false);
    assert_eq!((x.to_foe, x.reflected), (0, 1));
}

#[test]
fn a_guardian_duel_reaching_the_exchange_limit_is_lost() {
    let jab = r#"{"name": "Jab", "deal": 1}"#;
    let guardian = format!(
        r#"{{"id": "guardian", "name": "The Guardian", "type": "guardian", "text": "",
            "hp": 5, "faces": {}}}"#,
        arr(&[jab; 6])
    );
    let cards = Lab::new(&arr(&[ROCK])).guardian(&guardian).build();
    let forced: Vec<u8> = [2, 1].repeat(EXCHANGE_LIMIT as usize);
    let mut s = start(&cards, &forced);
    clear_domain(&mut s);
    act(&mut s, go("b"));
    clear_domain(&mut s);
    act(&mut s, go("z"));
    clear_domain(&mut s);
    act(&mut s, Action::Continue);
    assert!(s.duel().is_some());
    let mut last = Vec::new();
    for _ in 0..EXCHANGE_LIMIT {
        last = act(&mut s, Action::Roll);
    }
    assert_eq!(
        last[2..],
        [lost_to_guardian(
            "The Guardian still stood after 100 exchanges."
        )]
    );
    assert!(matches!(
        s.outcome,
        Some(Outcome::Lost {
            cause: Cause::Guardian,
            ..
        })
    ));
}
