//! Driving the designer's desk in a live window: each key once the last is taken, typing,
//! Tab to a field, and waiting on a card file.

use super::game::{DEADLINE, LIVE_FRAMES, Live, spawn_live_with};
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
    let mut live = spawn_live_with(&xvfb.display, dir, &all, &report);
    live.focus(&xvfb.display);
    live.point(&xvfb.display, 5, 795);
    live
}

/// Presses keys one at a time, each once the game has taken the one before.
pub fn keys(live: &mut Live, display: &str, keys: &[&str]) {
    live.keys(display, keys);
}

/// Types `text` into the focused field (and waits until the game has taken it all).
pub fn type_text(live: &mut Live, display: &str, text: &str) {
    live.type_text(display, text);
}

/// Waits (at most [`DEADLINE`]) until `done` holds for the file's text.
pub fn wait_for(file: &Path, what: &str, done: impl Fn(&str) -> bool) -> String {
    let started = Instant::now();
    loop {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        if done(&text) {
            return text;
        }
        assert!(
            started.elapsed() < DEADLINE,
            "{what}: not within {DEADLINE:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
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
