//! Rules tests: the card format's pieces that change play (issue 18, "Card format"): the
//! combat table as data, foe faces with effects, a foe with the traveller's Health, Guardian
//! set-up effects and gates, limited-use shields, display labels, named Snares.

use super::*;
use forward::cards::CardSet;
use forward::cards::load::load_dir;
use forward::core::combat::Table;
use std::path::Path;
use std::sync::Arc;

/// A traveller (Health 20, ATK 0, DEF 0) with these extra JSON fields.
fn traveller_with(extra: &str) -> String {
    format!(
        r#"{{"id": "traveller", "name": "Traveller", "type": "traveller", "text": "",
            "health": 20, "atk": 0, "def": 0, {extra}}}"#
    )
}

/// [`duel`] with another traveller card.
fn duel_as(traveller: &str, kit: &[&str], foe: &str, forced: &[u8]) -> State {
    let mut all: Vec<&str> = kit.to_vec();
    all.push(foe);
    all.push(ROCK);
    let cards = Lab::new(&arr(&all)).traveller(traveller).build();
    let mut s = start_with(&cards, forced, false);
    let ids: Vec<String> = kit.iter().map(|k| id_of(k)).collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    get_all(&mut s, &ids);
    bring_up(&mut s, &id_of(foe));
    flip_id(&mut s, &id_of(foe));
    s
}

/// The foe of the table tests: 10 HP, every face strikes for 2.
fn striker() -> String {
    foe_with(
        "striker",
        10,
        &foe_faces::faces(&[
            r#"{"name": "Strike", "deal": 2}"#,
            r#"{"name": "Strike", "deal": 2}"#,
            r#"{"name": "Strike", "deal": 2}"#,
            r#"{"name": "Strike", "deal": 2}"#,
            r#"{"name": "Strike", "deal": 2}"#,
            r#"{"name": "Strike", "deal": 2}"#,
        ]),
    )
}

fn resolved(exchange: u32, roll: u8, strike: Strike, to: (i32, i32), hp: (i32, i32)) -> Event {
    Event::ExchangeResolved {
        exchange,
        roll: Some(roll),
        strike,
        foe_roll: 1,
        face: "Strike".into(),
        to_foe: to.0,
        to_traveller: to.1,
        reflected: 0,
        foe_healed: 0,
        foe_hp: hp.0,
        health: hp.1,
        status: attacks(u8::from(combat::is_attack(strike))),
    }
}

// ---- 1. the combat table as data ---------------------------------------------------------

#[test]
fn the_shipped_traveller_prints_the_rules_table() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let (set, _) = load_dir(&dir).unwrap_or_else(|r| panic!("{}", r.summary()));
    let printed = set.traveller.table.as_deref();
    assert!(printed.is_some(), "traveller.json carries its table");
    assert_eq!(Table::of(printed), Table::RULES);
    assert_eq!(
        (1..=6)
            .map(|r| Table::RULES.strike(Some(r)))
            .collect::<Vec<_>>(),
        (1..=6).map(|r| combat::strike(Some(r))).collect::<Vec<_>>()
    );
}

