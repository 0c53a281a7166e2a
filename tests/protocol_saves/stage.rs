//! The stage (src/present/stage.rs): a shown state that trails the session and plays each
//! event at the pace of its moment. Driven with a fake clock, no window.

use forward::cards::CardSet;
use forward::cards::load::load_dir;
use forward::cards::model::StationType;
use forward::core::state::Phase;
use forward::core::{Action, Event, legal_actions};
use forward::present::scene::Scene;
use forward::present::stage::{MomentKind, Speed, Stage};
use forward::session::Session;
use forward::sim::BotRng;
use forward::sim::scene::find;
use std::path::Path;
use std::sync::Arc;

fn shipped() -> Arc<CardSet> {
    Arc::new(
        load_dir(Path::new("cards"))
            .expect("the shipped cards load")
            .0,
    )
}

/// A session brought to a scene found by the greedy bot, and a stage showing it at rest.
fn at(cards: &Arc<CardSet>, wanted: impl Fn(&forward::core::State) -> bool) -> (Session, Stage) {
    let scene = find(cards, 300, wanted).expect("a seed reaches the scene");
    let (mut run, _) = Session::new(cards.clone(), scene.seed, Vec::new());
    for &i in &scene.actions {
        let a = legal_actions(&run.state)[i].clone();
        run.act(&a).expect("offered");
    }
    let stage = Stage::new(Scene::new(run.state.clone()));
    (run, stage)
}

fn state_json(s: &forward::core::State) -> serde_json::Value {
    serde_json::to_value(s).expect("a state serialises")
}

/// Takes an action in the session and pushes its events onto the stage.
fn act(run: &mut Session, stage: &mut Stage, a: &Action) -> Vec<Event> {
    let before = run.state.clone();
    let events = run.act(a).expect("offered");
    stage.push(&before, &events);
    events
}

#[test]
fn halfway_through_the_tumble_nothing_of_the_roll_shows_and_after_it_everything_does() {
    let cards = shipped();
    let (mut run, mut stage) = at(&cards, |s| {
        matches!(&s.phase, Phase::Duel(d) if d.rolled.is_none() && d.awaiting_foe.is_none() && d.hp >= 3)
            && legal_actions(s).contains(&Action::Roll)
    });
    // A Critical that cannot miss its mark, and a foe's 1.
    run.force_die(5);
    run.force_die(1);
    let health = stage.shown().health;
    let hp = stage.shown().duel().map(|d| d.hp);
    let log = stage.scene().log.len();
    act(&mut run, &mut stage, &Action::Roll);
    stage.advance(0.3);
    let m = stage.moment().expect("the dice are tumbling");
    assert_eq!(m.kind, MomentKind::Dice);
    assert!(!m.applied, "the roll is not shown yet");
    assert_eq!(stage.shown().health, health);
    assert_eq!(stage.shown().duel().map(|d| d.hp), hp);
    assert_eq!(
        stage.scene().log.len(),
        log,
        "no log line before the dice land"
    );
    assert!(
        stage.shown().duel().is_some_and(|d| d.rolled.is_none()),
        "the dice are not in the shown state during the tumble"
    );
    // The dice land: they are in the shown state, the blow has not struck yet.
    stage.advance(0.35);
    let rolled = stage.shown().duel().and_then(|d| d.rolled);
    assert_eq!(rolled.map(|r| (r.traveller, r.foe)), Some((Some(5), 1)));
    assert_eq!(stage.shown().duel().map(|d| d.hp), hp);
    assert_eq!(stage.shown().health, health);
    // Long after: the shown state is the session's.
    stage.advance(30.0);
    assert!(stage.idle());
    assert_eq!(state_json(stage.shown()), state_json(&run.state));
    assert_ne!(
        stage.shown().duel().map(|d| d.hp),
        hp,
        "the Critical struck"
    );
}

