//! The Guardian's arrival and duel in a real window (Xvfb), read through `--layout-report`
//! (every string drawn) and screenshots: the requirements and seals checked one at a time
//! on the stage (the first shown and judged while the others wait, none told by the log
//! first), all of them after; a guided run waiting after each check; reduce motion showing
//! them at once; the Guardian's duel with its seals in force. Scenes are found by the
//! greedy bot, so the tests follow the shipped cards. The pictures are kept under
//! target/tmp/reveal/ to be looked at.
//!
//! Needs `Xvfb` and Mesa's software GL (`.ci/run` installs them).

use crate::common::game::{CARDS, decode, scene, spawn};
use crate::common::pixels::wait;
use crate::common::xvfb::Xvfb;
use forward::core::event::SealCheck;
use forward::core::state::Phase;
use forward::core::{Action, Event, State, execute, legal_actions};
use forward::present::reveal::{self, CheckWords};
use std::path::{Path, PathBuf};

/// Where the pictures go (kept after the test, to be looked at).
fn out(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("reveal");
    std::fs::create_dir_all(&dir).expect("create the pictures' directory");
    dir.join(name)
}

/// The strings drawn in frame `frames` of the run of `seed` after `actions` (the last
/// played on the stage with `--play-last` when `play_last`), at 1280x800; `extra`: more
/// arguments. `None` without a display.
fn drawn(
    seed: &str,
    actions: &str,
    frames: u32,
    name: &str,
    play_last: bool,
    extra: &[&str],
) -> Option<Vec<String>> {
    let x = Xvfb::start(1280, 800)?;
    let png = out(name);
    let report = png.with_extension("json");
    let saves = out(&format!("{name}-saves"));
    let _ = std::fs::remove_dir_all(&saves);
    let (frames_arg, png_arg, report_arg, saves_arg) = (
        frames.to_string(),
        png.to_string_lossy().to_string(),
        report.to_string_lossy().to_string(),
        saves.to_string_lossy().to_string(),
    );
    let mut args = vec![
        "--seed",
        seed,
        "--actions",
        actions,
        "--size",
        "1280x800",
        "--screenshot",
        &png_arg,
        "--frames",
        &frames_arg,
        "--layout-report",
        &report_arg,
        "--saves",
        &saves_arg,
    ];
    if play_last {
        args.push("--play-last");
    }
    args.extend_from_slice(extra);
    let out = wait(spawn(&x.display, &args));
    decode(&out, &png);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).expect("a layout report"))
            .expect("the report is JSON");
    Some(
        json["drawn"]
            .as_array()
            .expect("strings drawn")
            .iter()
            .filter_map(|d| d["text"].as_str().map(str::to_string))
            .collect(),
    )
}

/// Replays `actions` of a run of `seed` (alone or with a Guide).
fn replay(seed: &str, actions: &str, guide: bool) -> State {
    let cards = std::sync::Arc::new(
        forward::cards::load::load_dir(Path::new(CARDS))
            .expect("the shipped cards load")
            .0,
    );
    let seed = seed.parse().expect("a seed");
    let (mut s, _) = forward::core::new_run_with(cards, seed, Vec::new(), guide);
    for i in actions.split(',').filter(|x| !x.is_empty()) {
        let a = legal_actions(&s)[i.parse::<usize>().expect("an index")].clone();
        execute(&mut s, &a).expect("offered");
    }
    s
}

/// A run at the crossing: its seed, the actions with the crossing's `continue` appended,
/// and each check the reveal makes, in words.
fn crossing(guide: bool) -> (String, String, Vec<CheckWords>) {
    let (seed, actions) = scene("the crossing to the Guardian", guide, |s| {
        s.phase == Phase::Crossing
    });
    let mut s = replay(&seed, &actions, guide);
    let go = legal_actions(&s)
        .iter()
        .position(|a| *a == Action::Continue)
        .expect("continue is offered at the crossing");
    let before = s.clone();
    let events = execute(&mut s, &Action::Continue).expect("offered");
    let checks: Vec<SealCheck> = events
        .iter()
        .find_map(|e| match e {
            Event::GuardianRevealed { checks } => Some(checks.clone()),
            _ => None,
        })
        .expect("the Guardian is revealed");
    let words = reveal::check_words(&before, &checks);
    assert!(words.len() >= 2, "a reveal of one check shows no order");
    let actions = if actions.is_empty() {
        go.to_string()
    } else {
        format!("{actions},{go}")
    };
    (seed, actions, words)
}

/// The frame `t` seconds (normal speed) into the reveal, which starts as the run opens.
fn frame_at(t: f32) -> u32 {
    (t * 60.0).round() as u32
}

/// Whether each check's verdict is drawn: its verdict string drawn next to its name (a
/// check not yet judged shows its name alone).
fn judged(strings: &[String], words: &[CheckWords]) -> Vec<bool> {
    words
        .iter()
        .map(|w| {
            strings
                .windows(2)
                .any(|p| p[0] == w.verdict && p[1] == w.name)
                || strings
                    .windows(2)
                    .any(|p| p[0] == w.name && p[1] == w.verdict)
        })
        .collect()
}