#[test]
fn a_printed_table_decides_the_traveller_result() {
    // This traveller's 1 is a Counter and 5 only a Hit.
    let t = traveller_with(r#""table": ["counter", "parry", "hit", "hit", "hit", "counter"]"#);
    let mut s = duel_as(&t, &[], &striker(), &[1, 1, 5, 1]);
    let events = act(&mut s, Action::Roll);
    assert_eq!(events[1], resolved(1, 1, Strike::Counter, (1, 0), (9, 20)));
    let events = act(&mut s, Action::Roll);
    let mut want = resolved(2, 5, Strike::Hit, (1, 2), (8, 18));
    if let Event::ExchangeResolved { status, .. } = &mut want {
        status.attacks = 2;
    }
    assert_eq!(events[1], want);
}

#[test]
fn equipment_changes_one_face_of_the_table_while_held() {
    const HOOK: &str = r#"{"id": "hook", "type": "equipment",
        "passive": [{"table_face": {"roll": 5, "result": "counter"}}]}"#;
    // Without it a 5 is a Critical (2 damage, the foe's 2 lands)...
    let mut s = duel(&[], &striker(), &[5, 1]);
    let events = act(&mut s, Action::Roll);
    assert_eq!(events[1], resolved(1, 5, Strike::Critical, (2, 2), (8, 18)));
    // ...with it a Counter: 1 damage that DEF does not reduce, and the foe's blow stopped.
    let mut s = duel(&[HOOK], &striker(), &[5, 1]);
    let events = act(&mut s, Action::Roll);
    assert_eq!(events[1], resolved(1, 5, Strike::Counter, (1, 0), (9, 20)));
    // Modifiers move the roll first: a 4 with +1 lands on the changed face.
    const CHARM: &str = r#"{"id": "charm", "type": "equipment", "passive": [{"duel_rolls": 1}]}"#;
    let mut s = duel(&[HOOK, CHARM], &striker(), &[4, 1]);
    let events = act(&mut s, Action::Roll);
    assert!(
        matches!(
            events[1],
            Event::ExchangeResolved {
                roll: Some(5),
                strike: Strike::Counter,
                ..
            }
        ),
        "{events:?}"
    );
}

#[test]
fn the_unending_check_reads_the_table_in_force() {
    // A traveller whose every face is a Miss can never harm an idle foe: the duel is broken
    // off before the first exchange.
    let t = traveller_with(r#""table": ["miss", "miss", "miss", "miss", "miss", "miss"]"#);
    let idler = dummy("idler", 3, "");
    let cards = Lab::new(&arr(&[ROCK, &idler])).traveller(&t).build();
    let mut s = start_with(&cards, &[], false);
    bring_up(&mut s, "idler");
    let events = flip_id(&mut s, "idler");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::DuelStalemate { foe, .. } if *foe == "idler")),
        "{events:?}"
    );
}

// ---- 2. foe faces with effects -----------------------------------------------------------

/// A foe of `hp` whose first face deals 1 and has these effects (a JSON array); the other
/// faces are idle.
fn venomous(hp: i32, effects: &str) -> String {
    let face = format!(r#"{{"name": "Venom", "deal": 1, "effects": {effects}}}"#);
    foe_with("adder", hp, &foe_faces::faces(&[&face]))
}

#[test]
fn a_face_effect_lands_after_the_exchange_damage() {
    let mut s = duel(
        &[],
        &venomous(5, r#"[{"dread": 1}, {"lose_health": 2}]"#),
        &[1, 1],
    );
    let events = act(&mut s, Action::Roll);
    assert_eq!(
        events,
        vec![
            Event::ExchangeRolled {
                traveller: Some(1),
                foe: 1,
                modifier: 0,
                no_rerolls: false,
            },
            Event::ExchangeResolved {
                exchange: 1,
                roll: Some(1),
                strike: Strike::Miss,
                foe_roll: 1,
                face: "Venom".into(),
                to_foe: 0,
                to_traveller: 1,
                reflected: 0,
                foe_healed: 0,
                foe_hp: 5,
                health: 19,
                status: DuelStatus::default(),
            },
            Event::MarkerMoved { by: -1, marker: -1 },
            Event::HealthChanged { by: -2, health: 17 },
        ]
    );
    // A Parry stops the face's damage, not its effects.
    let mut s = duel(&[], &venomous(5, r#"[{"dread": 1}]"#), &[2, 1]);
    let events = act(&mut s, Action::Roll);
    assert_eq!(damage(&events), (0, 0));
    assert_eq!(events[2], Event::MarkerMoved { by: -1, marker: -1 });
    assert_eq!(s.marker, -1);
}

#[test]
fn a_face_can_take_an_item_and_still_lands_when_the_foe_falls() {
    const FLASK: &str = r#"{"id": "flask", "type": "item", "use": {"effects": [{"heal": 1}]}}"#;
    let foe = venomous(1, r#"[{"lose": "item"}]"#);
    let mut s = duel(&[FLASK], &foe, &[3, 1]);
    assert_eq!(s.items.len(), 1);
    let events = act(&mut s, Action::Roll);
    // The Hit fells the foe; the face's effect still lands, before its on-defeat effects.
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| match e {
            Event::ExchangeResolved { .. } => "resolved",
            Event::FoeDefeated { .. } => "defeated",
            Event::GuideChose { .. } => "chose",
            Event::CardDiscarded {
                from: Zone::Items, ..
            } => "item lost",
            _ => "other",
        })
        .filter(|k| *k != "other")
        .collect();
    assert_eq!(kinds, ["resolved", "defeated", "chose", "item lost"]);
    assert!(s.items.is_empty());
    assert!(s.discard.iter().any(|c| c.id() == "flask"));
}

#[test]
fn a_face_whose_effects_harm_keeps_a_harmless_duel_going() {
    // Immune to everything the traveller has and never dealing damage: broken off at once...
    let idle = r#"{"name": "Idle"}"#;
    let quiet = format!(
        r#"{{"id": "wisp", "type": "foe", "hp": 3, "immune": ["attacks", "counter"], "faces": {}}}"#,
        foe_faces::faces(&[idle])
    );
    let mut s = start_lab(&arr(&[&quiet, ROCK]), &[]);
    bring_up(&mut s, "wisp");
    let events = flip_id(&mut s, "wisp");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::DuelStalemate { .. }))
    );
    // ...but a face that takes Health with its effects can still end the run: fought.
    let chill = r#"{"name": "Chill", "effects": [{"lose_health": 1}]}"#;
    let biting = format!(
        r#"{{"id": "wisp", "type": "foe", "hp": 3, "immune": ["attacks", "counter"], "faces": {}}}"#,
        foe_faces::faces(&[chill])
    );
    let mut s = start_lab(&arr(&[&biting, ROCK]), &[]);
    bring_up(&mut s, "wisp");
    let events = flip_id(&mut s, "wisp");
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::DuelStalemate { .. }))
    );
    assert!(s.duel().is_some());
}

