//! Guide mode: the Guide rolls the foe's die and picks where a card says the Guide
//! chooses; alone, a die picks. The rules, the dice and their order are the same.

use super::*;
use forward::cards::model::{Effect, GuideOption};
use forward::core::phase_name;
use forward::core::state::{Role, TravellerRoll};
use forward::protocol::{AwaitingView, prompt};
use forward::sim::BotRng;

fn pick(option: u8) -> Action {
    Action::Pick { option }
}

fn options(json: &str) -> Vec<GuideOption> {
    serde_json::from_str(json).expect("guide options")
}

/// The options of [`fork`].
const FORK_OPTIONS: &str = r#"[
    {"label": "The cold path", "effects": [{"lose_health": 2}]},
    {"label": "The warm path", "effects": [{"heal": 1}, {"resolve": 2}]}
]"#;

/// A Caesura where the Guide chooses between two paths, then Resolve +1 either way.
fn fork() -> String {
    format!(
        r#"{{"id": "fork", "type": "caesura",
            "effects": [{{"guide_chooses": {FORK_OPTIONS}}}, {{"resolve": 1}}]}}"#
    )
}

const LAMP: &str = r#"{"id": "lamp", "type": "item"}"#;
const ROPE: &str = r#"{"id": "rope", "type": "item"}"#;

