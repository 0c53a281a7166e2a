//! The Rules screen in a live window: End shows the last section, and it stays in view
//! (the screen once drifted back to the top within a second and a half).
//!
//! Needs `Xvfb`, Mesa's software GL and `xdotool` (`.ci/run` installs them).

mod common {
    #[allow(dead_code)]
    pub mod game;
    #[allow(dead_code)]
    pub mod pixels;
    #[allow(dead_code)]
    pub mod xvfb;
}

use common::game::{decode, focus, spawn, xdotool};
use common::pixels::{Scratch, wait};
use common::xvfb::Xvfb;
use std::time::Duration;

/// The words drawn in the last frame, from the layout report.
fn drawn(report: &std::path::Path) -> Vec<String> {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report).expect("the layout report"))
            .expect("JSON");
    json["drawn"]
        .as_array()
        .expect("a list of strings drawn")
        .iter()
        .filter_map(|d| d["text"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn end_shows_the_last_section_and_it_stays_in_view() {
    let xvfb = Xvfb::start(1280, 800);
    let scratch = Scratch::new("rules-end");
    let png = scratch.path("rules.png");
    let report = scratch.path("layout.json");
    // About 6 s at 60 frames a second; End is pressed in the first second or two.
    let child = spawn(
        &xvfb.display,
        &[
            "--rules",
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            "360",
            "--layout-report",
            report.to_str().unwrap(),
        ],
    );
    focus(&xvfb.display);
    xdotool(&xvfb.display, &["key", "End"]);
    let pressed = std::time::Instant::now();
    decode(&wait(child), &png);
    assert!(
        pressed.elapsed() >= Duration::from_secs(2),
        "the picture was taken less than 2 s after End"
    );
    let words = drawn(&report);
    // The last words of the last ruling are on screen, the first section's are not.
    assert!(words.iter().any(|w| w == "balance."), "{words:?}");
    assert!(!words.iter().any(|w| w == "diamond-shaped"), "{words:?}");
}