// ---- 3. a foe with the traveller's Health; a fight that cannot be won --------------------

#[test]
fn a_foe_with_hp_health_starts_with_the_travellers_health() {
    let shade = foe_with(
        "shade",
        1,
        &foe_faces::faces(&[r#"{"name": "Strike", "deal": 2}"#]),
    )
    .replace(r#""hp": 1"#, r#""hp": "health""#);
    let mut s = start_lab(&arr(&[&shade, ROCK]), &[]);
    set_health(&mut s, 13);
    bring_up(&mut s, "shade");
    let events = flip_id(&mut s, "shade");
    assert!(
        events.contains(&Event::DuelStarted {
            foe: "shade".into(),
            hp: 13,
            card: Some(card(&s, "shade")),
            guardian: GuardianPenalties::default(),
            bonus: 0,
        }),
        "{events:?}"
    );
    let d = s.duel().expect("a duel");
    assert_eq!((d.hp, d.max_hp), (13, 13));
}

/// An invulnerable foe with these faces and extra fields.
fn untouchable(faces: &str, extra: &str) -> String {
    format!(
        r#"{{"id": "statue", "type": "foe", "hp": 3, "invulnerable": true, "faces": {faces}{extra}}}"#
    )
}

#[test]
fn an_invulnerable_foe_that_cannot_harm_is_broken_off_at_once() {
    let statue = untouchable(&foe_faces::faces(&[]), "");
    let mut s = start_lab(&arr(&[&statue, ROCK]), &[]);
    bring_up(&mut s, "statue");
    let events = flip_id(&mut s, "statue");
    assert!(
        events.contains(&Event::DuelStalemate {
            foe: "statue".into(),
            reason: "neither side can harm the other".into(),
        }),
        "{events:?}"
    );
    assert!(s.duel().is_none());
}

#[test]
fn an_invulnerable_foe_that_can_harm_is_fought_and_takes_nothing() {
    const BOMB: &str = r#"{"id": "bomb", "type": "item",
        "use": {"duel_only": true, "effects": [{"hit_foe": 5}]}}"#;
    let statue = untouchable(&foe_faces::faces(&[r#"{"name": "Crush", "deal": 1}"#]), "");
    let mut s = duel(&[BOMB], &statue, &[5, 1]);
    // The bomb is spent for nothing: no damage reaches it.
    let events = act(&mut s, use_card("bomb"));
    assert!(
        !events.iter().any(|e| matches!(e, Event::FoeHit { .. })),
        "{events:?}"
    );
    assert_eq!(s.duel().unwrap().hp, 3);
    // A Critical lands nothing; the foe's blow lands.
    let events = act(&mut s, Action::Roll);
    assert_eq!(damage(&events), (0, 1));
    assert!(
        s.duel().is_some(),
        "the duel goes on: the traveller can still fall"
    );
}

// ---- 4. Guardian set-up effects; a gate that ends the run --------------------------------

/// A Snare in Domain `c` (never visited by these tests): -1 to duel rolls; catching costs 1
/// Health.
const GLOOM: &str = r#"{"id": "gloom", "type": "snare", "passive": [{"duel_rolls": -1}],
    "effects": [{"lose_health": 1}]}"#;

/// Clears `a`, `b` and `z` and stops at the crossing.
fn to_crossing(cards: &Arc<CardSet>) -> State {
    let mut s = start(cards, &[]);
    clear_domain(&mut s);
    act(&mut s, go("b"));
    clear_domain(&mut s);
    act(&mut s, go("z"));
    clear_domain(&mut s);
    assert_eq!(s.phase, Phase::Crossing);
    s
}

#[test]
fn guardian_setup_lands_at_the_reveal_before_the_duel() {
    let guardian = GUARDIAN.replace(
        r#""hp": 2,"#,
        r#""hp": 2, "setup": [{"catch": "gloom"}, {"dread": 1},
            {"bonus": {"to": "next_duel", "amount": -1}}],"#,
    );
    let cards = Lab::new(&arr(&[ROCK]))
        .c(&arr(&[GLOOM]))
        .guardian(&guardian)
        .build();
    let mut s = to_crossing(&cards);
    let gloom = card(&s, "gloom");
    let events = act(&mut s, Action::Continue);
    assert_eq!(
        events,
        vec![
            Event::GuardianRevealed { checks: vec![] },
            Event::SnareCaught { card: gloom },
            Event::HealthChanged { by: -1, health: 19 },
            Event::MarkerMoved { by: -1, marker: -1 },
            Event::BonusGained {
                to: BonusTarget::NextDuel,
                amount: -1,
            },
            Event::BonusUsed {
                to: BonusTarget::NextDuel,
                amount: -1,
            },
            Event::DuelStarted {
                foe: "guardian".into(),
                hp: 2,
                card: None,
                guardian: GuardianPenalties::default(),
                bonus: -1,
            },
        ]
    );
    // The arena's -1 and the Snare's -1 both weigh on the Guardian duel's rolls.
    assert_eq!(s.snares, vec![gloom]);
    assert_eq!(forward::core::roll_modifier(&s, s.duel().unwrap()), -2);
}

#[test]
fn guardian_setup_that_fells_the_traveller_loses_before_the_duel() {
    let guardian = GUARDIAN.replace(r#""hp": 2,"#, r#""hp": 2, "setup": [{"dread": 5}],"#);
    let cards = Lab::new(&arr(&[ROCK])).guardian(&guardian).build();
    let mut s = to_crossing(&cards);
    let events = act(&mut s, Action::Continue);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::DuelStarted { .. }))
    );
    assert_eq!(
        s.outcome,
        Some(Outcome::Lost {
            cause: Cause::Dread,
            detail: "Dread passed its limit.".into()
        })
    );
}

#[test]
fn a_gate_ends_the_run_naming_what_was_missing() {
    const TOKEN: &str = r#"{"id": "token", "type": "item"}"#;
    const FERRY: &str = r#"{"id": "ferry", "type": "caesura", "effects": [{"if": {
        "when": {"not": {"holds": "token"}},
        "then": [{"end_run": "No boat will carry you without the ferry token."}]}}]}"#;
    // Without the token: lost on the spot, with the card's words.
    let mut s = start_lab(&arr(&[FERRY, TOKEN, ROCK]), &[]);
    bring_up(&mut s, "ferry");
    let events = flip_id(&mut s, "ferry");
    let lost = Outcome::Lost {
        cause: Cause::Stranded,
        detail: "No boat will carry you without the ferry token.".into(),
    };
    assert_eq!(events.last(), Some(&Event::RunEnded { outcome: lost }));
    // With it: the gate opens.
    let mut s = start_lab(&arr(&[FERRY, TOKEN, ROCK]), &[]);
    get(&mut s, "token");
    bring_up(&mut s, "ferry");
    flip_id(&mut s, "ferry");
    assert!(!s.is_over());
}