/// A Caesura that takes one held card of this kind (`item`, `equipment`, `any`).
fn thief(kind: &str) -> String {
    format!(r#"{{"id": "thief", "type": "caesura", "effects": [{{"lose": "{kind}"}}]}}"#)
}

/// Ten quiet cards and these, in a run with a Guide (`guide`) or alone; gets `kit`
/// (taking Items and Equipment), then brings `card` into the row.
fn ready(guide: bool, kit: &[&str], card: &str, forced: &[u8]) -> State {
    let mut all: Vec<String> = (0..10)
        .map(|i| format!(r#"{{"id": "rock{i}", "type": "caesura"}}"#))
        .collect();
    all.extend(kit.iter().map(|k| k.to_string()));
    all.push(card.to_string());
    let mut s = start_with(&lab(&format!("[{}]", all.join(","))), forced, guide);
    for k in kit {
        let id = id_of(k);
        bring_up(&mut s, &id);
        get(&mut s, &id);
    }
    bring_up(&mut s, &id_of(card));
    s
}

/// The refill of slot `k` once the card flipped from it is done (none when the deck
/// is empty).
fn refill(s: &State, k: u8) -> Vec<Event> {
    s.deck
        .last()
        .map(|&card| Event::SlotFilled { slot: k, card })
        .into_iter()
        .collect()
}

// ---- the foe's die -------------------------------------------------------------------

#[test]
fn the_traveller_rolls_first_then_the_guide_rolls_the_foes_die() {
    let mut s = duel_with(true, &[SWORD], &table_foe(), &[3, 3]);
    assert_eq!(s.role(), Role::Traveller);
    assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
    refused_without_change(&mut s, Action::RollFoe);
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events,
        vec![Event::TravellerRolled {
            traveller: Some(3),
            modifier: 0,
            no_rerolls: false,
        }]
    );
    // The foe's die waits for the Guide: nothing else may happen but abandoning.
    assert_eq!(s.role(), Role::Guide);
    assert_eq!(legal(&s), vec![Action::RollFoe, Action::Abandon]);
    assert_eq!(phase_name(&s.phase), "foe_roll");
    let d = s.duel().unwrap();
    assert_eq!(
        d.awaiting_foe,
        Some(TravellerRoll {
            traveller: Some(3),
            modifier: 0,
            no_rerolls: false,
        })
    );
    assert_eq!(d.rolled, None);
    assert_eq!(s.dice.forced_left(), 1, "only the traveller's die is drawn");
    let p = prompt(&s);
    assert_eq!((p.kind, p.role), ("foe_roll", Some("guide")));
    for a in [
        Action::Roll,
        Action::Continue,
        reroll(Die::Foe),
        reroll(Die::Traveller),
        Action::Fight,
    ] {
        refused_without_change(&mut s, a);
    }
    // Then the exchange stands exactly as it would alone.
    let events = act(&mut s, Action::RollFoe);
    assert_eq!(
        events,
        vec![
            Event::FoeRolled { foe: 3 },
            Event::ExchangeResolved {
                exchange: 1,
                roll: Some(3),
                strike: Strike::Hit,
                foe_roll: 3,
                face: "Strike".into(),
                to_foe: 2,
                to_traveller: 2,
                reflected: 0,
                foe_healed: 0,
                foe_hp: 8,
                health: 18,
                status: attacks(1),
            },
        ]
    );
    assert_eq!(s.role(), Role::Traveller);
    assert_eq!((s.health, s.duel().unwrap().hp), (18, 8));
    assert_eq!(legal(&s), vec![Action::Roll, Action::Abandon]);
    assert_eq!(prompt(&s).role, Some("traveller"));
}

#[test]
fn alone_the_foes_die_is_never_the_guides() {
    let mut s = duel(&[], &table_foe(), &[3, 3, 1, 3]);
    assert_eq!(prompt(&s).role, None);
    refused_without_change(&mut s, Action::RollFoe);
    act(&mut s, Action::Roll);
    set_grace(&mut s, 1);
    act(&mut s, Action::Roll);
    assert_eq!(s.role(), Role::Traveller);
    refused_without_change(&mut s, Action::RollFoe);
}

#[test]
fn the_grace_window_opens_once_both_dice_are_down() {
    let mut s = duel_with(true, &[], &table_foe(), &[1, 3, 1, 3, 3]);
    set_grace(&mut s, 1);
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![Event::TravellerRolled {
            traveller: Some(1),
            modifier: 0,
            no_rerolls: false,
        }]
    );
    // No reroll before the foe's die is down.
    assert_eq!(legal(&s), vec![Action::RollFoe, Action::Abandon]);
    assert_eq!(
        act(&mut s, Action::RollFoe),
        vec![Event::FoeRolled { foe: 3 }]
    );
    // The window is the traveller's: Grace rerolls either die, the foe's included.
    assert_eq!(s.role(), Role::Traveller);
    assert_eq!(phase_name(&s.phase), "duel_reroll");
    assert_eq!(
        legal(&s),
        vec![
            reroll(Die::Traveller),
            reroll(Die::Foe),
            Action::Continue,
            Action::Abandon
        ]
    );
    assert_eq!(
        act(&mut s, reroll(Die::Foe)),
        vec![
            Event::Rerolled {
                die: Die::Foe,
                index: 0,
                value: 1,
                card: None,
            },
            Event::GraceChanged { by: -1, grace: 0 },
            Event::ExchangeResolved {
                exchange: 1,
                roll: Some(1),
                strike: Strike::Miss,
                foe_roll: 1,
                face: "Miss".into(),
                to_foe: 0,
                to_traveller: 0,
                reflected: 0,
                foe_healed: 0,
                foe_hp: 10,
                health: 20,
                status: DuelStatus::default(),
            },
        ]
    );
    // `continue` accepts the dice as they fell.
    set_grace(&mut s, 1);
    act(&mut s, Action::Roll);
    act(&mut s, Action::RollFoe);
    assert_eq!(legal(&s).last(), Some(&Action::Abandon));
    assert_eq!(damage(&act(&mut s, Action::Continue)), (1, 2));
}

#[test]
fn a_no_rerolls_face_closes_the_window_after_the_guides_die_too() {
    let f = faces(&[r#"{"name": "Glare", "no_rerolls": true}"#]);
    let mut s = duel_with(true, &[], &foe_with("glarer", 10, &f), &[3, 1, 3, 2]);
    set_grace(&mut s, 1);
    act(&mut s, Action::Roll);
    act(&mut s, Action::RollFoe);
    act(&mut s, Action::Continue);
    assert_eq!(
        act(&mut s, Action::Roll),
        vec![Event::TravellerRolled {
            traveller: Some(3),
            modifier: 0,
            no_rerolls: true,
        }]
    );
    let events = act(&mut s, Action::RollFoe);
    assert_eq!(events[0], Event::FoeRolled { foe: 2 });
    assert!(
        matches!(events[1], Event::ExchangeResolved { exchange: 2, .. }),
        "Grace is left but no reroll may be made: {events:?}"
    );
    assert_eq!(s.grace, 1);
}

#[test]
fn a_skipped_roll_draws_no_traveller_die_and_the_guide_still_rolls() {
    let f = faces(&[r#"{"name": "Hex", "skip_roll": true}"#]);
    let mut s = duel_with(true, &[], &foe_with("hexer", 10, &f), &[3, 1, 4, 3, 2]);
    act(&mut s, Action::Roll);
    let events = act(&mut s, Action::RollFoe);
    assert!(
        matches!(&events[1], Event::ExchangeResolved { status, .. } if status.skip),
        "{events:?}"
    );
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events,
        vec![Event::TravellerRolled {
            traveller: None,
            modifier: 0,
            no_rerolls: false,
        }]
    );
    assert_eq!(s.dice.forced_left(), 3, "a skipped roll draws no die");
    assert_eq!(s.role(), Role::Guide);
    assert_eq!(legal(&s), vec![Action::RollFoe, Action::Abandon]);
    assert_eq!(
        prompt(&s).text,
        "Duel with hexer: the traveller rolled nothing (skipped); Guide, roll the foe's die."
    );
    assert_eq!(
        view(&s).foe.unwrap().awaiting_foe,
        Some(AwaitingView {
            traveller: None,
            modifier: 0,
        })
    );
    assert_eq!(
        act(&mut s, Action::RollFoe),
        vec![
            Event::FoeRolled { foe: 4 },
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
    // Then both dice again, in the same order as alone.
    act(&mut s, Action::Roll);
    assert_eq!(act(&mut s, Action::RollFoe)[0], Event::FoeRolled { foe: 2 });
}

/// A foe whose faces use every lasting status, for comparing runs alone and guided.
fn brawler() -> String {
    foe_with(
        "brawler",
        12,
        r#"[
            {"name": "Hex", "skip_roll": true},
            {"name": "Daze", "roll_penalty": 1, "deal": 1},
            {"name": "Jab", "deal": 1},
            {"name": "Glare", "no_rerolls": true, "deal": 1},
            {"name": "Rage", "enrage": 1},
            {"name": "Bite", "deal": 2}]"#,
    )
}

/// One decision, the same alone and with a Guide: in the Grace window, reroll a low die
/// of the traveller's or a Bite of the foe's; otherwise the first action offered (the
/// foe's die, when the Guide is to roll it).
fn same_decision(s: &State) -> Action {
    let offered = legal(s);
    if let Some(r) = s.duel().and_then(|d| d.rolled) {
        if r.traveller.is_some_and(|t| t <= 2) && offered.contains(&reroll(Die::Traveller)) {
            return reroll(Die::Traveller);
        }
        if r.foe == 6 && offered.contains(&reroll(Die::Foe)) {
            return reroll(Die::Foe);
        }
        return Action::Continue;
    }
    offered[0].clone()
}

/// A guided run's events with each `TravellerRolled` and its `FoeRolled` merged into the
/// `ExchangeRolled` a run alone would show.
fn merged(events: &[Event]) -> Vec<Event> {
    let mut out = Vec::new();
    let mut half = None;
    for e in events {
        match e {
            Event::TravellerRolled {
                traveller,
                modifier,
                no_rerolls,
            } => half = Some((*traveller, *modifier, *no_rerolls)),
            Event::FoeRolled { foe } => {
                let (traveller, modifier, no_rerolls) = half.take().expect("the first die");
                out.push(Event::ExchangeRolled {
                    traveller,
                    foe: *foe,
                    modifier,
                    no_rerolls,
                });
            }
            e => out.push(e.clone()),
        }
    }
    assert!(half.is_none(), "a foe's die never rolled");
    out
}

/// Plays a whole lab run with [`same_decision`]; returns its events and final state.
fn whole_run(seed: u64, guide: bool) -> (Vec<Event>, State) {
    let cards = Lab::new(&arr(&[SWORD, &brawler(), ROCK]))
        .z(&arr(&[
            &table_foe(),
            r#"{"id": "z_calm", "type": "caesura"}"#,
        ]))
        .build();
    let (mut s, mut all) = forward::core::new_run_with(cards, seed, vec![], guide);
    set_grace(&mut s, 3);
    for _ in 0..2_000 {
        if s.is_over() {
            break;
        }
        let a = same_decision(&s);
        all.extend(act(&mut s, a));
    }
    assert!(s.is_over(), "seed {seed}: the run did not end");
    (all, s)
}

#[test]
fn the_same_seed_and_decisions_give_the_same_run_alone_and_with_a_guide() {
    let (mut rerolls, mut skipped, mut exchanges_seen) = (0, 0, 0);
    for seed in 1..=40 {
        let (solo, alone) = whole_run(seed, false);
        let (guided, with) = whole_run(seed, true);
        assert!(with.guide && !alone.guide);
        // The same dice, the same exchanges, the same everything else.
        assert_eq!(merged(&guided), solo, "seed {seed}");
        assert_eq!(exchanges(&guided), exchanges(&solo), "seed {seed}");
        assert_eq!(
            (with.health, with.marker, with.grace, with.exchanges),
            (alone.health, alone.marker, alone.grace, alone.exchanges)
        );
        assert_eq!(with.dice.preview(8), alone.dice.preview(8), "seed {seed}");
        assert_eq!(with.dice.generated(), alone.dice.generated());
        let mut a = serde_json::to_value(&alone).unwrap();
        let mut b = serde_json::to_value(&with).unwrap();
        assert_eq!(
            b.as_object_mut().unwrap().remove("guide"),
            Some(true.into())
        );
        assert_eq!(a.as_object_mut().unwrap().remove("guide"), None);
        assert_eq!(a, b, "seed {seed}");
        rerolls += solo
            .iter()
            .filter(|e| matches!(e, Event::Rerolled { .. }))
            .count();
        skipped += solo
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::ExchangeRolled {
                        traveller: None,
                        ..
                    }
                )
            })
            .count();
        exchanges_seen += exchanges(&solo).len();
    }
    // The comparison met rerolls and skipped rolls, not only plain exchanges.
    assert!(rerolls > 10 && skipped > 5 && exchanges_seen > 100);
}

#[test]
fn replaying_a_guided_runs_events_rebuilds_it() {
    let (events, s) = whole_run(7, true);
    let (mode, off) = (
        forward::core::DiceMode::Rolled,
        forward::core::HouseRules::OFF,
    );
    let mut replay = State::blank_opts(std::sync::Arc::clone(&s.cards), 7, vec![], true, mode, off);
    set_grace(&mut replay, 3);
    for e in &events {
        forward::core::apply(&mut replay, e);
    }
    assert_eq!(
        serde_json::to_string(&replay).unwrap(),
        serde_json::to_string(&s).unwrap()
    );
    assert_eq!(replay.dice.preview(6), s.dice.preview(6));
}

// ---- "the Guide chooses" ---------------------------------------------------------------

#[test]
fn alone_a_die_counts_along_the_options() {
    for n in 2..=6usize {
        let opts: Vec<String> = (0..n)
            .map(|i| format!(r#"{{"label": "option {i}"}}"#))
            .collect();
        let card = format!(
            r#"{{"id": "oracle", "type": "caesura", "effects": [{{"guide_chooses": [{}]}}]}}"#,
            opts.join(",")
        );
        for d in 1..=6u8 {
            let mut s = ready(false, &[], &card, &[]);
            dice(&mut s, &[d]);
            let events = flip_id(&mut s, "oracle");
            let option = (d as usize - 1) % n;
            assert_eq!(
                events[1],
                Event::GuideChose {
                    option: option as u8,
                    label: format!("option {option}"),
                    die: Some(d),
                },
                "{n} options, die {d}"
            );
            assert_eq!(s.dice.forced_left(), 0, "the die is drawn from the dice");
            assert_eq!(s.phase, Phase::Explore);
        }
    }
}

#[test]
fn alone_a_guide_choice_runs_the_picked_option_then_the_rest() {
    // Two options and a 5: counting 1, 2, 3, 4, 5 along them lands on the first.
    let mut s = ready(false, &[], &fork(), &[]);
    dice(&mut s, &[5]);
    let f = card(&s, "fork");
    let k = slot_of(&s, "fork");
    let mut want = vec![
        Event::CardFlipped { slot: k, card: f },
        Event::GuideChose {
            option: 0,
            label: "The cold path".into(),
            die: Some(5),
        },
        Event::HealthChanged { by: -2, health: 18 },
        Event::MarkerMoved { by: 1, marker: 1 },
        Event::CardDiscarded {
            card: f,
            from: Zone::Resolving,
        },
        Event::CardResolved { card: f },
    ];
    want.extend(refill(&s, k));
    assert_eq!(act(&mut s, Action::Flip { slot: k }), want);
    // A 6 lands on the second.
    let mut s = ready(false, &[], &fork(), &[]);
    set_health(&mut s, 15);
    dice(&mut s, &[6]);
    let events = flip_id(&mut s, "fork");
    assert_eq!(
        events[1..5],
        [
            Event::GuideChose {
                option: 1,
                label: "The warm path".into(),
                die: Some(6),
            },
            Event::HealthChanged { by: 1, health: 16 },
            Event::MarkerMoved { by: 2, marker: 2 },
            Event::MarkerMoved { by: 1, marker: 3 },
        ]
    );
}

/// A Guide's choice fired by a Snare while another card is flipped is named after the
/// Snare (the table shows it and the Guide reads its notes), not the card flipped.
#[test]
fn a_guide_choice_from_a_snares_trigger_names_the_snare() {
    let snare = format!(
        r#"{{"id": "needle", "type": "snare",
            "triggers": [{{"on": "flip", "effects": [{{"guide_chooses": {FORK_OPTIONS}}}]}}]}}"#
    );
    let mut s = ready(true, &[], &snare, &[]);
    flip_id(&mut s, "needle");
    let needle = card(&s, "needle");
    assert_eq!(s.snares, vec![needle]);
    let slot = s
        .row
        .iter()
        .position(|rc| rc.is_some_and(|rc| rc.card.id().starts_with("rock")))
        .expect("a rock in the row") as u8;
    let events = act(&mut s, Action::Flip { slot });
    let offered = events.iter().find_map(|e| match e {
        Event::ChoiceOffered(o) => match o.kind {
            ChoiceKind::Guide { card, .. } => Some(card),
            _ => None,
        },
        _ => None,
    });
    assert_eq!(offered, Some(Some(needle)), "{events:?}");
    assert_eq!(forward::protocol::choice_card(&s), Some(needle));
}

#[test]
fn with_a_guide_the_guide_picks_then_the_option_and_the_rest_run() {
    let mut s = ready(true, &[], &fork(), &[6]);
    set_health(&mut s, 15);
    let f = card(&s, "fork");
    let k = slot_of(&s, "fork");
    let refilled = refill(&s, k);
    let events = act(&mut s, Action::Flip { slot: k });
    assert_eq!(
        events,
        vec![
            Event::CardFlipped { slot: k, card: f },
            Event::ChoiceOffered(Box::new(ChoiceOffer {
                kind: ChoiceKind::Guide {
                    card: Some(f),
                    options: options(FORK_OPTIONS),
                },
                pending: vec![Effect::Resolve(1)].into(),
                sources: vec![Some(f)].into(),
            })),
        ]
    );
    assert_eq!(s.role(), Role::Guide);
    assert_eq!(legal(&s), vec![pick(0), pick(1), Action::Abandon]);
    let p = prompt(&s);
    assert_eq!((p.kind, p.role), ("guide_choice", Some("guide")));
    assert_eq!(
        p.text,
        "Guide, choose what befalls the traveller: The cold path / The warm path."
    );
    // Out of range, or not a choice of the Guide's: refused with the reason.
    assert_eq!(
        check(&s, &pick(2)).unwrap_err().to_string(),
        r#"{"type":"pick","option":2} is not a legal action now; the game is waiting for: guide_choice"#
    );
    for a in [
        pick(2),
        pick(255),
        Action::Choose { option: 0 },
        Action::Continue,
    ] {
        refused_without_change(&mut s, a);
    }
    let events = act(&mut s, pick(1));
    let mut want = vec![
        Event::GuideChose {
            option: 1,
            label: "The warm path".into(),
            die: None,
        },
        Event::ChoiceClosed,
        Event::HealthChanged { by: 1, health: 16 },
        Event::MarkerMoved { by: 2, marker: 2 },
        // The effect after `guide_chooses` waited for the pick.
        Event::MarkerMoved { by: 1, marker: 3 },
        Event::CardDiscarded {
            card: f,
            from: Zone::Resolving,
        },
        Event::CardResolved { card: f },
    ];
    want.extend(refilled);
    assert_eq!(events, want);
    assert_eq!(s.dice.forced_left(), 1, "no die was drawn for the pick");
    assert_eq!(s.role(), Role::Traveller);
    refused_without_change(&mut s, pick(0));
}

#[test]
fn a_guide_choice_can_lead_to_a_lose_choice_and_the_rest_still_waits() {
    let bandit = r#"{"id": "bandit", "type": "caesura", "effects": [
        {"guide_chooses": [
            {"label": "They rob you", "effects": [{"lose": "item"}, {"dread": 1}]},
            {"label": "They let you pass"}]},
        {"resolve": 2}]}"#;
    let mut s = ready(true, &[LAMP, ROPE], bandit, &[]);
    let held = s.items.clone();
    let b = card(&s, "bandit");
    let k = slot_of(&s, "bandit");
    let refilled = refill(&s, k);
    act(&mut s, Action::Flip { slot: k });
    assert_eq!(
        act(&mut s, pick(0)),
        vec![
            Event::GuideChose {
                option: 0,
                label: "They rob you".into(),
                die: None,
            },
            Event::ChoiceClosed,
            Event::ChoiceOffered(Box::new(ChoiceOffer {
                kind: ChoiceKind::Lose {
                    cards: held.clone(),
                },
                pending: vec![Effect::Dread(1), Effect::Resolve(2)].into(),
                sources: vec![Some(b), Some(b)].into(),
            })),
        ]
    );
    assert_eq!(s.role(), Role::Guide);
    assert_eq!(phase_name(&s.phase), "guide_lose");
    assert_eq!(legal(&s), vec![pick(0), pick(1), Action::Abandon]);
    let mut want = vec![
        Event::GuideChose {
            option: 1,
            label: held[1].id().to_string(),
            die: None,
        },
        Event::CardDiscarded {
            card: held[1],
            from: Zone::Items,
        },
        Event::ChoiceClosed,
        Event::MarkerMoved { by: -1, marker: -1 },
        Event::MarkerMoved { by: 2, marker: 1 },
        Event::CardDiscarded {
            card: b,
            from: Zone::Resolving,
        },
        Event::CardResolved { card: b },
    ];
    want.extend(refilled);
    assert_eq!(act(&mut s, pick(1)), want);
    assert_eq!(s.items, vec![held[0]]);
    assert!(s.discard.contains(&held[1]));
}

