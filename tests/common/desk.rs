//! Driving the designer's desk in a live window: keys one a frame, typing, Tab to a field,
//! and waiting on a card file.

use super::game::{LIVE_FRAMES, Live, focus, spawn_live_with, xdotool};
use super::pixels::Scratch;
use super::xvfb::Xvfb;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// The game at 1280x800 on the gallery of the cards in `dir`, opened as `args` say
/// (`--desk`, `--gallery-domain others`), its layout report written each frame; settings
/// and saves in `scratch`, the pointer off the grid (a card under it would be hovered).
pub fn start_live(xvfb: &Xvfb, dir: &Path, scratch: &Scratch, args: &[&str]) -> Live {
    let (config, saves) = (scratch.path("config"), scratch.path("saves"));
    let (shot, report) = (scratch.path("shot.png"), scratch.path("layout.json"));
    let mut all = args.to_vec();
    all.extend([
        "--size",
        "1280x800",
        "--config",
        config.to_str().unwrap(),
        "--saves",
        saves.to_str().unwrap(),
        "--screenshot",
        shot.to_str().unwrap(),
        "--frames",
        LIVE_FRAMES,
        "--layout-report",
        report.to_str().unwrap(),
    ]);
    let live = spawn_live_with(&xvfb.display, dir, &all, &report);
    focus(&xvfb.display);
    xdotool(&xvfb.display, &["mousemove", "5", "795"]);
    live
}

/// Presses keys one at a time, each in a frame of its own.
pub fn keys(live: &mut Live, display: &str, keys: &[&str]) {
    for k in keys {
        xdotool(display, &["key", k]);
        live.frames(2);
    }
}

/// Types `text` into the focused field.
pub fn type_text(live: &mut Live, display: &str, text: &str) {
    xdotool(display, &["type", "--delay", "25", text]);
    live.frames(2);
}

/// Waits until `done` holds for the file's text (at most 90 s).
pub fn wait_for(file: &Path, what: &str, done: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        if done(&text) {
            return text;
        }
        assert!(Instant::now() < deadline, "{what}: not within 90 s");
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Some string drawn contains `text`.
pub fn has(words: &[String], text: &str) -> bool {
    words.iter().any(|w| w.contains(text))
}

/// Presses Tab until the field labelled `label` has the keyboard (at most 80 times): the
/// focused field is named in the messages' place under the fields ("LABEL: ...").
pub fn tab_to(live: &mut Live, display: &str, label: &str) {
    let focused = format!("{label}: ");
    for _ in 0..80 {
        live.frames(2);
        if live
            .drawn()
            .is_some_and(|w| w.iter().any(|s| s.starts_with(&focused)))
        {
            return;
        }
        keys(live, display, &["Tab"]);
    }
    panic!("{label} never had the keyboard");
}

/// `forward validate` passes on the cards in `dir`.
pub fn assert_validates(dir: &Path, when: &str) {
    let validate = Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(["validate", dir.to_str().unwrap()])
        .output()
        .expect("run forward validate");
    assert!(
        validate.status.success(),
        "validate fails {when}:\n{}{}",
        String::from_utf8_lossy(&validate.stdout),
        String::from_utf8_lossy(&validate.stderr)
    );
}