// ---- 7. effects: catch or release a named Snare ------------------------------------------

#[test]
fn catch_and_release_a_named_snare() {
    const TRAP: &str = r#"{"id": "trap", "type": "caesura", "effects": [{"catch": "gloom"}]}"#;
    const TRAP2: &str = r#"{"id": "trap2", "type": "caesura", "effects": [{"catch": "gloom"}]}"#;
    const FREE: &str = r#"{"id": "free", "type": "blessing", "effects": [{"release": "gloom"}]}"#;
    const FREE2: &str = r#"{"id": "free2", "type": "blessing", "effects": [{"release": "gloom"}]}"#;
    let cards = Lab::new(&arr(&[TRAP, TRAP2, FREE, FREE2, ROCK]))
        .c(&arr(&[GLOOM]))
        .build();
    let mut s = start(&cards, &[]);
    let gloom = card(&s, "gloom");
    bring_up(&mut s, "trap");
    let events = flip_id(&mut s, "trap");
    // Caught as if flipped: its own effect (lose 1 Health) lands too.
    assert_eq!(
        events[1..3],
        [
            Event::SnareCaught { card: gloom },
            Event::HealthChanged { by: -1, health: 19 }
        ]
    );
    assert_eq!(s.snares, vec![gloom]);
    assert_eq!(forward::core::mods(&s).duel_rolls, -1);
    // A second catch does nothing: it already holds the traveller.
    bring_up(&mut s, "trap2");
    let events = flip_id(&mut s, "trap2");
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::SnareCaught { .. } | Event::HealthChanged { .. }))
    );
    assert_eq!(s.snares, vec![gloom]);
    // Released to the discard; a second release finds nothing.
    bring_up(&mut s, "free");
    let events = flip_id(&mut s, "free");
    assert!(events.contains(&Event::SnareRemoved { card: gloom }));
    assert!(s.snares.is_empty());
    assert!(s.discard.contains(&gloom));
    bring_up(&mut s, "free2");
    let events = flip_id(&mut s, "free2");
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::SnareRemoved { .. }))
    );
}

