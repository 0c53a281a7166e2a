//! The Rules screen in a live window: End shows the last section, and it stays in view
//! (the screen once drifted back to the top within a second and a half).
//!
//! Needs `Xvfb`, Mesa's software GL and `xdotool` (`.ci/run` installs them).

use crate::common::game::{LIVE_FRAMES, focus, spawn_live, xdotool};
use crate::common::pixels::Scratch;
use crate::common::xvfb::Xvfb;
use std::time::{Duration, SystemTime};

/// How long the last section must stay in view after End (the screen once drifted back
/// to the top within a second and a half).
const STAYS: Duration = Duration::from_secs(2);

#[test]
fn end_shows_the_last_section_and_it_stays_in_view() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("rules-end");
    let png = scratch.path("rules.png");
    let report = scratch.path("layout.json");
    let mut game = spawn_live(
        &xvfb.display,
        &[
            "--rules",
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            LIVE_FRAMES,
            "--layout-report",
            report.to_str().unwrap(),
        ],
        &report,
    );
    // The first section is up before End is pressed.
    let first = |w: &[String]| w.iter().any(|w| w == "diamond-shaped");
    // The last words of the last section (the credits).
    let last = |w: &[String]| w.iter().any(|w| w == "synthesised.");
    game.until("the first section of the Rules", first);
    focus(&xvfb.display);
    xdotool(&xvfb.display, &["key", "End"]);
    // The last words of the last ruling come into view, the first section's leave...
    game.until("the last section after End", |w| last(w) && !first(w));
    let seen = SystemTime::now();
    // ...and two seconds on, a frame drawn after that still shows them.
    std::thread::sleep(STAYS);
    game.until("a frame drawn 2 s after the end came into view", |_| {
        written_after(&report, seen + STAYS)
    });
    let words = game.drawn().expect("the report");
    assert!(last(&words), "the end drifted out of view: {words:?}");
    assert!(!first(&words), "the Rules went back to the top: {words:?}");
}

/// Whether the report at `path` was written after `t`.
fn written_after(path: &std::path::Path, t: SystemTime) -> bool {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .is_ok_and(|m| m > t)
}