// ---- losing a held card ---------------------------------------------------------------

#[test]
fn alone_a_die_picks_the_card_lost() {
    for (d, option) in [(1u8, 0usize), (2, 1), (3, 0), (4, 1), (5, 0), (6, 1)] {
        let mut s = ready(false, &[LAMP, ROPE], &thief("item"), &[]);
        let held = s.items.clone();
        let t = card(&s, "thief");
        dice(&mut s, &[d]);
        let events = flip_id(&mut s, "thief");
        assert_eq!(
            events[1..5],
            [
                Event::GuideChose {
                    option: option as u8,
                    label: held[option].id().to_string(),
                    die: Some(d),
                },
                Event::CardDiscarded {
                    card: held[option],
                    from: Zone::Items,
                },
                Event::CardDiscarded {
                    card: t,
                    from: Zone::Resolving,
                },
                Event::CardResolved { card: t },
            ],
            "die {d}"
        );
        assert_eq!(s.items, vec![held[1 - option]]);
        assert_eq!(s.dice.forced_left(), 0);
    }
}

#[test]
fn with_a_guide_the_guide_picks_the_card_lost() {
    let mut s = ready(true, &[LAMP, ROPE], &thief("item"), &[4]);
    let held = s.items.clone();
    let t = card(&s, "thief");
    let k = slot_of(&s, "thief");
    let events = act(&mut s, Action::Flip { slot: k });
    assert_eq!(
        events,
        vec![
            Event::CardFlipped { slot: k, card: t },
            Event::ChoiceOffered(Box::new(ChoiceOffer {
                kind: ChoiceKind::Lose {
                    cards: held.clone(),
                },
                pending: vec![].into(),
                sources: vec![].into(),
            })),
        ]
    );
    let p = prompt(&s);
    assert_eq!((p.kind, p.role), ("guide_lose", Some("guide")));
    assert_eq!(
        p.text,
        format!(
            "Guide, choose the card the traveller loses: {}, {}.",
            held[0].id(),
            held[1].id()
        )
    );
    refused_without_change(&mut s, pick(2));
    let events = act(&mut s, pick(0));
    assert_eq!(
        events[..4],
        [
            Event::GuideChose {
                option: 0,
                label: held[0].id().to_string(),
                die: None,
            },
            Event::CardDiscarded {
                card: held[0],
                from: Zone::Items,
            },
            Event::ChoiceClosed,
            Event::CardDiscarded {
                card: t,
                from: Zone::Resolving,
            },
        ]
    );
    assert_eq!(s.items, vec![held[1]]);
    assert_eq!(s.dice.forced_left(), 1, "no die was drawn");
}