// ---- 5. a limited-use "block this exchange" ability --------------------------------------

/// Two uses, at any moment of a duel: the foe's next blow is blocked.
const BUCKLER: &str = r#"{"id": "buckler", "name": "Buckler", "type": "item",
    "use": {"duel_only": true, "uses": 2, "effects": [{"shield": 1}]}}"#;

#[test]
fn a_shield_blocks_the_foes_damage_in_the_next_exchange_only() {
    let mut s = duel(&[BUCKLER], &striker(), &[3, 1, 3, 1]);
    let buckler = card(&s, "buckler");
    assert_eq!(s.uses_left(buckler), Some(2));
    let events = act(&mut s, use_card("buckler"));
    assert_eq!(
        events,
        vec![
            Event::AbilityUsed {
                card: buckler,
                per: Per::Once,
            },
            Event::Shielded { exchanges: 1 },
        ]
    );
    assert_eq!(s.duel().unwrap().status.shield, 1);
    // The Hit lands; the foe's Strike (2) is blocked.
    let events = act(&mut s, Action::Roll);
    assert_eq!(events[1], resolved(1, 3, Strike::Hit, (1, 0), (9, 20)));
    // The next exchange is not shielded.
    let events = act(&mut s, Action::Roll);
    let mut want = resolved(2, 3, Strike::Hit, (1, 2), (8, 18));
    if let Event::ExchangeResolved { status, .. } = &mut want {
        status.attacks = 2;
    }
    assert_eq!(events[1], want);
}

