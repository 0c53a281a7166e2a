//! Balance beside the card in the window: in the gallery's form, a Termina foe's HP
//! raised to 40 (not saved), Ctrl-B weighs the edited set against the saved one (2,000
//! planner runs each, on a thread of its own) and the panel under the large card shows
//! both win rates with their intervals, the change, and the card's kill rate and Health
//! cost; the tougher foe wins the traveller fewer runs. The file is never written.
//!
//! Needs `Xvfb`, Mesa's software GL and `xdotool` (`.ci/run` installs them).

use crate::common;
use crate::common::game::{CARDS, LIVE_ENV, LIVE_FRAMES, Live, focus, forget, says};
use crate::common::pixels::Scratch;
use crate::common::xvfb::Xvfb;
use std::path::Path;
use std::process::{Command, Stdio};

/// The percentage after `label` in the drawn lines: "Win rate, as saved: 36.3% (...)".
fn rate_after(words: &[String], label: &str) -> f64 {
    let line = words
        .iter()
        .find_map(|w| w.strip_prefix(label))
        .unwrap_or_else(|| panic!("no {label:?} drawn: {words:?}"));
    line.trim()
        .split('%')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no rate in {line:?}"))
}

/// Presses one key and waits until the game has taken it.
fn key(game: &mut Live, display: &str, k: &str) {
    game.key(display, k);
}

#[test]
fn ctrl_b_weighs_the_edited_card_beside_it() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let d = &xvfb.display;
    let scratch = Scratch::new("desk-balance");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let file = dir.join("domains/termina.json");
    let before = std::fs::read(&file).expect("read termina.json");
    let (set, _) = forward::cards::load::load_dir(&dir).expect("the copy loads");
    let termina = set.domain(set.domain_by_str("termina").expect("Termina"));
    let foe = termina
        .stations
        .iter()
        .map(|s| set.card(*s))
        .find(|c| c.card_type == forward::cards::model::StationType::Foe)
        .expect("a Termina foe");
    let (report, shot) = (scratch.path("layout.json"), scratch.path("never.png"));
    let (config, saves) = (scratch.path("config"), scratch.path("saves"));
    forget(&report);
    let child = Command::new(env!("CARGO_BIN_EXE_forward"))
        .arg("--cards")
        .arg(&dir)
        .args([
            "--gallery",
            "--gallery-domain",
            "termina",
            "--gallery-type",
            "foe",
        ])
        .args([
            "--size",
            "1280x800",
            "--frames",
            LIVE_FRAMES,
            "--layout-report",
        ])
        .arg(&report)
        .arg("--screenshot")
        .arg(&shot)
        .arg("--config")
        .arg(&config)
        .arg("--saves")
        .arg(&saves)
        .env(LIVE_ENV, "1")
        .env_remove("WAYLAND_DISPLAY")
        .env("DISPLAY", d)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start forward");
    let mut game = Live::new(child, &report);
    // With `--cards` the desk is in use: the gallery is the designer's desk.
    game.until("the gallery", |w| {
        says(w, "Card gallery") || says(w, "Designer's desk")
    });
    focus(d);
    // The pointer off the grid: a card under it would be the one shown.
    game.point(d, 5, 795);
    key(&mut game, d, "n");
    key(&mut game, d, "e");
    game.until("the form", |w| says(w, "Save (Ctrl-S)"));
    // Id, Name, Text, Flavour, Guide notes, Tags, then HP: emptied, 40 typed.
    for _ in 0..6 {
        key(&mut game, d, "Tab");
    }
    key(&mut game, d, "End");
    for _ in 0..3 {
        key(&mut game, d, "BackSpace");
    }
    game.type_text(d, "40");
    key(&mut game, d, "ctrl+b");
    let words = game.until("the balance figures", |w| {
        w.iter()
            .any(|l| l.starts_with("Win rate, with the form's card: "))
    });
    assert!(
        says(&words, "Balance: 2,000 planner runs each, same seeds"),
        "{words:?}"
    );
    assert!(
        says(&words, "the form's card (unsaved) against the set as saved"),
        "{words:?}"
    );
    let (saved, edited) = (
        rate_after(&words, "Win rate, as saved: "),
        rate_after(&words, "Win rate, with the form's card: "),
    );
    assert!(
        edited < saved,
        "a foe of 40 HP should win fewer runs: saved {saved}%, edited {edited}%"
    );
    // (A long line may be wrapped: its words are checked in order.)
    assert!(words.iter().any(|w| w.starts_with("Change -")), "{words:?}");
    assert!(says(&words, "worse for the traveller"), "{words:?}");
    assert!(
        words
            .iter()
            .any(|w| w.starts_with(&format!("{}: flipped 2000", foe.name))),
        "{words:?}"
    );
    assert!(
        words
            .iter()
            .any(|w| w.starts_with("Kill rate ") && w.contains(" → ")),
        "{words:?}"
    );
    assert!(
        words
            .iter()
            .any(|w| w.starts_with("Health cost ") && w.contains(" → ")),
        "{words:?}"
    );
    // Nothing was saved (a save comes in the frame that takes its key).
    assert_eq!(std::fs::read(&file).expect("read"), before);
}