#[test]
fn a_single_candidate_is_lost_without_a_die_or_a_choice() {
    for guide in [false, true] {
        let mut s = ready(guide, &[LAMP, SWORD], &thief("item"), &[6]);
        let (l, t) = (card(&s, "lamp"), card(&s, "thief"));
        let events = flip_id(&mut s, "thief");
        assert_eq!(
            events[1..4],
            [
                Event::GuideChose {
                    option: 0,
                    label: "lamp".into(),
                    die: None,
                },
                Event::CardDiscarded {
                    card: l,
                    from: Zone::Items,
                },
                Event::CardDiscarded {
                    card: t,
                    from: Zone::Resolving,
                },
            ],
            "guide: {guide}"
        );
        assert!(s.items.is_empty());
        assert_eq!(
            s.equipment,
            vec![card(&s, "sword")],
            "equipment is not an item"
        );
        assert_eq!(s.dice.forced_left(), 1);
        assert_eq!(s.phase, Phase::Explore);
    }
}

#[test]
fn with_nothing_to_lose_nothing_happens() {
    for guide in [false, true] {
        // Equipment only, and the thief wants an Item; then nothing held at all.
        for (kit, kind) in [
            (vec![SWORD], "item"),
            (vec![LAMP], "equipment"),
            (vec![], "any"),
        ] {
            let mut s = ready(guide, &kit, &thief(kind), &[6]);
            let t = card(&s, "thief");
            let before = (s.items.clone(), s.equipment.clone());
            let events = flip_id(&mut s, "thief");
            assert_eq!(
                events[1..3],
                [
                    Event::CardDiscarded {
                        card: t,
                        from: Zone::Resolving,
                    },
                    Event::CardResolved { card: t },
                ],
                "guide: {guide}, {kind}"
            );
            assert_eq!((s.items.clone(), s.equipment.clone()), before);
            assert_eq!(s.dice.forced_left(), 1);
        }
    }
}