#[test]
fn an_ability_with_uses_is_used_up_after_the_last() {
    let mut s = duel(&[BUCKLER], &striker(), &[]);
    let buckler = card(&s, "buckler");
    let label = |s: &State| forward::present::words::action_label(s, &use_card("buckler"));
    assert_eq!(label(&s), "Use Buckler (2 uses left)");
    let uses = |s: &State| forward::present::view(s).uses_left.get("buckler").copied();
    assert_eq!(
        uses(&s),
        Some(2),
        "the protocol's state shows the uses left"
    );
    act(&mut s, use_card("buckler"));
    assert_eq!(uses(&s), Some(1));
    // Not used up yet: still held, and usable again at once (no `per` limit).
    assert_eq!(s.items, vec![buckler]);
    assert_eq!(s.uses_left(buckler), Some(1));
    assert!(is_legal(&s, &use_card("buckler")));
    assert_eq!(label(&s), "Use Buckler (last use)");
    act(&mut s, use_card("buckler"));
    assert!(s.items.is_empty());
    assert_eq!(uses(&s), None, "a card used up is no longer listed");
    assert!(s.discard.contains(&buckler));
    assert_eq!(
        s.duel().unwrap().status.shield,
        2,
        "two shielded exchanges banked"
    );
    assert!(!is_legal(&s, &use_card("buckler")));
}

#[test]
fn uses_with_once_per_fight_wait_for_the_next_fight() {
    let ward = BUCKLER
        .replace("buckler", "ward")
        .replace(r#""uses": 2"#, r#""per": "fight", "uses": 3"#);
    let mut s = duel(&[&ward], &striker(), &[]);
    let w = card(&s, "ward");
    act(&mut s, use_card("ward"));
    assert_eq!(s.uses_left(w), Some(2));
    assert!(!is_legal(&s, &use_card("ward")), "once per fight");
    assert!(s.is_spent(w));
}

// ---- 6. a display label apart from the structural type -----------------------------------

#[test]
fn a_labelled_card_plays_by_its_type_and_shows_its_label() {
    use forward::present::words::{describe, type_label};
    // A Beast that only bites: a Caesura dealing a flat loss, no duel.
    const BITER: &str = r#"{"id": "biter", "name": "Ditch Rat", "type": "caesura",
        "label": "Beast", "effects": [{"lose_health": 2}]}"#;
    // A Terror with one forced effect.
    const DREAD: &str = r#"{"id": "dread", "name": "The Stare", "type": "caesura",
        "label": "Terror", "effects": [{"dread": 1}]}"#;
    let mut s = start_lab(&arr(&[BITER, DREAD, ROCK]), &[]);
    let biter = card(&s, "biter");
    bring_up(&mut s, "biter");
    let events = flip_id(&mut s, "biter");
    assert_eq!(
        events[1..4],
        [
            Event::HealthChanged { by: -2, health: 18 },
            Event::CardDiscarded {
                card: biter,
                from: Zone::Resolving,
            },
            Event::CardResolved { card: biter },
        ]
    );
    assert!(s.duel().is_none());
    assert_eq!(type_label(s.cards.card(biter)), "Beast");
    assert_eq!(
        describe(&s.cards, &events[0]).as_deref(),
        Some("Flipped Ditch Rat (beast).")
    );
    bring_up(&mut s, "dread");
    let events = flip_id(&mut s, "dread");
    assert_eq!(events[1], Event::MarkerMoved { by: -1, marker: -1 });
    assert_eq!(type_label(s.cards.card(card(&s, "dread"))), "Terror");
    // Without a label, the type's own name.
    assert_eq!(type_label(s.cards.card(card(&s, "rock"))), "Caesura");
}

#[test]
fn face_effects_are_told_in_the_face_tables() {
    let face: Face = serde_json::from_str(
        r#"{"name": "Venom", "deal": 1, "effects": [{"dread": 1}, {"lose": "item"}]}"#,
    )
    .expect("face");
    assert_eq!(
        forward::present::words::face_summary(&face),
        "deal 1, +1 Dread, you lose an Item"
    );
    assert_eq!(
        forward::print::face_result(&face),
        "1 dmg, +1 Dread, you lose an Item"
    );
}