#[test]
fn the_guardians_checks_are_staged_one_at_a_time_then_all_shown() {
    let (seed, actions, words) = crossing(false);
    let n = words.len();
    // During the first check's beat, after its verdict: it alone is told, by what.
    let during = frame_at(reveal::ARRIVAL + reveal::CHECK_BEAT * 0.75);
    let Some(strings) = drawn(&seed, &actions, during, "during.png", true, &[]) else {
        return;
    };
    let all = strings.join(" | ");
    assert!(
        all.contains(&words[0].by),
        "the first check, by what: {all}"
    );
    assert!(
        judged(&strings, &words)[0],
        "the first verdict is stamped: {all}"
    );
    for w in &words[1..] {
        assert!(!all.contains(&w.by), "{} is not checked yet: {all}", w.name);
    }
    assert!(
        judged(&strings, &words)[1..].iter().all(|j| !j),
        "no later verdict yet: {all}"
    );
    assert!(
        !strings.iter().any(|s| s.contains(": unmet.")
            || s.contains(": met.")
            || s.contains("seals met")
            || s.contains("terms met")),
        "the log does not tell the checks before the stage: {all}"
    );
    // Once the reveal has played, every check is told and judged; it waits for the player.
    let after = frame_at(reveal::lead(n) + 1.2);
    let strings = drawn(&seed, &actions, after, "after.png", true, &[]).expect("a display");
    let all = strings.join(" ");
    for w in &words {
        assert!(all.contains(&w.by), "{}: {all}", w.name);
        if let Some(p) = w.penalty {
            assert!(all.contains(p), "{}'s penalty: {all}", w.name);
        }
    }
    assert!(judged(&strings, &words).iter().all(|j| *j), "{all}");
    assert!(all.contains("Any key, Space or a click goes on"), "{all}");
}

#[test]
fn reduce_motion_shows_every_check_at_once_and_a_guided_reveal_waits_after_each() {
    let (seed, actions, words) = crossing(false);
    let Some(strings) = drawn(
        &seed,
        &actions,
        3,
        "instant.png",
        true,
        &["--speed", "instant"],
    ) else {
        return;
    };
    assert!(
        judged(&strings, &words).iter().all(|j| *j),
        "at once: {strings:?}"
    );
    // A Guide reads each check aloud: long after the first, the second has not begun.
    let (seed, actions, words) = crossing(true);
    let late = frame_at(reveal::ARRIVAL + reveal::CHECK_BEAT * 3.0);
    let strings =
        drawn(&seed, &actions, late, "guided.png", true, &["--guide"]).expect("a display");
    let all = strings.join(" | ");
    assert_eq!(
        judged(&strings, &words),
        std::iter::once(true)
            .chain(std::iter::repeat_n(false, words.len() - 1))
            .collect::<Vec<_>>(),
        "{all}"
    );
    assert!(all.contains("any key for the next"), "{all}");
}

#[test]
fn the_guardians_duel_has_a_layout_of_its_own_with_its_seals_in_force() {
    let (seed, actions) = scene("the Guardian's duel with a seal in force", false, |s| {
        s.duel().is_some_and(|d| {
            d.card.is_none()
                && (d.guardian.full_heal || d.guardian.reflect || d.guardian.invulnerable)
        })
    });
    let s = replay(&seed, &actions, false);
    let in_force = reveal::in_force(&s, &[]);
    // Each penalty the duel carries is named, with the seal that holds.
    let pen = s.duel().expect("the Guardian's duel").guardian;
    for (on, words) in [
        (pen.invulnerable, "nothing you do can wound it"),
        (pen.full_heal, "it heals fully after every exchange"),
        (pen.reflect, "every wound you deal it opens on you instead"),
    ] {
        assert_eq!(
            in_force.iter().any(|l| l.contains(words)),
            on,
            "{words}: {in_force:?}"
        );
    }
    let g = &s.cards.guardian;
    assert!(
        in_force.iter().all(|l| g
            .requirements
            .iter()
            .chain(&g.seals)
            .any(|e| l.starts_with(&e.name))),
        "each line names its seal: {in_force:?}"
    );
    let Some(strings) = drawn(&seed, &actions, 4, "duel.png", false, &[]) else {
        return;
    };
    let all = strings.join(" | ");
    for line in &in_force {
        assert!(strings.contains(line), "{line}: {all}");
    }
    for w in ["In force in this duel", "Its faces", "Your die"] {
        assert!(all.contains(w), "{w}: {all}");
    }
    for f in &g.faces {
        assert!(all.contains(&f.name), "its face {}: {all}", f.name);
    }
    // An ordinary foe's duel has none of it.
    let (seed, actions) = scene("a Station foe's duel", false, |s| {
        s.duel().is_some_and(|d| d.card.is_some())
    });
    let strings = drawn(&seed, &actions, 4, "foe.png", false, &[]).expect("a display");
    assert!(
        !strings
            .iter()
            .any(|x| x.contains("In force in this duel") || x == "Its faces"),
        "{strings:?}"
    );
}
