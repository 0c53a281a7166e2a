use super::*;
use crate::core::{Event, apply, execute};

fn start() -> (State, Vec<Event>) {
    let cards = cards().expect("the lesson's cards load");
    crate::core::new_run(cards, SEED, DICE.to_vec())
}

/// One step of a walk: its id, the action taken, the kinds of the events at which the
/// lesson moved on.
type Walked = (&'static str, Action, Vec<String>);

/// Plays the lesson as scripted: for each step, the action it asks for, its events
/// applied one at a time to a shown copy (as the table's stage does). Returns, per step,
/// the action taken and the kind of event at which the shown state completed the step.
fn walk() -> (State, Vec<Walked>) {
    let (mut s, _) = start();
    let mut lesson = Lesson::new();
    let mut log = Vec::new();
    assert!(!lesson.observe(&s), "nothing is done before the first flip");
    while let Some(step) = lesson.step() {
        let a = lesson
            .wanted(&s)
            .unwrap_or_else(|| panic!("step {} wants {:?}: not offered", step.id, step.want));
        let mut shown = s.clone();
        let events = execute(&mut s, &a).expect("the wanted action is legal");
        let mut moved_at = Vec::new();
        for e in &events {
            apply(&mut shown, e);
            if lesson.observe(&shown) {
                moved_at.push(event_kind(e));
            }
        }
        assert_eq!(
            (shown.phase == s.phase, shown.health, shown.flips),
            (true, s.health, s.flips),
            "the events rebuild the state"
        );
        assert!(
            !moved_at.is_empty(),
            "step {} did not advance on {a:?}",
            step.id
        );
        log.push((step.id, a, moved_at));
    }
    (s, log)
}

fn event_kind(e: &Event) -> String {
    let v = serde_json::to_value(e).expect("events serialise");
    v["type"].as_str().unwrap_or("?").to_string()
}

#[test]
fn the_lesson_set_loads_with_three_domains() {
    let set = cards().expect("the lesson's cards load without errors");
    assert_eq!(set.domains.len(), 3);
    assert_eq!(set.cards.len(), 10);
}

#[test]
fn the_script_plays_through_to_a_won_run() {
    let (s, log) = walk();
    assert_eq!(s.outcome, Some(crate::core::Outcome::Won));
    let ids: Vec<_> = log.iter().map(|(id, _, _)| *id).collect();
    let all: Vec<_> = STEPS.iter().map(|s| s.id).collect();
    assert_eq!(ids, all, "every step is done in order, one action each");
    // The forced dice are all used, and no die was left to the seed.
    assert_eq!(s.dice.forced_left(), 0);
    assert_eq!(s.dice.generated(), 0);
    // 20, -3 (the lunge), +3 (the Honey Cake), -2 (the Terror's first option), -1 and -1
    // (the Loose Plank at the flips of the Ferry Girl and the Blessing).
    assert_eq!(s.health, 16);
}

#[test]
fn each_step_advances_on_the_event_that_completes_it() {
    let (_, log) = walk();
    let at: Vec<(&str, String)> = log
        .iter()
        .map(|(id, _, moved)| (*id, moved.join(",")))
        .collect();
    // Each step moves on at the event whose application shows it done: a Caesura's
    // flip once it has resolved (the row waits again), an offer at the flip itself, the
    // Rest's Grace when it changes, a Domain's last card when the Domain is cleared.
    let want: Vec<(&str, &str)> = vec![
        ("flip", "card_resolved"),
        ("flip-item", "card_flipped"),
        ("take", "card_taken"),
        ("flip-rest", "card_flipped"),
        ("grace", "grace_changed"),
        ("leave-rest", "domain_cleared"),
        ("route", "domain_entered"),
        ("flip-foe", "duel_started"),
        ("roll", "exchange_rolled"),
        ("reroll", "card_resolved"),
        ("use", "ability_used"),
        ("flip-terror", "card_flipped"),
        ("terror", "card_resolved"),
        ("flip-pit", "card_flipped"),
        ("pit", "domain_cleared"),
        ("route-bridge", "domain_entered"),
        ("rumour", "card_resolved"),
        ("flip-snare", "snare_caught"),
        ("flip-companion", "companion_joined"),
        ("flip-blessing", "domain_cleared"),
        ("crossing", "duel_started"),
        ("guardian", "foe_defeated"),
    ];
    let got: Vec<(&str, &str)> = at.iter().map(|(a, b)| (*a, b.as_str())).collect();
    assert_eq!(got, want);
}

#[test]
fn only_the_step_asked_for_is_open() {
    let (s, _) = start();
    let lesson = Lesson::new();
    let note = slot_of(&s, "lesson_gate_note").expect("the note is in the first row");
    let open: Vec<Action> = legal_actions(&s)
        .into_iter()
        .filter(|a| lesson.allows(&s, a))
        .collect();
    assert_eq!(open, vec![Action::Flip { slot: note }]);
    assert!(!lesson.allows(&s, &Action::Abandon));
    // At the first road, the Bridge (the short way) is closed; the Reeds are open.
    let (mut s, _) = start();
    let mut lesson = Lesson::new();
    while lesson.step().is_some_and(|st| st.id != "route") {
        let a = lesson.wanted(&s).expect("offered");
        execute(&mut s, &a).expect("legal");
        lesson.observe(&s);
    }
    let go = |d: &'static str| Action::Go { domain: d.into() };
    assert!(legal_actions(&s).contains(&go(BRIDGE)));
    assert!(!lesson.allows(&s, &go(BRIDGE)));
    assert!(lesson.allows(&s, &go(REEDS)));
}

#[test]
fn the_lesson_teaches_the_guardians_terms_before_the_crossing() {
    let at = |id: &str| STEPS.iter().position(|s| s.id == id).expect("a step");
    let words = |id: &str| STEPS[at(id)].words.to_lowercase();
    // In order: the Guardian's card and its seals, then rumours, then the warning mark, all
    // before the Guardian's duel.
    assert!(at(SHOWS_GUARDIAN) < at("flip-snare") && at("flip-snare") < at("crossing"));
    assert!(at("crossing") < at("guardian"));
    let rumour = words(SHOWS_GUARDIAN);
    for w in ["crossing", "card", "map", "seal", "requirement"] {
        assert!(rumour.contains(w), "{w}: {rumour}");
    }
    let learned = words("flip-snare");
    for w in ["rumour", "domains", "learn", "later runs"] {
        assert!(learned.contains(w), "{w}: {learned}");
    }
    assert!(words("crossing").contains("— breaks"));
    assert!(LEARNED.iter().any(|l| l.contains("seal")));
}

/// The lesson shows the whole game: a Snare caught and then cleansed, a companion who
/// joins, and a real seal met at the reveal (not "0 of 0 seals met").
#[test]
fn the_lesson_catches_a_snare_cleanses_it_gains_a_companion_and_meets_a_seal() {
    let (mut s, _) = start();
    let mut lesson = Lesson::new();
    let mut events = Vec::new();
    while lesson.step().is_some() {
        let a = lesson.wanted(&s).expect("offered");
        events.extend(execute(&mut s, &a).expect("legal"));
        lesson.observe(&s);
    }
    let caught = events
        .iter()
        .position(|e| matches!(e, Event::SnareCaught { .. }))
        .expect("a Snare is caught");
    let removed = events
        .iter()
        .position(|e| matches!(e, Event::SnareRemoved { .. }))
        .expect("the Snare is cleansed");
    assert!(caught < removed);
    assert!(s.snares.is_empty(), "no Snare is left at the end");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::CompanionJoined { .. })),
        "a companion joins"
    );
    let checks = events
        .iter()
        .find_map(|e| match e {
            Event::GuardianRevealed { checks } => Some(checks.clone()),
            _ => None,
        })
        .expect("the Guardian is revealed");
    assert_eq!(checks.len(), 1, "the warden has one seal");
    assert!(checks.iter().all(|c| c.met), "its seal is met: {checks:?}");
}
