//! The Guardian on the map from the first frame (issue 30): its card above the top row with
//! its entries sealed, and filled in once learned (a knowledge file beside the saves), in a
//! real window (Xvfb) read through `--layout-report` (every string drawn) and screenshots.
//!
//! Needs `Xvfb` and Mesa's software GL (`.ci/run` installs them).

use crate::common;
use crate::common::game::{CARDS, scene, spawn};
use crate::common::pixels::wait;
use crate::common::xvfb::Xvfb;
use forward::core::{Cause, Outcome};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Where this test's files go: Cargo's folder for tests' files under `target/` (the same
/// each run, so they do not pile up), or `FORWARD_SHOTS` to keep the screenshots for a look.
fn out_dir(name: &str) -> PathBuf {
    let base = std::env::var_os("FORWARD_SHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).join("guardian"));
    let d = base.join(name);
    std::fs::create_dir_all(&d).expect("out dir");
    d
}

/// The strings drawn in the first frames of a run of seed 5 with these saves, at `size`.
fn drawn(name: &str, saves: &Path, size: (u32, u32)) -> Option<Vec<String>> {
    drawn_at(name, saves, size, &["--seed", "5", "--frames", "2"], "map")
}

/// The strings drawn by a game started with `args` (plus saves, size, a screenshot `shot`
/// and the layout report).
fn drawn_at(
    name: &str,
    saves: &Path,
    size: (u32, u32),
    args: &[&str],
    shot: &str,
) -> Option<Vec<String>> {
    let x = Xvfb::start(size.0, size.1)?;
    let dir = out_dir(name);
    let png = dir.join(format!("{shot}-{}x{}.png", size.0, size.1));
    let json = dir.join(format!("{shot}-{}x{}.json", size.0, size.1));
    let size_arg = format!("{}x{}", size.0, size.1);
    let (png_s, json_s, saves_s) = (
        png.to_string_lossy().to_string(),
        json.to_string_lossy().to_string(),
        saves.to_string_lossy().to_string(),
    );
    let mut all: Vec<&str> = args.to_vec();
    all.extend([
        "--saves",
        &saves_s,
        "--size",
        &size_arg,
        "--screenshot",
        &png_s,
        "--layout-report",
        &json_s,
    ]);
    let out = wait(spawn(&x.display, &all));
    assert!(
        out.status.success(),
        "forward failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("report")).expect("JSON");
    Some(
        v["drawn"]
            .as_array()
            .expect("drawn")
            .iter()
            .filter_map(|d| d["text"].as_str().map(str::to_string))
            .collect(),
    )
}

#[test]
fn the_guardian_stands_on_the_map_from_the_first_frame_with_its_entries_sealed() {
    let saves = out_dir("sealed").join("saves");
    let _ = std::fs::remove_dir_all(&saves);
    let Some(strings) = drawn("sealed", &saves, (1280, 800)) else {
        return;
    };
    assert!(
        strings.iter().any(|s| s == "The Guardian"),
        "the Guardian's card on the map: {strings:?}"
    );
    assert!(
        strings.iter().any(|s| s == "4 sealed"),
        "four sealed entries: {strings:?}"
    );
    let _ = drawn("sealed", &saves, (1024, 640));
}

#[test]
fn entries_learned_in_an_earlier_run_are_filled_in_and_marked_on_the_map() {
    let saves = out_dir("learned").join("saves");
    let _ = std::fs::remove_dir_all(&saves);
    std::fs::create_dir_all(&saves).expect("saves");
    let set = forward::cards::load::load_dir(Path::new(CARDS))
        .expect("cards")
        .0;
    let mut sets = serde_json::Map::new();
    sets.insert(
        set.files().hash(),
        serde_json::json!(["seal_of_aporia", "ancient_sword_requirement"]),
    );
    let knowledge = serde_json::json!({ "version": 1, "sets": sets });
    std::fs::write(saves.join("knowledge.json"), knowledge.to_string()).expect("knowledge");
    let Some(strings) = drawn("learned", &saves, (1280, 800)) else {
        return;
    };
    assert!(
        strings.iter().any(|s| s == "2 of 4 known"),
        "two entries known from the last run: {strings:?}"
    );
    let _ = drawn("learned", &saves, (1024, 640));
}

/// The reveal is a moment of its own: while the Guardian appears, its requirements and
/// seals are listed on the stage one by one; once the run is lost there, the end screen
/// says in words what held and what would have broken it (no "cause: ..." line).
#[test]
fn the_reveal_checks_each_entry_on_the_stage_and_the_end_says_what_would_have_won() {
    let (seed, actions) = scene("a loss at the Guardian", false, |s| {
        matches!(
            &s.outcome,
            Some(Outcome::Lost {
                cause: Cause::Guardian,
                ..
            })
        )
    });
    let saves = out_dir("reveal").join("saves");
    let _ = std::fs::remove_dir_all(&saves);
    let during = [
        "--seed",
        &seed,
        "--actions",
        &actions,
        "--play-last",
        "--frames",
        "40",
    ];
    let Some(strings) = drawn_at("reveal", &saves, (1280, 800), &during, "reveal") else {
        return;
    };
    assert!(
        strings.iter().any(|s| s == "Before the Guardian"),
        "the staged checks: {strings:?}"
    );
    let end = ["--seed", &seed, "--actions", &actions, "--frames", "3"];
    let strings = drawn_at("reveal", &saves, (1280, 800), &end, "end").expect("a display");
    let all = strings.join(" ");
    assert!(
        all.contains("The Guardian's terms were not met") && all.contains("To break"),
        "the end in words: {all}"
    );
    assert!(!all.contains("cause: a requirement or seal"), "{all}");
    let _ = drawn_at("reveal", &saves, (1024, 640), &end, "end");
    let _ = drawn_at("reveal", &saves, (1024, 640), &during, "reveal");
}

/// The Mirror Knight met before any Mirror Shard, in a real window: its toll breaks a known
/// seal, so P asks once more, P again pays, and the table then says at once that the seal
/// is lost for good, with what lost it and the three ways on; the terms, opened with 0,
/// say it too.
#[test]
fn paying_a_toll_that_breaks_a_known_seal_asks_first_then_tells_the_loss() {
    use common::game::{LIVE_FRAMES, focus, spawn_live};
    use forward::core::{Action, Event, execute, legal_actions};
    // A toll whose payment loses a term the traveller knows.
    let (seed, actions) = scene("a toll that breaks a known seal", false, |s| {
        legal_actions(s).contains(&Action::Toll)
            && execute(&mut s.clone(), &Action::Toll).is_ok_and(|events| {
                events
                    .iter()
                    .any(|e| matches!(e, Event::TermLost(t) if t.known))
            })
    });
    let Some(x) = Xvfb::start(1280, 800) else {
        return;
    };
    let dir = out_dir("toll");
    let (report, png) = (dir.join("toll.json"), dir.join("toll.png"));
    let (report_s, png_s) = (
        report.to_string_lossy().to_string(),
        png.to_string_lossy().to_string(),
    );
    let mut live = spawn_live(
        &x.display,
        &[
            "--seed",
            &seed,
            "--actions",
            &actions,
            "--size",
            "1280x800",
            "--screenshot",
            &png_s,
            "--frames",
            LIVE_FRAMES,
            "--layout-report",
            &report_s,
        ],
        &report,
    );
    live.until("the toll's button, which says what it breaks", |w| {
        w.iter().any(|l| l.contains("breaks"))
    });
    focus(&x.display);
    live.key(&x.display, "p");
    live.until("the question before a choice that breaks a seal", |w| {
        w.iter().any(|l| l.starts_with("P  ")) && w.iter().any(|l| l == "Enter  Cancel")
    });
    // Enter, pressed in haste, cancels: the seal still stands.
    live.key(&x.display, "Return");
    live.until("the toll's button again, the question gone", |w| {
        w.iter().any(|l| l.contains("breaks")) && !w.iter().any(|l| l == "Enter  Cancel")
    });
    live.key(&x.display, "p");
    live.until("the question again", |w| {
        w.iter().any(|l| l.starts_with("P  "))
    });
    live.key(&x.display, "p");
    let words = live.until("the notice of the lost seal", |w| {
        w.iter().any(|l| l.contains("is lost for good"))
    });
    for choice in ["Play on for the road", "Again (same run)", "New run"] {
        assert!(
            words.iter().any(|l| l.contains(choice)),
            "{choice:?} is offered: {words:?}"
        );
    }
    // Played on, the terms say the same.
    live.key(&x.display, "Return");
    live.key(&x.display, "0");
    live.until("the terms, with the seal lost for good", |w| {
        w.iter().any(|l| l.contains("the terms"))
            && w.iter().any(|l| l.starts_with("lost for good"))
    });
    drop(live);
}

/// Enter pressed fast through the crossing (six presses 60 ms apart, or three 350 ms
/// apart, as a player hurrying through the last moments would) never throws the ending
/// away: the end panel is still up a second and a half later, and no new run was started
/// or saved.
#[test]
fn enter_pressed_fast_at_the_crossing_leaves_the_end_panel_up_and_starts_no_run() {
    use forward::core::{Action, Phase, execute};
    let (seed, actions) = scene("the crossing, before a loss at the Guardian", false, |s| {
        s.phase == Phase::Crossing && {
            let mut after = s.clone();
            execute(&mut after, &Action::Continue).is_ok()
                && matches!(
                    after.outcome,
                    Some(Outcome::Lost {
                        cause: Cause::Guardian,
                        ..
                    })
                )
        }
    });
    for (presses, delay) in [("6", "60"), ("3", "350")] {
        if !enter_burst_at_the_crossing(&seed, &actions, presses, delay) {
            return;
        }
    }
}

/// One burst of Enter at the crossing of the run `seed`/`actions`; `false` when there is
/// no Xvfb to play it in.
fn enter_burst_at_the_crossing(seed: &str, actions: &str, presses: &str, delay: &str) -> bool {
    use common::game::{LIVE_FRAMES, focus, spawn_live, xdotool};
    let Some(x) = Xvfb::start(1280, 800) else {
        return false;
    };
    let dir = out_dir(&format!("crossing-{presses}"));
    let saves = dir.join("saves");
    let _ = std::fs::remove_dir_all(&saves);
    std::fs::create_dir_all(&saves).expect("a saves folder");
    let (report, png) = (dir.join("crossing.json"), dir.join("crossing.png"));
    let args = [
        "--seed",
        seed,
        "--actions",
        actions,
        "--saves",
        &saves.to_string_lossy(),
        "--size",
        "1280x800",
        "--screenshot",
        &png.to_string_lossy(),
        "--frames",
        LIVE_FRAMES,
        "--layout-report",
        &report.to_string_lossy(),
    ]
    .map(str::to_string);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut live = spawn_live(&x.display, &args, &report);
    live.until("the crossing's prompt", |w| {
        w.iter().any(|l| l.contains("Guardian"))
    });
    focus(&x.display);
    let runs = |dir: &Path| -> usize {
        std::fs::read_dir(dir).map_or(0, |d| {
            d.filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
                .filter(|e| {
                    let n = e.file_name().to_string_lossy().to_string();
                    !n.starts_with('.') && !forward::store::OWN_FILES.contains(&n.as_str())
                })
                .count()
        })
    };
    let out = xdotool(
        &x.display,
        &["key", "--repeat", presses, "--delay", delay, "Return"],
    );
    assert!(out.status.success(), "{out:?}");
    live.until("the end panel", |w| {
        w.iter().any(|l| l == "The run is lost")
    });
    // Long after the burst, the ending is still there: no key of it reached the panel
    // or the title behind it.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    live.frames(2);
    let words = live.drawn().expect("a report");
    assert!(
        words.iter().any(|l| l == "The run is lost"),
        "{presses} presses {delay} ms apart: the end panel is still up: {words:?}"
    );
    assert_eq!(
        runs(&saves),
        1,
        "{presses} presses {delay} ms apart: no new run was saved"
    );
    drop(live);
    true
}
