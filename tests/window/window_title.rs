//! The title menu in a live window at rest: keys pressed quickly after an idle spell are
//! each read, in order; a key after 5 s at rest is answered within a tenth of a second.
//!
//! Needs `Xvfb`, Mesa's software GL and `xdotool` (`.ci/run` installs them).

use crate::common::game::{DEADLINE, focus, spawn_live_configured, xdotool};
use crate::common::pixels::Scratch;
use crate::common::xvfb::Xvfb;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long the report must go unwritten for the window to count as at rest: far longer
/// than a frame drawn at full pace (60 a second); a window at rest draws nothing.
const QUIET: Duration = Duration::from_millis(300);

/// How long ago the game last wrote its report (zero if it cannot be read).
fn report_age(report: &Path) -> Duration {
    std::fs::metadata(report)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .unwrap_or_default()
}

#[test]
fn eleven_presses_150_ms_apart_from_an_idle_title_land_on_the_right_entry() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("title-keys");
    let saves = scratch.path("saves");
    std::fs::create_dir_all(&saves).unwrap();
    // Settings kept in the scratch folder, the lesson already offered (no question over
    // the title). The window paces itself as a player's does (`FORWARD_IDLE_PACE`).
    let settings = forward::settings::Settings {
        lesson_offered: true,
        ..Default::default()
    };
    let (mut game, report) = spawn_live_configured(
        &xvfb.display,
        &scratch,
        &settings,
        &["--saves", saves.to_str().unwrap()],
        &[(forward::ui::IDLE_PACE_ENV, "1")],
    );
    game.until("the title", |w| w.iter().any(|w| w == "Statistics"));
    focus(&xvfb.display);
    // At rest the window shows its last frame again instead of drawing (and so writes no
    // report): it is idle once the report has not been written for a while.
    let started = Instant::now();
    while report_age(&report) < QUIET {
        assert!(
            started.elapsed() < DEADLINE,
            "the title did not come to rest within {DEADLINE:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // No run saved: the title opens on New run (the second entry). Seven down (the Rules),
    // one up (the Card gallery), one down: the Rules again; then Enter, the tenth press.
    let mut keys = vec!["Down"; 7];
    keys.extend(["Up", "Down", "Return"]);
    let mut args = vec!["key", "--delay", "150"];
    args.extend(keys);
    xdotool(&xvfb.display, &args);
    // The Rules' first section (the desk, one entry short, shows cards instead).
    game.until("the Rules", |w| w.iter().any(|w| w == "diamond-shaped"));
}

/// Esc from the Load screen brings the title back with its cursor on Load, where it was:
/// the next Enter opens Load again, never a new run (issue 52: Down and Enter after Esc
/// once started a Guide run by accident).
#[test]
fn esc_from_load_keeps_the_titles_cursor_on_load() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("title-esc-load");
    let saves = scratch.path("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let settings = forward::settings::Settings {
        lesson_offered: true,
        ..Default::default()
    };
    let (mut game, _) = spawn_live_configured(
        &xvfb.display,
        &scratch,
        &settings,
        &["--saves", saves.to_str().unwrap()],
        &[],
    );
    let on_title = |w: &[String]| w.iter().any(|w| w == "Statistics");
    let on_load = |w: &[String]| w.iter().any(|w| w == "Load a saved run");
    game.until("the title", on_title);
    game.focus(&xvfb.display);
    // New run, then four down: Load.
    game.keys(&xvfb.display, &["Down", "Down", "Down", "Down", "Return"]);
    game.until("the Load screen", on_load);
    game.key(&xvfb.display, "Escape");
    game.until("the title again", |w| on_title(w) && !on_load(w));
    // Enter again: the Load screen, not a run (a table would draw its prompt).
    game.key(&xvfb.display, "Return");
    let words = game.until("the Load screen once more", on_load);
    assert!(
        !words.iter().any(|w| w.contains("Flip")),
        "Enter after Esc started a run: {words:?}"
    );
}

/// After 5 s at rest the window has drawn nothing (its frame count stands still), and a
/// key then is answered within a tenth of a second: the loop, asleep, wakes for the key,
/// and the frame that takes it is rendered in under 100 ms of CPU.
///
/// The figure is the game's own (`answer` in its layout report, from the loop waking to
/// the frame's picture rendered, the renderer's threads included) and its CPU time, not
/// wall time seen by this test: xdotool's start and this test's polling, on a machine
/// loaded by other tests, would add their own delays to anything measured from here, and
/// a loaded machine stretches a frame's wall time but not the work it takes. The wall
/// time is printed beside it.
#[test]
fn after_five_seconds_at_rest_a_key_is_answered_within_a_tenth_of_a_second() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("title-rest");
    let settings = forward::settings::Settings {
        lesson_offered: true,
        ..Default::default()
    };
    let (mut game, report) = spawn_live_configured(
        &xvfb.display,
        &scratch,
        &settings,
        &[],
        &[(forward::ui::IDLE_PACE_ENV, "1")],
    );
    game.until("the title", |w| w.iter().any(|w| w == "Statistics"));
    focus(&xvfb.display);
    let read = || -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(&report).expect("the report")).unwrap()
    };
    let started = Instant::now();
    while report_age(&report) < QUIET {
        assert!(started.elapsed() < DEADLINE, "the title never came to rest");
        std::thread::sleep(Duration::from_millis(20));
    }
    let before = read();
    std::thread::sleep(Duration::from_secs(5));
    assert_eq!(
        read()["frame"],
        before["frame"],
        "the window drew while at rest"
    );
    game.key(&xvfb.display, "Down");
    let after = read();
    let answer = &after["answer"];
    let (rested, cpu, wall) = (
        answer["rested_ms"].as_f64().unwrap(),
        answer["cpu_ms"].as_f64().unwrap(),
        answer["ms"].as_f64().unwrap(),
    );
    eprintln!("a key after {rested:.0} ms at rest: answered in {wall:.1} ms ({cpu:.1} ms of CPU)");
    assert!(
        answer["frame"].as_u64() > before["frame"].as_u64(),
        "the key's frame is a new one: {after}"
    );
    assert!(
        rested >= 5000.0,
        "the loop slept through the rest: {answer}"
    );
    assert!(cpu > 0.0 && cpu <= 100.0, "{answer}");
}
