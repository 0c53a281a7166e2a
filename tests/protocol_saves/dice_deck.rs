//! Dice dealt from a deck (docs/RULES.md, "Dice: rolled or dealt"): the halves hold every
//! face twice, alternate and reshuffle; forced dice win; a seed replays exactly, through
//! `apply`, a save and the simulator.

use forward::cards::CardSet;
use forward::cards::load::load_dir;
use forward::core::dice::Dice;
use forward::core::state::State;
use forward::core::{Action, DiceMode, Event, Side, apply, legal_actions, new_run_in};
use forward::save;
use forward::session::Session;
use forward::sim::batch::{PolicyKind, Progress, simulate_in};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

fn shipped() -> Arc<CardSet> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    Arc::new(load_dir(&dir).expect("the shipped cards load").0)
}

const FACES: [u8; 12] = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6];

#[test]
fn every_twelve_draws_of_a_half_hold_each_face_twice() {
    for seed in [0, 7, 42, 9_999] {
        let mut d = Dice::with_mode(seed, [], DiceMode::Deck);
        // Drawing for the foes between the traveller's draws changes nothing of the
        // traveller's deck: each side has its own.
        for round in 0..10 {
            let mut twelve: Vec<u8> = (0..12)
                .map(|_| {
                    d.roll_for(Side::Foe);
                    d.roll_for(Side::Traveller)
                })
                .collect();
            twelve.sort_unstable();
            assert_eq!(twelve, FACES, "seed {seed}, round {round}");
        }
    }
}

#[test]
fn halves_alternate_and_are_reshuffled_when_spent() {
    let mut d = Dice::with_mode(3, [], DiceMode::Deck);
    let side = |d: &Dice| {
        let s = d.deck().expect("deck mode").side(Side::Traveller).clone();
        (s.half(), s.left())
    };
    assert_eq!(side(&d), (0, 12));
    let mut orders = Vec::new();
    for half_no in 0..8u8 {
        let mut order = Vec::new();
        for k in 0..12 {
            assert_eq!(side(&d), (half_no % 2, 12 - k));
            let faces = d.deck().expect("deck").side(Side::Traveller).faces_left();
            let v = d.roll_for(Side::Traveller);
            assert!(faces.contains(&v), "{v} dealt but not among {faces:?}");
            order.push(v);
        }
        orders.push(order);
    }
    // After a half is spent play is on the other half, whole again.
    assert_eq!(side(&d), (0, 12));
    // Each pass through a half is a fresh shuffle, not the same order again.
    assert_ne!(orders[0], orders[2]);
    assert_ne!(orders[2], orders[4]);
    assert_ne!(orders[1], orders[3]);
    // The foes' deck was not touched.
    let foe = d.deck().expect("deck").side(Side::Foe);
    assert_eq!((foe.half(), foe.left()), (0, 12));
}

#[test]
fn forced_dice_win_over_the_deck_and_leave_it_untouched() {
    let mut plain = Dice::with_mode(11, [], DiceMode::Deck);
    let mut forced = Dice::with_mode(11, [6, 6, 6], DiceMode::Deck);
    assert_eq!(forced.peek_for(Side::Traveller), 6);
    assert_eq!(
        [
            forced.roll_for(Side::Traveller),
            forced.roll_for(Side::Foe),
            forced.roll_for(Side::Traveller)
        ],
        [6, 6, 6]
    );
    assert_eq!(
        forced.deck().expect("deck").side(Side::Traveller).left(),
        12
    );
    for _ in 0..30 {
        assert_eq!(
            forced.roll_for(Side::Traveller),
            plain.roll_for(Side::Traveller)
        );
    }
    // A die typed in mid-run (physical dice) wins too.
    forced.force(2);
    plain.force(2);
    assert_eq!(forced.roll_for(Side::Foe), 2);
    assert_eq!(plain.roll_for(Side::Foe), 2);
    assert_eq!(
        forced.preview_for(Side::Foe, 5),
        plain.preview_for(Side::Foe, 5)
    );
}