#[test]
fn a_card_that_resolves_by_itself_stays_up_until_the_player_continues() {
    let cards = shipped();
    let is_caesura = |s: &forward::core::State, slot: usize| {
        s.row[slot].is_some_and(|rc| s.cards.card(rc.card).card_type == StationType::Caesura)
    };
    let (mut run, mut stage) = at(&cards, |s| {
        s.phase == Phase::Explore && (0..3).any(|i| is_caesura(s, i))
    });
    let slot = (0..3)
        .find(|&i| is_caesura(&run.state, i))
        .expect("a Caesura");
    let card = run.state.row[slot].expect("a card").card;
    let events = act(&mut run, &mut stage, &Action::Flip { slot: slot as u8 });
    assert!(events.contains(&Event::CardResolved { card }), "{events:?}");
    stage.advance(60.0);
    assert!(stage.holding(), "the Caesura waits to be read");
    assert_eq!(
        stage.moment().map(|m| m.kind.clone()),
        Some(MomentKind::Read { card })
    );
    assert_eq!(
        stage.shown().resolving,
        Some(card),
        "its face is on the stage: {events:?}"
    );
    assert!(!stage.idle());
    // Time alone never moves it on.
    stage.advance(600.0);
    assert!(stage.holding());
    // The player continues: the reading hold is released, and the rest of the flip's
    // moments play out to the end (nothing else in them waits).
    assert!(stage.skip(), "the hold was released");
    stage.advance(60.0);
    assert!(
        stage.idle(),
        "still playing or holding after the player went on: {:?}",
        stage.moment().map(|m| m.kind.clone())
    );
    assert_eq!(state_json(stage.shown()), state_json(&run.state));
}

#[test]
fn in_a_solo_run_a_quiet_card_goes_on_by_itself_after_its_reading_time() {
    let cards = shipped();
    let is_caesura = |s: &forward::core::State, slot: usize| {
        s.row[slot].is_some_and(|rc| s.cards.card(rc.card).card_type == StationType::Caesura)
    };
    let (mut run, mut stage) = at(&cards, |s| {
        s.phase == Phase::Explore && (0..3).any(|i| is_caesura(s, i))
    });
    stage.set_auto_read(true);
    let slot = (0..3)
        .find(|&i| is_caesura(&run.state, i))
        .expect("a Caesura");
    let card = run.state.row[slot].expect("a card").card;
    act(&mut run, &mut stage, &Action::Flip { slot: slot as u8 });
    // Its flip plays, then it is held up to be read.
    while !stage.holding() {
        stage.advance(0.05);
        assert!(!stage.idle(), "the card was never held up to be read");
    }
    let sc = cards.card(card);
    let wait = forward::present::pace::reading_time(&sc.name, &sc.text, 1.0);
    assert!(wait >= forward::present::pace::READ_MIN);
    // Not before its reading time...
    let mut waited = 0.0;
    while waited + 0.1 < wait {
        stage.advance(0.1);
        waited += 0.1;
        assert!(
            stage.holding(),
            "went on after {waited:.1} s of {wait:.1} s"
        );
    }
    assert!(stage.reading_left().is_some_and(|left| left <= 0.2));
    // ...and by itself once it has passed, to the end of the flip's moments.
    stage.advance(0.3);
    stage.advance(30.0);
    assert!(stage.idle(), "still held after its reading time");
    assert_eq!(state_json(stage.shown()), state_json(&run.state));
}

#[test]
fn skipping_applies_the_event_at_once_and_instant_speed_plays_everything_but_holds() {
    let cards = shipped();
    let (mut run, mut stage) = at(&cards, |s| {
        matches!(&s.phase, Phase::Duel(d) if d.rolled.is_none() && d.awaiting_foe.is_none())
            && legal_actions(s).contains(&Action::Roll)
    });
    act(&mut run, &mut stage, &Action::Roll);
    assert!(!stage.idle());
    let before = stage.scene().log.len();
    assert!(stage.skip(), "the tumble is skipped");
    assert!(stage.scene().log.len() > before, "its event was applied");
    stage.set_speed(Speed::Instant);
    stage.advance(0.0);
    assert!(stage.idle() || stage.holding());
}