#[test]
fn lose_any_counts_items_then_equipment() {
    // Alone: a 2 counts to the second candidate, the Equipment.
    let mut s = ready(false, &[LAMP, SWORD], &thief("any"), &[]);
    let sw = card(&s, "sword");
    dice(&mut s, &[2]);
    let events = flip_id(&mut s, "thief");
    assert_eq!(
        events[1..3],
        [
            Event::GuideChose {
                option: 1,
                label: "sword".into(),
                die: Some(2),
            },
            Event::CardDiscarded {
                card: sw,
                from: Zone::Equipment,
            },
        ]
    );
    assert!(s.equipment.is_empty() && s.items.len() == 1);
    // With a Guide: the choice lists the Item first, then the Equipment.
    let mut s = ready(true, &[LAMP, SWORD], &thief("any"), &[]);
    let (l, sw) = (card(&s, "lamp"), card(&s, "sword"));
    let events = flip_id(&mut s, "thief");
    assert!(matches!(
        &events[1],
        Event::ChoiceOffered(o) if matches!(&o.kind, ChoiceKind::Lose { cards } if *cards == vec![l, sw])
    ));
    let events = act(&mut s, pick(1));
    assert_eq!(
        events[1],
        Event::CardDiscarded {
            card: sw,
            from: Zone::Equipment,
        }
    );
    assert_eq!(s.items, vec![l]);
    assert!(s.equipment.is_empty());
    // Losing the Equipment took its bonus with it.
    assert_eq!(forward::core::mods(&s).atk, 0);
}

mod turns;