/// Plays `n` actions of a run, the same choices every time (the first action offered
/// other than abandoning, and every third action the second).
fn play(run: &mut Session, n: usize) {
    for i in 0..n {
        if run.is_over() {
            return;
        }
        let offered: Vec<Action> = legal_actions(&run.state)
            .into_iter()
            .filter(|a| !matches!(a, Action::Abandon))
            .collect();
        let a = if i % 3 == 2 && offered.len() > 1 {
            offered[1].clone()
        } else {
            offered[0].clone()
        };
        run.act(&a).expect("an offered action is legal");
    }
}

fn dice_dealt(journal: &[Event]) -> usize {
    journal
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::ExchangeRolled { .. } | Event::TestRolled { .. } | Event::Rerolled { .. }
            )
        })
        .count()
}

#[test]
fn a_seed_gives_the_same_run_twice_and_apply_replays_the_draws() {
    let cards = shipped();
    let (mut a, _) = Session::new_in(cards.clone(), 5, vec![], false, DiceMode::Deck);
    let (mut b, _) = Session::new_in(cards.clone(), 5, vec![], false, DiceMode::Deck);
    play(&mut a, 400);
    play(&mut b, 400);
    assert!(dice_dealt(&a.journal) > 12, "the run dealt dice");
    assert_eq!(a.journal, b.journal);
    assert_eq!(
        serde_json::to_value(&a.state).expect("state"),
        serde_json::to_value(&b.state).expect("state")
    );
    // Every event applied to the starting state rebuilds the run, decks included: events
    // that carry dice deal them again from the same deck.
    let mut s = State::blank_in(cards.clone(), 5, vec![], DiceMode::Deck);
    for e in &a.journal {
        apply(&mut s, e);
    }
    assert_eq!(
        serde_json::to_value(&s).expect("state"),
        serde_json::to_value(&a.state).expect("state")
    );
    // The same seed rolled is another run: the mode matters.
    let (mut rolled, _) = Session::new_in(cards, 5, vec![], false, DiceMode::Rolled);
    play(&mut rolled, 400);
    assert_ne!(rolled.journal, a.journal);
    assert!(rolled.state.dice.deck().is_none());
}

#[test]
fn new_run_in_deck_mode_starts_with_whole_decks() {
    let (s, _) = new_run_in(shipped(), 1, vec![], false, DiceMode::Deck);
    let deck = s.dice.deck().expect("deck mode");
    for side in [Side::Traveller, Side::Foe] {
        assert_eq!(deck.side(side).faces_left(), FACES);
    }
    assert_eq!(s.dice.mode(), DiceMode::Deck);
}

#[test]
fn a_save_taken_mid_half_loads_and_deals_the_same_results() {
    let cards = shipped();
    let (mut run, _) = Session::new_in(cards, 5, vec![], false, DiceMode::Deck);
    // Play until the traveller's half is partly dealt.
    for _ in 0..2000 {
        play(&mut run, 1);
        let left = run
            .state
            .dice
            .deck()
            .expect("deck")
            .side(Side::Traveller)
            .left();
        if (2..12).contains(&left) || run.is_over() {
            break;
        }
    }
    assert!(!run.is_over(), "the run is still going at the save");
    let left = run
        .state
        .dice
        .deck()
        .expect("deck")
        .side(Side::Traveller)
        .left();
    assert!(left < 12, "mid-half: {left} left");
    let bytes = save::to_bytes(&run);
    let json: serde_json::Value = serde_json::from_slice(&bytes).expect("json");
    assert_eq!(json["dice_mode"], "deck");
    assert_eq!(
        json["snapshot"]["dice"]["deck"]["traveller"]["dealt"].as_u64(),
        Some(12 - left as u64)
    );
    let mut loaded = save::from_bytes(&bytes).expect("the save loads");
    assert_eq!(loaded.dice_mode(), DiceMode::Deck);
    let before = run.journal.len();
    play(&mut run, 300);
    play(&mut loaded, 300);
    assert!(
        dice_dealt(&run.journal[before..]) > 0,
        "dice dealt after the load"
    );
    assert_eq!(run.journal[before..], loaded.journal[before..]);
    // A rolled run's save writes no mode (saves from before the option look the same).
    let (rolled, _) = Session::new(shipped(), 8, vec![]);
    let json: serde_json::Value = serde_json::from_slice(&save::to_bytes(&rolled)).expect("json");
    assert!(json.get("dice_mode").is_none());
    assert!(json["snapshot"]["dice"].get("deck").is_none());
}