/// Over many seeded runs played by a random bot, after every action the stage played to
/// the end shows exactly the session's state: the shown state cannot drift from the truth.
#[test]
fn the_shown_state_never_drifts_from_the_session() {
    let cards = shipped();
    let mut steps = 0;
    for seed in 0..40u64 {
        let (mut run, _) = Session::new(cards.clone(), seed, Vec::new());
        let mut stage = Stage::new(Scene::new(run.state.clone()));
        let mut rng = BotRng::new(seed);
        while !run.is_over() && run.actions.len() < 400 {
            let offered = legal_actions(&run.state);
            // Never abandon (the last action is always Abandon while one is offered).
            let n = offered.len().saturating_sub(1).max(1);
            let a = offered[rng.below(n)].clone();
            act(&mut run, &mut stage, &a);
            // Play in uneven steps, releasing holds, as a player would.
            let mut guard = 0;
            while !stage.idle() && guard < 10_000 {
                stage.advance(0.37);
                if stage.holding() {
                    stage.skip();
                }
                guard += 1;
            }
            assert!(stage.idle(), "seed {seed}: the stage never went idle");
            assert_eq!(
                state_json(stage.shown()),
                state_json(&run.state),
                "seed {seed} after {} actions",
                run.actions.len()
            );
            steps += 1;
        }
    }
    assert!(steps > 1000, "only {steps} steps were checked");
}

/// The Guardian's reveal (docs/UI.md, "The Guardian's arrival"): its checks are not told
/// before they are shown, not even in the log; a key during them shows them all and the
/// reveal holds (a key never skips past it); a guided run's reveal waits after each check.
#[test]
fn the_guardians_reveal_is_shown_whole_by_a_key_and_waits_after_each_check_when_guided() {
    use forward::present::reveal;
    let cards = shipped();
    for guided in [false, true] {
        let (mut run, mut stage) = at(&cards, |s| s.phase == Phase::Crossing);
        stage.set_guided(guided);
        let events = act(&mut run, &mut stage, &Action::Continue);
        let n = events
            .iter()
            .find_map(|e| match e {
                Event::GuardianRevealed { checks } => Some(checks.len()),
                _ => None,
            })
            .expect("the Guardian is revealed");
        let mut guard = 0;
        while !matches!(
            stage.moment().map(|m| &m.kind),
            Some(MomentKind::Guardian { .. })
        ) {
            stage.advance(0.05);
            guard += 1;
            assert!(guard < 1000, "the reveal's moment never came");
        }
        let log = stage.scene().log.clone();
        stage.advance(reveal::ARRIVAL + reveal::CHECK_BEAT * 0.5);
        assert!(
            stage.scene().seals.is_empty(),
            "the checks are told one by one"
        );
        assert_eq!(stage.scene().log, log, "the log does not tell them first");
        let t = stage.moment().expect("the reveal").t;
        assert_eq!(reveal::judged(t, n), 1, "the first check is judged alone");
        if guided {
            for i in 1..n {
                stage.advance(60.0);
                assert!(stage.holding(), "a guided reveal waits after check {i}");
                let t = stage.moment().expect("the reveal").t;
                assert_eq!(reveal::judged(t, n), i);
                assert!(stage.skip());
            }
            stage.advance(60.0);
        } else {
            assert!(stage.skip(), "a key shows them all");
        }
        assert!(stage.holding(), "the reveal holds for the player");
        let m = stage.moment().expect("the reveal");
        assert!(
            matches!(m.kind, MomentKind::Guardian { .. }),
            "{:?}",
            m.kind
        );
        assert_eq!(reveal::judged(m.t, n), n, "every check shown");
        assert_eq!(stage.scene().seals.len(), n, "the event applied");
        stage.finish_all();
        assert_eq!(state_json(stage.shown()), state_json(&run.state));
    }
}