#[test]
fn the_simulator_in_deck_mode_is_the_same_for_any_number_of_jobs() {
    let set = shipped();
    let figures = |jobs| {
        let t = simulate_in(
            &set,
            600,
            3,
            PolicyKind::Greedy,
            DiceMode::Deck,
            jobs,
            &Progress::default(),
        )
        .expect("pool");
        serde_json::to_value(t.summary(&set)).expect("json")
    };
    let one = figures(1);
    assert_eq!(one, figures(3));
    let rolled = simulate_in(
        &set,
        600,
        3,
        PolicyKind::Greedy,
        DiceMode::Rolled,
        1,
        &Progress::default(),
    )
    .expect("pool");
    assert_ne!(
        one,
        serde_json::to_value(rolled.summary(&set)).expect("json")
    );
}

#[test]
fn the_cli_takes_dice_deck() {
    let out = Command::new(env!("CARGO_BIN_EXE_forward"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["simulate", "--runs", "50", "--seed", "2", "--jobs", "1"])
        .args(["--dice-deck", "--json"])
        .output()
        .expect("run forward simulate");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["dice"], "deck");
    assert_eq!(v["runs"].as_u64(), Some(50));
    // The headless protocol: the run in deck mode, its first state line, then quit.
    let child = Command::new(env!("CARGO_BIN_EXE_forward"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["play", "--headless", "--seed", "4", "--dice-deck"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run forward play");
    let out = child.wait_with_output().expect("output");
    let first = String::from_utf8_lossy(&out.stdout);
    let line: serde_json::Value =
        serde_json::from_str(first.lines().next().expect("a first line")).expect("json");
    assert_eq!(
        line["state"]["dice_deck"]["traveller"]["left"].as_u64(),
        Some(12)
    );
}

/// `forward simulate` with these arguments, its stdout.
fn simulate_cli(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_forward"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("simulate")
        .args(args)
        .output()
        .expect("run forward simulate");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn without_timing(mut v: serde_json::Value) -> serde_json::Value {
    let o = v.as_object_mut().expect("object");
    for k in [
        "elapsed_seconds",
        "runs_per_second",
        "runs_per_second_per_job",
        "jobs",
    ] {
        assert!(o.remove(k).is_some(), "missing {k}");
    }
    v
}

#[test]
fn compare_dice_pairs_rolled_and_dealt_runs_the_same_for_any_jobs() {
    let base = ["--runs", "300", "--seed", "4", "--policy", "greedy"];
    let json = |jobs: &str| {
        let mut args = base.to_vec();
        args.extend(["--compare-dice", "--json", "--jobs", jobs]);
        let v: serde_json::Value =
            serde_json::from_str(&simulate_cli(&args)).expect("one JSON object");
        without_timing(v)
    };
    let one = json("1");
    assert_eq!(one, json("2"));
    assert_eq!(one["runs"], 300);
    assert_eq!(one["a"]["dice"], "rolled");
    assert_eq!(one["b"]["dice"], "deck");
    // Both sides' win rate and spread are in the JSON.
    for side in ["a", "b"] {
        let s = &one[side]["summary"];
        assert_eq!(s["runs"], 300, "{side}");
        assert!(s["win_rate"].is_f64(), "{side}");
        let m = &s["miss_streaks"];
        assert_eq!(m["length"], 3);
        let (with, lost) = (m["runs_with"].as_u64(), m["lost_to"].as_u64());
        assert!(lost <= with, "{side}: a loss to a streak is a run with one");
        let wins = s["wins"].as_u64().expect("wins");
        assert!(lost.expect("lost_to") <= 300 - wins, "{side}");
        assert!(s["per_domain"][0]["sd_health_after"].is_f64(), "{side}");
    }
    // The paired figures include the win rate and the runs lost to a streak; the sides'
    // shares match their own summaries.
    let changes = one["changes"].as_array().expect("changes");
    let figure = |f: &str| {
        changes
            .iter()
            .find(|c| c["figure"] == f)
            .unwrap_or_else(|| panic!("no {f}"))
    };
    assert_eq!(figure("win_rate")["a"], one["a"]["summary"]["win_rate"]);
    assert_eq!(figure("win_rate")["b"], one["b"]["summary"]["win_rate"]);
    let streak = figure("lost_to_streak");
    assert_eq!(
        streak["a"],
        one["a"]["summary"]["miss_streaks"]["share_lost_to"]
    );
    assert_eq!(streak["pairs"], 300);
    // The same seeds: run i of both sides starts from the same first Domain deck, and the
    // rolled side is exactly the plain rolled batch.
    let plain: serde_json::Value = serde_json::from_str(&simulate_cli(&[
        "--runs", "300", "--seed", "4", "--policy", "greedy", "--json", "--jobs", "1",
    ]))
    .expect("json");
    assert_eq!(plain["dice"], "rolled");
    assert_eq!(plain["wins"], one["a"]["summary"]["wins"]);
    assert_eq!(plain["miss_streaks"], one["a"]["summary"]["miss_streaks"]);
}

#[test]
fn reports_show_both_modes_and_their_spread() {
    let dir = std::env::temp_dir().join(format!("forward-deck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let html = dir.join("compare.html");
    let html_arg = html.to_str().expect("UTF-8 path");
    let base = ["--runs", "120", "--seed", "9", "--jobs", "1"];
    let mut args = base.to_vec();
    args.extend(["--compare-dice", "--report", html_arg]);
    let text = simulate_cli(&args);
    assert!(
        text.contains("dice: A rolled (d6), B dealt from a deck"),
        "{text}"
    );
    assert!(text.contains("spread of outcomes:"), "{text}");
    assert!(text.contains("runs lost to such a streak"), "{text}");
    assert!(
        text.contains("sd of Health after Home Village Termina"),
        "{text}"
    );
    let page = std::fs::read_to_string(&html).expect("the HTML report");
    assert!(page.contains("Dice: A rolled (d6), B dealt from a deck."));
    assert!(page.contains("<h2>Spread of outcomes</h2>"));
    assert!(page.contains("runs lost to 3+ misses in a row"));
    // One batch dealt from a deck says so in text and HTML.
    let single = dir.join("deck.html");
    let mut args = base.to_vec();
    args.extend(["--dice-deck", "--report", single.to_str().expect("UTF-8")]);
    let text = simulate_cli(&args);
    assert!(text.contains("Dice: dealt from a deck"), "{text}");
    assert!(
        text.contains("Runs with 3 or more misses in a row: "),
        "{text}"
    );
    let page = std::fs::read_to_string(&single).expect("the HTML report");
    assert!(page.contains("Dice: dealt from a deck: <b>"));
    assert!(page.contains("lost to such a streak"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compare_dice_refuses_a_second_comparison() {
    let out = Command::new(env!("CARGO_BIN_EXE_forward"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "simulate",
            "--runs",
            "5",
            "--compare-dice",
            "--compare",
            "cards",
        ])
        .output()
        .expect("run forward simulate");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--compare"));
}
